"""Buildings drawn upright on a tile: monastery, garden, house, inn and cathedral."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPolygonF

from .. import palette as pal
from .frame import GARDEN_SIZE, HOUSE_SIZE, MONASTERY_SIZE
from .pens import pen


def _draw_monastery(p: QPainter, c: QPointF) -> None:
    """A chapel with a gable roof and a spired tower, inside the monastery's area."""
    w, h = MONASTERY_SIZE
    top = c.y() - h / 2
    body = QRectF(c.x() - w / 2 + 3, top + 15, w - 6, h - 15)
    p.setPen(pen(pal.BUILDING_EDGE, 1.4))
    p.setBrush(pal.colour(pal.BUILDING_WALL))
    p.drawRect(body)
    p.setBrush(pal.colour(pal.BUILDING_ROOF))
    p.drawPolygon(QPolygonF([QPointF(body.left() - 2, body.top() + 5),
                             QPointF(c.x(), body.top() - 4),
                             QPointF(body.right() + 2, body.top() + 5)]))
    tower = QRectF(c.x() - 4, top + 7, 8, 11)
    p.setBrush(pal.colour(pal.BUILDING_WALL))
    p.drawRect(tower)
    p.setBrush(pal.colour(pal.BUILDING_ROOF))
    p.drawPolygon(QPolygonF([QPointF(tower.left() - 1.5, tower.top()), QPointF(c.x(), top),
                             QPointF(tower.right() + 1.5, tower.top())]))
    p.setBrush(pal.colour(pal.BUILDING_EDGE))
    p.drawRoundedRect(QRectF(c.x() - 3, body.bottom() - 8, 6, 8), 2.5, 2.5)
    p.setPen(pen(pal.BUILDING_EDGE, 1.2))
    for x in (body.left() + 5, body.right() - 5):
        p.drawLine(QPointF(x, body.top() + 8), QPointF(x, body.top() + 12))


def _draw_garden(p: QPainter, c: QPointF) -> None:
    s = GARDEN_SIZE
    p.setPen(pen(pal.GARDEN_HEDGE, 4))
    p.setBrush(pal.colour(pal.GARDEN_LAWN))
    p.drawRoundedRect(QRectF(c.x() - s / 2, c.y() - s / 2, s, s), 3, 3)
    p.setPen(Qt.PenStyle.NoPen)
    for k, (dx, dy) in enumerate(((-4, -4), (4, -3), (-3, 4), (4, 4), (0, 0))):
        p.setBrush(pal.colour(pal.FLOWERS[k % len(pal.FLOWERS)]))
        p.drawEllipse(c + QPointF(dx, dy), 1.9, 1.9)


def _draw_house(p: QPainter, c: QPointF) -> None:
    s = HOUSE_SIZE - 3
    p.setPen(pen(pal.BUILDING_EDGE, 1.3))
    p.setBrush(pal.colour(pal.BUILDING_WALL))
    p.drawRect(QRectF(c.x() - s / 2, c.y() - s / 2, s, s))
    p.setBrush(pal.colour(pal.BUILDING_ROOF))
    p.drawPolygon(QPolygonF([QPointF(c.x() - s / 2 - 1.5, c.y() - 1),
                             QPointF(c.x(), c.y() - s / 2 - 4),
                             QPointF(c.x() + s / 2 + 1.5, c.y() - 1)]))


def _draw_inn(p: QPainter, c: QPointF) -> None:
    """A house with a hanging sign: an inn (segment tag ``inn``)."""
    _draw_house(p, c)
    s = HOUSE_SIZE - 3
    post = QPointF(c.x() + s / 2 + 1, c.y() - 2)
    p.setPen(pen(pal.BUILDING_EDGE, 1.1))
    p.drawLine(post, post + QPointF(4.5, 0))
    p.setBrush(pal.colour(pal.INN_SIGN))
    p.drawRect(QRectF(post.x() + 1.5, post.y() + 0.5, 4.5, 4.5))


def _draw_cathedral(p: QPainter, c: QPointF) -> None:
    """A church with two towers, larger than a monastery's chapel (tag ``cathedral``)."""
    body = QRectF(c.x() - 11, c.y() - 4, 22, 14)
    p.setPen(pen(pal.BUILDING_EDGE, 1.4))
    p.setBrush(pal.colour(pal.BUILDING_WALL))
    for x in (body.left() - 4, body.right() - 2):
        tower = QRectF(x, c.y() - 12, 6, 22)
        p.drawRect(tower)
    p.drawRect(body)
    p.setBrush(pal.colour(pal.BUILDING_ROOF))
    for x in (body.left() - 4, body.right() - 2):
        p.drawPolygon(QPolygonF([QPointF(x - 1, c.y() - 12), QPointF(x + 3, c.y() - 20),
                                 QPointF(x + 7, c.y() - 12)]))
    p.drawPolygon(QPolygonF([QPointF(body.left(), body.top()), QPointF(c.x(), c.y() - 11),
                             QPointF(body.right(), body.top())]))
    p.setBrush(pal.colour(pal.BUILDING_EDGE))
    p.drawRoundedRect(QRectF(c.x() - 3, body.bottom() - 8, 6, 8), 2.5, 2.5)
    p.drawEllipse(QPointF(c.x(), c.y() - 1), 2.2, 2.2)


_BUILDINGS = {"monastery": _draw_monastery, "garden": _draw_garden, "house": _draw_house,
              "inn": _draw_inn, "cathedral": _draw_cathedral}


def paint_building(painter: QPainter, what: str, centre: QPointF) -> None:
    """Draw a building (``monastery``, ``garden``, ``house``, ``inn``, ``cathedral``) about
    ``centre``, upright in the painter's frame."""
    _BUILDINGS[what](painter, centre)
