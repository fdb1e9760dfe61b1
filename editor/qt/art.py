"""Tile art drawn from the segments alone, so that any custom tile renders without an artist.

Each tile's geometry is worked out once, unrotated, in a 100 × 100 frame: city shapes from
the sides they own, roads and rivers from their centre ports to where they end, fields as the
pieces of land the cities, roads, rivers and buildings leave, split along hedges where the
tile says two fields meet without a barrier. Drawing, hit-testing and figure anchors all use
that one geometry; a rotation and a target rectangle are a :class:`QTransform` away.
"""

from __future__ import annotations

import math
import os
import weakref
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QIcon,
    QImage,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)

from editor.formats.images import image_file
from editor.model.ports import SIDE_PORTS, side_of
from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD, Segment, Tile
from editor.model.tilesets import Catalogue, TileSet

from . import palette as pal

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

_C = QPointF(50.0, 50.0)
#: Corners clockwise from the top left; side s runs from corner s to corner s + 1.
_CORNERS = (QPointF(0, 0), QPointF(100, 0), QPointF(100, 100), QPointF(0, 100))
_INWARD = (QPointF(0, 1), QPointF(-1, 0), QPointF(0, -1), QPointF(1, 0))
_MID = (QPointF(50, 0), QPointF(100, 50), QPointF(50, 100), QPointF(0, 50))
#: Where along its side (clockwise) each third of the side starts and ends.
_SPANS = ((0.0, 0.45), (0.45, 0.55), (0.55, 1.0))
#: Hit-test and drawing priority: later kinds win where areas overlap.
_PRIORITY = {FIELD: 0, CITY: 1, RIVER: 2, ROAD: 3, GARDEN: 4, MONASTERY: 5}
_GRID = 25
#: Widths of the wall's shade, dark edge and stone, drawn in that order.
_WALL_BANDS = (14.0, 7.0, 4.2)
_WALL_COLOURS = (pal.CITY_SHADE, pal.CITY_WALL_DARK, pal.CITY_WALL)
_NONE = 255


def _side_point(side: int, t: float, inset: float = 0.0) -> QPointF:
    a, b = _CORNERS[side], _CORNERS[(side + 1) % 4]
    return a + (b - a) * t + _INWARD[side] * inset


def _port_slot(port: int) -> tuple[int, int]:
    side = side_of(port)
    return side, SIDE_PORTS[side].index(port)


def _port_sample(port: int) -> QPointF:
    side, k = _port_slot(port)
    return _side_point(side, (0.25, 0.5, 0.75)[k], 1.5)


def _wedge(port: int) -> QPolygonF:
    side, k = _port_slot(port)
    t0, t1 = _SPANS[k]
    return QPolygonF([_C, _side_point(side, t0), _side_point(side, t1)])


def _unit(p: QPointF) -> QPointF:
    n = math.hypot(p.x(), p.y())
    return QPointF(p.x() / n, p.y() / n) if n else QPointF(0, 0)


def _stroke(path: QPainterPath, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.FlatCap
            ) -> QPainterPath:
    s = QPainterPathStroker()
    s.setWidth(width)
    s.setCapStyle(cap)
    s.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return s.createStroke(path).simplified()


def _rect_path(centre: QPointF, w: float, h: float) -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h))
    return path


def _tile_path() -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(0, 0, FRAME, FRAME))
    return path


def _poly_area(poly: QPolygonF) -> float:
    n = poly.size()
    total = 0.0
    for i in range(n):
        a, b = poly.at(i), poly.at((i + 1) % n)
        total += a.x() * b.y() - b.x() * a.y()
    return abs(total) / 2


# -- geometry ------------------------------------------------------------------------------


@dataclass(slots=True)
class Line:
    """A road, river or unknown-kind line: its centre line and how it is drawn."""

    seg: int
    path: QPainterPath
    #: the bridge deck where this road crosses a river or another road: (edge, surface)
    bridge: tuple[QPainterPath, QPainterPath] | None = None
    #: where a dead-end road stops, and the direction it came from
    dead_end: tuple[QPointF, QPointF] | None = None


@dataclass(slots=True)
class Geometry:
    """Everything drawn and hit-tested on one unrotated tile, in the 100 × 100 frame."""

    areas: list[QPainterPath]
    anchors: list[QPointF]
    #: (segment, fill, wall bands from the outside in): walls are drawn inside the city only
    cities: list[tuple[int, QPainterPath, list[QPainterPath]]] = field(default_factory=list)
    roads: list[Line] = field(default_factory=list)
    rivers: list[Line] = field(default_factory=list)
    others: list[Line] = field(default_factory=list)
    ponds: list[tuple[QPointF, float]] = field(default_factory=list)
    #: (what, centre): monastery, garden, house (village square or cottage)
    buildings: list[tuple[str, QPointF]] = field(default_factory=list)
    hedges: QPainterPath = field(default_factory=QPainterPath)
    patches: list[QPainterPath] = field(default_factory=list)
    #: (centre, symbols) for each city with pennants or goods
    symbols: list[tuple[QPointF, list[str]]] = field(default_factory=list)
    #: (centre, angle) of the roofs drawn inside cities
    roofs: list[tuple[QPointF, float]] = field(default_factory=list)
    #: 100 × 100 segment-index map (255 = none) for hit-testing
    idmap: QImage = field(default_factory=QImage)
    #: per segment, where its figure stands relative to its anchor whatever the rotation
    #: (the monk beside the upright monastery, not over it)
    offsets: dict[int, QPointF] = field(default_factory=dict)


def _city_shape(sides: frozenset[int], multi: bool) -> tuple[QPainterPath, QPainterPath]:
    """Fill and wall of a city owning ``sides``; ``multi`` shrinks it to leave room for others."""
    fill, wall = QPainterPath(), QPainterPath()
    n = len(sides)
    if n == 4:
        fill.addRect(QRectF(0, 0, 100, 100))
        return fill, wall
    if n == 0:
        fill.addEllipse(_C, 20, 20)
        wall.addEllipse(_C, 20, 20)
        return fill, wall
    if n == 1:
        (s,) = sides
        depth = 22 if multi else 30
        a, b = _CORNERS[s], _CORNERS[(s + 1) % 4]
        ctrl = _MID[s] + _INWARD[s] * (2 * depth)
        fill.moveTo(a)
        fill.lineTo(b)
        fill.quadTo(ctrl, a)
        wall.moveTo(b)
        wall.quadTo(ctrl, a)
    elif n == 2 and (min(sides) + 2) % 4 == max(sides) % 4 and max(sides) - min(sides) == 2:
        depth = 36 if multi else 30
        f1, f2 = sorted({0, 1, 2, 3} - sides)
        fill.moveTo(_CORNERS[f1])
        for f in (f1, f2):
            ctrl = _MID[f] + _INWARD[f] * (2 * depth)
            start, end = _CORNERS[f], _CORNERS[(f + 1) % 4]
            if f == f2:
                fill.lineTo(start)
            fill.quadTo(ctrl, end)
            wall.moveTo(start)
            wall.quadTo(ctrl, end)
        fill.closeSubpath()
    elif n == 2:
        s1 = next(s for s in sides if (s + 1) % 4 in sides)
        a, m, b = _CORNERS[s1], _CORNERS[(s1 + 1) % 4], _CORNERS[(s1 + 2) % 4]
        ctrl = _C + _unit(m - _C) * (24 if multi else 12)
        fill.moveTo(a)
        fill.lineTo(m)
        fill.lineTo(b)
        fill.quadTo(ctrl, a)
        wall.moveTo(b)
        wall.quadTo(ctrl, a)
    else:
        (f,) = {0, 1, 2, 3} - sides
        depth = 46 if multi else 40
        ctrl = _MID[f] + _INWARD[f] * (2 * depth)
        fill.moveTo(_CORNERS[(f + 1) % 4])
        fill.lineTo(_CORNERS[(f + 2) % 4])
        fill.lineTo(_CORNERS[(f + 3) % 4])
        fill.lineTo(_CORNERS[f])
        fill.quadTo(ctrl, _CORNERS[(f + 1) % 4])
        wall.moveTo(_CORNERS[f])
        wall.quadTo(ctrl, _CORNERS[(f + 1) % 4])
    return fill, wall


