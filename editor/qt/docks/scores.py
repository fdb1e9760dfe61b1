"""Scores: live totals with the per-feature breakdown, the final scoring, and the same
position compared under several rulesets. Everything comes from
:func:`editor.rules.score_report.score_report`, so the panel always equals the ``score`` command."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QLabel,
    QMenu,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import N_, _, ngettext, translate
from editor.model import events as ev
from editor.plugins import PluginHost
from editor.rules.ruleset import RulesetError, edition_spec, parse_spec
from editor.rules.score_report import Line, ScoreReport
from editor.terms import feature_name, goods_name

from ..document import BoardDocument

CELL_ROLE = Qt.ItemDataRole.UserRole + 1
SPEC_ROLE = Qt.ItemDataRole.UserRole + 2
#: Column names (English: they name the columns in code; shown translated).
LINE_HEADERS = [N_("Player"), N_("Points"), N_("Feature"), N_("Where"), N_("Reason"), N_("Rule")]
#: In the comparison the rulesets that give a line come right after what it is.
DIFFERENCE_HEADERS = [N_("Player"), N_("Points"), N_("Feature"), N_("Given by"), N_("Where"),
                      N_("Reason"), N_("Rule")]
#: The end-of-game screen's categories: (column, features counted in it).
CATEGORIES = ((N_("Roads"), ("road",)), (N_("Cities"), ("city",)),
              (N_("Monasteries"), ("monastery",)), (N_("Gardens"), ("garden",)),
              (N_("Fields"), ("field",)), (N_("Goods"), ("goods",)))


def comparison_rulesets(host: PluginHost) -> list[str]:
    """Every base edition (one per value of a choice option) and, beside each, the base
    paired with each expansion published for it; as the rulesets name themselves."""
    specs = []
    for base in host.base_editions():
        choice = next((o for o in base.options if o.choices and o.named), None)
        variants = [edition_spec(base, {choice.name: v}) for v in choice.choices] \
            if choice else [base.name]
        specs += variants
        for expansion in host.editions.values():
            if expansion.expansion and base.name in expansion.pairs_with:
                specs.append(f"{variants[0]} + {expansion.name}")
    names = []
    for spec in specs:
        try:
            names.append(host.ruleset(spec).name)
        except RulesetError:
            continue
    return names


def short_name(spec: str, host: PluginHost) -> str:
    """``C1 [2001] + TB C1`` for ``base:C1[rules=2001] + traders-builders:C1``."""
    parts = []
    for name, options in parse_spec(spec):
        edition = host.editions.get(name)
        if edition is None:
            parts.append(name)
            continue
        text = edition.label if edition.part == "base" else "".join(
            w[0].upper() for w in edition.part.split("-")) + " " + edition.label
        if options:
            text += f" [{', '.join(options.values())}]"
        parts.append(text)
    return " + ".join(parts)


def _item(value: object, tooltip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem()
    item.setData(Qt.ItemDataRole.DisplayRole, value)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    if isinstance(value, int):
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if tooltip:
        item.setToolTip(tooltip)
    return item


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels([_(h) for h in headers])
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def shown(table: QTableWidget, row: int, col: int,
          role: int = Qt.ItemDataRole.DisplayRole) -> object:
    """What a table cell holds (None for an empty cell)."""
    item = table.item(row, col)
    return item.data(role) if item is not None else None


def fit_height(table: QTableWidget) -> None:
    """Make a table exactly as tall as its rows, with room for its horizontal scroll bar
    (long column names in some languages make it wider than a narrow dock)."""
    height = table.horizontalHeader().height() + 2 * table.frameWidth()
    height += sum(table.rowHeight(r) for r in range(table.rowCount()))
    table.setProperty("fitted_height", height + 2)
    if table.property("fits_scroll_bar") is None:
        table.setProperty("fits_scroll_bar", True)
        table.installEventFilter(_ScrollRoom(table))
        header = table.horizontalHeader()
        header.sectionResized.connect(lambda *_args: _ScrollRoom.fit(table))
        header.geometriesChanged.connect(lambda: _ScrollRoom.fit(table))
    _ScrollRoom.fit(table)


class _ScrollRoom(QObject):
    """Makes room for a fitted table's horizontal scroll bar while its columns are wider
    than the table (long column names in some languages, a narrow dock)."""

    @staticmethod
    def fit(table: QTableWidget) -> None:
        wide = table.horizontalHeader().length() + table.verticalHeader().width() \
            > table.viewport().width() + 1
        bar = table.horizontalScrollBar().sizeHint().height() if wide else 0
        table.setFixedHeight(int(table.property("fitted_height")) + bar)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and isinstance(watched, QTableWidget):
            self.fit(watched)
        return False


LineKey = tuple[int, str, "tuple[int, int] | None", "str | None", int, str]


def line_key(line: Line) -> LineKey:
    """What makes two rulesets' lines the same line: who, what, where, how much, why."""
    return (line.player, line.feature, line.cell, line.segment,
            line.points if line.type != ev.GOODS else line.count, line.reason)


