"""The main window's docks: the ones every window is built with, where each goes by
default, how big they are for the window's size, and the arrangement kept between sessions."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from editor.model.tilesets import Catalogue

from ..document import BoardDocument
from .annotations import AnnotationsDock
from .catalogue import CatalogueDock
from .findings import FindingsDock
from .history import HistoryDock
from .inspector import InspectorDock
from .players import PlayersDock
from .scores import ScoresDock

#: Version of the saved dock layout: a layout saved by an older version is not restored.
LAYOUT_VERSION = 2
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
#: Per area, groups of docks tabbed together (the first of each in front), top to bottom.
Layout = dict[str, list[list[QDockWidget]]]
_AREAS = {"left": Qt.DockWidgetArea.LeftDockWidgetArea,
          "right": Qt.DockWidgetArea.RightDockWidgetArea,
          "bottom": Qt.DockWidgetArea.BottomDockWidgetArea}


class WindowDocks:
    """The docks a main window is built with, added to its right; the dock tools (the move
    log, the puzzle) add theirs to :attr:`all`."""

    def __init__(self, window: QMainWindow, catalogue: Catalogue) -> None:
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.catalogue = CatalogueDock(catalogue, window)
        self.inspector = InspectorDock(window)
        self.players = PlayersDock(window)
        self.scores = ScoresDock(window)
        self.findings = FindingsDock(window)
        self.history = HistoryDock(window)
        self.annotations = AnnotationsDock(window)
        self.all: list[QDockWidget] = [
            self.catalogue, self.inspector, self.players, self.scores, self.findings,
            self.history, self.annotations]
        for dock in self.all:
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)

    def set_document(self, doc: BoardDocument) -> None:
        """Every dock shows ``doc``."""
        for shown in (self.catalogue.catalogue, self.players.players, self.scores.scores,
                      self.findings.findings, self.annotations.annotations,
                      self.inspector.inspector):
            shown.set_document(doc)
        self.history.set_document(doc)

    def default_layout(self, added: Sequence[QDockWidget | None] = ()) -> Layout:
        """Where each dock goes by default. The catalogue on the left; on the right the
        inspector above the scores, with the players, the ``added`` docks (the move log, the
        puzzle) and the annotations behind the scores (the lists get the height); findings
        and the history in a low strip under the board, which keeps most of the room."""
        behind_scores = [self.players, *[d for d in added if d is not None], self.annotations]
        return {"left": [[self.catalogue]],
                "right": [[self.inspector], [self.scores, *behind_scores]],
                "bottom": [[self.findings, self.history]]}

    def size(self, window: QMainWindow) -> None:
        """Default dock sizes for the window's size: the board keeps most of the room, the
        inspector and the scores get the height they need."""
        width, height = max(window.width(), 800), max(window.height(), 560)
        side = min(340, max(230, int(width * 0.19)))
        right = min(560, max(380, int(width * 0.3)))
        bottom = min(260, max(140, int(height * 0.22)))
        window.resizeDocks([self.catalogue, self.inspector], [side, right],
                           Qt.Orientation.Horizontal)
        column = height - 120
        window.resizeDocks([self.inspector, self.scores],
                           [int(column * 0.4), column - int(column * 0.4)],
                           Qt.Orientation.Vertical)
        window.resizeDocks([self.findings], [bottom], Qt.Orientation.Vertical)


def lay_out(window: QMainWindow, layout: Layout) -> None:
    """Every dock of ``layout`` docked in its place and shown, the first of each group in
    front."""
    placed = [d for groups in layout.values() for group in groups for d in group]
    for dock in placed:
        dock.setFloating(False)
        window.removeDockWidget(dock)
    for area, groups in layout.items():
        previous = None
        for group in groups:
            first = group[0]
            if previous is None:
                window.addDockWidget(_AREAS[area], first)
            else:
                window.splitDockWidget(previous, first, Qt.Orientation.Vertical)
            for dock in group[1:]:
                window.tabifyDockWidget(first, dock)
            previous = first
    for dock in placed:
        dock.show()
    for groups in layout.values():
        for group in groups:
            group[0].raise_()


def restore_arrangement(window: QMainWindow) -> bool:
    """The last session's window geometry and docks, else a size that fits the screen;
    whether the docks were restored (else they want sizing once the window shows)."""
    settings = QSettings()
    geometry = settings.value(GEOMETRY_KEY)
    if isinstance(geometry, QByteArray | bytes):
        window.restoreGeometry(QByteArray(geometry))
    else:
        screen = window.screen().availableGeometry()
        window.resize(min(1600, int(screen.width() * 0.94)),
                      min(1000, int(screen.height() * 0.94)))
    state = settings.value(STATE_KEY)
    return isinstance(state, QByteArray | bytes) and window.restoreState(
        QByteArray(state), LAYOUT_VERSION)


def save_arrangement(window: QMainWindow) -> None:
    """Keep the window's geometry and docks for the next session."""
    settings = QSettings()
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(STATE_KEY, window.saveState(LAYOUT_VERSION))
