"""``check``: is the puzzle's reference solution legal, optimal and unique?"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from editor.formats.jsonio import source_name
from editor.i18n import _, ngettext
from editor.puzzles import CheckReport, PuzzleError, Stopped, check
from editor.rules.notation import format_move
from editor.workspace import catalogue

from .common import (
    CommandError,
    add_format,
    add_rules,
    load,
    print_json,
    report_plugin_errors,
    rules_for,
)
from .progress import add_time_limit, work_bar


def register(subparsers: Any) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check", help=_("check a puzzle's reference solution"),
        description=_("Check that the puzzle's reference solution is legal, optimal (no move "
        "does better on the objective) and unique (every move that ties it is listed; the "
        "same move written differently, such as a symmetric tile turned another way, does "
        "not count). A board and hand holding more copies of a tile than the box are warned "
        "about. Exit code: 0 legal, optimal and unique; 1 otherwise, saying why, or the time "
        "limit stopped the check; 2 the board cannot be read or has no puzzle block."))
    parser.add_argument("board", metavar="BOARD", help=_("a board file with a puzzle block"))
    add_rules(parser)
    add_time_limit(parser)
    add_format(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check and print the verdict."""
    try:
        position = load(args.board)
        rules = rules_for(position, args.rules, args.board)
        with work_bar(args, "checking") as progress:
            report = check(position, rules, catalogue(), progress)
    except CommandError as exc:
        print(f"carcassonne-editor check: {exc}", file=sys.stderr)
        return 2
    except PuzzleError as exc:  # the board's puzzle block
        print(f"carcassonne-editor check: {source_name(args.board)}: {exc}", file=sys.stderr)
        return 2
    except Stopped as exc:
        print(f"carcassonne-editor check: {args.board}: not checked: {exc}", file=sys.stderr)
        return 1
    failed = report_plugin_errors(args.board, rules)
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if args.format == "json":
        print_json(report.to_json())
    else:
        print(render(report, args.board))
    if not report.ok:
        print(_("carcassonne-editor check: {file}: the reference solution fails the "
                "check").format(file=args.board), file=sys.stderr)
    return 0 if report.ok and not failed else 1


def render(report: CheckReport, name: str) -> str:
    """The verdict as text."""
    title = report.puzzle.title or name
    out = [_("Puzzle: {title}").format(title=title),
           _("Ruleset: {ruleset}").format(ruleset=report.ruleset),
           _("Objective: {objective}").format(objective=report.objective)]
    if report.solution:
        moves = _(" then ").join(format_move(m) for m in report.solution)
        out.append(_("Solution: {moves}: {outcome}").format(
            moves=moves, outcome=report.outcome.describe()) if report.outcome else
            _("Solution: {moves}").format(moves=moves))
    yes, no = _("yes"), _("no")
    out.append(ngettext("legal: {legal}, optimal: {optimal}, unique: {unique} ({n} move "
                        "considered)",
                        "legal: {legal}, optimal: {optimal}, unique: {unique} ({n} moves "
                        "considered)", report.considered).format(
        legal=yes if report.legal else no, optimal=yes if report.optimal else no,
        unique=yes if report.unique else no, n=report.considered))
    out += [f"  {problem}" for problem in report.problems]
    out += [f"  warning: {warning}" for warning in report.warnings]
    for r in report.same:
        written = _(" then ").join(format_move(m) for m in r.moves)
        if [format_move(m) for m in r.moves] != [format_move(m) for m in report.solution]:
            out.append("  " + _("the same move: {moves}").format(moves=written))
    out.append(_("OK") if report.ok else _("FAILED"))
    return "\n".join(out)
