"""RULES.md §6 worked examples for the base game, under every edition they name."""

from __future__ import annotations

import pytest
from positions import board, final_scores, play, scores

from editor.formats.tilesets import tileset_from_dict
from editor.model import Catalogue, Figure
from editor.rules.engine import Engine

C1_SMALL = ["base:C1", "base:C1[rules=2001]"]
NO_SMALL = ["base:C1[rules=2002]", "base:C2", "base:C3"]


@pytest.mark.parametrize(("spec", "second_city", "total"),
                         [(s, 2, 8) for s in C1_SMALL] + [(s, 4, 10) for s in NO_SMALL])
def test_tiny_city(host, catalogue, spec, second_city, total):
    """§6.1: Wendy closes a 3-tile city (6), then a 2-tile city: 2 under the small-city rule
    of rules 2000/2001 ("Wendy has 8 points"), 4 otherwise (10)."""
    engine = Engine(host.ruleset(spec))
    b = board(catalogue, "base-c1", [("D", 0, 0, 0)], players=1, names=("Wendy",))
    play(engine, b, catalogue, "base-c1/G", 0, -1, 1, figure=("follower", "city"))
    first = play(engine, b, catalogue, "base-c1/H", 0, -2, 0, figure=("follower", "city-n"))
    assert first.points() == {0: 6}
    second = play(engine, b, catalogue, "base-c1/E", 0, -3, 2)
    assert second.points() == {0: second_city}
    assert scores(b) == [total]
    assert b.players[0].supply["follower"] == 7  # both knights came home


def pennant_cap_set():
    """A test-only set: a city cap with a pennant (no base tile is one)."""
    return tileset_from_dict({
        "format": 1, "id": "test-caps", "name": "Test caps", "part": "test", "edition": "T",
        "tiles": [{"id": "Cp", "count": 1, "segments": [
            {"id": "city", "kind": "city", "ports": ["NNW", "N", "NNE"], "pennants": 1},
            {"id": "field", "kind": "field",
             "ports": ["ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW"],
             "cities": ["city"]}]}]})


@pytest.mark.parametrize(("spec", "points"),
                         [(s, 3) for s in C1_SMALL] + [(s, 6) for s in NO_SMALL])
def test_tiny_city_with_pennant(host, catalogue, spec, points):
    """§6.2: a completed 2-tile city with 1 pennant scores 3 under the small-city rule
    (1 per tile + 1 per pennant), 2×2 + 2 = 6 otherwise."""
    cat = Catalogue([*catalogue.sets, pennant_cap_set()])
    engine = Engine(host.ruleset(spec))
    b = board(cat, "test-caps", [("Cp", 0, 0, 0)], figures=[(0, 0, 0, "city", "follower")])
    result = play(engine, b, cat, "base-c1/E", 0, -1, 2)
    assert result.points() == {0: points}
    assert scores(b) == [points, 0]


def two_city_farm(catalogue, set_id="base-c1", farmers=()):
    """H at the origin with both caps closed by E tiles: city X north (H.city-n + E), city Y
    south (H.city-s + E). Fields: F1 north of X (E at (0,-1)), F2 the H field touching X and
    Y, F3 south of Y (E at (0,1))."""
    return board(catalogue, set_id, [("H", 0, 0, 0), ("E", 0, -1, 2), ("E", 0, 1, 0)],
                 figures=farmers)


F1 = (0, -1, "field")
F2 = (0, 0, "field")
F3 = (0, 1, "field")


@pytest.mark.parametrize(("spec", "red"), [
    ("base:C1", 8), ("base:C1[rules=2001]", 6), ("base:C1[rules=2002]", 9),
    ("base:C2", 9), ("base:C3", 9)])
def test_field_versions_differ(host, catalogue, spec, red):
    """§6.14: Red farmers in F1 (touching X) and F2 (touching X and Y).
    2000: X → 4, Y → 4 = 8. 2001: F1 X 3; F2 X already paid, Y 3 = 6. 2002/C2/C3: 3 + 6 = 9."""
    b = two_city_farm(catalogue, farmers=[(0, *F1, "follower"), (0, *F2, "follower")])
    assert final_scores(Engine(host.ruleset(spec)), b) == [red, 0]


