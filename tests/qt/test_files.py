"""Files: round trips keep every field, failed writes keep the old file, autosaves recover."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from qt_support import isolated_settings, sample_document, snapshot  # noqa: F401

from editor.formats.jsonio import dumps
from editor.qt import files
from editor.qt.commands import EditPlayer, RemoveTile
from editor.workspace import catalogue

RICH = {
    "format": 1,
    "title": "Everything",
    "description": "Every field a board file can hold.",
    "ruleset": {"editions": ["base:C1", "traders-builders:C1"],
                "options": {"base:C1": {"rules": "2001"}}},
    "tilesets": ["base-c1", "traders-builders-c1"],
    "players": [
        {"name": "Wendy", "colour": "#d62828", "score": 4, "goods": {"wine": 1},
         "supply": {"follower": 6, "builder": 1, "pig": 1}},
        {"name": "Peter", "colour": "#1d3557", "score": 0, "goods": {},
         "supply": {"follower": 7, "builder": 1, "pig": 1}},
    ],
    "tiles": [
        {"tile": "base-c1/D", "x": 0, "y": 0, "rotation": 0},
        {"tile": "base-c1/E", "x": 0, "y": -1, "rotation": 180},
        {"tile": "base-c1/U", "x": -1, "y": 0, "rotation": 90},
    ],
    "figures": [{"kind": "follower", "owner": 0, "x": 0, "y": -1, "segment": "city"}],
    "annotations": {
        "notes": [{"x": 0, "y": -1, "text": "Wendy's knight"}],
        "arrows": [{"from": [0, 0], "to": [0, -1], "text": "closes the city"}],
        "highlights": [
            {"cells": [[0, -1], [0, 0]], "colour": "#ffd166"},
            {"feature": {"x": 0, "y": 0, "segment": "road"}, "colour": "#06d6a0"},
        ],
    },
    "puzzle": {"title": "Close it", "to_move": 1, "hand": ["base-c1/A"],
               "objective": {"type": "most-points"}, "x-origin": "tests"},
    "moves": [{"player": 0, "tile": "base-c1/E", "x": 0, "y": -1, "rotation": 180,
               "figure": {"kind": "follower", "segment": "city"}}],
    "x-editor": {"zoom": 1.5},
    "x-note": "kept as written",
}


def write(path: Path, data: object) -> Path:
    path.write_text(dumps(data), encoding="utf-8")
    return path


def open_doc(path: Path):
    result = files.open_document(str(path), host=None, catalogue=catalogue())
    assert result.document is not None, result.message
    return result.document


@pytest.mark.usefixtures("isolated_settings")
def test_open_save_round_trip_keeps_every_field(tmp_path) -> None:
    source = write(tmp_path / "rich.board.json", RICH)
    doc = open_doc(source)
    assert doc.findings() == [] or all(f.file == "" for f in doc.findings())
    target = tmp_path / "copy.board.json"
    files.save_document(doc, str(target))
    assert json.loads(target.read_text(encoding="utf-8")) == RICH
    assert doc.path == str(target) and not doc.modified
    assert files.recent_files()[0] == str(target)


@pytest.mark.usefixtures("isolated_settings")
def test_round_trip_after_edit_and_undo_is_unchanged(tmp_path) -> None:
    doc = open_doc(write(tmp_path / "rich.board.json", RICH))
    doc.undo_stack.push(RemoveTile(doc, 0, -1))
    doc.undo_stack.push(EditPlayer(doc, 1, score=12))
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    files.save_document(doc, str(tmp_path / "again.board.json"))
    saved = json.loads((tmp_path / "again.board.json").read_text(encoding="utf-8"))
    by_cell = sorted(RICH["tiles"], key=lambda t: (t["x"], t["y"]))
    assert sorted(saved["tiles"], key=lambda t: (t["x"], t["y"])) == by_cell
    assert {k: v for k, v in saved.items() if k != "tiles"} == {
        k: v for k, v in RICH.items() if k != "tiles"}


@pytest.mark.usefixtures("isolated_settings")
def test_a_failing_write_leaves_the_old_file_intact(tmp_path,
                                                    monkeypatch) -> None:
    path = write(tmp_path / "rich.board.json", RICH)
    original = path.read_bytes()
    doc = open_doc(path)
    doc.undo_stack.push(EditPlayer(doc, 0, score=99))

    def refuse(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        files.save_document(doc, str(path))
    assert path.read_bytes() == original
    assert doc.modified
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_schema_invalid_file_is_refused_with_the_validators_message(tmp_path) -> None:
    bad = write(tmp_path / "bad.board.json", {**RICH, "tiles": "none"})
    result = files.open_document(str(bad), host=None, catalogue=catalogue())
    assert result.document is None
    assert "bad.board.json::$.tiles" in result.message
    broken = tmp_path / "broken.board.json"
    broken.write_text("{", encoding="utf-8")
    result = files.open_document(str(broken), host=None, catalogue=catalogue())
    assert result.document is None and "not valid JSON" in result.message


def test_a_file_with_lint_errors_opens_with_its_findings(tmp_path, qapp) -> None:
    data = dict(RICH, tiles=[*RICH["tiles"], {"tile": "base-c1/ZZ", "x": 3, "y": 3,
                                              "rotation": 0}])
    doc = open_doc(write(tmp_path / "lint.board.json", data))
    doc.flush()
    assert any("base-c1/ZZ" in f.message for f in doc.findings())
    assert len(doc.board) == 3


@pytest.mark.usefixtures("isolated_settings")
def test_recovery_restores_an_autosaved_board(tmp_path) -> None:
    folder = tmp_path / "autosave"
    doc = sample_document()
    doc.undo_stack.push(RemoveTile(doc, 0, 3))
    doc.undo_stack.push(EditPlayer(doc, 1, score=77))
    saver = files.Autosaver(doc, seconds=0, folder=folder)
    assert saver.save()
    assert files.recoverable(folder) == []  # this session still holds the lock
    (folder / f"{saver.id}.lock").unlink()  # as after a crash: nobody holds it
    entries = files.recoverable(folder)
    assert [e.id for e in entries] == [saver.id]
    assert entries[0].original == doc.path
    result = files.recover(entries[0], host=None, catalogue=catalogue())
    restored = result.document
    assert restored is not None and restored.modified
    assert restored.path == doc.path
    assert snapshot(restored) == snapshot(doc)
    files.forget(entries[0])
    assert list(folder.iterdir()) == []


@pytest.mark.usefixtures("isolated_settings")
def test_an_unmodified_document_is_not_autosaved_and_discard_cleans_up(
        tmp_path) -> None:
    folder = tmp_path / "autosave"
    doc = sample_document()
    saver = files.Autosaver(doc, seconds=0, folder=folder)
    assert not saver.save()
    doc.undo_stack.push(EditPlayer(doc, 0, score=3))
    assert saver.save()
    saver.discard()
    assert list(folder.iterdir()) == []


@pytest.mark.usefixtures("isolated_settings")
def test_autosave_runs_on_its_timer(tmp_path, qtbot) -> None:
    folder = tmp_path / "autosave"
    doc = sample_document()
    doc.undo_stack.push(EditPlayer(doc, 0, score=3))
    saver = files.Autosaver(doc, seconds=1, folder=folder)
    qtbot.waitUntil(saver.board_path.exists, timeout=3000)
    saver.discard()


@pytest.mark.usefixtures("isolated_settings")
def test_recent_files_are_newest_first_and_bounded(tmp_path) -> None:
    for i in range(files.MAX_RECENT + 3):
        files.add_recent(str(tmp_path / f"{i}.board.json"))
    recent = files.recent_files()
    assert len(recent) == files.MAX_RECENT
    assert recent[0].endswith(f"{files.MAX_RECENT + 2}.board.json")
    files.add_recent(recent[-1])
    assert files.recent_files()[0] == recent[-1]
    files.remove_recent(recent[-1])
    assert recent[-1] not in files.recent_files()
