"""The tile-set designer window: the tile list, the tile editor, the set's own attributes,
the live findings and the undo history; New, Open, Save, Save As, Import JCloisterZone XML
and Play-test."""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QStyle,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from editor.jcz.tiles_xml import JczError, jcz_tile_sets, read_jcz
from editor.model.findings import Finding, Severity
from editor.model.tilesets import TileSet
from editor.qt.art.images import register_tile_set
from editor.qt.keys import key_sequences

from . import tileops
from .commands import SetSetValue
from .document import (
    DocumentError,
    PlaytestError,
    TileSetDocument,
    locate,
    playtest,
    playtest_signals,
)
from .tileeditor import TileEditor
from .tilelist import TileList, tile_thumbnail

TITLE = "Tile set designer"
FILTER = "Tile sets (*.json);;All files (*)"
#: Open designer windows (kept referenced so that Qt does not delete them).
WINDOWS: list[TileSetWindow] = []


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary(findings: list[Finding]) -> str:
    """``2 errors, 1 warning`` or ``No problems``."""
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    parts = [_plural(n, w) for n, w in ((errors, "error"), (warnings, "warning")) if n]
    return ", ".join(parts) if parts else "No problems"


class LintList(QWidget):
    """The findings of the live lint; clicking one selects its tile and segment."""

    #: a finding was chosen: tile index and segment index (-1 when it names none)
    located = Signal(int, int)

    def __init__(self, doc: TileSetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.header = QLabel()
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.itemClicked.connect(self._chosen)
        self.list.itemActivated.connect(self._chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.list)
        style = self.style()
        self.icons = {
            Severity.ERROR: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
            Severity.WARNING: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
            Severity.INFO: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation),
        }
        doc.findingsChanged.connect(self.refresh)
        self.refresh()

    def where(self, finding: Finding) -> str:
        """Where a finding points, in words: ``tile D › city-n``, ``tile set``."""
        tile, segment = locate(finding.path)
        if tile is None or tile >= len(self.doc.tiles):
            return "tile set"
        data = self.doc.tiles[tile]
        text = f"tile {data.get('id', tile)}"
        segs = data.get("segments")
        if segment is not None and isinstance(segs, list) and segment < len(segs) \
                and isinstance(segs[segment], dict):
            text += f" › {segs[segment].get('id', segment)}"
        return text

    def refresh(self) -> None:
        """Show the document's current findings, errors first."""
        findings = sorted(self.doc.findings(), key=lambda f: f.severity is not Severity.ERROR)
        self.list.clear()
        for finding in findings:
            item = QListWidgetItem(self.icons[finding.severity],
                                   f"{self.where(finding)}: {finding.message}")
            item.setToolTip(f"{finding.path}\n{finding.message}")
            tile, segment = locate(finding.path)
            item.setData(Qt.ItemDataRole.UserRole, (-1 if tile is None else tile,
                                                    -1 if segment is None else segment))
            self.list.addItem(item)
        text = summary(findings)
        colour = "#b3261e" if self.doc.errors() else "#2e7d32" if not findings else "#8a6100"
        mark = "✔ " if not findings else ""
        self.header.setText(f"<b style='color:{colour}'>{mark}{text}</b>"
                            + ("" if findings else " — the set loads as it is"))

    def _chosen(self, item: QListWidgetItem) -> None:
        tile, segment = item.data(Qt.ItemDataRole.UserRole)
        if tile >= 0:
            self.located.emit(tile, segment)


