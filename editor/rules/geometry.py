"""Placement geometry, in one place: whether a tile's sides agree with its neighbours' and
whether it touches the board, for a tile about to go down (:func:`placement_geometry`) and
for the tiles of a board as they lie (:func:`layout_findings`)."""

from __future__ import annotations

from collections.abc import Container, Iterator

from editor.i18n import _
from editor.model.board import Board, Cell, Placed
from editor.model.findings import Finding
from editor.model.ports import SIDE_DELTA, SIDE_NAMES
from editor.model.tiles import Tile
from editor.terms import feature_name

#: Codes of the findings this module gives.
GEOMETRY_CODES = frozenset({"sides-differ", "not-adjacent", "cell-taken"})


def side_kind(kind: str) -> str:
    """What a tile side shows, for a message: its feature's name, or « nothing »."""
    return feature_name(kind) if kind else _("nothing")


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
        return [Finding(_("cell ({x}, {y}) already holds {tile}").format(
            x=x, y=y, tile=board.cells[cell].tile.ref), code="cell-taken", cell=cell)]
    findings = []
    if board.cells and board.signature(x, y) == ("", "", "", ""):
        findings.append(Finding(_("({x}, {y}) does not touch any tile on the board"
                                  ).format(x=x, y=y), code="not-adjacent", cell=cell))
    mine = tile.orientations[rotation % 4].side_kinds
    for side, (ox, oy), other, theirs in side_conflicts(board, x, y, mine):
        findings.append(Finding(
            _("{side} side shows {mine} but {other} at ({x}, {y}) shows {theirs}").format(
                side=SIDE_NAMES[side], mine=side_kind(mine[side]), other=other.tile.ref,
                x=ox, y=oy, theirs=side_kind(theirs)),
            code="sides-differ", cell=cell))
    return findings


def layout_findings(board: Board) -> list[Finding]:
    """The geometry of the tiles as they lie: sides that disagree (told on the later-placed
    tile of the two) and tiles that touch no other."""
    earlier: set[Cell] = set()
    found = []
    for cell, placed in board.cells.items():
        found += tile_layout_findings(board, cell, placed, earlier)
        earlier.add(cell)
    return found


def tile_layout_findings(board: Board, cell: Cell, placed: Placed,
                         earlier: Container[Cell]) -> list[Finding]:
    """:func:`layout_findings` of one tile; ``earlier``: the cells of the tiles placed
    before it (at least those beside it)."""
    cells = board.cells
    x, y = cell
    kinds = placed.orientation.side_kinds
    found = []
    for side, (ox, oy), other, theirs in side_conflicts(board, x, y, kinds, earlier):
        found.append(Finding(
            _("{tile} at ({x}, {y}) shows {mine} on its {side} side but {other} at "
              "({ox}, {oy}) shows {theirs}").format(
                tile=placed.tile.ref, x=x, y=y, mine=side_kind(kinds[side]),
                side=SIDE_NAMES[side], other=other.tile.ref, ox=ox, oy=oy,
                theirs=side_kind(theirs)), code="sides-differ", cell=cell))
    if len(cells) > 1 and not any((x + dx, y + dy) in cells for dx, dy in SIDE_DELTA):
        found.append(Finding(_("{tile} at ({x}, {y}) touches no other tile").format(
            tile=placed.tile.ref, x=x, y=y), code="not-adjacent", cell=cell))
    return found
