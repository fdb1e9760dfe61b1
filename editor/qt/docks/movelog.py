"""The move log: a read-only timeline of a position's moves.


:func:`install_move_log` adds the dock to a main window; it follows the window's document
and shows the selected position in the window's board view (its docks following it, the
board read-only: a try to edit it says how to continue from there). JCloisterZone saves
(``.jcz``) are opened by :func:`editor.qt.files.open_board`, as every board is.
"""

from __future__ import annotations

import copy
import os
import traceback
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor import logs
from editor.formats.boards import save_position
from editor.i18n import _
from editor.jcz.replay import (
    Replay,
    ReplayError,
    describe_event,
    replay,
    snapshot_differences,
)
from editor.model.findings import Finding

from ..document import BoardDocument, BoardState

log = logs.get(__name__)

#: The scene background while a position of the log is shown (the board is read-only).
PREVIEW_BACKGROUND = "#dfe6ee"


class ReadOnlyStack(QUndoStack):
    """The undo stack of a position shown from the log: every edit is refused."""

    #: an edit was refused (its text)
    refused = Signal(str)

    def push(self, cmd: QUndoCommand) -> None:
        self.refused.emit(cmd.text())


class ContinueFrom(QUndoCommand):
    """Make the document the position after move ``k`` of its log, the log cut there."""

    def __init__(self, doc: BoardDocument, state: BoardState, k: int) -> None:
        super().__init__(_("Continue from move {k} of the log").format(k=k))
        self.doc = doc
        self.states = (doc.state(), state)
        self.logs = (copy.deepcopy(doc.position.moves), copy.deepcopy(doc.position.moves[:k]))

    def _set(self, which: int) -> None:
        self.doc.continue_from(self.states[which], self.logs[which])

    def redo(self) -> None:
        self._set(1)

    def undo(self) -> None:
        self._set(0)


