"""A tile's geometry, worked out once per tile, unrotated, in the 100 × 100 frame: the area of
each segment, where its figure stands, what is drawn (cities, lines, buildings, hedges,
symbols, roofs) and the segment map for hit-testing."""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainterPath

from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD, Tile

from .frame import (
    CENTRE,
    FRAME,
    GARDEN_SIZE,
    HOUSE_SIZE,
    INN_CLEARANCE,
    INN_OFFSET,
    INWARD,
    MID,
    MONASTERY_SIZE,
    MONK_OFFSET,
    RIVER_WIDTH,
    ROAD_WIDTH,
    port_sample,
    tile_transform,
    wedge,
)
from .paths import components, path_area, rect_path, stroke, tile_path
from .segment_map import GRID, NO_SEGMENT, chamfer, grid_point, id_map, label_at, sample_grid
from .shapes import city_shape, city_target, link_line, monastery_centre, sides_of, stub_line

#: Widths of the wall's shade, dark edge and stone, drawn in that order.
_WALL_BANDS = (14.0, 7.0, 4.2)


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
            fill, wall = city_shape(sides_of(self.segs[i]), len(cities) > 1)
            self.areas[i] = fill
            bands = [] if wall.isEmpty() else [
                stroke(wall, width).intersected(fill) for width in _WALL_BANDS]
            self.geo.cities.append((i, fill, bands))
            self.city_fill.addPath(fill)
            self.city_walls.addPath(wall)
            self.blocked.append(fill)

    def _buildings(self) -> QPointF | None:
        monastery = None
        for i, seg in enumerate(self.segs):
            if seg.kind == MONASTERY and monastery is None:
                monastery = monastery_centre(self.tile)
                self.areas[i] = rect_path(monastery, *MONASTERY_SIZE)
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
            self.geo.buildings.append(("house", QPointF(CENTRE)))
            self.blocked.append(rect_path(CENTRE, HOUSE_SIZE, HOUSE_SIZE))
        has_monastery = monastery is not None
        for i in lined:
            seg = segs[i]
            sides = sorted(p // 3 for p in seg.ports if p % 3 == 0)
            line = Line(i, QPainterPath())
            if len(sides) > 1:
                line.path = link_line(sides)
            elif seg.kind == RIVER:
                end = MID[sides[0]] + INWARD[sides[0]] * (32 if has_monastery else 50)
                line.path = stub_line(sides[0], end)
                radius = 17.0 if "lake" in self.tile.tags else 10.0
                self.geo.ponds.append((end, radius))
            elif "dead-end" in seg.tags:
                end = MID[sides[0]] + INWARD[sides[0]] * 28
                line.path = stub_line(sides[0], end)
                line.dead_end = (end, INWARD[sides[0]])
            elif "cottage" in seg.tags:
                end = MID[sides[0]] + INWARD[sides[0]] * 36
                line.path = stub_line(sides[0], end)
                house = end + INWARD[sides[0]] * 4
                self.geo.buildings.append(("house", house))
                self.blocked.append(rect_path(house, HOUSE_SIZE, HOUSE_SIZE))
            elif monastery is not None and seg.kind == ROAD:
                line.path = stub_line(sides[0], monastery)
            elif not self.city_fill.isEmpty() and not square and seg.kind == ROAD:
                line.path = stub_line(sides[0], city_target(sides[0], self.city_fill,
                                                         self.city_walls))
            else:
                line.path = stub_line(sides[0], CENTRE)
            width = RIVER_WIDTH if seg.kind == RIVER else ROAD_WIDTH
            cap = (Qt.PenCapStyle.RoundCap if line.dead_end else Qt.PenCapStyle.FlatCap)
            self.areas[i] = stroke(line.path, width, cap)
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
                    span.addPath(stroke(other.path, RIVER_WIDTH + 6))
                span = span.simplified()
                road.bridge = (stroke(road.path, ROAD_WIDTH + 7).intersected(span),
                               stroke(road.path, ROAD_WIDTH + 4).intersected(span))

    def _fields(self) -> None:
        segs = self.segs
        owner = self.tile.port_segment
        field_ports = [p for p in range(12) if owner[p] >= 0 and segs[owner[p]].kind == FIELD]
        inner = [i for i, s in enumerate(segs) if s.kind == FIELD and not s.ports]
        # A ring around the tile makes Qt clip for real instead of returning the tile with
        # the blocked shapes as holes, so that separate pieces of land come out separate.
        blocked = QPainterPath()
        blocked.addRect(QRectF(-10, -10, 120, 120))
        blocked = blocked.subtracted(tile_path())
        for path in self.blocked:
            blocked = blocked.united(path)
        free = tile_path().subtracted(blocked)
        leftovers = []
        for comp in components(free):
            ports = [p for p in field_ports if comp.contains(port_sample(p))]
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
            patch.addRoundedRect(QRectF(CENTRE.x() - 10, CENTRE.y() - 8, 20, 16), 5, 5)
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
                    region.addPolygon(wedge(p))
            self.areas[f].addPath(comp.intersected(region.simplified()))
        for p in range(12):
            if assigned[p] != assigned[(p + 1) % 12]:
                ray = QPainterPath(CENTRE)
                ray.lineTo(wedge(p).at(2))
                self.geo.hedges.addPath(comp.intersected(stroke(ray, 1.8)))

    def _finish(self) -> None:
        segs, geo = self.segs, self.geo
        garden = next((i for i, s in enumerate(segs) if s.kind == GARDEN), None)
        image = id_map(segs, self.areas)
        poles, spots = self._poles(image)
        if garden is not None:
            fields = [i for i, s in enumerate(segs) if s.kind == FIELD and s.ports]
            host = max(fields, key=lambda i: path_area(self.areas[i]), default=None)
            centre = poles.get(host, QPointF(CENTRE)) if host is not None else QPointF(CENTRE)
            square = rect_path(centre, GARDEN_SIZE, GARDEN_SIZE)
            if host is not None:
                self.areas[host] = self.areas[host].subtracted(square)
            self.areas[garden] = square
            self.anchors[garden] = centre
            geo.buildings.append(("garden", centre))
            image = id_map(segs, self.areas)
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
                geo.buildings.append(("cathedral", spots.get(i, self.anchors[i] or CENTRE)))
            line = next((ln for ln in geo.roads if ln.seg == i), None)
            if "inn" in seg.tags and line is not None:
                geo.buildings.append(("inn", self._beside(line, image)))
        geo.anchors = [a if a is not None else QPointF(CENTRE) for a in self.anchors]
        geo.idmap = image
        self._roofs(*self._grid)

    def _roofs(self, labels: list[list[int]], dist: list[list[float]]) -> None:
        """Scatter roofs over each city, clear of its walls, figures and symbols."""
        taken = list(self.geo.anchors) + [c for c, _ in self.geo.symbols] + [
            c for what, c in self.geo.buildings if what == "cathedral"]
        for lab, seg in enumerate(self.segs):
            if seg.kind != CITY:
                continue
            spots = sorted(((dist[j][i], -j, -i) for j in range(GRID) for i in range(GRID)
                            if labels[j][i] == lab and dist[j][i] >= 3), reverse=True)
            placed = 0
            for _, j, i in spots:
                point = grid_point(-i, -j)
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
                label = label_at(image, spot)
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
            if label_at(image, point) == line.seg and all(
                    QLineF(point, a).length() >= 12 for a in taken):
                return point
        return line.path.pointAtPercent(0.5)

    def _poles(self, image: QImage) -> tuple[dict[int, QPointF], dict[int, QPointF]]:
        """Per segment: the point deepest inside its area, and a second spot for symbols."""
        labels = sample_grid(image)
        dist = chamfer(labels)
        self._grid = (labels, dist)
        best: dict[int, tuple[float, int, int]] = {}
        for j in range(GRID):
            for i in range(GRID):
                lab = labels[j][i]
                if lab == NO_SEGMENT:
                    continue
                d = dist[j][i] - 0.01 * math.hypot(i - 12, j - 12)
                if lab not in best or d > best[lab][0]:
                    best[lab] = (d, i, j)
        poles = {lab: grid_point(i, j) for lab, (_, i, j) in best.items()}
        spots: dict[int, QPointF] = {}
        for lab, (_, pi, pj) in best.items():
            if self.segs[lab].kind != CITY:
                continue
            top = None
            for j in range(GRID):
                for i in range(GRID):
                    if labels[j][i] == lab and math.hypot(i - pi, j - pj) >= 4.5:
                        d = dist[j][i]
                        if top is None or d > top[0]:
                            top = (d, i, j)
            if top is not None and top[0] >= 1.5:
                spots[lab] = grid_point(top[1], top[2])
            else:
                spots[lab] = poles[lab] + QPointF(0, 14 if pj < 12 else -14)
        return poles, spots


_geometries: weakref.WeakKeyDictionary[Tile, Geometry] = weakref.WeakKeyDictionary()


def geometry(tile: Tile) -> Geometry:
    """The tile's unrotated geometry in the 100 × 100 frame (computed once per tile)."""
    geo = _geometries.get(tile)
    if geo is None:
        geo = _geometries[tile] = _Builder(tile).build()
    return geo


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
    return label_at(geometry(tile).idmap, inverse.map(point))
