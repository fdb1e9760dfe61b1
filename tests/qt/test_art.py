"""Tile art: geometry helpers, hit-testing, anchors, drawing and the pixmap cache."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue
from editor.qt import palette as pal
from editor.qt.art.figures import figure_shape, paint_figure
from editor.qt.art.geometry import figure_anchor, segment_at, segment_path
from editor.qt.art.images import register_tile_set
from editor.qt.art.pixmaps import tile_pixmap
from editor.qt.art.tiles import paint_tile

RECT = QRectF(0, 0, 100, 100)


def turned(point: tuple[float, float], rotation: int) -> QPointF:
    """A point of the unrotated tile where it lands after ``rotation`` quarter turns."""
    x, y = point
    for _ in range(rotation % 4):
        x, y = 100 - y, x
    return QPointF(x, y)


def close(a: QColor, b: QColor, tolerance: int = 24) -> bool:
    return all(abs(p - q) <= tolerance for p, q in
               ((a.red(), b.red()), (a.green(), b.green()), (a.blue(), b.blue())))


def index(tile: Tile, segment: str) -> int:
    return tile.segment_index[segment]


# Points of the unrotated tile, and the segment each one must hit.
HITS = {
    "base-c2/A": [((50, 50), "monastery"), ((50, 90), "road"), ((10, 10), "field"),
                  ((80, 85), "field")],
    "base-c2/D": [((50, 8), "city"), ((50, 50), "road"), ((10, 35), "field-n"),
                  ((50, 85), "field-s")],
    "base-c2/H": [((50, 5), "city-n"), ((50, 95), "city-s"), ((50, 50), "field")],
    "base-c2/Eg": [((50, 5), "city"), ((90, 90), "field")],
    "base-c2/X": [((50, 10), "road-n"), ((90, 50), "road-e"), ((50, 90), "road-s"),
                  ((10, 50), "road-w"), ((85, 15), "field-ne"), ((15, 85), "field-sw")],
    "river-c2/K": [((50, 10), "river"), ((10, 50), "road"), ((50, 50), "road"),
                   ((15, 15), "field-nw"), ((85, 85), "field-se")],
    "river-c2/A": [((95, 50), "river"), ((10, 10), "field")],
    "traders-builders-c2/M": [((10, 10), "city-nw"), ((95, 50), "city-e"),
                              ((50, 95), "city-s"), ((63, 63), "field")],
}


@pytest.mark.parametrize("rotation", range(4))
@pytest.mark.parametrize("ref", sorted(HITS))
def test_segment_at_hits_each_kind_in_every_rotation(qapp, catalogue: Catalogue, ref: str,
                                                     rotation: int) -> None:
    tile = catalogue.tile(ref)
    for point, segment in HITS[ref]:
        hit = segment_at(tile, rotation, RECT, turned(point, rotation))
        assert hit == index(tile, segment), (ref, rotation, point, segment)


def test_a_garden_wins_over_the_field_under_it(qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/Ug")
    garden = index(tile, "garden")
    for rotation in range(4):
        centre = figure_anchor(tile, rotation, garden, RECT)
        assert segment_at(tile, rotation, RECT, centre) == garden


def test_segment_at_scales_with_the_rect_and_misses_outside(qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/D")
    rect = QRectF(300, -200, 50, 50)
    assert segment_at(tile, 0, rect, QPointF(325, -196)) == index(tile, "city")
    assert segment_at(tile, 1, rect, QPointF(346, -175)) == index(tile, "city")
    assert segment_at(tile, 0, rect, QPointF(10, 10)) is None


def test_every_anchor_of_every_built_in_tile_stands_on_its_own_segment(
        qapp, catalogue: Catalogue) -> None:
    for tile_set in catalogue.sets:
        for tile in tile_set.tiles:
            for i, seg in enumerate(tile.segments):
                for rotation in (0, 3):
                    anchor = figure_anchor(tile, rotation, i, RECT)
                    assert RECT.contains(anchor)
                    assert segment_at(tile, rotation, RECT, anchor) == i, (tile, seg.id)


def test_every_segment_has_an_area_and_fields_share_the_land(qapp, catalogue: Catalogue
                                                             ) -> None:
    for tile_set in catalogue.sets:
        for tile in tile_set.tiles:
            for i, seg in enumerate(tile.segments):
                assert not segment_path(tile, 0, i, RECT).isEmpty(), (tile, seg.id)


#: The colours a segment of each kind shows at its figure anchor.
KIND_COLOURS = {"city": (pal.CITY, pal.CITY_SHADE), "road": (pal.ROAD,), "field": (pal.FIELD,),
                "river": (pal.RIVER, pal.RIVER_LIGHT),
                "garden": (pal.GARDEN_LAWN, pal.GARDEN_HEDGE, *pal.FLOWERS)}


def test_every_built_in_tile_draws_in_every_rotation(qapp, catalogue: Catalogue) -> None:
    """Each tile covers its square, each segment shows its kind's colour where a figure would
    stand on it, and a monastery's building is drawn (its wall colour shows)."""
    size = 100
    wall = pal.colour(pal.BUILDING_WALL)
    for tile_set in catalogue.sets:
        for tile in tile_set.tiles:
            for rotation in range(4):
                image = QImage(size, size, QImage.Format.Format_ARGB32)
                image.fill(QColor(0, 0, 0, 0))
                painter = QPainter(image)
                paint_tile(painter, tile, rotation, RECT)
                painter.end()
                where = (tile.ref, rotation)
                assert all(image.pixelColor(x, y).alpha() == 255
                           for x in range(0, size, 3) for y in range(0, size, 3)), where
                for i, seg in enumerate(tile.segments):
                    if seg.kind == "monastery":
                        walls = sum(close(image.pixelColor(x, y), wall, 8)
                                    for x in range(0, size, 2) for y in range(0, size, 2))
                        assert walls > 20, (*where, seg.id)
                        continue
                    anchor = figure_anchor(tile, rotation, i, RECT)
                    colour = pixel(image, anchor)
                    assert any(close(colour, pal.colour(c)) for c in KIND_COLOURS[seg.kind]), (
                        *where, seg.id, colour.name())


