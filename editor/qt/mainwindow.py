"""The main window's shell: the board in the middle, the menus, toolbars and status bar, the
files it opens and saves. Its docks are built and laid out by :mod:`.docks.layout`, its
icons painted by :mod:`.window_icons`."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStyle,
    QToolBar,
    QWidget,
)

from editor.i18n import N_, _, ngettext
from editor.model.tilesets import Catalogue, TileSet
from editor.plugins import PluginHost
from editor.rules.ruleset import RulesetError
from editor.terms import figure_name

from . import about, files, ondisk, render
from .accessibility import name_widgets
from .designer import DocumentError, install_designer, open_tileset_window, playtest_signals
from .docks.layout import WindowDocks, lay_out, restore_arrangement, save_arrangement
from .docks.movelog import install_move_log
from .docks.puzzle_tools import install_puzzle_tools
from .docks.scores import comparison_rulesets
from .document import BoardDocument
from .icons import figure_icon
from .keys import Keys, window_action
from .notices import install_plugin_notices, refuse_file
from .preferences import show_preferences
from .rulesetpicker import Options, RulesetDialog, ruleset_command
from .scene import BoardScene
from .timers import call_later
from .view import TOOLS, BoardView
from .window_icons import LineIcons, paint_kind_icons, paint_tool_icons, window_icon

APP_TITLE = "Carcassonne Editor"
BOARD_FILTER = N_("Board files (*.board.json *.json);;All files (*)")
#: What File → Open reads (:meth:`MainWindow.open_any`).
OPEN_FILTER = N_("Boards, JCloisterZone saves and tile sets (*.board.json *.json *.jcz);;"
                 "JCloisterZone saves (*.jcz);;All files (*)")
#: What a file dropped on the window may be: a board or tile set (.json), a JCZ save.
OPENABLE = (".json", ".jcz")
#: Each tool's label, key and tip (translated where shown).
TOOL_LABELS = {
    "select": (N_("Select / move"), "V", N_("Click to select; drag a tile or a figure to move it")),
    "tile": (N_("Place tile"), "T", N_("Click or drag to place the catalogue tile (R rotates)")),
    "figure": (N_("Place figure"), "M",
               N_("Click a segment to stand a figure for the current player")),
    "note": (N_("Note"), "N", N_("Click a cell to pin a note")),
    "arrow": (N_("Arrow"), "A", N_("Drag from one cell to another")),
    "highlight": (N_("Highlight"), "H", N_("Click a cell; Shift+click a feature")),
}


class MainWindow(QMainWindow):
    """One document in one window."""

    #: the window closed (its changes saved or discarded)
    closed = Signal()
    #: the window shows another document (every part showing one follows it)
    documentChanged = Signal(object)

    def __init__(self, doc: BoardDocument, host: PluginHost, catalogue: Catalogue,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.catalogue = catalogue
        self.doc = doc
        self.autosaver: files.Autosaver | None = None
        self.setWindowIcon(window_icon(catalogue))
        self.setDockNestingEnabled(True)
        self.setAcceptDrops(True)
        self.setTabPosition(Qt.DockWidgetArea.AllDockWidgetAreas,
                            self.tabPosition(Qt.DockWidgetArea.LeftDockWidgetArea))
        self.scene = BoardScene(doc, self)
        self.view = BoardView(self.scene, self)
        self.setCentralWidget(self.view)
        self._make_docks()
        self._make_actions()
        self._make_menus()
        self._make_toolbars()
        self._make_status_bar()
        self._connect_view()
        self.set_document(doc)
        self.move_log_dock = install_move_log(self)
        # the tile the selected move placed
        self.move_log_dock.panel.stepSelected.connect(self._step_selected)
        install_designer(self)
        install_puzzle_tools(self)
        ondisk.install_disk_watch(self)
        install_plugin_notices(self)
        playtest_signals().tileSetAdded.connect(self.show_playtested)
        self.setProperty("boardWindow", True)  # play-testing looks for a board to play on
        self.view.setAccessibleName(_("Board"))
        for dock in self.findChildren(QDockWidget):
            name_widgets(dock, dock.windowTitle())
        self.reset_layout()
        self._restore_layout()
        self.view.setFocus()

    def refresh_catalogue(self) -> None:
        """Show tile sets added to the catalogue since the window opened (play-testing)."""
        self.catalogue_dock.catalogue.reload(self.catalogue)

    def show_playtested(self, tile_set: TileSet) -> None:
        """Take in a play-tested set and show it at once: the catalogue lists that set only,
        its first tile in hand."""
        self.refresh_catalogue()
        catalogue = self.catalogue_dock.catalogue
        first = catalogue.show_set(tile_set.id)
        if first is None:
            return
        self.catalogue_dock.show()
        self.catalogue_dock.raise_()
        self.statusBar().showMessage(
            _("Play-testing {set}: the catalogue shows its tiles; {tile} is in hand (R turns "
              "it, a click places it)").format(set=tile_set.id, tile=first.ref), 10000)

    # -- construction ----------------------------------------------------------------------

    def _make_docks(self) -> None:
        docks = self.window_docks = WindowDocks(self, self.catalogue)
        self.catalogue_dock, self.inspector_dock = docks.catalogue, docks.inspector
        self.players_dock, self.scores_dock = docks.players, docks.scores
        self.findings_dock, self.history_dock = docks.findings, docks.history
        self.annotations_dock = docks.annotations
        #: every dock of the window: the dock tools add theirs
        self.docks = docks.all

    def reset_layout(self) -> None:
        """View → Reset layout: every dock back in its default place and size, shown."""
        added = [self.move_log_dock, getattr(self, "puzzle_dock", None)]
        lay_out(self, self.window_docks.default_layout(added))
        self.window_docks.size(self)

    def _action(self, text: str, slot: Callable[..., object], shortcut: Keys = None,
                tip: str = "", icon: QStyle.StandardPixmap | None = None,
                view_only: bool = False) -> QAction:
        """An action of this window. Its keys work wherever the focus is in the window,
        except while typing in a text field (the field takes plain keys first); a
        ``view_only`` action's keys work only while the board has the focus."""
        action = window_action(self, text, shortcut, tip, icon)
        if view_only:
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.view.addAction(action)
        else:
            self.addAction(action)
        action.triggered.connect(lambda *_: slot())
        return action

    def _make_actions(self) -> None:
        sp = QStyle.StandardPixmap
        seq = QKeySequence.StandardKey
        self.new_action = self._action(_("&New"), self.new_document, [seq.New, "Ctrl+N"],
                                       _("Start an empty position"), sp.SP_FileIcon)
        self.open_action = self._action(_("&Open…"), self.open_dialog, [seq.Open, "Ctrl+O"],
                                        _("Open a board file"), sp.SP_DialogOpenButton)
        self.save_action = self._action(_("&Save"), self.save, [seq.Save, "Ctrl+S"],
                                        _("Save the position"), sp.SP_DialogSaveButton)
        self.save_as_action = self._action(_("Save &As…"), self.save_as,
                                           [seq.SaveAs, "Ctrl+Shift+S"],
                                           _("Save the position under a new name"))
        self.export_png_action = self._action(_("Export &PNG…"), lambda: self.export("png"),
                                              tip=_("Draw the board into a PNG image"))
        self.export_svg_action = self._action(_("Export S&VG…"), lambda: self.export("svg"),
                                              tip=_("Draw the board as an SVG drawing"))
        self.export_notes_action = QAction(_("Include &annotations in exports"), self)
        self.export_notes_action.setCheckable(True)
        self.export_notes_action.setChecked(True)
        self.close_action = self._action(_("&Close window"), self.close, [seq.Close, "Ctrl+W"])
        self.quit_action = self._action(_("&Quit"), quit_all, [seq.Quit, "Ctrl+Q"])
        self.undo_action = self._action(_("&Undo"), lambda: self.doc.undo_stack.undo(),
                                        [seq.Undo, "Ctrl+Z"])
        self.redo_action = self._action(_("&Redo"), lambda: self.doc.undo_stack.redo(),
                                        [seq.Redo, "Ctrl+Shift+Z", "Ctrl+Y"])
        self.rotate_action = self._action(_("Rotate &clockwise"), lambda: self.view.turn(1),
                                          "R", _("Turn the tile in hand or the selected tile "
                                          "a quarter turn"))
        self.rotate_back_action = self._action(_("Rotate &anticlockwise"),
                                               lambda: self.view.turn(-1),
                                               "Shift+R")
        self.delete_action = self._action(_("&Delete"), self.view.delete_selection,
                                          [seq.Delete, "Del", "Backspace"],
                                          _("Remove the selected figure or tile"), view_only=True)
        self.zoom_in_action = self._action(_("Zoom &in"), lambda: self.view.zoom_by(1.25),
                                           ["+", "="])
        self.zoom_out_action = self._action(_("Zoom &out"), lambda: self.view.zoom_by(0.8),
                                            "-")
        self.zoom_reset_action = self._action(_("&Actual size"), self.view.reset_zoom, "0")
        self.fit_action = self._action(_("&Fit board"), self.view.fit, "F", _("Show every tile"))
        self.grid_action = QAction(_("Show &grid"), self)
        self.grid_action.setCheckable(True)
        self.grid_action.setChecked(True)
        self.grid_action.toggled.connect(lambda on: self.scene.grid.setVisible(on))
        self.notes_action = QAction(_("Show a&nnotations"), self)
        self.notes_action.setCheckable(True)
        self.notes_action.setChecked(True)
        self.notes_action.toggled.connect(lambda on: self.scene.set_annotations_visible(on))
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for tool in TOOLS:
            label, key, tip = TOOL_LABELS[tool]
            action = self._action(_(label), lambda t=tool: self.view.set_tool(t),
                                  key, _(tip))
            action.setCheckable(True)
            self.tool_group.addAction(action)
            self.tool_actions[tool] = action
        self.tool_actions["select"].setChecked(True)
        self.line_icons = LineIcons(self, {
            self.undo_action: "undo", self.redo_action: "redo",
            self.rotate_action: "rotate-cw", self.rotate_back_action: "rotate-ccw",
            self.zoom_in_action: "zoom-in", self.zoom_out_action: "zoom-out",
            self.fit_action: "fit", **{self.tool_actions[t]: t for t in
                                        ("select", "note", "arrow", "highlight")}})
        paint_tool_icons(self.tool_actions["tile"], self.tool_actions["figure"], self.catalogue)
        self.add_player_action = self._action(_("Add &player"), self._add_player)
        self.rules_action = self._action(_("&Ruleset…"), self.choose_rules,
                                         tip=_("Base edition, expansions and options"))
        self.compare_action = self._action(_("&Compare rulesets"), lambda: self.show_scores(2),
                                           tip=_("The same position under several rulesets"))
        self.final_action = self._action(_("&Final scoring"), lambda: self.show_scores(1),
                                         tip=_("What the end of the game would add now"))

    def _make_menus(self) -> None:
        """The menu bar; each menu is kept as an attribute (``file_menu``, …) for the tools
        that add to it, never looked up again through ``QAction.menu()``."""
        bar = self.menuBar()
        self.file_menu = file = bar.addMenu(_("&File"))
        file.addActions([self.new_action, self.open_action])
        self.recent_menu = file.addMenu(_("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action])
        file.addSeparator()
        file.addActions([self.export_png_action, self.export_svg_action,
                         self.export_notes_action])
        file.addSeparator()
        file.addActions([self.close_action, self.quit_action])
        self.edit_menu = edit = bar.addMenu(_("&Edit"))
        edit.addActions([self.undo_action, self.redo_action])
        edit.addSeparator()
        edit.addActions([self.rotate_action, self.rotate_back_action, self.delete_action])
        edit.addSeparator()
        self.preferences_action = self._action(
            _("&Preferences…"), lambda: show_preferences(self),
            [QKeySequence.StandardKey.Preferences],
            _("The editor's language (applies on the next start)"))
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        edit.addAction(self.preferences_action)
        self.view_menu = view = bar.addMenu(_("&View"))
        view.addActions([self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action,
                         self.fit_action])
        view.addSeparator()
        view.addActions([self.grid_action, self.notes_action])
        view.addSeparator()
        self.panels_menu = view.addMenu(_("&Panels"))
        for dock in self.docks:
            self.panels_menu.addAction(dock.toggleViewAction())
        view.addAction(self._action(_("&Reset layout"), self.reset_layout,
                                    tip=_("Every panel back in its default place and size")))
        self.board_menu = board = bar.addMenu(_("&Board"))
        board.addActions(list(self.tool_actions.values()))
        board.addSeparator()
        board.addAction(self.add_player_action)
        board.addSeparator()
        board.addAction(self._action(_("&Study…"), self.open_study,
                                     tip=_("Many games under several rulesets and tile sets: "
                                           "a table, a summary and plots")))
        self.rules_menu = rules = bar.addMenu(_("&Rules"))
        rules.addAction(self.rules_action)
        self.presets_menu = rules.addMenu(_("&Switch to"))
        self.presets_menu.aboutToShow.connect(self._fill_presets)
        rules.addSeparator()
        rules.addActions([self.final_action, self.compare_action])
        self.help_menu = help_menu = bar.addMenu(_("&Help"))
        self.help_action = self._action(_("&User guide"), about.open_help,
                                        [QKeySequence.StandardKey.HelpContents, "F1"],
                                        _("The README at the desktop editor's section"))
        help_menu.addAction(self.help_action)
        for title, _path in about.documents()[1:]:
            help_menu.addAction(self._action(f"{title}…", partial(about.open_document, title)))
        help_menu.addAction(self._action(_("&Keyboard and mouse"), self._show_help))
        help_menu.addSeparator()
        help_menu.addAction(self._action(_("&About"), lambda: about.show_about(self)))

    def _make_toolbars(self) -> None:
        main = QToolBar(_("File and edit"), self)
        main.setObjectName("MainToolBar")
        main.addActions([self.new_action, self.open_action, self.save_action])
        main.addSeparator()
        main.addActions([self.undo_action, self.redo_action])
        self.addToolBar(main)
        tools = QToolBar(_("Tools"), self)
        tools.setObjectName("ToolsToolBar")
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        tools.addActions(list(self.tool_actions.values()))
        tools.addSeparator()
        tools.addWidget(QLabel(_(" Figure ")))
        self.kind_combo = QComboBox()
        self.kind_combo.setToolTip(_("Figure kind the figure tool places (from the ruleset)"))
        self.kind_combo.currentIndexChanged.connect(self._kind_chosen)
        tools.addWidget(self.kind_combo)
        tools.addWidget(QLabel(_(" for ")))
        self.player_combo = QComboBox()
        self.player_combo.setToolTip(_("Current player: owner of placed figures"))
        self.player_combo.currentIndexChanged.connect(self._player_chosen)
        tools.addWidget(self.player_combo)
        self.addToolBar(tools)
        board = QToolBar(_("View"), self)
        board.setObjectName("ViewToolBar")
        board.addActions([self.rotate_back_action, self.rotate_action])
        board.addSeparator()
        board.addActions([self.zoom_out_action, self.zoom_in_action, self.fit_action])
        self.addToolBar(board)

    def _make_status_bar(self) -> None:
        bar = self.statusBar()
        self.cell_label = QLabel(_("Cell —"))
        self.tool_label = QLabel()
        self.zoom_label = QLabel()
        self.rules_label = QLabel()
        self.rules_label.setToolTip(_("Ruleset in force (Rules ▸ Ruleset…)"))
        for label in (self.cell_label, self.tool_label, self.zoom_label, self.rules_label):
            label.setContentsMargins(6, 0, 6, 0)
            bar.addPermanentWidget(label)

    def _connect_view(self) -> None:
        view = self.view
        view.cellHovered.connect(lambda x, y: self.cell_label.setText(
            _("Cell ({x}, {y})").format(x=x, y=y)))
        view.featureHovered.connect(self._hovered)
        view.cellSelected.connect(self._selected)
        view.toolChanged.connect(self._tool_changed)
        view.zoomChanged.connect(self._show_zoom)
        view.rotationChanged.connect(lambda _: self._tool_changed(view.tool))
        view.tileChanged.connect(lambda _: self._tool_changed(view.tool))
        catalogue = self.catalogue_dock.catalogue
        catalogue.tileSelected.connect(view.set_tile)
        # a tile picked with the mouse (or Enter) is placed next: the board takes the keys
        catalogue.tilePicked.connect(lambda: view.setFocus(Qt.FocusReason.OtherFocusReason))
        self.findings_dock.findings.cellActivated.connect(self.go_to_cell)
        self.scores_dock.scores.cellActivated.connect(self.go_to_cell)
        self.annotations_dock.annotations.cellActivated.connect(self.go_to_cell)
        self.players_dock.players.currentPlayerChanged.connect(self.player_combo.setCurrentIndex)
        self._tool_changed(view.tool)

    # -- the document ----------------------------------------------------------------------

    def set_document(self, doc: BoardDocument) -> None:
        """Show and edit ``doc`` in this window (the previous one is dropped)."""
        old = self.doc
        if self.autosaver is not None and old is not doc:
            self.autosaver.discard()
        self.doc = doc
        doc.setParent(self)
        if self.scene.doc is not doc:
            self.scene = BoardScene(doc, self)
            self.view.set_scene(self.scene)
            self.scene.grid.setVisible(self.grid_action.isChecked())
            self.scene.set_annotations_visible(self.notes_action.isChecked())
        self.autosaver = files.Autosaver(doc)
        self.window_docks.set_document(doc)
        doc.modifiedChanged.connect(self._update_title)
        doc.pathChanged.connect(self._update_title)
        doc.annotationsChanged.connect(self._update_title)
        doc.playersChanged.connect(self._fill_players)
        doc.rulesetChanged.connect(self._ruleset_changed)
        doc.undo_stack.canUndoChanged.connect(self.undo_action.setEnabled)
        doc.undo_stack.canRedoChanged.connect(self.redo_action.setEnabled)
        doc.undo_stack.undoTextChanged.connect(self._undo_text)
        doc.undo_stack.redoTextChanged.connect(self._redo_text)
        self.undo_action.setEnabled(doc.undo_stack.canUndo())
        self.redo_action.setEnabled(doc.undo_stack.canRedo())
        self._fill_players()
        self._ruleset_changed()
        self._update_title()
        if old is not doc:
            old.deleteLater()
        if doc.file_findings:
            self.findings_dock.raise_()
            self.statusBar().showMessage(ngettext(
                "Opened with {n} finding: see Findings", "Opened with {n} findings: see Findings",
                len(doc.file_findings)).format(n=len(doc.file_findings)), 8000)
        call_later(0, self.view, self.view.fit)
        self.documentChanged.emit(doc)

    def _step_selected(self, k: int) -> None:
        played = self.move_log_dock.panel.replay
        placed = played.steps[k - 1].placed if played is not None and k > 0 else None
        self.view.board_scene.mark_last_placed((placed[1], placed[2]) if placed else None)

    def _undo_text(self, text: str) -> None:
        self.undo_action.setText(_("&Undo {action}").format(action=text) if text
                                 else _("&Undo"))

    def _redo_text(self, text: str) -> None:
        self.redo_action.setText(_("&Redo {action}").format(action=text) if text
                                 else _("&Redo"))

    def _update_title(self, *_: object) -> None:
        name = self.doc.display_name
        title = self.doc.position.title
        label = f"{name} — {title}" if title and self.doc.path else name
        self.setWindowTitle(f"{label}[*] — {APP_TITLE}")
        self.setWindowModified(self.doc.modified)
        self.setWindowFilePath(self.doc.path)

    def _fill_players(self) -> None:
        combo = self.player_combo
        index = max(combo.currentIndex(), 0)
        combo.blockSignals(True)
        combo.clear()
        for player in self.doc.players:
            combo.addItem(figure_icon("follower", player.colour), player.name)
        combo.blockSignals(False)
        if self.doc.players:
            combo.setCurrentIndex(min(index, len(self.doc.players) - 1))
            self._player_chosen(combo.currentIndex())
        self._refresh_kind_icons()

    def _ruleset_changed(self) -> None:
        combo = self.kind_combo
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for name, kind in self.doc.rules.figure_kinds().items():
            combo.addItem(figure_name(name), name)
            combo.setItemData(combo.count() - 1, kind.help, Qt.ItemDataRole.ToolTipRole)
        combo.blockSignals(False)
        index = combo.findData(current)
        combo.setCurrentIndex(max(index, 0))
        self._kind_chosen(combo.currentIndex())
        self._refresh_kind_icons()
        problem = self.doc.ruleset_problem
        self.rules_label.setText(_("Rules: {ruleset}").format(ruleset=self.doc.rules.name))
        self.rules_label.setToolTip(
            _("Unavailable: {problem}. Choose one in Rules ▸ Ruleset…").format(problem=problem)
            if problem else _("Ruleset in force (Rules ▸ Ruleset…)"))

    def _refresh_kind_icons(self) -> None:
        player = self.view.player
        colour = self.doc.player_colour(player) if self.doc.players else "#d0d0d0"
        paint_kind_icons(self.kind_combo, colour)

    def _kind_chosen(self, index: int) -> None:
        if index >= 0:
            self.view.figure_kind = self.kind_combo.itemData(index)

    def _player_chosen(self, index: int) -> None:
        if index >= 0:
            self.view.player = index
            self._refresh_kind_icons()

    def _tool_changed(self, tool: str) -> None:
        action = self.tool_actions.get(tool)
        if action is not None and not action.isChecked():
            action.setChecked(True)
        text = _(TOOL_LABELS[tool][0])
        if tool == "tile":
            tile = self.view.tile
            text = _("{tool}: {tile} at {rotation}°").format(
                tool=text, tile=tile.ref, rotation=self.view.rotation * 90) if tile else \
                _("{tool} (choose a tile in the catalogue)").format(tool=text)
        self.tool_label.setText(text)

    def _show_zoom(self, scale: float) -> None:
        self.zoom_label.setText(f"{scale * 100:.0f}%")

    def _hovered(self, x: int, y: int, segment: str) -> None:
        if self.doc.tile_at(x, y) is not None:
            self.inspector_dock.inspector.show_feature(x, y, segment or None)

    def _selected(self, x: int, y: int) -> None:
        self.annotations_dock.annotations.current_cell = (x, y)
        self.inspector_dock.inspector.show_feature(x, y, None)

    def go_to_cell(self, x: int, y: int) -> None:
        """Select a cell and bring it into view (from findings and score lines)."""
        self.view.centre_on_cell(x, y)
        self.scene.select_cell((x, y))
        self._selected(x, y)

    def show_scores(self, tab: int) -> None:
        """Raise the scores dock on a tab (0 live, 1 final, 2 compare)."""
        self.scores_dock.show()
        self.scores_dock.raise_()
        self.scores_dock.scores.setCurrentIndex(tab)

    def _add_player(self) -> None:
        self.players_dock.show()
        self.players_dock.raise_()
        self.players_dock.players.add_player()

    # -- files -----------------------------------------------------------------------------

    # -- drag and drop of files ------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self._take_files(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self._take_files(event)

    @staticmethod
    def _take_files(event: QDropEvent) -> None:
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_paths(event.mimeData())
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        # after the drop returns: the source application must not wait on our dialogs
        call_later(0, self, partial(self.open_paths, paths))

    def open_paths(self, paths: list[str]) -> None:
        """Open dropped files: tile sets in the designer, the first board or ``.jcz`` here
        (as File → Open does), the other ones each in a new window."""
        from .app import open_window

        boards = []
        for path in paths:
            if files.is_tileset_file(path):
                self.open_any(path)
            else:
                boards.append(path)
        if boards:
            self.open_any(boards[0])
        for path in boards[1:]:
            result = files.open_board(path, self.host, self.catalogue)
            if result.document is None:
                refuse_file(self, path, result.findings)
                continue
            files.add_recent(path)
            open_window(result.document, self.host, self.catalogue)

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the user cancelled."""
        if not self.doc.modified:
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.warning(
            self, APP_TITLE, _("Save the changes to {name}?").format(
                name=self.doc.display_name),
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        if answer == buttons.Save:
            return self.save()
        return answer == buttons.Discard

    def new_document(self) -> None:
        """Start an empty position in this window."""
        if self.maybe_save():
            self.set_document(BoardDocument(host=self.host, catalogue=self.catalogue))

    def open_dialog(self) -> None:
        """Choose a board, a JCloisterZone save or a tile set to open."""
        start = os.path.dirname(self.doc.path) if self.doc.path else ""
        path, _filter = QFileDialog.getOpenFileName(self, _("Open"), start, _(OPEN_FILTER))
        if path:
            self.open_any(path)

    def open_any(self, path: str) -> bool:
        """Open any file the editor reads: a tile set in the designer; a board, or a
        JCloisterZone save (``.jcz``, converted to a new unsaved board), here after asking
        to save changes. A file that cannot be read is refused with the reason; a board
        with lint findings opens with them listed."""
        if not path.lower().endswith(".jcz") and files.is_tileset_file(path):
            try:
                open_tileset_window(path)
            except DocumentError as exc:
                refuse_file(self, path, str(exc))
                return False
            return True
        if not self.maybe_save():
            return False
        result = files.open_board(path, self.host, self.catalogue)
        if result.document is None:
            files.remove_recent(os.path.abspath(path))
            refuse_file(self, path, result.findings)
            return False
        files.add_recent(path)
        self.set_document(result.document)
        return True

    def save(self) -> bool:
        """Save to the document's file (asking for a name when it has none)."""
        if not self.doc.path:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        """Save under a new name."""
        suggested = self.doc.path or os.path.join(
            os.path.expanduser("~"), f"{self.doc.position.title or 'position'}.board.json")
        path, _filter = QFileDialog.getSaveFileName(self, _("Save board"), suggested,
                                                    _(BOARD_FILTER))
        if not path:
            return False
        full = files.with_board_suffix(path)
        if full != path and os.path.exists(full) and not ondisk.ask_replace(self, full):
            return False
        return self._save_to(full)

    def _save_to(self, path: str) -> bool:
        outcome = ondisk.save_checked(self, self.doc, path)
        if outcome == ondisk.SAVE_AS:
            return self.save_as()
        if outcome != ondisk.SAVED:
            return False
        if self.autosaver is not None:
            self.autosaver.discard()
        self.statusBar().showMessage(_("Saved {path}").format(path=path), 4000)
        return True

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = files.recent_files()
        for path in recent:
            self.recent_menu.addAction(path, partial(self.open_any, path))
        if not recent:
            self.recent_menu.addAction(_("(none)")).setEnabled(False)
        self.recent_menu.addSeparator()
        self.recent_menu.addAction(_("Clear list"), files.clear_recent)

    def export(self, kind: str) -> bool:
        """Export the board as PNG or SVG, with or without annotations."""
        base = os.path.splitext(os.path.splitext(self.doc.path)[0])[0] if self.doc.path \
            else os.path.join(os.path.expanduser("~"), self.doc.position.title or "position")
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Export {format}").format(format=kind.upper()), f"{base}.{kind}",
            f"{kind.upper()} (*.{kind})")
        return bool(path) and self.export_to(path, kind)

    def export_to(self, path: str, kind: str) -> bool:
        """Write the export file; errors are shown, never raised."""
        notes = self.export_notes_action.isChecked()
        try:
            if kind == "png":
                render.render_png(self.doc.position, path, annotations=notes)
            else:
                render.render_svg(self.doc.position, path, annotations=notes)
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self, APP_TITLE, _("Could not export {path}:\n{error}").format(
                path=path, error=exc))
            return False
        self.statusBar().showMessage(_("Exported {path}").format(path=path), 4000)
        return True

    # -- rules -----------------------------------------------------------------------------

    def open_study(self) -> None:
        """Board → Study…: the study dialog (editor.qt.study), loaded when first asked for."""
        from .study import open_study

        open_study(self)

    def choose_rules(self) -> None:
        """The ruleset dialog; each change applies at once (one undo step each)."""
        dialog = RulesetDialog(self.host, self.doc.position.editions, self.doc.position.options,
                               self, apply=self.apply_rules)
        dialog.exec()

    def apply_rules(self, editions: list[str], options: Options) -> bool:
        """Switch ruleset through an undo command (asking about tiles of other sets); a
        ruleset that cannot be built is shown; whether the ruleset changed."""
        try:
            command = ruleset_command(self, self.doc, editions, options)
        except RulesetError as exc:
            self.statusBar().showMessage(str(exc), 8000)
            return False
        if command is None:
            return False
        self.doc.undo_stack.push(command)
        return True

    def _fill_presets(self) -> None:
        self.presets_menu.clear()
        current = self.doc.rules.name
        for spec in comparison_rulesets(self.host):
            action = self.presets_menu.addAction(spec)
            action.setCheckable(True)
            action.setChecked(spec == current)
            action.triggered.connect(lambda _=False, s=spec: self._switch_to(s))

    def _switch_to(self, spec: str) -> None:
        rules = self.host.ruleset(spec)
        self.apply_rules([e.name for e in rules.editions],
                         {k: v for k, v in rules.options.items() if v})

    # -- help, layout, closing -------------------------------------------------------------

    def _show_help(self) -> None:
        QMessageBox.information(self, _("{app}: keyboard and mouse").format(app=APP_TITLE), (
            _("Wheel: zoom about the cursor · +/−/0: zoom in, out, actual size · F: fit\n"
            "Middle or right drag, or Space + drag: pan\n"
            "V select/move · T place tile · M place figure · N note · A arrow · H highlight\n"
            "R / Shift+R: rotate the tile in hand or the selected tile\n"
            "Arrow keys: move the cell cursor (Shift: five cells) · Enter: act there\n"
            "Menu key: the cell's menu · Delete: remove the selected figure or tile\n"
            "Esc: cancel an arrow, then back to select · F5: solve the puzzle · F1: help\n"
            "The board's keys work anywhere but in a text field.\n"
            "Hover a tile: its whole feature lights up and the inspector explains it.")))

    def _restore_layout(self) -> None:
        """The last session's window geometry and docks; else a size that fits the screen
        (the docks are sized once the window shows)."""
        self._docks_sized = restore_arrangement(self)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._docks_sized:
            self._docks_sized = True
            call_later(0, self, partial(self.window_docks.size, self))

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        save_arrangement(self)
        if self.autosaver is not None:
            self.autosaver.discard()
            self.autosaver.timer.stop()
        event.accept()
        self.closed.emit()


def dropped_paths(mime: QMimeData) -> list[str]:
    """The local files of a drag that the editor opens (boards, tile sets, ``.jcz``)."""
    paths = [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
    return [p for p in paths if p.lower().endswith(OPENABLE) and os.path.isfile(p)]


def quit_all() -> None:
    """Close every window (each asks about its changes); the session remembers them all."""
    app = QApplication.instance()
    assert app is not None
    app.setProperty("quitting", True)
    QApplication.closeAllWindows()
    if any(w.isVisible() for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)):
        app.setProperty("quitting", False)

