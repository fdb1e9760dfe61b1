"""The main window: first start, menus and shortcuts, files, export, findings, rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QKeySequence
from PySide6.QtWidgets import QMessageBox
from qt_support import SAMPLE, isolated_settings, snapshot  # noqa: F401

from editor.formats.jsonio import dumps
from editor.formats.tilesets import builtin_tileset_paths
from editor.qt import app, files
from editor.qt.commands import EditPlayer, RemoveTile
from editor.qt.docks.catalogue import TILE_ROLE
from editor.qt.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("isolated_settings")


@pytest.fixture
def window(qtbot) -> MainWindow:
    windows = app.start([])
    assert len(windows) == 1
    win = windows[0]
    qtbot.waitExposed(win)
    yield win
    win.doc.mark_saved()  # so that closing asks nothing
    win.close()
    app.WINDOWS.clear()


def test_first_start_opens_the_sample_position(window: MainWindow) -> None:
    doc = window.doc
    assert Path(doc.path) == SAMPLE.resolve()
    assert doc.position.title == "A quiet afternoon"
    assert len(window.scene.tiles) == len(doc.board) == 21
    assert "first-steps.board.json" in window.windowTitle()
    assert window.rules_label.text() == "Rules: base:C2"


def test_the_catalogue_lists_every_built_in_set(window: MainWindow) -> None:
    widget = window.catalogue_dock.catalogue
    set_ids = {json.loads(p.read_text(encoding="utf-8"))["id"] for p in builtin_tileset_paths()}
    assert {widget.sets.itemData(i) for i in range(widget.sets.count())} >= set_ids
    widget.sets.setCurrentIndex(widget.sets.findData(""))
    assert {t.set_id for t in widget.visible_tiles()} == {s.id for s in window.catalogue.sets}
    assert {s.id for s in window.catalogue.sets} >= set_ids  # and plugins' sets
    assert len(widget.visible_tiles()) == sum(len(s.tiles) for s in window.catalogue.sets)
    widget.sets.setCurrentIndex(0)
    assert {t.set_id for t in widget.visible_tiles()} == {"base-c2", "river-c2"}


def test_catalogue_filters_and_counts(window: MainWindow) -> None:
    widget = window.catalogue_dock.catalogue
    widget.features.setCurrentIndex(widget.features.findData("garden"))
    assert widget.visible_tiles() and all(t.has("garden") for t in widget.visible_tiles())
    widget.features.setCurrentIndex(0)
    widget.search.setText("BA/RCr")
    assert [t.ref for t in widget.visible_tiles()] == ["base-c2/D"]
    row = widget.model.tiles.index(window.catalogue.tile("base-c2/D"))
    text = widget.model.index(row).data()
    assert text == "D\n2 of 4 left"  # four in the box, two on the sample board
    widget.search.clear()
    widget.select(window.catalogue.tile("base-c2/V"))
    assert window.view.tool == "tile" and window.view.tile.ref == "base-c2/V"
    assert widget.view.currentIndex().data(TILE_ROLE).ref == "base-c2/V"


def test_menus_and_shortcuts(window: MainWindow) -> None:
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Board", "Rules", "Puzzle", "Help"]
    shortcuts = {s.toString() for a in window.findChildren(type(window.save_action))
                 for s in a.shortcuts()}
    for key in ("Ctrl+N", "Ctrl+O", "Ctrl+S", "Ctrl+Shift+S", "Ctrl+Z", "Ctrl+Shift+Z",
                "Ctrl+Y", "R", "Shift+R", "Del", "+", "-", "0", "F"):
        assert QKeySequence(key).toString() in shortcuts, key


def test_the_modified_marker_follows_edits_and_saves(window: MainWindow, tmp_path,
                                                      qtbot) -> None:
    assert not window.isWindowModified()
    window.doc.undo_stack.push(EditPlayer(window.doc, 0, score=20))
    assert window.isWindowModified() and "[*]" in window.windowTitle()
    target = tmp_path / "saved.board.json"
    window.doc.set_path(str(target))
    assert window.autosaver is not None and window.autosaver.save()
    window.save_action.trigger()
    assert not window.isWindowModified()
    assert json.loads(target.read_text(encoding="utf-8"))["players"][0]["score"] == 20
    assert not window.autosaver.board_path.exists()
    assert files.recent_files()[0] == str(target)
    window.undo_action.trigger()
    assert window.isWindowModified()
    window.redo_action.trigger()
    assert not window.isWindowModified()


def test_a_failed_save_is_reported_and_keeps_the_file(window: MainWindow, tmp_path,
                                                      monkeypatch) -> None:
    target = tmp_path / "kept.board.json"
    target.write_text("old", encoding="utf-8")
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[2]))
    monkeypatch.setattr("os.replace", lambda *a: (_ for _ in ()).throw(OSError(13, "denied")))
    window.doc.undo_stack.push(EditPlayer(window.doc, 0, score=21))
    assert not window._save_to(str(target))
    assert target.read_text(encoding="utf-8") == "old"
    assert "left as it was" in shown[0]
    assert window.isWindowModified()


def test_an_invalid_file_is_refused_with_the_validators_message(window: MainWindow,
                                                                tmp_path,
                                                                monkeypatch) -> None:
    bad = tmp_path / "bad.board.json"
    bad.write_text(dumps({"format": 1, "players": [], "tiles": [], "figures": [],
                          "colour": "red"}), encoding="utf-8")
    details = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: details.append(box.detailedText()))
    before = window.doc
    assert not window.open_any(str(bad))
    assert window.doc is before
    assert "bad.board.json::$" in details[0] and "colour" in details[0]


def test_a_file_with_findings_opens_and_lists_them(window: MainWindow, tmp_path,
                                                   qtbot) -> None:
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["tiles"].append({"tile": "base-c2/NOPE", "x": 9, "y": 9, "rotation": 0})
    data["tiles"].append({"tile": "base-c2/V", "x": 12, "y": 12, "rotation": 0})
    path = tmp_path / "lint.board.json"
    path.write_text(dumps(data), encoding="utf-8")
    assert window.open_any(str(path))
    window.doc.flush()
    tree = window.findings_dock.findings.tree
    messages = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert any("base-c2/NOPE" in m for m in messages)
    isolated = next(i for i in range(tree.topLevelItemCount())
                    if "touches no other tile" in tree.topLevelItem(i).text(0))
    tree.itemClicked.emit(tree.topLevelItem(isolated), 0)
    assert window.scene.selected_cell == (12, 12)
    assert (12, 12) in window.scene.flagged_cells()


def test_export_png_and_svg_with_and_without_annotations(window: MainWindow,
                                                         tmp_path) -> None:
    assert window.export_to(str(tmp_path / "with.png"), "png")
    window.export_notes_action.setChecked(False)
    assert window.export_to(str(tmp_path / "without.png"), "png")
    assert window.export_to(str(tmp_path / "board.svg"), "svg")
    with_notes, without = QImage(str(tmp_path / "with.png")), QImage(str(tmp_path / "without.png"))
    assert not with_notes.isNull() and not without.isNull()
    assert with_notes != without
    assert "<svg" in (tmp_path / "board.svg").read_text(encoding="utf-8")


def test_the_status_bar_shows_the_cell_under_the_cursor(window: MainWindow, qtbot) -> None:
    view = window.view
    qtbot.mouseMove(view.viewport(), view.mapFromScene(QPointF(250, -150)))
    assert window.cell_label.text() == "Cell (2, -2)"


def test_changing_the_ruleset_rescores_live(window: MainWindow, qtbot) -> None:
    with qtbot.waitSignal(window.doc.scoresChanged, timeout=2000):
        assert window.apply_rules(["base:C2", "traders-builders:C2"], {})
    assert window.rules_label.text() == "Rules: base:C2 + traders-builders:C2"
    kinds = [window.kind_combo.itemData(i) for i in range(window.kind_combo.count())]
    assert kinds == ["follower", "abbot", "builder", "pig"]
    assert "traders-builders:C2" in window.scores_dock.scores.ruleset_label.text()
    assert not window.apply_rules(["base:C1", "base:C2"], {})
    window.undo_action.trigger()
    assert window.doc.rules.name == "base:C2"


def test_the_ruleset_picker_applies_each_change(window: MainWindow, qtbot,
                                                monkeypatch) -> None:
    from editor.qt import rulesetpicker
    from editor.qt.rulesetpicker import RulesetPicker

    monkeypatch.setattr(rulesetpicker, "ask_conversion", lambda *_: rulesetpicker.KEEP)
    picker = RulesetPicker(window.host, ["base:C2"], {})
    qtbot.addWidget(picker)
    picker.changed.connect(window.apply_rules)
    picker.base.setCurrentIndex(picker.base.findData("base:C1"))
    assert window.doc.position.editions == ["base:C1"]
    picker.expansions["traders-builders:C1"].setChecked(True)
    assert window.doc.position.editions == ["base:C1", "traders-builders:C1"]
    assert window.doc.rules.name == window.host.ruleset("base:C1 + traders-builders:C1").name
    assert not picker.expansions["traders-builders:C3.1"].isEnabled()


def test_recovery_at_start_restores_the_crashed_session(qtbot, tmp_path, monkeypatch) -> None:
    windows = app.start([str(SAMPLE)])
    doc = windows[0].doc
    doc.undo_stack.push(RemoveTile(doc, 0, 3))
    saver = windows[0].autosaver
    assert saver is not None and saver.save()
    expected = snapshot(doc)
    (saver.folder / f"{saver.id}.lock").unlink()  # the session "crashed"
    monkeypatch.setattr(app, "ask_recovery", lambda entries: "recover")
    recovered = app.start([])
    for w in windows + recovered:
        qtbot.addWidget(w)
    assert len(recovered) == 1
    assert snapshot(recovered[0].doc) == expected
    assert recovered[0].doc.modified and recovered[0].isWindowModified()
    assert recovered[0].doc.path == str(SAMPLE.resolve())
    assert files.recoverable() == []
    for w in windows + recovered:
        w.doc.mark_saved()
    app.WINDOWS.clear()


def test_closing_asks_about_unsaved_changes(window: MainWindow, monkeypatch) -> None:
    window.doc.undo_stack.push(EditPlayer(window.doc, 0, score=3))
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda *a, **k: QMessageBox.StandardButton.Cancel)
    assert not window.close()
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_a_new_document_replaces_an_unmodified_one(window: MainWindow) -> None:
    window.new_action.trigger()
    assert window.doc.path == "" and len(window.doc.board) == 0
    assert window.scene.doc is window.doc and not window.scene.tiles
    assert window.player_combo.count() == 2


def test_tools_follow_the_toolbar(window: MainWindow, qtbot) -> None:
    window.tool_actions["figure"].trigger()
    assert window.view.tool == "figure"
    window.view.set_tool("note")
    assert window.tool_actions["note"].isChecked()
    window.player_combo.setCurrentIndex(1)
    assert window.view.player == 1
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.tool_actions["select"].isChecked()
