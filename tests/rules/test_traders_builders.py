"""Traders & Builders: editions, goods (RULES.md §4.1, §6 ex. 4, 5), findings.

Also holds the helpers the other ``test_traders_builders_*`` modules import.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from positions import beside

from editor.model import Board, Catalogue, Player, Tile
from editor.model.board import Placed
from editor.model.events import Event
from editor.model.players import Figure
from editor.plugins import PluginHost
from editor.rules.engine import Engine
from editor.rules.moves import FigureAction, Move, MoveResult, Turn

NAMES = ("Red", "Blue", "Green", "Yellow")
SUPPLY = {"follower": 7, "abbot": 1, "builder": 1, "pig": 1}


@dataclass(frozen=True)
class Edition:
    """A ruleset under test and the tile sets its tiles come from."""

    spec: str
    base: str
    tb: str


EDITIONS = {
    "C1-2000": Edition("base:C1[rules=2000] + traders-builders:C1", "base-c1",
                       "traders-builders-c1"),
    "C1-2001": Edition("base:C1[rules=2001] + traders-builders:C1", "base-c1",
                       "traders-builders-c1"),
    "C1": Edition("base:C1[rules=2002] + traders-builders:C1", "base-c1", "traders-builders-c1"),
    "C2": Edition("base:C2 + traders-builders:C2", "base-c2", "traders-builders-c2"),
    "C3": Edition("base:C3 + traders-builders:C3", "base-c3", "traders-builders-c3"),
    "C3.1": Edition("base:C3 + traders-builders:C3.1", "base-c3", "traders-builders-c3.1"),
}
C1_TO_C3 = ["C1", "C2", "C3"]
ALL = ["C1", "C2", "C3", "C3.1"]


class Game:
    """One position under one edition: tiles by base letter (``"E"``), T&B C2 letter
    (``"tb:Q"``, found through the C3.1 set's ``C2:`` aliases) or full reference."""

    def __init__(self, host: PluginHost, catalogue: Catalogue, edition: str, players: int = 2,
                 **options: str) -> None:
        self.ed = EDITIONS[edition]
        self.catalogue = catalogue
        tb = self.ed.spec.split(" + ")[1]
        self.engine = Engine(host.ruleset(self.ed.spec, {tb: options} if options else None))
        self.board = Board([Player(NAMES[i], supply=dict(SUPPLY)) for i in range(players)])

    def tile(self, name: str) -> Tile:
        if "/" in name:
            return self.catalogue.tile(name)
        if name.startswith("tb:"):
            letter = name[3:]
            alias = f"C2:{letter}" if self.ed.tb.endswith("c3.1") else letter
            return self.catalogue.tile(f"{self.ed.tb}/{alias}")
        return self.catalogue.tile(f"{self.ed.base}/{name}")

    def put(self, name: str, x: int, y: int, r: int = 0) -> Placed:
        """Lay a tile without rules (setting up a position)."""
        return self.board.place(self.tile(name), x, y, r)

    def stand(self, owner: int, x: int, y: int, segment: str, kind: str = "follower") -> Figure:
        """Stand a figure from ``owner``'s supply without rules."""
        figure = Figure(kind, owner, self.board.cells[(x, y)].node(segment))
        self.board.add_figure(figure)
        self.board.add_supply(owner, kind, -1)
        return figure

    def play(self, name: str, x: int, y: int, r: int = 0, figure: str | None = None,
             segment: str = "", assign: tuple[str, ...] = (), player: int = 0,
             turn: Turn | None = None) -> MoveResult:
        """Play a move in play mode (``turn`` decides the player when given)."""
        turn = turn or Turn(player)
        action = FigureAction(figure, segment, assign=assign) if figure else None
        move = Move(turn.player, self.tile(name), x, y, r, action)
        return self.engine.apply(self.board, move, turn)

    def final(self) -> list[Event]:
        return self.engine.final_scoring(self.board)

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.board.players]

    def figures(self, kind: str) -> list[Figure]:
        return [f for f in self.board.figures if f.kind == kind]


def of(events: list[Event], type_: str, edition: str | None = None) -> list[Event]:
    """Events of one type (and edition prefix)."""
    return [e for e in events if e.type == type_
            and (edition is None or e.edition.startswith(edition))]


def pts(events: list[Event]) -> list[tuple[int | None, int]]:
    """(player, points) of the score events, in order."""
    return [(e.player, e.points) for e in of(events, "score")]


