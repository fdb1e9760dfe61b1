"""The tile editor: a large drawing of the tile with its 12 ports, the sides, the segments and
their attributes, the tile's own attributes, and the tile in its four rotations.

Clicking works on the selected segment: a port of another segment of the same kind joins
that segment into it (two city sides into one city, two fields, two roads), a port of the
selected segment splits off (a city's whole side), a free port joins it; Ctrl+click moves one
port into it whatever its kind. Clicking the drawing, the list or any other port selects.
The line under the drawing always says what a click will do.
"""

from __future__ import annotations

import os
from html import escape
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QIcon,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QUndoCommand,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.formats.tile_entries import PORT_POSITIONS
from editor.i18n import N_, _
from editor.model.ports import PORT_NAMES, SIDE_NAMES, side_of
from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD, Tile
from editor.qt import palette as pal
from editor.qt.art.geometry import segment_at, segment_path
from editor.qt.art.tiles import paint_tile
from editor.terms import feature_name

from . import tileops
from .commands import (
    AddSegment,
    JoinSegments,
    MovePort,
    RemoveSegment,
    RenameSegment,
    SetSegmentValue,
    SetSide,
    SetTileValue,
    SplitSegment,
)
from .document import TileSetDocument, model_tile
from .tilelist import tile_thumbnail

#: Fill of a port handle and of a segment's swatch, by kind.
KIND_COLOURS = {CITY: pal.CITY, ROAD: pal.ROAD, FIELD: pal.FIELD, RIVER: pal.RIVER,
                MONASTERY: pal.BUILDING_ROOF, GARDEN: pal.GARDEN_LAWN}
KIND_EDGES = {CITY: pal.CITY_WALL, ROAD: pal.ROAD_EDGE, FIELD: pal.FIELD_HEDGE,
              RIVER: pal.RIVER_EDGE, MONASTERY: pal.BUILDING_EDGE, GARDEN: pal.GARDEN_HEDGE}
KINDS = (CITY, ROAD, FIELD, RIVER, MONASTERY, GARDEN)
_OUTWARD = (QPointF(0, -1), QPointF(1, 0), QPointF(0, 1), QPointF(-1, 0))
MISSING = "#d64545"
HINT_IDLE = N_("Click a segment or a port to select it. Right-click a side, or use the side "
               "buttons, to make it a city, road, field or river.")


def kind_colour(kind: str) -> QColor:
    """The swatch colour of a segment kind (plugin kinds share one)."""
    return pal.colour(KIND_COLOURS.get(kind, pal.UNKNOWN_KIND))


def kind_name(segment: dict[str, Any] | None) -> str:
    """The name of a segment's kind in the current language ("" without a segment)."""
    return feature_name(str(segment.get("kind", ""))) if segment else ""


