"""The board without a mouse: arrow keys move a cell cursor, Enter acts there with the
current tool, R turns the tile in hand; and every focusable widget of every dock has an
accessible name."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QDockWidget, QMenu, QWidget
from qt_support import isolated_settings, sample_document  # noqa: F401
from test_view import make_view

from editor.qt.document import BoardDocument
from editor.qt.mainwindow import MainWindow
from editor.qt.view import BoardView

Key = Qt.Key


def press(view: BoardView, *keys: Qt.Key, shift: bool = False) -> None:
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    for key in keys:
        QTest.keyClick(view, key, modifier)


def test_arrows_move_the_cursor_and_enter_places_the_turned_tile(qtbot) -> None:
    doc = BoardDocument()
    view = make_view(qtbot, doc)
    view.set_tile(doc.catalogue.tile("base-c2/D"))
    view.board_scene.select_cell((0, 0))
    press(view, Key.Key_Right)  # the first press puts the cursor on the selected cell
    assert view.cursor_cell == (0, 0)
    press(view, Key.Key_Right, Key.Key_Right, Key.Key_Down)
    assert view.cursor_cell == (2, 1)
    assert view.board_scene.cursor.isVisible() and view.board_scene.cursor.cell == (2, 1)
    ghost = view.board_scene.ghost
    assert ghost is not None and ghost.isVisible() and ghost.cell == (2, 1)
    press(view, Key.Key_R)
    assert view.rotation == 1 and ghost.turns == 1
    press(view, Key.Key_Return)
    placed = doc.tile_at(2, 1)
    assert placed is not None and placed.tile.ref == "base-c2/D" and placed.rotation == 1
    press(view, Key.Key_Left, shift=True)
    assert view.cursor_cell == (-3, 1)


def test_enter_offers_the_segments_for_a_figure(qtbot, monkeypatch) -> None:
    doc = sample_document()
    view = make_view(qtbot, doc)
    view.set_tool("figure")
    view.figure_kind = "follower"
    view.player = 1
    empty = next(p for p in doc.tiles() if not doc.figures_at(*p.cell)
                 and "city" in p.tile.segment_index)
    view.board_scene.select_cell(empty.cell)
    offered = []

    def choose(menu: QMenu, where: object) -> object:
        offered.extend(a.data() for a in menu.actions())
        return next(a for a in menu.actions() if a.data() == "city")

    monkeypatch.setattr(view, "pick", choose)
    press(view, Key.Key_Up)  # the cursor starts on the selected tile
    press(view, Key.Key_Enter)
    assert set(offered) == {s.id for s in empty.tile.segments}
    (_, figure), = doc.figures_at(*empty.cell)
    assert (figure.kind, figure.owner, figure.segment) == ("follower", 1, "city")


def test_enter_twice_draws_an_arrow_and_esc_cancels_one(qtbot) -> None:
    doc = sample_document()
    view = make_view(qtbot, doc)
    view.set_tool("arrow")
    view.board_scene.select_cell((0, 0))
    before = [(a.start, a.end) for a in doc.position.annotations.arrows]
    press(view, Key.Key_Down, Key.Key_Return, Key.Key_Right, Key.Key_Right, Key.Key_Return)
    arrows = doc.position.annotations.arrows
    assert [(a.start, a.end) for a in arrows] == [*before, ((0, 0), (2, 0))]
    press(view, Key.Key_Return, Key.Key_Left, Key.Key_Escape, Key.Key_Return)
    assert len(doc.position.annotations.arrows) == len(before) + 1
    assert view.tool == "arrow"


def test_a_click_moves_the_cursor_where_the_mouse_was(qtbot) -> None:
    from test_view import centre

    doc = sample_document()
    view = make_view(qtbot, doc)
    press(view, Key.Key_Down)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre(view, (1, -1)))
    assert view.cursor_cell == (1, -1)
    press(view, Key.Key_Right)
    assert view.cursor_cell == (2, -1)




def test_every_focusable_widget_of_every_dock_has_a_name(window: MainWindow) -> None:
    unnamed = []
    for dock in window.findChildren(QDockWidget):
        for widget in dock.findChildren(QWidget):
            if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or not widget.isVisibleTo(dock):
                continue
            if isinstance(widget.parent(), QComboBox | QAbstractSpinBox):
                continue  # a combo's or spin box's own inner editor
            if not widget.accessibleName():
                unnamed.append(f"{dock.windowTitle()}: {type(widget).__name__}")
    assert unnamed == []
    assert window.view.accessibleName() == "Board"
