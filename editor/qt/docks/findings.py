"""Findings: file problems, illegal placements and figures, and the position's findings.
Clicking one with a place on the board selects that cell; the selected one is shown in full
below the list (messages are long: tile references, rule ids, JSON paths)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHeaderView,
    QLabel,
    QSplitter,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import N_, _, ngettext
from editor.model.findings import Finding, Severity

from ..document import BoardDocument

CELL_ROLE = Qt.ItemDataRole.UserRole + 1
FINDING_ROLE = Qt.ItemDataRole.UserRole + 2
NO_SELECTION = N_("Select a finding to read it in full here.")
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
        self.tree.setHeaderLabels([_("Finding"), _("Where"), _("Code")])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tree.setAccessibleName(_("Findings"))
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        self.tree.currentItemChanged.connect(lambda item, _: self._show(item))
        self.details = QLabel(NO_SELECTION)
        self.details.setAccessibleName(_("Finding in full"))
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                             | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setMargin(4)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.tree)
        self.split.addWidget(self.details)
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        self.split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.split)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The details beside the list in a low, wide strip; under it in a tall panel."""
        wide = event.size().width() > 1.6 * event.size().height()
        self.split.setOrientation(Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical)
        super().resizeEvent(event)

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
            for column in range(3):
                item.setToolTip(column, str(finding) if finding.file else finding.message)
            if finding.cell is not None:
                item.setData(0, CELL_ROLE, finding.cell)
            item.setData(0, FINDING_ROLE, finding)
            items.append(item)
        self.tree.addTopLevelItems(items)
        self._show(self.tree.currentItem())
        counts = {s: sum(1 for f in findings if f.severity is s) for s in Severity}
        if not findings:
            self.summary.setText(_("No findings: the position follows the rules."))
        else:
            errors, warnings, notes = (counts[s] for s in (Severity.ERROR, Severity.WARNING,
                                                           Severity.INFO))
            parts = [ngettext("{n} error", "{n} errors", errors).format(n=errors) if errors
                     else "",
                     ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)
                     if warnings else "",
                     ngettext("{n} info", "{n} infos", notes).format(n=notes) if notes else ""]
            self.summary.setText(", ".join(p for p in parts if p))

    def _show(self, item: QTreeWidgetItem | None) -> None:
        """The selected finding in full: severity, message, place, code, file."""
        finding = item.data(0, FINDING_ROLE) if item is not None else None
        if not isinstance(finding, Finding):
            self.details.setText(_(NO_SELECTION))
            return
        severity = {Severity.ERROR: _("Error"), Severity.WARNING: _("Warning"),
                    Severity.INFO: _("Info")}[finding.severity]
        rows = [f"<b>{severity}</b>: {escape(finding.message, quote=False)}"]
        place = where(finding)
        if place:
            rows.append(_("Where: {place}").format(place=escape(place, quote=False)))
        if finding.code:
            rows.append(_("Code: {code}").format(code=f"<code>{escape(finding.code)}</code>"))
        if finding.file:
            rows.append(_("File: {file} at {path}").format(
                file=escape(finding.file), path=f"<code>{escape(finding.path)}</code>"))
        self.details.setText("<br>".join(rows))

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        cell = item.data(0, CELL_ROLE)
        if cell:
            self.cellActivated.emit(cell[0], cell[1])


class FindingsDock(QDockWidget):
    """The findings list as a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Findings"), parent)
        self.setObjectName("FindingsDock")
        self.findings = FindingsWidget(self)
        self.setWidget(self.findings)
