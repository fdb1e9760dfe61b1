"""The bound on a line's last move (:func:`editor.rules.bounds.last_move_gain`) and the cap
on its last two (:class:`editor.puzzles.bounded.Pairs`) are never exceeded, and the search
skipping the moves and positions they rule out ranks every first move (moves, best line,
outcome, rank) exactly as the search that plays every line and scores every end in full;
each bound one point lower changes a ranking."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver_shortcuts import hand_puzzle, ranking, supplied_position

from editor.model.board import Board
from editor.puzzles import Objective, Puzzle, Solver, bounded
from editor.puzzles import solver as solver_module
from editor.puzzles.independent import Reference
from editor.rules import bounds
from editor.rules.engine import Engine
from editor.rules.moves import Turn
from editor.rules.ruleset import Ruleset

BOUNDED = ["base:C2", "base:C3"]


def lead(engine: Engine, board, player: int) -> int:
    totals = engine.final_totals(board)
    return totals[player] - max(t for i, t in enumerate(totals) if i != player)


def random_case(host, catalogue, spec: str, seed: int, size: int, followers: int,
                abbot: int) -> tuple[Ruleset, Engine, Board, random.Random, int]:
    """A random position of ``size`` tiles whose players have the figures given, with the
    random numbers that made it and the player (drawn from them) the bound is for."""
    rules = host.ruleset(spec)
    supply = {"follower": followers, "abbot": abbot}
    board = supplied_position(host, catalogue, spec, seed, size, supply).board
    rng = random.Random(seed)
    return rules, Engine(rules), board, rng, rng.randrange(2)


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(BOUNDED), seed=st.integers(0, 10**6), size=st.integers(5, 40),
       followers=st.integers(0, 3), abbot=st.integers(0, 1))
def test_no_last_move_gains_more_than_its_bound(host, catalogue, spec, seed, size,
                                                followers, abbot):
    """Every legal move of a random tile on a random position with many figures: the
    lead after it and final scoring grows by at most the bound of its cell."""
    rules, engine, board, rng, player = random_case(host, catalogue, spec, seed, size,
                                                    followers, abbot)
    tiles = catalogue.get_set(rules.tilesets()[0]).tiles
    strengths = rules.strengths()
    before = lead(engine, board, player)
    for tile in rng.sample(tiles, 4):
        gains: dict[tuple[int, int], int] = {}
        for move in engine.legal_moves(board, tile, player, Turn(player)):
            cell = (move.x, move.y)
            if cell not in gains:
                gains[cell] = bounds.last_move_gain(board, cell, player, tile, strengths)
            result = engine.apply(board, move, Turn(player), check=False)
            assert lead(engine, board, player) - before <= gains[cell], move
            board.undo_to(result.mark)


def test_the_bound_holds_only_for_base_scoring(host):
    assert bounds.supported(host.ruleset("base:C2"))
    assert bounds.supported(host.ruleset("base:C3"))
    assert not bounds.supported(host.ruleset("base:C1[rules=2000]"))
    assert not bounds.supported(host.ruleset("traders-builders:C2"))


def assert_bounded_as_played(host, catalogue, spec: str, seed: int, size: int,
                             tiles: int) -> None:
    """The bounded search ranks as the search without any shortcut."""
    rules = host.ruleset(spec)
    position = supplied_position(host, catalogue, spec, seed, size)
    puzzle = hand_puzzle(catalogue, rules, random.Random(seed), tiles)
    solver = Solver(position.board, rules, puzzle, catalogue)
    assert solver.bounded
    fast = ranking(solver)
    assert fast == ranking(Solver(position.board, rules, puzzle, catalogue, local=False))


@settings(max_examples=10, deadline=None)
@given(spec=st.sampled_from(BOUNDED), seed=st.integers(0, 10**6), size=st.integers(5, 30))
def test_two_tiles_bounded_rank_as_the_full_search(host, catalogue, spec, seed, size):
    assert_bounded_as_played(host, catalogue, spec, seed, size, 2)


@pytest.mark.slow  # about 2 minutes (the full search is slow)
@pytest.mark.parametrize(("spec", "seed", "size"), [
    ("base:C2", 570610, 12), ("base:C2", 944984, 5), ("base:C2", 876084, 7),
    ("base:C3", 495185, 8), ("base:C3", 31337, 10)])
def test_three_tiles_bounded_rank_as_the_full_search(host, catalogue, spec, seed, size):
    """Three tiles: the last moves are skipped against the best line below the same first
    move (the floor passed down), and positions cut short are not kept in the table."""
    assert_bounded_as_played(host, catalogue, spec, seed, size, 3)


def test_a_bound_one_point_too_low_changes_the_ranking(host, catalogue, monkeypatch):
    """On this position some cell's bound is exactly what its best last move adds: the
    bound as it is ranks as the full search, one point lower it skips a best line."""
    assert_bounded_as_played(host, catalogue, "base:C2", 2, 7, 2)
    rules = host.ruleset("base:C2")
    position = supplied_position(host, catalogue, "base:C2", 2, 7)
    puzzle = hand_puzzle(catalogue, rules, random.Random(2), 2)
    real = solver_module.last_move_gain
    monkeypatch.setattr(solver_module, "last_move_gain",
                        lambda *args, **kwargs: real(*args, **kwargs) - 1)
    assert ranking(Solver(position.board, rules, puzzle, catalogue)) != ranking(
        Solver(position.board, rules, puzzle, catalogue, local=False))


def unbounded(position, rules, puzzle, catalogue) -> list[tuple[object, ...]]:
    """The ranking of the search with every shortcut but the bounds."""
    solver = Solver(position.board, rules, puzzle, catalogue)
    solver.bounded = False
    return ranking(solver)


#: A position and three-tile hand where the caps of the bounded search are exact for a
#: best line (its first-move ranking by the search without bounds, once per session).
THREE = ("base:C2", 2, 7)


@pytest.fixture(scope="module")
def three_tiles(host, catalogue):
    rules = host.ruleset(THREE[0])
    position = supplied_position(host, catalogue, *THREE)
    puzzle = hand_puzzle(catalogue, rules, random.Random(THREE[1]), 3)
    return rules, position, puzzle, unbounded(position, rules, puzzle, catalogue)


@pytest.mark.slow  # about 40 s
def test_a_position_cap_one_point_too_low_changes_the_ranking(catalogue, monkeypatch,
                                                              three_tiles):
    """Three tiles: positions before the last tile are skipped by the cap of
    :class:`~editor.puzzles.bounded.Cells`; on this position the cap as it is ranks as
    the search without bounds (the slow tests compare that one with the full search),
    one point lower it skips a position holding a best line."""
    rules, position, puzzle, plain = three_tiles
    assert ranking(Solver(position.board, rules, puzzle, catalogue)) == plain
    real = bounded.Cells.cap

    def lower(self, *args):
        cap = real(self, *args)
        return None if cap is None else cap - 1

    monkeypatch.setattr(bounded.Cells, "cap", lower)
    assert ranking(Solver(position.board, rules, puzzle, catalogue)) != plain


@pytest.mark.slow  # about 20 s after the test above
def test_a_pair_cap_one_point_too_low_changes_the_ranking(catalogue, monkeypatch,
                                                          three_tiles):
    """Three tiles: second moves are skipped by the cap of
    :class:`~editor.puzzles.bounded.Pairs` without being played; one point lower than
    it is, it skips a second move holding a best line of the same position."""
    rules, position, puzzle, plain = three_tiles
    real = bounded.Pairs.cap
    monkeypatch.setattr(bounded.Pairs, "cap", lambda self, *args: real(self, *args) - 1)
    assert ranking(Solver(position.board, rules, puzzle, catalogue)) != plain


@settings(max_examples=25, deadline=None)
@given(spec=st.sampled_from(BOUNDED), seed=st.integers(0, 10**6), size=st.integers(5, 40),
       followers=st.integers(0, 2), abbot=st.integers(0, 1))
def test_no_two_last_moves_gain_more_than_their_cap(host, catalogue, spec, seed, size,
                                                    followers, abbot):
    """The last two tiles after a first move: the lead after any second move, any last
    move after it and final scoring grows by at most the second move's
    :meth:`Pairs.cap <editor.puzzles.bounded.Pairs.cap>` (a few first moves, every
    second and last move below each)."""
    rules, engine, board, rng, player = random_case(host, catalogue, spec, seed, size,
                                                    followers, abbot)
    hand = hand_puzzle(catalogue, rules, rng, 3).hand
    puzzle = Puzzle(Objective("best-margin"), player, hand)
    solver = Solver(board, rules, puzzle, catalogue, engine=engine)
    first, second, last = solver.hand
    strengths = rules.strengths()
    parts = engine.final_parts(board)
    outer = bounded.Cells(board, Reference(engine, board, player, last, parts,
                                           solver._totals_of, solver._after),
                          player, last, strengths)
    moves = list(engine.legal_moves(board, first, player, Turn(player)))
    for move in rng.sample(moves, min(3, len(moves))):
        mark = engine.apply(board, move, Turn(player), check=False).mark
        if bounded.Pairs.usable(board, player, last):
            before = lead(engine, board, player)
            parts = engine.final_parts(board)
            inner = bounded.Cells(board, Reference(engine, board, player, last, parts,
                                                   solver._totals_of, solver._after),
                                  player, last, strengths)
            seconds = list(engine.legal_moves(board, second, player, Turn(player)))
            pairs = bounded.Pairs(outer, inner, second, engine, seconds)
            for then in seconds:
                if then not in pairs.groups.get((then.x, then.y, then.rotation,
                                                 then.choices), ()):
                    continue  # a take-back: always played
                cap = pairs.cap(then, 1, 1 << 20)
                after = engine.apply(board, then, Turn(player), check=False).mark
                most = lead(engine, board, player) - before
                for end in engine.legal_moves(board, last, player, Turn(player)):
                    done = engine.apply(board, end, Turn(player), check=False).mark
                    most = max(most, lead(engine, board, player) - before)
                    board.undo_to(done)
                assert most <= cap, (move, then)
                board.undo_to(after)
        board.undo_to(mark)
