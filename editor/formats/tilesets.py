"""Tile set files ↔ model objects, and the built-in catalogue."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from editor import logs
from editor.model.findings import Finding, Severity
from editor.model.ports import PORT_INDEX, PORT_NAMES, SIDE_INDEX, SIDE_NAMES
from editor.model.tiles import Provenance, Segment, Tile
from editor.model.tilesets import Catalogue, TileSet
from editor.resources import data_dir

from . import versions
from .cache import Validated, key, validated
from .extras import put, take, without
from .jsonio import read_json, source_name
from .lint import check_tileset

log = logs.get(__name__)

FORMAT = versions.CURRENT[versions.TILESET]


class TilesetError(RuntimeError):
    """A tile set that must load (a built-in one) does not."""


def load_tileset(path: str | os.PathLike[str]) -> tuple[TileSet | None, list[Finding]]:
    """Read (``-``: standard input), upgrade, validate and build a tile set; ``None`` when
    any finding is an error."""
    data, findings = read_tileset(path)
    return (None if data is None else tileset_from_dict(data, source_name(path))), findings


def read_tileset(path: str | os.PathLike[str]) -> tuple[dict[str, Any] | None, list[Finding]]:
    """:func:`load_tileset`'s checked data, not built into model objects."""
    file = source_name(path)
    data, findings = read_json(path)
    if findings:
        return None, findings
    data, findings = versions.upgrade(data, versions.TILESET, file)
    if not versions.failed(findings):
        findings += check_tileset(data, file)
    if versions.failed(findings):
        return None, findings
    return data, findings


def builtin_tileset_paths() -> list[Path]:
    """The shipped tile set files, sorted by name."""
    return sorted(data_dir("tilesets").glob("*.json"))


def load_known(path: Path, known: Validated) -> tuple[TileSet | None, list[Finding]]:
    """:func:`load_tileset`, without the schema and the lint for content ``known`` to have
    passed before (:func:`.cache.validated`); content that passes without a finding is
    added to ``known``."""
    data, findings = read_known(path, known)
    return (None if data is None else tileset_from_dict(data, str(path))), findings


def read_known(path: Path, known: Validated) -> tuple[dict[str, Any] | None, list[Finding]]:
    """:func:`load_known`'s checked data, not built into model objects."""
    try:
        content = path.read_bytes()
    except OSError:
        return read_tileset(path)  # which names the file and the problem
    content_key = key(content)
    if content_key in known:
        return json.loads(content), []
    log.debug("tile set %s: checked against the schema and the lint", path)
    data, findings = read_tileset(path)
    if data is not None and not findings:
        known.add(content_key)
    return data, findings


@cache
def builtin_tilesets_data() -> dict[str, tuple[dict[str, Any], str]]:
    """Every shipped tile set's checked data and file, by set id in file order (read
    once); ``TilesetError`` names a broken file.

    A file is checked against the schema and the lint only the first time its content is
    seen (see :mod:`.cache`).
    """
    found: dict[str, tuple[dict[str, Any], str]] = {}
    known = validated()
    for path in builtin_tileset_paths():
        data, findings = read_known(path, known)
        if data is None:
            details = "\n".join(f"  {f}" for f in findings if f.severity is Severity.ERROR)
            raise TilesetError(f"built-in tile set {path} is broken:\n{details}")
        found[data["id"]] = (data, str(path))
    known.save()
    log.debug("built-in tile sets: %d read", len(found))
    return found


@cache
def builtin_tileset(set_id: str) -> TileSet:
    """A shipped tile set by id, built once (``KeyError`` if none has that id): the model
    objects of a set are built when something first needs that set."""
    data, source = builtin_tilesets_data()[set_id]
    return tileset_from_dict(data, source)


@cache
def load_builtin_catalogue() -> Catalogue:
    """Every shipped tile set (loaded once); ``TilesetError`` names a broken file."""
    return Catalogue(builtin_tileset(set_id) for set_id in builtin_tilesets_data())


# --- dict → model ------------------------------------------------------------------------


def _counts(mapping: dict[str, Any]) -> dict[str, int]:
    return {k: int(v) for k, v in without(mapping).items()}


def _provenance(data: dict[str, Any] | None) -> Provenance:
    if not data:
        return Provenance()
    return Provenance(tuple(data.get("sources", ())), bool(data.get("provisional", False)),
                      data.get("note", ""))


_port = PORT_INDEX.__getitem__
_side = SIDE_INDEX.__getitem__
_GOODS = ("goods",)
_PROVENANCE = ("provenance",)


