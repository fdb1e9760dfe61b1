"""Moves as text (``compare --move``) and as the move log writes them: every part of a move
reads back, choices included."""

from __future__ import annotations

import pytest

from editor.rules.movelog import MoveLogError, entry_of, move_of
from editor.rules.moves import TAKE_BACK, FigureAction, Move
from editor.rules.notation import NotationError, format_move, parse_move

SETS = ["base-c3", "traders-builders-c3.1"]


@pytest.mark.parametrize("text", [
    "base-c3/E@1,0:270",
    "base-c3/E@1,0:270+follower&pig:field;farmer_after_pig:1=returns;farmer_after_pig:0=stays",
    "base-c3/B@2,-1:0+back-abbot:monastery@0,0",
    "base-c3/U@-3,4:90+builder:road",
])
def test_text_and_log_read_back(catalogue, text):
    move = parse_move(text, 0, catalogue, SETS)
    assert format_move(move) == text
    assert move_of(entry_of(move), catalogue) == move


def test_choices_are_kept_in_both_forms(catalogue):
    move = parse_move("E@1,0:270;farmer_after_pig:1=returns", 0, catalogue, SETS)
    assert move.choices == (("farmer_after_pig", 1, "returns"),)
    assert entry_of(move)["choices"] == [{"option": "farmer_after_pig", "player": 1,
                                          "value": "returns"}]


def test_a_return_takes_back_the_movers_figure_of_its_kind(catalogue):
    """Without a board the figure taken back is an abbot; with one, whatever the mover has
    standing there."""
    entry = {"player": 0, "tile": "base-c2/B", "x": 1, "y": 0, "rotation": 0,
             "return": {"x": 0, "y": 0, "segment": "monastery"}}
    assert move_of(entry, catalogue).figure == FigureAction("abbot", "monastery", TAKE_BACK,
                                                            (0, 0))


@pytest.mark.parametrize(("entry", "message"), [
    ({"player": 0, "tile": "base-c2/ZZ", "x": 0, "y": 0}, "unknown tile"),
    ({"player": 0, "tile": "base-c2/E", "x": 0, "y": 0, "rotation": 45}, "multiple of 90"),
])
def test_bad_entries(catalogue, entry, message):
    with pytest.raises(MoveLogError, match=message):
        move_of(entry, catalogue)


def test_bad_choice_text(catalogue):
    with pytest.raises(NotationError, match="cannot read move"):
        parse_move("E@1,0:270;farmer_after_pig=returns", 0, catalogue, SETS)


def test_moves_without_choices_keep_their_old_form(catalogue):
    move = Move(0, catalogue.tile("base-c2/E"), 0, -1, 2, FigureAction("follower", "city"))
    assert entry_of(move) == {"player": 0, "tile": "base-c2/E", "x": 0, "y": -1,
                              "rotation": 180, "figure": {"kind": "follower",
                                                          "segment": "city"}}
