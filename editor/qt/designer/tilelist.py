"""The list of a tile set's tiles: drawing, id, count, aliases, tags and lint badges; add,
duplicate, delete and reorder (buttons, Ctrl+Up/Down or drag and drop)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import _, ngettext
from editor.model.findings import Severity
from editor.qt import palette as pal
from editor.qt.art.tiles import paint_tile
from editor.terms import feature_name

from . import tileops
from .commands import AddTile, DeleteTile, MoveTile
from .document import TileSetDocument, locate, model_tile

THUMB = 52
ROW_HEIGHT = 66
MIME = "application/x-carcassonne-designer-tile"
Index = QModelIndex | QPersistentModelIndex
ERROR_COLOUR = "#d64545"
WARNING_COLOUR = "#e0a526"
MUTED = "#6b6b6b"
_PIXMAP_LIMIT = 400
_pixmaps: dict[tuple[str, str, int], QPixmap] = {}


def tile_thumbnail(tile: dict[str, Any], set_id: str, size: int, rotation: int = 0,
                   image: bool = True) -> QPixmap:
    """A tile dict drawn into a pixmap (its image when it names one), cached by content."""
    key = (json.dumps(tile, sort_keys=True, default=str) + f"|{image}", set_id,
           size * 4 + rotation)
    pixmap = _pixmaps.get(key)
    if pixmap is None:
        if len(_pixmaps) >= _PIXMAP_LIMIT:
            _pixmaps.clear()
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        try:
            paint_tile(painter, model_tile(tile, set_id, image), rotation,
                       QRectF(0, 0, size, size))
        except Exception:  # a half-edited tile must never break the list
            painter.fillRect(0, 0, size, size, QColor("#dddddd"))
            painter.drawText(QRect(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, "?")
        painter.end()
        _pixmaps[key] = pixmap
    return pixmap


class TileListModel(QAbstractListModel):
    """The document's tiles, with per-tile lint counts; drops reorder through the undo stack."""

    TILE_ROLE = Qt.ItemDataRole.UserRole + 1
    PROBLEMS_ROLE = Qt.ItemDataRole.UserRole + 2
    #: a dragged tile is about to move to this row
    dropped = Signal(int)

    def __init__(self, doc: TileSetDocument) -> None:
        super().__init__()
        self.doc = doc
        self.problems: dict[int, tuple[int, int]] = {}
        doc.tilesChanged.connect(self._reset)
        doc.tileChanged.connect(self._changed)
        doc.findingsChanged.connect(self._count_problems)
        self._count_problems()

    def _reset(self) -> None:
        self.beginResetModel()
        self.endResetModel()

    def _changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row), self.index(row))

    def _count_problems(self) -> None:
        counts: dict[int, list[int]] = {}
        for finding in self.doc.findings():
            tile, _rest = locate(finding.path)
            if tile is not None:
                slot = counts.setdefault(tile, [0, 0])
                slot[0 if finding.severity is Severity.ERROR else 1] += 1
        self.problems = {k: (v[0], v[1]) for k, v in counts.items()}
        if self.rowCount():
            self.dataChanged.emit(self.index(0), self.index(self.rowCount() - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.doc.tiles)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self.doc.tiles):
            return None
        tile = self.doc.tiles[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(tile.get("id", ""))
        if role == self.TILE_ROLE:
            return tile
        if role == self.PROBLEMS_ROLE:
            return self.problems.get(index.row(), (0, 0))
        if role == Qt.ItemDataRole.ToolTipRole:
            errors, warnings = self.problems.get(index.row(), (0, 0))
            kinds = ", ".join(f"{s.get('id')} ({feature_name(str(s.get('kind')))})"
                              for s in tileops.segments(tile))
            lines = [f"<b>{tile.get('id')}</b> × {tile.get('count')}",
                     _("Segments: {segments}").format(segments=kinds)]
            if errors or warnings:
                lines.append(_("{errors}, {warnings}: see Findings").format(
                    errors=ngettext("{n} error", "{n} errors", errors).format(n=errors),
                    warnings=ngettext("{n} warning", "{n} warnings", warnings).format(
                        n=warnings)))
            return "<br>".join(lines)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.isValid():
            return base | Qt.ItemFlag.ItemIsDragEnabled
        return Qt.ItemFlag.ItemIsDropEnabled

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [MIME]

    def mimeData(self, indexes: Any) -> QMimeData:
        data = QMimeData()
        rows = sorted({i.row() for i in indexes})
        data.setData(MIME, QByteArray(str(rows[0] if rows else -1).encode()))
        return data

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: Index) -> bool:
        """Push the move as a command; ``False`` so that the view removes nothing itself."""
        if not data.hasFormat(MIME):
            return False
        source = int(bytes(data.data(MIME).data()).decode() or -1)
        count = len(self.doc.tiles)
        target = count if row < 0 else row
        target = target - 1 if target > source else target
        target = min(target, count - 1)
        if 0 <= source < count and target != source:
            self.dropped.emit(target)
            self.doc.undo_stack.push(MoveTile(self.doc, source, target))
        return False


