"""Traders & Builders' memo of companions (``figures.Companions``) answers as the walk over
every figure does (``figures.companion``), on random boards that break the rules too:
figures taken off, builders, pigs and meeples stood anywhere, moves undone, one memo asked
about two boards in turn."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.model.board import Board
from editor.model.players import BUILDER, FOLLOWER, PIG, Figure
from editor.rules.engine import Engine
from editor.rules.selfplay import box, new_board
from plugins.traders_builders.figures import SPECIAL, Companions, companion, stranded


def check(engine: Engine, board: Board, memo: Companions, assigned: bool) -> None:
    """The memo's builders and pigs, their companions and the stranded ones are the walk's."""
    rules = engine.rules
    special = tuple(f for f in board.figures if f.kind in SPECIAL)
    assert memo.special(board) == special
    for f in special:
        assert memo.kept(rules, board, f, assigned) == (
            companion(rules, board, f, assigned) is not None)
    assert stranded(rules, board, assigned, memo) == [
        f for f in special if companion(rules, board, f, assigned) is None]


def step(engine: Engine, board: Board, tiles: list, rng: random.Random,
         marks: list[int]) -> None:
    """One random change: a random legal move, a figure taken off or stood anywhere, or an
    undo to an earlier mark."""
    what = rng.random()
    nodes = len(board.parent)
    if what < 0.4 and tiles:
        tile = tiles.pop()
        placements = engine.placements(board, tile)
        if placements:
            marks.append(board.mark())
            x, y, r = rng.choice(placements)
            placed = board.place(tile, x, y, r)
            board.add_figure(Figure(rng.choice((FOLLOWER, BUILDER, PIG)),
                                    rng.randrange(2), rng.choice(placed.nodes())))
    elif what < 0.6 and board.figures:
        board.remove_figure(rng.choice(board.figures))
    elif what < 0.9 and nodes:
        node = rng.randrange(nodes)
        kind = rng.choice((FOLLOWER, FOLLOWER, BUILDER, PIG))
        board.add_figure(Figure(kind, rng.randrange(2), node))
    elif marks:
        board.undo_to(marks.pop(rng.randrange(len(marks))))
        del marks[len([m for m in marks if m <= len(board.journal)]):]


@pytest.mark.parametrize("edition", ["C2", "C3.1"])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_companions_memo_answers_as_the_walk(host, catalogue, edition, seed):
    engine = Engine(host.ruleset(f"traders-builders:{edition}"))
    tile_set = box(catalogue, engine.rules)
    rng = random.Random(seed)
    memo = Companions()
    games = []
    for _ in range(2):
        board = new_board(engine, 2)
        tiles = [t for t in tile_set.tiles for _ in range(t.count)]
        rng.shuffle(tiles)
        board.place(tiles.pop(), 0, 0, 0)
        games.append((board, tiles, []))
    for _ in range(120):
        board, tiles, marks = rng.choice(games)
        step(engine, board, tiles, rng, marks)
        check(engine, board, memo, edition == "C3.1")
