"""The same tile in another tile set: for converting a board from one edition's sets to
another's (``base-c1/D`` to ``base-c2/D``).

A tile's equivalent shares a JCloisterZone alias with it (RULES.md §2.3) and has the same
geometry: the same segments with the same ports, pennants, goods, tags and city contacts,
possibly drawn turned (then the placement turns with it). A tile with no such counterpart
(a C2 tile with a garden, for C1) has no equivalent.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Equivalent:
    """``tile`` turned ``turn`` quarter turns looks like the original unturned; ``segments``
    maps the original's segment ids to the equivalent's."""

    tile: Tile
    turn: int
    segments: dict[str, str]


def equivalent(tile: Tile, candidates: Iterable[Tile]) -> Equivalent | None:
    """The first candidate sharing an alias with ``tile`` and drawn the same, if any."""
    aliases = set(tile.aliases)
    if not aliases:
        return None
    shape = tile.orientations[0].shape
    for other in candidates:
        if other is tile or not aliases & set(other.aliases):
            continue
        for turn in range(4):
            if other.orientations[turn].shape == shape:
                return Equivalent(other, turn, _segment_map(tile, other, turn))
    return None


def _segment_map(tile: Tile, other: Tile, turn: int) -> dict[str, str]:
    """Segment ids of ``tile`` → those of ``other`` turned ``turn``: the same kind on the
    same board ports (port-less segments such as monasteries by kind, in order)."""
    mine = tile.orientations[0].port_masks
    theirs = other.orientations[turn].port_masks
    found: dict[str, str] = {}
    used: set[int] = set()
    for i, segment in enumerate(tile.segments):
        for j, candidate in enumerate(other.segments):
            if j not in used and candidate.kind == segment.kind and theirs[j] == mine[i]:
                found[segment.id] = candidate.id
                used.add(j)
                break
    return found