class TileDelegate(QStyledItemDelegate):
    """A tile as a card: drawing with lint badge, id and count, aliases, tags."""

    def __init__(self, doc: TileSetDocument) -> None:
        super().__init__()
        self.doc = doc

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(200, ROW_HEIGHT)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        tile: dict[str, Any] = index.data(TileListModel.TILE_ROLE)
        errors, warnings = index.data(TileListModel.PROBLEMS_ROLE)
        rect = QRect(option.rect)
        state = option.state
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        card = QRectF(rect.adjusted(3, 2, -3, -2))
        if state & QStyle.StateFlag.State_Selected:
            painter.setPen(pal.colour(pal.SELECTION, 200))
            painter.setBrush(pal.colour(pal.SELECTION, 40))
            painter.drawRoundedRect(card, 6, 6)
        elif state & QStyle.StateFlag.State_MouseOver:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 14))
            painter.drawRoundedRect(card, 6, 6)
        thumb = QRect(rect.left() + 9, rect.top() + (rect.height() - THUMB) // 2, THUMB, THUMB)
        painter.drawPixmap(thumb, tile_thumbnail(tile, self.doc.set_id, THUMB))
        if errors or warnings:
            badge = QRectF(thumb.right() - 9, thumb.top() - 5, 16, 16)
            painter.setPen(QColor("white"))
            painter.setBrush(QColor(ERROR_COLOUR if errors else WARNING_COLOUR))
            painter.drawEllipse(badge)
            small = QFont(option.font)
            small.setPointSizeF(max(small.pointSizeF() * 0.75, 6.5))
            small.setBold(True)
            painter.setFont(small)
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(errors or warnings))
        left = thumb.right() + 10
        width = rect.right() - left - 8
        font = QFont(option.font)
        bold = QFont(font)
        bold.setBold(True)
        bold.setPointSizeF(font.pointSizeF() * 1.1)
        painter.setFont(bold)
        painter.setPen(QColor(pal.TEXT))
        title = str(tile.get("id", "")) + ("  ★" if tile.get("start") else "")
        top = rect.top() + 8
        painter.drawText(QRect(left, top, width, 20), Qt.AlignmentFlag.AlignLeft, title)
        painter.setFont(font)
        painter.setPen(QColor(MUTED))
        painter.drawText(QRect(left, top, width, 20), Qt.AlignmentFlag.AlignRight,
                         f"× {tile.get('count', '?')}")
        lines = []
        aliases = tile.get("aliases")
        if isinstance(aliases, list) and aliases:
            lines.append(", ".join(map(str, aliases)))
        tags = tile.get("tags")
        if isinstance(tags, list) and tags:
            lines.append("# " + ", ".join(map(str, tags)))
        if not lines:
            kinds = [str(s.get("kind")) for s in tileops.segments(tile)]
            lines.append(", ".join(dict.fromkeys(k for k in kinds if k != "field")) or "field")
        metrics = painter.fontMetrics()
        for k, line in enumerate(lines[:2]):
            text = metrics.elidedText(line, Qt.TextElideMode.ElideRight, width)
            painter.drawText(QRect(left, top + 22 + 17 * k, width, 18),
                             Qt.AlignmentFlag.AlignLeft, text)
        painter.restore()


