"""The board's list of figures: standing figures at any index and taking them off (found by
bisection, not a scan) keep exactly the order a plain list would, equal figures included,
and undo restores it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.model import board as board_module
from editor.model.board import Board
from editor.model.players import Figure, Player

#: A few figures, some equal to each other, on the nodes of two tiles.
FIGURES = st.builds(Figure, st.sampled_from(["follower", "abbot"]), st.integers(0, 1),
                    st.integers(0, 5))
STEPS = st.lists(st.tuples(st.booleans(), FIGURES, st.integers(-3, 12)), max_size=60)


@settings(max_examples=150, deadline=None)
@given(STEPS, st.sampled_from([0, 64]))
def test_figures_keep_the_order_of_a_plain_list(catalogue, steps, scan_below):
    """With bisection always (0) and with a scan on small boards (the default)."""
    saved, board_module._SCAN_BELOW = board_module._SCAN_BELOW, scan_below
    try:
        _check_order(catalogue, steps)
    finally:
        board_module._SCAN_BELOW = saved


def _check_order(catalogue, steps):
    board = Board([Player("A"), Player("B")])
    board.place(catalogue.tile("base-c2/D"), 0, 0, 0)
    board.place(catalogue.tile("base-c2/E"), 0, -1, 2)
    expected: list[Figure] = []
    marks = []
    for add, figure, index in steps:
        marks.append((board.mark(), list(expected)))
        if add:
            board.add_figure(figure, index)
            expected.insert(index, figure)
        elif figure in expected:
            where = expected.index(figure)
            assert board.remove_figure(figure) == where
            expected.pop(where)
        assert board.figures == expected
        assert sorted(f for fs in board.figures_at.values() for f in fs) == sorted(expected)
        assert sum(board.feature_of[board.find(n)].nfig for n in range(6)
                   if board.find(n) == n) == len(expected)
    for mark, before in reversed(marks):
        board.undo_to(mark)
        assert board.figures == before


def test_taking_off_a_figure_not_on_the_board_is_refused(catalogue):
    board = Board([Player("A")])
    board.place(catalogue.tile("base-c2/D"), 0, 0, 0)
    board.add_figure(Figure("follower", 0, 1))
    with pytest.raises(ValueError, match="not on the board"):
        board.remove_figure(Figure("follower", 0, 2))
    assert board.figures == [Figure("follower", 0, 1)]


def test_many_insertions_at_one_place_keep_their_order(catalogue):
    """Far more insertions between two figures than floating point has numbers between
    their stamps: the stamps are renumbered and the order still holds."""
    board = Board([Player("A")])
    board.place(catalogue.tile("base-c2/D"), 0, 0, 0)
    expected = [Figure("follower", 0, 0), Figure("follower", 0, 1)]
    for f in expected:
        board.add_figure(f)
    for k in range(200):
        figure = Figure("abbot", k, 2)
        board.add_figure(figure, 1)
        expected.insert(1, figure)
    assert board.figures == expected
    for figure in expected[1:-1:7]:
        board.remove_figure(figure)
    assert board.figures == [f for f in expected if f not in expected[1:-1:7]]
