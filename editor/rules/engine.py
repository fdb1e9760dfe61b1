"""Legality, moves and scoring: the host asks the ruleset's hooks and applies their answers."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from editor.model import events as ev
from editor.model.board import Board, Placed
from editor.model.events import Event
from editor.model.features import completed_by, describe
from editor.model.findings import Finding
from editor.model.players import Figure
from editor.model.ports import SIDE_DELTA, SIDE_NAMES
from editor.model.tiles import Tile

from .moves import TAKE_BACK, FigureAction, IllegalMove, Move, MoveResult, Turn
from .ruleset import Ruleset

Mode = Literal["play", "edit"]


class Engine:
    """Plays moves on a board under one ruleset.

    ``mode="play"`` refuses an illegal move with :class:`IllegalMove`; ``mode="edit"``
    carries it out and reports the findings, so a person can build any position.
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    # -- tiles -------------------------------------------------------------------------

    def placement_findings(self, board: Board, tile: Tile, x: int, y: int,
                           rotation: int) -> list[Finding]:
        """Why ``tile`` may not go at (x, y) turned ``rotation`` quarter turns."""
        cell = (x, y)
        if cell in board.cells:
            return [Finding(f"cell ({x}, {y}) already holds {board.cells[cell].tile.ref}",
                            code="cell-taken", cell=cell)]
        findings = []
        if board.cells and board.signature(x, y) == ("", "", "", ""):
            findings.append(Finding(f"({x}, {y}) does not touch any tile on the board",
                                    code="not-adjacent", cell=cell))
        mine = tile.orientations[rotation % 4].side_kinds
        for side, (dx, dy) in enumerate(SIDE_DELTA):
            other = board.cells.get((x + dx, y + dy))
            if other is None:
                continue
            theirs = other.orientation.side_kinds[(side + 2) % 4]
            if mine[side] != theirs:
                findings.append(Finding(
                    f"{SIDE_NAMES[side]} side shows {mine[side] or 'nothing'} but "
                    f"{other.tile.ref} at ({x + dx}, {y + dy}) shows {theirs or 'nothing'}",
                    code="sides-differ", cell=cell))
        if self.rules.any("carcassonne_restricts_placement", tile=tile):
            findings += self.rules.collect("carcassonne_placement_findings", board=board,
                                           tile=tile, x=x, y=y, rotation=rotation % 4)
        return findings

    def legal_placements(self, board: Board, tile: Tile) -> list[tuple[int, int, int]]:
        """Every (x, y, rotation) where ``tile`` may go, one per distinct rotation."""
        if not board.cells:
            return [(0, 0, r) for r in tile.distinct_rotations]
        restricted = self.rules.any("carcassonne_restricts_placement", tile=tile)
        found = []
        fitting = tile.fitting_rotations
        for (x, y), required in board.frontier.items():
            for r in fitting(required):
                if restricted and self.rules.collect(
                        "carcassonne_placement_findings", board=board, tile=tile,
                        x=x, y=y, rotation=r):
                    continue
                found.append((x, y, r))
        return found

    # -- figures -----------------------------------------------------------------------

    def figure_options(self, board: Board, placed: Placed, player: int,
                       turn: Turn | None = None) -> list[FigureAction]:
        """Every figure action ``player`` may take after placing ``placed`` (the tile is on
        the board), respecting supply."""
        turn = turn or Turn(player)
        supply = board.players[player].supply
        options = []
        for action in self.rules.collect("carcassonne_figure_options", board=board,
                                         placed=placed, player=player, turn=turn):
            if action.action != TAKE_BACK and any(
                    supply.get(k, 0) <= 0 for k in (action.kind, *action.assign)):
                continue
            if action not in options:
                options.append(action)
        return options

    def figure_findings(self, board: Board, placed: Placed, player: int, action: FigureAction,
                        turn: Turn | None = None) -> list[Finding]:
        """Why ``action`` breaks a rule (empty when it is legal)."""
        turn = turn or Turn(player)
        cell = (placed.x, placed.y)
        kinds = self.rules.figure_kinds()
        if action.kind not in kinds:
            return [Finding(f"{self.rules.name} has no figure {action.kind!r} "
                            f"(figures: {', '.join(kinds)})", code="unknown-figure", cell=cell)]
        if action.action == TAKE_BACK:
            target = board.cells.get(action.cell) if action.cell else None
            if target is None or action.segment not in target.tile.segment_index:
                return [Finding(f"no segment {action.segment!r} at {action.cell} to take a "
                                f"{action.kind} back from", code="no-segment", cell=action.cell)]
        elif action.segment not in placed.tile.segment_index:
            return [Finding(f"{placed.tile.ref} has no segment {action.segment!r}",
                            code="no-segment", cell=cell)]
        else:
            for kind in (action.kind, *action.assign):
                if kind not in kinds:
                    return [Finding(f"{self.rules.name} has no figure {kind!r}",
                                    code="unknown-figure", cell=cell)]
                if board.players[player].supply.get(kind, 0) <= 0:
                    return [Finding(f"{board.players[player].name} has no {kind} left in "
                                    "supply", code="supply", cell=cell, segment=action.segment)]
        return self.rules.collect("carcassonne_figure_findings", board=board, placed=placed,
                                  player=player, action=action, turn=turn)

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self, board: Board, tile: Tile, player: int,
                    turn: Turn | None = None) -> list[Move]:
        """Every legal move with ``tile``: placement × distinct rotation × figure option
        (no figure included)."""
        turn = turn or Turn(player)
        moves = []
        for x, y, r in self.legal_placements(board, tile):
            mark = board.mark()
            placed = board.place(tile, x, y, r)
            moves.append(Move(player, tile, x, y, r))
            moves.extend(Move(player, tile, x, y, r, action)
                         for action in self.figure_options(board, placed, player, turn))
            board.undo_to(mark)
        return moves

    def apply(self, board: Board, move: Move, turn: Turn | None = None,
              mode: Mode = "play", check: bool = True) -> MoveResult:
        """Play a move: place the tile, act with a figure, score what it completes.

        ``check=False`` skips legality (for moves that came from :meth:`legal_moves`).
        Undo with :meth:`undo`.
        """
        turn = turn or Turn(move.player)
        mark = board.mark()
        findings: list[Finding] = []
        if check:
            findings = self.placement_findings(board, move.tile, move.x, move.y, move.rotation)
            if findings and (mode == "play" or findings[0].code == "cell-taken"):
                raise IllegalMove(findings)
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
        for edition, result in self.rules.each("carcassonne_tile_placed", board=board,
                                               placed=placed, turn=turn):
            events += self.apply_events(board, result, edition.name)
        for root in completed_by(board, move.x, move.y):
            info = describe(board, root)
            events.append(ev.completed(info.kind, info.root, info.size))
            for edition, result in self.rules.each("carcassonne_feature_completed",
                                                   board=board, feature=info, turn=turn):
                events += self.apply_events(board, result, edition.name)
        for edition, result in self.rules.each("carcassonne_after_move", board=board,
                                               placed=placed, turn=turn, events=events):
            events += self.apply_events(board, result, edition.name)
        return MoveResult(move, mark, events, findings, self._next_turn(board, turn, events))

    def _act(self, board: Board, placed: Placed, player: int, action: FigureAction,
             turn: Turn) -> list[Event]:
        if action.action == TAKE_BACK:
            target = board.cells[action.cell] if action.cell else placed
            node = target.node(action.segment)
            figure = next(f for f in board.figures
                          if f.node == node and f.owner == player and f.kind == action.kind)
            board.remove_figure(figure)
            board.add_supply(player, figure.kind, 1)
        else:
            node = placed.node(action.segment)
            for kind in (action.kind, *action.assign):
                board.add_figure(Figure(kind, player, node))
                board.add_supply(player, kind, -1)
        events = []
        for edition, result in self.rules.each("carcassonne_figure_action", board=board,
                                               placed=placed, player=player, action=action,
                                               turn=turn):
            events += self.apply_events(board, result, edition.name)
        return events

    @staticmethod
    def _next_turn(board: Board, turn: Turn, events: list[Event]) -> Turn:
        extra = next((e for e in events if e.type == ev.EXTRA_TURN), None)
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
                e = replace(e, edition=edition)
            if e.type == ev.SCORE and e.player is not None:
                board.add_score(e.player, e.points)
            elif e.type == ev.GOODS and e.player is not None and e.goods:
                board.add_goods(e.player, e.goods, e.count)
            elif e.type == ev.RETURN and e.figure is not None:
                if e.figure in board.figures:
                    board.remove_figure(e.figure)
                    board.add_supply(e.figure.owner, e.figure.kind, 1)
            elif e.type == ev.SUPPLY and e.player is not None:
                board.add_supply(e.player, e.figure_kind, e.count)
            done.append(e)
        return done

    def final_scoring(self, board: Board) -> list[Event]:
        """Score the end of the game on the board (journaled: undo with a mark)."""
        events: list[Event] = []
        for edition, result in self.rules.each("carcassonne_final_scoring", board=board):
            events += self.apply_events(board, result, edition.name)
        return events

    def position_findings(self, board: Board) -> list[Finding]:
        """What the selected editions find wrong with the position as a whole."""
        return self.rules.collect("carcassonne_board_findings", board=board)
