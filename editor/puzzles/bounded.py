"""A bound on what the hand's last tile can add to the lead at the end of a line, for
the whole position at once (a best-margin search skips positions that cannot beat the
best line found beside them, before listing their moves).

On the puzzle's position every cell the last tile may take is read once
(:class:`Cells`): the best its moves add there (from the :class:`~.independent.Reference`:
each move's final points for the player less the least any opponent gains) and the
features :func:`~editor.rules.bounds.last_move_gain` reads around it. At the end of a line
a cell is *untouched* when no tile of the line is among its eight neighbours and the line
changed none of those features: every move there is then independent of the line (see
:mod:`.independent`) and adds what it added on the puzzle's position (a take-back of a
figure the line stood adds what the bare placement adds). Every other empty cell is
bounded by :func:`~editor.rules.bounds.last_move_gain` on the current board (when the tile
fits there). The largest of these bounds every move of the last tile.
"""

from __future__ import annotations

from collections.abc import Mapping

from editor.model.board import NEIGHBOURS8, Board, Cell
from editor.model.tiles import Tile
from editor.rules.bounds import Memo, last_move_gain

from .independent import Line, Reference


class Cells:
    """The last tile's cells on the reference's position (see the module docstring)."""

    def __init__(self, board: Board, reference: Reference, player: int, tile: Tile,
                 strengths: Mapping[str, int]) -> None:
        self.board = board
        self.reference = reference
        self.player = player
        self.tile = tile
        self.strengths = strengths
        self.supply = dict(board.players[player].supply)
        best: dict[Cell, int] = {}
        for effect in reference.effects.values():
            final = effect.final
            others = [d for i, d in enumerate(final) if i != player]
            added = final[player] - min(others, default=0)
            cell = (effect.x, effect.y)
            if added > best.get(cell, added - 1):
                best[cell] = added
        #: cell → what its moves add at most
        self.best = best
        #: (what the cell's moves add at most, cell), best first
        self.ranked = sorted(((n, c) for c, n in best.items()), reverse=True)
        #: root → the cells whose moves read the feature
        self.readers: dict[int, list[Cell]] = {}
        for cell in board.frontier:
            reads: set[int] = set()
            last_move_gain(board, cell, player, tile, strengths, reads)
            for root in reads:
                self.readers.setdefault(root, []).append(cell)

    def touched(self, line: Line) -> set[Cell]:
        """The empty cells of the current board that ``line`` (from :attr:`reference`)
        touches: beside its tiles, or reading a feature it changed."""
        frontier = self.board.frontier
        found: set[Cell] = set()
        for x, y in line.cells:
            for dx, dy in NEIGHBOURS8:
                cell = (x + dx, y + dy)
                if cell in frontier:
                    found.add(cell)
        readers = self.readers
        for root in line.touched:
            for cell in readers.get(root, ()):
                if cell in frontier:
                    found.add(cell)
        return found

    def grown(self) -> bool:
        """Whether the player has more of a figure than on the reference's position."""
        supply = self.board.players[self.player].supply
        return any(n > self.supply.get(k, 0) for k, n in supply.items())

    def cap(self, line: Line, gains: dict[Cell, int],
            inner: tuple[Cells, Line] | None = None, memo: Memo | None = None) -> int | None:
        """At most what a last move adds to the lead at the end of ``line`` (a line from
        :attr:`reference`, on the current board); None when the player's supply grew or
        no cell is left. ``inner`` is the table and line of a reference measured below
        this one, on the board before the line's last move, for the cells this line
        touches: those its last move does not touch add at most what they added there
        (or here). ``gains`` gets the bound of each cell left (``memo``: see
        :func:`~editor.rules.bounds.last_move_gain`)."""
        if self.grown():
            return None
        if inner is not None and inner[0].grown():
            inner = None
        frontier = self.board.frontier
        touched = self.touched(line)
        most = None
        for n, cell in self.ranked:
            if cell in frontier and cell not in touched:
                most = n
                break
        below = inner[0].touched(inner[1]) if inner is not None else touched
        fits = self.tile.fits
        for cell in touched:
            if not fits[frontier[cell]]:
                continue  # no move there
            if inner is not None and cell not in below:
                there, here = inner[0].best.get(cell), self.best.get(cell)
                gain = there if here is None else here if there is None else max(here, there)
                if gain is None:
                    continue  # no move there
            else:
                gain = gains.get(cell)
                if gain is None:
                    gain = gains[cell] = last_move_gain(self.board, cell, self.player,
                                                        self.tile, self.strengths, memo=memo)
            if most is None or gain > most:
                most = gain
        return None if most is None else max(most, 0)  # 0: the tile may fit nowhere
