"""Base-game scoring: roads, cities, monasteries and gardens, and the three farm rules.

Nothing here depends on the order of the tiles or figures in a file: features are read off
the union-find, and where a rule leaves a choice to the order (rules 2001 pay each city
once per player, through one of the player's fields), we decide it by what the player
scores, then by the field's cities and place on the board (docs/rules.md#base.farm.2001).
"""

from __future__ import annotations

from dataclasses import replace

from editor.api import (
    CITY,
    FIELD,
    GARDEN,
    ROAD,
    Board,
    Event,
    FeatureInfo,
    RuleRef,
    Ruleset,
    define,
    describe,
    figures_by_root,
)
from editor.api import events as ev

from ..translations import _, ngettext

RULE_ROAD = define("base.road", "road: 1 point per tile, completed or not",
                   "WCP-Winter", "Dized")
RULE_CITY = define("base.city", "completed city: 2 per tile + 2 per pennant; incomplete at "
                   "the end: 1 per tile + 1 per pennant", "WCP-Winter", "Dized")
RULE_SMALL_CITY = define(
    "base.city.small-city", "small city (C1 rules 2000 and 2001, option small_city): a "
    "completed city of exactly 2 tiles scores 1 per tile + 1 per pennant",
    "CC-2544", "WP-copy", "GB", "JCZ-City")
RULE_MONASTERY = define(
    "base.monastery", "monastery: 9 when the tile and its 8 neighbours are on the board; "
    "1 + 1 per neighbouring tile at the end", "WCP-Winter", "Dized")
RULE_GARDEN = define(
    "base.abbot.garden", "garden (only the abbot stands there): 9 when surrounded; 1 + 1 per "
    "neighbouring tile at the end", "WCP-Abbot", "Papageek-Abbot")
RULE_ABBOT_BACK = define(
    "base.abbot.take-back", "instead of placing a figure, a player may take their abbot back "
    "and score its monastery or garden at once: 1 + 1 per neighbouring tile",
    "WCP-Abbot", "Papageek-Abbot")
RULE_MAJORITY = define(
    "base.majority", "the player(s) with the most followers on a feature score it; tied "
    "players all score in full", "WCP-Winter", "GB")
RULE_FARM_2000 = define(
    "base.farm.2000", "farms=2000, city by city: for each completed city, the player(s) with "
    "the most farmers over all fields touching it score 4", "WCP-Hist", "GB", "CC-2544")
RULE_FARM_2001 = define(
    "base.farm.2001", "farms=2001, field by field: the player(s) with the most farmers on a "
    "field score 3 per completed city it touches, each city once per player (paid with the "
    "player's best field for it)", "WCP-Hist", "GB")
RULE_FARM_2002 = define(
    "base.farm.2002", "farms=2002, field by field: the player(s) with the most farmers on a "
    "field score 3 per completed city it touches, with no limit", "WCP-Hist", "GB", "Dized")
FARM_RULES = {"2000": RULE_FARM_2000, "2001": RULE_FARM_2001, "2002": RULE_FARM_2002}


def feature_value(board: Board, info: FeatureInfo, final: bool,
                  small_city: bool) -> tuple[int, str, RuleRef]:
    """Points, reason and rule for a road, city, monastery or garden."""
    if info.kind == ROAD:
        return info.size, ngettext("road of {n} tile", "road of {n} tiles",
                                   info.size).format(n=info.size), RULE_ROAD
    if info.kind == CITY:
        tiles, pennants = info.size, info.pennants
        if final and not info.complete:
            return (tiles + pennants, _("incomplete city (tiles: {tiles}, pennants: "
                                        "{pennants}): {tiles} + {pennants}").format(
                                            tiles=tiles, pennants=pennants), RULE_CITY)
        if small_city and tiles == 2:
            return (2 + pennants,
                    ngettext("completed 2-tile city, {n} pennant: 2 + {n}",
                             "completed 2-tile city, {n} pennants: 2 + {n}",
                             pennants).format(n=pennants), RULE_SMALL_CITY)
        return (2 * tiles + 2 * pennants,
                _("completed city (tiles: {tiles}, pennants: {pennants}): 2×{tiles} + "
                  "2×{pennants}").format(tiles=tiles, pennants=pennants), RULE_CITY)
    rule = RULE_GARDEN if info.kind == GARDEN else RULE_MONASTERY
    x, y = board.cell_of(info.root)
    around = board.neighbour_count(x, y)
    if around == 8:
        return 9, (_("surrounded garden: 9") if info.kind == GARDEN
                   else _("surrounded monastery: 9")), rule
    reason = (ngettext("garden with {n} neighbour: 1 + {n}",
                       "garden with {n} neighbours: 1 + {n}", around)
              if info.kind == GARDEN else
              ngettext("monastery with {n} neighbour: 1 + {n}",
                       "monastery with {n} neighbours: 1 + {n}", around))
    return 1 + around, reason.format(n=around), rule


def pay_majority(info: FeatureInfo, strengths: dict[str, int], points: int, reason: str,
                 rule: RuleRef) -> list[Event]:
    """Points to every player with the most strength on the feature."""
    winners = info.majority(strengths)
    if len(winners) > 1:
        reason = _("{reason}; tie between {n} players, all score in full ({link})").format(
            reason=reason, n=len(winners), link=RULE_MAJORITY.link)
    return [ev.score(p, points, info.kind, reason, rule, root=info.root,
                     tiles=info.size) for p in winners]


def scored_features(board: Board, final: bool) -> list[FeatureInfo]:
    """Features holding figures, other than fields (incomplete ones at the end)."""
    found = []
    figures = figures_by_root(board)
    for root in sorted(figures):
        if board.node_kind(root) != FIELD:
            info = describe(board, root, figures)
            if final or info.complete:
                found.append(info)
    return found


