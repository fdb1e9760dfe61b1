"""Headless export: a position drawn to PNG or SVG without any window."""

from __future__ import annotations

import math
import os
import re
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize
from PySide6.QtGui import QFont, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication, QGraphicsScene

from editor.formats.atomic import write_atomic
from editor.i18n import _
from editor.model.position import Annotations, Position
from editor.workspace import catalogue as load_catalogue

from . import palette as pal
from .art.images import use_catalogue
from .items import (
    CELL,
    TileItem,
    annotation_items,
    cell_rect,
    figure_items,
)

#: Largest PNG written, in pixels (a 4-byte pixel each while drawing).
MAX_PIXELS = 100_000_000
MAX_SIDE = 32_000
#: Smallest scale a PNG is drawn at when none is given: 5 pixels per tile.
MIN_SCALE = 0.05
#: Widest and tallest drawing, in cells: tiles this far apart are an error in the file.
MAX_CELLS = 10_000
MARGIN = 40.0
#: Room the title and the players' line take above the board.
_HEADER = 120.0

_app: QCoreApplication | None = None


def ensure_app() -> QCoreApplication:
    """The running Qt application, or a new (offscreen when there is no display) one."""
    global _app
    app = QCoreApplication.instance()
    if app is None:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = _app = QApplication([])
    return app


def build_scene(position: Position, *, annotations: bool = True) -> QGraphicsScene:
    """A scene with the tiles, the figures in their players' colours, the annotations and the
    title above the board. Items are not indexed: the scene is for export. Tile images are
    found through the catalogue the position was read with (the built-in and plugin sets)."""
    ensure_app()
    use_catalogue(load_catalogue())
    scene = QGraphicsScene()
    scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
    scene.setBackgroundBrush(pal.colour(pal.BACKGROUND))
    board = position.board
    for placed in board:
        scene.addItem(TileItem(placed.tile, placed.rotation, placed.x, placed.y))
    players = board.players

    def colour(owner: int) -> str:
        return players[owner].colour if 0 <= owner < len(players) else "#888888"

    for standing in figure_items(board, board.cells, colour).values():
        for figure_item, _where in standing:
            scene.addItem(figure_item)
    if annotations:
        for item in annotation_items(board, _shown(position.annotations)):
            scene.addItem(item)
    _add_header(scene, position)
    for item in scene.items():
        item.setCacheMode(item.CacheMode.NoCache)
    bounds = scene.itemsBoundingRect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
    scene.setSceneRect(QRectF(bounds.toAlignedRect()))
    return scene


#: Characters drawn as nothing: controls (but tab and newline) and non-characters.
_UNSHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")


def shown(text: str) -> str:
    """Text as an export draws it: without control characters, which would be drawn as
    boxes (and which XML cannot hold)."""
    return _UNSHOWN.sub("", text)


def _shown(notes: Annotations) -> Annotations:
    """The annotations with their texts as :func:`shown`."""
    return Annotations(
        notes=[replace(n, text=shown(n.text)) for n in notes.notes],
        arrows=[replace(a, text=shown(a.text)) for a in notes.arrows],
        highlights=notes.highlights)


def _board_rect(position: Position) -> QRectF:
    cells = position.board.cells
    if not cells:
        return cell_rect(0, 0)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return QRectF(min(xs) * CELL, min(ys) * CELL, (max(xs) - min(xs) + 1) * CELL,
                  (max(ys) - min(ys) + 1) * CELL)


def _add_header(scene: QGraphicsScene, position: Position) -> None:
    """The title, and each player's colour, name and score, above the board."""
    rect = _board_rect(position)
    players = position.board.players
    line_y = rect.top() - 30
    if players:
        x = rect.left()
        font = QFont()
        font.setPixelSize(20)
        for player in players:
            swatch = scene.addEllipse(QRectF(x, line_y - 8, 16, 16))
            swatch.setBrush(pal.colour(player.colour))
            swatch.setPen(pal.outline_for(pal.colour(player.colour)))
            text = scene.addSimpleText(f"{shown(player.name)}  {player.score}", font)
            text.setBrush(pal.colour(pal.TEXT))
            text.setPos(x + 22, line_y - text.boundingRect().height() / 2)
            x += 22 + text.boundingRect().width() + 28
        line_y -= 36
    if position.title:
        font = QFont()
        font.setPixelSize(34)
        font.setBold(True)
        title = scene.addSimpleText(shown(position.title), font)
        title.setBrush(pal.colour(pal.TEXT))
        title.setPos(QPointF(rect.left(), line_y - title.boundingRect().height() / 2 - 4))


