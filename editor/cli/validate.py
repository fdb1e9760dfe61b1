"""``validate``: check tile sets and boards against the schemas, the lint and the editions."""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from typing import Any

from editor.formats import versions
from editor.formats.boards import position_from_dict
from editor.formats.extras import without
from editor.formats.findings_report import FileResult, render_json, render_text
from editor.formats.jsonio import STDIN, read_json, source_name
from editor.formats.lint import check_board, check_tileset, is_tileset
from editor.formats.schemas import SchemaLoadError
from editor.formats.tilesets import TilesetError, builtin_tileset_paths, tileset_from_dict
from editor.i18n import _
from editor.model.findings import Finding, Severity
from editor.model.position import DEFAULT_EDITIONS
from editor.model.tilesets import Catalogue, TileSet
from editor.plugins import default_host
from editor.rules.legality import position_findings
from editor.workspace import catalogue_with, ruleset_findings

from .completion import tileset_ids, with_completer
from .progress import track


def register(subparsers: Any) -> None:
    """Add the ``validate`` subcommand."""
    parser = subparsers.add_parser(
        "validate",
        help=_("check tile set and board files"),
        description=_("Check tile set and board files against the JSON Schemas and the rules of "
        "the formats, and a board's ruleset against the editions the plugins provide. A board "
        "is checked against the built-in tile sets (and those plugins ship), the --tileset "
        "files and the tile sets given as FILE. A FILE that does not exist but is the id of a "
        "built-in tile set checks that set's file; '-' reads standard input. Exit code: 0 "
        "valid (warnings allowed), 1 errors, 2 a file could not be read or the command line "
        "is wrong."),
    )
    with_completer(parser.add_argument(
        "files", nargs="*", metavar="FILE",
        help=_("a tile set or board file, a built-in tile set id, or '-'")), _files_or_ids)
    parser.add_argument("--builtin", action="store_true",
                        help=_("check every built-in tile set (and those plugins ship)"))
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help=_("report for people (text, the default) or for tools (json)"))
    parser.add_argument("--tileset", action="append", default=[], metavar="EXTRA.json",
                        help=_("an extra tile set for checking boards (repeatable); reported "
                        "only when it has findings"))
    parser.set_defaults(handler=run)


def _files_or_ids(prefix: str, **kwargs: Any) -> list[str]:
    from argcomplete.completers import FilesCompleter

    return [*tileset_ids(prefix), *FilesCompleter()(prefix, **kwargs)]


def shipped_tilesets() -> dict[str, str]:
    """Built-in tile set files (and those plugins ship) by set id."""
    found: dict[str, str] = {}
    for path in [*builtin_tileset_paths(), *default_host().tileset_paths()]:
        data, problems = read_json(path)
        set_id = data.get("id") if isinstance(data, dict) else None
        found[set_id if isinstance(set_id, str) and not problems else str(path)] = str(path)
    return found


def _resolve(words: list[str], builtin: bool) -> tuple[list[str], list[FileResult]]:
    """The files to check: paths as given, set ids as their files (all of them with
    ``builtin``); a missing name close to a set id is reported with the ids it resembles."""
    shipped = shipped_tilesets() if builtin or any(map(_missing, words)) else {}
    files: list[str] = []
    unknown: list[FileResult] = []
    for word in words:
        close = difflib.get_close_matches(word, list(shipped), n=2) if _missing(word) else []
        if not _missing(word) or not (word in shipped or close):
            files.append(word)  # read_json reports a missing file itself
        elif word in shipped:
            files.append(shipped[word])
        else:
            message = _("no such file, nor a built-in tile set (did you mean {names}?)").format(
                names=", ".join(close))
            unknown.append(FileResult(word, [Finding(message, "$", word, "unreadable")]))
    if builtin:
        files += [path for path in shipped.values() if path not in files]
    return files, unknown


def _missing(word: str) -> bool:
    return word != STDIN and not os.path.exists(word)


def run(args: argparse.Namespace) -> int:
    """Check every file; print the report."""
    if not args.files and not args.builtin:
        print(_("carcassonne-editor validate: give files to check, or --builtin"),
              file=sys.stderr)
        return 2
    if [*args.files, *args.tileset].count(STDIN) > 1:
        print(_("carcassonne-editor validate: '-' (standard input) can be given only once"),
              file=sys.stderr)
        return 2
    files, results = _resolve(args.files, args.builtin)
    unreadable = bool(results)
    sets: list[TileSet] = []
    boards: list[tuple[FileResult, Any]] = []
    work = [*((f, True) for f in args.tileset), *((f, False) for f in files)]
    for file, extra in track(work, "reading", total=len(work), unit="files",
                             output_format=args.format):
        data, findings = read_json(file)
        result = FileResult(source_name(file), findings)
        if findings:
            unreadable = True
        elif extra or is_tileset(data):
            data, result.findings = versions.upgrade(data, versions.TILESET, result.file)
            if result.valid:
                result.findings += check_tileset(data, result.file)
            if result.valid:
                sets.append(tileset_from_dict(data, result.file))
        else:
            boards.append((result, data))
        if result.findings or not extra:
            results.append(result)
    if boards:
        try:
            catalogue = catalogue_with(sets)
        except (TilesetError, SchemaLoadError) as exc:
            print(f"carcassonne-editor validate: {exc}", file=sys.stderr)
            return 2
        for result, data in track(boards, _("checking boards"), total=len(boards),
                                  unit="boards", output_format=args.format):
            result.findings = board_findings(data, catalogue, result.file)
    print(render_json(results) if args.format == "json" else render_text(results), end="")
    if unreadable:
        return 2
    return 0 if all(r.valid for r in results) else 1


def board_findings(data: Any, catalogue: Catalogue, file: str) -> list[Finding]:
    """What ``validate`` reports about a board file's data: format version, schema, lint,
    the ruleset against the installed editions, then figures breaking its rules."""
    data, findings = versions.upgrade(data, versions.BOARD, file)
    if versions.failed(findings):
        return findings
    checked = check_board(data, catalogue, file)
    findings += checked
    if any(f.code.startswith("schema.") for f in checked):
        return findings
    ruleset = data.get("ruleset", {})
    findings += ruleset_findings(ruleset.get("editions", list(DEFAULT_EDITIONS)),
                                 without(ruleset.get("options", {})), file=file)
    if not any(f.severity is Severity.ERROR for f in findings):  # figures breaking the rules
        position, _ = position_from_dict(data, catalogue, file)
        findings += position_findings(position, default_host(), file, data.get("figures", []))
    return findings