def snapshot(b: Board) -> tuple:
    """Cells and rotations, figures, players' score, goods and supply, frontier and what
    its cells meet, graph."""
    return (
        sorted((c, p.tile.ref, p.rotation) for c, p in b.cells.items()),
        list(b.figures),
        [(p.score, dict(p.goods), dict(p.supply)) for p in b.players],
        dict(b.frontier),
        {c: b.contacts_at(c) for c in sorted(beside(b))},
        list(b.parent),
        [(f.kind, list(f.members), f.open, f.nfig) for f in b.feature_of],
    )


# -- editions ---------------------------------------------------------------------------


def test_editions_registered(host):
    """Four editions, each an expansion with a builder and a pig of strength 0, one each;
    C3.1 pairs with base:C3 and alone has the ``farmer_after_pig`` option."""
    assert not [e for e in host.errors if "traders" in e.plugin]
    pairs = {"C1": "base:C1", "C2": "base:C2", "C3": "base:C3", "C3.1": "base:C3"}
    for label, base in pairs.items():
        edition = host.editions[f"traders-builders:{label}"]
        assert edition.expansion and edition.pairs_with == (base,)
        assert edition.tilesets == (f"traders-builders-{label.lower()}",)
        assert [(k.name, k.strength, k.supply) for k in edition.figures] == [
            ("builder", 0, 1), ("pig", 0, 1)]
        assert [o.name for o in edition.options] == (
            ["farmer_after_pig"] if label == "C3.1" else [])
    rules = host.ruleset("traders-builders:C3.1")
    assert [e.name for e in rules.editions] == ["base:C3", "traders-builders:C3.1"]
    assert rules.option("traders-builders:C3.1", "farmer_after_pig") == "stays"
    assert rules.strengths()["builder"] == rules.strengths()["pig"] == 0


@pytest.mark.parametrize(("label", "goods"), [
    ("c1", {"wine": 9, "wheat": 6, "cloth": 5}),
    ("c2", {"wine": 9, "wheat": 6, "cloth": 5}),
    ("c3", {"wine": 9, "wheat": 6, "cloth": 5}),
    ("c3.1", {"chicken": 9, "wheat": 6, "cloth": 5}),
])
def test_tile_set_goods(catalogue, label, goods):
    """§3.1: 24 tiles and 20 symbols; C3.1 counts the river tile and has chicken."""
    tile_set = catalogue.get_set(f"traders-builders-{label}")
    assert tile_set.tile_count == 24
    assert tile_set.goods_symbols() == goods
    rivers = [t for t in tile_set.tiles if t.has("river")]
    assert [t.goods for t in rivers] == ([{"chicken": 1}] if label == "c3.1" else [])


# -- goods on completion ------------------------------------------------------------------


def goods_city(g: Game) -> None:
    """A city of 5 tiles waiting for its last tile at (3, -1): a base E cap facing east
    at (0, 0), T&B Q (wine; C3.1 chicken) at (1, 0), T&B E (wheat, city W–E) at (2, 0),
    T&B G (wheat, city W+N) at (3, 0). Blue has a knight on Q."""
    g.put("E", 0, 0, 1)
    g.put("tb:Q", 1, 0)
    g.put("tb:E", 2, 0)
    g.put("tb:G", 3, 0)
    g.stand(1, 1, 0, "city")


@pytest.mark.parametrize("edition", ALL)
def test_goods_on_completion(host, catalogue, edition):
    """§6 ex. 4: you (Red) close the city with a base E at (3, -1): Blue's knight scores
    2 × 5 tiles = 10, and you take 1 wine (C3.1: chicken) and 2 wheat. At the end you hold
    the most of both kinds: 2 × 10 = 20 for you, Blue stays at 10."""
    g = Game(host, catalogue, edition)
    goods_city(g)
    result = g.play("E", 3, -1, 2)
    first = "chicken" if edition == "C3.1" else "wine"
    assert pts(result.events) == [(1, 10)]
    taken = of(result.events, "goods", "traders-builders")
    assert [(e.player, e.goods, e.count) for e in taken] == [(0, first, 1), (0, "wheat", 2)]
    assert g.board.players[0].goods == {first: 1, "wheat": 2}
    assert g.board.players[1].goods == {}
    assert g.scores == [0, 10]
    final = g.final()
    assert [(e.player, e.points, e.detail["goods"]) for e in of(final, "score")] == [
        (0, 10, first), (0, 10, "wheat")]
    assert g.scores == [20, 10]


