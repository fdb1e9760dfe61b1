"""Playing a study's games, where the workers run them: self-play and corpus replays.

Every game is a pure function of the study's spec and the game's number (self-play) or
file contents (corpus): its seed is drawn from the study's seed and its number alone, so
it comes out the same in any process, on any machine, in any batch. The same number under
each ruleset and tile set draws from the same seed: the same bag order where the tiles are
the same, and so games that can be compared pair by pair.

A game that cannot be played (a player that raises or cheats, a save that does not replay
under a ruleset, a plugin that fails) is a row with status ``failed`` and the reason, never
an exception: the rest of the study goes on.
"""

from __future__ import annotations

import hashlib
import random
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from editor.formats.tilesets import tileset_from_dict
from editor.jcz.replay import OK as OPENED
from editor.jcz.replay import ReplayError, game_of, replay
from editor.model import events as ev
from editor.model.events import Event
from editor.model.tiles import RIVER, Tile
from editor.model.tilesets import Catalogue, TileSet
from editor.plugins import PluginHost
from editor.rules.engine import Engine
from editor.rules.moves import IllegalMove, Move, Turn
from editor.rules.ruleset import Ruleset
from editor.rules.selfplay import new_board, shuffled_bag
from editor.workspace import catalogue as builtin_catalogue

from .players import BUILTIN, PlayerError, PlayerFactory, Situation, load
from .spec import BOX, CORPUS, SELF_PLAY, StudySpec, TileSetChoice
from .table import FAILED, FEATURES, POINTS, GameResult


class SelfPlayTask(NamedTuple):
    """Self-play game number ``game`` (from 1) under a ruleset, with a tile set."""

    ruleset: str
    tileset: str
    game: int


class ReplayTask(NamedTuple):
    """Corpus file number ``game`` (from 1): ``path`` relative to the folder, its JSON
    ``data``, or the ``problem`` that kept it from being read."""

    game: int
    path: str
    data: Any
    problem: str = ""


