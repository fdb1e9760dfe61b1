"""Puzzle overlays on a board scene, and the puzzle tools of a main window.

:class:`PuzzleOverlay` draws, over whatever scene it is given: the solver's best moves as
ghost tiles with their rank and figure (or every move of one line, numbered), the dead cells
(no tile left in the bag fits), and the cells where a tile fits; :meth:`PuzzleOverlay.reveal`
scrolls the ghosts into view.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.i18n import _
from editor.model.board import Cell
from editor.model.tiles import Tile
from editor.puzzles import Ranked
from editor.rules.moves import PLACE

from . import palette as pal
from .art.figures import lies_down, paint_figure
from .art.geometry import figure_anchor
from .items import CELL, FIGURE_SIZE, Z_GHOST, Z_MARKER, CellMarkerItem, GhostTileItem

DEAD = "#7a1f1f"
_LOCAL = QRectF(0, 0, CELL, CELL)


class RankedGhostItem(GhostTileItem):
    """A ghost tile for a ranked move: the figure it places and a badge with its rank
    (``rank.step`` for the later moves of a line: ``1.2`` is the second move of rank 1)."""

    def __init__(self, tile: Tile, rotation: int, x: int, y: int, rank: int,
                 figure: tuple[str, str, int] | None = None, tip: str = "",
                 step: int = 0) -> None:
        super().__init__(tile, rotation, x, y, True)
        self.turns = rotation % 4
        self.rank = rank
        #: 0 for the first move of the line, 1 for the next, …
        self.step = step
        #: (kind, colour, segment index) of the figure the move places
        self.figure = figure
        self.setZValue(Z_GHOST - 0.01 * rank - 0.001 * step)
        self.setToolTip(tip)

    @property
    def label(self) -> str:
        """What the badge says."""
        return str(self.rank) if not self.step else f"{self.rank}.{self.step + 1}"

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
        if self.figure is not None:
            kind, colour, index = self.figure
            paint_figure(painter, kind, colour,
                         figure_anchor(self.tile, self.turns, index, _LOCAL),
                         FIGURE_SIZE * 0.86,
                         lies_down(kind, self.tile.segments[index].kind))
        painter.setPen(QPen(pal.colour("#ffffff"), 2))
        painter.setBrush(pal.colour(pal.LEGAL if self.rank == 1 else pal.ARROW))
        label = self.label
        badge = QRectF(4, 4, max(28.0, 10.0 * len(label) + 8), 28)
        painter.drawRoundedRect(badge, 14, 14)
        font = QFont()
        font.setPixelSize(16)
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), label)


class DeadCellItem(QGraphicsItem):
    """An empty cell where no tile left in the bag fits: hatched, crossed out."""

    def __init__(self, x: int, y: int) -> None:
        super().__init__()
        self.cell: Cell = (x, y)
        self.setPos(x * CELL, y * CELL)
        self.setZValue(Z_MARKER)
        self.setToolTip(_("({x}, {y}): no tile left in the bag fits here").format(x=x, y=y))

    def boundingRect(self) -> QRectF:
        return _LOCAL

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        inner = _LOCAL.adjusted(6, 6, -6, -6)
        painter.setPen(QPen(pal.colour(DEAD), 3))
        painter.setBrush(pal.colour(DEAD, 40))
        painter.drawRect(inner)
        painter.setBrush(Qt.BrushStyle.BDiagPattern)
        painter.drawRect(inner)
        cross = QPen(pal.colour(DEAD), 6)
        cross.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(cross)
        painter.drawLine(QPointF(30, 30), QPointF(70, 70))
        painter.drawLine(QPointF(70, 30), QPointF(30, 70))


class PuzzleOverlay:
    """The puzzle items over one scene; :meth:`set_scene` moves them to another."""

    def __init__(self, scene: QGraphicsScene | None = None) -> None:
        self.scene = scene
        self.ghosts: list[RankedGhostItem] = []
        self.dead: list[DeadCellItem] = []
        self.fits: list[CellMarkerItem] = []

    def set_scene(self, scene: QGraphicsScene | None) -> None:
        """Draw on ``scene`` from now on (the items on the old one are dropped)."""
        if scene is not self.scene:
            self.clear()
            self.scene = scene

    def _replace(self, old: list[Any], new: list[Any]) -> None:
        for item in old:
            if item.scene() is not None:
                item.scene().removeItem(item)
        old[:] = new
        if self.scene is not None:
            for item in new:
                self.scene.addItem(item)

    def show_moves(self, ranked: Iterable[Ranked], colours: list[str],
                   lines: bool = False) -> None:
        """Ghost tiles for ``ranked`` moves, the best one on each cell: their first moves, or
        with ``lines`` every move of their lines, numbered."""
        items: dict[Cell, RankedGhostItem] = {}
        for r in ranked:
            steps = r.line if lines and r.line else (r.move,)
            for step, move in enumerate(steps):
                cell = (move.x, move.y)
                if cell in items:
                    continue
                figure = None
                action = move.figure
                if action is not None and action.action == PLACE:
                    colour = colours[move.player] if move.player < len(colours) else "#808080"
                    figure = (action.kind, colour, move.tile.segment_index[action.segment])
                which = _("move {step} of {n} of #{rank}").format(
                    step=step + 1, n=len(steps), rank=r.rank) if len(steps) > 1 else f"#{r.rank}"
                items[cell] = RankedGhostItem(move.tile, move.rotation, *cell, r.rank, figure,
                                              f"{which}: {move} — {r.outcome.describe()}",
                                              step)
        self._replace(self.ghosts, list(items.values()))

    def reveal(self) -> None:
        """Scroll every view of the scene so that the ghost tiles are in sight."""
        if self.scene is None or not self.ghosts:
            return
        rect = QRectF()
        for item in self.ghosts:
            rect = rect.united(item.sceneBoundingRect())
        for view in self.scene.views():
            view.ensureVisible(rect, int(CELL / 2), int(CELL / 2))

    def show_dead(self, cells: Iterable[Cell]) -> None:
        """Mark dead cells (an empty list clears them)."""
        self._replace(self.dead, [DeadCellItem(*c) for c in cells])

    def show_fits(self, found: Iterable[tuple[Cell, list[int]]]) -> None:
        """Mark the cells where a tile fits, ticking its rotations."""
        self._replace(self.fits, [CellMarkerItem(*cell, rotations) for cell, rotations in found])

    def clear(self) -> None:
        """Remove every puzzle item."""
        for items in (self.ghosts, self.dead, self.fits):
            self._replace(items, [])
