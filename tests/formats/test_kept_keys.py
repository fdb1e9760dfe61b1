"""``$schema`` (#14.10), optional collections (#14.12) and ``x-`` keys kept wherever the
schema allows them, never failing a command (#14.13)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.formats import schemas
from editor.formats.boards import load_position, position_to_dict, save_position
from editor.formats.jsonio import json_path
from editor.formats.lint import check_tileset
from editor.formats.tilesets import tileset_from_dict, tileset_to_dict

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "first-steps.board.json"
TILESET = ROOT / "tilesets" / "traders-builders-c2.json"
EXTRA = {"x-test": {"kept": [1, "two"]}}


def rich_board() -> dict[str, Any]:
    """A board with every kind of object the schema has."""
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["ruleset"] = {"editions": ["base:C1", "traders-builders:C1"],
                       "options": {"base:C1": {"rules": "2001"}}}
    data["players"][0]["goods"] = {"wine": 1}
    data["annotations"]["arrows"] = [{"from": [0, 0], "to": [1, 0], "text": "here"}]
    data["annotations"]["highlights"] = [
        {"cells": [[0, 0]], "colour": "#ffd166"},
        {"feature": {"x": 0, "y": 0, "segment": data["figures"][0]["segment"]},
         "colour": "#123456"}]
    data["annotations"]["highlights"][1]["feature"] = {
        "x": data["figures"][0]["x"], "y": data["figures"][0]["y"],
        "segment": data["figures"][0]["segment"]}
    return data


def objects(node: Any, where: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """The path of every object in a JSON document."""
    if isinstance(node, dict):
        yield where
        for key, value in node.items():
            yield from objects(value, (*where, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from objects(value, (*where, i))


def at(data: Any, where: tuple[str | int, ...]) -> Any:
    for part in where:
        data = data[part]
    return data


def board_places() -> list[tuple[str | int, ...]]:
    """Every object of the rich board where the schema allows an ``x-`` key."""
    data = rich_board()
    places = []
    for where in objects(data):
        trial = copy.deepcopy(data)
        at(trial, where).update(EXTRA)
        if not schemas.validate(trial, schemas.BOARD):
            places.append(where)
    return places


PLACES = board_places()


def test_the_rich_board_has_x_keys_everywhere_that_matters() -> None:
    shown = {json_path(p) for p in PLACES}
    assert {"$", "$.ruleset", "$.ruleset.options", "$.ruleset.options['base:C1']",
            "$.players[0]", "$.players[0].goods", "$.players[0].supply", "$.tiles[0]",
            "$.figures[0]", "$.annotations", "$.annotations.notes[0]",
            "$.annotations.arrows[0]", "$.annotations.highlights[1]",
            "$.annotations.highlights[1].feature"} <= shown


@pytest.mark.parametrize("where", PLACES, ids=[json_path(p) for p in PLACES])
def test_an_x_key_survives_load_and_save(tmp_path: Path, catalogue: Any,
                                         capsys: pytest.CaptureFixture[str],
                                         where: tuple[str | int, ...]) -> None:
    data = rich_board()
    at(data, where).update(EXTRA)
    path = tmp_path / "x.board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    position, findings = load_position(path, catalogue)
    assert position is not None and not [f for f in findings if f.severity == "error"]
    save_position(path, position)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert at(saved, where)["x-test"] == EXTRA["x-test"]
    assert main(["score", str(path), "--final"]) == 0
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()


def test_x_keys_never_become_options_or_counts(catalogue: Any, tmp_path: Path) -> None:
    data = rich_board()
    data["ruleset"]["options"]["base:C1"]["x-note"] = "house rule"
    data["ruleset"]["options"]["x-note"] = 3
    data["players"][0]["goods"]["x-colour"] = "red"
    data["players"][0]["supply"]["x-note"] = [1]
    path = tmp_path / "b.board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    position, _ = load_position(path, catalogue)
    assert position is not None
    assert position.options == {"base:C1": {"rules": "2001", "x-note": "house rule"}}
    assert position.board.players[0].goods == {"wine": 1}
    assert "x-note" not in position.board.players[0].supply
    assert position.ruleset_spec == "base:C1[rules=2001] + traders-builders:C1"
    saved = position_to_dict(position)
    assert saved["ruleset"]["options"]["x-note"] == 3
    assert saved["players"][0]["goods"] == {"wine": 1, "x-colour": "red"}


def test_x_keys_in_a_tile_sets_count_maps_and_provenance() -> None:
    data = json.loads(TILESET.read_text(encoding="utf-8"))
    data["goods_totals"]["x-a"] = 1
    data["provenance"] = {"sources": ["me"], "x-b": 2}
    index, tile = next((i, t) for i, t in enumerate(data["tiles"])
                       if any(s.get("goods") for s in t["segments"]))
    tile["provenance"] = {**tile.get("provenance", {}), "x-c": 3}
    segment = next(s for s in tile["segments"] if s.get("goods"))
    segment["goods"]["x-d"] = 4
    assert [f for f in check_tileset(data) if f.severity == "error"] == []
    tile_set = tileset_from_dict(data)
    assert all(not k.startswith("x-") for k in tile_set.goods_totals)
    saved = tileset_to_dict(tile_set)
    assert saved["goods_totals"]["x-a"] == 1 and saved["provenance"]["x-b"] == 2
    assert saved["tiles"][index]["provenance"]["x-c"] == 3
    kept = next(s for s in saved["tiles"][index]["segments"] if s["id"] == segment["id"])
    assert kept["goods"]["x-d"] == 4


# --- $schema ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "path"), [("board", SAMPLE), ("tileset", TILESET)])
def test_schema_key_is_allowed_and_kept_first(name: str, path: Path, tmp_path: Path,
                                              catalogue: Any,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data = {"$schema": schemas.schema_id(name), **data}
    copy_ = tmp_path / path.name
    copy_.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(copy_)]) == 0, capsys.readouterr().out
    if name == "board":
        position, _ = load_position(copy_, catalogue)
        assert position is not None
        saved = position_to_dict(position)
    else:
        saved = tileset_to_dict(tileset_from_dict(data))
    assert next(iter(saved)) == "$schema"
    assert saved["$schema"] == f"https://carcassonne-editor.org/schemas/{name}.schema.json"


def test_the_documentation_publishes_every_schema_under_its_id() -> None:
    text = (ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    for name in schemas.schema_names():
        assert schemas.schema(name)["$id"] in text, name
        assert f"schemas/{name}.schema.json" in text, name


# --- optional collections -----------------------------------------------------------


def test_a_board_needs_no_empty_lists(tmp_path: Path, catalogue: Any,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.board.json"
    path.write_text('{"format": 1}', encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()
    position, findings = load_position(path, catalogue)
    assert position is not None and findings == []
    assert position.board.players == [] and len(position.board) == 0
    only_tiles = tmp_path / "tiles.board.json"
    only_tiles.write_text(json.dumps({"format": 1, "players": [{"name": "A", "colour": "#000000"}],
                                      "tiles": [{"tile": "base-c2/D", "x": 0, "y": 0,
                                                 "rotation": 0}]}), encoding="utf-8")
    assert main(["score", str(only_tiles), "--final"]) == 0
    assert capsys.readouterr().out.startswith("Ruleset: base:C2\n")
