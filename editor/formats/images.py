"""Tile images: which ``image`` paths of a tile set may be read.

A tile's ``image`` is a path relative to its tile set's file, inside that file's folder
(no ``..``, not absolute, and not through a symbolic link that leads out of it), naming a
raster or SVG image by its extension. Anything else is refused and never read: a tile set
received from someone else cannot make the editor read, and then embed in an export,
``/proc/self/environ`` or ``~/.ssh/id_rsa``.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import PurePosixPath, PureWindowsPath

from editor.i18n import _

#: Image kinds the editor draws, by file extension.
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".svg")
#: The largest image file read.
MAX_IMAGE_BYTES = 32 * 1024 * 1024


def image_problem(image: str) -> str | None:
    """Why a tile set's ``image`` path is refused, or None; decided from the text alone."""
    text = image.replace("\\", "/")
    if "\x00" in text:
        return _("an image path cannot hold a NUL character")
    if (PurePosixPath(text).is_absolute() or PureWindowsPath(image).drive
            or PureWindowsPath(image).is_absolute()):
        return _("image {image!r} is an absolute path: give it relative to the tile set's "
                 "folder (the image is not read)").format(image=image)
    if ".." in PurePosixPath(text).parts:
        return _("image {image!r} leaves the tile set's folder ('..'): keep images beside "
                 "the tile set or below it (the image is not read)").format(image=image)
    suffix = posixpath.splitext(text)[1].lower()
    if suffix not in IMAGE_SUFFIXES:
        kinds = ", ".join(s.lstrip(".") for s in IMAGE_SUFFIXES)
        return _("image {image!r} is not an image file by its name (allowed: {kinds}; the "
                 "file is not read)").format(image=image, kinds=kinds)
    return None


def image_file(folder: str, image: str) -> str | None:
    """The file to read for a tile set in ``folder``, or None when :func:`image_problem`
    refuses the path, a symbolic link leads out of the folder, or it is no regular file of
    at most :data:`MAX_IMAGE_BYTES`."""
    if not folder or image_problem(image):
        return None
    root = os.path.realpath(folder)
    path = os.path.realpath(os.path.join(root, image.replace("\\", "/")))
    try:
        if os.path.commonpath([root, path]) != root:
            return None
        if not os.path.isfile(path) or os.path.getsize(path) > MAX_IMAGE_BYTES:
            return None
    except (OSError, ValueError):
        return None
    return path
