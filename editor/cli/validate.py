"""``validate``: check tile sets and boards against the schemas and the lint."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from editor.formats.boards import position_from_dict
from editor.formats.jsonio import read_json
from editor.formats.lint import check_board, check_tileset, is_tileset
from editor.formats.report import FileResult, render_json, render_text
from editor.formats.schemas import SchemaLoadError
from editor.formats.tilesets import TilesetError, tileset_from_dict
from editor.model.tilesets import Catalogue, TileSet
from editor.plugins import default_host
from editor.rules.legality import position_findings
from editor.workspace import catalogue as installed_catalogue


def register(subparsers: Any) -> None:
    """Add the ``validate`` subcommand."""
    parser = subparsers.add_parser(
        "validate",
        help="check tile set and board files",
        description="Check tile set and board files against the JSON Schemas and the rules of "
        "the formats. A board is checked against the built-in tile sets (and those plugins "
        "ship), the --tileset files and the tile sets given as FILE. Exit code: 0 valid "
        "(warnings allowed), 1 errors, 2 a file could not be read.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a tile set or board file")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="report for people (text, the default) or for tools (json)")
    parser.add_argument("--tileset", action="append", default=[], metavar="EXTRA.json",
                        help="an extra tile set for checking boards (repeatable); reported "
                        "only when it has findings")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check every file; print the report."""
    results: list[FileResult] = []
    sets: list[TileSet] = []
    boards: list[tuple[FileResult, Any]] = []
    unreadable = False
    for file, extra in [*((f, True) for f in args.tileset), *((f, False) for f in args.files)]:
        data, findings = read_json(file)
        result = FileResult(file, findings)
        if findings:
            unreadable = True
        elif extra or is_tileset(data):
            result.findings = check_tileset(data, file)
            if result.valid:
                sets.append(tileset_from_dict(data, file))
        else:
            boards.append((result, data))
        if result.findings or not extra:
            results.append(result)
    if boards:
        try:
            catalogue = Catalogue(installed_catalogue().sets)
        except (TilesetError, SchemaLoadError) as exc:
            print(f"carcassonne-editor validate: {exc}", file=sys.stderr)
            return 2
        for tile_set in sets:
            catalogue.add(tile_set)
        for result, data in boards:
            result.findings = check_board(data, catalogue, result.file)
            if result.valid:  # the rules' findings: figures that break them
                position, _ = position_from_dict(data, catalogue, result.file)
                result.findings += position_findings(position, default_host(), result.file,
                                                     data.get("figures", []))
    print(render_json(results) if args.format == "json" else render_text(results), end="")
    if unreadable:
        return 2
    return 0 if all(r.valid for r in results) else 1