class SetForm(QWidget):
    """The set's own attributes: id, name, part, edition, description, provenance, goods."""

    FIELDS = (("id", "Id", "my-tiles (used in board files: my-tiles/A)"),
              ("name", "Name", "shown to people"),
              ("part", "Part", "base, river, traders-builders or your own"),
              ("edition", "Edition", "C1, C2, C3, C3.1 or your own label"),
              ("description", "Description", "optional"))

    def __init__(self, doc: TileSetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self._updating = False
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.edits: dict[str, QLineEdit] = {}
        for key, label, hint in self.FIELDS:
            edit = QLineEdit()
            edit.setPlaceholderText(hint)
            edit.editingFinished.connect(lambda k=key: self._commit_text(k))
            form.addRow(label, edit)
            self.edits[key] = edit
        self.sources = QLineEdit()
        self.sources.setPlaceholderText("where the tiles come from; separate with ;")
        self.sources.editingFinished.connect(self._commit_provenance)
        self.provisional = QCheckBox("Provisional")
        self.provisional.toggled.connect(self._commit_provenance)
        self.note = QLineEdit()
        self.note.editingFinished.connect(self._commit_provenance)
        self.goods = QLineEdit()
        self.goods.setPlaceholderText("e.g. wine 9, wheat 6, cloth 5 (checked by the lint)")
        self.goods.editingFinished.connect(self._commit_goods)
        form.addRow("Sources", self.sources)
        form.addRow("", self.provisional)
        form.addRow("Note", self.note)
        form.addRow("Goods totals", self.goods)
        doc.setChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the set's values."""
        self._updating = True
        data = self.doc.data
        for key, edit in self.edits.items():
            edit.setText(str(data.get(key, "")))
        provenance = tileops.mapping(data.get("provenance"))
        self.sources.setText("; ".join(map(str, provenance.get("sources", []))))
        self.provisional.setChecked(bool(provenance.get("provisional")))
        self.note.setText(str(provenance.get("note", "")))
        totals = tileops.mapping(data.get("goods_totals"))
        self.goods.setText(", ".join(f"{k} {v}" for k, v in totals.items()))
        for edit in [*self.edits.values(), self.sources, self.note, self.goods]:
            edit.setCursorPosition(0)  # show the start of long texts
        self._updating = False

    def _push(self, key: str, value: Any) -> None:
        if self._updating:
            return
        command = SetSetValue(self.doc, key, value)
        if command.changed:
            self.doc.undo_stack.push(command)

    def _commit_text(self, key: str) -> None:
        text = self.edits[key].text().strip()
        if key == "description":
            self._push(key, text or None)
        else:
            self._push(key, text)

    def _commit_provenance(self) -> None:
        value: dict[str, Any] = {}
        sources = [s.strip() for s in self.sources.text().split(";") if s.strip()]
        if sources:
            value["sources"] = sources
        if self.provisional.isChecked():
            value["provisional"] = True
        if self.note.text().strip():
            value["note"] = self.note.text().strip()
        self._push("provenance", value or None)

    def _commit_goods(self) -> None:
        totals: dict[str, int] = {}
        for part in self.goods.text().replace(";", ",").split(","):
            words = part.replace("=", " ").replace(":", " ").split()
            if len(words) == 2 and words[1].isdigit():
                totals[words[0]] = int(words[1])
            elif words:
                self.goods.setStyleSheet("border: 1px solid #d64545")
                self.goods.setToolTip(f"Cannot read {part.strip()!r}: write kind and number")
                return
        self.goods.setStyleSheet("")
        self.goods.setToolTip("")
        self._push("goods_totals", totals or None)


class TileSetWindow(QMainWindow):
    """One tile set being designed."""

    def __init__(self, doc: TileSetDocument | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc or TileSetDocument(parent=None)
        self.doc.setParent(self)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(1360, 880)
        self.tiles = TileList(self.doc)
        self.editor = TileEditor(self.doc)
        self.lint = LintList(self.doc)
        self.set_form = SetForm(self.doc)
        #: the question offering a board to play-test on, while it is open
        self.board_offer: QMessageBox | None = None
        self.setCentralWidget(self.editor)
        self._make_docks()
        self._make_actions()
        self._make_menus()
        self._make_toolbar()
        self.counts = QLabel()
        self.statusBar().addPermanentWidget(self.counts)
        self.tiles.currentChanged.connect(self.editor.set_index)
        self.lint.located.connect(self.go_to)
        self.editor.message.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.doc.modifiedChanged.connect(self._update_title)
        self.doc.pathChanged.connect(self._update_title)
        self.doc.setChanged.connect(self._update_title)
        self.doc.findingsChanged.connect(self._update_counts)
        self.doc.tilesChanged.connect(self._update_counts)
        self.doc.tileChanged.connect(self._update_counts)
        self.editor.set_index(self.tiles.current())
        self._update_title()
        self._update_counts()
        WINDOWS.append(self)

    # -- building --------------------------------------------------------------------------

    def _dock(self, title: str, name: str, widget: QWidget,
              area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _make_docks(self) -> None:
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.set_dock = self._dock("Tile set", "SetDock", self.set_form, left)
        self.tiles_dock = self._dock("Tiles", "TilesDock", self.tiles, left)
        self.lint_dock = self._dock("Findings", "FindingsDock", self.lint, bottom)
        history = QUndoView(self.doc.undo_stack)
        history.setEmptyLabel("Opened")
        self.history_dock = self._dock("History", "HistoryDock", history, bottom)
        self.tabifyDockWidget(self.lint_dock, self.history_dock)
        self.lint_dock.raise_()
        self.resizeDocks([self.set_dock, self.tiles_dock], [210, 520], Qt.Orientation.Vertical)
        self.resizeDocks([self.tiles_dock], [250], Qt.Orientation.Horizontal)
        self.resizeDocks([self.lint_dock], [110], Qt.Orientation.Vertical)

    def _action(self, text: str, slot: Any, shortcut: Any = None, tip: str = "",
                icon: QStyle.StandardPixmap | None = None) -> QAction:
        action = QAction(text, self)
        action.triggered.connect(lambda _=False: slot())
        action.setShortcuts(key_sequences(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        return action

    def _make_actions(self) -> None:
        pix = QStyle.StandardPixmap
        keys = QKeySequence.StandardKey
        self.new_action = self._action("&New tile set", new_tileset_window, [keys.New, "Ctrl+N"],
                                       "Start a new tile set in its own window", pix.SP_FileIcon)
        self.open_action = self._action("&Open tile set…", self.open_dialog,
                                        [keys.Open, "Ctrl+O"], "Open a tile set file",
                                        pix.SP_DialogOpenButton)
        self.import_action = self._action("&Import JCloisterZone XML…", self.import_dialog,
                                          None, "Read the tiles of a JCloisterZone expansion "
                                          "file into a new tile set")
        self.save_action = self._action("&Save", self.save, [keys.Save, "Ctrl+S"],
                                        "Save the tile set", pix.SP_DialogSaveButton)
        self.save_as_action = self._action("Save &As…", self.save_as,
                                           [keys.SaveAs, "Ctrl+Shift+S"])
        self.close_action = self._action("&Close", self.close, [keys.Close, "Ctrl+W"])
        self.undo_action = self.doc.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(key_sequences([keys.Undo, "Ctrl+Z"]))
        self.undo_action.setIcon(self.style().standardIcon(pix.SP_ArrowBack))
        self.redo_action = self.doc.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(key_sequences([keys.Redo, "Ctrl+Shift+Z", "Ctrl+Y"]))
        self.redo_action.setIcon(self.style().standardIcon(pix.SP_ArrowForward))
        self.playtest_action = self._action(
            "&Play-test", self.playtest, "Ctrl+T",
            "Put this set into the board editor's catalogue so that its tiles can be placed "
            "at once", pix.SP_MediaPlay)

    def _make_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        file.addActions([self.new_action, self.open_action, self.import_action])
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action])
        file.addSeparator()
        file.addAction(self.close_action)
        edit = bar.addMenu("&Edit")
        edit.addActions([self.undo_action, self.redo_action])
        tile = bar.addMenu("&Tile")
        for name, text, key in (("add", "&Add tile", "Ctrl+Shift+A"),
                                ("duplicate", "&Duplicate tile", "Ctrl+D"),
                                ("delete", "De&lete tile", None), ("up", "Move &up", "Ctrl+Up"),
                                ("down", "Move do&wn", "Ctrl+Down")):
            tile.addAction(self._action(text, self.tiles.buttons[name].click, key))
        tile.addSeparator()
        tile.addAction(self.playtest_action)
        view = bar.addMenu("&View")
        for dock in (self.set_dock, self.tiles_dock, self.lint_dock, self.history_dock):
            view.addAction(dock.toggleViewAction())

    def _make_toolbar(self) -> None:
        bar = self.addToolBar("Main")
        bar.setObjectName("MainToolBar")
        bar.setIconSize(QSize(18, 18))
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        bar.addActions([self.new_action, self.open_action, self.save_action])
        bar.addSeparator()
        bar.addActions([self.undo_action, self.redo_action])
        bar.addSeparator()
        bar.addAction(self.playtest_action)

    # -- state -----------------------------------------------------------------------------

    def _update_title(self, *_: object) -> None:
        self.setWindowTitle(f"{self.doc.display_name}[*] — {TITLE}")
        self.setWindowModified(self.doc.modified)
        tile = next((t for t in self.doc.tiles if isinstance(t, dict)), None)
        if tile is not None:
            self.setWindowIcon(QIcon(tile_thumbnail(tile, self.doc.set_id, 64)))
        if self.doc.path and self.doc.set_id:
            register_tile_set(TileSet(self.doc.set_id, "", "", "", (),
                                      source=self.doc.path))

    def _update_counts(self, *_: object) -> None:
        tiles = self.doc.tiles
        copies = sum(t.get("count", 0) for t in tiles
                     if isinstance(t.get("count"), int))
        self.counts.setText(f"{_plural(len(tiles), 'kind')}, {_plural(copies, 'tile')} in "
                            f"the box · {summary(self.doc.findings())}")

    def is_pristine(self) -> bool:
        """A new window nobody has touched (an Open may replace it)."""
        return not self.doc.path and not self.doc.modified and not self.doc.undo_stack.count()

    def go_to(self, tile: int, segment: int) -> None:
        """Select a tile and, when given, one of its segments."""
        self.tiles.set_current(tile)
        self.editor.set_index(tile)
        if segment >= 0:
            self.editor.select_segment_index(segment)

    # -- files -----------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Ask about unsaved changes; ``False`` when the person cancels."""
        if not self.doc.modified:
            return True
        answer = QMessageBox.question(
            self, TITLE, f"Save the changes to {self.doc.display_name}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.maybe_save():
            if self in WINDOWS:
                WINDOWS.remove(self)
            event.accept()
        else:
            event.ignore()

    def save(self) -> bool:
        """Save to the file (asks for one when there is none)."""
        if not self.doc.path:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        """Save under a new name."""
        start = self.doc.path or os.path.join(os.getcwd(), f"{self.doc.set_id}.json")
        path, _ = QFileDialog.getSaveFileName(self, "Save tile set", start, FILTER)
        return bool(path) and self._save_to(path)

    def _save_to(self, path: str) -> bool:
        try:
            self.doc.save(path)
        except (OSError, ValueError, TypeError) as exc:
            QMessageBox.critical(self, TITLE, f"Could not save {path}:\n{exc}\n\nThe file on "
                                 "disk was left as it was.")
            return False
        self.doc.flush()
        errors = self.doc.errors()
        note = (f" — {_plural(len(errors), 'error')} left: the set loads once they are fixed"
                if errors else "")
        self.statusBar().showMessage(f"Saved {path}{note}", 8000)
        return True

    def open_dialog(self) -> None:
        """Choose a tile set file and open it."""
        folder = os.path.dirname(self.doc.path) if self.doc.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open tile set", folder, FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str) -> TileSetWindow | None:
        """Open a file in a new window (this one closes if nobody used it)."""
        try:
            doc = TileSetDocument.open(path)
        except DocumentError as exc:
            QMessageBox.warning(self, TITLE, f"Cannot open {path} as a tile set:\n{exc}")
            return None
        return self._replace_or_add(TileSetWindow(doc))

    def _replace_or_add(self, window: TileSetWindow) -> TileSetWindow:
        window.show()
        if self.is_pristine():
            window.move(self.pos())
            self.close()
        return window

    def import_dialog(self) -> None:
        """Choose a JCloisterZone XML file, then one of its tile sets, and import it."""
        path, _ = QFileDialog.getOpenFileName(self, "Import JCloisterZone XML", "",
                                              "JCloisterZone XML (*.xml);;All files (*)")
        if not path:
            return
        try:
            choices = jcz_tile_sets(path)
        except JczError as exc:
            QMessageBox.warning(self, TITLE, str(exc))
            return
        chosen = choices[0] if choices else None
        if len(choices) > 1:
            text, ok = QInputDialog.getItem(self, "Import JCloisterZone XML",
                                            "Counts from tile set:", choices, 0, False)
            if not ok:
                return
            chosen = text
        self.import_path(path, chosen)

    def import_path(self, path: str, tile_set: str | None = None) -> TileSetWindow | None:
        """Import a JCloisterZone file into a new, unsaved tile set; shows the report."""
        try:
            result = read_jcz(path, tile_set)
        except JczError as exc:
            QMessageBox.warning(self, TITLE, str(exc))
            return None
        doc = TileSetDocument(result.data)
        doc.mark_unsaved()
        window = self._replace_or_add(TileSetWindow(doc))
        unmapped = sum(1 for f in result.findings if f.severity is Severity.WARNING)
        box = QMessageBox(QMessageBox.Icon.Information, "Import JCloisterZone XML",
                          f"Imported {_plural(len(result.data['tiles']), 'tile')} from "
                          f"{os.path.basename(path)}"
                          + (f", tile set {result.tile_set}" if result.tile_set else "") + ".",
                          parent=window)
        box.setInformativeText(
            f"{_plural(unmapped, 'thing')} could not be mapped and "
            f"{'was' if unmapped == 1 else 'were'} left out; see the details."
            if unmapped else "Everything was mapped." if not result.findings
            else "Everything was mapped; see the details for what was inferred.")
        if result.findings:
            box.setDetailedText(result.report())
        QTimer.singleShot(0, box.open)
        return window

    def playtest(self) -> None:
        """Put the set into the board editor's catalogue."""
        try:
            tile_set = self.doc.tile_set()
            playtest(tile_set)
        except PlaytestError as exc:
            QMessageBox.warning(self, TITLE, f"Cannot play-test: {exc}.")
            return
        except ValueError as exc:
            self.lint_dock.raise_()
            QMessageBox.warning(self, TITLE, f"Fix the errors first: {exc}")
            return
        signals = playtest_signals()
        if not signals.board_windows():
            self._offer_board(tile_set)
            return
        self.statusBar().showMessage(
            f"Play-testing {tile_set.id}: its {_plural(len(tile_set.tiles), 'tile')} are shown "
            "in the catalogue of every board window, ready to place", 10000)

    def _offer_board(self, tile_set: TileSet) -> None:
        """No board window is open to play on: offer a new board or an existing one."""
        box = QMessageBox(QMessageBox.Icon.Question, TITLE,
                          f"{tile_set.id} is ready to play-test, but no board is open.",
                          parent=self)
        box.setInformativeText("Open a board to place its tiles on?")
        new = box.addButton("New board", QMessageBox.ButtonRole.AcceptRole)
        existing = box.addButton("Open board…", QMessageBox.ButtonRole.ActionRole)
        box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(new)
        self.board_offer = box

        def answered(button: object) -> None:
            if button is new:
                playtest_signals().boardWanted.emit(tile_set, "")
            elif button is existing:
                path, _ = QFileDialog.getOpenFileName(self, "Open board", "",
                                                      "Boards (*.board.json *.json *.jcz)")
                if path:
                    playtest_signals().boardWanted.emit(tile_set, path)

        box.buttonClicked.connect(answered)
        box.open()


#: Open designer windows, kept referenced until they close (Qt deletes them then).
OPEN_WINDOWS: set[TileSetWindow] = set()


def _show(window: TileSetWindow) -> TileSetWindow:
    OPEN_WINDOWS.add(window)
    window.destroyed.connect(lambda: OPEN_WINDOWS.discard(window))
    window.show()
    return window


def new_tileset_window() -> TileSetWindow:
    """A new tile set (one blank tile) in its own window."""
    return _show(TileSetWindow(TileSetDocument()))


def open_tileset_window(path: str | os.PathLike[str]) -> TileSetWindow:
    """Open a tile set file in its own designer window (``DocumentError`` when the file is
    not JSON or not shaped like a tile set; a set that merely breaks the schema or the lint
    opens, with its findings listed)."""
    return _show(TileSetWindow(TileSetDocument.open(path)))
