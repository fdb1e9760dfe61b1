"""Random legal play: for benchmarks, property tests and generated sample positions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from editor.model.board import Board
from editor.model.players import DEFAULT_COLOURS, Player
from editor.model.tiles import RIVER, Tile
from editor.model.tilesets import Catalogue, TileSet

from .engine import Engine
from .moves import Choice, FigureAction, Move, MoveResult, Turn
from .ruleset import Ruleset


def box(catalogue: Catalogue, rules: Ruleset, river: bool = False) -> TileSet:
    """Every tile of the ruleset's tile sets as one set (the River's tiles only when
    ``river``: random play rarely finds them a place); the start tile is the first set's."""
    known = {ts.id for ts in catalogue.sets}
    sets = [catalogue.get_set(s) for s in rules.tilesets() if s in known]
    tiles = tuple(t for ts in sets for t in ts.tiles if river or not t.has(RIVER))
    return TileSet(f"box:{rules.name}", rules.name, "mixed", rules.base.label, tiles)


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


def random_choices(rules: Ruleset, players: int, rng: random.Random) -> tuple[Choice, ...]:
    """A random decision of every player for every option they may choose in a move."""
    return tuple((o.name, p, str(rng.choice(o.choices))) for e in rules.editions
                 for o in e.options if o.choosable and o.choices for p in range(players))


def random_game(engine: Engine, tile_set: TileSet, rng: random.Random, players: int = 2,
                tiles: int | None = None, figure_rate: float = 0.5,
                board: Board | None = None, choose: bool = False,
                pick: Callable[[random.Random, list[FigureAction]], FigureAction] | None = None
                ) -> Iterator[tuple[Board, MoveResult]]:
    """Play random legal moves, yielding the board after each one.

    Each move takes a placement uniformly at random, then, with probability
    ``figure_rate``, one of its figure actions when it has any (uniformly, or as ``pick``
    chooses among them: tests bias play towards farmers); with ``choose`` every
    player also takes a random value of each option they may choose (:func:`random_choices`).
    A tile that fits nowhere is put aside, as the rules say. Stops after ``tiles`` moves or
    an empty bag.
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
        placements = engine.placements(board, tile)
        if not placements:
            continue
        x, y, r = rng.choice(placements)
        action = None
        if rng.random() < figure_rate:
            options = engine.options_at(board, tile, x, y, r, turn.player, turn)
            action = (pick or random.Random.choice)(rng, options) if options else None
        choices = random_choices(engine.rules, len(board.players), rng) if choose else ()
        move = Move(turn.player, tile, x, y, r, action, choices)
        result = engine.apply(board, move, turn, check=False)
        turn = result.next_turn
        played += 1
        yield board, result
