"""The solver as an anytime search: with a time limit it ranks every first move looking
one tile ahead, then two, ...; stopped, it answers with the deepest ranking it finished and
says it is not proven. Its transposition table gives the same ranking as a search without."""

from __future__ import annotations

import json

import pytest
from brute import values
from test_progress import slow_board, solver_for, write

from editor.cli import main
from editor.formats.boards import position_from_dict, position_to_dict
from editor.puzzles import TIME_LIMIT, Objective, Progress, Puzzle, Solver, Stopped, bag_sets
from editor.workspace import ruleset_of


class Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def keys(ranking) -> dict:
    return {r.moves: r.outcome.key for r in ranking}


def test_a_time_limit_that_is_not_reached_gives_the_proven_ranking(catalogue, host):
    plain = solver_for(slow_board(2), catalogue, host)
    ranking = plain.rank()
    assert plain.proven and plain.horizon == 2
    timed = solver_for(slow_board(2), catalogue, host, Progress(time_limit=10**9))
    assert keys(timed.rank()) == keys(ranking)
    assert timed.proven and timed.horizon == 2


def test_stopped_it_answers_with_the_last_round_it_finished(catalogue, host, monkeypatch):
    one = solver_for(slow_board(1), catalogue, host)
    first_tile = one.rank()
    solver = solver_for(slow_board(2), catalogue, host)
    calls = [0]
    real = solver._rank

    def counted(depth, part):
        calls[0] += 1
        if calls[0] == 2:  # the second round: out of time at its first check
            monkeypatch.setattr("editor.puzzles.progress.clock", Ticks())
            solver.progress = Progress(time_limit=3)
        return real(depth, part)

    solver.progress = Progress(time_limit=10**9)
    monkeypatch.setattr(solver, "_rank", counted)
    with pytest.raises(Stopped) as stopped:
        solver.rank()
    assert stopped.value.reason == TIME_LIMIT
    assert not solver.proven and solver.horizon == 1
    assert keys(stopped.value.partial) == keys(first_tile)
    assert len(stopped.value.partial) == len(first_tile) > 10


def test_a_hand_holding_a_tile_twice_equals_brute_force(catalogue, host):
    """The two tiles placed on two cells in either order reach one position: the table
    answers the second line without searching it, with the same value (final scoring in
    full after every move: with incremental scoring the last tile's moves are measured
    placement by placement, not looked up)."""
    data = slow_board(1)
    data["players"][0]["supply"]["follower"] = 1
    found, _ = position_from_dict(data, catalogue)
    assert found is not None
    rules = ruleset_of(found, host)
    puzzle = Puzzle(Objective("best-margin"), 0, ["base-c2/V", "base-c2/V"])
    sets = bag_sets(found, rules, catalogue)
    expected = values(position_to_dict(found), rules, catalogue, puzzle, sets)
    solver = Solver(found.board, rules, puzzle, catalogue, sets, local=False)
    seen: list[tuple] = []
    position = solver._position

    def recorded(index, part):
        seen.append(position(index, part))
        return seen[-1]

    solver._position = recorded
    ranked = solver.rank()
    assert {(str(r.move),): r.outcome.key for r in ranked} == expected
    assert len(set(seen)) < len(seen)  # positions reached twice were looked up


def test_solve_says_the_answer_is_proven(tmp_path, capsys):
    path = write(tmp_path, slow_board(1))
    assert main(["solve", path, "--top", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Proven: the whole hand was searched."
    assert main(["solve", path, "--format", "json", "--time-limit", "600"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["complete"] and data["proven"] and data["horizon"] == 1
