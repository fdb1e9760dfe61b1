"""The ``carcassonne-editor`` command line.

Each subcommand lives in a module of this package exposing ``register(subparsers)``;
its handler returns the exit code: 0 ok, 1 findings, 2 usage or load error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from editor import __version__

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS = ("gui", "validate", "tilesets", "score", "compare", "solve", "check", "scenario",
            "render", "plugins", "import_jcz", "export_jcz", "replay")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="carcassonne-editor",
        description="Build, annotate, score and compare Carcassonne positions. "
        "With no command, opens the desktop editor.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"editor.cli.{name}").register(sub)
    parser.set_defaults(commands=frozenset(sub.choices))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Without a command (``carcassonne-editor`` or ``carcassonne-editor board.json``) it is
    ``gui``: files alone open in the desktop editor.
    """
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    commands = parser.get_default("commands")
    if not words or (words[0] not in commands and not words[0].startswith("-")):
        words.insert(0, "gui")
    args = parser.parse_args(words)
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        return 130
