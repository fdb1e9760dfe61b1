"""Helpers shared by the reporting subcommands."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from editor import logs
from editor.formats.jsonio import STDIN
from editor.i18n import _
from editor.model.findings import Severity
from editor.model.position import Position
from editor.plugins import default_host
from editor.rules.ruleset import Ruleset, RulesetError
from editor.workspace import open_position, ruleset_findings, ruleset_of

from .completion import rulesets, with_completer

log = logs.get(__name__)


class CommandError(Exception):
    """A problem that ends the command with exit code 2 and a message on stderr."""


def add_format(parser: Any) -> None:
    """The ``--format text|json`` option."""
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=_("output for people (text, the default) or for tools (json)"))


def output_clash(args: Any, prog: str) -> bool:
    """Whether ``-o -`` and ``--format json`` would both write to standard output (then
    said on stderr)."""
    if args.output != STDIN or args.format != "json":
        return False
    print(_("{prog}: -o - and --format json both write to standard output: choose "
            "one").format(prog=prog), file=sys.stderr)
    return True


def add_rules(parser: Any, many: bool = False, default: str | None = None) -> None:
    """The ``--rules`` option; ``default`` says what the command uses without it (the
    board's own ruleset unless given)."""
    text = _("editions and options, e.g. 'base:C2', 'base:C1[rules=2001]', 'base:C2 + "
             "traders-builders:C2' (repeatable); default: {default}") if many else _(
        "editions and options, e.g. 'base:C2', 'base:C1[rules=2001]', 'base:C2 + "
        "traders-builders:C2'; default: {default}")
    with_completer(parser.add_argument(
        "--rules", action="append" if many else "store", metavar="RULESET",
        help=text.format(default=default or _("the board's own ruleset"))), rulesets)


def load(path: str) -> Position:
    """Open a board for a command; unreadable or schema-invalid files are a CommandError.

    Lint errors (an unknown tile) are printed as warnings: the rest of the board is used.
    """
    position, findings = open_position(path)
    if position is None:
        from editor.formats.findings_report import FileResult, render_text

        raise CommandError(render_text([FileResult(path, findings)]).rstrip())
    for f in findings:
        if f.severity is Severity.ERROR:
            print(_("warning: {finding}").format(finding=f), file=sys.stderr)
    return position


def rules_for(position: Position, spec: str | None, board: str = "") -> Ruleset:
    """The ruleset to use, as a CommandError when it cannot be built; for the board's own
    ruleset, naming the file, where in it and what exists (``BOARD::$.ruleset...``)."""
    try:
        return ruleset_of(position, default_host(), spec)
    except RulesetError as exc:
        found = [] if spec else ruleset_findings(position.editions, position.options,
                                                 file=board)
        where = f"{board}::$.ruleset: " if board and not spec else ""
        raise CommandError("; ".join(str(f) if board else f"{f.path}: {f.message}"
                                     for f in found) or f"{where}{exc}") from exc


def print_json(data: Mapping[str, Any]) -> None:
    """A command's ``--format json`` output on stdout, led by its ``format`` version (the
    schemas in ``schemas/output/`` describe each command's)."""
    from editor.formats.findings_report import OUTPUT_FORMAT

    print(json.dumps({"format": OUTPUT_FORMAT, **data}, indent=2, ensure_ascii=False))


def table(rows: Sequence[Sequence[object]], header: Sequence[str]) -> str:
    """A plain text table, numbers right-aligned."""
    cells = [list(map(str, header))] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    numeric = [all(isinstance(row[i], int) for row in rows) for i in range(len(header))]
    out = []
    for r in cells:
        out.append("  ".join(c.rjust(w) if num else c.ljust(w)
                             for c, w, num in zip(r, widths, numeric, strict=True)).rstrip())
    return "\n".join(out)


def report_plugin_errors(board: str = "", *rulesets: Ruleset) -> bool:
    """Tell stderr about plugins that failed, so nobody wonders where an edition went;
    returns whether an edition of ``rulesets`` was disabled by a failure: its rules are
    missing from the results, and the command must exit 1."""
    host = default_host()
    for error in host.errors:
        print(_("warning: {error}").format(error=error), file=sys.stderr)
        if error.details:
            log.debug("plugin %s:\n%s", error.plugin, error.details.rstrip())
    lost = [e for r in rulesets for e in r.editions if e.name in host.disabled]
    for edition in dict.fromkeys(lost):
        print(_("error: {board}: edition {edition} of plugin {plugin!r} failed, so these "
                "results leave its rules out").format(board=board or _("the board"),
                                                      edition=edition.name,
                                                      plugin=edition.plugin),
              file=sys.stderr)
    return bool(lost)
