"""Layouts survive the longest languages (#17.5): at 1366×768 in German and Vietnamese no
label, button or tab of the main window, the Preferences dialog or the ruleset dialog is
cut (their text fits the room they get)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QTabBar, QWidget
from qt_support import isolated_settings, window_in  # noqa: F401

from editor.qt.mainwindow import MainWindow
from editor.qt.preferences import PreferencesDialog


def clipped(root: QWidget) -> list[str]:
    """Every visible text widget under ``root`` whose text needs more room than it has."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        if isinstance(widget, QLabel) and widget.text() and not widget.wordWrap() \
                and not widget.text().lstrip().startswith("<"):
            if widget.sizeHint().width() > widget.width() + 1:
                found.append(f"label {widget.text()!r}: {widget.sizeHint().width()} > "
                             f"{widget.width()}")
        elif isinstance(widget, QAbstractButton) and widget.text():
            if widget.minimumSizeHint().width() > widget.width() + 1:
                found.append(f"button {widget.text()!r}: {widget.minimumSizeHint().width()} "
                             f"> {widget.width()}")
        elif isinstance(widget, QTabBar):
            for i in range(widget.count()):
                room = widget.tabRect(i).width()
                need = widget.fontMetrics().horizontalAdvance(widget.tabText(i))
                if need > room:
                    found.append(f"tab {widget.tabText(i)!r}: {need} > {room}")
    return found


@pytest.fixture(params=["de", "vi", "en"])
def window(request, qtbot, isolated_settings) -> Iterator[MainWindow]:  # noqa: F811
    with window_in(request.param, qtbot, (1366, 768)) as win:
        win.show_scores(1)
        QApplication.processEvents()
        yield win


def test_nothing_is_cut_in_the_main_window(window: MainWindow) -> None:
    assert window.width() == 1366
    assert clipped(window) == []


def test_nothing_is_cut_in_the_preferences(window: MainWindow, qtbot) -> None:
    dialog = PreferencesDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert clipped(dialog) == []
