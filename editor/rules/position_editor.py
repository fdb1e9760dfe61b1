"""The position editor: every edit of a board position, without Qt.

The editor owns a :class:`~editor.model.position.Position` and its ruleset; each edit method
changes them and returns a :class:`Change` naming what changed, which a front end turns into
its own notifications (the Qt document into signals). Nothing else assigns to the position.

The board's feature graph is append-only with a journal. Placing a tile appends; removing,
turning or moving one rewinds the journal to just before that tile and replays the tiles
placed after it, so an edit costs the tiles placed after the edited one (an edited tile moves
to the end of the order, keeping repeated edits of the same tile cheap).

Rule findings of putting a tile down (the river's) and of standing a figure depend on the
board at that moment, so the editor records them as the edit happens
(:meth:`PositionEditor.recorded_findings`); geometry is checked afresh from the board
(:func:`editor.rules.geometry.layout_findings`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from editor.i18n import _
from editor.model.board import Board, Cell
from editor.model.features import FeatureInfo, describe
from editor.model.findings import Finding
from editor.model.players import Figure, Player
from editor.model.position import Arrow, Highlight, Note, Position
from editor.model.tiles import Tile

from .engine import Engine
from .geometry import GEOMETRY_CODES
from .host import Host
from .moves import FigureAction, Turn
from .ruleset import Ruleset, RulesetError

#: The three kinds of annotation lists, as named in board files.
ANNOTATION_KINDS = ("notes", "arrows", "highlights")
Annotation = Note | Arrow | Highlight
#: The player fields :meth:`PositionEditor.set_player` changes.
PLAYER_FIELDS = ("name", "colour", "score", "goods", "supply")


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
        return _("{ruleset} (unavailable)").format(ruleset=self.wanted)


@dataclass
class Change:
    """What one edit changed, in the order a front end should tell it."""

    removed: list[Cell] = field(default_factory=list)
    added: list[Cell] = field(default_factory=list)
    #: cells whose tile was turned or replaced
    changed: list[Cell] = field(default_factory=list)
    #: cells whose figures changed (``None``: no figure changed)
    figures: list[Cell] | None = None
    players: bool = False
    annotations: bool = False
    ruleset: bool = False
    puzzle: bool = False
    moves: bool = False
    #: whether scores and findings may have changed (not for title, notes, puzzle)
    rescore: bool = True

    def merge(self, other: Change) -> Change:
        """Both changes, this one first."""
        figures = None if self.figures is None and other.figures is None else sorted(
            set(self.figures or []) | set(other.figures or []))
        return Change(self.removed + other.removed, self.added + other.added,
                      self.changed + other.changed, figures, self.players or other.players,
                      self.annotations or other.annotations, self.ruleset or other.ruleset,
                      self.puzzle or other.puzzle, self.moves or other.moves,
                      self.rescore or other.rescore)


def figure_key(spec: FigureSpec) -> tuple[str, int, int, int, str]:
    """A hashable identity for recorded figure findings."""
    return (spec.kind, spec.owner, spec.x, spec.y, spec.segment)


def new_position(editions: list[str] | None = None) -> Position:
    """An empty position with two players for a new document."""
    players = [Player("Red", "#d62828"), Player("Blue", "#1d4ed8")]
    position = Position(board=Board(players))
    if editions:
        position.editions = list(editions)
    return position


def spec_of(board: Board, figure: Figure) -> FigureSpec:
    """A board's figure as a :class:`FigureSpec`."""
    x, y = board.node_cell[figure.node]
    return FigureSpec(figure.kind, figure.owner, x, y, board.segment_of(figure.node).id)


