"""The board view's tools: what a click, a drag and Enter do, one small class per tool.

The view (:class:`editor.qt.view.BoardView`) handles what every tool shares (zoom, pan,
hover, the keyboard cursor, selection) and hands the rest to its current :class:`Tool`:
``select`` (click selects, drag moves a tile or a figure), ``tile`` (click or drag to place
the tile in hand), ``figure`` (click a segment), ``note``, ``arrow`` (drag from cell to cell,
or Enter twice) and ``highlight`` (click a cell; Shift+click a feature).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QPointF, Qt

from editor.i18n import _
from editor.model.board import Cell
from editor.model.position import Arrow, Highlight

from .commands import AddAnnotation, AddFigure, MoveFigure, MoveTile
from .document import FigureSpec

if TYPE_CHECKING:
    from .view import BoardView

HIGHLIGHT_COLOUR = "#ffd166"


class Tool:
    """A tool of the board view; the default does nothing but select."""

    #: the name the view, the window's actions and the settings know the tool by
    name: ClassVar[str] = ""
    cursor: ClassVar[Qt.CursorShape] = Qt.CursorShape.CrossCursor
    #: whether the tool places the tile in hand (a ghost follows the mouse, legal cells
    #: are marked, R turns the tile in hand)
    places_tiles: ClassVar[bool] = False

    def __init__(self, view: BoardView) -> None:
        self.view = view

    def click(self, point: QPointF, cell: Cell, modifiers: Qt.KeyboardModifier) -> None:
        """A left click at a scene point (on ``cell``)."""

    def figure_at(self, point: QPointF) -> int | None:
        """The figure a click at ``point`` selects (none but with the select tool)."""
        return None

    def act_at(self, cell: Cell) -> bool:
        """Enter on the keyboard cursor's cell; False: do what a click there does."""
        return False

    def drag_started(self) -> None:
        """A press became a drag."""

    def drag_to(self, cell: Cell) -> None:
        """Feedback while dragging over ``cell``."""

    def drop(self, point: QPointF, cell: Cell, source: Cell | None,
             figure: int | None) -> None:
        """The end of a drag that started on ``source`` (on ``figure``, if any)."""


class SelectTool(Tool):
    """Click selects a tile or a figure; a drag moves it."""

    name = "select"
    cursor = Qt.CursorShape.ArrowCursor

    def figure_at(self, point: QPointF) -> int | None:
        return self.view.board_scene.figure_at(point)

    def drag_to(self, cell: Cell) -> None:
        view = self.view
        source, doc = view.press_cell, view.doc
        if source in doc.board.cells and view.press_figure is None:
            spec = doc.tile_at(*source)
            assert spec is not None
            taken = cell in doc.board.cells and cell != source
            view.board_scene.show_ghost(spec.tile, cell, spec.rotation,
                                        ["taken"] if taken else [])

    def drop(self, point: QPointF, cell: Cell, source: Cell | None,
             figure: int | None) -> None:
        view = self.view
        doc, scene = view.doc, view.board_scene
        if figure is not None:
            found = scene.segment_at(point)
            old = doc.figures()[figure]
            if found is not None and (old.x, old.y, old.segment) != found:
                doc.undo_stack.push(MoveFigure(doc, figure,
                                               FigureSpec(old.kind, old.owner, *found)))
        elif source is not None and source != cell and source in doc.board.cells \
                and cell not in doc.board.cells:
            doc.undo_stack.push(MoveTile(doc, source, cell))
            scene.select_cell(cell)
            view.cellSelected.emit(*cell)


class TileTool(Tool):
    """Click or drag to place the tile in hand (a drag places one on every cell it
    crosses, as one undoable edit)."""

    name = "tile"
    places_tiles = True

    def click(self, point: QPointF, cell: Cell, modifiers: Qt.KeyboardModifier) -> None:
        self.view.place(cell)

    def drag_started(self) -> None:
        view = self.view
        if view.tile is None:
            return
        view.doc.undo_stack.beginMacro(_("Place {tile} tiles").format(tile=view.tile.ref))
        view.in_macro = True
        if view.press_cell is not None:
            view.place(view.press_cell)

    def drag_to(self, cell: Cell) -> None:
        self.view.place(cell)


class FigureTool(Tool):
    """Click a segment to stand a figure of the chosen kind for the current player."""

    name = "figure"

    def _stand(self, x: int, y: int, segment: str) -> None:
        view = self.view
        doc = view.doc
        if 0 <= view.player < len(doc.players):
            doc.undo_stack.push(AddFigure(doc, FigureSpec(view.figure_kind, view.player,
                                                          x, y, segment)))

    def click(self, point: QPointF, cell: Cell, modifiers: Qt.KeyboardModifier) -> None:
        found = self.view.board_scene.segment_at(point)
        if found is not None:
            self._stand(*found)

    def act_at(self, cell: Cell) -> bool:
        segment = self.view.choose_segment(cell)
        if segment is not None:
            self._stand(*cell, segment)
        return True


class NoteTool(Tool):
    """Click a cell to pin a note to it."""

    name = "note"

    def click(self, point: QPointF, cell: Cell, modifiers: Qt.KeyboardModifier) -> None:
        self.view.note_at(cell)


class ArrowTool(Tool):
    """Drag from cell to cell, or Enter on each end, to draw an arrow."""

    name = "arrow"

    def act_at(self, cell: Cell) -> bool:
        view = self.view
        start = view.arrow_start
        if start is None:
            view.arrow_start = cell
            return True
        if start != cell:
            view.doc.undo_stack.push(AddAnnotation(view.doc, "arrows", Arrow(start, cell)))
        view.arrow_start = None
        view.board_scene.show_arrow_preview(None, None)
        return True

    def drag_to(self, cell: Cell) -> None:
        if self.view.press_cell is not None:
            self.view.board_scene.show_arrow_preview(self.view.press_cell, cell)

    def drop(self, point: QPointF, cell: Cell, source: Cell | None,
             figure: int | None) -> None:
        if source is not None and source != cell:
            doc = self.view.doc
            doc.undo_stack.push(AddAnnotation(doc, "arrows", Arrow(source, cell)))


class HighlightTool(Tool):
    """Click a cell to highlight it; Shift+click to highlight the feature under the mouse."""

    name = "highlight"

    def click(self, point: QPointF, cell: Cell, modifiers: Qt.KeyboardModifier) -> None:
        doc = self.view.doc
        found = self.view.board_scene.segment_at(point)
        if modifiers & Qt.KeyboardModifier.ShiftModifier and found is not None:
            item = Highlight(HIGHLIGHT_COLOUR, [], found)
        else:
            item = Highlight(HIGHLIGHT_COLOUR, [cell])
        doc.undo_stack.push(AddAnnotation(doc, "highlights", item))


#: Every tool, by name, in the order of the toolbar.
TOOL_CLASSES: dict[str, type[Tool]] = {t.name: t for t in (
    SelectTool, TileTool, FigureTool, NoteTool, ArrowTool, HighlightTool)}

