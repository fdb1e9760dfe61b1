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

The last two tiles are bounded together (:class:`Pairs`), on the board before them, so
that a move of the second-to-last tile is skipped without being played: the lead after
it grows by at most :func:`~editor.rules.bounds.last_move_gain` of its cell (any move is
bounded by it, the last or not), and a last move after it adds at most, on a cell it
cannot change (not among the eight around it, reading none of the features its cell
reads), what that cell's moves add on the board before it (measured by the references
above and below the line's first moves), and on any other cell
:func:`~editor.rules.bounds.last_move_gain` on its placement, played once without a
figure, with each figure of the placement's moves stood in turn. This holds while the
move cannot give the player back a kind of figure a last move could stand and the board
before it has none of in supply (:meth:`Pairs.usable`); take-backs are always played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from editor.model.board import NEIGHBOURS8, Board, Cell
from editor.model.players import Figure
from editor.model.tiles import Tile
from editor.rules.bounds import Memo, last_move_gain
from editor.rules.engine import Engine
from editor.rules.moves import PLACE, Move, Turn

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
        memo: Memo = {}
        for cell in board.frontier:
            reads: set[int] = set()
            last_move_gain(board, cell, player, tile, strengths, reads, memo)
            for root in reads:
                self.readers.setdefault(root, []).append(cell)

    def touched(self, line: Line) -> set[Cell]:
        """The empty cells of the current board that ``line`` (from :attr:`reference`)
        touches: beside its tiles, or reading a feature it changed."""
        frontier = self.board.frontier
        found = {cell for cell in line.near if cell in frontier}
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


