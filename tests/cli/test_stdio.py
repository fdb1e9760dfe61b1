"""``-`` for standard input and output (#14.3)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "first-steps.board.json"
JCZ = ROOT / "tests" / "jcz" / "data"


def feed(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_validate_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    feed(monkeypatch, SAMPLE.read_bytes())
    assert main(["validate", "-"]) == 0
    assert capsys.readouterr().out == "1 file valid\n"


def test_findings_name_standard_input(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["tiles"][0]["rotation"] = 45
    feed(monkeypatch, json.dumps(data).encode())
    assert main(["validate", "-"]) == 1
    assert capsys.readouterr().out.startswith("<stdin>::$.tiles[0].rotation: 45 is not one of")


def test_standard_input_only_once(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    feed(monkeypatch, SAMPLE.read_bytes())
    assert main(["validate", "-", "-"]) == 2
    assert "'-' (standard input) can be given only once" in capsys.readouterr().err


def test_score_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(SAMPLE), "--format", "json"]) == 0
    from_file = json.loads(capsys.readouterr().out)
    feed(monkeypatch, SAMPLE.read_bytes())
    assert main(["score", "-", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == from_file


def test_an_empty_standard_input_is_reported(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    feed(monkeypatch, b"")
    assert main(["score", "-"]) == 2
    assert "<stdin>::$: not valid JSON" in capsys.readouterr().err


def test_render_svg_to_standard_output(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "editor", "render", str(SAMPLE), "-o", "-"],
                          cwd=ROOT, capture_output=True, timeout=120, check=False,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.lstrip().startswith(b"<?xml") and b"<svg" in done.stdout
    assert done.stdout.rstrip().endswith(b"</svg>")
    assert not list(tmp_path.iterdir())


def test_render_reads_standard_input_and_writes_a_file(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    feed(monkeypatch, SAMPLE.read_bytes())
    out = tmp_path / "board.svg"
    assert main(["render", "-", "-o", str(out)]) == 0
    assert "<svg" in out.read_text(encoding="utf-8")


def test_import_jcz_writes_the_board_to_standard_output(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "tiny.board.json"
    assert main(["import-jcz", str(JCZ / "tiny-city.jcz"), "-o", str(target)]) == 0
    capsys.readouterr()
    assert main(["import-jcz", str(JCZ / "tiny-city.jcz"), "-o", "-"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == json.loads(target.read_text(encoding="utf-8"))
    assert "wrote <stdout>: 4 tiles, 3 moves" in err


@pytest.mark.parametrize(("command", "source"), [("import-jcz", JCZ / "tiny-city.jcz"),
                                                  ("export-jcz", SAMPLE)])
def test_json_report_and_output_cannot_share_stdout(
        command: str, source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, str(source), "-o", "-", "--format", "json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"carcassonne-editor {command}: -o - and --format json both write" in err


def test_import_jcz_and_replay_read_standard_input(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    save = (JCZ / "tiny-city.jcz").read_bytes()
    feed(monkeypatch, save)
    assert main(["replay", "-", "--check"]) == 0
    assert "PASS" in capsys.readouterr().out
    feed(monkeypatch, save)
    assert main(["import-jcz", "-", "-o", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"]


@pytest.mark.parametrize("argv", [
    ["compare", "-"], ["solve", "-"], ["check", "-"], ["scenario", "-", "--remaining"],
    ["replay", "-"], ["validate", "-"], ["score", "-", "--final"],
])
def test_every_board_command_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str],
                                                  argv: list[str]) -> None:
    puzzle = ROOT / "samples" / "puzzles" / "c3-close-the-gate.board.json"
    expected = main([*[puzzle.as_posix() if a == "-" else a for a in argv], "--format", "json"])
    from_file = json.loads(capsys.readouterr().out)
    feed(monkeypatch, puzzle.read_bytes())
    assert main([*argv, "--format", "json"]) == expected
    from_stdin = json.loads(capsys.readouterr().out)
    if "files" in from_stdin:  # validate names the file
        assert from_stdin["files"][0]["file"] == "<stdin>"
        from_stdin["files"][0]["file"] = from_file["files"][0]["file"]
    assert from_stdin == from_file
