"""Engine speed: random games, move enumeration, apply + undo, final scoring, memory.

Run: python benchmarks/engine.py [--seconds S] [--runs N] [--rules SPEC ...]
[--only MEASURE ...] [--games N] [--warmup N]

Every ruleset plays the tiles of all its tile sets (``selfplay.box``: Traders & Builders
plays its own tiles with the base game's). A run of the games measure plays the same
``--games`` games (seeds 0 to N - 1) after ``--warmup`` other games have filled the
engine's memos; ``--only games --runs 4`` is the README's games figure. Enumeration is
measured at 40 tiles twice: on the positions random play leaves (followers mostly used up)
and with every player's supply full (the figures on the board stay). Each measure runs
``--runs`` times, interleaved with the others (``--only`` picks some); the table gives
min / median / max.
Targets (2 cores): random games ≥ 400/s under base:C2 and ≥ 300/s under
traders-builders:C2; ≥ 30,000 full-supply move lists/s at 40 tiles; final scoring < 1 ms;
a finished board < 2 MiB.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import tracemalloc
from collections.abc import Callable

from common import at_least, clock, fmt, interleaved, machine, rate, table

from editor.model.board import Board
from editor.model.tilesets import TileSet
from editor.plugins import default_host
from editor.rules.engine import Engine
from editor.rules.selfplay import box, new_board, random_game
from editor.workspace import catalogue

GAME_TARGETS = {"base:C2": "≥ 400", "traders-builders:C2": "≥ 300"}


def finished_game(engine: Engine, tile_set: TileSet, seed: int) -> Board:
    board = new_board(engine, 2)
    for _ in random_game(engine, tile_set, random.Random(seed), board=board):
        pass
    board.commit()
    return board


def positions_at(engine: Engine, tile_set: TileSet, tiles: int, full: bool,
                 count: int = 20) -> list[tuple[Board, object]]:
    """Random positions after ``tiles`` moves, each with a tile to enumerate; ``full``
    gives every player a full supply again."""
    rng = random.Random(1)
    supply = {k.name: k.supply for k in engine.rules.figure_kinds().values()}
    found = []
    for seed in range(count):
        board = new_board(engine, 2)
        for _ in random_game(engine, tile_set, random.Random(seed), tiles=tiles, board=board):
            pass
        if full:
            for player in board.players:
                player.supply = dict(supply)
        board.commit()
        found.append((board, rng.choice(tile_set.tiles)))
    return found


GAMES = "random games/s (full box, farmers, 2 players)"
#: ``--only`` names → the measures they pick.
SHORT = {"games": GAMES, "lists": "move lists/s at 40 tiles, random play's supply",
         "full-lists": "move lists/s at 40 tiles, full supply",
         "placements": "placement lists/s at 40 tiles", "apply": "apply + undo, moves/s",
         "final": "final scoring of a finished board, ms (median)"}


def play(engine: Engine, tile_set: TileSet, seeds: range) -> None:
    """Random games of these seeds, played out."""
    for seed in seeds:
        for _ in random_game(engine, tile_set, random.Random(seed)):
            pass


def games_rate(engine: Engine, tile_set: TileSet, games: int) -> float:
    """Games per second over the games of seeds 0 to ``games`` - 1."""
    start = clock()
    play(engine, tile_set, range(games))
    return games / (clock() - start)


def measures(spec: str, seconds: float, games: int, warmup: int, only: list[str]
             ) -> tuple[dict[str, Callable[[], float]], dict[str, str]]:
    """The timed measures of one ruleset (each returns one run's figure; those named in
    ``only``, all when empty) and the untimed facts (moves per list, memory; not with
    ``only``)."""
    engine = Engine(default_host().ruleset(spec))
    tile_set = box(catalogue(), engine.rules)
    play(engine, tile_set, range(10**6, 10**6 + warmup))
    if only:
        chosen = {SHORT[name] for name in only}
        if chosen == {GAMES}:  # nothing else to set up
            return {GAMES: lambda: games_rate(engine, tile_set, games)}, {}

    played = positions_at(engine, tile_set, 40, full=False)
    full = positions_at(engine, tile_set, 40, full=True)
    pick = iter(range(10**9))

    def lists(positions: list[tuple[Board, object]]) -> Callable[[], int]:
        def run() -> int:
            board, tile = positions[next(pick) % len(positions)]
            engine.legal_moves(board, tile, 0)
            return 1
        return run

    def placements() -> int:
        board, tile = played[next(pick) % len(played)]
        engine.legal_placements(board, tile)
        return 1

    def apply_undo() -> int:
        board, tile = full[next(pick) % len(full)]
        moves = engine.legal_moves(board, tile, 0)
        for move in moves:
            engine.undo(board, engine.apply(board, move, check=False))
        return len(moves)

    finished = [finished_game(engine, tile_set, s) for s in range(10)]

    def final_ms() -> float:
        timings = []
        for board in finished:
            for _ in range(20):
                mark = board.mark()
                start = clock()
                engine.final_scoring(board)
                timings.append(clock() - start)
                board.undo_to(mark)
        return statistics.median(timings) * 1000

    timed: dict[str, Callable[[], float]] = {
        GAMES: lambda: games_rate(engine, tile_set, games),
        "move lists/s at 40 tiles, random play's supply": lambda: rate(lists(played), seconds),
        "move lists/s at 40 tiles, full supply": lambda: rate(lists(full), seconds),
        "placement lists/s at 40 tiles": lambda: rate(placements, seconds),
        "apply + undo, moves/s": lambda: rate(apply_undo, seconds),
        "final scoring of a finished board, ms (median)": final_ms,
    }
    if only:
        return {name: run for name, run in timed.items() if name in chosen}, {}
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = finished_game(engine, tile_set, 99)
    size = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
    tracemalloc.stop()
    del kept
    facts = {
        "moves per list at 40 tiles, random play's supply (mean)":
            f"{statistics.mean(len(engine.legal_moves(b, t, 0)) for b, t in played):.1f}",
        "moves per list at 40 tiles, full supply (mean)":
            f"{statistics.mean(len(engine.legal_moves(b, t, 0)) for b, t in full):.1f}",
        "finished board in memory": f"{size / 2**20:.2f} MiB",
    }
    return timed, facts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per run of a measure")
    parser.add_argument("--runs", type=at_least(1), default=5, help="runs of every measure")
    parser.add_argument("--rules", nargs="+", default=["base:C2", "traders-builders:C2"],
                        help="rulesets to play")
    parser.add_argument("--only", nargs="+", default=[], choices=sorted(SHORT),
                        help="only these measures")
    parser.add_argument("--games", type=at_least(1), default=150, help="games per run of the games "
                        "measure")
    parser.add_argument("--warmup", type=at_least(0), default=10, help="games played before the "
                        "measures")
    args = parser.parse_args()
    print(machine())
    print(f"garbage collector {'on' if gc.isenabled() else 'off'}; {args.runs} interleaved "
          f"runs of {args.seconds:g} s ({args.games} games a run of the games measure, after "
          f"{args.warmup} warm-up games)")
    for spec in args.rules:
        timed, facts = measures(spec, args.seconds, args.games, args.warmup, args.only)
        results = interleaved(timed, args.runs)
        targets = {GAMES: GAME_TARGETS.get(spec, ""),
                   "move lists/s at 40 tiles, full supply": "≥ 30,000",
                   "final scoring of a finished board, ms (median)": "< 1 ms",
                   "finished board in memory": "< 2 MiB"}
        rows = [(name, fmt(values, "{:.3f}" if "ms" in name else "{:,.0f}"),
                 targets.get(name, "")) for name, values in results.items()]
        rows += [(name, value, targets.get(name, "")) for name, value in facts.items()]
        print(f"\n{spec}")
        print(table(rows))


if __name__ == "__main__":
    main()
