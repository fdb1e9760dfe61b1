"""The main window: the board in the middle, docks around it, menus, toolbar, status bar."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QByteArray, QPointF, QRectF, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QColor,
    QIcon,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStyle,
    QToolBar,
    QWidget,
)

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.rules.ruleset import RulesetError

from . import art, files, ondisk, palette, render
from .designer import install_designer, playtest_signals
from .docks.annotations import AnnotationsDock
from .docks.catalogue import CatalogueDock
from .docks.findings import FindingsDock
from .docks.history import HistoryDock
from .docks.inspector import InspectorDock
from .docks.movelog import MoveLogDock, install_move_log
from .docks.players import PlayersDock
from .docks.scores import ScoresDock, comparison_rulesets
from .document import BoardDocument
from .notices import refuse_file
from .overlays import install_puzzle_tools
from .rulesetpicker import Options, RulesetDialog, ruleset_command
from .scene import BoardScene
from .view import TOOLS, BoardView

APP_TITLE = "Carcassonne Editor"
BOARD_FILTER = "Board files (*.board.json *.json);;All files (*)"
TOOL_LABELS = {
    "select": ("Select / move", "V", "Click to select; drag a tile or a figure to move it"),
    "tile": ("Place tile", "T", "Click or drag to place the catalogue tile (R rotates)"),
    "figure": ("Place figure", "M", "Click a segment to stand a figure for the current player"),
    "note": ("Note", "N", "Click a cell to pin a note"),
    "arrow": ("Arrow", "A", "Drag from one cell to another"),
    "highlight": ("Highlight", "H", "Click a cell; Shift+click a feature"),
}


def figure_icon(kind: str, colour: str = "#d0d0d0") -> QIcon:
    """A figure drawn as a toolbar or combo icon."""
    return QIcon(art.figure_pixmap(kind, colour, 24))


def _arc_arrow(p: QPainter, clockwise: bool) -> None:
    rect = QRectF(7, 7, 18, 18)
    start, span = (200, -250) if clockwise else (-20, 250)
    p.drawArc(rect, start * 16, span * 16)
    path = QPainterPath()
    path.arcMoveTo(rect, start + span)
    tip = path.currentPosition()
    d = 1 if clockwise else -1
    head = QPolygonF([tip + QPointF(-5 * d, -5), tip + QPointF(5 * d, -1),
                      tip + QPointF(-3 * d, 5)])
    p.setBrush(p.pen().color())
    p.drawPolygon(head)


def _magnifier(p: QPainter, sign: str) -> None:
    p.drawEllipse(QRectF(5, 5, 16, 16))
    p.drawLine(QPointF(19, 19), QPointF(27, 27))
    p.drawLine(QPointF(9, 13), QPointF(17, 13))
    if sign == "+":
        p.drawLine(QPointF(13, 9), QPointF(13, 17))


def _draw_icon(p: QPainter, name: str) -> None:
    """Line art for the toolbar, in a 32 × 32 box."""
    if name == "select":
        p.setBrush(QColor("#ffffff"))
        p.drawPolygon(QPolygonF([QPointF(9, 4), QPointF(9, 26), QPointF(14, 21),
                                 QPointF(18, 29), QPointF(21, 27), QPointF(17, 20),
                                 QPointF(24, 20)]))
    elif name == "note":
        p.setBrush(QColor(palette.NOTE))
        p.drawRect(QRectF(6, 6, 20, 20))
        for y in (12, 16, 20):
            p.drawLine(QPointF(10, y), QPointF(22, y))
    elif name == "arrow":
        p.drawLine(QPointF(5, 25), QPointF(22, 8))
        p.setBrush(p.pen().color())
        p.drawPolygon(QPolygonF([QPointF(27, 4), QPointF(16, 8), QPointF(24, 15)]))
    elif name == "highlight":
        p.setBrush(QColor(palette.HIGHLIGHT))
        p.drawRect(QRectF(5, 5, 22, 22))
    elif name in ("rotate-cw", "rotate-ccw", "redo", "undo"):
        p.setBrush(Qt.BrushStyle.NoBrush)
        _arc_arrow(p, name in ("rotate-cw", "redo"))
    elif name in ("zoom-in", "zoom-out"):
        _magnifier(p, "+" if name == "zoom-in" else "-")
    elif name == "fit":
        for x, y, dx, dy in ((5, 5, 1, 1), (27, 5, -1, 1), (5, 27, 1, -1), (27, 27, -1, -1)):
            p.drawPolyline(QPolygonF([QPointF(x, y + 7 * dy), QPointF(x, y),
                                      QPointF(x + 7 * dx, y)]))
        p.drawRect(QRectF(11, 11, 10, 10))


def line_icon(name: str) -> QIcon:
    """A painted toolbar icon (no icon theme needed)."""
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(QColor("#303030"), 2.2)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    _draw_icon(painter, name)
    painter.end()
    return QIcon(pixmap)


class MainWindow(QMainWindow):
    """One document in one window."""

    #: the window closed (its changes saved or discarded)
    closed = Signal()

    def __init__(self, doc: BoardDocument, host: PluginHost, catalogue: Catalogue,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.catalogue = catalogue
        self.doc = doc
        self.autosaver: files.Autosaver | None = None
        self.setWindowIcon(QIcon(art.tile_pixmap(catalogue.tile("base-c2/D"), 0, 64))
                           if "base-c2/D" in catalogue else QIcon())
        self.setDockNestingEnabled(True)
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
        install_move_log(self)
        install_designer(self)
        install_puzzle_tools(self)
        ondisk.install_disk_watch(self)
        self._arrange_added_docks()
        playtest_signals().tileSetAdded.connect(self.refresh_catalogue)
        self._restore_layout()
        self.view.setFocus()

    def _arrange_added_docks(self) -> None:
        """The move log beside the history, the players in front of the puzzle panel."""
        log = self.findChild(MoveLogDock)
        if log is not None:
            self.tabifyDockWidget(self.history_dock, log)
            self.history_dock.raise_()
        self.players_dock.raise_()

    def refresh_catalogue(self) -> None:
        """Show tile sets added to the catalogue since the window opened (play-testing)."""
        self.catalogue_dock.catalogue.reload(self.catalogue)

    # -- construction ----------------------------------------------------------------------

    def _make_docks(self) -> None:
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.catalogue_dock = CatalogueDock(self.catalogue, self)
        self.inspector_dock = InspectorDock(self)
        self.players_dock = PlayersDock(self)
        self.scores_dock = ScoresDock(self)
        self.findings_dock = FindingsDock(self)
        self.history_dock = HistoryDock(self)
        self.annotations_dock = AnnotationsDock(self)
        self.addDockWidget(left, self.catalogue_dock)
        self.addDockWidget(right, self.inspector_dock)
        self.addDockWidget(right, self.players_dock)
        self.addDockWidget(right, self.scores_dock)
        self.splitDockWidget(self.inspector_dock, self.players_dock, Qt.Orientation.Vertical)
        self.tabifyDockWidget(self.players_dock, self.scores_dock)
        self.tabifyDockWidget(self.scores_dock, self.annotations_dock)
        self.players_dock.raise_()
        self.addDockWidget(bottom, self.findings_dock)
        self.addDockWidget(bottom, self.history_dock)
        self.splitDockWidget(self.findings_dock, self.history_dock, Qt.Orientation.Horizontal)
        self.resizeDocks([self.catalogue_dock, self.inspector_dock], [300, 360],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.findings_dock], [150], Qt.Orientation.Vertical)
        self.resizeDocks([self.findings_dock, self.history_dock], [640, 300],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.inspector_dock, self.players_dock], [230, 420],
                         Qt.Orientation.Vertical)
        self.docks = [self.catalogue_dock, self.inspector_dock, self.players_dock,
                      self.scores_dock, self.findings_dock, self.history_dock,
                      self.annotations_dock]

    def _action(self, text: str, slot: Callable[..., object],
                shortcut: QKeySequence | list[QKeySequence] | None = None,
                tip: str = "", icon: QStyle.StandardPixmap | None = None,
                view_only: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                action.setShortcuts(shortcut)
            else:
                action.setShortcut(shortcut)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        if view_only:
            # single keys act only while the board has focus, never while typing in a dock
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.view.addAction(action)
        action.triggered.connect(lambda *_: slot())
        return action

    def _make_actions(self) -> None:
        sp = QStyle.StandardPixmap
        seq = QKeySequence.StandardKey
        self.new_action = self._action("&New", self.new_document, QKeySequence(seq.New),
                                       "Start an empty position", sp.SP_FileIcon)
        self.open_action = self._action("&Open…", self.open_dialog, QKeySequence(seq.Open),
                                        "Open a board file", sp.SP_DialogOpenButton)
        self.save_action = self._action("&Save", self.save, QKeySequence(seq.Save),
                                        "Save the position", sp.SP_DialogSaveButton)
        self.save_as_action = self._action("Save &As…", self.save_as,
                                           QKeySequence("Ctrl+Shift+S"),
                                           "Save the position under a new name")
        self.export_png_action = self._action("Export &PNG…", lambda: self.export("png"),
                                              tip="Draw the board into a PNG image")
        self.export_svg_action = self._action("Export S&VG…", lambda: self.export("svg"),
                                              tip="Draw the board as an SVG drawing")
        self.export_notes_action = QAction("Include &annotations in exports", self)
        self.export_notes_action.setCheckable(True)
        self.export_notes_action.setChecked(True)
        self.close_action = self._action("&Close window", self.close, QKeySequence(seq.Close))
        self.quit_action = self._action("&Quit", quit_all, QKeySequence("Ctrl+Q"))
        self.undo_action = self._action("&Undo", lambda: self.doc.undo_stack.undo(),
                                        QKeySequence("Ctrl+Z"))
        self.redo_action = self._action("&Redo", lambda: self.doc.undo_stack.redo(),
                                        [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.rotate_action = self._action("Rotate &clockwise", lambda: self.view.turn(1),
                                          QKeySequence("R"), "Turn the tile in hand or the "
                                          "selected tile a quarter turn", view_only=True)
        self.rotate_back_action = self._action("Rotate &anticlockwise",
                                               lambda: self.view.turn(-1),
                                               QKeySequence("Shift+R"), view_only=True)
        self.delete_action = self._action("&Delete", self.view.delete_selection,
                                          QKeySequence(Qt.Key.Key_Delete),
                                          "Remove the selected figure or tile", view_only=True)
        self.zoom_in_action = self._action("Zoom &in", lambda: self.view.zoom_by(1.25),
                                           [QKeySequence("+"), QKeySequence("=")],
                                           view_only=True)
        self.zoom_out_action = self._action("Zoom &out", lambda: self.view.zoom_by(0.8),
                                            [QKeySequence("-")], view_only=True)
        self.zoom_reset_action = self._action("&Actual size", self.view.reset_zoom,
                                              QKeySequence("0"), view_only=True)
        self.fit_action = self._action("&Fit board", self.view.fit, QKeySequence("F"),
                                       "Show every tile", view_only=True)
        self.grid_action = QAction("Show &grid", self)
        self.grid_action.setCheckable(True)
        self.grid_action.setChecked(True)
        self.grid_action.toggled.connect(lambda on: self.scene.grid.setVisible(on))
        self.notes_action = QAction("Show a&nnotations", self)
        self.notes_action.setCheckable(True)
        self.notes_action.setChecked(True)
        self.notes_action.toggled.connect(lambda on: self.scene.set_annotations_visible(on))
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for tool in TOOLS:
            label, key, tip = TOOL_LABELS[tool]
            action = self._action(label, lambda t=tool: self.view.set_tool(t),
                                  QKeySequence(key), tip, view_only=True)
            action.setCheckable(True)
            self.tool_group.addAction(action)
            self.tool_actions[tool] = action
        self.tool_actions["select"].setChecked(True)
        icons = {self.undo_action: "undo", self.redo_action: "redo",
                 self.rotate_action: "rotate-cw", self.rotate_back_action: "rotate-ccw",
                 self.zoom_in_action: "zoom-in", self.zoom_out_action: "zoom-out",
                 self.fit_action: "fit", **{self.tool_actions[t]: t for t in
                                             ("select", "note", "arrow", "highlight")}}
        for action, name in icons.items():
            action.setIcon(line_icon(name))
        start = next((t for t in self.catalogue if t.start), None)
        if start is not None:
            self.tool_actions["tile"].setIcon(QIcon(art.tile_pixmap(start, 0, 32)))
        self.tool_actions["figure"].setIcon(figure_icon("follower", "#d62828"))
        self.add_player_action = self._action("Add &player", self._add_player)
        self.rules_action = self._action("&Ruleset…", self.choose_rules,
                                         tip="Base edition, expansions and options")
        self.compare_action = self._action("&Compare rulesets", lambda: self.show_scores(2),
                                           tip="The same position under several rulesets")
        self.final_action = self._action("&Final scoring", lambda: self.show_scores(1),
                                         tip="What the end of the game would add now")

    def _make_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        file.addActions([self.new_action, self.open_action])
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action])
        file.addSeparator()
        file.addActions([self.export_png_action, self.export_svg_action,
                         self.export_notes_action])
        file.addSeparator()
        file.addActions([self.close_action, self.quit_action])
        edit = bar.addMenu("&Edit")
        edit.addActions([self.undo_action, self.redo_action])
        edit.addSeparator()
        edit.addActions([self.rotate_action, self.rotate_back_action, self.delete_action])
        view = bar.addMenu("&View")
        view.addActions([self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action,
                         self.fit_action])
        view.addSeparator()
        view.addActions([self.grid_action, self.notes_action])
        view.addSeparator()
        panels = view.addMenu("&Panels")
        for dock in self.docks:
            panels.addAction(dock.toggleViewAction())
        board = bar.addMenu("&Board")
        board.addActions(list(self.tool_actions.values()))
        board.addSeparator()
        board.addAction(self.add_player_action)
        rules = bar.addMenu("&Rules")
        rules.addAction(self.rules_action)
        self.presets_menu = rules.addMenu("&Switch to")
        self.presets_menu.aboutToShow.connect(self._fill_presets)
        rules.addSeparator()
        rules.addActions([self.final_action, self.compare_action])
        help_menu = bar.addMenu("&Help")
        help_menu.addAction("&Keyboard and mouse", self._show_help)
        help_menu.addAction("&About", self._show_about)

    def _make_toolbars(self) -> None:
        main = QToolBar("File and edit", self)
        main.setObjectName("MainToolBar")
        main.addActions([self.new_action, self.open_action, self.save_action])
        main.addSeparator()
        main.addActions([self.undo_action, self.redo_action])
        self.addToolBar(main)
        tools = QToolBar("Tools", self)
        tools.setObjectName("ToolsToolBar")
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        tools.addActions(list(self.tool_actions.values()))
        tools.addSeparator()
        tools.addWidget(QLabel(" Figure "))
        self.kind_combo = QComboBox()
        self.kind_combo.setToolTip("Figure kind the figure tool places (from the ruleset)")
        self.kind_combo.currentIndexChanged.connect(self._kind_chosen)
        tools.addWidget(self.kind_combo)
        tools.addWidget(QLabel(" for "))
        self.player_combo = QComboBox()
        self.player_combo.setToolTip("Current player: owner of placed figures")
        self.player_combo.currentIndexChanged.connect(self._player_chosen)
        tools.addWidget(self.player_combo)
        self.addToolBar(tools)
        board = QToolBar("View", self)
        board.setObjectName("ViewToolBar")
        board.addActions([self.rotate_back_action, self.rotate_action])
        board.addSeparator()
        board.addActions([self.zoom_out_action, self.zoom_in_action, self.fit_action])
        self.addToolBar(board)

    def _make_status_bar(self) -> None:
        bar = self.statusBar()
        self.cell_label = QLabel("Cell —")
        self.tool_label = QLabel()
        self.zoom_label = QLabel()
        self.rules_label = QLabel()
        self.rules_label.setToolTip("Ruleset in force (Rules ▸ Ruleset…)")
        for label in (self.cell_label, self.tool_label, self.zoom_label, self.rules_label):
            label.setContentsMargins(6, 0, 6, 0)
            bar.addPermanentWidget(label)

    def _connect_view(self) -> None:
        view = self.view
        view.cellHovered.connect(lambda x, y: self.cell_label.setText(f"Cell ({x}, {y})"))
        view.featureHovered.connect(self._hovered)
        view.cellSelected.connect(self._selected)
        view.toolChanged.connect(self._tool_changed)
        view.zoomChanged.connect(self._show_zoom)
        view.rotationChanged.connect(lambda _: self._tool_changed(view.tool))
        self.catalogue_dock.catalogue.tileSelected.connect(view.set_tile)
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
        for dock in (self.catalogue_dock.catalogue, self.players_dock.players,
                     self.scores_dock.scores, self.findings_dock.findings,
                     self.annotations_dock.annotations, self.inspector_dock.inspector):
            dock.set_document(doc)
        self.history_dock.set_document(doc)
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
            self.statusBar().showMessage(
                f"Opened with {len(doc.file_findings)} finding(s): see Findings", 8000)
        QTimer.singleShot(0, self.view.fit)

    def _undo_text(self, text: str) -> None:
        self.undo_action.setText(f"&Undo {text}".rstrip())

    def _redo_text(self, text: str) -> None:
        self.redo_action.setText(f"&Redo {text}".rstrip())

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
            combo.addItem(name, name)
            combo.setItemData(combo.count() - 1, kind.help, Qt.ItemDataRole.ToolTipRole)
        combo.blockSignals(False)
        index = combo.findData(current)
        combo.setCurrentIndex(max(index, 0))
        self._kind_chosen(combo.currentIndex())
        self._refresh_kind_icons()
        problem = self.doc.ruleset_problem
        self.rules_label.setText(f"Rules: {self.doc.rules.name}")
        self.rules_label.setToolTip(f"Unavailable: {problem}. Choose one in Rules ▸ Ruleset…"
                                    if problem else "Ruleset in force (Rules ▸ Ruleset…)")

    def _refresh_kind_icons(self) -> None:
        player = self.view.player
        colour = self.doc.player_colour(player) if self.doc.players else "#d0d0d0"
        for i in range(self.kind_combo.count()):
            self.kind_combo.setItemIcon(i, figure_icon(self.kind_combo.itemData(i), colour))

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
        text = TOOL_LABELS[tool][0]
        if tool == "tile":
            tile = self.view.tile
            text += f": {tile.ref} at {self.view.rotation * 90}°" if tile else \
                " (choose a tile in the catalogue)"
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

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the user cancelled."""
        if not self.doc.modified:
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.warning(
            self, APP_TITLE, f"Save the changes to {self.doc.display_name}?",
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        if answer == buttons.Save:
            return self.save()
        return answer == buttons.Discard

    def new_document(self) -> None:
        """Start an empty position in this window."""
        if self.maybe_save():
            self.set_document(BoardDocument(host=self.host, catalogue=self.catalogue))

    def open_dialog(self) -> None:
        """Choose a board file to open."""
        start = os.path.dirname(self.doc.path) if self.doc.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open board", start, BOARD_FILTER)
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> bool:
        """Open ``path`` here (after asking to save changes). An invalid file is refused
        with the validator's message; a file with lint findings opens with them listed."""
        if not self.maybe_save():
            return False
        result = files.open_document(path, self.host, self.catalogue)
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
        path, _ = QFileDialog.getSaveFileName(self, "Save board", suggested, BOARD_FILTER)
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
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = files.recent_files()
        for path in recent:
            self.recent_menu.addAction(path, partial(self.open_file, path))
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)
        self.recent_menu.addSeparator()
        self.recent_menu.addAction("Clear list", files.clear_recent)

    def export(self, kind: str) -> bool:
        """Export the board as PNG or SVG, with or without annotations."""
        base = os.path.splitext(os.path.splitext(self.doc.path)[0])[0] if self.doc.path \
            else os.path.join(os.path.expanduser("~"), self.doc.position.title or "position")
        path, _ = QFileDialog.getSaveFileName(self, f"Export {kind.upper()}", f"{base}.{kind}",
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
            QMessageBox.critical(self, APP_TITLE, f"Could not export {path}:\n{exc}")
            return False
        self.statusBar().showMessage(f"Exported {path}", 4000)
        return True

    # -- rules -----------------------------------------------------------------------------

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
        QMessageBox.information(self, f"{APP_TITLE}: keyboard and mouse", (
            "Wheel: zoom about the cursor · +/−/0: zoom in, out, actual size · F: fit\n"
            "Middle or right drag, or Space + drag: pan\n"
            "V select/move · T place tile · M place figure · N note · A arrow · H highlight\n"
            "R / Shift+R: rotate the tile in hand or the selected tile\n"
            "Delete: remove the selected figure or tile · Esc: back to select\n"
            "Hover a tile: its whole feature lights up and the inspector explains it."))

    def _show_about(self) -> None:
        QMessageBox.about(self, APP_TITLE, f"<b>{APP_TITLE}</b><p>Build, annotate, score and "
                          "compare Carcassonne positions across editions.</p>")

    def _restore_layout(self) -> None:
        settings = QSettings()
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray | bytes):
            self.restoreGeometry(QByteArray(geometry))
        else:
            self.resize(1440, 900)
        state = settings.value("window/state")
        if isinstance(state, QByteArray | bytes):
            self.restoreState(QByteArray(state))

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        settings = QSettings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/state", self.saveState())
        if self.autosaver is not None:
            self.autosaver.discard()
            self.autosaver.timer.stop()
        event.accept()
        self.closed.emit()


def quit_all() -> None:
    """Close every window (each asks about its changes); the session remembers them all."""
    app = QApplication.instance()
    assert app is not None
    app.setProperty("quitting", True)
    QApplication.closeAllWindows()
    if any(w.isVisible() for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)):
        app.setProperty("quitting", False)

