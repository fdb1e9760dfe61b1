"""The pen the art draws its lines with: a palette colour, round joins."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPen

from .. import palette as pal


def pen(colour: str, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.FlatCap) -> QPen:
    """A pen of a palette colour and ``width`` with round joins."""
    pen = QPen(pal.colour(colour), width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen
