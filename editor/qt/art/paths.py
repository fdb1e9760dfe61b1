"""Path helpers in the frame: stroked outlines, rectangles, areas and connected pieces."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPainterPathStroker, QPolygonF

from .frame import FRAME


def stroke(path: QPainterPath, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.FlatCap
           ) -> QPainterPath:
    """The outline a pen of ``width`` would draw along ``path``."""
    s = QPainterPathStroker()
    s.setWidth(width)
    s.setCapStyle(cap)
    s.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return s.createStroke(path).simplified()


def rect_path(centre: QPointF, w: float, h: float) -> QPainterPath:
    """A ``w`` × ``h`` rectangle about ``centre``."""
    path = QPainterPath()
    path.addRect(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h))
    return path


def tile_path() -> QPainterPath:
    """The whole frame."""
    path = QPainterPath()
    path.addRect(QRectF(0, 0, FRAME, FRAME))
    return path


def poly_area(poly: QPolygonF) -> float:
    """The area a polygon encloses."""
    n = poly.size()
    total = 0.0
    for i in range(n):
        a, b = poly.at(i), poly.at((i + 1) % n)
        total += a.x() * b.y() - b.x() * a.y()
    return abs(total) / 2


def path_area(path: QPainterPath) -> float:
    """The area a path fills."""
    return sum(poly_area(p) for p in path.toFillPolygons())


def components(path: QPainterPath) -> list[QPainterPath]:
    """The connected pieces of ``path``, each with its holes."""
    polys = [p for p in path.toSubpathPolygons() if poly_area(p) > 2]
    polys.sort(key=poly_area, reverse=True)
    outers: list[tuple[QPolygonF, QPainterPath]] = []
    for poly in polys:
        centre = QPointF(sum(poly.at(i).x() for i in range(poly.size())) / poly.size(),
                         sum(poly.at(i).y() for i in range(poly.size())) / poly.size())
        host = next((comp for outer, comp in outers
                     if outer.boundingRect().contains(poly.boundingRect())
                     and outer.containsPoint(centre, Qt.FillRule.OddEvenFill)
                     and all(outer.containsPoint(poly.at(i), Qt.FillRule.OddEvenFill)
                             for i in range(0, poly.size(), max(1, poly.size() // 8)))), None)
        if host is not None:
            host.addPolygon(poly)
            host.closeSubpath()
        else:
            comp = QPainterPath()
            comp.setFillRule(Qt.FillRule.OddEvenFill)
            comp.addPolygon(poly)
            comp.closeSubpath()
            outers.append((poly, comp))
    return [comp for _, comp in outers]