def _segment(data: dict[str, Any]) -> Segment:
    # the optional keys only when present: every segment of every built-in set passes here
    # at each start (848 of them)
    get = data.get
    goods, wraps, anchor = get("goods"), get("wraps"), get("anchor")
    return Segment(id=data["id"], kind=data["kind"], ports=tuple(map(_port, data["ports"])),
                   pennants=int(get("pennants", 0)), goods=_counts(goods) if goods else {},
                   cities=tuple(get("cities", ())),
                   wraps=tuple(map(_side, wraps)) if wraps else (), tags=tuple(get("tags", ())),
                   anchor=(anchor[0], anchor[1]) if anchor else None, extra=take(data, _GOODS))


def _tile(data: dict[str, Any], set_id: str) -> Tile:
    get = data.get
    return Tile(id=data["id"], set_id=set_id, segments=tuple(map(_segment, data["segments"])),
                count=int(data["count"]), aliases=tuple(get("aliases", ())),
                tags=tuple(get("tags", ())), start=bool(get("start", False)),
                provenance=_provenance(get("provenance")), image=get("image"),
                extra=take(data, _PROVENANCE))


def tileset_from_dict(data: dict[str, Any], source: str = "") -> TileSet:
    """Model objects for a tile set that passed :func:`check_tileset`. Every ``x-`` key is
    kept (those of count maps and provenance too), and ``$schema``."""
    return TileSet(
        id=data["id"],
        name=data["name"],
        part=data["part"],
        edition=data["edition"],
        tiles=tuple(_tile(t, data["id"]) for t in data["tiles"]),
        description=data.get("description", ""),
        goods_totals=_counts(data.get("goods_totals", {})),
        provenance=_provenance(data.get("provenance")),
        source=source,
        extra={**take(data, ("goods_totals", "provenance")),
               **{k: data[k] for k in KEPT if k in data}},
    )


# --- model → dict ------------------------------------------------------------------------

_DEFAULTS: tuple[Any, ...] = (None, False, 0, "", [], {})
#: Top-level keys kept as they are, besides ``x-`` keys.
KEPT = ("$schema",)


def _drop_defaults(data: dict[str, Any], optional: tuple[str, ...]) -> dict[str, Any]:
    """``data`` without the optional keys that hold a default (none, false, 0, empty)."""
    return {k: v for k, v in data.items()
            if k not in optional or not any(v == d and type(v) is type(d) for d in _DEFAULTS)}


def _provenance_dict(p: Provenance) -> dict[str, Any]:
    return _drop_defaults({"sources": list(p.sources), "provisional": p.provisional,
                           "note": p.note}, ("sources", "provisional", "note"))


def _segment_dict(seg: Segment) -> dict[str, Any]:
    return put(_drop_defaults({
        "id": seg.id,
        "kind": seg.kind,
        "ports": [PORT_NAMES[p] for p in seg.ports],
        "pennants": seg.pennants,
        "goods": dict(seg.goods),
        "cities": list(seg.cities),
        "wraps": [SIDE_NAMES[s] for s in seg.wraps],
        "tags": list(seg.tags),
        "anchor": list(seg.anchor) if seg.anchor is not None else None,
    }, ("pennants", "goods", "cities", "wraps", "tags", "anchor")), seg.extra)


def _tile_dict(tile: Tile) -> dict[str, Any]:
    return put(_drop_defaults({
        "id": tile.id,
        "aliases": list(tile.aliases),
        "count": tile.count,
        "start": tile.start,
        "segments": [_segment_dict(s) for s in tile.segments],
        "tags": list(tile.tags),
        "provenance": _provenance_dict(tile.provenance),
        "image": tile.image,
    }, ("aliases", "start", "tags", "provenance", "image")), tile.extra)


def tileset_to_dict(tile_set: TileSet) -> dict[str, Any]:
    """The file form of a tile set, defaults omitted: the inverse of :func:`tileset_from_dict`."""
    kept = {k: tile_set.extra[k] for k in KEPT if k in tile_set.extra}
    return put({**kept, **_drop_defaults({
        "format": FORMAT,
        "id": tile_set.id,
        "name": tile_set.name,
        "part": tile_set.part,
        "edition": tile_set.edition,
        "description": tile_set.description,
        "provenance": _provenance_dict(tile_set.provenance),
        "goods_totals": dict(tile_set.goods_totals),
        "tiles": [_tile_dict(t) for t in tile_set.tiles],
    }, ("description", "provenance", "goods_totals"))}, tile_set.extra)
