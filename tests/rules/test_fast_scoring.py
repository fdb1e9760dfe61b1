"""The fast scoring path (``Engine.final_totals``, the editions asked with ``explain=False``)
gives every player exactly the points of the explained final scoring, on random boards of
every ruleset, and leaves the board as it was."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import RULESETS, farmers_first

from editor.model import events as ev
from editor.model.board import Board
from editor.model.players import Figure
from editor.rules.engine import Engine
from editor.rules.selfplay import box, new_board, random_game


def explained(engine: Engine, board: Board) -> tuple[list[int], list[int]]:
    """Scores after the explained final scoring, and its score events' points per player."""
    mark = board.mark()
    events = engine.final_scoring(board)
    totals = [p.score for p in board.players]
    board.undo_to(mark)
    points = [0] * len(board.players)
    for e in events:
        if e.type == ev.SCORE and e.player is not None:
            points[e.player] += e.points
    return totals, points


@pytest.mark.parametrize("spec", RULESETS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), tiles=st.integers(1, 70), rate=st.floats(0.3, 1.0))
def test_fast_totals_equal_explained_scoring(host, catalogue, spec, seed, tiles, rate):
    rules = host.ruleset(spec)
    engine = Engine(rules)
    rng = random.Random(seed)
    board = new_board(engine, rng.choice([2, 3, 4]))
    for _ in random_game(engine, box(catalogue, rules), rng, board=board, tiles=tiles,
                         figure_rate=rate, pick=farmers_first):
        pass
    before = [p.score for p in board.players]
    journal = len(board.journal)
    totals, points = explained(engine, board)
    assert engine.final_totals(board) == totals
    assert [t - b for t, b in zip(totals, before, strict=True)] == points
    assert [p.score for p in board.players] == before and len(board.journal) == journal


def test_fast_totals_count_figures_of_an_edited_board(host, catalogue):
    """A board built in edit mode (many followers on shared features, ties, farmers on
    every field) scores the same both ways under each farm rule."""
    for spec in ("base:C1[rules=2000]", "base:C1[rules=2001]", "base:C2",
                 "base:C3 + traders-builders:C3"):
        rules = host.ruleset(spec)
        engine = Engine(rules)
        rng = random.Random(3)
        board = new_board(engine, 3)
        for _ in random_game(engine, box(catalogue, rules), rng, board=board, tiles=60,
                             figure_rate=0):
            pass
        for node in rng.sample(range(len(board.parent)), 40):
            board.add_figure(Figure("follower", rng.randrange(3), node))
        totals, points = explained(engine, board)
        assert sum(points) > 0
        assert engine.final_totals(board) == totals
