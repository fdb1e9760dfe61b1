"""The help and the README agree with the parser (#14.5)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from editor.cli import COMMANDS, build_parser

ROOT = Path(__file__).resolve().parents[2]
GLOBAL = {"-h", "--help", "-v", "--verbose", "--lang"}


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def synopses() -> list[str]:
    """Every ``carcassonne-editor …`` line of the README's code blocks (not sessions)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = []
    for block in re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S):
        if block[0] in ("", "text"):
            lines += [ln for ln in block[1].splitlines() if ln.startswith("carcassonne-editor ")]
    return lines


def read(line: str) -> tuple[str, set[str], set[str]]:
    """A synopsis line as (command, options, positional metavars)."""
    words = line.split("  ")[0].split()[1:]  # drop the comment column
    command = words[0].strip("[]")
    options: set[str] = set()
    positionals: set[str] = set()
    after_option = False
    for word in words[1:]:
        for piece in word.strip("[]").split("|"):
            piece = piece.strip("[]")
            if piece.startswith("-") and piece != "-":
                options.add(piece)
                after_option = True
                continue
            if not after_option and piece not in ("...", ""):
                positionals.add(piece.removesuffix("..."))
        if not word.startswith("-") and not word.startswith("[-"):
            after_option = False
    return command, options, positionals


def test_every_command_has_a_synopsis() -> None:
    assert {read(line)[0] for line in synopses()} == set(COMMANDS)


@pytest.mark.parametrize("line", synopses())
def test_the_synopsis_matches_the_parser(line: str) -> None:
    command, options, positionals = read(line)
    sub = subparsers()[command]
    wanted = {a for a in sub._actions if a.option_strings and not set(a.option_strings) & GLOBAL}
    named = {a for a in wanted if set(a.option_strings) & options}
    assert named == wanted, f"missing: {[a.option_strings for a in wanted - named]}"
    known = {s for a in sub._actions for s in a.option_strings}
    assert options <= known, f"unknown: {options - known}"
    given = [a for a in sub._actions
             if not a.option_strings and not isinstance(a, argparse._SubParsersAction)]
    metavars = {a.metavar or a.dest for a in given if not a.choices}
    choices = {str(c) for a in given for c in a.choices or ()}
    assert {p for p in positionals if p in metavars or p.isupper()} == metavars
    assert choices <= positionals


@pytest.mark.parametrize("name", [c for c in COMMANDS if c != "gui"])
def test_every_command_states_its_exit_codes(name: str) -> None:
    assert re.search(r"Exit codes?: 0", subparsers()[name].description or ""), name


def test_compare_says_what_its_rules_default_to() -> None:
    rules = next(a for a in subparsers()["compare"]._actions if a.dest == "rules")
    assert "default: every base edition" in (rules.help or "")
    assert "the board's own ruleset" not in (rules.help or "")
    score_rules = next(a for a in subparsers()["score"]._actions if a.dest == "rules")
    assert "default: the board's own ruleset" in (score_rules.help or "")


def test_the_readme_lists_every_exit_code() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Command line"):text.index("## File formats")]
    for code in ("**0** ok", "**1** findings", "**2** a\nfile could not be read",
                 "**3** an internal error"):
        assert code in section
