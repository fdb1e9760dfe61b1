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

from editor.i18n import N_, _, ngettext
from editor.jcz.tiles_xml import JczError, jcz_tile_sets, read_jcz
from editor.model.findings import Finding, Severity
from editor.model.tilesets import TileSet
from editor.qt.art.images import register_tile_set
from editor.qt.keys import key_sequences, window_action

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

TITLE = N_("Tile set designer")
FILTER = N_("Tile sets (*.json);;All files (*)")
#: Open designer windows (kept referenced so that Qt does not delete them).
WINDOWS: list[TileSetWindow] = []


def summary(findings: list[Finding]) -> str:
    """``2 errors, 1 warning`` or ``No problems``."""
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    parts = [ngettext("{n} error", "{n} errors", errors).format(n=errors) if errors else "",
             ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)
             if warnings else ""]
    return ", ".join(p for p in parts if p) or _("No problems")


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
            return _("tile set")
        data = self.doc.tiles[tile]
        text = _("tile {id}").format(id=data.get("id", tile))
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
                            + ("" if findings else " — " + _("the set loads as it is")))

    def _chosen(self, item: QListWidgetItem) -> None:
        tile, segment = item.data(Qt.ItemDataRole.UserRole)
        if tile >= 0:
            self.located.emit(tile, segment)


