"""Where the shipped data folders are, from a checkout or from an installed wheel."""

from __future__ import annotations

from pathlib import Path


def data_dir(name: str) -> Path:
    """The folder ``schemas``, ``tilesets`` or ``samples`` shipped with the package.

    A wheel carries them inside the package (``editor/_data``); an editable install or a
    checkout finds them at the repository root.
    """
    package = Path(__file__).resolve().parent
    packaged = package / "_data" / name
    if packaged.is_dir():
        return packaged
    return package.parent / name
