"""Tile pictures: a tile with an image is drawn from its file, found in its tile set's folder."""

from __future__ import annotations

import os
import weakref

from PySide6.QtGui import QImage

from editor.formats.images import image_file
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue, TileSet

_image_dirs: dict[str, str] = {}
_images: dict[str, QImage | None] = {}
#: Catalogues asked for the folder of a tile set not registered by itself (weakly held).
_catalogues: weakref.WeakSet[Catalogue] = weakref.WeakSet()


def register_tile_set(tile_set: TileSet) -> None:
    """Tell the art where a set's tile images live (the folder of its file)."""
    if tile_set.source:
        _image_dirs[tile_set.id] = os.path.dirname(os.path.abspath(tile_set.source))


def use_catalogue(catalogue: Catalogue) -> None:
    """Find the images of the catalogue's tile sets (those it holds now or later) in their
    folders: the scene, the catalogue dock and the export tell the art of theirs."""
    _catalogues.add(catalogue)


def image_for(tile: Tile) -> QImage | None:
    """The tile's picture: only a raster or SVG file inside its tile set's folder
    (:func:`editor.formats.images.image_file`); anything else is never read."""
    if not tile.image:
        return None
    if tile.set_id not in _image_dirs:
        for catalogue in list(_catalogues):
            for tile_set in catalogue.sets:
                _image_dirs.setdefault(tile_set.id, "")
                register_tile_set(tile_set)
    path = image_file(_image_dirs.get(tile.set_id, ""), tile.image)
    if path is None:
        return None
    if path not in _images:
        image = QImage(path)
        _images[path] = None if image.isNull() else image
    return _images[path]
