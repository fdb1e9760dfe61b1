"""The puzzle block ↔ typed objects, solution moves ↔ their file form, objectives' errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzle_support import board_dict, position

from editor.formats import schemas
from editor.model.players import Figure
from editor.puzzles import Objective, Puzzle, PuzzleError, move_from_dict, move_to_dict
from editor.puzzles.objectives import goal_for
from editor.rules.moves import TAKE_BACK, FigureAction, Move

SAMPLE = Path(__file__).resolve().parents[1] / "formats" / "sample.board.json"


def test_the_sample_block_reads_and_writes_back_unchanged():
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))["puzzle"]
    puzzle = Puzzle.from_dict(data)
    assert (puzzle.to_move, puzzle.player, puzzle.difficulty) == (1, 1, 2)
    assert puzzle.objective == Objective("reach-points", points=3, player=1)
    assert puzzle.to_dict() == data


def test_x_keys_and_features_survive():
    data = {"to_move": 0, "hand": [], "x-note": 1,
            "objective": {"type": "block-completion", "x-why": "fun",
                          "feature": {"x": 1, "y": -2, "segment": "city"}}}
    assert Puzzle.from_dict(data).to_dict() == data


def test_objectives_read_as_sentences():
    names = ["Red", "Blue"]
    assert Objective("reach-points", points=30).describe(names, 1) == \
        "Blue: reach at least 30 points on the score track"
    assert Objective("best-margin", player=0).describe(names, 1).startswith("Red: the best lead")


def test_moves_write_and_read_back_with_assigned_figures_and_taking_back(catalogue):
    pos = position(board_dict(["base:C2"], "base-c2", [("B", 0, 0, 0)],
                              [(0, 0, 0, "monastery", "abbot")]), catalogue)
    tile = catalogue.tile("traders-builders-c3.1/2")
    assigned = Move(0, tile, 1, 0, 3, FigureAction("follower", "road-ns", assign=("builder",)))
    data = move_to_dict(assigned)
    assert data == {"player": 0, "tile": "traders-builders-c3.1/2", "x": 1, "y": 0,
                    "rotation": 270, "figure": {"kind": "follower", "segment": "road-ns",
                                                "assign": ["builder"]}}
    assert move_from_dict(data, catalogue, pos.board) == assigned
    back = Move(0, catalogue.tile("base-c2/U"), 1, 0, 0,
                FigureAction("abbot", "monastery", TAKE_BACK, (0, 0)))
    data = move_to_dict(back)
    assert data["return"] == {"x": 0, "y": 0, "segment": "monastery"}
    assert move_from_dict(data, catalogue, pos.board) == back
    solution = [data, move_to_dict(assigned)]
    board = {"format": 1, "players": [], "tiles": [], "figures": [],
             "puzzle": {"objective": {"type": "most-points"}, "solution": solution}}
    assert schemas.validate(board, schemas.BOARD) == []


def test_taking_back_a_figure_that_is_not_there_is_refused(catalogue):
    pos = position(board_dict(["base:C2"], "base-c2", [("B", 0, 0, 0)]), catalogue)
    pos.board.add_figure(Figure("abbot", 1, pos.board.cells[(0, 0)].node("monastery")))
    data = {"player": 0, "tile": "base-c2/U", "x": 1, "y": 0, "rotation": 0,
            "return": {"x": 0, "y": 0, "segment": "monastery"}}
    with pytest.raises(PuzzleError, match="player 0 has no figure on monastery"):
        move_from_dict(data, catalogue, pos.board)


@pytest.mark.parametrize(("objective", "message"), [
    (Objective("reach-points"), "needs points"),
    (Objective("block-completion"), "needs a feature"),
    (Objective("block-completion", feature=None, player=5), "for player 5"),
    (Objective.from_dict({"type": "block-completion",
                          "feature": {"x": 0, "y": 0, "segment": "field"}}), "never completed"),
    (Objective.from_dict({"type": "block-completion",
                          "feature": {"x": 3, "y": 0, "segment": "city"}}), "no segment"),
    (Objective("dance"), "unknown objective"),
])
def test_unusable_objectives_are_refused(catalogue, objective, message):
    pos = position(board_dict(["base:C2"], "base-c2", [("B", 0, 0, 0)]), catalogue)
    with pytest.raises(PuzzleError, match=message):
        goal_for(objective, 0, pos.board)
