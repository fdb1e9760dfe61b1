"""Accessible names for the widgets of the docks, so that a screen reader says what each
field, list and button is. Widgets named where they are made keep their names; any other
focusable widget is named from its form label, its text, its placeholder or its tooltip,
else from its dock and kind ("Players: table")."""

from __future__ import annotations

import types

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableView,
    QTextEdit,
    QWidget,
)

_KINDS: tuple[tuple[type, str], ...] = (
    (QTableView, "table"), (QAbstractItemView, "list"), (QComboBox, "choice"),
    (QAbstractSpinBox, "number"), (QLineEdit, "text field"), (QPlainTextEdit, "text"),
    (QTextEdit, "text"), (QAbstractButton, "button"))


def _form_labels(root: QWidget) -> dict[QWidget, str]:
    """Each field of the forms under ``root`` with its label's text."""
    labels: dict[QWidget, str] = {}
    for label in root.findChildren(QLabel):
        buddy = label.buddy()
        if buddy is not None and label.text():
            labels[buddy] = label.text()
    for form in root.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            label_item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            field_item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            text = label_item.widget() if label_item is not None else None
            if field_item is None or not isinstance(text, QLabel):
                continue
            inner = field_item.layout()
            fields = [field_item.widget()] if inner is None else [
                item.widget() for item in (inner.itemAt(i) for i in range(inner.count()))
                if item is not None]
            for field in fields:
                if field is not None:
                    labels.setdefault(field, text.text())
    return labels


def _clean(text: str) -> str:
    return text.replace("&", "").strip(" :…")


def describe(widget: QWidget, context: str, labels: dict[QWidget, str]) -> str:
    """The name a screen reader should say for ``widget``."""
    if widget in labels:
        return _clean(labels[widget])
    if isinstance(widget, QAbstractButton) and any(c.isalpha() for c in widget.text()):
        return _clean(widget.text())
    if isinstance(widget, QLineEdit) and widget.placeholderText():
        return _clean(widget.placeholderText())
    if widget.toolTip() and not widget.toolTip().startswith("<"):
        return _clean(widget.toolTip().splitlines()[0])
    kind = next((name for cls, name in _KINDS if isinstance(widget, cls)), "control")
    return f"{context}: {kind}"


def _inside(widget: QWidget, kinds: type | types.UnionType) -> bool:
    """Whether an ancestor of ``widget`` (its parents, and a popup's owner) is one of
    ``kinds``."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parentWidget()
    return False


def name_widgets(root: QWidget, context: str) -> int:
    """Name every focusable widget under ``root`` that has no accessible name; returns how
    many were named."""
    labels = _form_labels(root)
    named = 0
    for widget in root.findChildren(QWidget):
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or widget.accessibleName():
            continue
        if _inside(widget, QComboBox | QAbstractSpinBox):
            continue  # a combo's or spin box's own editor and popup speak for it
        widget.setAccessibleName(describe(widget, context, labels))
        named += 1
    return named
