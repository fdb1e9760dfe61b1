"""Edits of one tile as pure functions on its file dict: each returns a new dict (no Qt).

Setting a side keeps the land around it whole: a road or river takes the centre port and
leaves the halves to the fields beside them, a city takes all three ports and is listed by
the fields it touches, a field side joins the land on both sides of it. A road stub on a tile
with a city runs to the city gate (as the tile art draws it) and so cuts the field around it;
joining two roads (or rivers) into one cuts the fields the joined road now crosses. Every
edit ends in :meth:`_Work.finish`: segments emptied by the edit are removed, city references
that point nowhere are dropped, ports run clockwise, ``wraps`` is derived from the ports, and
segments and keys follow the file order.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from editor.formats.tile_entries import (
    ordered_ports,
    segment_id,
    segment_order,
    sort_segments,
    tile_order,
    with_wraps,
)
from editor.model.ports import PORT_INDEX, PORT_NAMES, SIDE_PORTS, side_of
from editor.model.tiles import CITY, FIELD, MONASTERY, RIVER, ROAD

Tile = dict[str, Any]
Seg = dict[str, Any]

#: The kinds a side can be set to, in the order the editor offers them.
SIDE_KINDS = (CITY, ROAD, FIELD, RIVER)
LINEAR = (ROAD, RIVER)
#: Goods every edition knows, offered in the segment attributes.
GOODS = ("wine", "wheat", "cloth", "chicken")


def blank_tile(tile_id: str) -> Tile:
    """A tile of one field over all 12 ports."""
    return {"id": tile_id, "count": 1,
            "segments": [{"id": "field", "kind": FIELD, "ports": list(PORT_NAMES)}]}


def mapping(value: Any) -> dict[str, Any]:
    """``value`` when it is an object, else an empty one (broken files hold anything)."""
    return value if isinstance(value, dict) else {}


def listing(value: Any) -> list[Any]:
    """``value`` when it is a list, else an empty one."""
    return value if isinstance(value, list) else []


def segments(tile: Tile) -> list[Seg]:
    """The tile's segments that are objects (a broken file may hold others)."""
    found = tile.get("segments")
    return [s for s in found if isinstance(s, dict)] if isinstance(found, list) else []


def find(tile: Tile, seg_id: str) -> Seg | None:
    """The segment with this id."""
    return next((s for s in segments(tile) if s.get("id") == seg_id), None)


def owner(tile: Tile, port: int) -> Seg | None:
    """The (first) segment holding a port."""
    name = PORT_NAMES[port]
    return next((s for s in segments(tile) if name in _ports(s)), None)


def side_kind(tile: Tile, side: int) -> str:
    """The kind a side shows: that of its centre port's segment ("" when none)."""
    seg = owner(tile, SIDE_PORTS[side][1])
    return str(seg.get("kind", "")) if seg else ""


def _ports(seg: Seg) -> list[str]:
    ports = seg.get("ports")
    return ports if isinstance(ports, list) else []


def _kind(seg: Seg | None) -> str:
    return str(seg.get("kind", "")) if seg else ""


