"""The summary: points by feature, spreads, wins, winner changes with their intervals, tiles
put aside, goods and pigs (#19.2)."""

from __future__ import annotations

import pytest

from editor.study.spec import BOX, SELF_PLAY, StudySpec, TileSetChoice
from editor.study.summary import mean_interval, summarise, wilson
from editor.study.summary_text import render
from editor.study.table import POINTS, GameResult

A, B = "base:C2", "base:C1[rules=2000]"
SPEC = StudySpec(SELF_PLAY, (A, B), (TileSetChoice(BOX),), ("random", "random"), 4, 1)


def game(ruleset: str, number: int, scores: tuple[int, int], *, goods: tuple[int, int] = (0, 0),
         aside: str = "", city: int = 0) -> GameResult:
    from editor.study.games import winners

    without = winners([s - g for s, g in zip(scores, goods, strict=True)])
    points = dict.fromkeys(POINTS, 0) | {"city": city, "goods": sum(goods),
                                          "road": sum(scores) - city - sum(goods)}
    top = sorted(scores, reverse=True)
    return GameResult(SELF_PLAY, ruleset, BOX, number, players=2, scores=scores,
                      winners=winners(scores), margin=top[0] - top[1], points=points,
                      winners_without_goods=without, winners_without_pig=winners(scores),
                      unplaced=len(aside.split()), unplaced_tiles=aside,
                      rule_points=f"base.city={city} base.road={sum(scores) - city - sum(goods)}")


ROWS = [game(A, 1, (10, 20), city=6), game(A, 2, (30, 20), goods=(10, 0), aside="base-c2/X"),
        game(A, 3, (15, 15)), game(A, 4, (40, 10), aside="base-c2/X base-c2/E"),
        game(B, 1, (25, 20)), game(B, 2, (30, 20)), game(B, 3, (15, 16)), game(B, 4, (40, 10))]


def test_wilson_intervals() -> None:
    assert wilson(0, 10) == pytest.approx({"share": 0, "low": 0, "high": 0.2775}, abs=1e-4)
    assert wilson(5, 10) == pytest.approx({"share": 0.5, "low": 0.2366, "high": 0.7634},
                                          abs=1e-4)
    assert wilson(0, 0) == {"share": 0.0, "low": 0.0, "high": 0.0}


def test_mean_interval() -> None:
    assert mean_interval([1, 3]) == pytest.approx({"mean": 2, "low": 2 - 1.95996 * 1.41421 /
                                                   1.41421, "high": 2 + 1.95996}, abs=1e-4)
    assert mean_interval([4]) == {"mean": 4, "low": 4, "high": 4}


def test_groups_say_points_spreads_wins_and_tiles() -> None:
    summary = summarise(SPEC, ROWS, planned=8)
    first = summary["groups"][0]
    assert first["ruleset"] == A and first["games"] == 4
    assert first["points"]["city"] == 1.5 and first["points"]["goods"] == 2.5
    assert first["scores"] == {"mean": 20, "sd": pytest.approx(10.351, abs=0.001), "min": 10,
                               "median": 17.5, "max": 40}
    assert first["margin"]["mean"] == (10 + 10 + 0 + 30) / 4
    assert [w["share"] for w in first["wins"]] == [0.75, 0.5]  # a tie counts for both
    assert first["ties"]["games"] == 1
    assert first["unplaced"]["tiles"] == [{"tile": "base-c2/X", "times": 2, "per_game": 0.5},
                                          {"tile": "base-c2/E", "times": 1, "per_game": 0.25}]
    assert first["goods"]["decided"]["games"] == 1  # 30–20 would be a 20–20 tie
    assert first["rules"][0] == {"rule_id": "base.road", "points": 36.0}


def test_winner_changes_are_counted_pair_by_pair() -> None:
    pair, = summarise(SPEC, ROWS, planned=8)["pairs"]
    assert (pair["a"], pair["b"], pair["games"], pair["changed"]) == (A, B, 4, 2)  # 1 and 3
    assert pair["share"] == 0.5 and pair["low"] < 0.5 < pair["high"]
    assert pair["score_change"]["mean"] == (15 + 0 + 0 + 0 + 0 + 1 + 0 + 0) / 8
    assert pair["margin_change"]["mean"] == ((5 - 10) + 0 + (1 - 0) + 0) / 4


def test_failed_games_count_apart() -> None:
    from editor.study.games import failed

    rows = [*ROWS[:3], failed(ROWS[3], "boom"), *ROWS[4:]]
    summary = summarise(SPEC, rows, planned=8)
    assert summary["played"] == 7 and summary["failed"] == 1 and summary["complete"]
    assert summary["groups"][0]["failed"] == 1
    assert summary["failures"] == [{"ruleset": A, "tileset": BOX, "game": "4", "error": "boom"}]
    assert summary["pairs"][0]["games"] == 3


def test_the_text_has_every_section() -> None:
    text = render(summarise(SPEC, ROWS, planned=10) | {"retried": 2})
    assert text.startswith("Self-play study: 2 rulesets × 1 tile set (box); players random, "
                           "random; seed 1\nPlayed 8 of 10 games (0 failed, 2 sent again after "
                           "a lost worker); not complete: resume it")
    for heading in ("Points per game by feature", "Scores (every player) and wins",
                    "Winner changes between rulesets", "Tiles that could not be placed",
                    "Goods and pigs"):
        assert heading in text
    assert "50.0 % [15.0–85.0]" in text
