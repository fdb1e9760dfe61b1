"""Checks the schema cannot express, on the raw file data; run after the schema passed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from editor.i18n import _, ngettext
from editor.model.findings import Finding, Severity
from editor.model.ports import PORT_NAMES, SIDE_NAMES, SIDE_PORTS
from editor.model.tiles import CITY, FIELD, RIVER, ROAD, Tile
from editor.model.tilesets import Catalogue
from editor.terms import feature_name, figure_name

from . import schemas
from .images import image_problem
from .jsonio import json_path

Where = Sequence[str | int]
_LINEAR = (ROAD, RIVER)


class _Report:
    """Collects findings for one file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.findings: list[Finding] = []

    def error(self, path: Where, message: str, code: str, **place: Any) -> None:
        self.findings.append(Finding(message, json_path(path), self.file, code, **place))

    def warning(self, path: Where, message: str, code: str, **place: Any) -> None:
        self.findings.append(Finding(message, json_path(path), self.file, code,
                                     Severity.WARNING, **place))


def is_tileset(data: Any) -> bool:
    """Whether a document is a tile set (tiles with segments, or a part/edition) or a board."""
    if not isinstance(data, dict):
        return False
    tiles = data.get("tiles")
    with_segments = isinstance(tiles, list) and any(
        isinstance(t, dict) and "segments" in t for t in tiles)
    return with_segments or "part" in data or "edition" in data


def check_tileset(data: Any, file: str = "") -> list[Finding]:
    """Schema, then (only if the schema passed) the semantic lint of a tile set."""
    return schemas.validate(data, schemas.TILESET, file) or lint_tileset(data, file)


def check_board(data: Any, catalogue: Catalogue, file: str = "") -> list[Finding]:
    """Schema, then (only if the schema passed) the lint of a board against ``catalogue``."""
    return schemas.validate(data, schemas.BOARD, file) or lint_board(data, catalogue, file)


def _counts(mapping: dict[str, int]) -> dict[str, int]:
    """A kind → number map without its ``x-`` keys."""
    return {k: v for k, v in mapping.items() if not k.startswith("x-")}


# --- tile sets ---------------------------------------------------------------------------


def lint_tileset(data: dict[str, Any], file: str = "") -> list[Finding]:
    """Semantic findings for a schema-valid tile set."""
    report = _Report(file)
    tiles = data["tiles"]
    ids: dict[str, int] = {}
    aliases: dict[str, str] = {}
    start: str | None = None
    for i, tile in enumerate(tiles):
        at: list[str | int] = ["tiles", i]
        if tile["id"] in ids:
            report.error([*at, "id"], _("tile id {id!r} is already used by tiles[{i}]").format(
                id=tile["id"], i=ids[tile["id"]]), "duplicate-tile-id")
        else:
            ids[tile["id"]] = i
        for k, alias in enumerate(tile.get("aliases", [])):
            if alias in aliases:
                report.warning([*at, "aliases", k], _("alias {alias!r} is already used by tile "
                                                      "{tile!r}").format(alias=alias,
                                                                         tile=aliases[alias]),
                               "duplicate-alias")
            else:
                aliases[alias] = tile["id"]
        if tile.get("start"):
            if start is None:
                start = tile["id"]
            else:
                report.error([*at, "start"], _("a second start tile: {tile!r} is one already"
                                               ).format(tile=start), "second-start-tile")
        _lint_tile(tile, at, report)
    for i, tile in enumerate(tiles):
        for k, alias in enumerate(tile.get("aliases", [])):
            if ids.get(alias, i) != i:
                report.warning(["tiles", i, "aliases", k], _("alias {alias!r} is the id of "
                                                             "tiles[{i}]").format(
                    alias=alias, i=ids[alias]), "duplicate-alias")
    if "goods_totals" in data:
        _lint_goods_totals(data, report)
    return report.findings


def _lint_goods_totals(data: dict[str, Any], report: _Report) -> None:
    declared = _counts(data["goods_totals"])
    shown: dict[str, int] = {}
    for tile in data["tiles"]:
        for seg in tile["segments"]:
            for kind, n in _counts(seg.get("goods", {})).items():
                shown[kind] = shown.get(kind, 0) + n * tile["count"]
    for kind in sorted(declared.keys() | shown.keys()):
        if kind not in declared:
            if shown[kind]:
                report.error(["goods_totals"], _("goods_totals does not list {goods}, but the "
                                                 "tiles show {n}").format(goods=kind,
                                                                          n=shown[kind]),
                             "goods-totals")
        elif declared[kind] != shown.get(kind, 0):
            report.error(["goods_totals", kind], _("goods_totals says {goods} {n} but the tiles "
                                                   "show {shown}").format(
                goods=kind, n=declared[kind], shown=shown.get(kind, 0)), "goods-totals")


