"""Replaying a position's move log with the rules engine, for the CLI and the editor.

Where the log starts: a board file is a snapshot, so its ``tiles`` are the position *after*
the log. The log starts from the board's tiles that no move places (the start tile, or the
start position of a puzzle), with no figures, every score 0, no goods, and each player's
supply = the snapshot's supply plus that player's figures standing on the snapshot. A
converted JCloisterZone save is such a start position already.

Moves are applied in the engine's *edit* mode: a move our rules find illegal (JCZ's rules or
an edition's differ) is still played and its findings are kept with the step; only a move
that cannot be carried out at all (an occupied cell, a segment the tile does not have, an
unknown tile) stops the replay with :class:`ReplayError`.

Assertions (``x-assertions`` in a board, the test block of a JCZ save) are read in JCZ's two
forms, ``<player> has N points`` and ``<player> scored <feature> for N points``, and checked
after end-of-game scoring following the last move (JCZ's test games end when their fixed
draw order runs out).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from editor.formats.boards import position_of
from editor.formats.jsonio import read_json, source_name
from editor.i18n import _, ngettext
from editor.model import events as ev
from editor.model.board import Board, Cell
from editor.model.events import Event
from editor.model.findings import Finding, Severity
from editor.model.players import Figure, Player
from editor.model.position import Position
from editor.model.tiles import Tile
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.rules.engine import Engine
from editor.rules.legality import FigureState, figure_states
from editor.rules.movelog import MoveLogError, move_of
from editor.rules.moves import IllegalMove, Move, MoveResult, Turn
from editor.rules.ruleset import Ruleset
from editor.rules.score_report import Line, lines_of
from editor.terms import feature_name, figure_name, goods_name

from .convert import convert
from .save import looks_like_save, parse_save

#: JCZ's feature words in assertions → the ``feature`` of our score events.
ASSERTION_FEATURES = {
    "city": "city", "road": "road", "field": "field", "farm": "field", "monastery": "monastery",
    "cloister": "monastery", "garden": "garden", "goods": "goods", "trade goods": "goods",
}
#: The longest number an assertion may give (no score has more digits).
_MAX_DIGITS = 18
_NUMBER = re.compile(r"-?[0-9]+")
_NOT_FEATURE = re.compile(r"[^A-Za-z ]")
_SCORED = " scored "

Placement = tuple[Tile, int, int, int]


class ReplayError(Exception):
    """A move of the log that cannot be played; ``index`` is its 0-based place in ``moves``."""

    def __init__(self, index: int, message: str, findings: Sequence[Finding] = ()) -> None:
        super().__init__(_("move {n}: {error}").format(n=index + 1, error=message))
        self.index = index
        self.findings = list(findings)


@dataclass(slots=True)
class Step:
    """One move of the log once played: what it did and the position after it."""

    index: int
    entry: dict[str, Any]
    text: str
    player: int
    events: list[Event]
    lines: list[Line]
    findings: list[Finding]
    placed: Placement | None
    figures: list[FigureState]
    players: list[Player]


@dataclass(slots=True)
class Replay:
    """A played move log: the start, every step, and end-of-game scoring after the last."""

    position: Position
    rules: Ruleset
    start_tiles: list[Placement]
    start_players: list[Player]
    steps: list[Step]
    end_events: list[Event] = field(default_factory=list)
    end_lines: list[Line] = field(default_factory=list)
    #: differences between the position's own snapshot and the end of its log
    findings: list[Finding] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        """Player names."""
        return [p.name for p in self.start_players]

    def scores(self, k: int | None = None) -> list[int]:
        """Scores after move ``k`` (default: the last; 0: the start)."""
        k = len(self.steps) if k is None else k
        players = self.steps[k - 1].players if k else self.start_players
        return [p.score for p in players]

    @property
    def final(self) -> list[int]:
        """Scores after end-of-game scoring following the last move."""
        totals = self.scores()
        for e in self.end_events:
            if e.type == ev.SCORE and e.player is not None:
                totals[e.player] += e.points
        return totals

    def board_at(self, k: int) -> Board:
        """A fresh board holding the position after move ``k`` (0: the start)."""
        step = self.steps[k - 1] if k else None
        players = [replace(p, goods=dict(p.goods), supply=dict(p.supply))
                   for p in (step.players if step else self.start_players)]
        board = Board(players)
        for tile, x, y, r in self.start_tiles:
            board.place(tile, x, y, r)
        for s in self.steps[:k]:
            if s.placed is not None:
                board.place(*s.placed)
        for kind, owner, x, y, segment in (step.figures if step else []):
            board.add_figure(Figure(kind, owner, board.cells[(x, y)].node(segment)))
        board.commit()
        return board

    def position_at(self, k: int) -> Position:
        """The position after move ``k`` as a board file holds it: its log is the first
        ``k`` moves (assertions, which speak of the whole game, are left out)."""
        source = self.position
        return Position(
            board=self.board_at(k), editions=list(source.editions),
            options={e: dict(o) for e, o in source.options.items()},
            tilesets=list(source.tilesets), title=source.title,
            description=source.description, moves=[dict(m) for m in source.moves[:k]],
            extras={key: value for key, value in source.extras.items()
                    if key != "x-assertions"})


def moved_cells(moves: Sequence[dict[str, Any]]) -> set[Cell]:
    """Cells the log places tiles on."""
    return {(m["x"], m["y"]) for m in moves if "tile" in m and not m.get("pass")}


def start_of(position: Position) -> tuple[list[Placement], list[Player]]:
    """The tiles and players the log starts from (see the module docstring)."""
    board = position.board
    moved = moved_cells(position.moves)
    tiles = [(p.tile, p.x, p.y, p.rotation) for p in board if (p.x, p.y) not in moved]
    players = []
    for i, p in enumerate(board.players):
        supply = dict(p.supply)
        for f in board.figures:
            if f.owner == i:
                supply[f.kind] = supply.get(f.kind, 0) + 1
        players.append(Player(p.name, p.colour, 0, {}, supply))
    return tiles, players


def replay(position: Position, rules: Ruleset, catalogue: Catalogue,
           progress: Callable[[int], None] | None = None) -> Replay:
    """Play the position's move log from its start; raises :class:`ReplayError`.
    ``progress`` is told how many moves were played before each move."""
    tiles, players = start_of(position)
    result = Replay(position, rules, tiles, players, [])
    board = result.board_at(0)
    engine = Engine(rules)
    names = result.names
    last: MoveResult | None = None
    for i, entry in enumerate(position.moves):
        if progress is not None:
            progress(i)
        player = int(entry["player"])
        if not 0 <= player < len(players):
            raise ReplayError(i, _("no player {player}").format(player=player))
        if entry.get("pass"):
            text = _("{player} passes").format(player=names[player])
            result.steps.append(_step(i, entry, text, player, [], [], [], None, board))
            last = None
            continue
        move = _move(i, entry, catalogue, board)
        turn = last.next_turn if last is not None and last.next_turn.player == player \
            else Turn(player)
        try:
            last = engine.apply(board, move, turn, mode="edit")
        except IllegalMove as exc:
            raise ReplayError(i, str(exc), exc.findings) from exc
        placed = (move.tile, move.x, move.y, move.rotation)
        result.steps.append(_step(i, entry, f"{names[player]}: {describe_move(move)}", player,
                                  last.events, lines_of(board, last.events), last.findings,
                                  placed, board))
    mark = board.mark()
    result.end_events = engine.final_scoring(board)
    result.end_lines = lines_of(board, result.end_events)
    board.undo_to(mark)
    if moved_cells(position.moves) & set(position.board.cells):
        result.findings = snapshot_differences(position.board, board)
    return result


def _move(i: int, entry: dict[str, Any], catalogue: Catalogue, board: Board) -> Move:
    try:
        return move_of(entry, catalogue, board)
    except MoveLogError as exc:
        raise ReplayError(i, str(exc)) from exc


def _step(i: int, entry: dict[str, Any], text: str, player: int, events: list[Event],
          lines: list[Line], findings: list[Finding], placed: Placement | None,
          board: Board) -> Step:
    return Step(i + 1, entry, text, player, events, lines, findings, placed,
                figure_states(board),
                [replace(p, goods=dict(p.goods), supply=dict(p.supply)) for p in board.players])


def describe_move(move: Move) -> str:
    """``base-c1/G at (0, -1) R90 + follower on city``."""
    return str(move)


def describe_event(event: Event, names: Sequence[str]) -> str:
    """One event as a line for people."""
    who = names[event.player] if event.player is not None and event.player < len(names) \
        else _("nobody")
    if event.type == ev.SCORE:
        reason = (_("{reason} (unofficial)").format(reason=event.reason) if event.unofficial
                  else event.reason)
        return _("{player} {points} {feature}: {reason}").format(
            player=who, points=f"{event.points:+d}", feature=feature_name(event.feature),
            reason=reason)
    if event.type == ev.GOODS:
        return _("{player} takes goods ({goods}: {n})").format(
            player=who, goods=goods_name(str(event.goods)), n=event.count)
    if event.type == ev.RETURN and event.figure is not None:
        return returned(event.figure.kind).format(player=who,
                                                  figure=figure_name(event.figure.kind))
    if event.type == ev.COMPLETED:
        return completed(event.feature, event.tiles).format(
            feature=feature_name(event.feature), n=event.tiles)
    if event.type == ev.EXTRA_TURN:
        return _("{player} plays again: {reason}").format(player=who, reason=event.reason)
    return _("{player}: {n} to supply ({figure})").format(
        player=who, n=f"{event.count:+d}", figure=figure_name(str(event.figure_kind)))


def returned(kind: str) -> str:
    """The message for a figure going back to supply."""
    messages = {
        "follower": _("{player}'s follower goes back to supply"),
        "abbot": _("{player}'s abbot goes back to supply"),
        "builder": _("{player}'s builder goes back to supply"),
        "pig": _("{player}'s pig goes back to supply"),
    }
    return messages.get(kind) or _("{player}'s figure ({figure}) goes back to supply")


def completed(kind: str, tiles: int) -> str:
    """The message for a completed feature of ``tiles`` tiles."""
    if kind == "city":
        return ngettext("city completed ({n} tile)", "city completed ({n} tiles)", tiles)
    if kind == "road":
        return ngettext("road completed ({n} tile)", "road completed ({n} tiles)", tiles)
    if kind == "monastery":
        return _("monastery completed")
    if kind == "garden":
        return _("garden completed")
    return ngettext("completed: {feature} ({n} tile)", "completed: {feature} ({n} tiles)",
                    tiles)


def snapshot_differences(snapshot: Board, end: Board) -> list[Finding]:
    """What differs between a board's own snapshot and the end of its move log."""
    found = []

    def tiles(b: Board) -> set[tuple[str, int, int, int]]:
        return {(p.tile.ref, p.x, p.y, p.rotation) for p in b}

    if tiles(snapshot) != tiles(end):
        cells = sorted({(x, y) for _, x, y, _ in tiles(snapshot) ^ tiles(end)})
        found.append(_("the board's tiles differ from the end of its move log at {cells}"
                       ).format(cells=cells))
    if sorted(figure_states(snapshot)) != sorted(figure_states(end)):
        found.append(_("the board's figures differ from the end of its move log"))
    if [p.score for p in snapshot.players] != [p.score for p in end.players]:
        found.append(_("the board's scores {board} differ from the end of its move log "
                       "{log}").format(board=[p.score for p in snapshot.players],
                                       log=[p.score for p in end.players]))
    return [Finding(text, "$.moves", code="log-differs", severity=Severity.WARNING)
            for text in found]


