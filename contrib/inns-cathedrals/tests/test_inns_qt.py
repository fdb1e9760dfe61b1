"""The editor and the designer with the plugin: its tiles in the catalogue, the large
follower in the Figure kinds, its findings in the document, its tile sets in the designer.
Offscreen Qt (pytest-qt)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import carcassonne_inns
import pytest
from inns_game import LARGE, Game
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.formats.boards import save_position
from editor.model.position import Position
from editor.qt import app
from editor.qt.commands import AddFigure
from editor.qt.designer import open_tileset_window
from editor.qt.designer import window as designer_windows
from editor.qt.document import FigureSpec
from editor.qt.mainwindow import MainWindow

SHOTS = Path(__file__).parent / "shots"


@pytest.fixture
def settings(tmp_path: Path, qapp) -> Iterator[Path]:
    """QSettings and the autosave folder of this test alone."""
    qapp.setOrganizationName("carcassonne-inns-tests")
    qapp.setApplicationName("inns-tests")
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "settings"))
    QSettings().clear()
    yield tmp_path
    QSettings().clear()
    shutil.rmtree(Path(QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.AppDataLocation)) / "autosave", ignore_errors=True)


@pytest.fixture
def window(qtbot, settings: Path, host, catalogue) -> Iterator[MainWindow]:
    """The editor on a C2 board with an inn tile: Red's large follower on its road."""
    g = Game(host, catalogue, "base:C2 + inns-cathedrals:C2")
    g.put("base-c2/D", 0, 0)
    g.put("inns-cathedrals-c2/B", -1, 0)
    g.put("inns-cathedrals-c2/K", 0, -1)
    g.stand(0, -1, 0, "road", LARGE)
    path = settings / "inns.board.json"
    save_position(path, Position(g.board, ["base:C2", "inns-cathedrals:C2"]))
    win = app.start([str(path)], host, catalogue)[0]
    qtbot.waitExposed(win)
    yield win
    win.doc.mark_saved()
    win.close()


def test_the_catalogue_and_the_figure_kinds(window: MainWindow):
    sets = window.catalogue_dock.catalogue.sets
    ids = {sets.itemData(i) for i in range(sets.count())}
    assert {"inns-cathedrals-c1", "inns-cathedrals-c2", "inns-cathedrals-c3"} <= ids
    kinds = window.kind_combo
    assert [kinds.itemData(i) for i in range(kinds.count())] == ["follower", "abbot", LARGE]
    kinds.setCurrentIndex(2)
    assert window.view.figure_kind == LARGE
    assert "counts as two" in kinds.itemData(2, 3)  # its tooltip


def test_a_large_follower_on_a_garden_is_a_finding(window: MainWindow):
    doc = window.doc
    spec = FigureSpec(LARGE, 1, -1, 0, "garden")
    assert [f.code for f in doc.figure_findings(spec)] == ["large-follower-placement"]
    doc.undo_stack.push(AddFigure(doc, spec))
    assert "large-follower-placement" in {f.code for f in doc.findings()}
    doc.undo_stack.undo()
    assert "large-follower-placement" not in {f.code for f in doc.findings()}


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_board_draws(window: MainWindow, qtbot, size):
    window.resize(*size)
    qtbot.wait(50)
    SHOTS.mkdir(exist_ok=True)
    shot = window.grab()
    assert shot.save(str(SHOTS / f"editor-{size[0]}.png"))
    assert not shot.isNull()


def test_the_designer_shows_every_tile_set(qtbot, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.Discard)
    try:
        for path in carcassonne_inns.carcassonne_tileset_paths():
            opened = open_tileset_window(path)
            qtbot.addWidget(opened)
            assert len(opened.doc.tiles) == 17
            assert opened.doc.findings() == []
            cathedral = [s["tags"] for s in opened.doc.tiles[10]["segments"]]
            assert cathedral == [["cathedral"]]
        opened.resize(1366, 768)
        opened.show()
        qtbot.waitExposed(opened)
        SHOTS.mkdir(exist_ok=True)
        assert opened.grab().save(str(SHOTS / "designer-1366.png"))
    finally:
        for other in list(designer_windows.WINDOWS):
            other.close()
        QApplication.processEvents()


def test_inns_cathedrals_and_the_large_follower_are_drawn(catalogue, qapp):
    """The tags draw their buildings (an inn beside its road, a cathedral in its city);
    the large follower is drawn larger than a follower, and lies down in a field."""
    from editor.qt.art.figures import figure_shape, lies_down
    from editor.qt.art.geometry import geometry

    tiles = {t.id: t for t in catalogue.get_set("inns-cathedrals-c2").tiles}
    built = {tid: sorted(what for what, _ in geometry(t).buildings)
             for tid, t in tiles.items()}
    assert [tid for tid, b in built.items() if "inn" in b] == ["A", "B", "C", "L", "M", "N"]
    assert [tid for tid, b in built.items() if "cathedral" in b] == ["K"]
    for tid in ("A", "B", "C", "L", "M", "N"):
        geo = geometry(tiles[tid])
        inn = next(c for what, c in geo.buildings if what == "inn")
        label = geo.idmap.pixelColor(int(inn.x()), int(inn.y())).red()
        assert tiles[tid].segments[label].kind == "field", tid  # beside the road
    follower = figure_shape("follower").boundingRect()
    large = figure_shape(LARGE).boundingRect()
    assert large.height() > follower.height() * 1.15 and large.width() > follower.width()
    assert lies_down(LARGE, "field") and not lies_down("pig", "field")