def _sides_of(seg: Segment) -> frozenset[int]:
    centres = {p // 3 for p in seg.ports if p % 3 == 0}
    return frozenset(centres or {side_of(p) for p in seg.ports})


def _link(sides: list[int]) -> QPainterPath:
    """The centre line joining two or more centre ports."""
    path = QPainterPath()
    if len(sides) == 2:
        a, b = sides
        path.moveTo(_MID[a])
        if (a + 2) % 4 == b:
            path.lineTo(_MID[b])
        else:
            k = 50 * 0.5523
            path.cubicTo(_MID[a] + _INWARD[a] * k, _MID[b] + _INWARD[b] * k, _MID[b])
        return path
    for s in sides:
        path.moveTo(_MID[s])
        path.lineTo(_C)
    return path


def _stub(side: int, end: QPointF) -> QPainterPath:
    """A line from a centre port to ``end``: straight when ``end`` lies ahead, else curved."""
    start = _MID[side]
    path = QPainterPath(start)
    ahead = end - start
    inward = _INWARD[side]
    across = abs(ahead.x() * inward.y() - ahead.y() * inward.x())
    if across < 1:
        path.lineTo(end)
    else:
        path.cubicTo(start + inward * 30, end + _unit(_C - end) * 12, end)
    return path


def _city_target(side: int, city: QPainterPath, walls: QPainterPath) -> QPointF:
    """Where a road entering from ``side`` reaches the city: straight ahead if the city lies
    before the tile centre, else the wall point nearest the road's halfway point."""
    start, inward = _MID[side], _INWARD[side]
    for t in range(3, 52, 2):
        q = start + inward * t
        if city.contains(q):
            return start + inward * (t + 1)
    half = (start + _C) * 0.5
    best, best_d = _C, math.inf
    for i in range(121):
        q = walls.pointAtPercent(i / 120)
        d = QLineF(q, half).length()
        if d < best_d:
            best, best_d = q, d
    return best + _unit(best - half) * 2


def _monastery_centre(tile: Tile) -> QPointF:
    """The tile centre, or off the river when one runs through the tile (away from the river
    and from roads that lead to the monastery)."""
    rivers = [p for s in tile.segments if s.kind == RIVER for p in s.ports if p % 3 == 0]
    if not rivers:
        return QPointF(_C)
    stubs = [p for s in tile.segments if s.kind == ROAD and len(s.ports) == 1 for p in s.ports]
    push = QPointF(0, 0)
    for p in rivers + stubs:
        push += _INWARD[p // 3]
    if math.hypot(push.x(), push.y()) < 0.5:
        out = -_INWARD[rivers[0] // 3]
        push = QPointF(out.y(), -out.x())
    return _C + _unit(push) * 29


class _Builder:
    """Works out a tile's :class:`Geometry`."""

    def __init__(self, tile: Tile) -> None:
        self.tile = tile
        self.segs = tile.segments
        n = len(self.segs)
        self.areas = [QPainterPath() for _ in range(n)]
        self.anchors: list[QPointF | None] = [None] * n
        self.geo = Geometry(self.areas, [])
        self.blocked: list[QPainterPath] = []
        self.city_fill = QPainterPath()
        self.city_walls = QPainterPath()
        #: the sampled segment map and distances of the last :meth:`_poles`
        self._grid: tuple[list[list[int]], list[list[float]]] = ([], [])

    def build(self) -> Geometry:
        self._cities()
        monastery = self._buildings()
        self._lines(monastery)
        self._fields()
        self._finish()
        return self.geo

    def _cities(self) -> None:
        cities = [i for i, s in enumerate(self.segs) if s.kind == CITY]
        for i in cities:
            fill, wall = _city_shape(_sides_of(self.segs[i]), len(cities) > 1)
            self.areas[i] = fill
            bands = [] if wall.isEmpty() else [
                _stroke(wall, width).intersected(fill) for width in _WALL_BANDS]
            self.geo.cities.append((i, fill, bands))
            self.city_fill.addPath(fill)
            self.city_walls.addPath(wall)
            self.blocked.append(fill)

    def _buildings(self) -> QPointF | None:
        monastery = None
        for i, seg in enumerate(self.segs):
            if seg.kind == MONASTERY and monastery is None:
                monastery = _monastery_centre(self.tile)
                self.areas[i] = _rect_path(monastery, *MONASTERY_SIZE)
                self.anchors[i] = monastery
                self.geo.offsets[i] = MONK_OFFSET
                self.geo.buildings.append(("monastery", monastery))
                self.blocked.append(self.areas[i])
        return monastery

    def _lines(self, monastery: QPointF | None) -> None:
        segs = self.segs
        lined = [i for i, s in enumerate(segs)
                 if s.kind not in (CITY, FIELD, MONASTERY, GARDEN)
                 and any(p % 3 == 0 for p in s.ports)]
        stubs = [i for i in lined if len([p for p in segs[i].ports if p % 3 == 0]) == 1
                 and segs[i].kind == ROAD and not {"cottage", "dead-end"} & set(segs[i].tags)]
        square = len(stubs) >= 3 or (len(stubs) == 2 and self.city_fill.isEmpty())
        square = square and monastery is None
        if square or (len(stubs) == 1 and monastery is None and self.city_fill.isEmpty()):
            self.geo.buildings.append(("house", QPointF(_C)))
            self.blocked.append(_rect_path(_C, HOUSE_SIZE, HOUSE_SIZE))
        has_monastery = monastery is not None
        for i in lined:
            seg = segs[i]
            sides = sorted(p // 3 for p in seg.ports if p % 3 == 0)
            line = Line(i, QPainterPath())
            if len(sides) > 1:
                line.path = _link(sides)
            elif seg.kind == RIVER:
                end = _MID[sides[0]] + _INWARD[sides[0]] * (32 if has_monastery else 50)
                line.path = _stub(sides[0], end)
                radius = 17.0 if "lake" in self.tile.tags else 10.0
                self.geo.ponds.append((end, radius))
            elif "dead-end" in seg.tags:
                end = _MID[sides[0]] + _INWARD[sides[0]] * 28
                line.path = _stub(sides[0], end)
                line.dead_end = (end, _INWARD[sides[0]])
            elif "cottage" in seg.tags:
                end = _MID[sides[0]] + _INWARD[sides[0]] * 36
                line.path = _stub(sides[0], end)
                house = end + _INWARD[sides[0]] * 4
                self.geo.buildings.append(("house", house))
                self.blocked.append(_rect_path(house, HOUSE_SIZE, HOUSE_SIZE))
            elif monastery is not None and seg.kind == ROAD:
                line.path = _stub(sides[0], monastery)
            elif not self.city_fill.isEmpty() and not square and seg.kind == ROAD:
                line.path = _stub(sides[0], _city_target(sides[0], self.city_fill,
                                                         self.city_walls))
            else:
                line.path = _stub(sides[0], _C)
            width = RIVER_WIDTH if seg.kind == RIVER else ROAD_WIDTH
            cap = (Qt.PenCapStyle.RoundCap if line.dead_end else Qt.PenCapStyle.FlatCap)
            self.areas[i] = _stroke(line.path, width, cap)
            if seg.kind == RIVER:
                self.geo.rivers.append(line)
            elif seg.kind == ROAD:
                self.geo.roads.append(line)
            else:
                self.geo.others.append(line)
        for centre, radius in self.geo.ponds:
            pond = QPainterPath()
            pond.addEllipse(centre, radius, radius)
            river = next(r for r in self.geo.rivers
                         if QLineF(r.path.pointAtPercent(1), centre).length() < 1)
            self.areas[river.seg] = self.areas[river.seg].united(pond)
        for line in self.geo.rivers + self.geo.roads + self.geo.others:
            self.blocked.append(self.areas[line.seg])
        self._bridges()

    def _bridges(self) -> None:
        through = [r for r in self.geo.roads if len(self.segs[r.seg].ports) > 1]
        for road in self.geo.roads:
            mine = self.areas[road.seg]
            under = [r for r in self.geo.rivers if mine.intersects(self.areas[r.seg])]
            if road in through:
                under += [r for r in through[:through.index(road)]
                          if mine.intersects(self.areas[r.seg])]
            if under:
                span = QPainterPath()
                for other in under:
                    span.addPath(_stroke(other.path, RIVER_WIDTH + 6))
                span = span.simplified()
                road.bridge = (_stroke(road.path, ROAD_WIDTH + 7).intersected(span),
                               _stroke(road.path, ROAD_WIDTH + 4).intersected(span))

    def _fields(self) -> None:
        segs = self.segs
        owner = self.tile.port_segment
        field_ports = [p for p in range(12) if owner[p] >= 0 and segs[owner[p]].kind == FIELD]
        inner = [i for i, s in enumerate(segs) if s.kind == FIELD and not s.ports]
        # A ring around the tile makes Qt clip for real instead of returning the tile with
        # the blocked shapes as holes, so that separate pieces of land come out separate.
        blocked = QPainterPath()
        blocked.addRect(QRectF(-10, -10, 120, 120))
        blocked = blocked.subtracted(_tile_path())
        for path in self.blocked:
            blocked = blocked.united(path)
        free = _tile_path().subtracted(blocked)
        leftovers = []
        for comp in _components(free):
            ports = [p for p in field_ports if comp.contains(_port_sample(p))]
            fields = sorted({owner[p] for p in ports})
            if len(fields) == 1:
                self.areas[fields[0]].addPath(comp)
            elif fields:
                self._split(comp, ports)
            else:
                leftovers.append(comp)
        for k, comp in enumerate(leftovers):
            if inner:
                self.areas[inner[k % len(inner)]].addPath(comp)
        for i in inner[len(leftovers):]:
            patch = QPainterPath()
            patch.addRoundedRect(QRectF(_C.x() - 10, _C.y() - 8, 20, 16), 5, 5)
            self.areas[i] = patch
            self.geo.patches.append(patch)

    def _split(self, comp: QPainterPath, ports: list[int]) -> None:
        """Share a piece of land between the fields whose ports it touches, by sector."""
        owner = self.tile.port_segment

        def nearest(p: int) -> int:
            return min(ports, key=lambda q: (min((p - q) % 12, (q - p) % 12), (q - p) % 12))

        assigned = [owner[nearest(p)] for p in range(12)]
        for f in sorted(set(assigned)):
            region = QPainterPath()
            for p in range(12):
                if assigned[p] == f:
                    region.addPolygon(_wedge(p))
            self.areas[f].addPath(comp.intersected(region.simplified()))
        for p in range(12):
            if assigned[p] != assigned[(p + 1) % 12]:
                ray = QPainterPath(_C)
                ray.lineTo(_wedge(p).at(2))
                self.geo.hedges.addPath(comp.intersected(_stroke(ray, 1.8)))

    def _finish(self) -> None:
        segs, geo = self.segs, self.geo
        garden = next((i for i, s in enumerate(segs) if s.kind == GARDEN), None)
        image = _idmap(segs, self.areas)
        poles, spots = self._poles(image)
        if garden is not None:
            fields = [i for i, s in enumerate(segs) if s.kind == FIELD and s.ports]
            host = max(fields, key=lambda i: _path_area(self.areas[i]), default=None)
            centre = poles.get(host, QPointF(_C)) if host is not None else QPointF(_C)
            square = _rect_path(centre, GARDEN_SIZE, GARDEN_SIZE)
            if host is not None:
                self.areas[host] = self.areas[host].subtracted(square)
            self.areas[garden] = square
            self.anchors[garden] = centre
            geo.buildings.append(("garden", centre))
            image = _idmap(segs, self.areas)
            poles, spots = self._poles(image)
        for i, seg in enumerate(segs):
            if seg.anchor is not None:
                self.anchors[i] = QPointF(seg.anchor[0] * FRAME, seg.anchor[1] * FRAME)
            elif self.anchors[i] is None:
                line = next((ln for ln in geo.roads + geo.rivers + geo.others if ln.seg == i),
                            None)
                if line is not None:
                    self.anchors[i] = self._line_anchor(line, image)
                else:
                    self.anchors[i] = poles.get(i, self.areas[i].boundingRect().center())
            symbols = ["pennant"] * seg.pennants
            for kind, count in seg.goods.items():
                symbols += [kind] * count
            if seg.kind == CITY and symbols:
                spot = spots.get(i, self.anchors[i])
                if spot is not None:
                    geo.symbols.append((spot, symbols))
        for i, seg in enumerate(segs):  # the buildings segment tags name (tile sets' tags)
            if seg.kind == CITY and "cathedral" in seg.tags:
                geo.buildings.append(("cathedral", spots.get(i, self.anchors[i] or _C)))
            line = next((ln for ln in geo.roads if ln.seg == i), None)
            if "inn" in seg.tags and line is not None:
                geo.buildings.append(("inn", self._beside(line, image)))
        geo.anchors = [a if a is not None else QPointF(_C) for a in self.anchors]
        geo.idmap = image
        self._roofs(*self._grid)

    def _roofs(self, labels: list[list[int]], dist: list[list[float]]) -> None:
        """Scatter roofs over each city, clear of its walls, figures and symbols."""
        taken = list(self.geo.anchors) + [c for c, _ in self.geo.symbols] + [
            c for what, c in self.geo.buildings if what == "cathedral"]
        for lab, seg in enumerate(self.segs):
            if seg.kind != CITY:
                continue
            spots = sorted(((dist[j][i], -j, -i) for j in range(_GRID) for i in range(_GRID)
                            if labels[j][i] == lab and dist[j][i] >= 3), reverse=True)
            placed = 0
            for _, j, i in spots:
                point = _grid_point(-i, -j)
                if placed < 5 and all(QLineF(point, q).length() >= 19 for q in taken):
                    taken.append(point)
                    placed += 1
                    self.geo.roofs.append((point, ((i * 7 + j * 3) % 5 - 2) * 12.0))

    def _beside(self, line: Line, image: QImage) -> QPointF:
        """A spot in a field beside the line, clear of the figures (an inn by its road)."""
        taken = [a for a in self.anchors if a is not None] + [c for _, c in self.geo.buildings]
        fallback = None
        for t in (0.25, 0.75, 0.35, 0.65, 0.5):
            point = line.path.pointAtPercent(t)
            angle = math.radians(line.path.angleAtPercent(t))
            normal = QPointF(math.sin(angle), math.cos(angle)) * INN_OFFSET
            for spot in (point + normal, point - normal):
                label = _label_at(image, spot)
                if label is None or self.segs[label].kind != FIELD:
                    continue
                fallback = fallback or spot
                if all(QLineF(spot, a).length() >= INN_CLEARANCE for a in taken):
                    return spot
        return fallback or line.path.pointAtPercent(0.5)

    def _line_anchor(self, line: Line, image: QImage) -> QPointF:
        """A point along the line that is on it (not under a bridge) and clear of others."""
        taken = [a for a in self.anchors if a is not None]
        for t in (0.5, 0.3, 0.7, 0.2, 0.8):
            point = line.path.pointAtPercent(t)
            if _label_at(image, point) == line.seg and all(
                    QLineF(point, a).length() >= 12 for a in taken):
                return point
        return line.path.pointAtPercent(0.5)

    def _poles(self, image: QImage) -> tuple[dict[int, QPointF], dict[int, QPointF]]:
        """Per segment: the point deepest inside its area, and a second spot for symbols."""
        labels = _sample(image)
        dist = _chamfer(labels)
        self._grid = (labels, dist)
        best: dict[int, tuple[float, int, int]] = {}
        for j in range(_GRID):
            for i in range(_GRID):
                lab = labels[j][i]
                if lab == _NONE:
                    continue
                d = dist[j][i] - 0.01 * math.hypot(i - 12, j - 12)
                if lab not in best or d > best[lab][0]:
                    best[lab] = (d, i, j)
        poles = {lab: _grid_point(i, j) for lab, (_, i, j) in best.items()}
        spots: dict[int, QPointF] = {}
        for lab, (_, pi, pj) in best.items():
            if self.segs[lab].kind != CITY:
                continue
            top = None
            for j in range(_GRID):
                for i in range(_GRID):
                    if labels[j][i] == lab and math.hypot(i - pi, j - pj) >= 4.5:
                        d = dist[j][i]
                        if top is None or d > top[0]:
                            top = (d, i, j)
            if top is not None and top[0] >= 1.5:
                spots[lab] = _grid_point(top[1], top[2])
            else:
                spots[lab] = poles[lab] + QPointF(0, 14 if pj < 12 else -14)
        return poles, spots


def _grid_point(i: int, j: int) -> QPointF:
    step = FRAME / _GRID
    return QPointF((i + 0.5) * step, (j + 0.5) * step)


def _path_area(path: QPainterPath) -> float:
    return sum(_poly_area(p) for p in path.toFillPolygons())


def _components(path: QPainterPath) -> list[QPainterPath]:
    """The connected pieces of ``path``, each with its holes."""
    polys = [p for p in path.toSubpathPolygons() if _poly_area(p) > 2]
    polys.sort(key=_poly_area, reverse=True)
    outers: list[tuple[QPolygonF, QPainterPath]] = []
    for poly in polys:
        centre = QPointF(sum(poly.at(i).x() for i in range(poly.size())) / poly.size(),
                         sum(poly.at(i).y() for i in range(poly.size())) / poly.size())
        host = next((comp for outer, comp in outers
                     if outer.boundingRect().contains(poly.boundingRect())
                     and outer.containsPoint(centre, Qt.FillRule.OddEvenFill)
                     and all(outer.containsPoint(poly.at(i), Qt.FillRule.OddEvenFill)
                             for i in range(0, poly.size(), max(1, poly.size() // 8)))), None)
        if host is not None:
            host.addPolygon(poly)
            host.closeSubpath()
        else:
            comp = QPainterPath()
            comp.setFillRule(Qt.FillRule.OddEvenFill)
            comp.addPolygon(poly)
            comp.closeSubpath()
            outers.append((poly, comp))
    return [comp for _, comp in outers]


def _idmap(segs: tuple[Segment, ...], areas: list[QPainterPath]) -> QImage:
    image = QImage(100, 100, QImage.Format.Format_Grayscale8)
    image.fill(_NONE)
    painter = QPainter(image)
    painter.setPen(Qt.PenStyle.NoPen)
    order = sorted(range(len(segs)), key=lambda i: (_PRIORITY.get(segs[i].kind, 3), i))
    for i in order:
        painter.setBrush(QColor(i, i, i))
        painter.drawPath(areas[i])
    painter.end()
    return image


def _label_at(image: QImage, point: QPointF) -> int | None:
    x, y = math.floor(point.x()), math.floor(point.y())
    if not (0 <= x < image.width() and 0 <= y < image.height()):
        return None
    value = image.pixelColor(x, y).red()
    return None if value == _NONE else value


def _sample(image: QImage) -> list[list[int]]:
    data = bytes(image.constBits())
    stride = image.bytesPerLine()
    step = int(FRAME / _GRID)
    half = step // 2
    return [[data[(j * step + half) * stride + i * step + half] for i in range(_GRID)]
            for j in range(_GRID)]


def _chamfer(labels: list[list[int]]) -> list[list[float]]:
    """Distance (in grid cells) from each cell to the edge of its own label's area."""
    n = _GRID
    inf = float(n * 2)
    dist = [[inf] * n for _ in range(n)]
    for j in range(n):
        for i in range(n):
            lab = labels[j][i]
            if i in (0, n - 1) or j in (0, n - 1) or any(
                    labels[j + dj][i + di] != lab for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                dist[j][i] = 0.5
    diag = math.sqrt(2)
    forward = ((-1, 0, 1.0), (-1, -1, diag), (0, -1, 1.0), (1, -1, diag))
    backward = ((1, 0, 1.0), (1, 1, diag), (0, 1, 1.0), (-1, 1, diag))
    for steps, rows, cols in ((forward, range(n), range(n)),
                              (backward, range(n - 1, -1, -1), range(n - 1, -1, -1))):
        for j in rows:
            for i in cols:
                d = dist[j][i]
                lab = labels[j][i]
                for di, dj, w in steps:
                    x, y = i + di, j + dj
                    if 0 <= x < n and 0 <= y < n and labels[y][x] == lab and dist[y][x] + w < d:
                        d = dist[y][x] + w
                dist[j][i] = d
    return dist


_geometries: weakref.WeakKeyDictionary[Tile, Geometry] = weakref.WeakKeyDictionary()


def geometry(tile: Tile) -> Geometry:
    """The tile's unrotated geometry in the 100 × 100 frame (computed once per tile)."""
    geo = _geometries.get(tile)
    if geo is None:
        geo = _geometries[tile] = _Builder(tile).build()
    return geo


def tile_transform(rotation: int, rect: QRectF) -> QTransform:
    """Maps the unrotated 100 × 100 frame onto ``rect`` turned ``rotation`` quarter turns."""
    t = QTransform()
    t.translate(rect.x(), rect.y())
    t.scale(rect.width() / FRAME, rect.height() / FRAME)
    t.translate(50, 50)
    t.rotate(90 * (rotation % 4))
    t.translate(-50, -50)
    return t


def segment_path(tile: Tile, rotation: int, seg_index: int, rect: QRectF) -> QPainterPath:
    """The area of one segment (city, field, road, river, monastery, garden) inside ``rect``."""
    return tile_transform(rotation, rect).map(geometry(tile).areas[seg_index])


def figure_anchor(tile: Tile, rotation: int, seg_index: int, rect: QRectF) -> QPointF:
    """Where a figure on the segment stands (the segment's ``anchor`` when it has one)."""
    geo = geometry(tile)
    point = tile_transform(rotation, rect).map(geo.anchors[seg_index])
    offset = geo.offsets.get(seg_index) if tile.segments[seg_index].anchor is None else None
    if offset is not None:
        point += QPointF(offset.x() * rect.width(), offset.y() * rect.height()) / FRAME
    return point


def segment_at(tile: Tile, rotation: int, rect: QRectF, point: QPointF) -> int | None:
    """The segment under ``point``; roads, rivers and buildings win over the land under them."""
    inverse, ok = tile_transform(rotation, rect).inverted()
    if not ok:
        return None
    return _label_at(geometry(tile).idmap, inverse.map(point))


# -- images --------------------------------------------------------------------------------

_image_dirs: dict[str, str] = {}
_images: dict[str, QImage | None] = {}
#: Catalogues asked for the folder of a tile set not registered by itself (weakly held).
_catalogues: weakref.WeakSet[Catalogue] = weakref.WeakSet()


def register_tile_set(tile_set: TileSet) -> None:
    """Tell the art where a set's tile images live (the folder of its file)."""
    if tile_set.source:
        _image_dirs[tile_set.id] = os.path.dirname(os.path.abspath(tile_set.source))


def use_catalogue(catalogue: Catalogue) -> None:
    """Find the images of the catalogue's tile sets (those it holds now or later) in their
    folders: the scene, the catalogue dock and the export tell the art of theirs."""
    _catalogues.add(catalogue)


def _image_for(tile: Tile) -> QImage | None:
    """The tile's picture: only a raster or SVG file inside its tile set's folder
    (:func:`editor.formats.images.image_file`); anything else is never read."""
    if not tile.image:
        return None
    if tile.set_id not in _image_dirs:
        for catalogue in list(_catalogues):
            for tile_set in catalogue.sets:
                _image_dirs.setdefault(tile_set.id, "")
                register_tile_set(tile_set)
    path = image_file(_image_dirs.get(tile.set_id, ""), tile.image)
    if path is None:
        return None
    if path not in _images:
        image = QImage(path)
        _images[path] = None if image.isNull() else image
    return _images[path]


# -- drawing -------------------------------------------------------------------------------


def _pen(colour: str, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.FlatCap) -> QPen:
    pen = QPen(pal.colour(colour), width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def paint_tile(painter: QPainter, tile: Tile, rotation: int, rect: QRectF) -> None:
    """Draw the tile turned ``rotation`` quarter turns into ``rect`` (its image if it has one)."""
    painter.save()
    painter.setTransform(tile_transform(rotation, rect), True)
    image = _image_for(tile)
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
        p.setPen(_pen(pal.RIVER_EDGE, 1.5))
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
        p.setPen(_pen(pal.CITY_WALL, 2.5))
        p.setBrush(pal.colour(pal.FIELD))
        p.drawPath(patch)
    for line in sorted(geo.roads, key=lambda r: r.bridge is not None):
        _draw_road(p, line)
    for line in geo.others:
        p.setPen(_pen(pal.UNKNOWN_KIND, ROAD_WIDTH))
        p.drawPath(line.path)
    for what, centre in geo.buildings:
        p.save()
        _upright(p, centre, turns)
        _BUILDINGS[what](p, centre)
        p.restore()
    for centre, angle in geo.roofs:
        p.save()
        p.translate(centre)
        p.rotate(angle)
        p.setPen(_pen(pal.CITY_WALL, 0.8))
        p.setBrush(pal.colour(pal.ROOF))
        p.drawRect(_ROOF)
        p.drawLine(QPointF(_ROOF.left(), 0), QPointF(_ROOF.right(), 0))
        p.restore()
    for centre, symbols in geo.symbols:
        p.save()
        _upright(p, centre, turns)
        _draw_symbols(p, centre, symbols)
        p.restore()


def _draw_river(p: QPainter, line: Line) -> None:
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(_pen(pal.RIVER_EDGE, RIVER_WIDTH + 2))
    p.drawPath(line.path)
    p.setPen(_pen(pal.RIVER, RIVER_WIDTH))
    p.drawPath(line.path)
    pen = _pen(pal.RIVER_LIGHT, 1.6, Qt.PenCapStyle.RoundCap)
    pen.setDashPattern([4.0, 5.0])
    p.setPen(pen)
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
    p.setPen(_pen(pal.ROAD_EDGE, ROAD_WIDTH + 2, cap))
    p.drawPath(line.path)
    p.setPen(_pen(pal.ROAD, ROAD_WIDTH - 1, cap))
    p.drawPath(line.path)
    if line.dead_end is not None:
        end, inward = line.dead_end
        across = QPointF(-inward.y(), inward.x()) * 8
        tip = end + inward * 6
        p.setPen(_pen(pal.FIELD_HEDGE, 4, Qt.PenCapStyle.RoundCap))
        p.drawLine(tip - across, tip + across)


def _draw_monastery(p: QPainter, c: QPointF) -> None:
    """A chapel with a gable roof and a spired tower, inside the monastery's area."""
    w, h = MONASTERY_SIZE
    top = c.y() - h / 2
    body = QRectF(c.x() - w / 2 + 3, top + 15, w - 6, h - 15)
    p.setPen(_pen(pal.BUILDING_EDGE, 1.4))
    p.setBrush(pal.colour(pal.BUILDING_WALL))
    p.drawRect(body)
    p.setBrush(pal.colour(pal.BUILDING_ROOF))
    p.drawPolygon(QPolygonF([QPointF(body.left() - 2, body.top() + 5),
                             QPointF(c.x(), body.top() - 4),
                             QPointF(body.right() + 2, body.top() + 5)]))
    tower = QRectF(c.x() - 4, top + 7, 8, 11)
    p.setBrush(pal.colour(pal.BUILDING_WALL))
    p.drawRect(tower)
    p.setBrush(pal.colour(pal.BUILDING_ROOF))
    p.drawPolygon(QPolygonF([QPointF(tower.left() - 1.5, tower.top()), QPointF(c.x(), top),
                             QPointF(tower.right() + 1.5, tower.top())]))
    p.setBrush(pal.colour(pal.BUILDING_EDGE))
    p.drawRoundedRect(QRectF(c.x() - 3, body.bottom() - 8, 6, 8), 2.5, 2.5)
    p.setPen(_pen(pal.BUILDING_EDGE, 1.2))
    for x in (body.left() + 5, body.right() - 5):
        p.drawLine(QPointF(x, body.top() + 8), QPointF(x, body.top() + 12))


def _draw_garden(p: QPainter, c: QPointF) -> None:
    s = GARDEN_SIZE
    p.setPen(_pen(pal.GARDEN_HEDGE, 4))
    p.setBrush(pal.colour(pal.GARDEN_LAWN))
    p.drawRoundedRect(QRectF(c.x() - s / 2, c.y() - s / 2, s, s), 3, 3)
    p.setPen(Qt.PenStyle.NoPen)
    for k, (dx, dy) in enumerate(((-4, -4), (4, -3), (-3, 4), (4, 4), (0, 0))):
        p.setBrush(pal.colour(pal.FLOWERS[k % len(pal.FLOWERS)]))
        p.drawEllipse(c + QPointF(dx, dy), 1.9, 1.9)


def _draw_house(p: QPainter, c: QPointF) -> None:
    s = HOUSE_SIZE - 3
    p.setPen(_pen(pal.BUILDING_EDGE, 1.3))
    p.setBrush(pal.colour(pal.BUILDING_WALL))
    p.drawRect(QRectF(c.x() - s / 2, c.y() - s / 2, s, s))
    p.setBrush(pal.colour(pal.BUILDING_ROOF))
    p.drawPolygon(QPolygonF([QPointF(c.x() - s / 2 - 1.5, c.y() - 1),
                             QPointF(c.x(), c.y() - s / 2 - 4),
                             QPointF(c.x() + s / 2 + 1.5, c.y() - 1)]))


def _draw_inn(p: QPainter, c: QPointF) -> None:
    """A house with a hanging sign: an inn (segment tag ``inn``)."""
    _draw_house(p, c)
    s = HOUSE_SIZE - 3
    post = QPointF(c.x() + s / 2 + 1, c.y() - 2)
    p.setPen(_pen(pal.BUILDING_EDGE, 1.1))
    p.drawLine(post, post + QPointF(4.5, 0))
    p.setBrush(pal.colour(pal.INN_SIGN))
    p.drawRect(QRectF(post.x() + 1.5, post.y() + 0.5, 4.5, 4.5))


def _draw_cathedral(p: QPainter, c: QPointF) -> None:
    """A church with two towers, larger than a monastery's chapel (tag ``cathedral``)."""
    body = QRectF(c.x() - 11, c.y() - 4, 22, 14)
    p.setPen(_pen(pal.BUILDING_EDGE, 1.4))
    p.setBrush(pal.colour(pal.BUILDING_WALL))
    for x in (body.left() - 4, body.right() - 2):
        tower = QRectF(x, c.y() - 12, 6, 22)
        p.drawRect(tower)
    p.drawRect(body)
    p.setBrush(pal.colour(pal.BUILDING_ROOF))
    for x in (body.left() - 4, body.right() - 2):
        p.drawPolygon(QPolygonF([QPointF(x - 1, c.y() - 12), QPointF(x + 3, c.y() - 20),
                                 QPointF(x + 7, c.y() - 12)]))
    p.drawPolygon(QPolygonF([QPointF(body.left(), body.top()), QPointF(c.x(), c.y() - 11),
                             QPointF(body.right(), body.top())]))
    p.setBrush(pal.colour(pal.BUILDING_EDGE))
    p.drawRoundedRect(QRectF(c.x() - 3, body.bottom() - 8, 6, 8), 2.5, 2.5)
    p.drawEllipse(QPointF(c.x(), c.y() - 1), 2.2, 2.2)


_ROOF = QRectF(-5.5, -3.5, 11, 7)
_BUILDINGS = {"monastery": _draw_monastery, "garden": _draw_garden, "house": _draw_house,
              "inn": _draw_inn, "cathedral": _draw_cathedral}


def _draw_symbols(p: QPainter, centre: QPointF, symbols: list[str]) -> None:
    size = 16.0
    x0 = centre.x() - (len(symbols) - 1) * size * 0.55
    for k, name in enumerate(symbols):
        c = QPointF(x0 + k * size * 1.1, centre.y())
        paint_symbol(p, name, c, size)


def _draw_pennant(p: QPainter, c: QPointF, s: float) -> None:
    """A heraldic shield, taller than wide with a pointed foot, quartered white."""
    w, h = s * 0.78, s
    shield = QPainterPath(QPointF(c.x() - w / 2, c.y() - h / 2))
    shield.lineTo(c.x() + w / 2, c.y() - h / 2)
    shield.lineTo(c.x() + w / 2, c.y())
    shield.quadTo(QPointF(c.x() + w / 2, c.y() + h * 0.35), QPointF(c.x(), c.y() + h / 2))
    shield.quadTo(QPointF(c.x() - w / 2, c.y() + h * 0.35), QPointF(c.x() - w / 2, c.y()))
    shield.closeSubpath()
    p.setPen(_pen(pal.PENNANT_LIGHT, 1.2))
    p.setBrush(pal.colour(pal.PENNANT))
    p.drawPath(shield)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(pal.colour(pal.PENNANT_LIGHT))
    p.drawRect(QRectF(c.x() - w / 2 + 1, c.y() - h / 2 + 1, w / 2 - 1, h * 0.45))


def _draw_wine(p: QPainter, c: QPointF, s: float) -> None:
    """A wine bottle: narrow, with shoulders, a neck and a pale label."""
    w, top, bottom = s * 0.44, c.y() - s * 0.5, c.y() + s * 0.5
    neck = s * 0.16
    bottle = QPainterPath(QPointF(c.x() - neck / 2, top))
    bottle.lineTo(c.x() + neck / 2, top)
    bottle.lineTo(c.x() + neck / 2, top + s * 0.26)
    bottle.quadTo(QPointF(c.x() + w / 2, top + s * 0.3), QPointF(c.x() + w / 2, top + s * 0.44))
    bottle.lineTo(c.x() + w / 2, bottom - s * 0.05)
    bottle.quadTo(QPointF(c.x() + w / 2, bottom), QPointF(c.x() + w / 2 - s * 0.05, bottom))
    bottle.lineTo(c.x() - w / 2 + s * 0.05, bottom)
    bottle.quadTo(QPointF(c.x() - w / 2, bottom), QPointF(c.x() - w / 2, bottom - s * 0.05))
    bottle.lineTo(c.x() - w / 2, top + s * 0.44)
    bottle.quadTo(QPointF(c.x() - w / 2, top + s * 0.3), QPointF(c.x() - neck / 2, top + s * 0.26))
    bottle.closeSubpath()
    p.setPen(_pen(pal.SYMBOL_EDGE, 1.1))
    p.setBrush(pal.colour(pal.WINE))
    p.drawPath(bottle)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(pal.colour(pal.WINE_LABEL))
    p.drawRect(QRectF(c.x() - w / 2 + 1.2, c.y() + s * 0.02, w - 2.4, s * 0.22))


def _draw_wheat(p: QPainter, c: QPointF, s: float) -> None:
    """A sheaf: three ears fanning out above a bound stalk."""
    p.setPen(_pen(pal.SYMBOL_EDGE, 1.2))
    p.drawLine(QPointF(c.x(), c.y() + s * 0.05), QPointF(c.x(), c.y() + s * 0.5))
    p.drawLine(QPointF(c.x() - s * 0.12, c.y() + s * 0.48),
               QPointF(c.x() + s * 0.12, c.y() + s * 0.48))
    p.setPen(_pen(pal.SYMBOL_EDGE, 0.9))
    p.setBrush(pal.colour(pal.WHEAT))
    for dx, angle in ((-0.24, -24), (0.0, 0), (0.24, 24)):
        p.save()
        p.translate(c.x() + dx * s * 0.5, c.y() + s * 0.12)
        p.rotate(angle)
        p.drawEllipse(QPointF(0, -s * 0.26), s * 0.11, s * 0.26)
        p.restore()


def _draw_cloth(p: QPainter, c: QPointF, s: float) -> None:
    """A bolt of cloth lying on its side: a wide roll with its spiral end showing, light
    where the pennant is dark."""
    w, h = s * 1.0, s * 0.56
    roll = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
    p.setPen(_pen(pal.SYMBOL_EDGE, 1.1))
    p.setBrush(pal.colour(pal.CLOTH))
    p.drawRoundedRect(roll, h * 0.18, h * 0.18)
    p.setPen(_pen(pal.CLOTH_STRIPE, 1.3))
    for k in (1, 2):
        x = roll.left() + w * (0.28 + 0.22 * k)
        p.drawLine(QPointF(x, roll.top() + 1.2), QPointF(x, roll.bottom() - 1.2))
    end = QPointF(roll.left() + h * 0.32, c.y())
    p.setPen(_pen(pal.SYMBOL_EDGE, 1.0))
    p.setBrush(pal.colour(pal.CLOTH_STRIPE))
    p.drawEllipse(end, h * 0.32, h * 0.5)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(end, h * 0.12, h * 0.2)


def _draw_chicken(p: QPainter, c: QPointF, s: float) -> None:
    p.setPen(_pen(pal.SYMBOL_EDGE, 1.1))
    p.setBrush(pal.colour(pal.CHICKEN))
    p.drawEllipse(QPointF(c.x() - s * 0.05, c.y() + s * 0.1), s * 0.38, s * 0.3)
    p.drawEllipse(QPointF(c.x() + s * 0.25, c.y() - s * 0.2), s * 0.16, s * 0.16)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(pal.colour(pal.CHICKEN_RED))
    p.drawEllipse(QPointF(c.x() + s * 0.25, c.y() - s * 0.4), s * 0.09, s * 0.08)
    p.drawPolygon(QPolygonF([QPointF(c.x() + s * 0.4, c.y() - s * 0.22),
                             QPointF(c.x() + s * 0.55, c.y() - s * 0.16),
                             QPointF(c.x() + s * 0.4, c.y() - s * 0.12)]))


def _draw_unknown_symbol(p: QPainter, c: QPointF, s: float) -> None:
    p.setPen(_pen(pal.SYMBOL_EDGE, 1.1))
    p.setBrush(pal.colour(pal.UNKNOWN_KIND))
    p.drawEllipse(c, s * 0.35, s * 0.35)


_SYMBOLS = {"pennant": _draw_pennant, "wine": _draw_wine, "wheat": _draw_wheat,
            "cloth": _draw_cloth, "chicken": _draw_chicken}


def paint_symbol(painter: QPainter, name: str, centre: QPointF, size: float) -> None:
    """Draw a pennant or a goods symbol (``wine``, ``wheat``, ``cloth``, ``chicken``; others
    as a plain disc) of ``size`` about ``centre``."""
    _SYMBOLS.get(name, _draw_unknown_symbol)(painter, centre, size)


def symbol_pixmap(name: str, size: int, dpr: float = 1.0) -> QPixmap:
    """A symbol drawn into a transparent ``size`` × ``size`` pixmap (logical pixels)."""
    pixmap = QPixmap(round(size * dpr), round(size * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_symbol(painter, name, QPointF(size / 2, size / 2), size * 0.8)
    painter.end()
    return pixmap


# -- pixmap cache ---------------------------------------------------------------------------

#: Most pixmaps kept before the cache starts over (about 45 MB at 100 px).
PIXMAP_LIMIT = 3000
_pixmaps: weakref.WeakKeyDictionary[Tile, dict[tuple[int, int, float], QPixmap]] = (
    weakref.WeakKeyDictionary())
_pixmap_count = 0


def tile_pixmap(tile: Tile, rotation: int, size: int, dpr: float = 1.0) -> QPixmap:
    """The tile drawn into a ``size`` × ``size`` pixmap (logical pixels; ``dpr`` device pixels
    each, so that it is sharp on a high-density screen), cached per tile, rotation, size and
    ratio."""
    global _pixmap_count
    per_tile = _pixmaps.get(tile)
    key = (rotation % 4, size, dpr)
    if per_tile is not None:
        pixmap = per_tile.get(key)
        if pixmap is not None:
            return pixmap
    else:
        per_tile = _pixmaps[tile] = {}
    if _pixmap_count >= PIXMAP_LIMIT:
        clear_cache()
        per_tile = _pixmaps[tile] = {}
    device = round(size * dpr)
    pixmap = QPixmap(device, device)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    paint_tile(painter, tile, rotation, QRectF(0, 0, device, device))
    painter.end()
    pixmap.setDevicePixelRatio(dpr)
    per_tile[key] = pixmap
    _pixmap_count += 1
    return pixmap


def tile_icon(tile: Tile, size: int, dpr: float = 1.0) -> QIcon:
    """A tile as an icon, drawn at 1× and at ``dpr`` (sharp on either kind of screen)."""
    icon = QIcon(tile_pixmap(tile, 0, size))
    if dpr > 1:
        icon.addPixmap(tile_pixmap(tile, 0, size, dpr))
    return icon


def clear_cache() -> None:
    """Forget every cached pixmap (the geometry stays)."""
    global _pixmap_count
    _pixmaps.clear()
    _figure_pixmaps.clear()
    _pixmap_count = 0


# -- figures ---------------------------------------------------------------------------------


def _meeple(tall: float = 1.0) -> QPainterPath:
    """A meeple in a unit box centred on the origin (``tall`` stretches the body)."""
    right = [(0.0, -0.2), (0.13, -0.19), (0.40, -0.09), (0.48, -0.01), (0.42, 0.07),
             (0.20, 0.05), (0.23, 0.22), (0.42, 0.45), (0.36, 0.5), (0.12, 0.5), (0.0, 0.3)]
    points = right + [(-x, y) for x, y in reversed(right[1:-1])]
    body = QPainterPath()
    body.addPolygon(QPolygonF([QPointF(x, y * tall + (tall - 1) * 0.08) for x, y in points]))
    body.closeSubpath()
    head = QPainterPath()
    head.addEllipse(QPointF(0, -0.33 * tall + (tall - 1) * 0.08), 0.15, 0.15)
    return body.united(head)


def _abbot() -> QPainterPath:
    """A monk in a bell-shaped habit, hands folded (no arms spread), under a pointed hood."""
    robe = QPainterPath(QPointF(-0.14, -0.2))
    robe.lineTo(0.14, -0.2)
    robe.quadTo(QPointF(0.26, -0.12), QPointF(0.27, 0.05))
    robe.quadTo(QPointF(0.3, 0.35), QPointF(0.4, 0.5))
    robe.lineTo(-0.4, 0.5)
    robe.quadTo(QPointF(-0.3, 0.35), QPointF(-0.27, 0.05))
    robe.quadTo(QPointF(-0.26, -0.12), QPointF(-0.14, -0.2))
    robe.closeSubpath()
    head = QPainterPath()
    head.addEllipse(QPointF(0, -0.3), 0.15, 0.15)
    hood = QPainterPath()
    hood.addPolygon(QPolygonF([QPointF(-0.16, -0.26), QPointF(0.0, -0.5), QPointF(0.16, -0.26)]))
    sleeves = QPainterPath()
    sleeves.addRoundedRect(QRectF(-0.33, -0.02, 0.66, 0.14), 0.07, 0.07)
    return robe.united(head).united(hood).united(sleeves)


def _pig() -> QPainterPath:
    body = QPainterPath()
    body.addEllipse(QPointF(-0.04, 0.05), 0.42, 0.3)
    snout = QPainterPath()
    snout.addEllipse(QPointF(0.4, -0.02), 0.1, 0.12)
    ears = QPainterPath()
    ears.addPolygon(QPolygonF([QPointF(0.12, -0.2), QPointF(0.24, -0.42), QPointF(0.3, -0.16)]))
    legs = QPainterPath()
    for x in (-0.3, -0.1, 0.12, 0.28):
        legs.addRect(QRectF(x - 0.05, 0.25, 0.1, 0.2))
    return body.united(snout).united(ears).united(legs.simplified())


#: The builder's height in the unit box a follower fills (it stands taller).
BUILDER_HEIGHT = 1.15


def _builder() -> QPainterPath:
    """A tall, slim meeple under a broad-brimmed hat."""
    body = QTransform().scale(0.9, 1.0).map(_meeple(1.3))
    hat = QPainterPath()
    hat.addRoundedRect(QRectF(-0.24, -0.62, 0.48, 0.07), 0.03, 0.03)
    crown = QPainterPath()
    crown.addRoundedRect(QRectF(-0.12, -0.72, 0.24, 0.12), 0.04, 0.04)
    shape = body.united(hat).united(crown)
    box = shape.boundingRect()
    fit = BUILDER_HEIGHT / box.height()
    return QTransform().scale(fit, fit).translate(-box.center().x(), -box.center().y()).map(
        shape)


#: The large follower's height in the unit box a follower fills (as tall as a builder,
#: and broad: it still fits the figure's pixmap).
LARGE_HEIGHT = BUILDER_HEIGHT


def _large_follower() -> QPainterPath:
    """A follower scaled up to :data:`LARGE_HEIGHT`: the large follower (kind
    ``large-follower``)."""
    shape = _meeple()
    box = shape.boundingRect()
    fit = LARGE_HEIGHT / box.height()
    return QTransform().scale(fit, fit).translate(-box.center().x(), -box.center().y()).map(
        shape)


def _lying(shape: QPainterPath) -> QPainterPath:
    """A figure lying on its back, head to the left: the farmer, as the game lays it."""
    return QTransform().rotate(-90).scale(0.78, 1.0).map(shape)


_MAKERS = {"abbot": _abbot, "builder": _builder, "pig": _pig,
           "large-follower": _large_follower}
#: Figures that never lie down: the others in a field are farmers.
_STANDING = frozenset({"abbot", "builder", "pig"})
_FIGURE_SHAPES: dict[tuple[str, bool], QPainterPath] = {}


def lies_down(kind: str, segment_kind: str | None) -> bool:
    """Whether a figure is drawn lying: a follower (or a kind drawn as one, the large
    follower too) in a field."""
    return segment_kind == FIELD and kind not in _STANDING


def figure_shape(kind: str, lying: bool = False) -> QPainterPath:
    """The silhouette of a figure kind in a unit box centred on the origin; ``lying`` lays
    a follower down (a farmer)."""
    key = (kind, lying)
    shape = _FIGURE_SHAPES.get(key)
    if shape is None:
        shape = _MAKERS.get(kind, _meeple)()
        if lying:
            shape = _lying(shape)
        _FIGURE_SHAPES[key] = shape
    return shape


def paint_figure(painter: QPainter, kind: str, colour: str | QColor, centre: QPointF,
                 size: float, lying: bool = False) -> None:
    """Draw a figure (follower, abbot, builder, pig, large follower; others as a follower)
    of ``size``, lying down when ``lying`` (see :func:`lies_down`)."""
    fill = colour if isinstance(colour, QColor) else pal.colour(colour)
    painter.save()
    painter.translate(centre)
    painter.scale(size, size)
    pen = QPen(pal.outline_for(fill), 0.06)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    shape = figure_shape(kind, lying)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(pal.colour("#000000", 70))
    painter.drawPath(shape.translated(0.05, 0.06))
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawPath(shape)
    if kind == "pig":
        painter.setBrush(pal.outline_for(fill))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(0.2, -0.08), 0.035, 0.035)
    painter.restore()


_figure_pixmaps: dict[tuple[str, int, int, bool, float], QPixmap] = {}


def figure_pixmap(kind: str, colour: str | QColor, size: int, lying: bool = False,
                  dpr: float = 1.0) -> QPixmap:
    """A figure drawn into a transparent ``size`` × ``size`` pixmap (logical pixels at the
    device pixel ratio ``dpr``), cached."""
    fill = colour if isinstance(colour, QColor) else pal.colour(colour)
    key = (kind, fill.rgba(), size, lying, dpr)
    pixmap = _figure_pixmaps.get(key)
    if pixmap is None:
        pixmap = QPixmap(round(size * dpr), round(size * dpr))
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_figure(painter, kind, fill, QPointF(size / 2, size / 2), size * 0.86, lying)
        painter.end()
        _figure_pixmaps[key] = pixmap
    return pixmap

