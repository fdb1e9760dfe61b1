"""The shapes a tile's geometry is built from: cities from the sides they own, the centre
lines of roads and rivers, and where a monastery stands."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QPainterPath

from editor.model.ports import side_of
from editor.model.tiles import RIVER, ROAD, Segment, Tile

from .frame import CENTRE, CORNERS, INWARD, MID, unit


def city_shape(sides: frozenset[int], multi: bool) -> tuple[QPainterPath, QPainterPath]:
    """Fill and wall of a city owning ``sides``; ``multi`` shrinks it to leave room for others."""
    fill, wall = QPainterPath(), QPainterPath()
    n = len(sides)
    if n == 4:
        fill.addRect(QRectF(0, 0, 100, 100))
        return fill, wall
    if n == 0:
        fill.addEllipse(CENTRE, 20, 20)
        wall.addEllipse(CENTRE, 20, 20)
        return fill, wall
    if n == 1:
        (s,) = sides
        depth = 22 if multi else 30
        a, b = CORNERS[s], CORNERS[(s + 1) % 4]
        ctrl = MID[s] + INWARD[s] * (2 * depth)
        fill.moveTo(a)
        fill.lineTo(b)
        fill.quadTo(ctrl, a)
        wall.moveTo(b)
        wall.quadTo(ctrl, a)
    elif n == 2 and (min(sides) + 2) % 4 == max(sides) % 4 and max(sides) - min(sides) == 2:
        depth = 36 if multi else 30
        f1, f2 = sorted({0, 1, 2, 3} - sides)
        fill.moveTo(CORNERS[f1])
        for f in (f1, f2):
            ctrl = MID[f] + INWARD[f] * (2 * depth)
            start, end = CORNERS[f], CORNERS[(f + 1) % 4]
            if f == f2:
                fill.lineTo(start)
            fill.quadTo(ctrl, end)
            wall.moveTo(start)
            wall.quadTo(ctrl, end)
        fill.closeSubpath()
    elif n == 2:
        s1 = next(s for s in sides if (s + 1) % 4 in sides)
        a, m, b = CORNERS[s1], CORNERS[(s1 + 1) % 4], CORNERS[(s1 + 2) % 4]
        ctrl = CENTRE + unit(m - CENTRE) * (24 if multi else 12)
        fill.moveTo(a)
        fill.lineTo(m)
        fill.lineTo(b)
        fill.quadTo(ctrl, a)
        wall.moveTo(b)
        wall.quadTo(ctrl, a)
    else:
        (f,) = {0, 1, 2, 3} - sides
        depth = 46 if multi else 40
        ctrl = MID[f] + INWARD[f] * (2 * depth)
        fill.moveTo(CORNERS[(f + 1) % 4])
        fill.lineTo(CORNERS[(f + 2) % 4])
        fill.lineTo(CORNERS[(f + 3) % 4])
        fill.lineTo(CORNERS[f])
        fill.quadTo(ctrl, CORNERS[(f + 1) % 4])
        wall.moveTo(CORNERS[f])
        wall.quadTo(ctrl, CORNERS[(f + 1) % 4])
    return fill, wall


def sides_of(seg: Segment) -> frozenset[int]:
    """The sides a segment owns (by its centre ports, else by any of its ports)."""
    centres = {p // 3 for p in seg.ports if p % 3 == 0}
    return frozenset(centres or {side_of(p) for p in seg.ports})


def link_line(sides: list[int]) -> QPainterPath:
    """The centre line joining two or more centre ports."""
    path = QPainterPath()
    if len(sides) == 2:
        a, b = sides
        path.moveTo(MID[a])
        if (a + 2) % 4 == b:
            path.lineTo(MID[b])
        else:
            k = 50 * 0.5523
            path.cubicTo(MID[a] + INWARD[a] * k, MID[b] + INWARD[b] * k, MID[b])
        return path
    for s in sides:
        path.moveTo(MID[s])
        path.lineTo(CENTRE)
    return path


def stub_line(side: int, end: QPointF) -> QPainterPath:
    """A line from a centre port to ``end``: straight when ``end`` lies ahead, else curved."""
    start = MID[side]
    path = QPainterPath(start)
    ahead = end - start
    inward = INWARD[side]
    across = abs(ahead.x() * inward.y() - ahead.y() * inward.x())
    if across < 1:
        path.lineTo(end)
    else:
        path.cubicTo(start + inward * 30, end + unit(CENTRE - end) * 12, end)
    return path


def city_target(side: int, city: QPainterPath, walls: QPainterPath) -> QPointF:
    """Where a road entering from ``side`` reaches the city: straight ahead if the city lies
    before the tile centre, else the wall point nearest the road's halfway point."""
    start, inward = MID[side], INWARD[side]
    for t in range(3, 52, 2):
        q = start + inward * t
        if city.contains(q):
            return start + inward * (t + 1)
    half = (start + CENTRE) * 0.5
    best, best_d = CENTRE, math.inf
    for i in range(121):
        q = walls.pointAtPercent(i / 120)
        d = QLineF(q, half).length()
        if d < best_d:
            best, best_d = q, d
    return best + unit(best - half) * 2


def monastery_centre(tile: Tile) -> QPointF:
    """The tile centre, or off the river when one runs through the tile (away from the river
    and from roads that lead to the monastery)."""
    rivers = [p for s in tile.segments if s.kind == RIVER for p in s.ports if p % 3 == 0]
    if not rivers:
        return QPointF(CENTRE)
    stubs = [p for s in tile.segments if s.kind == ROAD and len(s.ports) == 1 for p in s.ports]
    push = QPointF(0, 0)
    for p in rivers + stubs:
        push += INWARD[p // 3]
    if math.hypot(push.x(), push.y()) < 0.5:
        out = -INWARD[rivers[0] // 3]
        push = QPointF(out.y(), -out.x())
    return CENTRE + unit(push) * 29
