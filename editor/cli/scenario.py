"""``scenario``: the tiles left in the bag, dead cells, and where a tile fits."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from editor.i18n import _, ngettext
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue
from editor.puzzles import Bag, Fitter, Puzzle, PuzzleError, Stopped, bag, bag_sets, fits
from editor.rules.engine import Engine
from editor.rules.notation import NotationError, find_tile
from editor.workspace import catalogue

from .common import (
    CommandError,
    add_format,
    add_rules,
    load,
    print_json,
    report_plugin_errors,
    rules_for,
)
from .progress import add_time_limit, work_bar


def register(subparsers: Any) -> None:
    """Add the ``scenario`` subcommand."""
    parser = subparsers.add_parser(
        "scenario", help=_("tiles left, dead cells, where a tile fits"),
        description=_("Scenario tools. The bag is the box of the board's tile sets (those it "
        "lists, else its ruleset's) minus the tiles on the board and the puzzle's tiles in "
        "hand; a dead cell is an empty cell beside the board where no tile left in the bag "
        "fits. Exit code: 0 done, 1 the board holds more copies of a tile than the box or the "
        "time limit stopped the work, 2 the board cannot be read or the command line is "
        "wrong."))
    parser.add_argument("board", metavar="BOARD", help=_("a board file"))
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--remaining", action="store_true", help=_("the tiles left in the bag"))
    what.add_argument("--dead", action="store_true",
                      help=_("empty cells where no tile left in the bag fits"))
    what.add_argument("--fits", metavar="TILE",
                      help=_("the cells (and rotations) where TILE may go, e.g. 'E' or "
                      "'base-c2/E'"))
    add_rules(parser)
    add_time_limit(parser)
    add_format(parser)
    parser.set_defaults(handler=run)


def _hand(puzzle: dict[str, Any] | None, cat: Catalogue) -> list[Tile]:
    try:
        return Puzzle.from_dict(puzzle).hand_tiles(cat) if puzzle else []
    except PuzzleError as exc:
        raise CommandError(str(exc)) from exc


def run(args: argparse.Namespace) -> int:
    """Answer the question asked."""
    cat = catalogue()
    try:
        position = load(args.board)
        rules = rules_for(position, args.rules, args.board)
        engine = Engine(rules)
        sets = bag_sets(position, rules, cat)
        left = bag(position.board, sets, _hand(position.puzzle, cat))
        tile = None
        if args.fits:
            tile = find_tile(args.fits, cat, [s.id for s in sets] or rules.tilesets())
    except (CommandError, NotationError) as exc:
        print(f"carcassonne-editor scenario: {exc}", file=sys.stderr)
        return 2
    for t, n in left.excess.items():
        print(_("warning: {file}: {n} more {tile} on the board or in hand than the box holds "
                "({count})").format(file=args.board, n=n, tile=t.ref, count=t.count),
              file=sys.stderr)
    board = position.board
    if tile is not None:
        found = fits(engine, board, tile)
        if args.format == "json":
            print_json({"query": "fits", "tile": tile.ref, "cells": [
                {"cell": list(c), "rotations": [r * 90 for r in rs]} for c, rs in found]})
        else:
            print(ngettext("{tile} fits on {n} cell", "{tile} fits on {n} cells",
                           len(found)).format(tile=tile.ref, n=len(found)) + ":" * bool(found))
            for (x, y), rs in found:
                print(f"  ({x}, {y})  " + " ".join(f"{r * 90}°" for r in rs))
    elif args.dead:
        try:
            with work_bar(args, _("dead cells")) as progress:
                dead = Fitter(engine, left.available()).dead_cells(board, progress)
        except Stopped as exc:
            print(f"carcassonne-editor scenario: {exc}", file=sys.stderr)
            return 1
        if args.format == "json":
            print_json({"query": "dead", "bag": left.total, "dead": [list(c) for c in dead]})
        else:
            print(ngettext("{n} dead cell (no tile of the {left} left fits)",
                           "{n} dead cells (no tile of the {left} left fits)",
                           len(dead)).format(n=len(dead), left=left.total) + ":" * bool(dead))
            for x, y in dead:
                print(f"  ({x}, {y})  needs {describe_sides(board.signature(x, y))}")
    elif args.format == "json":
        print_json({"query": "remaining", **left.to_json()})
    else:
        print(render_bag(left, len(_hand(position.puzzle, cat))))
    failed = report_plugin_errors(args.board, rules)
    return 1 if left.excess or failed else 0


def describe_sides(signature: tuple[str, str, str, str]) -> str:
    """``N city, E road`` for the sides a cell's neighbours constrain."""
    return ", ".join(f"{side} {kind}" for side, kind in zip("NESW", signature, strict=True)
                     if kind)


def render_bag(left: Bag, in_hand: int) -> str:
    """The bag as text, one line per tile kind."""
    box = sum(t.count for t in left.counts)
    sets = ", ".join(left.sets)
    out = [ngettext("Tiles left in the bag ({sets}): {left} of {box} (the {n} tile in hand not "
                    "counted)", "Tiles left in the bag ({sets}): {left} of {box} (the {n} tiles "
                    "in hand not counted)", in_hand).format(sets=sets, left=left.total, box=box,
                                                            n=in_hand)
           if in_hand else _("Tiles left in the bag ({sets}): {left} of {box}").format(
               sets=sets, left=left.total, box=box)]
    width = max((len(t.ref) for t in left.counts), default=0)
    out += [f"  {t.ref:<{width}}  {n}/{t.count}" for t, n in left.counts.items()]
    if left.foreign:
        out.append(_("not from these sets: {tiles}").format(tiles=", ".join(
            f"{t.ref} ×{n}" for t, n in left.foreign.items())))
    return "\n".join(out)
