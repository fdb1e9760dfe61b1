"""Helpers for the puzzle tests: board dicts from compact lists, positions from them."""

from __future__ import annotations

from typing import Any

from editor.formats.boards import position_from_dict
from editor.model.position import Position
from editor.model.tilesets import Catalogue

COLOURS = ("#d62828", "#1d4ed8", "#2a9d3f")
FULL = {"follower": 7, "abbot": 1, "builder": 1, "pig": 1}


def board_dict(editions: list[str], set_id: str, tiles: list[tuple[str, int, int, int]],
               figures: list[tuple[int, int, int, str, str]] = (),  # type: ignore[assignment]
               puzzle: dict[str, Any] | None = None, players: int = 2,
               scores: tuple[int, ...] = (), supply: dict[int, dict[str, int]] | None = None,
               tilesets: list[str] | None = None) -> dict[str, Any]:
    """A board file dict: ``tiles`` as (id, x, y, degrees), ``figures`` as (owner, x, y,
    segment, kind); tile and hand ids without a set are those of ``set_id``. Supplies are
    full minus the figures on the board, then ``supply`` overrides."""
    data: dict[str, Any] = {"format": 1, "ruleset": {"editions": editions}}
    if tilesets:
        data["tilesets"] = tilesets
    data["players"] = []
    for i in range(players):
        have = dict(FULL)
        for owner, *_, kind in figures:
            if owner == i:
                have[kind] -= 1
        have.update((supply or {}).get(i, {}))
        data["players"].append({"name": ("Red", "Blue", "Green")[i], "colour": COLOURS[i],
                                "score": scores[i] if i < len(scores) else 0, "supply": have})
    data["tiles"] = [{"tile": t if "/" in t else f"{set_id}/{t}", "x": x, "y": y,
                      "rotation": r} for t, x, y, r in tiles]
    data["figures"] = [{"kind": kind, "owner": o, "x": x, "y": y, "segment": s}
                       for o, x, y, s, kind in figures]
    if puzzle is not None:
        data["puzzle"] = {**puzzle, "hand": [h if "/" in h else f"{set_id}/{h}"
                                             for h in puzzle.get("hand", [])]}
    return data


def position(data: dict[str, Any], catalogue: Catalogue) -> Position:
    """The position of a board dict (which must have no findings)."""
    found, findings = position_from_dict(data, catalogue)
    assert not findings, findings
    return found


def capped(solution: list[dict] | None, second_city: bool = False,
           supply: int = 0) -> dict:
    """Red's knight in the start tile's city, open to the north; the hand is a city cap."""
    tiles = [("D", 0, 0, 0)] + ([("D", 1, 0, 0)] if second_city else [])
    knights = [(0, 0, 0, "city", "follower")] + ([(0, 1, 0, "city", "follower")]
                                                 if second_city else [])
    puzzle = {"to_move": 0, "hand": ["E"], "objective": {"type": "most-points"}}
    if solution is not None:
        puzzle["solution"] = solution
    return board_dict(["base:C2"], "base-c2", tiles, knights, puzzle,
                      supply={0: {"follower": supply}})


def move(x: int, y: int, rotation: int, tile: str = "base-c2/E") -> dict:
    """Red's move in the board file's form."""
    return {"player": 0, "tile": tile, "x": x, "y": y, "rotation": rotation}
