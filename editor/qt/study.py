"""Board → Study…: many games under several rulesets and tile sets, with a progress bar, a
Cancel button, and the summary and plots when the study ends.

The dialog builds the same study the ``study`` command does (:mod:`editor.study`) and runs
it in a thread of its own, on every core by default; the report goes into a folder named
after the study's settings under the chosen folder, so starting a study again goes on
where it stopped.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QStandardPaths, Qt, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDesktopServices, QFontDatabase, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import _, ngettext
from editor.model.tiles import RIVER
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.qt import collector
from editor.rules.compare import default_rulesets
from editor.rules.ruleset import RulesetError
from editor.study import Outcome, Progress, StudyError, StudyFolder, spec
from editor.study.executors import cores, executor_for
from editor.study.players import names as player_names
from editor.study.summary_text import render

SELF_PLAY, CORPUS = 0, 1


def default_folder() -> str:
    """Where reports go unless the person picks another folder."""
    documents = QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())
    return str(Path(documents) / _("Carcassonne studies"))


class Picture(QLabel):
    """A plot drawn as large as the tab allows, never larger than it was drawn."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.original = QPixmap(str(path))
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumSize(1, 1)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.setAccessibleName(path.stem.replace("-", " "))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Scale the plot to the new size."""
        super().resizeEvent(event)
        size = self.original.size().scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
        if size.width() > self.original.width():
            size = self.original.size()
        self.setPixmap(self.original.scaled(size, Qt.AspectRatioMode.KeepAspectRatio,
                                            Qt.TransformationMode.SmoothTransformation))


class _Signals(QObject):
    """What the study's thread tells the dialog (delivered in the dialog's thread)."""

    progressed = Signal(int, int, int)
    finished = Signal(object)
    failed = Signal(str)


class StudyDialog(QDialog):
    """Set up a study, run it, watch it, cancel it, read its summary and plots."""

    def __init__(self, host: PluginHost, catalogue: Catalogue, current: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Study"))
        self.host = host
        self.catalogue = catalogue
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._close_when_done = False
        self.folder: StudyFolder | None = None
        self.signals = _Signals(self)
        self.signals.progressed.connect(self._progressed)
        self.signals.finished.connect(self._finished)
        self.signals.failed.connect(self._failed)

        self.source = QComboBox()
        self.source.addItems([_("Self-play: simulated players"), _("Saves in a folder (corpus)")])
        self.corpus = QLineEdit()
        self.corpus.setPlaceholderText(_("a folder of .jcz saves and boards with move logs"))
        self._corpus_row = self._with_button(self.corpus, _("Browse…"), self._pick_corpus)
        self.rulesets = QListWidget()
        self.rulesets.setAccessibleName(_("Rulesets"))
        self.rulesets.setMinimumHeight(150)
        defaults = spec.base_rulesets(host)
        for name in dict.fromkeys([*([current] if current else []), *defaults,
                                   *(r.name for r in default_rulesets(host))]):
            self._add_check(self.rulesets, name, name in defaults)
        self.new_rules = QLineEdit()
        self.new_rules.setPlaceholderText(_("another ruleset, e.g. base:C1[farms=2001]"))
        self.new_rules.returnPressed.connect(self._add_rules)
        rules_row = self._with_button(self.new_rules, _("Add"), self._add_rules)
        self.tilesets = QListWidget()
        self.tilesets.setAccessibleName(_("Tile sets"))
        self.tilesets.setMaximumHeight(120)
        for tile_set in catalogue.sets:
            if any(not t.has(RIVER) for t in tile_set.tiles):  # the River is never played
                self._add_check(self.tilesets, tile_set.id, False)
        tiles_button = QPushButton(_("Add tile set file…"))
        tiles_button.clicked.connect(self._add_tileset_file)
        self.players = QSpinBox()
        self.players.setRange(spec.MIN_PLAYERS, spec.MAX_PLAYERS)
        self.players.setValue(2)
        self.seat_boxes: list[QComboBox] = []
        seats = QHBoxLayout()
        for i in range(spec.MAX_PLAYERS):
            box = QComboBox()
            box.addItems(player_names())
            box.setCurrentText("greedy")
            box.setAccessibleName(_("Player {n}").format(n=i + 1))
            box.setToolTip(_("random: any legal move; greedy: the best margin after this tile "
                           "and final scoring"))
            seats.addWidget(box)
            self.seat_boxes.append(box)
        seats.addStretch(1)
        self.players.valueChanged.connect(self._show_seats)
        self.games = QSpinBox()
        self.games.setRange(1, 10_000_000)
        self.games.setValue(100)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2 ** 31 - 1)
        self.seed.setValue(1)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, max(64, cores()))
        self.jobs.setValue(cores())
        self.scheduler = QLineEdit()
        self.scheduler.setPlaceholderText(_("a Dask scheduler, tcp://host:8786"))
        self.scheduler.setToolTip(_("Play on a Dask distributed cluster instead (pip install "
                                  "'carcassonne-editor[cluster]')"))
        self.out = QLineEdit(default_folder())
        out_row = self._with_button(self.out, _("Browse…"), self._pick_out)

        form = QFormLayout()
        form.addRow(_("Games from"), self.source)
        form.addRow(_("Folder of saves"), self._corpus_row)
        form.addRow(_("Rulesets"), self.rulesets)
        form.addRow("", rules_row)
        form.addRow(_("Tile sets"), self.tilesets)
        hint = QLabel(_("The rulesets' own tiles (the box) are always played too."))
        hint.setWordWrap(True)
        form.addRow(tiles_button, hint)
        form.addRow(_("Players"), self._row(self.players, QLabel(_("seats")), seats))
        form.addRow(_("Games per ruleset"), self._row(self.games, QLabel(_("seed")), self.seed))
        form.addRow(_("Processes"), self._row(self.jobs, QLabel(_("or")), self.scheduler))
        form.addRow(_("Reports in"), out_row)
        settings = QWidget()
        settings.setLayout(form)
        scroll = QScrollArea()
        scroll.setWidget(settings)
        scroll.setWidgetResizable(True)

        self.results = QTabWidget()
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        self.summary.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.summary.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.summary.setPlaceholderText(_("The summary and the plots appear here when the "
                                        "study ends."))
        self.results.addTab(self.summary, _("Summary"))
        split = QSplitter()
        split.addWidget(scroll)
        split.addWidget(self.results)
        split.setStretchFactor(1, 1)
        # the form as wide as its longest language needs (its rows never scroll sideways)
        form_width = settings.sizeHint().width() + scroll.verticalScrollBar().sizeHint().width() \
            + 2 * scroll.frameWidth()
        split.setSizes([max(520, min(form_width, 700)), 660])

        self.bar = QProgressBar()
        self.bar.setFormat(_("%v of %m games"))
        self.bar.setValue(0)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.start_button = QPushButton(_("Start"))
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(_("Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.open_button = QPushButton(_("Open report folder"))
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self._open_folder)
        close = QPushButton(_("Close"))
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.bar, 1)
        for button in (self.start_button, self.cancel_button, self.open_button, close):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self.source.currentIndexChanged.connect(self._source_changed)
        self._source_changed()
        self._show_seats()
        screen = self.screen().availableGeometry() if self.screen() else None
        width, height = (1180, 720) if screen is None else (
            min(1180, int(screen.width() * 0.92)), min(720, int(screen.height() * 0.9)))
        self.resize(width, height)

    # -- the form --------------------------------------------------------------------------

    @staticmethod
    def _row(*parts: QWidget | QHBoxLayout) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        for part in parts:
            if isinstance(part, QHBoxLayout):
                layout.addLayout(part, 1)
            else:
                layout.addWidget(part)
        return row

    @staticmethod
    def _with_button(line: QLineEdit, text: str, slot: Any) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(line, 1)
        button = QPushButton(text)
        button.clicked.connect(slot)
        layout.addWidget(button)
        return row

    @staticmethod
    def _add_check(widget: QListWidget, text: str, checked: bool,
                   data: str | None = None) -> QListWidgetItem:
        item = QListWidgetItem(text, widget)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
        item.setData(Qt.ItemDataRole.UserRole, data or text)
        return item

    @staticmethod
    def _checked(widget: QListWidget) -> list[str]:
        return [widget.item(i).data(Qt.ItemDataRole.UserRole) for i in range(widget.count())
                if widget.item(i).checkState() == Qt.CheckState.Checked]

    def set_checked(self, widget: QListWidget, names: list[str]) -> None:
        """Check exactly the items called ``names``."""
        for i in range(widget.count()):
            item = widget.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.text() in names
                               else Qt.CheckState.Unchecked)

    def _source_changed(self) -> None:
        corpus = self.source.currentIndex() == CORPUS
        self._corpus_row.setEnabled(corpus)
        for widget in (self.tilesets, self.players, self.games, self.seed,
                       *self.seat_boxes):
            widget.setEnabled(not corpus)

    def _show_seats(self) -> None:
        for i, box in enumerate(self.seat_boxes):
            box.setVisible(i < self.players.value())

    def _add_rules(self) -> None:
        text = self.new_rules.text().strip()
        if not text:
            return
        try:
            name = self.host.ruleset(text).name
        except RulesetError as exc:
            self._say(str(exc), error=True)
            return
        found = self.rulesets.findItems(name, Qt.MatchFlag.MatchExactly)
        item = found[0] if found else self._add_check(self.rulesets, name, True)
        item.setCheckState(Qt.CheckState.Checked)
        self.new_rules.clear()
        self._say("")

    def add_tileset_file(self, path: str) -> None:
        """Play a tile set file too (checked in the list)."""
        self._add_check(self.tilesets, Path(path).name, True, path)

    def _add_tileset_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self, _("Tile set"), "",
                                              _("Tile sets (*.json);;All files (*)"))
        if path:
            self.add_tileset_file(path)

    def _pick_corpus(self) -> None:
        path = QFileDialog.getExistingDirectory(self, _("Folder of saves"), self.corpus.text())
        if path:
            self.corpus.setText(path)

    def _pick_out(self) -> None:
        path = QFileDialog.getExistingDirectory(self, _("Reports in"), self.out.text())
        if path:
            self.out.setText(path)

    def study_spec(self) -> spec.StudySpec:
        """The study the form describes (``StudyError`` says what is wrong)."""
        rulesets = self._checked(self.rulesets)
        if not rulesets:
            raise StudyError(_("check at least one ruleset"))
        if self.source.currentIndex() == CORPUS:
            return spec.corpus(self.host, self.corpus.text().strip(), rulesets)
        seats = [box.currentText() for box in self.seat_boxes[:self.players.value()]]
        return spec.self_play(self.host, self.catalogue, rulesets=rulesets,
                              tilesets=self._checked(self.tilesets), seats=seats,
                              games=self.games.value(), seed=self.seed.value())

    # -- running ---------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether a study is being played."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start (or go on with) the study of the form."""
        if self.running:
            return
        try:
            study = self.study_spec()
            folder = StudyFolder.create(Path(self.out.text()) / f"study-{study.digest()}",
                                        study)
            executor = executor_for(self.jobs.value(), self.scheduler.text().strip() or None)
        except StudyError as exc:
            self._say(str(exc), error=True)
            return
        self.folder = folder
        self._cancel.clear()
        self.bar.setRange(0, 0)
        self._say((_("Going on with the study in {folder} on {executor}…") if folder.resumed
                   else _("Playing into {folder} on {executor}…")).format(
            folder=folder.path, executor=executor.description))
        self._running(True)

        def play() -> None:
            try:
                outcome = folder.run(executor, self._report, self._cancel.is_set)
            except Exception as exc:  # shown to the person, never lost in the thread
                self.signals.failed.emit(f"{type(exc).__name__}: {exc}" if not
                                         isinstance(exc, StudyError) else str(exc))
                return
            self.signals.finished.emit(outcome)

        self._thread = threading.Thread(target=play, name="study", daemon=True)
        collector.ensure()
        self._thread.start()

    def _report(self, state: Progress) -> None:
        self.signals.progressed.emit(state.done, state.total, state.failed)

    def cancel(self) -> None:
        """Stop after the games being played; the table keeps what was played."""
        if self.running:
            self._cancel.set()
            self.cancel_button.setEnabled(False)
            self._say(_("Cancelling after the games being played…"))

    def shutdown(self) -> None:
        """Cancel the study, wait for it to stop, and close (its window is closing)."""
        self.cancel()
        self.wait()
        self.close()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the study's thread (for tests and closing)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _running(self, on: bool) -> None:
        self.start_button.setEnabled(not on)
        self.cancel_button.setEnabled(on)
        self.open_button.setEnabled(self.folder is not None)

    def _progressed(self, done: int, total: int, failed: int) -> None:
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)
        if failed:
            self.bar.setFormat(_("%v of %m games ({n} failed)").format(n=failed))

    def _finished(self, outcome: Outcome) -> None:
        self._running(False)
        self.show_outcome(outcome)
        if self._close_when_done:
            self.close()

    def _failed(self, message: str) -> None:
        self._running(False)
        self.bar.setRange(0, 1)
        self._say(message, error=True)

    def show_outcome(self, outcome: Outcome) -> None:
        """The summary and the plots of a study."""
        summary = outcome.summary
        self.bar.setRange(0, max(summary["planned"], 1))
        self.bar.setValue(summary["played"] + summary["failed"])
        notes = [n for n in (outcome.plots_note, outcome.parquet_note) if n]
        self.summary.setPlainText("\n".join([*notes, *([""] if notes else []),
                                             render(summary)]))
        while self.results.count() > 1:
            self.results.removeTab(1)
        for path in outcome.files:
            if path.suffix == ".png":
                self.results.addTab(Picture(path), path.stem.replace("-", " ").capitalize())
        where = outcome.files[0].parent if outcome.files else ""
        if outcome.complete:
            played, failed = summary["played"], summary["failed"]
            if failed:
                self._say(ngettext("Done: {n} game played, {failed} could not be. The report "
                                   "is in {folder}.",
                                   "Done: {n} games played, {failed} could not be. The report "
                                   "is in {folder}.", played).format(n=played, failed=failed,
                                                                     folder=where))
            else:
                self._say(ngettext("Done: {n} game played. The report is in {folder}.",
                                   "Done: {n} games played. The report is in {folder}.", played
                                   ).format(n=played, folder=where))
        else:
            self._say(ngettext("Cancelled: {kept} of {n} game is kept in {folder}; Start goes "
                               "on with the study.",
                               "Cancelled: {kept} of {n} games are kept in {folder}; Start goes "
                               "on with the study.", summary["planned"]).format(
                kept=summary["played"] + summary["failed"], n=summary["planned"],
                folder=where))

    def _open_folder(self) -> None:
        if self.folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folder.path)))

    def _say(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("color: #b00020;" if error else "")

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing while a study runs cancels it and closes when it has stopped."""
        if self.running:
            self._close_when_done = True
            self.cancel()
            event.ignore()
            return
        super().closeEvent(event)


def open_study(window: Any) -> StudyDialog:
    """Board → Study… of a main window (``host``, ``catalogue``, ``doc``): the dialog,
    shown without blocking the window; kept as ``window.study_dialog``."""
    dialog = getattr(window, "study_dialog", None)
    if dialog is None:
        dialog = StudyDialog(window.host, window.catalogue, window.doc.rules.name, window)
        window.study_dialog = dialog
        if hasattr(window, "closed"):  # the window goes: the study stops first
            window.closed.connect(dialog.shutdown)
    dialog.show()
    dialog.raise_()
    return dialog
