"""The graphics items a board scene is made of, each placed by its board coordinates.

Cell (x, y) occupies ``QRectF(x * CELL, y * CELL, CELL, CELL)`` in scene units. Tiles draw
a shared cached pixmap sized to the current zoom (no per-item cache: it would have to be
made again for every tile in view at each zoom step), and fall back to vector art on vector
devices (SVG, PDF), so an export stays sharp.
"""

from __future__ import annotations

import functools
import math
import traceback
from collections.abc import Callable, Iterable
from typing import ParamSpec

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.i18n import _
from editor.model.board import Board, Cell
from editor.model.players import Figure
from editor.model.position import Annotations
from editor.model.tiles import Tile

from . import palette as pal
from .art.figures import lies_down, paint_figure
from .art.geometry import figure_anchor, segment_at, segment_path
from .art.pixmaps import figure_pixmap, tile_pixmap
from .art.tiles import paint_tile

CELL = 100.0
FIGURE_SIZE = 30.0

Z_GRID = -10.0
Z_TILE = 0.0
Z_WASH = 1.0
Z_HIGHLIGHT = 5.0
Z_MARKER = 6.0
Z_LAST = 8.0
Z_FIGURE = 10.0
Z_ANNOTATION = 20.0
Z_GHOST = 30.0
Z_CURSOR = 32.0

_LOCAL = QRectF(0, 0, CELL, CELL)
_VECTOR = {QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf, QPaintEngine.Type.Picture}
_BUCKETS = (16, 32, 64, 128, 256, 512)


_P = ParamSpec("_P")


def _guarded(paint: Callable[_P, None]) -> Callable[_P, None]:
    """Report an exception raised while painting instead of letting it reach Qt: PySide6
    6.12 crashes when storing an error from a virtual override (on Python 3.11)."""
    @functools.wraps(paint)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> None:
        try:
            paint(*args, **kwargs)
        except Exception:
            traceback.print_exc()
    return wrapper


def cell_rect(x: int, y: int) -> QRectF:
    """The scene rectangle of a cell."""
    return QRectF(x * CELL, y * CELL, CELL, CELL)


def cell_centre(x: int, y: int) -> QPointF:
    """The scene point at the middle of a cell."""
    return QPointF((x + 0.5) * CELL, (y + 0.5) * CELL)


def _is_vector(painter: QPainter) -> bool:
    engine = painter.paintEngine()
    return engine is not None and engine.type() in _VECTOR


def _device_size(painter: QPainter, length: float) -> int:
    """The pixmap bucket that covers ``length`` scene units at the painter's zoom."""
    lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    device = painter.device()
    px = length * lod * (device.devicePixelRatioF() if device is not None else 1.0)
    return next((b for b in _BUCKETS if px <= b), _BUCKETS[-1])


def _draw_tile(painter: QPainter, tile: Tile, rotation: int) -> None:
    if _is_vector(painter):
        paint_tile(painter, tile, rotation, _LOCAL)
        return
    size = _device_size(painter, CELL)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawPixmap(_LOCAL, tile_pixmap(tile, rotation, size), QRectF(0, 0, size, size))


