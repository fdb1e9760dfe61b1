"""Choosing a ruleset: one base edition, expansions, and each edition's options.

The picker emits ``changed`` on every change, so the main window can apply it at once and
the scores follow live; the dialog adds a Close button, says when the board's own ruleset
is unavailable, and puts the picker back when a change is cancelled.

:func:`ruleset_command` turns a choice into one undoable edit: the players' supplies follow
the new ruleset (kinds it lacks go, kinds it adds come full, less those on the board), and
when the board holds tiles of sets the new ruleset does not use (``base-c1`` tiles under
``base:C2``), the person is asked to convert them to the new sets (the tile of the same
shape and JCloisterZone alias) or to keep them and have the board list the sets they come
from, so that the bag counts them there. Never both boxes silently.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
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
    QMessageBox,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import _, translate
from editor.model.equivalents import equivalent
from editor.plugins import PluginHost
from editor.rules.editions import Edition, OptionSpec
from editor.rules.ruleset import Ruleset

from .commands import ChangeRuleset
from .document import BoardDocument, BoardState, TileSpec

Options = dict[str, dict[str, Any]]
CONVERT, KEEP, CANCEL = "convert", "keep", "cancel"


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
            self.base.addItem(translate(edition.title), edition.name)
        index = self.base.findData(editions[0] if editions else "")
        self.base.setCurrentIndex(max(index, 0))
        self.expansions: dict[str, QCheckBox] = {}
        box = QGroupBox(_("Expansions"))
        box_layout = QVBoxLayout(box)
        for edition in host.editions.values():
            if edition.expansion:
                check = QCheckBox(translate(edition.title).replace("&", "&&"))
                check.setToolTip(_("{edition}: published for {bases}").format(
                    edition=edition.name, bases=", ".join(edition.pairs_with))
                    if edition.pairs_with else
                    _("{edition}: published for any base edition").format(edition=edition.name))
                check.setChecked(edition.name in editions)
                check.toggled.connect(self._emit)
                box_layout.addWidget(check)
                self.expansions[edition.name] = check
        self.options_box = QGroupBox(_("Options"))
        self.options_form = QFormLayout(self.options_box)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form = QFormLayout()
        form.addRow(_("Base game"), self.base)
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
        widget.setToolTip(translate(spec.help))
        return widget

    def _summarise(self) -> None:
        titles = [translate(self.host.editions[n].title) for n in self.editions()]
        self.summary.setText(_("In force: {editions}").format(editions="; ".join(titles)))

    def _emit(self, *_args: object) -> None:
        if self.sender() in self.expansions.values():
            self._build_options()
        self._summarise()
        self.changed.emit(self.editions(), self.chosen_options())


    def set_choice(self, editions: list[str], options: Options) -> None:
        """Show ``editions`` and ``options`` again (after a change was cancelled)."""
        self.options = {k: dict(v) for k, v in options.items()}
        widgets = [self.base, *self.expansions.values()]
        for widget in widgets:
            widget.blockSignals(True)
        self.base.setCurrentIndex(max(self.base.findData(editions[0] if editions else ""), 0))
        for name, check in self.expansions.items():
            check.setChecked(name in editions)
        for widget in widgets:
            widget.blockSignals(False)
        self._base_changed(emit=False)


class RulesetDialog(QDialog):
    """The picker in a dialog; changes apply as they are made. ``apply(editions,
    options)`` says whether a change was made; when it was not (cancelled, or a ruleset
    that cannot be built), the picker shows the document's ruleset again."""

    def __init__(self, host: PluginHost, editions: list[str], options: Options,
                 parent: QWidget | None = None,
                 apply: Callable[[list[str], Options], bool] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Rules"))
        self.current = (list(editions), {k: dict(v) for k, v in options.items()})
        self.picker = RulesetPicker(host, editions, options, self)
        self.apply = apply
        if apply is not None:
            self.picker.changed.connect(self._changed)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.accept)
        layout = QVBoxLayout(self)
        try:
            host.ruleset([(name, {}) for name in editions], options)
        except ValueError as exc:
            spec = " + ".join(editions) or "(none)"
            problem = QLabel(_("<b>The board's ruleset {spec} is unavailable</b>: {error}. "
                               "Nothing is scored until you choose one here.").format(
                                   spec=spec, error=exc))
            problem.setWordWrap(True)
            problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addWidget(problem)
            self.problem: QLabel | None = problem
        else:
            self.problem = None
        layout.addWidget(QLabel(_("Scores follow each change at once; Undo takes it back.")))
        layout.addWidget(self.picker)
        layout.addWidget(buttons)

    def _changed(self, editions: list[str], options: Options) -> None:
        assert self.apply is not None
        if self.apply(editions, options):
            self.current = (list(editions), {k: dict(v) for k, v in options.items()})
            if self.problem is not None:
                self.problem.hide()
        else:
            self.picker.set_choice(*self.current)


