"""The board view: zoom and pan, and the tools that turn mouse and keys into undo commands.

The tools (``select``, ``tile``, ``figure``, ``note``, ``arrow``, ``highlight``) are small
classes in :mod:`editor.qt.tools`; the view keeps what they share. With the tile tool a
ghost previews the tile in hand and legal cells are marked. Hovering shows the feature
under the cursor across tiles in every tool.

Without a mouse: the arrow keys move a cell cursor (the ghost tile and the inspector follow
it), Enter does what a click on that cell does (places the tile in hand, offers the
segments for a figure, starts and ends an arrow, …), R turns the tile, the menu key opens
the cell's context menu.
"""

from __future__ import annotations

import math
from functools import partial

from PySide6.QtCore import (
    QEasingCurve,
    QPoint,
    QPointF,
    QRectF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QEnterEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QUndoCommand,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QGraphicsView,
    QInputDialog,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from editor.i18n import _
from editor.model.board import Cell
from editor.model.position import Note
from editor.model.tiles import Tile
from editor.terms import figure_name

from .commands import (
    AddAnnotation,
    PlaceTile,
    RemoveFigure,
    RemoveTile,
    RotateTile,
)
from .document import BoardDocument, TileSpec
from .mime import TILE_MIME
from .scene import CELL, BoardScene
from .tools import TOOL_CLASSES, SelectTool, Tool

TOOLS = tuple(TOOL_CLASSES)
MIN_ZOOM = 0.03
MAX_ZOOM = 6.0
#: Zoom factor of one wheel notch (120 eighths of a degree) and of the +/- keys.
NOTCH = 1.25
#: Pixels the mouse must travel before a press becomes a drag.
DRAG_DISTANCE = 5
#: The arrow keys' steps of the cell cursor.
_STEPS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1),
          Qt.Key.Key_Down: (0, 1)}


