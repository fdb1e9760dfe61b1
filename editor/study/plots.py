"""A study's plots, drawn with matplotlib (``pip install 'carcassonne-editor[study]'``) into
the report folder as PNG or SVG.

- ``points-by-feature``: points per game by feature kind, one bar per ruleset (and tile set);
- ``scores``: the spread of final scores and of the winner's margin;
- ``winner-changes``: how often the winner changes between two rulesets, with 95 % intervals;
- ``tiles-put-aside``: the tiles that most often fitted nowhere;
- ``goods-and-pigs``: points from goods and pigs, and how often they decided the winner.

Figures are drawn without pyplot (its global state and window backends), so plotting works
in any thread and without a display.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from editor.i18n import _, pgettext
from editor.terms import feature_name

from .spec import CORPUS
from .table import POINTS, GameResult

FORMATS = ("png", "svg")
#: One colour per feature kind (roads sand, cities brown, monasteries red, gardens green,
#: fields light green, goods violet, the rest grey).
COLOURS = {"road": "#d9b26f", "city": "#a0522d", "monastery": "#c0392b", "garden": "#2e8b57",
           "field": "#9acd32", "goods": "#8e44ad", "other": "#999999"}
DPI = 110


class PlotsUnavailable(RuntimeError):
    """matplotlib is not installed: the message says how to get it."""


def _label(group: dict[str, Any], corpus: bool, several_tilesets: bool) -> str:
    if corpus or not several_tilesets:
        return str(group["ruleset"])
    return f"{group['ruleset']}\n{group['tileset']}"


def write_plots(summary: dict[str, Any], rows: Sequence[GameResult], folder: Path,
                formats: Sequence[str] = ("png",)) -> list[Path]:
    """Draw every plot the summary has data for; returns the files written."""
    formats = [f for f in formats if f in FORMATS]
    if not formats:
        return []
    try:
        from matplotlib import rc_context
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise PlotsUnavailable(_("no plots: matplotlib is not installed (pip install "
                                 "'carcassonne-editor[study]')")) from exc
    corpus = summary["source"] == CORPUS
    groups = [g for g in summary["groups"] if g["games"]]
    several = len(summary["tilesets"]) > 1
    labels = [_label(g, corpus, several) for g in groups]
    written: list[Path] = []

    def save(figure: Figure, name: str) -> None:
        FigureCanvasAgg(figure)
        for fmt in formats:
            path = folder / f"{name}.{fmt}"
            temp = path.with_name(f".{path.name}.tmp")
            with rc_context({"svg.hashsalt": "carcassonne-editor"}):  # the same ids each time
                figure.savefig(temp, format=fmt, dpi=DPI, metadata=_metadata(fmt))
            temp.replace(path)
            written.append(path)

    if not groups:
        return written
    height = 1.6 + 0.55 * len(groups) * (1.6 if several else 1)
    figure = Figure(layout="constrained", figsize=(9, height))
    ax = figure.add_subplot()
    left = [0.0] * len(groups)
    for kind in POINTS:
        values = [g["points"][kind] for g in groups]
        if any(values):
            ax.barh(labels, values, left=left, color=COLOURS[kind],
                    label=pgettext("study column", "other") if kind == "other"
                    else feature_name(kind))
            left = [a + b for a, b in zip(left, values, strict=True)]
    ax.invert_yaxis()
    ax.set_xlabel(_("points per game (all players)"))
    ax.set_title(_("Points by feature"))
    figure.legend(loc="outside lower center", ncols=len(POINTS), fontsize="small")
    save(figure, "points-by-feature")

    by_group = {(g["ruleset"], g["tileset"]): i for i, g in enumerate(groups)}
    scores: list[list[int]] = [[] for _ in groups]
    margins: list[list[int]] = [[] for _ in groups]
    for r in rows:
        i = by_group.get((r.ruleset, r.tileset))
        if i is not None and r.ok:
            scores[i] += r.scores
            margins[i].append(r.margin)
    figure = Figure(layout="constrained", figsize=(9, height + 0.6))
    for n, (data, title) in enumerate(((scores, _("final scores (every player)")),
                                       (margins, _("winner's margin")))):
        ax = figure.add_subplot(1, 2, n + 1)
        ax.boxplot(data, orientation="horizontal",
                   tick_labels=labels if n == 0 else [""] * len(labels))
        ax.invert_yaxis()
        ax.set_xlabel(_("points"))
        ax.set_title(title)
    save(figure, "scores")

    pairs = [p for p in summary["pairs"] if p["games"]]
    if pairs:
        names = [(f"{p['tileset']}: " if several else "") + f"{p['a']} → {p['b']}"
                 for p in pairs]
        figure = Figure(layout="constrained", figsize=(9, 1.2 + 0.45 * len(pairs)))
        ax = figure.add_subplot()
        shares = [100 * p["share"] for p in pairs]
        errors = [[100 * (p["share"] - p["low"]) for p in pairs],
                  [100 * (p["high"] - p["share"]) for p in pairs]]
        ax.barh(names, shares, xerr=errors, color="#4a7ab5", capsize=4)
        ax.invert_yaxis()
        ax.set_xlabel(_("games with another winner (%), 95 % interval"))
        ax.set_title(_("Winner changes between rulesets"))
        save(figure, "winner-changes")

    aside = [(g, t) for g in groups for t in g["unplaced"]["tiles"][:5]]
    if aside:
        figure = Figure(layout="constrained", figsize=(9, 1.2 + 0.35 * len(aside)))
        ax = figure.add_subplot()
        names = [f"{t['tile']}" + (f" ({_label(g, corpus, several)})".replace("\n", ", ")
                                   if len(groups) > 1 else "") for g, t in aside]
        ax.barh(names, [t["per_game"] for _, t in aside], color="#777777")
        ax.invert_yaxis()
        ax.set_xlabel(_("times per game the tile fitted nowhere"))
        ax.set_title(_("Tiles put aside"))
        save(figure, "tiles-put-aside")

    effects = [g for g in groups if g["goods"]["points"] or g["pig"]["points"]]
    if effects:
        names = [_label(g, corpus, several) for g in effects]
        figure = Figure(layout="constrained", figsize=(9, 1.2 + 0.55 * len(effects)))
        points_ax = figure.add_subplot(1, 2, 1)
        decided_ax = figure.add_subplot(1, 2, 2)
        y = list(range(len(effects)))
        for offset, (key, colour) in enumerate((("goods", COLOURS["goods"]),
                                                ("pig", "#e59aa0"))):
            at = [v + (offset - 0.5) * 0.4 for v in y]
            points_ax.barh(at, [g[key]["points"] for g in effects], height=0.4,
                           color=colour, label=feature_name("goods") if key == "goods"
                           else pgettext("figure", "pig"))
            shares = [100 * g[key]["decided"]["share"] for g in effects]
            errors = [[100 * (g[key]["decided"]["share"] - g[key]["decided"]["low"])
                       for g in effects],
                      [100 * (g[key]["decided"]["high"] - g[key]["decided"]["share"])
                       for g in effects]]
            decided_ax.barh(at, shares, height=0.4, xerr=errors, color=colour, capsize=3)
        for ax in (points_ax, decided_ax):
            ax.set_yticks(y, names if ax is points_ax else [""] * len(y))
            ax.invert_yaxis()
        points_ax.set_xlabel(_("points per game"))
        points_ax.legend(fontsize="small")
        decided_ax.set_xlabel(_("games whose winner they decided (%)"))
        figure.suptitle(_("Goods and pigs"))
        save(figure, "goods-and-pigs")
    return written


def _metadata(fmt: str) -> dict[str, Any]:
    """No date or version in the files: the same study draws the same bytes."""
    if fmt == "svg":
        return {"Date": None, "Creator": None}
    return {"Software": None}
