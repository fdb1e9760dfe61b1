"""Moves of the hand's last tile measured once, on the puzzle's position.

A line's last move ends it: it is worth the final totals after it. When the line's earlier
moves changed nothing that move meets, it adds to the totals exactly what it adds on the
puzzle's position. So a best-margin search of two tiles or more measures every move of the
last tile once there (:class:`Reference`) and, below each line of earlier moves, adds
instead of playing again every move that is *independent* of the line (:class:`Line`):

- its cell is not one of the eight around a cell the line placed a tile on: its sides
  and contacts, and the monasteries it counts, are as they were;
- no feature of the position it changes (:func:`~editor.model.features.changed_since`:
  the features its tile joins, the monasteries and gardens around it, the fields beside a
  city it completes, those of the figures it places or takes) is one the line changed,
  unless that feature is a field without figures after either (such a field scores
  nothing, whatever joins it);
- nobody's goods changed, final scoring has no points beyond those of features (goods
  majorities, the 2000 and 2001 farm rules do not add up feature by feature) on the
  position, after the move or after the line, in the first part of a turn.

A reference plays each placement of the last tile once and stands each figure of its
moves on it (:func:`stand`: a follower or abbot on a feature the tile leaves open changes
only that feature); moves taking a figure back or standing one on a feature the tile
completes are played.

Only the moves legal at the line's end are looked up, so a line that used up a kind of
figure, or stood the abbot it may now take back, composes too: a move placing a figure the
player no longer has is not asked for, and one taking back a figure the line stood is not
in the reference (it is played).

Below the puzzle's position, a hand of three tiles or more measures the last tile again
on the board before the last two tiles, for the moves the first reference cannot compose
there (those meeting the line's first moves): the search (:mod:`.solver`) keeps a stack of
references, and a move of the last tile is added up from the first of them it is
independent of.

The rest are played. Like the solver's quiet moves this rests on final scoring adding up
feature by feature and on moves acting only on the features they meet, which the base
game's editions do; rulesets with other figures (the builder's extra turns, the C3.1 pig
scoring every pig on the board) and hands holding a tile checked beyond its sides (a
river) are searched in full.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from editor.model.board import Board, Cell, Placed
from editor.model.features import changed_since
from editor.model.players import Figure
from editor.model.tiles import FIELD, Tile
from editor.rules.engine import Engine, FinalParts
from editor.rules.moves import PLACE, FigureAction, Move, Turn

from .objectives import Goal, Outcome

#: The figures whose moves act only on the features they meet.
LOCAL_FIGURES = frozenset({"follower", "abbot"})


@dataclass(frozen=True, slots=True)
class Effect:
    """What a move of the last tile does on the reference position."""

    x: int
    y: int
    #: the reference's roots of the features the move changed
    touched: frozenset[int]
    #: of those, all but the fields left without figures
    hot: frozenset[int]
    #: points per player on the score track, and after final scoring
    score: tuple[int, ...]
    final: tuple[int, ...]


def touched_roots(board: Board, mark: int, nodes: int) -> tuple[frozenset[int], frozenset[int]]:
    """The roots, on the board as it was at ``mark`` (which had ``nodes`` nodes), of the
    features the changes since changed, and those of them that are not fields without
    figures now."""
    journal, parent = board.journal, board.parent
    found: set[int] = set()
    linked: set[int] = set()
    for i in range(mark, len(journal)):
        entry = journal[i]
        if entry[0] == "union":
            linked.add(entry[2])
            found.update(n for n in entry[1:] if n < nodes)
    for n in changed_since(board, mark):
        if n >= nodes:
            continue
        while parent[n] != n and n not in linked:
            n = parent[n]
        found.add(n)
    features, find = board.feature_of, board.find
    hot = frozenset(r for r in found
                    if features[r].kind != FIELD or features[find(r)].nfig)
    return frozenset(found), hot


def stand(engine: Engine, board: Board, player: int, placed: Placed, action: FigureAction,
          parts: FinalParts) -> FinalParts | None:
    """The final parts once ``player``'s figure of ``action`` stands on the tile just
    placed (``placed``, on the board whose final parts are ``parts``): the figure is stood
    (the caller takes it off through the journal) and only its feature scored again. A
    follower or abbot stood on a feature the tile leaves open changes only that feature's
    final points: nothing is scored on the track and nothing else changes. None, with
    nothing stood, for an action that takes a figure back or assigns kinds beside it, or
    whose feature is complete (it scores at once: the move is to be played)."""
    if action.action != PLACE or action.assign:
        return None
    node = placed.node(action.segment)
    root = board.find(node)
    if board.is_complete(root):
        return None
    board.add_figure(Figure(action.kind, player, node))
    board.add_supply(player, action.kind, -1)
    fresh = engine.final_parts(board, frozenset((root,)))
    features = dict(parts.features)
    features.pop(root, None)
    points = fresh.features.get(root)
    if points is not None:
        features[root] = points
    return FinalParts(fresh.rest, features)


class Reference:
    """The moves of the hand's last tile measured on the position (board at ``mark``, with
    final parts ``parts``; only those ``wanted`` says, when given); :meth:`line` composes
    them with a line below it."""

    def __init__(self, engine: Engine, board: Board, player: int, tile: Tile,
                 parts: FinalParts, totals: Callable[[FinalParts], list[int]],
                 after: Callable[[FinalParts, int], FinalParts],
                 wanted: Callable[[Move], bool] | None = None) -> None:
        self.board = board
        self.mark = board.mark()
        self.nodes = len(board.parent)
        self.goods = [dict(p.goods) for p in board.players]
        turn = Turn(player)
        scores = [p.score for p in board.players]
        before = totals(parts)
        self.effects: dict[Move, Effect] = {}
        if any(parts.rest):
            return
        # by placement: the tile is placed once, its figures stood on it (see stand)
        groups: dict[tuple[object, ...], list[tuple[Move, bool]]] = {}
        for move in engine.legal_moves(board, tile, player, turn):
            groups.setdefault((move.x, move.y, move.rotation, move.choices), []).append(
                (move, wanted is None or wanted(move)))
        for group in groups.values():
            if not any(w for _m, w in group):
                continue
            first = group[0][0]
            result = engine.apply(board, first._replace(figure=None), Turn(player),
                                  check=False)
            moved = after(parts, result.mark)
            placed = board.cells[(first.x, first.y)]
            played: list[Move] = []
            for move, want in group:
                if not want:
                    continue
                if move.figure is None:
                    self._add(move, moved, scores, before, totals)
                    continue
                mark = board.mark()
                stood = stand(engine, board, player, placed, move.figure, moved)
                if stood is None:
                    played.append(move)
                else:
                    self._add(move, stood, scores, before, totals)
                board.undo_to(mark)
            board.undo_to(result.mark)
            for move in played:
                result = engine.apply(board, move, Turn(player), check=False)
                self._add(move, after(parts, result.mark), scores, before, totals)
                board.undo_to(result.mark)

    def _add(self, move: Move, moved: FinalParts, scores: list[int], before: list[int],
             totals: Callable[[FinalParts], list[int]]) -> None:
        """Keep what ``move``, just made, does (final parts ``moved``; the position's
        scores and totals ``scores`` and ``before``), when it composes."""
        board = self.board
        if not any(moved.rest) and self._same_goods():
            touched, hot = touched_roots(board, self.mark, self.nodes)
            self.effects[move] = Effect(
                move.x, move.y, touched, hot,
                tuple(p.score - s for p, s in zip(board.players, scores, strict=True)),
                tuple(t - b for t, b in zip(totals(moved), before, strict=True)))

    @staticmethod
    def usable(engine: Engine, hand: list[Tile]) -> bool:
        """Whether moves may be composed under the engine's ruleset with this hand."""
        return (len(hand) > 1 and set(engine.rules.figure_kinds()) <= LOCAL_FIGURES
                and not any(engine.restricts(t) for t in hand))

    def _same_goods(self) -> bool:
        return all(p.goods == g for p, g in zip(self.board.players, self.goods, strict=True))

    def line(self, part: int, parts: FinalParts, totals: list[int], gained: list[int],
             goal: Goal) -> Line | None:
        """The line of moves played since the reference, ending on the current board
        (its final ``parts`` and ``totals``, the points each player ``gained`` over the
        puzzle), to compose the last tile's moves with; None when none may be (see the
        module docstring)."""
        board = self.board
        if part != 1 or not self.effects or any(parts.rest) or not self._same_goods():
            return None
        cells = [entry[1] for entry in board.journal[self.mark:] if entry[0] == "place"]
        touched, hot = touched_roots(board, self.mark, self.nodes)
        return Line(self, cells, touched, hot, _End(board, totals, gained), goal)


