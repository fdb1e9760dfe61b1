"""The puzzle block of a board file as typed objects, and solution moves ↔ their file form."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from editor.i18n import _, ngettext
from editor.model.board import Board
from editor.model.ports import quarter_turns
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue
from editor.rules.movelog import entry_of
from editor.rules.moves import TAKE_BACK, FigureAction, Move
from editor.terms import feature_name

MOST_POINTS = "most-points"
BEST_MARGIN = "best-margin"
REACH_POINTS = "reach-points"
BLOCK_COMPLETION = "block-completion"
OBJECTIVE_TYPES = (MOST_POINTS, BEST_MARGIN, REACH_POINTS, BLOCK_COMPLETION)


class PuzzleError(ValueError):
    """A puzzle block that cannot be used: no hand, a missing feature, an unknown tile."""


def _extras(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k.startswith("x-")}


@dataclass(frozen=True, slots=True)
class FeatureRef:
    """A feature named by one of its segments: the tile's cell and the segment id."""

    x: int
    y: int
    segment: str


@dataclass(slots=True)
class Objective:
    """What the player to move must achieve (see :mod:`editor.puzzles.objectives`)."""

    type: str = MOST_POINTS
    points: int | None = None
    player: int | None = None
    feature: FeatureRef | None = None
    extras: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Objective:
        """Read the ``objective`` object of a puzzle block."""
        feature = data.get("feature")
        return cls(type=data.get("type", MOST_POINTS), points=data.get("points"),
                   player=data.get("player"),
                   feature=FeatureRef(feature["x"], feature["y"], feature["segment"])
                   if feature else None, extras=_extras(data))

    def to_dict(self) -> dict[str, Any]:
        """The ``objective`` object as the file writes it."""
        data: dict[str, Any] = {"type": self.type}
        if self.points is not None:
            data["points"] = self.points
        if self.player is not None:
            data["player"] = self.player
        if self.feature is not None:
            data["feature"] = {"x": self.feature.x, "y": self.feature.y,
                               "segment": self.feature.segment}
        data.update(self.extras)
        return data

    def describe(self, names: list[str], to_move: int, board: Board | None = None) -> str:
        """The objective in one sentence, for people (``board`` names the feature's kind)."""
        who = self.player if self.player is not None else to_move
        name = names[who] if 0 <= who < len(names) else _("player {n}").format(n=who)
        if self.type == BEST_MARGIN:
            return _("{name}: the best lead over every opponent after final scoring").format(
                name=name)
        if self.type == REACH_POINTS:
            return ngettext("{name}: reach at least {n} point on the score track",
                            "{name}: reach at least {n} points on the score track",
                            self.points or 0).format(name=name, n=self.points)
        if self.type == BLOCK_COMPLETION and self.feature is not None:
            f = self.feature
            placed = board.at(f.x, f.y) if board is not None else None
            if placed is not None and f.segment in placed.tile.segment_index:
                return _("{name}: make sure the {feature} at ({x}, {y}) can never be "
                         "completed").format(name=name, x=f.x, y=f.y, feature=feature_name(
                             placed.tile.segment(f.segment).kind))
            return _("{name}: make sure the feature of {segment} at ({x}, {y}) can never be "
                     "completed").format(name=name, segment=f.segment, x=f.x, y=f.y)
        return _("{name}: score as many points as possible this turn").format(name=name)


@dataclass(slots=True)
class Puzzle:
    """A board file's ``puzzle`` block.

    ``hand`` holds tile references and ``solution`` the moves as the file writes them (use
    :func:`move_from_dict` against the board to read one).
    """

    objective: Objective = field(default_factory=Objective)
    to_move: int = 0
    hand: list[str] = field(default_factory=list)
    solution: list[dict[str, Any]] = field(default_factory=list)
    title: str = ""
    author: str = ""
    difficulty: int | None = None
    hints: list[str] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        """Read a schema-valid puzzle block."""
        return cls(objective=Objective.from_dict(data.get("objective", {})),
                   to_move=data.get("to_move", 0), hand=list(data.get("hand", [])),
                   solution=[dict(m) for m in data.get("solution", [])],
                   title=data.get("title", ""), author=data.get("author", ""),
                   difficulty=data.get("difficulty"), hints=list(data.get("hints", [])),
                   extras=_extras(data))

    def to_dict(self) -> dict[str, Any]:
        """The puzzle block as the file writes it (empty fields left out)."""
        data: dict[str, Any] = {}
        if self.title:
            data["title"] = self.title
        if self.author:
            data["author"] = self.author
        if self.difficulty is not None:
            data["difficulty"] = self.difficulty
        data["to_move"] = self.to_move
        data["hand"] = list(self.hand)
        data["objective"] = self.objective.to_dict()
        if self.solution:
            data["solution"] = [dict(m) for m in self.solution]
        if self.hints:
            data["hints"] = list(self.hints)
        data.update(self.extras)
        return data

    @property
    def player(self) -> int:
        """The player the objective is for (the player to move unless it names one)."""
        return self.objective.player if self.objective.player is not None else self.to_move

    def hand_tiles(self, catalogue: Catalogue) -> list[Tile]:
        """The hand as tiles (``PuzzleError`` for an unknown reference)."""
        try:
            return [catalogue.tile(ref) for ref in self.hand]
        except KeyError as exc:
            raise PuzzleError(_("the hand names an unknown tile {tile!r}").format(
                tile=exc.args[0])) from exc


def move_to_dict(move: Move) -> dict[str, Any]:
    """A move as a board file's move log and puzzle solution write it."""
    return entry_of(move)


def move_from_dict(data: dict[str, Any], catalogue: Catalogue, board: Board) -> Move:
    """Read a move of the file form; ``board`` is the position it is played on (a ``return``
    takes back the mover's figure standing on that segment, of whatever kind it is)."""
    if data.get("pass") or "tile" not in data:
        raise PuzzleError(_("a pass is not a puzzle move"))
    try:
        tile = catalogue.tile(data["tile"])
    except KeyError as exc:
        raise PuzzleError(_("unknown tile {tile!r}").format(tile=data["tile"])) from exc
    player = data["player"]
    action = None
    if "figure" in data:
        figure = data["figure"]
        action = FigureAction(figure["kind"], figure["segment"],
                              assign=tuple(figure.get("assign", ())))
    elif "return" in data:
        ref = data["return"]
        cell = (ref["x"], ref["y"])
        placed = board.cells.get(cell)
        node = placed.node(ref["segment"]) if placed and ref["segment"] in \
            placed.tile.segment_index else None
        mine = next((f for f in board.figures if f.node == node and f.owner == player), None)
        if mine is None:
            raise PuzzleError(_("player {player} has no figure on {segment} at {cell} to take "
                                "back").format(player=player, segment=ref["segment"],
                                               cell=cell))
        action = FigureAction(mine.kind, ref["segment"], TAKE_BACK, cell)
    return Move(player, tile, data["x"], data["y"], quarter_turns(data["rotation"]), action)
