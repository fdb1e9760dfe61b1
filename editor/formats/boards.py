"""Board files ↔ :class:`~editor.model.position.Position`."""

from __future__ import annotations

import os
from typing import Any

from editor import logs
from editor.i18n import _
from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.players import Figure, Player
from editor.model.ports import quarter_turns
from editor.model.position import (
    Annotations,
    Arrow,
    FigureKey,
    Highlight,
    Note,
    Position,
    TileKey,
)
from editor.model.tilesets import Catalogue

from . import schemas, versions
from .cache import data_key, validated
from .extras import put, take, without
from .jsonio import read_json, source_name, write_json_atomic
from .lint import lint_board

log = logs.get(__name__)

FORMAT = versions.CURRENT[versions.BOARD]
#: Top-level keys kept as they are, besides ``x-`` keys.
KEPT = ("$schema",)


def load_position(path: str | os.PathLike[str], catalogue: Catalogue
                  ) -> tuple[Position | None, list[Finding]]:
    """Read (``-``: standard input), upgrade, validate and build a position. ``None`` when
    the file cannot be read, is of a newer format or fails its schema; lint findings (an
    unknown tile, a figure on a missing segment) come back with a position that leaves out
    what it could not place."""
    data, findings = read_json(path)
    if findings:
        return None, findings
    return position_of(data, source_name(path), catalogue)


def position_of(data: Any, file: str, catalogue: Catalogue
                ) -> tuple[Position | None, list[Finding]]:
    """:func:`load_position` of a board file's JSON data already read (``file`` names it
    in findings)."""
    data, findings = versions.upgrade(data, versions.BOARD, file)
    if not versions.failed(findings):
        findings += _schema_findings(data, file)
    if versions.failed(findings):
        return None, findings
    findings += lint_board(data, catalogue, file)
    position, problems = position_from_dict(data, catalogue, file)
    seen = {(f.path, f.message) for f in findings}
    return position, findings + [p for p in problems if (p.path, p.message) not in seen]


def _schema_findings(data: Any, file: str) -> list[Finding]:
    """The schema's findings, skipped for content that passed before (see :mod:`.cache`)."""
    known = validated()
    content_key = data_key(data, schemas.BOARD)
    if content_key in known:
        log.debug("board %s: valid against the schema before (validation cache)", file)
        return []
    findings = schemas.validate(data, schemas.BOARD, file)
    log.debug("board %s: checked against the schema, %d findings", file, len(findings))
    if not findings:
        known.add(content_key)
        known.save()
    return findings


def save_position(path: str | os.PathLike[str], position: Position, *,
                  read_only_ok: bool = False) -> None:
    """Write a position atomically: the old file stays intact if anything fails; a
    read-only file raises ``ReadOnlyFileError`` unless ``read_only_ok``."""
    write_json_atomic(path, position_to_dict(position), read_only_ok=read_only_ok)


def position_from_dict(data: dict[str, Any], catalogue: Catalogue, file: str = ""
                       ) -> tuple[Position, list[Finding]]:
    """Build a position from a schema-valid board dict, skipping (and reporting) tiles and
    figures that cannot be placed."""
    findings: list[Finding] = []
    players = [Player(name=p["name"], colour=p["colour"], score=p.get("score", 0),
                      goods=without(p.get("goods", {})), supply=without(p.get("supply", {})),
                      extra=take(p, ("goods", "supply")))
               for p in data.get("players", [])]
    board = Board(players)
    tile_extras: dict[TileKey, dict[str, Any]] = {}
    figure_extras: dict[FigureKey, dict[str, Any]] = {}
    for i, item in enumerate(data.get("tiles", [])):
        ref, cell = item["tile"], (item["x"], item["y"])
        where = f"$.tiles[{i}]"
        if ref not in catalogue:
            findings.append(Finding(_("unknown tile {tile!r}: not placed").format(tile=ref),
                                    where, file, "unknown-tile", cell=cell))
        elif cell in board.cells:
            findings.append(Finding(_("cell {cell} holds two tiles: {tile} not placed").format(
                cell=cell, tile=ref), where, file, "cell-taken", cell=cell))
        else:
            board.place(catalogue.tile(ref), *cell, quarter_turns(item.get("rotation", 0)))
            if extra := take(item):
                tile_extras[(*cell, catalogue.tile(ref).ref)] = extra
    for i, item in enumerate(data.get("figures", [])):
        where = f"$.figures[{i}]"
        placed = board.at(item["x"], item["y"])
        owner = item["owner"]
        if placed is None or item["segment"] not in placed.tile.segment_index:
            findings.append(Finding(_("figure on a missing tile or segment ({x}, {y}) "
                                      "{segment!r}: left out").format(
                x=item["x"], y=item["y"], segment=item["segment"]), where, file, "no-segment"))
        elif not 0 <= owner < len(players):
            findings.append(Finding(_("figure owner {owner} is not a player: left out").format(
                owner=owner), where, file, "no-player"))
        else:
            board.add_figure(Figure(item["kind"], owner, placed.node(item["segment"])))
            if extra := take(item):
                figure_extras[_figure_key(item)] = extra
    board.commit()
    ruleset = data.get("ruleset", {})
    options = ruleset.get("options", {})
    position = Position(
        board=board,
        editions=list(ruleset.get("editions", ["base:C2"])),
        options={k: dict(v) for k, v in without(options).items()},
        tilesets=list(data.get("tilesets", [])),
        title=data.get("title", ""),
        description=data.get("description", ""),
        annotations=annotations_from_dict(data.get("annotations", {})),
        puzzle=data.get("puzzle"),
        moves=list(data.get("moves", [])),
        extras={k: v for k, v in data.items() if k in KEPT or k.startswith("x-")},
        ruleset_extra=take(ruleset, ("options",)),
        tile_extras=tile_extras,
        figure_extras=figure_extras,
    )
    return position, findings


