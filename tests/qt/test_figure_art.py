"""Figures and symbols as drawn, checked by their pixels: a farmer lies down, builder, abbot
and pig keep their own outlines, the monastery stands upright in every rotation and in
sight beside its monk, and the goods and the pennant differ by shape, not colour alone."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from editor.model.tilesets import Catalogue
from editor.qt import palette as pal
from editor.qt.art.frame import tile_transform
from editor.qt.art.geometry import geometry
from editor.qt.art.pixmaps import figure_pixmap, symbol_pixmap, tile_pixmap
from editor.qt.document import BoardDocument, FigureSpec, TileSpec
from editor.qt.items import FigureItem, cell_rect
from editor.qt.scene import BoardScene

RED = "#d62828"


def opaque_box(image: QImage, test=lambda c: c.alpha() > 128) -> QRectF:
    """The bounding box of the pixels that pass ``test``."""
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(image.width()):
            if test(image.pixelColor(x, y)):
                xs.append(x)
                ys.append(y)
    assert xs, "nothing drawn"
    return QRectF(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def mask(image: QImage) -> set[tuple[int, int]]:
    return {(x, y) for y in range(image.height()) for x in range(image.width())
            if image.pixelColor(x, y).alpha() > 128}


def overlap(a: set, b: set) -> float:
    """Intersection over union of two silhouettes."""
    return len(a & b) / len(a | b)


def near(colour: QColor, name: str, tolerance: int = 30) -> bool:
    ref = QColor(name)
    return (abs(colour.red() - ref.red()) + abs(colour.green() - ref.green())
            + abs(colour.blue() - ref.blue())) <= tolerance


def test_a_farmer_lies_down_wider_than_tall(qapp) -> None:
    lying = opaque_box(figure_pixmap("follower", RED, 64, lying=True).toImage())
    standing = opaque_box(figure_pixmap("follower", RED, 64).toImage())
    assert lying.width() > 1.25 * lying.height()
    assert standing.height() >= standing.width() * 0.95


def test_a_follower_lies_in_a_field_and_stands_elsewhere(qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/D")
    farmer = FigureItem("follower", RED, tile, 0, 0, 0, tile.segment_index["field-s"])
    knight = FigureItem("follower", RED, tile, 0, 0, 0, tile.segment_index["city"])
    pig = FigureItem("pig", RED, tile, 0, 0, 0, tile.segment_index["field-s"])
    assert (farmer.lying, knight.lying, pig.lying) == (True, False, False)


def test_the_farmer_on_the_board_is_drawn_lying(qapp, catalogue: Catalogue) -> None:
    doc = BoardDocument(catalogue=catalogue)
    doc.place_tile(TileSpec(catalogue.tile("base-c2/E"), 0, 0, 0))
    doc.add_figure(FigureSpec("follower", 0, 0, 0, "field"))
    scene = BoardScene(doc)
    assert scene.figures[(0, 0)][0].lying
    image = QImage(100, 100, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 100, 100), cell_rect(0, 0))
    painter.end()
    colour = doc.player_colour(0)
    box = opaque_box(image, lambda c: near(c, colour, 60))
    assert box.width() > 1.2 * box.height()


def silhouette(kind: str) -> set[tuple[int, int]]:
    return mask(figure_pixmap(kind, RED, 64).toImage())


def test_builder_abbot_pig_and_follower_each_have_their_outline(qapp) -> None:
    kinds = ["follower", "builder", "abbot", "pig"]
    shapes = {k: silhouette(k) for k in kinds}
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            assert overlap(shapes[a], shapes[b]) < 0.8, (a, b)
    farmer = mask(figure_pixmap("follower", RED, 64, lying=True).toImage())
    assert overlap(farmer, shapes["follower"]) < 0.6


def roof_pixels(image: QImage) -> list[tuple[int, int]]:
    return [(x, y) for y in range(image.height()) for x in range(image.width())
            if near(image.pixelColor(x, y), pal.BUILDING_ROOF, 24)]


@pytest.mark.parametrize("ref", ["base-c2/A", "base-c2/B", "river-c2/H"])
@pytest.mark.parametrize("rotation", range(4))
def test_the_monastery_spire_points_up_in_every_rotation(qapp, catalogue: Catalogue,
                                                         ref: str, rotation: int) -> None:
    tile = catalogue.tile(ref)
    monastery = tile.segment_index["monastery"]
    centre = tile_transform(rotation, QRectF(0, 0, 200, 200)).map(
        geometry(tile).anchors[monastery])
    image = tile_pixmap(tile, rotation, 200).toImage()
    roof = roof_pixels(image)
    assert len(roof) > 40
    tip = max(roof, key=lambda p: math.hypot(p[0] - centre.x(), p[1] - centre.y()))
    dx, dy = tip[0] - centre.x(), tip[1] - centre.y()
    assert dy < -20 and abs(dx) < 0.3 * abs(dy), (ref, rotation, tip, centre)


@pytest.mark.parametrize("rotation", range(4))
def test_a_monk_leaves_the_monastery_in_sight(qapp, catalogue: Catalogue,
                                              rotation: int) -> None:
    tile = catalogue.tile("base-c2/B")
    doc = BoardDocument(catalogue=catalogue)
    doc.place_tile(TileSpec(tile, 0, 0, rotation))
    scene = BoardScene(doc)

    def drawn() -> QImage:
        image = QImage(200, 200, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(0, 0, 200, 200), cell_rect(0, 0))
        painter.end()
        return image

    alone = len(roof_pixels(drawn()))
    doc.add_figure(FigureSpec("follower", 0, 0, 0, "monastery"))
    assert scene.figures[(0, 0)]
    assert len(roof_pixels(drawn())) >= 0.75 * alone


SYMBOLS = ["pennant", "wine", "wheat", "cloth", "chicken"]


def test_goods_and_the_pennant_differ_by_shape(qapp) -> None:
    shapes = {name: mask(symbol_pixmap(name, 48).toImage()) for name in SYMBOLS}
    for i, a in enumerate(SYMBOLS):
        for b in SYMBOLS[i + 1:]:
            assert overlap(shapes[a], shapes[b]) < 0.7, (a, b)
    pennant = opaque_box(symbol_pixmap("pennant", 48).toImage())
    cloth = opaque_box(symbol_pixmap("cloth", 48).toImage())
    assert pennant.height() > pennant.width() and cloth.width() > 1.5 * cloth.height()


def test_cloth_and_pennant_differ_in_grey_too(qapp) -> None:
    """Without colour (a colour-blind eye, a grey print) the pennant is mostly dark, the
    cloth mostly light."""
    def dark_share(name: str) -> float:
        image = symbol_pixmap(name, 48).toImage()
        values = [image.pixelColor(x, y).lightness() for y in range(48) for x in range(48)
                  if image.pixelColor(x, y).alpha() > 200]
        return sum(1 for v in values if v < 128) / len(values)

    assert dark_share("pennant") > 0.5 > 0.25 > dark_share("cloth")


@pytest.mark.parametrize("rotation", range(4))
def test_city_symbols_stand_upright(qapp, catalogue: Catalogue, rotation: int) -> None:
    """A pennant's white quarter stays at its top left whatever the tile's rotation."""
    tile = catalogue.tile("base-c2/C")  # four-sided city with a pennant
    (centre, names), = geometry(tile).symbols
    assert names == ["pennant"]
    spot = tile_transform(rotation, QRectF(0, 0, 200, 200)).map(centre)
    image = tile_pixmap(tile, rotation, 200).toImage()
    blue = [(x, y) for y in range(200) for x in range(200)
            if near(image.pixelColor(x, y), pal.PENNANT, 40)
            and abs(x - spot.x()) < 20 and abs(y - spot.y()) < 20]
    white = [(x, y) for y in range(200) for x in range(200)
             if image.pixelColor(x, y).lightness() > 245
             and abs(x - spot.x()) < 12 and abs(y - spot.y()) < 14]
    assert blue and white
    bx = sum(x for x, _ in blue) / len(blue)
    by = sum(y for _, y in blue) / len(blue)
    wx = sum(x for x, _ in white) / len(white)
    wy = sum(y for _, y in white) / len(white)
    assert wx < bx and wy < by
