"""The editor's open path survives every mutation of the shipped files (#11, tests).

The same structured mutations as the command line's fuzz suite (``tests/trust/trust_fuzz``)
of boards, puzzles, tile sets and JCloisterZone saves, given to the editor the two ways a
person gives them: on the command line (``app.start``, which routes tile sets to the
designer) and through File → Open of a window already open. Each case must end with the
file open (then scored, its findings listed, its board drawn) or refused with a message
naming the file; never an exception, an internal error caught on the way, an error in the
log, a hang, or a failing built-in plugin. Offscreen; a bounded number of cases for CI.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QMessageBox
from qt_support import isolated_settings  # noqa: F401

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.qt import app, notices
from editor.qt.designer.window import OPEN_WINDOWS
from editor.qt.document import BoardDocument
from editor.qt.mainwindow import MainWindow

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "trust"))
import trust_fuzz as fuzz

pytestmark = pytest.mark.usefixtures("isolated_settings")
#: What the editor says when it caught a bug of its own on the way.
INTERNAL = ("internal error", "the editor failed")


def fuzz_settings(examples: int) -> settings:
    """Bounded cases (``GUI_FUZZ_EXAMPLES`` for a longer run), no deadline (opening may
    take a second), no stored examples."""
    wanted = os.environ.get("GUI_FUZZ_EXAMPLES", "")
    return settings(max_examples=int(wanted) if wanted.isdigit() else examples,
                    deadline=None, database=None, suppress_health_check=list(HealthCheck))


class Told:
    """The messages the editor showed (message boxes do not block here)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def exec(self, box: QMessageBox) -> int:
        self.texts.append("\n".join((box.text(), box.informativeText(), box.detailedText())))
        return int(QMessageBox.StandardButton.Ok)


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> Told:
    shown = Told()
    monkeypatch.setattr(notices.QMessageBox, "exec", lambda box: shown.exec(box))
    return shown


@pytest.fixture
def errors() -> Iterator[list[logging.LogRecord]]:
    """Errors logged by the editor while a case is opened."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("editor")
    logger.addHandler(handler)
    yield records
    logger.removeHandler(handler)


def close_all() -> None:
    for window in list(app.WINDOWS):
        window.doc.mark_saved()
        window.close()
        window.deleteLater()
    app.WINDOWS.clear()
    for designer in list(OPEN_WINDOWS):
        designer.doc.undo_stack.setClean()
        designer.close()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def exercised(window: MainWindow) -> None:
    """Use what was opened as a person would: scores, findings, the board drawn."""
    doc = window.doc
    doc.flush()
    doc.score_report()
    window.findings_dock.findings.set_document(doc)
    image = QImage(160, 120, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    window.scene.render(painter)
    painter.end()


def check(path: Path, told: Told, errors: list[logging.LogRecord], host: PluginHost,
          opened: bool) -> list[str]:
    """What went wrong with one case (nothing, when it went well)."""
    problems = [f"logged: {r.getMessage()[:800]}" for r in errors]
    problems += [f"internal error told: {t[:800]}" for t in told.texts
                 if any(word in t for word in INTERNAL)]
    if not opened and not any(path.name in t for t in told.texts):
        problems.append(f"neither opened nor refused by name: {told.texts}")
    problems += [f"built-in plugin failed: {e}" for e in host.errors]
    return problems


def case_path(work: Path, source: Path) -> Path:
    """Where a case of ``source`` is written: a name of its own (a window of an earlier case
    must not see its file change), its kind known by its name, as a person's."""
    return work / f"{len(list(work.iterdir()))}-{source.name}"


