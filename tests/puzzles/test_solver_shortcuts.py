"""The solver's shortcuts change nothing: incremental final scoring (``Engine.final_parts``
of the features a move changed) and the last tile's independent moves added up instead of
played (:mod:`editor.puzzles.independent`), and the figures of a line's last tile measured
placement by placement (``Solver._measure``) rank every first move exactly as the search
that plays every line and scores every end in full, on random positions of every base
ruleset (the brute-force matrix of test_solver.py checks that search against fresh
boards)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver import random_position

from editor.model.features import changed_since
from editor.model.position import Position
from editor.puzzles import Objective, Puzzle, Solver, independent
from editor.rules.engine import Engine
from editor.rules.moves import Turn
from editor.rules.selfplay import box, new_board, random_game

BASE = ["base:C1[rules=2000]", "base:C1[rules=2001]", "base:C2", "base:C3"]


def ranking(solver: Solver) -> list[tuple[object, ...]]:
    return [(r.moves, r.line, r.outcome, r.rank) for r in solver.rank()]


def hand_puzzle(catalogue, rules, rng: random.Random, tiles: int) -> Puzzle:
    kinds = catalogue.get_set(rules.tilesets()[0]).tiles
    hand = [rng.choice(kinds).ref for _ in range(tiles)]
    return Puzzle(Objective("best-margin"), rng.randrange(2), hand)


def supplied_position(host, catalogue, spec: str, seed: int, size: int,
                      supply: dict[str, int] | None = None) -> Position:
    """A random position of up to ``size`` tiles, ``supply`` for each player (default: 3
    followers, and the abbot when the rules have one)."""
    position = random_position(host, catalogue, spec, seed, size)
    if supply is None:
        supply = {"follower": 3, "abbot": 1} \
            if "abbot" in host.ruleset(spec).figure_kinds() else {"follower": 3}
    for player in position.board.players:
        player.supply = dict(supply)
    position.board.commit()
    return position


def assert_same_ranking(host, catalogue, spec: str, seed: int, size: int,
                        hand_seed: int | None = None, tiles: int = 2) -> None:
    """A random position of up to ``size`` tiles, 3 followers (and the abbot) each,
    ``tiles`` tiles in hand: the shortcuts rank as the full search."""
    rules = host.ruleset(spec)
    position = supplied_position(host, catalogue, spec, seed, size)
    puzzle = hand_puzzle(catalogue, rules, random.Random(seed if hand_seed is None
                                                         else hand_seed), tiles)
    fast = ranking(Solver(position.board, rules, puzzle, catalogue))
    assert fast == ranking(Solver(position.board, rules, puzzle, catalogue, local=False))


@settings(max_examples=12, deadline=None)
@given(spec=st.sampled_from(BASE), seed=st.integers(0, 10**6), size=st.integers(5, 30))
def test_shortcuts_rank_as_the_full_search(host, catalogue, spec, seed, size):
    assert_same_ranking(host, catalogue, spec, seed, size)


@settings(max_examples=12, deadline=None)
@given(spec=st.sampled_from(BASE), seed=st.integers(0, 10**6), size=st.integers(5, 40))
def test_one_tile_ranks_as_the_full_search(host, catalogue, spec, seed, size):
    assert_same_ranking(host, catalogue, spec, seed, size, tiles=1)


def test_figures_of_a_placement_are_measured_not_played(host, catalogue, monkeypatch):
    """With one tile in hand each placement is played once: its figures are stood on it
    and only their features scored again (and the ranking is the full search's)."""
    rules = host.ruleset("base:C2")
    position = supplied_position(host, catalogue, "base:C2", 8, 40)
    puzzle = hand_puzzle(catalogue, rules, random.Random(3), 1)
    played = []
    apply = Engine.apply

    def counted(self, board, move, *args, **kwargs):
        played.append(move)
        return apply(self, board, move, *args, **kwargs)

    monkeypatch.setattr(Engine, "apply", counted)
    fast = ranking(Solver(position.board, rules, puzzle, catalogue))
    assert len(fast) > 2 * len(played) > 0
    assert fast == ranking(Solver(position.board, rules, puzzle, catalogue, local=False))


@pytest.mark.parametrize(("seed", "hand_seed"), [(1004, 4), (1005, 5)])
def test_a_second_move_sharing_a_feature_far_away_is_played(host, catalogue, seed,
                                                             hand_seed):
    """Boards where a second move meets, several cells away, a feature the first move
    changed: adding it up would rank these first moves wrongly."""
    assert_same_ranking(host, catalogue, "base:C2", seed, 40, hand_seed)


def test_moves_far_from_the_line_are_added_up_not_played(host, catalogue, monkeypatch):
    """On a 40-tile board most second moves are independent of the first: the search adds
    them up (and still ranks as the full search)."""
    composed = []
    original = independent.Line.effect

    def counted(self, move):
        effect = original(self, move)
        composed.append(effect is not None)
        return effect

    monkeypatch.setattr(independent.Line, "effect", counted)
    rules = host.ruleset("base:C2")
    position = supplied_position(host, catalogue, "base:C2", 5, 40, {"follower": 2, "abbot": 1})
    puzzle = hand_puzzle(catalogue, rules, random.Random(5), 2)
    fast = ranking(Solver(position.board, rules, puzzle, catalogue))
    assert sum(composed) > len(composed) / 2
    monkeypatch.setattr(independent.Reference, "usable", staticmethod(lambda *_: False))
    assert fast == ranking(Solver(position.board, rules, puzzle, catalogue))


@settings(max_examples=10, deadline=None)
@given(spec=st.sampled_from([*BASE, "traders-builders:C2", "traders-builders:C3.1"]),
       seed=st.integers(0, 10**6), tiles=st.integers(1, 50))
def test_final_parts_of_the_changed_features_update_the_totals(host, catalogue, spec, seed,
                                                               tiles):
    """Rescoring only the features a move changed, keeping the other parts, gives the
    parts of scoring the board in full; all parts add up to the totals."""
    rules = host.ruleset(spec)
    engine = Engine(rules)
    rng = random.Random(seed)
    board = new_board(engine, 2)
    for _ in random_game(engine, box(catalogue, rules), rng, board=board, tiles=tiles,
                         figure_rate=0.8):
        pass
    before = engine.final_parts(board)
    moves = engine.legal_moves(board, rng.choice(box(catalogue, rules).tiles), 0, Turn(0))
    for move in rng.sample(list(moves), min(8, len(moves))):
        result = engine.apply(board, move, Turn(0), check=False)
        roots = frozenset(board.find(n) for n in changed_since(board, result.mark))
        fresh = engine.final_parts(board, roots)
        kept = {r: p for r, p in before.features.items() if board.find(r) not in roots}
        full = engine.final_parts(board)
        assert fresh.rest == full.rest
        assert {**kept, **fresh.features} == full.features
        totals = [p.score + r for p, r in zip(board.players, full.rest, strict=True)]
        for points in full.features.values():
            totals = [t + n for t, n in zip(totals, points, strict=True)]
        assert totals == engine.final_totals(board)
        board.undo_to(result.mark)


def assert_same_without_references(host, catalogue, monkeypatch, spec: str, seed: int,
                                   size: int, tiles: int) -> None:
    """A random position of up to ``size`` tiles, 3 followers (and the abbot) each: the
    search composing the last tile's moves ranks as the one playing them all."""
    rules = host.ruleset(spec)
    position = supplied_position(host, catalogue, spec, seed, size)
    puzzle = hand_puzzle(catalogue, rules, random.Random(seed), tiles)
    fast = ranking(Solver(position.board, rules, puzzle, catalogue))
    with monkeypatch.context() as patched:
        patched.setattr(independent.Reference, "usable", staticmethod(lambda *_: False))
        assert fast == ranking(Solver(position.board, rules, puzzle, catalogue))


@pytest.mark.slow  # about 12 s
@pytest.mark.parametrize(("spec", "seed", "size"), [
    ("base:C2", 570610, 12), ("base:C2", 944984, 5), ("base:C2", 876084, 7),
    ("base:C3", 495185, 8), ("base:C1[rules=2000]", 381696, 12)])
def test_three_tiles_compose_as_they_play(host, catalogue, monkeypatch, spec, seed, size):
    """Three tiles: the last tile's moves added up from the reference on the puzzle's
    position or from the one measured below each first move (for those meeting it)."""
    assert_same_without_references(host, catalogue, monkeypatch, spec, seed, size, 3)


def test_moves_meeting_the_first_move_are_added_up_below_it(host, catalogue, monkeypatch):
    """Three tiles: the last tile's moves the first reference cannot compose are measured
    again below each first move, and many of them are added up from there."""
    firsts: list[independent.Reference] = []
    composed = []
    build, effect = independent.Reference.__init__, independent.Line.effect

    def built(self, *args, **kwargs):
        build(self, *args, **kwargs)
        if not firsts:
            firsts.append(self)

    def counted(self, move):
        found = effect(self, move)
        if found is not None and self.reference is not firsts[0]:
            composed.append(move)
        return found

    monkeypatch.setattr(independent.Reference, "__init__", built)
    monkeypatch.setattr(independent.Line, "effect", counted)
    rules = host.ruleset("base:C2")
    position = supplied_position(host, catalogue, "base:C2", 570610, 12)
    Solver(position.board, rules, hand_puzzle(catalogue, rules, random.Random(570610), 3),
           catalogue).rank()
    assert len(composed) > 100
