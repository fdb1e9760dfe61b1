"""The move log: step backward and forward through a position's moves.

Selecting a move shows the position after it on the board: the document's tiles, figures
and players are set to that position through its edit methods, and the undo history, which
speaks of another position, is cleared. The dock lists that move's events: points, goods,
figures back to supply, findings. The start (row 0) is the log's start position (see
:mod:`editor.jcz.replay`); the last row also lists end-of-game scoring. "Save position…" writes
the selected position as a new board whose log is the moves up to it. A position without a
log shows nothing and is never changed.

:func:`install_move_log` adds the dock to a main window and teaches its File → Open (and
Open Recent) to read JCloisterZone saves (``.jcz``) through :func:`open_jcz`;
:func:`open_path` opens either kind (for a file named on the command line).
"""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.formats.boards import save_position
from editor.jcz.replay import OK, Replay, ReplayError, describe_event, open_game, replay
from editor.model.findings import Finding
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.workspace import ruleset_of

from ..document import BoardDocument, FigureSpec, TileSpec
from ..files import OpenResult, add_recent, open_document

#: File dialog filter for File → Open once the move log is installed.
OPEN_FILTER = ("Boards and JCloisterZone saves (*.board.json *.json *.jcz);;"
               "Board files (*.board.json *.json);;JCloisterZone saves (*.jcz);;All files (*)")


def open_path(path: str, host: PluginHost, catalogue: Catalogue) -> OpenResult:
    """A board file, or a JCloisterZone save when the name ends in ``.jcz``."""
    if path.lower().endswith(".jcz"):
        return open_jcz(path, host, catalogue)
    return open_document(path, host, catalogue)


def open_jcz(path: str, host: PluginHost, catalogue: Catalogue) -> OpenResult:
    """A JCloisterZone save as a new, unsaved document showing the end of its log."""
    position, findings, status = open_game(path, catalogue, host)
    if position is None or status != OK:
        return OpenResult(None, findings)
    try:
        played = replay(position, ruleset_of(position, host), catalogue)
    except ReplayError as exc:
        return OpenResult(None, [*findings, Finding(f"cannot replay: {exc}", "$.replay", path,
                                                    "unplayable")])
    position.board = played.board_at(len(played.steps))
    doc = BoardDocument(position, None, findings, host, catalogue)
    doc.mark_dirty()
    return OpenResult(doc, findings)


class MoveLogPanel(QWidget):
    """The list of moves, the selected move's events and the step buttons."""

    #: the selected step (0 = start)
    stepSelected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: BoardDocument | None = None
        self.replay: Replay | None = None
        self.moves = QListWidget(self)
        self.moves.currentRowChanged.connect(self._row_changed)
        self.events = QListWidget(self)
        self.events.setWordWrap(True)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, text, tip in (("first", "|◀", "The start"), ("back", "◀", "One move back"),
                                ("forward", "▶", "One move forward"),
                                ("last", "▶|", "After the last move")):
            button = QPushButton(text, self)
            button.setToolTip(tip)
            button.clicked.connect(lambda *_, n=name: self.step(n))
            buttons.addWidget(button)
            self.buttons[name] = button
        self.save_button = QPushButton("Save position…", self)
        self.save_button.setToolTip("Save the selected position as a new board")
        self.save_button.clicked.connect(self._save_dialog)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(buttons)
        layout.addWidget(self.moves, 3)
        layout.addWidget(QLabel("Events of the selected move:", self))
        layout.addWidget(self.events, 2)
        layout.addWidget(self.status)
        self._syncing = False

    # -- the document ----------------------------------------------------------------------

    def set_document(self, doc: BoardDocument) -> None:
        """Show this document's move log; the board stays as it is until a move is chosen."""
        self.doc = doc
        self.replay = None
        self._syncing = True
        self.moves.clear()
        self.events.clear()
        try:
            self.replay = replay(doc.position, doc.rules, doc.catalogue)
        except ReplayError as exc:
            self.status.setText(f"The move log cannot be replayed: {exc}")
        else:
            played = self.replay
            self.status.setText(f"{len(played.steps)} moves" if played.steps
                                else "This position has no move log.")
        if self.replay is not None and self.replay.steps:
            played = self.replay
            self.moves.addItem("Start")
            for step in played.steps:
                gained = ", ".join(f"{played.names[p]} {n:+d}"
                                   for p, n in _points(step.events).items())
                self.moves.addItem(f"{step.index}. {step.text}" + (f"  ({gained})"
                                                                    if gained else ""))
            self.moves.setCurrentRow(len(played.steps))
            self._show_events(len(played.steps))
        self._syncing = False
        self._enable()

    @property
    def current(self) -> int:
        """The selected step (0 = start)."""
        return max(0, self.moves.currentRow())

    def select(self, k: int) -> None:
        """Show the position after move ``k`` (0 = the start)."""
        if self.replay is not None and self.replay.steps and 0 <= k <= len(self.replay.steps):
            if self.moves.currentRow() == k:
                self._row_changed(k)
            else:
                self.moves.setCurrentRow(k)

    def step(self, where: str) -> None:
        """``first``, ``back``, ``forward`` or ``last``."""
        if self.replay is None or not self.replay.steps:
            return
        last = len(self.replay.steps)
        target = {"first": 0, "back": self.current - 1, "forward": self.current + 1,
                  "last": last}[where]
        self.select(min(last, max(0, target)))

    def save_step(self, k: int, path: str) -> None:
        """Write the position after move ``k`` as a board file (raises ``OSError``)."""
        if self.replay is None:
            raise ValueError("no move log to save from")
        save_position(path, self.replay.position_at(k))

    # -- internals -------------------------------------------------------------------------

    def _row_changed(self, k: int) -> None:
        self._enable()
        if self._syncing or self.replay is None or k < 0:
            return
        self._show_board(k)
        self._show_events(k)
        self.stepSelected.emit(k)

    def _enable(self) -> None:
        n = len(self.replay.steps) if self.replay is not None else -1
        k = self.moves.currentRow()
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
        step = played.steps[k - 1]
        self.events.addItems([describe_event(e, played.names) for e in step.events]
                             or ["no scoring"])
        self.events.addItems([f"finding: {f.message}" for f in step.findings])
        if k == len(played.steps):
            self.events.addItem("End-of-game scoring after this move:")
            self.events.addItems([f"  {describe_event(e, played.names)}"
                                  for e in played.end_events] or ["  nothing"])

    def _show_board(self, k: int) -> None:
        """Make the document's board the position after move ``k``."""
        doc, played = self.doc, self.replay
        if doc is None or played is None:
            return
        target = played.board_at(k)
        # the undo history speaks of the board as it was: it cannot apply to another position
        doc.undo_stack.clear()
        wanted = {(p.x, p.y): (p.tile, p.rotation) for p in target}
        for spec in reversed(doc.tiles()):
            if wanted.get(spec.cell) != (spec.tile, spec.rotation):
                doc.remove_tile(*spec.cell)
        have = {spec.cell for spec in doc.tiles()}
        for p in target:
            if (p.x, p.y) not in have:
                doc.place_tile(TileSpec(p.tile, p.x, p.y, p.rotation))
        doc.set_figures([FigureSpec(f.kind, f.owner, *target.node_cell[f.node],
                                    target.segment_of(f.node).id) for f in target.figures])
        for i, player in enumerate(target.players[:len(doc.players)]):
            doc.set_player(i, score=player.score, goods=player.goods, supply=player.supply)

    def _save_dialog(self) -> None:
        if self.doc is None or self.replay is None:
            return
        k = self.current
        folder = os.path.dirname(self.doc.path) if self.doc.path else os.path.expanduser("~")
        name = f"{self.doc.position.title or 'position'}-move-{k}.board.json"
        path, _ = QFileDialog.getSaveFileName(self, "Save position", os.path.join(folder, name),
                                              "Board files (*.board.json *.json)")
        if not path:
            return
        try:
            self.save_step(k, path)
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self, "Save position", f"Could not save {path}:\n{exc}")