# -- assertions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    """One assertion: ``ok`` is None when its form cannot be checked."""

    text: str
    ok: bool | None
    detail: str

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``."""
        return {"assertion": self.text, "ok": self.ok, "detail": self.detail}


def assertions_of(position: Position) -> list[str]:
    """The position's ``x-assertions``."""
    found = position.extras.get("x-assertions", [])
    return [str(a) for a in found] if isinstance(found, list) else []


def check(result: Replay, assertions: Sequence[str]) -> list[Check]:
    """Evaluate assertions against the replay (after end-of-game scoring)."""
    return [_check(result, text) for text in assertions]


def _player(result: Replay, name: str) -> int | None:
    """A player by name; spaces and case do not count when the name alone does not fit."""
    names = result.names
    if name in names:
        return names.index(name)
    folded = [" ".join(n.split()).casefold() for n in names]
    name = " ".join(name.split()).casefold()
    return folded.index(name) if name in folded else None


@dataclass(frozen=True, slots=True)
class Assertion:
    """An assertion read: ``<name> has <points> points`` (``feature`` None) or ``<name>
    scored <feature> for <points> points``."""

    name: str
    points: int
    feature: str | None = None


def parse_assertion(text: str) -> Assertion | str:
    """Read an assertion, or say why it cannot be checked. Linear in the text's length:
    it is split at its last words, never searched with backtracking."""
    words = text.split(None)
    unsupported = _("cannot check this form (supported: '<player> has N points', "
                    "'<player> scored <feature> for N points')")
    if len(words) < 4 or words[-1] not in ("point", "points", "point.", "points."):
        return unsupported
    head, verb, number, _unit = text.strip().rsplit(None, 3)
    if not _NUMBER.fullmatch(number):
        return unsupported
    if len(number.lstrip("-")) > _MAX_DIGITS:
        digits = len(number.lstrip("-"))
        return ngettext("{n:,} digit: no score is that long a number",
                        "{n:,} digits: no score is that long a number", digits).format(n=digits)
    if verb == "has":
        return Assertion(head, int(number))
    if verb != "for":
        return unsupported
    # "<name> scored <feature>": at the first " scored " after which only letters follow
    head = " ".join(head.split())
    last_other = max((m.start() for m in _NOT_FEATURE.finditer(head)), default=-1)
    at = head.find(_SCORED, max(1, last_other - len(_SCORED) + 2))
    if at < 0:
        return unsupported
    return Assertion(head[:at], int(number), head[at + len(_SCORED):])


