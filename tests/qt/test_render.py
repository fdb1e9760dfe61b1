"""Headless export and the board items: colours at known spots, SVG shapes, atomic writes."""

from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem

from editor.formats.boards import position_from_dict
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.qt import palette as pal
from editor.qt import render
from editor.qt.art.geometry import figure_anchor
from editor.qt.art.pixmaps import tile_pixmap
from editor.qt.items import (
    CELL,
    ArrowItem,
    CellMarkerItem,
    FeatureWashItem,
    FigureItem,
    GhostTileItem,
    GridItem,
    HighlightItem,
    NoteItem,
    TileItem,
    cell_rect,
    feature_path,
)
from editor.workspace import open_position

SAMPLE = Path(__file__).parents[2] / "samples" / "first-steps.board.json"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def sample() -> Position:
    position, findings = open_position(SAMPLE)
    assert position is not None and not findings
    return position


def close(a: QColor, b: QColor, tolerance: int = 26) -> bool:
    return all(abs(p - q) <= tolerance for p, q in
               ((a.red(), b.red()), (a.green(), b.green()), (a.blue(), b.blue())))


def at(image: QImage, scene: QGraphicsScene, point: QPointF, scale: float = 1.0) -> QColor:
    """The image pixel showing a scene point."""
    p = (point - scene.sceneRect().topLeft()) * scale
    return image.pixelColor(int(p.x()), int(p.y()))


def anchor(position: Position, x: int, y: int, segment: str) -> QPointF:
    placed = position.board.at(x, y)
    assert placed is not None
    return figure_anchor(placed.tile, placed.rotation, placed.tile.segment_index[segment],
                         cell_rect(x, y))


def test_the_sample_shows_cities_roads_fields_and_figures_in_their_colours(
        qapp, sample: Position) -> None:
    scene = render.build_scene(sample, annotations=False)
    image = render.render_image(sample, annotations=False, scale=2.0)
    assert image.width() == round(scene.sceneRect().width() * 2)
    assert close(at(image, scene, anchor(sample, -1, -1, "city"), 2), pal.colour(pal.CITY))
    assert close(at(image, scene, anchor(sample, 0, 1, "road"), 2), pal.colour(pal.ROAD))
    assert close(at(image, scene, anchor(sample, 0, 1, "field-s"), 2), pal.colour(pal.FIELD))
    bob = QColor(sample.board.players[1].colour)
    assert close(at(image, scene, anchor(sample, -1, -2, "city"), 2), bob)
    alice = QColor(sample.board.players[0].colour)
    assert close(at(image, scene, anchor(sample, 1, 3, "city"), 2), alice)


def test_annotations_are_drawn_only_when_asked(qapp, sample: Position) -> None:
    spot = cell_rect(0, 0).center() + QPointF(0, 30)
    plain = render.build_scene(sample, annotations=False)
    marked = render.build_scene(sample)
    assert not any(isinstance(i, NoteItem | ArrowItem | HighlightItem) for i in plain.items())
    assert sum(isinstance(i, NoteItem) for i in marked.items()) == 1
    assert sum(isinstance(i, ArrowItem) for i in marked.items()) == 1
    with_notes = render.render_image(sample)
    without = render.render_image(sample, annotations=False)
    highlight = pal.colour(sample.annotations.highlights[0].colour)
    assert not close(at(without, plain, spot), at(with_notes, marked, spot), 8)
    tinted = at(with_notes, marked, spot)
    assert abs(tinted.red() - highlight.red()) < abs(at(without, plain, spot).red()
                                                     - highlight.red())


def test_a_river_board_shows_water(qapp, catalogue: Catalogue) -> None:
    position, findings = position_from_dict({
        "format": 1, "players": [],
        "tiles": [{"tile": "river-c2/D", "x": 0, "y": 0, "rotation": 90},
                  {"tile": "river-c2/G", "x": 0, "y": 1, "rotation": 0}]}, catalogue)
    assert not findings
    scene = render.build_scene(position)
    image = render.render_image(position)
    river = anchor(position, 0, 0, "river") + QPointF(4, 0)
    assert close(at(image, scene, river), pal.colour(pal.RIVER))


def test_the_title_sits_above_the_board(qapp, sample: Position) -> None:
    scene = render.build_scene(sample)
    texts = [i for i in scene.items()
             if isinstance(i, QGraphicsSimpleTextItem) and i.text() == sample.title]
    assert texts
    top = min(y for _, y in sample.board.cells) * CELL
    assert texts[0].sceneBoundingRect().bottom() < top


def test_svg_is_well_formed_and_made_of_shapes(qapp, sample: Position, tmp_path) -> None:
    out = tmp_path / "sample.svg"
    render.render_svg(sample, out)
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG}svg"
    shapes = [e for e in root.iter() if e.tag in {f"{SVG}{k}" for k in
                                                  ("path", "rect", "circle", "ellipse",
                                                   "polygon", "polyline")}]
    assert len(shapes) > 50
    assert not list(root.iter(f"{SVG}image")), "tiles and notes are vectors, not pictures"
    assert sample.title in ET.tostring(root, encoding="unicode")


