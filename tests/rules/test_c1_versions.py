"""The C1 rules versions as two orthogonal options, ``farms`` and ``small_city``, with
``rules`` as a preset of the historical combinations (docs/rules.md#base.c1-versions)."""

from __future__ import annotations

import pytest
from positions import board, final_scores, play

from editor.rules.engine import Engine
from editor.rules.ruleset import RulesetError


@pytest.mark.parametrize(("spec", "farms", "small", "name"), [
    ("base:C1", "2000", True, "base:C1[rules=2000]"),
    ("base:C1[rules=2001]", "2001", True, "base:C1[rules=2001]"),
    ("base:C1[rules=2002]", "2002", False, "base:C1[rules=2002]"),
    ("base:C1[farms=2001]", "2001", True, "base:C1[rules=2001]"),
    ("base:C1[farms=2002,small_city=off]", "2002", False, "base:C1[rules=2002]"),
    ("base:C1[farms=2002,small_city=on]", "2002", True, "base:C1[farms=2002,small_city=on]"),
    ("base:C1[farms=2000,small_city=off]", "2000", False,
     "base:C1[farms=2000,small_city=off]"),
    # an option given beside a preset wins over the preset's value for it
    ("base:C1[rules=2001,farms=2002]", "2002", True, "base:C1[farms=2002,small_city=on]"),
    ("base:C1[rules=2002,small_city=on]", "2002", True, "base:C1[farms=2002,small_city=on]"),
])
def test_presets_expand_into_the_two_options(host, spec, farms, small, name):
    rules = host.ruleset(spec)
    assert rules.options["base:C1"]["farms"] == farms
    assert rules.options["base:C1"]["small_city"] is small
    assert "rules" not in rules.options["base:C1"]
    assert rules.name == name
    assert host.ruleset(rules.name).options == rules.options


def test_the_preset_reads_back_from_its_options(host):
    assert host.ruleset("base:C1[farms=2001]").option("base:C1", "rules") == "2001"
    assert host.ruleset("base:C1[farms=2002,small_city=on]").option("base:C1", "rules") is None


@pytest.mark.parametrize(("spec", "message"), [
    ("base:C1[farms=1999]", "'farms' must be one of"),
    ("base:C1[rules=2003]", "'rules' must be one of"),
    ("base:C2[farms=2001]", "has no option 'farms'"),
    ("base:C1[small_city=maybe]", "'small_city' must be a bool"),
])
def test_bad_values(host, spec, message):
    with pytest.raises(RulesetError, match=message):
        host.ruleset(spec)


def tiny_city_game(engine, catalogue):
    """RULES.md §6 ex. 1 (JCZ tiny-city-rule) on our own board: Red's knight on the
    city of G (0, -1); H above closes the 3-tile city (6) with Red's second knight on its
    north cap; E above that closes a 2-tile city."""
    b = board(catalogue, "base-c1", [("D", 0, 0, 0)], players=1)
    play(engine, b, catalogue, "base-c1/G", 0, -1, 1, figure=("follower", "city"))
    play(engine, b, catalogue, "base-c1/H", 0, -2, 0, figure=("follower", "city-n"))
    closing = play(engine, b, catalogue, "base-c1/E", 0, -3, 2)
    return b, closing


@pytest.mark.parametrize(("spec", "small_city_points"), [
    ("base:C1[rules=2000]", 2), ("base:C1[rules=2001]", 2),
    ("base:C1[farms=2002,small_city=on]", 2), ("base:C1[rules=2002]", 4),
    ("base:C2[small_city=on]", 2), ("base:C2", 4),
])
def test_small_city_follows_its_option_alone(host, catalogue, spec, small_city_points):
    b, closing = tiny_city_game(Engine(host.ruleset(spec)), catalogue)
    assert closing.points() == {0: small_city_points}
    assert b.players[0].score == 6 + small_city_points
    rule_ids = {e.rule_id for e in closing.events if e.type == "score"}
    assert rule_ids == {"base.city.small-city" if small_city_points == 2 else "base.city"}


def field_position(catalogue):
    """JCZ field-scoring on our board: Red's farmer on the field of E at (0, -1), north of
    the start D; H above it (its two caps: the south one closes the city of E), and E at
    (1, -2) closing H's north cap, with Red's second farmer on its field. The first field
    touches the 2-tile city below and the north cap city; the second touches that north
    cap city: 3 + 6 under field-by-field rules."""
    b = board(catalogue, "base-c1", [("D", 0, 0, 0), ("E", 0, -1, 2), ("H", 0, -2, 1),
                                     ("E", 1, -2, 3)],
              figures=[(0, 0, -1, "field", "follower"), (0, 1, -2, "field", "follower")])
    return b


@pytest.mark.parametrize(("spec", "red"), [
    ("base:C1[rules=2002]", 9), ("base:C1[farms=2002,small_city=on]", 9),
    ("base:C1[rules=2001]", 6), ("base:C1[rules=2000]", 8),
])
def test_farms_follow_their_option_alone(host, catalogue, spec, red):
    """JCZ's field-scoring test gives Oscar 9: with the small-city rule alone (JCZ's
    tiny-city-scoring 2) the farms still pay 9; only rules 2001 (a city once per player)
    give 6, and rules 2000 (4 per city, two cities) 8."""
    assert final_scores(Engine(host.ruleset(spec)), field_position(catalogue))[0] == red
