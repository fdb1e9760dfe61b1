"""A file may give a player any score: one beyond what a Qt cell holds as a number opens,
and the Players and Scores docks show it whole (the GUI open fuzz found 2**63 refused by
Qt at the PySide6 floor, an exception in the event loop)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from qt_support import isolated_settings, sample_document  # noqa: F401

from editor.qt.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("isolated_settings")


@pytest.mark.parametrize("score", [2**63, -(2**63) - 1, 10**40])
def test_a_score_beyond_a_qt_number_is_shown_whole(qtbot, host, catalogue, score: int) -> None:
    doc = sample_document()
    doc.position.board.players[0].score = score
    win = MainWindow(doc, host, catalogue)
    qtbot.addWidget(win)
    players = win.players_dock.players.table
    shown = [players.item(0, c).text() for c in range(players.columnCount())]
    assert str(score) in shown
    totals = win.scores_dock.scores.totals
    assert totals.item(0, 1).text() == str(score)
    assert totals.item(0, 1).textAlignment() & Qt.AlignmentFlag.AlignRight


def test_a_score_qt_holds_stays_a_number(qtbot, host, catalogue) -> None:
    doc = sample_document()
    doc.position.board.players[0].score = 2**63 - 1
    win = MainWindow(doc, host, catalogue)
    qtbot.addWidget(win)
    cell = win.scores_dock.scores.totals.item(0, 1)
    assert cell.data(Qt.ItemDataRole.DisplayRole) == 2**63 - 1
