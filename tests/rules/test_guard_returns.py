"""What the host accepts from a plugin's special actions (editor.rules.guard.check_return): a
figure taken back comes from a segment of a tile on the board, or from the tile just placed
(no cell), which the host checks itself."""

from __future__ import annotations

from positions import board

from editor.rules.guard import check_return
from editor.rules.moves import TAKE_BACK, FigureAction

HOOK = "carcassonne_special_actions"


def test_a_take_back_is_checked_against_the_board(catalogue):
    b = board(catalogue, "base-c2", [("B", 0, 0, 0)])
    on_board = FigureAction("abbot", "monastery", TAKE_BACK, (0, 0))
    just_placed = FigureAction("abbot", "monastery", TAKE_BACK, None)
    assert check_return(HOOK, [on_board, just_placed], {"board": b}) is None
    for cell, segment in [((5, 5), "monastery"), ((0, 0), "city")]:
        wrong = FigureAction("abbot", segment, TAKE_BACK, cell)
        problem = check_return(HOOK, [on_board, wrong], {"board": b})
        assert problem is not None and problem.startswith("returned a list where ")
        assert problem.endswith("takes a figure back from no segment of the board")
