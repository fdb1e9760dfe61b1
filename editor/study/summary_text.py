"""A study's summary as text, for the terminal, ``summary.txt`` and the editor's dialog."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from editor.i18n import NP_, _, ngettext, pgettext
from editor.terms import feature_name

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


def _points_header(kind: str) -> str:
    """A points column: the feature's name, or *other*."""
    return _column("other") if kind == "other" else feature_name(kind)


def _label(group: dict[str, Any], corpus: bool) -> list[str]:
    return [group["ruleset"]] if corpus else [group["ruleset"], group["tileset"]]


#: The tables' column headings (translated with :func:`_column`).
COLUMNS = frozenset({
    NP_("study column", "ruleset"), NP_("study column", "tiles"), NP_("study column", "other"),
    NP_("study column", "total"), NP_("study column", "games"), NP_("study column", "mean"),
    NP_("study column", "sd"), NP_("study column", "min"), NP_("study column", "median"),
    NP_("study column", "max"), NP_("study column", "winner"), NP_("study column", "margin"),
    NP_("study column", "ties"), NP_("study column", "from"), NP_("study column", "to"),
    NP_("study column", "winner changed"), NP_("study column", "mean |score change|"),
    NP_("study column", "margin change"), NP_("study column", "per game"),
    NP_("study column", "most often (times)"), NP_("study column", "goods decided"),
    NP_("study column", "pig decided"),
})


def _column(word: str) -> str:
    """A column heading, translated in the sense of a study's tables."""
    return pgettext("study column", word)


def render(summary: dict[str, Any]) -> str:
    """The summary for people."""
    corpus = summary["source"] == CORPUS
    keys = [_column("ruleset")] if corpus else [_column("ruleset"), _column("tiles")]
    groups = summary["groups"]
    rulesets = ngettext("{n} ruleset", "{n} rulesets", len(summary["rulesets"])).format(
        n=len(summary["rulesets"]))
    if corpus:
        what = _("Corpus study: {rulesets}").format(rulesets=rulesets)
    else:
        what = _("Self-play study: {rulesets} × {tilesets} ({names}); players {players}; seed "
                 "{seed}").format(
            rulesets=rulesets,
            tilesets=ngettext("{n} tile set", "{n} tile sets", len(summary["tilesets"])).format(
                n=len(summary["tilesets"])),
            names=", ".join(summary["tilesets"]), players=", ".join(summary["seats"]),
            seed=summary["seed"])
    played = ngettext(
        "Played {played} of {planned} game ({failed} failed, {retried} sent again after a "
        "lost worker)",
        "Played {played} of {planned} games ({failed} failed, {retried} sent again after a "
        "lost worker)", summary["planned"]).format(
            played=summary["played"], planned=summary["planned"], failed=summary["failed"],
            retried=summary["retried"])
    if not summary["complete"]:
        played = _("{played}; not complete: resume it").format(played=played)
    out = [what, played, ""]
    out += [_("Points per game by feature (all players, mean)")]
    out += _grid([*keys, *map(_points_header, POINTS), _column("total"),
                  pgettext("figure", "pig")],
                 [[*_label(g, corpus), *(g["points"][k] for k in POINTS),
                   sum(g["points"].values()), g["pig"]["points"]] for g in groups])
    seats = max((len(g["wins"]) for g in groups), default=0)
    out += ["", _("Scores (every player) and wins")]
    out += _grid([*keys, *map(_column, ("games", "mean", "sd", "min", "median", "max",
                                        "winner", "margin", "ties")),
                  *(_("seat {n} wins").format(n=i) for i in range(1, seats + 1))],
                 [[*_label(g, corpus), g["games"], g["scores"]["mean"], g["scores"]["sd"],
                   int(g["scores"]["min"]), g["scores"]["median"], int(g["scores"]["max"]),
                   g["winning_score"]["mean"], g["margin"]["mean"],
                   f"{100 * g['ties']['share']:.1f} %",
                   *(f"{100 * w['share']:.1f} %" for w in g["wins"]),
                   *([""] * (seats - len(g["wins"])))] for g in groups])
    if summary["pairs"]:
        out += ["", _("Winner changes between rulesets (95 % intervals)")]
        out += _grid([*keys[1:], *map(_column, ("from", "to", "games", "winner changed",
                                                "mean |score change|", "margin change"))],
                     [[*([] if corpus else [p["tileset"]]), p["a"], p["b"], p["games"],
                       percent(p), interval(p["score_change"]), interval(p["margin_change"])]
                      for p in summary["pairs"]])
    aside = [g for g in groups if g["unplaced"]["tiles"]]
    if aside:
        out += ["", _("Tiles that could not be placed (put aside)")]
        out += _grid([*keys, *map(_column, ("per game", "games", "most often (times)"))],
                     [[*_label(g, corpus), f"{g['unplaced']['per_game']:.2f}",
                       g["unplaced"]["games"],
                       ", ".join(f"{t['tile']} ({t['times']})"
                                 for t in g["unplaced"]["tiles"][:5])] for g in aside])
    effects = [g for g in groups if g["goods"]["points"] or g["pig"]["points"]]
    if effects:
        out += ["", _("Goods and pigs: points per game, and how often they decided the "
                      "winner")]
        out += _grid([*keys, feature_name("goods"), _column("goods decided"),
                      pgettext("figure", "pig"), _column("pig decided")],
                     [[*_label(g, corpus), g["goods"]["points"], percent(g["goods"]["decided"]),
                       g["pig"]["points"], percent(g["pig"]["decided"])] for g in effects])
    if summary["skipped"]:
        out += ["", ngettext("Skipped {n} file:", "Skipped {n} files:",
                             len(summary["skipped"])).format(n=len(summary["skipped"]))]
        out += [f"  {s['file']}: {s['reason']}" for s in summary["skipped"]]
    if summary["failures"]:
        out += ["", _("Failed games ({failed}; the first {n}):").format(
            failed=summary["failed"], n=len(summary["failures"]))]
        out += ["  " + " ".join(filter(None, (f["ruleset"], f["tileset"], f["game"])))
                + f": {f['error']}" for f in summary["failures"]]
    return "\n".join(out)