def open_case(data: bytes, source: Path, work: Path, how: str, host: PluginHost,
              catalogue: Catalogue, told: Told, errors: list[logging.LogRecord],
              window: MainWindow | None) -> list[str]:
    path = case_path(work, source)
    path.write_bytes(data)
    told.texts.clear()
    errors.clear()
    host.errors.clear()
    before = set(OPEN_WINDOWS)
    with fuzz._alarm(fuzz.TIMEOUT):
        if how == "start":
            windows = app.start([str(path)], host, catalogue)
            # a save opens as a new document (no path, modified), with or without moves
            boards = [w for w in windows if w.doc.path == os.path.abspath(path)
                      or (path.suffix == ".jcz" and not w.doc.path and w.doc.modified)]
        else:
            assert window is not None
            window.doc.mark_saved()  # the case before (a .jcz read in) is not this one's
            boards = [window] if window.open_any(str(path)) else []
        for board in boards:
            exercised(board)
    designed = set(OPEN_WINDOWS) - before
    problems = check(path, told, errors, host, bool(boards or designed))
    close_all()
    return problems


@pytest.fixture
def work(tmp_path: Path) -> Path:
    folder = tmp_path / "cases"
    folder.mkdir()
    return folder


def fuzz_open(data: st.DataObject, files: list[Path], how: str, work: Path, host: PluginHost,
              catalogue: Catalogue, told: Told, errors: list[logging.LogRecord],
              window: MainWindow | None = None) -> None:
    source = data.draw(st.sampled_from(files), label="file")
    case = data.draw(fuzz.file_bytes(fuzz.load(source)), label="bytes")
    problems = open_case(case, source, work, how, host, catalogue, told, errors, window)
    assert not problems, "\n".join(problems)


@pytest.fixture
def fresh_host() -> PluginHost:
    """A plugin host of the test's own (a case must not disable an edition for the next)."""
    return PluginHost()


@pytest.fixture
def own_catalogue(catalogue: Catalogue) -> Catalogue:
    return Catalogue(catalogue.sets)


@fuzz_settings(40)
@given(st.data())
def test_boards_and_puzzles_on_the_command_line(work, fresh_host, own_catalogue, told, errors,
                                                data) -> None:
    fuzz_open(data, [*fuzz.boards(), *fuzz.puzzles()], "start", work, fresh_host,
              own_catalogue, told, errors)


@fuzz_settings(25)
@given(st.data())
def test_tile_sets_on_the_command_line(work, fresh_host, own_catalogue, told, errors,
                                       data) -> None:
    fuzz_open(data, fuzz.tilesets(), "start", work, fresh_host, own_catalogue, told, errors)


@fuzz_settings(30)
@given(st.data())
def test_saves_on_the_command_line(work, fresh_host, own_catalogue, told, errors, data) -> None:
    fuzz_open(data, fuzz.saves(), "start", work, fresh_host, own_catalogue, told, errors)


@pytest.fixture
def window(qtbot, fresh_host: PluginHost, own_catalogue: Catalogue) -> Iterator[MainWindow]:
    win = MainWindow(BoardDocument(host=fresh_host, catalogue=own_catalogue), fresh_host,
                     own_catalogue)
    yield win
    win.doc.mark_saved()
    win.close()
    win.deleteLater()


@fuzz_settings(40)
@given(st.data())
def test_file_open_of_a_window(window, work, fresh_host, own_catalogue, told, errors,
                               data) -> None:
    fuzz_open(data, [*fuzz.boards(), *fuzz.puzzles(), *fuzz.saves()], "open", work,
              fresh_host, own_catalogue, told, errors, window)


def test_the_harness_catches_what_it_must(work, fresh_host, own_catalogue, told, errors,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A loader that raises, or a case neither opened nor named, is reported."""
    source = fuzz.boards()[0]
    data = source.read_bytes()
    assert open_case(data, source, work, "start", fresh_host, own_catalogue, told, errors,
                     None) == []

    def broken(*args: object) -> None:
        raise RuntimeError("a loader bug")

    monkeypatch.setattr("editor.qt.files.load_position", broken)
    found = open_case(data, source, work, "start", fresh_host, own_catalogue, told, errors,
                      None)
    assert any("internal error" in p for p in found) and any("logged" in p for p in found)
    monkeypatch.setattr(notices.QMessageBox, "exec", lambda box: 0)  # a refusal unsaid
    told.texts.clear()
    found = open_case(data, source, work, "start", fresh_host, own_catalogue, told, errors,
                      None)
    assert any("neither opened nor refused" in p for p in found)
