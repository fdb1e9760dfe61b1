"""The command line's entry: no command means the desktop editor, with any files given."""

from __future__ import annotations

import subprocess
import sys

import pytest

from editor import cli


@pytest.fixture
def opened(monkeypatch):
    calls = []
    monkeypatch.setattr("editor.qt.app.main", lambda files, lang=None: calls.append(files) or 0)
    return calls


@pytest.mark.parametrize(("argv", "files"), [
    ([], []),
    (["gui"], []),
    (["samples/first-steps.board.json"], ["samples/first-steps.board.json"]),
    (["samples/first-steps.board.json", "tests/jcz/data/tiny-city.jcz"],
     ["samples/first-steps.board.json", "tests/jcz/data/tiny-city.jcz"]),
    (["gui", "tilesets/base-c1.json"], ["tilesets/base-c1.json"]),
])
def test_files_without_a_command_open_the_editor(opened, argv, files):
    assert cli.main(argv) == 0
    assert opened == [files]


def test_a_command_is_not_taken_for_a_file(opened, capsys):
    assert cli.main(["tilesets"]) == 0
    assert opened == []
    assert "base-c1" in capsys.readouterr().out


def test_help_lists_every_command():
    result = subprocess.run([sys.executable, "-m", "editor", "--help"], capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0
    for command in ("gui", "validate", "tilesets", "score", "compare", "solve", "check",
                    "scenario", "render", "import-jcz", "replay", "plugins"):
        assert command in result.stdout
