"""Tile sets and the catalogue of every loaded set."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import field
from typing import Any

from .records import record
from .tiles import Provenance, Tile


@record(frozen=True, eq=False)
class TileSet:
    """One catalogue file: a game part in one edition, or a custom set."""

    id: str
    name: str
    part: str
    edition: str
    tiles: tuple[Tile, ...]
    description: str = ""
    goods_totals: dict[str, int] = field(default_factory=dict)
    provenance: Provenance = field(default_factory=Provenance)
    source: str = ""
    #: ``x-`` keys of the file (those of ``goods_totals`` and ``provenance`` under those
    #: names) and ``$schema``, kept for saving
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def tile_count(self) -> int:
        """Tiles in the box (every copy counted)."""
        return sum(t.count for t in self.tiles)

    def goods_symbols(self) -> dict[str, int]:
        """Goods symbols over every copy of every tile."""
        total: dict[str, int] = {}
        for tile in self.tiles:
            for kind, n in tile.goods.items():
                total[kind] = total.get(kind, 0) + n * tile.count
        return total

    def start_tile(self) -> Tile | None:
        """The tile marked as start tile, if any."""
        return next((t for t in self.tiles if t.start), None)


class Catalogue:
    """Every loaded tile set, with look-up by reference (``set/id``) or alias."""

    def __init__(self, sets: Iterable[TileSet] = ()) -> None:
        self._sets: dict[str, TileSet] = {}
        self._tiles: dict[str, Tile] = {}
        self._aliases: dict[str, Tile] = {}
        for s in sets:
            self.add(s)

    def add(self, tile_set: TileSet) -> None:
        """Add or replace a set."""
        old = self._sets.get(tile_set.id)
        if old is not None:
            for tile in old.tiles:
                self._tiles.pop(tile.ref, None)
        self._sets[tile_set.id] = tile_set
        for tile in tile_set.tiles:
            self._tiles[tile.ref] = tile
        self._aliases = {}
        for s in self._sets.values():
            for tile in s.tiles:
                for alias in tile.aliases:
                    self._aliases.setdefault(f"{s.id}/{alias}", tile)

    @property
    def sets(self) -> list[TileSet]:
        """The loaded sets in load order."""
        return list(self._sets.values())

    def get_set(self, set_id: str) -> TileSet:
        """A set by id (``KeyError`` if not loaded)."""
        return self._sets[set_id]

    def __contains__(self, ref: object) -> bool:
        return ref in self._tiles or ref in self._aliases

    def tile(self, ref: str) -> Tile:
        """A tile by ``set/id`` or ``set/alias`` (``KeyError`` if unknown)."""
        found = self._tiles.get(ref) or self._aliases.get(ref)
        if found is None:
            raise KeyError(ref)
        return found

    def find_alias(self, alias: str, set_ids: Iterable[str] | None = None) -> Tile | None:
        """The first tile with this alias, searching ``set_ids`` (default: every set)."""
        for set_id in set_ids if set_ids is not None else self._sets:
            tile = self._aliases.get(f"{set_id}/{alias}")
            if tile is not None:
                return tile
        return None

    def __iter__(self) -> Iterator[Tile]:
        return iter(self._tiles.values())
