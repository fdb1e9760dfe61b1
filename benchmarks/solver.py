"""Puzzle solver speed on random 72-tile positions (editor.rules.selfplay.random_game).

Run: python benchmarks/solver.py [--positions N] [--rules SPEC]
Targets (2 cores): one tile in hand, every figure option scored, < 20 ms median;
a two-tile draw order < 2 s median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from editor.model.board import Board
from editor.model.tiles import EDGE_KINDS
from editor.model.tilesets import TileSet
from editor.plugins import default_host
from editor.puzzles import FeatureRef, Objective, Puzzle, Solver
from editor.rules.engine import Engine
from editor.rules.selfplay import new_board, random_game
from editor.workspace import catalogue


def finished_board(engine: Engine, tiles: TileSet, seed: int) -> Board:
    """A random two-player position of 72 tiles."""
    board = new_board(engine, 2)
    for _ in random_game(engine, tiles, random.Random(seed), tiles=71, board=board):
        pass
    board.commit()
    return board


def open_feature(board: Board) -> FeatureRef:
    """A segment of the first incomplete city or road holding the opponent's figure (any
    incomplete one when there is none)."""
    edges = [f.node for f in board.figures if f.owner == 1] + list(range(len(board.parent)))
    node = next(n for n in edges
                if board.node_kind(n) in EDGE_KINDS and not board.is_complete(n))
    placed = board.placed_of(node)
    return FeatureRef(placed.x, placed.y, board.segment_of(node).id)


def timing(boards: list[Board], engine: Engine, tiles: TileSet, kind: str, hand: int,
           seed: int) -> tuple[list[float], list[int]]:
    """Milliseconds to rank every move on each board, and the number of moves ranked."""
    rng = random.Random(seed)
    times, counts = [], []
    for board in boards:
        objective = Objective(kind, points=board.players[0].score + 5,
                              feature=open_feature(board))
        puzzle = Puzzle(objective, 0, [rng.choice(tiles.tiles).ref for _ in range(hand)])
        solver = Solver(board, engine.rules, puzzle, catalogue(), [tiles])
        start = time.perf_counter()
        ranked = solver.rank()
        times.append((time.perf_counter() - start) * 1000)
        counts.append(len(ranked))
    return times, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30, help="random positions per row")
    parser.add_argument("--rules", default="base:C2", help="ruleset to play")
    args = parser.parse_args()
    engine = Engine(default_host().ruleset(args.rules))
    tiles = catalogue().get_set(engine.rules.tilesets()[0])
    boards = [finished_board(engine, tiles, seed) for seed in range(args.positions)]
    print(f"{engine.rules.name}, {args.positions} random positions of 72 tiles")
    print(f"{'hand':>4}  {'objective':<16} {'moves':>6}  {'median':>10}  {'max':>10}")
    for hand in (1, 2):
        for kind in ("most-points", "best-margin", "reach-points", "block-completion"):
            times, counts = timing(boards, engine, tiles, kind, hand, 7)
            unit, scale = ("ms", 1.0) if hand == 1 else ("s", 1000.0)
            print(f"{hand:>4}  {kind:<16} {statistics.median(counts):>6.0f}  "
                  f"{statistics.median(times) / scale:>8.3g} {unit:<2} "
                  f"{max(times) / scale:>8.3g} {unit}")


if __name__ == "__main__":
    main()
