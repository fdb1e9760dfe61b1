"""The move-log dock: stepping shows the same board as replaying to that move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jcz_support import save_path
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from editor.formats.boards import position_to_dict
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.qt.docks.movelog import (
    MoveLogDock,
    MoveLogPanel,
    install_move_log,
    open_jcz,
    open_path,
)
from editor.qt.document import BoardDocument
from editor.resources import data_dir
from editor.workspace import open_position

SAMPLE = data_dir("samples") / "first-steps.board.json"


def state(position: Position) -> dict[str, Any]:
    """Tiles, figures and players of a position, in a canonical order."""
    data = position_to_dict(position)
    return {"tiles": sorted(map(str, data["tiles"])),
            "figures": sorted(map(str, data["figures"])), "players": data["players"]}


@pytest.mark.parametrize("name", ["base-game", "builder-and-pig", "tiny-city"])
def test_stepping_shows_the_replayed_position(qtbot, host: PluginHost, catalogue: Catalogue,
                                              name: str) -> None:
    result = open_jcz(save_path(name), host, catalogue)
    doc = result.document
    assert doc is not None, result.findings
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    panel.set_document(doc)
    played = panel.replay
    assert played is not None
    last = len(played.steps)
    assert panel.current == last and panel.moves.count() == last + 1
    assert state(doc.position) == state(played.position_at(last))
    order = [*range(last, -1, -1), *range(last + 1), 2, last, 0]
    for k in order:
        panel.select(k)
        assert state(doc.position) == state(played.position_at(k)), k
    panel.step("first")
    assert panel.current == 0 and not panel.buttons["back"].isEnabled()
    panel.step("forward")
    panel.step("forward")
    assert panel.current == 2
    assert state(doc.position) == state(played.position_at(2))
    panel.step("last")
    assert state(doc.position) == state(played.position_at(last))
    texts = [panel.events.item(i).text() for i in range(panel.events.count())]
    assert "End-of-game scoring after this move:" in texts


def test_events_of_the_selected_move(qtbot, host: PluginHost, catalogue: Catalogue) -> None:
    doc = open_jcz(save_path("base-game"), host, catalogue).document
    assert doc is not None
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    panel.set_document(doc)
    panel.select(4)
    texts = [panel.events.item(i).text() for i in range(panel.events.count())]
    assert texts[:2] == ["city completed (2 tiles)",
                         "Bob +4 city: completed city (tiles: 2, pennants: 0): 2×2 + 2×0"]
    assert panel.moves.item(4).text().endswith("(Bob +4)")
    doc.flush()
    assert doc.score_report().current == [0, 4]


def test_saving_a_step_writes_a_board_that_replays_to_it(qtbot, tmp_path: Path,
                                                         host: PluginHost,
                                                         catalogue: Catalogue) -> None:
    doc = open_jcz(save_path("builder-and-pig"), host, catalogue).document
    assert doc is not None
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    panel.set_document(doc)
    path = tmp_path / "move-3.board.json"
    panel.save_step(3, str(path))
    saved, findings = open_position(path)
    assert saved is not None and not findings
    assert len(saved.moves) == 3 and "x-assertions" not in saved.extras
    assert state(saved) == state(panel.replay.position_at(3))
    reopened = BoardDocument(saved, str(path), [], host, catalogue)
    panel.set_document(reopened)
    assert panel.replay is not None and not panel.replay.findings
    assert panel.moves.count() == 4


@pytest.fixture
def isolated_settings(tmp_path: Path, qapp) -> Path:
    """QSettings in a temporary folder (recent files are written on open)."""
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "settings"))
    return tmp_path


class _Window(QMainWindow):
    """What the move log uses of the main window."""

    def __init__(self, doc: BoardDocument, host: PluginHost, catalogue: Catalogue) -> None:
        super().__init__()
        self.doc, self.host, self.catalogue = doc, host, catalogue
        self.docks: list[object] = []
        self.opened: list[str] = []
        self.open_action = QAction("&Open…", self)
        self.open_action.triggered.connect(lambda *_: None)

    def set_document(self, doc: BoardDocument) -> None:
        self.doc = doc

    def open_file(self, path: str) -> bool:
        self.opened.append(path)
        return True

    def maybe_save(self) -> bool:
        return True


def test_install_adds_the_dock_and_opens_jcz(qtbot, host: PluginHost, catalogue: Catalogue,
                                             isolated_settings: Path) -> None:
    window = _Window(BoardDocument(host=host, catalogue=catalogue), host, catalogue)
    qtbot.addWidget(window)
    install_move_log(window)
    dock = window.findChild(MoveLogDock)
    assert dock is not None and window.docks == [dock]
    assert dock.panel.moves.count() == 0  # a new document has no log
    assert window.open_file(save_path("tiny-city"))
    assert window.doc.position.moves and dock.panel.doc is window.doc
    assert dock.panel.moves.count() == 4 and window.doc.path == "" and window.doc.modified
    assert window.open_file("other.board.json") and window.opened == ["other.board.json"]
    assert open_path(save_path("tiny-city"), host, catalogue).document is not None
    assert open_path(str(SAMPLE), host, catalogue).document is not None
    refused = open_path(save_path("unknown-tile"), host, catalogue)
    assert refused.document is None and "BA/Nope" in refused.message



def test_a_board_without_moves_is_left_alone(qtbot, host: PluginHost,
                                             catalogue: Catalogue) -> None:
    position, findings = open_position(SAMPLE)
    assert position is not None, findings
    doc = BoardDocument(position, str(SAMPLE), findings, host, catalogue)
    before = state(doc.position)
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    panel.set_document(doc)
    assert panel.moves.count() == 0 and panel.status.text() == "This position has no move log."
    for where in ("first", "back", "forward", "last"):
        panel.step(where)
        assert not panel.buttons[where].isEnabled()
    panel.select(0)
    assert state(doc.position) == before and not panel.save_button.isEnabled()


def test_install_on_the_main_window(qtbot, host: PluginHost, catalogue: Catalogue,
                                    isolated_settings: Path) -> None:
    from editor.qt.mainwindow import MainWindow

    window = MainWindow(BoardDocument(host=host, catalogue=catalogue), host, catalogue)
    qtbot.addWidget(window)
    install_move_log(window)
    dock = window.findChild(MoveLogDock)
    assert dock is not None and dock in window.docks
    assert window.open_file(save_path("base-game"))
    assert dock.panel.doc is window.doc and dock.panel.moves.count() == 7
    dock.panel.select(3)
    assert len(window.doc.board) == 4
    panels = [m for m in window.menuBar().findChildren(QMenu) if m.title() == "&Panels"]
    assert dock.toggleViewAction() in panels[0].actions()
    window.doc.mark_saved()  # so that closing asks nothing
