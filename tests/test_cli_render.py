"""``carcassonne-editor render``: exit codes, messages and the files it writes."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from editor.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = str(ROOT / "samples" / "first-steps.board.json")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    code, stdout, _ = run(capsys, "render", SAMPLE, "-o", str(out))
    assert code == 0 and str(out) in stdout
    assert out.read_bytes()[:8] == PNG_MAGIC


def test_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "board.SVG"
    assert run(capsys, "render", SAMPLE, "--output", str(out))[0] == 0
    assert ET.parse(out).getroot().tag.endswith("svg")


def test_scale_and_annotations_change_the_picture(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    full, small, plain = tmp_path / "full.png", tmp_path / "small.png", tmp_path / "plain.png"
    assert run(capsys, "render", SAMPLE, "-o", str(full))[0] == 0
    assert run(capsys, "render", SAMPLE, "-o", str(small), "--scale", "0.25")[0] == 0
    assert run(capsys, "render", SAMPLE, "-o", str(plain), "--no-annotations")[0] == 0
    assert small.stat().st_size < full.stat().st_size
    assert plain.read_bytes() != full.read_bytes()


@pytest.mark.parametrize(("args", "message"), [
    (["-o", "board.jpg"], "name it .png or .svg"),
    (["-o", "board.png", "--scale", "0"], "--scale must be a positive number"),
    (["-o", "board.png", "--scale", "400"], "too large"),
    (["-o", "no/such/folder/board.png"], "cannot write"),
])
def test_usage_and_write_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch, args: list[str],
                                       message: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "render", SAMPLE, *args)
    assert code == 2
    assert err.startswith("carcassonne-editor render: ") and message in err
    assert os.listdir(tmp_path) == []


def test_unreadable_board_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.board.json"
    broken.write_text("{", encoding="utf-8")
    for board in (str(broken), str(tmp_path / "missing.board.json")):
        code, _, err = run(capsys, "render", board, "-o", str(tmp_path / "out.png"))
        assert code == 2 and board in err
    assert not (tmp_path / "out.png").exists()


def test_runs_without_a_display(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out = tmp_path / "board.png"
    done = subprocess.run([sys.executable, "-m", "editor", "render", SAMPLE, "-o", str(out)],
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == PNG_MAGIC
