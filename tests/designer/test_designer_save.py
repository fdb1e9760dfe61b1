"""A tile set built through the designer's commands saves to exactly the expected file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.formats import jsonio
from editor.formats.lint import check_tileset
from editor.qt.designer import tileops
from editor.qt.designer.commands import (
    AddSegment,
    AddTile,
    JoinSegments,
    SetSegmentValue,
    SetSetValue,
    SetSide,
    SetTileValue,
)
from editor.qt.designer.document import DocumentError, TileSetDocument

EXPECTED = {
    "format": 1,
    "id": "designer-test",
    "name": "Designer test",
    "part": "custom",
    "edition": "custom",
    "provenance": {"sources": ["tests/designer"]},
    "tiles": [
        {
            "id": "P",
            "aliases": ["BA/CcRr+"],
            "count": 2,
            "segments": [
                {"id": "city", "kind": "city", "ports": ["WSW", "W", "WNW", "NNW", "N", "NNE"],
                 "pennants": 1},
                {"id": "road", "kind": "road", "ports": ["E", "S"]},
                {"id": "field", "kind": "field", "ports": ["ESE", "SSE"]},
                {"id": "field-ne", "kind": "field", "ports": ["ENE", "SSW"], "cities": ["city"]},
            ],
        },
        {
            "id": "M",
            "count": 1,
            "segments": [
                {"id": "road", "kind": "road", "ports": ["S"]},
                {"id": "monastery", "kind": "monastery", "ports": []},
                {"id": "field", "kind": "field",
                 "ports": ["SSW", "WSW", "W", "WNW", "NNW", "N", "NNE", "ENE", "E", "ESE", "SSE"],
                 "wraps": ["S"]},
            ],
            "tags": ["cowshed"],
            "provenance": {"sources": ["sketch"], "provisional": True},
        },
    ],
}


def build(doc: TileSetDocument, push) -> None:
    """The two tiles of EXPECTED, the way a person builds them in the designer."""
    push(SetSetValue(doc, "id", "designer-test"))
    push(SetSetValue(doc, "name", "Designer test"))
    push(SetSetValue(doc, "provenance", {"sources": ["tests/designer"]}))
    for side, kind in ((0, "city"), (3, "city"), (1, "road"), (2, "road")):
        push(SetSide(doc, 0, side, kind))
    push(JoinSegments(doc, 0, "city", "city-w"))  # one city over N and W
    push(JoinSegments(doc, 0, "road", "road-s"))  # one road bending from E to S
    push(SetSegmentValue(doc, 0, "city", "pennants", 1))
    push(SetTileValue(doc, 0, "id", "P"))
    push(SetTileValue(doc, 0, "aliases", ["BA/CcRr+"]))
    push(SetTileValue(doc, 0, "count", 2))
    push(AddTile(doc, 1, tileops.blank_tile("M")))
    push(AddSegment(doc, 1, "monastery"))
    push(SetSide(doc, 1, 2, "road"))  # ends at the monastery: the field wraps S
    push(SetTileValue(doc, 1, "tags", ["cowshed"]))
    push(SetTileValue(doc, 1, "provenance", {"sources": ["sketch"], "provisional": True}))


def test_a_tile_set_built_by_commands_saves_valid_and_exact(doc, push, tmp_path: Path) -> None:
    build(doc, push)
    target = tmp_path / "designer-test.json"
    doc.save(str(target))
    text = target.read_text(encoding="utf-8")
    assert text == jsonio.dumps(EXPECTED)
    assert check_tileset(json.loads(text), str(target)) == []
    assert not doc.modified
    assert doc.path == str(target)


def test_the_saved_file_opens_again_unchanged(doc, push, tmp_path: Path) -> None:
    build(doc, push)
    target = tmp_path / "set.json"
    doc.save(str(target))
    again = TileSetDocument.open(target)
    assert again.data == EXPECTED
    assert again.findings() == []
    assert not again.modified


def test_a_failing_save_leaves_the_old_file_intact(doc, push, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "set.json"
    doc.save(str(target))
    before = target.read_bytes()
    push(SetSide(doc, 0, 0, "city"))
    assert doc.modified

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonio.os, "replace", refuse)
    with pytest.raises(OSError):
        doc.save()
    assert target.read_bytes() == before
    assert doc.modified
    assert [p.name for p in tmp_path.iterdir()] == ["set.json"]  # no temporary file left
    monkeypatch.undo()
    doc.save()
    assert json.loads(target.read_text())["tiles"][0]["segments"][0]["kind"] == "city"


def test_saving_needs_a_file(doc) -> None:
    with pytest.raises(ValueError, match="no file"):
        doc.save()


def test_files_that_are_no_tile_set_do_not_open(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(DocumentError, match="not valid JSON"):
        TileSetDocument.open(broken)
    board = tmp_path / "board.json"
    board.write_text('{"format": 1, "tiles": {}}', encoding="utf-8")
    with pytest.raises(DocumentError, match="no list of tiles"):
        TileSetDocument.open(board)
