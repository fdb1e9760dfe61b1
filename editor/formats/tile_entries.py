"""Tile entries of a tile set file as plain data: key and segment order, the ``wraps`` a
field derives from its ports, fresh segment ids, where each port lies on the border. The
tile-set designer and the JCloisterZone import both write tiles with these, so that drawn
and imported tiles look alike."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from typing import Any

from editor.model.ports import PORT_INDEX, PORT_NAMES, SIDE_NAMES, SIDE_PORTS
from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD

#: Segments are listed in this order of kinds (other kinds between rivers and buildings).
KIND_ORDER = {CITY: 0, ROAD: 1, RIVER: 2, MONASTERY: 4, GARDEN: 5, FIELD: 6}
TILE_KEYS = ("id", "aliases", "count", "start", "segments", "tags", "provenance", "image")
SEGMENT_KEYS = ("id", "kind", "ports", "pennants", "goods", "cities", "wraps", "tags", "anchor")
_OCTANTS = ("e", "ne", "n", "nw", "w", "sw", "s", "se")
#: Where each port lies on the tile border, (x, y) from the top-left corner in tile units.
PORT_POSITIONS: tuple[tuple[float, float], ...] = (
    (0.5, 0.0), (0.75, 0.0), (1.0, 0.25), (1.0, 0.5), (1.0, 0.75), (0.75, 1.0),
    (0.5, 1.0), (0.25, 1.0), (0.0, 0.75), (0.0, 0.5), (0.0, 0.25), (0.25, 0.0),
)


def ordered_ports(names: Iterable[str]) -> list[str]:
    """Port names clockwise, starting after the widest gap (``NNW N NNE``, not ``N NNE NNW``;
    from ``N`` when there is none); names that are no port keep their place at the end."""
    names = list(dict.fromkeys(names))
    known = sorted(PORT_INDEX[n] for n in names if n in PORT_INDEX)
    others = [n for n in names if n not in PORT_INDEX]
    if len(known) > 1:
        start = max(range(len(known)),
                    key=lambda j: ((known[j] - known[j - 1]) % 12 or 12, -known[j]))
        known = known[start:] + known[:start]
    return [PORT_NAMES[p] for p in known] + others


def with_wraps(segments: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The segments with every field's ``wraps`` derived from the ports: the sides with a road
    or river on the centre and both halves in that field (the lint's rule)."""
    owner = {p: i for i, s in enumerate(segments) for p in s.get("ports", [])}
    wraps: dict[int, list[str]] = {}
    for side in range(4):
        left, centre, right = (PORT_NAMES[p] for p in SIDE_PORTS[side])
        if centre not in owner or segments[owner[centre]].get("kind") not in (ROAD, RIVER):
            continue
        holder = owner.get(left)
        if holder is not None and holder == owner.get(right) \
                and segments[holder].get("kind") == FIELD:
            wraps.setdefault(holder, []).append(SIDE_NAMES[side])
    result = []
    for i, segment in enumerate(segments):
        segment = dict(segment)
        if i in wraps:
            segment["wraps"] = wraps[i]
        else:
            segment.pop("wraps", None)
        result.append(segment)
    return result


def sort_segments(segments: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Cities, roads, rivers, other kinds, monasteries, gardens, fields (stable)."""
    return sorted(segments, key=lambda s: KIND_ORDER.get(s.get("kind", ""), 3))


def segment_order(segment: dict[str, Any]) -> dict[str, Any]:
    """The segment with its keys in the file order (unknown keys last)."""
    ordered = {k: segment[k] for k in SEGMENT_KEYS if k in segment}
    ordered.update((k, v) for k, v in segment.items() if k not in ordered)
    return ordered


def tile_order(tile: dict[str, Any]) -> dict[str, Any]:
    """The tile with its keys in the file order (unknown keys last, empty aliases dropped)."""
    ordered = {k: tile[k] for k in TILE_KEYS if k in tile}
    ordered.update((k, v) for k, v in tile.items() if k not in ordered)
    if not ordered.get("aliases", True):
        del ordered["aliases"]
    return ordered


def segment_id(kind: str, ports: Collection[str], taken: Collection[str],
               plain: bool = True) -> str:
    """A fresh segment id: the kind itself when free (and ``plain``), else the kind and where
    its ports lie (``city-nw``, ``field-s``, ``road-ew``), else numbered (``field-s-2``)."""
    stem = kind
    where = _whereabouts([PORT_INDEX[p] for p in ports if p in PORT_INDEX])
    candidates = ([stem] if plain or not where else []) + ([f"{stem}-{where}"] if where else [])
    for candidate in candidates:
        if candidate not in taken:
            return candidate
    base = candidates[-1]
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def _whereabouts(ports: list[int]) -> str:
    """The compass direction of the ports' centre, or their sides when it is the middle."""
    if not ports:
        return ""
    x = sum(PORT_POSITIONS[p][0] for p in ports) / len(ports) - 0.5
    y = sum(PORT_POSITIONS[p][1] for p in ports) / len(ports) - 0.5
    if math.hypot(x, y) >= 0.12:
        return _OCTANTS[round(math.degrees(math.atan2(-y, x)) / 45) % 8]
    sides = sorted({(p + 1) % 12 // 3 for p in ports}, key=lambda s: (s % 2, s))
    return "" if len(sides) == 4 else "".join(SIDE_NAMES[s].lower() for s in sides)