class _Work:
    """A working copy of a tile; :meth:`finish` tidies it into the result."""

    def __init__(self, tile: Tile) -> None:
        self.tile = copy.deepcopy(tile)
        if not isinstance(self.tile.get("segments"), list):
            self.tile["segments"] = []
        self.segs: list[Any] = self.tile["segments"]
        for seg in segments(self.tile):
            seg["ports"] = list(_ports(seg))
        self.had_ports = {id(s) for s in segments(self.tile) if s["ports"]}

    def find(self, seg_id: str) -> Seg:
        seg = find(self.tile, seg_id)
        if seg is None:
            raise KeyError(f"no segment {seg_id!r}")
        return seg

    def owner(self, port: int) -> Seg | None:
        return owner(self.tile, port)

    def take(self, port: int) -> None:
        """Take a port out of every segment holding it."""
        name = PORT_NAMES[port]
        for seg in segments(self.tile):
            while name in seg["ports"]:
                seg["ports"].remove(name)

    def give(self, seg: Seg, port: int) -> None:
        self.take(port)
        seg["ports"].append(PORT_NAMES[port])

    def new(self, kind: str, ports: Iterable[int], base: str | None = None) -> Seg:
        names = [PORT_NAMES[p] for p in ports]
        for p in ports:
            self.take(p)
        taken = {str(s.get("id")) for s in segments(self.tile)}
        seg = {"id": segment_id(base or kind, names, taken), "kind": kind, "ports": names}
        self.segs.append(seg)
        return seg

    def absorb(self, keep: Seg, other: Seg) -> None:
        """Move everything of ``other`` into ``keep`` and remove ``other``."""
        keep["ports"] += other["ports"]
        if other.get("pennants") or keep.get("pennants"):
            keep["pennants"] = int(keep.get("pennants", 0)) + int(other.get("pennants", 0))
        goods = dict(keep.get("goods", {}))
        for kind, n in other.get("goods", {}).items():
            goods[kind] = goods.get(kind, 0) + n
        if goods:
            keep["goods"] = goods
        for key in ("cities", "tags"):
            merged = list(dict.fromkeys([*keep.get(key, []), *other.get(key, [])]))
            if merged:
                keep[key] = merged
        self.segs.remove(other)
        for seg in segments(self.tile):
            if other["id"] in seg.get("cities", []):
                seg["cities"] = list(dict.fromkeys(
                    keep["id"] if c == other["id"] else c for c in seg["cities"]))

    def cut_fields(self, line: Seg) -> None:
        """Split every field that lies on both sides of a road or river through the tile."""
        centres = sorted(PORT_INDEX[p] for p in line["ports"]
                         if p in PORT_INDEX and PORT_INDEX[p] % 3 == 0)
        if len(centres) < 2:
            return
        arc_of: dict[int, int] = {}
        for k, start in enumerate(centres):
            end = centres[(k + 1) % len(centres)]
            for step in range(1, (end - start) % 12 or 12):
                arc_of[(start + step) % 12] = k
        for seg in [s for s in segments(self.tile) if s.get("kind") == FIELD]:
            arcs: dict[int, list[int]] = {}
            for name in seg["ports"]:
                if name in PORT_INDEX:
                    arcs.setdefault(arc_of.get(PORT_INDEX[name], -1), []).append(
                        PORT_INDEX[name])
            if len(arcs) < 2:
                continue
            biggest = max(arcs.values(), key=len)
            pieces = [seg] + [self.new(FIELD, ports) for ports in arcs.values()
                              if ports is not biggest]
            for piece in pieces[1:]:
                if seg.get("tags"):
                    piece["tags"] = list(seg["tags"])
            self.share_cities(seg.get("cities", []), pieces)
        for k in range(len(centres)):
            self.join_strip(sorted((p for p, arc in arc_of.items() if arc == k),
                                   key=lambda p: (p - centres[k]) % 12))

    def join_strip(self, arc: list[int]) -> None:
        """Fields along one side of a through road with only city ports between them are one
        strip of land (the road passes the city instead of ending at its gate)."""
        last: Seg | None = None
        for port in arc:
            seg = self.owner(port)
            if _kind(seg) == CITY:
                continue
            if _kind(seg) != FIELD:
                last = None
                continue
            assert seg is not None
            if last is not None and last is not seg:
                first, other = sorted((last, seg), key=self.segs.index)
                self.absorb(first, other)
                seg = first
            last = seg

    def stub_sides(self) -> list[int]:
        """Sides of road stubs that run to a city gate, as the tile art draws them: a city
        is on the tile, no monastery, at most two plain stubs (three make a village)."""
        segs = segments(self.tile)
        kinds = {s.get("kind") for s in segs if s["ports"]}
        stubs = [PORT_INDEX[s["ports"][0]] // 3 for s in segs
                 if s.get("kind") == ROAD and len(s["ports"]) == 1
                 and s["ports"][0] in PORT_INDEX and PORT_INDEX[s["ports"][0]] % 3 == 0
                 and not {"cottage", "dead-end"} & set(s.get("tags", []))]
        if CITY not in kinds or any(s.get("kind") == MONASTERY for s in segs) \
                or len(stubs) > 2:
            return []
        return stubs

    def route_to_city(self, side: int) -> None:
        """A stub that runs to the city cuts the field around it in two: the land walked
        from each half until the first port of anything else."""
        left, _centre, right = SIDE_PORTS[side]
        field = self.owner(left)
        if field is None or field.get("kind") != FIELD or self.owner(right) is not field:
            return
        walks: list[list[int]] = []
        for start, step in ((left, -1), (right, 1)):
            walk, port = [start], (start + step) % 12
            while self.owner(port) is field and port not in walk:
                walk.append(port)
                port = (port + step) % 12
            walks.append(walk)
        ports = {PORT_INDEX[p] for p in field["ports"] if p in PORT_INDEX}
        if set(walks[0]) & set(walks[1]) or set(walks[0]) | set(walks[1]) != ports:
            return
        shorter = min(walks, key=len)
        piece = self.new(FIELD, shorter)
        self.share_cities(listing(field.get("cities")), [field, piece])

    def share_cities(self, cities: list[str], pieces: list[Seg]) -> None:
        """Give each city to the pieces of a cut field beside it on the border (to the
        first piece when none is)."""
        shares: list[list[str]] = [[] for _piece in pieces]
        for city_id in cities:
            city = find(self.tile, city_id)
            border = {(PORT_INDEX[p] + d) % 12 for p in _ports(city or {}) if p in PORT_INDEX
                      for d in (-1, 1)}
            beside = [k for k, piece in enumerate(pieces)
                      if border & {PORT_INDEX[p] for p in piece["ports"] if p in PORT_INDEX}]
            for k in beside or [0]:
                shares[k].append(city_id)
        for piece, share in zip(pieces, shares, strict=True):
            if share:
                piece["cities"] = share
            else:
                piece.pop("cities", None)

    def finish(self) -> Tile:
        segs = segments(self.tile)
        kept = [s for s in segs if s["ports"] or id(s) not in self.had_ports]
        cities = {s.get("id") for s in kept if s.get("kind") == CITY}
        for seg in kept:
            seg["ports"] = ordered_ports(seg["ports"])
            if "cities" in seg:
                seg["cities"] = [c for c in seg["cities"] if c in cities]
                if not seg["cities"]:
                    del seg["cities"]
        others = [s for s in self.segs if not isinstance(s, dict)]
        tidy = [segment_order(s) for s in sort_segments(with_wraps(kept))]
        self.tile["segments"] = tidy + others
        return tile_order(self.tile)


