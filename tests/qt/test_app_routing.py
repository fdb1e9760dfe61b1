"""Starting the editor on other files: tile sets open the designer, saves the move log;
a play-tested tile set reaches the open board's catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest
from qt_support import isolated_settings  # noqa: F401

from editor.formats.tilesets import tileset_from_dict
from editor.model.tilesets import Catalogue
from editor.qt import app
from editor.qt.designer import playtest
from editor.qt.designer.window import OPEN_WINDOWS, TileSetWindow
from editor.qt.docks.catalogue import TILE_ROLE
from editor.workspace import catalogue

pytestmark = pytest.mark.usefixtures("isolated_settings")
ROOT = Path(__file__).resolve().parents[2]


def test_a_tile_set_on_the_command_line_opens_the_designer(qtbot) -> None:
    windows = app.start([str(ROOT / "tilesets" / "base-c1.json")])
    assert windows == []  # no empty board beside the designer
    designers = [w for w in OPEN_WINDOWS if isinstance(w, TileSetWindow)]
    assert len(designers) == 1
    window = designers[0]
    qtbot.addWidget(window)
    assert "base-c1" in window.windowTitle() or "base-c1.json" in window.windowTitle()


def test_a_jcloisterzone_save_on_the_command_line_opens_its_game(qtbot) -> None:
    windows = app.start([str(ROOT / "tests" / "jcz" / "data" / "tiny-city.jcz")])
    assert len(windows) == 1
    window = windows[0]
    qtbot.addWidget(window)
    assert len(window.doc.board) == 4  # start tile + the three moves of RULES.md §6 ex. 1
    assert len(window.doc.position.moves) == 3
    window.doc.mark_saved()
    app.WINDOWS.clear()


def test_a_play_tested_set_appears_in_the_catalogue(qtbot) -> None:
    own = Catalogue(catalogue().sets)  # the test must not add to the shared catalogue
    windows = app.start([str(ROOT / "samples" / "first-steps.board.json")], catalogue=own)
    window = windows[0]
    qtbot.addWidget(window)
    custom = tileset_from_dict({
        "format": 1, "id": "my-tiles", "name": "My tiles", "part": "custom", "edition": "X",
        "tiles": [{"id": "Q1", "count": 2, "segments": [
            {"id": "field", "kind": "field", "ports": [
                "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW"]},
            {"id": "monastery", "kind": "monastery", "ports": []}]}]})
    playtest(custom, window.catalogue)
    widget = window.catalogue_dock.catalogue
    assert widget.sets.findData("my-tiles") >= 0
    refs = [widget.model.index(r).data(TILE_ROLE).ref for r in range(widget.model.rowCount())]
    assert "my-tiles/Q1" in refs
    window.doc.mark_saved()
    app.WINDOWS.clear()
