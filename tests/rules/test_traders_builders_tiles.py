"""Traders & Builders special tiles on a board (RULES.md §3.3, §3.5): the features they
make once placed."""

from __future__ import annotations

import pytest
from test_traders_builders import C1_TO_C3, Game, of, pts

from editor.model.features import describe

RED, BLUE = 0, 1
C31 = "traders-builders-c3.1"


def root(g: Game, x: int, y: int, segment: str) -> int:
    return g.board.find(g.board.cells[(x, y)].node(segment))


@pytest.mark.parametrize("edition", [*C1_TO_C3, "C3.1"])
def test_bridge(host, catalogue, edition):
    """The bridge (C2 B, C3.1 tile 2) crosses two roads that do not meet, with four fields.
    Straight roads on its four sides extend the N–S and W–E roads separately (3 tiles
    each); a thief on one does not occupy the other."""
    g = Game(host, catalogue, edition)
    g.put("tb:B", 0, 0)
    for x, y, r in ((0, -1, 1), (0, 1, 1), (-1, 0, 0), (1, 0, 0)):
        g.put("U", x, y, r)
    ns, we = root(g, 0, 0, "road-ns"), root(g, 0, 0, "road-we")
    assert ns != we
    assert ns == root(g, 0, -1, "road") == root(g, 0, 1, "road")
    assert we == root(g, -1, 0, "road") == root(g, 1, 0, "road")
    assert describe(g.board, ns).size == describe(g.board, we).size == 3
    fields = {root(g, 0, 0, f"field-{c}") for c in ("nw", "ne", "se", "sw")}
    assert len(fields) == 4
    g.stand(RED, 0, -1, "road")
    result = g.play("U", 2, 0, 0, "follower", "road", player=BLUE)
    assert result.findings == []


@pytest.mark.parametrize("edition", C1_TO_C3)
def test_cottage_road(host, catalogue, edition):
    """The cottage tile (C2 C): one road ends at the city, the other at the cottage, three
    fields. A thief's road A–U–C (monastery end, cottage end) is complete: 3 points."""
    g = Game(host, catalogue, edition)
    g.put("tb:C", 0, 0)
    assert root(g, 0, 0, "road-s") != root(g, 0, 0, "road-w")
    fields = [describe(g.board, root(g, 0, 0, f)) for f in ("field-nw", "field-sw", "field-e")]
    assert len({f.root for f in fields}) == 3
    city = root(g, 0, 0, "city")
    assert [city in f.cities for f in fields] == [True, False, True]
    g.put("A", -2, 0, 3)
    result = g.play("U", -1, 0, 0, "follower", "road")
    assert pts(result.events) == [(RED, 3)]


@pytest.mark.parametrize("edition", C1_TO_C3)
def test_three_road_monastery(host, catalogue, edition):
    """C1–C3 monastery (C2 J): its three roads each end at the monastery, splitting the
    fields in three; a road on each side stays separate."""
    g = Game(host, catalogue, edition)
    g.put("tb:J", 0, 0)
    g.put("U", -1, 0)
    g.put("U", 1, 0)
    roads = {root(g, 0, 0, r) for r in ("road-e", "road-s", "road-w")}
    assert len(roads) == 3
    assert root(g, -1, 0, "road") != root(g, 1, 0, "road")
    assert len({root(g, 0, 0, f) for f in ("field-n", "field-se", "field-sw")}) == 3


def test_two_road_monastery_c31(host, catalogue):
    """C3.1 monastery (tile 10): one road ends at the monastery, the other in the field;
    the whole field is connected, so the fields on both sides of a road joining either
    end are one feature. A thief's road A–U–(dead end) is complete: 3 points."""
    g = Game(host, catalogue, "C3.1")
    g.put(f"{C31}/10", 0, 0)
    assert root(g, 0, 0, "road-s") != root(g, 0, 0, "road-w")
    g.put("U", 0, 1, 1)
    g.put("A", -2, 0, 3)
    result = g.play("U", -1, 0, 0, "follower", "road")
    assert pts(result.events) == [(RED, 3)]
    field = root(g, 0, 0, "field")
    assert field == root(g, -1, 0, "field-n") == root(g, -1, 0, "field-s")
    assert field == root(g, 0, 1, "field-n") == root(g, 0, 1, "field-s")


def test_dead_end_road_c31(host, catalogue):
    """C3.1 farmhouse tile (3): the west road ends in the middle of the field, whose west
    part wraps around the road's end: the fields north and south of a road joining it are
    one field. The road C3.1/3–U–A is complete (3 points)."""
    g = Game(host, catalogue, "C3.1")
    g.put(f"{C31}/3", 0, 0)
    g.put("A", -2, 0, 3)
    result = g.play("U", -1, 0, 0, "follower", "road")
    assert pts(result.events) == [(RED, 3)]
    west = root(g, 0, 0, "field-w")
    assert west == root(g, -1, 0, "field-n") == root(g, -1, 0, "field-s")
    assert west != root(g, 0, 0, "field-e")


@pytest.mark.parametrize("edition", [*C1_TO_C3, "C3.1"])
def test_three_cities_and_inner_field(host, catalogue, edition):
    """C2 M (C3.1 13): three separate cities (NW with cloth, E, S) around an inner field
    touching all three. Red's farmer on the inner field; caps close the cities (Red the
    cloth city: 1 cloth). At the end the field pays 3 × 3 completed cities = 9 and the
    cloth majority 10."""
    g = Game(host, catalogue, edition)
    g.put("tb:M", 0, 0)
    g.stand(RED, 0, 0, "field")
    cities = {root(g, 0, 0, c) for c in ("city-nw", "city-e", "city-s")}
    assert len(cities) == 3
    assert describe(g.board, root(g, 0, 0, "field")).cities == cities
    g.put("E", 1, 0, 3)
    g.put("E", 0, 1, 0)
    g.put("E", -1, 0, 1)
    result = g.play("E", 0, -1, 2)
    assert [(e.player, e.goods) for e in of(result.events, "goods")] == [(RED, "cloth")]
    assert all(describe(g.board, c).complete for c in cities)
    assert pts(g.final()) == [(RED, 9), (RED, 10)]


def test_river_tile_c31(host, catalogue):
    """C3.1 river tile: a river curve (N–W here) and a city with a chicken. The River's
    rules apply to it: turned so that its river misses the spring's it is refused; turned
    to continue it, it fits. Its
    city, closed by two caps, gives Red's knight 2 × 3 = 6 and the closer a chicken."""
    g = Game(host, catalogue, "C3.1")
    g.put("river-c3/A", 0, 0)
    river = g.tile(f"{C31}/R")
    refused = g.engine.placement_findings(g.board, river, 0, 1, 1)
    assert "river-detached" in [f.code for f in refused]
    g.play(f"{C31}/R", 0, 1, 2, "follower", "city")
    assert root(g, 0, 1, "river") == root(g, 0, 0, "river")
    assert root(g, 0, 1, "river") not in {root(g, 0, 1, f) for f in ("field", "field-se")}
    g.play("E", 1, 1, 3, player=BLUE)
    result = g.play("E", 0, 2, 0, player=BLUE)
    assert pts(result.events) == [(RED, 6)]
    assert g.board.players[BLUE].goods == {"chicken": 1}
