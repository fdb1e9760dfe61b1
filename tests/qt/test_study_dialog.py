"""Board → Study…: the dialog plays a study with a progress bar, can cancel it, and shows
the summary and the plots (#19.2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.qt.mainwindow import MainWindow
from editor.qt.study import Picture, StudyDialog
from editor.study import table


def small(dialog: StudyDialog, out: Path, games: int) -> None:
    """A quick study: two rulesets, random players, in this process."""
    dialog.set_checked(dialog.rulesets, ["base:C2", "base:C1[rules=2000]"])
    for box in dialog.seat_boxes:
        box.setCurrentText("random")
    dialog.games.setValue(games)
    dialog.jobs.setValue(1)
    dialog.out.setText(str(out))


def test_board_study_opens_the_dialog(window: MainWindow) -> None:
    action = next(a for a in window.board_menu.actions() if a.text() == "&Study…")
    action.trigger()
    dialog = window.study_dialog
    assert isinstance(dialog, StudyDialog) and dialog.isVisible()
    checked = dialog._checked(dialog.rulesets)
    assert checked == ["base:C2", "base:C1[rules=2000]", "base:C1[rules=2001]",
                       "base:C1[rules=2002]", "base:C3"]
    assert dialog.rulesets.item(0).text() == window.doc.rules.name
    assert [b.currentText() for b in dialog.seat_boxes] == ["greedy"] * 6
    assert [b.isVisibleTo(dialog) for b in dialog.seat_boxes] == [True, True] + [False] * 4
    dialog.players.setValue(4)
    assert [b.isVisibleTo(dialog) for b in dialog.seat_boxes].count(True) == 4
    dialog.close()


def test_a_study_runs_with_progress_and_shows_its_plots(qtbot, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from editor.plugins import default_host
    from editor.workspace import catalogue

    dialog = StudyDialog(default_host(), catalogue(), "base:C2")
    qtbot.addWidget(dialog)
    small(dialog, tmp_path, games=6)
    seen: list[int] = []
    dialog.bar.valueChanged.connect(seen.append)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.cancel_button.isEnabled() and not dialog.start_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.start_button.isEnabled(), timeout=60_000)
    assert dialog.bar.maximum() == 12 and dialog.bar.value() == 12 and seen[-1] == 12
    assert "Done: 12 games played. The report is in" in dialog.status.text()
    assert dialog.summary.toPlainText().startswith("Self-play study: 2 rulesets")
    tabs = [dialog.results.tabText(i) for i in range(dialog.results.count())]
    assert tabs == ["Summary", "Points by feature", "Scores", "Winner changes",
                    "Tiles put aside"] or tabs[:4] == ["Summary", "Points by feature",
                                                       "Scores", "Winner changes"]
    dialog.show()
    dialog.results.setCurrentIndex(1)
    picture = dialog.results.widget(1)
    assert isinstance(picture, Picture) and not picture.original.isNull()
    qtbot.waitUntil(lambda: not picture.pixmap().isNull())
    assert picture.pixmap().width() <= picture.original.width()
    folder = dialog.folder
    assert folder is not None and len(table.read(folder.table)) == 12


def test_cancel_keeps_the_games_and_start_goes_on(qtbot, tmp_path: Path) -> None:
    from editor.plugins import default_host
    from editor.workspace import catalogue

    dialog = StudyDialog(default_host(), catalogue(), "base:C2")
    qtbot.addWidget(dialog)
    small(dialog, tmp_path, games=300)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.bar.value() >= 10, timeout=60_000)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.start_button.isEnabled(), timeout=60_000)
    assert dialog.status.text().startswith("Cancelled: ")
    assert folder_rows(dialog) < 600
    dialog.games.setValue(20)  # fewer games: the same study, so it goes on
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert "Going on with the study in" in dialog.status.text()
    qtbot.waitUntil(lambda: dialog.start_button.isEnabled(), timeout=60_000)
    assert dialog.status.text().startswith("Done: 40 games played")


def folder_rows(dialog: StudyDialog) -> int:
    assert dialog.folder is not None
    return len(table.read(dialog.folder.table))


def test_what_cannot_run_is_said_in_the_dialog(qtbot, tmp_path: Path) -> None:
    from editor.plugins import default_host
    from editor.workspace import catalogue

    dialog = StudyDialog(default_host(), catalogue())
    qtbot.addWidget(dialog)
    dialog.set_checked(dialog.rulesets, [])
    dialog.start()
    assert dialog.status.text() == "check at least one ruleset"
    dialog.new_rules.setText("base:C9")
    dialog._add_rules()
    assert "unknown edition 'base:C9'" in dialog.status.text()
    dialog.new_rules.setText("base:C2[small_city=on]")
    dialog._add_rules()
    assert dialog._checked(dialog.rulesets) == ["base:C2[small_city=on]"]
    dialog.source.setCurrentIndex(1)
    dialog.corpus.setText(str(tmp_path / "missing"))
    dialog.start()
    assert "not a folder" in dialog.status.text() and not dialog.running


def test_closing_the_window_stops_its_study(qtbot, window: MainWindow, tmp_path: Path) -> None:
    window.open_study()
    dialog = window.study_dialog
    small(dialog, tmp_path, games=300)
    dialog.start()
    qtbot.waitUntil(lambda: dialog.bar.value() >= 4, timeout=60_000)
    window.doc.mark_saved()
    window.close()
    assert not dialog.running and not dialog.isVisible()
    assert 0 < folder_rows(dialog) < 600
