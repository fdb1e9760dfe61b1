"""Players: add and remove them; edit name, colour, score, goods and supply in place.

The supply columns are the figure kinds of the ruleset; a count the file gives for a kind
the ruleset does not have is kept (and saved) but not a column: a line under the table
names it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QColorDialog,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import _
from editor.model.players import DEFAULT_COLOURS, Player

from ..commands import AddPlayer, EditPlayer, RemovePlayer
from ..document import BoardDocument

NAME, COLOUR, SCORE = 0, 1, 2


def swatch(colour: str, size: int = 14) -> QIcon:
    """A small square of colour."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class PlayersWidget(QWidget):
    """A table of players; every change is one undoable command."""

    #: the player chosen as the one whose figures the figure tool places
    currentPlayerChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: BoardDocument | None = None
        self.columns: list[tuple[str, str]] = []  # (field, kind) after the fixed columns
        self.table = QTableWidget(0, 3)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemChanged.connect(self._edited)
        self.table.cellDoubleClicked.connect(self._double_clicked)
        self.table.currentCellChanged.connect(self._current_changed)
        add = QPushButton(_("Add player"))
        add.clicked.connect(self.add_player)
        self.remove = QPushButton(_("Remove"))
        self.remove.clicked.connect(self.remove_player)
        self.outside = QLabel()
        self.outside.setWordWrap(True)
        self.outside.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(self.remove)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.table)
        layout.addWidget(self.outside)
        layout.addLayout(buttons)

    def set_document(self, doc: BoardDocument) -> None:
        """Show this document's players from now on."""
        if self.doc is not None:
            self.doc.playersChanged.disconnect(self.refresh)
            self.doc.rulesetChanged.disconnect(self.refresh)
        self.doc = doc
        doc.playersChanged.connect(self.refresh)
        doc.rulesetChanged.connect(self.refresh)
        self.refresh()

    def _goods_kinds(self) -> list[str]:
        assert self.doc is not None
        doc = self.doc
        kinds: set[str] = set()
        for set_id in doc.rules.tilesets():
            try:
                kinds.update(doc.catalogue.get_set(set_id).goods_symbols())
            except KeyError:
                continue
        for player in doc.players:
            kinds.update(player.goods)
        return sorted(kinds)

    def refresh(self) -> None:
        """Rebuild the table from the document."""
        if self.doc is None:
            return
        doc = self.doc
        figure_kinds = doc.figure_kinds()
        self.columns = [("goods", k) for k in self._goods_kinds()] + [
            ("supply", k) for k in figure_kinds]
        outside = [f"{p.name} {n} {kind}{'s' if n != 1 else ''}" for p in doc.players
                   for kind, n in p.supply.items() if kind not in figure_kinds and n]
        self.outside.setText(f"Not in {doc.rules.name}, kept in the file: "
                             + ", ".join(outside) if outside else "")
        self.outside.setVisible(bool(outside))
        headers = ["Name", "Colour", "Score", *[k if f == "goods" else f"{k}s left"
                                               for f, k in self.columns]]
        row = self.table.currentRow()
        self.table.blockSignals(True)
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(doc.players))
        for r, player in enumerate(doc.players):
            self.table.setItem(r, NAME, QTableWidgetItem(player.name))
            colour = QTableWidgetItem(swatch(player.colour), player.colour)
            colour.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            colour.setToolTip(_("Double-click to choose a colour"))
            self.table.setItem(r, COLOUR, colour)
            self.table.setItem(r, SCORE, self._number(player.score))
            for c, (field, kind) in enumerate(self.columns, SCORE + 1):
                self.table.setItem(r, c, self._number(getattr(player, field).get(kind, 0)))
        if 0 <= row < len(doc.players):
            self.table.setCurrentCell(row, NAME)
        self.table.blockSignals(False)
        self.remove.setEnabled(bool(doc.players))

    @staticmethod
    def _number(value: int) -> QTableWidgetItem:
        item = QTableWidgetItem()
        if -(2**63) <= value < 2**63:
            item.setData(Qt.ItemDataRole.EditRole, value)
        else:  # beyond the numbers Qt holds: shown (and edited) as text
            item.setText(str(value))
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return item

    def _edited(self, item: QTableWidgetItem) -> None:
        assert self.doc is not None
        row, col = item.row(), item.column()
        player = self.doc.players[row]
        if col == NAME:
            name = item.text().strip()
            if name and name != player.name:
                self.doc.undo_stack.push(EditPlayer(self.doc, row, name=name))
            else:
                self.refresh()
            return
        try:
            value = int(item.data(Qt.ItemDataRole.EditRole) or 0)
        except (TypeError, ValueError):  # text typed over a number shown as text
            self.refresh()
            return
        if col == SCORE:
            if value != player.score:
                self.doc.undo_stack.push(EditPlayer(self.doc, row, score=value))
            return
        field, kind = self.columns[col - SCORE - 1]
        counts = dict(getattr(player, field))
        if counts.get(kind, 0) != value:
            counts[kind] = value
            self.doc.undo_stack.push(EditPlayer(self.doc, row, **{field: counts}))

    def _current_changed(self, row: int, *_args: int) -> None:
        if row >= 0:
            self.currentPlayerChanged.emit(row)

    def _double_clicked(self, row: int, col: int) -> None:
        if col == COLOUR:
            self.choose_colour(row)

    def choose_colour(self, row: int) -> None:
        """Ask for a player's colour (QColorDialog)."""
        assert self.doc is not None
        player = self.doc.players[row]
        colour = QColorDialog.getColor(QColor(player.colour), self,
                                       f"Colour of {player.name}")
        if colour.isValid() and colour.name() != player.colour:
            self.doc.undo_stack.push(EditPlayer(self.doc, row, colour=colour.name()))

    def add_player(self) -> None:
        """Add a player with the next unused colour and a full supply."""
        assert self.doc is not None
        doc = self.doc
        used = {p.colour for p in doc.players}
        colour = next((c for c in DEFAULT_COLOURS if c not in used), DEFAULT_COLOURS[0])
        player = Player(f"Player {len(doc.players) + 1}", colour, supply=doc.full_supply())
        doc.undo_stack.push(AddPlayer(doc, player))
        self.table.setCurrentCell(len(doc.players) - 1, NAME)

    def remove_player(self) -> None:
        """Remove the selected player (and their figures)."""
        assert self.doc is not None
        row = self.table.currentRow()
        if 0 <= row < len(self.doc.players):
            self.doc.undo_stack.push(RemovePlayer(self.doc, row))


class PlayersDock(QDockWidget):
    """The players table as a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Players"), parent)
        self.setObjectName("PlayersDock")
        self.players = PlayersWidget(self)
        self.setWidget(self.players)