class BoardView(QGraphicsView):
    """Shows a :class:`BoardScene` and edits its document through undo commands."""

    #: the cell under the cursor: (x, y)
    cellHovered = Signal(int, int)
    #: the segment under the cursor, "" over an empty cell or none: (x, y, segment id)
    featureHovered = Signal(int, int, str)
    #: a cell was selected by a click: (x, y)
    cellSelected = Signal(int, int)
    toolChanged = Signal(str)
    #: the tile the tile tool places changed (a Tile, or None)
    tileChanged = Signal(object)
    rotationChanged = Signal(int)
    #: the scale changed (1.0 = 100 pixels per tile)
    zoomChanged = Signal(float)

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.board_scene = scene
        #: the current tool (:mod:`editor.qt.tools`)
        self.interaction: Tool = SelectTool(self)
        self.tile: Tile | None = None
        self.rotation = 0
        self.figure_kind = "follower"
        self.player = 0
        self.selected_figure: int | None = None
        self._press: QPoint | None = None
        self._press_button = Qt.MouseButton.NoButton
        #: where the current press started: its cell and the figure under it
        self.press_cell: Cell | None = None
        self.press_figure: int | None = None
        self._dragging = False
        #: a drag of the tile tool is one undoable edit (an undo macro) until released
        self.in_macro = False
        self._panning = False
        self._space = False
        self._pan_from = QPoint()
        self._ghost_cell: Cell | None = None
        self._hover: tuple[int, int, str] | None = None
        #: the keyboard's cell cursor, and the start of an arrow drawn with the keys
        self.cursor_cell: Cell | None = None
        self.arrow_start: Cell | None = None
        self._zoom_anchor = QPointF()
        self._zoom_animation = QVariantAnimation(self)
        self._zoom_animation.setDuration(140)
        self._zoom_animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._zoom_animation.valueChanged.connect(self._animate_zoom)
        self._legal_timer = QTimer(self)
        self._legal_timer.setSingleShot(True)
        self._legal_timer.setInterval(0)
        self._legal_timer.timeout.connect(self.refresh_legal)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.set_document(scene.doc)

    @property
    def doc(self) -> BoardDocument:
        """The document the scene mirrors."""
        return self.board_scene.doc

    def set_document(self, doc: BoardDocument) -> None:
        """Follow the scene's document."""
        doc.edited.connect(self._legal_timer.start)
        self.cursor_cell = None
        self.arrow_start = None
        self.selected_figure = None
        self._hover = None
        self._ghost_cell = None
        self.refresh_legal()

    def set_scene(self, scene: BoardScene) -> None:
        """Show another document's scene."""
        self.board_scene = scene
        self.setScene(scene)
        self.set_document(scene.doc)

    # -- tools -----------------------------------------------------------------------------

    @property
    def tool(self) -> str:
        """The name of the current tool (one of :data:`TOOLS`)."""
        return self.interaction.name

    def set_tool(self, tool: str) -> None:
        """Switch to one of :data:`TOOLS`."""
        if tool not in TOOL_CLASSES:
            raise ValueError(f"unknown tool {tool!r}")
        if tool != self.tool:
            self.interaction = TOOL_CLASSES[tool](self)
            self.board_scene.hide_ghost()
            self._ghost_cell = None
            self.refresh_legal()
            self.toolChanged.emit(tool)
        self.viewport().setCursor(self.interaction.cursor)

    def set_tile(self, tile: Tile | None) -> None:
        """The catalogue tile the tile tool places (choosing one arms the tile tool)."""
        self.tile = tile
        if tile is not None:
            self.set_tool("tile")
        self.tileChanged.emit(tile)
        self.refresh_legal()
        self._update_ghost()

    def set_rotation(self, rotation: int) -> None:
        """The rotation of the tile to place, in quarter turns."""
        self.rotation = rotation % 4
        self.rotationChanged.emit(self.rotation)
        self._update_ghost(keep_rotation=True)

    def turn(self, turns: int) -> None:
        """R / Shift+R: turn the tile to place, or the selected tile on the board."""
        if self.interaction.places_tiles and self.tile is not None:
            self.set_rotation(self.rotation + turns)
            return
        cell = self.board_scene.selected_cell
        spec = self.doc.tile_at(*cell) if cell else None
        if spec is not None:
            self.doc.undo_stack.push(RotateTile(self.doc, spec.x, spec.y,
                                                spec.rotation + turns))

    def delete_selection(self) -> None:
        """Delete: the selected figure, else the selected tile."""
        if self.selected_figure is not None and self.selected_figure < len(self.doc.figures()):
            self.doc.undo_stack.push(RemoveFigure(self.doc, self.selected_figure))
            self.selected_figure = None
            self.board_scene.select_figure(None)
            return
        cell = self.board_scene.selected_cell
        if cell is not None and self.doc.tile_at(*cell) is not None:
            self.doc.undo_stack.push(RemoveTile(self.doc, *cell))

    def refresh_legal(self) -> None:
        """Mark the cells (and rotations) where the chosen tile may go."""
        if self.interaction.places_tiles and self.tile is not None:
            spots = self.doc.engine.legal_placements(self.doc.board, self.tile)
            self.board_scene.show_legal(spots)
        else:
            self.board_scene.show_legal([])
        if self._ghost_cell is not None:
            self._update_ghost(keep_rotation=True)

    # -- geometry --------------------------------------------------------------------------

    def cell_at(self, pos: QPoint | QPointF) -> Cell:
        """The cell under a viewport position."""
        return self.board_scene.cell_at(self.mapToScene(QPoint(int(pos.x()), int(pos.y()))))

    def centre_on_cell(self, x: int, y: int) -> None:
        """Scroll a cell into the middle of the view."""
        self.centerOn(QPointF((x + 0.5) * CELL, (y + 0.5) * CELL))

    def zoom(self) -> float:
        """The current scale (1 = one scene unit per pixel)."""
        return self.transform().m11()

    def zoom_by(self, factor: float, anchor: QPointF | None = None,
                animate: bool = True) -> None:
        """Zoom about ``anchor`` (viewport coordinates; the centre when none)."""
        self._zoom_anchor = anchor if anchor is not None else QPointF(
            self.viewport().rect().center())
        start = self.zoom()
        running = self._zoom_animation.state() == QVariantAnimation.State.Running
        base = float(self._zoom_animation.endValue()) if running else start
        target = max(MIN_ZOOM, min(MAX_ZOOM, base * factor))
        self._zoom_animation.stop()
        if not animate:
            self._set_zoom(target)
            return
        self._zoom_animation.setStartValue(start)
        self._zoom_animation.setEndValue(target)
        self._zoom_animation.start()

    def _animate_zoom(self, value: object) -> None:
        self._set_zoom(float(value))  # type: ignore[arg-type]

    def _set_zoom(self, scale: float) -> None:
        anchor = self._zoom_anchor
        before = self.mapToScene(anchor.toPoint())
        self.setTransform(self.transform().fromScale(scale, scale))
        after = self.mapToScene(anchor.toPoint())
        shift = (after - before) * scale
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(
            shift.x()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(shift.y()))
        self.zoomChanged.emit(scale)

    def reset_zoom(self) -> None:
        """0: one tile = 100 pixels, keeping the centre."""
        self.zoom_by(1.0 / self.zoom())

    def fit(self) -> None:
        """F: show every tile."""
        self._zoom_animation.stop()
        rect = self.board_scene.tiles_rect()
        if rect.isNull():
            rect = QRectF(-CELL, -CELL, 3 * CELL, 3 * CELL)
        rect = rect.adjusted(-CELL / 2, -CELL / 2, CELL / 2, CELL / 2)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom() > 1.5:
            self.setTransform(self.transform().fromScale(1.5, 1.5))
            self.centerOn(rect.center())
        self.zoomChanged.emit(self.zoom())

    # -- events: wheel and keys ------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        pixels = event.pixelDelta().y()
        if pixels and event.angleDelta().y() % 120:
            self.zoom_by(math.pow(1.0025, pixels), event.position(), animate=False)
        else:
            self.zoom_by(math.pow(NOTCH, event.angleDelta().y() / 120), event.position())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        elif key == Qt.Key.Key_R:
            self.turn(-1 if shift else 1)
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(NOTCH)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(1 / NOTCH)
        elif key == Qt.Key.Key_0:
            self.reset_zoom()
        elif key == Qt.Key.Key_F:
            self.fit()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.delete_selection()
        elif key == Qt.Key.Key_Escape:
            if self.arrow_start is not None:
                self.arrow_start = None
                self.board_scene.show_arrow_preview(None, None)
            else:
                self.set_tool("select")
        elif Qt.Key(key) in _STEPS and not event.modifiers() & ~(
                Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier):
            dx, dy = _STEPS[Qt.Key(key)]
            stride = 5 if shift else 1
            self.move_cursor(dx * stride, dy * stride)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.act_at_cursor()
        elif key == Qt.Key.Key_Menu and self.cursor_cell is not None:
            centre = self.mapFromScene(QPointF((self.cursor_cell[0] + 0.5) * CELL,
                                               (self.cursor_cell[1] + 0.5) * CELL))
            self._context_menu(self.viewport().mapToGlobal(centre), self.cursor_cell)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # -- the keyboard cursor ---------------------------------------------------------------

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the cell cursor (it starts on the selected cell, else mid-view)."""
        if self.cursor_cell is None:
            start = self.board_scene.selected_cell or self.cell_at(
                QPointF(self.viewport().rect().center()))
            self.set_cursor_cell(start)
            return
        x, y = self.cursor_cell
        self.set_cursor_cell((x + dx, y + dy))

    def set_cursor_cell(self, cell: Cell) -> None:
        """Put the cursor on ``cell``, bring it into view; the ghost, the status bar and the
        inspector follow it."""
        self.cursor_cell = cell
        self.board_scene.cursor.place(cell)
        self.ensureVisible(QRectF(cell[0] * CELL, cell[1] * CELL, CELL, CELL), 20, 20)
        self.cellHovered.emit(*cell)
        self.featureHovered.emit(cell[0], cell[1], "")
        if self.arrow_start is not None:
            self.board_scene.show_arrow_preview(self.arrow_start, cell)
        if self.interaction.places_tiles:
            self._ghost_cell = cell
            self._update_ghost()

    def act_at_cursor(self) -> None:
        """Enter: what a click on the cursor's cell does with the current tool."""
        if self.cursor_cell is None:
            self.move_cursor(0, 0)
            return
        cell = self.cursor_cell
        if self.interaction.act_at(cell):
            return
        self.click(QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL))

    def choose_segment(self, cell: Cell) -> str | None:
        """Ask which segment of the cell's tile the figure stands on (a menu at the cell)."""
        spec = self.doc.tile_at(*cell)
        if spec is None:
            return None
        menu = QMenu(self)
        for seg in spec.tile.segments:
            action = menu.addAction(f"{seg.kind}: {seg.id}")
            action.setData(seg.id)
        centre = self.mapFromScene(QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL))
        chosen = self.pick(menu, self.viewport().mapToGlobal(centre))
        return str(chosen.data()) if chosen is not None else None

    def pick(self, menu: QMenu, where: QPoint) -> QAction | None:
        """Show a menu and wait for the choice (None when dismissed)."""
        return menu.exec(where)

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.board_scene.cursor.place(self.cursor_cell)
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.board_scene.cursor.place(None)
        super().focusOutEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.set_tool(self.tool)
            event.accept()
            return
        super().keyReleaseEvent(event)

    # -- events: mouse ---------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        pos = event.position().toPoint()
        if button == Qt.MouseButton.MiddleButton or (
                button == Qt.MouseButton.LeftButton and self._space):
            self._start_pan(pos)
        elif button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            self._press = pos
            self._press_button = button
            self.press_cell = self.cell_at(pos)
            self.press_figure = self.board_scene.figure_at(self.mapToScene(pos))
            self._dragging = False
        event.accept()

    def _start_pan(self, pos: QPoint) -> None:
        self._panning = True
        self._pan_from = pos
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._panning:
            delta = pos - self._pan_from
            self._pan_from = pos
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            return
        if self._press is not None and not self._dragging and (
                pos - self._press).manhattanLength() >= DRAG_DISTANCE:
            self._dragging = True
            if self._press_button == Qt.MouseButton.RightButton:
                self._press = None
                self._start_pan(pos)
                return
            self.interaction.drag_started()
        self.hover(self.mapToScene(pos))
        if self._dragging and self._press_button == Qt.MouseButton.LeftButton:
            self._drag_to(self.cell_at(pos))

    def hover(self, point: QPointF) -> None:
        """Show what is under a scene point: cell, feature, ghost tile."""
        scene = self.board_scene
        cell = scene.cell_at(point)
        found = scene.segment_at(point)
        key = (cell[0], cell[1], found[2] if found else "")
        if key != self._hover:
            if self._hover is None or self._hover[:2] != key[:2]:
                self.cellHovered.emit(*cell)
            self._hover = key
            scene.highlight_feature(*found if found else (0, 0, None))
            self.featureHovered.emit(*key)
        if self.interaction.places_tiles and cell != self._ghost_cell:
            self._ghost_cell = cell
            self._update_ghost()

    def _update_ghost(self, keep_rotation: bool = False) -> None:
        """Preview the tile to place on the hovered cell, turned to a rotation that fits."""
        cell = self._ghost_cell
        if not self.interaction.places_tiles or self.tile is None or cell is None:
            self.board_scene.hide_ghost()
            return
        doc = self.doc
        if cell in doc.board.cells:
            self.board_scene.hide_ghost()
            return
        if not keep_rotation and doc.placement_findings(self.tile, *cell, self.rotation):
            fitting = [r for r in range(4) if not doc.placement_findings(
                self.tile, *cell, (self.rotation + r) % 4)]
            if fitting:
                self.rotation = (self.rotation + fitting[0]) % 4
                self.rotationChanged.emit(self.rotation)
        problems = doc.placement_findings(self.tile, *cell, self.rotation)
        self.board_scene.show_ghost(self.tile, cell, self.rotation, problems)

    def _drag_to(self, cell: Cell) -> None:
        """Feedback while dragging: a moving tile's ghost, an arrow's end, tiles painted."""
        self.interaction.drag_to(cell)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._panning:
            self._panning = False
            self.set_tool(self.tool)
            if self._space:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if self._press is None:
            return
        point = self.mapToScene(pos)
        cell = self.board_scene.cell_at(point)
        button, dragging = self._press_button, self._dragging
        self._press = None
        self._dragging = False
        if button == Qt.MouseButton.RightButton:
            self._context_menu(event.globalPosition().toPoint(), cell)
        elif dragging:
            self._drop(point, cell)
            if self.in_macro:
                self.in_macro = False
                self.doc.undo_stack.endMacro()
        else:
            self.click(point, event.modifiers())
        event.accept()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if event.reason() != QContextMenuEvent.Reason.Mouse:
            cell = self.cursor_cell or self.cell_at(event.pos())
            self._context_menu(event.globalPos(), cell)
        event.accept()

    # -- actions ---------------------------------------------------------------------------

    def click(self, point: QPointF,
              modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        """A left click at a scene point with the current tool."""
        scene = self.board_scene
        cell = scene.cell_at(point)
        self.interaction.click(point, cell, modifiers)
        figure = self.interaction.figure_at(point)
        self.selected_figure = figure
        scene.select_figure(figure)
        scene.select_cell(cell)
        if self.cursor_cell is not None:
            self.cursor_cell = cell  # the keys go on from where the mouse clicked
            scene.cursor.place(cell if self.hasFocus() else None)
        self.cellSelected.emit(*cell)

    def place(self, cell: Cell) -> None:
        """Place the tile in hand on an empty cell."""
        if self.tile is None or cell in self.doc.board.cells:
            return
        self.doc.undo_stack.push(PlaceTile(self.doc, TileSpec(self.tile, *cell,
                                                              self.rotation)))
        self._ghost_cell = None
        self.board_scene.hide_ghost()

    def _drop(self, point: QPointF, cell: Cell) -> None:
        """The end of a drag: move a tile or a figure, or finish an arrow."""
        scene = self.board_scene
        scene.hide_ghost()
        scene.show_arrow_preview(None, None)
        self.interaction.drop(point, cell, self.press_cell, self.press_figure)

    def _context_menu(self, where: QPoint, cell: Cell) -> None:
        doc = self.doc
        spec = doc.tile_at(*cell)
        menu = QMenu(self)
        if spec is not None:
            menu.addAction(_("Rotate clockwise"), lambda: doc.undo_stack.push(
                RotateTile(doc, *cell, spec.rotation + 1)))
            menu.addAction(_("Rotate anticlockwise"), lambda: doc.undo_stack.push(
                RotateTile(doc, *cell, spec.rotation - 1)))
            for index, figure in reversed(doc.figures_at(*cell)):
                owner = doc.players[figure.owner].name if figure.owner < len(
                    doc.players) else "?"
                menu.addAction(_("Remove the figure of {owner} ({figure}, {segment})").format(
                    owner=owner, figure=figure_name(figure.kind), segment=figure.segment),
                               partial(self._push, RemoveFigure(doc, index)))
            menu.addAction(_("Remove tile"), lambda: doc.undo_stack.push(RemoveTile(doc, *cell)))
        menu.addAction(_("Add note here…"), lambda: self.note_at(cell))
        menu.exec(where)

    def _push(self, command: QUndoCommand) -> None:
        self.doc.undo_stack.push(command)

    def note_at(self, cell: Cell) -> None:
        """Ask for a note and pin it to ``cell``."""
        text, ok = QInputDialog.getMultiLineText(self, _("Note"),
                                                 _("Note at {cell}:").format(cell=cell))
        if ok and text.strip():
            self.doc.undo_stack.push(AddAnnotation(self.doc, "notes", Note(*cell, text.strip())))

    # -- drag and drop from the catalogue --------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(TILE_MIME):
            event.acceptProposedAction()
        elif event.mimeData().hasUrls():
            event.ignore()  # files dropped on the board are the window's to open
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if not event.mimeData().hasFormat(TILE_MIME):
            super().dragMoveEvent(event)
            return
        ref = bytes(event.mimeData().data(TILE_MIME).data()).decode()
        if self.tile is None or self.tile.ref != ref:
            self.set_tile(self.doc.catalogue.tile(ref))
        self._ghost_cell = self.cell_at(event.position())
        self._update_ghost()
        event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        if not event.mimeData().hasFormat(TILE_MIME):
            super().dropEvent(event)
            return
        self.place(self.cell_at(event.position()))
        event.acceptProposedAction()

    def enterEvent(self, event: QEnterEvent) -> None:
        """Take the keyboard when the mouse comes over the board (R rotates the tile in
        hand at once), unless someone is typing in a text field."""
        focus = QApplication.focusWidget()
        if not isinstance(focus, QLineEdit | QTextEdit | QPlainTextEdit | QAbstractSpinBox):
            self.setFocus(Qt.FocusReason.MouseFocusReason)
        super().enterEvent(event)

    def leaveEvent(self, event: object) -> None:
        self.board_scene.hide_ghost()
        self.board_scene.highlight_feature(0, 0, None)
        self._ghost_cell = None
        self._hover = None
        super().leaveEvent(event)  # type: ignore[arg-type]
