"""Base-game scoring: roads, cities, monasteries and gardens, and the three farm rules."""

from __future__ import annotations

from dataclasses import replace

from editor.model import events as ev
from editor.model.board import Board
from editor.model.events import Event
from editor.model.features import FeatureInfo, describe, figures_by_root
from editor.model.tiles import CITY, FIELD, ROAD
from editor.rules.ruleset import Ruleset

RULE_ROAD = "road: 1 point per tile, completed or not [RULES.md §1.1; WCP-Winter, Dized]"
RULE_CITY = ("completed city: 2 per tile + 2 per pennant; incomplete at the end: 1 + 1 "
             "[RULES.md §1.1; WCP-Winter, Dized]")
RULE_SMALL_CITY = ("rules 2000/2001: a completed city of exactly 2 tiles scores 1 per tile + "
                   "1 per pennant [RULES.md §1.1; CC-2544, WP-copy, JCZ-City]")
RULE_CLOISTER = ("monastery or garden: 9 when surrounded, 1 + 1 per neighbouring tile at the "
                 "end [RULES.md §1.1, §1.4; Papageek TheAbbot]")
RULE_ABBOT_BACK = ("abbot taken back: scores 1 + 1 per neighbouring tile at once "
                   "[RULES.md §1.4; Papageek TheAbbot, WCP-Abbot]")
RULE_MAJORITY = "most followers score; tied players all score in full [RULES.md §1.3]"
RULE_FARM_2000 = ("rules 2000, farms city by city: for each completed city, the most farmers "
                  "over all fields touching it score 4 [RULES.md §1.2 v1; WCP-Hist, GB]")
RULE_FARM_2001 = ("rules 2001, farms field by field: 3 per completed city, each city once per "
                  "player [RULES.md §1.2 v2; GB; once per player is our reading of §7.5]")
RULE_FARM_2002 = ("farms field by field: 3 per completed city touching the field, no limit "
                  "[RULES.md §1.2 v3; WCP-Hist, Dized]")


def plural(n: int, word: str) -> str:
    """``1 tile``, ``2 tiles``, ``2 cities``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def feature_value(board: Board, info: FeatureInfo, final: bool,
                  small_city: bool) -> tuple[int, str, str]:
    """Points, reason and rule for a road, city, monastery or garden."""
    if info.kind == ROAD:
        return info.size, f"road of {plural(info.size, 'tile')}", RULE_ROAD
    if info.kind == CITY:
        tiles, pennants = info.size, info.pennants
        what = f"{plural(tiles, 'tile')}, {plural(pennants, 'pennant')}"
        if final and not info.complete:
            return (tiles + pennants,
                    f"incomplete city of {what}: {tiles} + {pennants}", RULE_CITY)
        if small_city and tiles == 2:
            return (2 + pennants,
                    f"completed 2-tile city, {plural(pennants, 'pennant')}: 2 + {pennants}",
                    RULE_SMALL_CITY)
        return (2 * tiles + 2 * pennants,
                f"completed city of {what}: 2×{tiles} + 2×{pennants}", RULE_CITY)
    x, y = board.node_cell[info.root]
    around = board.neighbour_count(x, y)
    if around == 8:
        return 9, f"surrounded {info.kind}: 9", RULE_CLOISTER
    return 1 + around, f"{info.kind} with {plural(around, 'neighbour')}: 1 + {around}", \
        RULE_CLOISTER


def pay_majority(info: FeatureInfo, strengths: dict[str, int], points: int, reason: str,
                 rule: str) -> list[Event]:
    """Points to every player with the most strength on the feature."""
    winners = info.majority(strengths)
    note = f"; tie between {len(winners)} players" if len(winners) > 1 else ""
    rule = f"{rule}; {RULE_MAJORITY}" if note else rule
    return [ev.score(p, points, info.kind, reason + note, rule, root=info.root,
                     tiles=info.size) for p in winners]


def scored_features(board: Board, final: bool) -> list[FeatureInfo]:
    """Features holding figures, other than fields (incomplete ones at the end)."""
    found = []
    figures = figures_by_root(board)
    for root in sorted(figures):
        record = board.feature_of[root]
        if record.kind != FIELD:
            info = describe(board, root, figures)
            if final or info.complete:
                found.append(info)
    return found


def field_infos(board: Board) -> list[FeatureInfo]:
    """Every field holding figures."""
    figures = figures_by_root(board)
    return [describe(board, r, figures) for r in sorted(figures)
            if board.feature_of[r].kind == FIELD]


def bonus_events(rules: Ruleset, board: Board, fields: list[FeatureInfo],
                 cities: list[FeatureInfo], player: int) -> list[Event]:
    """Farm bonuses of the other editions (pigs), stamped with the edition that gave them."""
    out = []
    for edition, result in rules.each("carcassonne_field_city_bonus", board=board,
                                      fields=fields, cities=cities, player=player):
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


def farms(rules: Ruleset, board: Board, version: str) -> list[Event]:
    """Farm scoring under rules ``2000``, ``2001`` or ``2002``."""
    strengths = rules.strengths()
    fields = field_infos(board)
    cache: dict[int, FeatureInfo] = {}
    events: list[Event] = []
    if version == "2000":
        touching: dict[int, list[FeatureInfo]] = {}
        for f in fields:
            for city in completed_cities(board, f, cache):
                touching.setdefault(city.root, []).append(f)
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
                    p, 4, FIELD, f"farmers beside the completed city of "
                    f"{plural(city.size, 'tile')} ({plural(len(around), 'field')}): 4",
                    RULE_FARM_2000, root=city.root, tiles=city.size))
                events += bonus_events(rules, board, around, [city], p)
        return events
    counted: dict[int, set[int]] = {}
    for f in fields:
        cities = completed_cities(board, f, cache)
        for p in f.majority(strengths):
            paid = cities
            if version == "2001":
                seen = counted.setdefault(p, set())
                paid = [c for c in cities if c.root not in seen]
                seen.update(c.root for c in paid)
            if not paid:
                continue
            rule = RULE_FARM_2001 if version == "2001" else RULE_FARM_2002
            skipped = len(cities) - len(paid)
            note = f" ({plural(skipped, 'city')} already paid to this player)" if skipped else ""
            events.append(ev.score(
                p, 3 * len(paid), FIELD,
                f"field of {plural(f.size, 'tile')} touching "
                f"{plural(len(paid), 'completed city')}{note}: 3×{len(paid)}",
                rule, root=f.root, tiles=f.size))
            events += bonus_events(rules, board, [f], paid, p)
    return events

