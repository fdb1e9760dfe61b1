"""``check``: a reference solution is legal, optimal and unique, or the report says why;
every shipped puzzle passes."""

from __future__ import annotations

import pytest
from puzzle_support import board_dict, capped, move, position

from editor.puzzles import PuzzleError, check
from editor.resources import data_dir
from editor.rules.notation import format_move
from editor.workspace import open_position, ruleset_of

PUZZLES = sorted((data_dir("samples") / "puzzles").glob("*.board.json"))


def run(data: dict, catalogue):
    pos = position(data, catalogue)
    return check(pos, ruleset_of(pos), catalogue)


def test_a_legal_optimal_unique_solution_passes(catalogue):
    report = run(capped([move(0, -1, 180)]), catalogue)
    assert report.ok, report.problems
    assert report.outcome is not None and report.outcome.points == 4
    assert report.problems == []


def test_a_planted_tie_is_found_and_listed(catalogue):
    report = run(capped([move(0, -1, 180)], second_city=True), catalogue)
    assert report.legal and report.optimal and not report.unique and not report.ok
    assert [format_move(r.move) for r in report.ties] == ["base-c2/E@1,-1:180"]
    assert "not unique: 1 other move tie: base-c2/E@1,-1:180" in report.problems[0]


def test_a_planted_suboptimal_solution_is_found(catalogue):
    report = run(capped([move(0, 1, 180)]), catalogue)
    assert report.legal and not report.optimal and not report.ok
    assert report.problems == ["the solution is not optimal: it gives +0 points, but "
                               "base-c2/E@0,-1:180 gives +4 points"]


def test_a_free_follower_makes_ties_of_every_figure_choice(catalogue):
    report = run(capped([move(0, -1, 180)], supply=1), catalogue)
    assert not report.unique
    assert {r.move.figure.segment for r in report.ties} == {"field"}


def test_an_illegal_solution_says_why(catalogue):
    report = run(capped([move(0, -1, 0)]), catalogue)
    assert not report.legal and not report.ok
    assert report.problems[0].startswith("the solution is not legal: S side shows field but "
                                         "base-c2/D at (0, 0) shows city")


def test_a_missing_solution_fails(catalogue):
    report = run(capped(None), catalogue)
    assert not report.ok and report.problems == ["the puzzle has no reference solution"]


def test_the_solution_written_another_way_is_the_same_answer(catalogue):
    """A road tile turned 180° is the same tile: not a tie."""
    data = board_dict(["base:C2"], "base-c2",
                      [("D", 0, 0, 0), ("A", -1, 0, 270), ("A", 2, 0, 90)],
                      [(0, 0, 0, "road", "follower")],
                      {"hand": ["U"], "objective": {"type": "most-points"},
                       "solution": [move(1, 0, 180, "base-c2/U")]},
                      supply={0: {"follower": 0, "abbot": 0}})
    report = run(data, catalogue)
    assert report.ok, report.problems
    assert [r.move.rotation for r in report.same] == [0]


def test_a_board_without_a_puzzle_cannot_be_checked(catalogue):
    data = board_dict(["base:C2"], "base-c2", [("D", 0, 0, 0)])
    pos = position(data, catalogue)
    with pytest.raises(PuzzleError, match="no puzzle block"):
        check(pos, ruleset_of(pos), catalogue)


def test_at_least_ten_puzzles_ship_across_editions():
    assert len(PUZZLES) >= 10
    rulesets = set()
    for path in PUZZLES:
        pos, findings = open_position(path)
        assert pos is not None and not findings, findings
        rulesets.add(ruleset_of(pos).name)
    assert {"base:C1[rules=2000]", "base:C1[rules=2001]", "base:C1[rules=2002]", "base:C2",
            "base:C3", "base:C1[rules=2000] + traders-builders:C1",
            "base:C2 + traders-builders:C2", "base:C3 + traders-builders:C3",
            "base:C3 + traders-builders:C3.1[farmer_after_pig=stays]"} <= rulesets


@pytest.mark.parametrize("path", PUZZLES, ids=[p.name for p in PUZZLES])
def test_every_shipped_puzzle_passes_check(path, catalogue):
    pos, _ = open_position(path)
    assert pos is not None and pos.puzzle is not None
    report = check(pos, ruleset_of(pos), catalogue)
    assert report.ok, report.problems
    assert report.warnings == []  # a real box holds every tile of the board and hand
    puzzle = report.puzzle
    assert puzzle.title and puzzle.hints and puzzle.author and puzzle.difficulty