class Pairs:
    """The last two tiles' moves bounded together, on the board before them (the
    :class:`Cells` ``inner`` were read there; ``outer``, those of the reference above
    it), move by move of the first of them (see the module docstring)."""

    def __init__(self, outer: Cells, inner: Cells, tile: Tile, engine: Engine,
                 moves: Iterable[Move]) -> None:
        self.inner = inner
        self.tile = tile
        self.engine = engine
        frontier = inner.board.frontier
        values = {c: n for c, n in outer.best.items() if c in frontier}
        for cell, n in inner.best.items():
            values[cell] = max(n, values.get(cell, n))
        #: (what the last tile's moves on the cell add at most here, cell), best first
        self.ranked = sorted(((n, c) for c, n in values.items()), reverse=True)
        self.memo: Memo = {}
        #: cell → what a move there adds at most, what a last move away from it adds at
        #: most after it, and the cells whose last moves it may change
        self.cells: dict[Cell, tuple[int, int, set[Cell]]] = {}
        #: move → what a last move adds at most after it, or a number not above that
        #: (:meth:`cap`); ``exact`` holds those known exactly
        self.caps: dict[Move, int] = {}
        self.exact: set[Move] = set()
        #: placement → its moves that stand no figure or stand one with nothing assigned
        self.groups: dict[tuple[object, ...], list[Move]] = {}
        for move in moves:
            action = move.figure
            if action is None or (action.action == PLACE and not action.assign):
                self.groups.setdefault((move.x, move.y, move.rotation, move.choices),
                                       []).append(move)

    @staticmethod
    def usable(board: Board, player: int, tile: Tile) -> bool:
        """Whether no move can bring back a kind of figure the player has none of in
        supply and a last move of ``tile`` could stand (where none stood here): a
        follower, or the abbot when the tile has a monastery or garden (the abbot stands
        nowhere else)."""
        supply = board.players[player].supply
        kinds = ("follower", "abbot") if tile.cloisters else ("follower",)
        return all(supply.get(k, 0) > 0 or not any(f.owner == player and f.kind == k
                                                   for f in board.figures) for k in kinds)

    def _cell(self, cell: Cell) -> tuple[int, int, set[Cell]]:
        known = self.cells.get(cell)
        if known is None:
            inner = self.inner
            reads: set[int] = set()
            first = last_move_gain(inner.board, cell, inner.player, self.tile,
                                   inner.strengths, reads, self.memo)
            x, y = cell
            affected = {(x + dx, y + dy) for dx, dy in NEIGHBOURS8}
            readers = inner.readers
            for root in reads:
                affected.update(readers.get(root, ()))
            then = 0  # the last tile may fit nowhere
            for n, other in self.ranked:
                if other not in affected and other != cell:
                    then = max(n, 0)
                    break
            known = self.cells[cell] = (first, then, affected)
        return known

    def cap(self, move: Move, part: int, need: int) -> int:
        """At most what ``move`` (of :attr:`tile`; its figure, if any, stood with no
        kinds assigned) and then a last move add to the lead together, or a number not
        below ``need`` that is not above it (the caller skips the move only below
        ``need``)."""
        first, then, affected = self._cell((move.x, move.y))
        if first + then >= need:
            return first + then
        known = self.caps.get(move)
        if known is None or (known < need and move not in self.exact):
            self._place(move, part, need - first, then, affected)
            known = self.caps[move]
        return first + known

    def _place(self, move: Move, part: int, need: int, then: int,
               affected: set[Cell]) -> None:
        """What a last move adds at most after ``move`` and after the other moves of its
        placement, or a number not below ``need`` (see :meth:`cap`): the tile is placed
        once without a figure and each figure stood on it in turn."""
        inner = self.inner
        board, player, last, strengths = inner.board, inner.player, inner.tile, \
            inner.strengths
        result = self.engine.apply(board, move._replace(figure=None), Turn(player, part),
                                   check=False)
        caps, exact = self.caps, self.exact
        try:
            frontier, fits = board.frontier, last.fits
            memo: Memo = {}
            near: list[tuple[int, set[int], Cell]] = []
            for cell in affected:
                if cell in frontier and fits[frontier[cell]]:
                    reads: set[int] = set()
                    gain = last_move_gain(board, cell, player, last, strengths, reads, memo)
                    near.append((gain, reads, cell))
            near.sort(key=lambda item: item[0], reverse=True)
            plain = max(then, near[0][0]) if near else then
            placed = board.cells[(move.x, move.y)]
            for other in self.groups.get((move.x, move.y, move.rotation, move.choices), ()):
                action = other.figure
                most = plain
                if action is not None:
                    node = placed.node(action.segment)
                    root = board.find(node)
                    if not board.is_complete(root):  # (else it is back at once)
                        most, known = self._stood(other, node, root, near, then, need, memo)
                        if not known:
                            caps[other] = most
                            exact.discard(other)
                            continue
                caps[other] = most
                exact.add(other)
        finally:
            board.undo_to(result.mark)

    def _stood(self, move: Move, node: int, root: int,
               near: list[tuple[int, set[int], Cell]], then: int, need: int,
               memo: Memo) -> tuple[int, bool]:
        """What a last move adds at most after the figure of ``move`` is stood on
        ``node`` (of the feature ``root``) beside the placed tile, or a number not below
        ``need``, and whether it is the first: only the cells ``near`` reading that
        feature are bounded again."""
        inner = self.inner
        board, player, last, strengths = inner.board, inner.player, inner.tile, \
            inner.strengths
        action = move.figure
        assert action is not None
        most = then
        again = []
        for gain, reads, cell in near:
            if root in reads:
                again.append(cell)
            elif gain > most:
                most = gain
        if not again:
            return most, True
        if most >= need:
            return most, False
        mark = board.mark()
        board.add_figure(Figure(action.kind, player, node))
        board.add_supply(player, action.kind, -1)
        try:
            fresh = {r: v for r, v in memo.items() if r != root}
            for cell in again:
                most = max(most, last_move_gain(board, cell, player, last, strengths,
                                                memo=fresh))
                if most >= need:
                    return most, False
        finally:
            board.undo_to(mark)
        return most, True