class MoveLogPanel(QWidget):
    """The timeline: its rows, the selected move's events, the step buttons."""

    #: a move of the log was selected (0 = the start), its position shown read-only
    stepSelected = Signal(int)
    #: the position shown instead of the document (``None``: the document again)
    previewChanged = Signal(object)
    #: an edit of the shown position was refused (what to tell the person)
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: BoardDocument | None = None
        self.replay: Replay | None = None
        #: the position of the selected move, while one is shown
        self.preview: BoardDocument | None = None
        self._moves_played: list[dict[str, Any]] | None = None
        self.moves = QListWidget(self)
        self.moves.setAccessibleName(_("Moves of the log"))
        self.moves.currentRowChanged.connect(self._row_changed)
        self.events = QListWidget(self)
        self.events.setAccessibleName(_("Events of the selected move"))
        self.events.setWordWrap(True)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.banner = QFrame(self)
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)
        self.banner_text = QLabel(self.banner)
        self.banner_text.setWordWrap(True)
        self.continue_button = QPushButton(_("Continue from here"), self.banner)
        self.continue_button.setToolTip(_("Make the board this position and cut the log after "
                                        "this move (one step of Undo)"))
        self.continue_button.clicked.connect(self.continue_from_here)
        self.back_button = QPushButton(_("Back to the board"), self.banner)
        self.back_button.clicked.connect(self.show_board)
        banner = QVBoxLayout(self.banner)
        banner.addWidget(self.banner_text)
        row = QHBoxLayout()
        row.addWidget(self.continue_button)
        row.addWidget(self.back_button)
        banner.addLayout(row)
        self.banner.hide()
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, text, tip in (("first", "|◀", _("The start")),
                                ("back", "◀", _("One move back")),
                                ("forward", "▶", _("One move forward")),
                                ("last", "▶|", _("The board"))):
            button = QPushButton(text, self)
            button.setToolTip(tip)
            button.clicked.connect(lambda *_, n=name: self.step(n))
            buttons.addWidget(button)
            self.buttons[name] = button
        self.save_button = QPushButton(_("Save position…"), self)
        self.save_button.setToolTip(_("Save the selected position as a new board"))
        self.save_button.clicked.connect(self._save_dialog)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(buttons)
        layout.addWidget(self.banner)
        layout.addWidget(self.moves, 3)
        layout.addWidget(QLabel(_("Events of the selected move:"), self))
        layout.addWidget(self.events, 2)
        layout.addWidget(self.status)
        self._syncing = False

    # -- the document ----------------------------------------------------------------------

    def set_document(self, doc: BoardDocument) -> None:
        """Show this document's move log; the board row is selected."""
        if self.doc is not None and self.doc is not doc:
            self.doc.edited.disconnect(self._document_edited)
        self._end_preview()
        self.doc = doc
        doc.edited.connect(self._document_edited)
        self._replay()

    @property
    def last(self) -> int:
        """The number of moves (the board is the row after the last one)."""
        return len(self.replay.steps) if self.replay is not None else 0

    @property
    def board_row(self) -> int:
        """The row of the document itself (-1 without a log)."""
        return self.last + 1 if self.last else -1

    @property
    def current(self) -> int:
        """The selected step (0 = start; one past the last move = the board)."""
        return max(0, self.moves.currentRow())

    def select(self, k: int) -> None:
        """Show the position after move ``k`` (0 = the start, ``last + 1`` the board)."""
        if self.last and 0 <= k <= self.board_row:
            if self.moves.currentRow() == k:
                self._row_changed(k)
            else:
                self.moves.setCurrentRow(k)

    def show_board(self) -> None:
        """Show the document again."""
        self.select(self.board_row)

    def step(self, where: str) -> None:
        """``first``, ``back``, ``forward`` or ``last`` (the board)."""
        if not self.last:
            return
        target = {"first": 0, "back": self.current - 1, "forward": self.current + 1,
                  "last": self.board_row}[where]
        self.select(min(self.board_row, max(0, target)))

    def continue_from_here(self) -> None:
        """Make the document the shown position, the log cut after it (undoable)."""
        doc, shown, k = self.doc, self.preview, self.current
        if doc is None or shown is None:
            return
        doc.undo_stack.push(ContinueFrom(doc, shown.state(), k))

    def save_step(self, k: int, path: str) -> None:
        """Write the position after move ``k`` as a board file (raises ``OSError``)."""
        if self.replay is None:
            raise ValueError("no move log to save from")
        save_position(path, self.replay.position_at(min(k, self.last)))

    # -- internals -------------------------------------------------------------------------

    def _replay(self) -> None:
        """Play the document's log again and list it (the board row selected)."""
        doc = self.doc
        assert doc is not None
        self.replay = None
        self._moves_played = copy.deepcopy(doc.position.moves)
        self._syncing = True
        self.moves.clear()
        self.events.clear()
        try:
            self.replay = replay(doc.position, doc.rules, doc.catalogue)
        except ReplayError as exc:
            self.status.setText(_("The move log cannot be replayed: {error}").format(error=exc))
        except Exception as exc:  # a bug (a plugin's, the host's) must not stop the editor
            log.error("replaying the move log failed:\n%s", traceback.format_exc())
            self.status.setText(_("The move log cannot be replayed: internal error ({error})"
                                  ).format(error=f"{type(exc).__name__}: {exc}"))
        else:
            self.status.setText(f"{self.last} moves" if self.last
                                else _("This position has no move log."))
        if self.last:
            played = self.replay
            assert played is not None
            self.moves.addItem(_("Start"))
            for step in played.steps:
                gained = ", ".join(f"{played.names[p]} {n:+d}"
                                   for p, n in _points(step.events).items())
                self.moves.addItem(f"{step.index}. {step.text}" + (f"  ({gained})"
                                                                    if gained else ""))
            self.moves.addItem("")
            self._label_board()
            self.moves.setCurrentRow(self.board_row)
            self._show_events(self.board_row)
        self._syncing = False
        self._enable()

    def _document_edited(self) -> None:
        """The document changed: show it (never edits that cannot be seen), and replay the
        log when the log itself changed."""
        doc = self.doc
        assert doc is not None
        if doc.position.moves != self._moves_played:
            self._end_preview()
            self._replay()
            return
        self._label_board()
        if self.preview is not None:
            self.show_board()

    def _differences(self) -> list[Finding]:
        """What differs between the document's board and the end of its log."""
        if self.doc is None or not self.last:
            return []
        assert self.replay is not None
        return snapshot_differences(self.doc.board, self.replay.board_at(self.last))

    def _label_board(self) -> None:
        """Name the board row, saying whether the board was edited after the log."""
        item = self.moves.item(self.board_row) if self.last else None
        if item is not None:
            item.setText(_("The board (edited after the log): what is saved")
                         if self._differences() else _("The board: what is saved"))
            if self.moves.currentRow() == self.board_row:
                self._show_events(self.board_row)

    def _row_changed(self, k: int) -> None:
        self._enable()
        if self._syncing or self.replay is None or k < 0:
            return
        self._show_events(k)
        if k == self.board_row:
            self._end_preview()
            return
        self._show_position(k)
        self.stepSelected.emit(k)

    def _enable(self) -> None:
        k, n = self.moves.currentRow(), self.board_row
        for name, on in (("first", k > 0), ("back", k > 0), ("forward", 0 <= k < n),
                         ("last", 0 <= k < n)):
            self.buttons[name].setEnabled(on)
        self.save_button.setEnabled(n > 0)

    def _show_events(self, k: int) -> None:
        played = self.replay
        self.events.clear()
        if played is None:
            return
        if k == 0:
            self.events.addItem("The start of the log: "
                                + ", ".join(f"{t.ref} at ({x}, {y})"
                                            for t, x, y, _ in played.start_tiles))
            return
        if k == self.board_row:
            self.events.addItem(_("The board you edit and save, with the whole log."))
            self.events.addItems([_("differs from the log's end: {finding}").format(
                                      finding=f.message)
                                  for f in self._differences()])
            return
        step = played.steps[k - 1]
        self.events.addItems([describe_event(e, played.names) for e in step.events]
                             or [_("no scoring")])
        self.events.addItems([_("finding: {finding}").format(finding=f.message)
                              for f in step.findings])
        if k == self.last:
            self.events.addItem(_("End-of-game scoring after this move:"))
            self.events.addItems([f"  {describe_event(e, played.names)}"
                                  for e in played.end_events] or ["  nothing"])

    def _show_position(self, k: int) -> None:
        """Show the position after move ``k``, read-only, in a document of its own."""
        doc, played = self.doc, self.replay
        assert doc is not None and played is not None
        previous = self.preview
        shown = BoardDocument(played.position_at(k), None, [], doc.host, doc.catalogue)
        stack = ReadOnlyStack(shown)
        stack.refused.connect(self._refused)
        shown.undo_stack = stack
        self.preview = shown
        self.banner_text.setText(
            _("<b>Showing the start of the log</b>, read-only. The board you edit and save is "
              "unchanged.") if k == 0 else
            _("<b>Showing move {k} of {n}</b>, read-only. The board you edit and save is "
              "unchanged.").format(k=k, n=self.last))
        self.continue_button.setEnabled(True)
        self.banner.show()
        self.previewChanged.emit(shown)
        if previous is not None:
            previous.deleteLater()

    def _end_preview(self) -> None:
        """Show the document again (when a position of the log was shown)."""
        previous, self.preview = self.preview, None
        self.banner.hide()
        if previous is not None:
            self.previewChanged.emit(None)
            previous.deleteLater()
        if self.board_row > 0 and self.moves.currentRow() != self.board_row:
            self._syncing = True
            self.moves.setCurrentRow(self.board_row)
            self._show_events(self.board_row)
            self._syncing = False
            self._enable()

    def _refused(self, what: str) -> None:
        self.refused.emit(_("{edit}: not made. This is a position of the move log, read-only: "
                            "Continue from here to edit from it, or go back to the board."
                            ).format(edit=what or _("That edit")))

    def _save_dialog(self) -> None:
        if self.doc is None or self.replay is None:
            return
        k = min(self.current, self.last)
        folder = os.path.dirname(self.doc.path) if self.doc.path else os.path.expanduser("~")
        name = f"{self.doc.position.title or 'position'}-move-{k}.board.json"
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Save position"), os.path.join(folder, name),
            _("Board files (*.board.json *.json)"))
        if not path:
            return
        try:
            self.save_step(k, path)
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self, _("Save position"), _("Could not save {path}:\n{error}")
                                 .format(path=path, error=exc))


