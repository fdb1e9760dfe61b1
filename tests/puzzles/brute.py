"""A brute-force evaluation for the solver tests: every line played on a fresh board built
from the position's dict, final scoring in full, nothing shared between moves."""

from __future__ import annotations

from typing import Any

from editor.formats.boards import position_from_dict
from editor.model.board import Board
from editor.model.tilesets import Catalogue
from editor.puzzles.objectives import needed_cells
from editor.puzzles.puzzle import Puzzle
from editor.puzzles.scenario import Fitter, bag
from editor.rules.engine import Engine
from editor.rules.moves import Move, Turn
from editor.rules.ruleset import Ruleset


def _fresh(data: dict[str, Any], catalogue: Catalogue) -> Board:
    position, findings = position_from_dict(data, catalogue)
    assert not findings
    return position.board


def _play(engine: Engine, board: Board, moves: list[Move], this_turn: bool) -> int:
    """Play ``moves``; returns the next turn part (0: the line is over)."""
    part = 1
    for move in moves:
        result = engine.apply(board, move, Turn(move.player, part), check=False)
        part = result.next_turn.part if result.extra_turn else (0 if this_turn else 1)
    return part


def values(data: dict[str, Any], rules: Ruleset, catalogue: Catalogue, puzzle: Puzzle,
           sets: list) -> dict[tuple[str, ...], tuple[int, ...]]:
    """The objective's key of the best line after every first move, keyed by the move's
    text: every line is played on a board built afresh from ``data``."""
    engine = Engine(rules)
    hand = [catalogue.tile(ref) for ref in puzzle.hand]
    player, kind = puzzle.to_move, puzzle.objective.type
    this_turn = kind == "most-points"
    start = [p.score for p in _fresh(data, catalogue).players]

    def key(board: Board) -> tuple[int, ...]:
        gained = board.players[player].score - start[player]
        if kind == "most-points":
            return (gained,)
        if kind == "reach-points":
            return (int(board.players[player].score >= puzzle.objective.points),)
        if kind == "block-completion":
            ref = puzzle.objective.feature
            node = board.cells[(ref.x, ref.y)].node(ref.segment)
            if board.is_complete(node):
                return (0,)
            left = bag(board, sets, [])
            fitter = Fitter(engine, left.available())
            cells = needed_cells(board, node)
            return (int(not cells or any(fitter.dead(board, c) for c in cells)),)
        engine.final_scoring(board)
        totals = [p.score for p in board.players]
        return (totals[player] - max(t for i, t in enumerate(totals) if i != player),)

    def best(moves: list[Move]) -> tuple[int, ...]:
        board = _fresh(data, catalogue)
        part = _play(engine, board, moves, this_turn)
        index = len(moves)
        options: list[Move] = []
        while part and index < len(hand) and not options:
            options = engine.legal_moves(board, hand[index], player, Turn(player, part))
            index += 0 if options else 1
        if not options:
            return key(board)
        return max(best([*moves, m]) for m in options)

    board = _fresh(data, catalogue)
    return {(str(m),): best([m]) for m in engine.legal_moves(board, hand[0], player,
                                                             Turn(player))}
