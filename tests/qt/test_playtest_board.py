"""Play-testing is found at once: the board's catalogue shows the play-tested set with its
first tile in hand, and a designer opened alone offers a board to play on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from qt_support import isolated_settings  # noqa: F401

from editor.formats.tilesets import tileset_from_dict
from editor.model.tilesets import Catalogue
from editor.qt import app
from editor.qt.designer import document as designer_document
from editor.qt.designer import playtest
from editor.qt.designer.window import OPEN_WINDOWS, TileSetWindow
from editor.workspace import catalogue

pytestmark = pytest.mark.usefixtures("isolated_settings")
ROOT = Path(__file__).resolve().parents[2]
FIELD = ["N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW"]
CUSTOM = {
    "format": 1, "id": "my-tiles", "name": "My tiles", "part": "custom", "edition": "X",
    "tiles": [{"id": "Q1", "count": 2, "segments": [
        {"id": "field", "kind": "field", "ports": FIELD},
        {"id": "monastery", "kind": "monastery", "ports": []}]},
              {"id": "Q2", "count": 1, "segments": [
                  {"id": "field", "kind": "field", "ports": FIELD}]}]}


@pytest.fixture
def own(monkeypatch: pytest.MonkeyPatch) -> Catalogue:
    """A catalogue of the test's own, used by the designer and by new board windows."""
    mine = Catalogue(catalogue().sets)
    monkeypatch.setattr(designer_document, "workspace_catalogue", lambda: mine)
    monkeypatch.setattr(app, "load_catalogue", lambda host=None: mine)
    return mine


def test_the_open_board_shows_the_play_tested_set_with_its_first_tile_in_hand(qtbot, own):
    window = app.start([str(ROOT / "samples" / "first-steps.board.json")], catalogue=own)[0]
    qtbot.addWidget(window)
    widget = window.catalogue_dock.catalogue
    assert widget.sets.currentIndex() == 0  # the ruleset's sets: my-tiles is not among them
    playtest(tileset_from_dict(CUSTOM), window.catalogue)
    assert widget.sets.currentData() == "my-tiles"
    assert [t.ref for t in widget.visible_tiles()] == ["my-tiles/Q1", "my-tiles/Q2"]
    assert window.view.tile is not None and window.view.tile.ref == "my-tiles/Q1"
    assert window.view.tool == "tile"
    assert "my-tiles/Q1 is in hand" in window.statusBar().currentMessage()
    window.doc.mark_saved()
    app.WINDOWS.clear()


@pytest.mark.parametrize("answer", ["New board", "Open board…", "Not now"])
def test_a_designer_alone_offers_a_board_to_play_on(qtbot, own, tmp_path, monkeypatch, answer):
    path = tmp_path / "my-tiles.tileset.json"
    path.write_text(json.dumps(CUSTOM), encoding="utf-8")
    assert app.start([str(path)]) == []
    designer = next(w for w in OPEN_WINDOWS if isinstance(w, TileSetWindow))
    qtbot.addWidget(designer)
    board = ROOT / "samples" / "first-steps.board.json"
    monkeypatch.setattr("editor.qt.designer.window.QFileDialog.getOpenFileName",
                        lambda *a, **k: (str(board), ""))
    designer.playtest_action.trigger()
    offer = designer.board_offer
    assert offer is not None and offer.isVisible()
    assert "no board is open" in offer.text()
    button = next(b for b in offer.buttons() if b.text() == answer)
    button.click()
    if answer == "Not now":
        assert app.WINDOWS == []
        return
    assert len(app.WINDOWS) == 1
    window = app.WINDOWS[0]
    qtbot.addWidget(window)
    assert window.doc.path == (str(board) if answer == "Open board…" else "")
    assert window.view.tile is not None and window.view.tile.ref == "my-tiles/Q1"
    assert window.catalogue_dock.catalogue.sets.currentData() == "my-tiles"
    designer.playtest_action.trigger()  # again, now with a board open: no question
    assert not offer.isVisible() and designer.board_offer is offer
    assert "shown in the catalogue of every board window" in \
        designer.statusBar().currentMessage()
    window.doc.mark_saved()
    app.WINDOWS.clear()
