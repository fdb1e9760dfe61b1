"""``import-jcz``: a JCloisterZone 5.x save as one of our board files, with its move log.

Exit codes: 0 written; 1 unsupported content (another expansion, an unknown tile id, rule
option, message or location; or a log our tiles cannot play), listed on stderr and nothing
written; 2 the save cannot be read (not JSON, not a JCZ save) or the board cannot be written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from editor.formats.boards import position_to_dict, save_position
from editor.formats.findings_report import line
from editor.formats.jsonio import STDIN, STDOUT_NAME, dumps, parse_json, source_name
from editor.i18n import _, ngettext
from editor.jcz import read_save
from editor.jcz.importer import import_save
from editor.model.findings import Finding, Severity
from editor.plugins import default_host
from editor.workspace import catalogue

from .common import add_format, output_clash, print_json, report_plugin_errors
from .validate import board_findings

PROG = "carcassonne-editor import-jcz"


def register(subparsers: Any) -> None:
    """Add the ``import-jcz`` subcommand."""
    parser = subparsers.add_parser(
        "import-jcz", help=_("convert a JCloisterZone save to a board file"),
        description=_("Read a JCloisterZone 5.x saved game (.jcz) and write our board file: the "
        "position after the last move, with the whole move log, the test block's assertions "
        "(x-assertions) and the fixed draw order (x-draw-order). Exit codes: 0 written, "
        "1 unsupported content (listed; nothing written), 2 unreadable save or unwritable "
        "board."))
    parser.add_argument("save", metavar="SAVE.jcz",
                        help=_("a JCloisterZone saved game, or '-' for standard input"))
    parser.add_argument("-o", "--output", metavar="BOARD.json", required=True,
                        help=_("the board file to write, or '-' for standard output"))
    add_format(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Convert, replay to the end of the log, write."""
    if output_clash(args, PROG):
        return 2
    save, findings = read_save(args.save)
    if save is None:
        return _finish(args, findings, 2)
    host = default_host()
    cat = catalogue(host)
    imported = import_save(save, cat, host, args.save)
    position, played, findings = imported.position, imported.played, imported.findings
    if position is None or played is None:
        return _finish(args, findings, 1)
    if report_plugin_errors(args.save, played.rules):
        problem = Finding(_("a plugin failed while the log was played (see above)"),
                          "$.replay", args.save, "plugin-error")
        return _finish(args, [*findings, problem], 1)
    data, unreadable = parse_json(dumps(position_to_dict(position)), args.output)
    invalid = [f for f in unreadable or board_findings(data, cat, args.output)
               if f.severity is Severity.ERROR]
    if invalid:
        problem = Finding(_("the converted board would not be valid: nothing written"), "$",
                          args.save, "jcz-invalid-board")
        return _finish(args, [*findings, *invalid, problem], 1)
    try:
        if args.output == STDIN:
            sys.stdout.write(dumps(position_to_dict(position)))
        else:
            save_position(args.output, position)
    except (OSError, ValueError) as exc:
        problem = Finding(_("cannot write {file}: {error}").format(file=args.output, error=exc),
                          "$", args.output, "unwritable")
        return _finish(args, [*findings, problem], 2)
    summary = _("wrote {file}: {tiles}, {moves}, ruleset {ruleset}, scores {scores}").format(
        file=source_name(args.output, STDOUT_NAME),
        tiles=ngettext("{n} tile", "{n} tiles", len(position.board)).format(
            n=len(position.board)),
        moves=ngettext("{n} move", "{n} moves", len(position.moves)).format(
            n=len(position.moves)),
        ruleset=played.rules.name,
        scores=", ".join(f"{n} {s}" for n, s in zip(played.names, played.scores(), strict=True)))
    return _finish(args, findings, 0, summary)


def _finish(args: argparse.Namespace, findings: list[Finding], code: int,
            summary: str = "") -> int:
    return finish(args, {"save": args.save}, findings, code, summary, lambda n: ngettext(
        "{prog}: {n} problem: nothing written", "{prog}: {n} problems: nothing written",
        n).format(prog=PROG, n=n))


def finish(args: argparse.Namespace, source: dict[str, str], findings: list[Finding],
           code: int, summary: str, refused: Callable[[int], str]) -> int:
    """Report a conversion (import-jcz, export-jcz): ``--format json`` as one object
    (``source``, the output when written, the exit code, the summary, every finding), else
    the findings (errors on stderr), then the summary or, when refused, ``refused`` of the
    number of errors."""
    if args.format == "json":
        print_json({**source, "output": args.output if code == 0 else None,
                    "exit": code, "summary": summary,
                    "findings": [f.to_json() for f in findings]})
        return code
    for f in findings:
        error = f.severity is Severity.ERROR or args.output == STDIN
        print(line(f), file=sys.stderr if error else sys.stdout)
    if summary:
        print(summary, file=sys.stderr if args.output == STDIN else sys.stdout)
    elif code == 1:
        errors = sum(1 for f in findings if f.severity is Severity.ERROR)
        print(refused(errors), file=sys.stderr)
    return code
