"""Progress bars on stderr, only for a person at a tty (#14.8)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from editor.cli import main, progress
from editor.formats.tilesets import builtin_tileset_paths

FILES = [str(p) for p in builtin_tileset_paths()]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> tuple[Terminal, Terminal]:
    """stdout and stderr as terminals (in the test itself: pytest's capture replaces them
    again after the fixtures)."""
    out, err = Terminal(), Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(progress, "DELAY", 0)
    monkeypatch.delenv("CARCASSONNE_EDITOR_PROGRESS", raising=False)
    return out, err


def test_validate_shows_a_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = at_a_terminal(monkeypatch)
    assert main(["validate", *FILES]) == 0
    assert out.getvalue() == f"{len(FILES)} files valid\n"
    drawn = err.getvalue()
    assert "reading" in drawn and f"/{len(FILES)}" in drawn and "files" in drawn


def test_no_bar_in_json(monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = at_a_terminal(monkeypatch)
    assert main(["validate", *FILES, "--format", "json"]) == 0
    assert err.getvalue() == ""
    assert out.getvalue().startswith("{")


def test_no_bar_when_stdout_is_piped(monkeypatch: pytest.MonkeyPatch) -> None:
    _, err = at_a_terminal(monkeypatch)
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stdout", piped)
    assert main(["validate", *FILES]) == 0
    assert err.getvalue() == ""
    assert piped.getvalue() == f"{len(FILES)} files valid\n"


def test_no_bar_when_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    _, err = at_a_terminal(monkeypatch)
    monkeypatch.setenv("CARCASSONNE_EDITOR_PROGRESS", "0")
    assert main(["validate", *FILES]) == 0
    assert err.getvalue() == ""


def test_track_yields_every_item_once(monkeypatch: pytest.MonkeyPatch) -> None:
    _, err = at_a_terminal(monkeypatch)
    assert list(progress.track(iter(range(5)), "counting", total=5)) == [0, 1, 2, 3, 4]
    assert "counting" in err.getvalue() and "/5" in err.getvalue()


def test_track_stops_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    at_a_terminal(monkeypatch)
    items = progress.track(range(10), "reading", total=10)
    assert next(items) == 0
    items.close()  # the bar is closed, nothing is left half drawn
    assert list(progress.track([], "nothing")) == []


def test_replay_shows_a_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = at_a_terminal(monkeypatch)
    save = Path(__file__).resolve().parents[1] / "jcz" / "data" / "base-game.jcz"
    assert main(["replay", str(save)]) == 0
    assert "replaying" in err.getvalue() and "moves" in err.getvalue()
    assert "replaying" not in out.getvalue() and "Final scores:" in out.getvalue()


def test_counter_without_a_terminal_draws_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with progress.counter("counting", 3) as done:
        for n in range(3):
            done(n)
    assert capsys.readouterr().err == ""
