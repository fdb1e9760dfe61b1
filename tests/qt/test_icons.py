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


def mean_rgb(icon_image: QImage) -> tuple[float, float, float]:
    """The mean colour of an icon's opaque pixels."""
    colours = [icon_image.pixelColor(x, y) for y in range(icon_image.height())
               for x in range(icon_image.width()) if icon_image.pixelColor(x, y).alpha() > 200]
    assert colours
    n = len(colours)
    return (sum(c.red() for c in colours) / n, sum(c.green() for c in colours) / n,
            sum(c.blue() for c in colours) / n)


def test_the_window_and_its_tools_show_what_they_stand_for(window: MainWindow,
                                                           catalogue: Catalogue) -> None:
    def same(icon_image: QImage, expected: QImage) -> bool:
        fmt = QImage.Format.Format_ARGB32
        return icon_image.convertToFormat(fmt) == expected.convertToFormat(fmt)

    window_tile = tile_pixmap(catalogue.tile("base-c2/D"), 0, 64).toImage()
    assert same(window.windowIcon().pixmap(QSize(64, 64)).toImage(), window_tile)
    start = next(t for t in catalogue if t.start)
    tool = window.tool_actions["tile"].icon().pixmap(QSize(32, 32)).toImage()
    assert same(tool, tile_pixmap(start, 0, 32).toImage())
    red, _, blue = mean_rgb(window.tool_actions["figure"].icon().pixmap(QSize(24, 24))
                            .toImage())
    assert red > 2 * blue  # a red follower


def test_the_figure_kinds_are_drawn_in_the_current_players_colour(window: MainWindow) -> None:
    combo = window.kind_combo
    assert combo.count() >= 2

    def kinds() -> list[tuple[float, float, float]]:
        return [mean_rgb(combo.itemIcon(i).pixmap(QSize(24, 24)).toImage())
                for i in range(combo.count())]

    window.player_combo.setCurrentIndex(0)  # Alice plays red
    assert all(red > 2 * blue for red, _, blue in kinds())
    window.player_combo.setCurrentIndex(1)  # Bob plays blue
    assert all(blue > 2 * red for red, _, blue in kinds())
