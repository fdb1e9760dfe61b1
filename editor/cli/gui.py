"""``gui`` (the default): open the desktop editor."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``gui`` subcommand."""
    parser = subparsers.add_parser(
        "gui", help="open the desktop editor (the default)",
        description="Open the desktop editor. With no file it reopens the last session's "
        "files, or the sample position on first start.")
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="board files (.json) or tile sets to open")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Start Qt only now, so that the other commands never need a display."""
    from editor.qt.app import main

    return main(args.files)
