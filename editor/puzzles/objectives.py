"""Objectives: what a line of moves achieves, as a value to rank by.

Every objective gives an :class:`Outcome` whose ``key`` is the objective's value (moves
with equal keys tie; higher is better) and whose ``points`` are the points the player
gained on the score track over the line, which orders moves of equal key for display:

- ``most-points``: the points scored this turn (the tile in hand and a builder's extra
  tile); key ``(points,)``.
- ``best-margin``: after the whole hand and final scoring, the player's total minus the best
  opponent's; key ``(margin,)``.
- ``reach-points``: after the whole hand, the player's score on the track is at least
  ``points`` (final scoring not counted); key ``(1,)`` or ``(0,)``.
- ``block-completion``: after the whole hand the feature is not completed and one of the
  cells it needs (across an open end, or around a monastery) is dead: no tile left in the
  bag fits there; key ``(1,)`` or ``(0,)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from editor.i18n import _, ngettext
from editor.model.board import NEIGHBOURS8, Board, Cell
from editor.model.features import open_ports
from editor.model.ports import SIDE_DELTA, side_of
from editor.model.tiles import CLOISTER_KINDS, EDGE_KINDS
from editor.terms import feature_name

from .puzzle import (
    BEST_MARGIN,
    BLOCK_COMPLETION,
    MOST_POINTS,
    REACH_POINTS,
    Objective,
    PuzzleError,
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a line achieves for the objective's player."""

    key: tuple[int, ...]
    points: int
    margin: int | None = None
    success: bool | None = None

    @property
    def order(self) -> tuple[int, ...]:
        """Sort key: the objective's value, then the points scored."""
        return (*self.key, self.points)

    def describe(self) -> str:
        """``+7 points``, ``margin +3 (+7 points)``, ``met (+4 points)``."""
        text = ngettext("{points} point", "{points} points", abs(self.points)).format(
            points=f"{self.points:+d}")
        if self.margin is not None:
            return _("margin {margin} ({points})").format(margin=f"{self.margin:+d}",
                                                          points=text)
        if self.success is not None:
            return (_("met ({points})") if self.success else _("not met ({points})")).format(
                points=text)
        return text

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``."""
        data: dict[str, object] = {"key": list(self.key), "points": self.points}
        if self.margin is not None:
            data["margin"] = self.margin
        if self.success is not None:
            data["success"] = self.success
        return data


class LineEnd(Protocol):
    """The board at the end of a line, as an objective reads it."""

    board: Board

    def gained(self, player: int) -> int:
        """Points ``player`` scored on the track since the puzzle's position."""
        ...

    def final_totals(self) -> list[int]:
        """Every player's score after final scoring (the board is left as it is)."""
        ...

    def dead(self, cell: Cell) -> bool:
        """Whether no tile left in the bag fits the empty ``cell``."""
        ...


class Goal:
    """An objective for one player, evaluated at the end of a line."""

    #: the objective reads final scoring
    needs_final = False
    #: the objective reads which cells are dead
    needs_bag = False
    #: the line ends with the turn (no tile of the player's later turns is played)
    this_turn = False
    #: the key says only whether the objective is met
    binary = False
    #: the outcome reads only the points gained and the final totals (a solver may add up
    #: the effects of independent moves, see :mod:`.independent`)
    composable = False

    def __init__(self, objective: Objective, player: int) -> None:
        self.objective = objective
        self.player = player

    def outcome(self, end: LineEnd) -> Outcome:
        """The outcome of the line that ended on ``end``."""
        points = end.gained(self.player)
        return Outcome((points,), points)

    def key_of(self, totals: list[int]) -> tuple[int, ...]:
        """The key of a line ending with these final totals (``composable`` goals)."""
        raise NotImplementedError(f"{type(self).__name__} does not compose lines")


class MostPoints(Goal):
    """Most points this turn."""

    this_turn = True