def category_sums(report: ScoreReport) -> list[dict[str, int]]:
    """Per player, the end-of-game points of each of :data:`CATEGORIES` (a feature of
    another kind counts under the category of the same name when there is none)."""
    sums = [{name: 0 for name, _kind in CATEGORIES} for _player in report.players]
    for line in report.lines:
        if line.type == ev.GOODS:
            continue
        name = next((n for n, features in CATEGORIES if line.feature in features),
                    line.feature.capitalize())
        sums[line.player][name] = sums[line.player].get(name, 0) + line.points
    return sums


def _line_item(report: ScoreReport, line: Line, colour: str) -> QTreeWidgetItem:
    where = f"({line.cell[0]}, {line.cell[1]})" if line.cell else ""
    amount = (f"{line.count} {goods_name(str(line.goods))}" if line.type == ev.GOODS
              else f"{line.points:+d}")
    reason = (_("{reason} (unofficial)").format(reason=line.reason) if line.unofficial
              else line.reason)
    item = QTreeWidgetItem([report.players[line.player], amount, feature_name(line.feature),
                            where, reason, f"[{line.edition}] {line.rule}"])
    item.setForeground(0, QBrush(QColor(colour)))
    item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    place = _("{feature} at {cell}, segment {segment}").format(
        feature=feature_name(line.feature), cell=where, segment=line.segment) + "\n" \
        if line.cell else ""
    for column in range(6):
        item.setToolTip(column, f"{place}{reason}\n[{line.edition}] {line.rule}")
    if line.cell is not None:
        item.setData(0, CELL_ROLE, line.cell)
    return item


