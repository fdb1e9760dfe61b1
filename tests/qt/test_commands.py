"""Every edit command: do, undo and redo leave the document and the scene in agreement."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from qt_support import assert_mirrors, sample_document, snapshot

from editor.model.players import Player
from editor.model.position import Arrow, Highlight, Note
from editor.qt import commands as c
from editor.qt.document import BoardDocument, FigureSpec, TileSpec
from editor.qt.scene import BoardScene

Make = Callable[[BoardDocument], c.DocumentCommand]


def tile(doc: BoardDocument, ref: str):
    return doc.catalogue.tile(ref)


COMMANDS: dict[str, Make] = {
    "place tile": lambda d: c.PlaceTile(d, TileSpec(tile(d, "base-c2/E"), 1, 0, 3)),
    "place illegal tile": lambda d: c.PlaceTile(d, TileSpec(tile(d, "base-c2/C"), 0, 4, 0)),
    "remove tile with figure": lambda d: c.RemoveTile(d, 1, 1),
    "remove start tile": lambda d: c.RemoveTile(d, 0, 0),
    "rotate tile with figure": lambda d: c.RotateTile(d, 1, 1, 3),
    "move tile with figure": lambda d: c.MoveTile(d, (1, 3), (5, 5)),
    "add figure": lambda d: c.AddFigure(d, FigureSpec("follower", 1, 0, 0, "road")),
    "add abbot": lambda d: c.AddFigure(d, FigureSpec("abbot", 0, 0, -1, "garden")),
    "add figure breaking a rule": lambda d: c.AddFigure(
        d, FigureSpec("follower", 0, 0, 3, "city")),
    "remove figure": lambda d: c.RemoveFigure(d, 3),
    "move figure": lambda d: c.MoveFigure(d, 0, FigureSpec("follower", 0, 0, 0, "road")),
    "add player": lambda d: c.AddPlayer(d, Player("Carol", "#2a9d3f", supply={"follower": 7})),
    "insert player first": lambda d: c.AddPlayer(d, Player("Dan", "#111111"), 0),
    "remove player": lambda d: c.RemovePlayer(d, 0),
    "edit name": lambda d: c.EditPlayer(d, 0, name="Alicia"),
    "edit colour": lambda d: c.EditPlayer(d, 1, colour="#2a9d3f"),
    "edit score": lambda d: c.EditPlayer(d, 1, score=42),
    "edit goods": lambda d: c.EditPlayer(d, 0, goods={"wine": 2}),
    "edit supply": lambda d: c.EditPlayer(d, 0, supply={"follower": 3, "abbot": 0}),
    "set title": lambda d: c.SetInfo(d, title="Another afternoon"),
    "set description": lambda d: c.SetInfo(d, description="Changed."),
    "add note": lambda d: c.AddAnnotation(d, "notes", Note(2, 2, "here")),
    "add arrow": lambda d: c.AddAnnotation(d, "arrows", Arrow((0, 0), (2, 2), "go")),
    "add cell highlight": lambda d: c.AddAnnotation(d, "highlights",
                                                    Highlight("#06d6a0", [(1, 1), (2, 1)])),
    "add feature highlight": lambda d: c.AddAnnotation(
        d, "highlights", Highlight("#06d6a0", [], (0, 0, "road"))),
    "edit note": lambda d: c.EditAnnotation(d, "notes", 0, Note(0, 0, "Edited")),
    "edit arrow": lambda d: c.EditAnnotation(d, "arrows", 0, Arrow((0, 0), (0, 1))),
    "remove note": lambda d: c.RemoveAnnotation(d, "notes", 0),
    "remove highlight": lambda d: c.RemoveAnnotation(d, "highlights", 0),
    "change ruleset": lambda d: c.ChangeRuleset(d, ["base:C1"], {"base:C1": {"rules": "2001"}}),
    "add expansion": lambda d: c.ChangeRuleset(d, ["base:C2", "traders-builders:C2"], {}),
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_do_undo_redo_keep_document_and_scene_in_step(qapp, name: str) -> None:
    doc = sample_document()
    scene = BoardScene(doc)
    before = snapshot(doc)
    rules_before = doc.rules.name
    command = COMMANDS[name](doc)
    doc.undo_stack.push(command)
    after = snapshot(doc)
    assert after != before
    assert_mirrors(doc, scene)
    doc.undo_stack.undo()
    assert snapshot(doc) == before
    assert doc.rules.name == rules_before
    assert_mirrors(doc, scene)
    doc.undo_stack.redo()
    assert snapshot(doc) == after
    assert_mirrors(doc, scene)
    assert doc.modified
    assert doc.undo_stack.undoText() == command.text()


def test_figures_come_from_and_return_to_the_supply(qapp) -> None:
    doc = sample_document()
    doc.undo_stack.push(c.AddFigure(doc, FigureSpec("abbot", 0, 0, -1, "garden")))
    assert doc.players[0].supply["abbot"] == 0
    doc.undo_stack.push(c.RemoveFigure(doc, len(doc.figures()) - 1))
    assert doc.players[0].supply["abbot"] == 1
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.players[0].supply["abbot"] == 1


def test_a_rule_breaking_figure_is_placed_and_reported(qapp) -> None:
    doc = sample_document()
    doc.undo_stack.push(c.AddFigure(doc, FigureSpec("follower", 0, 0, 3, "city")))
    doc.flush()
    assert any(f.code == "feature-occupied" for f in doc.findings())
    doc.undo_stack.undo()
    doc.flush()
    assert not any(f.code == "feature-occupied" for f in doc.findings())


def test_consecutive_edits_of_one_field_merge_into_one_step(qapp) -> None:
    doc = sample_document()
    for score in (1, 12, 123):
        doc.undo_stack.push(c.EditPlayer(doc, 0, score=score))
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.players[0].score == 8
    for text in ("A", "A q", "A quiet"):
        doc.undo_stack.push(c.SetInfo(doc, title=text))
    assert doc.undo_stack.count() == 1
    assert doc.position.title == "A quiet"


def test_a_long_history_undoes_to_the_opened_file(qapp) -> None:
    doc = sample_document()
    scene = BoardScene(doc)
    before = snapshot(doc)
    for make in COMMANDS.values():
        try:
            doc.undo_stack.push(make(doc))
        except (ValueError, IndexError, KeyError):
            continue  # an earlier edit removed what this one needs
    assert_mirrors(doc, scene)
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert snapshot(doc) == before
    assert not doc.modified
    assert_mirrors(doc, scene)
