"""The move-log dock: a read-only timeline. Stepping shows the same board as replaying to
that move, never changes the document (its edits, undo history and file are kept), and
"Continue from here" is one undoable edit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jcz_support import save_path
from PySide6.QtCore import QSettings, QStandardPaths, Signal
from PySide6.QtWidgets import QMainWindow, QMenu

from editor.formats.boards import position_to_dict
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.qt.docks.movelog import MoveLogDock, MoveLogPanel, install_move_log
from editor.qt.document import BoardDocument
from editor.qt.files import open_board, open_jcz
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
    before = state(doc.position)
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    panel.set_document(doc)
    played = panel.replay
    assert played is not None
    last = len(played.steps)
    assert panel.current == panel.board_row == last + 1 and panel.moves.count() == last + 2
    assert panel.preview is None and state(doc.position) == state(played.position_at(last))
    order = [*range(last, -1, -1), *range(last + 1), 2, last, 0]
    for k in order:
        panel.select(k)
        assert panel.preview is not None
        assert state(panel.preview.position) == state(played.position_at(k)), k
        assert state(doc.position) == before, k  # the document is never changed
    panel.step("first")
    assert panel.current == 0 and not panel.buttons["back"].isEnabled()
    panel.step("forward")
    panel.step("forward")
    assert panel.current == 2
    assert state(panel.preview.position) == state(played.position_at(2))
    panel.select(last)
    texts = [panel.events.item(i).text() for i in range(panel.events.count())]
    assert "End-of-game scoring after this move:" in texts
    panel.step("last")
    assert panel.current == panel.board_row and panel.preview is None
    assert state(doc.position) == before


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
    shown = panel.preview
    assert shown is not None
    shown.flush()
    assert shown.score_report().current == [0, 4]  # the position after move 4
    assert doc.score_report().current == [4, 4]  # the document: the end of the game


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
    assert panel.moves.count() == 5  # the start, three moves, the board


@pytest.fixture
def isolated_settings(tmp_path: Path, qapp) -> Path:
    """QSettings in a temporary folder (recent files are written on open)."""
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "settings"))
    return tmp_path


class _Window(QMainWindow):
    """What the move log uses of a main window: its document, the signal it changes it by,
    its list of docks and its Panels menu."""

    documentChanged = Signal(object)

    def __init__(self, doc: BoardDocument) -> None:
        super().__init__()
        self.doc = doc
        self.docks: list[object] = []
        self.panels_menu = QMenu("&Panels", self)

    def set_document(self, doc: BoardDocument) -> None:
        self.doc = doc
        self.documentChanged.emit(doc)


def test_install_adds_the_dock_and_follows_the_window(qtbot, host: PluginHost,
                                                     catalogue: Catalogue) -> None:
    window = _Window(BoardDocument(host=host, catalogue=catalogue))
    qtbot.addWidget(window)
    dock = install_move_log(window)
    assert window.docks == [dock] and dock.toggleViewAction() in window.panels_menu.actions()
    assert dock.panel.moves.count() == 0  # a new document has no log
    game = open_board(save_path("tiny-city"), host, catalogue).document
    assert game is not None and game.position.moves and game.path == "" and game.modified
    window.set_document(game)
    assert dock.panel.doc is game and dock.panel.moves.count() == 5
    assert open_board(str(SAMPLE), host, catalogue).document is not None
    refused = open_board(save_path("unknown-tile"), host, catalogue)
    assert refused.document is None and "BA/Nope" in refused.message
    shown: list[object] = []
    window.statusBar = lambda: None  # the stand-in has no status bar to tell
    dock.panel.previewChanged.connect(shown.append)
    dock.panel.select(1)
    assert shown and shown[-1] is dock.panel.preview  # no view: shown in the dock only


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
    dock = window.move_log_dock
    assert dock in window.docks and window.findChildren(MoveLogDock) == [dock]
    assert window.open_any(save_path("base-game"))
    panel = dock.panel
    assert panel.doc is window.doc and panel.moves.count() == 8
    panel.select(3)
    shown = window.view.board_scene
    assert shown is not window.scene and shown.doc is panel.preview
    assert len(shown.doc.board) == 4 and len(window.doc.board) == 7
    assert window.scores_dock.scores.doc is panel.preview
    assert window.findings_dock.findings.doc is panel.preview
    assert "read-only" in window.statusBar().currentMessage()
    panel.show_board()
    assert window.view.board_scene is window.scene
    assert window.scores_dock.scores.doc is window.doc
    panels = [m for m in window.menuBar().findChildren(QMenu) if m.title() == "&Panels"]
    assert dock.toggleViewAction() in panels[0].actions()
    window.doc.mark_saved()  # so that closing asks nothing


@pytest.fixture
def edited(qtbot, host: PluginHost, catalogue: Catalogue, isolated_settings: Path, tmp_path):
    """A main window on a saved game whose board was edited after its log (unsaved)."""
    from editor.formats.boards import save_position
    from editor.qt.commands import EditPlayer, PlaceTile
    from editor.qt.document import TileSpec
    from editor.qt.mainwindow import MainWindow

    path = tmp_path / "game.board.json"
    game = open_jcz(save_path("base-game"), host, catalogue).document
    assert game is not None
    save_position(path, game.position)
    window = MainWindow(BoardDocument(host=host, catalogue=catalogue), host, catalogue)
    assert window.open_any(str(path))
    doc = window.doc
    free = next(iter(doc.board.frontier))
    doc.undo_stack.push(PlaceTile(doc, TileSpec(catalogue.tile("base-c2/B"), *free, 0)))
    doc.undo_stack.push(EditPlayer(doc, 0, score=42))
    yield window, path, free
    window.doc.mark_saved()  # closed here, not by qtbot: a failed test must not ask to save
    window.close()
    window.deleteLater()


def test_stepping_never_destroys_unsaved_work(edited) -> None:
    window, path, free = edited
    doc = window.doc
    panel = window.findChild(MoveLogDock).panel
    before, undo = state(doc.position), doc.undo_stack.count()
    assert panel.moves.item(panel.board_row).text() == "The board (edited after the log): " \
        "what is saved"
    for k in (0, 3, 6, 1):
        panel.select(k)
    assert state(doc.position) == before and doc.undo_stack.count() == undo
    assert doc.modified and window.isWindowModified()
    assert window.save()  # Ctrl+S while a move is shown saves the document
    saved, _ = open_position(path)
    assert saved is not None and state(saved) == before
    assert len(saved.moves) == 6 and free in saved.board.cells
    assert saved.board.players[0].score == 42


def test_a_position_of_the_log_cannot_be_edited(edited) -> None:
    from editor.qt.commands import PlaceTile
    from editor.qt.document import TileSpec

    window, _, _ = edited
    panel = window.findChild(MoveLogDock).panel
    panel.select(2)
    shown = panel.preview
    assert shown is not None
    cells = set(shown.board.cells)
    cell = next(iter(shown.board.frontier))
    shown.undo_stack.push(PlaceTile(shown, TileSpec(shown.catalogue.tile("base-c2/B"), *cell,
                                                    0)))
    assert set(shown.board.cells) == cells
    assert "not made. This is a position of the move log, read-only" in \
        window.statusBar().currentMessage()


def test_continue_from_here_is_one_undoable_edit(edited) -> None:
    window, _, _ = edited
    doc = window.doc
    panel = window.findChild(MoveLogDock).panel
    before, moves = state(doc.position), list(doc.position.moves)
    played = panel.replay
    panel.select(2)
    panel.continue_from_here()
    assert state(doc.position) == state(played.position_at(2))
    assert doc.position.moves == moves[:2] and panel.preview is None
    assert panel.moves.count() == 4 and panel.current == panel.board_row
    assert window.view.board_scene is window.scene and len(window.scene.tiles) == 3
    doc.undo_stack.undo()
    assert state(doc.position) == before and doc.position.moves == moves
    assert panel.moves.count() == len(moves) + 2  # the start, every move, the board
    doc.undo_stack.redo()
    assert doc.position.moves == moves[:2]


def test_an_edit_of_the_document_while_stepping_shows_it(edited) -> None:
    window, _, free = edited
    doc = window.doc
    panel = window.findChild(MoveLogDock).panel
    panel.select(1)
    assert panel.preview is not None
    window.undo_action.trigger()  # an edit the person would not see otherwise
    assert panel.preview is None and window.view.board_scene is window.scene
    assert doc.players[0].score != 42 and free in doc.board.cells