Task = SelfPlayTask | ReplayTask


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a study seeded ``seed`` (63 bits)."""
    digest = hashlib.sha256(f"{seed}/{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def winners(scores: Sequence[int]) -> str:
    """The seats (from 1) with the best score, ``"1 3"`` on a tie."""
    best = max(scores, default=None)
    return " ".join(str(i + 1) for i, s in enumerate(scores) if s == best)


def margin(scores: Sequence[int]) -> int:
    """The best score's lead over the next (0 on a tie)."""
    top = sorted(scores, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0


def one_line(text: str) -> str:
    """A message for one table cell."""
    return " ".join(text.split())


def is_pig_rule(rule_id: str) -> bool:
    """Whether a rule is one of the pig's (``traders-builders.pig.field`` …)."""
    return "pig" in rule_id.split(".")


@dataclass(slots=True)
class Tally:
    """The points of a game's score events, by feature kind, rule, and per player for
    goods and pigs."""

    players: int
    kinds: dict[str, int] = field(default_factory=dict)
    rules: dict[str, int] = field(default_factory=dict)
    goods: list[int] = field(default_factory=list)
    pig: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.goods = [0] * self.players
        self.pig = [0] * self.players

    def add(self, events: Iterable[Event]) -> None:
        """Count the score events."""
        for e in events:
            if e.type != ev.SCORE or e.player is None or not 0 <= e.player < self.players:
                continue
            kind = e.feature if e.feature in FEATURES else "other"
            self.kinds[kind] = self.kinds.get(kind, 0) + e.points
            rule = e.rule_id or "unnamed"
            self.rules[rule] = self.rules.get(rule, 0) + e.points
            if e.feature == "goods":
                self.goods[e.player] += e.points
            if is_pig_rule(e.rule_id):
                self.pig[e.player] += e.points

    def result(self, base: GameResult, scores: Sequence[int], moves: int,
               unplaced: Sequence[str] = ()) -> GameResult:
        """The finished game's row."""
        scores = list(scores)
        without_goods = [s - g for s, g in zip(scores, self.goods, strict=True)]
        without_pig = [s - p for s, p in zip(scores, self.pig, strict=True)]
        return GameResult(
            base.source, base.ruleset, base.tileset, base.game, base.file, base.seed,
            players=self.players, seats=base.seats, moves=moves, unplaced=len(unplaced),
            unplaced_tiles=" ".join(unplaced), scores=tuple(scores), winners=winners(scores),
            margin=margin(scores), points={k: self.kinds.get(k, 0) for k in POINTS},
            pig=sum(self.pig), winners_without_goods=winners(without_goods),
            winners_without_pig=winners(without_pig),
            rule_points=" ".join(f"{r}={p}" for r, p in sorted(self.rules.items())))


def failed(base: GameResult, message: str) -> GameResult:
    """A row for a game that could not be played."""
    return GameResult(base.source, base.ruleset, base.tileset, base.game, base.file,
                      base.seed, status=FAILED, error=one_line(message), seats=base.seats,
                      points=dict.fromkeys(POINTS, 0))


class GameError(Exception):
    """Why a game stopped: a player's fault, or a plugin's."""


def _box(catalogue: Catalogue, rules: Ruleset, extra: TileSet | None) -> TileSet:
    """The tiles of a game: the ruleset's tile sets without the River, with ``extra``'s
    tiles added, or in place of the base tiles when ``extra`` is a base game."""
    loaded = {s.id for s in catalogue.sets}
    sets = [catalogue.get_set(s) for s in rules.tilesets() if s in loaded]
    if extra is not None:
        sets = [extra, *(s for s in sets if s.part != "base" and s.id != extra.id)] \
            if extra.part == "base" else [*(s for s in sets if s.id != extra.id), extra]
    tiles = tuple(t for s in sets for t in s.tiles if not t.has(RIVER))
    return TileSet(f"box:{rules.name}", rules.name, "mixed", rules.base.label, tiles)


class Context:
    """What a worker builds once per study: plugins, catalogues, rulesets, boxes, players."""

    def __init__(self, spec: StudySpec) -> None:
        self.spec = spec
        self.host = PluginHost()
        base = builtin_catalogue(self.host)
        self.rulesets = {name: self.host.ruleset(name) for name in spec.rulesets}
        self.engines = {name: Engine(rules) for name, rules in self.rulesets.items()}
        self.catalogues: dict[str, Catalogue] = {}
        self.boxes: dict[tuple[str, str], TileSet] = {}
        for choice in spec.tilesets:
            cat, extra = self._catalogue(base, choice)
            self.catalogues[choice.label] = cat
            for name, rules in self.rulesets.items():
                self.boxes[(name, choice.label)] = _box(cat, rules, extra)
        self.factories: dict[str, PlayerFactory] = {}
        self.player_error = ""
        try:
            self.factories = {kind: load(kind) for kind in dict.fromkeys(spec.seats)}
        except PlayerError as exc:
            self.player_error = str(exc)

    @staticmethod
    def _catalogue(base: Catalogue, choice: TileSetChoice) -> tuple[Catalogue, TileSet | None]:
        if choice.label == BOX:
            return base, None
        if choice.data is None:
            return base, base.get_set(choice.builtin)
        extra = tileset_from_dict(choice.data, choice.source)
        return Catalogue([*base.sets, extra]), extra


_LOCAL = threading.local()


def _contexts() -> dict[str, Context]:
    """This thread's contexts: a Dask worker with several threads plays in each at once, and
    an engine, like a board, is for one game at a time."""
    if not hasattr(_LOCAL, "contexts"):
        _LOCAL.contexts = {}
    found: dict[str, Context] = _LOCAL.contexts
    return found


def context(spec: StudySpec) -> Context:
    """The worker's context for a study (built on first use)."""
    contexts = _contexts()
    key = spec.digest()
    found = contexts.get(key)
    if found is None or found.spec != spec:
        found = contexts[key] = Context(spec)
    return found


def play_chunk(spec: StudySpec, tasks: Sequence[Task]) -> list[GameResult]:
    """Play a batch of games: what a worker runs."""
    results: list[GameResult] = []
    for task in tasks:
        ctx = context(spec)
        errors = len(ctx.host.errors)
        found = self_play(ctx, task) if isinstance(task, SelfPlayTask) else corpus_game(ctx, task)
        if len(ctx.host.errors) > errors:
            # A plugin failed and its edition is now disabled in this process: the game is
            # reported, and the next one gets a fresh context, as in any other process.
            problem = str(ctx.host.errors[errors])
            found = [failed(r, problem) for r in found]
            _contexts().pop(spec.digest(), None)
        results += found
    return results


# -- self-play ---------------------------------------------------------------------------


def self_play(ctx: Context, task: SelfPlayTask) -> list[GameResult]:
    """One self-play game."""
    spec = ctx.spec
    seed = game_seed(spec.seed, task.game)
    base = GameResult(SELF_PLAY, task.ruleset, task.tileset, task.game, seed=seed,
                      seats=" ".join(spec.seats))
    if ctx.player_error:
        return [failed(base, ctx.player_error)]
    try:
        return [_play(ctx, task, base, seed)]
    except GameError as exc:
        return [failed(base, str(exc))]


def _play(ctx: Context, task: SelfPlayTask, base: GameResult, seed: int) -> GameResult:
    spec = ctx.spec
    engine = ctx.engines[task.ruleset]
    catalogue = ctx.catalogues[task.tileset]
    start, bag = shuffled_bag(ctx.boxes[(task.ruleset, task.tileset)],
                              random.Random(f"{seed}/bag"))
    board = new_board(engine, spec.players)
    board.place(start, 0, 0, 0)
    players = [ctx.factories[kind]() for kind in spec.seats]
    rngs = [random.Random(f"{seed}/seat/{i}") for i in range(spec.players)]
    tally = Tally(spec.players)
    unplaced: list[str] = []
    turn = Turn(0)
    moves = 0
    for tile in bag:
        if not engine.legal_placements(board, tile):
            unplaced.append(tile.ref)
            continue
        seat = turn.player
        kind = spec.seats[seat]
        who = f"player {kind!r} (seat {seat + 1})"
        mark = board.mark()
        try:
            move = players[seat].choose(Situation(board, engine, catalogue, tile, seat,
                                                  turn, rngs[seat]))
        except Exception as exc:  # a plugin's fault: the game is reported, not the study
            raise GameError(f"{who} raised {type(exc).__name__}: {exc}") from exc
        if board.mark() != mark:
            raise GameError(f"{who} changed the board while choosing its move")
        _check_move(who, move, tile, seat)
        try:
            result = engine.apply(board, move, turn, check=kind not in BUILTIN)
        except IllegalMove as exc:
            raise GameError(f"{who} chose an illegal move, {move}: {exc}") from exc
        tally.add(result.events)
        turn = result.next_turn
        moves += 1
    tally.add(engine.final_scoring(board))
    return tally.result(base, [p.score for p in board.players], moves, unplaced)


def _check_move(who: str, move: object, tile: Tile, seat: int) -> None:
    if not isinstance(move, Move):
        raise GameError(f"{who} returned {type(move).__name__}, not a move")
    if move.tile is not tile or move.player != seat:
        raise GameError(f"{who} played {move.tile.ref} as player {move.player + 1}: "
                        f"it drew {tile.ref} as player {seat + 1}")


# -- the corpus --------------------------------------------------------------------------


def corpus_game(ctx: Context, task: ReplayTask) -> list[GameResult]:
    """One file of the corpus replayed under each ruleset."""
    bases = [GameResult(CORPUS, name, "", task.game, task.path)
             for name in ctx.spec.rulesets]
    if task.problem:
        return [failed(b, task.problem) for b in bases]
    catalogue = ctx.catalogues[BOX]
    position, findings, status = game_of(task.data, task.path, catalogue, ctx.host)
    if position is None or status != OPENED:
        problem = findings[0].message if findings else "cannot be read"
        return [failed(b, problem) for b in bases]
    results = []
    for base in bases:
        try:
            played = replay(position, ctx.rulesets[base.ruleset], catalogue)
        except ReplayError as exc:
            results.append(failed(base, f"does not replay under {base.ruleset}: {exc}"))
            continue
        tally = Tally(len(played.start_players))
        for step in played.steps:
            tally.add(step.events)
        tally.add(played.end_events)
        moves = sum(1 for s in played.steps if s.placed is not None)
        results.append(tally.result(base, played.final, moves))
    return results
