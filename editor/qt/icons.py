"""Painted icons for toolbars and lists: line art in the palette's colours (readable in a
dark theme) and figures, each drawn at 1× and 2× so that a high-density screen gets real
pixels instead of an enlarged picture."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QIcon,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
)

from . import palette as pal
from .art.pixmaps import figure_pixmap

#: Device pixel ratios every icon is drawn at (Qt picks the nearest, scaling the rest).
SCALES = (1.0, 2.0)
LINE_ICON = 32
FIGURE_ICON = 24


def _arc_arrow(p: QPainter, clockwise: bool) -> None:
    rect = QRectF(7, 7, 18, 18)
    start, span = (200, -250) if clockwise else (-20, 250)
    p.drawArc(rect, start * 16, span * 16)
    path = QPainterPath()
    path.arcMoveTo(rect, start + span)
    tip = path.currentPosition()
    d = 1 if clockwise else -1
    head = QPolygonF([tip + QPointF(-5 * d, -5), tip + QPointF(5 * d, -1),
                      tip + QPointF(-3 * d, 5)])
    p.setBrush(p.pen().color())
    p.drawPolygon(head)


def _magnifier(p: QPainter, sign: str) -> None:
    p.drawEllipse(QRectF(5, 5, 16, 16))
    p.drawLine(QPointF(19, 19), QPointF(27, 27))
    p.drawLine(QPointF(9, 13), QPointF(17, 13))
    if sign == "+":
        p.drawLine(QPointF(13, 9), QPointF(13, 17))


def _draw_icon(p: QPainter, name: str, fill: QColor) -> None:
    """Line art in a 32 × 32 box, in the painter's pen; ``fill`` for closed shapes."""
    if name == "select":
        p.setBrush(fill)
        p.drawPolygon(QPolygonF([QPointF(9, 4), QPointF(9, 26), QPointF(14, 21),
                                 QPointF(18, 29), QPointF(21, 27), QPointF(17, 20),
                                 QPointF(24, 20)]))
    elif name == "note":
        p.setBrush(pal.colour(pal.NOTE))
        p.drawRect(QRectF(6, 6, 20, 20))
        p.setPen(QPen(pal.colour(pal.TEXT), 2.2))
        for y in (12, 16, 20):
            p.drawLine(QPointF(10, y), QPointF(22, y))
    elif name == "arrow":
        p.drawLine(QPointF(5, 25), QPointF(22, 8))
        p.setBrush(p.pen().color())
        p.drawPolygon(QPolygonF([QPointF(27, 4), QPointF(16, 8), QPointF(24, 15)]))
    elif name == "highlight":
        p.setBrush(pal.colour(pal.HIGHLIGHT))
        p.drawRect(QRectF(5, 5, 22, 22))
    elif name in ("rotate-cw", "rotate-ccw", "redo", "undo"):
        p.setBrush(Qt.BrushStyle.NoBrush)
        _arc_arrow(p, name in ("rotate-cw", "redo"))
    elif name in ("zoom-in", "zoom-out"):
        _magnifier(p, "+" if name == "zoom-in" else "-")
    elif name == "fit":
        for x, y, dx, dy in ((5, 5, 1, 1), (27, 5, -1, 1), (5, 27, 1, -1), (27, 27, -1, -1)):
            p.drawPolyline(QPolygonF([QPointF(x, y + 7 * dy), QPointF(x, y),
                                      QPointF(x + 7 * dx, y)]))
        p.drawRect(QRectF(11, 11, 10, 10))


def _line_pixmap(name: str, ink: QColor, fill: QColor, dpr: float) -> QPixmap:
    pixmap = QPixmap(round(LINE_ICON * dpr), round(LINE_ICON * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(ink, 2.2)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    _draw_icon(painter, name, fill)
    painter.end()
    return pixmap


def line_icon(name: str, colours: QPalette) -> QIcon:
    """A toolbar icon drawn in the palette's button text colour (its disabled colour for
    the disabled state), at every scale of :data:`SCALES`."""
    icon = QIcon()
    groups = ((QPalette.ColorGroup.Active, QIcon.Mode.Normal),
              (QPalette.ColorGroup.Disabled, QIcon.Mode.Disabled))
    for group, mode in groups:
        ink = colours.color(group, QPalette.ColorRole.ButtonText)
        fill = colours.color(group, QPalette.ColorRole.Button)
        for dpr in SCALES:
            icon.addPixmap(_line_pixmap(name, ink, fill, dpr), mode)
    return icon


def figure_icon(kind: str, colour: str = "#d0d0d0") -> QIcon:
    """A figure standing, as a toolbar or list icon."""
    icon = QIcon()
    for dpr in SCALES:
        icon.addPixmap(figure_pixmap(kind, colour, FIGURE_ICON, dpr=dpr))
    return icon
