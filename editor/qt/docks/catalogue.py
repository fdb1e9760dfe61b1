"""The tile catalogue: every loaded set with drawn thumbnails, filters by set, edition and
feature, search by id or alias, and how many copies are still available on this board."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QIcon, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLineEdit,
    QListView,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import _, pgettext, translate
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue
from editor.terms import feature_name, goods_name

from ..art.images import use_catalogue
from ..art.pixmaps import tile_icon
from ..document import BoardDocument
from ..mime import TILE_MIME

TILE_ROLE = Qt.ItemDataRole.UserRole + 1
RULESET_SETS = "@ruleset"
#: Thumbnail sizes (logical pixels): about IDEAL_THUMB, growing with the dock up to
#: MAX_THUMB until another column fits.
THUMB = 64
IDEAL_THUMB = 96
MAX_THUMB = 144
#: Room around a thumbnail in the grid, across and (with its two lines of text) down.
PAD = 18
Index = QModelIndex | QPersistentModelIndex

#: Feature filters: label → test on a tile.
FEATURES: dict[str, object] = {
    "goods": lambda t: bool(t.goods),
    "pennant": lambda t: any(s.pennants for s in t.segments),
    "monastery": lambda t: t.has("monastery"),
    "garden": lambda t: t.has("garden"),
    "inner field": lambda t: any("inner" in s.tags for s in t.segments),
    "river": lambda t: t.has("river"),
    "road": lambda t: t.has("road"),
    "city": lambda t: t.has("city"),
}


def filter_name(name: str) -> str:
    """A feature filter's label in the current language."""
    names = {"pennant": pgettext("feature", "pennant"),
             "inner field": pgettext("feature", "inner field")}
    return names.get(name) or feature_name(name)


def copies_text(left: int, count: int) -> str:
    """What the list says under a thumbnail about the box."""
    if left < 0:
        return _("{n} too many (box {count})").format(n=-left, count=count)
    return _("{n} of {count} left").format(n=left, count=count)


def tile_tooltip(tile: Tile, set_name: str, left: int | None) -> str:
    """What a catalogue entry says on hover."""
    kinds = Counter(s.kind for s in tile.segments)
    lines = [f"<b>{tile.ref}</b> — {translate(set_name)}",
             _("Segments: {list}").format(list=", ".join(
                 f"{n}× {feature_name(k)}" if n > 1 else feature_name(k)
                 for k, n in kinds.items()))]
    if tile.aliases:
        lines.append(_("Aliases: {list}").format(list=", ".join(tile.aliases)))
    lines.append(_("{n} in the box, {left} left on this board").format(n=tile.count, left=left)
                 if left is not None else _("{n} in the box").format(n=tile.count))
    if tile.goods:
        lines.append(_("Goods: {list}").format(list=", ".join(
            f"{n} {goods_name(k)}" for k, n in tile.goods.items())))
    if tile.tags:
        lines.append(_("Shows: {list}").format(list=", ".join(tile.tags)))
    if tile.provenance.provisional:
        lines.append("<i>" + _("Provisional geometry: {note}").format(
            note=tile.provenance.note or _("inferred")) + "</i>")
    return "<br>".join(lines)


