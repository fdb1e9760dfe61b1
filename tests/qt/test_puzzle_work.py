"""The puzzle dock's work on the worker thread: Check with the verdict of ``check``, a long
solve cancelled, the window kept responsive, whole lines drawn and brought into view, the
tile in hand picked up in solving mode, and Help → Sample puzzles."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QGraphicsView
from qt_support import isolated_settings  # noqa: F401
from test_puzzle_dock import document

from editor.cli import main
from editor.formats.boards import position_from_dict
from editor.qt.commands import PlaceTile
from editor.qt.docks.catalogue import TILE_ROLE
from editor.qt.docks.puzzle import NOTE, PuzzleDock
from editor.qt.docks.puzzle_tools import sample_puzzles
from editor.qt.document import BoardDocument, TileSpec
from editor.qt.overlays import PuzzleOverlay, RankedGhostItem
from editor.qt.scene import BoardScene
from editor.resources import data_dir
from editor.workspace import open_position

PUZZLES = data_dir("samples") / "puzzles"
SAMPLE = data_dir("samples") / "first-steps.board.json"


def shipped(name: str, catalogue) -> BoardDocument:
    position, findings = open_position(PUZZLES / f"{name}.board.json")
    assert position is not None, findings
    return BoardDocument(position, catalogue=catalogue)


def slow(catalogue, hand: int = 3) -> BoardDocument:
    """The 21-tile sample with a three-tile best-margin hand: minutes of search."""
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["players"][0]["supply"]["follower"] = 3
    data["puzzle"] = {"to_move": 0, "objective": {"type": "best-margin"},
                      "hand": ["base-c2/L", "base-c2/K", "base-c2/J"][:hand]}
    position, findings = position_from_dict(data, catalogue)
    assert position is not None and not findings
    return BoardDocument(position, catalogue=catalogue)


def panel_for(qtbot, doc: BoardDocument):
    """The scene, the puzzle panel and its dock (kept referenced by the caller)."""
    scene = BoardScene(doc)
    dock = PuzzleDock(doc, PuzzleOverlay(scene))
    qtbot.addWidget(dock)
    return scene, dock.panel, dock


def ghosts(scene) -> list[tuple[tuple[int, int], str]]:
    return sorted((i.cell, i.label) for i in scene.items() if isinstance(i, RankedGhostItem))


def test_check_in_the_dock_gives_the_verdict_of_the_check_command(qtbot, catalogue, tmp_path,
                                                                   capsys):
    doc = document(catalogue, with_puzzle=True)  # a second open city: the cap there ties
    scene, panel, _dock = panel_for(qtbot, doc)
    with qtbot.waitSignal(panel.checked, timeout=20000) as blocker:
        panel.check_button.click()
    report = blocker.args[0]
    path = tmp_path / "tie.board.json"
    doc.flush()
    from editor.formats.boards import save_position

    save_position(path, doc.position)
    assert main(["check", str(path), "--format", "json"]) == 1
    printed = json.loads(capsys.readouterr().out)
    assert report.to_json() == {k: v for k, v in printed.items() if k != "format"}
    status = panel.solve_status.text()
    assert "<b>FAILED</b>: legal ✔, optimal ✔, unique ✘" in status
    assert "the solution is not unique: 1 other move tie: base-c2/E@1,-1:180" in status
    rows = {(panel.results.item(r, 1).text(), panel.results.item(r, NOTE).text())
            for r in range(panel.results.rowCount())}
    assert ("base-c2/E@0,-1:180", "the solution") in rows
    assert ("base-c2/E@1,-1:180", "ties the solution: another answer") in rows
    assert not panel.results.isColumnHidden(NOTE)
    assert {((0, -1), "1"), ((1, -1), "1")} <= set(ghosts(scene))


def test_a_shipped_puzzle_checks_ok_in_the_dock(qtbot, catalogue):
    _, panel, _dock = panel_for(qtbot, shipped("c3-close-the-gate", catalogue))
    with qtbot.waitSignal(panel.checked, timeout=20000) as blocker:
        panel.check_solution()
    assert blocker.args[0].ok
    assert panel.solve_status.text().startswith("<b>OK</b>: legal, optimal and unique")
    assert panel.results.item(0, NOTE).text() == "the solution"


def test_a_long_solve_shows_progress_keeps_the_window_alive_and_cancels(qtbot, catalogue):
    doc = slow(catalogue)
    _, panel, _dock = panel_for(qtbot, doc)
    _dock.show()
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    with qtbot.waitSignal(panel.busyChanged) as started:
        panel.solve_button.click()
    assert started.args == [True]
    assert not panel.solve_button.isEnabled() and not panel.check_button.isEnabled()
    qtbot.waitUntil(lambda: panel.work.isVisible() and panel.work_bar.value() > 0,
                    timeout=10000)
    assert "Solving… " in panel.work_bar.format() and "of " in panel.work_bar.format()
    # the event loop keeps running while the solver works
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=10000)
    assert panel.busy
    with qtbot.waitSignal(panel.busyChanged, timeout=5000) as ended:
        panel.cancel_button.click()
    timer.stop()
    assert ended.args == [False]
    assert panel.solve_status.text().startswith("Cancelled after ")
    assert not panel.work.isVisible() and panel.solve_button.isEnabled()
    assert panel.results.rowCount() == 0 and not panel.overlay.ghosts


def test_an_edit_while_solving_cancels_the_search(qtbot, catalogue):
    doc = slow(catalogue)
    _, panel, _dock = panel_for(qtbot, doc)
    panel.solve()
    assert panel.busy
    job = panel.job
    doc.undo_stack.push(PlaceTile(doc, TileSpec(catalogue.tile("base-c2/B"), 5, 5, 0)))
    assert not panel.busy and panel.solve_button.isEnabled()
    assert panel.solve_status.text() == "The board changed while solving: solve again."
    assert job is not None and job.progress.cancelled and job.wait(10)


def test_the_selected_line_is_drawn_whole_and_brought_into_view(qtbot, catalogue):
    doc = shipped("c2-the-knight-comes-home", catalogue)
    scene, panel, _dock = panel_for(qtbot, doc)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    with qtbot.waitSignal(panel.solved, timeout=20000):
        panel.solve()
    best = panel.ranking[0]
    assert len(best.line) == 2
    view.centerOn(50000, 50000)
    panel.results.selectRow(0)
    first, second = best.line
    assert ghosts(scene) == sorted([((first.x, first.y), "1"), ((second.x, second.y), "1.2")])
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    for item in panel.overlay.ghosts:
        assert shown.contains(item.sceneBoundingRect().center())
    panel.results.clearSelection()
    assert panel.overlay.ghosts
    assert all(i.step == 0 and i.label == str(i.rank) for i in panel.overlay.ghosts)


def test_placing_before_the_ranking_is_ready_is_judged_when_it_is(qtbot, catalogue):
    doc = document(catalogue, with_puzzle=True, second_city=False, supply=1)
    _, panel, _dock = panel_for(qtbot, doc)
    panel.start_solving()
    assert panel.busy
    e = catalogue.tile("base-c2/E")
    with qtbot.waitSignal(panel.judged, timeout=20000) as blocker:
        doc.undo_stack.push(PlaceTile(doc, TileSpec(e, 0, -1, 2)))
        assert panel.verdict.text() == "base-c2/E@0,-1:180: ranking every move first…"
    assert blocker.args[0].startswith("base-c2/E@0,-1:180: rank 1 of ")


@pytest.mark.usefixtures("isolated_settings")
def test_solving_mode_takes_the_tile_in_hand(qtbot, catalogue, host):
    from editor.qt.mainwindow import MainWindow

    doc = shipped("c2-the-knight-comes-home", catalogue)
    window = MainWindow(doc, host, catalogue)
    qtbot.addWidget(window)
    panel = window.puzzle_dock.panel
    with qtbot.waitSignal(panel.handTileChosen):
        panel.start_solving()
    hand = catalogue.tile("base-c2/E")
    assert window.view.tool == "tile" and window.view.tile is hand
    assert window.catalogue_dock.catalogue.view.currentIndex().data(TILE_ROLE) is hand
    qtbot.waitUntil(lambda: not panel.busy, timeout=20000)
    window.doc.mark_saved()


@pytest.mark.usefixtures("isolated_settings")
def test_help_sample_puzzles_opens_a_shipped_puzzle_as_a_new_board(qtbot, catalogue, host):
    from editor.qt.mainwindow import MainWindow

    window = MainWindow(BoardDocument(catalogue=catalogue), host, catalogue)
    qtbot.addWidget(window)
    helps = next(a.menu() for a in window.menuBar().actions()
                 if a.text().replace("&", "") == "Help")
    samples = next(a.menu() for a in helps.actions() if a.objectName() == "SamplePuzzles")
    titles = [a.text() for a in samples.actions()]
    assert len(titles) == len(list(PUZZLES.glob("*.board.json"))) == len(sample_puzzles())
    assert "The knight comes home" in titles
    samples.actions()[titles.index("The knight comes home")].trigger()
    assert window.doc.path == "" and window.doc.position.title == "The knight comes home"
    assert window.puzzle_dock.panel.hand_edit.text() == "base-c2/E base-c2/E"
    assert "sample puzzle c2-the-knight-comes-home.board.json" in \
        window.statusBar().currentMessage()