def _points(events: list[Any]) -> dict[int, int]:
    total: dict[int, int] = {}
    for e in events:
        if e.type == "score" and e.player is not None:
            total[e.player] = total.get(e.player, 0) + e.points
    return total


class MoveLogDock(QDockWidget):
    """The move log panel in a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Move log", parent)
        self.setObjectName("MoveLogDock")
        self.panel = MoveLogPanel(self)
        self.setWidget(self.panel)

    def set_document(self, doc: BoardDocument) -> None:
        """Follow this document."""
        self.panel.set_document(doc)


def install_move_log(window: QMainWindow) -> None:
    """Add the move-log dock to a main window and let its File → Open read ``.jcz`` saves.

    Uses what the main window offers: ``doc``, ``host``, ``catalogue``, ``set_document``,
    ``open_file``, ``maybe_save`` and ``open_action``; the window's ``set_document`` and
    ``open_file`` are wrapped so the dock follows every document and ``.jcz`` paths (from the
    dialog or Open Recent) are converted instead of read as boards.
    """
    dock = MoveLogDock(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    w: Any = window
    if hasattr(w, "docks"):
        w.docks.append(dock)
    for menu in window.menuBar().findChildren(QMenu):
        if menu.title() == "&Panels":
            menu.addAction(dock.toggleViewAction())
    set_document = w.set_document
    open_file = w.open_file

    def follow(doc: BoardDocument) -> None:
        set_document(doc)
        dock.set_document(doc)

    def open_any(path: str) -> bool:
        if not path.lower().endswith(".jcz"):
            return bool(open_file(path))
        if not w.maybe_save():
            return False
        result = open_jcz(path, w.host, w.catalogue)
        if result.document is None:
            box = QMessageBox(QMessageBox.Icon.Critical, "Open",
                              f"{os.path.basename(path)} cannot be opened.", parent=window)
            box.setInformativeText("It is not a JCloisterZone save this editor can read:")
            box.setDetailedText(result.message)
            box.exec()
            return False
        add_recent(path)
        w.set_document(result.document)
        return True

    def dialog() -> None:
        start = os.path.dirname(w.doc.path) if w.doc.path else ""
        path, _ = QFileDialog.getOpenFileName(window, "Open", start, OPEN_FILTER)
        if path:
            w.open_file(path)

    w.set_document = follow
    w.open_file = open_any
    action = getattr(w, "open_action", None)
    if action is not None:
        action.triggered.disconnect()
        action.triggered.connect(lambda *_: dialog())
    dock.set_document(w.doc)
