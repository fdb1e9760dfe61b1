"""Properties of random games with the expansion and Traders & Builders together (the
editor's own property tests already play every base edition paired with each installed
expansion): replaying the log gives the live position and scores, undo restores every
move exactly, and the large follower really plays (random play stands it)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from inns_game import LARGE

from editor.jcz.replay import figure_states, replay
from editor.model.position import Position
from editor.rules.engine import Engine
from editor.rules.movelog import entry_of
from editor.rules.selfplay import box, random_game

RULESETS = ["base:C2 + inns-cathedrals:C2 + traders-builders:C2",
            "base:C1[rules=2000] + inns-cathedrals:C1 + traders-builders:C1"]


def snapshot(board):
    return (sorted((p.tile.ref, p.x, p.y, p.rotation) for p in board),
            sorted(figure_states(board)),
            [(p.score, dict(p.goods), dict(p.supply)) for p in board.players],
            list(board.parent), [(f.kind, list(f.members), f.open, f.nfig)
                                 for f in board.feature_of])


@pytest.mark.parametrize("spec", RULESETS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_replay_equals_live_play_and_undo_restores(host, catalogue, spec, seed):
    rules = host.ruleset(spec)
    engine = Engine(rules)
    rng = random.Random(seed)
    played, after = [], []
    for board, result in random_game(engine, box(catalogue, rules), rng, players=3, tiles=35,
                                     figure_rate=0.9):
        played.append((board, result))
        after.append(snapshot(board))
    log = [entry_of(result.move) for _, result in played]
    mark = board.mark()
    engine.final_scoring(board)
    final = [p.score for p in board.players]
    board.undo_to(mark)
    position = Position(board=board, editions=[e.name for e in rules.editions],
                        options={k: dict(v) for k, v in rules.options.items()}, moves=log)
    again = replay(position, rules, catalogue)
    assert again.findings == []
    assert snapshot(again.board_at(len(again.steps)))[:3] == snapshot(board)[:3]
    assert again.final == final
    for i in range(len(played) - 1, max(0, len(played) - 8), -1):
        engine.undo(board, played[i][1])
        assert snapshot(board) == after[i - 1]


def test_random_play_stands_large_followers(host, catalogue):
    rules = host.ruleset(RULESETS[0])
    engine = Engine(rules)
    stood = 0
    for seed in range(6):
        played = random_game(engine, box(catalogue, rules), random.Random(seed), players=2,
                             tiles=30, figure_rate=0.9)
        stood += sum(1 for _, r in played if r.move.figure is not None
                     and r.move.figure.kind == LARGE)
    assert stood > 0


@pytest.mark.parametrize("spec", RULESETS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tiles=st.integers(5, 60))
def test_fast_totals_equal_explained_scoring(host, catalogue, spec, seed, tiles):
    """The solver's totals-only path values inns and cathedrals as the explained one."""
    rules = host.ruleset(spec)
    engine = Engine(rules)
    rng = random.Random(seed)
    moves = list(random_game(engine, box(catalogue, rules), rng, players=3, tiles=tiles,
                             figure_rate=0.9))
    board = moves[-1][0]
    mark = board.mark()
    engine.final_scoring(board)
    explained = [p.score for p in board.players]
    board.undo_to(mark)
    assert engine.final_totals(board) == explained
