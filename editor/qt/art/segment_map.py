"""The segment map: a 100 × 100 image of segment indices for hit-testing, and its samples
on a coarse grid with their distance to the edge of their area (for placing figures and
symbols deep inside their segment)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath

from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD, Segment

from .frame import FRAME

#: Hit-test and drawing priority: later kinds win where areas overlap.
_PRIORITY = {FIELD: 0, CITY: 1, RIVER: 2, ROAD: 3, GARDEN: 4, MONASTERY: 5}
#: Cells per side of the grid the map is sampled on.
GRID = 25
#: The map's value where no segment is.
NO_SEGMENT = 255


def grid_point(i: int, j: int) -> QPointF:
    """The centre of grid cell (``i``, ``j``) in the frame."""
    step = FRAME / GRID
    return QPointF((i + 0.5) * step, (j + 0.5) * step)


def id_map(segs: tuple[Segment, ...], areas: list[QPainterPath]) -> QImage:
    """Each segment's area painted in its index, the higher priority kinds on top."""
    image = QImage(100, 100, QImage.Format.Format_Grayscale8)
    image.fill(NO_SEGMENT)
    painter = QPainter(image)
    painter.setPen(Qt.PenStyle.NoPen)
    order = sorted(range(len(segs)), key=lambda i: (_PRIORITY.get(segs[i].kind, 3), i))
    for i in order:
        painter.setBrush(QColor(i, i, i))
        painter.drawPath(areas[i])
    painter.end()
    return image


def label_at(image: QImage, point: QPointF) -> int | None:
    """The segment the map shows at ``point`` (``None``: none, or outside the frame)."""
    x, y = math.floor(point.x()), math.floor(point.y())
    if not (0 <= x < image.width() and 0 <= y < image.height()):
        return None
    value = image.pixelColor(x, y).red()
    return None if value == NO_SEGMENT else value


def sample_grid(image: QImage) -> list[list[int]]:
    """The map at the centre of each grid cell, row by row."""
    data = bytes(image.constBits())
    stride = image.bytesPerLine()
    step = int(FRAME / GRID)
    half = step // 2
    return [[data[(j * step + half) * stride + i * step + half] for i in range(GRID)]
            for j in range(GRID)]


def chamfer(labels: list[list[int]]) -> list[list[float]]:
    """Distance (in grid cells) from each cell to the edge of its own label's area."""
    n = GRID
    inf = float(n * 2)
    dist = [[inf] * n for _ in range(n)]
    for j in range(n):
        for i in range(n):
            lab = labels[j][i]
            if i in (0, n - 1) or j in (0, n - 1) or any(
                    labels[j + dj][i + di] != lab for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                dist[j][i] = 0.5
    diag = math.sqrt(2)
    forward = ((-1, 0, 1.0), (-1, -1, diag), (0, -1, 1.0), (1, -1, diag))
    backward = ((1, 0, 1.0), (1, 1, diag), (0, 1, 1.0), (-1, 1, diag))
    for steps, rows, cols in ((forward, range(n), range(n)),
                              (backward, range(n - 1, -1, -1), range(n - 1, -1, -1))):
        for j in rows:
            for i in cols:
                d = dist[j][i]
                lab = labels[j][i]
                for di, dj, w in steps:
                    x, y = i + di, j + dj
                    if 0 <= x < n and 0 <= y < n and labels[y][x] == lab and dist[y][x] + w < d:
                        d = dist[y][x] + w
                dist[j][i] = d
    return dist
