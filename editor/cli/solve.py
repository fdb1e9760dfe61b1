"""``solve``: every legal move for the puzzle's tiles in hand, ranked by its objective."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from editor.formats.jsonio import source_name
from editor.i18n import _, ngettext
from editor.puzzles import Puzzle, PuzzleError, Ranked, Solver, Stopped
from editor.rules.notation import format_move
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
from .progress import add_time_limit, work_bar


def register(subparsers: Any) -> None:
    """Add the ``solve`` subcommand."""
    parser = subparsers.add_parser(
        "solve", help=_("rank every move for a puzzle's tiles in hand"),
        description=_("Enumerate every legal move for the puzzle's tile in hand (cell × "
        "distinct rotation × figure option, builder and pig included), evaluate the "
        "objective and rank the moves. The hand lists the tiles the player to move places: "
        "this turn's tile, then a builder's extra tile or the tile of their next turn (the "
        "opponents' turns between are not played); with several tiles each move is ranked "
        "by its best line. Exit code: 0 ranked, 1 no legal move or none meets the "
        "objective, or the time limit stopped the search (the moves searched completely are "
        "listed), 2 the board cannot be read or has no usable puzzle."))
    parser.add_argument("board", metavar="BOARD", help=_("a board file with a puzzle block"))
    parser.add_argument("--top", type=int, default=10, metavar="N",
                        help=_("how many moves to list (default 10; 0 lists all)"))
    add_rules(parser)
    add_time_limit(parser)
    add_format(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Solve and print the ranking."""
    try:
        position = load(args.board)
        if position.puzzle is None:
            raise CommandError(_("{file} has no puzzle block").format(file=args.board))
        rules = rules_for(position, args.rules, args.board)
        puzzle = Puzzle.from_dict(position.puzzle)
        stopped: Stopped | None = None
        with work_bar(args, "solving") as progress:
            solver = Solver.for_position(position, rules, catalogue(), puzzle, progress)
            try:
                ranking = solver.rank()
            except Stopped as exc:
                stopped, ranking = exc, exc.partial
    except CommandError as exc:
        print(f"carcassonne-editor solve: {exc}", file=sys.stderr)
        return 2
    except PuzzleError as exc:  # the board's puzzle block
        print(f"carcassonne-editor solve: {source_name(args.board)}: {exc}", file=sys.stderr)
        return 2
    failed = report_plugin_errors(args.board, rules)
    ahead = solver.horizon < len(solver.hand)
    if stopped is not None:
        if ahead:
            line = ngettext("{file}: {reason}; the ranking lists the {n} first move looking "
                            "{horizon} of {tiles} tiles ahead",
                            "{file}: {reason}; the ranking lists the {n} first moves looking "
                            "{horizon} of {tiles} tiles ahead", len(ranking))
        else:
            line = ngettext("{file}: {reason}; the ranking lists the {n} first move searched "
                            "completely",
                            "{file}: {reason}; the ranking lists the {n} first moves searched "
                            "completely", len(ranking))
        text = line.format(file=source_name(args.board), reason=stopped, n=len(ranking),
                           horizon=solver.horizon, tiles=len(solver.hand))
        print(f"carcassonne-editor solve: {text}", file=sys.stderr)
    names = [p.name for p in position.board.players]
    objective = puzzle.objective.describe(names, puzzle.to_move, position.board)
    shown = ranking[:args.top] if args.top > 0 else ranking
    if args.format == "json":
        print_json({"title": puzzle.title or position.title, "ruleset": rules.name,
                    "objective": objective, "hand": puzzle.hand, "considered": len(ranking),
                    "complete": stopped is None, "proven": solver.proven,
                    "horizon": solver.horizon, "moves": [entry(r) for r in shown]})
    else:
        print(render(puzzle.title or position.title, rules.name, objective, puzzle.hand,
                     ranking, shown, stopped, solver.horizon if ahead else None))
    solved = bool(ranking) and (not solver.goal.binary or bool(ranking[0].outcome.success))
    if not solved and stopped is None:
        why = _("no move meets the objective") if ranking else _("no legal move")
        print(f"carcassonne-editor solve: {args.board}: {why}", file=sys.stderr)
    return 0 if solved and stopped is None and not failed else 1


def entry(r: Ranked) -> dict[str, object]:
    """One ranked move as plain data."""
    return {"rank": r.rank, "move": format_move(r.move),
            "line": [format_move(m) for m in r.line], "outcome": r.outcome.to_json()}


def render(title: str, ruleset: str, objective: str, hand: list[str], ranking: list[Ranked],
           shown: list[Ranked], stopped: Stopped | None = None,
           horizon: int | None = None) -> str:
    """The ranking as text (a partial one when the search was ``stopped``: among the moves
    searched, or of every first move looking ``horizon`` tiles ahead)."""
    out = [_("Puzzle: {title}").format(title=title)] if title else []
    out += [_("Ruleset: {ruleset}").format(ruleset=ruleset),
            _("Objective: {objective}").format(objective=objective),
            _("Hand: {tiles}").format(tiles=", ".join(hand)), ""]
    if stopped is not None and horizon is not None:
        out.insert(-1, _("Not proven: {reason}; every first move ranked looking {horizon} of "
                         "{n} tiles ahead (the best answer so far)").format(
                             reason=stopped, horizon=horizon, n=len(hand)))
    elif stopped is not None:
        out.insert(-1, _("Incomplete: {reason}; ranks are among the moves searched").format(
            reason=stopped))
        if not ranking:
            return "\n".join([*out, _("no first move was searched completely")])
    if not ranking:
        return "\n".join([*out, _("{tile} fits nowhere: no legal move").format(tile=hand[0])])
    rows = [[r.rank, format_move(r.move), r.outcome.describe(),
             _(" then ").join(format_move(m) for m in r.line[1:])] for r in shown]
    out.append(table(rows, [_("rank"), _("move"), _("outcome"), _("best continuation")]))
    if len(shown) < len(ranking):
        out.append(ngettext("… {more} more of {n} move (--top 0 lists all)",
                            "… {more} more of {n} moves (--top 0 lists all)",
                            len(ranking)).format(more=len(ranking) - len(shown),
                                                 n=len(ranking)))
    if stopped is None:
        out.append(_("Proven: the whole hand was searched."))
    return "\n".join(out)
