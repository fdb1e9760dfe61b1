"""The document: one board position being edited, with its ruleset, file and undo stack.

Views never change the position directly: they push undo commands (``editor.qt.commands``)
whose ``redo``/``undo`` call the edit methods here, and every edit announces itself with a
signal naming what changed, so the scene updates only the affected items.

A ruleset that cannot be built (an edition no plugin provides, a misspelt option) leaves the
document with :class:`UnavailableRuleset`: no edition, nothing scored, only the geometry
checked, and an error finding that says why, until the person picks a ruleset. The
position keeps the file's editions, so that saving does not lose them.

Scores and findings are computed a moment after the last edit, each rule hook call within
:data:`HOOK_BUDGET_S`. A plugin that fails meanwhile (raises, returns what it may not, runs
out of time) has its edition disabled by the host; the document then adds an error finding
naming it and emits :attr:`BoardDocument.pluginFailed` with what to tell the person.

The board's feature graph is append-only with a journal. Placing a tile appends; removing,
turning or moving one rewinds the journal to just before that tile and replays the tiles
placed after it, so an edit costs the tiles placed after the edited one (an edited tile moves
to the end of the order, keeping repeated edits of the same tile cheap).
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from editor.i18n import _
from editor.model import events as ev
from editor.model.board import Board, Cell
from editor.model.features import FeatureInfo, describe
from editor.model.findings import Finding, Severity
from editor.model.players import Figure, Player
from editor.model.ports import SIDE_DELTA, SIDE_NAMES
from editor.model.position import Arrow, Highlight, Note, Position
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost, default_host
from editor.rules.engine import Engine
from editor.rules.guard import time_budget
from editor.rules.moves import FigureAction, Turn
from editor.rules.ruleset import Ruleset, RulesetError
from editor.rules.score_report import ScoreReport, score_report
from editor.workspace import catalogue as load_catalogue
from editor.workspace import ruleset_of

from .ondisk import FileStamp

log = logging.getLogger(__name__)

#: Milliseconds between the last edit and the recomputation of scores and findings.
RESCORE_DELAY_MS = 120
#: Seconds a rule hook may take while the editor scores: a plugin that takes longer is
#: abandoned, named in the status bar and Findings, and its edition disabled.
HOOK_BUDGET_S = 2.0
#: Codes of placement findings the document recomputes from the board's geometry.
GEOMETRY_CODES = frozenset({"sides-differ", "not-adjacent", "cell-taken"})
#: The three kinds of annotation lists, as named in board files.
ANNOTATION_KINDS = ("notes", "arrows", "highlights")
Annotation = Note | Arrow | Highlight


@dataclass(frozen=True, slots=True)
class TileSpec:
    """A tile on a cell, independent of the board's node numbers."""

    tile: Tile
    x: int
    y: int
    rotation: int = 0

    @property
    def cell(self) -> Cell:
        """(x, y)."""
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class FigureSpec:
    """A figure as a file names it: kind, owner, cell and (unrotated) segment id."""

    kind: str
    owner: int
    x: int
    y: int
    segment: str

    @property
    def cell(self) -> Cell:
        """(x, y)."""
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class BoardState:
    """Everything a position's play changes: tiles in order, figures, players' counts."""

    tiles: tuple[TileSpec, ...]
    figures: tuple[FigureSpec, ...]
    players: tuple[Player, ...]


@dataclass
class UnavailableRuleset(Ruleset):
    """Stands in for a board's ruleset that cannot be built: no edition, so nothing is
    scored and only geometry is checked; ``wanted`` is the file's ruleset, ``reason`` why
    it cannot be built."""

    wanted: str = ""
    reason: str = ""

    @property
    def name(self) -> str:
        """The file's ruleset, marked."""
        return f"{self.wanted} (unavailable)"


def figure_key(spec: FigureSpec) -> tuple[str, int, int, int, str]:
    """A hashable identity for recorded figure findings."""
    return (spec.kind, spec.owner, spec.x, spec.y, spec.segment)


