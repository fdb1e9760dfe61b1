"""Moves written as text: ``E@0,-1:180+follower:city``.

``TILE@X,Y[:ROTATION][+KIND:SEGMENT]``: the tile by ``set/id``, by id or by alias (searched
in the ruleset's tile sets), the cell, the rotation in degrees clockwise (default 0), and an
optional figure on a segment of the tile, with any figures assigned beside it after ``&``
(``+follower&pig:field``, C3.1); ``+back-KIND:SEGMENT@X,Y`` takes a figure back instead
(``+back-abbot:monastery@2,0``). Each ``;OPTION:PLAYER=VALUE`` records a player's choice
during the move (``;farmer_after_pig:1=returns``: player 1 takes their farmer home with
the pig, C3.1).
"""

from __future__ import annotations

import re

from editor.i18n import _
from editor.model.ports import quarter_turns
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue

from .moves import TAKE_BACK, FigureAction, Move

_MOVE = re.compile(
    r"^\s*(?P<tile>[^@\s]+)@(?P<x>-?\d+),(?P<y>-?\d+)(?::(?P<rot>\d+))?"
    r"(?:\+(?P<kind>[a-z-]+(?:&[a-z-]+)*):(?P<seg>[A-Za-z0-9_.+-]+?)(?:@(?P<fx>-?\d+),(?P<fy>-?\d+))?)?"
    r"(?P<choices>(?:;[a-z0-9_-]+:\d+=[A-Za-z0-9_.-]+)*)\s*$")
_CHOICE = re.compile(r";([a-z0-9_-]+):(\d+)=([A-Za-z0-9_.-]+)")


class NotationError(ValueError):
    """A move that cannot be read."""


def find_tile(text: str, catalogue: Catalogue, set_ids: list[str]) -> Tile:
    """A tile by ``set/id``, or by id or alias in the first of ``set_ids`` that has it."""
    if text in catalogue:
        return catalogue.tile(text)
    for set_id in set_ids:
        ref = f"{set_id}/{text}"
        if ref in catalogue:
            return catalogue.tile(ref)
    found = catalogue.find_alias(text, set_ids)
    if found is None:
        raise NotationError(_("no tile {tile!r} in {tilesets}").format(
            tile=text, tilesets=", ".join(set_ids)) if set_ids else _(
            "no tile {tile!r} in the catalogue").format(tile=text))
    return found


def parse_move(text: str, player: int, catalogue: Catalogue, set_ids: list[str]) -> Move:
    """Read one move for ``player``."""
    m = _MOVE.match(text)
    if not m:
        raise NotationError(_("cannot read move {text!r}: expected TILE@X,Y[:ROTATION]"
                              "[+KIND:SEGMENT][;OPTION:PLAYER=VALUE], e.g. "
                              "'E@0,-1:180+follower:city'").format(text=text))
    tile = find_tile(m["tile"], catalogue, set_ids)
    try:
        rotation = quarter_turns(int(m["rot"] or 0))
    except ValueError as exc:
        raise NotationError(str(exc)) from exc
    figure = None
    if m["kind"]:
        kind, seg = m["kind"], m["seg"]
        if kind.startswith("back-"):
            if m["fx"] is None:
                raise NotationError(_("{text!r}: taking a figure back needs its cell: "
                                      "+{kind}:{segment}@X,Y").format(text=text, kind=kind,
                                                                      segment=seg))
            figure = FigureAction(kind.removeprefix("back-"), seg, TAKE_BACK,
                                  (int(m["fx"]), int(m["fy"])))
        else:
            if seg not in tile.segment_index:
                raise NotationError(_("{tile} has no segment {segment!r} (segments: "
                                      "{segments})").format(
                    tile=tile.ref, segment=seg,
                    segments=", ".join(s.id for s in tile.segments)))
            kind, *assign = kind.split("&")
            figure = FigureAction(kind, seg, assign=tuple(assign))
    choices = tuple((name, int(p), value) for name, p, value in _CHOICE.findall(m["choices"]))
    return Move(player, tile, int(m["x"]), int(m["y"]), rotation, figure, choices)


def format_move(move: Move) -> str:
    """The text form of a move (``parse_move`` reads it back)."""
    text = f"{move.tile.ref}@{move.x},{move.y}:{move.rotation * 90}"
    figure = move.figure
    if figure is not None and figure.action == TAKE_BACK and figure.cell is not None:
        text += f"+back-{figure.kind}:{figure.segment}@{figure.cell[0]},{figure.cell[1]}"
    elif figure is not None:
        text += f"+{'&'.join((figure.kind, *figure.assign))}:{figure.segment}"
    return text + "".join(f";{name}:{p}={value}" for name, p, value in move.choices)