class RenderError(ValueError):
    """The position cannot be drawn as asked (too spread out, or too large at this scale);
    the message says why and what to do."""


def _span(position: Position, annotations: bool) -> tuple[int, int, int, int] | None:
    """The smallest and largest cell x and y of what is drawn (tiles, then annotations),
    from the model: no coordinate has to fit Qt's numbers yet."""
    cells = list(position.board.cells)
    if annotations:
        notes = position.annotations
        cells += [(n.x, n.y) for n in notes.notes]
        cells += [c for a in notes.arrows for c in (a.start, a.end)]
        cells += [c for h in notes.highlights for c in h.cells]
    if not cells:
        return None
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return min(xs), max(xs), min(ys), max(ys)


def check_extent(position: Position, *, annotations: bool = True) -> None:
    """Raise :class:`RenderError` when the tiles (and annotations) lie too far apart to be
    drawn: more than :data:`MAX_CELLS` cells from one side to the other."""
    span = _span(position, annotations)
    if span is None:
        return
    x0, x1, y0, y1 = span
    width, height = x1 - x0 + 1, y1 - y0 + 1
    if width <= MAX_CELLS and height <= MAX_CELLS:
        return
    tiles_only = _span(position, False)
    if not annotations or tiles_only == span:
        message = _("the tiles lie too far apart to draw: {width} × {height} cells (x from "
                    "{x0} to {x1}, y from {y0} to {y1}); at most {most} cells either way. "
                    "Move the outlying tiles closer together.")
    else:
        message = _("the tiles and annotations lie too far apart to draw: {width} × {height} "
                    "cells (x from {x0} to {x1}, y from {y0} to {y1}); at most {most} cells "
                    "either way. Move the outlying tiles and annotations closer together, or "
                    "leave the annotations out.")
    raise RenderError(message.format(width=_n(width), height=_n(height), x0=_n(x0),
                                     x1=_n(x1), y0=_n(y0), y1=_n(y1), most=f"{MAX_CELLS:,}"))


def _n(value: int) -> str:
    """A coordinate for people: ``1,000,000``, or ``1e+30`` when it is that large."""
    return f"{value:,}" if abs(value) < 10**12 else f"{value:.3g}"


def fit_scale(scene: QGraphicsScene) -> float:
    """The largest scale at which the scene fits :data:`MAX_SIDE` and :data:`MAX_PIXELS`."""
    rect = scene.sceneRect()
    w, h = max(rect.width(), 1.0), max(rect.height(), 1.0)
    # a pixel less a side: the image's size is rounded up
    return min((MAX_SIDE - 1) / w, (MAX_SIDE - 1) / h,
               math.sqrt(max(MAX_PIXELS - w - h - 1, 1.0) / (w * h)))


def _image_size(scene: QGraphicsScene, scale: float | None) -> QSize:
    """The PNG's size: at ``scale``, or (None) at 1 reduced to fit the limits."""
    if scale is not None and not (scale > 0 and math.isfinite(scale)):
        raise RenderError(_("scale must be a positive number, not {scale}").format(
            scale=scale))
    fit = fit_scale(scene)
    if fit < MIN_SCALE:
        rect = scene.sceneRect()
        raise RenderError(_(
            "the drawing is too large for a PNG: {width} × {height} tiles would get less than "
            "{pixels} pixels each. Export an SVG, or move the outlying tiles and notes closer"
        ).format(width=f"{rect.width() / CELL:,.0f}", height=f"{rect.height() / CELL:,.0f}",
                 pixels=f"{MIN_SCALE * CELL:.0f}"))
    if scale is None:
        scale = min(1.0, fit)
    rect = scene.sceneRect()
    w, h = max(1, math.ceil(rect.width() * scale)), max(1, math.ceil(rect.height() * scale))
    if w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS:
        raise RenderError(_("a {width} × {height} image is too large (at most {side} pixels a "
                            "side and {pixels} in all); use a scale of at most {scale}").format(
            width=f"{w:,}", height=f"{h:,}", side=f"{MAX_SIDE:,}", pixels=f"{MAX_PIXELS:,}",
            scale=f"{math.floor(fit * 100) / 100:.2f}"))
    return QSize(w, h)


