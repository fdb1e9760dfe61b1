"""The puzzle tools of a main window: the puzzle dock, a Puzzle menu and Help → Sample
puzzles (:func:`install_puzzle_tools`), following the window's document."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from editor.formats.boards import load_position
from editor.formats.jsonio import read_json
from editor.i18n import _
from editor.model.tiles import Tile
from editor.resources import data_dir

from ..document import BoardDocument
from ..notices import refuse_file
from ..overlays import PuzzleOverlay
from .puzzle import PuzzleDock


def _run(dock: QWidget, slot: Callable[[], object]) -> None:
    """Bring the dock forward, then act."""
    dock.show()
    dock.raise_()
    slot()


def sample_puzzles() -> list[tuple[str, Path]]:
    """(title, path) of the puzzles shipped with the editor, in file-name order."""
    found = []
    for path in sorted((data_dir("samples") / "puzzles").glob("*.board.json")):
        data, _rest = read_json(path)
        puzzle = data.get("puzzle") if isinstance(data, dict) else None
        title = puzzle.get("title") if isinstance(puzzle, dict) else None
        found.append((title if isinstance(title, str) and title else path.name, path))
    return found


def open_sample(window: Any, path: Path) -> bool:
    """Open a shipped puzzle in ``window`` as a new, unsaved board (its file belongs to the
    installation: Save asks where to keep the copy)."""
    if not window.maybe_save():
        return False
    position, findings = load_position(path, window.catalogue)
    if position is None:
        refuse_file(window, str(path), findings)
        return False
    window.set_document(BoardDocument(position, None, findings, window.host, window.catalogue))
    window.statusBar().showMessage(_("Opened the sample puzzle {name} as a new board (Save "
                                     "keeps a copy)").format(name=path.name), 8000)
    return True


def install_puzzle_tools(window: Any) -> None:
    """Add the puzzle dock, a Puzzle menu and Help → Sample puzzles to a main window.

    The window needs ``doc`` (its :class:`~editor.qt.document.BoardDocument`), ``scene``
    (its board scene), ``view``, ``catalogue_dock``, ``docks``, ``scores_dock``,
    ``help_menu``, ``maybe_save``, ``set_document`` and ``documentChanged``; the dock and the
    overlays follow the window's document. The dock is kept as ``window.puzzle_dock``.
    """
    overlay = PuzzleOverlay(window.scene)
    dock = PuzzleDock(window.doc, overlay, window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.tabifyDockWidget(window.scores_dock, dock)
    window.docks.append(dock)
    window.puzzle_dock = dock
    panel = dock.panel
    helps: QMenu = window.help_menu
    menu = QMenu(_("&Puzzle"), window)
    window.menuBar().insertMenu(helps.menuAction(), menu)
    menu.addAction(dock.toggleViewAction())
    menu.addSeparator()
    for text, slot, keys in ((_("&Solve"), panel.solve, "F5"),
                             (_("Chec&k solution"), panel.check_solution, ""),
                             (_("Start s&olving"), panel.start_solving, ""),
                             (_("&Hint"), panel.next_hint, "")):
        action = QAction(text, window)
        if keys:
            action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda *_, slot=slot: _run(dock, slot))
        menu.addAction(action)
    cancel = menu.addAction(_("Ca&ncel solving"), panel.cancel)
    cancel.setEnabled(False)
    panel.busyChanged.connect(cancel.setEnabled)
    menu.addSeparator()
    menu.addAction(panel.dead_box.text(), panel.dead_box.toggle)
    menu.addAction(panel.fits_box.text(), panel.fits_box.toggle)
    menu.addAction(_("&Clear puzzle overlays"), panel.clear_overlays)
    if not any(a.objectName() == "SamplePuzzles" for a in helps.actions()):
        samples = QMenu(_("Sample &puzzles"), window)
        samples.menuAction().setObjectName("SamplePuzzles")
        for title, path in sample_puzzles():
            samples.addAction(title, partial(open_sample, window, path))
        if helps.actions():
            helps.insertMenu(helps.actions()[0], samples)
        else:
            helps.addMenu(samples)
    panel.handTileChosen.connect(lambda tile: _take_in_hand(window, tile))

    def follow(doc: BoardDocument) -> None:
        overlay.set_scene(window.scene)
        panel.set_document(doc)

    window.documentChanged.connect(follow)


def _take_in_hand(window: Any, tile: Tile) -> None:
    """Solving mode: the tile in hand chosen in the catalogue, ready to place on the board."""
    catalogue = getattr(window, "catalogue_dock", None)
    if catalogue is not None:
        catalogue.catalogue.select(tile)
    view = getattr(window, "view", None)
    if view is not None:
        view.set_tile(tile)
        view.setFocus()