def _check(result: Replay, text: str) -> Check:
    read = parse_assertion(text)
    if isinstance(read, str):
        return Check(text, None, read)
    player = _player(result, read.name)
    if player is None:
        return Check(text, False, _("no player {name!r} (players: {players})").format(
            name=read.name, players=", ".join(result.names)))
    if read.feature is None:
        have = result.final[player]
        return Check(text, have == read.points, ngettext(
            "{player} has {n} point", "{player} has {n} points", have).format(
                player=result.names[player], n=have))
    feature = ASSERTION_FEATURES.get(read.feature.lower())
    if feature is None:
        return Check(text, None, _("unknown feature {feature!r} (known: {known})").format(
            feature=read.feature, known=", ".join(sorted(ASSERTION_FEATURES))))
    scored = _scorings(result, player, feature)
    return Check(text, read.points in scored,
                 _("{player} scored for {feature}: {points}").format(
                     player=result.names[player], feature=feature_name(feature),
                     points=", ".join(map(str, scored)))
                 if scored else _("{player} scored nothing for {feature}").format(
                     player=result.names[player], feature=feature_name(feature)))


def _scorings(result: Replay, player: int, feature: str) -> list[int]:
    """Points the player scored for a kind of feature, one entry per feature scoring: the
    events of one move (or of the end) on one feature are added up."""
    groups: dict[tuple[int, int | None], int] = {}
    batches = [*(s.events for s in result.steps), result.end_events]
    for k, events in enumerate(batches):
        for e in events:
            if e.type == ev.SCORE and e.player == player and e.feature == feature:
                key = (k, e.root if e.root is not None else -1 - len(groups))
                groups[key] = groups.get(key, 0) + e.points
    return list(groups.values())


