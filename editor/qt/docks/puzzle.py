"""The puzzle panel: author the board's puzzle block, solve it, and play it.

*Author*: who moves, the hand, the objective, the reference solution (typed in move notation,
or lifted from the board: place the answer, then "Lift last tile into solution"), title,
author, difficulty and hints; "Apply" writes the block as one undoable edit.
*Solve*: every move ranked by the solver, the best ones as ghost tiles on the board (the
whole line of the selected one); *Check*: the verdict of ``check`` on the reference solution
(legal, optimal, unique), every move tying it listed and drawn; the scenario tools: tiles
left in the bag, dead cells, the cells where the tile in hand fits.
*Play*: solving mode. The tile in hand is chosen in the catalogue; a person places it on the
board (or types a move) and is told how it ranks; "Take back" undoes the try.

Solving, checking and the scenario tools run on a worker thread (:class:`~editor.qt.jobs.Job`)
on a copy of the position, with a progress bar and Cancel below the tabs; an edit of the
board while solving or checking cancels that work (its answer would be about another
position). Only solving mode keeps its ranking: it is about the puzzle as it was set.
"""

from __future__ import annotations

import copy
import html
import re
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.formats.boards import position_from_dict, position_to_dict
from editor.i18n import N_, _, ngettext
from editor.model.board import Cell
from editor.model.position import Position
from editor.puzzles import (
    BLOCK_COMPLETION,
    CANCELLED,
    OBJECTIVE_TYPES,
    REACH_POINTS,
    CheckReport,
    FeatureRef,
    Fitter,
    Objective,
    Progress,
    Puzzle,
    PuzzleError,
    Ranked,
    Solver,
    Stopped,
    bag,
    bag_sets,
    check,
    fits,
    move_from_dict,
    move_to_dict,
)
from editor.puzzles.objectives import Outcome
from editor.rules.engine import Engine
from editor.rules.moves import FigureAction, IllegalMove, Move
from editor.rules.notation import NotationError, find_tile, format_move, parse_move

from ..commands import RemoveTile
from ..document import BoardDocument
from ..jobs import Job
from ..overlays import PuzzleOverlay

_FEATURE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s+(\S+)\s*$")
OBJECTIVE_NAMES = {"most-points": N_("Most points this turn"),
                   "best-margin": N_("Best margin after final scoring"),
                   "reach-points": N_("Reach a score"), "block-completion": N_("Block a feature")}
#: What the panel says when the board changes under a job, by the job's name.
CHANGED_WHILE = {"solving": N_("The board changed while solving: solve again."),
                 "checking": N_("The board changed while checking: check again."),
                 "scenario": N_("The board changed: try again.")}
#: What the progress bar says of each job, by its name.
WORKING = {"solving": N_("Solving…"), "checking": N_("Checking…"),
           "ranking": N_("Ranking the moves…")}
#: Milliseconds of work before the progress bar shows (quick answers do not flash it).
PROGRESS_DELAY_MS = 250
#: Columns of the results table.
RANK, MOVE, OUTCOME, CONTINUATION, NOTE = range(5)


class SetPuzzle(QUndoCommand):
    """Replace the position's puzzle block (``None`` removes it)."""

    def __init__(self, doc: BoardDocument, puzzle: dict[str, Any] | None,
                 text: str | None = None) -> None:
        super().__init__(text or _("Edit puzzle"))
        self.doc = doc
        self.new = copy.deepcopy(puzzle)
        self.old = copy.deepcopy(doc.position.puzzle)

    def _set(self, puzzle: dict[str, Any] | None) -> None:
        self.doc.set_puzzle(puzzle)

    def redo(self) -> None:
        self._set(self.new)

    def undo(self) -> None:
        self._set(self.old)


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(22)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def _written(moves: Any) -> list[str]:
    """Moves in notation."""
    return [format_move(m) for m in moves]


def _cell(value: object) -> QTableWidgetItem:
    item = QTableWidgetItem()
    item.setData(Qt.ItemDataRole.DisplayRole, value)
    return item


