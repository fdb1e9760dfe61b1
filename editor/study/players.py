"""Simulated players: ``random``, ``greedy``, and those plugins add.

A player is made fresh for each seat of each game by its factory (a class with no required
arguments will do) and asked for a move with :meth:`Player.choose`. It must return a legal
move with the tile it is given and leave the board as it found it (it may try moves on it
and take them back through the engine). Randomness comes from ``situation.rng`` only, which
the study seeds per game and seat: a player that draws from anything else makes a study
that cannot be reproduced.

A plugin adds a player with an entry point in the ``carcassonne_editor.players`` group::

    [project.entry-points."carcassonne_editor.players"]
    cautious = "my_package.bots:Cautious"

and ``--player package.module:Name`` uses one by its import path, without installing it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from editor import installed
from editor.i18n import _
from editor.model.board import Board
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue
from editor.puzzles import BEST_MARGIN, Objective, Puzzle, Solver
from editor.rules.engine import Engine
from editor.rules.moves import Move, Turn
from editor.rules.selfplay import random_choices

ENTRY_POINT_GROUP = "carcassonne_editor.players"
#: The chance that the random player stands a figure when the tile allows one.
FIGURE_RATE = 0.5


@dataclass(frozen=True, slots=True)
class Situation:
    """What a player sees when it is to move: the board before the move, the engine of
    the game's ruleset, the tile it drew, who it is, the part of its turn (2: a
    builder's extra tile) and its own random numbers."""

    board: Board
    engine: Engine
    catalogue: Catalogue
    tile: Tile
    player: int
    turn: Turn
    rng: random.Random


class Player(Protocol):
    """Chooses a move."""

    def choose(self, situation: Situation) -> Move:
        """A legal move with ``situation.tile`` for ``situation.player``."""
        ...


PlayerFactory = Callable[[], Player]


class RandomPlayer:
    """A legal placement uniformly at random, then, half of the time, one of its figure
    actions uniformly at random; a random value of every option a player may choose."""

    def choose(self, situation: Situation) -> Move:
        """See the class."""
        s = situation
        rng, engine, board = s.rng, s.engine, s.board
        x, y, r = rng.choice(engine.legal_placements(board, s.tile))
        action = None
        if rng.random() < FIGURE_RATE:
            options = engine.options_at(board, s.tile, x, y, r, s.player, s.turn)
            action = rng.choice(options) if options else None
        choices = random_choices(engine.rules, len(board.players), rng)
        return Move(s.player, s.tile, x, y, r, action, choices)


class GreedyPlayer:
    """The best move by the solver's ``best-margin`` objective: the lead over the best
    opponent after this tile and final scoring; ties broken at random."""

    def choose(self, situation: Situation) -> Move:
        """See the class."""
        s = situation
        puzzle = Puzzle(objective=Objective(BEST_MARGIN), to_move=s.player, hand=[s.tile.ref])
        solver = Solver(s.board, s.engine.rules, puzzle, s.catalogue, engine=s.engine)
        ranked = solver.rank(part=s.turn.part)
        best = [r for r in ranked if r.outcome.order == ranked[0].outcome.order]
        return s.rng.choice(best).move


#: The players that come with the program.
BUILTIN: dict[str, PlayerFactory] = {"random": RandomPlayer, "greedy": GreedyPlayer}


class PlayerError(Exception):
    """A player that cannot be found or loaded; the message names it."""


def names() -> list[str]:
    """Every player name: the built-in ones, then those of installed plugins."""
    found = list(BUILTIN)
    for ep in installed.entry_points(ENTRY_POINT_GROUP):
        if ep.name not in found:
            found.append(ep.name)
    return found


def load(name: str) -> PlayerFactory:
    """The factory of a player by name or import path (``PlayerError`` when it cannot be
    had: an unknown name, a plugin that fails to load, something that is not callable)."""
    if name in BUILTIN:
        return BUILTIN[name]
    where = name
    try:
        if ":" in name:
            found: object = installed.EntryPoint(name, name, ENTRY_POINT_GROUP).load()
        else:
            eps = [ep for ep in installed.entry_points(ENTRY_POINT_GROUP) if ep.name == name]
            if not eps:
                raise PlayerError(_("unknown player {name!r} (players: {players}, or "
                                    "package.module:Name)").format(
                                        name=name, players=", ".join(names())))
            where = f"{name} = {eps[0].value}"
            found = eps[0].load()
    except PlayerError:
        raise
    except Exception as exc:  # a plugin's fault: reported by name
        raise PlayerError(_("player {name!r} failed to load: {kind}: {error}").format(
            name=where, kind=type(exc).__name__, error=exc)) from exc
    if not callable(found):
        raise PlayerError(_("player {name!r} is not a class or a factory of players").format(
            name=where))
    return found
