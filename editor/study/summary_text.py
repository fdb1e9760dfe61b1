"""A study's summary as text, for the terminal, ``summary.txt`` and the editor's dialog."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .spec import CORPUS
from .table import POINTS


def _grid(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    """Columns padded to their widest cell; text to the left, numbers to the right."""
    cells = [[str(c) for c in header], *[[_cell(c) for c in row] for row in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    numeric = [all(isinstance(row[i], int | float) for row in rows) and bool(rows)
               for i in range(len(header))]
    return ["  ".join(c.rjust(w) if n else c.ljust(w)
                      for c, w, n in zip(r, widths, numeric, strict=True)).rstrip()
            for r in cells]


def _cell(value: object) -> str:
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def percent(share: dict[str, float]) -> str:
    """``12.5 % [10.6–14.6]``."""
    return f"{100 * share['share']:.1f} % [{100 * share['low']:.1f}–{100 * share['high']:.1f}]"


def interval(mean: dict[str, float]) -> str:
    """``3.2 [2.9–3.5]``."""
    return f"{mean['mean']:.1f} [{mean['low']:.1f}–{mean['high']:.1f}]"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _label(group: dict[str, Any], corpus: bool) -> list[str]:
    return [group["ruleset"]] if corpus else [group["ruleset"], group["tileset"]]


def render(summary: dict[str, Any]) -> str:
    """The summary for people."""
    corpus = summary["source"] == CORPUS
    keys = ["ruleset"] if corpus else ["ruleset", "tiles"]
    groups = summary["groups"]
    if corpus:
        what = f"Corpus study: {_count(len(summary['rulesets']), 'ruleset')}"
    else:
        what = (f"Self-play study: {_count(len(summary['rulesets']), 'ruleset')} × "
                f"{_count(len(summary['tilesets']), 'tile set')} "
                f"({', '.join(summary['tilesets'])}); "
                f"players {', '.join(summary['seats'])}; seed {summary['seed']}")
    out = [what, f"Played {summary['played']} of {summary['planned']} games"
           f" ({summary['failed']} failed, {summary['retried']} sent again after a lost "
           "worker)" + ("" if summary["complete"] else "; not complete: resume it"), ""]
    out += ["Points per game by feature (all players, mean)"]
    out += _grid([*keys, *POINTS, "total", "pig"],
                 [[*_label(g, corpus), *(g["points"][k] for k in POINTS),
                   sum(g["points"].values()), g["pig"]["points"]] for g in groups])
    seats = max((len(g["wins"]) for g in groups), default=0)
    out += ["", "Scores (every player) and wins"]
    out += _grid([*keys, "games", "mean", "sd", "min", "median", "max", "winner", "margin",
                  "ties", *(f"seat {i} wins" for i in range(1, seats + 1))],
                 [[*_label(g, corpus), g["games"], g["scores"]["mean"], g["scores"]["sd"],
                   int(g["scores"]["min"]), g["scores"]["median"], int(g["scores"]["max"]),
                   g["winning_score"]["mean"], g["margin"]["mean"],
                   f"{100 * g['ties']['share']:.1f} %",
                   *(f"{100 * w['share']:.1f} %" for w in g["wins"]),
                   *([""] * (seats - len(g["wins"])))] for g in groups])
    if summary["pairs"]:
        out += ["", "Winner changes between rulesets (95 % intervals)"]
        out += _grid([*keys[1:], "from", "to", "games", "winner changed",
                      "mean |score change|", "margin change"],
                     [[*([] if corpus else [p["tileset"]]), p["a"], p["b"], p["games"],
                       percent(p), interval(p["score_change"]), interval(p["margin_change"])]
                      for p in summary["pairs"]])
    aside = [g for g in groups if g["unplaced"]["tiles"]]
    if aside:
        out += ["", "Tiles that could not be placed (put aside)"]
        out += _grid([*keys, "per game", "games", "most often (times)"],
                     [[*_label(g, corpus), f"{g['unplaced']['per_game']:.2f}",
                       g["unplaced"]["games"],
                       ", ".join(f"{t['tile']} ({t['times']})"
                                 for t in g["unplaced"]["tiles"][:5])] for g in aside])
    effects = [g for g in groups if g["goods"]["points"] or g["pig"]["points"]]
    if effects:
        out += ["", "Goods and pigs: points per game, and how often they decided the winner"]
        out += _grid([*keys, "goods", "goods decided", "pig", "pig decided"],
                     [[*_label(g, corpus), g["goods"]["points"], percent(g["goods"]["decided"]),
                       g["pig"]["points"], percent(g["pig"]["decided"])] for g in effects])
    if summary["skipped"]:
        out += ["", f"Skipped {len(summary['skipped'])} files:"]
        out += [f"  {s['file']}: {s['reason']}" for s in summary["skipped"]]
    if summary["failures"]:
        out += ["", f"Failed games ({summary['failed']}; the first {len(summary['failures'])}):"]
        out += ["  " + " ".join(filter(None, (f["ruleset"], f["tileset"], f["game"])))
                + f": {f['error']}" for f in summary["failures"]]
    return "\n".join(out)
