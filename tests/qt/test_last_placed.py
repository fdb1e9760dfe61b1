"""The tile placed last is framed: after a placement, after an undo, in a file (its last
tile), and for the move selected in the Move log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from qt_support import isolated_settings, sample_document  # noqa: F401

from editor.qt import app
from editor.qt.commands import PlaceTile
from editor.qt.docks.movelog import MoveLogDock
from editor.qt.document import TileSpec
from editor.qt.mainwindow import MainWindow
from editor.qt.scene import BoardScene

ROOT = Path(__file__).resolve().parents[2]


def test_the_last_placed_tile_is_framed_and_follows_undo(qapp) -> None:
    doc = sample_document()
    scene = BoardScene(doc)
    last = list(doc.board.cells)[-1]
    assert scene.last_placed.isVisible() and scene.last_placed.cell == last
    free = (9, 9)
    doc.undo_stack.push(PlaceTile(doc, TileSpec(doc.catalogue.tile("base-c2/D"), *free, 0)))
    assert scene.last_placed.cell == free
    assert scene.last_placed.pos() == scene.tiles[free].pos()
    doc.undo_stack.undo()
    assert scene.last_placed.cell == last


def test_an_empty_board_has_no_frame(qapp) -> None:
    from editor.qt.document import BoardDocument

    scene = BoardScene(BoardDocument())
    assert not scene.last_placed.isVisible()


@pytest.fixture
def jcz_window(qtbot, isolated_settings: Path) -> Iterator[MainWindow]:  # noqa: F811
    win = app.start([str(ROOT / "tests" / "jcz" / "data" / "tiny-city.jcz")])[0]
    qtbot.waitExposed(win)
    yield win
    win.doc.mark_saved()
    win.close()
    app.WINDOWS.clear()


def test_the_move_selected_in_the_log_frames_its_tile(jcz_window: MainWindow) -> None:
    panel = jcz_window.findChild(MoveLogDock).panel
    steps = panel.replay.steps
    assert len(steps) == 3
    for k in (1, 3, 2):
        panel.select(k)
        _, x, y, _ = steps[k - 1].placed
        assert jcz_window.view.board_scene.last_placed.cell == (x, y), k