def swatch(kind: str, size: int = 14) -> QIcon:
    """A small rounded square in the kind's colour."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(pal.colour(KIND_EDGES.get(kind, pal.TILE_EDGE)), 1.2))
    painter.setBrush(kind_colour(kind))
    painter.drawRoundedRect(QRectF(1, 1, size - 2, size - 2), 3, 3)
    painter.end()
    return QIcon(pixmap)


def _split_list(text: str, separator: str = ",") -> list[str]:
    return list(dict.fromkeys(part.strip() for part in text.split(separator) if part.strip()))


class TileCanvas(QWidget):
    """The tile drawn large, with a handle outside each port; reports clicks and hovers."""

    #: a port handle was clicked (port, with Ctrl)
    portClicked = Signal(int, bool)
    #: the drawing was clicked: the segment there ("" outside any)
    areaClicked = Signal(str)
    #: a side was right-clicked (side, global position)
    sideMenuRequested = Signal(int, QPoint)
    #: what is under the mouse: a port (-1 for none) and a segment id ("" for none)
    hoverChanged = Signal(int, str)
    #: Escape was pressed
    cleared = Signal()

    MARGIN = 38

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tile: Tile | None = None
        self.selected = ""
        self.hover_port = -1
        self.hover_segment = ""
        self.setMouseTracking(True)
        self.setMinimumSize(280, 280)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setAccessibleName(_("Tile drawing"))

    def sizeHint(self) -> QSize:
        return QSize(460, 460)

    def set_tile(self, tile: Tile | None, selected: str) -> None:
        """Show ``tile`` with ``selected`` highlighted."""
        self.tile = tile
        self.selected = selected
        self.update()

    # -- geometry --------------------------------------------------------------------------

    def tile_rect(self) -> QRectF:
        """Where the tile is drawn."""
        side = max(min(self.width(), self.height()) - 2 * self.MARGIN, 40)
        return QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)

    def port_centre(self, port: int) -> QPointF:
        """The centre of a port's handle, just outside the tile."""
        rect = self.tile_rect()
        x, y = PORT_POSITIONS[port]
        edge = QPointF(rect.left() + x * rect.width(), rect.top() + y * rect.height())
        return edge + _OUTWARD[side_of(port)] * (self.MARGIN * 0.5)

    @staticmethod
    def port_radius(port: int) -> float:
        """Centre ports get the bigger handles."""
        return 10.0 if port % 3 == 0 else 7.5

    def port_at(self, pos: QPointF) -> int:
        """The port whose handle is under ``pos`` (-1 for none)."""
        for port in range(12):
            delta = pos - self.port_centre(port)
            if delta.x() ** 2 + delta.y() ** 2 <= (self.port_radius(port) + 4) ** 2:
                return port
        return -1

    def segment_at(self, pos: QPointF) -> str:
        """The id of the segment drawn under ``pos`` ("" for none)."""
        if self.tile is None:
            return ""
        try:
            index = segment_at(self.tile, 0, self.tile_rect(), pos)
        except Exception:  # a half-edited tile may have no geometry
            return ""
        return self.tile.segments[index].id if index is not None else ""

    def side_at(self, pos: QPointF) -> int:
        """The side nearest to ``pos``."""
        rect = self.tile_rect()
        u = (pos.x() - rect.left()) / rect.width()
        v = (pos.y() - rect.top()) / rect.height()
        distances = (v, 1 - u, 1 - v, u)
        return distances.index(min(distances))

    def _segment_index(self, seg_id: str) -> int:
        if self.tile is None or not seg_id:
            return -1
        return next((i for i, s in enumerate(self.tile.segments) if s.id == seg_id), -1)

    # -- painting --------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), pal.colour(pal.BACKGROUND))
        rect = self.tile_rect()
        if self.tile is None:
            painter.setPen(QColor("#777777"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter,
                             _("No tile: add one with the Add button"))
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 45))
        painter.drawRoundedRect(rect.translated(3, 4), 4, 4)
        try:
            paint_tile(painter, self.tile, 0, rect)
            drawn = True
        except Exception:  # a half-edited tile must never break the editor
            painter.fillRect(rect, QColor("#e6e1d6"))
            painter.setPen(QColor("#7a2020"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter,
                             _("This tile cannot be drawn yet:\nsee the findings"))
            drawn = False
        if drawn:
            self._paint_segment(painter, self._segment_index(self.selected),
                                pal.colour(pal.SELECTION, 70), pal.colour(pal.SELECTION), 3.0)
            if self.hover_segment and self.hover_segment != self.selected \
                    and self.hover_port < 0:
                self._paint_segment(painter, self._segment_index(self.hover_segment),
                                    QColor(255, 255, 255, 55), QColor(255, 255, 255, 220), 2.0)
        self._paint_ports(painter, rect)

    def _paint_segment(self, painter: QPainter, index: int, fill: QColor, edge: QColor,
                       width: float) -> None:
        if index < 0 or self.tile is None:
            return
        path = segment_path(self.tile, 0, index, self.tile_rect())
        painter.setBrush(fill)
        pen = QPen(edge, width)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawPath(path)

    def _paint_ports(self, painter: QPainter, rect: QRectF) -> None:
        assert self.tile is not None
        owners: dict[int, list[int]] = {}
        for i, seg in enumerate(self.tile.segments):
            for port in seg.ports:
                owners.setdefault(port, []).append(i)
        selected = self._segment_index(self.selected)
        for port in range(12):
            centre = self.port_centre(port)
            radius = self.port_radius(port) * (1.2 if port == self.hover_port else 1.0)
            x, y = PORT_POSITIONS[port]
            edge = QPointF(rect.left() + x * rect.width(), rect.top() + y * rect.height())
            painter.setPen(QPen(QColor(60, 60, 50, 110), 1.4))
            painter.drawLine(edge, centre - _OUTWARD[side_of(port)] * radius)
            mine = owners.get(port, [])
            if not mine:
                pen = QPen(QColor(MISSING), 2.0, Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.setBrush(QColor("white"))
            else:
                kind = self.tile.segments[mine[0]].kind
                painter.setPen(QPen(QColor(MISSING) if len(mine) > 1 else
                                    pal.colour(KIND_EDGES.get(kind, pal.TILE_EDGE)), 1.6))
                painter.setBrush(kind_colour(kind))
            painter.drawEllipse(centre, radius, radius)
            if selected >= 0 and selected in mine:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(pal.colour(pal.SELECTION), 3.0))
                painter.drawEllipse(centre, radius + 3.5, radius + 3.5)
        if self.hover_port >= 0:
            self._paint_label(painter, self.hover_port)

    def _paint_label(self, painter: QPainter, port: int) -> None:
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        text = PORT_NAMES[port]
        metrics = painter.fontMetrics()
        width, height = metrics.horizontalAdvance(text) + 10, metrics.height() + 4
        radius = self.port_radius(port) * 1.2 + 4
        handle = self.port_centre(port)
        if side_of(port) % 2 == 0:  # beside the handles of a top or bottom side
            box = QRectF(handle.x() + radius, handle.y() - height / 2, width, height)
        else:  # above the handles of a left or right side
            box = QRectF(handle.x() - width / 2, handle.y() - radius - height, width, height)
        box.moveLeft(min(max(box.left(), 2.0), self.width() - width - 2.0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(40, 40, 40, 220))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("white"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    # -- mouse -----------------------------------------------------------------------------

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        port = self.port_at(pos)
        segment = "" if port >= 0 else self.segment_at(pos)
        if (port, segment) != (self.hover_port, self.hover_segment):
            self.hover_port, self.hover_segment = port, segment
            self.hoverChanged.emit(port, segment)
            self.update()

    def leaveEvent(self, event: Any) -> None:
        if self.hover_port >= 0 or self.hover_segment:
            self.hover_port, self.hover_segment = -1, ""
            self.hoverChanged.emit(-1, "")
            self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.tile is None:
            return
        pos = event.position()
        port = self.port_at(pos)
        if event.button() == Qt.MouseButton.RightButton:
            inside = self.tile_rect().adjusted(-self.MARGIN, -self.MARGIN, self.MARGIN,
                                               self.MARGIN).contains(pos)
            if inside:
                side = side_of(port) if port >= 0 else self.side_at(pos)
                self.sideMenuRequested.emit(side, event.globalPosition().toPoint())
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if port >= 0:
            ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
            self.portClicked.emit(port, ctrl)
        else:
            self.areaClicked.emit(self.segment_at(pos))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cleared.emit()
        else:
            super().keyPressEvent(event)


class SidePicker(QWidget):
    """Per side, four buttons: city, road, field, river; the tile's kinds are checked."""

    sideKindChosen = Signal(int, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(
            "QToolButton { padding: 2px 5px; border: 1px solid transparent; border-radius: 4px }"
            "QToolButton:hover { border-color: #c9c0ab; background: #f6f1e6 }"
            f"QToolButton:checked {{ background: #ffe3bf; border-color: {pal.SELECTION};"
            " font-weight: 600 }")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(2)
        grid.setVerticalSpacing(2)
        self.buttons: list[dict[str, QToolButton]] = []
        for side, name in enumerate(SIDE_NAMES):
            label = QLabel(f"<b>{name}</b>")
            label.setMinimumWidth(18)
            grid.addWidget(label, side, 0)
            group = QButtonGroup(self)
            group.setExclusive(False)
            row: dict[str, QToolButton] = {}
            for column, kind in enumerate(tileops.SIDE_KINDS, start=1):
                button = QToolButton()
                button.setText(feature_name(kind).capitalize())
                button.setIcon(swatch(kind))
                button.setCheckable(True)
                button.setAutoRaise(True)
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
                button.setToolTip(_("Make side {side} a side of this kind: {kind}").format(
                    side=name, kind=feature_name(kind)))
                button.clicked.connect(lambda _=False, s=side, k=kind:
                                       self.sideKindChosen.emit(s, k))
                group.addButton(button)
                grid.addWidget(button, side, column)
                row[kind] = button
            self.buttons.append(row)

    def set_kinds(self, kinds: list[str]) -> None:
        """Check the kind each side shows (none for another kind)."""
        for side, row in enumerate(self.buttons):
            for kind, button in row.items():
                button.setChecked(kinds[side] == kind if side < len(kinds) else False)
                button.setEnabled(bool(kinds))


class RotationStrip(QWidget):
    """The tile in its four rotations; turns that look like an earlier one are faded (the
    distinct turns of a tile are always the first 1, 2 or 4)."""

    SIZE = 58

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tile: dict[str, Any] | None = None
        self.set_id = ""
        self.distinct: tuple[int, ...] = (0, 1, 2, 3)
        self.setToolTip(_("The tile turned clockwise, as players will see it"))

    def sizeHint(self) -> QSize:
        return QSize(4 * (self.SIZE + 14), self.SIZE + 26)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def set_tile(self, tile: dict[str, Any] | None, set_id: str) -> None:
        """Show ``tile`` (``None`` for nothing)."""
        self.tile = tile
        self.set_id = set_id
        try:
            self.distinct = model_tile(tile, set_id).distinct_rotations if tile else ()
        except Exception:  # a half-edited tile: show every turn
            self.distinct = (0, 1, 2, 3)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.tile is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        step = self.SIZE + 14
        period = len(self.distinct) or 4
        for r in range(4):
            x = 4 + r * step
            same = r % period if r >= period else None
            painter.setOpacity(0.35 if same is not None else 1.0)
            painter.drawPixmap(x, 2, tile_thumbnail(self.tile, self.set_id, self.SIZE, r))
            painter.setOpacity(1.0)
            painter.setPen(QColor("#555555"))
            caption = f"{r * 90}°" if same is None else f"= {same * 90}°"
            painter.drawText(QRectF(x, self.SIZE + 4, self.SIZE, 18),
                             Qt.AlignmentFlag.AlignCenter, caption)


class TileEditor(QWidget):
    """Everything about the current tile; edits go through the document's undo stack."""

    #: a short message for the status bar
    message = Signal(str)

    def __init__(self, doc: TileSetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.index = -1
        self.selected = ""
        self._updating = False
        self.canvas = TileCanvas()
        self.sides = SidePicker()
        self.rotations = RotationStrip()
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.hint = QLabel(_(HINT_IDLE))
        self.hint.setWordWrap(True)
        self.hint.setMinimumHeight(36)
        self.hint.setStyleSheet("color: #4a4a4a; padding: 4px 6px; background: #fbf8f1;"
                                "border: 1px solid #e2dccd; border-radius: 4px;")
        self._build_centre()
        self._build_panel()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.centre, 1)
        layout.addWidget(self.panel)
        self.canvas.portClicked.connect(self.click_port)
        self.canvas.areaClicked.connect(self.select_segment)
        self.canvas.hoverChanged.connect(self._hovered)
        self.canvas.sideMenuRequested.connect(self._side_menu)
        self.canvas.cleared.connect(lambda: self.select_segment(""))
        self.sides.sideKindChosen.connect(self.set_side)
        doc.tileChanged.connect(self._tile_changed)
        doc.setChanged.connect(self.refresh)
        self.set_index(-1)

    # -- layout ----------------------------------------------------------------------------

    def _build_centre(self) -> None:
        self.centre = QWidget()
        column = QVBoxLayout(self.centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.title)
        column.addWidget(self.canvas, 1)
        column.addWidget(self.hint)
        below = QHBoxLayout()
        sides = QGroupBox(_("Sides"))
        box = QVBoxLayout(sides)
        box.setContentsMargins(6, 4, 6, 6)
        box.addWidget(self.sides)
        turns = QGroupBox(_("Rotations"))
        box = QVBoxLayout(turns)
        box.setContentsMargins(6, 4, 6, 6)
        box.addWidget(self.rotations)
        box.addStretch(1)
        below.addWidget(sides)
        below.addWidget(turns)
        below.addStretch(1)
        column.addLayout(below)

    def _build_panel(self) -> None:
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 4, 0)
        column.addWidget(self._tile_form())
        column.addWidget(self._segment_list())
        column.addWidget(self._segment_form())
        column.addStretch(1)
        self.panel = QScrollArea()
        self.panel.setWidget(inner)
        self.panel.setWidgetResizable(True)
        self.panel.setFrameShape(QScrollArea.Shape.NoFrame)
        self.panel.setMinimumWidth(330)
        self.panel.setMaximumWidth(400)
        self.panel.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def _tile_form(self) -> QGroupBox:
        box = QGroupBox(_("Tile"))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.tile_id = QLineEdit()
        self.tile_id.setPlaceholderText(_("A, Eg, 12 ..."))
        self.tile_id.editingFinished.connect(self._commit_tile_id)
        self.count = QSpinBox()
        self.count.setRange(1, 999)
        self.count.valueChanged.connect(lambda v: self._tile_value("count", v))
        self.start = QCheckBox(_("Start tile"))
        self.start.toggled.connect(lambda on: self._tile_value("start", on))
        count_row = QHBoxLayout()
        count_row.addWidget(self.count)
        count_row.addWidget(self.start)
        count_row.addStretch(1)
        self.aliases = QLineEdit()
        self.aliases.setPlaceholderText(_("other names, comma-separated (BA/RCr)"))
        self.aliases.editingFinished.connect(
            lambda: self._tile_value("aliases", _split_list(self.aliases.text())))
        self.tile_tags = QLineEdit()
        self.tile_tags.setPlaceholderText(_("cowshed, pigsty, water-tower ..."))
        self.tile_tags.editingFinished.connect(
            lambda: self._tile_value("tags", _split_list(self.tile_tags.text())))
        self.image = QLineEdit()
        self.image.setPlaceholderText(_("optional picture, relative to the set file"))
        self.image.editingFinished.connect(
            lambda: self._tile_value("image", self.image.text().strip()))
        browse = QToolButton()
        browse.setText("…")
        browse.setToolTip(_("Choose an image file"))
        browse.clicked.connect(self._browse_image)
        image_row = QHBoxLayout()
        image_row.addWidget(self.image)
        image_row.addWidget(browse)
        self.sources = QLineEdit()
        self.sources.setPlaceholderText(_("rulebook, list or program; separate with ;"))
        self.sources.editingFinished.connect(self._commit_provenance)
        self.provisional = QCheckBox(_("Provisional (geometry inferred)"))
        self.provisional.toggled.connect(self._commit_provenance)
        self.note = QLineEdit()
        self.note.setPlaceholderText(_("what was inferred, or anything worth knowing"))
        self.note.editingFinished.connect(self._commit_provenance)
        form.addRow(_("Id"), self.tile_id)
        form.addRow(_("Count"), count_row)
        form.addRow(_("Aliases"), self.aliases)
        form.addRow(_("Tags"), self.tile_tags)
        form.addRow(_("Image"), image_row)
        form.addRow(_("Sources"), self.sources)
        form.addRow("", self.provisional)
        form.addRow(_("Note"), self.note)
        self.tile_box = box
        return box

    def _segment_list(self) -> QGroupBox:
        box = self.segments_box = QGroupBox(_("Segments"))
        column = QVBoxLayout(box)
        self.segment_list = QListWidget()
        self.segment_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.segment_list.setIconSize(QSize(14, 14))
        self.segment_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.segment_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.segment_list.setUniformItemSizes(True)
        self.segment_list.currentItemChanged.connect(self._list_selected)
        self.segment_list.itemDoubleClicked.connect(self._rename_from_list)
        column.addWidget(self.segment_list)
        grid = QGridLayout()
        grid.setSpacing(3)
        self.add_buttons: dict[str, QPushButton] = {}
        for k, (label, tip, kind, inner) in enumerate((
                (_("Add monastery"), _("Add a monastery (a segment without ports)"),
                 MONASTERY, False),
                (_("Add garden"), _("Add a garden (a segment without ports)"), GARDEN, False),
                (_("Add inner field"), _("Add an inner field (a segment without ports)"),
                 FIELD, True))):
            button = QPushButton(swatch(kind), label)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, k=kind, i=inner: self.add_segment(k, i))
            grid.addWidget(button, k // 2, k % 2)
            self.add_buttons[label] = button
        self.remove_button = QPushButton(_("Remove segment"))
        self.remove_button.setToolTip(_("Remove the selected segment; its ports are left free"))
        self.remove_button.clicked.connect(self.remove_segment)
        grid.addWidget(self.remove_button, 1, 1)
        column.addLayout(grid)
        return box

    def _segment_form(self) -> QGroupBox:
        box = QGroupBox(_("Segment"))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.segment_id = QLineEdit()
        self.segment_id.editingFinished.connect(self._commit_segment_id)
        self.kind = QComboBox()
        self.kind.setEditable(True)
        for kind in KINDS:
            self.kind.addItem(swatch(kind), kind)
        self.kind.activated.connect(lambda _: self._commit_kind())
        line = self.kind.lineEdit()
        if line is not None:
            line.editingFinished.connect(self._commit_kind)
        self.pennants = QSpinBox()
        self.pennants.setRange(0, 9)
        self.pennants.valueChanged.connect(lambda v: self._segment_value("pennants", v))
        goods_row = self.goods_row = QGridLayout()
        goods_row.setHorizontalSpacing(6)
        self.goods: dict[str, QSpinBox] = {}
        for k, name in enumerate(tileops.GOODS):
            spin = QSpinBox()
            spin.setRange(0, 9)
            spin.setPrefix(f"{name} ")
            spin.valueChanged.connect(lambda _=0: self._commit_goods())
            goods_row.addWidget(spin, k // 2, k % 2)
            self.goods[name] = spin
        self.cities = QListWidget()
        self.cities.setMaximumHeight(78)
        self.cities.itemChanged.connect(lambda _: self._commit_cities())
        self.wraps = QLabel()
        self.wraps.setWordWrap(True)
        self.wraps.setToolTip(_("Derived from the ports: a road or river that ends inside this "
                              "field leaves both halves of its side to it"))
        self.segment_tags = QLineEdit()
        self.segment_tags.setPlaceholderText(_("inner, cottage, dead-end ..."))
        self.segment_tags.editingFinished.connect(
            lambda: self._segment_value("tags", _split_list(self.segment_tags.text())))
        self.ports_label = QLabel()
        self.ports_label.setWordWrap(True)
        form.addRow(_("Id"), self.segment_id)
        form.addRow(_("Kind"), self.kind)
        form.addRow(_("Ports"), self.ports_label)
        form.addRow(_("Pennants"), self.pennants)
        form.addRow(_("Goods"), goods_row)
        form.addRow(_("Cities"), self.cities)
        form.addRow(_("Wraps"), self.wraps)
        form.addRow(_("Tags"), self.segment_tags)
        self.segment_box = box
        self.segment_form = form
        return box

    # -- state -----------------------------------------------------------------------------

    @property
    def tile(self) -> dict[str, Any] | None:
        """The current tile's dict."""
        return self.doc.tiles[self.index] if 0 <= self.index < len(self.doc.tiles) else None

    def set_index(self, index: int) -> None:
        """Edit the tile at ``index`` (-1 for none)."""
        if index != self.index:
            self.index = index
            self.selected = ""
            self.hint.setText(_(HINT_IDLE))
        self.refresh()

    def select_segment(self, seg_id: str) -> None:
        """Select a segment by id ("" for none)."""
        tile = self.tile
        if tile is None or tileops.find(tile, seg_id) is None:
            seg_id = ""
        if seg_id != self.selected:
            self.selected = seg_id
            self.refresh()

    def select_segment_index(self, index: int) -> None:
        """Select the segment at ``index`` of the current tile."""
        segs = tileops.segments(self.tile or {})
        if 0 <= index < len(segs):
            self.select_segment(str(segs[index].get("id", "")))

    def _tile_changed(self, index: int) -> None:
        if index == self.index:
            self.refresh()

    def refresh(self) -> None:
        """Show the current tile as the document has it."""
        tile = self.tile
        if tile is not None and self.selected and tileops.find(tile, self.selected) is None:
            self.selected = ""
        self._updating = True
        try:
            self._show(tile)
        finally:
            self._updating = False

    def _show(self, tile: dict[str, Any] | None) -> None:
        self.canvas.set_tile(model_tile(tile, self.doc.set_id) if tile is not None else None,
                             self.selected)
        self.rotations.set_tile(tile, self.doc.set_id)
        self.sides.set_kinds([tileops.side_kind(tile, s) for s in range(4)] if tile else [])
        for widget in (self.tile_box, self.segments_box, self.remove_button):
            widget.setEnabled(tile is not None)
        if tile is None:
            self.title.setText(_("<span style='font-size:15pt'>No tile</span>"))
            self.segment_list.clear()
            self._show_segment(None, None)
            return
        count = tile.get("count")
        heading = _("Tile {id}").format(id=tile.get("id", "?"))
        self.title.setText(f"<span style='font-size:15pt; font-weight:600'>{escape(heading)}"
                           f"</span>&nbsp;&nbsp;<span style='color:#777'>× {count}</span>")
        self._show_tile_form(tile)
        self.segment_list.clear()
        for seg in tileops.segments(tile):
            ports = " ".join(map(str, tileops.listing(seg.get("ports")))) or _("no ports")
            item = QListWidgetItem(swatch(str(seg.get("kind", ""))),
                                   f"{seg.get('id')}   ·   {kind_name(seg)}   ·   {ports}")
            item.setData(Qt.ItemDataRole.UserRole, seg.get("id"))
            item.setToolTip(_("{segment}: {kind} on {ports}\nDouble-click to rename").format(
                segment=seg.get("id"), kind=kind_name(seg), ports=ports))
            self.segment_list.addItem(item)
            if seg.get("id") == self.selected:
                self.segment_list.setCurrentItem(item)
        rows = min(max(self.segment_list.count(), 3), 9)
        self.segment_list.setFixedHeight(rows * self.segment_list.sizeHintForRow(0) + 6
                                         if self.segment_list.count() else 60)
        self.remove_button.setEnabled(bool(self.selected))
        self._show_segment(tile, tileops.find(tile, self.selected) if self.selected else None)

    def _show_tile_form(self, tile: dict[str, Any]) -> None:
        self.tile_id.setText(str(tile.get("id", "")))
        count = tile.get("count")
        self.count.setValue(count if isinstance(count, int) else 1)
        self.start.setChecked(bool(tile.get("start")))
        self.aliases.setText(", ".join(map(str, tile.get("aliases", []) or [])))
        self.tile_tags.setText(", ".join(map(str, tile.get("tags", []) or [])))
        self.image.setText(str(tile.get("image", "")))
        provenance = tileops.mapping(tile.get("provenance"))
        self.sources.setText("; ".join(map(str, provenance.get("sources", []))))
        self.provisional.setChecked(bool(provenance.get("provisional")))
        self.note.setText(str(provenance.get("note", "")))
        for edit in (self.aliases, self.tile_tags, self.image, self.sources, self.note):
            edit.setCursorPosition(0)  # show the start of long texts

    def _show_segment(self, tile: dict[str, Any] | None, seg: dict[str, Any] | None) -> None:
        self.segment_box.setEnabled(seg is not None)
        self.segment_box.setTitle(_("Segment {id}").format(id=seg.get("id")) if seg else
                                  _("Segment (select one in the drawing or the list)"))
        seg = seg or {}
        kind = str(seg.get("kind", ""))
        self.segment_id.setText(str(seg.get("id", "")))
        found = self.kind.findText(kind)
        if found >= 0:
            self.kind.setCurrentIndex(found)
        else:
            self.kind.setEditText(kind)
        self.ports_label.setText(" ".join(map(str, tileops.listing(seg.get("ports")))) or
                                 (_("none (a segment inside the tile)") if seg else ""))
        pennants = seg.get("pennants", 0)
        self.pennants.setValue(pennants if isinstance(pennants, int) else 0)
        goods = tileops.mapping(seg.get("goods"))
        for name, spin in self.goods.items():
            value = goods.get(name, 0)
            spin.setValue(value if isinstance(value, int) else 0)
        self.cities.clear()
        for city in tileops.segments(tile or {}):
            if city.get("kind") != CITY:
                continue
            item = QListWidgetItem(swatch(CITY), str(city.get("id")))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            listed = city.get("id") in tileops.listing(seg.get("cities"))
            item.setCheckState(Qt.CheckState.Checked if listed else Qt.CheckState.Unchecked)
            self.cities.addItem(item)
        wraps = tileops.listing(seg.get("wraps"))
        self.wraps.setText(_("{segments} (a road or river ends in this field)").format(
            segments=", ".join(map(str, wraps))) if wraps else "—")
        self.segment_tags.setText(", ".join(map(str, tileops.listing(seg.get("tags")))))
        is_city, is_field = kind == CITY, kind == FIELD
        form = self.segment_form
        form.setRowVisible(self.pennants, is_city or bool(seg.get("pennants")))
        form.setRowVisible(self.goods_row, is_city or bool(goods))
        form.setRowVisible(self.cities, is_field)
        form.setRowVisible(self.wraps, is_field)

    # -- hints and clicks ------------------------------------------------------------------

    def port_action(self, port: int, ctrl: bool = False) -> tuple[str, QUndoCommand | None]:
        """What clicking a port does: the hint, and the command (``None``: only select)."""
        tile = self.tile
        if tile is None:
            return "", None
        name = PORT_NAMES[port]
        holder = tileops.owner(tile, port)
        held = str(holder.get("id")) if holder else ""
        mine = tileops.find(tile, self.selected) if self.selected else None
        if mine is None:
            if not held:
                return _("{port} is in no segment: select a segment first, then click it"
                         ).format(port=name), None
            return _("Click: select {segment} ({kind})").format(
                segment=held, kind=kind_name(holder)), None
        if ctrl and held != self.selected:
            return (_("Ctrl+click: move {port} into {segment}").format(port=name,
                                                                       segment=self.selected),
                    MovePort(self.doc, self.index, port, self.selected))
        if not held:
            return (_("Click: put {port} into {segment}").format(port=name,
                                                                 segment=self.selected),
                    MovePort(self.doc, self.index, port, self.selected))
        if held == self.selected:
            moving = tileops.split_ports(tile, held, port)
            if not moving:
                return _("{port} is all of {segment}: nothing to split").format(
                    port=name, segment=held), None
            names = " ".join(PORT_NAMES[p] for p in moving)
            return (_("Click: split {ports} off {segment} into a new segment ({kind})").format(
                        ports=names, segment=held, kind=kind_name(mine)),
                    SplitSegment(self.doc, self.index, held, port))
        if holder is not None and holder.get("kind") == mine.get("kind"):
            return (_("Click: join {segment} into {into}").format(segment=held,
                                                                  into=self.selected),
                    JoinSegments(self.doc, self.index, self.selected, held))
        return _("Click: select {segment} ({kind}); Ctrl+click: move {port} into {into}").format(
            segment=held, kind=kind_name(holder), port=name, into=self.selected), None

    def click_port(self, port: int, ctrl: bool = False) -> None:
        """Do what clicking a port does (see :meth:`port_action`)."""
        if self.tile is None:
            return
        try:
            _text, command = self.port_action(port, ctrl)
        except ValueError as exc:
            self.message.emit(str(exc))
            return
        if command is None:
            holder = tileops.owner(self.tile, port)
            if holder is not None:
                self.select_segment(str(holder.get("id")))
            return
        self.push(command)
        self._hovered(port, "")

    def _hovered(self, port: int, segment: str) -> None:
        if port >= 0:
            text, _rest = self.port_action(port, False)
            self.hint.setText(text or _(HINT_IDLE))
        elif segment:
            seg = tileops.find(self.tile or {}, segment) or {}
            self.hint.setText(_("{segment} ({kind}): click to select it, then click ports to "
                                "join, split or move them").format(segment=segment,
                                                                   kind=kind_name(seg)))
        else:
            self.hint.setText(_(HINT_IDLE) if not self.selected else _(
                "{segment} selected: click a port of another segment of its kind ({kind}) to "
                "join it, one of its own to split it off; Esc to deselect").format(
                    segment=self.selected,
                    kind=kind_name(tileops.find(self.tile or {}, self.selected))))

    def _side_menu(self, side: int, where: QPoint) -> None:
        menu = QMenu(self)
        menu.setTitle(_("Side {side}").format(side=SIDE_NAMES[side]))
        current = tileops.side_kind(self.tile or {}, side)
        for kind in tileops.SIDE_KINDS:
            action = menu.addAction(swatch(kind), f"Side {SIDE_NAMES[side]}: {kind}")
            action.setCheckable(True)
            action.setChecked(kind == current)
            action.triggered.connect(lambda _=False, k=kind: self.set_side(side, k))
        menu.popup(where)

    # -- edits -----------------------------------------------------------------------------

    def push(self, command: QUndoCommand) -> None:
        """Push a command when it changes something."""
        if getattr(command, "changed", True):
            self.doc.undo_stack.push(command)

    def set_side(self, side: int, kind: str) -> None:
        """Make a side of the current tile a city, road, field or river side."""
        if self.tile is not None:
            self.push(SetSide(self.doc, self.index, side, kind))
        self.refresh()

    def add_segment(self, kind: str, inner: bool = False) -> None:
        """Add a segment without ports and select it."""
        if self.tile is None:
            return
        command = AddSegment(self.doc, self.index, kind, inner)
        self.push(command)
        self.select_segment(command.segment)

    def remove_segment(self) -> None:
        """Remove the selected segment."""
        if self.tile is not None and self.selected:
            self.push(RemoveSegment(self.doc, self.index, self.selected))

    def _list_selected(self, item: QListWidgetItem | None) -> None:
        if not self._updating and item is not None:
            self.select_segment(str(item.data(Qt.ItemDataRole.UserRole)))

    def _rename_from_list(self, item: QListWidgetItem) -> None:
        self.segment_id.setFocus()
        self.segment_id.selectAll()

    def _tile_value(self, key: str, value: Any) -> None:
        if not self._updating and self.tile is not None:
            self.push(SetTileValue(self.doc, self.index, key, value))

    def _commit_tile_id(self) -> None:
        text = self.tile_id.text().strip()
        if not text:
            self.refresh()
            return
        self._tile_value("id", text)

    def _commit_provenance(self) -> None:
        if self._updating or self.tile is None:
            return
        old = tileops.mapping(self.tile.get("provenance"))
        provenance = {k: v for k, v in old.items() if k not in ("sources", "provisional",
                                                                  "note")}
        sources = _split_list(self.sources.text(), ";")
        if sources:
            provenance["sources"] = sources
        if self.provisional.isChecked():
            provenance["provisional"] = True
        elif "provisional" in old:
            provenance["provisional"] = False
        if self.note.text().strip():
            provenance["note"] = self.note.text().strip()
        ordered: dict[str, Any] = {k: provenance[k] for k in ("sources", "provisional", "note")
                                   if k in provenance}
        ordered.update((k, v) for k, v in provenance.items() if k not in ordered)
        self._tile_value("provenance", ordered)

    def _browse_image(self) -> None:
        folder = os.path.dirname(self.doc.path) if self.doc.path else ""
        path, _filter = QFileDialog.getOpenFileName(self, _("Tile image"), folder,
                                              _("Images (*.png *.jpg *.jpeg *.svg *.webp)"))
        if path:
            if folder:
                path = os.path.relpath(path, folder).replace(os.sep, "/")
            self.image.setText(path)
            self._tile_value("image", path)

    def _segment_value(self, key: str, value: Any) -> None:
        if not self._updating and self.tile is not None and self.selected:
            self.push(SetSegmentValue(self.doc, self.index, self.selected, key, value))

    def _commit_segment_id(self) -> None:
        if self._updating or self.tile is None or not self.selected:
            return
        new = self.segment_id.text().strip()
        if not new or new == self.selected:
            self.segment_id.setText(self.selected)
            return
        if tileops.find(self.tile, new) is not None:
            self.message.emit(_("The tile already has a segment {id!r}").format(id=new))
            self.segment_id.setText(self.selected)
            return
        self.push(RenameSegment(self.doc, self.index, self.selected, new))
        self.select_segment(new)

    def _commit_kind(self) -> None:
        kind = self.kind.currentText().strip()
        if kind:
            self._segment_value("kind", kind)

    def _commit_goods(self) -> None:
        if self._updating or self.tile is None or not self.selected:
            return
        seg = tileops.find(self.tile, self.selected) or {}
        goods = dict(tileops.mapping(seg.get("goods")))
        for name, spin in self.goods.items():
            if spin.value():
                goods[name] = spin.value()
            else:
                goods.pop(name, None)
        self._segment_value("goods", goods)

    def _commit_cities(self) -> None:
        checked = [self.cities.item(i).text() for i in range(self.cities.count())
                   if self.cities.item(i).checkState() == Qt.CheckState.Checked]
        self._segment_value("cities", checked)