def set_side(tile: Tile, side: int, kind: str) -> Tile:
    """Make ``side`` a city, road, river or field side (see the module docstring)."""
    left, centre, right = SIDE_PORTS[side]
    outer_left, outer_right = (left - 1) % 12, (right + 1) % 12
    work = _Work(tile)
    if kind == CITY:
        touching = [s for s in (work.owner(outer_left), work.owner(outer_right))
                    if s is not None and s.get("kind") == FIELD]
        city = work.new(CITY, (left, centre, right))
        for seg in touching:
            if city["id"] not in seg.setdefault("cities", []):
                seg["cities"].append(city["id"])
        for stub in work.stub_sides():
            work.route_to_city(stub)
    elif kind == FIELD:
        fields: list[Seg] = []
        for port in (left, right, outer_left, outer_right):
            found = work.owner(port)
            if found is not None and found.get("kind") == FIELD \
                    and not any(found is f for f in fields):
                fields.append(found)
        if not fields:
            fields.append(work.new(FIELD, ()))
        fields.sort(key=work.segs.index)  # the oldest field keeps its id
        for other in fields[1:]:
            work.absorb(fields[0], other)
        for port in (left, centre, right):
            work.give(fields[0], port)
    else:
        for half, outer in ((left, outer_left), (right, outer_right)):
            if _kind(work.owner(half)) == FIELD:
                continue
            neighbour = work.owner(outer)
            if neighbour is not None and neighbour.get("kind") == FIELD:
                work.give(neighbour, half)
            else:
                work.new(FIELD, (half,))
        work.new(kind, (centre,))
        if side in work.stub_sides():
            work.route_to_city(side)
    return work.finish()


def side_is(tile: Tile, side: int, kind: str) -> bool:
    """Whether the side already is what :func:`set_side` would make it."""
    left, centre, right = (owner(tile, p) for p in SIDE_PORTS[side])
    if kind in (CITY, FIELD):
        return _kind(centre) == kind and left is centre and right is centre
    return _kind(centre) == kind and _kind(left) == FIELD and _kind(right) == FIELD


