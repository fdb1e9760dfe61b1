"""The 100 × 100 frame a tile's geometry is worked out in: the sizes of what is drawn in
it, the points of its sides and ports, and the transform onto a rotated target rectangle."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF, QTransform

from editor.model.ports import SIDE_PORTS, side_of

#: Side of the frame the geometry is computed in.
FRAME = 100.0
ROAD_WIDTH = 9.0
RIVER_WIDTH = 14.0
MONASTERY_SIZE = (30.0, 34.0)
#: Where a figure on a monastery stands, from the building's centre: at its lower right,
#: so that the roof and the spire stay in sight.
MONK_OFFSET = QPointF(13.0, 10.0)
GARDEN_SIZE = 22.0
HOUSE_SIZE = 15.0
#: How far from its road's centre line an inn stands.
INN_OFFSET = 14.0
#: How far an inn stands from figures' spots and other buildings, when there is room.
INN_CLEARANCE = 20.0

CENTRE = QPointF(50.0, 50.0)
#: Corners clockwise from the top left; side s runs from corner s to corner s + 1.
CORNERS = (QPointF(0, 0), QPointF(100, 0), QPointF(100, 100), QPointF(0, 100))
#: Per side, the unit step into the tile, and the side's midpoint.
INWARD = (QPointF(0, 1), QPointF(-1, 0), QPointF(0, -1), QPointF(1, 0))
MID = (QPointF(50, 0), QPointF(100, 50), QPointF(50, 100), QPointF(0, 50))
#: Where along its side (clockwise) each third of the side starts and ends.
_SPANS = ((0.0, 0.45), (0.45, 0.55), (0.55, 1.0))


def _side_point(side: int, t: float, inset: float = 0.0) -> QPointF:
    a, b = CORNERS[side], CORNERS[(side + 1) % 4]
    return a + (b - a) * t + INWARD[side] * inset


def _port_slot(port: int) -> tuple[int, int]:
    side = side_of(port)
    return side, SIDE_PORTS[side].index(port)


def port_sample(port: int) -> QPointF:
    """A point just inside the tile at ``port``, to find what lies there."""
    side, k = _port_slot(port)
    return _side_point(side, (0.25, 0.5, 0.75)[k], 1.5)


def wedge(port: int) -> QPolygonF:
    """The triangle from the centre to the third of a side that ``port`` names."""
    side, k = _port_slot(port)
    t0, t1 = _SPANS[k]
    return QPolygonF([CENTRE, _side_point(side, t0), _side_point(side, t1)])


def unit(p: QPointF) -> QPointF:
    """``p`` scaled to length 1 (the origin stays)."""
    n = math.hypot(p.x(), p.y())
    return QPointF(p.x() / n, p.y() / n) if n else QPointF(0, 0)


def tile_transform(rotation: int, rect: QRectF) -> QTransform:
    """Maps the unrotated 100 × 100 frame onto ``rect`` turned ``rotation`` quarter turns."""
    t = QTransform()
    t.translate(rect.x(), rect.y())
    t.scale(rect.width() / FRAME, rect.height() / FRAME)
    t.translate(50, 50)
    t.rotate(90 * (rotation % 4))
    t.translate(-50, -50)
    return t
