"""Board files ↔ :class:`~editor.model.position.Position`."""

from __future__ import annotations

import os
from typing import Any

from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.players import Figure, Player
from editor.model.ports import quarter_turns
from editor.model.position import Annotations, Arrow, Highlight, Note, Position
from editor.model.tilesets import Catalogue

from . import schemas
from .jsonio import dumps, parse_json, read_json, write_json_atomic
from .lint import check_board, lint_board

FORMAT = 1


def load_position(path: str | os.PathLike[str], catalogue: Catalogue
                  ) -> tuple[Position | None, list[Finding]]:
    """Read, validate and build a position. ``None`` when the file cannot be read or fails
    its schema; lint findings (an unknown tile, a figure on a missing segment) come back with
    a position that leaves out what it could not place."""
    data, findings = read_json(path)
    if findings:
        return None, findings
    findings = schemas.validate(data, schemas.BOARD, str(path))
    if findings:
        return None, findings
    findings = lint_board(data, catalogue, str(path))
    position, problems = position_from_dict(data, catalogue, str(path))
    seen = {(f.path, f.message) for f in findings}
    return position, findings + [p for p in problems if (p.path, p.message) not in seen]


def save_position(path: str | os.PathLike[str], position: Position, *,
                  read_only_ok: bool = False) -> None:
    """Write a position atomically: the old file stays intact if anything fails; a
    read-only file raises ``ReadOnlyFileError`` unless ``read_only_ok``."""
    write_json_atomic(path, position_to_dict(position), read_only_ok=read_only_ok)


def saved_findings(position: Position, catalogue: Catalogue, file: str = ""
                   ) -> list[Finding]:
    """What ``validate`` would report about the file :func:`save_position` writes for this
    position (read back from its text): a writer that must never produce a file the program
    refuses checks this first."""
    data, findings = parse_json(dumps(position_to_dict(position)), file)
    return findings or check_board(data, catalogue, file)


def position_from_dict(data: dict[str, Any], catalogue: Catalogue, file: str = ""
                       ) -> tuple[Position, list[Finding]]:
    """Build a position from a schema-valid board dict, skipping (and reporting) tiles and
    figures that cannot be placed."""
    findings: list[Finding] = []
    players = [Player(name=p["name"], colour=p["colour"], score=p.get("score", 0),
                      goods=dict(p.get("goods", {})), supply=dict(p.get("supply", {})))
               for p in data.get("players", [])]
    board = Board(players)
    for i, item in enumerate(data.get("tiles", [])):
        ref, cell = item["tile"], (item["x"], item["y"])
        where = f"$.tiles[{i}]"
        if ref not in catalogue:
            findings.append(Finding(f"unknown tile {ref!r}: not placed", where, file,
                                    "unknown-tile", cell=cell))
        elif cell in board.cells:
            findings.append(Finding(f"cell {cell} holds two tiles: {ref} not placed", where,
                                    file, "cell-taken", cell=cell))
        else:
            board.place(catalogue.tile(ref), *cell, quarter_turns(item.get("rotation", 0)))
    for i, item in enumerate(data.get("figures", [])):
        where = f"$.figures[{i}]"
        placed = board.at(item["x"], item["y"])
        owner = item["owner"]
        if placed is None or item["segment"] not in placed.tile.segment_index:
            findings.append(Finding(f"figure on a missing tile or segment "
                                    f"({item['x']}, {item['y']}) {item['segment']!r}: left out",
                                    where, file, "no-segment"))
        elif not 0 <= owner < len(players):
            findings.append(Finding(f"figure owner {owner} is not a player: left out", where,
                                    file, "no-player"))
        else:
            board.add_figure(Figure(item["kind"], owner, placed.node(item["segment"])))
    board.commit()
    ruleset = data.get("ruleset", {})
    position = Position(
        board=board,
        editions=list(ruleset.get("editions", ["base:C2"])),
        options={k: dict(v) for k, v in ruleset.get("options", {}).items()},
        tilesets=list(data.get("tilesets", [])),
        title=data.get("title", ""),
        description=data.get("description", ""),
        annotations=annotations_from_dict(data.get("annotations", {})),
        puzzle=data.get("puzzle"),
        moves=list(data.get("moves", [])),
        extras={k: v for k, v in data.items() if k.startswith("x-")},
    )
    return position, findings


def annotations_from_dict(data: dict[str, Any]) -> Annotations:
    """The ``annotations`` block as objects."""
    return Annotations(
        notes=[Note(n["x"], n["y"], n["text"]) for n in data.get("notes", [])],
        arrows=[Arrow(tuple(a["from"]), tuple(a["to"]), a.get("text", ""))  # type: ignore[arg-type]
                for a in data.get("arrows", [])],
        highlights=[Highlight(
            colour=h.get("colour", "#ffd166"),
            cells=[tuple(c) for c in h.get("cells", [])],  # type: ignore[misc]
            feature=(h["feature"]["x"], h["feature"]["y"], h["feature"]["segment"])
            if "feature" in h else None) for h in data.get("highlights", [])],
    )


def annotations_to_dict(notes: Annotations) -> dict[str, Any]:
    """Annotations as the file writes them (empty lists left out)."""
    out: dict[str, Any] = {}
    if notes.notes:
        out["notes"] = [{"x": n.x, "y": n.y, "text": n.text} for n in notes.notes]
    if notes.arrows:
        out["arrows"] = [{"from": list(a.start), "to": list(a.end), **({"text": a.text}
                          if a.text else {})} for a in notes.arrows]
    if notes.highlights:
        items = []
        for h in notes.highlights:
            item: dict[str, Any] = {}
            if h.cells:
                item["cells"] = [list(c) for c in h.cells]
            if h.feature:
                item["feature"] = {"x": h.feature[0], "y": h.feature[1], "segment": h.feature[2]}
            item["colour"] = h.colour
            items.append(item)
        out["highlights"] = items
    return out


def position_to_dict(position: Position) -> dict[str, Any]:
    """A position as a board file dict."""
    board = position.board
    data: dict[str, Any] = {"format": FORMAT}
    if position.title:
        data["title"] = position.title
    if position.description:
        data["description"] = position.description
    ruleset: dict[str, Any] = {"editions": list(position.editions)}
    if any(position.options.values()):
        ruleset["options"] = {k: dict(v) for k, v in position.options.items() if v}
    data["ruleset"] = ruleset
    if position.tilesets:
        data["tilesets"] = list(position.tilesets)
    data["players"] = [
        {"name": p.name, "colour": p.colour, "score": p.score, "goods": dict(p.goods),
         "supply": dict(p.supply)} for p in board.players]
    data["tiles"] = [{"tile": t.tile.ref, "x": t.x, "y": t.y, "rotation": t.rotation * 90}
                     for t in board]
    data["figures"] = [
        {"kind": f.kind, "owner": f.owner, "x": board.node_cell[f.node][0],
         "y": board.node_cell[f.node][1], "segment": board.segment_of(f.node).id}
        for f in board.figures]
    notes = annotations_to_dict(position.annotations)
    if notes:
        data["annotations"] = notes
    if position.puzzle is not None:
        data["puzzle"] = position.puzzle
    if position.moves:
        data["moves"] = position.moves
    data.update(position.extras)
    return data