def field_infos(board: Board) -> list[FeatureInfo]:
    """Every field holding figures."""
    figures = figures_by_root(board)
    return [describe(board, r, figures) for r in sorted(figures)
            if board.node_kind(r) == FIELD]


def bonus_events(rules: Ruleset, board: Board, fields: list[FeatureInfo],
                 cities: list[FeatureInfo], player: int, version: str) -> list[Event]:
    """Farm bonuses of the other editions (pigs) under the farm rule ``version``, stamped
    with the edition that gave them."""
    out = []
    for edition, result in rules.hooks.field_city_bonus(board, fields, cities, player, version):
        out += [replace(e, edition=edition.name) for e in result]
    return out


def completed_cities(board: Board, info: FeatureInfo, cache: dict[int, FeatureInfo]
                     ) -> list[FeatureInfo]:
    """The completed cities a field touches, in root order."""
    result = []
    for root in sorted(info.cities):
        city = cache.get(root)
        if city is None:
            city = cache[root] = describe(board, root)
        if city.complete:
            result.append(city)
    return result


def place_key(board: Board, info: FeatureInfo) -> tuple[int, int, str]:
    """Where a feature is on the board, the same whatever the order of the file: its
    northernmost, then westernmost segment (y, x, segment id)."""
    return min((y, x, board.segment_of(n).id) for n in info.nodes
               for x, y in (board.cell_of(n),))


def farms(rules: Ruleset, board: Board, version: str) -> list[Event]:
    """Farm scoring under the ``farms`` rule ``2000``, ``2001`` or ``2002``."""
    fields = field_infos(board)
    cache: dict[int, FeatureInfo] = {}
    if version == "2000":
        return _farms_by_city(rules, board, fields, cache)
    if version == "2001":
        return _farms_once_per_player(rules, board, fields, cache)
    strengths = rules.strengths()
    events: list[Event] = []
    for f in fields:
        cities = completed_cities(board, f, cache)
        for p in f.majority(strengths) if cities else ():
            events.append(_field_event(f, p, cities, RULE_FARM_2002))
            events += bonus_events(rules, board, [f], cities, p, "2002")
    return events


def _field_event(f: FeatureInfo, player: int, paid: list[FeatureInfo], rule: RuleRef,
                 elsewhere: int = 0) -> Event:
    if elsewhere:
        reason = ngettext(
            "field (tiles: {tiles}, completed cities: {n}; {other} more city paid with "
            "another field of this player): 3×{n}",
            "field (tiles: {tiles}, completed cities: {n}; {other} more cities paid with "
            "other fields of this player): 3×{n}", elsewhere)
    else:
        reason = _("field (tiles: {tiles}, completed cities: {n}): 3×{n}")
    return ev.score(player, 3 * len(paid), FIELD,
                    reason.format(tiles=f.size, n=len(paid), other=elsewhere),
                    rule, root=f.root, tiles=f.size)


def _farms_by_city(rules: Ruleset, board: Board, fields: list[FeatureInfo],
                   cache: dict[int, FeatureInfo]) -> list[Event]:
    """Rules 2000: each completed city pays 4 to the most farmers around it."""
    strengths = rules.strengths()
    touching: dict[int, list[FeatureInfo]] = {}
    for f in fields:
        for city in completed_cities(board, f, cache):
            touching.setdefault(city.root, []).append(f)
    events: list[Event] = []
    for city_root, around in sorted(touching.items()):
        city = cache[city_root]
        strength: dict[int, int] = {}
        for f in around:
            for p, s in f.owners(strengths).items():
                strength[p] = strength.get(p, 0) + s
        if not strength:
            continue
        best = max(strength.values())
        for p in sorted(q for q, s in strength.items() if s == best):
            events.append(ev.score(
                p, 4, FIELD, _("farmers beside a completed city (tiles: {tiles}, fields: "
                               "{fields}): 4").format(tiles=city.size, fields=len(around)),
                RULE_FARM_2000, root=city.root, tiles=city.size))
            events += bonus_events(rules, board, around, [city], p, "2000")
    return events


def _farms_once_per_player(rules: Ruleset, board: Board, fields: list[FeatureInfo],
                           cache: dict[int, FeatureInfo]) -> list[Event]:
    """Rules 2001: each player scores 3 per completed city touching a field they win,
    each city once. A city touching several of the player's fields is paid with the one
    that gives the player the most (a field holding their pig), then the one touching the
    most completed cities, then the one placed first by :func:`place_key`: the order of
    the file never decides."""
    strengths = rules.strengths()
    players = sorted({p for f in fields for p in f.majority(strengths)})
    events: list[Event] = []
    for p in players:
        won = sorted((f for f in fields if p in f.majority(strengths)),
                     key=lambda f: place_key(board, f))
        offers: dict[int, list[FeatureInfo]] = {}
        for f in won:
            for city in completed_cities(board, f, cache):
                offers.setdefault(city.root, []).append(f)
        touched = {f.root: len(completed_cities(board, f, cache)) for f in won}
        paid: dict[int, list[FeatureInfo]] = {}
        for city_root, candidates in offers.items():
            city = cache[city_root]
            worth = [(sum(e.points for e in bonus_events(rules, board, [f], [city], p, "2001")),
                      touched[f.root]) for f in candidates]
            best = candidates[worth.index(max(worth))]
            paid.setdefault(best.root, []).append(city)
        for f in won:
            cities = sorted(paid.get(f.root, []), key=lambda c: place_key(board, c))
            if not cities:
                continue
            elsewhere = len(completed_cities(board, f, cache)) - len(cities)
            events.append(_field_event(f, p, cities, RULE_FARM_2001, elsewhere))
            events += bonus_events(rules, board, [f], cities, p, "2001")
    return events