class TileItem(QGraphicsItem):
    """A placed tile (the hovered feature's wash is drawn over it by
    :class:`FeatureWashItem`)."""

    def __init__(self, tile: Tile, rotation: int, x: int, y: int,
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.tile = tile
        self.turns = rotation % 4
        self.cell: Cell = (x, y)
        self.setPos(x * CELL, y * CELL)
        self.setZValue(Z_TILE)

    def boundingRect(self) -> QRectF:
        return _LOCAL

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        _draw_tile(painter, self.tile, self.turns)
        if self.isSelected():
            painter.setPen(QPen(pal.colour(pal.SELECTION), 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(_LOCAL.adjusted(2, 2, -2, -2))

    def setOrientation(self, tile: Tile, rotation: int) -> None:
        """Show another tile or rotation on the same cell."""
        self.tile, self.turns = tile, rotation % 4
        self.update()

    def segment_at(self, scene_pos: QPointF) -> int | None:
        """The segment under a scene point (``None`` outside the tile)."""
        return segment_at(self.tile, self.turns, _LOCAL, self.mapFromScene(scene_pos))

    def segment_path(self, seg_index: int) -> QPainterPath:
        """A segment's area in scene coordinates."""
        return segment_path(self.tile, self.turns, seg_index, cell_rect(*self.cell))


class FigureItem(QGraphicsItem):
    """A figure standing on a segment; ``slot`` shifts figures sharing one segment apart."""

    def __init__(self, kind: str, colour: str, tile: Tile, rotation: int, x: int, y: int,
                 seg_index: int, *, slot: int = 0, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.colour = colour
        self.cell: Cell = (x, y)
        self.seg_index = seg_index
        #: a farmer lies in its field
        self.lying = lies_down(kind, tile.segments[seg_index].kind)
        size = FIGURE_SIZE * (1.2 if kind == "builder" else 1.0)
        self._rect = QRectF(-size / 2, -size / 2, size, size)
        centre = figure_anchor(tile, rotation, seg_index, cell_rect(x, y))
        self.setPos(centre + QPointF(slot * FIGURE_SIZE * 0.7, slot * FIGURE_SIZE * 0.15))
        self.setZValue(Z_FIGURE + slot * 0.01)

    def boundingRect(self) -> QRectF:
        return self._rect

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if _is_vector(painter):
            paint_figure(painter, self.kind, self.colour, QPointF(0, 0),
                         self._rect.width() * 0.86, self.lying)
            return
        size = _device_size(painter, self._rect.width())
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(self._rect, figure_pixmap(self.kind, self.colour, size,
                                                     self.lying),
                           QRectF(0, 0, size, size))


def figure_items(board: Board, cells: Iterable[Cell],
                 colour_of: Callable[[int], str]) -> dict[Cell, list[tuple[FigureItem, Figure]]]:
    """The figures standing on the tiles of ``cells``, as items placed where they stand (in
    board order, those sharing a segment shifted apart), in the colour ``colour_of`` gives
    their owner: the one placing of figures for the scene and the export alike."""
    wanted = {cell for cell in cells if cell in board.cells}
    found: dict[Cell, list[tuple[FigureItem, Figure]]] = {}
    slots: dict[int, int] = {}
    cell_of = board.node_cell
    for figure in board.figures:
        cell = cell_of[figure.node]
        if cell not in wanted:
            continue
        placed = board.cells[cell]
        slot = slots[figure.node] = slots.get(figure.node, -1) + 1
        item = FigureItem(figure.kind, colour_of(figure.owner), placed.tile, placed.rotation,
                          cell[0], cell[1], figure.node - placed.first_node, slot=slot)
        found.setdefault(cell, []).append((item, figure))
    return found


class GhostTileItem(QGraphicsItem):
    """A translucent placement preview framed green (legal) or red (illegal)."""

    def __init__(self, tile: Tile, rotation: int, x: int, y: int, legal: bool = True,
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setZValue(Z_GHOST)
        self.setPlacement(tile, rotation, x, y, legal)

    def setPlacement(self, tile: Tile, rotation: int, x: int, y: int,
                     legal: bool = True) -> None:
        """Move the preview and say whether the placement is legal."""
        self.tile, self.turns, self.cell, self.legal = tile, rotation % 4, (x, y), legal
        self.setPos(x * CELL, y * CELL)
        self.update()

    def boundingRect(self) -> QRectF:
        return _LOCAL

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.save()
        painter.setOpacity(painter.opacity() * 0.6)
        _draw_tile(painter, self.tile, self.turns)
        painter.restore()
        painter.setPen(QPen(pal.colour(pal.LEGAL if self.legal else pal.ILLEGAL), 5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(_LOCAL.adjusted(2.5, 2.5, -2.5, -2.5))


class CellFrameItem(QGraphicsItem):
    """A frame that marks one cell at a time (hidden when it marks none)."""

    def __init__(self, z: float, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.cell: Cell | None = None
        self.setZValue(z)
        self.hide()

    def place(self, cell: Cell | None) -> None:
        """Frame ``cell`` (None hides the frame)."""
        self.cell = cell
        if cell is not None:
            self.setPos(cell[0] * CELL, cell[1] * CELL)
        self.setVisible(cell is not None)

    def boundingRect(self) -> QRectF:
        return _LOCAL.adjusted(-3, -3, 3, 3)


class CursorItem(CellFrameItem):
    """The keyboard's cell cursor: a dashed black-and-white frame, seen on any tile."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(Z_CURSOR, parent)

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(pal.colour("#ffffff"), 5))
        painter.drawRect(_LOCAL)
        dashes = QPen(pal.colour("#000000"), 3)
        dashes.setDashPattern([3.0, 2.0])
        painter.setPen(dashes)
        painter.drawRect(_LOCAL)


class LastPlacedItem(CellFrameItem):
    """The frame of the tile placed last: blue with a white edge, a corner flag."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(Z_LAST, parent)
        self.setToolTip(_("The tile placed last"))

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(pal.colour(pal.LAST_PLACED_EDGE), 5))
        painter.drawRect(_LOCAL.adjusted(2.5, 2.5, -2.5, -2.5))
        painter.setPen(QPen(pal.colour(pal.LAST_PLACED), 3))
        painter.drawRect(_LOCAL.adjusted(2.5, 2.5, -2.5, -2.5))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pal.colour(pal.LAST_PLACED))
        painter.drawPolygon(_FLAG)


_FLAG = QPolygonF([QPointF(0, 0), QPointF(22, 0), QPointF(0, 22)])


class CellMarkerItem(QGraphicsItem):
    """An empty cell where the tile in hand fits, with a tick on each side its north edge
    may face (one per legal rotation)."""

    def __init__(self, x: int, y: int, rotations: Iterable[int] = (),
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.cell: Cell = (x, y)
        self.rotations: tuple[int, ...] = ()
        self.setPos(x * CELL, y * CELL)
        self.setZValue(Z_MARKER)
        self.setRotations(rotations)

    def setRotations(self, rotations: Iterable[int]) -> None:
        """The legal rotations (quarter turns) to tick."""
        self.rotations = tuple(sorted({r % 4 for r in rotations}))
        self.update()

    def boundingRect(self) -> QRectF:
        return _LOCAL

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pen = QPen(pal.colour(pal.LEGAL), 2.5)
        pen.setDashPattern([3.0, 2.0])
        painter.setPen(pen)
        painter.setBrush(pal.colour(pal.LEGAL, 45))
        painter.drawRect(_LOCAL.adjusted(6, 6, -6, -6))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pal.colour(pal.LEGAL))
        for r in self.rotations:
            painter.save()
            painter.translate(CELL / 2, CELL / 2)
            painter.rotate(90 * r)
            painter.drawPolygon(_TICK)
            painter.restore()


_TICK = QPolygonF([QPointF(-8, -CELL / 2 + 20), QPointF(0, -CELL / 2 + 10),
                   QPointF(8, -CELL / 2 + 20)])


class GridItem(QGraphicsItem):
    """Light cell lines over ``rect`` (empty until :meth:`setRect`), drawing only the exposed
    part, and nothing when cells are too small to need them."""

    def __init__(self, rect: QRectF | None = None, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = QRectF(rect) if rect is not None else QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setZValue(Z_GRID)
        # one device pixel, without antialiasing (10× faster) and so half as opaque: the
        # weight of the antialiased line it replaces, which spread over two pixels
        self._pen = QPen(pal.colour(pal.GRID, 128), 0)
        self._pen.setCosmetic(True)

    def setRect(self, rect: QRectF) -> None:
        """The area to cover (usually the scene rect)."""
        self.prepareGeometryChange()
        self._rect = QRectF(rect)

    def boundingRect(self) -> QRectF:
        return self._rect

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        area = option.exposedRect.intersected(self._rect)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if area.isEmpty() or CELL * lod < 6:
            return
        left, right = math.floor(area.left() / CELL), math.ceil(area.right() / CELL)
        top, bottom = math.floor(area.top() / CELL), math.ceil(area.bottom() / CELL)
        lines = [QLineF(i * CELL, area.top(), i * CELL, area.bottom())
                 for i in range(left, right + 1)]
        lines += [QLineF(area.left(), j * CELL, area.right(), j * CELL)
                  for j in range(top, bottom + 1)]
        smooth = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(self._pen)
        painter.drawLines(lines)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, smooth)


def _text_font(pixels: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(round(pixels))
    font.setBold(bold)
    return font


class NoteItem(QGraphicsItem):
    """A text note pinned to a cell."""

    WIDTH = 170.0
    _FLAGS = int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def __init__(self, x: int, y: int, text: str, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.cell: Cell = (x, y)
        self._font = _text_font(14)
        self.setPos(x * CELL + CELL * 0.1, y * CELL + CELL * 0.08)
        self.setZValue(Z_ANNOTATION)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setText(text)

    def setText(self, text: str) -> None:
        """Change the note's text."""
        self.prepareGeometryChange()
        self.text = text
        bound = QFontMetricsF(self._font).boundingRect(
            QRectF(0, 0, self.WIDTH - 16, 10_000), self._FLAGS, text or " ")
        self._box = QRectF(0, 0, min(self.WIDTH, bound.width() + 16), bound.height() + 12)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._box.adjusted(-6, -6, 4, 4)

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pal.colour("#000000", 60))
        painter.drawRect(self._box.translated(3, 3))
        painter.setPen(QPen(pal.colour(pal.NOTE_EDGE), 1.2))
        painter.setBrush(pal.colour(pal.NOTE))
        painter.drawRect(self._box)
        painter.setPen(pal.colour(pal.TEXT))
        painter.setFont(self._font)
        painter.drawText(self._box.adjusted(8, 6, -8, -6), self._FLAGS, self.text)
        painter.setPen(QPen(pal.colour(pal.BUILDING_EDGE), 1))
        painter.setBrush(pal.colour(pal.PIN))
        painter.drawEllipse(QPointF(2, 2), 5, 5)


class ArrowItem(QGraphicsItem):
    """An arrow from one cell's centre to another's, with an optional label."""

    def __init__(self, start: Cell, end: Cell, text: str = "",
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.start, self.end, self.text = start, end, text
        self._font = _text_font(15, bold=True)
        self.setZValue(Z_ANNOTATION)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        a, b = cell_centre(*start), cell_centre(*end)
        line = QLineF(a, b)
        if line.length() < 1:
            self._line = QLineF(a + QPointF(-20, 20), a + QPointF(20, -20))
        else:
            gap = min(18.0, line.length() / 4)
            self._line = QLineF(line.pointAt(gap / line.length()),
                                line.pointAt(1 - gap / line.length()))
        unit = self._line.unitVector()
        d = QPointF(unit.dx(), unit.dy())
        n = QPointF(-d.y(), d.x())
        tip = self._line.p2()
        head = [tip, tip - d * 22 + n * 11, tip - d * 22 - n * 11]
        self._head = QPolygonF(head)
        self._shaft = QLineF(self._line.p1(), tip - d * 18)
        self._label = QRectF()
        if text:
            metrics = QFontMetricsF(self._font)
            w, h = metrics.horizontalAdvance(text) + 12, metrics.height() + 6
            mid = self._line.center()
            self._label = QRectF(mid.x() - w / 2, mid.y() + 8, w, h)
        bound = QPolygonF([self._line.p1(), *head]).boundingRect().adjusted(-8, -8, 8, 8)
        self._bounds = bound.united(self._label.adjusted(-2, -2, 2, 2)) if text else bound

    def boundingRect(self) -> QRectF:
        return self._bounds

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        halo = QPen(pal.colour("#ffffff", 200), 11)
        halo.setCapStyle(Qt.PenCapStyle.RoundCap)
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(halo)
        painter.setBrush(pal.colour("#ffffff", 200))
        painter.drawLine(self._shaft)
        painter.drawPolygon(self._head)
        line = QPen(pal.colour(pal.ARROW), 5)
        line.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(line)
        painter.drawLine(self._shaft)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pal.colour(pal.ARROW))
        painter.drawPolygon(self._head)
        if self.text:
            painter.setPen(QPen(pal.colour(pal.ARROW), 1.2))
            painter.setBrush(pal.colour("#ffffff", 230))
            painter.drawRoundedRect(self._label, 5, 5)
            painter.setFont(self._font)
            painter.setPen(pal.colour(pal.TEXT))
            painter.drawText(self._label, int(Qt.AlignmentFlag.AlignCenter), self.text)


class HighlightItem(QGraphicsItem):
    """Cells, or a feature's segment areas, washed in a colour with a solid outline."""

    def __init__(self, colour: str, cells: Iterable[Cell] = (),
                 path: QPainterPath | None = None, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.colour = colour
        area = QPainterPath()
        for x, y in cells:
            area.addRect(cell_rect(x, y).adjusted(2, 2, -2, -2))
        if path is not None:
            area.addPath(path)
        self._path = area.simplified()
        self._bounds = self._path.boundingRect().adjusted(-3, -3, 3, 3)
        self.setZValue(Z_HIGHLIGHT)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def path(self) -> QPainterPath:
        """The highlighted area in scene coordinates."""
        return self._path

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._path

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setPen(QPen(pal.colour(self.colour), 4))
        painter.setBrush(pal.colour(self.colour, 95))
        painter.drawPath(self._path)


def _wash(painter: QPainter, tile: Tile, turns: int, segments: frozenset[int], colour: str,
          rect: QRectF) -> None:
    """Segments of a tile washed in ``colour`` (clipped to the tile's ``rect``)."""
    path = QPainterPath()
    for i in sorted(segments):
        path.addPath(segment_path(tile, turns, i, rect))
    painter.setClipRect(rect)
    painter.setPen(QPen(pal.colour(colour), 2.5))
    painter.setBrush(pal.colour(colour, 110))
    painter.drawPath(path)


@functools.lru_cache(maxsize=512)
def wash_pixmap(tile: Tile, turns: int, segments: frozenset[int], colour: str,
                size: int) -> QPixmap:
    """:func:`_wash` of one tile drawn once into a ``size`` × ``size`` pixmap."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / CELL, size / CELL)
    _wash(painter, tile, turns, segments, colour, _LOCAL)
    painter.end()
    return pixmap


class FeatureWashItem(QGraphicsItem):
    """The hovered feature washed in a translucent colour over its segments, tile by tile
    (a pixmap per tile, its segments and the zoom); only the exposed cells are painted. One
    item for the whole feature, over the tiles: hovering another feature changes no tile
    item, and repaints only where the two features' items lie."""

    def __init__(self, parts: Iterable[tuple[Cell, Tile, int, Iterable[int]]],
                 colour: str = pal.HIGHLIGHT, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.colour = colour
        self._parts = [(cell_rect(x, y), tile, turns, frozenset(segments))
                       for (x, y), tile, turns, segments in parts]
        bounds = QRectF()
        for rect, *_rest in self._parts:
            bounds = bounds.united(rect)
        self._bounds = bounds
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setZValue(Z_WASH)

    def boundingRect(self) -> QRectF:
        return self._bounds

    @_guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        vector = _is_vector(painter)
        size = _device_size(painter, CELL)
        source = QRectF(0, 0, size, size)
        for rect, tile, turns, segments in self._parts:
            if not rect.intersects(exposed):
                continue
            if vector:
                painter.save()
                _wash(painter, tile, turns, segments, self.colour, rect)
                painter.restore()
            else:
                painter.drawPixmap(rect, wash_pixmap(tile, turns, segments, self.colour, size),
                                   source)


def feature_path(board: Board, node: int) -> QPainterPath:
    """The scene area of the whole feature holding ``node`` (every member segment)."""
    path = QPainterPath()
    root = board.find(node)
    for member in board.feature_of[root].members:
        placed = board.placed_of(member)
        path.addPath(segment_path(placed.tile, placed.rotation, board.node_segment[member],
                                  cell_rect(placed.x, placed.y)))
    return path.simplified()


def annotation_items(board: Board, notes: Annotations) -> list[QGraphicsItem]:
    """Items for a position's highlights, arrows and notes (a highlighted feature is drawn
    over every segment of it; one whose segment is gone is drawn by its cells only)."""
    items: list[QGraphicsItem] = []
    for h in notes.highlights:
        path = None
        if h.feature is not None:
            x, y, segment = h.feature
            placed = board.at(x, y)
            if placed is not None and segment in placed.tile.segment_index:
                path = feature_path(board, placed.node(segment))
        items.append(HighlightItem(h.colour, h.cells, path))
    items += [ArrowItem(a.start, a.end, a.text) for a in notes.arrows]
    items += [NoteItem(n.x, n.y, n.text) for n in notes.notes]
    return items