class Line:
    """A line of moves since the :class:`Reference`, composing the last tile's moves."""

    __slots__ = ("cells", "end", "goal", "hot", "near", "reference", "touched")

    def __init__(self, reference: Reference, cells: list[Cell], touched: frozenset[int],
                 hot: frozenset[int], end: _End, goal: Goal) -> None:
        self.reference = reference
        self.cells = cells
        #: the cells among the eight around (or on) a cell of the line
        self.near = frozenset([(x + dx, y + dy) for x, y in cells
                               for dx in (-1, 0, 1) for dy in (-1, 0, 1)])
        self.touched = touched
        self.hot = hot
        self.end = end
        self.goal = goal

    def effect(self, move: Move) -> Effect | None:
        """What ``move`` adds at the end of the line, when it is independent of it."""
        effect = self.reference.effects.get(move)
        if effect is None:
            return None
        if (effect.x, effect.y) in self.near or not effect.touched.isdisjoint(self.hot) \
                or not effect.hot.isdisjoint(self.touched):
            return None
        return effect

    def order(self, effect: Effect) -> tuple[int, ...]:
        """The :attr:`Outcome.order <.objectives.Outcome.order>` of the line ending with
        the move of ``effect`` (without making the outcome)."""
        end = self.end
        totals = [t + d for t, d in zip(end.totals, effect.final, strict=True)]
        player = self.goal.player
        return (*self.goal.key_of(totals), end.start[player] + effect.score[player])

    def outcome(self, effect: Effect) -> Outcome:
        """The outcome of the line ending with the move of ``effect``."""
        end = self.end
        end.score, end.final = effect.score, effect.final
        return self.goal.outcome(end)


class _End:
    """The end of a composed line, as an objective reads it (:class:`~.objectives.LineEnd`)."""

    __slots__ = ("board", "final", "score", "start", "totals")

    def __init__(self, board: Board, totals: list[int], gained: list[int]) -> None:
        self.board = board
        self.totals = totals
        self.start = gained
        #: what the last move adds (:class:`Effect`)
        self.score: tuple[int, ...] = ()
        self.final: tuple[int, ...] = ()

    def gained(self, player: int) -> int:
        return self.start[player] + self.score[player]

    def final_totals(self) -> list[int]:
        return [t + d for t, d in zip(self.totals, self.final, strict=True)]

    def dead(self, cell: Cell) -> bool:  # pragma: no cover - composable goals never ask
        raise AssertionError("a composed line has no bag")

