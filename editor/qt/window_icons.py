"""The main window's icons: its own, the toolbar's line art in the window's palette (painted
again when the palette or the style changes), the tile and figure tools', and the figure
kinds' in the colour of the player placing them."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QComboBox, QWidget

from editor.model.tilesets import Catalogue

from . import icons
from .art.pixmaps import tile_icon, tile_pixmap

#: The tile the window's icon shows (when the catalogue has it).
WINDOW_TILE = "base-c2/D"
#: The events after which the line icons are painted again.
_REPAINT = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
            QEvent.Type.StyleChange)


def window_icon(catalogue: Catalogue) -> QIcon:
    """The window's icon: a tile of the catalogue."""
    if WINDOW_TILE not in catalogue:
        return QIcon()
    return QIcon(tile_pixmap(catalogue.tile(WINDOW_TILE), 0, 64))


class LineIcons(QObject):
    """Paints each action's line icon (:func:`editor.qt.icons.line_icon`) in ``window``'s
    palette, and again whenever the palette or the style changes."""

    def __init__(self, window: QWidget, names: dict[QAction, str]) -> None:
        super().__init__(window)
        self.window = window
        self.names = names
        self.paint()
        window.installEventFilter(self)

    def paint(self) -> None:
        """Draw every icon in the window's palette now."""
        for action, name in self.names.items():
            action.setIcon(icons.line_icon(name, self.window.palette()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() in _REPAINT:
            self.paint()
        return False


def paint_tool_icons(tile_action: QAction, figure_action: QAction,
                     catalogue: Catalogue) -> None:
    """The tile tool shows the catalogue's start tile, the figure tool a follower."""
    start = next((t for t in catalogue if t.start), None)
    if start is not None:
        tile_action.setIcon(tile_icon(start, 32, max(icons.SCALES)))
    figure_action.setIcon(icons.figure_icon("follower", "#d62828"))


def paint_kind_icons(combo: QComboBox, colour: str) -> None:
    """Each figure kind of the combo (its item data) as a figure in ``colour``."""
    for i in range(combo.count()):
        combo.setItemIcon(i, icons.figure_icon(combo.itemData(i), colour))
