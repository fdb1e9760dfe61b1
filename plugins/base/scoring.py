"""Base-game scoring: roads, cities, monasteries and gardens, and the three farm rules.

Nothing here depends on the order of the tiles or figures in a file: features are read off
the union-find, and where a rule leaves a choice to the order (rules 2001 pay each city
once per player, through one of the player's fields), we decide it by what the player
scores, then by the field's cities and place on the board (docs/rules.md#base.farm.2001).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from editor.api import (
    CITY,
    FIELD,
    GARDEN,
    MONASTERY,
    ROAD,
    Board,
    Event,
    FeatureInfo,
    FeatureValue,
    Figure,
    RuleRef,
    Ruleset,
    define,
    describe,
    field_reach,
    figures_by_root,
    measure,
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
    if info.kind in (ROAD, CITY):
        return edge_value(info.kind, info.size, info.pennants, info.complete, final,
                          small_city)
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


def edge_value(kind: str, tiles: int, pennants: int, complete: bool, final: bool,
               small_city: bool) -> tuple[int, str, RuleRef]:
    """Points, reason and rule for a road or city of ``tiles`` tiles."""
    if kind == ROAD:
        return tiles, ngettext("road of {n} tile", "road of {n} tiles",
                               tiles).format(n=tiles), RULE_ROAD
    if final and not complete:
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


def valued(rules: Ruleset, board: Board, info: FeatureInfo, final: bool,
           small_city: bool) -> FeatureValue:
    """:func:`feature_value` as the other editions change it
    (``carcassonne_feature_value``: an inn, a cathedral)."""
    value = FeatureValue(*feature_value(board, info, final, small_city))
    return rules.hooks.feature_value(board, info, final, value)


def pay_majority(info: FeatureInfo, strengths: Mapping[str, int], points: int, reason: str,
                 rule: RuleRef | str) -> list[Event]:
    """Points to every player with the most strength on the feature."""
    return pay_players(info.majority(strengths), info.kind, info.root, info.size, points,
                       reason, rule)


def pay_players(players: list[int], kind: str, root: int, tiles: int, points: int,
                reason: str, rule: RuleRef | str) -> list[Event]:
    """Points to each of ``players``, the players with the most strength on the feature
    ``root`` (in player order)."""
    if len(players) > 1:
        reason = _("{reason}; tie between {n} players, all score in full ({link})").format(
            reason=reason, n=len(players), link=RULE_MAJORITY.link)
    return [ev.score(p, points, kind, reason, rule, root=root, tiles=tiles) for p in players]


def field_infos(board: Board, figures: dict[int, list[Figure]]) -> list[FeatureInfo]:
    """Every field holding figures (``figures`` from :func:`figures_by_root`)."""
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


class Cities:
    """The cities fields touch, each described once (with the figures of the board)."""

    def __init__(self, board: Board, figures: dict[int, list[Figure]]) -> None:
        self.board = board
        self.figures = figures
        self.described: dict[int, FeatureInfo] = {}

    def __getitem__(self, root: int) -> FeatureInfo:
        city = self.described.get(root)
        if city is None:
            city = self.described[root] = describe(self.board, root, self.figures)
        return city

    def completed(self, info: FeatureInfo) -> list[FeatureInfo]:
        """The completed cities the field ``info`` touches, in root order."""
        return [city for city in map(self.__getitem__, sorted(info.cities)) if city.complete]


def place_key(board: Board, info: FeatureInfo) -> tuple[int, int, str]:
    """Where a feature is on the board, the same whatever the order of the file: its
    northernmost, then westernmost segment (y, x, segment id)."""
    return min((y, x, board.segment_of(n).id) for n in info.nodes
               for x, y in (board.cell_of(n),))


def farms(rules: Ruleset, board: Board, version: str,
          figures: dict[int, list[Figure]] | None = None,
          roots: frozenset[int] | None = None) -> list[Event]:
    """Farm scoring under the ``farms`` rule ``2000``, ``2001`` or ``2002``; ``figures``
    from :func:`figures_by_root` when the caller has them. ``roots`` keeps only those
    fields under the rules 2002 (the rules 2000 and 2001 score every field at once)."""
    figures = figures_by_root(board) if figures is None else figures
    cache = Cities(board, figures)
    if version == "2000":
        return _farms_by_city(rules, board, field_infos(board, figures), cache)
    if version == "2001":
        return _farms_once_per_player(rules, board, field_infos(board, figures), cache)
    chosen = figures if roots is None else {r: figures[r] for r in roots if r in figures}
    strengths = rules.strengths()
    bonus = rules.hooks.bonuses_given
    events: list[Event] = []
    fields = sorted(r for r in chosen if board.node_kind(r) == FIELD)
    if bonus:  # the other editions read the descriptions of the fields and cities
        for root in fields:  # field by field: each description is dropped when done
            f = describe(board, root, figures)
            paid = f.majority(strengths)
            cities = cache.completed(f) if paid else []
            for p in paid if cities else ():
                events.append(_field_event(root, f.size, p, len(cities), RULE_FARM_2002))
                events += bonus_events(rules, board, [f], cities, p, "2002")
        return events
    paying = {r: paid for r in fields for paid in (sorted(winners(figures[r], strengths)),)
              if paid}
    for root, (tiles, done) in sorted(field_reach(board, paying, completed=True).items()):
        if done:
            events += [_field_event(root, tiles, p, len(done), RULE_FARM_2002)
                       for p in paying[root]]
    return events


def _field_event(root: int, tiles: int, player: int, paid: int, rule: RuleRef,
                 elsewhere: int = 0) -> Event:
    """The points of the field ``root`` of ``tiles`` tiles to ``player`` for ``paid``
    completed cities."""
    if elsewhere:
        reason = ngettext(
            "field (tiles: {tiles}, completed cities: {n}; {other} more city paid with "
            "another field of this player): 3×{n}",
            "field (tiles: {tiles}, completed cities: {n}; {other} more cities paid with "
            "other fields of this player): 3×{n}", elsewhere)
    else:
        reason = _("field (tiles: {tiles}, completed cities: {n}): 3×{n}")
    return ev.score(player, 3 * paid, FIELD,
                    reason.format(tiles=tiles, n=paid, other=elsewhere),
                    rule, root=root, tiles=tiles)


def _farms_by_city(rules: Ruleset, board: Board, fields: list[FeatureInfo],
                   cache: Cities) -> list[Event]:
    """Rules 2000: each completed city pays 4 to the most farmers around it."""
    strengths = rules.strengths()
    touching: dict[int, list[FeatureInfo]] = {}
    for f in fields:
        for city in cache.completed(f):
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
                           cache: Cities) -> list[Event]:
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
            for city in cache.completed(f):
                offers.setdefault(city.root, []).append(f)
        touched = {f.root: len(cache.completed(f)) for f in won}
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
            elsewhere = len(cache.completed(f)) - len(cities)
            events.append(_field_event(f.root, f.size, p, len(cities), RULE_FARM_2001,
                                       elsewhere))
            events += bonus_events(rules, board, [f], cities, p, "2001")
    return events


def final_points(rules: Ruleset, board: Board, version: str, small_city: bool,
                 roots: frozenset[int] | None = None) -> list[Event]:
    """Final scoring as bare ``score`` events, one per player and feature, each carrying
    the feature's root (what ``explain=False`` asks for): the points of the explained path
    without describing features, writing reasons or citing rules. ``roots`` keeps only the
    points of those features. Farms under the rules 2000 and 2001 are scored as explained
    (their choices need the whole description) and, depending on every field at once,
    always in full and without a root."""
    strengths = rules.strengths()
    figures = figures_by_root(board)
    changed = rules.hooks.values_changed  # an inn, a cathedral: ask the editions
    points: dict[tuple[int, int], int] = {}
    fields = []
    for root, held in figures.items():
        if roots is not None and root not in roots:
            continue
        kind = board.node_kind(root)
        if kind == FIELD:
            fields.append(root)
            continue
        if changed and kind in (CITY, ROAD, MONASTERY, GARDEN):
            info = describe(board, root, figures)
            if info.complete:
                continue
            value = valued(rules, board, info, True, small_city).points
        elif kind in (CITY, ROAD):
            if board.is_complete(root):
                continue
            tiles, pennants = measure(board, root)
            value = tiles + pennants if kind == CITY else tiles
        elif kind in (MONASTERY, GARDEN):
            around = board.neighbour_count(*board.cell_of(root))
            if around == 8:
                continue
            value = 1 + around
        else:
            continue
        for p in winners(held, strengths):
            points[root, p] = points.get((root, p), 0) + value
    events = [ev.Event(ev.SCORE, player=p, points=n, feature=board.node_kind(root), root=root)
              for (root, p), n in sorted(points.items()) if n]
    if version != "2002":
        farm: dict[int, int] = {}
        for e in farms(rules, board, version, figures):
            if e.player is not None:
                farm[e.player] = farm.get(e.player, 0) + e.points
        return events + [ev.Event(ev.SCORE, player=p, points=n, feature=FIELD)
                         for p, n in sorted(farm.items()) if n]
    return events + _field_points(rules, board, sorted(fields), figures)


def _field_points(rules: Ruleset, board: Board, fields: list[int],
                  figures: dict[int, list[Figure]]) -> list[Event]:
    """Rules 2002 field by field, with the bonuses of other editions: a ``score`` event per
    player and field."""
    strengths = rules.strengths()
    cities = Cities(board, figures) if len(rules.editions) > 1 else None
    events = []
    paying = {r: paid for r in fields for paid in (winners(figures[r], strengths),) if paid}
    for root, (_tiles, completed) in field_reach(board, paying, completed=True).items():
        if not completed:
            continue
        paid = paying[root]
        done = sorted(completed)
        points = dict.fromkeys(paid, 3 * len(done))
        if cities is not None:
            info = describe(board, root, figures)
            touched = [cities[c] for c in done]
            for p in paid:
                for e in bonus_events(rules, board, [info], touched, p, "2002"):
                    points[p] += e.points
        events += [ev.Event(ev.SCORE, player=p, points=n, feature=FIELD, root=root)
                   for p, n in sorted(points.items()) if n]
    return events


def winners(figures: list[Figure], strengths: Mapping[str, int]) -> list[int]:
    """The players with the most strength among ``figures`` (none when nobody has any)."""
    owners: dict[int, int] = {}
    for f in figures:
        s = strengths.get(f.kind, 0)
        if s:
            owners[f.owner] = owners.get(f.owner, 0) + s
    if not owners:
        return []
    best = max(owners.values())
    return [p for p, s in owners.items() if s == best]