class PositionEditor:
    """A position and its ruleset; the only object that edits them.

    ``ruleset_of`` builds the position's ruleset (it may raise :class:`RulesetError`: the
    editor then uses an :class:`UnavailableRuleset` saying why); ``host`` is the plugin host.
    """

    def __init__(self, position: Position, ruleset_of: Callable[[Position], Ruleset],
                 host: Host, *, fill_supply: bool = False) -> None:
        self.position = position
        self.host = host
        self._ruleset_of = ruleset_of
        self._marks: dict[Cell, int] = {}
        self._placement_findings: dict[Cell, list[Finding]] = {}
        self._figure_findings: dict[tuple[str, int, int, int, str], list[Finding]] = {}
        self.rules = self._resolve_rules()
        self.engine = Engine(self.rules)
        if fill_supply:
            for player in self.players:
                player.supply = self.full_supply()
        self._adopt(position.board)

    # -- setup -----------------------------------------------------------------------------

    def _resolve_rules(self) -> Ruleset:
        """The position's ruleset, or :class:`UnavailableRuleset` saying why not."""
        try:
            return self._ruleset_of(self.position)
        except RulesetError as exc:
            return UnavailableRuleset((), {}, self.host, wanted=self.position.ruleset_spec,
                                      reason=str(exc))

    @property
    def ruleset_problem(self) -> str:
        """Why the position's own ruleset cannot be used ("" when it can)."""
        return self.rules.reason if isinstance(self.rules, UnavailableRuleset) else ""

    def _adopt(self, loaded: Board) -> None:
        """Rebuild the loaded board with a journal mark per tile, recording the placement
        findings of rule-restricted tiles (river) in file order."""
        board = Board(loaded.players)
        figures = [spec_of(loaded, f) for f in loaded.figures]
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
        return [spec_of(board, f) for f in board.figures]

    def figures_at(self, x: int, y: int) -> list[tuple[int, FigureSpec]]:
        """(index, figure) of the figures standing on a cell's tile."""
        board = self.board
        cell_of = board.node_cell
        return [(i, spec_of(board, f)) for i, f in enumerate(board.figures)
                if cell_of[f.node] == (x, y)]

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

    def placement_findings(self, tile: Tile, x: int, y: int, rotation: int) -> list[Finding]:
        """Why ``tile`` may not go on (x, y) turned ``rotation`` quarter turns."""
        return self.engine.placement_findings(self.board, tile, x, y, rotation)

    def figure_findings(self, spec: FigureSpec) -> list[Finding]:
        """Why standing ``spec`` on the board now breaks a rule (in-game, after the tile)."""
        placed = self.board.at(spec.x, spec.y)
        if placed is None:
            return [Finding(_("no tile at ({x}, {y})").format(x=spec.x, y=spec.y),
                            code="no-segment", cell=spec.cell)]
        if not 0 <= spec.owner < len(self.players):
            return [Finding(_("figure owner {owner} is not a player").format(owner=spec.owner),
                            code="no-player", cell=spec.cell)]
        action = FigureAction(spec.kind, spec.segment)
        found = self.engine.figure_findings(self.board, placed, spec.owner, action)
        if [f.code for f in found] == ["supply"]:  # the engine stops there; tell the rest too
            found += self.rules.hooks.figure_findings(self.board, placed, spec.owner, action,
                                                      Turn(spec.owner))
        return found

    def recorded_findings(self) -> list[Finding]:
        """The rule findings recorded as tiles went down and figures stood, in that order."""
        found: list[Finding] = []
        cells = self.board.cells
        for cell, items in self._placement_findings.items():
            if cell in cells:
                found += items
        for items in self._figure_findings.values():
            found += items
        return found

    # -- tiles -----------------------------------------------------------------------------

    def place_tile(self, spec: TileSpec) -> Change:
        """Put a tile on an empty cell (any cell: illegal placements become findings)."""
        if spec.cell in self.board.cells:
            raise ValueError(f"cell {spec.cell} already holds a tile")
        self._marks[spec.cell] = self.board.mark()
        self._record_placement(self.board, spec.tile, spec.x, spec.y, spec.rotation)
        self.board.place(spec.tile, spec.x, spec.y, spec.rotation)
        return Change(added=[spec.cell])

    def remove_tile(self, x: int, y: int
                    ) -> tuple[TileSpec, list[tuple[int, FigureSpec]], Change]:
        """Take a tile and the figures on it off the board; returns what was removed."""
        spec = self.tile_at(x, y)
        if spec is None:
            raise ValueError(f"no tile at ({x}, {y})")
        figures = self.figures()
        gone = [(i, f) for i, f in enumerate(figures) if f.cell == (x, y)]
        self._restructure({(x, y)}, [], [f for f in figures if f.cell != (x, y)])
        self._placement_findings.pop((x, y), None)
        for _index, f in gone:
            self._figure_findings.pop(figure_key(f), None)
        return spec, gone, Change(removed=[(x, y)], figures=[(x, y)] if gone else None)

    def rotate_tile(self, x: int, y: int, rotation: int) -> Change:
        """Turn a placed tile to ``rotation`` quarter turns; its figures stay on it."""
        spec = self.tile_at(x, y)
        if spec is None:
            raise ValueError(f"no tile at ({x}, {y})")
        figures = self.figures()
        self._restructure({(x, y)}, [replace(spec, rotation=rotation % 4)], figures)
        stood = any(f.cell == (x, y) for f in figures)
        return Change(changed=[(x, y)], figures=[(x, y)] if stood else None)

    def move_tile(self, source: Cell, target: Cell) -> Change:
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
        stood = any(f.cell == target for f in figures)
        return Change(removed=[source], added=[target],
                      figures=[source, target] if stood else None)

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
        have = [spec_of(board, f) for f in board.figures]
        keep = 0
        while keep < min(len(have), len(wanted)) and have[keep] == wanted[keep]:
            keep += 1
        for figure in reversed(board.figures[keep:]):
            board.remove_figure(figure)
        for spec in wanted[keep:]:
            board.add_figure(Figure(spec.kind, spec.owner, cells[spec.cell].node(spec.segment)))

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

    def set_state(self, state: BoardState) -> Change:
        """Make the board exactly ``state`` (tiles in its order, figures, the players' names,
        colours, scores, goods and supplies); the cells whose tile changed are told."""
        before = {spec.cell: spec for spec in self.tiles()}
        after = {spec.cell: spec for spec in state.tiles}
        figures_before = {f.cell for f in self.figures()}
        self._rebuild(list(state.tiles), list(state.figures))
        self._placement_findings.clear()
        self._figure_findings.clear()
        board = self.board
        for spec in state.tiles:
            self._record_placement(board, spec.tile, spec.x, spec.y, spec.rotation)
        for player, wanted in zip(self.players, state.players, strict=False):
            player.name, player.colour, player.score = wanted.name, wanted.colour, wanted.score
            player.goods, player.supply = dict(wanted.goods), dict(wanted.supply)
        return Change(
            removed=[cell for cell in before if cell not in after],
            added=[cell for cell in after if cell not in before],
            changed=[cell for cell, spec in after.items()
                     if cell in before and before[cell] != spec],
            figures=sorted(figures_before | {f.cell for f in state.figures}), players=True)

    def set_tilesets(self, tilesets: list[str]) -> Change:
        """The tile sets the board lists (``[]``: its ruleset's)."""
        self.position.tilesets = list(tilesets)
        return Change(ruleset=True)

    # -- figures ---------------------------------------------------------------------------

    def add_figure(self, spec: FigureSpec, index: int | None = None) -> tuple[int, Change]:
        """Stand a figure on a segment; returns its index. Rule findings are recorded."""
        placed = self.board.at(spec.x, spec.y)
        if placed is None or spec.segment not in placed.tile.segment_index:
            raise ValueError(f"no segment {spec.segment!r} at ({spec.x}, {spec.y})")
        found = self.figure_findings(spec)
        if found:
            self._figure_findings[figure_key(spec)] = found
        index = len(self.board.figures) if index is None else index
        self.board.add_figure(Figure(spec.kind, spec.owner, placed.node(spec.segment)), index)
        return index, Change(figures=[spec.cell])

    def remove_figure(self, index: int) -> tuple[FigureSpec, Change]:
        """Take the figure at ``index`` off the board; returns it."""
        figure = self.board.figures[index]
        spec = spec_of(self.board, figure)
        self.board.remove_figure(figure)
        self._figure_findings.pop(figure_key(spec), None)
        return spec, Change(figures=[spec.cell])

    def set_figures(self, figures: list[FigureSpec]) -> Change:
        """Replace every figure (used to restore figures after a player edit)."""
        cells = {f.cell for f in self.figures()} | {f.cell for f in figures}
        self._stand(figures)
        keys = {figure_key(f) for f in figures}
        for key in [k for k in self._figure_findings if k not in keys]:
            del self._figure_findings[key]
        return Change(figures=sorted(cells))

    def take_supply(self, owner: int, kind: str, delta: int) -> Change:
        """Change a player's supply of a figure kind by ``delta``."""
        supply = self.players[owner].supply
        supply[kind] = supply.get(kind, 0) + delta
        return Change(players=True)

    # -- players ---------------------------------------------------------------------------

    def insert_player(self, index: int, player: Player) -> Change:
        """Add a player at ``index`` (owners of later players' figures move up)."""
        figures = [replace(f, owner=f.owner + 1) if f.owner >= index else f
                   for f in self.figures()]
        self.players.insert(index, player)
        change = Change(players=True)
        if index < len(self.players) - 1:
            change = self.set_figures(figures).merge(change)
        return change

    def remove_player(self, index: int) -> tuple[Player, list[FigureSpec], Change]:
        """Remove a player and their figures; returns the player and the figures before."""
        before = self.figures()
        player = self.players.pop(index)
        change = self.set_figures([replace(f, owner=f.owner - 1) if f.owner > index else f
                                   for f in before if f.owner != index])
        return player, before, change.merge(Change(players=True))

    def set_player(self, index: int, **fields: Any) -> tuple[dict[str, Any], Change]:
        """Change a player's name, colour, score, goods or supply; returns the old values."""
        player = self.players[index]
        old = {}
        for name, value in fields.items():
            if name not in PLAYER_FIELDS:
                raise ValueError(f"a player has no field {name!r}")
            old[name] = getattr(player, name)
            setattr(player, name, dict(value) if isinstance(value, dict) else value)
        figures = sorted({f.cell for f in self.figures() if f.owner == index}) \
            if "colour" in fields else None
        return old, Change(players=True, figures=figures)

    # -- annotations, description, puzzle, move log ----------------------------------------

    def set_info(self, title: str | None = None, description: str | None = None) -> Change:
        """Change the title and/or description."""
        if title is not None:
            self.position.title = title
        if description is not None:
            self.position.description = description
        return Change(annotations=True, rescore=False)

    def insert_annotation(self, kind: str, index: int, item: Annotation) -> Change:
        """Add a note, arrow or highlight at ``index`` of its list."""
        self.annotation_list(kind).insert(index, item)
        return Change(annotations=True, rescore=False)

    def remove_annotation(self, kind: str, index: int) -> tuple[Annotation, Change]:
        """Remove an annotation; returns it."""
        return self.annotation_list(kind).pop(index), Change(annotations=True, rescore=False)

    def replace_annotation(self, kind: str, index: int,
                           item: Annotation) -> tuple[Annotation, Change]:
        """Replace an annotation; returns the old one."""
        items = self.annotation_list(kind)
        old = items[index]
        items[index] = item
        return old, Change(annotations=True, rescore=False)

    def set_puzzle(self, puzzle: dict[str, Any] | None) -> Change:
        """Replace the puzzle block (``None`` removes it; the editor keeps a copy)."""
        self.position.puzzle = copy.deepcopy(puzzle)
        return Change(puzzle=True, rescore=False)

    def continue_from(self, state: BoardState, moves: list[dict[str, Any]]) -> Change:
        """Make the board ``state`` with the move log ``moves`` (a position of the log,
        the log cut there; or back again)."""
        self.position.moves = copy.deepcopy(moves)
        return self.set_state(state).merge(Change(moves=True))

    # -- ruleset ---------------------------------------------------------------------------

    def set_ruleset(self, editions: list[str], options: dict[str, dict[str, Any]]) -> Change:
        """Switch the position's ruleset (one that cannot be built scores with the default
        and says so in the findings)."""
        self.position.editions = list(editions)
        self.position.options = {k: dict(v) for k, v in options.items() if v}
        self.rules = self._resolve_rules()
        self.engine = Engine(self.rules)
        return Change(ruleset=True)