def _lint_tile(tile: dict[str, Any], at: list[str | int], report: _Report) -> None:
    segs = tile["segments"]
    problem = image_problem(tile["image"]) if "image" in tile else None
    if problem:
        report.warning([*at, "image"], problem, "image-refused")
    by_id: dict[str, int] = {}
    for j, seg in enumerate(segs):
        if seg["id"] in by_id:
            report.error([*at, "segments", j, "id"], _("segment id {id!r} is already used by "
                                                       "segments[{i}]").format(
                id=seg["id"], i=by_id[seg["id"]]), "duplicate-segment-id")
        else:
            by_id[seg["id"]] = j
    owner: dict[str, int] = {}
    for j, seg in enumerate(segs):
        for k, port in enumerate(seg["ports"]):
            if port not in owner:
                owner[port] = j
                continue
            text = _("port {port} is already in this segment").format(port=port) \
                if owner[port] == j else _("port {port} is already in segment {id!r}").format(
                    port=port, id=segs[owner[port]]["id"])
            report.error([*at, "segments", j, "ports", k], text, "port-twice")
    missing = [p for p in PORT_NAMES if p not in owner]
    if missing:
        report.error([*at, "segments"], ngettext(
            "port {ports} in no segment: every port belongs to exactly one segment",
            "ports {ports} in no segment: every port belongs to exactly one segment",
            len(missing)).format(ports=", ".join(missing)), "port-missing")
    for j, seg in enumerate(segs):
        _lint_links(seg, [*at, "segments", j], segs, by_id, owner, report)
    for side in range(4):
        _lint_side(side, segs, owner, at, report)


def _lint_links(seg: dict[str, Any], at: list[str | int], segs: list[dict[str, Any]],
                by_id: dict[str, int], owner: dict[str, int], report: _Report) -> None:
    """A segment's ``cities`` and ``wraps``."""
    is_field = seg["kind"] == FIELD
    if "cities" in seg and not is_field:
        report.error([*at, "cities"], _("only fields list cities; this segment is not a field "
                                        "({kind})").format(kind=feature_name(seg["kind"])),
                     "cities-not-field")
    elif "cities" in seg:
        for k, name in enumerate(seg["cities"]):
            if name not in by_id:
                report.error([*at, "cities", k], _("no segment {id!r} on this tile (segments: "
                                                   "{segments})").format(
                    id=name, segments=", ".join(by_id)), "unknown-city")
            elif segs[by_id[name]]["kind"] != CITY:
                report.error([*at, "cities", k], _("segment {id!r} is not a city "
                                                   "({kind})").format(
                    id=name, kind=feature_name(segs[by_id[name]]["kind"])), "unknown-city")
    if "wraps" in seg and not is_field:
        report.error([*at, "wraps"], _("only fields have wraps; this segment is not a field "
                                       "({kind})").format(kind=feature_name(seg["kind"])),
                     "wraps-not-field")
    elif "wraps" in seg:
        for k, side in enumerate(seg["wraps"]):
            left, centre, right = (PORT_NAMES[p] for p in SIDE_PORTS[SIDE_NAMES.index(side)])
            kind = segs[owner[centre]]["kind"] if centre in owner else ""
            mine = [p for p in (left, right) if p in owner and segs[owner[p]] is seg]
            if kind not in _LINEAR:
                text = _("side {side} has neither a road nor a river on its centre port "
                         "({kind})").format(side=side, kind=feature_name(kind)) if kind else \
                    _("side {side} has nothing on its centre port, not a road or a "
                      "river").format(side=side)
                report.error([*at, "wraps", k], text, "wraps-side")
            elif len(mine) < 2:
                report.error([*at, "wraps", k], _("wraps {side} but does not hold both {left} "
                                                  "and {right}").format(side=side, left=left,
                                                                        right=right),
                             "wraps-side")


