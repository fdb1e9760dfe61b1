"""Import of JCloisterZone expansion XML: tiles, counts and aliases, with a report of the rest.

JCloisterZone describes a tile by its features. ``<city>N W</city>`` owns whole sides,
``<road>`` and ``<river>`` list the sides whose centre ports they reach, ``<farm>`` (older
files) or ``<field>`` lists half sides (``NL NR EL ER SL SR WL WR``) or ``I``/``II`` for an
inner field, and ``<cloister/>``, ``<monastery/>`` and ``<garden/>`` reach no port. A field's
``city="N W"`` names the cities it touches by one of their sides; a city's ``pennant(s)`` and
``resource`` become pennants and goods. ``<sets><tile-set id=...><ref count= tile=/>`` gives
the counts. Whatever has no place in a tile set file (wagon moves, towers, inns, deck rules)
is reported, never guessed. The JCloisterZone id of every tile is kept as its alias.
Tiles are written with :mod:`editor.formats.tile_entries`, as the tile-set designer writes them.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from editor.formats.tile_entries import (
    ordered_ports,
    segment_id,
    segment_order,
    sort_segments,
    tile_order,
    with_wraps,
)
from editor.i18n import _
from editor.model.findings import Finding, Severity
from editor.model.ports import (
    JCZ_HALF_PORTS,
    PORT_NAMES,
    SIDE_INDEX,
    SIDE_NAMES,
    SIDE_PORTS,
)
from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD

#: JCloisterZone resources → goods kinds.
RESOURCES = {"grain": "wheat", "wine": "wine", "cloth": "cloth"}
#: Tile groups that say something a tile set can hold (as a tile tag).
GROUP_TAGS = {"river-spring": "spring", "river-lake": "lake"}
#: Tile groups that need no mapping (the river kind says it all).
QUIET_GROUPS = frozenset({"river", "river-fork"})
#: Feature elements and the segment kind they become.
EDGE_ELEMENTS = {"city": CITY, "road": ROAD, "river": RIVER}
FIELD_ELEMENTS = frozenset({"farm", "field"})
BUILDING_ELEMENTS = {"cloister": MONASTERY, "monastery": MONASTERY, "garden": GARDEN}
#: Attribute values that read as a flag; such flags are kept as segment tags.
FLAG_VALUES = frozenset({"yes", "true"})
UNMAPPED = "jcz-unmapped"
INFERRED = "jcz-inferred"
_TILE_ID = re.compile(r"[^A-Za-z0-9_.+-]")
_SET_ID = re.compile(r"[^a-z0-9.-]+")


class JczError(ValueError):
    """The file cannot be read as JCloisterZone tile XML."""


@dataclass
class JczImport:
    """A tile set read from JCloisterZone XML, and what could not be mapped."""

    #: the tile set, in the file form (check it with ``check_tileset``)
    data: dict[str, Any]
    #: warnings for what was dropped, notes for what was inferred; paths point into ``data``
    findings: list[Finding] = field(default_factory=list)
    #: every ``<tile-set>`` id of the file, in file order
    tile_sets: list[str] = field(default_factory=list)
    #: the tile set whose counts were used (``None`` when the file has none)
    tile_set: str | None = None

    def report(self) -> str:
        """The findings as lines for people, the unmapped ones first."""
        order = sorted(self.findings, key=lambda f: f.severity is not Severity.WARNING)
        return "\n".join((_("not mapped: {message}") if f.code == UNMAPPED
                          else _("note: {message}")).format(message=f.message) for f in order)


def jcz_tile_sets(path: str | os.PathLike[str]) -> list[str]:
    """The ``<tile-set>`` ids of a file (to let a person choose one)."""
    return [s.get("id", "") for s in _root(_read(path), str(path)).iter("tile-set")]


def read_jcz(path: str | os.PathLike[str], tile_set: str | None = None) -> JczImport:
    """Import a JCloisterZone XML file; ``tile_set`` picks the counts (default: the first)."""
    return parse_jcz(_read(path), tile_set, str(path))


def _read(path: str | os.PathLike[str]) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise JczError(_("cannot read {file}: {error}").format(
            file=path, error=exc.strerror or exc)) from exc


def _root(text: str | bytes, file: str) -> ET.Element:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise JczError(_("{file} is not XML: {error}").format(file=_name(file), error=exc)
                       ) from exc
    except (LookupError, ValueError) as exc:  # an encoding expat does not know or read
        raise JczError(_("{file} cannot be read: {error}").format(file=_name(file), error=exc)
                       ) from exc
    if root.find("tiles") is None and root.tag != "tiles":
        raise JczError(_("{file} holds no <tiles>: not a JCloisterZone tile file").format(
            file=_name(file)))
    return root


def _name(file: str) -> str:
    """The file's name in a message, or a word for it when it has none."""
    return file or _("the file")


