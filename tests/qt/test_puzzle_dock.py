"""The puzzle dock: authoring round trip into the document, solver results and ghosts on the
board, a tried move told its rank, and the tools installed in a main window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from editor.formats.boards import position_from_dict
from editor.qt.commands import AddFigure, PlaceTile
from editor.qt.docks.puzzle import PuzzleDock
from editor.qt.document import BoardDocument, FigureSpec, TileSpec
from editor.qt.overlays import DeadCellItem, PuzzleOverlay, RankedGhostItem
from editor.qt.scene import BoardScene
from editor.resources import data_dir
from editor.workspace import open_position

SOLUTION = {"player": 0, "tile": "base-c2/E", "x": 0, "y": -1, "rotation": 180}


def document(catalogue, with_puzzle: bool = False, second_city: bool = True,
             supply: int = 0) -> BoardDocument:
    """Red's knights in the cities of one or two start tiles, open to the north; with the
    puzzle: most points with a city cap, the solution capping the first city."""
    cells = [(0, 0), (1, 0)] if second_city else [(0, 0)]
    data = {"format": 1, "ruleset": {"editions": ["base:C2"]},
            "players": [{"name": "Red", "colour": "#d62828",
                         "supply": {"follower": supply, "abbot": 1}},
                        {"name": "Blue", "colour": "#1d4ed8", "supply": {"follower": 7}}],
            "tiles": [{"tile": "base-c2/D", "x": x, "y": y, "rotation": 0} for x, y in cells],
            "figures": [{"kind": "follower", "owner": 0, "x": x, "y": y, "segment": "city"}
                        for x, y in cells]}
    if with_puzzle:
        data["puzzle"] = {"to_move": 0, "hand": ["base-c2/E"],
                          "objective": {"type": "most-points"}, "solution": [SOLUTION]}
    position, findings = position_from_dict(data, catalogue)
    assert not findings
    return BoardDocument(position, catalogue=catalogue)


@pytest.fixture
def setup(qtbot, catalogue):
    doc = document(catalogue)
    scene = BoardScene(doc)
    dock = PuzzleDock(doc, PuzzleOverlay(scene))
    qtbot.addWidget(dock)
    yield doc, scene, dock.panel
    dock.close()


def test_authoring_round_trip_into_the_document(setup, qtbot):
    doc, _, panel = setup
    assert "no puzzle yet" in panel.author_status.text()
    panel.title_edit.setText("Two caps")
    panel.author_edit.setText("tests")
    panel.difficulty_spin.setValue(2)
    panel.hand_edit.setText("E")
    panel.objective_combo.setCurrentIndex(panel.objective_combo.findData("reach-points"))
    panel.points_spin.setValue(4)
    panel.player_combo.setCurrentIndex(1)
    panel.solution_edit.setText("E@0,-1:180")
    panel.hints_edit.setPlainText("Close a city.\n\nEither one.")
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    expected = {"title": "Two caps", "author": "tests", "difficulty": 2, "to_move": 0,
                "hand": ["base-c2/E"],
                "objective": {"type": "reach-points", "points": 4, "player": 0},
                "solution": [SOLUTION], "hints": ["Close a city.", "Either one."]}
    assert doc.position.puzzle == expected
    assert doc.modified
    doc.undo_stack.undo()
    assert doc.position.puzzle is None and panel.title_edit.text() == ""
    doc.undo_stack.redo()
    assert panel.title_edit.text() == "Two caps" and panel.points_spin.value() == 4
    assert panel.solution_edit.text() == "base-c2/E@0,-1:180"
    assert panel.form_puzzle().to_dict() == expected
    panel.remove_puzzle()
    assert doc.position.puzzle is None


def test_a_bad_form_is_not_applied(setup):
    doc, _, panel = setup
    panel.hand_edit.setText("Z9")
    assert not panel.apply()
    assert "no tile 'Z9'" in panel.author_status.text() and doc.position.puzzle is None
    panel.hand_edit.setText("E")
    panel.objective_combo.setCurrentIndex(panel.objective_combo.findData("block-completion"))
    panel.feature_edit.setText("somewhere")
    assert not panel.apply()
    assert "'x,y segment'" in panel.author_status.text()


def test_lifting_the_last_tile_into_the_solution(setup):
    doc, _, panel = setup
    e = doc.catalogue.tile("base-c2/E")
    doc.undo_stack.push(PlaceTile(doc, TileSpec(e, 1, -1, 2)))
    assert panel.lift_last_tile()
    assert (1, -1) not in doc.board.cells
    assert doc.position.puzzle["solution"] == [{**SOLUTION, "x": 1}]
    assert doc.position.puzzle["hand"] == ["base-c2/E"]
    assert panel.solution_edit.text() == "base-c2/E@1,-1:180"
    doc.undo_stack.undo()
    assert (1, -1) in doc.board.cells and doc.position.puzzle is None


def test_solver_results_are_listed_and_drawn(setup, qtbot):
    doc, scene, panel = setup
    panel.hand_edit.setText("E")
    with qtbot.waitSignal(panel.solved) as blocker:
        qtbot.mouseClick(panel.solve_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [panel.results.rowCount()]
    rows = [[panel.results.item(r, c).text() for c in range(3)]
            for r in range(panel.results.rowCount())]
    assert rows[:2] == [["1", "base-c2/E@0,-1:180", "+4 points"],
                        ["1", "base-c2/E@1,-1:180", "+4 points"]]
    ghosts = [i for i in scene.items() if isinstance(i, RankedGhostItem)]
    assert sorted((g.cell, g.rank) for g in ghosts) == [((0, -1), 1), ((0, 1), 3), ((1, -1), 1)]
    panel.results.selectRow(1)
    assert [(g.cell, g.rank) for g in scene.items() if isinstance(g, RankedGhostItem)] == [
        ((1, -1), 1)]
    doc.undo_stack.push(PlaceTile(doc, TileSpec(doc.catalogue.tile("base-c2/U"), -1, 0, 0)))
    assert panel.results.rowCount() == 0 and "solve again" in panel.solve_status.text()
    assert not [i for i in scene.items() if isinstance(i, RankedGhostItem)]


def scenario_done(qtbot, panel) -> None:
    """Wait for the dead cells and fitting cells from the worker thread."""
    qtbot.waitUntil(lambda: panel.scenario_job is None)


def test_scenario_overlays(setup, qtbot):
    _, scene, panel = setup
    panel.hand_edit.setText("E")
    panel.apply()
    panel.dead_box.setChecked(True)
    panel.fits_box.setChecked(True)
    scenario_done(qtbot, panel)
    assert panel.bag_label.text() == "81 tiles left in the bag (1 in hand)"
    assert not [i for i in scene.items() if isinstance(i, DeadCellItem)]
    fitting = {m.cell for m in panel.overlay.fits}
    assert fitting == {(0, -1), (1, -1), (0, 1), (1, 1)}
    panel.clear_overlays()
    assert not panel.overlay.fits and not panel.overlay.dead


def test_solving_mode_tells_a_tried_move_its_rank(qtbot, catalogue):
    doc = document(catalogue, with_puzzle=True, second_city=False, supply=1)
    dock = PuzzleDock(doc)
    qtbot.addWidget(dock)
    panel = dock.panel
    panel.start_solving()
    assert panel.play_button.isChecked() and panel.results.rowCount() == 0
    e = doc.catalogue.tile("base-c2/E")
    with qtbot.waitSignal(panel.judged) as blocker:
        doc.undo_stack.push(PlaceTile(doc, TileSpec(e, 0, 1, 2)))
    assert blocker.args[0].startswith("base-c2/E@0,1:180: rank 3 of 11, +0 points.")
    assert "The best gives +4 points." in blocker.args[0]
    panel.take_back()
    assert (0, 1) not in doc.board.cells
    doc.undo_stack.push(PlaceTile(doc, TileSpec(e, 0, -1, 2)))
    assert panel.verdict.text().startswith("base-c2/E@0,-1:180: rank 1 of ")
    assert "One of the best moves (1 other as good)." in panel.verdict.text()
    doc.undo_stack.push(AddFigure(doc, FigureSpec("follower", 0, 0, -1, "field")))
    assert "+follower:field: rank 1" in panel.verdict.text()
    panel.take_back()
    assert (0, -1) not in doc.board.cells and len(doc.figures()) == 1
    panel.try_edit.setText("E@0,-1:180+follower:city")
    panel.try_text()
    assert "is not allowed: the city is already occupied (by Red)" in panel.verdict.text()
    panel.next_hint()
    assert panel.hint_label.text() == "This puzzle has no hints."
    panel.reveal()
    assert panel.verdict.text().startswith("Best: base-c2/E@0,-1:180")
    panel.play_button.setChecked(False)
    assert not panel.try_button.isEnabled()


def test_install_puzzle_tools_in_a_main_window(qtbot, catalogue, host):
    mainwindow = pytest.importorskip("editor.qt.mainwindow")
    from editor.qt.docks.puzzle_tools import install_puzzle_tools

    window = mainwindow.MainWindow(document(catalogue), host, catalogue)
    qtbot.addWidget(window)
    install_puzzle_tools(window)
    dock = window.puzzle_dock
    assert dock.panel.doc is window.doc
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles[-2:] == ["&Puzzle", "&Help"]
    dock.panel.hand_edit.setText("E")
    with qtbot.waitSignal(dock.panel.solved):
        dock.panel.solve()
    assert [i for i in window.scene.items() if isinstance(i, RankedGhostItem)]
    other = document(catalogue, with_puzzle=True)
    window.set_document(other)
    assert dock.panel.doc is other and dock.panel.overlay.scene is window.scene
    assert dock.panel.hand_edit.text() == "base-c2/E"
    window.doc.mark_saved()


def test_solving_a_blocking_puzzle_says_whether_the_objective_is_met(qtbot, catalogue):
    position, _ = open_position(data_dir("samples") / "puzzles" / "c3-close-the-gate.board.json")
    doc = BoardDocument(position, catalogue=catalogue)
    dock = PuzzleDock(doc)
    qtbot.addWidget(dock)
    panel = dock.panel
    panel.start_solving()
    assert "make sure the city at (0, -1) can never be completed" in panel.play_text.text()
    curve = catalogue.tile("base-c3/V")
    with qtbot.waitSignal(panel.judged):
        doc.undo_stack.push(PlaceTile(doc, TileSpec(curve, 1, 0, 3)))
    assert panel.verdict.text() == ("base-c3/V@1,0:270 does not meet the objective (rank 2 of "
                                    "23); 1 move does.")
    panel.take_back()
    doc.undo_stack.push(PlaceTile(doc, TileSpec(curve, 1, 0, 0)))
    assert panel.verdict.text() == "base-c3/V@1,0:0 meets the objective! No other move does."
    panel.next_hint()
    panel.next_hint()
    assert panel.hint_label.text().count("Hint ") == 2
