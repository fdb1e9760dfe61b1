"""The board scene: a mirror of one document, updated item by item from its signals.

The scene never edits the document. Each signal touches only the items of the cells it
names, so a board of thousands of tiles stays responsive: a placement adds one item, a
rotation updates one, figures are redrawn per cell, findings markers per changed cell.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QWidget

from editor.model.board import Cell
from editor.model.findings import Finding
from editor.model.tiles import Tile

from . import palette as pal
from .art.images import use_catalogue
from .document import BoardDocument
from .items import (
    CELL,
    FIGURE_SIZE,
    ArrowItem,
    CellMarkerItem,
    CursorItem,
    FeatureWashItem,
    FigureItem,
    GhostTileItem,
    GridItem,
    HighlightItem,
    LastPlacedItem,
    TileItem,
    annotation_items,
    cell_rect,
    figure_items,
)

#: Empty cells kept around the tiles so that there is room to pan and to build.
MARGIN_CELLS = 12
Z_FLAG = 7.0
Z_PREVIEW = 31.0

__all__ = ["CELL", "BoardScene"]


class BoardScene(QGraphicsScene):
    """Tiles, figures, annotations and editing aids for one :class:`BoardDocument`."""

    def __init__(self, doc: BoardDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        use_catalogue(doc.catalogue)
        self.tiles: dict[Cell, TileItem] = {}
        self.figures: dict[Cell, list[FigureItem]] = {}
        self.markers: dict[Cell, CellMarkerItem] = {}
        self.flags: dict[Cell, HighlightItem] = {}
        self.annotation_items: list[QGraphicsItem] = []
        self.annotations_visible = True
        self.selected_cell: Cell | None = None
        self._hovered: set[Cell] = set()
        self._hover_root: int | None = None
        self._wash: FeatureWashItem | None = None
        self._selection_ring: HighlightItem | None = None
        self._arrow_preview: ArrowItem | None = None
        self._bounds = QRectF()
        self.setBackgroundBrush(pal.colour(pal.BACKGROUND))
        self.grid = GridItem()
        self.addItem(self.grid)
        self.ghost: GhostTileItem | None = None
        self.last_placed = LastPlacedItem()
        self.addItem(self.last_placed)
        self.cursor = CursorItem()
        self.addItem(self.cursor)
        for spec in doc.tiles():
            self._add_tile(*spec.cell)
        self._grow(QRectF(-CELL, -CELL, 3 * CELL, 3 * CELL))
        for cell in {f.cell for f in doc.figures()}:
            self._refresh_figures(cell)
        self._refresh_annotations()
        self._refresh_flags()
        doc.tileAdded.connect(self._tile_added)
        doc.tileRemoved.connect(self._tile_removed)
        doc.tileChanged.connect(self._tile_changed)
        doc.figuresChanged.connect(self._figures_changed)
        doc.annotationsChanged.connect(self._refresh_annotations)
        doc.scoresChanged.connect(self._after_rescore)
        doc.edited.connect(self._clear_hover)
        doc.edited.connect(self.mark_last_placed)
        self.mark_last_placed()

    # -- queries ---------------------------------------------------------------------------

    @staticmethod
    def cell_at(point: QPointF) -> Cell:
        """The cell holding a scene point."""
        return (math.floor(point.x() / CELL), math.floor(point.y() / CELL))

    def segment_at(self, point: QPointF) -> tuple[int, int, str] | None:
        """(x, y, segment id) of the placed segment under a scene point."""
        cell = self.cell_at(point)
        item = self.tiles.get(cell)
        if item is None:
            return None
        index = item.segment_at(point)
        if index is None:
            return None
        return (cell[0], cell[1], item.tile.segments[index].id)

    def figure_at(self, point: QPointF) -> int | None:
        """The document index of the figure drawn under a scene point."""
        for item in self.items(point):
            if isinstance(item, FigureItem):
                position = self.figures[item.cell].index(item)
                return self.doc.figures_at(*item.cell)[position][0]
        return None

    def tiles_rect(self) -> QRectF:
        """The scene rectangle covering every tile (null when there are none)."""
        cells = self.doc.board.cells
        if not cells:
            return QRectF()
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        return QRectF(min(xs) * CELL, min(ys) * CELL, (max(xs) - min(xs) + 1) * CELL,
                      (max(ys) - min(ys) + 1) * CELL)

    # -- tiles -----------------------------------------------------------------------------

    def _add_tile(self, x: int, y: int) -> None:
        spec = self.doc.tile_at(x, y)
        assert spec is not None
        item = TileItem(spec.tile, spec.rotation, x, y)
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.addItem(item)
        self.tiles[(x, y)] = item
        if (x, y) == self.selected_cell:
            item.setSelected(True)
        self._grow(cell_rect(x, y))

    def _tile_added(self, x: int, y: int) -> None:
        self._add_tile(x, y)
        marker = self.markers.pop((x, y), None)
        if marker is not None:
            self.removeItem(marker)

    def _tile_removed(self, x: int, y: int) -> None:
        item = self.tiles.pop((x, y), None)
        if item is not None:
            self.removeItem(item)
        self._hovered.discard((x, y))
        self._refresh_figures((x, y))

    def _tile_changed(self, x: int, y: int) -> None:
        spec = self.doc.tile_at(x, y)
        item = self.tiles.get((x, y))
        if spec is not None and item is not None:
            item.setOrientation(spec.tile, spec.rotation)

    def _grow(self, rect: QRectF) -> None:
        """Widen the scene (never shrinking it while editing) to keep room around ``rect``."""
        margin = MARGIN_CELLS * CELL
        wanted = rect.adjusted(-margin, -margin, margin, margin)
        if self._bounds.contains(wanted):
            return
        self._bounds = self._bounds.united(wanted) if not self._bounds.isNull() else wanted
        self.setSceneRect(self._bounds)
        self.grid.setRect(self._bounds)

    def mark_last_placed(self, cell: Cell | None = None) -> None:
        """Frame the tile placed last: ``cell``, or the last tile in board order (the order
        tiles were placed in, and of a file's list)."""
        cells = self.doc.board.cells
        if cell is None and cells:
            cell = next(reversed(cells))
        self.last_placed.place(cell if cell in self.tiles else None)

    # -- figures ---------------------------------------------------------------------------

    def _figures_changed(self, cells: list[Cell]) -> None:
        for cell in cells:
            self._refresh_figures(tuple(cell))  # type: ignore[arg-type]

    def _refresh_figures(self, cell: Cell) -> None:
        for item in self.figures.pop(cell, []):
            self.removeItem(item)
        board = self.doc.board
        items = []
        for item, figure in figure_items(board, [cell], self.doc.player_colour).get(cell, []):
            item.setToolTip(f"{self._owner(figure.owner)}: {figure.kind} on "
                            f"{board.segment_of(figure.node).id}")
            self.addItem(item)
            items.append(item)
        if items:
            self.figures[cell] = items

    def _owner(self, owner: int) -> str:
        players = self.doc.players
        return players[owner].name if 0 <= owner < len(players) else f"player {owner}"

    # -- annotations -----------------------------------------------------------------------

    def set_annotations_visible(self, visible: bool) -> None:
        """Show or hide notes, arrows and highlights."""
        self.annotations_visible = visible
        for item in self.annotation_items:
            item.setVisible(visible)

    def _refresh_annotations(self) -> None:
        for item in self.annotation_items:
            self.removeItem(item)
        items = annotation_items(self.doc.board, self.doc.position.annotations)
        for item in items:
            item.setVisible(self.annotations_visible)
            self.addItem(item)
            self._grow(item.sceneBoundingRect())
        self.annotation_items = items

    # -- findings, legal spots, ghost, hover and selection ---------------------------------

    def _after_rescore(self) -> None:
        self._refresh_flags()
        if any(h.feature for h in self.doc.position.annotations.highlights):
            self._refresh_annotations()

    def _refresh_flags(self) -> None:
        """Wash the cells that have findings in red (only the cells that changed)."""
        flagged = {f.cell for f in self.doc.findings() if f.cell is not None
                   and f.cell in self.doc.board.cells}
        for cell in [c for c in self.flags if c not in flagged]:
            self.removeItem(self.flags.pop(cell))
        for cell in flagged - self.flags.keys():
            item = HighlightItem(pal.ILLEGAL, [cell])
            item.setZValue(Z_FLAG)
            item.setOpacity(0.55)
            self.addItem(item)
            self.flags[cell] = item

    def flagged_cells(self) -> set[Cell]:
        """Cells drawn as having findings."""
        return set(self.flags)

    def show_legal(self, spots: Iterable[tuple[int, int, int]]) -> None:
        """Mark empty cells where the tile in hand fits, ticking each legal rotation."""
        wanted: dict[Cell, list[int]] = {}
        for x, y, r in spots:
            wanted.setdefault((x, y), []).append(r)
        for cell in [c for c in self.markers if c not in wanted]:
            self.removeItem(self.markers.pop(cell))
        for cell, rotations in wanted.items():
            marker = self.markers.get(cell)
            if marker is None:
                marker = self.markers[cell] = CellMarkerItem(*cell, rotations)
                self.addItem(marker)
            elif marker.rotations != tuple(sorted(set(rotations))):
                marker.setRotations(rotations)

    def show_ghost(self, tile: Tile, cell: Cell, rotation: int,
                   problems: Sequence[Finding | str]) -> None:
        """Preview ``tile`` on ``cell``, framed red when ``problems`` is not empty."""
        if self.ghost is None:
            self.ghost = GhostTileItem(tile, rotation, *cell, not problems)
            self.addItem(self.ghost)
        else:
            self.ghost.setPlacement(tile, rotation, *cell, not problems)
        self.ghost.setToolTip("\n".join(getattr(p, "message", str(p)) for p in problems))
        self.ghost.show()

    def hide_ghost(self) -> None:
        """Remove the placement preview."""
        if self.ghost is not None:
            self.ghost.hide()

    def show_arrow_preview(self, start: Cell | None, end: Cell | None) -> None:
        """An arrow following the mouse while the arrow tool drags (None hides it)."""
        if self._arrow_preview is not None:
            self.removeItem(self._arrow_preview)
            self._arrow_preview = None
        if start is not None and end is not None and start != end:
            self._arrow_preview = ArrowItem(start, end)
            self._arrow_preview.setZValue(Z_PREVIEW)
            self._arrow_preview.setOpacity(0.6)
            self.addItem(self._arrow_preview)

    def highlight_feature(self, x: int, y: int, segment: str | None) -> None:
        """Wash the whole feature holding ``segment`` of (x, y) across its tiles."""
        placed = self.doc.board.at(x, y) if segment else None
        if placed is None or segment not in placed.tile.segment_index:
            self._clear_hover()
            return
        board = self.doc.board
        root = board.find(placed.node(segment))
        if root == self._hover_root:
            return
        by_cell: dict[Cell, set[int]] = {}
        for member in board.feature_of[root].members:
            by_cell.setdefault(board.node_cell[member], set()).add(board.node_segment[member])
        self._clear_hover()
        cells = board.cells
        self._wash = FeatureWashItem((cell, cells[cell].tile, cells[cell].rotation, segments)
                                     for cell, segments in by_cell.items())
        self.addItem(self._wash)
        self._hovered = set(by_cell)
        self._hover_root = root

    def _clear_hover(self) -> None:
        if self._wash is not None:
            self.removeItem(self._wash)
            self._wash = None
        self._hovered = set()
        self._hover_root = None

    def hovered_cells(self) -> set[Cell]:
        """Cells whose segments are washed as the hovered feature."""
        return set(self._hovered)

    def select_cell(self, cell: Cell | None) -> None:
        """Frame the tile on ``cell`` as selected."""
        old = self.tiles.get(self.selected_cell) if self.selected_cell else None
        if old is not None:
            old.setSelected(False)
        self.selected_cell = cell
        item = self.tiles.get(cell) if cell else None
        if item is not None:
            item.setSelected(True)

    def select_figure(self, index: int | None) -> None:
        """Ring the figure with this document index (None clears)."""
        if self._selection_ring is not None:
            self.removeItem(self._selection_ring)
            self._selection_ring = None
        if index is None or index >= len(self.doc.figures()):
            return
        spec = self.doc.figures()[index]
        for item in self.figures.get(spec.cell, []):
            if self.figure_at(item.scenePos()) == index:
                ring = QPainterPath()
                ring.addEllipse(item.scenePos(), FIGURE_SIZE * 0.7, FIGURE_SIZE * 0.7)
                self._selection_ring = HighlightItem(pal.SELECTION, (), ring)
                self._selection_ring.setZValue(item.zValue() - 0.5)
                self.addItem(self._selection_ring)
                return