class SetForm(QWidget):
    """The set's own attributes: id, name, part, edition, description, provenance, goods."""

    FIELDS = (("id", N_("Id"), N_("my-tiles (used in board files: my-tiles/A)")),
              ("name", N_("Name"), N_("shown to people")),
              ("part", N_("Part"), N_("base, river, traders-builders or your own")),
              ("edition", N_("Edition"), N_("C1, C2, C3, C3.1 or your own label")),
              ("description", N_("Description"), N_("optional")))

    def __init__(self, doc: TileSetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self._updating = False
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.edits: dict[str, QLineEdit] = {}
        for key, label, hint in self.FIELDS:
            edit = QLineEdit()
            edit.setPlaceholderText(_(hint))
            edit.editingFinished.connect(lambda k=key: self._commit_text(k))
            form.addRow(_(label), edit)
            self.edits[key] = edit
        self.sources = QLineEdit()
        self.sources.setPlaceholderText(_("where the tiles come from; separate with ;"))
        self.sources.editingFinished.connect(self._commit_provenance)
        self.provisional = QCheckBox(_("Provisional"))
        self.provisional.toggled.connect(self._commit_provenance)
        self.note = QLineEdit()
        self.note.editingFinished.connect(self._commit_provenance)
        self.goods = QLineEdit()
        self.goods.setPlaceholderText(_("e.g. wine 9, wheat 6, cloth 5 (checked by the lint)"))
        self.goods.editingFinished.connect(self._commit_goods)
        form.addRow(_("Sources"), self.sources)
        form.addRow("", self.provisional)
        form.addRow(_("Note"), self.note)
        form.addRow(_("Goods totals"), self.goods)
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
                self.goods.setToolTip(_("Cannot read {text!r}: write kind and number").format(
                    text=part.strip()))
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
        self.set_dock = self._dock(_("Tile set"), "SetDock", self.set_form, left)
        self.tiles_dock = self._dock(_("Tiles"), "TilesDock", self.tiles, left)
        self.lint_dock = self._dock(_("Findings"), "FindingsDock", self.lint, bottom)
        history = QUndoView(self.doc.undo_stack)
        history.setEmptyLabel("Opened")
        self.history_dock = self._dock(_("History"), "HistoryDock", history, bottom)
        self.tabifyDockWidget(self.lint_dock, self.history_dock)
        self.lint_dock.raise_()
        self.resizeDocks([self.set_dock, self.tiles_dock], [210, 520], Qt.Orientation.Vertical)
        self.resizeDocks([self.tiles_dock], [250], Qt.Orientation.Horizontal)
        self.resizeDocks([self.lint_dock], [110], Qt.Orientation.Vertical)

    def _action(self, text: str, slot: Any, shortcut: Any = None, tip: str = "",
                icon: QStyle.StandardPixmap | None = None) -> QAction:
        action = window_action(self, text, shortcut, tip, icon)
        action.triggered.connect(lambda _=False: slot())
        return action

    def _make_actions(self) -> None:
        pix = QStyle.StandardPixmap
        keys = QKeySequence.StandardKey
        self.new_action = self._action(_("&New tile set"), new_tileset_window, [keys.New, "Ctrl+N"],
                                       _("Start a new tile set in its own window"), pix.SP_FileIcon)
        self.open_action = self._action(_("&Open tile set…"), self.open_dialog,
                                        [keys.Open, "Ctrl+O"], _("Open a tile set file"),
                                        pix.SP_DialogOpenButton)
        self.import_action = self._action(_("&Import JCloisterZone XML…"), self.import_dialog,
                                          None, _("Read the tiles of a JCloisterZone expansion "
                                          "file into a new tile set"))
        self.save_action = self._action(_("&Save"), self.save, [keys.Save, "Ctrl+S"],
                                        _("Save the tile set"), pix.SP_DialogSaveButton)
        self.save_as_action = self._action(_("Save &As…"), self.save_as,
                                           [keys.SaveAs, "Ctrl+Shift+S"])
        self.close_action = self._action(_("&Close"), self.close, [keys.Close, "Ctrl+W"])
        self.undo_action = self.doc.undo_stack.createUndoAction(self, _("&Undo"))
        self.undo_action.setShortcuts(key_sequences([keys.Undo, "Ctrl+Z"]))
        self.undo_action.setIcon(self.style().standardIcon(pix.SP_ArrowBack))
        self.redo_action = self.doc.undo_stack.createRedoAction(self, _("&Redo"))
        self.redo_action.setShortcuts(key_sequences([keys.Redo, "Ctrl+Shift+Z", "Ctrl+Y"]))
        self.redo_action.setIcon(self.style().standardIcon(pix.SP_ArrowForward))
        self.playtest_action = self._action(
            _("&Play-test"), self.playtest, "Ctrl+T",
            _("Put this set into the board editor's catalogue so that its tiles can be placed "
            "at once"), pix.SP_MediaPlay)

    def _make_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(_("&File"))
        file.addActions([self.new_action, self.open_action, self.import_action])
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action])
        file.addSeparator()
        file.addAction(self.close_action)
        edit = bar.addMenu(_("&Edit"))
        edit.addActions([self.undo_action, self.redo_action])
        tile = bar.addMenu(_("&Tile"))
        for name, text, key in (("add", _("&Add tile"), "Ctrl+Shift+A"),
                                ("duplicate", _("&Duplicate tile"), "Ctrl+D"),
                                ("delete", _("De&lete tile"), None),
                                ("up", _("Move &up"), "Ctrl+Up"),
                                ("down", _("Move do&wn"), "Ctrl+Down")):
            tile.addAction(self._action(text, self.tiles.buttons[name].click, key))
        tile.addSeparator()
        tile.addAction(self.playtest_action)
        view = bar.addMenu(_("&View"))
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

    def _update_title(self, *_args: object) -> None:
        self.setWindowTitle(f"{self.doc.display_name}[*] — {_(TITLE)}")
        self.setWindowModified(self.doc.modified)
        tile = next((t for t in self.doc.tiles if isinstance(t, dict)), None)
        if tile is not None:
            self.setWindowIcon(QIcon(tile_thumbnail(tile, self.doc.set_id, 64)))
        if self.doc.path and self.doc.set_id:
            register_tile_set(TileSet(self.doc.set_id, "", "", "", (),
                                      source=self.doc.path))

    def _update_counts(self, *_args: object) -> None:
        tiles = self.doc.tiles
        copies = sum(t.get("count", 0) for t in tiles
                     if isinstance(t.get("count"), int))
        self.counts.setText(_("kinds: {kinds}, tiles in the box: {tiles} · {summary}").format(
            kinds=len(tiles), tiles=copies, summary=summary(self.doc.findings())))

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
            self, _(TITLE), _("Save the changes to {name}?").format(name=self.doc.display_name),
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
        path, _filter = QFileDialog.getSaveFileName(self, _("Save tile set"), start, _(FILTER))
        return bool(path) and self._save_to(path)

    def _save_to(self, path: str) -> bool:
        try:
            self.doc.save(path)
        except (OSError, ValueError, TypeError) as exc:
            QMessageBox.critical(self, _(TITLE), _("Could not save {path}:\n{error}\n\n"
                                                   "The file on disk was left as it was.").format(
                                                       path=path, error=exc))
            return False
        self.doc.flush()
        errors = self.doc.errors()
        self.statusBar().showMessage(ngettext(
            "Saved {path} — {n} error left: the set loads once it is fixed",
            "Saved {path} — {n} errors left: the set loads once they are fixed",
            len(errors)).format(path=path, n=len(errors)) if errors
            else _("Saved {path}").format(path=path), 8000)
        return True

    def open_dialog(self) -> None:
        """Choose a tile set file and open it."""
        folder = os.path.dirname(self.doc.path) if self.doc.path else ""
        path, _filter = QFileDialog.getOpenFileName(self, _("Open tile set"), folder, _(FILTER))
        if path:
            self.open_path(path)

    def open_path(self, path: str) -> TileSetWindow | None:
        """Open a file in a new window (this one closes if nobody used it)."""
        try:
            doc = TileSetDocument.open(path)
        except DocumentError as exc:
            QMessageBox.warning(self, _(TITLE), _("Cannot open {path} as a tile set:\n{error}")
                                .format(path=path, error=exc))
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
        path, _filter = QFileDialog.getOpenFileName(self, _("Import JCloisterZone XML"), "",
                                              _("JCloisterZone XML (*.xml);;All files (*)"))
        if not path:
            return
        try:
            choices = jcz_tile_sets(path)
        except JczError as exc:
            QMessageBox.warning(self, _(TITLE), str(exc))
            return
        chosen = choices[0] if choices else None
        if len(choices) > 1:
            text, ok = QInputDialog.getItem(self, _("Import JCloisterZone XML"),
                                            _("Counts from tile set:"), choices, 0, False)
            if not ok:
                return
            chosen = text
        self.import_path(path, chosen)

    def import_path(self, path: str, tile_set: str | None = None) -> TileSetWindow | None:
        """Import a JCloisterZone file into a new, unsaved tile set; shows the report."""
        try:
            result = read_jcz(path, tile_set)
        except JczError as exc:
            QMessageBox.warning(self, _(TITLE), str(exc))
            return None
        doc = TileSetDocument(result.data)
        doc.mark_unsaved()
        window = self._replace_or_add(TileSetWindow(doc))
        unmapped = sum(1 for f in result.findings if f.severity is Severity.WARNING)
        box = QMessageBox(QMessageBox.Icon.Information, _("Import JCloisterZone XML"),
                          (_("Imported tiles from {file} (tile set {set}): {n}.")
                           if result.tile_set else _("Imported tiles from {file}: {n}.")).format(
                              file=os.path.basename(path), set=result.tile_set,
                              n=len(result.data["tiles"])),
                          parent=window)
        box.setInformativeText(
            ngettext("{n} thing could not be mapped and was left out; see the details.",
                     "{n} things could not be mapped and were left out; see the details.",
                     unmapped).format(n=unmapped)
            if unmapped else _("Everything was mapped.") if not result.findings
            else _("Everything was mapped; see the details for what was inferred."))
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
            QMessageBox.warning(self, _(TITLE), _("Cannot play-test: {error}.").format(error=exc))
            return
        except ValueError as exc:
            self.lint_dock.raise_()
            QMessageBox.warning(self, _(TITLE),
                                _("Fix the errors first: {error}").format(error=exc))
            return
        signals = playtest_signals()
        if not signals.board_windows():
            self._offer_board(tile_set)
            return
        self.statusBar().showMessage(
            ngettext("Play-testing {set}: its {n} tile is shown in the catalogue of every board "
                     "window, ready to place",
                     "Play-testing {set}: its {n} tiles are shown in the catalogue of every "
                     "board window, ready to place", len(tile_set.tiles)).format(
                         set=tile_set.id, n=len(tile_set.tiles)), 10000)

    def _offer_board(self, tile_set: TileSet) -> None:
        """No board window is open to play on: offer a new board or an existing one."""
        box = QMessageBox(QMessageBox.Icon.Question, _(TITLE),
                          _("{set} is ready to play-test, but no board is open.").format(
                              set=tile_set.id),
                          parent=self)
        box.setInformativeText(_("Open a board to place its tiles on?"))
        new = box.addButton(_("New board"), QMessageBox.ButtonRole.AcceptRole)
        existing = box.addButton(_("Open board…"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(_("Not now"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(new)
        self.board_offer = box

        def answered(button: object) -> None:
            if button is new:
                playtest_signals().boardWanted.emit(tile_set, "")
            elif button is existing:
                path, _filter = QFileDialog.getOpenFileName(self, _("Open board"), "",
                                                      _("Boards (*.board.json *.json *.jcz)"))
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