class PuzzlePanel(QWidget):
    """Authoring, solving and solving mode for one document's puzzle."""

    #: the solver ranked the moves (their number)
    solved = Signal(int)
    #: the reference solution was checked (the :class:`CheckReport`)
    checked = Signal(object)
    #: a tried move was judged (the verdict)
    judged = Signal(str)
    #: solving mode started with this tile in hand (a :class:`~editor.model.tiles.Tile`)
    handTileChosen = Signal(object)
    #: work on the worker thread started (True) or ended (False)
    busyChanged = Signal(bool)

    def __init__(self, doc: BoardDocument, overlay: PuzzleOverlay | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.overlay = overlay or PuzzleOverlay()
        self.ranking: list[Ranked] = []
        #: what the results table lists: a ranked move and a note (the check's verdict)
        self.rows: list[tuple[Ranked, str]] = []
        self.report: CheckReport | None = None
        self.job: Job | None = None
        #: the name of the method that takes the job's result (a name, not a bound method:
        #: a widget must not hold a reference cycle through itself, see editor.qt.jobs)
        self._then = ""
        self.scenario_job: Job | None = None
        self._shown: dict[str, Any] | None = None
        self._solver: Solver | None = None
        self._pending: Move | None = None
        self._trial_index = -1
        self._hint = 0
        self.tabs = QTabWidget()
        self.tabs.addTab(self._author_tab(), _("Author"))
        self.tabs.addTab(self._solve_tab(), _("Solve"))
        self.tabs.addTab(self._play_tab(), _("Play"))
        self.work_bar = QProgressBar()
        self.work_bar.setRange(0, 1000)
        self.work_bar.setAccessibleName(_("Progress of the solver"))
        self.cancel_button = QPushButton(_("Cancel"))
        self.cancel_button.setToolTip(_("Stop solving or checking"))
        self.cancel_button.clicked.connect(self.cancel)
        self.work = QWidget()
        work = QHBoxLayout(self.work)
        work.setContentsMargins(0, 0, 0, 0)
        work.addWidget(self.work_bar, 1)
        work.addWidget(self.cancel_button)
        self.work.hide()
        self._show_work = QTimer(self)
        self._show_work.setSingleShot(True)
        self._show_work.setInterval(PROGRESS_DELAY_MS)
        self._show_work.timeout.connect(self._reveal_work)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.tabs)
        layout.addWidget(self.work)
        self._connect(doc)
        self.load()
        self.refresh_scenario()

    # -- widgets ---------------------------------------------------------------------------

    def _author_tab(self) -> QWidget:
        self.title_edit = QLineEdit()
        self.author_edit = QLineEdit()
        self.difficulty_spin = QSpinBox()
        self.difficulty_spin.setRange(0, 5)
        self.difficulty_spin.setSpecialValueText("—")
        self.to_move_combo = QComboBox()
        self.hand_edit = QLineEdit()
        self.hand_edit.setPlaceholderText(_("tiles in draw order, e.g. E V or base-c2/E"))
        self.objective_combo = QComboBox()
        for kind in OBJECTIVE_TYPES:
            self.objective_combo.addItem(_(OBJECTIVE_NAMES[kind]), kind)
        self.points_spin = QSpinBox()
        self.points_spin.setRange(1, 999)
        self.player_combo = QComboBox()
        self.feature_edit = QLineEdit()
        self.feature_edit.setPlaceholderText(_("x,y segment, e.g. 1,-2 city"))
        self.objective_combo.currentIndexChanged.connect(self._objective_changed)
        self.solution_edit = QLineEdit()
        self.solution_edit.setPlaceholderText(_("moves separated by ';', e.g. E@0,-1:180"
                                              "+follower:city"))
        self.hints_edit = QPlainTextEdit()
        self.hints_edit.setPlaceholderText(_("one hint per line, shown one at a time"))
        self.hints_edit.setMaximumHeight(80)
        self.apply_button = QPushButton(_("Apply"))
        self.apply_button.clicked.connect(self.apply)
        self.lift_button = QPushButton(_("Lift last tile into solution"))
        self.lift_button.setToolTip(_("Take the tile placed last (and its figures) off the "
                                    "board and make it the first move of the solution"))
        self.lift_button.clicked.connect(self.lift_last_tile)
        self.remove_button = QPushButton(_("Remove puzzle"))
        self.remove_button.clicked.connect(self.remove_puzzle)
        self.author_status = QLabel()
        self.author_status.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("Title"), self.title_edit)
        form.addRow(_("Author"), self.author_edit)
        form.addRow(_("Difficulty"), self.difficulty_spin)
        form.addRow(_("To move"), self.to_move_combo)
        form.addRow(_("Hand"), self.hand_edit)
        form.addRow(_("Objective"), self.objective_combo)
        form.addRow(_("Points"), self.points_spin)
        form.addRow(_("For"), self.player_combo)
        form.addRow(_("Feature"), self.feature_edit)
        form.addRow(_("Solution"), self.solution_edit)
        form.addRow(_("Hints"), self.hints_edit)
        buttons = QHBoxLayout()
        for button in (self.apply_button, self.lift_button, self.remove_button):
            buttons.addWidget(button)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.author_status)
        layout.addStretch(1)
        return page

    def _solve_tab(self) -> QWidget:
        self.solve_button = QPushButton(_("Solve"))
        self.solve_button.setToolTip(_("Rank every legal move for the tiles in hand"))
        self.solve_button.clicked.connect(self.solve)
        self.check_button = QPushButton(_("Check"))
        self.check_button.setToolTip(_("Is the reference solution legal, optimal and unique? "
                                     "(the verdict of the check command)"))
        self.check_button.clicked.connect(self.check_solution)
        self.ghost_spin = QSpinBox()
        self.ghost_spin.setRange(0, 50)
        self.ghost_spin.setValue(3)
        self.ghost_spin.setPrefix(_("show best "))
        self.ghost_spin.setAccessibleName(_("Number of best moves drawn on the board"))
        self.ghost_spin.valueChanged.connect(lambda _: self._show_ghosts())
        self.results = _table([_("rank"), _("move"), _("outcome"), _("best continuation"),
                               _("check")])
        self.results.setAccessibleName(_("Ranked moves"))
        self.results.setColumnHidden(NOTE, True)
        self.results.setWordWrap(False)
        self.results.itemSelectionChanged.connect(self._selection_changed)
        self.solve_status = QLabel()
        self.solve_status.setWordWrap(True)
        self.solve_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.dead_box = QCheckBox(_("Show dead cells"))
        self.dead_box.toggled.connect(lambda _: self.refresh_scenario())
        self.fits_box = QCheckBox(_("Show where the tile in hand fits"))
        self.fits_box.toggled.connect(lambda _: self.refresh_scenario())
        self.bag_label = QLabel()
        self.bag_table = _table([_("tile"), _("left"), _("box")])
        self.bag_table.setAccessibleName(_("Tiles left in the bag"))
        self.bag_table.setMaximumHeight(140)
        top = QHBoxLayout()
        top.addWidget(self.solve_button)
        top.addWidget(self.check_button)
        top.addWidget(self.ghost_spin)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addWidget(self.solve_status)
        layout.addWidget(self.results, 3)
        layout.addWidget(self.dead_box)
        layout.addWidget(self.fits_box)
        layout.addWidget(self.bag_label)
        layout.addWidget(self.bag_table, 1)
        return page

    def _play_tab(self) -> QWidget:
        self.play_button = QPushButton(_("Start solving"))
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self._play_toggled)
        self.play_text = QLabel(_("Press Start, then place the tile in hand on the board."))
        self.play_text.setWordWrap(True)
        self.hint_button = QPushButton(_("Hint"))
        self.hint_button.clicked.connect(self.next_hint)
        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        self.try_edit = QLineEdit()
        self.try_edit.setPlaceholderText(_("or type a move, e.g. E@0,-1:180+follower:city"))
        self.try_edit.returnPressed.connect(self.try_text)
        self.try_button = QPushButton(_("Try"))
        self.try_button.clicked.connect(self.try_text)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.take_back_button = QPushButton(_("Take back"))
        self.take_back_button.clicked.connect(self.take_back)
        self.reveal_button = QPushButton(_("Show the solution"))
        self.reveal_button.clicked.connect(self.reveal)
        tries = QHBoxLayout()
        tries.addWidget(self.try_edit)
        tries.addWidget(self.try_button)
        buttons = QHBoxLayout()
        for button in (self.hint_button, self.take_back_button, self.reveal_button):
            buttons.addWidget(button)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(self.play_button)
        layout.addWidget(self.play_text)
        layout.addLayout(tries)
        layout.addLayout(buttons)
        layout.addWidget(self.hint_label)
        layout.addWidget(self.verdict)
        layout.addStretch(1)
        self._set_playing(False)
        return page

    # -- the document ----------------------------------------------------------------------

    def _connect(self, doc: BoardDocument) -> None:
        doc.edited.connect(self._edited)
        doc.playersChanged.connect(self._fill_players)
        doc.scoresChanged.connect(self.refresh_scenario)
        doc.tileAdded.connect(self._tile_added)
        doc.figuresChanged.connect(self._figures_changed)

    def set_document(self, doc: BoardDocument) -> None:
        """Author and solve ``doc``'s puzzle from now on."""
        if doc is self.doc:
            return
        for signal, slot in ((self.doc.edited, self._edited),
                             (self.doc.playersChanged, self._fill_players),
                             (self.doc.scoresChanged, self.refresh_scenario),
                             (self.doc.tileAdded, self._tile_added),
                             (self.doc.figuresChanged, self._figures_changed)):
            signal.disconnect(slot)
        self.play_button.setChecked(False)
        self._stop_work()
        self.doc = doc
        self._connect(doc)
        self._forget_results()
        self.load()
        self.refresh_scenario()

    def _edited(self) -> None:
        if self.doc.position.puzzle != self._shown:
            self.load()
        if self._solver is not None:
            return  # solving mode: the ranking is of the puzzle as it was set
        if self.job is not None:
            name = self.job.name
            self._stop_work()
            self._forget_results(_(CHANGED_WHILE.get(name, CHANGED_WHILE["scenario"])))
        elif self.rows:
            self._forget_results(_("The board changed: solve again."))

    def _fill_players(self) -> None:
        names = [p.name for p in self.doc.players]
        for combo, first in ((self.to_move_combo, []), (self.player_combo, [_("player to move")])):
            index = combo.currentIndex()
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(first + names)
            combo.setCurrentIndex(max(0, min(index, combo.count() - 1)))
            combo.blockSignals(False)

    def _objective_changed(self) -> None:
        kind = self.objective_combo.currentData()
        self.points_spin.setEnabled(kind == REACH_POINTS)
        self.feature_edit.setEnabled(kind == BLOCK_COMPLETION)

    def _sets(self) -> list[str]:
        return self.doc.tile_sets()

    # -- authoring -------------------------------------------------------------------------

    def load(self) -> None:
        """Fill the form from the document's puzzle block."""
        data = self.doc.position.puzzle
        self._shown = copy.deepcopy(data)
        self._fill_players()
        puzzle = Puzzle.from_dict(data or {})
        self.title_edit.setText(puzzle.title)
        self.author_edit.setText(puzzle.author)
        self.difficulty_spin.setValue(puzzle.difficulty or 0)
        self.to_move_combo.setCurrentIndex(puzzle.to_move)
        self.hand_edit.setText(" ".join(puzzle.hand))
        objective = puzzle.objective
        self.objective_combo.setCurrentIndex(max(0, self.objective_combo.findData(
            objective.type)))
        self.points_spin.setValue(objective.points or 1)
        self.player_combo.setCurrentIndex(0 if objective.player is None
                                          else objective.player + 1)
        feature = objective.feature
        self.feature_edit.setText(f"{feature.x},{feature.y} {feature.segment}"
                                  if feature else "")
        self.solution_edit.setText("; ".join(self._solution_text(m) for m in puzzle.solution))
        self.hints_edit.setPlainText("\n".join(puzzle.hints))
        self._objective_changed()
        self.remove_button.setEnabled(data is not None)
        self.author_status.setText("" if data is not None else
                                   _("The board has no puzzle yet: fill in the form and "
                                     "Apply."))

    def _solution_text(self, data: dict[str, Any]) -> str:
        try:
            return format_move(move_from_dict(data, self.doc.catalogue, self.doc.board))
        except (PuzzleError, KeyError):
            return f"{data.get('tile', '?')}@{data.get('x')},{data.get('y')}:" \
                   f"{data.get('rotation', 0)}"

    def form_puzzle(self) -> Puzzle:
        """The puzzle the form describes (``PuzzleError`` naming what is wrong)."""
        catalogue, sets = self.doc.catalogue, self._sets()
        to_move = max(0, self.to_move_combo.currentIndex())
        try:
            hand = [find_tile(t, catalogue, sets).ref
                    for t in re.split(r"[\s,;]+", self.hand_edit.text().strip()) if t]
            solution = [move_to_dict(parse_move(text, to_move, catalogue, sets))
                        for text in self.solution_edit.text().split(";") if text.strip()]
        except NotationError as exc:
            raise PuzzleError(str(exc)) from exc
        kind = self.objective_combo.currentData()
        feature = None
        if kind == BLOCK_COMPLETION:
            found = _FEATURE.match(self.feature_edit.text())
            if not found:
                raise PuzzleError(_("the feature to block is written 'x,y segment', e.g. "
                                    "'1,-2 city'"))
            feature = FeatureRef(int(found[1]), int(found[2]), found[3])
        player = self.player_combo.currentIndex() - 1
        old = Puzzle.from_dict(self.doc.position.puzzle or {})
        objective = Objective(kind, self.points_spin.value() if kind == REACH_POINTS else None,
                              player if player >= 0 else None, feature, old.objective.extras)
        hints = [h.strip() for h in self.hints_edit.toPlainText().splitlines() if h.strip()]
        return Puzzle(objective, to_move, hand, solution, self.title_edit.text().strip(),
                      self.author_edit.text().strip(), self.difficulty_spin.value() or None,
                      hints, old.extras)

    def apply(self) -> bool:
        """Write the form into the document as one undoable edit."""
        try:
            data = self.form_puzzle().to_dict()
        except PuzzleError as exc:
            self.author_status.setText(_("Not applied: {error}").format(error=exc))
            return False
        if data != self.doc.position.puzzle:
            self.doc.undo_stack.push(SetPuzzle(self.doc, data))
        self.author_status.setText(_("Applied."))
        return True

    def remove_puzzle(self) -> None:
        """Remove the puzzle block (undoable)."""
        if self.doc.position.puzzle is not None:
            self.doc.undo_stack.push(SetPuzzle(self.doc, None, _("Remove puzzle")))

    def lift_last_tile(self) -> bool:
        """Take the tile placed last off the board, with the to-move player's figures on
        it, and make it the first move of the solution (and the first tile in hand)."""
        tiles = self.doc.tiles()
        if not tiles:
            self.author_status.setText(_("There is no tile on the board to lift."))
            return False
        try:
            puzzle = self.form_puzzle()
        except PuzzleError as exc:
            self.author_status.setText(_("Not lifted: {error}").format(error=exc))
            return False
        spec = tiles[-1]
        figures = [f for _key, f in self.doc.figures_at(spec.x, spec.y)
                   if f.owner == puzzle.to_move]
        action = None
        if figures:
            first = figures[0]
            action = FigureAction(first.kind, first.segment, assign=tuple(
                f.kind for f in figures[1:] if f.segment == first.segment))
        move = Move(puzzle.to_move, spec.tile, spec.x, spec.y, spec.rotation, action)
        puzzle.solution.insert(0, move_to_dict(move))
        if puzzle.hand[:1] != [spec.tile.ref]:
            puzzle.hand.insert(0, spec.tile.ref)
        stack = self.doc.undo_stack
        stack.beginMacro(_("Lift last tile into the solution"))
        stack.push(RemoveTile(self.doc, spec.x, spec.y))
        stack.push(SetPuzzle(self.doc, puzzle.to_dict()))
        stack.endMacro()
        self.author_status.setText(_("Lifted {move} into the solution.").format(
            move=format_move(move)))
        return True

    # -- work on the worker thread ---------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether solving or checking is under way (until its answer is shown)."""
        return self.job is not None

    def _start(self, name: str, work: Any, then: str) -> Job:
        """Run ``work(progress)`` on a worker thread; the method named ``then`` takes the
        result back on this one."""
        self._stop_work()
        job = Job(work, name)
        self.job = job
        self._then = then
        job.progressed.connect(self._progressed)
        job.succeeded.connect(self._succeeded)
        job.stopped.connect(self._job_stopped)
        job.failed.connect(self._job_failed)
        self.work_bar.setValue(0)
        self.work_bar.setFormat(f"{_(WORKING.get(name, name))} %p%")
        self.cancel_button.setEnabled(True)
        for button in (self.solve_button, self.check_button):
            button.setEnabled(False)
        self.setCursor(Qt.CursorShape.BusyCursor)
        self._show_work.start()
        job.start()
        self.busyChanged.emit(True)
        return job

    def _progressed(self, job: Job, fraction: float, text: str) -> None:
        if job is self.job:
            self.work_bar.setValue(round(fraction * 1000))
            self.work_bar.setFormat(_("{working} %p% ({progress}, {seconds} s)").format(
                working=_(WORKING.get(job.name, job.name)), progress=text,
                seconds=f"{job.progress.elapsed:.0f}"))

    def _reveal_work(self) -> None:
        if self.busy:
            self.work.show()

    def _succeeded(self, job: Job, result: Any) -> None:
        self._finish(job, getattr(self, self._then), result)

    def _job_stopped(self, job: Job, stopped: Stopped) -> None:
        self._finish(job, self._stopped, stopped)

    def _job_failed(self, job: Job, message: str) -> None:
        self._finish(job, self._failed, message)

    def _finish(self, job: Job, then: Any, value: Any) -> None:
        """A job ended: tidy up, and hand its outcome on (unless it was replaced)."""
        if job is not self.job:
            return
        self.job = None
        self._idle()
        then(value)

    def _idle(self) -> None:
        self._show_work.stop()
        self.work.hide()
        self.unsetCursor()
        for button in (self.solve_button, self.check_button):
            button.setEnabled(True)
        self.busyChanged.emit(False)

    def cancel(self) -> None:
        """Stop solving or checking (the Cancel button)."""
        if self.job is not None:
            self.job.cancel()
            self.cancel_button.setEnabled(False)
            self.work_bar.setFormat("Cancelling…")

    def _stop_work(self) -> None:
        """Cancel the job under way and forget it (its answer will not be shown)."""
        job, self.job = self.job, None
        if job is not None:
            job.cancel()
            self._idle()

    def _stopped(self, stopped: Stopped) -> None:
        seconds, n = f"{stopped.elapsed:.1f}", len(stopped.partial)
        cancelled = stopped.reason == CANCELLED
        if n:
            text = (ngettext("Cancelled after {seconds} s ({n} move searched).",
                             "Cancelled after {seconds} s ({n} moves searched).", n)
                    if cancelled else
                    ngettext("Stopped after {seconds} s ({n} move searched).",
                             "Stopped after {seconds} s ({n} moves searched).", n)
                    ).format(seconds=seconds, n=n)
        else:
            text = (_("Cancelled after {seconds} s.") if cancelled
                    else _("Stopped after {seconds} s.")).format(seconds=seconds)
        if self._solver is not None:
            self._pending = None
            self.verdict.setText(_("{stopped} Solving mode needs every move ranked.").format(
                stopped=text))
            self.play_button.setChecked(False)
            return
        self._forget_results(text)

    def _failed(self, message: str) -> None:
        text = _("The solver failed: {error}").format(error=message)
        if self._solver is not None:
            self.verdict.setText(text)
            self.play_button.setChecked(False)
        self._forget_results(text)

    def _copy(self, puzzle: Puzzle | None = None) -> Position:
        """A copy of the position for work on another thread (with ``puzzle`` as its
        puzzle block when given)."""
        data = position_to_dict(self.doc.position)
        if puzzle is not None:
            data["puzzle"] = puzzle.to_dict()
        copied, _rest = position_from_dict(data, self.doc.catalogue)
        assert copied is not None
        return copied

    def _new_solver(self, progress: Progress | None = None) -> Solver:
        """A solver for the form's puzzle on a copy of the position."""
        puzzle = self.form_puzzle()
        return Solver.for_position(self._copy(), self.doc.rules, self.doc.catalogue, puzzle,
                                   progress)

    # -- solving ---------------------------------------------------------------------------

    def solve(self) -> None:
        """Rank every move on the worker thread; the best ones are shown when it is done
        (``solved`` tells the number)."""
        try:
            solver = self._new_solver()
        except PuzzleError as exc:
            self._forget_results(_("Cannot solve: {error}").format(error=exc))
            return
        self._forget_results(_("Ranking every legal move for {hand}… (Cancel stops)").format(
            hand=", ".join(solver.puzzle.hand)))

        def work(progress: Progress) -> list[Ranked]:
            solver.progress = progress
            return solver.rank()

        self._start("solving", work, "_solved")

    def _solved(self, ranking: list[Ranked]) -> None:
        self.ranking = ranking
        self.rows = [(r, "") for r in ranking]
        self._fill_results()
        self._show_ghosts()
        self.overlay.reveal()
        if ranking:
            self.solve_status.setText(ngettext(
                "{n} move ranked; the best: {best}.", "{n} moves ranked; the best: {best}.",
                len(ranking)).format(n=len(ranking), best=ranking[0].outcome.describe()))
        else:
            self.solve_status.setText(_("No legal move."))
        self.solved.emit(len(ranking))

    def check_solution(self) -> None:
        """Check the reference solution on the worker thread: legal, optimal, unique
        (``checked`` gives the report)."""
        try:
            puzzle = self.form_puzzle()
        except PuzzleError as exc:
            self._forget_results(_("Cannot check: {error}").format(error=exc))
            return
        position, rules, catalogue = self._copy(puzzle), self.doc.rules, self.doc.catalogue
        self._forget_results(_("Checking the solution against every legal line… (Cancel "
                               "stops)"))
        self._start("checking", lambda progress: check(position, rules, catalogue, progress),
                    "_checked")

    def _checked(self, report: CheckReport) -> None:
        self.report = report
        rows: list[tuple[Ranked, str]] = []
        if report.solution and report.outcome is not None and not report.optimal:
            moves = tuple(report.solution)
            rows.append((Ranked(moves, moves, report.outcome, 0), _("the solution")))
        same = {id(r) for r in report.same}
        for r in report.best:
            if id(r) in same:
                note = _("the solution") if _written(r.moves) == _written(report.solution) \
                    else _("the solution, written differently")
            elif report.optimal:
                note = _("ties the solution: another answer")
            else:
                note = _("better than the solution")
            rows.append((r, note))
        self.ranking = list(report.best)
        self.rows = rows
        self._fill_results()
        self._show_ghosts()
        self.overlay.reveal()
        self.solve_status.setText(self._verdict_html(report))
        self.checked.emit(report)

    @staticmethod
    def _verdict_html(report: CheckReport) -> str:
        """The check's verdict, as ``check`` prints it."""
        def mark(ok: bool) -> str:
            return "✔" if ok else "✘"

        n = report.considered
        head = ngettext("<b>OK</b>: legal, optimal and unique ({n} move considered).",
                        "<b>OK</b>: legal, optimal and unique ({n} moves considered).", n
                        ).format(n=n) if report.ok else ngettext(
            "<b>FAILED</b>: legal {legal}, optimal {optimal}, unique {unique} ({n} move "
            "considered).",
            "<b>FAILED</b>: legal {legal}, optimal {optimal}, unique {unique} ({n} moves "
            "considered).", n).format(legal=mark(report.legal), optimal=mark(report.optimal),
                                      unique=mark(report.unique), n=n)
        lines = [head]
        if report.solution:
            moves = _(" then ").join(_written(report.solution))
            lines.append(html.escape(
                _("Solution: {moves}: {outcome}").format(
                    moves=moves, outcome=report.outcome.describe()) if report.outcome
                else _("Solution: {moves}").format(moves=moves)))
        lines += [f"• {html.escape(p)}" for p in report.problems]
        lines += [f"⚠ {html.escape(w)}" for w in report.warnings]
        return "<br>".join(lines)

    def _fill_results(self) -> None:
        table = self.results
        table.blockSignals(True)
        table.setRowCount(len(self.rows))
        for row, (r, note) in enumerate(self.rows):
            table.setItem(row, RANK, _cell(r.rank if r.rank else "–"))
            table.setItem(row, MOVE, _cell(format_move(r.move)))
            table.setItem(row, OUTCOME, _cell(r.outcome.describe()))
            table.setItem(row, CONTINUATION, _cell(" then ".join(_written(r.line[1:]))))
            table.setItem(row, NOTE, _cell(note))
            tip = f"{' then '.join(_written(r.line))}: {r.outcome.describe()}" + (
                f" — {note}" if note else "")
            for column in range(NOTE + 1):
                item = table.item(row, column)
                if item is not None:
                    item.setToolTip(tip)
        table.setColumnHidden(NOTE, not any(note for _key, note in self.rows))
        table.blockSignals(False)

    def _selection_changed(self) -> None:
        self._show_ghosts()
        if self.results.selectedIndexes():
            self.overlay.reveal()

    def _show_ghosts(self) -> None:
        """The best moves, or the whole line of the selected one, as ghost tiles."""
        if self._solver is not None:  # no spoilers in solving mode
            return
        colours = [p.colour for p in self.doc.players]
        rows = sorted({i.row() for i in self.results.selectedIndexes()})
        chosen = [self.rows[r][0] for r in rows if r < len(self.rows)]
        if chosen:
            self.overlay.show_moves(chosen, colours, lines=True)
        else:
            self.overlay.show_moves([r for r, _ in self.rows][:self.ghost_spin.value()],
                                    colours)

    def _forget_results(self, status: str = "") -> None:
        self.ranking = []
        self.rows = []
        self.report = None
        self.results.setRowCount(0)
        self.results.setColumnHidden(NOTE, True)
        self.overlay.show_moves([], [])
        self.solve_status.setText(status)

    def clear_overlays(self) -> None:
        """Remove ghosts and markers from the board."""
        self.dead_box.setChecked(False)
        self.fits_box.setChecked(False)
        self.overlay.clear()

    def refresh_scenario(self) -> None:
        """Recount the bag at once; find dead cells and fitting cells (when they are shown)
        on the worker thread, on a copy of the board."""
        doc = self.doc
        try:
            hand = Puzzle.from_dict(doc.position.puzzle or {}).hand_tiles(doc.catalogue)
        except PuzzleError:
            hand = []
        left = bag(doc.board, bag_sets(doc.position, doc.rules, doc.catalogue), hand)
        sets = ", ".join(left.sets) or _("no tile set")
        self.bag_label.setText(ngettext(
            "{n} tile left in the bag ({hand} in hand)", "{n} tiles left in the bag ({hand} in "
            "hand)", left.total).format(n=left.total, hand=len(hand)) if hand else ngettext(
            "{n} tile left in the bag", "{n} tiles left in the bag", left.total).format(
            n=left.total))
        self.bag_label.setToolTip(_("The box of {sets}, less the tiles on the board and in "
                                    "hand").format(sets=sets))
        self.bag_table.setRowCount(len(left.counts))
        for row, (tile, n) in enumerate(left.counts.items()):
            for column, value in enumerate((tile.ref, n, tile.count)):
                self.bag_table.setItem(row, column, _cell(value))
        dead, fitting = self.dead_box.isChecked(), self.fits_box.isChecked() and bool(hand)
        if self.scenario_job is not None:
            self.scenario_job.cancel()
            self.scenario_job = None
        if not dead:
            self.overlay.show_dead([])
        if not fitting:
            self.overlay.show_fits([])
        if not (dead or fitting):
            return
        board, engine, available = doc.board_copy(), Engine(doc.rules), left.available()
        first = hand[0] if hand else None

        def work(progress: Progress) -> tuple[list[Cell] | None, list[Any] | None]:
            cells = Fitter(engine, available).dead_cells(board, progress) if dead else None
            found = fits(engine, board, first) if fitting and first is not None else None
            return cells, found

        job = Job(work, "scenario")
        job.succeeded.connect(self._scenario_done)
        self.scenario_job = job
        job.start()

    def _scenario_done(self, job: Job, result: tuple[list[Cell] | None, list[Any] | None]
                       ) -> None:
        if job is not self.scenario_job:
            return
        self.scenario_job = None
        dead, found = result
        if dead is not None:
            self.overlay.show_dead(dead)
        if found is not None:
            self.overlay.show_fits(found)

    # -- solving mode ----------------------------------------------------------------------

    def _set_playing(self, playing: bool) -> None:
        for widget in (self.try_edit, self.try_button, self.hint_button, self.take_back_button,
                       self.reveal_button):
            widget.setEnabled(playing)
        self.play_button.setText(_("Stop solving") if playing else _("Start solving"))

    def start_solving(self) -> None:
        """Enter solving mode (ranking hidden until the person asks)."""
        self.play_button.setChecked(True)
        self.tabs.setCurrentIndex(2)

    def _play_toggled(self, playing: bool) -> None:
        if not playing:
            if self._solver is not None:
                self._stop_work()
            self._solver = None
            self._pending = None
            self._set_playing(False)
            return
        try:
            solver = self._new_solver()
        except PuzzleError as exc:
            self.verdict.setText(_("Cannot play: {error}").format(error=exc))
            self.play_button.setChecked(False)
            return
        self._forget_results("")
        self._solver = solver
        self._hint = 0
        self._trial_index = -1
        self._pending = None
        puzzle = solver.puzzle
        names = [p.name for p in self.doc.players]
        title = puzzle.title or self.doc.position.title or _("Puzzle")
        goal = puzzle.objective.describe(names, puzzle.to_move, self.doc.board)
        hand = _("In hand: {tiles}. Place it on the board, or type a move.").format(
            tiles=", ".join(puzzle.hand))
        self.play_text.setText(
            f"<b>{html.escape(title)}</b><br>{html.escape(goal)}<br>{html.escape(hand)}")
        self.hint_label.setText("")
        self.verdict.setText(_("Ranking every move: you may place the tile already."))
        self._set_playing(True)
        self.handTileChosen.emit(solver.hand[0])

        def work(progress: Progress) -> list[Ranked]:
            solver.progress = progress
            return solver.rank()

        self._start("ranking", work, "_ranked_for_play")

    def _ranked_for_play(self, ranking: list[Ranked]) -> None:
        self.ranking = ranking
        pending, self._pending = self._pending, None
        if pending is not None:
            self.judge(pending)
        else:
            self.verdict.setText(_("Every move is ranked ({n}): your turn.").format(
                n=len(ranking)))

    def next_hint(self) -> None:
        """Show the next hint."""
        hints = Puzzle.from_dict(self.doc.position.puzzle or {}).hints
        if not hints:
            self.hint_label.setText(_("This puzzle has no hints."))
            return
        self._hint = min(self._hint + 1, len(hints))
        self.hint_label.setText("<br>".join(
            html.escape(_("Hint {n}: {hint}").format(n=i + 1, hint=h))
            for i, h in enumerate(hints[:self._hint])))

    def judge(self, move: Move) -> str:
        """How ``move`` ranks among the solver's moves, as a sentence (shown and returned).
        Asked before the ranking is ready, the answer comes when it is."""
        solver = self._solver
        if solver is None:
            return ""
        if self.busy:
            self._pending = move
            text = _("{move}: ranking every move first…").format(move=format_move(move))
            self.verdict.setText(text)
            return text
        try:
            solver.check_moves([move])
            outcome = self._ranked_outcome(solver, move) or solver.evaluate([move])[0]
        except (IllegalMove, PuzzleError) as exc:
            text = _("{move} is not allowed: {error}").format(move=format_move(move), error=exc)
        else:
            text = self._verdict(move, outcome)
        self.verdict.setText(text)
        self.judged.emit(text)
        return text

    def _ranked_outcome(self, solver: Solver, move: Move) -> Outcome | None:
        """The ranked outcome of the legal ``move``, or of the ranked move it is written
        differently (a symmetric tile turned another way); ``None`` when there is neither."""
        for r in self.ranking:
            if r.move == move:
                return r.outcome
        key = solver.position_key([move])
        for r in self.ranking:
            if (r.move.x, r.move.y) == (move.x, move.y) and solver.position_key([r.move]) == key:
                return r.outcome
        return None

    def _verdict(self, move: Move, outcome: Outcome) -> str:
        keys = [r.outcome.key for r in self.ranking]
        rank = 1 + sum(k > outcome.key for k in keys)
        ties = sum(k == outcome.key for k in keys) - 1
        best = self.ranking[0].outcome
        written, n = format_move(move), len(keys)
        if outcome.success is not None:
            if outcome.success:
                if not ties:
                    return _("{move} meets the objective! No other move does.").format(
                        move=written)
                return ngettext("{move} meets the objective! So does {n} other.",
                                "{move} meets the objective! So do {n} others.", ties
                                ).format(move=written, n=ties)
            winners = sum(k == best.key for k in keys) if best.success else 0
            return ngettext("{move} does not meet the objective (rank {rank} of {total}); "
                            "{n} move does.",
                            "{move} does not meet the objective (rank {rank} of {total}); "
                            "{n} moves do.", winners).format(move=written, rank=rank, total=n,
                                                              n=winners)
        args = {"move": written, "rank": rank, "total": n, "outcome": outcome.describe()}
        if rank != 1:
            return _("{move}: rank {rank} of {total}, {outcome}. The best gives {best}."
                     ).format(best=best.describe(), **args)
        if not ties:
            return _("{move}: rank {rank} of {total}, {outcome}. The best move!").format(**args)
        return ngettext("{move}: rank {rank} of {total}, {outcome}. One of the best moves "
                        "({n} other as good).",
                        "{move}: rank {rank} of {total}, {outcome}. One of the best moves "
                        "({n} others as good).", ties).format(n=ties, **args)

    def try_text(self) -> None:
        """Judge the move typed in the box."""
        if self._solver is None:
            return
        try:
            move = parse_move(self.try_edit.text(), self._solver.player, self.doc.catalogue,
                              self._sets())
        except NotationError as exc:
            self.verdict.setText(str(exc))
            return
        self.judge(move)

    def _tile_added(self, x: int, y: int) -> None:
        solver = self._solver
        spec = self.doc.tile_at(x, y)
        if solver is None or spec is None or spec.tile is not solver.hand[0]:
            return
        self._trial_index = self.doc.undo_stack.index()  # placing it is being pushed
        self._judge_board(x, y)

    def _figures_changed(self, cells: list[tuple[int, int]]) -> None:
        if self._solver is not None and self._trial_index >= 0:
            for x, y in cells:
                spec = self.doc.tile_at(x, y)
                if spec is not None and spec.tile is self._solver.hand[0]:
                    self._judge_board(x, y)

    def _judge_board(self, x: int, y: int) -> None:
        """Judge the tile in hand as placed on (x, y), with the player's figures on it."""
        solver = self._solver
        spec = self.doc.tile_at(x, y)
        assert solver is not None and spec is not None
        figures = [f for _key, f in self.doc.figures_at(x, y) if f.owner == solver.player]
        action = None
        if figures:
            action = FigureAction(figures[0].kind, figures[0].segment, assign=tuple(
                f.kind for f in figures[1:] if f.segment == figures[0].segment))
        self.judge(Move(solver.player, spec.tile, x, y, spec.rotation, action))

    def take_back(self) -> None:
        """Undo the tried tile (and the figures placed on it since)."""
        if self._trial_index >= 0:
            self.doc.undo_stack.setIndex(self._trial_index)
            self._trial_index = -1
            self.verdict.setText(_("Taken back. Try again!"))

    def reveal(self) -> None:
        """Show the best moves and their lines (solving mode stays on)."""
        if self.busy:
            self.verdict.setText(_("Still ranking the moves: the solution comes when it is done."))
            return
        self.rows = [(r, "") for r in self.ranking]
        self._fill_results()
        best = [r for r in self.ranking if r.rank == 1]
        self.overlay.show_moves(best, [p.colour for p in self.doc.players], lines=True)
        self.overlay.reveal()
        self.verdict.setText(_("Best: {lines}").format(lines="; ".join(
            _("{line} ({outcome})").format(line=_(" then ").join(_written(r.line)),
                                           outcome=r.outcome.describe())
            for r in best)) if best else _("No legal move."))


class PuzzleDock(QDockWidget):
    """The puzzle panel in a dock."""

    def __init__(self, doc: BoardDocument, overlay: PuzzleOverlay | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(_("Puzzle"), parent)
        self.setObjectName("PuzzleDock")
        self.panel = PuzzlePanel(doc, overlay, self)
        self.setWidget(self.panel)

