"""What every front end needs before it can show a position: plugins, catalogue, ruleset."""

from __future__ import annotations

import os
from functools import lru_cache

from editor.formats.boards import load_position
from editor.formats.tilesets import load_builtin_catalogue, load_tileset
from editor.model.findings import Finding
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost, default_host
from editor.rules.ruleset import Ruleset


@lru_cache(maxsize=4)
def _catalogue(host: PluginHost) -> tuple[Catalogue, tuple[Finding, ...]]:
    catalogue = Catalogue(load_builtin_catalogue().sets)
    findings: list[Finding] = []
    for path in host.tileset_paths():
        tile_set, problems = load_tileset(path)
        findings += problems
        if tile_set is not None:
            catalogue.add(tile_set)
    return catalogue, tuple(findings)


def catalogue(host: PluginHost | None = None) -> Catalogue:
    """The built-in tile sets plus those plugins ship (loaded once per host)."""
    return _catalogue(host or default_host())[0]


def catalogue_findings(host: PluginHost | None = None) -> list[Finding]:
    """Problems with plugin-shipped tile sets."""
    return list(_catalogue(host or default_host())[1])


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
