"""The undo history: every edit as one line; clicking a line goes back to that state."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QUndoView, QWidget

from editor.i18n import _

from ..document import BoardDocument


class HistoryDock(QDockWidget):
    """A QUndoView of the document's undo stack."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("History"), parent)
        self.setObjectName("HistoryDock")
        self.view = QUndoView(self)
        self.view.setEmptyLabel("Opened")
        self.view.setAccessibleName(_("Undo history: click a line to go back to it"))
        self.setWidget(self.view)

    def set_document(self, doc: BoardDocument) -> None:
        """Show this document's history from now on."""
        self.view.setStack(doc.undo_stack)
