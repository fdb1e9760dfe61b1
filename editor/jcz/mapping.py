"""JCloisterZone names → ours: tile sets, elements, rule options, tiles, rotations, locations.

JCZ names a tile set with its edition (``basic:1``, ``traders-and-builders:2``), a figure
deployment by the tile's cell and a *location* in board orientation (after the tile's
rotation): ``N``, ``NS``, ``_S`` (every side but S) for cities and roads, half-sides joined
by dots (``EL.ER.WL.WR``) for fields, ``CLOISTER`` for a monastery, ``I`` for a garden or an
inner field. Our segments are found through the placed tile's ports: a side is its centre
port, a half-side is ``NL=NNW, NR=NNE, EL=ENE, ER=ESE, SL=SSE, SR=SSW, WL=WSW, WR=WNW``.

The River: JCZ names its tile set by release and edition, ``river/1:1`` or ``river/1:2``
(the suffix follows the game's garden switch, like ``basic:1``/``basic:2``: ``:1`` is the
first River with two plain bends ``RI.1/II``, ``:2`` the C2 River whose second bend has a
garden ``RI.1/IIG``). Both map to our ``river-c2`` tiles, whose ``aliases`` hold the JCZ ids
(``RI/s`` the spring A, ``RI.1/I.e`` the lake L). With ``basic:2`` the River is part of
``base:C2``. With ``basic:1`` (C1 had the River as a separate 2001 release; our C1 edition
has no river set) the River's tiles are ``river-c2`` tiles played under ``base:C1``: the
board lists ``base-c1`` and ``river-c2`` in its ``tilesets``, and the River's placement rules
apply to any tile with a river. The River II (``river/2:…``) and the GQ11 river tile are
not supported. No figure stands on a river: a location that names a river is an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from editor.i18n import N_, _, ngettext, translate
from editor.model.players import ABBOT, BUILDER, FOLLOWER, PIG
from editor.model.ports import JCZ_HALF_PORTS, SIDE_INDEX, centre, quarter_turns
from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD, Tile
from editor.rules.editions import JczNames
from editor.terms import feature_name

#: JCZ tile set (expansion, edition) → (our edition, our tile set).
SETS: dict[tuple[str, str], tuple[str, str]] = {
    ("basic", "1"): ("base:C1", "base-c1"),
    ("basic", "2"): ("base:C2", "base-c2"),
    ("traders-and-builders", "1"): ("traders-builders:C1", "traders-builders-c1"),
    ("traders-and-builders", "2"): ("traders-builders:C2", "traders-builders-c2"),
}
#: JCZ River tile set (release/edition) → our river tile set; with ``basic:2`` it belongs to
#: ``base:C2``, with ``basic:1`` its tiles are listed beside ``base-c1`` (module docstring).
RIVER_SETS: dict[tuple[str, str], str] = {
    ("river/1", "1"): "river-c2",
    ("river/1", "2"): "river-c2",
}
#: JCZ ``tiny-city-scoring`` × base edition → our base options. JCZ scores farms one way
#: only, field by field without limit (``farms=2002``); its option changes the 2-tile city
#: alone, our ``small_city`` (docs/rules.md#base.city.small-city).
TINY_CITY: dict[tuple[str, str], dict[str, object]] = {
    ("base:C1", "4"): {"rules": "2002"},
    ("base:C1", "2"): {"farms": "2002", "small_city": True},
    ("base:C2", "4"): {},
    ("base:C2", "2"): {"small_city": True},
}
#: Our Traders & Builders edition for the figures of a base game without its tiles.
TB_FOR_BASE = {"base:C1": "traders-builders:C1", "base:C2": "traders-builders:C2"}
#: Figure elements (a count per player) → our figure kind, and the game part that has it.
FIGURE_ELEMENTS: dict[str, tuple[str, str]] = {
    "small-follower": (FOLLOWER, "base"),
    "abbot": (ABBOT, "base:C2"),
    "builder": (BUILDER, "traders-builders"),
    "pig": (PIG, "traders-builders"),
}
#: JCZ meeple type (``0.small.1``) → our figure kind.
MEEPLES: dict[str, str] = {"small": FOLLOWER, "abbot": ABBOT, "builder": BUILDER, "pig": PIG}
#: JCZ rule options that belong to expansions we do not read: ignored, with a note.
OTHER_EXPANSION_RULES: dict[str, str] = {
    "princess-action": N_("The Princess & the Dragon"),
    "fairy-placement": N_("The Princess & the Dragon"),
    "dragon-move": N_("The Princess & the Dragon"),
    "barn-placement": N_("Abbey & Mayor"),
    "wagon-move": N_("Abbey & Mayor"),
    "bazaar-no-auction": N_("Bridges, Castles & Bazaars"),
    "hill-tiebreaker": N_("Hills & Sheep"),
    "espace-variant": N_("Siege"),
    "gq11-pig-herd": "Games Quarterly 11",
    "tunnelize-other-expansions": N_("The Tunnel"),
    "more-tunnel-tokens": N_("The Tunnel"),
    "festival-return": N_("The Festival"),
    "keep-monasteries": N_("Monasteries"),
    "labyrinth-variant": N_("The Labyrinth"),
    "coc-final-scoring": N_("The Count of Carcassonne"),
    "count-move": N_("The Count of Carcassonne"),
    "little-buildings-scoring": N_("Little Buildings"),
    "king-and-robber-scoring": N_("King & Robber"),
}
#: JCZ feature names in pointers and test assertions → our segment kinds.
FEATURES: dict[str, str] = {
    "city": CITY, "road": ROAD, "field": FIELD, "farm": FIELD, "monastery": MONASTERY,
    "cloister": MONASTERY, "garden": GARDEN,
}
_SIDE_NAMES = {
    "N": "N", "E": "E", "S": "S", "W": "W", "NW": "NW", "SW": "SW", "SE": "SE", "NE": "NE",
    "WE": "WE", "NS": "NS", "NWSE": "NESW", "_N": "ESW", "_E": "NSW", "_S": "NEW", "_W": "NES",
}
_ROTATION = re.compile(r"^R(0|90|180|270)$")




#: The names of the built-in editions.
BUILTIN = JczNames(SETS, FIGURE_ELEMENTS, MEEPLES)


def merged(extra: Iterable[JczNames] = ()) -> JczNames:
    """The built-in names with those plugins add (a built-in name is never replaced)."""
    names = [*extra, BUILTIN]
    return JczNames(*({k: v for n in names for k, v in getattr(n, part).items()}
                      for part in ("sets", "figures", "meeples", "switches")))


@dataclass(slots=True)
class SetupMapping:
    """The ruleset a JCZ set-up maps to, with what could not be mapped."""

    editions: list[str] = field(default_factory=list)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    tilesets: list[str] = field(default_factory=list)
    #: the JCZ River set's edition suffix (``"1"`` or ``"2"``), None without the River
    river: str | None = None
    #: figure kind → figures per player, where the set-up says so
    supply: dict[str, int] = field(default_factory=dict)
    farmers: bool = True
    #: (JSON path, message): content we cannot reproduce
    unsupported: list[tuple[str, str]] = field(default_factory=list)
    #: (JSON path, message): content read but without effect here, or a caveat
    notes: list[tuple[str, str]] = field(default_factory=list)
    #: (JSON path, message): content mapped with a known difference
    warnings: list[tuple[str, str]] = field(default_factory=list)
    #: expansion editions in play for their figures alone, without their tiles (JCZ's
    #: ``pig`` element in a base game)
    figures_only: list[str] = field(default_factory=list)
    #: our tile set → boxes of it in the game (JCZ's ``"basic:2": 2``), when more than one
    copies: dict[str, int] = field(default_factory=dict)


def _enabled(value: object) -> bool:
    return value not in (False, 0, "off", None)


def map_setup(sets: dict[str, Any], elements: dict[str, Any],
              rules: dict[str, Any], names: JczNames = BUILTIN) -> SetupMapping:
    """Map ``setup.sets``, ``setup.elements`` and ``setup.rules`` to our ruleset, knowing
    the built-in ``names`` and those of plugins (:func:`merged`)."""
    out = SetupMapping()
    river_at = "$.setup.sets"
    for name, count in sets.items():
        where = f"$.setup.sets['{name}']"
        if not _enabled(count):
            continue
        expansion, _sep, edition = name.partition(":")
        if not edition:
            edition = "1"
            out.notes.append((where, _("tile set {name!r} names no edition: read as "
                                       "{name}:1").format(name=name)))
        found = names.sets.get((expansion, edition))
        river = RIVER_SETS.get((expansion, edition))
        if found is None and river is None:
            out.unsupported.append((where, _unknown_set(name, expansion, names)))
            continue
        boxes = count if isinstance(count, int) and not isinstance(count, bool) else 1
        if boxes > 1 and river is not None:
            out.unsupported.append((where, ngettext(
                "the River used {n} time: only one River is supported",
                "the River used {n} times: only one River is supported", boxes).format(n=boxes)))
        elif boxes > 1 and found is not None:
            out.copies[found[1]] = boxes
            out.notes.append((where, ngettext("tile set {name!r} {n} time: {n} copy of each of its "
                                              "tiles", "tile set {name!r} {n} times: {n} "
                                              "copies of each of its tiles", boxes).format(
                                                  name=name, n=boxes)))
        if river is not None:
            out.river = edition
            river_at = where
            out.tilesets.append(river)
        elif found is not None:
            out.editions.append(found[0])
            out.tilesets.append(found[1])
    bases = [e for e in out.editions if e.startswith("base:")]
    if not bases:
        if not out.unsupported:
            out.unsupported.append(("$.setup.sets", _("no base game tile set (basic:1 or "
                                                      "basic:2): not supported")))
        return out
    out.editions.sort(key=lambda e: not e.startswith("base:"))
    base = bases[0]
    if out.river is not None and base == "base:C1":
        out.notes.append((river_at, _("The River with basic:1: our C1 edition has no river "
                                      "set, so the River's tiles are river-c2 tiles played "
                                      "under base:C1 (the board lists tilesets base-c1 and "
                                      "river-c2)")))
    _map_rules(out, base, rules)
    _map_elements(out, base, elements, names)
    return out


def _unknown_set(name: str, expansion: str, names: JczNames) -> str:
    known = ", ".join(f"{e}:{n}" for e, n in [*names.sets, *RIVER_SETS])
    if expansion.startswith("river/") or expansion == "river":
        return _("tile set {name!r} is not supported: of the River only The River I "
                 "(river/1:1, river/1:2) has tiles here").format(name=name)
    return _("tile set {name!r} is not supported (supported: {known})").format(
        name=name, known=known)


def _map_rules(out: SetupMapping, base: str, rules: dict[str, Any]) -> None:
    tiny = str(rules.get("tiny-city-scoring", "4"))
    options = TINY_CITY.get((base, tiny))
    where = "$.setup.rules['tiny-city-scoring']"
    if options is None:
        out.unsupported.append((where, _("tiny-city-scoring {value!r} with {edition}: "
                                         "expected '4' or '2'").format(value=tiny,
                                                                         edition=base)))
    elif options:
        out.options[base] = dict(options)
    for name, value in rules.items():
        if name == "tiny-city-scoring":
            continue
        part = OTHER_EXPANSION_RULES.get(name)
        where = f"$.setup.rules['{name}']"
        if part is None:
            out.unsupported.append((where, _("unknown rule option {name!r} = {value!r}").format(
                name=name, value=value)))
        else:
            out.notes.append((where, _("rule option {name!r} belongs to {expansion}, which "
                                       "this game does not use: ignored").format(
                                           name=name, expansion=translate(part))))


def _map_elements(out: SetupMapping, base: str, elements: dict[str, Any],
                  names: JczNames) -> None:
    has_tb = any(e.startswith("traders-builders:") for e in out.editions)
    if base == "base:C2":
        out.supply[ABBOT] = 0  # JCZ's default: no abbot unless the set-up adds one
    tb_figures = [n for n in ("builder", "pig") if _count(elements.get(n))]
    if not has_tb and tb_figures and base in TB_FOR_BASE:
        edition = TB_FOR_BASE[base]
        out.editions.append(edition)
        out.figures_only.append(edition)
        out.notes.append((f"$.setup.elements['{tb_figures[0]}']",
                          _("{elements} without the Traders & Builders tiles: played as the "
                            "figures of {edition} with the base tiles only").format(
                                elements=" + ".join(tb_figures), edition=edition)))
        has_tb = True
    parts = {e.partition(":")[0] for e in out.editions}
    for kind, needs in names.figures.values():  # JCZ gives an expansion's figures only
        if needs in parts and needs != "base":  # when the set-up adds them
            out.supply.setdefault(kind, 0)
    for name, value in elements.items():
        where = f"$.setup.elements['{name}']"
        if name in names.figures:
            kind, needs = names.figures[name]
            available = needs in ("base", base) or needs in parts
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                out.unsupported.append((where, _("{name} must be a count, not {value!r}").format(
                    name=name, value=value)))
            elif available:
                out.supply[kind] = value
            elif value:
                out.unsupported.append((where, _("{name} {value} needs {expansion}, which this "
                                                 "set-up does not map to").format(
                                                     name=name, value=value, expansion=needs)))
        elif name == "farmers":
            out.farmers = bool(value)
            if not value:
                out.notes.append((where, _("no farmers: a deployment on a field is refused")))
        elif name == "garden":
            if base != "base:C2" and _enabled(value):
                out.unsupported.append((where, _("gardens need basic:2")))
            elif not _enabled(value) and base == "base:C2":
                out.notes.append((where, _("gardens off: our C2 keeps gardens, which score "
                                           "only for an abbot, and the log places none "
                                           "there")))
        elif name == "traders":
            if has_tb and not _enabled(value):
                out.unsupported.append((where, _("trade goods off: our Traders & Builders "
                                                 "always gives goods")))
        elif name in names.switches:
            if not _enabled(value):
                out.unsupported.append((where, _("{name} off: {rule} is always played "
                                                 "here").format(
                                                     name=name,
                                                     rule=translate(names.switches[name]))))
        elif name == "pig-herd":
            out.notes.append((where, _("pig herds: no base or Traders & Builders tile has "
                                       "one: nothing to do")))
        elif _enabled(value):
            out.unsupported.append((where, _("element {name!r} = {value!r} is not "
                                             "supported").format(name=name, value=value)))
        else:
            out.notes.append((where, _("element {name!r} is off: ignored").format(name=name)))


def _count(value: object) -> int:
    """A figure element's count (0 for anything else)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def rotation(value: object) -> int:
    """``R90`` (messages) or ``90`` (start tiles) as quarter turns (``ValueError`` if not)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return quarter_turns(value)
    if isinstance(value, str):
        m = _ROTATION.match(value)
        if m:
            return quarter_turns(int(m.group(1)))
    raise ValueError(_("rotation {value!r} is not R0, R90, R180 or R270").format(value=value))


def figure_kind(meeple_id: str, names: JczNames = BUILTIN) -> str | None:
    """Our figure kind for a JCZ meeple id such as ``0.small.1`` (None if unknown)."""
    parts = meeple_id.split(".")
    return names.meeples.get(parts[1]) if len(parts) >= 2 else None


def location_ports(location: str) -> tuple[frozenset[int], str | None]:
    """The board ports a JCZ location names, or a special place (``CLOISTER``, ``I``, ...).

    Raises ``ValueError`` for a name JCZ does not define.
    """
    ports: set[int] = set()
    special = None
    for part in location.split("."):
        if part in _SIDE_NAMES:
            ports.update(centre(SIDE_INDEX[s]) for s in _SIDE_NAMES[part])
        elif part in JCZ_HALF_PORTS:
            ports.add(JCZ_HALF_PORTS[part])
        elif part in ("CLOISTER", "MONASTERY", "I", "INNER_FARM", "INNER_FARM_B", "ABBOT"):
            special = part
        else:
            raise ValueError(_("unknown location {location!r}").format(location=location))
    return frozenset(ports), special


def segment_for(tile: Tile, turns: int, feature: str | None, location: str) -> str:
    """The id of the segment of ``tile`` (turned ``turns`` quarter turns) that a JCZ
    pointer names; ``ValueError`` says why none fits."""
    ports, special = location_ports(location)
    kind = None
    if feature is not None:
        kind = FEATURES.get(feature.lower())
        if kind is None:
            raise ValueError(_("feature {feature!r} is not supported").format(feature=feature))
    degrees = turns * 90
    if special is not None:
        return _special_segment(tile, kind, special, degrees)
    owners = {tile.orientations[turns].port_segment[p] for p in ports}
    if len(owners) != 1 or -1 in owners:
        raise ValueError(_("{tile} turned {degrees}° has no single segment at "
                           "{location!r}").format(tile=tile.ref, degrees=degrees,
                                                  location=location))
    seg = tile.segments[owners.pop()]
    if seg.kind == RIVER:
        raise ValueError(_("{tile} turned {degrees}° has a river at {location!r}: no figure "
                           "may stand on a river").format(tile=tile.ref, degrees=degrees,
                                                          location=location))
    wanted = {kind} if kind else ({CITY, ROAD} if all(p % 3 == 0 for p in ports) else {FIELD})
    if seg.kind not in wanted:
        raise ValueError(_("{tile} turned {degrees}° has a segment of another kind at "
                           "{location!r} ({kind}; expected: {expected})").format(
                               tile=tile.ref, degrees=degrees, location=location,
                               kind=feature_name(seg.kind),
                               expected=" / ".join(feature_name(k) for k in sorted(wanted))))
    return seg.id


def _special_segment(tile: Tile, kind: str | None, special: str, degrees: int) -> str:
    inner = [s for s in tile.segments if not s.ports]
    if special in ("CLOISTER", "MONASTERY", "ABBOT"):
        found = [s for s in inner if s.kind == MONASTERY]
    elif special in ("INNER_FARM", "INNER_FARM_B"):
        fields = [s for s in inner if s.kind == FIELD]
        found = fields[1:2] if special == "INNER_FARM_B" else fields[:1]
    else:
        found = [s for s in inner if kind is None or s.kind == kind]
    if len(found) != 1:
        if kind is None:
            raise ValueError(_("{tile} turned {degrees}° has no single segment at "
                               "{location!r}").format(tile=tile.ref, degrees=degrees,
                                                      location=special))
        raise ValueError(_("{tile} turned {degrees}° has no single segment of this kind at "
                           "{location!r} ({kind})").format(tile=tile.ref, degrees=degrees,
                                                           location=special,
                                                           kind=feature_name(kind)))
    return found[0].id
