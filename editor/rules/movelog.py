"""Moves as a board file's move log writes them (docs/FORMATS.md, *Move log*).

``{"player": 0, "tile": "base-c2/E", "x": 0, "y": -1, "rotation": 180,
"figure": {"kind": "follower", "segment": "field", "assign": ["pig"]},
"choices": [{"option": "farmer_after_pig", "player": 1, "value": "returns"}]}``:
the figure's ``assign`` lists figures placed beside it (C3.1), ``return`` takes a figure
back instead (``{"x": 2, "y": 0, "segment": "monastery"}``), ``choices`` are the players'
decisions during the move (:data:`editor.rules.moves.Choice`).
"""

from __future__ import annotations

from typing import Any

from editor.i18n import _
from editor.model.board import Board
from editor.model.players import ABBOT
from editor.model.ports import quarter_turns
from editor.model.tilesets import Catalogue

from .moves import TAKE_BACK, Choice, FigureAction, Move


class MoveLogError(ValueError):
    """A log entry that does not describe a move."""


def entry_of(move: Move) -> dict[str, Any]:
    """A move as the log writes it (:func:`move_of` reads it back)."""
    data: dict[str, Any] = {"player": move.player, "tile": move.tile.ref, "x": move.x,
                            "y": move.y, "rotation": move.rotation * 90}
    figure = move.figure
    if figure is not None and figure.action == TAKE_BACK and figure.cell is not None:
        data["return"] = {"x": figure.cell[0], "y": figure.cell[1], "segment": figure.segment}
    elif figure is not None:
        data["figure"] = {"kind": figure.kind, "segment": figure.segment}
        if figure.assign:
            data["figure"]["assign"] = list(figure.assign)
    if move.choices:
        data["choices"] = [{"option": name, "player": player, "value": value}
                           for name, player, value in move.choices]
    return data


def move_of(entry: dict[str, Any], catalogue: Catalogue, board: Board | None = None) -> Move:
    """The move a log entry describes (not a pass). A ``return`` takes back the mover's
    figure on that segment, of its kind when ``board`` (the position before the move) has
    one there, else an abbot."""
    ref = entry.get("tile")
    if not isinstance(ref, str) or ref not in catalogue:
        raise MoveLogError(_("unknown tile {tile!r}").format(tile=ref))
    player = int(entry["player"])
    action = None
    if "return" in entry:
        back = entry["return"]
        cell = (back["x"], back["y"])
        action = FigureAction(_returned_kind(board, cell, back["segment"], player),
                              back["segment"], TAKE_BACK, cell)
    elif "figure" in entry:
        figure = entry["figure"]
        action = FigureAction(figure["kind"], figure["segment"],
                              assign=tuple(figure.get("assign", ())))
    choices: tuple[Choice, ...] = tuple(
        (str(c["option"]), int(c["player"]), str(c["value"])) for c in entry.get("choices", ()))
    try:
        rotation = quarter_turns(entry.get("rotation", 0))
    except ValueError as exc:
        raise MoveLogError(str(exc)) from exc
    return Move(player, catalogue.tile(ref), entry["x"], entry["y"], rotation, action, choices)


def _returned_kind(board: Board | None, cell: tuple[int, int], segment: str,
                   player: int) -> str:
    placed = board.cells.get(cell) if board is not None else None
    if board is None or placed is None or segment not in placed.tile.segment_index:
        return ABBOT
    node = placed.node(segment)
    return next((f.kind for f in board.figures if f.node == node and f.owner == player), ABBOT)
