"""Every worked example of EXAMPLES.md (§1 rules texts, §2 edge cases) with exact points per
player, under each edition it names; "base alone" is the same position without the plugin's
edition, the number the plugin must change."""

from __future__ import annotations

import pytest
from inns_game import LARGE, Game, h4, scores_of

C2 = "base:C2 + inns-cathedrals:C2"
EVERY = {  # ruleset, base tile set, expansion tile set
    "C1-2000": ("base:C1[rules=2000] + inns-cathedrals:C1", "base-c1", "inns-cathedrals-c1"),
    "C1-2001": ("base:C1[rules=2001] + inns-cathedrals:C1", "base-c1", "inns-cathedrals-c1"),
    "C1-2002": ("base:C1[rules=2002] + inns-cathedrals:C1", "base-c1", "inns-cathedrals-c1"),
    "C2": (C2, "base-c2", "inns-cathedrals-c2"),
    "C3": ("base:C3 + inns-cathedrals:C3", "base-c3", "inns-cathedrals-c3"),
}
INN, CATHEDRAL = "inns-cathedrals.inn", "inns-cathedrals.cathedral"


def game(host, catalogue, key: str, alone: bool = False) -> tuple[Game, str, str]:
    spec, base, ic = EVERY[key]
    return Game(host, catalogue, spec.split(" + ")[0] if alone else spec), base, ic


def r1(g: Game, b: str, ic: str, kind: str = "follower") -> None:
    g.put(f"{b}/D", 0, 0)
    g.put(f"{b}/W", -2, 0)
    g.put(f"{ic}/B", -1, 0)
    g.put(f"{b}/U", 1, 0)
    g.stand(0, -1, 0, "road", kind)


@pytest.mark.parametrize("key", list(EVERY))
def test_r1_a_completed_road_with_an_inn_and_five_tiles_scores_10(host, catalogue, key):
    g, b, ic = game(host, catalogue, key)
    r1(g, b, ic)
    result = g.play(f"{b}/W", 2, 0)
    assert scores_of(result.events) == [(0, 10, INN)]
    assert g.scores == [10, 0]
    assert not g.board.figures
    line = next(e for e in result.events if e.type == "score")
    assert line.reason == "completed road of 5 tiles with an inn: 2×5"
    assert "carcassonne_inns/rules.md#inns-cathedrals.inn" in line.rule
    assert line.edition == EVERY[key][0].split("[")[0].split(" + ")[0]  # the base pays it


def test_r1_base_alone_scores_5(host, catalogue):
    g, b, ic = game(host, catalogue, "C2", alone=True)
    r1(g, b, ic)
    g.play(f"{b}/W", 2, 0)
    assert g.scores == [5, 0]


def r2(g: Game, b: str) -> None:
    g.put(f"{b}/D", 0, 0)
    g.put(f"{b}/G", 0, -1, 90)
    g.put(f"{b}/E", 0, -3, 180)
    g.stand(1, 0, -1, "city")
    g.stand(0, 0, -3, "city", LARGE)


@pytest.mark.parametrize("key", list(EVERY))
def test_r2_a_large_follower_beats_a_follower(host, catalogue, key):
    g, b, _ = game(host, catalogue, key)
    r2(g, b)
    result = g.play(f"{b}/F", 0, -2, 90)
    assert scores_of(result.events) == [(0, 10, "base.city")]
    assert g.scores == [10, 0]
    assert not g.board.figures
    assert g.board.players[0].supply[LARGE] == 1


def test_r2_base_alone_the_follower_wins(host, catalogue):
    """Without the plugin's edition the large follower is no figure of the ruleset."""
    g = Game(host, catalogue, "base:C1[rules=2002]")
    g.board.players[0].supply[LARGE] = 1
    r2(g, "base-c1")
    g.play("base-c1/F", 0, -2, 90)
    assert g.scores == [0, 10]


@pytest.mark.parametrize("key", list(EVERY))
def test_r2b_a_large_follower_ties_two_followers(host, catalogue, key):
    g, b, _ = game(host, catalogue, key)
    g.put(f"{b}/D", 0, 0)
    g.put(f"{b}/G", 0, -1, 90)
    g.put(f"{b}/F", 0, -2, 90)
    g.stand(0, 0, -2, "city", LARGE)
    g.stand(1, 0, -1, "city")
    g.stand(1, 0, 0, "city")
    events = g.final()
    assert sorted(scores_of(events)) == [(0, 4, "base.city"), (1, 4, "base.city")]
    assert g.scores == [4, 4]


def r3(g: Game, b: str) -> None:
    g.put(f"{b}/D", 0, 0)
    g.put(f"{b}/E", 0, -2, 180)
    g.stand(1, 0, -2, "city")