class ScoresWidget(QTabWidget):
    """Live, final and comparison views of one document's scores."""

    #: a breakdown line located on the board was activated: (x, y)
    cellActivated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: BoardDocument | None = None
        self.report: ScoreReport | None = None
        self.compared: dict[str, ScoreReport | str] = {}

        live = QWidget()
        layout = QVBoxLayout(live)
        layout.setContentsMargins(4, 4, 4, 4)
        self.ruleset_label = QLabel()
        self.ruleset_label.setWordWrap(True)
        self.totals = _table([N_("Player"), N_("Score"), N_("End of game"), N_("If ended now")])
        self.breakdown = self._tree()
        layout.addWidget(self.ruleset_label)
        layout.addWidget(self.totals)
        layout.addWidget(QLabel(_("End-of-game scoring, feature by feature:")))
        layout.addWidget(self.breakdown, 1)
        self.addTab(live, _("Live"))

        final = QWidget()
        layout = QVBoxLayout(final)
        layout.setContentsMargins(4, 4, 4, 4)
        self.winner = QLabel()
        self.ranking = _table([N_("Rank"), N_("Player"), N_("Board"), N_("Final")])
        self.ranking.setToolTip(_("Board: the score track now. The categories are what the end "
                                "of the game adds (incomplete features, farms, goods)."))
        self.by_player = self._tree()
        layout.addWidget(self.winner)
        layout.addWidget(self.ranking)
        layout.addWidget(QLabel(_("Each player's end-of-game lines:")))
        layout.addWidget(self.by_player, 1)
        self.addTab(final, _("Final scoring"))

        compare = QWidget()
        layout = QVBoxLayout(compare)
        layout.setContentsMargins(4, 4, 4, 4)
        self.choices = QToolButton()
        self.choices.setText(_("Rulesets to compare"))
        self.choices.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.choices.setMenu(QMenu(self.choices))
        self.comparison = _table([N_("Ruleset")])
        self.comparison.setWordWrap(False)
        self.differences = self._tree(DIFFERENCE_HEADERS)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.comparison)
        split.addWidget(self.differences)
        layout.addWidget(self.choices, 0, Qt.AlignmentFlag.AlignLeft)
        note = QLabel(_("Totals if the game ended now; lines not every ruleset gives:"))
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(split)
        self.addTab(compare, _("Compare rulesets"))
        self.currentChanged.connect(lambda _: self._refresh_compare())
        for widget, name in ((self.totals, _("Live totals")),
                             (self.breakdown, _("End-of-game lines, feature by feature")),
                             (self.ranking, _("Final ranking, points per category")),
                             (self.by_player, _("End-of-game lines by player")),
                             (self.comparison, _("Totals under each ruleset")),
                             (self.differences, _("Lines the rulesets do not all give")),
                             (self.choices, _("Rulesets to compare")),
                             (self.tabBar(), _("Scores views"))):
            widget.setAccessibleName(name)

    def _tree(self, headers: list[str] | None = None) -> QTreeWidget:
        """A breakdown list: short columns fit their contents, the reason takes the room
        left, the rule (long) is read in full in its tooltip or by widening the column."""
        tree = QTreeWidget()
        headers = headers or LINE_HEADERS
        tree.setHeaderLabels([_(h) for h in headers])
        tree.setRootIsDecorated(False)
        tree.setAlternatingRowColors(True)
        tree.setUniformRowHeights(True)
        tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        interactive, stretch = QHeaderView.ResizeMode.Interactive, QHeaderView.ResizeMode.Stretch
        for name, mode, width in (("Reason", stretch, 0), ("Rule", interactive, 90),
                                  ("Given by", interactive, 190)):
            if name in headers:
                column = headers.index(name)
                header.setSectionResizeMode(column, mode)
                if mode == interactive:
                    header.resizeSection(column, width)
        header.setMinimumSectionSize(40)
        tree.itemActivated.connect(self._activated)
        tree.itemClicked.connect(self._activated)
        return tree

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        cell = item.data(0, CELL_ROLE)
        if cell:
            self.cellActivated.emit(cell[0], cell[1])

    def set_document(self, doc: BoardDocument) -> None:
        """Show this document's scores from now on."""
        if self.doc is not None:
            self.doc.scoresChanged.disconnect(self.refresh)
            self.doc.rulesetChanged.disconnect(self._fill_choices)
        self.doc = doc
        doc.scoresChanged.connect(self.refresh)
        doc.rulesetChanged.connect(self._fill_choices)
        self._fill_choices()
        self.refresh()

    def _fill_choices(self) -> None:
        assert self.doc is not None
        current = self.doc.rules.name
        specs = comparison_rulesets(self.doc.host)
        if current not in specs:
            specs.insert(0, current)
        menu = self.choices.menu()
        checked = {a.text() for a in menu.actions() if a.isChecked()}
        menu.clear()
        for spec in specs:
            action = menu.addAction(spec)
            action.setCheckable(True)
            action.setChecked(spec in checked if checked else True)
            action.toggled.connect(lambda _: self._refresh_compare())

    def compared_specs(self) -> list[str]:
        """The rulesets ticked for comparison."""
        return [a.text() for a in self.choices.menu().actions() if a.isChecked()]

    def refresh(self) -> None:
        """Recompute from the document (called after the debounced ``scoresChanged``)."""
        if self.doc is None:
            return
        doc = self.doc
        report = self.report = doc.score_report()
        colours = [p.colour for p in doc.players]
        self.ruleset_label.setText(_("<b>Rules:</b> {ruleset}").format(ruleset=report.ruleset))
        self.ruleset_label.setToolTip("\n".join(translate(e.title) for e in doc.rules.editions))
        kinds = sorted({k for goods in report.goods for k in goods})
        headers = [_("Player"), _("Score"), _("End of game"), _("If ended now"),
                   *map(goods_name, kinds)]
        self.totals.setColumnCount(len(headers))
        self.totals.setHorizontalHeaderLabels(headers)
        self.totals.setRowCount(len(report.players))
        for row, (name, cur, fin) in enumerate(zip(report.players, report.current,
                                                   report.final, strict=True)):
            name_item = _item(name)
            name_item.setForeground(QBrush(QColor(colours[row])))
            self.totals.setItem(row, 0, name_item)
            self.totals.setItem(row, 1, _item(cur))
            self.totals.setItem(row, 2, _item(fin - cur))
            self.totals.setItem(row, 3, _item(fin))
            for col, kind in enumerate(kinds, 4):
                self.totals.setItem(row, col, _item(report.goods[row].get(kind, 0)))
        self.totals.resizeRowsToContents()
        fit_height(self.totals)
        self.breakdown.clear()
        self.breakdown.addTopLevelItems([_line_item(report, line, colours[line.player])
                                         for line in report.lines])
        self._refresh_final(report, colours)
        self.compared.clear()
        self._refresh_compare()

    def _refresh_final(self, report: ScoreReport, colours: list[str]) -> None:
        """The ranking with each player's end-of-game points per category, as the game's
        end screen shows them (a category nobody scores and the ruleset lacks is left out)."""
        final = report.final
        order = sorted(range(len(final)), key=lambda i: -final[i])
        sums = category_sums(report)
        names = [name for name, _features in CATEGORIES]
        shown = [name for name in names if any(s[name] for s in sums)
                 or name in ("Roads", "Cities", "Monasteries", "Fields")]
        shown += sorted({k for s in sums for k, v in s.items() if v and k not in names})
        headers = [N_("Rank"), N_("Player"), N_("Board"), *shown, N_("Final")]
        self.ranking.setColumnCount(len(headers))
        self.ranking.setHorizontalHeaderLabels([_(h) for h in headers])
        self.ranking.setRowCount(len(order))
        for row, i in enumerate(order):
            rank = 1 + sum(1 for v in final if v > final[i])
            name_item = _item(report.players[i])
            name_item.setForeground(QBrush(QColor(colours[i])))
            cells = [_item(rank), name_item, _item(report.current[i])]
            cells += [_item(sums[i].get(name, 0)) for name in shown]
            total = _item(final[i], _("{board} on the board {end} at the end").format(
                board=report.current[i], end=f"{final[i] - report.current[i]:+d}"))
            font = total.font()
            font.setBold(True)
            total.setFont(font)
            for col, cell in enumerate([*cells, total]):
                self.ranking.setItem(row, col, cell)
        self.ranking.resizeRowsToContents()
        fit_height(self.ranking)
        best = max(final, default=0)
        winners = [report.players[i] for i in range(len(final)) if final[i] == best]
        if not final:
            self.winner.setText(_("No players."))
        elif len(winners) == 1:
            self.winner.setText(ngettext("<b>{name}</b> wins with {n} point.",
                                         "<b>{name}</b> wins with {n} points.", best).format(
                name=winners[0], n=best))
        else:
            self.winner.setText(_("<b>{names}</b> share the win with {n}.").format(
                names=_(" and ").join(winners), n=best))
        self.by_player.clear()
        for i, name in enumerate(report.players):
            lines = [line for line in report.lines if line.player == i]
            head = QTreeWidgetItem([name, f"{sum(line.points for line in lines):+d}",
                                    ngettext("{n} line", "{n} lines", len(lines)).format(
                                        n=len(lines))])
            head.setForeground(0, QBrush(QColor(colours[i])))
            head.addChildren([_line_item(report, line, colours[i]) for line in lines])
            self.by_player.addTopLevelItem(head)
        self.by_player.setRootIsDecorated(True)
        self.by_player.expandAll()

    def _refresh_compare(self) -> None:
        """Score under every ticked ruleset (only while the tab is shown): one row each."""
        if self.doc is None or self.currentIndex() != 2:
            return
        doc = self.doc
        specs = self.compared_specs()
        for spec in specs:
            if spec not in self.compared:
                try:
                    self.compared[spec] = doc.report_for(doc.host.ruleset(spec))
                except RulesetError as exc:
                    self.compared[spec] = str(exc)
        table = self.comparison
        players = doc.players
        table.setColumnCount(2 + len(players))
        table.setHorizontalHeaderLabels([_("Ruleset"), *[p.name for p in players], _("Winner")])
        for col, player in enumerate(players, 1):
            header = QTableWidgetItem(player.name)
            header.setForeground(QBrush(QColor(player.colour)))
            table.setHorizontalHeaderItem(col, header)
        table.setRowCount(len(specs))
        for row, spec in enumerate(specs):
            label = _item(short_name(spec, doc.host), spec + "\n" + "\n".join(
                doc.host.editions[name].title for name, _ in parse_spec(spec)
                if name in doc.host.editions))
            label.setData(SPEC_ROLE, spec)
            table.setItem(row, 0, label)
            result = self.compared[spec]
            if isinstance(result, str):
                table.setItem(row, 1, _item("—", result))
                continue
            finals = result.final
            best = max(finals, default=0)
            for col, value in enumerate(finals, 1):
                item = _item(value, _("{board} on the board, {end} at the end").format(
                    board=result.current[col - 1], end=f"{value - result.current[col - 1]:+d}"))
                if value == best:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                table.setItem(row, col, item)
            winners = [result.players[i] for i, v in enumerate(finals) if v == best]
            table.setItem(row, len(players) + 1, _item(" & ".join(winners)))
        self._fill_differences(specs)

    def shown_comparison(self) -> dict[str, list[int]]:
        """Ruleset → final totals as the comparison table shows them."""
        table = self.comparison
        players = range(1, table.columnCount() - 1)
        return {str(shown(table, row, 0, SPEC_ROLE)): [
            int(str(shown(table, row, c))) for c in players if shown(table, row, c) != "—"]
            for row in range(table.rowCount())}

    def _fill_differences(self, specs: list[str]) -> None:
        """Each line that some compared rulesets give and others do not, once, with the rule
        behind it and the rulesets that give it."""
        assert self.doc is not None
        host = self.doc.host
        reports = {s: r for s, r in self.compared.items() if s in specs
                   and isinstance(r, ScoreReport)}
        given: dict[LineKey, dict[str, Line]] = {}
        for spec, report in reports.items():
            for line in report.lines:
                given.setdefault(line_key(line), {})[spec] = line
        self.differences.clear()
        rows = [(key, by) for key, by in given.items() if len(by) < len(reports)]
        rows.sort(key=lambda kv: (kv[0][1], kv[0][2] or (0, 0), kv[0][0], -kv[0][4]))
        names = next(iter(reports.values())).players if reports else []
        for (player, feature, cell, segment, points, reason), by in rows:
            line = next(iter(by.values()))
            where = f"({cell[0]}, {cell[1]})" if cell else ""
            rules = sorted({f"[{ln.edition}] {ln.rule}" for ln in by.values()})
            shorts = [short_name(spec, host) for spec in by]
            missing = [short_name(spec, host) for spec in reports if spec not in by]
            item = QTreeWidgetItem([names[player] if player < len(names) else str(player),
                                    f"{points:+d}" if line.type != ev.GOODS
                                    else f"{line.count} {goods_name(str(line.goods))}",
                                    feature_name(feature), ", ".join(shorts), where, reason,
                                    " / ".join(rules)])
            place = _("{feature} at {cell}, segment {segment}").format(
                feature=feature_name(feature), cell=where, segment=segment) + "\n" if cell else ""
            tip = (f"{place}{reason}\n" + "\n".join(rules) + "\n"
                   + _("Given by: {rulesets}").format(rulesets=", ".join(shorts))
                   + ("\n" + _("Not under: {rulesets}").format(rulesets=", ".join(missing))
                      if missing else ""))
            for column in range(7):
                item.setToolTip(column, tip)
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            colour = self.doc.player_colour(player) if player < len(self.doc.players) else ""
            if colour:
                item.setForeground(0, QBrush(QColor(colour)))
            if cell is not None:
                item.setData(0, CELL_ROLE, cell)
            self.differences.addTopLevelItem(item)

    def shown_differences(self) -> list[tuple[str, str, str, str, str, str, str]]:
        """(player, points, feature, where, reason, rule, given by) of each shown line."""
        tree = self.differences
        order = [DIFFERENCE_HEADERS.index(h) for h in (*LINE_HEADERS, "Given by")]
        items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
        return [tuple(i.text(c) for c in order) for i in items if i is not None]  # type: ignore[misc]

    def shown_totals(self) -> list[tuple[str, int, int]]:
        """(player, score, if ended now) as the live table shows them."""
        table = self.totals
        return [(str(shown(table, row, 0)), int(str(shown(table, row, 1))),
                 int(str(shown(table, row, 3)))) for row in range(table.rowCount())]

    def shown_lines(self) -> list[tuple[str, str, str, str]]:
        """(player, points, reason, rule) of each breakdown line as shown."""
        tree = self.breakdown
        items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
        return [(i.text(0), i.text(1), i.text(4), i.text(5)) for i in items if i is not None]


class ScoresDock(QDockWidget):
    """The scores panel as a dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Scores"), parent)
        self.setObjectName("ScoresDock")
        self.scores = ScoresWidget(self)
        self.setWidget(self.scores)
