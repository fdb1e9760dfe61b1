"""Moves, figure actions and the state of a turn."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import field
from itertools import accumulate
from operator import itemgetter
from typing import NamedTuple, overload

from editor.model.events import Event
from editor.model.findings import Finding
from editor.model.records import record
from editor.model.tiles import Tile

PLACE = "place"
#: Take a figure back from the board instead of placing one (the C2 abbot).
TAKE_BACK = "take-back"


class FigureAction(NamedTuple):
    """What the player does with a figure after placing the tile.

    ``place``: stand a figure of ``kind`` on ``segment`` of the tile just placed, with the
    figure kinds in ``assign`` beside it (C3.1 assigns a builder or a pig to a new meeple).
    ``take-back``: lift the player's figure from ``segment`` of the tile at ``cell``.
    """

    kind: str
    segment: str
    action: str = PLACE
    cell: tuple[int, int] | None = None
    assign: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.action == TAKE_BACK:
            return f"take back {self.kind} from {self.segment} at {self.cell}"
        extra = "".join(f" with {k}" for k in self.assign)
        return f"{self.kind}{extra} on {self.segment}"


#: A decision a player takes during a move, as a value of an edition's option for that
#: player alone: (option, player, value). ``("farmer_after_pig", 1, "returns")``: when
#: the move scores the pigs (C3.1), player 1 takes their farmer back with the pig.
Choice = tuple[str, int, str]


class Move(NamedTuple):
    """Place ``tile`` at (x, y) turned ``rotation`` quarter turns, then an optional action;
    ``choices`` are the players' decisions during the move (each overrides an option's
    value for that player)."""

    player: int
    tile: Tile
    x: int
    y: int
    rotation: int = 0
    figure: FigureAction | None = None
    choices: tuple[Choice, ...] = ()

    def __str__(self) -> str:
        text = f"{self.tile.ref} at ({self.x}, {self.y}) R{self.rotation * 90}"
        text = f"{text} + {self.figure}" if self.figure else text
        extra = "".join(f"; player {p} {name}={value}" for name, p, value in self.choices)
        return text + extra


#: Per cell, the (rotation, figure action or None) pairs of the moves there.
Plan = tuple[tuple[int, FigureAction | None], ...]


class MoveList(Sequence[Move]):
    """The legal moves of one tile, made on demand from the plan of each cell: random play
    and a solver cutting a search short read few of them, and a cell's plan is shared by
    every cell whose contacts look the same."""

    __slots__ = ("_ends", "plans", "player", "tile")

    def __init__(self, player: int, tile: Tile, plans: list[tuple[tuple[int, int], Plan]]
                 ) -> None:
        self.player = player
        self.tile = tile
        #: (cell, plan) per cell where the tile fits, in the order of the board's frontier
        self.plans = plans
        self._ends = list(accumulate(map(len, map(itemgetter(1), plans))))

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __iter__(self) -> Iterator[Move]:
        new, player, tile = tuple.__new__, self.player, self.tile
        for (x, y), plan in self.plans:
            for r, action in plan:
                yield new(Move, (player, tile, x, y, r, action, ()))

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return list(self)[index]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("move index out of range")
        i = bisect_right(self._ends, index)
        (x, y), plan = self.plans[i]
        r, action = plan[index - (self._ends[i - 1] if i else 0)]
        return Move(self.player, self.tile, x, y, r, action)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


class Slot(NamedTuple):
    """What the rules may know about one segment of the tile just placed, for the player
    about to act: its kind and tags, whether its feature already holds any figure, and
    whether it holds one of the player's figures with strength (a follower)."""

    kind: str
    tags: tuple[str, ...]
    occupied: bool
    mine: bool


#: A figure kind a player may stand on a slot, with the kinds assigned beside it.
Offer = tuple[str, tuple[str, ...]]


@record(slots=True)
class Turn:
    """Whose turn it is and which part of it; plugins keep per-turn flags in ``flags``;
    ``choices`` holds the move's :data:`Choice` values by (option, player)."""

    player: int
    part: int = 1
    flags: dict[str, object] = field(default_factory=dict)
    choices: dict[tuple[str, int], str] = field(default_factory=dict)

    def choice(self, option: str, player: int, default: object) -> object:
        """The value ``player`` chose for ``option`` in this move, else ``default`` (the
        option's value in the ruleset)."""
        return self.choices.get((option, player), default)


@record(slots=True)
class MoveResult:
    """What applying a move did, and how to take it back."""

    move: Move
    mark: int
    events: list[Event]
    findings: list[Finding]
    next_turn: Turn

    @property
    def extra_turn(self) -> bool:
        """Whether the same player plays again."""
        return self.next_turn.player == self.move.player and self.next_turn.part > 1

    def points(self) -> dict[int, int]:
        """Points scored by the move, per player."""
        total: dict[int, int] = {}
        for e in self.events:
            if e.type == "score" and e.player is not None:
                total[e.player] = total.get(e.player, 0) + e.points
        return total


class IllegalMove(ValueError):
    """Raised in play mode when a move breaks a rule; carries the findings."""

    def __init__(self, findings: list[Finding]) -> None:
        super().__init__("; ".join(f.message for f in findings))
        self.findings = findings