def parse_jcz(text: str | bytes, tile_set: str | None = None, file: str = "") -> JczImport:
    """Import JCloisterZone XML text (see :func:`read_jcz`)."""
    root = _root(text, file)
    tiles = root if root.tag == "tiles" else root.find("tiles")
    assert tiles is not None
    defined = {t.get("id", ""): t for t in tiles.iter("tile")}
    sets = list(root.iter("tile-set"))
    result = JczImport({}, tile_sets=[s.get("id", "") for s in sets])
    notes = _Notes(result.findings, file)
    chosen = _choose_set(sets, tile_set, file)
    if chosen is None:
        counts = dict.fromkeys(defined, 1)
        if defined:
            notes.add("$", _("the file has no <tile-set>: every tile is counted once"),
                      INFERRED)
    else:
        result.tile_set = chosen.get("id", "")
        counts = _counts(chosen, defined, notes)
        left_out = [jcz_id for jcz_id in defined if jcz_id not in counts]
        if left_out:
            notes.add("$", _("not in tile set {tileset}, left out: {tiles}").format(
                tileset=result.tile_set, tiles=", ".join(left_out)), INFERRED)
    name = result.tile_set or Path(file).stem or "JCloisterZone tiles"
    part, _sep, edition = name.partition(":")
    data: dict[str, Any] = {
        "format": 1,
        "id": _set_id(name),
        "name": f"{name} (JCloisterZone)",
        "part": part or "custom",
        "edition": f"JCZ {edition}" if edition else "JCZ",
        "provenance": {"sources": [f"JCloisterZone {Path(file).name or 'XML'}"
                                   + (f", tile set {result.tile_set}" if result.tile_set
                                      else "")]},
        "tiles": [],
    }
    taken: set[str] = set()
    for jcz_id, count in counts.items():
        index = len(data["tiles"])
        tile_notes = notes.at(f"$.tiles[{index}]", jcz_id)
        tile = _tile(defined[jcz_id], _tile_id(jcz_id, taken), tile_notes)
        tile["count"] = count
        data["tiles"].append(tile_order(tile))
    result.data = data
    return result


def _choose_set(sets: list[ET.Element], wanted: str | None, file: str) -> ET.Element | None:
    if wanted is None:
        return sets[0] if sets else None
    for candidate in sets:
        if candidate.get("id") == wanted:
            return candidate
    if not sets:
        raise JczError(_("{file} has no tile set {wanted!r} (it has no tile sets)").format(
            file=_name(file), wanted=wanted))
    have = ", ".join(s.get("id", "?") for s in sets)
    raise JczError(_("{file} has no tile set {wanted!r} (tile sets: {have})").format(
        file=_name(file), wanted=wanted, have=have))


def _counts(chosen: ET.Element, defined: dict[str, ET.Element], notes: _Notes) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in chosen:
        ref = item.get("tile", "")
        if item.tag != "ref":
            notes.add("$", _("<{tag} tile={tile!r}> in tile set {tileset} is not mapped (it "
                             "changes another expansion's tiles)").format(
                                 tag=item.tag, tile=ref, tileset=chosen.get("id")), UNMAPPED)
        elif ref not in defined:
            notes.add("$", _("tile set {tileset} counts {tile!r}, which this file does not "
                             "define").format(tileset=chosen.get("id"), tile=ref), UNMAPPED)
        else:
            try:
                count = int(item.get("count", "1"))
            except ValueError:
                count = 1
                notes.add("$", _("{tile}: count {count!r} is not a number; counted "
                                 "once").format(tile=ref, count=item.get("count")), INFERRED)
            counts[ref] = counts.get(ref, 0) + max(count, 1)
    return counts


class _Notes:
    """Findings of one import; :meth:`at` gives a per-tile view."""

    def __init__(self, findings: list[Finding], file: str, path: str = "$",
                 tile: str = "") -> None:
        self.findings = findings
        self.file = file
        self.path = path
        self.tile = tile

    def at(self, path: str, tile: str) -> _Notes:
        return _Notes(self.findings, self.file, path, tile)

    def add(self, path: str, message: str, code: str) -> None:
        severity = Severity.WARNING if code == UNMAPPED else Severity.INFO
        self.findings.append(Finding(message, path, self.file, code, severity))

    def tile_note(self, message: str, code: str) -> None:
        self.add(self.path, _("{tile}: {message}").format(tile=self.tile, message=message),
                 code)


