"""Icons and thumbnails: drawn at 2× for high-density screens, in the palette's colours
(readable in a dark theme), and catalogue thumbnails that grow with the dock."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication
from qt_support import isolated_settings  # noqa: F401

from editor.model.tilesets import Catalogue
from editor.qt import icons
from editor.qt.art.pixmaps import tile_pixmap
from editor.qt.docks.catalogue import CatalogueWidget, copies_text
from editor.qt.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("isolated_settings")




def ink(image: QImage) -> float:
    """The mean lightness of an icon's opaque pixels."""
    values = [image.pixelColor(x, y).lightness() for y in range(image.height())
              for x in range(image.width()) if image.pixelColor(x, y).alpha() > 200]
    assert values
    return sum(values) / len(values)


def dark_palette() -> QPalette:
    colours = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#202124"),
                         (QPalette.ColorRole.Button, "#2d2e31"),
                         (QPalette.ColorRole.ButtonText, "#eeeeee"),
                         (QPalette.ColorRole.WindowText, "#eeeeee")):
        colours.setColor(role, QColor(colour))
    colours.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText,
                     QColor("#777777"))
    return colours


def test_toolbar_icons_follow_the_palette(window: MainWindow) -> None:
    def undo_ink() -> float:
        return ink(window.undo_action.icon().pixmap(QSize(32, 32)).toImage())

    light = undo_ink()
    assert light < 110  # dark lines on a light theme
    before = QApplication.palette()
    try:
        QApplication.setPalette(dark_palette())
        QApplication.processEvents()
        assert undo_ink() > 180  # light lines on a dark theme
    finally:
        QApplication.setPalette(before)
    QApplication.processEvents()
    assert undo_ink() < 110


def test_icons_have_real_2x_pixels(qapp, catalogue: Catalogue) -> None:
    icon = icons.line_icon("zoom-in", QApplication.palette())
    double = icon.pixmap(QSize(32, 32), 2.0)
    assert double.devicePixelRatio() == 2.0 and double.width() == 64
    single = icon.pixmap(QSize(32, 32), 1.0).toImage()
    enlarged = single.scaled(64, 64, Qt.AspectRatioMode.IgnoreAspectRatio,
                             Qt.TransformationMode.FastTransformation)
    assert double.toImage().convertToFormat(enlarged.format()) != enlarged
    tile = tile_pixmap(catalogue.tile("base-c2/D"), 0, 48, 2.0)
    assert (tile.width(), tile.devicePixelRatio()) == (96, 2.0)
    figure = icons.figure_icon("follower").pixmap(QSize(24, 24), 2.0)
    assert figure.width() == 48


def test_catalogue_thumbnails_grow_with_the_dock(qtbot, catalogue: Catalogue) -> None:
    widget = CatalogueWidget(catalogue)
    qtbot.addWidget(widget)
    widget.resize(240, 600)
    widget.show()
    qtbot.waitExposed(widget)
    narrow = widget.view.iconSize().width()
    widget.resize(420, 600)
    qtbot.waitUntil(lambda: widget.view.iconSize().width() > narrow)
    wide = widget.view.iconSize().width()
    assert wide >= 96
    first = widget.proxy.index(0, 0)
    pixmap = first.data(Qt.ItemDataRole.DecorationRole).pixmap(QSize(wide, wide))
    assert pixmap.width() >= wide  # drawn at the new size, not an enlarged 64 px picture
    assert widget.view.gridSize().width() >= wide


def test_the_list_says_what_the_counts_mean(window: MainWindow) -> None:
    widget = window.catalogue_dock.catalogue
    tile = window.catalogue.tile("base-c2/D")
    row = widget.model.tiles.index(tile)
    assert widget.model.index(row).data() == "D\n2 of 4 left"
    assert copies_text(-1, 4) == "1 too many (box 4)"