def _figure_key(item: dict[str, Any]) -> FigureKey:
    return (item["kind"], item["owner"], item["x"], item["y"], item["segment"])


def annotations_from_dict(data: dict[str, Any]) -> Annotations:
    """The ``annotations`` block as objects."""
    return Annotations(
        notes=[Note(n["x"], n["y"], n["text"], take(n)) for n in data.get("notes", [])],
        arrows=[Arrow(tuple(a["from"]), tuple(a["to"]), a.get("text", ""),
                      take(a)) for a in data.get("arrows", [])],
        highlights=[Highlight(
            colour=h.get("colour", "#ffd166"),
            cells=[tuple(c) for c in h.get("cells", [])],
            feature=(h["feature"]["x"], h["feature"]["y"], h["feature"]["segment"])
            if "feature" in h else None, extra=take(h, ("feature",)))
            for h in data.get("highlights", [])],
        extra=take(data),
    )


def annotations_to_dict(notes: Annotations) -> dict[str, Any]:
    """Annotations as the file writes them (empty lists left out)."""
    out: dict[str, Any] = {}
    if notes.notes:
        out["notes"] = [put({"x": n.x, "y": n.y, "text": n.text}, n.extra) for n in notes.notes]
    if notes.arrows:
        out["arrows"] = [put({"from": list(a.start), "to": list(a.end), **({"text": a.text}
                              if a.text else {})}, a.extra) for a in notes.arrows]
    if notes.highlights:
        items = []
        for h in notes.highlights:
            item: dict[str, Any] = {}
            if h.cells:
                item["cells"] = [list(c) for c in h.cells]
            if h.feature:
                item["feature"] = {"x": h.feature[0], "y": h.feature[1], "segment": h.feature[2]}
            item["colour"] = h.colour
            items.append(put(item, h.extra))
        out["highlights"] = items
    return put(out, notes.extra)


def position_to_dict(position: Position) -> dict[str, Any]:
    """A position as a board file dict."""
    board = position.board
    data: dict[str, Any] = {k: position.extras[k] for k in KEPT if k in position.extras}
    data["format"] = FORMAT
    if position.title:
        data["title"] = position.title
    if position.description:
        data["description"] = position.description
    ruleset: dict[str, Any] = {"editions": list(position.editions)}
    if any(position.options.values()):
        ruleset["options"] = {k: dict(v) for k, v in position.options.items() if v}
    data["ruleset"] = put(ruleset, position.ruleset_extra)
    if position.tilesets:
        data["tilesets"] = list(position.tilesets)
    data["players"] = [
        put({"name": p.name, "colour": p.colour, "score": p.score, "goods": dict(p.goods),
             "supply": dict(p.supply)}, p.extra) for p in board.players]
    data["tiles"] = [
        put({"tile": t.tile.ref, "x": t.x, "y": t.y, "rotation": t.rotation * 90},
            position.tile_extras.get((t.x, t.y, t.tile.ref), {})) for t in board]
    figures = []
    for f in board.figures:
        x, y = board.cell_of(f.node)
        item = {"kind": f.kind, "owner": f.owner, "x": x, "y": y,
                "segment": board.segment_of(f.node).id}
        figures.append(put(item, position.figure_extras.get(_figure_key(item), {})))
    data["figures"] = figures
    notes = annotations_to_dict(position.annotations)
    if notes:
        data["annotations"] = notes
    if position.puzzle is not None:
        data["puzzle"] = position.puzzle
    if position.moves:
        data["moves"] = position.moves
    data.update((k, v) for k, v in position.extras.items() if k not in KEPT)
    return data
