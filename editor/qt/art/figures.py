"""Figures drawn from their silhouettes: follower, abbot, builder, pig, large follower,
standing or (a farmer) lying."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from editor.model.tiles import FIELD

from .. import palette as pal


def _meeple(tall: float = 1.0) -> QPainterPath:
    """A meeple in a unit box centred on the origin (``tall`` stretches the body)."""
    right = [(0.0, -0.2), (0.13, -0.19), (0.40, -0.09), (0.48, -0.01), (0.42, 0.07),
             (0.20, 0.05), (0.23, 0.22), (0.42, 0.45), (0.36, 0.5), (0.12, 0.5), (0.0, 0.3)]
    points = right + [(-x, y) for x, y in reversed(right[1:-1])]
    body = QPainterPath()
    body.addPolygon(QPolygonF([QPointF(x, y * tall + (tall - 1) * 0.08) for x, y in points]))
    body.closeSubpath()
    head = QPainterPath()
    head.addEllipse(QPointF(0, -0.33 * tall + (tall - 1) * 0.08), 0.15, 0.15)
    return body.united(head)


def _abbot() -> QPainterPath:
    """A monk in a bell-shaped habit, hands folded (no arms spread), under a pointed hood."""
    robe = QPainterPath(QPointF(-0.14, -0.2))
    robe.lineTo(0.14, -0.2)
    robe.quadTo(QPointF(0.26, -0.12), QPointF(0.27, 0.05))
    robe.quadTo(QPointF(0.3, 0.35), QPointF(0.4, 0.5))
    robe.lineTo(-0.4, 0.5)
    robe.quadTo(QPointF(-0.3, 0.35), QPointF(-0.27, 0.05))
    robe.quadTo(QPointF(-0.26, -0.12), QPointF(-0.14, -0.2))
    robe.closeSubpath()
    head = QPainterPath()
    head.addEllipse(QPointF(0, -0.3), 0.15, 0.15)
    hood = QPainterPath()
    hood.addPolygon(QPolygonF([QPointF(-0.16, -0.26), QPointF(0.0, -0.5), QPointF(0.16, -0.26)]))
    sleeves = QPainterPath()
    sleeves.addRoundedRect(QRectF(-0.33, -0.02, 0.66, 0.14), 0.07, 0.07)
    return robe.united(head).united(hood).united(sleeves)


def _pig() -> QPainterPath:
    body = QPainterPath()
    body.addEllipse(QPointF(-0.04, 0.05), 0.42, 0.3)
    snout = QPainterPath()
    snout.addEllipse(QPointF(0.4, -0.02), 0.1, 0.12)
    ears = QPainterPath()
    ears.addPolygon(QPolygonF([QPointF(0.12, -0.2), QPointF(0.24, -0.42), QPointF(0.3, -0.16)]))
    legs = QPainterPath()
    for x in (-0.3, -0.1, 0.12, 0.28):
        legs.addRect(QRectF(x - 0.05, 0.25, 0.1, 0.2))
    return body.united(snout).united(ears).united(legs.simplified())


#: The builder's height in the unit box a follower fills (it stands taller).
BUILDER_HEIGHT = 1.15


def _builder() -> QPainterPath:
    """A tall, slim meeple under a broad-brimmed hat."""
    body = QTransform().scale(0.9, 1.0).map(_meeple(1.3))
    hat = QPainterPath()
    hat.addRoundedRect(QRectF(-0.24, -0.62, 0.48, 0.07), 0.03, 0.03)
    crown = QPainterPath()
    crown.addRoundedRect(QRectF(-0.12, -0.72, 0.24, 0.12), 0.04, 0.04)
    shape = body.united(hat).united(crown)
    box = shape.boundingRect()
    fit = BUILDER_HEIGHT / box.height()
    return QTransform().scale(fit, fit).translate(-box.center().x(), -box.center().y()).map(
        shape)


#: The large follower's height in the unit box a follower fills (as tall as a builder,
#: and broad: it still fits the figure's pixmap).
LARGE_HEIGHT = BUILDER_HEIGHT


def _large_follower() -> QPainterPath:
    """A follower scaled up to :data:`LARGE_HEIGHT`: the large follower (kind
    ``large-follower``)."""
    shape = _meeple()
    box = shape.boundingRect()
    fit = LARGE_HEIGHT / box.height()
    return QTransform().scale(fit, fit).translate(-box.center().x(), -box.center().y()).map(
        shape)


def _lying(shape: QPainterPath) -> QPainterPath:
    """A figure lying on its back, head to the left: the farmer, as the game lays it."""
    return QTransform().rotate(-90).scale(0.78, 1.0).map(shape)


_MAKERS = {"abbot": _abbot, "builder": _builder, "pig": _pig,
           "large-follower": _large_follower}
#: Figures that never lie down: the others in a field are farmers.
_STANDING = frozenset({"abbot", "builder", "pig"})
_FIGURE_SHAPES: dict[tuple[str, bool], QPainterPath] = {}


def lies_down(kind: str, segment_kind: str | None) -> bool:
    """Whether a figure is drawn lying: a follower (or a kind drawn as one, the large
    follower too) in a field."""
    return segment_kind == FIELD and kind not in _STANDING


def figure_shape(kind: str, lying: bool = False) -> QPainterPath:
    """The silhouette of a figure kind in a unit box centred on the origin; ``lying`` lays
    a follower down (a farmer)."""
    key = (kind, lying)
    shape = _FIGURE_SHAPES.get(key)
    if shape is None:
        shape = _MAKERS.get(kind, _meeple)()
        if lying:
            shape = _lying(shape)
        _FIGURE_SHAPES[key] = shape
    return shape


def paint_figure(painter: QPainter, kind: str, colour: str | QColor, centre: QPointF,
                 size: float, lying: bool = False) -> None:
    """Draw a figure (follower, abbot, builder, pig, large follower; others as a follower)
    of ``size``, lying down when ``lying`` (see :func:`lies_down`)."""
    fill = colour if isinstance(colour, QColor) else pal.colour(colour)
    painter.save()
    painter.translate(centre)
    painter.scale(size, size)
    pen = QPen(pal.outline_for(fill), 0.06)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    shape = figure_shape(kind, lying)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(pal.colour("#000000", 70))
    painter.drawPath(shape.translated(0.05, 0.06))
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawPath(shape)
    if kind == "pig":
        painter.setBrush(pal.outline_for(fill))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(0.2, -0.08), 0.035, 0.035)
    painter.restore()
