"""A position under a ruleset, built tile by tile as EXAMPLES.md writes them: tiles by full
reference (``inns-cathedrals-c2/B``), rotations in degrees, figures by segment id."""

from __future__ import annotations

from editor.model import Board, Catalogue, Player, Tile
from editor.model.board import Placed
from editor.model.events import Event
from editor.model.players import DEFAULT_COLOURS, Figure
from editor.plugins import PluginHost
from editor.rules.engine import Engine
from editor.rules.moves import FigureAction, Move, MoveResult, Turn

NAMES = ("Red", "Blue", "Green")
LARGE = "large-follower"


class Game:
    """Players Red (0) and Blue (1) with the ruleset's whole supply."""

    def __init__(self, host: PluginHost, catalogue: Catalogue, spec: str,
                 players: int = 2) -> None:
        self.catalogue = catalogue
        self.rules = host.ruleset(spec)
        self.engine = Engine(self.rules)
        supply = {k.name: k.supply for k in self.rules.figure_kinds().values()}
        self.board = Board([Player(NAMES[i], DEFAULT_COLOURS[i], supply=dict(supply))
                            for i in range(players)])

    def tile(self, ref: str) -> Tile:
        return self.catalogue.tile(ref)

    def put(self, ref: str, x: int, y: int, degrees: int = 0) -> Placed:
        """Lay a tile without rules (setting up a position)."""
        return self.board.place(self.tile(ref), x, y, degrees // 90)

    def stand(self, owner: int, x: int, y: int, segment: str, kind: str = "follower") -> Figure:
        """Stand a figure from ``owner``'s supply without rules."""
        figure = Figure(kind, owner, self.board.cells[(x, y)].node(segment))
        self.board.add_figure(figure)
        self.board.add_supply(owner, kind, -1)
        return figure

    def play(self, ref: str, x: int, y: int, degrees: int = 0, kind: str | None = None,
             segment: str = "", player: int = 0) -> MoveResult:
        """A move in play mode (the engine refuses an illegal one)."""
        action = FigureAction(kind, segment) if kind else None
        move = Move(player, self.tile(ref), x, y, degrees // 90, action)
        return self.engine.apply(self.board, move, Turn(player))

    def final(self) -> list[Event]:
        return self.engine.final_scoring(self.board)

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.board.players]


def scores_of(events: list[Event]) -> list[tuple[int | None, int, str]]:
    """(player, points, rule id) of the score events, in order."""
    return [(e.player, e.points, e.rule_id) for e in events if e.type == "score"]


def h4(g: Game) -> None:
    """EXAMPLES.md H4 before its last move: Blue's open cathedral city of 5 tiles with a
    wheat (the move ``base-c2/D@1,0:0`` closes it)."""
    g.put("base-c2/D", 0, 0)
    g.put("inns-cathedrals-c2/K", 0, -1)
    g.put("traders-builders-c2/G", 1, -1, 270)
    g.put("base-c2/E", 0, -2, 180)
    g.put("base-c2/E", -1, -1, 90)
    g.stand(1, 0, -1, "city")