def render_image(position: Position, *, annotations: bool = True, scale: float | None = None
                 ) -> QImage:
    """The position drawn into an image, ``scale`` pixels per scene unit (100 per tile);
    ``None``: 1, or less where the drawing would pass :data:`MAX_SIDE` or
    :data:`MAX_PIXELS`. Raises :class:`RenderError`."""
    check_extent(position, annotations=annotations)
    scene = build_scene(position, annotations=annotations)
    size = _image_size(scene, scale)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise RenderError(_("not enough memory for a {width} × {height} image; use a smaller "
                            "scale").format(width=f"{size.width():,}",
                                            height=f"{size.height():,}"))
    image.fill(pal.colour(pal.BACKGROUND))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, size.width(), size.height()), scene.sceneRect())
    painter.end()
    return image


def render_png(position: Position, path: str | os.PathLike[str], *, annotations: bool = True,
               scale: float | None = None, read_only_ok: bool = False) -> None:
    """Write the position as a PNG, atomically (see :func:`render_image` for ``scale``).

    Raises :class:`RenderError`, ``OSError``, and
    :class:`~editor.formats.atomic.ReadOnlyFileError` over a read-only file unless
    ``read_only_ok``."""
    image = render_image(position, annotations=annotations, scale=scale)

    def write(tmp: str) -> None:
        if not image.save(tmp, "PNG"):  # type: ignore[call-overload]  # a str, at run time
            raise OSError(_("could not write {path}").format(path=os.fspath(path)))

    write_atomic(path, write, read_only_ok=read_only_ok)


#: Characters XML 1.0 cannot hold, as the UTF-8 an SVG file would carry them in: C0
#: controls but tab, newline and return, and the non-characters U+FFFE and U+FFFF.
_NOT_XML = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]|\xef\xbf[\xbe\xbf]")


def render_svg(position: Position, path: str | os.PathLike[str], *, annotations: bool = True,
               read_only_ok: bool = False) -> None:
    """Write the position as an SVG of vector shapes, atomically; characters XML cannot
    hold (control characters in a title or note) are left out. Raises as
    :func:`render_png`."""
    check_extent(position, annotations=annotations)
    scene = build_scene(position, annotations=annotations)
    rect = scene.sceneRect()
    if max(rect.width(), rect.height()) > MAX_CELLS * CELL + 2 * MARGIN + _HEADER:
        raise RenderError(_("the drawing is too large for an SVG: {width} × {height} tiles (a "
                            "very long note or title?); at most {most} either way").format(
            width=f"{rect.width() / CELL:,.0f}", height=f"{rect.height() / CELL:,.0f}",
            most=f"{MAX_CELLS:,}"))
    size = QSize(math.ceil(rect.width()), math.ceil(rect.height()))

    def write(tmp: str) -> None:
        generator = QSvgGenerator()
        generator.setFileName(tmp)
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        generator.setTitle(shown(position.title) or _("Carcassonne position"))
        generator.setDescription(shown(position.description))
        painter = QPainter()
        if not painter.begin(generator):
            raise OSError(_("could not write {path}").format(path=os.fspath(path)))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(0, 0, size.width(), size.height()), rect)
        if not painter.end() or not os.path.getsize(tmp):
            raise OSError(_("could not write {path}").format(path=os.fspath(path)))
        with open(tmp, "rb") as svg:
            content = svg.read()
        clean = _NOT_XML.sub(b"", content)
        if clean != content:
            with open(tmp, "wb") as svg:
                svg.write(clean)

    write_atomic(path, write, read_only_ok=read_only_ok)
