"""Engine speed: random games, move enumeration, apply + undo, final scoring, memory.

Run: python benchmarks/engine.py [--seconds S] [--rules SPEC]
Targets (2 cores): ≥150 random games/s, ≥20,000 enumerations/s at 40 tiles,
final scoring < 1 ms, a finished board < 2 MiB.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

from editor.model.board import Board
from editor.plugins import default_host
from editor.rules.engine import Engine
from editor.rules.selfplay import new_board, random_game
from editor.workspace import catalogue


def rate(fn: Callable[[], int], seconds: float) -> float:
    """Operations per second, running ``fn`` (which returns its operation count) repeatedly."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += fn()
    return done / (time.perf_counter() - start)


def finished_game(engine: Engine, tile_set, seed: int) -> Board:
    board = new_board(engine, 2)
    for _ in random_game(engine, tile_set, random.Random(seed), board=board):
        pass
    board.commit()
    return board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--rules", default="base:C2", help="ruleset to play")
    args = parser.parse_args()
    engine = Engine(default_host().ruleset(args.rules))
    tile_set = catalogue().get_set(engine.rules.tilesets()[0])
    seeds = iter(range(10**9))

    def one_game() -> int:
        for _ in random_game(engine, tile_set, random.Random(next(seeds))):
            pass
        return 1

    games = rate(one_game, args.seconds)

    rng = random.Random(1)
    positions = []
    for seed in range(20):
        board = new_board(engine, 2)
        for _ in random_game(engine, tile_set, random.Random(seed), tiles=40, board=board):
            pass
        positions.append((board, rng.choice(tile_set.tiles)))
    pick = iter(range(10**9))

    def enumerate_moves() -> int:
        board, tile = positions[next(pick) % len(positions)]
        engine.legal_moves(board, tile, 0)
        return 1

    def enumerate_placements() -> int:
        board, tile = positions[next(pick) % len(positions)]
        engine.legal_placements(board, tile)
        return 1

    enumerations = rate(enumerate_moves, args.seconds)
    placements = rate(enumerate_placements, args.seconds)
    moves_per = statistics.mean(len(engine.legal_moves(b, t, 0)) for b, t in positions)

    def apply_undo() -> int:
        board, tile = positions[next(pick) % len(positions)]
        moves = engine.legal_moves(board, tile, 0)
        for move in moves:
            engine.undo(board, engine.apply(board, move, check=False))
        return len(moves)

    apply_rate = rate(apply_undo, args.seconds)

    finished = [finished_game(engine, tile_set, s) for s in range(10)]
    timings = []
    for board in finished:
        for _ in range(50):
            mark = board.mark()
            start = time.perf_counter()
            engine.final_scoring(board)
            timings.append(time.perf_counter() - start)
            board.undo_to(mark)

    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = finished_game(engine, tile_set, 99)
    size = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
    tracemalloc.stop()
    del kept

    rows = [
        ("random games (full bag, farmers, 2 players)", f"{games:,.0f} games/s", "≥ 150"),
        ("move enumeration at 40 tiles (tile × rotation × figure)",
         f"{enumerations:,.0f} /s", "≥ 20,000"),
        ("placement enumeration at 40 tiles (tile × rotation)", f"{placements:,.0f} /s", ""),
        ("moves per enumeration at 40 tiles (mean)", f"{moves_per:.1f}", ""),
        ("apply + undo", f"{apply_rate:,.0f} moves/s", ""),
        ("final scoring of a finished board (median)",
         f"{statistics.median(timings) * 1000:.3f} ms", "< 1 ms"),
        ("finished board in memory", f"{size / 2**20:.2f} MiB", "< 2 MiB"),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'result':>16}  target")
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>16}  {target}")


if __name__ == "__main__":
    main()
