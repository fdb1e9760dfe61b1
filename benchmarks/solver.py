"""Puzzle solver speed: random 72-tile positions and the 21-tile sample, with a supply.

Run: python benchmarks/solver.py [--positions N] [--two N] [--deep N] [--rules SPEC]
[--time-limit S] [--objectives KIND ...] [--hands N ...]

Every position gives the player to move 3 followers and the abbot (random play to 72
tiles leaves the supply nearly empty, which would make every list of moves short): about
180 moves for one tile. Rows: one and two tiles in hand on ``--positions`` random 72-tile
positions (``base:C2``), for every objective; three and four tiles on the 21-tile
``samples/first-steps.board.json`` (``--deep`` random hands), best margin. Each row gives
min / median / max over its positions, and whether every answer was proven (searched to
the end) or came from the time limit.
Targets (2 cores): one tile < 20 ms median; two tiles < 1 s median and < 3 s worst; three
tiles on the sample < 2 s; any hand an answer within ``--time-limit``.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from common import clock, fmt, machine, table

from editor.formats.boards import load_position
from editor.model.board import Board
from editor.model.tiles import EDGE_KINDS
from editor.model.tilesets import TileSet
from editor.plugins import default_host
from editor.puzzles import FeatureRef, Objective, Progress, Puzzle, Solver, Stopped
from editor.rules.engine import Engine
from editor.rules.selfplay import new_board, random_game
from editor.workspace import catalogue

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "first-steps.board.json"
#: What the player to move has in supply in every position.
SUPPLY = {"follower": 3, "abbot": 1}
OBJECTIVES = ("most-points", "best-margin", "reach-points", "block-completion")


def random_position(engine: Engine, tiles: TileSet, seed: int) -> Board:
    """A random two-player position of 72 tiles, player 0 to move with :data:`SUPPLY`."""
    board = new_board(engine, 2)
    for _ in random_game(engine, tiles, random.Random(seed), tiles=71, board=board):
        pass
    board.players[0].supply = dict(SUPPLY)
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


def solve(board: Board, engine: Engine, tiles: TileSet, kind: str, hand: int,
          rng: random.Random, time_limit: float | None) -> tuple[float, int, bool]:
    """Seconds to rank every first move, the number of first moves, and whether the
    answer is proven."""
    objective = Objective(kind, points=board.players[0].score + 5,
                          feature=open_feature(board))
    puzzle = Puzzle(objective, 0, [rng.choice(tiles.tiles).ref for _ in range(hand)])
    progress = Progress(time_limit=time_limit) if time_limit else None
    solver = Solver(board, engine.rules, puzzle, catalogue(), [tiles], engine=engine,
                    progress=progress)
    start = clock()
    try:
        ranked = solver.rank()
    except Stopped as stopped:
        ranked = stopped.partial
    return clock() - start, len(ranked), solver.proven


def row(name: str, runs: list[tuple[float, int, bool]], scale: float, unit: str,
        target: str) -> tuple[str, str, str]:
    moves = sorted(n for _, n, _ in runs)[len(runs) // 2]
    proven = sum(p for _, _, p in runs)
    return (f"{name} ({moves} first moves; {proven}/{len(runs)} proven)",
            fmt([t * scale for t, _, _ in runs], "{:.3g}") + f" {unit}", target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="random 72-tile positions")
    parser.add_argument("--two", type=int, default=10,
                        help="of those, positions for two-tile hands")
    parser.add_argument("--deep", type=int, default=3, help="random hands on the sample")
    parser.add_argument("--rules", default="base:C2", help="ruleset to play")
    parser.add_argument("--time-limit", type=float, default=10.0,
                        help="seconds for each search of the sample's hands")
    parser.add_argument("--objectives", nargs="+", default=list(OBJECTIVES),
                        choices=OBJECTIVES, help="objectives of the 72-tile rows")
    parser.add_argument("--hands", nargs="+", type=int, default=[1, 2, 3, 4],
                        choices=[1, 2, 3, 4], help="hand sizes to measure")
    args = parser.parse_args()
    engine = Engine(default_host().ruleset(args.rules))
    tiles = catalogue().get_set(engine.rules.tilesets()[0])
    boards = [random_position(engine, tiles, seed) for seed in range(args.positions)]
    print(machine())
    print(f"{engine.rules.name}; player to move holds {SUPPLY}")
    rows = []
    for hand, count, scale, unit, targets in (
            (1, args.positions, 1000, "ms", {"most-points": "< 20 ms median",
                                             "best-margin": "< 20 ms median"}),
            (2, args.two, 1, "s", {"best-margin": "< 1 s median, < 3 s worst"})):
        if hand not in args.hands:
            continue
        for kind in args.objectives:
            rng = random.Random(7)
            runs = [solve(b, engine, tiles, kind, hand, rng, None) for b in boards[:count]]
            rows.append(row(f"72 tiles, {hand} in hand, {kind}", runs, scale, unit,
                            targets.get(kind, "")))
            print(*rows[-1], flush=True)
    position, findings = load_position(SAMPLE, catalogue())
    assert position is not None, findings
    sample = position.board
    sample.players[0].supply = dict(SUPPLY)
    sample.commit()
    for hand in (h for h in (3, 4) if h in args.hands):
        rng = random.Random(11)
        runs = [solve(sample, engine, tiles, "best-margin", hand, rng, args.time_limit)
                for _ in range(args.deep)]
        rows.append(row(f"21-tile sample, {hand} in hand, best-margin", runs, 1, "s",
                        "< 2 s" if hand == 3 else f"answer within {args.time_limit:g} s"))
        print(*rows[-1], flush=True)
    print(table(rows))


if __name__ == "__main__":
    main()