# -- opening a game with a log -----------------------------------------------------------

#: How :func:`open_game` went: 0 read, 1 unsupported content, 2 unreadable.
OK, UNSUPPORTED, UNREADABLE = 0, 1, 2


def open_game(path: str, catalogue: Catalogue, host: PluginHost
              ) -> tuple[Position | None, list[Finding], int]:
    """A JCZ save (``.jcz`` or JSON shaped like one) or one of our board files, as a position
    with a move log; with the findings and :data:`OK`, :data:`UNSUPPORTED` or
    :data:`UNREADABLE`."""
    data, findings = read_json(path)
    if findings:
        return None, findings, UNREADABLE
    return game_of(data, path, catalogue, host)


def game_of(data: Any, path: str, catalogue: Catalogue, host: PluginHost
            ) -> tuple[Position | None, list[Finding], int]:
    """:func:`open_game` of a file's JSON data already read (``path`` names it)."""
    if path.lower().endswith(".jcz") or looks_like_save(data):
        save, findings = parse_save(data, path)
        if save is None:
            return None, findings, UNREADABLE
        conversion = convert(save, catalogue, host)
        status = UNSUPPORTED if conversion.errors else OK
        return conversion.position, conversion.findings, status
    position, findings = position_of(data, source_name(path), catalogue)
    if position is None:
        return None, findings, UNREADABLE
    return position, findings, OK
