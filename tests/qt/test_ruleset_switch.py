"""Switching a board's ruleset: supplies follow it, tiles of other sets are converted or
kept against their own sets (never both boxes silently), an unavailable ruleset is shown as
such in the window and the dialog."""

from __future__ import annotations

import pytest
from qt_support import isolated_settings, sample_document, snapshot  # noqa: F401

from editor.formats.boards import position_from_dict, position_to_dict
from editor.qt import rulesetpicker
from editor.qt.docks.players import PlayersWidget
from editor.qt.document import BoardDocument
from editor.qt.mainwindow import MainWindow
from editor.qt.rulesetpicker import CANCEL, CONVERT, KEEP, RulesetDialog, ruleset_command

pytestmark = pytest.mark.usefixtures("isolated_settings")


@pytest.fixture
def window(qtbot, host, catalogue, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "warning",  # closing at the end discards the edits
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    win = MainWindow(sample_document(), host, catalogue)
    qtbot.addWidget(win)
    return win


def answer(monkeypatch, choice: str) -> list[rulesetpicker.RulesetPlan]:
    asked: list[rulesetpicker.RulesetPlan] = []
    monkeypatch.setattr(rulesetpicker, "ask_conversion",
                        lambda parent, plan: asked.append(plan) or choice)
    return asked


def bag_text(window: MainWindow) -> str:
    window.doc.flush()
    return window.puzzle_dock.panel.bag_label.text()


def test_converting_the_tiles_to_the_new_edition(window, monkeypatch):
    doc = window.doc
    before = snapshot(doc)
    asked = answer(monkeypatch, CONVERT)
    assert window.apply_rules(["base:C1"], {"base:C1": {"rules": "2002"}})
    plan = asked[0]
    assert len(plan.foreign) == 21
    gardens = [t for t in before["tiles"] if t["tile"].endswith("g")]
    assert plan.convertible == 21 - len(gardens)  # a garden tile has no C1 counterpart
    tiles = {(t.x, t.y): t for t in doc.tiles()}
    assert {t.tile.set_id for t in tiles.values()} == {"base-c1", "base-c2"}
    for old in before["tiles"]:
        spec = tiles[(old["x"], old["y"])]
        assert spec.rotation * 90 == old["rotation"]
        expected = old["tile"] if old["tile"].endswith("g") else \
            old["tile"].replace("base-c2", "base-c1")
        assert spec.tile.ref == expected
    assert [(f.kind, f.cell, f.segment) for f in doc.figures()] == [
        (f["kind"], (f["x"], f["y"]), f["segment"]) for f in before["figures"]]
    assert bag_text(window) == f"{72 - plan.convertible} tiles left in the bag"
    assert doc.position.tilesets == []
    doc.undo_stack.undo()
    assert snapshot(doc) == before


def test_keeping_the_tiles_counts_them_against_their_own_sets(window, monkeypatch):
    doc = window.doc
    answer(monkeypatch, KEEP)
    assert window.apply_rules(["base:C1"], {})
    assert doc.rules.name.startswith("base:C1")
    assert doc.position.tilesets == ["base-c2"]
    assert {t.tile.set_id for t in doc.tiles()} == {"base-c2"}
    assert bag_text(window) == "51 tiles left in the bag"  # base-c2's 72, less the 21
    shown = {t.set_id for t in window.catalogue_dock.catalogue.visible_tiles()}
    assert shown == {"base-c2"}
    doc.undo_stack.undo()
    assert doc.position.tilesets == [] and doc.rules.name == "base:C2"


def test_cancelling_changes_nothing_and_the_dialog_shows_the_ruleset_again(window,
                                                                          monkeypatch):
    doc = window.doc
    before = snapshot(doc)
    answer(monkeypatch, CANCEL)
    dialog = RulesetDialog(window.host, doc.position.editions, doc.position.options, window,
                           apply=window.apply_rules)
    dialog.picker.base.setCurrentIndex(dialog.picker.base.findData("base:C1"))
    assert snapshot(doc) == before and doc.undo_stack.count() == 0
    assert dialog.picker.base.currentData() == "base:C2"
    dialog.close()


def test_no_question_when_the_board_lists_its_sets(window, monkeypatch):
    doc = window.doc
    asked = answer(monkeypatch, CONVERT)
    doc.set_tilesets(["base-c2"])
    command = ruleset_command(window, doc, ["base:C1"], {})
    assert command is not None and not asked


def test_supplies_follow_the_ruleset(window, monkeypatch, qtbot):
    doc = window.doc
    answer(monkeypatch, KEEP)
    players: PlayersWidget = window.players_dock.players
    headers = [players.table.horizontalHeaderItem(c).text()
               for c in range(players.table.columnCount())]
    assert "abbots left" in headers
    assert window.apply_rules(["base:C1"], {})
    assert all("abbot" not in p.supply for p in doc.players)
    headers = [players.table.horizontalHeaderItem(c).text()
               for c in range(players.table.columnCount())]
    assert "abbots left" not in headers and "followers left" in headers
    assert not players.outside.isVisible() and players.outside.text() == ""
    doc.undo_stack.undo()
    assert [p.supply.get("abbot") for p in doc.players] == [1, 1]
    doc.set_tilesets([])


def test_a_kind_the_ruleset_lacks_is_named_not_a_column(qtbot, catalogue, host):
    sample = sample_document()
    data = position_to_dict(sample.position)
    data["ruleset"] = {"editions": ["base:C1"]}
    data["tilesets"] = ["base-c2"]
    position, _ = position_from_dict(data, catalogue)
    doc = BoardDocument(position, catalogue=catalogue, host=host)
    players = PlayersWidget()
    qtbot.addWidget(players)
    players.set_document(doc)
    headers = [players.table.horizontalHeaderItem(c).text()
               for c in range(players.table.columnCount())]
    assert "abbots left" not in headers
    assert players.outside.text() == ("Not in base:C1[rules=2000], kept in the file: "
                                      "Alice 1 abbot, Bob 1 abbot")
    assert position_to_dict(doc.position)["players"][0]["supply"]["abbot"] == 1


def test_switching_to_a_ruleset_that_adds_a_figure_fills_its_supply(qtbot, catalogue, host,
                                                                    monkeypatch):
    sample = sample_document()
    data = position_to_dict(sample.position)
    data["ruleset"] = {"editions": ["base:C2"]}
    for player in data["players"]:
        player["supply"] = {"follower": 0}
    position, _ = position_from_dict(data, catalogue)
    doc = BoardDocument(position, catalogue=catalogue, host=host)
    doc.undo_stack.push(ruleset_command(None, doc, ["base:C2", "traders-builders:C2"], {}))
    on_board = [sum(1 for f in doc.figures() if f.owner == i and f.kind == "abbot")
                for i in range(2)]
    assert [p.supply for p in doc.players] == [
        {"follower": 0, "abbot": 1 - on_board[i], "builder": 1, "pig": 1} for i in range(2)]


def test_an_unavailable_ruleset_shows_in_the_window_and_the_dialog(qtbot, catalogue, host,
                                                                     monkeypatch):
    sample = sample_document()
    data = position_to_dict(sample.position)
    data["ruleset"] = {"editions": ["base:c2"]}
    position, _ = position_from_dict(data, catalogue)
    window = MainWindow(BoardDocument(position, catalogue=catalogue, host=host), host,
                        catalogue)
    qtbot.addWidget(window)
    assert window.rules_label.text() == "Rules: base:c2 (unavailable)"
    assert "unknown edition 'base:c2'" in window.rules_label.toolTip()
    assert window.kind_combo.count() == 0  # no figure kinds of another ruleset
    window.doc.flush()
    assert window.findings_dock.findings.tree.topLevelItem(0).text(0).startswith(
        "the board's ruleset base:c2 is unavailable: unknown edition 'base:c2'")
    dialog = RulesetDialog(host, window.doc.position.editions, window.doc.position.options,
                           window, apply=window.apply_rules)
    assert dialog.problem is not None
    assert "The board's ruleset base:c2 is unavailable" in dialog.problem.text()
    answer(monkeypatch, CONVERT)
    dialog.picker.base.setCurrentIndex(dialog.picker.base.findData("base:C3"))
    assert window.doc.rules.name == "base:C3" and window.rules_label.text() == "Rules: base:C3"
    assert dialog.problem.isHidden()
    dialog.close()
    window.doc.mark_saved()


def test_a_figure_the_ruleset_does_not_know_is_listed_in_findings(window, monkeypatch):
    from editor.qt.commands import AddFigure
    from editor.qt.document import FigureSpec

    doc = window.doc
    garden = next((t.x, t.y) for t in doc.tiles() if "garden" in t.tile.segment_index
                  and not doc.figures_at(t.x, t.y))
    doc.undo_stack.push(AddFigure(doc, FigureSpec("abbot", 0, *garden, "garden")))
    abbots = [f for f in doc.figures() if f.kind == "abbot"]
    answer(monkeypatch, KEEP)
    assert window.apply_rules(["base:C1"], {})
    doc.flush()
    findings = window.findings_dock.findings
    listed = [findings.tree.topLevelItem(i) for i in range(findings.tree.topLevelItemCount())]
    unknown = [item for item in listed if item.text(2) == "unknown-figure"]
    assert len(unknown) == len(abbots)
    assert "figure (abbot)" in unknown[0].text(0) and "has no such figure" in unknown[0].text(0)
    assert {f.cell for f in abbots} <= window.scene.flagged_cells()
    doc.undo_stack.undo()
    doc.flush()
    assert not [f for f in doc.findings() if f.code == "unknown-figure"]