@pytest.mark.parametrize("key", list(EVERY))
def test_r3_a_cathedral_in_another_players_city_strips_it(host, catalogue, key):
    g, b, ic = game(host, catalogue, key)
    r3(g, b)
    assert scores_of(g.play(f"{ic}/K", 0, -1, player=0).events) == []
    events = g.final()
    assert scores_of(events) == [(1, 0, CATHEDRAL)]
    assert g.scores == [0, 0]
    assert next(e for e in events if e.type == "score").reason == \
        "incomplete city of 3 tiles, 0 pennants with a cathedral: 0"


def test_r3_without_the_cathedral_blue_scores_3(host, catalogue):
    g, b, _ = game(host, catalogue, "C2")
    r3(g, b)
    g.play(f"{b}/R", 0, -1, 90)
    g.final()
    assert g.scores == [0, 3]
    alone, _, ic = game(host, catalogue, "C2", alone=True)
    r3(alone, b)
    alone.put(f"{ic}/K", 0, -1)
    alone.final()
    assert alone.scores == [0, 3]


@pytest.mark.parametrize("key", ["C1-2002", "C2", "C3"])
def test_r4_the_junction_inn_belongs_to_its_own_road(host, catalogue, key):
    g, b, ic = game(host, catalogue, key)
    g.put(f"{b}/D", 0, 0)
    g.put(f"{b}/W", -1, 0)
    g.stand(0, -1, 0, "road-e")
    result = g.play(f"{ic}/C", 1, 0)
    assert scores_of(result.events) == [(0, 3, "base.road")]
    assert g.scores == [3, 0]


@pytest.mark.parametrize("key", list(EVERY))
def test_r5_two_inns_are_worth_one(host, catalogue, key):
    g, b, ic = game(host, catalogue, key)
    g.put(f"{b}/D", 0, 0)
    g.put(f"{b}/W", -2, 0)
    g.put(f"{ic}/B", -1, 0)
    g.put(f"{ic}/A", 1, 0)
    g.stand(0, -1, 0, "road")
    result = g.play(f"{b}/W", 1, 1, 180)
    assert scores_of(result.events) == [(0, 10, INN)]
    assert g.scores == [10, 0]


@pytest.mark.parametrize("key", list(EVERY))
def test_r6_a_large_follower_does_not_double_the_points(host, catalogue, key):
    g, b, ic = game(host, catalogue, key)
    r1(g, b, ic, LARGE)
    assert g.board.players[0].supply[LARGE] == 0
    result = g.play(f"{b}/W", 2, 0)
    assert scores_of(result.events) == [(0, 10, INN)]
    assert g.scores == [10, 0]
    assert g.board.players[0].supply[LARGE] == 1


@pytest.mark.parametrize("key", list(EVERY))
def test_h1_a_closed_loop_with_an_inn(host, catalogue, key):
    g, b, ic = game(host, catalogue, key)
    g.put(f"{b}/V", 0, 0, 270)
    g.put(f"{ic}/A", 1, 0)
    g.put(f"{b}/V", 1, 1, 90)
    g.stand(0, 1, 0, "road")
    result = g.play(f"{b}/V", 0, 1, 180)
    assert scores_of(result.events) == [(0, 8, INN)]
    assert g.scores == [8, 0]


def h2(g: Game, b: str, blue_second: bool = True) -> None:
    g.put(f"{b}/D", 0, 0)
    g.put(f"{b}/E", 0, -1, 180)
    g.put(f"{b}/B", 1, -1)
    g.put(f"{b}/U", 1, 0)
    g.stand(0, 1, -1, "field", LARGE)
    g.stand(1, 0, -1, "field")
    if blue_second:
        g.stand(1, 1, 0, "field-n")


@pytest.mark.parametrize(("key", "each"), [("C2", 3), ("C3", 3), ("C1-2002", 3),
                                           ("C1-2001", 3), ("C1-2000", 4)])
def test_h2_a_large_farmer_counts_two_under_every_farm_rule(host, catalogue, key, each):
    g, b, _ = game(host, catalogue, key)
    h2(g, b)
    g.final()
    assert g.scores == [each, each]


@pytest.mark.parametrize(("key", "each"), [("C2", 3), ("C1-2001", 3), ("C1-2000", 4)])
def test_h2b_a_large_farmer_beats_one_farmer(host, catalogue, key, each):
    g, b, _ = game(host, catalogue, key)
    h2(g, b, blue_second=False)
    g.final()
    assert g.scores == [each, 0]


def test_h2_base_alone_blue_wins_the_field(host, catalogue):
    g = Game(host, catalogue, "base:C2")
    g.board.players[0].supply[LARGE] = 1
    h2(g, "base-c2")
    g.final()
    assert g.scores == [0, 3]


TB = "base:C2 + inns-cathedrals:C2 + traders-builders:C2"


def test_h3_a_pig_beside_a_large_farmer(host, catalogue):
    g = Game(host, catalogue, TB)
    h2(g, "base-c2")
    g.stand(0, 1, -1, "field", "pig")
    g.final()
    assert g.scores == [4, 3]