def _lint_side(side: int, segs: list[dict[str, Any]], owner: dict[str, int],
               at: list[str | int], report: _Report) -> None:
    """City sides own all three ports; other sides keep fields on their halves."""
    left, centre, right = (PORT_NAMES[p] for p in SIDE_PORTS[side])
    name = SIDE_NAMES[side]
    if centre not in owner:
        return
    middle = segs[owner[centre]]
    if middle["kind"] == CITY:
        strays = [p for p in (left, right) if owner.get(p) != owner[centre]]
        if strays:
            where = "; ".join(_("{port} is in {id!r}").format(port=p, id=segs[owner[p]]["id"])
                              for p in strays if p in owner)
            text = _("side {side} is a city side: {left}, {centre} and {right} must all be in "
                     "city {id!r} ({where})") if where else _(
                "side {side} is a city side: {left}, {centre} and {right} must all be in city "
                "{id!r}")
            report.error([*at, "segments", owner[centre]], text.format(
                side=name, left=left, centre=centre, right=right, id=middle["id"], where=where),
                "city-side")
        return
    for port in (left, right):
        if port in owner and segs[owner[port]]["kind"] != FIELD:
            seg = segs[owner[port]]
            report.error([*at, "segments", owner[port], "ports", seg["ports"].index(port)],
                         _("{port} is a half-side port: it belongs to a field, not to segment "
                           "{id!r} ({kind})").format(port=port, id=seg["id"],
                                                     kind=feature_name(seg["kind"])),
                         "half-port")
    both = owner.get(left)
    if middle["kind"] in _LINEAR and both is not None and both == owner.get(right):
        field = segs[both]
        if field["kind"] == FIELD and name not in field.get("wraps", []):
            text = _("field {id!r} holds both {left} and {right} around the road on side "
                     "{side}; list {side!r} in its wraps if the road ends on this tile") \
                if middle["kind"] == ROAD else _(
                "field {id!r} holds both {left} and {right} around the river on side {side}; "
                "list {side!r} in its wraps if the river ends on this tile")
            report.error([*at, "segments", both], text.format(id=field["id"], left=left,
                                                              right=right, side=name),
                         "road-halves")


# --- boards ------------------------------------------------------------------------------


