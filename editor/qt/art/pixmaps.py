"""Tiles, figures and symbols drawn into pixmaps; those of tiles and figures cached."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

from editor.model.tiles import Tile

from .. import palette as pal
from .figures import paint_figure
from .symbols import paint_symbol
from .tiles import paint_tile

#: Most pixmaps kept before the cache starts over (about 45 MB at 100 px).
PIXMAP_LIMIT = 3000
_pixmaps: weakref.WeakKeyDictionary[Tile, dict[tuple[int, int, float], QPixmap]] = (
    weakref.WeakKeyDictionary())
_pixmap_count = 0
_figure_pixmaps: dict[tuple[str, int, int, bool, float], QPixmap] = {}


def tile_pixmap(tile: Tile, rotation: int, size: int, dpr: float = 1.0) -> QPixmap:
    """The tile drawn into a ``size`` × ``size`` pixmap (logical pixels; ``dpr`` device pixels
    each, so that it is sharp on a high-density screen), cached per tile, rotation, size and
    ratio."""
    global _pixmap_count
    per_tile = _pixmaps.get(tile)
    key = (rotation % 4, size, dpr)
    if per_tile is not None:
        pixmap = per_tile.get(key)
        if pixmap is not None:
            return pixmap
    else:
        per_tile = _pixmaps[tile] = {}
    if _pixmap_count >= PIXMAP_LIMIT:
        clear_cache()
        per_tile = _pixmaps[tile] = {}
    device = round(size * dpr)
    pixmap = QPixmap(device, device)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    paint_tile(painter, tile, rotation, QRectF(0, 0, device, device))
    painter.end()
    pixmap.setDevicePixelRatio(dpr)
    per_tile[key] = pixmap
    _pixmap_count += 1
    return pixmap


def tile_icon(tile: Tile, size: int, dpr: float = 1.0) -> QIcon:
    """A tile as an icon, drawn at 1× and at ``dpr`` (sharp on either kind of screen)."""
    icon = QIcon(tile_pixmap(tile, 0, size))
    if dpr > 1:
        icon.addPixmap(tile_pixmap(tile, 0, size, dpr))
    return icon


def clear_cache() -> None:
    """Forget every cached pixmap (the geometry stays)."""
    global _pixmap_count
    _pixmaps.clear()
    _figure_pixmaps.clear()
    _pixmap_count = 0



def figure_pixmap(kind: str, colour: str | QColor, size: int, lying: bool = False,
                  dpr: float = 1.0) -> QPixmap:
    """A figure drawn into a transparent ``size`` × ``size`` pixmap (logical pixels at the
    device pixel ratio ``dpr``), cached."""
    fill = colour if isinstance(colour, QColor) else pal.colour(colour)
    key = (kind, fill.rgba(), size, lying, dpr)
    pixmap = _figure_pixmaps.get(key)
    if pixmap is None:
        pixmap, painter = _transparent(size, dpr)
        paint_figure(painter, kind, fill, QPointF(size / 2, size / 2), size * 0.86, lying)
        painter.end()
        _figure_pixmaps[key] = pixmap
    return pixmap


def symbol_pixmap(name: str, size: int, dpr: float = 1.0) -> QPixmap:
    """A symbol drawn into a transparent ``size`` × ``size`` pixmap (logical pixels)."""
    pixmap, painter = _transparent(size, dpr)
    paint_symbol(painter, name, QPointF(size / 2, size / 2), size * 0.8)
    painter.end()
    return pixmap


def _transparent(size: int, dpr: float) -> tuple[QPixmap, QPainter]:
    """A transparent ``size`` × ``size`` pixmap at ``dpr`` and an antialiasing painter on it."""
    pixmap = QPixmap(round(size * dpr), round(size * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return pixmap, painter