class TileList(QWidget):
    """The tile list with its buttons; edits go through the undo stack."""

    #: the current tile's index (-1 when the set has none)
    currentChanged = Signal(int)

    def __init__(self, doc: TileSetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.model = TileListModel(doc)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setItemDelegate(TileDelegate(doc))
        self.view.setMouseTracking(True)
        self.view.setUniformItemSizes(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.view.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.view.setDropIndicatorShown(True)
        self.view.selectionModel().currentChanged.connect(self._current)
        self.view.setAccessibleName(_("Tiles"))
        delete = QAction(_("Delete tile"), self.view)
        delete.setShortcut(QKeySequence.StandardKey.Delete)
        delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        delete.triggered.connect(self.delete)
        self.view.addAction(delete)
        self.buttons: dict[str, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.setSpacing(2)
        for name, text, tip, slot, shortcut in (
                ("add", _("Add"), _("Add a blank tile after this one"), self.add,
                 "Ctrl+Shift+A"),
                ("duplicate", _("Duplicate"), _("Copy this tile"), self.duplicate, "Ctrl+D"),
                ("delete", _("Delete"), _("Delete this tile"), self.delete,
                 _("Del in the list")),
                ("up", "▲", _("Move up"), lambda: self.move_by(-1), "Ctrl+Up"),
                ("down", "▼", _("Move down"), lambda: self.move_by(1), "Ctrl+Down")):
            # the keys belong to the window's Tile menu, which shows them
            button = QToolButton()
            button.setText(text)
            button.setToolTip(f"{tip} ({shortcut})")
            button.setAccessibleName(tip)
            button.setAutoRaise(True)
            button.clicked.connect(slot)
            bar.addWidget(button)
            self.buttons[name] = button
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(bar)
        layout.addWidget(self.view)
        self._last = -1
        #: the row to make current after the next change of the list (else the same row)
        self._wanted: int | None = None
        self._last_row = 0
        self.model.dropped.connect(self._dropped)
        doc.tilesChanged.connect(self._restore)
        self.set_current(0)

    def current(self) -> int:
        """The current tile's index (-1 when there is none)."""
        index = self.view.currentIndex()
        return index.row() if index.isValid() else -1

    def set_current(self, row: int) -> None:
        """Make a tile current (clamped to the list)."""
        count = self.model.rowCount()
        row = min(max(row, 0), count - 1)
        if row >= 0:
            self.view.setCurrentIndex(self.model.index(row))
        self._update_buttons()
        if row < 0 and self._last != -1:
            self._last = -1
            self.currentChanged.emit(-1)

    def _current(self, index: QModelIndex) -> None:
        row = index.row() if index.isValid() else -1
        self._update_buttons()
        if row != self._last:
            self._last = row
            self.currentChanged.emit(row)

    def _restore(self) -> None:
        """After tiles were added, removed or moved: keep a current tile (announced again,
        as the row may now hold another tile)."""
        row = self._wanted if self._wanted is not None else self._last_row
        self._wanted = None
        self._last = -2
        self.set_current(row)

    def _dropped(self, target: int) -> None:
        self._wanted = target

    def _update_buttons(self) -> None:
        row = self.current()
        self._last_row = max(row, 0)
        count = self.model.rowCount()
        self.buttons["duplicate"].setEnabled(row >= 0)
        self.buttons["delete"].setEnabled(row >= 0)
        self.buttons["up"].setEnabled(row > 0)
        self.buttons["down"].setEnabled(0 <= row < count - 1)

    def add(self) -> None:
        """Add a blank tile after the current one."""
        row = self.current() + 1
        tile = tileops.blank_tile(tileops.free_id(self.doc.tile_ids()))
        self._wanted = row
        self.doc.undo_stack.push(AddTile(self.doc, row, tile))

    def duplicate(self) -> None:
        """Copy the current tile, under a new id, after it."""
        row = self.current()
        if row < 0:
            return
        tile = dict(self.doc.tiles[row])
        tile["id"] = tileops.free_id(self.doc.tile_ids(), str(tile.get("id", "tile")))
        self._wanted = row + 1
        self.doc.undo_stack.push(AddTile(self.doc, row + 1, tile,
                                         _("Duplicate tile {id}").format(
                                             id=self.doc.tile_ids()[row])))

    def delete(self) -> None:
        """Delete the current tile."""
        row = self.current()
        if row >= 0:
            self._wanted = row
            self.doc.undo_stack.push(DeleteTile(self.doc, row))

    def move_by(self, step: int) -> None:
        """Move the current tile up (-1) or down (1)."""
        row = self.current()
        target = row + step
        if row >= 0 and 0 <= target < self.model.rowCount():
            self._wanted = target
            self.doc.undo_stack.push(MoveTile(self.doc, row, target))
