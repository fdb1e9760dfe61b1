"""``compare``: one position under several rulesets, side by side."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from editor.i18n import _, ngettext
from editor.plugins import default_host
from editor.rules.compare import Comparison, compare, default_rulesets
from editor.rules.notation import NotationError, parse_move
from editor.workspace import catalogue

from .common import (
    CommandError,
    add_format,
    add_rules,
    load,
    print_json,
    report_plugin_errors,
    rules_for,
    table,
)


def register(subparsers: Any) -> None:
    """Add the ``compare`` subcommand."""
    parser = subparsers.add_parser(
        "compare", help=_("score a board under several rulesets side by side"),
        description=_("Score one position under several rulesets, per player and per feature, "
        "and mark every difference with the rules that cause it. Default rulesets: every "
        "base edition paired with each expansion published for it (Traders & Builders, and "
        "those of installed plugins), C1 in each of its rules versions. With --move, compare "
        "the effect of one move instead of final scoring. Exit code: 0 compared, 2 the board "
        "cannot be read or --rules, --move or --player is wrong."))
    parser.add_argument("board", metavar="BOARD", help=_("a board file, or '-' for standard input"))
    add_rules(parser, many=True, default=_(
        "every base edition with each of its expansions (Traders & Builders, installed "
        "plugins'), C1 in each of its rules versions"))
    parser.add_argument("--move", metavar="MOVE",
                        help=_("a move such as 'E@0,-1:180+follower:city' (tile, cell, rotation "
                        "in degrees, optional figure on a segment)"))
    parser.add_argument("--player", type=int, default=None, metavar="N",
                        help=_("who makes the --move (default: the puzzle's player to move, "
                        "else the first player)"))
    add_format(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Compare and print."""
    try:
        position = load(args.board)
        rulesets = ([rules_for(position, spec) for spec in args.rules] if args.rules
                    else default_rulesets(default_host(), position.editions))
        move = None
        if args.move:
            player = args.player
            if player is None:
                player = int((position.puzzle or {}).get("to_move", 0))
            if not 0 <= player < len(position.board.players):
                raise CommandError(ngettext("--player {player}: the board has {n} player",
                                            "--player {player}: the board has {n} players",
                                            len(position.board.players)).format(
                    player=player, n=len(position.board.players)))
            sets = list(dict.fromkeys(t for r in rulesets for t in r.tilesets()))
            move = parse_move(args.move, player, catalogue(), sets)
        result = compare(position.board, rulesets, move)
    except (CommandError, NotationError) as exc:
        print(f"carcassonne-editor compare: {exc}", file=sys.stderr)
        return 2
    failed = report_plugin_errors(args.board, *rulesets)
    if args.format == "json":
        print_json(result.to_json())
    else:
        print(render(result))
    # a move no ruleset can play leaves nothing to compare
    return 1 if failed or (result.unplayable and all(result.unplayable)) else 0


def render(result: Comparison) -> str:
    """The comparison as text: totals, then every row, differences marked with '≠'."""
    what = (_("Compared: final scores") if result.mode == "final"
            else _("Compared: points from the move"))
    header = [_("ruleset"), *result.players]
    names = [_("{ruleset} (cannot be played)").format(ruleset=name) if why else name
             for name, why in zip(result.rulesets, result.unplayable, strict=True)]
    out = [what, "",
           table([[name, *t] for name, t in zip(names, result.totals, strict=True)],
                 header), ""]
    def scored(points: dict[int, int]) -> str:
        return ", ".join(f"{result.players[p]} {n}" for p, n in sorted(points.items())) or "-"

    width = max(map(len, result.rulesets))
    for row in result.rows:
        if not row.differs:
            out.append("= " + _("{row}: {points} under every ruleset").format(
                row=row.label, points=scored(row.points[0])))
            continue
        out.append(f"≠ {row.label}")
        for name, points, why in zip(result.rulesets, row.points, row.why, strict=True):
            out.append(f"    {name:<{width}}  {scored(points)}")
            out.extend(f"        {w}" for w in why)
    for name, notes in zip(result.rulesets, result.notes, strict=True):
        out.extend(f"  [{name}] {n}" for n in notes)
    return "\n".join(out)
