"""Every designer command: undo returns the exact previous data, redo the exact next one."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from PySide6.QtGui import QUndoCommand

from editor.model.ports import PORT_INDEX
from editor.qt.designer import tileops
from editor.qt.designer.commands import (
    AddSegment,
    AddTile,
    DeleteTile,
    JoinSegments,
    MovePort,
    MoveTile,
    RemoveSegment,
    RenameSegment,
    SetSegmentValue,
    SetSetValue,
    SetSide,
    SetTileValue,
    SplitSegment,
)
from editor.qt.designer.document import TileSetDocument

Make = Callable[[TileSetDocument], QUndoCommand]


def prepared(doc: TileSetDocument) -> None:
    """Tile A: cities N and W, roads E and S, fields between; tile B: blank."""
    for side, kind in ((0, "city"), (3, "city"), (1, "road"), (2, "road")):
        doc.undo_stack.push(SetSide(doc, 0, side, kind))
    doc.undo_stack.push(AddTile(doc, 1, tileops.blank_tile("B")))
    doc.undo_stack.clear()


COMMANDS: dict[str, Make] = {
    "side city": lambda d: SetSide(d, 0, 1, "city"),
    "side field": lambda d: SetSide(d, 0, 0, "field"),
    "side river": lambda d: SetSide(d, 1, 2, "river"),
    "join cities": lambda d: JoinSegments(d, 0, "city", "city-w"),
    "join roads": lambda d: JoinSegments(d, 0, "road", "road-s"),
    "split": lambda d: SplitSegment(d, 1, "field", PORT_INDEX["S"]),
    "move port": lambda d: MovePort(d, 0, PORT_INDEX["ESE"], "road"),
    "add monastery": lambda d: AddSegment(d, 1, "monastery"),
    "add inner field": lambda d: AddSegment(d, 0, "field", inner=True),
    "remove segment": lambda d: RemoveSegment(d, 0, "road"),
    "rename": lambda d: RenameSegment(d, 0, "city", "city-n"),
    "pennants": lambda d: SetSegmentValue(d, 0, "city", "pennants", 2),
    "goods": lambda d: SetSegmentValue(d, 0, "city", "goods", {"cloth": 1}),
    "segment kind": lambda d: SetSegmentValue(d, 0, "road", "kind", "river"),
    "tile id": lambda d: SetTileValue(d, 0, "id", "Z"),
    "tile count": lambda d: SetTileValue(d, 0, "count", 4),
    "start": lambda d: SetTileValue(d, 0, "start", True),
    "image": lambda d: SetTileValue(d, 1, "image", "pictures/b.png"),
    "add tile": lambda d: AddTile(d, 2, tileops.blank_tile("C")),
    "delete tile": lambda d: DeleteTile(d, 0),
    "move tile": lambda d: MoveTile(d, 0, 1),
    "set name": lambda d: SetSetValue(d, "name", "Renamed"),
    "set description": lambda d: SetSetValue(d, "description", "About the set"),
    "remove set key": lambda d: SetSetValue(d, "part", None),
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_undo_and_redo_restore_the_exact_data(doc: TileSetDocument, name: str) -> None:
    prepared(doc)
    before = copy.deepcopy(doc.data)
    command = COMMANDS[name](doc)
    doc.undo_stack.push(command)
    after = copy.deepcopy(doc.data)
    assert after != before, f"{name} changed nothing"
    assert doc.modified
    doc.undo_stack.undo()
    assert doc.data == before
    assert list(doc.data) == list(before)
    assert not doc.modified
    doc.undo_stack.redo()
    assert doc.data == after


def test_a_whole_session_undoes_to_the_start(doc: TileSetDocument) -> None:
    prepared(doc)
    start = copy.deepcopy(doc.data)
    for make in COMMANDS.values():
        try:
            command = make(doc)
        except (KeyError, ValueError, IndexError):
            continue  # an earlier edit removed what this one needs
        doc.undo_stack.push(command)
    end = copy.deepcopy(doc.data)
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.data == start
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert doc.data == end


def test_consecutive_edits_of_one_value_merge_into_one_step(doc: TileSetDocument) -> None:
    before = copy.deepcopy(doc.data)
    for count in (2, 3, 4):
        doc.undo_stack.push(SetTileValue(doc, 0, "count", count))
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.data == before


def test_signals_name_what_changed(doc: TileSetDocument, qtbot) -> None:
    with qtbot.waitSignal(doc.tileChanged) as changed:
        doc.undo_stack.push(SetSide(doc, 0, 0, "city"))
    assert changed.args == [0]
    with qtbot.waitSignal(doc.tilesChanged):
        doc.undo_stack.push(AddTile(doc, 1, tileops.blank_tile("B")))
    with qtbot.waitSignal(doc.setChanged):
        doc.undo_stack.push(SetSetValue(doc, "name", "Other"))
    with qtbot.waitSignal(doc.findingsChanged, timeout=2000):
        doc.undo_stack.push(SetTileValue(doc, 1, "id", "A"))  # duplicate id, linted later
    assert [f.code for f in doc.findings()] == ["duplicate-tile-id"]