@dataclass(slots=True)
class RulesetPlan:
    """What switching a document to a ruleset changes besides the ruleset itself."""

    rules: Ruleset
    #: the board with the players' supplies following the new ruleset
    state: BoardState
    #: tiles of sets the new ruleset does not use (when the board lists no sets)
    foreign: list[TileSpec]
    #: the same board with every foreign tile that has an equivalent converted
    converted: BoardState
    #: how many foreign tiles have an equivalent
    convertible: int
    #: the sets to list when the foreign tiles are kept
    kept_sets: list[str]


def plan_change(doc: BoardDocument, editions: list[str], options: Options) -> RulesetPlan:
    """What switching ``doc`` to ``editions``/``options`` means (``RulesetError`` when the
    ruleset cannot be built)."""
    rules = doc.host.ruleset([(name, {}) for name in editions], options)
    state = doc.state()
    kinds = rules.figure_kinds()
    players = []
    for i, player in enumerate(state.players):
        out = [f.kind for f in state.figures if f.owner == i]
        supply = {name: player.supply[name] if name in player.supply
                  else max(0, kind.supply - out.count(name)) for name, kind in kinds.items()}
        players.append(replace(player, supply=supply))
    state = replace(state, players=tuple(players))
    sets = rules.tilesets()
    foreign = [] if doc.position.tilesets else [t for t in state.tiles
                                                 if t.tile.set_id not in sets]
    loaded = {s.id: s for s in doc.catalogue.sets}
    candidates = [t for set_id in sets if set_id in loaded for t in loaded[set_id].tiles]
    tiles, figures, convertible = list(state.tiles), list(state.figures), 0
    for spec in foreign:
        found = equivalent(spec.tile, candidates)
        if found is None:
            continue
        convertible += 1
        tiles[tiles.index(spec)] = replace(spec, tile=found.tile,
                                           rotation=(spec.rotation + found.turn) % 4)
        figures = [replace(f, segment=found.segments.get(f.segment, f.segment))
                   if f.cell == spec.cell else f for f in figures]
    own = list(dict.fromkeys(t.tile.set_id for t in state.tiles))
    parts = {loaded[i].part for i in own if i in loaded}
    kept = own + [i for i in sets if i in loaded and loaded[i].part not in parts]
    return RulesetPlan(rules, state, foreign, replace(state, tiles=tuple(tiles),
                                                      figures=tuple(figures)),
                       convertible, kept)


def ask_conversion(parent: QWidget | None, plan: RulesetPlan) -> str:
    """``convert``, ``keep`` or ``cancel`` for the board's tiles of other sets."""
    counts: dict[str, int] = {}
    for spec in plan.foreign:
        counts[spec.tile.set_id] = counts.get(spec.tile.set_id, 0) + 1
    theirs = ", ".join(f"{set_id}: {n}" for set_id, n in counts.items())
    sets = ", ".join(plan.rules.tilesets())
    box = QMessageBox(QMessageBox.Icon.Question, _("Rules"),
                      _("The board holds tiles of other sets ({tiles}); {ruleset} plays with "
                        "{sets}.").format(tiles=theirs, ruleset=plan.rules.name, sets=sets),
                      parent=parent)
    left = len(plan.foreign) - plan.convertible
    question = (_("Convert them to the tiles of the same shape in {sets} ({n} of {total} have "
                  "one; {left} stay as they are), or keep them and count the bag against "
                  "{kept}?") if left else
                _("Convert them to the tiles of the same shape in {sets} ({n} of {total} have "
                  "one), or keep them and count the bag against {kept}?"))
    box.setInformativeText(question.format(sets=sets, n=plan.convertible,
                                           total=len(plan.foreign), left=left,
                                           kept=", ".join(plan.kept_sets)))
    convert = box.addButton(_("Convert tiles"), QMessageBox.ButtonRole.AcceptRole)
    keep = box.addButton(_("Keep them"), QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(convert)
    box.exec()
    clicked = box.clickedButton()
    return CONVERT if clicked is convert else KEEP if clicked is keep else CANCEL


def ruleset_command(parent: QWidget | None, doc: BoardDocument, editions: list[str],
                    options: Options) -> ChangeRuleset | None:
    """The undoable switch to a ruleset (``None`` when the person cancels; ``RulesetError``
    when it cannot be built); :func:`ask_conversion` asks about tiles of other sets."""
    plan = plan_change(doc, editions, options)
    tilesets = None
    state: BoardState | None = plan.state
    if plan.foreign:
        choice = ask_conversion(parent, plan)
        if choice == CANCEL:
            return None
        if choice == CONVERT:
            state = plan.converted
        else:
            tilesets = plan.kept_sets
    if state == doc.state():
        state = None
    return ChangeRuleset(doc, editions, options, state, tilesets)
