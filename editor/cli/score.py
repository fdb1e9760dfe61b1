"""``score``: per-player totals and a per-feature breakdown with the rule behind each line."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from editor.i18n import _
from editor.rules.score_report import ScoreReport, score_report
from editor.terms import feature_name

from .common import (
    CommandError,
    add_format,
    add_rules,
    load,
    print_json,
    report_plugin_errors,
    rules_for,
    table,
)


def register(subparsers: Any) -> None:
    """Add the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score", help=_("score a board under a ruleset"),
        description=_("Print each player's score and the end-of-game scoring feature by "
        "feature, with the rule behind every line. Without --final the end-of-game lines are "
        "what the game would add if it ended now; with --final they are added to the totals. "
        "Exit code: 0 scored, 2 the board cannot be read or --rules is wrong."))
    parser.add_argument("board", metavar="BOARD", help=_("a board file, or '-' for standard input"))
    add_rules(parser)
    parser.add_argument("--final", action="store_true", help=_("apply end-of-game scoring"))
    add_format(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Score the board and print the report."""
    try:
        position = load(args.board)
        rules = rules_for(position, args.rules, args.board)
        report = score_report(position.board, rules)
    except CommandError as exc:
        print(f"carcassonne-editor score: {exc}", file=sys.stderr)
        return 2
    failed = report_plugin_errors(args.board, rules)
    if args.format == "json":
        data = report.to_json()
        data["final"] = args.final
        print_json(data)
    else:
        print(render(report, args.final))
    return 1 if failed else 0


def render(report: ScoreReport, final: bool) -> str:
    """The report as text."""
    title = _("End-of-game scoring:") if final else _("If the game ended now:")
    kinds = sorted({k for goods in report.goods for k in goods})
    header = [_("player"), _("score"), _("end"), _("total") if final else _("if ended"),
              *kinds]
    rows = [[name, cur, fin - cur, fin, *(goods.get(k, 0) for k in kinds)]
            for name, cur, fin, goods in zip(report.players, report.current, report.final,
                                             report.goods, strict=True)]
    out = [_("Ruleset: {ruleset}").format(ruleset=report.ruleset), "", table(rows, header), "",
           title]
    if not report.lines:
        out.append("  " + _("nothing to score"))
    for line in report.lines:
        feature = feature_name(line.feature)
        what = (_("{feature} at {cell} {segment}").format(feature=feature, cell=line.cell,
                                                          segment=line.segment)
                if line.cell else feature)
        reason = (_("{reason} (unofficial)").format(reason=line.reason) if line.unofficial
                  else line.reason)
        out.append(f"  {report.players[line.player]:<10} {line.points:+4d}  {what}: {reason}")
        out.append(f"  {'':<10}        " + _("rule [{edition}]: {rule}").format(
            edition=line.edition, rule=line.rule))
    for f in report.findings:
        out.append(_("finding: {message}").format(message=f.message))
    return "\n".join(out)
