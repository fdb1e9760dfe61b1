"""The board's incremental hash (``Board.key``): the same position reached in another order
has the same key, undo restores it, and positions that differ have different keys."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.model.board import Board
from editor.model.players import Figure, Player
from editor.rules.engine import Engine
from editor.rules.selfplay import box, new_board, random_game


def test_the_same_position_in_another_order_has_the_same_key(catalogue):
    """Keys belong to one board (each draws its own numbers): a solver compares the
    positions its lines reach on it."""
    d, e = catalogue.tile("base-c2/D"), catalogue.tile("base-c2/E")
    board = Board([Player("A"), Player("B")])
    board.place(d, 0, 0, 0)
    start = board.mark()
    board.place(e, 0, -1, 2)
    board.place(e, 1, 0, 3)
    one = board.key
    board.add_figure(Figure("follower", 0, board.at(1, 0).node("city")))
    with_figure = board.key
    board.undo_to(start)
    board.place(e, 1, 0, 3)
    board.add_figure(Figure("follower", 0, board.at(1, 0).node("city")))
    board.place(e, 0, -1, 2)
    assert board.key == with_figure != one
    board.undo_to(start)
    board.place(e, 1, 0, 3)
    board.place(e, 0, -1, 2)
    assert board.key == one
    board.add_figure(Figure("follower", 1, board.at(1, 0).node("city")))
    assert board.key not in (one, with_figure)


def test_figures_on_neighbouring_cells_differ(catalogue):
    """Python hashes -1 and -2 alike: a key made of tuple hashes would confuse cells whose
    coordinates differ by them."""
    v = catalogue.tile("base-c2/V")
    board = Board([Player("A")])
    board.place(v, 0, 0, 0)
    board.place(v, 0, -1, 0)
    board.place(v, 0, -2, 0)
    keys = set()
    for y in (-1, -2):
        mark = board.mark()
        board.add_figure(Figure("follower", 0, board.at(0, y).first_node))
        keys.add(board.key)
        board.undo_to(mark)
    assert len(keys) == 2


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), spec=st.sampled_from(["base:C2", "traders-builders:C3"]))
def test_undo_restores_every_key(host, catalogue, seed, spec):
    rules = host.ruleset(spec)
    engine = Engine(rules)
    board = new_board(engine, 2)
    keys = []
    marks = []
    for _ in random_game(engine, box(catalogue, rules), random.Random(seed), board=board,
                         tiles=30, figure_rate=0.8):
        keys.append(board.key)
        marks.append(board.mark())
    assert len(set(keys)) == len(keys)
    for mark, key in reversed(list(zip(marks, keys, strict=True))):
        board.undo_to(mark)
        assert board.key == key