class BestMargin(Goal):
    """Best lead after the hand and final scoring."""

    needs_final = True
    composable = True

    def outcome(self, end: LineEnd) -> Outcome:
        key = self.key_of(end.final_totals())
        return Outcome(key, end.gained(self.player), margin=key[0])

    def key_of(self, totals: list[int]) -> tuple[int, ...]:
        """The key of a line ending with these final totals."""
        player = self.player
        others = [t for i, t in enumerate(totals) if i != player]
        return (totals[player] - max(others, default=0),)


class ReachPoints(Goal):
    """At least ``points`` on the score track after the hand."""

    binary = True

    def outcome(self, end: LineEnd) -> Outcome:
        reached = end.board.players[self.player].score >= (self.objective.points or 0)
        return Outcome((int(reached),), end.gained(self.player), success=reached)


class BlockCompletion(Goal):
    """The feature can no longer be completed after the hand."""

    needs_bag = True
    binary = True

    def __init__(self, objective: Objective, player: int, node: int) -> None:
        super().__init__(objective, player)
        self.node = node

    def outcome(self, end: LineEnd) -> Outcome:
        blocked = self.blocked(end)
        return Outcome((int(blocked),), end.gained(self.player), success=blocked)

    def blocked(self, end: LineEnd) -> bool:
        """Not completed, and a cell the feature needs is dead (or cannot take a tile)."""
        board = end.board
        if board.is_complete(self.node):
            return False
        cells = needed_cells(board, self.node)
        return not cells or any(end.dead(c) for c in cells)


def needed_cells(board: Board, node: int) -> list[Cell]:
    """The empty cells the feature holding ``node`` needs filled to be completed."""
    record = board.root_feature(node)
    if record.kind in EDGE_KINDS:
        found = []
        for (x, y), port in open_ports(board, record.members):
            dx, dy = SIDE_DELTA[side_of(port)]
            if (x + dx, y + dy) not in found:
                found.append((x + dx, y + dy))
        return found
    x, y = board.node_cell[node]
    return [(x + dx, y + dy) for dx, dy in NEIGHBOURS8 if (x + dx, y + dy) not in board.cells]


def goal_for(objective: Objective, to_move: int, board: Board) -> Goal:
    """The goal for a puzzle's objective on its board (``PuzzleError`` when it is unusable)."""
    player = objective.player if objective.player is not None else to_move
    if not 0 <= player < len(board.players):
        raise PuzzleError(ngettext(
            "the objective is for player {player}, but the board has {n} player",
            "the objective is for player {player}, but the board has {n} players",
            len(board.players)).format(player=player, n=len(board.players)))
    if objective.type == MOST_POINTS:
        return MostPoints(objective, player)
    if objective.type == BEST_MARGIN:
        return BestMargin(objective, player)
    if objective.type == REACH_POINTS:
        if objective.points is None:
            raise PuzzleError(_("a reach-points objective needs points"))
        return ReachPoints(objective, player)
    if objective.type == BLOCK_COMPLETION:
        ref = objective.feature
        if ref is None:
            raise PuzzleError(_("a block-completion objective needs a feature"))
        placed = board.at(ref.x, ref.y)
        if placed is None or ref.segment not in placed.tile.segment_index:
            raise PuzzleError(_("the objective's feature: no segment {segment!r} at ({x}, {y})"
                                ).format(segment=ref.segment, x=ref.x, y=ref.y))
        node = placed.node(ref.segment)
        kind = board.node_kind(node)
        if kind not in EDGE_KINDS | CLOISTER_KINDS:
            raise PuzzleError(_("the objective's feature ({feature}) is never completed").format(
                feature=feature_name(kind)))
        if board.is_complete(node):
            raise PuzzleError(_("the objective's feature is already completed"))
        return BlockCompletion(objective, player, node)
    raise PuzzleError(_("unknown objective {type!r}").format(type=objective.type))
