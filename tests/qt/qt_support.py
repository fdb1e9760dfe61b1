"""Helpers for the editor's Qt tests: isolated settings, sample documents, consistency checks."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

from editor.formats.boards import position_to_dict
from editor.qt.document import BoardDocument
from editor.qt.mainwindow import MainWindow
from editor.resources import data_dir
from editor.workspace import open_position

SAMPLE = data_dir("samples") / "first-steps.board.json"


@pytest.fixture
def isolated_settings(tmp_path: Path, qapp) -> Iterator[Path]:
    """QSettings and QStandardPaths pointed at a temporary folder for one test (the
    application name is the test's own: QStandardPaths' test mode shares ``~/.qttest``
    with every other test run on the machine, autosaves included)."""
    qapp.setOrganizationName("carcassonne-editor-tests")
    qapp.setApplicationName(f"editor-tests-{tmp_path.name}-{os.getpid()}")
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "settings"))
    QSettings().clear()
    autosaves = Path(QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.AppDataLocation)) / "autosave"
    shutil.rmtree(autosaves, ignore_errors=True)
    yield tmp_path
    QSettings().clear()
    shutil.rmtree(autosaves.parent, ignore_errors=True)


def sample_document() -> BoardDocument:
    """The first-steps sample as a document."""
    position, findings = open_position(SAMPLE)
    assert position is not None, findings
    return BoardDocument(position, str(SAMPLE), findings)


def snapshot(doc: BoardDocument) -> dict:
    """The document as a board file dict, with tiles in a canonical order."""
    data = position_to_dict(doc.position)
    data["tiles"] = sorted(data["tiles"], key=lambda t: (t["x"], t["y"]))
    return data


def assert_mirrors(doc: BoardDocument, scene) -> None:
    """The scene shows exactly the document: tiles, rotations, figures, annotations."""
    assert set(scene.tiles) == set(doc.board.cells)
    for cell, item in scene.tiles.items():
        placed = doc.board.cells[cell]
        assert (item.tile, item.turns) == (placed.tile, placed.rotation)
        assert item.pos().x() == cell[0] * 100 and item.pos().y() == cell[1] * 100
    shown = {cell: [(i.kind, i.colour, i.seg_index) for i in items]
             for cell, items in scene.figures.items()}
    expected: dict = {}
    for figure in doc.figures():
        tile = doc.board.cells[figure.cell].tile
        expected.setdefault(figure.cell, []).append(
            (figure.kind, doc.player_colour(figure.owner), tile.segment_index[figure.segment]))
    assert shown == expected
    notes = doc.position.annotations
    assert len(scene.annotation_items) == len(notes.notes) + len(notes.arrows) + len(
        notes.highlights)
    doc.flush()
    flagged = {f.cell for f in doc.findings() if f.cell in doc.board.cells}
    assert scene.flagged_cells() == flagged



@contextmanager
def window_in(language: str, qtbot, size: tuple[int, int] | None = None
              ) -> Iterator[MainWindow]:
    """The main window of a first start (the sample position) built in ``language``
    (optionally resized), closed and the language put back afterwards."""
    from editor import i18n
    from editor.qt import app

    previous = i18n.set_language(language)
    try:
        win = app.start([])[0]
        if size:
            win.resize(*size)
        qtbot.waitExposed(win)
        yield win
    finally:
        i18n.set_language(previous)
        for window in app.WINDOWS:
            window.doc.mark_saved()
            window.close()
        app.WINDOWS.clear()
