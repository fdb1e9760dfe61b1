"""Files dropped on the main window open: a board or a JCloisterZone save here, a tile set
in the designer, further boards in windows of their own; other files are not taken."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from qt_support import SAMPLE, isolated_settings  # noqa: F401

from editor.qt import app
from editor.qt.designer.window import OPEN_WINDOWS, TileSetWindow
from editor.qt.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("isolated_settings")
ROOT = Path(__file__).resolve().parents[2]
PUZZLE = ROOT / "samples" / "puzzles" / "c3-close-the-gate.board.json"
SAVE = ROOT / "tests" / "jcz" / "data" / "tiny-city.jcz"
TILESET = ROOT / "tilesets" / "river-c2.json"


@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:
    win = app.start([str(SAMPLE)])[0]
    qtbot.waitExposed(win)
    yield win
    for w in list(app.WINDOWS):
        w.doc.mark_saved()
        w.close()
    app.WINDOWS.clear()


def mime(*paths: Path) -> QMimeData:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return data


def drop_on(widget, data: QMimeData) -> bool:
    """Drag ``data`` over the widget's middle and drop it there; True when it was taken."""
    where = widget.rect().center()
    enter = QDragEnterEvent(where, Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(QPointF(where), Qt.DropAction.CopyAction, data,
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, drop)
    return drop.isAccepted()


def test_a_board_dropped_on_the_board_opens_in_the_window(window: MainWindow, qtbot) -> None:
    assert drop_on(window.view.viewport(), mime(PUZZLE))
    qtbot.waitUntil(lambda: Path(window.doc.path) == PUZZLE)
    assert window.doc.position.editions == ["base:C3"]
    assert len(window.scene.tiles) == len(window.doc.board) > 0


def test_a_save_a_tile_set_and_a_second_board_each_find_their_window(window: MainWindow,
                                                                     qtbot) -> None:
    before = set(OPEN_WINDOWS)
    assert drop_on(window.catalogue_dock, mime(SAVE, TILESET, PUZZLE))
    qtbot.waitUntil(lambda: len(app.WINDOWS) == 2)
    assert len(window.doc.position.moves) == 3  # the save, with its move log, opened here
    other = app.WINDOWS[-1]
    assert Path(other.doc.path) == PUZZLE
    designers = [w for w in set(OPEN_WINDOWS) - before if isinstance(w, TileSetWindow)]
    assert len(designers) == 1 and designers[0].doc.set_id == "river-c2"
    designers[0].close()


def test_other_files_are_not_taken(window: MainWindow, tmp_path) -> None:
    picture = tmp_path / "board.png"
    picture.write_bytes(b"\x89PNG")
    assert not drop_on(window, mime(picture))
    assert not drop_on(window, mime(tmp_path / "missing.json"))
    assert Path(window.doc.path) == SAMPLE.resolve()


def test_a_catalogue_tile_dragged_onto_the_board_still_places_it(window: MainWindow) -> None:
    from PySide6.QtGui import QDragMoveEvent

    from editor.qt.docks.catalogue import TILE_MIME

    data = QMimeData()
    data.setData(TILE_MIME, b"base-c2/D")
    view = window.view
    target = view.viewport().rect().center() + QPoint(7, 7)
    cell = view.cell_at(target)
    if window.doc.tile_at(*cell) is not None:
        window.doc.remove_tile(*cell)
    args = (Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(target, *args)
    QApplication.sendEvent(view.viewport(), enter)
    assert enter.isAccepted()
    QApplication.sendEvent(view.viewport(), QDragMoveEvent(target, *args))
    QApplication.sendEvent(view.viewport(), QDropEvent(QPointF(target), *args))
    placed = window.doc.tile_at(*cell)
    assert placed is not None and placed.tile.ref == "base-c2/D"
