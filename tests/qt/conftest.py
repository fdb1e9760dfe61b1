"""Fixtures for the editor's Qt tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from qt_support import isolated_settings  # noqa: F401

from editor.qt import app
from editor.qt.mainwindow import MainWindow


@pytest.fixture
def window(qtbot, isolated_settings: Path) -> Iterator[MainWindow]:  # noqa: F811
    """The main window of a first start (the sample position), closed afterwards."""
    win = app.start([])[0]
    qtbot.waitExposed(win)
    win.activateWindow()  # window shortcuts answer only in the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    yield win
    win.doc.mark_saved()
    win.close()
    app.WINDOWS.clear()