class TileListModel(QAbstractListModel):
    """Every tile of every set; thumbnails drawn on first use."""

    def __init__(self, catalogue: Catalogue) -> None:
        super().__init__()
        self.placed: Counter[str] = Counter()
        self.thumb = THUMB
        self.dpr = 1.0
        use_catalogue(catalogue)
        self._read(catalogue)

    def _read(self, catalogue: Catalogue) -> None:
        self.tiles: list[Tile] = [t for s in catalogue.sets for t in s.tiles]
        self.set_names = {s.id: s.name for s in catalogue.sets}
        self.editions = {s.id: s.edition for s in catalogue.sets}
        self._icons: dict[int, QIcon] = {}

    def reload(self, catalogue: Catalogue) -> None:
        """Show the catalogue's sets again (one was added or replaced)."""
        self.beginResetModel()
        self._read(catalogue)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.tiles)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        tile = self.tiles[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{tile.id}\n{copies_text(self.left(tile), tile.count)}"
        if role == Qt.ItemDataRole.DecorationRole:
            icon = self._icons.get(index.row())
            if icon is None:
                icon = self._icons[index.row()] = tile_icon(tile, self.thumb, self.dpr)
            return icon
        if role == Qt.ItemDataRole.ToolTipRole:
            return tile_tooltip(tile, self.set_names[tile.set_id], self.left(tile))
        if role == Qt.ItemDataRole.ForegroundRole and self.left(tile) <= 0:
            return QColor("#a0a0a0")
        if role == TILE_ROLE:
            return tile
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        return super().flags(index) | Qt.ItemFlag.ItemIsDragEnabled

    def mimeTypes(self) -> list[str]:
        return [TILE_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        data = QMimeData()
        if indexes:
            data.setData(TILE_MIME, QByteArray(self.tiles[indexes[0].row()].ref.encode()))
        return data

    def set_thumb(self, size: int, dpr: float) -> None:
        """Draw thumbnails ``size`` pixels wide at the screen's device pixel ratio."""
        if (size, dpr) != (self.thumb, self.dpr):
            self.thumb, self.dpr = size, dpr
            self._icons.clear()

    def left(self, tile: Tile) -> int:
        """Copies not yet on the board (negative when the board holds too many)."""
        return tile.count - self.placed[tile.ref]

    def set_placed(self, placed: Counter[str]) -> None:
        """Update the counts of tiles on the board."""
        if placed != self.placed:
            self.placed = placed
            if self.tiles:
                self.dataChanged.emit(self.index(0), self.index(len(self.tiles) - 1),
                                      [Qt.ItemDataRole.DisplayRole,
                                       Qt.ItemDataRole.ForegroundRole])


class TileFilter(QSortFilterProxyModel):
    """Filters by set, edition, feature and text."""

    def __init__(self, model: TileListModel) -> None:
        super().__init__()
        self.setSourceModel(model)
        self.model_ = model
        self.set_ids: frozenset[str] = frozenset()
        self.edition = ""
        self.feature = ""
        self.text = ""

    def update(self, set_ids: frozenset[str], edition: str, feature: str, text: str) -> None:
        """Apply new filter values (no set ids: every set)."""
        modern = hasattr(self, "endFilterChange")  # Qt 6.10 deprecates invalidateFilter
        if modern:
            self.beginFilterChange()
        self.set_ids, self.edition, self.feature = set_ids, edition, feature
        self.text = text.strip().lower()
        if modern:
            self.endFilterChange()
        else:
            self.invalidateFilter()

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        tile = self.model_.tiles[row]
        if self.set_ids and tile.set_id not in self.set_ids:
            return False
        if self.edition and self.model_.editions[tile.set_id] != self.edition:
            return False
        if self.feature and not FEATURES[self.feature](tile):  # type: ignore[operator]
            return False
        if self.text:
            names = [tile.id.lower(), tile.ref.lower(), *(a.lower() for a in tile.aliases)]
            return any(self.text in name for name in names)
        return True


class TileGrid(QListView):
    """Thumbnails in a grid that fills the dock: as it widens, they grow (up to
    :data:`MAX_THUMB`) before another column is added."""

    def __init__(self, model: TileListModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tiles = model
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMovement(QListView.Movement.Static)
        self.setUniformItemSizes(True)
        self.setWordWrap(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QListView.DragDropMode.DragOnly)
        self.fit(THUMB * 3 + PAD * 3)

    def fit(self, width: int) -> None:
        """Size thumbnails and grid for a viewport ``width`` pixels wide."""
        width -= 4
        columns = max(1, width // (IDEAL_THUMB + PAD))
        thumb = max(THUMB // 2, min(MAX_THUMB, width // columns - PAD))
        text = self.fontMetrics().height() * 2 + 10
        self.tiles.set_thumb(thumb, self.devicePixelRatioF())
        self.setIconSize(QSize(thumb, thumb))
        self.setGridSize(QSize(thumb + PAD, thumb + text))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.fit(self.viewport().width() if self.isVisible() else event.size().width())
        super().resizeEvent(event)


class CatalogueWidget(QWidget):
    """Filters over a grid of tile thumbnails; selecting one arms the place-tile tool."""

    #: the current tile changed (by mouse, keys or :meth:`select`): the tile
    tileSelected = Signal(object)
    #: a tile was clicked or activated (Enter): the person wants to place it now
    tilePicked = Signal()

    def __init__(self, catalogue: Catalogue, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: BoardDocument | None = None
        self.model = TileListModel(catalogue)
        self.proxy = TileFilter(self.model)
        self.sets = QComboBox()
        self.editions = QComboBox()
        self._fill_choices(catalogue)
        self.features = QComboBox()
        self.features.addItem(_("Any feature"), "")
        for name in FEATURES:
            self.features.addItem(filter_name(name), name)
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Search id or alias (e.g. D, BA/RCr)"))
        self.search.setClearButtonEnabled(True)
        for widget, name in ((self.sets, _("Tile set filter")),
                             (self.editions, _("Edition filter")),
                             (self.features, _("Feature filter")),
                             (self.search, _("Search tiles"))):
            widget.setAccessibleName(name)
        for combo in (self.sets, self.editions, self.features):
            combo.currentIndexChanged.connect(self._filter)
            # long set names must not hold the dock wide
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        self.search.textChanged.connect(self._filter)
        self.view = TileGrid(self.model)
        self.view.setModel(self.proxy)
        self.view.setAccessibleName(_("Tiles of the catalogue"))
        self.view.setToolTip(_("Under each tile: its id and how many copies of the box are "
                             "not on this board yet"))
        self.view.selectionModel().currentChanged.connect(self._current)
        self.view.clicked.connect(lambda _: self.tilePicked.emit())
        self.view.activated.connect(lambda _: self.tilePicked.emit())
        filters = QHBoxLayout()
        filters.addWidget(self.editions)
        filters.addWidget(self.features)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.sets)
        layout.addLayout(filters)
        layout.addWidget(self.search)
        layout.addWidget(self.view)

    def _fill_choices(self, catalogue: Catalogue) -> None:
        self.sets.clear()
        self.sets.addItem(_("Sets of the ruleset"), RULESET_SETS)
        self.sets.addItem(_("All sets"), "")
        for tile_set in catalogue.sets:
            self.sets.addItem(tile_set.name, tile_set.id)
            self.sets.setItemData(self.sets.count() - 1, tile_set.id, Qt.ItemDataRole.ToolTipRole)
        self.editions.clear()
        self.editions.addItem(_("Any edition"), "")
        for edition in sorted({s.edition for s in catalogue.sets}):
            self.editions.addItem(edition, edition)

    def reload(self, catalogue: Catalogue) -> None:
        """Take in sets added to the catalogue (a play-tested tile set), keeping the filters
        where they still apply."""
        chosen_set, chosen_edition = self.sets.currentData(), self.editions.currentData()
        for combo in (self.sets, self.editions):
            combo.blockSignals(True)
        self._fill_choices(catalogue)
        self.sets.setCurrentIndex(max(0, self.sets.findData(chosen_set)))
        self.editions.setCurrentIndex(max(0, self.editions.findData(chosen_edition)))
        for combo in (self.sets, self.editions):
            combo.blockSignals(False)
        self.model.reload(catalogue)
        self.recount()
        self._filter()

    def set_document(self, doc: BoardDocument) -> None:
        """Count this document's tiles from now on."""
        if self.doc is not None:
            self.doc.scoresChanged.disconnect(self.recount)
            self.doc.rulesetChanged.disconnect(self._filter)
        self.doc = doc
        doc.scoresChanged.connect(self.recount)
        doc.rulesetChanged.connect(self._filter)
        self.recount()
        self._filter()

    def recount(self) -> None:
        """Refresh the copies left (after the debounced change signal)."""
        if self.doc is not None:
            self.model.set_placed(Counter(p.tile.ref for p in self.doc.board))

    def _filter(self) -> None:
        choice = self.sets.currentData() or ""
        if choice == RULESET_SETS:
            ids = frozenset(self.doc.tile_sets()) if self.doc is not None else frozenset()
        else:
            ids = frozenset([choice]) if choice else frozenset()
        self.proxy.update(ids, self.editions.currentData() or "",
                          self.features.currentData() or "", self.search.text())

    def _current(self, index: QModelIndex) -> None:
        if index.isValid():
            self.tileSelected.emit(index.data(TILE_ROLE))

    def select(self, tile: Tile) -> None:
        """Make ``tile`` the current entry (clearing filters that hide it)."""
        row = self.model.tiles.index(tile)
        index = self.proxy.mapFromSource(self.model.index(row))
        if not index.isValid():
            self.sets.setCurrentIndex(1)
            self.editions.setCurrentIndex(0)
            self.features.setCurrentIndex(0)
            self.search.clear()
            index = self.proxy.mapFromSource(self.model.index(row))
        self.view.setCurrentIndex(index)

    def show_set(self, set_id: str) -> Tile | None:
        """Show only the tile set ``set_id`` (the other filters cleared) and make its first
        tile the current entry (a play-tested set, seen at once); that tile, if any."""
        at = self.sets.findData(set_id)
        if at < 0:
            return None
        for combo in (self.sets, self.editions, self.features):
            combo.blockSignals(True)
        self.sets.setCurrentIndex(at)
        self.editions.setCurrentIndex(0)
        self.features.setCurrentIndex(0)
        for combo in (self.sets, self.editions, self.features):
            combo.blockSignals(False)
        self.search.clear()
        self._filter()
        first = self.proxy.index(0, 0)
        if not first.isValid():
            return None
        self.view.setCurrentIndex(first)
        self.view.scrollTo(first)
        tile: Tile = first.data(TILE_ROLE)
        return tile

    def visible_tiles(self) -> list[Tile]:
        """The tiles the filters let through, in order."""
        return [self.proxy.index(r, 0).data(TILE_ROLE) for r in range(self.proxy.rowCount())]


class CatalogueDock(QDockWidget):
    """The catalogue as a dock."""

    def __init__(self, catalogue: Catalogue, parent: QWidget | None = None) -> None:
        super().__init__(_("Catalogue"), parent)
        self.setObjectName("CatalogueDock")
        self.catalogue = CatalogueWidget(catalogue, self)
        self.setWidget(self.catalogue)
