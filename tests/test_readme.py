"""The README's first screen: the commands it promises are the ones CI runs."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def first_screen() -> str:
    return "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:30])


def test_first_screen_has_both_commands():
    text = first_screen()
    assert ".venv/bin/pip install -e . && .venv/bin/carcassonne-editor samples/" in text
    assert (".venv/bin/pip install -e '.[test]' -e contrib/inns-cathedrals && "
            ".venv/bin/python -m pytest") in text
    assert (ROOT / "samples" / "first-steps.board.json").is_file()


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    install = "pip install -e '.[test]' -e contrib/inns-cathedrals"
    command = first_screen().split(f"{install} && ")[1].split("\n")[0]
    assert ci[-1] == command
    assert ".venv/bin/pip install --quiet -e '.[test]' -e contrib/inns-cathedrals" in ci


def test_ci_runs_the_slow_tests_the_readme_names():
    """The slow tests are left out of the default run; the README says how to run them and
    CI runs them with that command."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ".venv/bin/python -m pytest -m slow" in ci
    assert "\n.venv/bin/python -m pytest -m slow " in readme
