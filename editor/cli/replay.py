"""``replay``: play a JCloisterZone save or a board's move log, move by move.

Prints each move with the events it caused, the scores after the last move, end-of-game
scoring and the final scores; ``--check`` evaluates the assertions (the save's test block,
a board's ``x-assertions``). Exit codes: 0 ok; 1 unsupported content, a move that cannot be
played, or with ``--check`` an assertion that fails or cannot be checked; 2 unreadable file
or bad ``--rules``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from editor.formats.findings_report import line
from editor.i18n import _, ngettext
from editor.jcz.replay import (
    OK,
    UNREADABLE,
    Check,
    Replay,
    ReplayError,
    assertions_of,
    check,
    describe_event,
    open_game,
    replay,
)
from editor.model.findings import Finding, Severity
from editor.plugins import default_host
from editor.rules.ruleset import RulesetError
from editor.workspace import catalogue, ruleset_of

from .common import add_format, add_rules, print_json, report_plugin_errors, table
from .progress import counter

PROG = "carcassonne-editor replay"


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay", help=_("replay a JCloisterZone save or a board's move log"),
        description=_("Play every move of a .jcz save or of a board's move log with the rules "
        "engine (edit mode: a move our rules find illegal is played and its findings shown), "
        "printing each move's events, the scores after the last move, end-of-game scoring and "
        "the final scores. Exit codes: 0 ok, 1 unsupported content, an unplayable move or "
        "(--check) a failed assertion, 2 unreadable file or bad --rules."))
    parser.add_argument("file", metavar="FILE",
                        help=_("a .jcz save or a board file with moves, or '-' for standard input"))
    add_rules(parser)
    parser.add_argument("--check", action="store_true",
                        help=_("check the assertions ('<player> has N points', '<player> scored "
                        "<feature> for N points') after end-of-game scoring; exit 1 if one "
                        "fails"))
    add_format(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Open, replay, report, check."""
    host = default_host()
    cat = catalogue(host)
    position, findings, status = open_game(args.file, cat, host)
    if position is None:
        return _fail(args, findings, 2 if status == UNREADABLE else 1)
    try:
        rules = ruleset_of(position, host, args.rules)
    except RulesetError as exc:
        where = "" if args.rules else f"{args.file}::$.ruleset: "
        print(f"{PROG}: {where}{exc}", file=sys.stderr)
        return 2
    try:
        with counter("replaying", len(position.moves), unit="moves",
                     output_format=args.format) as done:
            played = replay(position, rules, cat, done)
    except ReplayError as exc:
        problem = Finding(_("cannot replay: {error}").format(error=exc),
                          f"$.moves[{exc.index}]", args.file,
                          "unplayable")
        return _fail(args, [*findings, *exc.findings, problem], 1)
    checks = check(played, assertions_of(position)) if args.check else []
    failed = sum(1 for c in checks if c.ok is not True)
    broken = report_plugin_errors(args.file, rules)
    if args.format == "json":
        print_json(to_json(played, findings, checks, args.check))
    else:
        for f in findings:
            print(line(f))
        print(render(played, checks, args.check))
        if failed:
            print(f"{PROG}: {args.file}: " + ngettext(
                "{failed} of {n} assertion failed or cannot be checked",
                "{failed} of {n} assertions failed or cannot be checked",
                len(checks)).format(failed=failed, n=len(checks)), file=sys.stderr)
    return 1 if failed or broken else OK


def _fail(args: argparse.Namespace, findings: list[Finding], code: int) -> int:
    if args.format == "json":
        print_json({"file": args.file, "exit": code,
                    "findings": [f.to_json() for f in findings]})
    else:
        for f in findings:
            print(line(f), file=sys.stderr if f.severity is Severity.ERROR else sys.stdout)
    return code


def render(played: Replay, checks: list[Check], checking: bool) -> str:
    """The replay as text."""
    names = played.names
    out = [_("Ruleset: {ruleset}").format(ruleset=played.rules.name),
           _("Players: {names}").format(names=", ".join(names)), ""]
    for tile, x, y, r in played.start_tiles:
        out.append("   0. " + _("start: {tile} at ({x}, {y}) R{rotation}").format(
            tile=tile.ref, x=x, y=y, rotation=r * 90))
    for step in played.steps:
        out.append(f"{step.index:4d}. {step.text}")
        out += [f"        {describe_event(e, names)}" for e in step.events]
        out += ["        " + _("finding: {message}").format(message=f.message)
                for f in step.findings]
    out += ["", _("Scores after the last move:"), _scores(names, played.scores()), "",
            _("End-of-game scoring:")]
    out += ([f"  {describe_event(e, names)}" for e in played.end_events]
            or ["  " + _("nothing")])
    out += ["", _("Final scores:"), _scores(names, played.final)]
    out += [_("warning: {message}").format(message=f.message) for f in played.findings]
    if checking:
        out += ["", _("Checks:")]
        if not checks:
            out.append("  " + _("no assertions to check"))
        for c in checks:
            verdict = {True: _("PASS"), False: _("FAIL"), None: _("CANNOT CHECK")}[c.ok]
            out.append(f"  {verdict}  {c.text}" + ("" if c.ok else f"  ({c.detail})"))
    return "\n".join(out)


def _scores(names: list[str], scores: list[int]) -> str:
    return table([[n, s] for n, s in zip(names, scores, strict=True)],
                 [_("player"), _("score")])


def to_json(played: Replay, findings: list[Finding], checks: list[Check],
            checking: bool) -> dict[str, object]:
    """The replay as plain data."""
    names = played.names
    data: dict[str, object] = {
        "ruleset": played.rules.name,
        "players": names,
        "start": [{"tile": t.ref, "x": x, "y": y, "rotation": r * 90}
                  for t, x, y, r in played.start_tiles],
        "moves": [{"index": s.index, "move": s.entry, "text": s.text,
                   "events": [{**e.to_json(), "text": describe_event(e, names)}
                              for e in s.events],
                   "lines": [ln.to_json() for ln in s.lines],
                   "findings": [f.to_json() for f in s.findings],
                   "scores": [p.score for p in s.players]} for s in played.steps],
        "scores": played.scores(),
        "end_of_game": [ln.to_json() for ln in played.end_lines],
        "final": played.final,
        "findings": [f.to_json() for f in [*findings, *played.findings]],
    }
    if checking:
        data["checks"] = [c.to_json() for c in checks]
    return data
