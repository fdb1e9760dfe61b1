"""What every front end needs before it can show a position: plugins, catalogue, ruleset."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from editor.formats.boards import load_position
from editor.formats.cache import validated
from editor.formats.extras import is_extra, without
from editor.formats.jsonio import json_path
from editor.formats.tilesets import builtin_tileset, builtin_tilesets_data, load_known
from editor.i18n import _
from editor.model.findings import Finding, Severity
from editor.model.position import Position
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue, TileSet
from editor.plugins import PluginHost, default_host
from editor.rules.ruleset import Ruleset, RulesetError, coerce


def _plugin_sets(host: PluginHost, installed: bool) -> tuple[list[TileSet], list[Finding]]:
    """The tile sets the built-in (or installed) plugins ship, and problems with them."""
    sets: list[TileSet] = []
    findings: list[Finding] = []
    known = validated()
    for path in host.tileset_paths(installed=installed):
        tile_set, problems = load_known(path, known)
        findings += problems
        if tile_set is not None:
            sets.append(tile_set)
    known.save()
    return sets, findings


class HostCatalogue(Catalogue):
    """The built-in tile sets and those plugins ship. The sets of installed (third-party)
    plugins are loaded, and those plugins imported, only on the first look-up the others
    cannot answer or the first listing of every set.

    While the built-in sets are the only ones (the usual case), each is built on the first
    look-up of a tile or set of its id, and the sets are added together, in their order,
    at the first look-up that needs more (a command scoring a base-game board builds one
    set of nine). The answers are the same as with every set added at once.
    """

    def __init__(self, host: PluginHost, extra: Iterable[TileSet] = ()) -> None:
        sets, self.findings = _plugin_sets(host, installed=False)
        super().__init__()
        self._builtin = builtin_tilesets_data()
        self._host: PluginHost | None = host
        self._extra = list(extra)
        self._lazy = not sets and not self._extra
        if not self._lazy:
            self._add_builtin()
            for tile_set in [*sets, *self._extra]:
                super().add(tile_set)

    def _add_builtin(self) -> None:
        self._lazy = False
        for set_id in self._builtin:
            super().add(builtin_tileset(set_id))

    def _one_set(self, ref: str) -> Catalogue | None:
        """While only built-in sets are known: the one a reference can name (set ids hold
        no ``/``), as a catalogue of that set alone; None once every set is added."""
        if not self._lazy:
            return None
        set_id = ref.partition("/")[0]
        return _single_builtin(set_id) if set_id in self._builtin else Catalogue()

    def add(self, tile_set: TileSet) -> None:
        """Add or replace a set."""
        if self._lazy:
            self._add_builtin()
        super().add(tile_set)

    def complete(self) -> bool:
        """Add the installed plugins' sets (the extra sets keep their place over them);
        returns whether there was anything left to load."""
        if self._lazy:
            self._add_builtin()
        host, self._host = self._host, None
        if host is None:
            return False
        sets, problems = _plugin_sets(host, installed=True)
        self.findings += problems
        for tile_set in [*sets, *self._extra]:
            super().add(tile_set)
        return bool(sets)

    def __contains__(self, ref: object) -> bool:
        one = self._one_set(ref) if isinstance(ref, str) else None
        if one is not None and ref in one:
            return True
        return super().__contains__(ref) or (self.complete() and super().__contains__(ref))

    def tile(self, ref: str) -> Tile:
        """A tile by ``set/id`` or ``set/alias`` (``KeyError`` if unknown)."""
        one = self._one_set(ref)
        if one is not None and ref in one:
            return one.tile(ref)
        if not super().__contains__(ref):
            self.complete()
        return super().tile(ref)

    def find_alias(self, alias: str, set_ids: Iterable[str] | None = None) -> Tile | None:
        """The first tile with this alias, searching ``set_ids`` (default: every set)."""
        if self._lazy:
            self._add_builtin()
        ids = list(set_ids) if set_ids is not None else None
        found = super().find_alias(alias, ids)
        if found is None and self.complete():
            found = super().find_alias(alias, ids)
        return found

    def get_set(self, set_id: str) -> TileSet:
        """A set by id (``KeyError`` if not loaded)."""
        if self._lazy and set_id in self._builtin:
            return builtin_tileset(set_id)
        if self._lazy:
            self._add_builtin()
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


@cache
def _single_builtin(set_id: str) -> Catalogue:
    return Catalogue([builtin_tileset(set_id)])


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


def catalogue_findings(host: PluginHost | None = None) -> list[Finding]:
    """Problems with the tile sets plugins ship (those loaded so far: list the catalogue's
    ``sets`` first for every plugin's)."""
    return list(_catalogue(host or default_host()).findings)


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


def ruleset_findings(editions: Sequence[str], options: Mapping[str, Mapping[str, Any]],
                     host: PluginHost | None = None, file: str = "") -> list[Finding]:
    """What is wrong with a board's ruleset, with what exists instead: an edition no plugin
    provides (``base:c2``), an option an edition does not have, a value it refuses
    (``rules=200``), options for an edition the ruleset does not use. Paths point into the
    board file (``$.ruleset.editions[0]``). ``x-`` keys are never options."""
    host = host or default_host()
    findings: list[Finding] = []

    def error(where: list[str | int], message: str, code: str) -> None:
        findings.append(Finding(message, json_path(["ruleset", *where]), file, code))

    def known() -> list[str]:  # every edition: installed plugins load for this message only
        return sorted(host.editions)

    for i, name in enumerate(editions):
        if host.edition(name) is None:
            close = _close(name, known())
            text = _("unknown edition {name!r}; did you mean {close}? (editions: {known})") \
                if close else _("unknown edition {name!r} (editions: {known})")
            error(["editions", i], text.format(name=name, close=close,
                                               known=", ".join(known()) or "-"),
                  "unknown-edition")
        elif name in host.disabled:
            error(["editions", i], _("edition {name!r} is disabled after a plugin error "
                                     "(carcassonne-editor plugins says which)").format(
                                         name=name), "disabled-edition")
    used = [e for e in map(host.edition, editions) if e is not None]
    for name, given in options.items():
        if is_extra(name):
            continue
        edition = host.edition(name)
        if edition is None:
            close = _close(name, known())
            text = _("options for unknown edition {name!r}; did you mean {close}? (editions: "
                     "{known})") if close else _("options for unknown edition {name!r} "
                                                 "(editions: {known})")
            error(["options", name], text.format(name=name, close=close,
                                                 known=", ".join(known())), "unknown-edition")
            continue
        if name not in editions and not any(name in e.pairs_with for e in used):
            findings.append(Finding(_("options for {name}, which the ruleset does not "
                                      "use").format(name=name),
                                    json_path(["ruleset", "options", name]), file,
                                    "unused-options", Severity.WARNING))
        names = [spec.name for spec in edition.options]
        for key, value in given.items():
            if is_extra(key):
                continue
            if key not in names:
                close = _close(key, names)
                if not names:
                    text = _("{name} has no option {key!r} (it has no options)")
                elif close:
                    text = _("{name} has no option {key!r}; did you mean {close}? (options: "
                             "{options})")
                else:
                    text = _("{name} has no option {key!r} (options: {options})")
                error(["options", name, key], text.format(name=name, key=key, close=close,
                                                          options=", ".join(names)),
                      "unknown-option")
                continue
            spec = edition.option(key)
            problem = spec.check(coerce(value, spec.default))
            if problem:
                error(["options", name, key], f"{name}: {problem}", "bad-option")
    if not findings:
        try:
            host.ruleset([(name, {}) for name in editions],
                         {k: dict(without(v)) for k, v in options.items() if not is_extra(k)})
        except RulesetError as exc:
            error(["editions"], str(exc), "bad-ruleset")
    return findings


def _close(word: str, choices: Sequence[str]) -> str:
    """``'base:C2'``: the close (or differently cased) choices, quoted, or ``""``."""
    import difflib  # only when something is misspelt: not on every start

    by_case = [c for c in choices if c.lower() == word.lower()]
    close = by_case or difflib.get_close_matches(word, choices, n=2, cutoff=0.6)
    return ", ".join(repr(c) for c in close)
