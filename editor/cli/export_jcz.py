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
from editor.i18n import _, ngettext
from editor.jcz.export import Export, export_position, save_jcz
from editor.plugins import default_host
from editor.workspace import catalogue

from .common import CommandError, add_format, load, output_clash
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
    if output_clash(args, PROG):
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
        start = len(result.save["setup"]["start"])
        players = len(result.save["players"])
        drawn = len(result.save["gameAnnotations"]["drawOrder"])
        summary = _("wrote {file}: {start}, {moves}, {players}, {draw}").format(
            file=source_name(args.output, STDOUT_NAME),
            start=ngettext("{n} start tile", "{n} start tiles", start).format(n=start),
            moves=ngettext("{n} move", "{n} moves", moves).format(n=moves),
            players=ngettext("{n} player", "{n} players", players).format(n=players),
            draw=ngettext("draw order of {n} tile", "draw order of {n} tiles", drawn).format(
                n=drawn))
    return finish(args, {"board": args.board}, result.findings, code, summary, lambda n: ngettext(
        "{prog}: JCloisterZone cannot express {n} thing in this board: nothing written",
        "{prog}: JCloisterZone cannot express {n} things in this board: nothing written",
        n).format(prog=PROG, n=n))
