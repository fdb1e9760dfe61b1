"""The window's layout: it fits a 1366 × 768 screen, the default arrangement gives the
inspector, the scores and the findings room, and View → Reset layout brings it back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDockWidget
from qt_support import isolated_settings  # noqa: F401

from editor.qt import app
from editor.qt.docks.movelog import MoveLogDock
from editor.qt.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("isolated_settings")
Area = Qt.DockWidgetArea




def at_size(window: MainWindow, qtbot, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.width() == width and window.height() == height)
    window.reset_layout()
    QApplication.processEvents()


def tabbed_with(window: MainWindow, dock: QDockWidget) -> set[str]:
    return {d.windowTitle() for d in window.tabifiedDockWidgets(dock)}


def test_the_window_fits_a_small_laptop_screen(window: MainWindow) -> None:
    hint = window.minimumSizeHint()
    assert hint.width() <= 1366 and hint.height() <= 740


def test_the_default_layout(window: MainWindow, qtbot) -> None:
    at_size(window, qtbot, 1366, 768)
    assert window.dockWidgetArea(window.catalogue_dock) == Area.LeftDockWidgetArea
    assert window.dockWidgetArea(window.inspector_dock) == Area.RightDockWidgetArea
    assert window.dockWidgetArea(window.scores_dock) == Area.RightDockWidgetArea
    assert window.dockWidgetArea(window.findings_dock) == Area.BottomDockWidgetArea
    assert window.inspector_dock.geometry().bottom() < window.scores_dock.geometry().top()
    assert tabbed_with(window, window.scores_dock) >= {"Players", "Annotations", "Puzzle",
                                                       "Move log"}
    assert tabbed_with(window, window.findings_dock) == {"History"}
    for dock in (window.scores_dock, window.findings_dock, window.inspector_dock):
        assert not dock.visibleRegion().isEmpty(), dock.windowTitle()  # in front
    assert window.findChild(MoveLogDock).visibleRegion().isEmpty()


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
def test_the_docks_get_room_and_the_board_most_of_it(window: MainWindow, qtbot, width: int,
                                                     height: int) -> None:
    at_size(window, qtbot, width, height)
    view = window.view
    assert view.width() >= 0.42 * width and view.height() >= 0.55 * height
    assert window.inspector_dock.height() >= min(180, 0.25 * height)  # ten lines or more
    assert window.scores_dock.height() >= 0.4 * height
    assert window.findings_dock.height() >= 140
    assert window.scores_dock.width() >= 380
    assert window.catalogue_dock.width() >= 230


def test_reset_layout_brings_every_dock_back(window: MainWindow, qtbot) -> None:
    at_size(window, qtbot, 1366, 768)
    window.scores_dock.setFloating(True)
    window.inspector_dock.close()
    window.addDockWidget(Area.LeftDockWidgetArea, window.findings_dock)
    window.tabifyDockWidget(window.catalogue_dock, window.history_dock)
    reset = next(a for a in window.view_menu.actions() if a.text() == "&Reset layout")
    reset.trigger()
    QApplication.processEvents()
    assert not window.scores_dock.isFloating()
    assert window.inspector_dock.isVisible()
    assert window.dockWidgetArea(window.findings_dock) == Area.BottomDockWidgetArea
    assert window.dockWidgetArea(window.history_dock) == Area.BottomDockWidgetArea
    assert tabbed_with(window, window.catalogue_dock) == set()
    assert window.inspector_dock.height() >= 180


def test_a_layout_saved_by_an_older_version_is_not_restored(qtbot) -> None:
    first = app.start([])[0]
    qtbot.waitExposed(first)
    first.removeDockWidget(first.inspector_dock)
    QSettings().setValue("window/state", first.saveState(0))
    first.doc.mark_saved()
    first.hide()
    app.WINDOWS.clear()
    second = app.start([])[0]
    qtbot.addWidget(second)
    qtbot.addWidget(first)
    assert second.dockWidgetArea(second.inspector_dock) == Area.RightDockWidgetArea
    assert second.inspector_dock.isVisibleTo(second)
    second.doc.mark_saved()
    app.WINDOWS.clear()


def test_the_arrangement_comes_back_next_session(qtbot) -> None:
    """A window closed with its docks moved opens next time as it was left."""
    first = app.start([])[0]
    qtbot.addWidget(first)
    qtbot.waitExposed(first)
    first.addDockWidget(Area.LeftDockWidgetArea, first.findings_dock)
    first.history_dock.close()
    QApplication.processEvents()
    first.doc.mark_saved()
    first.close()  # keeps the arrangement
    app.WINDOWS.clear()
    second = app.start([])[0]
    qtbot.addWidget(second)
    qtbot.waitExposed(second)
    assert second.dockWidgetArea(second.findings_dock) == Area.LeftDockWidgetArea
    assert not second.history_dock.isVisibleTo(second)
    second.reset_layout()  # and View → Reset layout still brings the default back
    assert second.dockWidgetArea(second.findings_dock) == Area.BottomDockWidgetArea
    assert second.history_dock.isVisibleTo(second)
    second.doc.mark_saved()
    second.close()
    app.WINDOWS.clear()