def _points(events: list[Any]) -> dict[int, int]:
    total: dict[int, int] = {}
    for e in events:
        if e.type == "score" and e.player is not None:
            total[e.player] = total.get(e.player, 0) + e.points
    return total


class MoveLogDock(QDockWidget):
    """The move log panel in a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Move log"), parent)
        self.setObjectName("MoveLogDock")
        self.panel = MoveLogPanel(self)
        self.setWidget(self.panel)

    def set_document(self, doc: BoardDocument) -> None:
        """Follow this document."""
        self.panel.set_document(doc)


def install_move_log(window: Any) -> MoveLogDock:
    """Add the move-log dock to a main window; returns it.

    The dock follows the window's document (its ``documentChanged`` signal) and shows a
    selected position of the log in the window's board view and docks, read-only (a try to
    edit it says how to continue from there). The window offers ``doc``,
    ``documentChanged``, ``docks`` and ``panels_menu``, and when it has them ``view``,
    ``scene`` and the docks whose widgets show a document (``players_dock`` …).
    """
    dock = MoveLogDock(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.docks.append(dock)
    window.panels_menu.addAction(dock.toggleViewAction())
    panel = dock.panel
    panel.previewChanged.connect(lambda shown: _show_in_window(window, shown))
    panel.refused.connect(lambda text: _tell(window, text, 8000))
    window.documentChanged.connect(dock.set_document)
    dock.set_document(window.doc)
    return dock


#: The docks of a main window whose widget shows one document (``set_document``).
_SHOWING = (("catalogue_dock", "catalogue"), ("players_dock", "players"),
            ("scores_dock", "scores"), ("findings_dock", "findings"),
            ("annotations_dock", "annotations"), ("inspector_dock", "inspector"))


def _show_in_window(window: Any, shown: BoardDocument | None) -> None:
    """Show a position of the log in the window's board view and docks (``None``: the
    window's document again)."""
    view = getattr(window, "view", None)
    if view is None:
        return
    from .. import palette
    from ..scene import BoardScene

    doc = shown or window.doc
    if shown is None:
        view.set_scene(window.scene)
    else:
        scene = BoardScene(shown, view)
        scene.setBackgroundBrush(palette.colour(PREVIEW_BACKGROUND))
        view.set_scene(scene)
    for dock_name, widget in _SHOWING:
        dock = getattr(window, dock_name, None)
        if dock is not None:
            getattr(dock, widget).set_document(doc)
    _tell(window, _("A position of the move log, read-only: the board you edit and save is "
                    "unchanged") if shown is not None else "", 0)


def _tell(window: Any, text: str, timeout: int) -> None:
    bar = window.statusBar() if hasattr(window, "statusBar") else None
    if bar is not None:
        if text:
            bar.showMessage(text, timeout)
        else:
            bar.clearMessage()