def test_h4_a_cathedral_city_with_trade_goods(host, catalogue):
    g = Game(host, catalogue, TB)
    h4(g)
    result = g.play("base-c2/D", 1, 0)
    assert scores_of(result.events) == [(1, 18, CATHEDRAL)]
    assert [(e.player, e.goods, e.count) for e in result.events if e.type == "goods"] == [
        (0, "wheat", 1)]
    g.final()
    assert g.scores == [10, 18]


def test_h4_base_alone(host, catalogue):
    g = Game(host, catalogue, "base:C2 + traders-builders:C2")
    h4(g)
    g.play("base-c2/D", 1, 0)
    g.final()
    assert g.scores == [10, 12]


def test_h5_a_two_tile_inn_road_under_the_2000_rules(host, catalogue):
    g, b, ic = game(host, catalogue, "C1-2000")
    g.put(f"{b}/W", 0, 0)
    g.stand(0, 0, 0, "road-s")
    result = g.play(f"{ic}/N", 0, 1, 180)
    assert scores_of(result.events) == [(0, 4, INN)]


def offers(g: Game, ref: str, x: int, y: int, degrees: int = 0) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for a in g.engine.options_at(g.board, g.tile(ref), x, y, degrees // 90, 0):
        found.setdefault(a.kind, []).append(a.segment)
    return {k: sorted(v) for k, v in found.items()}


@pytest.mark.parametrize("key", ["C2", "C3"])
def test_h6_where_the_large_follower_may_stand(host, catalogue, key):
    g, b, ic = game(host, catalogue, key)
    g.put(f"{b}/D", 0, 0)
    got = offers(g, f"{ic}/B", -1, 0)
    assert got[LARGE] == ["field-n", "field-s", "road"]
    assert got["abbot"] == ["garden"]
    assert got["follower"] == got[LARGE]
    got = offers(g, f"{ic}/D", -1, 0)
    assert got[LARGE] == ["field-n", "field-s", "monastery", "road-e", "road-w"]


def test_h6_findings_garden_and_occupied(host, catalogue):
    g, b, ic = game(host, catalogue, "C2")
    g.put(f"{b}/D", 0, 0)
    g.stand(1, 0, 0, "road")
    placed = g.put(f"{ic}/B", -1, 0)
    from editor.rules.moves import FigureAction

    def why(segment: str) -> list[str]:
        return [f.code for f in g.engine.figure_findings(g.board, placed, 0,
                                                          FigureAction(LARGE, segment))]
    assert why("garden") == ["large-follower-placement"]
    assert why("road") == ["feature-occupied"]
    assert why("field-n") == []


def test_h6_a_large_follower_on_a_garden_is_a_board_finding(host, catalogue):
    g, b, ic = game(host, catalogue, "C2")
    g.put(f"{b}/D", 0, 0)
    g.put(f"{ic}/B", -1, 0)
    g.stand(0, -1, 0, "garden", LARGE)
    found = [f for f in g.engine.position_findings(g.board)
             if f.code == "large-follower-placement"]
    assert [(f.cell, f.segment) for f in found] == [((-1, 0), "garden")]


def test_h7_the_builder_beside_a_large_follower(host, catalogue):
    g = Game(host, catalogue, TB)
    g.put("base-c2/D", 0, 0)
    g.put("inns-cathedrals-c2/B", -1, 0)
    g.stand(0, -1, 0, "road", LARGE)
    assert "road" in offers(g, "base-c2/U", 1, 0).get("builder", [])
    g.play("base-c2/U", 1, 0, kind="builder", segment="road")
    result = g.play("base-c2/U", 2, 0)
    assert [e.type for e in result.events if e.type == "extra-turn"] == ["extra-turn"]


def test_h9_c31_is_not_offered(host):
    assert "inns-cathedrals:C3.1" not in host.editions
    assert {"inns-cathedrals:C1", "inns-cathedrals:C2", "inns-cathedrals:C3"} <= set(
        host.editions)


def test_jcz4_inns_scoring_alice_8_bob_0(host, catalogue):
    """JCloisterZone's older ``InnsAndCathedralsScoringTest.testInnsScoring`` (a JCZ 4 save
    our importer does not read), as our own position: Alice's road of 4 tiles with B's inn
    scores 8; Bob's inn road beyond the junction stays open and scores nothing."""
    g = Game(host, catalogue, "base:C1[rules=2002] + inns-cathedrals:C1")
    g.put("base-c1/D", 0, 0)
    g.play("inns-cathedrals-c1/B", 1, 0, kind="follower", segment="road", player=0)
    g.play("inns-cathedrals-c1/C", 2, 0, kind="follower", segment="road-e", player=1)
    result = g.play("inns-cathedrals-c1/I", -1, 0, player=0)
    assert scores_of(result.events) == [(0, 8, INN)]
    assert scores_of(g.final()) == [(1, 0, INN)]
    assert g.scores == [8, 0]
