"""The board view: mouse and keys place tiles and figures, move, rotate and delete them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from qt_support import assert_mirrors, sample_document

from editor.model.features import describe
from editor.qt.art.geometry import figure_anchor
from editor.qt.document import BoardDocument
from editor.qt.items import cell_rect
from editor.qt.scene import BoardScene
from editor.qt.view import BoardView


@pytest.fixture
def view(qtbot) -> BoardView:
    return make_view(qtbot, sample_document())


def make_view(qtbot, doc: BoardDocument) -> BoardView:
    view = BoardView(BoardScene(doc))
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_by(0.6, animate=False)
    view.centre_on_cell(0, 0)
    view.setFocus()
    return view


def at(view: BoardView, x: float, y: float) -> QPoint:
    """The viewport position of scene point (x, y) in cells."""
    return view.mapFromScene(QPointF(x * 100, y * 100))


def centre(view: BoardView, cell: tuple[int, int]) -> QPoint:
    return at(view, cell[0] + 0.5, cell[1] + 0.5)


def test_click_and_r_place_a_rotated_tile_on_an_empty_board(qtbot) -> None:
    doc = BoardDocument()
    view = make_view(qtbot, doc)
    view.set_tile(doc.catalogue.tile("base-c2/D"))
    qtbot.mouseMove(view.viewport(), centre(view, (0, 0)))
    assert view.board_scene.ghost is not None and view.board_scene.ghost.isVisible()
    qtbot.keyClick(view, Qt.Key.Key_R)
    qtbot.keyClick(view, Qt.Key.Key_R)
    qtbot.keyClick(view, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert view.rotation == 1
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, (0, 0)))
    placed = doc.tile_at(0, 0)
    assert placed is not None and placed.tile.ref == "base-c2/D" and placed.rotation == 1
    assert_mirrors(doc, view.board_scene)


def test_the_ghost_turns_to_fit_and_legal_cells_are_marked(view: BoardView, qtbot) -> None:
    doc = view.doc
    tile = doc.catalogue.tile("base-c2/D")
    view.set_tile(tile)
    legal = doc.engine.legal_placements(doc.board, tile)
    assert set(view.board_scene.markers) == {(x, y) for x, y, _ in legal}
    x, y, _ = legal[0]
    qtbot.mouseMove(view.viewport(), centre(view, (x, y)))
    assert not doc.placement_findings(tile, x, y, view.rotation)
    assert view.board_scene.ghost.legal
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, (x, y)))
    assert doc.tile_at(x, y).rotation == view.rotation
    assert (x, y) not in view.board_scene.markers
    doc.flush()
    assert not [f for f in doc.findings() if f.cell == (x, y)]


def test_an_illegal_placement_is_made_and_flagged(view: BoardView, qtbot) -> None:
    doc = view.doc
    view.set_tile(doc.catalogue.tile("base-c2/C"))
    qtbot.mouseMove(view.viewport(), centre(view, (1, 0)))
    assert not view.board_scene.ghost.legal
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, (1, 0)))
    assert doc.tile_at(1, 0) is not None
    doc.flush()
    assert (1, 0) in view.board_scene.flagged_cells()


def test_dragging_with_the_tile_tool_paints_tiles_in_one_undo_step(view: BoardView,
                                                                   qtbot) -> None:
    doc = view.doc
    view.set_tile(doc.catalogue.tile("base-c2/E"))
    cells = [(4, 0), (5, 0), (6, 0)]
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(view.viewport(), centre(view, cell))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, cells[-1]))
    assert all(doc.tile_at(*c) is not None for c in cells)
    doc.undo_stack.undo()
    assert all(doc.tile_at(*c) is None for c in cells)


def test_a_figure_goes_on_the_clicked_segment_for_the_current_player(view: BoardView,
                                                                     qtbot) -> None:
    doc = view.doc
    view.set_tool("figure")
    view.figure_kind = "follower"
    view.player = 1
    placed = doc.board.at(0, 0)
    index = placed.tile.segment_index["road"]
    anchor = figure_anchor(placed.tile, placed.rotation, index, cell_rect(0, 0))
    before = len(doc.figures())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.mapFromScene(anchor))
    figures = doc.figures()
    assert len(figures) == before + 1
    new = figures[-1]
    assert (new.kind, new.owner, new.x, new.y, new.segment) == ("follower", 1, 0, 0, "road")
    item = view.board_scene.figures[(0, 0)][-1]
    assert item.colour == doc.players[1].colour
    assert_mirrors(doc, view.board_scene)


def test_drag_moves_a_tile_and_delete_removes_it(view: BoardView, qtbot) -> None:
    doc = view.doc
    view.set_tool("select")
    source, target = (2, 3), (4, 4)
    tile = doc.tile_at(*source)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 2.1, 3.1))
    qtbot.mouseMove(view.viewport(), centre(view, (3, 4)))
    qtbot.mouseMove(view.viewport(), centre(view, target))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, target))
    assert doc.tile_at(*source) is None
    assert doc.tile_at(*target).tile is tile.tile
    assert view.board_scene.selected_cell == target
    qtbot.keyClick(view, Qt.Key.Key_R)
    assert doc.tile_at(*target).rotation == (tile.rotation + 1) % 4
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert doc.tile_at(*target) is None
    assert_mirrors(doc, view.board_scene)


def test_dragging_a_figure_moves_it_and_delete_removes_a_selected_figure(view: BoardView,
                                                                         qtbot) -> None:
    doc = view.doc
    view.set_tool("select")
    items = view.board_scene.figures[(2, 3)]
    start = view.mapFromScene(items[0].scenePos())
    placed = doc.board.at(2, 3)
    road = placed.tile.segment_index["road-w"]
    others = [i for i, s in enumerate(placed.tile.segments) if s.kind == "field"]
    target = figure_anchor(placed.tile, placed.rotation, others[0], cell_rect(2, 3))
    assert road != others[0]
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), view.mapFromScene(target))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                       pos=view.mapFromScene(target))
    moved = [f for f in doc.figures() if f.cell == (2, 3)]
    assert [f.segment for f in moved] == [placed.tile.segments[others[0]].id]
    count = len(doc.figures())
    item = view.board_scene.figures[(2, 3)][0]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.mapFromScene(item.scenePos()))
    assert view.selected_figure is not None
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert len(doc.figures()) == count - 1
    assert doc.tile_at(2, 3) is not None


def test_hovering_highlights_the_whole_feature(view: BoardView, qtbot) -> None:
    doc = view.doc
    placed = doc.board.at(0, 1)
    index = next(i for i, s in enumerate(placed.tile.segments) if s.kind == "road")
    anchor = figure_anchor(placed.tile, placed.rotation, index, cell_rect(0, 1))
    hovered = []
    view.featureHovered.connect(lambda x, y, s: hovered.append((x, y, s)))
    qtbot.mouseMove(view.viewport(), view.mapFromScene(anchor))
    feature = describe(doc.board, placed.node(placed.tile.segments[index].id))
    assert view.board_scene.hovered_cells() == feature.tiles
    assert len(feature.tiles) > 1
    assert hovered[-1] == (0, 1, placed.tile.segments[index].id)


def test_keys_zoom_and_fit(view: BoardView, qtbot) -> None:
    before = view.zoom()
    view.zoom_by(2.0, QPointF(100, 100), animate=False)
    assert view.zoom() == pytest.approx(before * 2)
    anchor = view.mapToScene(QPoint(100, 100))
    view.zoom_by(0.5, QPointF(100, 100), animate=False)
    assert view.mapToScene(QPoint(100, 100)).x() == pytest.approx(anchor.x(), abs=3)
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    qtbot.waitUntil(lambda: view.zoom() == pytest.approx(before * 1.25), timeout=2000)
    qtbot.keyClick(view, Qt.Key.Key_0)
    qtbot.waitUntil(lambda: view.zoom() == pytest.approx(1.0), timeout=2000)
    qtbot.keyClick(view, Qt.Key.Key_F)
    rect = view.board_scene.tiles_rect()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(rect)


def test_escape_returns_to_select_and_space_drag_pans(view: BoardView, qtbot) -> None:
    view.set_tile(view.doc.catalogue.tile("base-c2/D"))
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.tool == "select"
    before = view.mapToScene(QPoint(200, 200))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    qtbot.mouseMove(view.viewport(), QPoint(250, 260))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.MiddleButton, pos=QPoint(250, 260))
    after = view.mapToScene(QPoint(200, 200))
    assert after.x() > before.x() and after.y() > before.y()
    assert len(view.doc.board) == 21


def test_note_arrow_and_highlight_tools_add_annotations(view: BoardView, qtbot,
                                                        monkeypatch) -> None:
    from PySide6.QtWidgets import QInputDialog

    doc = view.doc
    notes = doc.position.annotations
    counts = (len(notes.notes), len(notes.arrows), len(notes.highlights))
    monkeypatch.setattr(QInputDialog, "getMultiLineText",
                        lambda *a, **k: ("Look here", True))
    view.set_tool("note")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, (2, 1)))
    assert (notes.notes[-1].x, notes.notes[-1].y, notes.notes[-1].text) == (2, 1, "Look here")
    view.set_tool("arrow")
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, (0, 0)))
    qtbot.mouseMove(view.viewport(), centre(view, (1, 1)))
    qtbot.mouseMove(view.viewport(), centre(view, (2, 2)))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, (2, 2)))
    assert (notes.arrows[-1].start, notes.arrows[-1].end) == ((0, 0), (2, 2))
    view.set_tool("highlight")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, (3, 3)))
    assert notes.highlights[-1].cells == [(3, 3)]
    placed = doc.board.at(0, 0)
    road = placed.tile.segment_index["road"]
    anchor = figure_anchor(placed.tile, placed.rotation, road, cell_rect(0, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ShiftModifier, view.mapFromScene(anchor))
    assert notes.highlights[-1].feature == (0, 0, "road")
    assert (len(notes.notes), len(notes.arrows), len(notes.highlights)) == (
        counts[0] + 1, counts[1] + 1, counts[2] + 2)
    assert_mirrors(doc, view.board_scene)