class _BoardLint:
    """The lint of one schema-valid board."""

    def __init__(self, data: dict[str, Any], catalogue: Catalogue, report: _Report) -> None:
        self.data = data
        self.catalogue = catalogue
        self.report = report
        self.players = len(data.get("players", []))
        self._loaded: list[str] | None = None
        self.listed = set(data["tilesets"]) if "tilesets" in data else None
        self.cells: dict[tuple[int, int], int] = {}
        self.placed: dict[tuple[int, int], Tile | None] = {}

    @property
    def loaded(self) -> list[str]:
        """Ids of every set loaded (listing them loads installed plugins' sets: only an
        unknown reference needs it)."""
        if self._loaded is None:
            self._loaded = [s.id for s in self.catalogue.sets]
        return self._loaded

    def _known_set(self, set_id: str) -> bool:
        try:
            self.catalogue.get_set(set_id)
        except KeyError:
            return False
        return True

    def run(self) -> None:
        data = self.data
        for k, set_id in enumerate(data.get("tilesets", [])):
            if not self._known_set(set_id):
                self.report.error(["tilesets", k], _("tile set {id!r} is not loaded (loaded: "
                                                     "{loaded})").format(
                    id=set_id, loaded=", ".join(self.loaded) or _("none")), "unknown-set")
        for i, placement in enumerate(data.get("tiles", [])):
            self.placement(placement, ["tiles", i])
        for i, figure in enumerate(data.get("figures", [])):
            at: list[str | int] = ["figures", i]
            self.player(figure["owner"], [*at, "owner"])
            self.feature(figure, at, _("no tile at ({x}, {y}) for this {figure}"),
                         figure=figure_name(figure["kind"]))
        self.annotations(data.get("annotations", {}))
        for i, move in enumerate(data.get("moves", [])):
            self.move(move, ["moves", i])
        if "puzzle" in data:
            self.puzzle(data["puzzle"])

    def tile(self, ref: str, at: Where, cell: tuple[int, int] | None = None) -> Tile | None:
        """The tile a reference names, or an error with close matches."""
        set_id = ref.split("/", 1)[0]
        if ref in self.catalogue:
            if self.listed is not None and set_id not in self.listed:
                self.report.warning(at, _("tile {tile!r} comes from set {set!r}, which tilesets "
                                          "does not list").format(tile=ref, set=set_id),
                                    "set-not-listed", cell=cell)
            return self.catalogue.tile(ref)
        close = self.suggest(ref)
        if close:
            text = _("unknown tile {tile!r}; did you mean {close}?")
        elif set_id in self.loaded:
            text = _("unknown tile {tile!r}; set {set!r} has no such tile")
        else:
            text = _("unknown tile {tile!r}; no tile set {set!r} is loaded")
        self.report.error(at, text.format(tile=ref, set=set_id, close=", ".join(close)),
                          "unknown-tile", cell=cell)
        return None

    def suggest(self, ref: str) -> list[str]:
        """Close matches for an unknown reference: the set id first, then the tile id."""
        import difflib  # only for unknown tiles: not on every start

        set_id, _, tile_id = ref.partition("/")
        sets = [set_id] if set_id in self.loaded else difflib.get_close_matches(
            set_id, self.loaded, n=3)
        found: list[str] = []
        for candidate in sets:
            ids = [t.id for t in self.catalogue.get_set(candidate).tiles]
            by_case = {i.lower(): i for i in ids}
            if tile_id.lower() in by_case:
                found.append(f"{candidate}/{by_case[tile_id.lower()]}")
            else:
                found += (f"{candidate}/{i}" for i in difflib.get_close_matches(tile_id, ids, n=3))
        return found[:3]

    def placement(self, placement: dict[str, Any], at: list[str | int]) -> None:
        cell = (placement["x"], placement["y"])
        tile = self.tile(placement["tile"], [*at, "tile"], cell)
        if cell in self.cells:
            other = self.data["tiles"][self.cells[cell]]["tile"]
            self.report.error(at, _("cell ({x}, {y}) already holds {tile} (tiles[{i}])").format(
                x=cell[0], y=cell[1], tile=other, i=self.cells[cell]), "cell-taken", cell=cell)
            return
        self.cells[cell] = int(at[-1])
        self.placed[cell] = tile

    def feature(self, ref: dict[str, Any], at: list[str | int], no_tile: str,
                **names: str) -> None:
        """A figure or feature reference: a placed tile and one of its segments; ``no_tile``
        (with ``{x}``, ``{y}`` and ``names``) says there is no tile there."""
        cell = (ref["x"], ref["y"])
        segment = ref["segment"]
        if cell not in self.cells:
            self.report.error(at, no_tile.format(x=cell[0], y=cell[1], **names), "no-tile",
                              cell=cell, segment=segment)
            return
        tile = self.placed[cell]
        if tile is not None and segment not in tile.segment_index:
            self.report.error([*at, "segment"], _(
                "tile {tile} has no segment {segment!r} (segments: {segments})").format(
                    tile=tile.ref, segment=segment, segments=", ".join(tile.segment_index)),
                "unknown-segment", cell=cell, segment=segment)

    def player(self, index: int, at: Where) -> None:
        if index < self.players:
            return
        text = _("no player {index}: the board has no players") if not self.players else \
            ngettext("no player {index}: the board has {n} player (indices 0 to {last})",
                     "no player {index}: the board has {n} players (indices 0 to {last})",
                     self.players)
        self.report.error(at, text.format(index=index, n=self.players, last=self.players - 1),
                          "no-player")

    def annotations(self, notes: dict[str, Any]) -> None:
        at: list[str | int] = ["annotations"]
        for i, arrow in enumerate(notes.get("arrows", [])):
            if arrow["from"] == arrow["to"]:
                self.report.warning([*at, "arrows", i], _("the arrow starts and ends on the "
                                                          "same cell"), "arrow-loop")
        for i, light in enumerate(notes.get("highlights", [])):
            seen: set[tuple[int, int]] = set()
            for k, (x, y) in enumerate(light.get("cells", [])):
                if (x, y) in seen:
                    self.report.warning([*at, "highlights", i, "cells", k], _(
                        "cell ({x}, {y}) is listed twice").format(x=x, y=y), "duplicate-cell",
                        cell=(x, y))
                seen.add((x, y))
            if "feature" in light:
                self.feature(light["feature"], [*at, "highlights", i, "feature"],
                             _("no tile at ({x}, {y}) for this highlight"))

    def move(self, move: dict[str, Any], at: list[str | int]) -> None:
        self.player(move["player"], [*at, "player"])
        if "tile" not in move:
            return
        tile = self.tile(move["tile"], [*at, "tile"])
        figure = move.get("figure")
        if tile is not None and figure and figure["segment"] not in tile.segment_index:
            self.report.error([*at, "figure", "segment"], _(
                "tile {tile} has no segment {segment!r} (segments: {segments})").format(
                    tile=tile.ref, segment=figure["segment"],
                    segments=", ".join(tile.segment_index)), "unknown-segment")

    def puzzle(self, puzzle: dict[str, Any]) -> None:
        at: list[str | int] = ["puzzle"]
        if "to_move" in puzzle:
            self.player(puzzle["to_move"], [*at, "to_move"])
        for k, ref in enumerate(puzzle.get("hand", [])):
            self.tile(ref, [*at, "hand", k])
        objective = puzzle["objective"]
        if "player" in objective:
            self.player(objective["player"], [*at, "objective", "player"])
        if "feature" in objective:
            self.feature(objective["feature"], [*at, "objective", "feature"],
                         _("no tile at ({x}, {y}) for the objective"))
        for i, move in enumerate(puzzle.get("solution", [])):
            self.move(move, [*at, "solution", i])


def lint_board(data: dict[str, Any], catalogue: Catalogue, file: str = "") -> list[Finding]:
    """Semantic findings for a schema-valid board, against the tiles of ``catalogue``.

    Whether the ruleset's editions exist is the rules engine's business, not checked here.
    """
    report = _Report(file)
    _BoardLint(data, catalogue, report).run()
    return report.findings