@pytest.mark.parametrize(("spec", "expected"), [
    ("base:C1", [4, 8]), ("base:C1[rules=2001]", [3, 6]), ("base:C1[rules=2002]", [3, 6]),
    ("base:C2", [3, 6])])
def test_field_2000_counts_farmers_over_all_fields(host, catalogue, spec, expected):
    """Red farms F1 (touching X), Blue farms F2 (touching X and Y).
    2000 counts farmers per city over every field touching it: X is a 1–1 tie → 4 each,
    Y → Blue 4: Red 4, Blue 8. Field by field: F1 Red 3; F2 Blue 3×2 = 6."""
    b = two_city_farm(catalogue, farmers=[(0, *F1, "follower"), (1, *F2, "follower")])
    assert final_scores(Engine(host.ruleset(spec)), b) == expected


def test_farms_dized_case_1(host, catalogue):
    """§6.11 case 1 (the shape of Dized's example): a farm where Yellow is alone next to two
    completed cities → Yellow 6; a larger farm with two completed cities where Yellow and Red
    tie → 6 each. Totals Yellow 12, Red 6."""
    names = ("Yellow", "Red")
    b = board(catalogue, "base-c2", [
        ("H", 0, 0, 0), ("E", 0, -1, 2), ("E", 0, 1, 0),     # farm 1: H field, cities X, Y
        ("H", 3, 0, 0), ("E", 3, -1, 2), ("E", 3, 1, 0),     # farm 2: H field ...
        ("E", 4, 0, 1)],                                     # ... + the field of this E
        figures=[(0, 0, 0, "field", "follower"),
                 (0, 3, 0, "field", "follower"), (1, 4, 0, "field", "follower")],
        names=names)
    assert final_scores(Engine(host.ruleset("base:C2")), b) == [12, 6]


def test_farms_dized_case_2(host, catalogue):
    """§6.11 case 2: one big farm with two completed cities, Yellow 2 farmers, Red 1:
    Yellow 6, Red 0."""
    b = board(catalogue, "base-c2", [("H", 0, 0, 0), ("E", 0, -1, 2), ("E", 0, 1, 0),
                                     ("E", 1, 0, 1), ("E", -1, 0, 3)],
              figures=[(0, 0, 0, "field", "follower"), (0, 1, 0, "field", "follower"),
                       (1, -1, 0, "field", "follower")], names=("Yellow", "Red"))
    engine = Engine(host.ruleset("base:C2"))
    assert final_scores(engine, b) == [6, 0]
    b.add_figure(Figure("follower", 1, b.cells[(1, 0)].node("field")))
    assert final_scores(engine, b) == [6, 6]  # now 2–2: both score


def test_city_tile_with_two_segments_counts_once(host, catalogue):
    """§6.12: a ring city of 5 segments on 4 tiles (I's two caps joined by three corners),
    no pennants: 2×4 = 8, not 10."""
    engine = Engine(host.ruleset("base:C2"))
    b = board(catalogue, "base-c2", [("I", 0, 0, 0), ("N", 0, -1, 3), ("N", -1, -1, 2)],
              figures=[(0, 0, 0, "city-n", "follower")])
    result = play(engine, b, catalogue, "base-c2/N", -1, 0, 1)
    assert result.points() == {0: 8}
    completed = [e for e in result.events if e.type == "completed"]
    assert [(e.feature, e.tiles) for e in completed] == [("city", 4)]


def test_tied_knights_both_score_in_full(host, catalogue):
    """§6.12: Red and Blue each have a knight in a completed 4-tile city with 1 pennant:
    both score 2×4 + 2 = 10."""
    engine = Engine(host.ruleset("base:C2"))
    b = board(catalogue, "base-c2", [("E", -1, 0, 1), ("F", 0, 0, 0), ("G", 1, 0, 0)],
              figures=[(0, 0, 0, "city", "follower"), (1, 1, 0, "city", "follower")])
    result = play(engine, b, catalogue, "base-c2/E", 2, 0, 3)
    assert result.points() == {0: 10, 1: 10}
    assert scores(b) == [10, 10]
    assert not b.figures
