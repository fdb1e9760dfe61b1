"""The River's placement rules (in the C2 and C3 base boxes) [RULES.md §1.5; WCP-River].

A river tile must continue the river through one of its river sides, and the river may not
turn back on itself. We read "turn back" as: the new tile's open river end must not point
at a cell that already touches another tile (two curves the same way make a U whose mouth
faces the river it came from). This is our reading of the printed rule, documented in the
README.
"""

from __future__ import annotations

from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.ports import SIDE_DELTA, SIDE_NAMES
from editor.model.tiles import RIVER, Tile

RULE = "river tiles continue the river and never turn back on it [RULES.md §1.5; WCP-River]"


def river_findings(board: Board, tile: Tile, x: int, y: int, rotation: int) -> list[Finding]:
    """What breaks the River's rules when ``tile`` goes at (x, y)."""
    if not board.cells:
        return []
    kinds = tile.orientations[rotation].side_kinds
    river_sides = [s for s in range(4) if kinds[s] == RIVER]
    joined = [s for s in river_sides
              if (x + SIDE_DELTA[s][0], y + SIDE_DELTA[s][1]) in board.cells]
    cell = (x, y)
    if not joined:
        return [Finding(f"{tile.ref} must continue the river: none of its river sides "
                        f"touches a river at ({x}, {y}) — {RULE}", code="river-detached",
                        cell=cell)]
    findings = []
    for s in river_sides:
        if s in joined:
            continue
        tx, ty = x + SIDE_DELTA[s][0], y + SIDE_DELTA[s][1]
        crowded = [(tx + dx, ty + dy) for dx, dy in SIDE_DELTA
                   if (tx + dx, ty + dy) != cell and (tx + dx, ty + dy) in board.cells]
        if crowded:
            findings.append(Finding(
                f"the river would turn back: its {SIDE_NAMES[s]} end points at ({tx}, {ty}), "
                f"next to the tile at {crowded[0]} — {RULE}", code="river-u-turn", cell=cell))
    return findings