@pytest.mark.parametrize("edition", ALL)
def test_goods_without_knights_and_not_at_the_end(host, catalogue, edition):
    """Goods go to whoever closes the city, even when nobody scores it; an incomplete
    city gives none at the end. Before the city is closed the end scoring pays nothing;
    then Blue closes the empty city: Blue takes 1 wine (chicken) + 2 wheat, no points."""
    g = Game(host, catalogue, edition)
    goods_city(g)
    g.board.remove_figure(g.board.figures[0])
    mark = g.board.mark()
    assert g.final() == []
    g.board.undo_to(mark)
    result = g.play("E", 3, -1, 2, player=1)
    assert pts(result.events) == []
    assert [e.player for e in of(result.events, "goods")] == [1, 1]
    assert sum(g.board.players[1].goods.values()) == 3
    assert g.board.players[0].goods == {}


# -- goods at the end ---------------------------------------------------------------------


def test_goods_majorities_c2(host, catalogue):
    """§6 ex. 5 (C2, 2 players): you hold wine 2, wheat 1, cloth 1; Blue wine 2, wheat 1,
    cloth 2. Wine and wheat are ties (10 each to both), cloth is Blue's: you 20, Blue 30."""
    g = Game(host, catalogue, "C2")
    for kind, n in {"wine": 2, "wheat": 1, "cloth": 1}.items():
        g.board.add_goods(0, kind, n)
    for kind, n in {"wine": 2, "wheat": 1, "cloth": 2}.items():
        g.board.add_goods(1, kind, n)
    events = g.final()
    assert [(e.player, e.detail["goods"]) for e in of(events, "score")] == [
        (0, "wine"), (1, "wine"), (0, "wheat"), (1, "wheat"), (1, "cloth")]
    assert "tie between 2 players" in of(events, "score")[0].reason
    assert g.scores == [20, 30]


def test_goods_majorities_c31(host, catalogue):
    """§6 ex. 5 (C3.1, 2 players): you hold chicken 3, cloth 2; Blue chicken 1, wheat 2,
    cloth 2: you score chicken and cloth, Blue wheat and cloth: 20 each."""
    g = Game(host, catalogue, "C3.1")
    g.board.add_goods(0, "chicken", 3)
    g.board.add_goods(0, "cloth", 2)
    g.board.add_goods(1, "chicken", 1)
    g.board.add_goods(1, "wheat", 2)
    g.board.add_goods(1, "cloth", 2)
    events = g.final()
    assert [(e.player, e.detail["goods"]) for e in of(events, "score")] == [
        (0, "chicken"), (1, "wheat"), (0, "cloth"), (1, "cloth")]
    assert g.scores == [20, 20]


@pytest.mark.parametrize("edition", ALL)
def test_goods_nobody_holds(host, catalogue, edition):
    """§7.12 (JCZ choice): a kind nobody holds pays nobody; a three-way tie pays all three.
    Red, Blue and Green hold 1 wheat each, nobody holds anything else: 10 each."""
    g = Game(host, catalogue, edition, players=3)
    for p in range(3):
        g.board.add_goods(p, "wheat", 1)
    events = g.final()
    assert pts(events) == [(0, 10), (1, 10), (2, 10)]
    assert "tie between 3 players" in events[0].reason
    assert g.scores == [10, 10, 10]


# -- findings -----------------------------------------------------------------------------


def codes(g: Game) -> list[str]:
    return sorted(f.code for f in g.engine.position_findings(g.board))


def test_goods_findings(host, catalogue):
    """Tokens of a kind the edition lacks, and more tokens than the box holds."""
    g = Game(host, catalogue, "C2")
    g.board.add_goods(0, "chicken", 1)
    g.board.add_goods(0, "cloth", 4)
    g.board.add_goods(1, "cloth", 2)
    assert codes(g) == ["goods-kind", "too-many-goods"]
    assert codes(Game(host, catalogue, "C3.1")) == []


@pytest.mark.parametrize("edition", ALL)
def test_figure_findings_on_the_board(host, catalogue, edition):
    """A builder without its owner's meeple, a pig on a road, two builders for one player.
    In C3.1 a builder must stand on its meeple's segment, in C1–C3 anywhere on the feature."""
    g = Game(host, catalogue, edition)
    g.put("D", 0, 0)
    g.put("U", 1, 0)
    g.stand(0, 0, 0, "road")
    g.stand(0, 1, 0, "road", "builder")
    assert codes(g) == ([] if edition != "C3.1" else ["builder-alone"])
    g.stand(1, 0, 0, "road", "builder")
    g.stand(1, 0, 0, "road", "builder")
    g.board.players[1].supply["builder"] = 0  # two builders on the board, none in supply
    g.stand(0, 1, 0, "road", "pig")
    expected = ["builder-alone", "builder-alone", "pig-placement", "too-many-figures"]
    if edition == "C3.1":
        expected = ["builder-alone", *expected]
    assert codes(g) == sorted(expected)

