"""The designer window: clicks on ports, side buttons, the tile list, files, import,
play-test, and the actions it adds to a board window."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QModelIndex, QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from editor.formats import jsonio
from editor.model.ports import PORT_INDEX
from editor.model.tilesets import Catalogue
from editor.qt.designer import document as document_module
from editor.qt.designer import install_designer, open_tileset_window
from editor.qt.designer import window as window_module
from editor.qt.designer.commands import SetSegmentValue, SetTileValue
from editor.qt.designer.document import TileSetDocument, playtest_signals
from editor.qt.designer.tilelist import MIME
from editor.qt.designer.window import TileSetWindow
from editor.resources import data_dir


def click_port(window: TileSetWindow, qtbot, port: str, ctrl: bool = False) -> None:
    canvas = window.editor.canvas
    where = canvas.port_centre(PORT_INDEX[port]).toPoint()
    modifier = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, modifier, where)


def segments(window: TileSetWindow, tile: int = 0) -> list[tuple[str, str, list[str]]]:
    return [(s["id"], s["kind"], s["ports"]) for s in window.doc.tiles[tile]["segments"]]


def test_building_a_tile_with_side_buttons_and_port_clicks(window: TileSetWindow, qtbot) -> None:
    with qtbot.waitExposed(window):
        window.show()
    editor = window.editor
    editor.sides.buttons[0]["city"].click()
    editor.sides.buttons[3]["city"].click()
    assert editor.sides.buttons[0]["city"].isChecked()
    click_port(window, qtbot, "N")  # nothing selected: selects the north city
    assert editor.selected == "city"
    assert editor.port_action(PORT_INDEX["W"])[0] == "Click: join city-w into city"
    click_port(window, qtbot, "W")  # joins the west city into it
    assert segments(window)[0] == ("city", "city", ["WSW", "W", "WNW", "NNW", "N", "NNE"])
    assert editor.port_action(PORT_INDEX["W"])[0] == \
        "Click: split WSW W WNW off city into a new segment (city)"
    click_port(window, qtbot, "W")  # and splits it off again
    assert [s[0] for s in segments(window)] == ["city", "city-w", "field"]
    editor.select_segment("field")
    click_port(window, qtbot, "N", ctrl=True)  # Ctrl+click moves one port
    assert "N" in segments(window)[-1][2]
    window.doc.flush()
    assert {f.code for f in window.doc.findings()} == {"half-port"}
    window.undo_action.trigger()
    window.doc.flush()
    assert window.doc.findings() == []
    assert window.isWindowModified()


def test_clicking_the_drawing_selects_and_escape_clears(window: TileSetWindow, qtbot) -> None:
    canvas = window.editor.canvas
    canvas.resize(400, 400)
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.rect().center())
    assert window.editor.selected == "field"
    assert window.editor.segment_box.title() == "Segment field"
    qtbot.keyClick(canvas, Qt.Key.Key_Escape)
    assert window.editor.selected == ""
    with qtbot.waitSignal(canvas.sideMenuRequested) as menu:
        qtbot.mouseClick(canvas, Qt.MouseButton.RightButton,
                         pos=canvas.port_centre(PORT_INDEX["ESE"]).toPoint())
    assert menu.args[0] == 1


def test_segment_attributes_edit_through_the_undo_stack(window: TileSetWindow) -> None:
    editor = window.editor
    editor.set_side(0, "city")
    editor.select_segment("city")
    editor.pennants.setValue(2)
    editor.goods["wine"].setValue(1)
    editor.segment_id.setText("town")
    editor.segment_id.editingFinished.emit()
    city = window.doc.tiles[0]["segments"][0]
    assert city == {"id": "town", "kind": "city", "ports": ["NNW", "N", "NNE"], "pennants": 2,
                    "goods": {"wine": 1}}
    assert window.doc.tiles[0]["segments"][1]["cities"] == ["town"]
    editor.select_segment("field")
    editor.cities.item(0).setCheckState(Qt.CheckState.Unchecked)
    assert "cities" not in window.doc.tiles[0]["segments"][1]
    editor.tile_id.setText("Q")
    editor.tile_id.editingFinished.emit()
    editor.aliases.setText("X/1, X/2")
    editor.aliases.editingFinished.emit()
    editor.sources.setText("my sketchbook")
    editor.sources.editingFinished.emit()
    tile = window.doc.tiles[0]
    assert (tile["id"], tile["aliases"], tile["provenance"]) == (
        "Q", ["X/1", "X/2"], {"sources": ["my sketchbook"]})
    assert window.tiles.model.data(window.tiles.model.index(0)) == "Q"


def test_the_tile_list_adds_duplicates_moves_and_deletes(window: TileSetWindow, qtbot) -> None:
    tiles = window.tiles
    tiles.add()
    assert window.doc.tile_ids() == ["A", "B"]
    assert window.editor.index == 1
    window.editor.set_side(2, "road")
    tiles.duplicate()
    assert window.doc.tile_ids() == ["A", "B", "B-2"]
    assert window.doc.tiles[2]["segments"] == window.doc.tiles[1]["segments"]
    tiles.move_by(-1)
    assert window.doc.tile_ids() == ["A", "B-2", "B"]
    assert tiles.current() == 1
    tiles.delete()
    assert window.doc.tile_ids() == ["A", "B"]
    window.doc.undo_stack.undo()
    assert window.doc.tile_ids() == ["A", "B-2", "B"]
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    tiles.set_current(0)
    tiles.view.setFocus()
    qtbot.keyClick(tiles.view, Qt.Key.Key_Delete)
    assert window.doc.tile_ids() == ["B-2", "B"]
    assert window.editor.index == 0


def test_dropping_a_dragged_tile_moves_it(window: TileSetWindow) -> None:
    window.tiles.add()
    window.tiles.add()
    model = window.tiles.model
    data = QMimeData()
    data.setData(MIME, b"0")
    assert not model.dropMimeData(data, Qt.DropAction.MoveAction, 3, 0, QModelIndex())
    assert window.doc.tile_ids() == ["B", "C", "A"]
    assert window.tiles.current() == 2
    assert window.doc.undo_stack.undoText() == "Move tile A"


def test_a_broken_tile_still_draws(window: TileSetWindow) -> None:
    doc = window.doc
    doc.undo_stack.push(SetSegmentValue(doc, 0, "field", "kind", "volcano"))
    window.editor.set_side(0, "city")
    window.doc.tiles[0]["segments"].append({"id": "stray", "kind": "road",
                                            "ports": ["N", "bogus"]})
    window.editor.refresh()
    assert not window.grab().isNull()


def test_open_save_and_a_failing_save(window: TileSetWindow, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    source = data_dir("tilesets") / "traders-builders-c2.json"
    opened = open_tileset_window(source)
    assert len(opened.doc.tiles) == 24
    assert opened.doc.findings() == []
    assert opened.windowTitle() == "traders-builders-c2.json[*] — Tile set designer"
    copy = tmp_path / "copy.json"
    assert opened._save_to(str(copy))
    assert json.loads(copy.read_text()) == json.loads(source.read_text())
    opened.editor.set_side(0, "road")
    errors: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: errors.append(text))
    monkeypatch.setattr(jsonio.os, "replace", lambda src, dst: (_ for _ in ()).throw(
        OSError(13, "Permission denied")))
    before = copy.read_bytes()
    assert not opened.save()
    assert copy.read_bytes() == before
    assert "The file on disk was left as it was" in errors[0]
    assert opened.doc.modified


def test_import_opens_the_tiles_in_a_new_window_with_a_report(window: TileSetWindow,
                                                              tmp_path: Path, qtbot) -> None:
    xml = tmp_path / "mini.xml"
    xml.write_text('<defs><tiles><tile id="MI/C"><city>N</city><tower/>'
                   '<farm city="N">EL ER SL SR WL WR</farm></tile></tiles>'
                   '<sets><tile-set id="mini:1"><ref count="2" tile="MI/C"/></tile-set></sets>'
                   '</defs>', encoding="utf-8")
    imported = window.import_path(str(xml))
    assert imported is not None and imported is not window
    assert imported.doc.tiles[0]["aliases"] == ["MI/C"]
    assert imported.doc.tiles[0]["count"] == 2
    assert imported.doc.modified
    assert imported.doc.findings() == []
    qtbot.waitUntil(lambda: bool(imported.findChildren(QMessageBox)))
    box = imported.findChildren(QMessageBox)[0]
    assert "1 thing could not be mapped" in box.informativeText()
    assert "not mapped: MI/C: <tower> is not mapped" in box.detailedText()
    box.close()


def test_play_test_from_the_window(window: TileSetWindow, qtbot,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    catalogue = Catalogue()
    monkeypatch.setattr(document_module, "workspace_catalogue", lambda: catalogue)
    with qtbot.waitSignal(playtest_signals().tileSetAdded):
        window.playtest_action.trigger()
    assert "my-tiles/A" in catalogue
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: warnings.append(text))
    window.tiles.add()
    window.doc.undo_stack.push(SetTileValue(window.doc, 1, "id", "A"))  # a duplicate id
    window.playtest_action.trigger()
    assert warnings and warnings[0].startswith("Fix the errors first")


def test_install_designer_adds_file_actions_to_a_board_window(qtbot, discard) -> None:
    board_window = QMainWindow()
    qtbot.addWidget(board_window)
    file = board_window.menuBar().addMenu("&File")
    file.addAction("&New")
    file.addAction("&Open…")
    file.addSeparator()
    file.addAction("&Save")
    install_designer(board_window)
    names = [a.text() if not a.isSeparator() else "|" for a in file.actions()]
    assert names == ["&New", "&Open…", "|", "New &tile set…", "Open tile s&et…", "|", "&Save"]
    before = len(window_module.WINDOWS)
    new = next(a for a in file.actions() if a.text() == "New &tile set…")
    assert isinstance(new, QAction)
    new.trigger()
    assert len(window_module.WINDOWS) == before + 1
    window_module.WINDOWS[-1].close()


def test_install_designer_makes_a_file_menu_when_there_is_none(qtbot) -> None:
    bare = QMainWindow()
    qtbot.addWidget(bare)
    install_designer(bare)
    (menu,) = bare.menuBar().findChildren(QMenu)  # not action.menu(): deleted before 6.11.2
    assert menu.title() == "&File"
    assert [a.text() for a in menu.actions() if not a.isSeparator()] == [
        "New &tile set…", "Open tile s&et…"]


def test_a_pristine_window_gives_way_to_an_opened_file(qtbot, discard) -> None:
    first = TileSetWindow(TileSetDocument())  # not given to qtbot: it deletes itself on close
    first.show()
    opened = first.open_path(str(data_dir("tilesets") / "river-c2.json"))
    assert opened is not None
    assert not first.isVisible()
    assert opened.doc.set_id == "river-c2"
    opened.move(QPoint(0, 0))
    opened.close()
