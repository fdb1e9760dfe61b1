"""Keys: no two actions share a key where both are active; standard keys keep every binding;
the board's keys work wherever the focus is, except in text fields."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QFileDialog,
    QMainWindow,
    QMenu,
    QMenuBar,
    QWidget,
)
from qt_support import isolated_settings  # noqa: F401

from editor.qt.designer import new_tileset_window
from editor.qt.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("isolated_settings")
Context = Qt.ShortcutContext




def _hosts(obj: QObject) -> list[QWidget]:
    """The widgets an action or a shortcut is active through (menus lead to their window)."""
    if isinstance(obj, QAction):
        return [w for w in obj.associatedObjects() if isinstance(w, QWidget)]
    parent = obj.parent()
    return [parent] if isinstance(parent, QWidget) else []


def _scope(top: QWidget, context: Qt.ShortcutContext, host: QWidget) -> tuple[str, QWidget]:
    """Where a key is heard: ("window", the window) or ("widget", the widget). An action
    in a menu is heard in the window whose menu bar holds it (a QMenu is a window itself)."""
    if context == Context.ApplicationShortcut:
        return ("application", top)
    if context == Context.WindowShortcut or isinstance(host, QMenu | QMenuBar):
        return ("window", top)
    return ("widget", host)


def _overlap(a: tuple[str, QWidget], b: tuple[str, QWidget]) -> bool:
    """Whether some focus position hears both scopes."""
    if "application" in (a[0], b[0]):
        return True
    if a[0] == "window" or b[0] == "window":
        return a[1].window() is b[1].window() or a[1] is b[1].window() or b[1] is a[1].window()
    return a[1].isAncestorOf(b[1]) or b[1].isAncestorOf(a[1]) or a[1] is b[1]


def key_bindings(top: QWidget) -> list[tuple[str, str, tuple[str, QWidget]]]:
    """(key, who, scope) of every action, shortcut and button key of a window."""
    found = []
    for action in top.findChildren(QAction):
        for host in _hosts(action):
            scope = _scope(top, action.shortcutContext(), host)
            for key in action.shortcuts():
                found.append((key.toString(), action.text() or action.objectName(), scope))
    for shortcut in top.findChildren(QShortcut):
        for host in _hosts(shortcut):
            scope = _scope(top, shortcut.context(), host)
            for key in shortcut.keys():  # noqa: SIM118 (a QShortcut, not a dict)
                found.append((key.toString(), "shortcut", scope))
    for button in top.findChildren(QAbstractButton):
        if not button.shortcut().isEmpty():
            found.append((button.shortcut().toString(), button.text(), ("window", button)))
    return found


def clashes(top: QWidget) -> list[str]:
    """Pairs of different actions bound to the same key in overlapping scopes."""
    bindings = key_bindings(top)
    out = []
    for i, (key, who, scope) in enumerate(bindings):
        for other_key, other, other_scope in bindings[i + 1:]:
            if key == other_key and who != other and _overlap(scope, other_scope):
                out.append(f"{key}: {who!r} and {other!r}")
    return out


def test_no_two_actions_of_the_main_window_share_a_key(window: MainWindow) -> None:
    assert key_bindings(window), "no keys found: the collection is broken"
    assert clashes(window) == []


def test_no_two_actions_of_the_designer_share_a_key(qtbot) -> None:
    designer = new_tileset_window()
    qtbot.addWidget(designer)
    assert key_bindings(designer)
    assert clashes(designer) == []


def test_the_clash_check_finds_a_clash(window: MainWindow) -> None:
    window.addAction(QAction("Another save as", window, shortcut=QKeySequence("Ctrl+Shift+S")))
    assert any("Ctrl+Shift+S" in c for c in clashes(window))


def test_standard_keys_keep_every_binding(window: MainWindow) -> None:
    def keys(action: QAction) -> set[str]:
        return {k.toString() for k in action.shortcuts()}

    assert {"Ctrl+W"} <= keys(window.close_action)
    assert {"Ctrl+Shift+Z", "Ctrl+Y"} <= keys(window.redo_action)
    for standard in (QKeySequence.StandardKey.Close, QKeySequence.StandardKey.Redo):
        assert {k.toString() for k in QKeySequence.keyBindings(standard)} <= keys(
            window.close_action if standard == QKeySequence.StandardKey.Close
            else window.redo_action)


def test_ctrl_w_closes_the_window(window: MainWindow, qtbot) -> None:
    window.doc.mark_saved()
    qtbot.keyClick(window.view, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()


def test_save_as_and_solve_each_answer_their_key(window: MainWindow, qtbot,
                                                 monkeypatch) -> None:
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (asked.append(a[1]), ("", ""))[1])
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.view, Qt.Key.Key_S, ctrl_shift)
    assert asked == ["Save board"]
    solve = next(a for a in window.findChildren(QAction) if a.text() == "&Solve")
    key = solve.shortcuts()[0][0]
    with qtbot.waitSignal(solve.triggered, timeout=1000):
        qtbot.keyClick(window.view, key.key(), key.keyboardModifiers())
    assert asked == ["Save board"]


def test_r_rotates_the_tile_in_hand_after_a_catalogue_click(window: MainWindow,
                                                            qtbot) -> None:
    widget = window.catalogue_dock.catalogue
    list_view = widget.view
    tile = window.catalogue.tile("base-c2/V")
    index = widget.proxy.mapFromSource(widget.model.index(widget.model.tiles.index(tile)))
    list_view.scrollTo(index)
    qtbot.mouseClick(list_view.viewport(), Qt.MouseButton.LeftButton,
                     pos=list_view.visualRect(index).center())
    assert window.view.tile is tile
    assert window.view.hasFocus()
    assert "base-c2/V at 0°" in window.tool_label.text()
    qtbot.keyClick(window.view, Qt.Key.Key_R)
    assert window.view.rotation == 1 and "base-c2/V at 90°" in window.tool_label.text()
    # the focus back in the list (keyboard browsing): R still turns the tile, not the list
    list_view.setFocus()
    qtbot.keyClick(list_view, Qt.Key.Key_R)
    assert window.view.rotation == 2 and window.view.tile is tile


def test_typing_in_a_text_field_does_not_trigger_board_keys(window: MainWindow,
                                                            qtbot) -> None:
    window.view.set_tile(window.catalogue.tile("base-c2/D"))
    search = window.catalogue_dock.catalogue.search
    search.setFocus()
    qtbot.keyClicks(search, "Rf0")
    assert search.text() == "Rf0"
    assert window.view.rotation == 0 and window.view.tool == "tile"


def test_a_designer_standard_key_keeps_every_binding(qtbot) -> None:
    designer = new_tileset_window()
    qtbot.addWidget(designer)
    assert isinstance(designer, QMainWindow)
    assert "Ctrl+W" in {k.toString() for k in designer.close_action.shortcuts()}
    assert "Ctrl+D" in {k.toString() for a in designer.findChildren(QAction)
                        for k in a.shortcuts()}
