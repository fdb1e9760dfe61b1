"""Table cells holding numbers: what Qt can hold as a number, and text beyond it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidgetItem

#: The integers a Qt cell holds as a number (a 64-bit ``qlonglong``).
QT_INTEGERS = range(-(2**63), 2**63)


def set_value(item: QTableWidgetItem, value: object,
              role: Qt.ItemDataRole = Qt.ItemDataRole.DisplayRole) -> None:
    """Put ``value`` in ``item`` under ``role``; an integer beyond what Qt holds (a file may
    say any score) is shown, and edited, as its text."""
    if isinstance(value, int) and value not in QT_INTEGERS:
        item.setText(str(value))
    else:
        item.setData(role, value)
