"""Legality, moves and scoring: the host asks the ruleset's hooks and applies their answers."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import fields
from itertools import accumulate, islice
from operator import attrgetter
from typing import Literal, NamedTuple, overload

from editor.i18n import _
from editor.model import events as ev
from editor.model.board import Board, Cell, Placed
from editor.model.events import Event
from editor.model.features import describe
from editor.model.findings import Finding
from editor.model.players import Figure
from editor.model.rulebook import define
from editor.model.tiles import FitTable, Tile
from editor.terms import figure_name

from .collector import collector_off
from .geometry import placement_geometry
from .moves import (
    PLACE,
    TAKE_BACK,
    FigureAction,
    IllegalMove,
    Move,
    MoveList,
    MoveResult,
    Offer,
    Plan,
    Slot,
    Turn,
)
from .ruleset import Ruleset

Mode = Literal["play", "edit"]
RULE_FIGURE_KINDS = define(
    "ruleset.figure-kinds", "the figures in play are those of the ruleset's editions: a "
    "figure of another kind (an abbot under C1, a builder without Traders & Builders) "
    "breaks the rules and counts for nothing")
RULE_FIGURE_SUPPLY = define(
    "ruleset.figure-supply", "each player has the figures the editions give (7 followers; an "
    "abbot in C2 and C3; a builder and a pig with Traders & Builders)", "WCP-BG1", "S002")
#: The plan memo's answer when the contact masks alone do not decide the figure actions (see
#: :func:`_may_join`): the plan is looked up again under the port masks of the features met.
JOINS: Plan = ()


#: An event's fields, in ``Event``'s order (all of them arguments of its constructor).
_EVENT_FIELDS = [f.name for f in fields(Event)]
_event_values = attrgetter(*_EVENT_FIELDS)
_EDITION_FIELD = _EVENT_FIELDS.index("edition")


def _stamped(event: Event, edition: str) -> Event:
    """``dataclasses.replace(event, edition=edition)``, its fields read at C speed."""
    values = list(_event_values(event))
    values[_EDITION_FIELD] = edition
    return Event(*values)


def _may_join(tile: Tile, rotations: tuple[int, ...], occupied: int, mine: int,
              ports: int) -> bool:
    """Whether a feature met at two ports could join a segment of ``tile`` to figures the
    segment does not meet itself: in some rotation, a segment meeting the ports that hold
    figures (then: the player's followers) and a segment not meeting them both meet other
    ``ports`` of the cell (those meeting a tile)."""
    for held in (occupied, mine):
        free = ports & ~held
        if not free:
            continue
        for r in rotations:
            masks = tile.orientations[r].port_masks
            if (any(m & held and m & free for m in masks)
                    and any(m & free and not m & held for m in masks)):
                return True
    return False


def _joined(masks: tuple[int, ...], occupied: int, mine: int,
            links: tuple[int, ...]) -> tuple[int, int]:
    """``occupied`` and ``mine`` grown over the segments (port ``masks``) of a tile placed
    on a cell: the segments meeting one of the features ``links`` join it, and so share
    their figures."""
    grown = True
    while grown:
        grown = False
        for link in links:
            ports = 0
            for m in masks:
                if m & link:
                    ports |= m
            if ports & occupied and ports & ~occupied:
                occupied |= ports
                grown = True
            if ports & mine and ports & ~mine:
                mine |= ports
                grown = True
    return occupied, mine


class Placements(Sequence[tuple[int, int, int]]):
    """The placements of :meth:`Engine.legal_placements`, in its order, without a tuple
    made for each: the running count of rotations over the frontier's cells, so that the
    cell of one placement is found by bisection and read off the frontier (random play
    draws one of about a hundred). Valid until the board changes."""

    __slots__ = ("_ends", "_fits", "_frontier", "_total")

    def __init__(self, frontier: Mapping[Cell, int], fits: FitTable) -> None:
        self._frontier = frontier
        self._fits = fits
        ends = self._ends = list(accumulate(map(fits.counts.__getitem__, frontier.values())))
        self._total = ends[-1] if ends else 0

    def __len__(self) -> int:
        return self._total

    @overload
    def __getitem__(self, index: int) -> tuple[int, int, int]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[int, int, int]]: ...

    def __getitem__(self, index: int | slice
                    ) -> tuple[int, int, int] | list[tuple[int, int, int]]:
        total = self._total
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(total))]
        if index < 0:
            index += total
        if not 0 <= index < total:
            raise IndexError("placement out of range")
        ends = self._ends
        k = bisect_right(ends, index)
        (x, y), required = next(islice(self._frontier.items(), k, None))
        return x, y, self._fits[required][index - ends[k - 1] if k else index]


class FinalParts(NamedTuple):
    """The points final scoring adds per player, split (:meth:`Engine.final_parts`):
    ``features`` by feature root, ``rest`` what belongs to no one feature."""

    rest: list[int]
    features: dict[int, list[int]]


class Engine:
    """Plays moves on a board under one ruleset.

    ``mode="play"`` refuses an illegal move with :class:`IllegalMove`; ``mode="edit"``
    carries it out and reports the findings, so a person can build any position.
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self._strengths = dict(rules.strengths())  # a dict: read in every move list
        self._offer_memo: dict[tuple[Slot, int, int], tuple[Offer, ...]] = {}
        #: (tile, turn part, kinds in supply, disabled count) → (rotations, occupied, mine,
        #: met ports or the masks of the features met) → (rotation, figure action) pairs
        self._plan_memo: dict[tuple[object, ...], dict[tuple[object, ...], Plan]] = {}
        self._restricted: dict[Tile, bool] = {}

    def restricts(self, tile: Tile) -> bool:
        """Whether the editions check placements of ``tile`` beyond its sides (a river)."""
        found = self._restricted.get(tile)
        if found is None:
            found = self._restricted[tile] = self.rules.hooks.restricts_placement(tile)
        return found

    # -- tiles -------------------------------------------------------------------------

    def placement_findings(self, board: Board, tile: Tile, x: int, y: int,
                           rotation: int) -> list[Finding]:
        """Why ``tile`` may not go at (x, y) turned ``rotation`` quarter turns."""
        findings = placement_geometry(board, tile, x, y, rotation)
        if findings and findings[0].code == "cell-taken":
            return findings
        if self.restricts(tile):
            findings += self.rules.hooks.placement_findings(board, tile, x, y, rotation % 4)
        return findings

    def placements(self, board: Board, tile: Tile) -> Sequence[tuple[int, int, int]]:
        """:meth:`legal_placements`, made on demand (:class:`Placements`) where no edition
        restricts the tile: for drawing one placement at random."""
        if not board.cells or self.restricts(tile):
            return self.legal_placements(board, tile)
        return Placements(board.frontier, tile.fits)

    def legal_placements(self, board: Board, tile: Tile) -> list[tuple[int, int, int]]:
        """Every (x, y, rotation) where ``tile`` may go, one per distinct rotation."""
        if not board.cells:
            return [(0, 0, r) for r in tile.distinct_rotations]
        fits = tile.fits
        if not self.restricts(tile):
            return [(x, y, r) for (x, y), required in board.frontier.items()
                    for r in fits[required]]
        found = []
        for (x, y), required in board.frontier.items():
            for r in fits[required]:
                if self.rules.hooks.placement_findings(board, tile, x, y, r):
                    continue
                found.append((x, y, r))
        return found

    # -- figures -----------------------------------------------------------------------

    def figure_options(self, board: Board, placed: Placed, player: int,
                       turn: Turn | None = None) -> list[FigureAction]:
        """Every figure action ``player`` may take after placing ``placed`` (the tile is on
        the board), respecting supply."""
        turn = turn or Turn(player)
        hot = self._hot_roots(board, player)
        slots = []
        for i, seg in enumerate(placed.tile.segments):
            flags = hot.get(board.find(placed.first_node + i), 0)
            slots.append(Slot(seg.kind, seg.tags, bool(flags & 1), bool(flags & 2)))
        return [*self._slot_actions(placed.tile, slots, board.players[player].supply, turn),
                *self.special_actions(board, player, turn)]

    def options_at(self, board: Board, tile: Tile, x: int, y: int, rotation: int,
                   player: int, turn: Turn | None = None) -> list[FigureAction]:
        """The figure actions of placing ``tile`` at (x, y), without placing it (the tile
        must fit there)."""
        turn = turn or Turn(player)
        met = board.contacts_at((x, y))
        occupied, mine, ports = self._contact(board, met, self._hot_met(board, met, player))
        supply = board.players[player].supply
        plan = self._plan_at(self._plans(tile, turn, supply), board, tile, (rotation,),
                             occupied, mine, ports, met, supply, turn)
        return [*[a for _, a in plan if a is not None], *self.special_actions(board, player, turn)]

    def _hot_roots(self, board: Board, player: int) -> dict[int, int]:
        """Roots of features holding figures → flags: 1 the feature holds a figure, 2 it
        holds a figure of ``player`` with strength (a follower)."""
        strengths, parent = self._strengths, board.parent
        hot: dict[int, int] = {}
        for f in board.figures:
            root = f.node
            while parent[root] != root:
                root = parent[root]
            mine = 2 if f.owner == player and strengths.get(f.kind, 0) > 0 else 0
            hot[root] = hot.get(root, 1) | mine
        return hot

    def _hot_met(self, board: Board, met: tuple[tuple[int, int], ...],
                 player: int) -> dict[int, int]:
        """:meth:`_hot_roots` for the features of the nodes ``met`` alone (their figures
        read off their members, not off every figure of the board)."""
        strengths, nfigs, find = self._strengths, board.nfigs, board.find
        hot: dict[int, int] = {}
        for n, _ports in met:
            root = find(n)
            if root in hot or not nfigs[root]:
                continue
            flags = 1
            for f in board.figures_on(root):
                if f.owner == player and strengths.get(f.kind, 0) > 0:
                    flags = 3
            hot[root] = flags
        return hot

    def _offers(self, slot: Slot, part: int) -> tuple[Offer, ...]:
        key = (slot, part, self.rules.revision)
        found = self._offer_memo.get(key)
        if found is None:
            found = self._offer_memo[key] = tuple(dict.fromkeys(
                self.rules.hooks.slot_options(slot, part)))
        return found

    def _slot_actions(self, tile: Tile, slots: list[Slot], supply: dict[str, int],
                      turn: Turn) -> list[FigureAction]:
        actions = []
        for seg, slot in zip(tile.segments, slots, strict=True):
            for kind, assign in self._offers(slot, turn.part):
                if supply.get(kind, 0) > 0 and all(supply.get(k, 0) > 0 for k in assign):
                    actions.append(FigureAction(kind, seg.id, PLACE, None, assign))
        return actions

    def special_actions(self, board: Board, player: int, turn: Turn) -> list[FigureAction]:
        """The figure actions ``player`` may take instead of placing a figure (the abbot's
        take-back)."""
        return self.rules.hooks.special_actions(board, player, turn)

    @staticmethod
    def _contact(board: Board, met: tuple[tuple[int, int], ...],
                 hot: dict[int, int]) -> tuple[int, int, int]:
        """For an empty cell meeting the nodes ``met`` (from ``Board.contacts_at``): bit masks
        of its ports that meet a feature holding a figure, one holding a follower of the
        player (from :meth:`_hot_roots`), and any feature. The same for every rotation."""
        parent = board.parent
        occupied = mine = ports = 0
        for n, m in met:
            ports |= m
            while parent[n] != n:
                n = parent[n]
            flags = hot.get(n)
            if flags:
                occupied |= m
                if flags & 2:
                    mine |= m
        return occupied, mine, ports

    @staticmethod
    def _links(board: Board, met: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """The port masks of the features an empty cell meets at two ports or more (the
        nodes ``met`` from ``Board.contacts_at``): each may join segments of a tile placed
        there."""
        parent = board.parent
        groups: dict[int, int] = {}
        for n, m in met:
            while parent[n] != n:
                n = parent[n]
            groups[n] = groups.get(n, 0) | m
        return tuple([m for m in groups.values() if m & (m - 1)])

    def _plan(self, tile: Tile, rotations: tuple[int, ...], occupied: int, mine: int,
              links: tuple[int, ...], supply: dict[str, int],
              turn: Turn) -> tuple[tuple[int, FigureAction | None], ...]:
        """Each rotation with no figure action, then with each figure action."""
        return tuple((r, action) for r in rotations for action in (
            None, *self._placement_actions(tile, r, occupied, mine, links, supply, turn)))

    def _placement_actions(self, tile: Tile, rotation: int, occupied: int, mine: int,
                           links: tuple[int, ...], supply: dict[str, int],
                           turn: Turn) -> list[FigureAction]:
        """Figure actions on a candidate placement, given its :meth:`_contact` masks and
        :meth:`_links`."""
        masks = tile.orientations[rotation].port_masks
        occupied, mine = _joined(masks, occupied, mine, links)
        slots = [Slot(seg.kind, seg.tags, bool(occupied & m), bool(mine & m))
                 for seg, m in zip(tile.segments, masks, strict=True)]
        return self._slot_actions(tile, slots, supply, turn)

    def figure_findings(self, board: Board, placed: Placed, player: int, action: FigureAction,
                        turn: Turn | None = None) -> list[Finding]:
        """Why ``action`` breaks a rule (empty when it is legal)."""
        turn = turn or Turn(player)
        cell = (placed.x, placed.y)
        kinds = self.rules.figure_kinds()
        if action.kind not in kinds:
            return [Finding(_("{ruleset} has no figure {figure!r} (figures: {kinds})").format(
                ruleset=self.rules.name, figure=action.kind, kinds=", ".join(kinds)),
                code="unknown-figure", cell=cell)]
        if action.action == TAKE_BACK:
            target = board.cells.get(action.cell) if action.cell else None
            if target is None or action.segment not in target.tile.segment_index:
                return [Finding(_("no segment {segment!r} at {cell} to take a figure ({figure}) "
                                  "back from").format(segment=action.segment, cell=action.cell,
                                                      figure=figure_name(action.kind)),
                                code="no-segment", cell=action.cell)]
        elif action.segment not in placed.tile.segment_index:
            return [Finding(_("{tile} has no segment {segment!r}").format(
                tile=placed.tile.ref, segment=action.segment),
                            code="no-segment", cell=cell)]
        else:
            for kind in (action.kind, *action.assign):
                if kind not in kinds:
                    return [Finding(_("{ruleset} has no figure {figure!r}").format(
                        ruleset=self.rules.name, figure=kind),
                                    code="unknown-figure", cell=cell)]
                if board.players[player].supply.get(kind, 0) <= 0:
                    return [Finding(_("{player} has no figure of this kind ({figure}) left in "
                                      "supply").format(player=board.players[player].name,
                                                       figure=figure_name(kind)),
                                    code="supply", cell=cell, segment=action.segment)]
        return self.rules.hooks.figure_findings(board, placed, player, action, turn)

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self, board: Board, tile: Tile, player: int,
                    turn: Turn | None = None) -> MoveList:
        """Every legal move with ``tile``: placement × distinct rotation × figure option
        (no figure included), made on demand (:class:`~.moves.MoveList`). Reads the
        features each cell meets (``Board.contacts_at``) instead of placing each candidate,
        and reuses the plan of rotations and figure actions of a cell whose rotations and
        contact masks it has seen before (with the features met, when they may join
        segments of the tile)."""
        turn = turn or Turn(player)
        hot = self._hot_roots(board, player)
        supply = board.players[player].supply
        plans = self._plans(tile, turn, supply)
        specials = self.special_actions(board, player, turn)
        extras: dict[tuple[int, ...], tuple[tuple[int, FigureAction], ...]] = {}
        with_extras: dict[int, Plan] = {}  # by id of a plan (kept alive by ``plans``)
        contacts, parent = board.contacts, board.parent
        chosen = []
        for cell, rotations in self._fitting_cells(board, tile):
            met = contacts.get(cell) or board.contacts_at(cell)
            occupied = mine = ports = 0
            if hot:  # what _contact gives, inline: this loop runs for every cell
                for n, m in met:
                    ports |= m
                    while parent[n] != n:
                        n = parent[n]
                    flags = hot.get(n)
                    if flags:
                        occupied |= m
                        if flags & 2:
                            mine |= m
            plan = plans.get((rotations, occupied, mine, ports if occupied else 0))
            if plan is None or plan is JOINS:
                plan = self._plan_at(plans, board, tile, rotations, occupied, mine, ports, met,
                                     supply, turn)
            if specials:
                joined = with_extras.get(id(plan))
                if joined is None:
                    extra = extras.get(rotations)
                    if extra is None:
                        extra = extras[rotations] = tuple(
                            (r, action) for r in rotations for action in specials)
                    joined = with_extras[id(plan)] = plan + extra
                plan = joined
            chosen.append((cell, plan))
        return MoveList(player, tile, chosen)

    def _plans(self, tile: Tile, turn: Turn, supply: dict[str, int]
               ) -> dict[tuple[object, ...], Plan]:
        """The memo of plans for ``tile`` in this part of a turn with the kinds in
        ``supply`` (see :meth:`_plan_at`)."""
        context = (tile, turn.part, tuple(sorted([k for k, n in supply.items() if n > 0])),
                   self.rules.revision)
        plans = self._plan_memo.get(context)
        if plans is None:
            plans = self._plan_memo[context] = {}
        return plans

    def _plan_at(self, plans: dict[tuple[object, ...], Plan], board: Board, tile: Tile,
                 rotations: tuple[int, ...], occupied: int, mine: int, ports: int,
                 met: tuple[tuple[int, int], ...], supply: dict[str, int], turn: Turn) -> Plan:
        """The plan of a cell with these rotations and :meth:`_contact` masks, meeting the
        nodes ``met``, from the memo ``plans`` (worked out and kept on first use): keyed by
        the masks, and by the features met when they may join segments of the tile."""
        key: tuple[object, ...] = (rotations, occupied, mine, ports if occupied else 0)
        plan = plans.get(key)
        if plan is None:
            plan = plans[key] = (
                JOINS if _may_join(tile, rotations, occupied, mine, ports) else
                self._plan(tile, rotations, occupied, mine, (), supply, turn))
        if plan is JOINS:
            links = self._links(board, met)
            key = (rotations, occupied, mine, links)
            plan = plans.get(key)
            if plan is None:
                plan = plans[key] = self._plan(tile, rotations, occupied, mine, links, supply,
                                               turn)
        return plan

    def _fitting_cells(self, board: Board, tile: Tile) -> list[tuple[Cell, tuple[int, ...]]]:
        """The cells where ``tile`` may go, each with its legal distinct rotations."""
        if not board.cells or self.restricts(tile):
            by_cell: dict[Cell, list[int]] = {}
            for x, y, r in self.legal_placements(board, tile):
                by_cell.setdefault((x, y), []).append(r)
            return [(cell, tuple(rs)) for cell, rs in by_cell.items()]
        fits = tile.fits
        return [(cell, rotations) for cell, required in board.frontier.items()
                if (rotations := fits[required])]

    def apply(self, board: Board, move: Move, turn: Turn | None = None,
              mode: Mode = "play", check: bool = True) -> MoveResult:
        """Play a move: place the tile, act with a figure, score what it completes.

        ``check=False`` skips legality (for moves that came from :meth:`legal_moves`).
        Undo with :meth:`undo`.
        """
        turn = turn or Turn(move.player)
        if move.choices:
            turn.choices = {(name, p): value for name, p, value in move.choices}
        elif turn.choices:
            turn.choices = {}
        mark = len(board.journal)  # board.mark()
        findings: list[Finding] = []
        if check:
            findings = self.placement_findings(board, move.tile, move.x, move.y, move.rotation)
            if findings and (mode == "play" or findings[0].code == "cell-taken"):
                raise IllegalMove(findings)
            problems = self.choice_findings(board, move)
            if problems and mode == "play":
                raise IllegalMove(problems)
            findings += problems
        placed = board.place(move.tile, move.x, move.y, move.rotation)
        events: list[Event] = []
        if move.figure is not None:
            if check:
                problems = self.figure_findings(board, placed, move.player, move.figure, turn)
                if problems and (mode == "play" or problems[0].code in
                                 ("no-segment", "unknown-figure")):
                    board.undo_to(mark)
                    raise IllegalMove(problems)
                findings += problems
            events += self._act(board, placed, move.player, move.figure, turn)
        hooks = self.rules.hooks
        for edition, result in hooks.tile_placed(board, placed, turn):
            if result:
                events += self.apply_events(board, result, edition.name)
        for root in board.completed_at(move.x, move.y):
            info = describe(board, root)
            events.append(ev.completed(info.kind, info.root, info.size))
            for edition, result in hooks.feature_completed(board, info, turn):
                if result:
                    events += self.apply_events(board, result, edition.name)
        for edition, result in hooks.after_move(board, placed, turn, events):
            if result:
                events += self.apply_events(board, result, edition.name)
        return MoveResult(move, mark, events, findings, self._next_turn(board, turn, events))

    def choice_findings(self, board: Board, move: Move) -> list[Finding]:
        """Why a move's choices cannot be taken: each names an option of an edition in the
        ruleset, a player of the board and a value the option allows."""
        findings = []
        cell = (move.x, move.y)
        for name, player, value in move.choices:
            spec = next((o for e in self.rules.editions for o in e.options
                         if o.name == name and o.choosable), None)
            if spec is None:
                findings.append(Finding(_("choice {name!r}: {ruleset} has no option {name!r} "
                                          "that a player chooses during a move").format(
                    name=name, ruleset=self.rules.name),
                                        code="unknown-choice", cell=cell))
            elif not 0 <= player < len(board.players):
                findings.append(Finding(_("choice {name!r}: no player {player}").format(
                    name=name, player=player),
                                        code="bad-choice", cell=cell))
            elif spec.choices and value not in spec.choices:
                allowed = ", ".join(map(str, spec.choices))
                findings.append(Finding(_("choice {name!r} = {value!r}: expected one of "
                                          "{allowed}").format(name=name, value=value,
                                                              allowed=allowed),
                                        code="bad-choice", cell=cell))
        return findings

    def _act(self, board: Board, placed: Placed, player: int, action: FigureAction,
             turn: Turn) -> list[Event]:
        if action.action == TAKE_BACK:
            target = board.cells[action.cell] if action.cell else placed
            node = target.node(action.segment)
            figure = next(f for f in board.figures_at.get(node, ())
                          if f.owner == player and f.kind == action.kind)
            board.remove_figure(figure)
            board.add_supply(player, figure.kind, 1)
        else:
            node = placed.node(action.segment)
            for kind in (action.kind, *action.assign):
                board.add_figure(Figure(kind, player, node))
                board.add_supply(player, kind, -1)
        events = []
        for edition, result in self.rules.hooks.figure_action(board, placed, player, action,
                                                              turn):
            if result:
                events += self.apply_events(board, result, edition.name)
        return events

    @staticmethod
    def _next_turn(board: Board, turn: Turn, events: list[Event]) -> Turn:
        extra = next((e for e in events if e.type == ev.EXTRA_TURN), None) if events else None
        if extra is not None and extra.player is not None:
            return Turn(extra.player, extra.part, {})
        return Turn((turn.player + 1) % max(1, len(board.players)))

    @staticmethod
    def undo(board: Board, result: MoveResult) -> None:
        """Take a move back exactly."""
        board.undo_to(result.mark)

    # -- scoring -----------------------------------------------------------------------

    def apply_events(self, board: Board, events: list[Event], edition: str = "") -> list[Event]:
        """Carry out events on the board (journaled); returns them stamped with the edition."""
        done = []
        for e in events:
            if edition and not e.edition:
                e = _stamped(e, edition)
            if e.type == ev.SCORE and e.player is not None:
                board.add_score(e.player, e.points)
            elif e.type == ev.GOODS and e.player is not None and e.goods:
                board.add_goods(e.player, e.goods, e.count)
            elif e.type == ev.RETURN and e.figure is not None:
                if e.figure in board.figures_at.get(e.figure.node, ()):
                    board.remove_figure(e.figure)
                    board.add_supply(e.figure.owner, e.figure.kind, 1)
            elif e.type == ev.SUPPLY and e.player is not None:
                board.add_supply(e.player, e.figure_kind, e.count)
            done.append(e)
        return done

    @collector_off
    def final_scoring(self, board: Board) -> list[Event]:
        """Score the end of the game on the board (journaled: undo with a mark)."""
        events: list[Event] = []
        for edition, result in self.rules.hooks.final_scoring(board, True, None):
            events += self.apply_events(board, result, edition.name)
        return events

    @collector_off
    def final_totals(self, board: Board) -> list[int]:
        """Every player's score after final scoring, the board left as it is: the same
        points as :meth:`final_scoring` without explaining them (the editions are asked
        with ``explain=False``; their events are applied, unstamped, and undone)."""
        mark = board.mark()
        for _edition, result in self.rules.hooks.final_scoring(board, False, None):
            self.apply_events(board, result)
        totals = [p.score for p in board.players]
        board.undo_to(mark)
        return totals

    @collector_off
    def final_parts(self, board: Board, roots: frozenset[int] | None = None) -> FinalParts:
        """The points final scoring adds (as :meth:`final_totals` counts them), split: per
        feature root, the points of the editions that score feature by feature (those
        taking ``roots`` in ``carcassonne_final_scoring``), and the rest. With ``roots``,
        only those features' points and the whole rest: a move that changed only the
        features ``roots`` changes only those parts (a solver's incremental scoring)."""
        split = {c.edition.name for c in self.rules.implementations("carcassonne_final_scoring")
                 if "roots" in c.argnames}
        count = len(board.players)
        rest = [0] * count
        features: dict[int, list[int]] = {}
        mark = board.mark()
        for edition, result in self.rules.hooks.final_scoring(board, False, roots):
            by_root = edition.name in split
            for e in self.apply_events(board, result):
                if e.type != ev.SCORE or e.player is None:
                    continue
                if by_root and e.root is not None:
                    points = features.get(e.root)
                    if points is None:
                        points = features[e.root] = [0] * count
                    points[e.player] += e.points
                else:
                    rest[e.player] += e.points
        board.undo_to(mark)
        return FinalParts(rest, features)

    def position_findings(self, board: Board) -> list[Finding]:
        """What is wrong with the position as a whole: figures of a kind the ruleset does
        not have, more figures of a kind than it gives a player, then what the selected
        editions find."""
        kinds = self.rules.figure_kinds()
        findings = []
        for f in board.figures:
            if f.kind not in kinds:
                owner = board.players[f.owner].name if f.owner < len(board.players) \
                    else _("player {n}").format(n=f.owner)
                findings.append(Finding(
                    _("{owner}'s figure ({figure}): {ruleset} has no such figure (figures: "
                      "{kinds}); it counts for nothing — {rule}").format(
                          owner=owner, figure=f.kind, ruleset=self.rules.name,
                          kinds=", ".join(kinds), rule=RULE_FIGURE_KINDS),
                    code="unknown-figure", cell=board.cell_of(f.node), figure=f.kind,
                    segment=board.segment_of(f.node).id))
        for p, player in enumerate(board.players):
            for kind in kinds.values():
                out = sum(1 for f in board.figures if f.owner == p and f.kind == kind.name)
                have = out + player.supply.get(kind.name, 0)
                if have > kind.supply:
                    findings.append(Finding(
                        _("{player} has more figures of a kind ({figure}) than {ruleset} "
                          "gives: {have} ({out} on the board, {supply} in supply), not "
                          "{given} — {rule}").format(
                              player=player.name, figure=figure_name(kind.name), have=have,
                              out=out, supply=player.supply.get(kind.name, 0),
                              ruleset=self.rules.name, given=kind.supply,
                              rule=RULE_FIGURE_SUPPLY),
                        code="too-many-figures"))
        return findings + self.rules.hooks.board_findings(board)
