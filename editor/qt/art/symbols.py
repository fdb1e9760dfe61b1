"""Pennants and goods symbols (wine, wheat, cloth, chicken) drawn in cities and docks."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF

from .. import palette as pal
from .pens import pen


def paint_symbols(p: QPainter, centre: QPointF, symbols: list[str]) -> None:
    """A city's pennants and goods side by side about ``centre``."""
    size = 16.0
    x0 = centre.x() - (len(symbols) - 1) * size * 0.55
    for k, name in enumerate(symbols):
        c = QPointF(x0 + k * size * 1.1, centre.y())
        paint_symbol(p, name, c, size)


def _body_and_band(p: QPainter, body: QPainterPath, edge: tuple[str, float], fill: str,
                   band: str, band_rect: QRectF) -> None:
    """Fill ``body`` outlined by ``edge`` (colour, width), then a plain band across it."""
    p.setPen(pen(*edge))
    p.setBrush(pal.colour(fill))
    p.drawPath(body)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(pal.colour(band))
    p.drawRect(band_rect)


def _draw_pennant(p: QPainter, c: QPointF, s: float) -> None:
    """A heraldic shield, taller than wide with a pointed foot, quartered white."""
    w, h = s * 0.78, s
    shield = QPainterPath(QPointF(c.x() - w / 2, c.y() - h / 2))
    shield.lineTo(c.x() + w / 2, c.y() - h / 2)
    shield.lineTo(c.x() + w / 2, c.y())
    shield.quadTo(QPointF(c.x() + w / 2, c.y() + h * 0.35), QPointF(c.x(), c.y() + h / 2))
    shield.quadTo(QPointF(c.x() - w / 2, c.y() + h * 0.35), QPointF(c.x() - w / 2, c.y()))
    shield.closeSubpath()
    _body_and_band(p, shield, (pal.PENNANT_LIGHT, 1.2), pal.PENNANT, pal.PENNANT_LIGHT,
                   QRectF(c.x() - w / 2 + 1, c.y() - h / 2 + 1, w / 2 - 1, h * 0.45))


def _draw_wine(p: QPainter, c: QPointF, s: float) -> None:
    """A wine bottle: narrow, with shoulders, a neck and a pale label."""
    w, top, bottom = s * 0.44, c.y() - s * 0.5, c.y() + s * 0.5
    neck = s * 0.16
    bottle = QPainterPath(QPointF(c.x() - neck / 2, top))
    bottle.lineTo(c.x() + neck / 2, top)
    bottle.lineTo(c.x() + neck / 2, top + s * 0.26)
    bottle.quadTo(QPointF(c.x() + w / 2, top + s * 0.3), QPointF(c.x() + w / 2, top + s * 0.44))
    bottle.lineTo(c.x() + w / 2, bottom - s * 0.05)
    bottle.quadTo(QPointF(c.x() + w / 2, bottom), QPointF(c.x() + w / 2 - s * 0.05, bottom))
    bottle.lineTo(c.x() - w / 2 + s * 0.05, bottom)
    bottle.quadTo(QPointF(c.x() - w / 2, bottom), QPointF(c.x() - w / 2, bottom - s * 0.05))
    bottle.lineTo(c.x() - w / 2, top + s * 0.44)
    bottle.quadTo(QPointF(c.x() - w / 2, top + s * 0.3), QPointF(c.x() - neck / 2, top + s * 0.26))
    bottle.closeSubpath()
    _body_and_band(p, bottle, (pal.SYMBOL_EDGE, 1.1), pal.WINE, pal.WINE_LABEL,
                   QRectF(c.x() - w / 2 + 1.2, c.y() + s * 0.02, w - 2.4, s * 0.22))


def _draw_wheat(p: QPainter, c: QPointF, s: float) -> None:
    """A sheaf: three ears fanning out above a bound stalk."""
    p.setPen(pen(pal.SYMBOL_EDGE, 1.2))
    p.drawLine(QPointF(c.x(), c.y() + s * 0.05), QPointF(c.x(), c.y() + s * 0.5))
    p.drawLine(QPointF(c.x() - s * 0.12, c.y() + s * 0.48),
               QPointF(c.x() + s * 0.12, c.y() + s * 0.48))
    p.setPen(pen(pal.SYMBOL_EDGE, 0.9))
    p.setBrush(pal.colour(pal.WHEAT))
    for dx, angle in ((-0.24, -24), (0.0, 0), (0.24, 24)):
        p.save()
        p.translate(c.x() + dx * s * 0.5, c.y() + s * 0.12)
        p.rotate(angle)
        p.drawEllipse(QPointF(0, -s * 0.26), s * 0.11, s * 0.26)
        p.restore()


def _draw_cloth(p: QPainter, c: QPointF, s: float) -> None:
    """A bolt of cloth lying on its side: a wide roll with its spiral end showing, light
    where the pennant is dark."""
    w, h = s * 1.0, s * 0.56
    roll = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
    p.setPen(pen(pal.SYMBOL_EDGE, 1.1))
    p.setBrush(pal.colour(pal.CLOTH))
    p.drawRoundedRect(roll, h * 0.18, h * 0.18)
    p.setPen(pen(pal.CLOTH_STRIPE, 1.3))
    for k in (1, 2):
        x = roll.left() + w * (0.28 + 0.22 * k)
        p.drawLine(QPointF(x, roll.top() + 1.2), QPointF(x, roll.bottom() - 1.2))
    end = QPointF(roll.left() + h * 0.32, c.y())
    p.setPen(pen(pal.SYMBOL_EDGE, 1.0))
    p.setBrush(pal.colour(pal.CLOTH_STRIPE))
    p.drawEllipse(end, h * 0.32, h * 0.5)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(end, h * 0.12, h * 0.2)


def _draw_chicken(p: QPainter, c: QPointF, s: float) -> None:
    p.setPen(pen(pal.SYMBOL_EDGE, 1.1))
    p.setBrush(pal.colour(pal.CHICKEN))
    p.drawEllipse(QPointF(c.x() - s * 0.05, c.y() + s * 0.1), s * 0.38, s * 0.3)
    p.drawEllipse(QPointF(c.x() + s * 0.25, c.y() - s * 0.2), s * 0.16, s * 0.16)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(pal.colour(pal.CHICKEN_RED))
    p.drawEllipse(QPointF(c.x() + s * 0.25, c.y() - s * 0.4), s * 0.09, s * 0.08)
    p.drawPolygon(QPolygonF([QPointF(c.x() + s * 0.4, c.y() - s * 0.22),
                             QPointF(c.x() + s * 0.55, c.y() - s * 0.16),
                             QPointF(c.x() + s * 0.4, c.y() - s * 0.12)]))


def _draw_unknown_symbol(p: QPainter, c: QPointF, s: float) -> None:
    p.setPen(pen(pal.SYMBOL_EDGE, 1.1))
    p.setBrush(pal.colour(pal.UNKNOWN_KIND))
    p.drawEllipse(c, s * 0.35, s * 0.35)


_SYMBOLS = {"pennant": _draw_pennant, "wine": _draw_wine, "wheat": _draw_wheat,
            "cloth": _draw_cloth, "chicken": _draw_chicken}


def paint_symbol(painter: QPainter, name: str, centre: QPointF, size: float) -> None:
    """Draw a pennant or a goods symbol (``wine``, ``wheat``, ``cloth``, ``chicken``; others
    as a plain disc) of ``size`` about ``centre``."""
    _SYMBOLS.get(name, _draw_unknown_symbol)(painter, centre, size)