def test_png_is_written_atomically_and_keeps_nothing_on_failure(qapp, sample: Position,
                                                                tmp_path) -> None:
    out = tmp_path / "board.png"
    out.write_bytes(b"old")
    render.render_png(sample, out, scale=0.5)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = QImage(str(out))
    assert image.width() == math.ceil(render.build_scene(sample).sceneRect().width() * 0.5)
    with pytest.raises(OSError):
        render.render_png(sample, tmp_path / "missing" / "board.png")
    with pytest.raises(ValueError, match="too large"):
        render.render_png(sample, out, scale=500)
    assert sorted(os.listdir(tmp_path)) == ["board.png"]


# -- items -----------------------------------------------------------------------------------


def test_tile_item_hit_tests_and_the_wash_highlights_in_scene_coordinates(
        qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/D")
    item = TileItem(tile, 1, 2, -1)
    assert item.sceneBoundingRect() == cell_rect(2, -1)
    city = tile.segment_index["city"]
    assert item.segment_at(QPointF(2 * CELL + 95, -CELL + 50)) == city
    assert item.segment_at(QPointF(2 * CELL + 50, -CELL + 50)) == tile.segment_index["road"]
    assert item.segment_path(city).boundingRect().left() > 2 * CELL + 50
    wash = FeatureWashItem([((2, -1), tile, 1, {city})])
    assert wash.boundingRect() == cell_rect(2, -1)
    plain = tile_pixmap(tile, 1, 100).toImage()
    for washed in (False, True):
        image = QImage(100, 100, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        scene = QGraphicsScene()
        scene.addItem(TileItem(tile, 1, 2, -1))
        if washed:
            scene.addItem(FeatureWashItem([((2, -1), tile, 1, {city})]))
        scene.render(painter, QRectF(0, 0, 100, 100), cell_rect(2, -1))
        painter.end()
        # the city (east) is washed, the road in the middle is not
        assert (image.pixelColor(90, 50) != plain.pixelColor(90, 50)) == washed
        assert image.pixelColor(50, 50) == plain.pixelColor(50, 50)


def test_figure_items_stand_on_their_anchor_and_share_a_segment_side_by_side(
        qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/U")
    field = tile.segment_index["field-s"]
    first = FigureItem("follower", "#d62828", tile, 0, 1, 1, field)
    second = FigureItem("pig", "#d62828", tile, 0, 1, 1, field, slot=1)
    assert first.pos() == figure_anchor(tile, 0, field, cell_rect(1, 1))
    assert second.pos() != first.pos()
    assert first.sceneBoundingRect().contains(first.pos())


def test_the_other_items_have_exact_bounds(qapp, catalogue: Catalogue) -> None:
    tile = catalogue.tile("base-c2/E")
    ghost = GhostTileItem(tile, 0, 3, 4, legal=False)
    assert ghost.sceneBoundingRect() == cell_rect(3, 4)
    ghost.setPlacement(tile, 1, -1, 0, legal=True)
    assert ghost.sceneBoundingRect() == cell_rect(-1, 0) and ghost.legal
    marker = CellMarkerItem(0, 2, [0, 2, 6])
    assert marker.rotations == (0, 2) and marker.sceneBoundingRect() == cell_rect(0, 2)
    grid = GridItem(QRectF(-500, -500, 1000, 1000))
    assert grid.boundingRect() == QRectF(-500, -500, 1000, 1000)
    note = NoteItem(1, 1, "a rather long note that has to wrap over several lines")
    assert note.boundingRect().width() <= NoteItem.WIDTH + 10
    assert note.boundingRect().height() > 40
    arrow = ArrowItem((0, 0), (2, 0), "east")
    assert arrow.sceneBoundingRect().contains(cell_rect(1, 0).center())
    cells = HighlightItem("#ffd166", [(0, 0), (1, 0)])
    assert cells.sceneBoundingRect().contains(QRectF(5, 5, 190, 90))


def test_a_feature_highlight_covers_the_whole_city(qapp, sample: Position) -> None:
    board = sample.board
    placed = board.at(1, -3)
    assert placed is not None
    path = feature_path(board, placed.node("city-s"))
    for x, y, segment in ((1, -3, "city-s"), (1, -2, "city"), (1, -1, "city"), (2, -1, "city-s")):
        assert path.contains(anchor(sample, x, y, segment))
    assert not path.contains(anchor(sample, 1, -3, "city-n"))
    assert not path.contains(anchor(sample, 0, 1, "road"))


def test_the_grid_paints_only_what_is_exposed(qapp) -> None:
    scene = QGraphicsScene()
    grid = GridItem(QRectF(-10_000, -10_000, 20_000, 20_000))
    scene.addItem(grid)
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 200, 200), QRectF(0, 0, 200, 200))
    painter.end()
    assert image.pixelColor(100, 50) != QColor("white")
    assert image.pixelColor(50, 50) == QColor("white")
