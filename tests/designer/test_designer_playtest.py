"""Play-test: a set designed in the editor joins a catalogue and its tiles score on a board."""

from __future__ import annotations

import pytest

from editor.model import Board, Catalogue, Player
from editor.model.players import Figure
from editor.plugins import default_host
from editor.qt.designer.commands import (
    JoinSegments,
    SetSegmentValue,
    SetSetValue,
    SetSide,
    SetTileValue,
)
from editor.qt.designer.document import (
    PlaytestError,
    TileSetDocument,
    playtest,
    playtest_signals,
)
from editor.rules.engine import Engine
from editor.rules.moves import FigureAction, Move, Turn

SUPPLY = {"follower": 7, "abbot": 1}


def designed(doc: TileSetDocument, push) -> None:
    """One custom tile, ``Cap2``: a city cap with two pennants over a road running W-E."""
    push(SetSetValue(doc, "id", "my-caps"))
    push(SetSide(doc, 0, 0, "city"))
    push(SetSegmentValue(doc, 0, "city", "pennants", 2))
    push(SetSide(doc, 0, 1, "road"))
    push(SetSide(doc, 0, 3, "road"))
    push(JoinSegments(doc, 0, "road", "road-w"))
    push(SetTileValue(doc, 0, "id", "Cap2"))
    push(SetTileValue(doc, 0, "count", 3))
    assert doc.findings() == []
    assert [(s["id"], s["ports"]) for s in doc.tiles[0]["segments"]] == [
        ("city", ["NNW", "N", "NNE"]), ("road", ["E", "W"]),
        ("field", ["ESE", "SSE", "S", "SSW", "WSW"]), ("field-ne", ["WNW", "ENE"])]


def engine() -> Engine:
    return Engine(default_host().ruleset("base:C2"))


def test_custom_tiles_placed_on_a_board_score_exact_points(doc, push, qtbot) -> None:
    designed(doc, push)
    catalogue = Catalogue()
    with qtbot.waitSignal(playtest_signals().tileSetAdded) as added:
        playtest(doc.tile_set(), catalogue)
    assert added.args[0].id == "my-caps"
    cap = catalogue.tile("my-caps/Cap2")
    rules = engine()
    board = Board([Player("Red", supply=dict(SUPPLY)), Player("Blue", supply=dict(SUPPLY))])
    # Red's knight on a cap at the origin; Blue closes the city with a second cap turned to
    # face it: 2 tiles × 2 + 4 pennants × 2 = 12 for Red (C2).
    first = rules.apply(board, Move(0, cap, 0, 0, 0, FigureAction("follower", "city")),
                        Turn(0))
    assert first.points() == {}
    closing = rules.apply(board, Move(1, cap, 0, -1, 2), Turn(1))
    assert closing.points() == {0: 12}
    assert board.players[0].supply["follower"] == 7  # the knight came home
    # Blue's thief on a third cap east of the first, continuing its road.
    rules.apply(board, Move(1, cap, 1, 0, 0, FigureAction("follower", "road")), Turn(1))
    assert [p.score for p in board.players] == [12, 0]
    mark = board.mark()
    rules.final_scoring(board)
    assert [p.score for p in board.players] == [12, 2]  # an open road of two tiles
    board.undo_to(mark)
    assert [p.score for p in board.players] == [12, 0]


def test_a_farmer_on_a_custom_field_scores_the_completed_city(doc, push) -> None:
    designed(doc, push)
    catalogue = Catalogue()
    playtest(doc.tile_set(), catalogue)
    cap = catalogue.tile("my-caps/Cap2")
    board = Board([Player("Red", supply=dict(SUPPLY))])
    board.place(cap, 0, 0, 0)
    board.add_figure(Figure("follower", 0, board.cells[(0, 0)].node("field-ne")))
    engine().apply(board, Move(0, cap, 0, -1, 2), Turn(0))  # closes the two-tile city
    engine().final_scoring(board)
    assert board.players[0].score == 3  # C2: 3 per completed city touching the farm


def test_play_testing_again_replaces_the_earlier_version(doc, push) -> None:
    designed(doc, push)
    catalogue = Catalogue()
    playtest(doc.tile_set(), catalogue)
    push(SetTileValue(doc, 0, "count", 5))
    playtest(doc.tile_set(), catalogue)
    assert catalogue.tile("my-caps/Cap2").count == 5
    assert [s.id for s in catalogue.sets] == ["my-caps"]


def test_a_loaded_set_that_was_not_play_tested_is_never_replaced(doc, push, catalogue) -> None:
    push(SetSetValue(doc, "id", "base-c2"))
    mine = Catalogue(catalogue.sets)
    with pytest.raises(PlaytestError, match="already loaded"):
        playtest(doc.tile_set(), mine)
    assert len(mine.get_set("base-c2").tiles) > 1


def test_a_set_with_errors_cannot_be_play_tested(doc, push) -> None:
    push(SetTileValue(doc, 0, "count", 0))
    with pytest.raises(ValueError, match="1 error"):
        doc.tile_set()
