"""``export-jcz``: a board as a JCloisterZone 5.x saved game (docs: README, *JCloisterZone
saves*; :mod:`editor.jcz.export`).

Exit codes: 0 written (warnings name what JCloisterZone plays differently); 1 the board
holds what JCloisterZone cannot express, every reason listed, nothing written; 2 the board
cannot be read or the save cannot be written.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from editor.formats.jsonio import STDIN, STDOUT_NAME, dumps, source_name
from editor.i18n import _
from editor.jcz.export import Export, export_position, save_jcz
from editor.plugins import default_host
from editor.workspace import catalogue

from .common import CommandError, add_format, load
from .import_jcz import finish

PROG = "carcassonne-editor export-jcz"


def register(subparsers: Any) -> None:
    """Add the ``export-jcz`` subcommand."""
    parser = subparsers.add_parser(
        "export-jcz", help=_("write a board as a JCloisterZone save"),
        description=_("Write a board as a JCloisterZone 5.x saved game (.jcz) that "
        "JCloisterZone loads and replays: the set-up mapped back from the ruleset, the start "
        "tiles, the players, the move log as replay messages, and a puzzle's hand as the draw "
        "order. A board without a move log gets one that keeps every placement legal. Exit "
        "codes: 0 written, 1 the board holds what JCloisterZone cannot express (every reason "
        "listed; nothing written), 2 unreadable board or unwritable save."))
    parser.add_argument("board", metavar="BOARD", help=_("a board file, or '-' for standard "
                        "input"))
    parser.add_argument("-o", "--output", metavar="SAVE.jcz", required=True,
                        help=_("the save to write, or '-' for standard output"))
    add_format(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Export and report."""
    if args.output == STDIN and args.format == "json":
        print(f"{PROG}: -o - and --format json both write to standard output: choose one",
              file=sys.stderr)
        return 2
    host = default_host()
    try:
        position = load(args.board)
    except CommandError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if args.output == STDIN:
        result = export_position(position, catalogue(host), host, args.board)
        if result.save is not None:
            sys.stdout.write(dumps(result.save))
    else:
        result = save_jcz(position, args.output, catalogue(host), host, args.board)
    code = 0 if result.save is not None else \
        2 if any(f.code == "unwritable" for f in result.findings) else 1
    return _report(args, result, code)


def _report(args: argparse.Namespace, result: Export, code: int) -> int:
    summary = ""
    if code == 0 and result.save is not None:
        moves = sum(1 for m in result.save["replay"] if m["type"] == "PLACE_TILE")
        summary = (f"wrote {source_name(args.output, STDOUT_NAME)}: "
                   f"{len(result.save['setup']['start'])} start "
                   f"tiles, {moves} moves, {len(result.save['players'])} players, draw order "
                   f"of {len(result.save['gameAnnotations']['drawOrder'])} tiles")
    return finish(args, {"board": args.board}, result.findings, code, summary,
                  f"{PROG}: JCloisterZone cannot express {{n}} thing{{s}} in this board: "
                  "nothing written")