def join(tile: Tile, keep_id: str, other_id: str) -> Tile:
    """One segment from two of the same kind; a joined road or river cuts the fields."""
    work = _Work(tile)
    keep, other = work.find(keep_id), work.find(other_id)
    if keep is other or keep.get("kind") != other.get("kind"):
        raise ValueError(f"cannot join {keep_id!r} and {other_id!r}")
    work.absorb(keep, other)
    if keep.get("kind") in LINEAR:
        work.cut_fields(keep)
    return work.finish()


def split_ports(tile: Tile, seg_id: str, port: int) -> list[int]:
    """The ports :func:`split` moves out: a city's whole side, else the one port."""
    seg = find(tile, seg_id)
    if seg is None:
        return []
    mine = {PORT_INDEX[p] for p in _ports(seg) if p in PORT_INDEX}
    if port not in mine:
        return []
    side = SIDE_PORTS[side_of(port)]
    moving = list(side) if seg.get("kind") == CITY and mine >= set(side) else [port]
    return [] if mine <= set(moving) else moving


def split(tile: Tile, seg_id: str, port: int) -> Tile:
    """Move ``port`` (for a city: the whole side) out of a segment into a new one of its kind;
    fields that touch the old city touch the new one too."""
    moving = split_ports(tile, seg_id, port)
    if not moving:
        raise ValueError(f"nothing of {seg_id!r} to split at {PORT_NAMES[port]}")
    work = _Work(tile)
    seg = work.find(seg_id)
    piece = work.new(str(seg["kind"]), moving)
    if seg["kind"] == CITY:
        for other in segments(work.tile):
            if seg_id in other.get("cities", []):
                other["cities"].append(piece["id"])
    return work.finish()


def move_port(tile: Tile, port: int, seg_id: str) -> Tile:
    """Put one port into a segment, taking it from wherever it was."""
    work = _Work(tile)
    work.give(work.find(seg_id), port)
    return work.finish()


def add_segment(tile: Tile, kind: str, inner: bool = False) -> tuple[Tile, str]:
    """A new segment without ports (monastery, garden, inner field); returns its id too."""
    work = _Work(tile)
    seg = work.new(kind, (), "field-inner" if inner else None)
    if inner:
        seg["tags"] = ["inner"]
    return work.finish(), str(seg["id"])


def remove_segment(tile: Tile, seg_id: str) -> Tile:
    """Remove a segment; its ports are left in no segment."""
    work = _Work(tile)
    work.segs.remove(work.find(seg_id))
    return work.finish()


def rename_segment(tile: Tile, old: str, new: str) -> Tile:
    """Give a segment another id, and the fields that list it as a city the new id."""
    work = _Work(tile)
    work.find(old)["id"] = new
    for seg in segments(work.tile):
        if old in seg.get("cities", []):
            seg["cities"] = [new if c == old else c for c in seg["cities"]]
    return work.finish()


def set_segment_value(tile: Tile, seg_id: str, key: str, value: Any) -> Tile:
    """Set a segment attribute; ``None``, 0 and empty values remove it."""
    work = _Work(tile)
    seg = work.find(seg_id)
    if value is None or value == 0 or value in ([], {}, ""):
        seg.pop(key, None)
    else:
        seg[key] = copy.deepcopy(value)
    return work.finish()


def set_tile_value(tile: Tile, key: str, value: Any) -> Tile:
    """Set a tile attribute; ``None``, ``False`` and empty values remove an optional one."""
    result = copy.deepcopy(tile)
    if key not in ("id", "count", "segments") and value in (None, False, "", [], {}):
        result.pop(key, None)
    else:
        result[key] = copy.deepcopy(value)
    return tile_order(result)


def free_id(taken: Iterable[str], stem: str = "") -> str:
    """A tile id not in ``taken``: the next letter (A, B, ..., Z, AA, ...) or ``stem-2``..."""
    used = set(taken)
    if stem:
        n = 2
        while f"{stem}-{n}" in used:
            n += 1
        return f"{stem}-{n}"
    n = 0
    while True:
        name, k = "", n
        while True:
            name = chr(ord("A") + k % 26) + name
            k = k // 26 - 1
            if k < 0:
                break
        if name not in used:
            return name
        n += 1
