"""Scenario tools: the tiles left in the bag, dead cells, and where a tile fits.

The bag is the box of the board's tile sets (the ``tilesets`` it lists, else those of its
ruleset) minus the tiles on the board and, for a puzzle, the tiles in hand. A *dead cell* is
a frontier cell (an empty cell touching a tile) where no tile left in the bag fits, in any
rotation, under the ruleset's placement rules (the River included).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from editor.i18n import _
from editor.model.board import Board, Cell
from editor.model.position import Position
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue, TileSet
from editor.rules.engine import Engine
from editor.rules.ruleset import Ruleset

from .progress import Progress


@dataclass(slots=True)
class Bag:
    """The tiles left to draw, per tile kind, in catalogue order.

    ``counts`` has every tile kind of the sets (0 when none is left); ``excess`` the kinds
    on the board (or in hand) more often than the box holds, with how many too many;
    ``foreign`` the tiles on the board from other sets.
    """

    sets: list[str]
    counts: dict[Tile, int]
    excess: dict[Tile, int] = field(default_factory=dict)
    foreign: dict[Tile, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Tiles left."""
        return sum(self.counts.values())

    def available(self) -> list[Tile]:
        """The tile kinds with at least one copy left."""
        return [t for t, n in self.counts.items() if n > 0]

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``."""
        return {"sets": self.sets, "total": self.total,
                "tiles": [{"tile": t.ref, "left": n, "box": t.count}
                          for t, n in self.counts.items()],
                "excess": {t.ref: n for t, n in self.excess.items()},
                "foreign": {t.ref: n for t, n in self.foreign.items()}}


def bag_sets(position: Position, rules: Ruleset, catalogue: Catalogue) -> list[TileSet]:
    """The tile sets a position draws from: those it lists, else its ruleset's (loaded
    ones only)."""
    ids = position.tilesets or rules.tilesets()
    loaded = {s.id for s in catalogue.sets}
    return [catalogue.get_set(i) for i in ids if i in loaded]


def bag(board: Board, sets: Iterable[TileSet], hand: Iterable[Tile] = ()) -> Bag:
    """The box of ``sets`` minus the tiles on ``board`` and in ``hand``."""
    sets = list(sets)
    counts = {t: t.count for s in sets for t in s.tiles}
    result = Bag([s.id for s in sets], counts)
    for tile in [p.tile for p in board] + list(hand):
        if tile not in counts:
            result.foreign[tile] = result.foreign.get(tile, 0) + 1
        elif counts[tile] == 0:
            result.excess[tile] = result.excess.get(tile, 0) + 1
        else:
            counts[tile] -= 1
    return result


class Fitter:
    """Which tiles of a list fit which empty cells, under a ruleset's placement rules."""

    def __init__(self, engine: Engine, tiles: Iterable[Tile]) -> None:
        self.engine = engine
        self.tiles = list(tiles)
        rules = engine.rules
        self._restricted = {t: rules.hooks.restricts_placement(t) for t in self.tiles}

    def rotations(self, board: Board, tile: Tile, cell: Cell) -> list[int]:
        """Distinct rotations (quarter turns) in which ``tile`` may go on the empty ``cell``."""
        fitting = tile.fitting_rotations(board.signature(*cell))
        if not self._restricted.get(tile, True):
            return list(fitting)
        return [r for r in fitting
                if not self.engine.placement_findings(board, tile, *cell, r)]

    def dead(self, board: Board, cell: Cell) -> bool:
        """Whether none of the tiles fits the empty ``cell``."""
        return not any(self.rotations(board, t, cell) for t in self.tiles)

    def dead_cells(self, board: Board, progress: Progress | None = None) -> list[Cell]:
        """Frontier cells where none of the tiles fits, sorted by (y, x)."""
        frontier = sorted(board.frontier, key=lambda c: (c[1], c[0]))
        dead = []
        for i, cell in enumerate(frontier):
            if progress is not None:
                progress.advance(i / len(frontier), _("cell {n} of {total}").format(
                    n=i + 1, total=len(frontier)))
            if self.dead(board, cell):
                dead.append(cell)
        return dead


def fits(engine: Engine, board: Board, tile: Tile) -> list[tuple[Cell, list[int]]]:
    """The cells where ``tile`` may go and its distinct rotations there, sorted by (y, x)."""
    found: dict[Cell, list[int]] = {}
    for x, y, r in engine.legal_placements(board, tile):
        found.setdefault((x, y), []).append(r)
    return sorted(found.items(), key=lambda item: (item[0][1], item[0][0]))
