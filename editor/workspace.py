"""What every front end needs before it can show a position: plugins, catalogue, ruleset."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from functools import lru_cache

from editor.formats.boards import load_position
from editor.formats.tilesets import load_builtin_catalogue, load_tileset
from editor.model.findings import Finding
from editor.model.position import Position
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue, TileSet
from editor.plugins import PluginHost, default_host
from editor.rules.ruleset import Ruleset


def _plugin_sets(host: PluginHost, installed: bool) -> tuple[list[TileSet], list[Finding]]:
    """The tile sets the built-in (or installed) plugins ship, and problems with them."""
    sets: list[TileSet] = []
    findings: list[Finding] = []
    for path in host.tileset_paths(installed=installed):
        tile_set, problems = load_tileset(path)
        findings += problems
        if tile_set is not None:
            sets.append(tile_set)
    return sets, findings


class HostCatalogue(Catalogue):
    """The built-in tile sets and those plugins ship. The sets of installed (third-party)
    plugins are loaded, and those plugins imported, only on the first look-up the others
    cannot answer or the first listing of every set."""

    def __init__(self, host: PluginHost, extra: Iterable[TileSet] = ()) -> None:
        sets, self.findings = _plugin_sets(host, installed=False)
        super().__init__([*load_builtin_catalogue().sets, *sets])
        self._host: PluginHost | None = host
        self._extra = list(extra)
        for tile_set in self._extra:
            self.add(tile_set)

    def complete(self) -> bool:
        """Add the installed plugins' sets (the extra sets keep their place over them);
        returns whether there was anything left to load."""
        host, self._host = self._host, None
        if host is None:
            return False
        sets, problems = _plugin_sets(host, installed=True)
        self.findings += problems
        for tile_set in [*sets, *self._extra]:
            self.add(tile_set)
        return bool(sets)

    def __contains__(self, ref: object) -> bool:
        return super().__contains__(ref) or (self.complete() and super().__contains__(ref))

    def tile(self, ref: str) -> Tile:
        """A tile by ``set/id`` or ``set/alias`` (``KeyError`` if unknown)."""
        if not super().__contains__(ref):
            self.complete()
        return super().tile(ref)

    def find_alias(self, alias: str, set_ids: Iterable[str] | None = None) -> Tile | None:
        """The first tile with this alias, searching ``set_ids`` (default: every set)."""
        ids = list(set_ids) if set_ids is not None else None
        found = super().find_alias(alias, ids)
        if found is None and self.complete():
            found = super().find_alias(alias, ids)
        return found

    def get_set(self, set_id: str) -> TileSet:
        """A set by id (``KeyError`` if not loaded)."""
        try:
            return super().get_set(set_id)
        except KeyError:
            if not self.complete():
                raise
        return super().get_set(set_id)

    @property
    def sets(self) -> list[TileSet]:
        """Every set, the installed plugins' included."""
        self.complete()
        return super().sets

    def __iter__(self) -> Iterator[Tile]:
        self.complete()
        return super().__iter__()


@lru_cache(maxsize=4)
def _catalogue(host: PluginHost) -> HostCatalogue:
    return HostCatalogue(host)


def catalogue(host: PluginHost | None = None) -> Catalogue:
    """The built-in tile sets plus those plugins ship (loaded once per host; installed
    plugins' sets when first needed)."""
    return _catalogue(host or default_host())


def catalogue_with(extra: Iterable[TileSet], host: PluginHost | None = None) -> Catalogue:
    """A new catalogue: :func:`catalogue` with ``extra`` sets added (replacing sets of the
    same id)."""
    return HostCatalogue(host or default_host(), extra)


def catalogue_findings(host: PluginHost | None = None, every: bool = False) -> list[Finding]:
    """Problems with plugin-shipped tile sets: those loaded so far, or (``every``) every
    plugin's, installed ones loaded for it."""
    found = _catalogue(host or default_host())
    if every:
        found.complete()
    return list(found.findings)


def open_position(path: str | os.PathLike[str], host: PluginHost | None = None
                  ) -> tuple[Position | None, list[Finding]]:
    """Read a board file against the full catalogue."""
    return load_position(path, catalogue(host))


def ruleset_of(position: Position, host: PluginHost | None = None,
               spec: str | None = None) -> Ruleset:
    """The position's ruleset, or ``spec`` when given (raises ``RulesetError``)."""
    host = host or default_host()
    if spec:
        return host.ruleset(spec)
    return host.ruleset([(name, {}) for name in position.editions], position.options)
