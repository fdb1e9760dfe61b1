"""Farm scoring line by line: the points, the explanation a person reads, the feature and
rule each line names (RULES.md §6.14), under each of the three farm rules of the first
edition. Written for the mutants that survived the first mutation run (README: Development).

The position: H at the origin with both caps closed by E tiles, city X north (root 3) and
city Y south (root 5). F1 is the field of the E north of X, F2 the field of H between the
cities, F3 the field of the E south of Y.
"""

from __future__ import annotations

import pytest
from positions import board

from editor.rules.engine import Engine

CITIES = [("H", 0, 0, 0), ("E", 0, -1, 2), ("E", 0, 1, 0)]


def lines(host, catalogue, farms: str, figures, extension: str = "") -> list[tuple]:
    """(player, points, feature, tiles, reason, rule id) of each final scoring line."""
    b = board(catalogue, "base-c1", CITIES, figures=figures)
    events = Engine(host.ruleset(f"base:C1[rules={farms}]{extension}")).final_scoring(b)
    return [(e.player, e.points, e.feature, e.tiles, e.reason, e.rule_id) for e in events]


RED_ON_F1_AND_F2 = [(0, 0, -1, "field", "follower"), (0, 0, 0, "field", "follower")]


def test_2000_each_city_pays_4_and_says_how_many_fields_surround_it(host, catalogue):
    assert lines(host, catalogue, "2000", RED_ON_F1_AND_F2) == [
        (0, 4, "field", 2, "farmers beside a completed city (tiles: 2, fields: 2): 4",
         "base.farm.2000"),
        (0, 4, "field", 2, "farmers beside a completed city (tiles: 2, fields: 1): 4",
         "base.farm.2000")]


def test_2001_and_2002_pay_3_a_city_per_field(host, catalogue):
    """2001: F2 touches both cities and pays both (6); F1 touches X, already paid to Red:
    nothing. 2002: every field pays its own cities: F2 6, F1 3."""
    two = (0, 6, "field", 1, "field (tiles: 1, completed cities: 2): 3×2")
    assert lines(host, catalogue, "2001", RED_ON_F1_AND_F2) == [(*two, "base.farm.2001")]
    assert lines(host, catalogue, "2002", RED_ON_F1_AND_F2) == [
        (*two, "base.farm.2002"),
        (0, 3, "field", 1, "field (tiles: 1, completed cities: 1): 3×1", "base.farm.2002")]


@pytest.mark.parametrize(("farms", "points"), [("2000", 4), ("2001", 3), ("2002", 3)])
def test_a_city_without_farmers_does_not_stop_the_next_from_paying(host, catalogue, farms,
                                                                   points):
    """Blue's pig alone on F1 (a pig is no farmer) and Red's farmer on F3: city X, scored
    first (root 3), has figures around it but no farmer and pays nobody; city Y beside F3
    still pays Red."""
    figures = [(1, 0, -1, "field", "pig"), (0, 0, 1, "field", "follower")]
    found = lines(host, catalogue, farms, figures, " + traders-builders:C1")
    assert [(p, n) for p, n, *_ in found] == [(0, points)]


def test_2000_a_tie_pays_each_tied_player_in_full(host, catalogue):
    """Red on F1 and F2, Blue on F3: X (F1, F2) pays Red alone; around Y Red (F2) and Blue
    (F3) have one farmer each, a tie, and both get the full 4."""
    figures = [(0, 0, -1, "field", "follower"), (0, 0, 0, "field", "follower"),
               (1, 0, 1, "field", "follower")]
    found = lines(host, catalogue, "2000", figures)
    assert [(p, n, reason.split("(")[1]) for p, n, _, _, reason, _ in found] == [
        (0, 4, "tiles: 2, fields: 2): 4"), (0, 4, "tiles: 2, fields: 2): 4"),
        (1, 4, "tiles: 2, fields: 2): 4")]


def test_2001_a_city_is_paid_with_the_field_holding_the_pig(host, catalogue):
    """Red farms F1 with a pig and F2 without: X touches both and is paid with F1, where the
    pig makes it 4 instead of 3, though F2 touches more cities; F2 pays Y: 3 + 1 + 3 = 7."""
    figures = [(0, 0, -1, "field", "follower"), (0, 0, -1, "field", "pig"),
               (0, 0, 0, "field", "follower")]
    assert lines(host, catalogue, "2001", figures, " + traders-builders:C1") == [
        (0, 3, "field", 1, "field (tiles: 1, completed cities: 1): 3×1", "base.farm.2001"),
        (0, 1, "field", 0, "pig in the field: +1 × 1 completed city, 4 per city instead of 3",
         "traders-builders.pig.field"),
        (0, 3, "field", 1, "field (tiles: 1, completed cities: 1; 1 more city paid with "
         "another field of this player): 3×1", "base.farm.2001")]
