"""Painting a tile: its picture if it has one, else its geometry, in any rotation."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from editor.model.tiles import Tile

from .. import palette as pal
from .buildings import paint_building
from .frame import FRAME, RIVER_WIDTH, ROAD_WIDTH, tile_transform
from .geometry import Geometry, Line, geometry
from .images import image_for
from .pens import pen
from .symbols import paint_symbols

_WALL_COLOURS = (pal.CITY_SHADE, pal.CITY_WALL_DARK, pal.CITY_WALL)
_ROOF = QRectF(-5.5, -3.5, 11, 7)


def paint_tile(painter: QPainter, tile: Tile, rotation: int, rect: QRectF) -> None:
    """Draw the tile turned ``rotation`` quarter turns into ``rect`` (its image if it has one)."""
    painter.save()
    painter.setTransform(tile_transform(rotation, rect), True)
    image = image_for(tile)
    if image is not None:
        painter.drawImage(QRectF(0, 0, FRAME, FRAME), image)
    else:
        _draw(painter, tile, geometry(tile), rotation % 4)
    painter.setPen(QPen(pal.colour(pal.TILE_EDGE, 110), 1.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(QRectF(0.6, 0.6, FRAME - 1.2, FRAME - 1.2))
    painter.restore()


def _upright(p: QPainter, centre: QPointF, turns: int) -> None:
    """Undo the tile's rotation about ``centre``: buildings and symbols stand upright."""
    p.translate(centre)
    p.rotate(-90 * turns)
    p.translate(-centre)


def _draw(p: QPainter, tile: Tile, geo: Geometry, turns: int = 0) -> None:
    p.fillRect(QRectF(0, 0, FRAME, FRAME), pal.colour(pal.FIELD))
    if not geo.hedges.isEmpty():
        p.fillPath(geo.hedges, pal.colour(pal.FIELD_HEDGE))
    for line in geo.rivers:
        _draw_river(p, line)
    for centre, radius in geo.ponds:
        p.setPen(pen(pal.RIVER_EDGE, 1.5))
        p.setBrush(pal.colour(pal.RIVER))
        p.drawEllipse(centre, radius, radius * 0.85)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(pal.colour(pal.RIVER_LIGHT))
        p.drawEllipse(centre - QPointF(radius * 0.3, radius * 0.25), radius * 0.35, radius * 0.2)
    for _, fill, bands in geo.cities:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(pal.colour(pal.CITY))
        p.drawPath(fill)
        for colour, band in zip(_WALL_COLOURS, bands, strict=False):
            p.setBrush(pal.colour(colour))
            p.drawPath(band)
    for patch in geo.patches:
        p.setPen(pen(pal.CITY_WALL, 2.5))
        p.setBrush(pal.colour(pal.FIELD))
        p.drawPath(patch)
    for line in sorted(geo.roads, key=lambda r: r.bridge is not None):
        _draw_road(p, line)
    for line in geo.others:
        p.setPen(pen(pal.UNKNOWN_KIND, ROAD_WIDTH))
        p.drawPath(line.path)
    for what, centre in geo.buildings:
        p.save()
        _upright(p, centre, turns)
        paint_building(p, what, centre)
        p.restore()
    for centre, angle in geo.roofs:
        p.save()
        p.translate(centre)
        p.rotate(angle)
        p.setPen(pen(pal.CITY_WALL, 0.8))
        p.setBrush(pal.colour(pal.ROOF))
        p.drawRect(_ROOF)
        p.drawLine(QPointF(_ROOF.left(), 0), QPointF(_ROOF.right(), 0))
        p.restore()
    for centre, symbols in geo.symbols:
        p.save()
        _upright(p, centre, turns)
        paint_symbols(p, centre, symbols)
        p.restore()


def _draw_river(p: QPainter, line: Line) -> None:
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(pen(pal.RIVER_EDGE, RIVER_WIDTH + 2))
    p.drawPath(line.path)
    p.setPen(pen(pal.RIVER, RIVER_WIDTH))
    p.drawPath(line.path)
    ripples = pen(pal.RIVER_LIGHT, 1.6, Qt.PenCapStyle.RoundCap)
    ripples.setDashPattern([4.0, 5.0])
    p.setPen(ripples)
    p.drawPath(line.path)


def _draw_road(p: QPainter, line: Line) -> None:
    cap = Qt.PenCapStyle.RoundCap if line.dead_end else Qt.PenCapStyle.FlatCap
    p.setBrush(Qt.BrushStyle.NoBrush)
    if line.bridge is not None:
        p.setPen(Qt.PenStyle.NoPen)
        for colour, deck in zip((pal.BUILDING_EDGE, pal.BUILDING_WALL), line.bridge, strict=True):
            p.setBrush(pal.colour(colour))
            p.drawPath(deck)
        p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(pen(pal.ROAD_EDGE, ROAD_WIDTH + 2, cap))
    p.drawPath(line.path)
    p.setPen(pen(pal.ROAD, ROAD_WIDTH - 1, cap))
    p.drawPath(line.path)
    if line.dead_end is not None:
        end, inward = line.dead_end
        across = QPointF(-inward.y(), inward.x()) * 8
        tip = end + inward * 6
        p.setPen(pen(pal.FIELD_HEDGE, 4, Qt.PenCapStyle.RoundCap))
        p.drawLine(tip - across, tip + across)
