"""Findings: file problems, illegal placements and figures, and the position's findings.
Clicking one with a place on the board selects that cell."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QHeaderView,
    QLabel,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.model.findings import Finding, Severity

from ..document import BoardDocument

CELL_ROLE = Qt.ItemDataRole.UserRole + 1
_ICONS = {
    Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
    Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
    Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
}


def where(finding: Finding) -> str:
    """The cell (and segment) of a finding, or its place in the file."""
    if finding.cell is not None:
        text = f"({finding.cell[0]}, {finding.cell[1]})"
        return f"{text} {finding.segment}" if finding.segment else text
    return finding.path if finding.file else ""


class FindingsWidget(QWidget):
    """The list of findings of one document."""

    #: a finding with a cell was clicked: (x, y)
    cellActivated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: BoardDocument | None = None
        self.summary = QLabel()
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Finding", "Where", "Code"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree)

    def set_document(self, doc: BoardDocument) -> None:
        """Show this document's findings from now on."""
        if self.doc is not None:
            self.doc.scoresChanged.disconnect(self.refresh)
        self.doc = doc
        doc.scoresChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """List the document's findings, errors first."""
        if self.doc is None:
            return
        findings = sorted(self.doc.findings(), key=lambda f: list(Severity).index(f.severity))
        style = self.style()
        self.tree.clear()
        items = []
        for finding in findings:
            item = QTreeWidgetItem([finding.message, where(finding), finding.code])
            item.setIcon(0, style.standardIcon(_ICONS[finding.severity]))
            item.setToolTip(0, str(finding) if finding.file else finding.message)
            if finding.cell is not None:
                item.setData(0, CELL_ROLE, finding.cell)
            items.append(item)
        self.tree.addTopLevelItems(items)
        counts = {s: sum(1 for f in findings if f.severity is s) for s in Severity}
        if not findings:
            self.summary.setText("No findings: the position follows the rules.")
        else:
            parts = [f"{n} {s.value}{'s' if n != 1 else ''}" for s, n in counts.items() if n]
            self.summary.setText(", ".join(parts))

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        cell = item.data(0, CELL_ROLE)
        if cell:
            self.cellActivated.emit(cell[0], cell[1])


class FindingsDock(QDockWidget):
    """The findings list as a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Findings", parent)
        self.setObjectName("FindingsDock")
        self.findings = FindingsWidget(self)
        self.setWidget(self.findings)
