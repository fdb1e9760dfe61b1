"""Fixtures for the tile-set designer tests: a document and a way to edit it by commands."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QMessageBox

from editor.qt.designer import window as window_module
from editor.qt.designer.document import TileSetDocument
from editor.qt.designer.window import TileSetWindow

Push = Callable[[QUndoCommand], None]


@pytest.fixture
def doc(qapp) -> Iterator[TileSetDocument]:
    """A new tile set (one blank tile A), linted at once."""
    document = TileSetDocument()
    yield document
    document.deleteLater()


@pytest.fixture
def push(doc: TileSetDocument) -> Push:
    """Push a command on the document's undo stack, then lint."""

    def run(command: QUndoCommand) -> None:
        doc.undo_stack.push(command)
        doc.flush()

    return run


@pytest.fixture
def discard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing a window with unsaved changes discards them instead of asking."""
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.Discard)


@pytest.fixture
def window(qtbot, discard) -> Iterator[TileSetWindow]:
    """A designer window on a new tile set."""
    shown = TileSetWindow(TileSetDocument())
    qtbot.addWidget(shown)
    shown.resize(1300, 860)
    yield shown
    for other in list(window_module.WINDOWS):
        other.close()
