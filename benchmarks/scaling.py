"""Scaling to large boards: building a board by moves and final scoring from scratch.

Run: python benchmarks/scaling.py [--sizes 72 1000 3000 10000 30000 100000] [--runs 3]
[--rounds 5]

A board of each size is grown by legal moves (random tiles of the ruleset's box at random
fitting frontier cells, a follower on about one tile in four, supplies large enough that
figures never run out). "building" times ``Engine.apply`` of the same moves on an empty
board (tile placement, figure, completions and their scoring, the garbage collector on)
and adding up the per-feature aggregates of its unions (``Board.tiles_in``, which the first
scoring would otherwise pay for);
"final scoring" times ``Engine.final_scoring`` of the finished board, per tile (the
median of at least three scorings), with the collector on as the process leaves it:
``Engine.final_scoring`` itself holds it off while it runs, for every caller
(:mod:`editor.rules.collector`). The scorings of every size are interleaved, one per size
in each of ``--rounds`` rounds after the boards are built, so that the machine's load
changing during the run weighs on every size alike rather than on the one measured at
that moment; the ratio of each size's median to the 1,000-tile median is printed.
Targets (2 cores): final scoring per tile at 100,000 tiles within 1.5× of the 1,000-tile
figure; 100,000 tiles built in under 30 s.
"""

from __future__ import annotations

import argparse
import random
import statistics

from common import clock, fmt, machine, table

from editor.model.board import Board
from editor.plugins import default_host
from editor.rules.engine import Engine
from editor.rules.moves import Move, Turn
from editor.rules.selfplay import box, new_board
from editor.workspace import catalogue


def grown_moves(engine: Engine, size: int, seed: int) -> list[Move]:
    """Legal moves growing a two-player board to ``size`` tiles (the start tile first,
    placed without a move)."""
    rng = random.Random(seed)
    tiles = [t for t in box(catalogue(), engine.rules).tiles]
    board = new_board(engine, 2)
    for player in board.players:
        player.supply = {kind: size for kind in player.supply}
    board.place(tiles[0], 0, 0, 0)
    cells = [c for c in board.frontier]
    moves, turn = [], Turn(0)
    while len(board) < size:
        tile = rng.choice(tiles)
        for _ in range(60):
            i = rng.randrange(len(cells))
            cell = cells[i]
            if cell in board.cells:
                cells[i] = cells[-1]
                cells.pop()
                continue
            rotations = tile.fits[board.frontier[cell]]
            if rotations:
                break
        else:
            continue
        x, y = cell
        r = rng.choice(rotations)
        action = None
        if rng.random() < 0.25:
            options = engine.options_at(board, tile, x, y, r, turn.player, turn)
            action = rng.choice(options) if options else None
        move = Move(turn.player, tile, x, y, r, action)
        turn = engine.apply(board, move, turn, check=False).next_turn
        moves.append(move)
        cells += [c for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                  if c not in board.cells]
    return moves


def build(engine: Engine, moves: list[Move], size: int) -> tuple[Board, float]:
    """The board of ``moves`` and the seconds ``Engine.apply`` took for them."""
    board = new_board(engine, 2)
    for player in board.players:
        player.supply = {kind: size for kind in player.supply}
    first = box(catalogue(), engine.rules).tiles[0]
    board.place(first, 0, 0, 0)
    turn = Turn(0)
    start = clock()
    for move in moves:
        turn = engine.apply(board, move, turn, check=False).next_turn
    board.tiles_in(0)  # the unions' per-feature aggregates added up: building pays for them
    elapsed = clock() - start
    board.commit()
    return board, elapsed


def final_per_tile(engine: Engine, board: Board) -> float:
    """Microseconds per tile of final scoring from scratch: the median of at least three
    scorings (more when small), every size alike, so that a small board's figure does not
    leave out the collector's runs that a large board's cannot."""
    times: list[float] = []
    while len(times) < 3 or sum(times) < 0.05:
        mark = board.mark()
        start = clock()
        engine.final_scoring(board)
        times.append(clock() - start)
        board.undo_to(mark)
    return statistics.median(times) / len(board) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+",
                        default=[72, 1000, 3000, 10000, 30000, 100000])
    parser.add_argument("--runs", type=int, default=3, help="runs per size")
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved rounds of final scoring, every size in each")
    parser.add_argument("--rules", default="base:C2", help="ruleset to play")
    args = parser.parse_args()
    engine = Engine(default_host().ruleset(args.rules))
    print(machine())
    print(f"{engine.rules.name}; {args.runs} builds per size, {args.rounds} rounds of final "
          "scoring; garbage collector on")
    rows = []
    boards: dict[int, Board] = {}
    for size in args.sizes:
        moves = grown_moves(engine, size, seed=size)
        builds = []
        for _ in range(args.runs):
            boards.pop(size, None)
            boards[size], seconds = build(engine, moves, size)
            builds.append(seconds)
        rows.append((f"{size:,} tiles: building by moves, s", fmt(builds, "{:.3g}"),
                     "< 30 s" if size == 100000 else ""))
        print(f"{size:,} tiles: built in {fmt(builds, '{:.3g}')} s", flush=True)
    finals: dict[int, list[float]] = {size: [] for size in args.sizes}
    for _ in range(args.rounds):
        for size in args.sizes:
            finals[size].append(final_per_tile(engine, boards[size]))
    small = statistics.median(finals[1000]) if 1000 in finals else None
    for size in args.sizes:
        ratio = "" if small is None else \
            f"; {statistics.median(finals[size]) / small:.2f}× the 1,000-tile median"
        rows.append((f"{size:,} tiles: final scoring, µs per tile{ratio}",
                     fmt(finals[size], "{:.2f}"),
                     "≤ 1.5 × the 1,000-tile median" if size == 100000 else ""))
    print(table(rows))


if __name__ == "__main__":
    main()
