"""The puzzle solver: every legal move for the tiles in hand, ranked by the objective.

**The hand.** ``puzzle.hand`` lists the tiles the player to move will place, in the order
they draw them. The first is this turn's tile. When a move earns a builder's extra tile
(the C1–C3 double turn, the C3.1 extra turn) the extra tile is the next tile of the hand,
played at once as part 2 of the same turn; otherwise the next tile of the hand is the
player's tile on their next turn. The opponents' turns in between are not played: their
tiles are unknown, so the board stays as it is. The builder's second tile is always taken
when the hand holds one (C1–C3 make it optional, but declining it never changes which
tiles the hand places). A tile that fits nowhere is put aside and the next one is drawn
in its place. ``most-points`` counts this turn only (the first tile and a builder's extra
tile); the other objectives play the whole hand (see :mod:`.objectives`).

**Ranking.** A line is one legal move per tile; a move's value is that of its best line
(the search is exhaustive, so a two-tile hand is searched two moves deep). :meth:`Solver.rank`
ranks the first moves, or the first ``depth`` moves of the lines (for ``check``).

**Speed.** Every move is applied to the one board and undone through its journal; legal
moves come from :meth:`Engine.legal_moves` without placing. Final scoring runs only for
objectives that read it, and then only after *loud* moves: a move that places no figure,
causes no event (no points, no completion, no returned figure, no goods, no extra turn),
joins no feature holding a figure and adds no neighbour to a monastery or garden holding
one cannot change final scoring, so it reuses the totals of the position before it. After
a loud move only the features it changed are scored again (:meth:`Engine.final_parts
<editor.rules.engine.Engine.final_parts>` of :func:`~editor.model.features.changed_since`),
the others keep their points. Best margin adds up the last tile's moves that are
independent of the line before them instead of playing them (:mod:`.independent`: with
three tiles or more, those meeting the line's first moves are measured again below them,
on the board before the last two tiles, and added up from there when they are independent
of the rest of the line), and
the line's last moves of one placement are measured on one play of it (a figure stood on
a feature the tile leaves open rescores only that feature, see :meth:`Solver._measure`).
That locality holds for the built-in editions; a ruleset with a third-party edition gets final
scoring in full after every move.

**Bounds.** Under the base game's scoring (:func:`~editor.rules.bounds.supported`), best
margin skips lines that cannot beat the best line found beside them. Every first move is
searched in full (each is ranked); below it the best line found so far is a *floor*
passed down. A position before the last tile is skipped, its moves never listed, when its
lead plus the cap of :class:`~.bounded.Cells` (at most what any last move adds) is below
the floor's; a last move is skipped when the lead plus the bound of its cell
(:func:`~editor.rules.bounds.last_move_gain`) is below the best found. Skipping only what
is strictly below keeps ties, so the ranking, lines and outcomes are those of the full
search; an answer not above its floor is not kept in the transposition table (it may be
too low). A move of the second-to-last tile is skipped without being played when the
lead plus the cap of :class:`~.bounded.Pairs` (at most what it and any last move after
it add together) is below the best line found beside it or the floor. Above the last
tile the move of the best line found last at that depth is tried first, so that the
floor rises sooner (ties still go to the first move in board order).

The same position reached by two lines (a hand holding a tile twice, placed on two cells
in either order) is searched once: a transposition table keyed by the board's incremental
hash (:attr:`Board.key <editor.model.board.Board.key>`), the scores, goods and supplies and
what is left of the hand keeps each position's best line.

**Progress.** Given a :class:`~.progress.Progress`, the search reports the share of the
first moves (and of the second moves under each) searched, checks for cancellation and
the time limit at every move, and stops with :class:`~.progress.Stopped`, whose
``partial`` holds the ranking of the first moves searched completely; the board is left as
it was.

**Anytime.** With a time limit and more than one tile in hand the search deepens: it ranks
every first move with the hand's first tile only, then its first two tiles, and so on,
each round searching the first moves in the order the round before ranked them. Stopped by
the time limit, ``partial`` holds the ranking of the last round that finished (every first
move ranked, looking ``horizon`` tiles ahead) when it is deeper than the moves the
unfinished round completed. :attr:`Solver.proven` says whether the answer searched the
whole hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter

from editor.i18n import _, ngettext
from editor.model.board import NEIGHBOURS8, Board, Cell
from editor.model.features import changed_since
from editor.model.position import Position
from editor.model.tiles import CLOISTER_KINDS, Tile
from editor.model.tilesets import Catalogue, TileSet
from editor.rules.bounds import Memo, last_move_gain, supported
from editor.rules.engine import Engine, FinalParts
from editor.rules.moves import PLACE, Move, MoveResult, Turn
from editor.rules.ruleset import Ruleset

from .bounded import Cells, Pairs
from .independent import LOCAL_FIGURES, Effect, Line, Reference, stand
from .objectives import Goal, Outcome, goal_for
from .progress import Progress, Stopped
from .puzzle import Puzzle, PuzzleError, move_from_dict
from .scenario import Fitter, bag, bag_sets

#: Moves in board order (north to south, west to east), whatever the frontier's order.
_by_cell = attrgetter("y", "x")
#: Below any lead (no composed move).
_NONE = -(1 << 30)


@dataclass(frozen=True, slots=True)
class Ranked:
    """A ranked move (or the first moves of a line): its best line and what that achieves.

    ``rank`` is 1 for the best; moves whose outcomes tie on the objective share a rank.
    """

    moves: tuple[Move, ...]
    line: tuple[Move, ...]
    outcome: Outcome
    rank: int = 0

    @property
    def move(self) -> Move:
        """The first move."""
        return self.moves[0]


class Solver:
    """Ranks the moves of a puzzle on its board, under a ruleset.

    The board is changed while the solver works and left exactly as it was. ``sets`` are the
    tile sets of the bag (read by ``block-completion``); ``local`` says whether quiet moves
    may reuse final scoring (default: when every edition is built in); ``engine``, an engine
    of ``rules`` to reuse (a player asking the solver at every move keeps its memos).
    """

    def __init__(self, board: Board, rules: Ruleset, puzzle: Puzzle, catalogue: Catalogue,
                 sets: Sequence[TileSet] = (), *, local: bool | None = None,
                 engine: Engine | None = None, progress: Progress | None = None) -> None:
        self.board = board
        self.progress = progress
        self.puzzle = puzzle
        self.catalogue = catalogue
        self.engine = engine if engine is not None else Engine(rules)
        self.player = puzzle.to_move
        if not 0 <= self.player < len(board.players):
            raise PuzzleError(ngettext(
                "the player to move is {player}, but the board has {n} player",
                "the player to move is {player}, but the board has {n} players",
                len(board.players)).format(player=self.player, n=len(board.players)))
        self.hand = puzzle.hand_tiles(catalogue)
        if not self.hand:
            raise PuzzleError(_("the puzzle has no tile in hand"))
        self.goal: Goal = goal_for(puzzle.objective, self.player, board)
        self.start = [p.score for p in board.players]
        self.fitter = Fitter(self.engine, bag(board, sets, self.hand).available()) \
            if self.goal.needs_bag else None
        self.local = all(rules.host.is_builtin(e) for e in rules.editions) \
            if local is None else local
        #: whether the last tile's moves may be skipped by :func:`last_move_gain`
        self.bounded = self.goal.composable and self.local and supported(rules) and \
            not any(self.engine.restricts(t) for t in self.hand)
        #: the final parts (see :meth:`Engine.final_parts`) of the line's end, when known
        self._parts: FinalParts | None = None
        #: (index, count) of the move being searched at the first two levels, while ranking
        self._where: list[tuple[int, int]] | None = None
        #: position (see :meth:`_position`) → its best outcome and line, for one hand
        self._table: dict[tuple[object, ...], tuple[Outcome, tuple[Move, ...]]] = {}
        #: the last tile's moves measured on the position, while ranking (when usable), and
        #: below it on the board before the last two tiles those it cannot compose
        self._references: list[Reference] = []
        #: the last tile's cells on the position and below the first move, beside
        #: ``_references``, while ranking (when bounded)
        self._cells: list[Cells] = []
        #: tile index → the first move of the best line last found there (searched first)
        self._killers: dict[int, Move] = {}
        #: first move → its place in the ranking of the round before (anytime search)
        self._order: dict[Move, int] = {}
        #: whether the last ranking searched the whole hand (False: a time limit cut it short)
        self.proven = False
        #: how many tiles of the hand the last ranking looked ahead
        self.horizon = 0

    @classmethod
    def for_position(cls, position: Position, rules: Ruleset, catalogue: Catalogue,
                     puzzle: Puzzle | None = None,
                     progress: Progress | None = None) -> Solver:
        """A solver for a position's own puzzle block (or ``puzzle``)."""
        if puzzle is None:
            if position.puzzle is None:
                raise PuzzleError(_("the board has no puzzle block"))
            puzzle = Puzzle.from_dict(position.puzzle)
        return cls(position.board, rules, puzzle, catalogue,
                   bag_sets(position, rules, catalogue), progress=progress)

    # -- what the objective reads (LineEnd) ----------------------------------------------

    def gained(self, player: int) -> int:
        """Points ``player`` scored on the track since the puzzle's position."""
        return self.board.players[player].score - self.start[player]

    def final_totals(self) -> list[int]:
        """Scores after final scoring of the current board."""
        parts = self._parts
        return self._final() if parts is None else self._totals_of(parts)

    def _totals_of(self, parts: FinalParts) -> list[int]:
        """Scores after final scoring of the current board, whose final parts are
        ``parts``."""
        totals = [p.score + r for p, r in zip(self.board.players, parts.rest, strict=True)]
        for points in parts.features.values():
            for i, n in enumerate(points):
                totals[i] += n
        return totals

    def dead(self, cell: Cell) -> bool:
        """Whether no tile left in the bag fits ``cell``."""
        assert self.fitter is not None, "only objectives that need the bag ask"
        return self.fitter.dead(self.board, cell)

    # -- ranking -------------------------------------------------------------------------

    def rank(self, depth: int = 1, part: int = 1) -> list[Ranked]:
        """Every first move (every first ``depth`` moves of a line), best first; ``part`` is
        the part of the turn the first tile is played in (2: a builder's extra tile).

        With a time limit the search deepens (see the module docstring); :attr:`proven`
        and :attr:`horizon` say how far the answer looked."""
        hand = self.hand
        limited = self.progress is not None and self.progress.time_limit is not None
        rounds = range(1, len(hand) + 1) if limited and len(hand) > 1 else (len(hand),)
        self.proven, self.horizon = False, 0
        best: list[Ranked] = []
        try:
            for horizon in rounds:
                self.hand = hand[:horizon]
                try:
                    ranking = self._rank(depth, part)
                except Stopped as stopped:
                    if best and len(best) >= len(stopped.partial):
                        stopped.partial = best
                    else:
                        self.horizon = horizon
                    raise
                best, self.horizon = ranking, horizon
                self._order = {r.move: i for i, r in enumerate(ranking)}
        finally:
            self.hand, self._order = hand, {}
        self.proven = True
        return best

    def _rank(self, depth: int, part: int) -> list[Ranked]:
        """One round of :meth:`rank` with the hand as it is."""
        found: list[Ranked] = []
        mark = self.board.mark()
        self._where = []
        self._table = {}
        try:
            parts = None
            if self.goal.composable and self.local and Reference.usable(self.engine,
                                                                         self.hand):
                parts = self.engine.final_parts(self.board)
                self._references = [Reference(self.engine, self.board, self.player,
                                              self.hand[-1], parts, self._totals_of,
                                              self._after)]
                if self.bounded and not any(parts.rest):
                    self._cells = [Cells(self.board, self._references[0], self.player,
                                         self.hand[-1], self.engine.rules.strengths())]
            self._search(0, part, parts, depth, [], found)
        except Stopped as stopped:
            stopped.partial = _ranked(found)
            raise
        finally:
            self._where = None
            self._table = {}
            self._references = []
            self._cells = []
            self._killers = {}
            self.board.undo_to(mark)
        if self.progress is not None:
            self.progress.advance(1.0, ngettext("{n} move ranked", "{n} moves ranked",
                                                len(found)).format(n=len(found)))
        return _ranked(found)

    def evaluate(self, moves: Sequence[Move]) -> tuple[Outcome, tuple[Move, ...]]:
        """The outcome of the best line starting with ``moves`` and that line.

        The moves are checked as in play (``IllegalMove`` with the findings), and must follow
        the hand (``PuzzleError``).
        """
        board = self.board
        mark = board.mark()
        try:
            index, part = self._play(moves, check=True)
            outcome, rest = self._search(index, part, None, 0, [], [])
        finally:
            board.undo_to(mark)
        return outcome, (*moves, *rest)

    def check_moves(self, moves: Sequence[Move]) -> None:
        """Raise ``IllegalMove`` or ``PuzzleError`` unless ``moves`` may begin a line (as
        :meth:`evaluate` checks them, without its search)."""
        mark = self.board.mark()
        try:
            self._play(moves, check=True)
        finally:
            self.board.undo_to(mark)

    def solution(self) -> list[Move]:
        """The puzzle's reference solution as moves, each read on the board the moves before
        it leave (``PuzzleError`` or ``IllegalMove`` when one cannot be read or played)."""
        board = self.board
        mark = board.mark()
        moves: list[Move] = []
        try:
            for i, data in enumerate(self.puzzle.solution):
                self._play(moves, check=True)
                try:
                    moves.append(move_from_dict(data, self.catalogue, board))
                except PuzzleError as exc:
                    raise PuzzleError(_("solution move {n}: {error}").format(
                        n=i + 1, error=exc)) from exc
                board.undo_to(mark)
        finally:
            board.undo_to(mark)
        return moves

    def position_key(self, moves: Sequence[Move]) -> tuple[object, ...]:
        """What the board looks like after ``moves`` up to the names of segments: the new
        tiles' shapes, each figure's kind, owner and feature, scores, goods and supplies.
        Two moves with equal keys are the same move written differently."""
        board = self.board
        mark = board.mark()
        try:
            self._play(moves, check=False)
            tiles = tuple((m.x, m.y, board.cells[(m.x, m.y)].orientation.shape) for m in moves)
            figures = sorted((f.kind, f.owner, self._feature_key(f.node))
                             for f in board.figures)
            players = tuple((p.score, tuple(sorted(p.goods.items())),
                             tuple(sorted(p.supply.items()))) for p in board.players)
        finally:
            board.undo_to(mark)
        return tiles, tuple(figures), players

    # -- the search ----------------------------------------------------------------------

    def _play(self, moves: Sequence[Move], check: bool) -> tuple[int, int]:
        """Apply ``moves`` as the line's first moves; returns the next hand index and turn
        part (0 when the line is over)."""
        index, part = 0, 1
        for i, move in enumerate(moves):
            index = self._next_index(index, part)
            if index >= len(self.hand) or part == 0:
                text = _("move {n} ({tile}): the line is over (the turn ends)") \
                    if self.goal.this_turn else _("move {n} ({tile}): the line is over (the "
                                                  "hand is empty)")
                raise PuzzleError(text.format(n=i + 1, tile=move.tile.ref))
            if check and move.player != self.player:
                raise PuzzleError(_("move {n} is by player {player}, but player {to_move} is "
                                    "to move").format(n=i + 1, player=move.player,
                                                      to_move=self.player))
            if check and move.tile is not self.hand[index]:
                raise PuzzleError(_("move {n} places {tile}, but the tile in hand is "
                                    "{hand}").format(n=i + 1, tile=move.tile.ref,
                                                     hand=self.hand[index].ref))
            result = self.engine.apply(self.board, move, Turn(self.player, part),
                                       check=check)
            index, part = index + 1, self._next_part(result)
        return index, part

    def _next_index(self, index: int, part: int) -> int:
        """The first tile from ``index`` on that fits somewhere (the others are put aside)."""
        hand, board, engine = self.hand, self.board, self.engine
        while index < len(hand) and part and not engine.legal_placements(board, hand[index]):
            index += 1
        return index

    def _next_part(self, result: MoveResult) -> int:
        if result.extra_turn:
            return result.next_turn.part
        return 0 if self.goal.this_turn else 1

    def _search(self, index: int, part: int, parts: FinalParts | None, depth: int,
                prefix: list[Move], found: list[Ranked],
                floor: tuple[int, ...] | None = None) -> tuple[Outcome, tuple[Move, ...]]:
        """The best outcome and line from the current board, playing ``hand[index:]`` from
        turn part ``part`` (0: the line is over). ``parts`` are the final parts of the
        current board when known. Lines whose first moves reach ``depth`` (or end sooner)
        are added to ``found``. ``floor`` is the order a line above already reaches: when
        the answer's order is not above it, it may be lower than the best line's (only
        lines that cannot beat ``floor`` were skipped)."""
        board, engine, goal, player = self.board, self.engine, self.goal, self.player
        record = len(prefix) < depth
        key = None if record else self._position(index, part)
        if key is not None:
            known_line = self._table.get(key)
            if known_line is not None:
                return known_line
        last = len(self.hand) - 1
        gains: dict[Cell, int] = {}
        memo: Memo = {}
        early: list[Line] | None = None
        tables = self._cells
        if floor is not None and tables and index == last and parts is not None \
                and not any(parts.rest):
            # the whole position skipped when no last move can reach the floor
            early = self._lines(part, parts)
            if early and early[0].reference is tables[0].reference:
                nested = next(((tables[1], line) for line in early[1:]
                               if len(tables) > 1 and line.reference is tables[1].reference),
                              None)
                cap = tables[0].cap(early[0], gains, nested, memo)
                if cap is not None:
                    base = goal.key_of(self._totals_of(parts))[0]
                    if base + cap < floor[0]:
                        return Outcome((base + cap,), 0), ()
        moves: list[Move] = []
        while part and index < len(self.hand) and not moves:
            moves = sorted(engine.legal_moves(board, self.hand[index], player,
                                              Turn(player, part)), key=_by_cell)
            if not moves:
                index += 1
        if not moves:
            self._parts = parts
            end: tuple[Outcome, tuple[Move, ...]] = (goal.outcome(self), ())
            if key is not None:
                self._table[key] = end
            return end
        if not prefix and self._order:
            order, last = self._order, len(self._order)
            moves.sort(key=lambda m: order.get(m, last))
        reuse = goal.needs_final and self.local
        if reuse and parts is None:
            parts = engine.final_parts(board)
        references = self._references
        lines = early if early is not None else self._lines(part, parts) if references and (
            index == last or index == last - 1 > 0) else []
        inner = False
        if references and index == last - 1 > 0:
            # the last tile's moves the lines above cannot compose, measured here
            assert parts is not None
            outer = lines
            references.append(Reference(
                engine, board, player, self.hand[-1], parts, self._totals_of, self._after,
                lambda m: not any(line.effect(m) for line in outer)))
            inner = True
            if self._cells and not any(parts.rest):
                self._cells.append(Cells(board, references[-1], player, self.hand[-1],
                                         engine.rules.strengths()))
            lines = []
        try:
            return self._moves(index, part, parts, depth, prefix, found, key, record, moves,
                               lines, floor, gains, memo)
        finally:
            if inner:
                references.pop()
                if len(self._cells) > 1:
                    self._cells.pop()

    def _moves(self, index: int, part: int, parts: FinalParts | None, depth: int,
               prefix: list[Move], found: list[Ranked], key: tuple[object, ...] | None,
               record: bool, moves: list[Move], lines: list[Line],
               floor: tuple[int, ...] | None, gains: dict[Cell, int],
               memo: Memo) -> tuple[Outcome, tuple[Move, ...]]:
        """The rest of :meth:`_search` once its ``moves`` are known; ``lines`` compose the
        last tile's independent moves; ``gains`` holds the last tile's bounds of some
        cells (see :func:`~editor.rules.bounds.last_move_gain`, with ``memo``)."""
        board, engine, goal, player = self.board, self.engine, self.goal, self.player
        reuse = goal.needs_final and self.local
        # each move's effect from the first line composing it, and that line
        effects: list[Effect | None] | None = None
        owners: list[Line] = []
        orders: list[tuple[int, ...] | None] = []
        if lines:
            effects = []
            for m in moves:
                for line in lines:
                    effect = line.effect(m)
                    if effect is not None:
                        break
                owners.append(line)
                effects.append(effect)
                orders.append(line.order(effect) if effect is not None else None)
        # the last tile's moves on a cell whose bound cannot reach the best are skipped
        bounded = self.bounded and not record and index == len(self.hand) - 1 \
            and parts is not None and not any(parts.rest)
        base = lead = 0
        if bounded:
            assert parts is not None
            base = goal.key_of(self._totals_of(parts))[0]
            lead = max((o[0] for o in orders if o is not None), default=_NONE)
            tile, strengths = self.hand[index], self.engine.rules.strengths()
        # the line's last moves, grouped by placement to measure their figures together
        groups: dict[tuple[object, ...], list[Move]] | None = None
        if reuse and index == len(self.hand) - 1 and self._figures_local(self.hand[index]):
            groups = {}
            for j, move in enumerate(moves):
                if effects is None or effects[j] is None:
                    groups.setdefault((move.x, move.y, move.rotation, move.choices),
                                      []).append(move)
        # above the last tile (when bounded), the move of the best line found last at this
        # depth is searched first, to raise the floor sooner; ties still go to the first
        # move in order (``first``, its place)
        sequence: Sequence[int] = range(len(moves))
        first = len(moves)
        killing = not record and bool(self._cells) and index < len(self.hand) - 1
        killer = self._killers.get(index) if killing else None
        if killer is not None and killer in moves:
            k = moves.index(killer)
            sequence = [k, *range(k), *range(k + 1, len(moves))]
        # the last two tiles' moves: a move of the first of them whose cell cannot reach
        # the best together with any last move after it is skipped, not played
        pairs = None
        if self.bounded and not record and index == len(self.hand) - 2 and \
                len(self._cells) > 1 and parts is not None and not any(parts.rest) and \
                Pairs.usable(board, player, self.hand[-1]):
            pairs = Pairs(self._cells[0], self._cells[-1], self.hand[index], engine, moves)
            base = goal.key_of(self._totals_of(parts))[0]
        measured: dict[Move, Outcome] = {}
        progress, where = self.progress, self._where
        level = len(where) if where is not None else 2
        watched = progress is not None and level < 2
        best: tuple[Outcome, tuple[Move, ...]] | None = None
        for j in sequence:
            move = moves[j]
            if watched:
                self._tick(level, j, len(moves))
            elif progress is not None:
                progress.check()
            effect = effects[j] if effects is not None else None
            if bounded and effect is None:
                cell = (move.x, move.y)
                gain = gains.get(cell)
                if gain is None:
                    gain = gains[cell] = last_move_gain(board, cell, player, tile, strengths,
                                                        memo=memo)
                own = lead if best is None else max(lead, best[0].order[0])
                if base + gain < own:
                    continue
                if floor is not None and base + gain < floor[0] and (best is not None
                                                                     or lead > _NONE):
                    continue
            if groups is not None and effect is None:
                group = groups.pop((move.x, move.y, move.rotation, move.choices), None)
                if group is not None:
                    assert parts is not None
                    measured.update(self._measure(group, part, parts))
                known_outcome = measured.get(move)
                if known_outcome is not None:
                    if record:
                        found.append(Ranked((*prefix, move), (*prefix, move), known_outcome))
                    if best is None or known_outcome.order > best[0].order:
                        best = (known_outcome, (move,))
                    continue
            if effect is not None:
                line = owners[j]
                if record:
                    composed = line.outcome(effect)
                    found.append(Ranked((*prefix, move), (*prefix, move), composed))
                    if best is None or composed.order > best[0].order:
                        best = (composed, (move,))
                else:
                    order = orders[j]
                    assert order is not None
                    if best is None or order > best[0].order:
                        best = (line.outcome(effect), (move,))
                continue
            if pairs is not None and best is not None and (move.figure is None or (
                    move.figure.action == PLACE and not move.figure.assign)):
                own = best[0].order[0] if floor is None else max(best[0].order[0], floor[0])
                reach = base + pairs.cap(move, part, own - base)
                if reach < own:
                    continue
            result = engine.apply(board, move, Turn(player, part), check=False)
            known = None
            if reuse:
                assert parts is not None
                known = parts if self._quiet(result) else self._after(parts, result.mark)
            if record:
                prefix.append(move)
            below = None if record else floor if best is None else \
                best[0].order if floor is None else max(floor, best[0].order)
            outcome, rest = self._search(index + 1, self._next_part(result), known, depth,
                                         prefix, found, below)
            board.undo_to(result.mark)
            if record:
                prefix.pop()
                if len(prefix) + 1 == depth or not rest:
                    found.append(Ranked((*prefix, move), (*prefix, move, *rest), outcome))
            if best is None or outcome.order > best[0].order or (
                    killing and outcome.order == best[0].order and j < first):
                best, first = (outcome, (move, *rest)), j
        if watched and where is not None:
            del where[level:]
        assert best is not None
        if killing:
            self._killers[index] = best[1][0]
        if key is not None and (floor is None or best[0].order > floor):
            self._table[key] = best
        return best

    def _lines(self, part: int, parts: FinalParts | None) -> list[Line]:
        """The lines from each reference to the current board that may compose (see
        :meth:`Reference.line <.independent.Reference.line>`)."""
        assert parts is not None
        board = self.board
        totals = self._totals_of(parts)
        gained = [self.gained(p) for p in range(len(board.players))]
        found = (r.line(part, parts, totals, gained, self.goal)
                 for r in self._references)
        return [line for line in found if line is not None]

    def _figures_local(self, tile: Tile) -> bool:
        """Whether a figure placed on ``tile`` acts only on its own feature (see
        :meth:`_measure`)."""
        return (self.local and set(self.engine.rules.figure_kinds()) <= LOCAL_FIGURES
                and not self.engine.restricts(tile))

    def _measure(self, group: list[Move], part: int,
                 parts: FinalParts) -> dict[Move, Outcome]:
        """The outcomes of the line's last moves ``group``, one tile placement with
        several figure actions, from the current board whose final parts are ``parts``.

        The placement is played once without a figure; a follower or abbot stood on a
        feature the tile leaves incomplete changes only that feature's final points
        (nothing is scored on the track, nothing else changes), so each such move is
        measured by standing its figure and scoring that feature again. Moves that take a
        figure back or stand one on a feature the tile completes are left out (played)."""
        board, engine, goal, player = self.board, self.engine, self.goal, self.player
        bare = group[0]._replace(figure=None)
        result = engine.apply(board, bare, Turn(player, part), check=False)
        known = parts if self._quiet(result) else self._after(parts, result.mark)
        placed = board.cells[(bare.x, bare.y)]
        found: dict[Move, Outcome] = {}
        try:
            for move in group:
                action = move.figure
                if action is None:
                    self._parts = known
                    found[move] = goal.outcome(self)
                    continue
                mark = board.mark()
                try:
                    stood = stand(engine, board, player, placed, action, known)
                    if stood is not None:
                        self._parts = stood
                        found[move] = goal.outcome(self)
                finally:
                    board.undo_to(mark)
        finally:
            board.undo_to(result.mark)
        return found

    def _position(self, index: int, part: int) -> tuple[object, ...]:
        """What the rest of a line depends on: the board (its hash, tile and figure
        counts), every player's score, goods and supply, and the hand left."""
        board = self.board
        return (board.key, len(board.cells), len(board.figures), index, part,
                tuple([(p.score, tuple(p.goods.items()), tuple(p.supply.items()))
                       for p in board.players]))

    def _tick(self, level: int, index: int, count: int) -> None:
        """Report the share searched: move ``index`` of ``count`` at ``level`` (0 or 1)."""
        where = self._where
        assert self.progress is not None and where is not None
        del where[level:]
        where.append((index, count))
        fraction, scale = 0.0, 1.0
        for i, n in where:
            fraction += scale * i / n
            scale /= n
        first, total = where[0]
        self.progress.advance(fraction, _("move {n} of {total}").format(n=first + 1,
                                                                      total=total))

    def _final(self) -> list[int]:
        return self.engine.final_totals(self.board)

    def _after(self, parts: FinalParts, mark: int) -> FinalParts:
        """The final parts after the changes since ``mark`` from ``parts``, those before:
        only the features the changes touched are scored again."""
        board = self.board
        find = board.find
        roots = frozenset([find(n) for n in changed_since(board, mark)])
        fresh = self.engine.final_parts(board, roots)
        features = fresh.features
        for root, points in parts.features.items():
            if find(root) not in roots:
                features[root] = points
        return FinalParts(fresh.rest, features)

    def _quiet(self, result: MoveResult) -> bool:
        """Whether the move cannot have changed final scoring (see the module docstring)."""
        move = result.move
        if result.events or move.figure is not None:
            return False
        board = self.board
        parent, features = board.parent, board.feature_of
        placed = board.cells[(move.x, move.y)]
        for n in placed.nodes():
            while parent[n] != n:
                n = parent[n]
            if features[n].nfig:
                return False
        cells = board.cells
        for dx, dy in NEIGHBOURS8:
            other = cells.get((move.x + dx, move.y + dy))
            if other is None:
                continue
            for n in other.nodes():
                if features[n].kind in CLOISTER_KINDS and features[n].nfig:
                    return False
        return True

    def _feature_key(self, node: int) -> tuple[object, ...]:
        board = self.board
        members = board.root_feature(node).members
        return tuple(sorted((board.node_cell[n],
                             board.cells[board.node_cell[n]].orientation.port_masks[
                                 board.node_segment[n]], board.node_kind(n)) for n in members))


def _ranked(found: list[Ranked]) -> list[Ranked]:
    """Lines best first, with their ranks (ties share one)."""
    found = sorted(found, key=lambda r: r.outcome.order, reverse=True)
    ranked, rank = [], 1
    for i, item in enumerate(found):
        if i and found[i].outcome.key != found[i - 1].outcome.key:
            rank = i + 1
        ranked.append(Ranked(item.moves, item.line, item.outcome, rank))
    return ranked
