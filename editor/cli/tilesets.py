"""``tilesets``: list the built-in tile sets."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from editor.formats.findings_report import line
from editor.formats.schemas import SchemaLoadError
from editor.formats.tilesets import TilesetError
from editor.i18n import _
from editor.model.findings import Severity
from editor.model.tilesets import TileSet
from editor.workspace import catalogue, catalogue_findings

from .common import add_format, print_json

_COLUMNS = ("id", "part", "edition", "kinds", "tiles", "goods", "start", "provisional",
            "name", "file")


def register(subparsers: Any) -> None:
    """Add the ``tilesets`` subcommand."""
    parser = subparsers.add_parser(
        "tilesets",
        help=_("list the built-in tile sets"),
        description=_("List every built-in tile set and those plugins ship: id, part, edition, "
        "tile kinds, tiles in the box, goods symbols, start tile, how many tile kinds are "
        "provisional, name and file. Exit code: 0 listed, 1 a plugin's tile set is broken "
        "(named on stderr), 2 a built-in tile set cannot be read (a broken installation)."),
    )
    add_format(parser)
    parser.set_defaults(handler=run)


def describe(tile_set: TileSet) -> dict[str, Any]:
    """What the listing shows about one set."""
    start = tile_set.start_tile()
    return {
        "id": tile_set.id,
        "part": tile_set.part,
        "edition": tile_set.edition,
        "kinds": len(tile_set.tiles),
        "tiles": tile_set.tile_count,
        "goods": tile_set.goods_symbols(),
        "start": start.id if start else None,
        "provisional": sum(1 for t in tile_set.tiles if t.provenance.provisional),
        "name": tile_set.name,
        "file": tile_set.source,
    }


def _cell(value: Any, column: str) -> str:
    if column == "file":
        relative: str = os.path.relpath(value) if value else ""
        return str(value) if not value or relative.startswith("..") else relative
    if isinstance(value, dict):
        return ", ".join(f"{k} {n}" for k, n in value.items()) or "-"
    return "-" if value is None else str(value)


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as aligned text columns under a header."""
    cells = [list(_COLUMNS), *([_cell(row[c], c) for c in _COLUMNS] for row in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(_COLUMNS))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
                     for line in cells) + "\n"


def run(args: argparse.Namespace) -> int:
    """Print the built-in sets."""
    try:
        sets = catalogue().sets
    except (TilesetError, SchemaLoadError) as exc:
        print(f"carcassonne-editor tilesets: {exc}", file=sys.stderr)
        return 2
    findings = catalogue_findings()
    for finding in findings:
        print(line(finding), file=sys.stderr)
    rows = [describe(s) for s in sets]
    if args.format == "json":
        print_json({"tilesets": rows})
    elif rows:
        print(table(rows), end="")
    else:
        print(_("no built-in tile sets"))
    return 1 if any(f.severity is Severity.ERROR for f in findings) else 0
