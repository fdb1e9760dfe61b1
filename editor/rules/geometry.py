"""Placement geometry, in one place: whether a tile's sides agree with its neighbours' and
whether it touches the board, for a tile about to go down (:func:`placement_geometry`) and
for the tiles of a board as they lie (:func:`layout_findings`)."""

from __future__ import annotations

from collections.abc import Container, Iterator

from editor.model.board import Board, Cell, Placed
from editor.model.findings import Finding
from editor.model.ports import SIDE_DELTA, SIDE_NAMES
from editor.model.tiles import Tile

#: Codes of the findings this module gives.
GEOMETRY_CODES = frozenset({"sides-differ", "not-adjacent", "cell-taken"})


def side_conflicts(board: Board, x: int, y: int, kinds: tuple[str, ...],
                   among: Container[Cell] | None = None
                   ) -> Iterator[tuple[int, Cell, Placed, str]]:
    """(side, neighbour cell, neighbour, what it shows) of each side of a tile on (x, y)
    showing ``kinds`` that disagrees with its neighbour (only neighbours in ``among``, when
    given)."""
    cells = board.cells
    for side, (dx, dy) in enumerate(SIDE_DELTA):
        cell = (x + dx, y + dy)
        other = cells.get(cell)
        if other is None or (among is not None and cell not in among):
            continue
        theirs = other.orientation.side_kinds[(side + 2) % 4]
        if kinds[side] != theirs:
            yield side, cell, other, theirs


def placement_geometry(board: Board, tile: Tile, x: int, y: int,
                       rotation: int) -> list[Finding]:
    """Why ``tile`` turned ``rotation`` quarter turns may not go on (x, y) by geometry alone:
    the cell is taken, it touches no tile, or a side disagrees with a neighbour's."""
    cell = (x, y)
    if cell in board.cells:
        return [Finding(f"cell ({x}, {y}) already holds {board.cells[cell].tile.ref}",
                        code="cell-taken", cell=cell)]
    findings = []
    if board.cells and board.signature(x, y) == ("", "", "", ""):
        findings.append(Finding(f"({x}, {y}) does not touch any tile on the board",
                                code="not-adjacent", cell=cell))
    mine = tile.orientations[rotation % 4].side_kinds
    for side, (ox, oy), other, theirs in side_conflicts(board, x, y, mine):
        findings.append(Finding(
            f"{SIDE_NAMES[side]} side shows {mine[side] or 'nothing'} but "
            f"{other.tile.ref} at ({ox}, {oy}) shows {theirs or 'nothing'}",
            code="sides-differ", cell=cell))
    return findings


def layout_findings(board: Board) -> list[Finding]:
    """The geometry of the tiles as they lie: sides that disagree (told on the later-placed
    tile of the two) and tiles that touch no other."""
    cells = board.cells
    earlier: set[Cell] = set()
    found = []
    for (x, y), placed in cells.items():
        kinds = placed.orientation.side_kinds
        for side, (ox, oy), other, theirs in side_conflicts(board, x, y, kinds, earlier):
            found.append(Finding(
                f"{placed.tile.ref} at ({x}, {y}) shows {kinds[side] or 'nothing'} on "
                f"its {SIDE_NAMES[side]} side but {other.tile.ref} at ({ox}, {oy}) shows "
                f"{theirs or 'nothing'}", code="sides-differ", cell=(x, y)))
        if len(cells) > 1 and not any((x + dx, y + dy) in cells for dx, dy in SIDE_DELTA):
            found.append(Finding(f"{placed.tile.ref} at ({x}, {y}) touches no other tile",
                                 code="not-adjacent", cell=(x, y)))
        earlier.add((x, y))
    return found
