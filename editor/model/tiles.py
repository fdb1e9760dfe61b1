"""Tiles and their segments: the geometry every rule is built on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from functools import cached_property
from typing import Any

from .ports import PORT_NAMES, SIDE_PORTS, centre, facing, rotate_port
from .records import record

CITY = "city"
ROAD = "road"
FIELD = "field"
MONASTERY = "monastery"
GARDEN = "garden"
RIVER = "river"

#: Kinds whose features close when no port is left open.
EDGE_KINDS = frozenset({CITY, ROAD, RIVER})
#: Kinds completed by the eight surrounding tiles.
CLOISTER_KINDS = frozenset({MONASTERY, GARDEN})

#: Bits per side in the requirements behind a code (:data:`RAW_CODES`): room for 65,535
#: kinds of side in one process (a tile set may name kinds of its own; 8 bits, 255 kinds,
#: were measured 1.7 % cheaper per random game, but a valid file could exhaust them; the
#: codes themselves are small numbers, :func:`intern_code`).
SIDE_BITS = 16
#: Side kinds → their codes, numbered in the order first met ("" = any kind, code 0).
_SIDE_CODES: dict[str, int] = {"": 0}


def side_code(kind: str) -> int:
    """The small number standing for a side kind in codes of side requirements (numbered
    as first met; ``ValueError`` past 65,535 kinds)."""
    code = _SIDE_CODES.get(kind)
    if code is None:
        code = len(_SIDE_CODES)
        if code >> SIDE_BITS:
            raise ValueError(f"more than {(1 << SIDE_BITS) - 1} kinds of tile side")
        _SIDE_CODES[kind] = code
    return code


#: Codes of side requirements: the small numbers a frontier keeps (index, numbered as first
#: met) → the requirements as :data:`SIDE_BITS` bits a side (up to 64 bits: a dictionary
#: keyed by such a number hashes and compares three digits, a small number one).
RAW_CODES: list[int] = [0]
#: The other way round: requirements, :data:`SIDE_BITS` bits a side → their code.
CODES: dict[int, int] = {0: 0}


def intern_code(raw: int) -> int:
    """The code of requirements given :data:`SIDE_BITS` bits a side (numbered as first
    met; 0 requires nothing)."""
    code = CODES.get(raw)
    if code is None:
        code = CODES[raw] = len(RAW_CODES)
        RAW_CODES.append(raw)
    return code


def encode_sides(required: tuple[str, ...]) -> int:
    """Kinds required per side (N, E, S, W; "" = any) as one small integer (the same
    requirements, the same code): what a board's frontier keeps per cell (0: nothing
    required)."""
    return intern_code(sum(side_code(kind) << SIDE_BITS * side
                           for side, kind in enumerate(required)))


@record(frozen=True, slots=True)
class Segment:
    """One feature piece of a tile: a city part, a road, a field, a monastery, ..."""

    id: str
    kind: str
    ports: tuple[int, ...] = ()
    pennants: int = 0
    goods: Mapping[str, int] = field(default_factory=dict)
    cities: tuple[str, ...] = ()
    wraps: tuple[int, ...] = ()
    tags: tuple[str, ...] = ()
    anchor: tuple[float, float] | None = None
    #: ``x-`` keys of the file (those of ``goods`` under that name), kept for saving
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def port_names(self) -> list[str]:
        """The ports as names."""
        return [PORT_NAMES[p] for p in self.ports]


@record(frozen=True, slots=True)
class Provenance:
    """Where a tile's or set's data comes from."""

    sources: tuple[str, ...] = ()
    provisional: bool = False
    note: str = ""


@record(frozen=True, eq=False)
class Tile:
    """A tile kind of a tile set, in its unrotated orientation.

    Tiles compare by identity: one object per tile kind of a loaded set.
    """

    id: str
    set_id: str
    segments: tuple[Segment, ...]
    count: int = 1
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    start: bool = False
    provenance: Provenance = field(default_factory=Provenance)
    image: str | None = None
    #: ``x-`` keys of the file (those of ``provenance`` under that name), kept for saving
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ref(self) -> str:
        """The tile reference used in board files: ``set/id``."""
        return f"{self.set_id}/{self.id}"

    @cached_property
    def segment_index(self) -> dict[str, int]:
        """Segment id → position in ``segments``."""
        return {seg.id: i for i, seg in enumerate(self.segments)}

    @cached_property
    def cloisters(self) -> tuple[int, ...]:
        """Positions of the monastery and garden segments."""
        return tuple(i for i, seg in enumerate(self.segments) if seg.kind in CLOISTER_KINDS)

    @cached_property
    def edges(self) -> tuple[int, ...]:
        """Positions of the city, road and river segments."""
        return tuple(i for i, seg in enumerate(self.segments) if seg.kind in EDGE_KINDS)

    @cached_property
    def city_links(self) -> tuple[tuple[int, ...], ...]:
        """For each segment, the positions of the cities it touches (a field's ``cities``)."""
        index = self.segment_index
        return tuple(tuple(index[c] for c in seg.cities if c in index) for seg in self.segments)

    @cached_property
    def open_ends(self) -> tuple[int, ...]:
        """For each segment, its centre ports when it is a city, road or river (the ends
        open until a tile meets them), else 0."""
        return tuple(sum(1 for p in seg.ports if p % 3 == 0) if seg.kind in EDGE_KINDS else 0
                     for seg in self.segments)

    @cached_property
    def field_links(self) -> tuple[tuple[int, ...], ...]:
        """For each segment, the positions of the segments touching it as a city (the
        fields whose ``cities`` name it): :attr:`city_links` the other way round."""
        links = self.city_links
        return tuple(tuple(j for j, cities in enumerate(links) if i in cities)
                     for i in range(len(self.segments)))

    def segment(self, segment_id: str) -> Segment:
        """The segment with this id (``KeyError`` if none)."""
        return self.segments[self.segment_index[segment_id]]

    @cached_property
    def port_segment(self) -> tuple[int, ...]:
        """For each of the 12 ports, the index of the segment holding it (-1 if none)."""
        owner = [-1] * 12
        for i, seg in enumerate(self.segments):
            for p in seg.ports:
                owner[p] = i
        return tuple(owner)

    @cached_property
    def side_kinds(self) -> tuple[str, str, str, str]:
        """The kind on each side (N, E, S, W), read from the centre port's segment."""
        kinds = []
        for side in range(4):
            i = self.port_segment[centre(side)]
            kinds.append(self.segments[i].kind if i >= 0 else "")
        return (kinds[0], kinds[1], kinds[2], kinds[3])

    @cached_property
    def orientations(self) -> tuple[Orientation, ...]:
        """The tile turned 0, 1, 2 and 3 quarter turns clockwise."""
        return tuple(Orientation(self, r) for r in range(4))

    @cached_property
    def distinct_rotations(self) -> tuple[int, ...]:
        """Quarter turns that give a different tile (a four-sided city has one)."""
        seen: set[tuple[object, ...]] = set()
        result = []
        for o in self.orientations:
            if o.shape not in seen:
                seen.add(o.shape)
                result.append(o.rotation)
        return tuple(result)

    @cached_property
    def fits(self) -> FitTable:
        """The code of the kinds required per side (:func:`encode_sides`, as a board's
        frontier keeps them) → the distinct rotations that match."""
        return FitTable(self)

    def fitting_rotations(self, required: tuple[str, ...]) -> tuple[int, ...]:
        """Distinct rotations whose sides match ``required`` (kind per side, "" = any)."""
        return self.fits[encode_sides(required)]

    def has(self, kind: str) -> bool:
        """Whether any segment is of this kind."""
        return any(seg.kind == kind for seg in self.segments)

    @cached_property
    def goods(self) -> dict[str, int]:
        """Goods symbols on the whole tile."""
        total: dict[str, int] = {}
        for seg in self.segments:
            for kind, n in seg.goods.items():
                total[kind] = total.get(kind, 0) + n
        return total

    def __repr__(self) -> str:
        return f"Tile({self.ref!r})"


class FitTable(dict[int, tuple[int, ...]]):
    """A tile's fitting rotations per code of required sides (:func:`encode_sides`): made
    whole at once, since a rotation fits exactly the codes requiring some of its sides'
    kinds (16 per rotation); any other code fits no rotation (kept as met)."""

    def __init__(self, tile: Tile) -> None:
        super().__init__()
        found: dict[int, list[int]] = {}
        for r in tile.distinct_rotations:
            sides = [side_code(kind) << SIDE_BITS * side
                     for side, kind in enumerate(tile.orientations[r].side_kinds)]
            codes = {intern_code(sum(code for side, code in enumerate(sides)
                                     if subset >> side & 1)) for subset in range(16)}
            for code in codes:
                found.setdefault(code, []).append(r)
        self.update((code, tuple(rotations)) for code, rotations in found.items())
        #: How many rotations fit each code (counted without a tuple in hand).
        self.counts = FitCounts((code, len(rotations)) for code, rotations in found.items())

    def __missing__(self, code: int) -> tuple[int, ...]:
        found = self[code] = ()
        return found


class FitCounts(dict[int, int]):
    """:attr:`FitTable.counts`: 0 for a code no rotation fits (kept as met)."""

    def __missing__(self, code: int) -> int:
        self[code] = 0
        return 0


#: The segments at a side's three ports (in :data:`SIDE_PORTS` order; -1: none) → their
#: number (:attr:`Orientation.side_patterns`), numbered as first met.
PATTERN_NUMBERS: dict[tuple[int, ...], int] = {}
#: The other way round: each number's segments.
PATTERNS: list[tuple[int, ...]] = []


def _pattern(segments: tuple[int, ...]) -> int:
    found = PATTERN_NUMBERS.get(segments)
    if found is None:
        found = PATTERN_NUMBERS[segments] = len(PATTERNS)
        PATTERNS.append(segments)
    return found


class Orientation:
    """A tile turned ``rotation`` quarter turns clockwise; everything a placement needs."""

    __slots__ = ("across", "facing_patterns", "port_masks", "port_segment", "requires",
                 "rotation", "shape", "side_kinds", "side_patterns", "tile")

    def __init__(self, tile: Tile, rotation: int) -> None:
        self.tile = tile
        self.rotation = rotation
        owner = [-1] * 12
        for p, i in enumerate(tile.port_segment):
            owner[rotate_port(p, rotation)] = i
        #: board port → segment index
        self.port_segment: tuple[int, ...] = tuple(owner)
        kinds = tile.side_kinds
        #: kind on each board side (N, E, S, W)
        self.side_kinds: tuple[str, ...] = tuple(kinds[(s - rotation) % 4] for s in range(4))
        #: per board side: what the tile requires of the empty cell across, :data:`SIDE_BITS`
        #: bits a side (the kind of that side on the cell's opposite side; a frontier keeps
        #: the code of what its neighbours' ``requires`` OR to, :func:`intern_code`)
        self.requires: tuple[int, ...] = tuple(
            side_code(kind) << SIDE_BITS * ((s + 2) % 4) for s, kind in enumerate(self.side_kinds))
        #: per segment: its board ports as a 12-bit mask (bit q = port q)
        self.port_masks: tuple[int, ...] = tuple(
            sum(1 << rotate_port(p, rotation) for p in seg.ports) for seg in tile.segments)
        #: per board side: (segment index, mask of the ports it meets on the cell across)
        self.across: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            self._across(side) for side in range(4))

    def _across(self, side: int) -> tuple[tuple[int, int], ...]:
        masks: dict[int, int] = {}
        for p in SIDE_PORTS[side]:
            i = self.port_segment[p]
            if i >= 0:
                masks[i] = masks.get(i, 0) | 1 << facing(p)
        return tuple(masks.items())

    #: What the turned tile looks like, independent of segment ids (for symmetry): worked
    #: out on first use (by :meth:`__getattr__`; a placement alone never needs it).
    shape: tuple[object, ...]
    #: Per board side: the number (:data:`PATTERNS`) of the segments at its ports; and of
    #: the segments at the ports facing that side of a tile across, in that side's port
    #: order. The seams joined across a side depend on these two numbers alone (a board
    #: keeps them by the pair). Worked out on first use, as :attr:`shape`.
    side_patterns: tuple[int, ...]
    facing_patterns: tuple[int, ...]

    def __getattr__(self, name: str) -> object:
        if name == "shape":
            self.shape = self._shape()
            return self.shape
        if name in ("side_patterns", "facing_patterns"):
            segment = self.port_segment
            self.side_patterns = tuple(_pattern(tuple(segment[p] for p in ports))
                                       for ports in SIDE_PORTS)
            self.facing_patterns = tuple(_pattern(tuple(segment[facing(p)] for p in ports))
                                         for ports in SIDE_PORTS)
            return getattr(self, name)
        raise AttributeError(f"'Orientation' object has no attribute {name!r}")

    def _shape(self) -> tuple[object, ...]:
        """:attr:`shape`, worked out."""
        tile, r = self.tile, self.rotation

        def turned(seg: Segment) -> tuple[int, ...]:
            return tuple(sorted(rotate_port(p, r) for p in seg.ports))

        parts = []
        for seg in tile.segments:
            cities = tuple(sorted(turned(tile.segment(c)) for c in seg.cities
                                  if c in tile.segment_index))
            parts.append((seg.kind, turned(seg), seg.pennants, tuple(sorted(seg.goods.items())),
                          cities, tuple(sorted(seg.tags))))
        return tuple(sorted(parts))

    def side_ports(self, side: int) -> tuple[int, int, int]:
        """Segment indices on the three ports of a board side."""
        a, b, c = SIDE_PORTS[side]
        return (self.port_segment[a], self.port_segment[b], self.port_segment[c])


def fits(a: Orientation, side: int, b: Orientation) -> bool:
    """Whether ``b`` may lie across ``side`` of ``a`` (centre-port kinds agree)."""
    return a.side_kinds[side] == b.side_kinds[(side + 2) % 4]
