"""Saving never loses data (#11.9, #11.12, #11.13): through symbolic links, no stale
temporary files, read-only files refused; a save killed at any moment leaves the old or the
new file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.formats import atomic
from editor.formats.atomic import ReadOnlyFileError, remove_stale_temporaries, write_atomic
from editor.formats.jsonio import read_json, write_json_atomic
from editor.resources import data_dir

JCZ = Path(__file__).parents[1] / "jcz" / "data" / "base-game.jcz"
ROOT = Path(__file__).parents[2]


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_saving_through_a_link_replaces_the_target(tmp_path: Path) -> None:
    target = tmp_path / "real" / "board.json"
    target.parent.mkdir()
    target.write_text('{"old": true}', encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_json_atomic(link, {"new": True})
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert read_json(target)[0] == {"new": True}
    assert temporaries(tmp_path) == temporaries(target.parent) == []


def test_a_link_to_a_link_and_a_dangling_link(tmp_path: Path) -> None:
    target = tmp_path / "board.json"
    first = tmp_path / "first.json"
    second = tmp_path / "second.json"
    first.symlink_to(target)  # dangling: the save creates the target
    second.symlink_to(first)
    write_json_atomic(second, {"n": 1})
    assert second.is_symlink() and first.is_symlink() and read_json(target)[0] == {"n": 1}


def test_import_jcz_and_render_write_through_links(tmp_path: Path, capsys: Any) -> None:
    for name, argv in (("board.json", ["import-jcz", str(JCZ)]),
                       ("picture.svg", ["render", str(data_dir("samples") /
                                                      "first-steps.board.json")])):
        target = tmp_path / f"real-{name}"
        target.write_text("old", encoding="utf-8")
        link = tmp_path / name
        link.symlink_to(target)
        assert main([*argv, "-o", str(link)]) == 0
        assert link.is_symlink() and target.read_text(encoding="utf-8") != "old"


def test_a_read_only_file_is_not_overwritten_without_asking(tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_text('{"old": true}', encoding="utf-8")
    path.chmod(0o444)
    with pytest.raises(ReadOnlyFileError) as raised:
        write_json_atomic(path, {"new": True})
    assert isinstance(raised.value, PermissionError) and raised.value.path == str(path)
    assert f"{path} is read-only: not overwritten" in str(raised.value)
    assert read_json(path)[0] == {"old": True} and temporaries(tmp_path) == []
    write_json_atomic(path, {"new": True}, read_only_ok=True)  # the person said yes
    assert read_json(path)[0] == {"new": True}
    assert path.stat().st_mode & 0o777 == 0o444  # still read-only


def test_the_command_line_says_so_and_exits_2(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "board.json"
    out.write_text("{}", encoding="utf-8")
    out.chmod(0o444)
    assert main(["import-jcz", str(JCZ), "-o", str(out)]) == 2
    assert f"{out} is read-only: not overwritten (make it writable, or write to another " \
           "file)" in capsys.readouterr().err
    picture = tmp_path / "board.png"
    picture.write_bytes(b"old")
    picture.chmod(0o444)
    board = str(data_dir("samples") / "first-steps.board.json")
    assert main(["render", board, "-o", str(picture)]) == 2
    assert f"{picture} is read-only" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "{}" and picture.read_bytes() == b"old"


def test_stale_temporaries_of_earlier_saves_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    stale = tmp_path / f".board.json.{dead.stdout.strip()}.abc12345.tmp"
    stale.write_text("half a save", encoding="utf-8")
    old = tmp_path / f".board.json.{os.getppid()}.old99999.tmp"  # a live process, but old
    unnamed_old = tmp_path / ".board.json.x1y2z3w4.tmp"  # before processes were named
    unnamed_new = tmp_path / ".board.json.a1b2c3d4.tmp"
    for made in (old, unnamed_old, unnamed_new):
        made.write_text("x", encoding="utf-8")
    for aged in (old, unnamed_old):
        os.utime(aged, (time.time() - 2 * atomic.STALE_SECONDS,) * 2)
    running = tmp_path / f".board.json.{os.getppid()}.live0123.tmp"  # maybe saving now
    running.write_text("x", encoding="utf-8")
    other = tmp_path / ".other.json.1.abcdefgh.tmp"  # another file's
    other.write_text("x", encoding="utf-8")
    write_json_atomic(path, {"n": 1})
    assert temporaries(tmp_path) == sorted([running.name, unnamed_new.name, other.name])
    assert remove_stale_temporaries(path) == []


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(b"old")

    def fail(tmp: str) -> None:
        Path(tmp).write_bytes(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, fail)
    assert path.read_bytes() == b"old" and temporaries(tmp_path) == []


#: Saves two large boards in turn, as fast as it can: written once by the JSON writer, then
#: (so that most of the time is spent in the write window) as the text it made.
SAVER = textwrap.dedent("""
    import sys
    from editor.formats.atomic import write_text_atomic
    from editor.formats.jsonio import dumps, write_json_atomic

    path, n = sys.argv[1], 0
    boards = [{"format": 1, "generation": g, "tiles": [
        {"tile": "base-c2/D", "x": i, "y": -i, "rotation": 90 * (i % 4)}
        for i in range(6000)]} for g in (0, 1)]
    for board in boards:
        write_json_atomic(path, board)
    texts = [dumps(board) for board in boards]
    print("ready", flush=True)
    while True:
        write_text_atomic(path, texts[n % 2])
        n += 1
""")


def test_a_save_killed_at_any_moment_leaves_the_old_or_the_new_file(tmp_path: Path) -> None:
    path = tmp_path / "large.board.json"
    write_json_atomic(path, {"format": 1, "generation": -1, "tiles": []})
    rng = random.Random(11)
    seen, interrupted = set(), 0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(12):
        child = subprocess.Popen([sys.executable, "-c", SAVER, str(path)], env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.3))
        child.send_signal(signal.SIGKILL)
        child.wait()
        interrupted += bool(temporaries(tmp_path))
        data, findings = read_json(path)
        assert findings == [] and data["generation"] in (-1, 0, 1)
        assert len(data["tiles"]) in (0, 6000)
        seen.add(data["generation"])
    assert seen == {0, 1}  # the children did save before they were killed
    assert interrupted  # some in the middle of a save
    write_json_atomic(path, {"format": 1, "generation": 2, "tiles": []})
    assert temporaries(tmp_path) == []
    assert read_json(path)[0]["generation"] == 2