def test_segment_path_turns_with_the_tile(qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/E")
    city = index(tile, "city")
    assert segment_path(tile, 0, city, RECT).boundingRect().bottom() < 50
    assert segment_path(tile, 1, city, RECT).boundingRect().left() > 50
    assert segment_path(tile, 2, city, RECT).boundingRect().top() > 50
    assert segment_path(tile, 3, city, RECT).boundingRect().right() < 50


def test_a_set_anchor_is_honoured(qapp) -> None:
    from editor.model.tiles import Segment

    tile = Tile("T", "custom", (
        Segment("field", "field", tuple(range(12)), anchor=(0.2, 0.7)),))
    assert figure_anchor(tile, 0, 0, RECT) == QPointF(20, 70)
    assert figure_anchor(tile, 1, 0, RECT) == QPointF(30, 20)


def pixel(pixmap_image: QImage, point: QPointF) -> QColor:
    return pixmap_image.pixelColor(int(point.x()), int(point.y()))


def test_the_art_shows_each_kind_in_its_colour(qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/D")
    image = tile_pixmap(tile, 1, 100).toImage()
    city = figure_anchor(tile, 1, index(tile, "city"), RECT)
    road = figure_anchor(tile, 1, index(tile, "road"), RECT)
    field = figure_anchor(tile, 1, index(tile, "field-s"), RECT)
    assert close(pixel(image, city), pal.colour(pal.CITY))
    assert close(pixel(image, road), pal.colour(pal.ROAD))
    assert close(pixel(image, field), pal.colour(pal.FIELD))
    river_tile = catalogue.tile("river-c2/D")
    river = figure_anchor(river_tile, 0, index(river_tile, "river"), RECT)
    image = tile_pixmap(river_tile, 0, 100).toImage()
    assert close(pixel(image, river + QPointF(0, 4)), pal.colour(pal.RIVER))
    monastery_tile = catalogue.tile("base-c2/B")
    image = tile_pixmap(monastery_tile, 0, 100).toImage()
    assert not close(pixel(image, QPointF(50, 50)), pal.colour(pal.FIELD))


def test_distinct_rotations_draw_differently(qapp, catalogue: Catalogue) -> None:
    for ref in ("base-c2/D", "base-c2/V", "river-c2/I"):
        tile = catalogue.tile(ref)
        images = [tile_pixmap(tile, r, 64).toImage() for r in range(4)]
        assert len({bytes(i.constBits()) for i in images}) == 4, ref


def test_symmetric_turns_draw_alike(qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/U")
    a, b = (tile_pixmap(tile, r, 64).toImage() for r in (0, 2))
    differing = sum(a.pixel(x, y) != b.pixel(x, y) for x in range(64) for y in range(64))
    assert differing < 64 * 64 * 0.03


def test_pixmaps_are_cached_per_tile_rotation_and_size(qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/J")
    first = tile_pixmap(tile, 2, 48)
    assert tile_pixmap(tile, 2, 48).cacheKey() == first.cacheKey()
    assert tile_pixmap(tile, 3, 48).cacheKey() != first.cacheKey()
    assert tile_pixmap(tile, 2, 64).size().width() == 64


def test_a_tile_image_is_drawn_instead_of_the_segments(qapp, tmp_path) -> None:
    from editor.model.tiles import Segment
    from editor.model.tilesets import TileSet

    picture = QImage(8, 8, QImage.Format.Format_ARGB32)
    picture.fill(QColor("#ff00ff"))
    assert picture.save(str(tmp_path / "magenta.png"))
    tile = Tile("P", "pictures", (Segment("field", "field", tuple(range(12))),),
                image="magenta.png")
    register_tile_set(TileSet("pictures", "Pictures", "custom", "C2", (tile,),
                              source=str(tmp_path / "pictures.json")))
    image = tile_pixmap(tile, 0, 40).toImage()
    assert close(image.pixelColor(20, 20), QColor("#ff00ff"))
    missing = Tile("Q", "pictures", tile.segments, image="nowhere.png")
    image = tile_pixmap(missing, 0, 40).toImage()
    assert close(image.pixelColor(20, 20), pal.colour(pal.FIELD))


@pytest.mark.parametrize("kind", ["follower", "abbot", "builder", "pig", "wagon"])
def test_figures_fill_their_colour_inside_a_dark_outline(qapp, kind: str) -> None:
    image = QImage(60, 60, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_figure(painter, kind, "#1d4ed8", QPointF(30, 30), 40)
    painter.end()
    colours = {image.pixel(x, y) for x in range(60) for y in range(60)}
    assert QColor("#1d4ed8").rgb() in colours
    assert any(QColor(c).lightness() < 40 for c in colours)


def test_builder_stands_taller_than_a_follower(qapp) -> None:
    follower = figure_shape("follower").boundingRect()
    builder = figure_shape("builder").boundingRect()
    assert builder.height() > follower.height() * 1.15