def _set_id(name: str) -> str:
    text = _SET_ID.sub("-", name.lower()).strip("-.")
    return text or "jcz-import"


def _tile_id(jcz_id: str, taken: set[str]) -> str:
    """A valid, unique tile id from a JCloisterZone id: its part after the last slash."""
    candidates = [jcz_id.rsplit("/", 1)[-1], jcz_id.replace("/", "-")]
    for candidate in candidates:
        text = _TILE_ID.sub("_", candidate)
        text = text if text[:1].isalnum() else f"T{text}"
        if text not in taken:
            taken.add(text)
            return text
    n = 2
    while f"{text}-{n}" in taken:
        n += 1
    taken.add(f"{text}-{n}")
    return f"{text}-{n}"


def _tile(element: ET.Element, tile_id: str, notes: _Notes) -> dict[str, Any]:
    """One ``<tile>`` as a tile dict (count set by the caller)."""
    jcz_id = element.get("id", "")
    tile: dict[str, Any] = {"id": tile_id, "aliases": [jcz_id] if jcz_id else []}
    tags: list[str] = []
    for key, value in element.attrib.items():
        if key == "id":
            continue
        if key == "group" and value in GROUP_TAGS:
            tags.append(GROUP_TAGS[value])
        elif not (key == "group" and value in QUIET_GROUPS):
            notes.tile_note(_("tile attribute {key}={value!r} is not mapped").format(
                key=key, value=value), UNMAPPED)
    builder = _TileBuilder(notes)
    for child in element:
        builder.feature(child)
    tile["segments"] = builder.finish()
    if tags:
        tile["tags"] = tags
    tile["provenance"] = {"sources": [f"JCZ {jcz_id}"]}
    return tile