class BoardDocument(QObject):
    """A position, its ruleset and its file; the only object that edits them."""

    tileAdded = Signal(int, int)
    tileRemoved = Signal(int, int)
    tileChanged = Signal(int, int)
    #: cells (a list of (x, y)) whose figures changed
    figuresChanged = Signal(list)
    playersChanged = Signal()
    annotationsChanged = Signal()
    rulesetChanged = Signal()
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
        self.position = position or new_position()
        self.file_findings: list[Finding] = list(file_findings or [])
        self._path = path or ""
        self._dirty = False
        #: the file as this document last read or wrote it (to notice changes by others)
        self.disk_stamp: FileStamp | None = None
        #: a later version of the file the person chose to keep their version over
        self.disk_seen: FileStamp | None = None
        #: the autosave this document writes to when it was recovered from one
        self.autosave_id: str | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._marks: dict[Cell, int] = {}
        self._placement_findings: dict[Cell, list[Finding]] = {}
        self._figure_findings: dict[tuple[str, int, int, int, str], list[Finding]] = {}
        self._report: ScoreReport | None = None
        self._findings: list[Finding] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RESCORE_DELAY_MS)
        self._timer.timeout.connect(self._rescore)
        #: plugin errors of the host already told; why scoring failed ("" when it did not)
        self._errors_seen = len(self.host.errors)
        self._failure = ""
        self.rules = self._resolve_rules()
        self.engine = Engine(self.rules)
        if position is None:
            for player in self.players:
                player.supply = self.full_supply()
        self._adopt(self.position.board)
        self._timer.start()  # scored once when opened: plugin failures are told then too

    # -- setup -----------------------------------------------------------------------------

    def _resolve_rules(self) -> Ruleset:
        """The position's ruleset, or :class:`UnavailableRuleset` saying why not."""
        try:
            return ruleset_of(self.position, self.host)
        except RulesetError as exc:
            return UnavailableRuleset((), {}, self.host, wanted=self.position.ruleset_spec,
                                      reason=str(exc))

    @property
    def ruleset_problem(self) -> str:
        """Why the position's own ruleset cannot be used ("" when it can)."""
        return self.rules.reason if isinstance(self.rules, UnavailableRuleset) else ""

    def _ruleset_finding(self) -> list[Finding]:
        problem = self.ruleset_problem
        if not problem:
            return []
        return [Finding(f"the board's ruleset {self.position.ruleset_spec} is unavailable: "
                        f"{problem}. Nothing is scored until a ruleset is chosen (Rules → "
                        "Ruleset…); saving keeps the file's", "$.ruleset", self._path,
                        "ruleset-unavailable")]

    def _adopt(self, loaded: Board) -> None:
        """Rebuild the loaded board with a journal mark per tile, recording the placement
        findings of rule-restricted tiles (river) in file order."""
        board = Board(loaded.players)
        figures = [self._spec_of(loaded, f) for f in loaded.figures]
        for placed in loaded:
            self._marks[(placed.x, placed.y)] = board.mark()
            self._record_placement(board, placed.tile, placed.x, placed.y, placed.rotation)
            board.place(placed.tile, placed.x, placed.y, placed.rotation)
        for spec in figures:
            board.add_figure(Figure(spec.kind, spec.owner, board.cells[spec.cell].node(
                spec.segment)))
        self.position.board = board

    # -- queries ---------------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The board being edited (read it; never change it directly)."""
        return self.position.board

    @property
    def players(self) -> list[Player]:
        """The players, in order."""
        return self.position.board.players

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

    def tiles(self) -> list[TileSpec]:
        """Every placed tile, in board order."""
        return [TileSpec(p.tile, p.x, p.y, p.rotation) for p in self.board]

    def tile_at(self, x: int, y: int) -> TileSpec | None:
        """The tile on a cell, if any."""
        placed = self.board.at(x, y)
        return TileSpec(placed.tile, x, y, placed.rotation) if placed else None

    def figures(self) -> list[FigureSpec]:
        """Every figure, in board order."""
        board = self.board
        return [self._spec_of(board, f) for f in board.figures]

    def figures_at(self, x: int, y: int) -> list[tuple[int, FigureSpec]]:
        """(index, figure) of the figures standing on a cell's tile."""
        board = self.board
        cell_of = board.node_cell
        return [(i, self._spec_of(board, f)) for i, f in enumerate(board.figures)
                if cell_of[f.node] == (x, y)]

    @staticmethod
    def _spec_of(board: Board, figure: Figure) -> FigureSpec:
        x, y = board.node_cell[figure.node]
        return FigureSpec(figure.kind, figure.owner, x, y, board.segment_of(figure.node).id)

    def board_copy(self) -> Board:
        """A board equal to this one, sharing nothing with it that an edit changes (for work
        on another thread)."""
        players = [replace(p, goods=dict(p.goods), supply=dict(p.supply))
                   for p in self.players]
        board = Board(players)
        for placed in self.board:
            board.place(placed.tile, placed.x, placed.y, placed.rotation)
        for spec in self.figures():
            board.add_figure(Figure(spec.kind, spec.owner,
                                    board.cells[spec.cell].node(spec.segment)))
        board.commit()
        return board

    def feature(self, x: int, y: int, segment: str) -> FeatureInfo | None:
        """The feature holding a segment of the tile on (x, y)."""
        placed = self.board.at(x, y)
        if placed is None or segment not in placed.tile.segment_index:
            return None
        return describe(self.board, placed.node(segment))

    def player_colour(self, owner: int) -> str:
        """A player's colour (grey for an owner that is not a player)."""
        players = self.players
        return players[owner].colour if 0 <= owner < len(players) else "#808080"

    def figure_kinds(self) -> list[str]:
        """The figure kinds of the ruleset, in its order."""
        return list(self.rules.figure_kinds())

    def tile_sets(self) -> list[str]:
        """The tile sets the board draws from: those it lists, else its ruleset's."""
        return list(self.position.tilesets) or self.rules.tilesets()

    def state(self) -> BoardState:
        """The tiles, figures and players as they are now (copies)."""
        return BoardState(tuple(self.tiles()), tuple(self.figures()), tuple(
            replace(p, goods=dict(p.goods), supply=dict(p.supply)) for p in self.players))

    def full_supply(self) -> dict[str, int]:
        """Every figure kind of the ruleset, as many as a player starts with."""
        return {k.name: k.supply for k in self.rules.figure_kinds().values()}

    def annotation_list(self, kind: str) -> list[Annotation]:
        """``notes``, ``arrows`` or ``highlights``."""
        if kind not in ANNOTATION_KINDS:
            raise ValueError(f"unknown annotation kind {kind!r}")
        found: list[Annotation] = getattr(self.position.annotations, kind)
        return found

    # -- findings and scores ---------------------------------------------------------------

    def placement_findings(self, tile: Tile, x: int, y: int, rotation: int) -> list[Finding]:
        """Why ``tile`` may not go on (x, y) turned ``rotation`` quarter turns."""
        return self.engine.placement_findings(self.board, tile, x, y, rotation)

    def figure_findings(self, spec: FigureSpec) -> list[Finding]:
        """Why standing ``spec`` on the board now breaks a rule (in-game, after the tile)."""
        placed = self.board.at(spec.x, spec.y)
        if placed is None:
            return [Finding(f"no tile at ({spec.x}, {spec.y})", code="no-segment",
                            cell=spec.cell)]
        if not 0 <= spec.owner < len(self.players):
            return [Finding(f"figure owner {spec.owner} is not a player", code="no-player",
                            cell=spec.cell)]
        action = FigureAction(spec.kind, spec.segment)
        found = self.engine.figure_findings(self.board, placed, spec.owner, action)
        if [f.code for f in found] == ["supply"]:  # the engine stops there; tell the rest too
            found += self.rules.hooks.figure_findings(self.board, placed, spec.owner, action,
                                                      Turn(spec.owner))
        return found

    def score_report(self) -> ScoreReport:
        """Scores under the document's ruleset (computed once per state). Scoring that
        fails (a bug, in a plugin or the host) gives the scores on the board and a finding
        saying so; the traceback goes to the log."""
        if self._report is None:
            try:
                with time_budget(HOOK_BUDGET_S):
                    self._report = score_report(self.board, self.rules)
            except Exception as exc:  # the editor must not fall over a scoring bug
                log.error("scoring under %s failed:\n%s", self.rules.name,
                          traceback.format_exc())
                self._failure = f"scoring failed ({type(exc).__name__}: {exc})"
                players = self.players
                self._report = ScoreReport(
                    self.rules.name, [p.name for p in players], [p.score for p in players],
                    [], [dict(p.goods) for p in players],
                    [Finding(f"{self._failure}: only the scores on the board are shown; the "
                             "log has the details", "$.ruleset", self._path, "internal")])
        return self._report

    def report_for(self, rules: Ruleset) -> ScoreReport:
        """Scores under another ruleset (for the comparison view)."""
        with time_budget(HOOK_BUDGET_S):
            return score_report(self.board, rules)

    def findings(self) -> list[Finding]:
        """File findings, placement and figure findings and the position's findings."""
        if self._findings is None:
            found = self._ruleset_finding() + list(self.file_findings)
            found += self._geometry_findings()
            for cell, items in self._placement_findings.items():
                if cell in self.board.cells:
                    found += items
            for items in self._figure_findings.values():
                found += items
            found += self.score_report().findings
            self._findings = self._plugin_findings() + found
        return self._findings

    def worth(self, info: FeatureInfo) -> tuple[dict[int, int], dict[int, int]]:
        """Points per player for a feature: as if it were completed now, and at the end.

        The first comes from the ruleset's completion hook, the second from the score report's
        lines located on this feature.
        """
        now: dict[int, int] = {}
        done = replace(info, complete=True)
        for _key, events in self.rules.hooks.feature_completed(self.board, done, Turn(0)):
            for event in events:
                if event.type == ev.SCORE and event.player is not None:
                    now[event.player] = now.get(event.player, 0) + event.points
        end: dict[int, int] = {}
        board = self.board
        for line in self.score_report().lines:
            if line.cell is None or line.segment is None or line.type != ev.SCORE:
                continue
            placed = board.cells.get(line.cell)
            if placed is not None and line.segment in placed.tile.segment_index \
                    and board.find(placed.node(line.segment)) == info.root:
                end[line.player] = end.get(line.player, 0) + line.points
        return now, end

    def _geometry_findings(self) -> list[Finding]:
        """Sides that disagree (told on the later-placed tile) and isolated tiles."""
        cells = self.board.cells
        earlier: set[Cell] = set()
        found = []
        for (x, y), placed in cells.items():
            kinds = placed.orientation.side_kinds
            alone = True
            for side, (dx, dy) in enumerate(SIDE_DELTA):
                other = cells.get((x + dx, y + dy))
                if other is None:
                    continue
                alone = False
                theirs = other.orientation.side_kinds[(side + 2) % 4]
                if (x + dx, y + dy) in earlier and kinds[side] != theirs:
                    found.append(Finding(
                        f"{placed.tile.ref} at ({x}, {y}) shows {kinds[side] or 'nothing'} on "
                        f"its {SIDE_NAMES[side]} side but {other.tile.ref} at ({x + dx}, "
                        f"{y + dy}) shows {theirs or 'nothing'}", code="sides-differ",
                        cell=(x, y)))
            if alone and len(cells) > 1:
                found.append(Finding(f"{placed.tile.ref} at ({x}, {y}) touches no other tile",
                                     code="not-adjacent", cell=(x, y)))
            earlier.add((x, y))
        return found

    def _record_placement(self, board: Board, tile: Tile, x: int, y: int,
                          rotation: int) -> None:
        """Keep the rule findings (beyond geometry) of putting a tile down."""
        if not self.rules.hooks.restricts_placement(tile):
            self._placement_findings.pop((x, y), None)
            return
        found = [f for f in self.engine.placement_findings(board, tile, x, y, rotation)
                 if f.code not in GEOMETRY_CODES]
        if found:
            self._placement_findings[(x, y)] = found
        else:
            self._placement_findings.pop((x, y), None)

    def _rescore(self) -> None:
        """Compute scores and findings afresh and say so; a plugin that failed since the
        last time is told by name (its edition is disabled, see :meth:`_plugin_findings`),
        and so is scoring that failed altogether."""
        host = self.host
        self._report = None
        self._findings = None
        self._failure = ""
        self.findings()
        failed = host.errors[self._errors_seen:]
        self._errors_seen = len(host.errors)
        self.scoresChanged.emit()
        if failed:
            disabled = [e.name for e in self.rules.editions if e.name in host.disabled]
            self.pluginFailed.emit(f"{failed[-1]}" + (
                f" — {', '.join(disabled)} disabled: the scores leave its rules out; see "
                "Findings" if disabled else ""))
        elif self._failure:
            self.pluginFailed.emit(f"{self._failure}: see Findings")

    def _plugin_findings(self) -> list[Finding]:
        """An error per edition of the ruleset that a plugin failure disabled."""
        host = self.host
        found = []
        for edition in self.rules.editions:
            if edition.name not in host.disabled:
                continue
            errors = [e for e in host.errors if e.plugin in (edition.plugin, edition.name)]
            why = f"{errors[-1]}" if errors else "its plugin failed"
            found.append(Finding(f"{why}; edition {edition.name} is disabled: the scores "
                                 "leave its rules out", "$.ruleset", self._path,
                                 "plugin-error"))
        return found

    def flush(self) -> None:
        """Recompute scores and findings now instead of after the debounce delay."""
        self._timer.stop()
        self._rescore()

    def _touched(self, rescore: bool = True) -> None:
        """Every edit ends here: drop cached results and schedule their recomputation
        (not for edits that change no score or finding: title, description, annotations)."""
        if rescore:
            self._report = None
            self._findings = None
            self._timer.start()
        self.edited.emit()

    # -- tiles -----------------------------------------------------------------------------

    def place_tile(self, spec: TileSpec) -> None:
        """Put a tile on an empty cell (any cell: illegal placements become findings)."""
        if spec.cell in self.board.cells:
            raise ValueError(f"cell {spec.cell} already holds a tile")
        self._marks[spec.cell] = self.board.mark()
        self._record_placement(self.board, spec.tile, spec.x, spec.y, spec.rotation)
        self.board.place(spec.tile, spec.x, spec.y, spec.rotation)
        self.tileAdded.emit(spec.x, spec.y)
        self._touched()

    def remove_tile(self, x: int, y: int) -> tuple[TileSpec, list[tuple[int, FigureSpec]]]:
        """Take a tile and the figures on it off the board; returns what was removed."""
        spec = self.tile_at(x, y)
        if spec is None:
            raise ValueError(f"no tile at ({x}, {y})")
        figures = self.figures()
        gone = [(i, f) for i, f in enumerate(figures) if f.cell == (x, y)]
        self._restructure({(x, y)}, [], [f for f in figures if f.cell != (x, y)])
        self._placement_findings.pop((x, y), None)
        for _key, f in gone:
            self._figure_findings.pop(figure_key(f), None)
        self.tileRemoved.emit(x, y)
        if gone:
            self.figuresChanged.emit([(x, y)])
        self._touched()
        return spec, gone

    def rotate_tile(self, x: int, y: int, rotation: int) -> None:
        """Turn a placed tile to ``rotation`` quarter turns; its figures stay on it."""
        spec = self.tile_at(x, y)
        if spec is None:
            raise ValueError(f"no tile at ({x}, {y})")
        turned = replace(spec, rotation=rotation % 4)
        figures = self.figures()
        self._restructure({(x, y)}, [turned], figures)
        self.tileChanged.emit(x, y)
        if any(f.cell == (x, y) for f in figures):
            self.figuresChanged.emit([(x, y)])
        self._touched()

    def move_tile(self, source: Cell, target: Cell) -> None:
        """Move a tile with its figures to an empty cell."""
        spec = self.tile_at(*source)
        if spec is None:
            raise ValueError(f"no tile at {source}")
        if target in self.board.cells:
            raise ValueError(f"cell {target} already holds a tile")
        moved = replace(spec, x=target[0], y=target[1])
        figures = [replace(f, x=target[0], y=target[1]) if f.cell == source else f
                   for f in self.figures()]
        self._restructure({source}, [moved], figures)
        self._placement_findings.pop(source, None)
        self.tileRemoved.emit(*source)
        self.tileAdded.emit(*target)
        if any(f.cell == target for f in figures):
            self.figuresChanged.emit([source, target])
        self._touched()

    def _restructure(self, drop: set[Cell], add: list[TileSpec],
                     figures: list[FigureSpec]) -> None:
        """Remove the ``drop`` cells, append ``add``, and stand exactly ``figures``."""
        board = self.board
        marks = [self._marks[c] for c in drop if c in self._marks]
        rewind = min(marks) if len(marks) == len(drop) else -1
        if rewind < 0 or rewind > len(board.journal):
            self._rebuild([t for t in self.tiles() if t.cell not in drop] + add, figures)
            return
        later = [TileSpec(p.tile, p.x, p.y, p.rotation) for c, p in board.cells.items()
                 if self._marks.get(c, -1) >= rewind and c not in drop]
        board.undo_to(rewind)
        for cell in drop:
            self._marks.pop(cell, None)
        for spec in later + add:
            self._marks[spec.cell] = board.mark()
            if spec in add:
                self._record_placement(board, spec.tile, spec.x, spec.y, spec.rotation)
            board.place(spec.tile, spec.x, spec.y, spec.rotation)
        self._stand(figures)

    def _rebuild(self, tiles: list[TileSpec], figures: list[FigureSpec]) -> None:
        """Build the board afresh (when the journal no longer reaches back far enough)."""
        board = Board(self.players)
        self._marks.clear()
        for spec in tiles:
            self._marks[spec.cell] = board.mark()
            board.place(spec.tile, spec.x, spec.y, spec.rotation)
        self.position.board = board
        self._stand(figures)

    def _stand(self, figures: list[FigureSpec]) -> None:
        """Make the board's figures exactly ``figures`` (those whose segment exists),
        keeping the common leading part in place."""
        board = self.board
        cells = board.cells
        wanted = [f for f in figures if f.cell in cells
                  and f.segment in cells[f.cell].tile.segment_index]
        have = [self._spec_of(board, f) for f in board.figures]
        keep = 0
        while keep < min(len(have), len(wanted)) and have[keep] == wanted[keep]:
            keep += 1
        for figure in reversed(board.figures[keep:]):
            board.remove_figure(figure)
        for spec in wanted[keep:]:
            board.add_figure(Figure(spec.kind, spec.owner, cells[spec.cell].node(spec.segment)))

    def set_state(self, state: BoardState) -> None:
        """Make the board exactly ``state`` (tiles in its order, figures, the players' names,
        colours, scores, goods and supplies); the cells whose tile changed are announced."""
        before = {spec.cell: spec for spec in self.tiles()}
        after = {spec.cell: spec for spec in state.tiles}
        figures_before = {f.cell for f in self.figures()}
        self._rebuild(list(state.tiles), list(state.figures))
        self._placement_findings.clear()
        self._figure_findings.clear()
        board = self.board
        for spec in state.tiles:
            self._record_placement(board, spec.tile, spec.x, spec.y, spec.rotation)
        for cell in before.keys() - after.keys():
            self.tileRemoved.emit(*cell)
        for cell, spec in after.items():
            if cell not in before:
                self.tileAdded.emit(*cell)
            elif before[cell] != spec:
                self.tileChanged.emit(*cell)
        for player, wanted in zip(self.players, state.players, strict=False):
            player.name, player.colour, player.score = wanted.name, wanted.colour, wanted.score
            player.goods, player.supply = dict(wanted.goods), dict(wanted.supply)
        self.figuresChanged.emit(sorted(figures_before | {f.cell for f in state.figures}))
        self.playersChanged.emit()
        self._touched()

    def set_tilesets(self, tilesets: list[str]) -> None:
        """The tile sets the board lists (``[]``: its ruleset's)."""
        self.position.tilesets = list(tilesets)
        self.rulesetChanged.emit()
        self._touched()

    # -- figures ---------------------------------------------------------------------------

    def add_figure(self, spec: FigureSpec, index: int | None = None) -> int:
        """Stand a figure on a segment; returns its index. Rule findings are recorded."""
        placed = self.board.at(spec.x, spec.y)
        if placed is None or spec.segment not in placed.tile.segment_index:
            raise ValueError(f"no segment {spec.segment!r} at ({spec.x}, {spec.y})")
        found = self.figure_findings(spec)
        if found:
            self._figure_findings[figure_key(spec)] = found
        index = len(self.board.figures) if index is None else index
        self.board.add_figure(Figure(spec.kind, spec.owner, placed.node(spec.segment)), index)
        self.figuresChanged.emit([spec.cell])
        self._touched()
        return index

    def remove_figure(self, index: int) -> FigureSpec:
        """Take the figure at ``index`` off the board; returns it."""
        figure = self.board.figures[index]
        spec = self._spec_of(self.board, figure)
        self.board.remove_figure(figure)
        self._figure_findings.pop(figure_key(spec), None)
        self.figuresChanged.emit([spec.cell])
        self._touched()
        return spec

    def set_figures(self, figures: list[FigureSpec]) -> None:
        """Replace every figure (used to restore figures after a player edit)."""
        cells = {f.cell for f in self.figures()} | {f.cell for f in figures}
        self._stand(figures)
        keys = {figure_key(f) for f in figures}
        for key in [k for k in self._figure_findings if k not in keys]:
            del self._figure_findings[key]
        self.figuresChanged.emit(sorted(cells))
        self._touched()

    def take_supply(self, owner: int, kind: str, delta: int) -> None:
        """Change a player's supply of a figure kind by ``delta``."""
        supply = self.players[owner].supply
        supply[kind] = supply.get(kind, 0) + delta
        self.playersChanged.emit()
        self._touched()

    # -- players ---------------------------------------------------------------------------

    def insert_player(self, index: int, player: Player) -> None:
        """Add a player at ``index`` (owners of later players' figures move up)."""
        figures = [replace(f, owner=f.owner + 1) if f.owner >= index else f
                   for f in self.figures()]
        self.players.insert(index, player)
        if index < len(self.players) - 1:
            self.set_figures(figures)
        self.playersChanged.emit()
        self._touched()

    def remove_player(self, index: int) -> tuple[Player, list[FigureSpec]]:
        """Remove a player and their figures; returns the player and the figures before."""
        before = self.figures()
        player = self.players.pop(index)
        self.set_figures([replace(f, owner=f.owner - 1) if f.owner > index else f
                          for f in before if f.owner != index])
        self.playersChanged.emit()
        self._touched()
        return player, before

    def set_player(self, index: int, **fields: Any) -> dict[str, Any]:
        """Change a player's name, colour, score, goods or supply; returns the old values."""
        player = self.players[index]
        old = {}
        for name, value in fields.items():
            if name not in ("name", "colour", "score", "goods", "supply"):
                raise ValueError(f"a player has no field {name!r}")
            old[name] = getattr(player, name)
            setattr(player, name, dict(value) if isinstance(value, dict) else value)
        self.playersChanged.emit()
        if "colour" in fields:
            self.figuresChanged.emit(sorted({f.cell for f in self.figures()
                                             if f.owner == index}))
        self._touched()
        return old

    # -- annotations and description -------------------------------------------------------

    def set_info(self, title: str | None = None, description: str | None = None) -> None:
        """Change the title and/or description."""
        if title is not None:
            self.position.title = title
        if description is not None:
            self.position.description = description
        self.annotationsChanged.emit()
        self._touched(rescore=False)

    def insert_annotation(self, kind: str, index: int, item: Annotation) -> None:
        """Add a note, arrow or highlight at ``index`` of its list."""
        self.annotation_list(kind).insert(index, item)
        self.annotationsChanged.emit()
        self._touched(rescore=False)

    def remove_annotation(self, kind: str, index: int) -> Annotation:
        """Remove an annotation; returns it."""
        item = self.annotation_list(kind).pop(index)
        self.annotationsChanged.emit()
        self._touched(rescore=False)
        return item

    def replace_annotation(self, kind: str, index: int, item: Annotation) -> Annotation:
        """Replace an annotation; returns the old one."""
        items = self.annotation_list(kind)
        old = items[index]
        items[index] = item
        self.annotationsChanged.emit()
        self._touched(rescore=False)
        return old

    # -- ruleset ---------------------------------------------------------------------------

    def set_ruleset(self, editions: list[str], options: dict[str, dict[str, Any]]) -> None:
        """Switch the position's ruleset (one that cannot be built scores with the default
        and says so in the findings)."""
        self.position.editions = list(editions)
        self.position.options = {k: dict(v) for k, v in options.items() if v}
        self.rules = self._resolve_rules()
        self.engine = Engine(self.rules)
        self.rulesetChanged.emit()
        self._touched()

    # -- file state ------------------------------------------------------------------------

    def set_path(self, path: str) -> None:
        """The file the document now belongs to."""
        if path != self._path:
            self._path = path
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
        self.file_findings = [f for f in self.file_findings if f.severity is not Severity.ERROR]
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


def new_position(editions: list[str] | None = None) -> Position:
    """An empty position with two players for a new document."""
    players = [Player("Red", "#d62828"), Player("Blue", "#1d4ed8")]
    position = Position(board=Board(players))
    if editions:
        position.editions = list(editions)
    return position
