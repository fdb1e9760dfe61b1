"""Random legal play: for benchmarks, property tests and generated sample positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

from editor.model.board import Board
from editor.model.players import DEFAULT_COLOURS, Player
from editor.model.tiles import Tile
from editor.model.tilesets import TileSet

from .engine import Engine
from .moves import Move, MoveResult, Turn


def shuffled_bag(tile_set: TileSet, rng: random.Random) -> tuple[Tile, list[Tile]]:
    """The start tile and the rest of the set's tiles (every copy) in random order."""
    bag = [tile for tile in tile_set.tiles for _ in range(tile.count)]
    start = tile_set.start_tile() or bag[0]
    bag.remove(start)
    rng.shuffle(bag)
    return start, bag


def new_board(engine: Engine, players: int) -> Board:
    """An empty board with ``players`` players and full supplies."""
    supply = {k.name: k.supply for k in engine.rules.figure_kinds().values()}
    return Board([Player(f"Player {i + 1}", DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)],
                         supply=dict(supply)) for i in range(players)])


def random_game(engine: Engine, tile_set: TileSet, rng: random.Random, players: int = 2,
                tiles: int | None = None, figure_rate: float = 0.5,
                board: Board | None = None) -> Iterator[tuple[Board, MoveResult]]:
    """Play random legal moves, yielding the board after each one.

    Each move takes a placement uniformly at random, then, with probability
    ``figure_rate``, one of its figure actions when it has any. A tile that fits nowhere is
    put aside, as the rules say. Stops after ``tiles`` moves or an empty bag.
    """
    board = board if board is not None else new_board(engine, players)
    start, bag = shuffled_bag(tile_set, rng)
    if not board.cells:
        board.place(start, 0, 0, 0)
    turn = Turn(0)
    played = 0
    for tile in bag:
        if tiles is not None and played >= tiles:
            return
        placements = engine.legal_placements(board, tile)
        if not placements:
            continue
        x, y, r = rng.choice(placements)
        action = None
        if rng.random() < figure_rate:
            options = engine.options_at(board, tile, x, y, r, turn.player, turn)
            action = rng.choice(options) if options else None
        move = Move(turn.player, tile, x, y, r, action)
        result = engine.apply(board, move, turn, check=False)
        turn = result.next_turn
        played += 1
        yield board, result
