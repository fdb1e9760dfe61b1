"""The window composes by signals: parts follow documentChanged, one open_any() reads every
kind of file, the board view's tools are classes, and export places items as the scene."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from qt_support import sample_document

from editor.qt import tools
from editor.qt.document import BoardDocument
from editor.qt.items import FigureItem
from editor.qt.mainwindow import MainWindow
from editor.qt.render import build_scene
from editor.qt.scene import BoardScene
from editor.qt.view import TOOLS, BoardView
from editor.resources import data_dir

JCZ = Path(__file__).parents[1] / "jcz" / "data" / "tiny-city.jcz"


def test_parts_follow_the_window_by_its_signal_and_patch_nothing(window: MainWindow) -> None:
    assert not {"set_document", "open_file", "open_any"} & set(vars(window))
    told: list[BoardDocument] = []
    window.documentChanged.connect(told.append)
    other = BoardDocument(host=window.host, catalogue=window.catalogue)
    window.set_document(other)
    assert told == [other]
    assert window.move_log_dock.panel.doc is other
    assert window.puzzle_dock.panel.doc is other
    assert window.puzzle_dock.panel.overlay.scene is window.scene
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus[-2:] == ["&Puzzle", "&Help"]
    assert window.move_log_dock.toggleViewAction() in window.panels_menu.actions()


def test_open_any_reads_boards_jcloisterzone_saves_and_tile_sets(window: MainWindow) -> None:
    assert JCZ.is_file()
    sample = data_dir("samples") / "first-steps.board.json"
    assert window.open_any(str(sample)) and window.doc.path == str(sample)
    assert window.open_any(str(JCZ))
    assert window.doc.position.moves and window.doc.path == "" and window.doc.modified
    assert window.move_log_dock.panel.moves.count() > 0
    window.doc.mark_saved()
    board = window.doc
    river = data_dir("tilesets") / "river-c2.json"
    before = set(QApplication.topLevelWidgets())
    assert window.open_any(str(river))
    opened = [w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible()]
    assert opened and window.doc is board  # the set opens in the designer, the board stays
    for widget in opened:
        widget.close()


def test_the_view_hands_each_tool_to_its_class(qtbot) -> None:
    doc = sample_document()
    view = BoardView(BoardScene(doc))
    qtbot.addWidget(view)
    assert TOOLS == ("select", "tile", "figure", "note", "arrow", "highlight")
    for name in TOOLS:
        view.set_tool(name)
        assert type(view.interaction) is tools.TOOL_CLASSES[name] and view.tool == name
    assert view.interaction.places_tiles is False
    view.set_tool("tile")
    assert view.interaction.places_tiles is True
    with pytest.raises(ValueError, match="unknown tool"):
        view.set_tool("lasso")


def test_export_places_figures_exactly_as_the_scene(qapp) -> None:
    doc = sample_document()
    assert doc.figures()
    scene = BoardScene(doc)
    exported = build_scene(doc.position)

    def figures(items) -> list[tuple]:
        return sorted((i.cell, i.kind, i.seg_index, i.pos().x(), i.pos().y(), i.zValue())
                      for i in items if isinstance(i, FigureItem))

    assert figures(exported.items()) == figures(scene.items())
    assert len(figures(scene.items())) == len(doc.figures())
