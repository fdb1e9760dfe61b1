"""The Qt document: one board position being edited, with its file and undo stack.

The editing itself is Qt-free (:class:`editor.rules.position_editor.PositionEditor`, with
:class:`editor.rules.analysis.Analysis` for scores and findings); this document owns one of
each and turns every :class:`~editor.rules.position_editor.Change` an edit returns into
signals naming what changed, so the scene updates only the affected items.

Views never change the position directly: they push undo commands (``editor.qt.commands``)
whose ``redo``/``undo`` call the edit methods here.

A ruleset that cannot be built (an edition no plugin provides, a misspelt option) leaves the
document with :class:`UnavailableRuleset`: no edition, nothing scored, only the geometry
checked, and an error finding that says why, until the person picks a ruleset. The
position keeps the file's editions, so that saving does not lose them.

Scores and findings are computed a moment after the last edit. A plugin that fails
meanwhile has its edition disabled by the host; the document then emits
:attr:`BoardDocument.pluginFailed` with what to tell the person.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from editor.i18n import _
from editor.model.board import Board, Cell
from editor.model.features import FeatureInfo
from editor.model.findings import Finding, Severity
from editor.model.players import Player
from editor.model.position import Position
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost, default_host
from editor.rules.analysis import HOOK_BUDGET_S, Analysis
from editor.rules.engine import Engine
from editor.rules.position_editor import (
    ANNOTATION_KINDS,
    Annotation,
    BoardState,
    Change,
    FigureSpec,
    PositionEditor,
    TileSpec,
    UnavailableRuleset,
    figure_key,
    new_position,
)
from editor.rules.ruleset import Ruleset
from editor.rules.score_report import ScoreReport
from editor.workspace import catalogue as load_catalogue
from editor.workspace import ruleset_of

from .ondisk import FileStamp

__all__ = [
    "ANNOTATION_KINDS", "HOOK_BUDGET_S", "RESCORE_DELAY_MS", "Annotation", "BoardDocument",
    "BoardState", "FigureSpec", "TileSpec", "UnavailableRuleset", "figure_key",
    "new_position",
]

#: Milliseconds between the last edit and the recomputation of scores and findings.
RESCORE_DELAY_MS = 120


class BoardDocument(QObject):
    """A position's editor and analysis, its file and undo stack, told as signals."""

    tileAdded = Signal(int, int)
    tileRemoved = Signal(int, int)
    tileChanged = Signal(int, int)
    #: cells (a list of (x, y)) whose figures changed
    figuresChanged = Signal(list)
    playersChanged = Signal()
    annotationsChanged = Signal()
    rulesetChanged = Signal()
    #: the puzzle block changed
    puzzleChanged = Signal()
    #: the move log changed
    movesChanged = Signal()
    #: scores and findings were recomputed (debounced after edits)
    scoresChanged = Signal()
    #: a plugin failed while scores and findings were computed: what to tell the person
    pluginFailed = Signal(str)
    pathChanged = Signal(str)
    modifiedChanged = Signal(bool)
    #: any edit, at once (not debounced)
    edited = Signal()

    def __init__(self, position: Position | None = None, path: str | None = None,
                 file_findings: list[Finding] | None = None,
                 host: PluginHost | None = None, catalogue: Catalogue | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host or default_host()
        self.catalogue = catalogue or load_catalogue(self.host)
        host_ = self.host
        seen = len(host_.errors)
        self.editor = PositionEditor(position or new_position(),
                                     lambda p: ruleset_of(p, host_), host_,
                                     fill_supply=position is None)
        self._path = path or ""
        self.analysis = Analysis(self.editor, host_, file_findings, self._path, seen)
        self._dirty = False
        #: the file as this document last read or wrote it (to notice changes by others)
        self.disk_stamp: FileStamp | None = None
        #: a later version of the file the person chose to keep their version over
        self.disk_seen: FileStamp | None = None
        #: the autosave this document writes to when it was recovered from one
        self.autosave_id: str | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RESCORE_DELAY_MS)
        self._timer.timeout.connect(self._rescore)
        self._timer.start()  # scored once when opened: plugin failures are told then too

    # -- the editor's and the analysis' state ------------------------------------------------

    @property
    def position(self) -> Position:
        """The position (read it; edit it through this document's methods)."""
        return self.editor.position

    @property
    def rules(self) -> Ruleset:
        """The position's ruleset (or :class:`UnavailableRuleset`)."""
        return self.editor.rules

    @property
    def engine(self) -> Engine:
        """The engine of the ruleset."""
        return self.editor.engine

    @property
    def ruleset_problem(self) -> str:
        """Why the position's own ruleset cannot be used ("" when it can)."""
        return self.editor.ruleset_problem

    @property
    def file_findings(self) -> list[Finding]:
        """The findings of reading the file."""
        return self.analysis.file_findings

    @property
    def board(self) -> Board:
        """The board being edited (read it; never change it directly)."""
        return self.editor.board

    @property
    def players(self) -> list[Player]:
        """The players, in order."""
        return self.editor.players

    @property
    def path(self) -> str:
        """The file the document was loaded from or saved to ("" when new)."""
        return self._path

    @property
    def modified(self) -> bool:
        """Whether the document differs from its file."""
        return self._dirty or not self.undo_stack.isClean()

    @property
    def display_name(self) -> str:
        """The file name, or the title of an unsaved position."""
        if self._path:
            return self._path.replace("\\", "/").rsplit("/", 1)[-1]
        return self.position.title or _("Untitled")

    # -- queries (the editor's) ------------------------------------------------------------

    def tiles(self) -> list[TileSpec]:
        """Every placed tile, in board order."""
        return self.editor.tiles()

    def tile_at(self, x: int, y: int) -> TileSpec | None:
        """The tile on a cell, if any."""
        return self.editor.tile_at(x, y)

    def figures(self) -> list[FigureSpec]:
        """Every figure, in board order."""
        return self.editor.figures()

    def figures_at(self, x: int, y: int) -> list[tuple[int, FigureSpec]]:
        """(index, figure) of the figures standing on a cell's tile."""
        return self.editor.figures_at(x, y)

    def board_copy(self) -> Board:
        """A board equal to this one, sharing nothing an edit changes (for other threads)."""
        return self.editor.board_copy()

    def feature(self, x: int, y: int, segment: str) -> FeatureInfo | None:
        """The feature holding a segment of the tile on (x, y)."""
        return self.editor.feature(x, y, segment)

    def player_colour(self, owner: int) -> str:
        """A player's colour (grey for an owner that is not a player)."""
        return self.editor.player_colour(owner)

    def figure_kinds(self) -> list[str]:
        """The figure kinds of the ruleset, in its order."""
        return self.editor.figure_kinds()

    def tile_sets(self) -> list[str]:
        """The tile sets the board draws from: those it lists, else its ruleset's."""
        return self.editor.tile_sets()

    def state(self) -> BoardState:
        """The tiles, figures and players as they are now (copies)."""
        return self.editor.state()

    def full_supply(self) -> dict[str, int]:
        """Every figure kind of the ruleset, as many as a player starts with."""
        return self.editor.full_supply()

    def annotation_list(self, kind: str) -> list[Annotation]:
        """``notes``, ``arrows`` or ``highlights``."""
        return self.editor.annotation_list(kind)

    def placement_findings(self, tile: Tile, x: int, y: int, rotation: int) -> list[Finding]:
        """Why ``tile`` may not go on (x, y) turned ``rotation`` quarter turns."""
        return self.editor.placement_findings(tile, x, y, rotation)

    def figure_findings(self, spec: FigureSpec) -> list[Finding]:
        """Why standing ``spec`` on the board now breaks a rule (in-game, after the tile)."""
        return self.editor.figure_findings(spec)

    # -- findings and scores (the analysis') -----------------------------------------------

    def score_report(self) -> ScoreReport:
        """Scores under the document's ruleset (computed once per state)."""
        return self.analysis.score_report()

    def report_for(self, rules: Ruleset) -> ScoreReport:
        """Scores under another ruleset (for the comparison view)."""
        return self.analysis.report_for(rules)

    def findings(self) -> list[Finding]:
        """File findings, placement and figure findings and the position's findings."""
        return self.analysis.findings()

    def worth(self, info: FeatureInfo) -> tuple[dict[int, int], dict[int, int]]:
        """Points per player for a feature: as if it were completed now, and at the end."""
        return self.analysis.worth(info)

    def flush(self) -> None:
        """Recompute scores and findings now instead of after the debounce delay."""
        self._timer.stop()
        self._rescore()

    def _rescore(self) -> None:
        """Compute scores and findings afresh and say so (and what failed, if anything)."""
        failed = self.analysis.refresh()
        self.scoresChanged.emit()
        if failed:
            self.pluginFailed.emit(failed)

    # -- edits: each asks the editor and tells its change ----------------------------------

    def _tell(self, change: Change) -> None:
        """Every edit ends here: signals for what changed; cached results dropped and their
        recomputation scheduled (not for edits that change no score or finding)."""
        for cell in change.removed:
            self.tileRemoved.emit(*cell)
        for cell in change.added:
            self.tileAdded.emit(*cell)
        for cell in change.changed:
            self.tileChanged.emit(*cell)
        if change.figures is not None:
            self.figuresChanged.emit(change.figures)
        if change.players:
            self.playersChanged.emit()
        if change.annotations:
            self.annotationsChanged.emit()
        if change.ruleset:
            self.rulesetChanged.emit()
        if change.puzzle:
            self.puzzleChanged.emit()
        if change.moves:
            self.movesChanged.emit()
        if change.rescore:
            self.analysis.invalidate()
            self._timer.start()
        self.edited.emit()

    def place_tile(self, spec: TileSpec) -> None:
        """Put a tile on an empty cell (any cell: illegal placements become findings)."""
        self._tell(self.editor.place_tile(spec))

    def remove_tile(self, x: int, y: int) -> tuple[TileSpec, list[tuple[int, FigureSpec]]]:
        """Take a tile and the figures on it off the board; returns what was removed."""
        spec, gone, change = self.editor.remove_tile(x, y)
        self._tell(change)
        return spec, gone

    def rotate_tile(self, x: int, y: int, rotation: int) -> None:
        """Turn a placed tile to ``rotation`` quarter turns; its figures stay on it."""
        self._tell(self.editor.rotate_tile(x, y, rotation))

    def move_tile(self, source: Cell, target: Cell) -> None:
        """Move a tile with its figures to an empty cell."""
        self._tell(self.editor.move_tile(source, target))

    def set_state(self, state: BoardState) -> None:
        """Make the board exactly ``state`` (tiles, figures, players)."""
        self._tell(self.editor.set_state(state))

    def continue_from(self, state: BoardState, moves: list[dict[str, Any]]) -> None:
        """Make the board ``state`` with the move log ``moves``."""
        self._tell(self.editor.continue_from(state, moves))

    def set_tilesets(self, tilesets: list[str]) -> None:
        """The tile sets the board lists (``[]``: its ruleset's)."""
        self._tell(self.editor.set_tilesets(tilesets))

    def add_figure(self, spec: FigureSpec, index: int | None = None) -> int:
        """Stand a figure on a segment; returns its index. Rule findings are recorded."""
        index, change = self.editor.add_figure(spec, index)
        self._tell(change)
        return index

    def remove_figure(self, index: int) -> FigureSpec:
        """Take the figure at ``index`` off the board; returns it."""
        spec, change = self.editor.remove_figure(index)
        self._tell(change)
        return spec

    def set_figures(self, figures: list[FigureSpec]) -> None:
        """Replace every figure (used to restore figures after a player edit)."""
        self._tell(self.editor.set_figures(figures))

    def take_supply(self, owner: int, kind: str, delta: int) -> None:
        """Change a player's supply of a figure kind by ``delta``."""
        self._tell(self.editor.take_supply(owner, kind, delta))

    def insert_player(self, index: int, player: Player) -> None:
        """Add a player at ``index`` (owners of later players' figures move up)."""
        self._tell(self.editor.insert_player(index, player))

    def remove_player(self, index: int) -> tuple[Player, list[FigureSpec]]:
        """Remove a player and their figures; returns the player and the figures before."""
        player, before, change = self.editor.remove_player(index)
        self._tell(change)
        return player, before

    def set_player(self, index: int, **fields: Any) -> dict[str, Any]:
        """Change a player's name, colour, score, goods or supply; returns the old values."""
        old, change = self.editor.set_player(index, **fields)
        self._tell(change)
        return old

    def set_info(self, title: str | None = None, description: str | None = None) -> None:
        """Change the title and/or description."""
        self._tell(self.editor.set_info(title, description))

    def insert_annotation(self, kind: str, index: int, item: Annotation) -> None:
        """Add a note, arrow or highlight at ``index`` of its list."""
        self._tell(self.editor.insert_annotation(kind, index, item))

    def remove_annotation(self, kind: str, index: int) -> Annotation:
        """Remove an annotation; returns it."""
        item, change = self.editor.remove_annotation(kind, index)
        self._tell(change)
        return item

    def replace_annotation(self, kind: str, index: int, item: Annotation) -> Annotation:
        """Replace an annotation; returns the old one."""
        old, change = self.editor.replace_annotation(kind, index, item)
        self._tell(change)
        return old

    def set_puzzle(self, puzzle: dict[str, Any] | None) -> None:
        """Replace the puzzle block (``None`` removes it)."""
        self._tell(self.editor.set_puzzle(puzzle))

    def set_ruleset(self, editions: list[str], options: dict[str, dict[str, Any]]) -> None:
        """Switch the position's ruleset (one that cannot be built scores with the default
        and says so in the findings)."""
        self._tell(self.editor.set_ruleset(editions, options))

    # -- file state ------------------------------------------------------------------------

    def set_path(self, path: str) -> None:
        """The file the document now belongs to."""
        if path != self._path:
            self._path = path
            self.analysis.path = path
            self.pathChanged.emit(path)

    def remember_disk(self) -> None:
        """The file on disk is what this document read or wrote (see :attr:`disk_stamp`)."""
        self.disk_stamp = FileStamp.of(self._path) if self._path else None
        self.disk_seen = None

    def mark_saved(self) -> None:
        """The document now equals its file."""
        was = self.modified
        self._dirty = False
        self.undo_stack.setClean()
        self.analysis.file_findings = [f for f in self.file_findings
                                       if f.severity is not Severity.ERROR]
        if was:
            self.modifiedChanged.emit(False)

    def mark_dirty(self) -> None:
        """The document differs from its file though nothing was undone (a recovered board)."""
        was = self.modified
        self._dirty = True
        if not was:
            self.modifiedChanged.emit(True)

    def _clean_changed(self, clean: bool) -> None:
        if not self._dirty:
            self.modifiedChanged.emit(not clean)

