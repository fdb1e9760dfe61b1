"""Headless export: a position drawn to PNG or SVG without any window."""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize
from PySide6.QtGui import QFont, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication, QGraphicsScene

from editor.model.position import Position

from . import palette as pal
from .items import (
    CELL,
    FigureItem,
    TileItem,
    annotation_items,
    cell_rect,
)

#: Largest PNG written, in pixels (a 4-byte pixel each while drawing).
MAX_PIXELS = 100_000_000
MAX_SIDE = 32_000
MARGIN = 40.0

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
    title above the board. Items are not indexed: the scene is for export."""
    ensure_app()
    scene = QGraphicsScene()
    scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
    scene.setBackgroundBrush(pal.colour(pal.BACKGROUND))
    board = position.board
    for placed in board:
        scene.addItem(TileItem(placed.tile, placed.rotation, placed.x, placed.y))
    slots: dict[int, int] = {}
    for figure in board.figures:
        placed = board.placed_of(figure.node)
        slot = slots[figure.node] = slots.get(figure.node, -1) + 1
        colour = (board.players[figure.owner].colour if 0 <= figure.owner < len(board.players)
                  else "#888888")
        scene.addItem(FigureItem(figure.kind, colour, placed.tile, placed.rotation, placed.x,
                                 placed.y, board.node_segment[figure.node], slot=slot))
    if annotations:
        for item in annotation_items(board, position.annotations):
            scene.addItem(item)
    _add_header(scene, position)
    for item in scene.items():
        item.setCacheMode(item.CacheMode.NoCache)
    bounds = scene.itemsBoundingRect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
    scene.setSceneRect(QRectF(bounds.toAlignedRect()))
    return scene


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
            text = scene.addSimpleText(f"{player.name}  {player.score}", font)
            text.setBrush(pal.colour(pal.TEXT))
            text.setPos(x + 22, line_y - text.boundingRect().height() / 2)
            x += 22 + text.boundingRect().width() + 28
        line_y -= 36
    if position.title:
        font = QFont()
        font.setPixelSize(34)
        font.setBold(True)
        title = scene.addSimpleText(position.title, font)
        title.setBrush(pal.colour(pal.TEXT))
        title.setPos(QPointF(rect.left(), line_y - title.boundingRect().height() / 2 - 4))


def _image_size(scene: QGraphicsScene, scale: float) -> QSize:
    if not (scale > 0 and math.isfinite(scale)):
        raise ValueError(f"scale must be a positive number, not {scale}")
    rect = scene.sceneRect()
    w, h = max(1, math.ceil(rect.width() * scale)), max(1, math.ceil(rect.height() * scale))
    if w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS:
        fit = min(MAX_SIDE / rect.width(), MAX_SIDE / rect.height(),
                  math.sqrt(MAX_PIXELS / (rect.width() * rect.height())))
        raise ValueError(f"a {w} × {h} image is too large; use a scale of at most {fit:.2f}")
    return QSize(w, h)


def render_image(position: Position, *, annotations: bool = True, scale: float = 1.0
                 ) -> QImage:
    """The position drawn into an image, ``scale`` pixels per scene unit (100 per tile)."""
    scene = build_scene(position, annotations=annotations)
    size = _image_size(scene, scale)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(pal.colour(pal.BACKGROUND))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, size.width(), size.height()), scene.sceneRect())
    painter.end()
    return image


def render_png(position: Position, path: str | os.PathLike[str], *, annotations: bool = True,
               scale: float = 1.0) -> None:
    """Write the position as a PNG, atomically."""
    image = render_image(position, annotations=annotations, scale=scale)
    _write_atomic(path, lambda tmp: image.save(tmp, "PNG"))


def render_svg(position: Position, path: str | os.PathLike[str], *, annotations: bool = True
               ) -> None:
    """Write the position as an SVG of vector shapes, atomically."""
    scene = build_scene(position, annotations=annotations)
    rect = scene.sceneRect()
    size = QSize(math.ceil(rect.width()), math.ceil(rect.height()))

    def write(tmp: str) -> bool:
        generator = QSvgGenerator()
        generator.setFileName(tmp)
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        generator.setTitle(position.title or "Carcassonne position")
        generator.setDescription(position.description)
        painter = QPainter()
        if not painter.begin(generator):
            return False
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(0, 0, size.width(), size.height()), rect)
        return painter.end() and os.path.getsize(tmp) > 0

    _write_atomic(path, write)


def _write_atomic(path: str | os.PathLike[str], write: Callable[[str], bool]) -> None:
    """Write through ``write(temporary path)`` beside ``path``, then move it into place."""
    target = os.path.abspath(os.fspath(path))
    folder = os.path.dirname(target)
    suffix = os.path.splitext(target)[1]
    fd, tmp = tempfile.mkstemp(prefix=".render-", suffix=suffix, dir=folder)
    os.close(fd)
    try:
        if not write(tmp):
            raise OSError(f"could not write {os.fspath(path)}")
        os.chmod(tmp, _file_mode(target))
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _file_mode(target: str) -> int:
    """The mode of the file being replaced, or what a new file gets under the umask."""
    try:
        return os.stat(target).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
