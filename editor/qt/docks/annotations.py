"""Title, description and the notes, arrows and highlights drawn over the board."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import _
from editor.model.board import Cell
from editor.model.position import Arrow, Highlight, Note

from ..commands import AddAnnotation, EditAnnotation, RemoveAnnotation, SetInfo
from ..document import ANNOTATION_KINDS, Annotation, BoardDocument
from .players import swatch

ROLE = Qt.ItemDataRole.UserRole + 1
DEFAULT_HIGHLIGHT = "#ffd166"
_PAIR = re.compile(r"(-?\d+)\s*,\s*(-?\d+)")


def describe(kind: str, item: Annotation) -> str:
    """One line for the list."""
    if isinstance(item, Note):
        return f"({item.x}, {item.y}) {item.text}"
    if isinstance(item, Arrow):
        label = f" {item.text}" if item.text else ""
        return f"{item.start} → {item.end}{label}"
    assert isinstance(item, Highlight)
    if item.feature:
        x, y, seg = item.feature
        return _("feature of {segment} at ({x}, {y})").format(segment=seg, x=x, y=y)
    return ", ".join(f"({x}, {y})" for x, y in item.cells)


def _cell_spins(cell: Cell) -> tuple[QSpinBox, QSpinBox, QHBoxLayout]:
    row = QHBoxLayout()
    spins = []
    for value in cell:
        spin = QSpinBox()
        spin.setRange(-9999, 9999)
        spin.setValue(value)
        row.addWidget(spin)
        spins.append(spin)
    return spins[0], spins[1], row


class AnnotationDialog(QDialog):
    """Edit one note, arrow or highlight."""

    def __init__(self, kind: str, item: Annotation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.item = item
        self.setWindowTitle({"notes": _("Edit note"), "arrows": _("Edit arrow"),
                             "highlights": _("Edit highlight")}.get(kind, kind))
        form = QFormLayout(self)
        self.text = QPlainTextEdit()
        self.line = QLineEdit()
        self.colour = DEFAULT_HIGHLIGHT
        if isinstance(item, Note):
            self.at_x, self.at_y, row = _cell_spins((item.x, item.y))
            form.addRow(_("Cell (x, y)"), row)
            self.text.setPlainText(item.text)
            form.addRow(_("Text"), self.text)
        elif isinstance(item, Arrow):
            self.at_x, self.at_y, row = _cell_spins(item.start)
            self.to_x, self.to_y, row2 = _cell_spins(item.end)
            form.addRow(_("From (x, y)"), row)
            form.addRow(_("To (x, y)"), row2)
            self.line.setText(item.text)
            form.addRow(_("Label"), self.line)
        else:
            assert isinstance(item, Highlight)
            self.colour = item.colour
            self.line.setText("; ".join(f"{x}, {y}" for x, y in item.cells))
            self.line.setPlaceholderText("0, 0; 1, 0")
            form.addRow(_("Cells"), self.line)
            self.feature = QLineEdit(", ".join(map(str, item.feature)) if item.feature else "")
            self.feature.setPlaceholderText(_("x, y, segment (instead of cells)"))
            form.addRow(_("Feature"), self.feature)
            self.colour_button = QPushButton(self.colour)
            self.colour_button.setIcon(swatch(self.colour))
            self.colour_button.clicked.connect(self._choose_colour)
            form.addRow(_("Colour"), self.colour_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _choose_colour(self) -> None:
        colour = QColorDialog.getColor(QColor(self.colour), self, _("Highlight colour"))
        if colour.isValid():
            self.colour = colour.name()
            self.colour_button.setText(self.colour)
            self.colour_button.setIcon(swatch(self.colour))

    def result_item(self) -> Annotation:
        """The annotation as edited."""
        if isinstance(self.item, Note):
            return Note(self.at_x.value(), self.at_y.value(), self.text.toPlainText())
        if isinstance(self.item, Arrow):
            return Arrow((self.at_x.value(), self.at_y.value()),
                         (self.to_x.value(), self.to_y.value()), self.line.text())
        cells = [(int(a), int(b)) for a, b in _PAIR.findall(self.line.text())]
        parts = [p.strip() for p in self.feature.text().split(",")]
        feature = None
        if len(parts) == 3 and all(parts):
            try:
                feature = (int(parts[0]), int(parts[1]), parts[2])
            except ValueError:
                feature = None
        return Highlight(self.colour, cells, feature)


class AnnotationsWidget(QWidget):
    """Title and description fields and the annotation list."""

    #: an annotation was selected; its first cell: (x, y)
    cellActivated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: BoardDocument | None = None
        self.current_cell: Cell = (0, 0)
        self.title = QLineEdit()
        self.title.setPlaceholderText(_("Title of the position"))
        self.title.textEdited.connect(self._title_edited)
        self.description = QPlainTextEdit()
        self.description.setPlaceholderText(_("What the position shows"))
        self.description.setMaximumHeight(90)
        self.description.textChanged.connect(self._description_edited)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName(_("Notes, arrows and highlights"))
        self.tree.itemDoubleClicked.connect(lambda *_: self.edit_selected())
        self.tree.itemClicked.connect(self._clicked)
        self.groups: dict[str, QTreeWidgetItem] = {}
        for kind in ANNOTATION_KINDS:
            group = QTreeWidgetItem([{"notes": _("Notes"), "arrows": _("Arrows"),
                                      "highlights": _("Highlights")}.get(kind, kind)])
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(group)
            self.groups[kind] = group
        buttons = QGridLayout()  # two rows, so that the dock may stay narrow
        adds = {"Note": (_("+ Note"), _("Add a note at the selected cell")),
                "Arrow": (_("+ Arrow"), _("Add an arrow at the selected cell")),
                "Highlight": (_("+ Highlight"), _("Add a highlight at the selected cell"))}
        for k, (label, slot) in enumerate((
                ("Note", self.add_note), ("Arrow", self.add_arrow),
                ("Highlight", self.add_highlight), (_("Edit…"), self.edit_selected),
                (_("Remove"), self.remove_selected))):
            button = QPushButton(label)
            button.clicked.connect(slot)
            if label in adds:
                button.setText(adds[label][0])
                button.setToolTip(adds[label][1])
            buttons.addWidget(button, k // 3, k % 3)
        form = QFormLayout()
        form.addRow(_("Title"), self.title)
        form.addRow(_("Description"), self.description)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(form)
        layout.addWidget(self.tree, 1)
        layout.addLayout(buttons)

    def set_document(self, doc: BoardDocument) -> None:
        """Show this document's annotations from now on."""
        if self.doc is not None:
            self.doc.annotationsChanged.disconnect(self.refresh)
        self.doc = doc
        doc.annotationsChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Fill the fields and the list from the document."""
        if self.doc is None:
            return
        position = self.doc.position
        if self.title.text() != position.title:
            self.title.setText(position.title)
        if self.description.toPlainText() != position.description:
            self.description.blockSignals(True)
            self.description.setPlainText(position.description)
            self.description.blockSignals(False)
        for kind, group in self.groups.items():
            group.takeChildren()
            for i, item in enumerate(self.doc.annotation_list(kind)):
                child = QTreeWidgetItem([describe(kind, item)])
                child.setData(0, ROLE, (kind, i))
                if isinstance(item, Highlight):
                    child.setIcon(0, swatch(item.colour))
                group.addChild(child)
            group.setText(0, f"{kind.capitalize()} ({group.childCount()})")
        self.tree.expandAll()

    def _title_edited(self, text: str) -> None:
        if self.doc is not None:
            self.doc.undo_stack.push(SetInfo(self.doc, title=text))

    def _description_edited(self) -> None:
        if self.doc is not None and self.description.toPlainText() != \
                self.doc.position.description:
            self.doc.undo_stack.push(SetInfo(self.doc,
                                             description=self.description.toPlainText()))

    def _selected(self) -> tuple[str, int] | None:
        item = self.tree.currentItem()
        data = item.data(0, ROLE) if item else None
        return (data[0], data[1]) if data else None

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        data = item.data(0, ROLE)
        if data is None or self.doc is None:
            return
        note = self.doc.annotation_list(data[0])[data[1]]
        if isinstance(note, Note):
            self.cellActivated.emit(note.x, note.y)
        elif isinstance(note, Arrow):
            self.cellActivated.emit(*note.start)
        elif note.feature:
            self.cellActivated.emit(note.feature[0], note.feature[1])
        elif note.cells:
            self.cellActivated.emit(*note.cells[0])

    def _add(self, kind: str, item: Annotation) -> None:
        assert self.doc is not None
        dialog = AnnotationDialog(kind, item, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.doc.undo_stack.push(AddAnnotation(self.doc, kind, dialog.result_item()))

    def add_note(self) -> None:
        """Ask for a note at the selected cell."""
        self._add("notes", Note(*self.current_cell, ""))

    def add_arrow(self) -> None:
        """Ask for an arrow from the selected cell."""
        x, y = self.current_cell
        self._add("arrows", Arrow((x, y), (x + 1, y)))

    def add_highlight(self) -> None:
        """Ask for a highlight of the selected cell."""
        self._add("highlights", Highlight(DEFAULT_HIGHLIGHT, [self.current_cell]))

    def edit_selected(self) -> None:
        """Edit the selected annotation in a dialog."""
        selected = self._selected()
        if selected is None or self.doc is None:
            return
        kind, index = selected
        dialog = AnnotationDialog(kind, self.doc.annotation_list(kind)[index], self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.doc.undo_stack.push(EditAnnotation(self.doc, kind, index,
                                                    dialog.result_item()))

    def remove_selected(self) -> None:
        """Remove the selected annotation."""
        selected = self._selected()
        if selected is not None and self.doc is not None:
            self.doc.undo_stack.push(RemoveAnnotation(self.doc, *selected))


class AnnotationsDock(QDockWidget):
    """The annotations editor as a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Annotations"), parent)
        self.setObjectName("AnnotationsDock")
        self.annotations = AnnotationsWidget(self)
        self.setWidget(self.annotations)
