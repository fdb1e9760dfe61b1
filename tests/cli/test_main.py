"""The command line's entry: unknown words, closed pipes, internal errors and their log,
``--verbose`` (#14.1, #14.2, #11.19)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor import cli
from editor.cli import diagnostics

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "first-steps.board.json")
PUZZLE = str(ROOT / "samples" / "puzzles" / "c3-close-the-gate.board.json")


def python_m_editor(*argv: str, env: dict[str, str] | None = None,
                    **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "editor", *argv], cwd=ROOT, text=True,
                          capture_output=True, timeout=120, check=False,
                          env={**os.environ, **(env or {})}, **kwargs)  # type: ignore[call-overload]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    calls: list[list[str]] = []
    monkeypatch.setattr("editor.qt.app.main", lambda files, lang=None: calls.append(files) or 0)
    return calls


# --- #14.2: a mistyped command is a usage error, never the GUI ------------------------


@pytest.mark.parametrize(("word", "hint"), [
    ("scor", "did you mean 'score'?"),
    ("valdiate", "did you mean 'validate'?"),
    ("plugin", "did you mean 'plugins'?"),
    ("nope.board.json", ""),
])
def test_an_unknown_word_is_a_usage_error(opened: list[list[str]],
                                          capsys: pytest.CaptureFixture[str], word: str,
                                          hint: str) -> None:
    assert cli.main([word, SAMPLE]) == 2
    err = capsys.readouterr().err
    assert f"'{word}' is neither a command nor an existing file" in err
    assert hint in err
    assert "commands: gui, validate, tilesets, score" in err
    assert opened == []


def test_an_existing_file_opens_the_editor(opened: list[list[str]]) -> None:
    assert cli.main([SAMPLE]) == 0
    assert cli.main(["-v", SAMPLE]) == 0
    assert opened == [[SAMPLE], [SAMPLE]]


def test_a_mistyped_command_without_a_display_does_not_abort() -> None:
    done = python_m_editor("scor", SAMPLE, env={"QT_QPA_PLATFORM": "xcb", "DISPLAY": ""})
    assert done.returncode == 2
    assert "did you mean 'score'?" in done.stderr


# --- #14.1: a closed pipe ends quietly -------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["score", SAMPLE],
    ["score", SAMPLE, "--format", "json"],
    ["compare", SAMPLE, "--format", "json"],
    ["scenario", PUZZLE, "--remaining"],
])
def test_a_reader_that_stops_early_gets_no_traceback(argv: list[str]) -> None:
    child = subprocess.Popen([sys.executable, "-m", "editor", *argv], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # like `| head -0`: the reader is gone before the first line
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == cli.EXIT_PIPE
    assert err == ""


def test_a_closed_pipe_in_process(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Closed())
    assert cli.main(["tilesets"]) == cli.EXIT_PIPE
    assert capsys.readouterr().err == ""


# --- #11.19: internal errors exit 3, with a log ----------------------------------------


@pytest.fixture
def crashing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """``tilesets`` raising a bug; the log file it must name."""
    log = tmp_path / "logs" / "editor.log"
    monkeypatch.setenv("CARCASSONNE_EDITOR_LOG", str(log))

    def broken(args: object) -> int:
        return 1 // 0

    monkeypatch.setattr("editor.cli.tilesets.run", broken)
    return log


def test_an_internal_error_exits_3_with_one_line_naming_the_log(
        crashing: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tilesets"]) == cli.EXIT_INTERNAL == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("carcassonne-editor: internal error (ZeroDivisionError: integer "
                          "division or modulo by zero): this is a bug; ")
    assert f"the details are in {crashing};" in err
    assert "Traceback" not in err
    logged = crashing.read_text(encoding="utf-8")
    assert "command line: carcassonne-editor tilesets" in logged
    assert "Traceback (most recent call last)" in logged and "1 // 0" in logged


def test_verbose_shows_the_traceback(crashing: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tilesets", "--verbose"]) == 3
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "ZeroDivisionError" in err
    assert err.splitlines()[-1].endswith("the traceback is above")


def test_the_log_grows_and_is_rotated(crashing: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(diagnostics, "LOG_LIMIT", 10)
    cli.main(["tilesets"])
    cli.main(["tilesets"])
    capsys.readouterr()
    assert crashing.with_name("editor.log.1").is_file()
    assert crashing.read_text(encoding="utf-8").count("internal error in") == 1


def test_an_unwritable_log_is_said(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("CARCASSONNE_EDITOR_LOG", str(blocker / "sub" / "editor.log"))
    monkeypatch.setattr("editor.cli.tilesets.run", lambda args: [][1])
    assert cli.main(["tilesets"]) == 3
    err = capsys.readouterr().err
    assert "internal error (IndexError: list index out of range)" in err
    assert "no log could be written (" in err and "--verbose shows the traceback" in err


def test_the_log_is_in_the_users_log_folder(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    monkeypatch.delenv("CARCASSONNE_EDITOR_LOG")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert diagnostics.log_path() == (tmp_path / "carcassonne-editor" / "log"
                                          / "carcassonne-editor.log")
    assert diagnostics.log_path().name == "carcassonne-editor.log"


def test_a_crash_as_a_process_prints_no_traceback(tmp_path: Path) -> None:
    code = ("import sys, editor.cli.tilesets as t; t.run = lambda a: {}['x']; "
            "from editor.cli import main; sys.exit(main(['tilesets']))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False,
                          env={**os.environ, "CARCASSONNE_EDITOR_LOG": str(tmp_path / "l")})
    assert done.returncode == 3
    assert "Traceback" not in done.stderr and "KeyError: 'x'" in done.stderr
    assert "Traceback" in (tmp_path / "l").read_text(encoding="utf-8")


def test_verbose_logs_what_the_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", SAMPLE, "--verbose"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert any(line.startswith("carcassonne-editor: debug: command score") for line in err)
    assert any("board" in line and "schema" in line for line in err)
    assert cli.main(["score", SAMPLE]) == 0
    assert "debug" not in capsys.readouterr().err


def test_help_states_the_exit_codes() -> None:
    done = python_m_editor("--help")
    assert done.returncode == 0
    assert "3 an internal error" in done.stdout
    assert "-v, --verbose" in done.stdout


def test_an_exception_in_a_qt_slot_is_logged_and_exits_3(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "editor.log"
    monkeypatch.setenv("CARCASSONNE_EDITOR_LOG", str(log))

    def editor_session(files: list[str], lang: str | None = None) -> int:
        try:  # what PySide6 does with an exception raised in a slot: report it, go on
            raise RuntimeError("a slot failed")
        except RuntimeError as exc:
            sys.excepthook(type(exc), exc, exc.__traceback__)
        return 0

    monkeypatch.setattr("editor.qt.app.main", editor_session)
    hook = sys.excepthook
    assert cli.main(["gui"]) == 3
    assert sys.excepthook is hook
    err = capsys.readouterr().err
    assert err.startswith("carcassonne-editor: internal error (RuntimeError: a slot failed)")
    assert "Traceback" not in err and "a slot failed" in log.read_text(encoding="utf-8")