class _TileBuilder:
    """Collects the segments of one tile from its feature elements."""

    def __init__(self, notes: _Notes) -> None:
        self.notes = notes
        self.segments: list[dict[str, Any]] = []
        self.owner: dict[int, int] = {}
        #: side → index of the city segment owning it
        self.city_sides: dict[int, int] = {}
        #: field segment index → the sides its city="..." names
        self.field_cities: dict[int, list[str]] = {}

    def feature(self, element: ET.Element) -> None:
        tag = element.tag
        tokens = (element.text or "").split()
        if tag in EDGE_ELEMENTS:
            self.edge(EDGE_ELEMENTS[tag], tag, tokens, element.attrib)
        elif tag in FIELD_ELEMENTS:
            self.field(tag, tokens, element.attrib)
        elif tag in BUILDING_ELEMENTS:
            self.add(BUILDING_ELEMENTS[tag], [], tag, element.attrib, ())
        else:
            self.notes.tile_note(_("<{tag}> is not mapped").format(tag=tag), UNMAPPED)

    def add(self, kind: str, ports: list[int], tag: str, attrib: dict[str, str],
            known: Collection[str]) -> int:
        segment: dict[str, Any] = {"kind": kind, "ports": ports}
        index = len(self.segments)
        for key, value in attrib.items():
            if key in known:
                continue
            if value.lower() in FLAG_VALUES:
                segment.setdefault("tags", []).append(key)
                self.notes.tile_note(_("{tag} {key}={value!r} kept only as the segment tag "
                                       "{key!r}").format(tag=tag, key=key, value=value),
                                     INFERRED)
            else:
                self.notes.tile_note(_("{tag} attribute {key}={value!r} is not mapped").format(
                    tag=tag, key=key, value=value), UNMAPPED)
        for port in ports:
            self.owner[port] = index
        self.segments.append(segment)
        return index

    def claim(self, ports: Iterable[int], tag: str) -> list[int]:
        """The ports not yet taken; taken ones are reported."""
        free = []
        for port in ports:
            if port in self.owner or port in free:
                self.notes.tile_note(_("{tag}: port {port} is already in another feature; "
                                       "ignored").format(tag=tag, port=PORT_NAMES[port]),
                                     UNMAPPED)
            else:
                free.append(port)
        return free

    def sides(self, tokens: list[str], tag: str) -> list[int]:
        found = []
        for token in tokens:
            if token in SIDE_INDEX:
                found.append(SIDE_INDEX[token])
            else:
                self.notes.tile_note(_("{tag}: {token!r} is not a side (N, E, S, W); "
                                       "ignored").format(tag=tag, token=token), UNMAPPED)
        return found

    def edge(self, kind: str, tag: str, tokens: list[str], attrib: dict[str, str]) -> None:
        sides = self.sides(tokens, tag)
        if kind == CITY:
            ports = self.claim([p for s in sides for p in SIDE_PORTS[s]], tag)
        else:
            ports = self.claim([SIDE_PORTS[s][1] for s in sides], tag)
        index = self.add(kind, ports, tag, attrib, ("pennant", "pennants", "resource"))
        segment = self.segments[index]
        if kind == CITY:
            for side in sides:
                self.city_sides.setdefault(side, index)
            pennants = attrib.get("pennants", attrib.get("pennant"))
            if pennants is not None:
                segment["pennants"] = self.number(pennants, tag)
            if "resource" in attrib:
                goods = RESOURCES.get(attrib["resource"], attrib["resource"])
                if goods not in RESOURCES.values():
                    self.notes.tile_note(_("resource {goods!r} kept as a goods kind of its "
                                           "own").format(goods=goods), INFERRED)
                segment["goods"] = {goods: 1}
        else:
            for key in ("pennant", "pennants", "resource"):
                if key in attrib:
                    self.notes.tile_note(_("{tag} attribute {key}={value!r} is not "
                                           "mapped").format(tag=tag, key=key,
                                                            value=attrib[key]), UNMAPPED)

    def number(self, text: str, tag: str) -> int:
        try:
            return max(int(text), 0)
        except ValueError:
            self.notes.tile_note(_("{tag}: pennants {value!r} is not a number; 1 "
                                   "assumed").format(tag=tag, value=text), INFERRED)
            return 1

    def field(self, tag: str, tokens: list[str], attrib: dict[str, str]) -> None:
        ports: list[int] = []
        inner = False
        for token in tokens:
            if token in JCZ_HALF_PORTS:
                ports.append(JCZ_HALF_PORTS[token])
            elif token in ("I", "II"):
                inner = True
            else:
                self.notes.tile_note(_("{tag}: {token!r} is not a half side "
                                       "(NL NR EL ER SL SR WL WR) or I; ignored").format(
                                           tag=tag, token=token), UNMAPPED)
        index = self.add(FIELD, self.claim(ports, tag), tag, attrib, ("city",))
        if inner:
            self.segments[index].setdefault("tags", []).insert(0, "inner")
        if "city" in attrib:
            self.field_cities[index] = attrib["city"].split()

    def finish(self) -> list[dict[str, Any]]:
        """Centre ports of field sides, leftovers, ids, cities, wraps; the segments."""
        self.centres()
        leftovers = [p for p in range(12) if p not in self.owner]
        if leftovers:
            names = " ".join(PORT_NAMES[p] for p in leftovers)
            self.notes.tile_note(_("ports {ports} are in no JCZ feature; put in a field of "
                                   "their own").format(ports=names), INFERRED)
            self.add(FIELD, leftovers, "field", {}, ())
        segments = self.segments
        kinds = [s["kind"] for s in segments]
        taken: set[str] = set()
        for segment in segments:
            ports = segment["ports"]
            if "inner" in segment.get("tags", ()):
                segment["id"] = segment_id("field-inner", [], taken)
            else:
                plain = kinds.count(segment["kind"]) == 1
                segment["id"] = segment_id(segment["kind"], [PORT_NAMES[p] for p in ports],
                                           taken, plain)
            taken.add(segment["id"])
            segment["ports"] = ordered_ports(PORT_NAMES[p] for p in ports)
        for index, named in self.field_cities.items():
            cities: list[str] = []
            for name in named:
                city = self.city_sides.get(SIDE_INDEX.get(name, -1))
                if city is None:
                    self.notes.tile_note(_("field city={name!r}: no city on that side; "
                                           "ignored").format(name=name), UNMAPPED)
                elif segments[city]["id"] not in cities:
                    cities.append(segments[city]["id"])
            if cities:
                segments[index]["cities"] = cities
        return [segment_order(s) for s in sort_segments(with_wraps(segments))]

    def centres(self) -> None:
        """A side without city, road or river: its centre port joins the field on its halves."""
        for side in range(4):
            left, centre, right = SIDE_PORTS[side]
            if centre in self.owner:
                continue
            halves = [self.owner[p] for p in (left, right) if p in self.owner
                      and self.segments[self.owner[p]]["kind"] == FIELD]
            if not halves:
                continue
            if len(set(halves)) > 1:
                self.notes.tile_note(_("side {side}: its halves lie in two fields; its "
                                       "centre port was put in the left one").format(
                                           side=SIDE_NAMES[side]), INFERRED)
            self.owner[centre] = halves[0]
            self.segments[halves[0]]["ports"].append(centre)
