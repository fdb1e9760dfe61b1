"""The editor's river findings: a River tile put where the rules forbid it stays on the
board (the editor never refuses an edit) and the findings say why, for as long as it is there.

Spring A at (0, 0) flows east into the bend G at (1, 0), which turns it south. The garden bend
J at (1, 1) turned a quarter (north and west ends) would turn the same way again: a U-turn;
turned a half (north and east ends) it is fine (RULES.md, the River; docs/rules.md#base.river).
"""

from __future__ import annotations

from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.players import Player
from editor.model.position import Position
from editor.qt.document import BoardDocument, TileSpec, new_position

SPRING_AND_BEND = [("river-c2/A", 0, 0, 0), ("river-c2/G", 1, 0, 0)]


def river(doc: BoardDocument) -> list[tuple[str, tuple[int, int] | None]]:
    """The river findings of the document as (code, cell)."""
    return [(f.code, f.cell) for f in doc.findings() if f.code.startswith("river-")]


def document(tiles: list[tuple[str, int, int, int]]) -> BoardDocument:
    doc = BoardDocument(new_position(["base:C2"]))
    for ref, x, y, rotation in tiles:
        doc.place_tile(TileSpec(doc.catalogue.tile(ref), x, y, rotation))
    return doc


def test_placing_a_u_turn_is_kept_and_found(qapp) -> None:
    doc = document(SPRING_AND_BEND)
    assert river(doc) == []
    doc.place_tile(TileSpec(doc.catalogue.tile("river-c2/J"), 1, 1, 1))
    assert (1, 1) in doc.board.cells
    assert river(doc) == [("river-u-turn", (1, 1))]
    found: Finding = next(f for f in doc.findings() if f.code == "river-u-turn")
    assert "U-turn" in found.message and "river-c2/J" in found.message


def test_turning_the_tile_right_clears_the_finding_and_back_brings_it(qapp) -> None:
    doc = document([*SPRING_AND_BEND, ("river-c2/J", 1, 1, 1)])
    doc.rotate_tile(1, 1, 2)
    assert river(doc) == []
    doc.rotate_tile(1, 1, 1)
    assert river(doc) == [("river-u-turn", (1, 1))]


def test_removing_or_moving_the_tile_takes_its_finding_with_it(qapp) -> None:
    doc = document([*SPRING_AND_BEND, ("river-c2/J", 1, 1, 1)])
    doc.remove_tile(1, 1)
    assert river(doc) == []
    doc.place_tile(TileSpec(doc.catalogue.tile("river-c2/J"), 1, 1, 1))
    doc.move_tile((1, 1), (5, 5))
    assert ("river-u-turn", (1, 1)) not in river(doc)


def test_a_detached_river_tile_is_found(qapp) -> None:
    """A straight river D east of the bend G meets it through G's field, not its river."""
    doc = document(SPRING_AND_BEND)
    doc.place_tile(TileSpec(doc.catalogue.tile("river-c2/D"), 1, -1, 0))
    assert river(doc) == [("river-detached", (1, -1))]


def test_a_loaded_board_is_checked_tile_by_tile_in_file_order(qapp, catalogue) -> None:
    """A file's tiles are judged as if put down in the file's order: J after A and G is a
    U-turn."""
    board = Board([Player("Red"), Player("Blue")])
    for ref, x, y, rotation in [*SPRING_AND_BEND, ("river-c2/J", 1, 1, 1)]:
        board.place(catalogue.tile(ref), x, y, rotation)
    doc = BoardDocument(Position(board, ["base:C2"]))
    assert river(doc) == [("river-u-turn", (1, 1))]


def test_a_base_tile_is_not_asked_about_the_river(qapp) -> None:
    """Only rule-restricted tiles (river tiles) are judged: a city tile anywhere next to
    the river gets geometry findings at most, never a river finding."""
    doc = document(SPRING_AND_BEND)
    doc.place_tile(TileSpec(doc.catalogue.tile("base-c2/E"), 0, 1, 0))
    assert river(doc) == []
