"""What every front end needs before it can show a position: plugins, catalogue, ruleset."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from editor.formats.boards import load_position
from editor.formats.cache import validated
from editor.formats.extras import is_extra, without
from editor.formats.jsonio import json_path
from editor.formats.tilesets import load_builtin_catalogue, load_known
from editor.model.findings import Finding, Severity
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost, default_host
from editor.rules.ruleset import Ruleset, RulesetError, coerce


@lru_cache(maxsize=4)
def _catalogue(host: PluginHost) -> tuple[Catalogue, tuple[Finding, ...]]:
    catalogue = Catalogue(load_builtin_catalogue().sets)
    findings: list[Finding] = []
    known = validated()
    for path in host.tileset_paths():
        tile_set, problems = load_known(path, known)
        findings += problems
        if tile_set is not None:
            catalogue.add(tile_set)
    known.save()
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


def ruleset_findings(editions: Sequence[str], options: Mapping[str, Mapping[str, Any]],
                     host: PluginHost | None = None, file: str = "") -> list[Finding]:
    """What is wrong with a board's ruleset, with what exists instead: an edition no plugin
    provides (``base:c2``), an option an edition does not have, a value it refuses
    (``rules=200``), options for an edition the ruleset does not use. Paths point into the
    board file (``$.ruleset.editions[0]``). ``x-`` keys are never options."""
    host = host or default_host()
    known = sorted(host.editions)
    findings: list[Finding] = []

    def error(where: list[str | int], message: str, code: str) -> None:
        findings.append(Finding(message, json_path(["ruleset", *where]), file, code))

    for i, name in enumerate(editions):
        if name not in host.editions:
            error(["editions", i], f"unknown edition {name!r}{_did_you_mean(name, known)} "
                  f"(editions: {', '.join(known) or 'none'})", "unknown-edition")
        elif name in host.disabled:
            error(["editions", i], f"edition {name!r} is disabled after a plugin error "
                  "(carcassonne-editor plugins says which)", "disabled-edition")
    for name, given in options.items():
        if is_extra(name):
            continue
        edition = host.editions.get(name)
        if edition is None:
            error(["options", name], f"options for unknown edition {name!r}"
                  f"{_did_you_mean(name, known)} (editions: {', '.join(known)})",
                  "unknown-edition")
            continue
        if name not in editions and not any(name in host.editions[e].pairs_with
                                            for e in editions if e in host.editions):
            findings.append(Finding(f"options for {name}, which the ruleset does not use",
                                    json_path(["ruleset", "options", name]), file,
                                    "unused-options", Severity.WARNING))
        names = [spec.name for spec in edition.options]
        for key, value in given.items():
            if is_extra(key):
                continue
            if key not in names:
                have = f"options: {', '.join(names)}" if names else "it has no options"
                error(["options", name, key], f"{name} has no option {key!r}"
                      f"{_did_you_mean(key, names)} ({have})", "unknown-option")
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


def _did_you_mean(word: str, choices: Sequence[str]) -> str:
    """``; did you mean 'base:C2'?`` for a close (or differently cased) choice."""
    import difflib  # only when something is misspelt: not on every start

    by_case = [c for c in choices if c.lower() == word.lower()]
    close = by_case or difflib.get_close_matches(word, choices, n=2, cutoff=0.6)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
