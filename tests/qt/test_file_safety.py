"""Opening and saving in the editor never loses work: files that cannot be opened are told
with their reason and never stop a start, Save As completes the name, a file changed on
disk or read-only is asked about, and a recovered autosave is kept until it is saved or
discarded."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from qt_support import SAMPLE, isolated_settings  # noqa: F401

from editor.formats.jsonio import dumps, read_json
from editor.qt import app, files, ondisk
from editor.qt.commands import EditPlayer
from editor.qt.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("isolated_settings")


@pytest.fixture(autouse=True)
def shown(monkeypatch) -> list[tuple[str, str, str]]:
    """(text, informative text, details) of every message box, instead of showing it (no
    button pressed: a question is answered as if closed)."""
    boxes: list[tuple[str, str, str]] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.append(
        (box.text(), box.informativeText(), box.detailedText())) or 0)
    return boxes


@pytest.fixture
def board(tmp_path) -> Path:
    """A copy of the sample position."""
    path = tmp_path / "game.board.json"
    path.write_bytes(SAMPLE.read_bytes())
    return path


def start(qtbot, paths: list[str]) -> list[MainWindow]:
    windows = app.start(paths)
    for window in windows:
        qtbot.addWidget(window)
    return windows


def close_all(windows: list[MainWindow]) -> None:
    for window in windows:
        window.doc.mark_saved()
        window.close()
    app.WINDOWS.clear()


# -- files that cannot be opened --------------------------------------------------------------


def test_a_missing_file_says_so_in_the_message(qtbot, tmp_path, shown):
    missing = tmp_path / "nowhere.board.json"
    windows = start(qtbot, [str(missing)])
    assert len(windows) == 1 and not windows[0].doc.tiles()  # the editor starts anyway
    text, info, _ = shown[0]
    assert text == "nowhere.board.json cannot be opened."
    assert info.startswith("It cannot be read: cannot read the file: No such file or "
                           "directory.")
    assert str(missing) in info
    close_all(windows)


def test_a_file_that_crashes_a_loader_never_stops_the_start(qtbot, tmp_path, board, shown,
                                                             monkeypatch, caplog):
    from editor.formats import boards

    crashing = tmp_path / "crash.board.json"
    crashing.write_bytes(SAMPLE.read_bytes())
    real = boards.load_position

    def load(path, catalogue):
        if Path(path).name == "crash.board.json":
            raise KeyError("a loader bug")
        return real(path, catalogue)

    monkeypatch.setattr(files, "load_position", load)
    broken = tmp_path / "broken.board.json"
    broken.write_text("{not json", encoding="utf-8")
    windows = start(qtbot, [str(crashing), str(board), str(broken)])
    assert [w.doc.path for w in windows] == [str(board)]
    text, info, _ = shown[0]
    assert text == "2 files could not be opened."
    assert "crash.board.json: The editor failed reading it: internal error while reading " \
        "the file (KeyError: 'a loader bug'); please report it." in info
    assert "broken.board.json: It is not JSON: not valid JSON: " in info
    assert "a loader bug" in caplog.text and "Traceback" in caplog.text
    close_all(windows)


def test_a_schema_error_names_the_json_path_in_the_message(qtbot, tmp_path, shown):
    bad = tmp_path / "bad.board.json"
    bad.write_text(dumps({"format": 1, "players": [], "tiles": [{"tile": "base-c2/D",
                                                                  "x": "0", "y": 0}],
                          "figures": []}), encoding="utf-8")
    windows = start(qtbot, [str(bad)])
    _, info, details = shown[0]
    assert info.startswith("It is not a valid board file: ")
    assert " at $.tiles[0]" in info
    assert "bad.board.json::$.tiles[0]" in details
    close_all(windows)


# -- Save As -------------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "written"), [
    ("position", "position.board.json"), ("position.board", "position.board.json"),
    ("position.json", "position.json"), ("POSITION.JSON", "POSITION.JSON"),
    ("my.game", "my.game.board.json")])
def test_save_as_completes_the_name(typed, written):
    assert files.with_board_suffix(typed) == written


def test_save_as_adds_the_suffix_and_asks_before_replacing(qtbot, tmp_path, board,
                                                          monkeypatch, shown):
    windows = start(qtbot, [str(board)])
    window = windows[0]
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "copy"), ""))
    assert window.save_as()
    assert (tmp_path / "copy.board.json").exists() and not (tmp_path / "copy").exists()
    assert window.doc.path == str(tmp_path / "copy.board.json")
    window.doc.undo_stack.push(EditPlayer(window.doc, 0, score=99))
    asked: list[str] = []
    monkeypatch.setattr(ondisk, "ask_replace", lambda parent, path: asked.append(path))
    assert not window.save_as()
    assert asked == [str(tmp_path / "copy.board.json")]
    assert read_json(tmp_path / "copy.board.json")[0]["players"][0]["score"] == 8
    close_all(windows)


# -- changed on disk --------------------------------------------------------------------------


def edit_score(window: MainWindow, score: int) -> None:
    window.doc.undo_stack.push(EditPlayer(window.doc, 0, score=score))


def score_on_disk(path: Path) -> int:
    return read_json(path)[0]["players"][0]["score"]


def test_the_same_file_saved_in_two_windows_asks_before_overwriting(qtbot, board,
                                                                    monkeypatch):
    first, second = start(qtbot, [str(board)])[0], start(qtbot, [str(board)])[0]
    edit_score(first, 11)
    assert first.save()
    edit_score(second, 22)
    answers = [ondisk.CANCEL]
    asked: list[str] = []
    monkeypatch.setattr(ondisk, "ask_changed",
                        lambda parent, path: asked.append(path) or answers.pop(0))
    assert not second.save()
    assert score_on_disk(board) == 11 and second.doc.modified
    answers.append(ondisk.OVERWRITE)
    assert second.save()
    assert asked == [str(board), str(board)]
    assert score_on_disk(board) == 22 and not second.doc.modified
    edit_score(second, 23)
    assert second.save() and len(asked) == 2  # its own save is no outside change
    close_all([first, second])


def test_save_as_instead_of_overwriting_a_changed_file(qtbot, tmp_path, board, monkeypatch):
    window = start(qtbot, [str(board)])[0]
    board.write_text(board.read_text(encoding="utf-8").replace('"score": 8', '"score": 9'),
                     encoding="utf-8")
    edit_score(window, 30)
    monkeypatch.setattr(ondisk, "ask_changed", lambda parent, path: ondisk.SAVE_AS)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "mine.board.json"), ""))
    assert window.save()
    assert score_on_disk(board) == 9 and score_on_disk(tmp_path / "mine.board.json") == 30
    close_all([window])


def test_an_outside_change_is_offered_for_reload(qtbot, board, monkeypatch):
    window = start(qtbot, [str(board)])[0]
    board.write_text(board.read_text(encoding="utf-8").replace('"score": 8', '"score": 9'),
                     encoding="utf-8")
    edit_score(window, 40)
    asked: list[bool] = []
    monkeypatch.setattr(ondisk, "ask_reload",
                        lambda parent, doc: asked.append(doc.modified) or False)
    window.disk_watch.check()
    assert asked == [True] and window.doc.players[0].score == 40  # kept, not lost
    window.disk_watch.check()
    assert len(asked) == 1  # that version was answered
    saved = []
    monkeypatch.setattr(ondisk, "ask_changed", lambda *a: saved.append(a) or ondisk.CANCEL)
    assert window.save() and not saved  # the person chose their version already
    board.write_text(board.read_text(encoding="utf-8").replace('"score": 40', '"score": 41'),
                     encoding="utf-8")
    monkeypatch.setattr(ondisk, "ask_reload", lambda parent, doc: True)
    window.disk_watch.check()
    assert window.doc.players[0].score == 41 and not window.doc.modified
    assert window.doc.path == str(board)
    close_all([window])


def test_the_watcher_notices_a_change_when_the_window_is_active(qtbot, board, monkeypatch):
    window = start(qtbot, [str(board)])[0]
    assert window.disk_watch.watcher.files() == [str(board)]
    checks: list[int] = []
    monkeypatch.setattr(window.disk_watch, "check", lambda: checks.append(1))
    board.write_text(board.read_text(encoding="utf-8").replace('"score": 8', '"score": 7'),
                     encoding="utf-8")
    qtbot.waitUntil(lambda: window.disk_watch._pending, timeout=5000)
    window.activateWindow()
    window.disk_watch.eventFilter(window, _activate_event())
    qtbot.waitUntil(lambda: bool(checks), timeout=2000)
    close_all([window])


def _activate_event():
    from PySide6.QtCore import QEvent

    return QEvent(QEvent.Type.WindowActivate)


# -- read-only files --------------------------------------------------------------------------


def test_saving_over_a_read_only_file_asks(qtbot, board, monkeypatch):
    window = start(qtbot, [str(board)])[0]
    os.chmod(board, 0o444)
    edit_score(window, 50)
    answers = [ondisk.CANCEL, ondisk.OVERWRITE]
    monkeypatch.setattr(ondisk, "ask_read_only", lambda parent, path: answers.pop(0))
    assert not window.save()
    assert score_on_disk(board) == 8 and window.doc.modified
    assert window.save()
    assert score_on_disk(board) == 50
    assert stat.S_IMODE(board.stat().st_mode) == 0o444  # it stays read-only
    close_all([window])


# -- recovery ---------------------------------------------------------------------------------


def crash(window: MainWindow) -> None:
    """As if the process died: the autosave stays, its lock is released."""
    saver = window.autosaver
    assert saver is not None and saver._lock is not None
    saver._lock.unlock()
    saver._lock = None
    saver.timer.stop()
    window.doc.mark_saved()
    window.autosaver = None
    window.close()
    app.WINDOWS.clear()


def test_a_recovered_board_keeps_its_autosave_until_saved(qtbot, board, monkeypatch):
    window = start(qtbot, [str(board)])[0]
    edit_score(window, 60)
    assert window.autosaver is not None and window.autosaver.save()
    crash(window)
    monkeypatch.setattr(app, "ask_recovery", lambda entries: "recover")
    recovered = start(qtbot, [])[0]
    assert recovered.doc.players[0].score == 60 and recovered.doc.modified
    entry = recovered.autosaver
    assert entry is not None and entry.board_path.exists()  # kept while it is unsaved
    assert files.recoverable() == []  # this session holds it now
    edit_score(recovered, 61)
    assert entry.save()
    crash(recovered)  # a second crash within the autosave interval
    again = start(qtbot, [])[0]
    assert again.doc.players[0].score == 61  # nothing lost
    assert again.save()
    assert files.recoverable() == [] and not list(again.autosaver.folder.glob("*.json"))
    close_all([again])


def test_a_recovered_board_discarded_at_close_removes_its_autosave(qtbot, board,
                                                                    monkeypatch):
    window = start(qtbot, [str(board)])[0]
    edit_score(window, 70)
    assert window.autosaver is not None and window.autosaver.save()
    folder = window.autosaver.folder
    crash(window)
    monkeypatch.setattr(app, "ask_recovery", lambda entries: "recover")
    recovered = start(qtbot, [])[0]
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert recovered.close()
    app.WINDOWS.clear()
    assert not list(folder.glob("*.json")) and files.recoverable() == []


def test_decide_later_keeps_every_autosave(qtbot, board, monkeypatch):
    window = start(qtbot, [str(board)])[0]
    edit_score(window, 80)
    assert window.autosaver is not None and window.autosaver.save()
    crash(window)
    monkeypatch.setattr(app, "ask_recovery", lambda entries: "later")
    later = start(qtbot, [str(board)])
    assert len(files.recoverable()) == 1
    close_all(later)
