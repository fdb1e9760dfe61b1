"""Choosing a ruleset: one base edition, expansions, and each edition's options.

The picker emits ``changed`` on every change, so the main window can apply it at once and
the scores follow live; the dialog only adds a Close button.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.plugins import PluginHost
from editor.rules.editions import Edition, OptionSpec

Options = dict[str, dict[str, Any]]


class RulesetPicker(QWidget):
    """Base edition, expansions and options; ``changed(editions, options)`` on each edit."""

    changed = Signal(list, dict)

    def __init__(self, host: PluginHost, editions: list[str], options: Options,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.options: Options = {k: dict(v) for k, v in options.items()}
        self.base = QComboBox()
        for edition in host.base_editions():
            self.base.addItem(edition.title, edition.name)
        index = self.base.findData(editions[0] if editions else "")
        self.base.setCurrentIndex(max(index, 0))
        self.expansions: dict[str, QCheckBox] = {}
        box = QGroupBox("Expansions")
        box_layout = QVBoxLayout(box)
        for edition in host.editions.values():
            if edition.expansion:
                check = QCheckBox(edition.title.replace("&", "&&"))
                check.setToolTip(f"{edition.name}: published for "
                                 f"{', '.join(edition.pairs_with) or 'any base edition'}")
                check.setChecked(edition.name in editions)
                check.toggled.connect(self._emit)
                box_layout.addWidget(check)
                self.expansions[edition.name] = check
        self.options_box = QGroupBox("Options")
        self.options_form = QFormLayout(self.options_box)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form = QFormLayout()
        form.addRow("Base game", self.base)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(box)
        layout.addWidget(self.options_box)
        layout.addWidget(self.summary)
        layout.addStretch(1)
        self.base.currentIndexChanged.connect(self._base_changed)
        self._base_changed(emit=False)

    def editions(self) -> list[str]:
        """The chosen editions, base first."""
        return [self.base.currentData()] + [n for n, c in self.expansions.items()
                                            if c.isChecked() and c.isEnabled()]

    def chosen_options(self) -> Options:
        """Options of the chosen editions that differ from their defaults."""
        result: Options = {}
        for name in self.editions():
            edition = self.host.editions[name]
            given = self.options.get(name, {})
            changed = {s.name: given[s.name] for s in edition.options
                       if s.name in given and given[s.name] != s.default}
            if changed:
                result[name] = changed
        return result

    def _base_changed(self, *_: object, emit: bool = True) -> None:
        base = self.base.currentData()
        for name, check in self.expansions.items():
            pairs = self.host.editions[name].pairs_with
            check.setEnabled(not pairs or base in pairs)
        self._build_options()
        if emit:
            self._emit()

    def _build_options(self) -> None:
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        count = 0
        for name in self.editions():
            edition = self.host.editions[name]
            for spec in edition.options:
                self.options_form.addRow(f"{spec.name.replace('_', ' ').capitalize()} "
                                         f"({edition.name})",
                                         self._option_widget(edition, spec))
                count += 1
        self.options_box.setVisible(bool(count))
        self._summarise()

    def _option_widget(self, edition: Edition, spec: OptionSpec) -> QWidget:
        value = self.options.get(edition.name, {}).get(spec.name, spec.default)

        def store(new: object) -> None:
            self.options.setdefault(edition.name, {})[spec.name] = new
            self._emit()

        widget: QWidget
        if spec.choices:
            combo = QComboBox()
            for choice in spec.choices:
                combo.addItem(str(choice), choice)
            combo.setCurrentIndex(max(combo.findData(value), 0))
            combo.currentIndexChanged.connect(lambda _: store(combo.currentData()))
            widget = combo
        elif isinstance(spec.default, bool):
            check = QCheckBox()
            check.setChecked(bool(value))
            check.toggled.connect(store)
            widget = check
        elif isinstance(spec.default, int):
            spin = QSpinBox()
            spin.setRange(-10**6, 10**6)
            spin.setValue(int(value))
            spin.valueChanged.connect(store)
            widget = spin
        else:
            line = QLineEdit(str(value))
            line.editingFinished.connect(lambda: store(line.text()))
            widget = line
        widget.setToolTip(spec.help)
        return widget

    def _summarise(self) -> None:
        titles = [self.host.editions[n].title for n in self.editions()]
        self.summary.setText("In force: " + "; ".join(titles))

    def _emit(self, *_: object) -> None:
        if self.sender() in self.expansions.values():
            self._build_options()
        self._summarise()
        self.changed.emit(self.editions(), self.chosen_options())


class RulesetDialog(QDialog):
    """The picker in a dialog; changes apply as they are made."""

    def __init__(self, host: PluginHost, editions: list[str], options: Options,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules")
        self.picker = RulesetPicker(host, editions, options, self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Scores follow each change at once; Undo takes it back."))
        layout.addWidget(self.picker)
        layout.addWidget(buttons)
