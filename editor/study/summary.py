"""What a study's table says: points by feature, score spreads, wins, winner changes
between rulesets with their confidence intervals, tiles put aside, goods and pigs.

Everything is computed from the table's rows (plain Python, no numerical library), so a
resumed or re-read study summarises the same. Shares come with 95 % Wilson intervals,
means with the normal interval (mean ± 1.96 standard errors). Games are compared between
rulesets pair by pair: the same game number and tile set in self-play (the same seed, so
the same bag where the tiles are the same), the same file in a corpus.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from .spec import CORPUS, StudySpec
from .table import POINTS, GameResult

Z95 = 1.959963984540054
#: Tiles listed per group in the summary, most often put aside first.
TOP_TILES = 10


def wilson(hits: int, n: int) -> dict[str, float]:
    """A share with its 95 % Wilson score interval."""
    if n == 0:
        return {"share": 0.0, "low": 0.0, "high": 0.0}
    p = hits / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return {"share": p, "low": max(0.0, centre - half), "high": min(1.0, centre + half)}


def mean_interval(values: Sequence[float]) -> dict[str, float]:
    """A mean with its 95 % normal interval (the interval is the mean alone for one
    value)."""
    if not values:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": mean, "low": mean - half, "high": mean + half}


def spread(values: Sequence[int]) -> dict[str, float]:
    """Mean, standard deviation, minimum, median and maximum."""
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "median": 0.0, "max": 0.0}
    return {"mean": statistics.fmean(values),
            "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
            "min": float(min(values)), "median": float(statistics.median(values)),
            "max": float(max(values))}


def _seats(text: str) -> set[str]:
    return set(text.split())


def decided(rows: Sequence[GameResult], without: str) -> dict[str, float]:
    """How often the winners would differ without some points (``winners_without_…``)."""
    hits = sum(1 for r in rows if _seats(getattr(r, without)) != _seats(r.winners))
    return {"games": hits, **wilson(hits, len(rows))}


def group(rows: Sequence[GameResult], ruleset: str, tileset: str, failed: int
          ) -> dict[str, Any]:
    """The summary of one ruleset with one tile set."""
    n = len(rows)
    points = {k: statistics.fmean(r.points.get(k, 0) for r in rows) if rows else 0.0
              for k in POINTS}
    rules: dict[str, int] = {}
    for r in rows:
        for rule, p in r.rules().items():
            rules[rule] = rules.get(rule, 0) + p
    seats = max((r.players for r in rows), default=0)
    wins = []
    for seat in range(1, seats + 1):
        at = [r for r in rows if r.players >= seat]
        hits = sum(1 for r in at if str(seat) in r.winners.split())
        wins.append({"seat": seat, **wilson(hits, len(at))})
    put_aside: dict[str, int] = {}
    for r in rows:
        for ref in r.unplaced_tiles.split():
            put_aside[ref] = put_aside.get(ref, 0) + 1
    top = sorted(put_aside.items(), key=lambda item: (-item[1], item[0]))[:TOP_TILES]
    return {
        "ruleset": ruleset, "tileset": tileset, "games": n, "failed": failed,
        "points": points,
        "rules": [{"rule_id": rule, "points": total / n}
                  for rule, total in sorted(rules.items(), key=lambda i: (-i[1], i[0]))]
        if n else [],
        "scores": spread([s for r in rows for s in r.scores]),
        "winning_score": spread([max(r.scores) for r in rows if r.scores]),
        "margin": spread([r.margin for r in rows]),
        "ties": {"games": sum(1 for r in rows if len(r.winners.split()) > 1),
                 **wilson(sum(1 for r in rows if len(r.winners.split()) > 1), n)},
        "wins": wins,
        "unplaced": {"per_game": statistics.fmean(r.unplaced for r in rows) if rows else 0.0,
                     "games": sum(1 for r in rows if r.unplaced),
                     "tiles": [{"tile": ref, "times": k, "per_game": k / n}
                               for ref, k in top]},
        "goods": {"points": points["goods"], "decided": decided(rows, "winners_without_goods")},
        "pig": {"points": statistics.fmean(r.pig for r in rows) if rows else 0.0,
                "decided": decided(rows, "winners_without_pig")},
    }


def pair(a: Sequence[GameResult], b: Sequence[GameResult], tileset: str) -> dict[str, Any]:
    """Winner changes between two rulesets over the games both played."""
    by_game = {r.file or r.game: r for r in b}
    both = [(r, by_game[r.file or r.game]) for r in a if (r.file or r.game) in by_game]
    both = [(x, y) for x, y in both if x.players == y.players]
    changed = sum(1 for x, y in both if _seats(x.winners) != _seats(y.winners))
    return {
        "tileset": tileset, "a": a[0].ruleset if a else "", "b": b[0].ruleset if b else "",
        "games": len(both), "changed": changed, **wilson(changed, len(both)),
        "score_change": mean_interval([abs(sy - sx) for x, y in both
                                       for sx, sy in zip(x.scores, y.scores, strict=True)]),
        "margin_change": mean_interval([y.margin - x.margin for x, y in both]),
    }


def summarise(spec: StudySpec, rows: Iterable[GameResult], planned: int,
              skipped: Sequence[dict[str, str]] = ()) -> dict[str, Any]:
    """The summary of a study's rows (``planned``: the rows a complete study has)."""
    rows = list(rows)
    tilesets = [""] if spec.source == CORPUS else [t.label for t in spec.tilesets]
    played: dict[tuple[str, str], list[GameResult]] = {
        (r, t): [] for t in tilesets for r in spec.rulesets}
    failures: dict[tuple[str, str], int] = dict.fromkeys(played, 0)
    for r in rows:
        if (r.ruleset, r.tileset) in played:
            if r.ok:
                played[(r.ruleset, r.tileset)].append(r)
            else:
                failures[(r.ruleset, r.tileset)] += 1
    groups = [group(played[(r, t)], r, t, failures[(r, t)])
              for t in tilesets for r in spec.rulesets]
    pairs = [pair(played[(a, t)], played[(b, t)], t) | {"a": a, "b": b}
             for t in tilesets for i, a in enumerate(spec.rulesets)
             for b in spec.rulesets[i + 1:]]
    return {
        "source": spec.source, "rulesets": list(spec.rulesets), "tilesets": tilesets,
        "seats": list(spec.seats), "seed": spec.seed if spec.source != CORPUS else None,
        "planned": planned, "played": sum(1 for r in rows if r.ok),
        "failed": sum(1 for r in rows if not r.ok), "complete": len(rows) >= planned,
        "groups": groups, "pairs": pairs, "skipped": list(skipped),
        "failures": [{"ruleset": r.ruleset, "tileset": r.tileset,
                      "game": r.file or str(r.game), "error": r.error}
                     for r in rows if not r.ok][:50],
    }
