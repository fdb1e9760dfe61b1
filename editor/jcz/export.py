"""A position → a JCloisterZone 5.x saved game: the way back of :mod:`.convert`.

The save has what JCloisterZone's loader reads (its client's ``game.js``: ``appVersion``
≥ 5.7.0, ``gameId``, ``initialRandom``, ``clock``, ``setup``, ``players``, ``replay``,
``gameAnnotations``): the set-up mapped back from our ruleset, the start tiles, the players,
and the move log as replay messages (``PLACE_TILE``, ``DEPLOY_MEEPLE``, ``RETURN_MEEPLE``
of an abbot, ``PASS``, ``COMMIT``). ``gameAnnotations.drawOrder`` fixes the draws: the log's
tiles, then a puzzle's hand, so JCloisterZone replays the log and deals the hand next — a
puzzle becomes one of its prepared games.

A board without a move log gets one: the tiles holding figures (and, where needed, tiles
joining their features, and tiles that let the turns come round to each figure's owner)
become moves in an order that keeps every placement and deployment legal in
JCloisterZone's turn order (player 0 first, one tile each, a builder's second tile in the
same turn); the other tiles are JCloisterZone's start tiles, placed before the first move.

What JCloisterZone cannot express refuses the export, every reason listed (tiles without
a JCloisterZone id, C3.1, a pass, a declined second tile, a move its rules refuse, more
copies of a tile than its box, a position no order of moves reaches, ...). What it can
play only differently is exported with a warning, and kept for carcassonne-editor in
``gameAnnotations["carcassonne-editor"]``: scores and goods the log does not give (JCZ
starts at 0), figure supplies that differ between players (JCZ gives everyone the same),
colours, our exact ruleset (C1 farms other than 2002, C3, the River rule), title,
description and puzzle block. ``import-jcz`` reads that block back, so
``import-jcz(export-jcz(board))`` gives the same tiles, figures, players and scores.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from editor.formats.jsonio import write_json_atomic
from editor.i18n import _, ngettext
from editor.jcz.replay import Replay, ReplayError, replay, start_of
from editor.model import events as ev
from editor.model.board import Board, Cell
from editor.model.findings import Finding, Severity
from editor.model.players import ABBOT, BUILDER, FOLLOWER, PIG, Player
from editor.model.ports import JCZ_HALF_PORTS, SIDE_DELTA, SIDE_NAMES, rotate_port
from editor.model.position import Position
from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD, Tile
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.rules.editions import JczNames
from editor.rules.engine import Engine
from editor.rules.legality import figure_states, position_findings
from editor.rules.movelog import entry_of
from editor.rules.moves import FigureAction, IllegalMove, Move, Turn
from editor.rules.ruleset import Ruleset, RulesetError
from editor.terms import feature_name, figure_name

from .save import EDITOR_KEY as KEY

APP_VERSION = "5.7.0"
#: A JCloisterZone tile id among a tile's aliases: ``BA/RCr``, ``TB/CcR.c``, ``RI.1/IFI``.
JCZ_ID = re.compile(r"^[A-Z]{2}(?:\.\d+)?/\S+$")
BASES = {"base:C1": "basic:1", "base:C2": "basic:2", "base:C3": "basic:2"}
EXPANSIONS = {"traders-builders:C1": "traders-and-builders:1",
              "traders-builders:C2": "traders-and-builders:2",
              "traders-builders:C3": "traders-and-builders:2"}
#: Our tile set → JCZ's, for the boxes a game needs.
JCZ_SETS = {"base-c1": "basic:1", "base-c2": "basic:2", "base-c3": "basic:2",
            "traders-builders-c1": "traders-and-builders:1",
            "traders-builders-c2": "traders-and-builders:2",
            "traders-builders-c3": "traders-and-builders:2"}
MEEPLE_TYPES = {FOLLOWER: "small", ABBOT: "abbot", BUILDER: "builder", PIG: "pig"}
ELEMENTS = {FOLLOWER: "small-follower", ABBOT: "abbot", BUILDER: "builder", PIG: "pig"}
FEATURE_NAMES = {CITY: "City", ROAD: "Road", FIELD: "Field", GARDEN: "Garden"}
#: Half-side names in JCloisterZone's order (its ``Location.FARM_SIDES``).
HALF_SIDES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
#: Moves tried in search of an order for a board without a log, before giving up.
SEARCH_BUDGET = 20_000


@dataclass(slots=True)
class PluginNames:
    """Plugins' JCloisterZone names (:class:`JczNames`) read backwards, for the export:
    our edition and tile set → JCZ set, figure kind → element and meeple type, and the
    rule switches each edition turns on."""

    editions: dict[str, str] = field(default_factory=dict)
    tilesets: dict[str, str] = field(default_factory=dict)
    elements: dict[str, str] = field(default_factory=dict)
    meeples: dict[str, str] = field(default_factory=dict)
    switches: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, host: PluginHost) -> PluginNames:
        """The names of every installed plugin."""
        out = cls()
        for names in host.registrations("carcassonne_jcz_names", JczNames):
            for (expansion, number), (edition, tileset) in names.sets.items():
                out.editions.setdefault(edition, f"{expansion}:{number}")
                out.tilesets.setdefault(tileset, f"{expansion}:{number}")
                out.switches.setdefault(edition, list(names.switches))
            out.elements.update((kind, element) for element, (kind, _) in names.figures.items())
            out.meeples.update((kind, meeple) for meeple, kind in names.meeples.items())
        return out


@dataclass(slots=True)
class Export:
    """The save (None when refused) and every finding (errors are why it was refused)."""

    save: dict[str, Any] | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        """Why the position cannot be exported."""
        return [f for f in self.findings if f.severity is Severity.ERROR]


def jcz_id(tile: Tile, catalogue: Catalogue) -> str | None:
    """The tile's JCloisterZone id: its own alias, or that of a tile of its set with the
    same segments (our River's second straight ``F`` is JCZ's second ``RI.1/IFI``)."""
    own = next((a for a in tile.aliases if JCZ_ID.match(a)), None)
    if own is not None:
        return own
    twins = [t for t in catalogue.get_set(tile.set_id).tiles
             if t is not tile and _layout(t) == _layout(tile)]
    return next((a for t in twins for a in t.aliases if JCZ_ID.match(a)), None)


def _layout(tile: Tile) -> tuple[object, ...]:
    return tuple((s.id, s.kind, s.ports, s.pennants, tuple(sorted(s.goods.items())), s.cities)
                 for s in tile.segments)


def location(tile: Tile, rotation: int, segment: str) -> tuple[str, str | None]:
    """JCloisterZone's location (board orientation) and feature name of a segment of
    ``tile`` turned ``rotation`` quarter turns: ``NW``, ``_S``, ``NL.NR.EL``, ``CLOISTER``."""
    seg = tile.segment(segment)
    feature = FEATURE_NAMES.get(seg.kind)
    if seg.kind == MONASTERY:
        return "CLOISTER", None
    ports = {rotate_port(p, rotation) for p in seg.ports}
    if not ports:
        return "I", feature
    if seg.kind == FIELD:
        return ".".join(h for h in HALF_SIDES if JCZ_HALF_PORTS[h] in ports), feature
    sides = [SIDE_NAMES[s] for s in range(4) if s * 3 in ports]
    if len(sides) == 3:
        return "_" + next(n for n in SIDE_NAMES if n not in sides), feature
    names = {"NE": "NE", "ES": "SE", "SW": "SW", "NW": "NW", "NS": "NS", "EW": "WE",
             "NESW": "NWSE"}
    return (names.get("".join(sides), "".join(sides)) if len(sides) > 1 else sides[0]), feature


def export_position(position: Position, catalogue: Catalogue, host: PluginHost,
                    file: str = "", created: str = "2000-01-01T00:00:00.000Z") -> Export:
    """The JCloisterZone save of ``position`` (see the module docstring)."""
    return _Exporter(position, catalogue, host, file, created).run()


def save_jcz(position: Position, path: str | os.PathLike[str], catalogue: Catalogue,
             host: PluginHost, file: str = "") -> Export:
    """Export ``position`` and write the save atomically to ``path`` unless refused (the
    editor's File → Export → JCloisterZone and the ``export-jcz`` command). The findings
    say why it was refused (errors) or what JCloisterZone plays differently (warnings);
    a save that cannot be written adds an ``unwritable`` error and leaves ``path`` as it
    was. ``file`` names the board in the findings."""
    now = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    result = export_position(position, catalogue, host, file, created=now)
    if result.save is not None:
        try:
            write_json_atomic(path, result.save)
        except (OSError, ValueError, TypeError) as exc:
            result.findings.append(Finding(
                _("cannot write {file}: {error}").format(file=path, error=exc), "$", str(path),
                "unwritable"))
            result.save = None
    return result


class _Exporter:
    def __init__(self, position: Position, catalogue: Catalogue, host: PluginHost, file: str,
                 created: str) -> None:
        self.position = position
        self.catalogue = catalogue
        self.host = host
        self.file = file
        self.created = created
        self.findings: list[Finding] = []
        self.names = PluginNames.of(host)
        self.meeples = {**self.names.meeples, **MEEPLE_TYPES}

    def add(self, path: str, message: str, severity: Severity = Severity.ERROR,
            code: str = "jcz-cannot-express", cell: Cell | None = None) -> None:
        self.findings.append(Finding(message, path, self.file, code, severity, cell))

    def warn(self, path: str, message: str) -> None:
        self.add(path, message, Severity.WARNING, "jcz-differs")

    # -- the whole export ----------------------------------------------------------------

    def run(self) -> Export:
        position = self.position
        try:
            rules = self.host.ruleset([(n, {}) for n in position.editions], position.options)
        except RulesetError as exc:
            self.add("$.ruleset", _("the ruleset cannot be built: {error}").format(error=exc))
            return self._refused()
        strict = self._jcz_rules(rules)
        if not position.moves:  # a log is checked move by move
            for f in position_findings(position, self.host, self.file):
                self.add(f.path, _("the position breaks the rules, no move order reaches it: "
                                   "{finding}").format(finding=f.message), cell=f.cell)
        has_log = bool(position.moves)
        if has_log:
            moves = list(position.moves)
            unknown = [(i, m["tile"]) for i, m in enumerate(moves)
                       if "tile" in m and m["tile"] not in self.catalogue]
            for i, ref in unknown:
                self.add(f"$.moves[{i}].tile", _("unknown tile {tile!r}: the log cannot be "
                                                 "exported").format(tile=ref))
            if unknown:
                return self._refused()
            start = [(t, x, y, r) for t, x, y, r in start_of(position)[0]]
        else:
            order = self._construct(strict)
            start, moves = order or ([(p.tile, p.x, p.y, p.rotation) for p in position.board],
                                     [])
        setup = self._setup(rules, start, moves)
        self._log_checks(moves)
        if any(f.severity is Severity.ERROR for f in self.findings):
            return self._refused()
        played = self._replay(strict, moves, has_log)
        if played is None or any(f.severity is Severity.ERROR for f in self.findings):
            return self._refused()
        messages = self._messages(played, moves)
        draw = [self._id(tile) for tile in self._drawn(moves)]
        if any(f.severity is Severity.ERROR for f in self.findings):
            return self._refused()
        self._state_notes(played, rules)
        save = self._save(setup, start, messages, draw, has_log, rules)
        return Export(save, _unique(self.findings))

    def _refused(self) -> Export:
        return Export(None, _unique(self.findings))

    def _jcz_rules(self, rules: Ruleset) -> Ruleset:
        """The ruleset with the River as JCloisterZone checks it, to check every move."""
        options = {name: dict(values) for name, values in rules.options.items()}
        options[rules.base.name]["river"] = "jcz"
        return self.host.ruleset([(e.name, {}) for e in rules.editions], options)

    # -- set-up ------------------------------------------------------------------------

    def _setup(self, rules: Ruleset, start: list[tuple[Tile, int, int, int]],
               moves: list[dict[str, Any]]) -> dict[str, Any]:
        position = self.position
        base = rules.base
        sets: dict[str, int] = {}
        jcz_rules: dict[str, Any] = {}
        elements: dict[str, Any] = {"farmers": True}
        if base.name not in BASES:
            self.add("$.ruleset.editions[0]", _("JCloisterZone has no {edition} (it has "
                                                "basic:1 and basic:2)").format(
                                                    edition=base.name))
            return {}
        sets[BASES[base.name]] = 1
        options = rules.options[base.name]
        if base.name == "base:C1" and options.get("farms") != "2002":
            self.warn("$.ruleset.options", _(
                "JCloisterZone scores farms field by field without limit (farms=2002); the "
                "board's farms={farms} is kept for carcassonne-editor only").format(
                    farms=options.get("farms")))
        if base.name == "base:C3":
            self.add("$.ruleset.editions[0]", _("base:C3 as JCloisterZone's basic:2 (the "
                                                "same tiles); the C3 edition is kept for "
                                                "carcassonne-editor"),
                     Severity.INFO, "jcz-note")
        if options.get("small_city"):
            jcz_rules["tiny-city-scoring"] = "2"
        tiles = [t for t, *_ in start] + [self.catalogue.tile(m["tile"]) for m in moves
                                          if "tile" in m]
        hand = self._hand()
        used_sets = {t.set_id for t in [*tiles, *hand]}
        river_sets = [s for s in used_sets if any(t.has(RIVER) for t in
                                                  self.catalogue.get_set(s).tiles)]
        if river_sets:
            sets[f"river/1:{BASES[base.name][-1]}"] = 1
            elements["river"] = True
        totals = self._figure_totals()
        kinds = rules.figure_kinds()
        for i, expansion in enumerate(rules.editions[1:], start=1):
            where = f"$.ruleset.editions[{i}]"
            jcz_set = EXPANSIONS.get(expansion.name) or self.names.editions.get(expansion.name)
            if jcz_set is None:
                known = sorted({*EXPANSIONS, *self.names.editions})
                self.add(where, _("JCloisterZone has no {edition} (it has {known})").format(
                    edition=expansion.name, known=", ".join(known)))
                continue
            with_tiles = bool(set(expansion.tilesets) & used_sets) or not position.tilesets \
                or bool(set(expansion.tilesets) & set(position.tilesets))
            if with_tiles:
                sets[jcz_set] = 1
                if expansion.name in EXPANSIONS:
                    elements["traders"] = True
            elements.update((name, True) for name in self.names.switches.get(expansion.name, ()))
        for kind in kinds:
            name = ELEMENTS.get(kind) or self.names.elements.get(kind)
            counts = totals.get(kind, [0] * len(position.board.players))
            if name is None:
                if any(counts):
                    self.add("$.figures", _("JCloisterZone has no figure {kind!r}").format(
                        kind=kind))
                continue
            most = max(counts, default=0)
            if kind in (ABBOT,) or most or kind == FOLLOWER:
                elements[name] = most
            if len(set(counts)) > 1:
                self.warn("$.players", _(
                    "JCloisterZone gives every player the same number of figures of each kind "
                    "({figure}): {n} each (the board's {counts} are kept for "
                    "carcassonne-editor)").format(figure=figure_name(kind), n=most,
                                                  counts=", ".join(map(str, counts))))
        if ABBOT in kinds:
            elements["garden"] = True
        for kind, counts in totals.items():
            if kind not in kinds and any(counts):
                self.add("$.figures", _("{ruleset} has no figure {kind!r}").format(
                    ruleset=rules.name, kind=kind))
        for set_id, need in self._boxes(start, moves, hand).items():
            name = JCZ_SETS.get(set_id) or self.names.tilesets.get(set_id, "")
            if name in sets:
                sets[name] = max(sets[name], need)
        return {"sets": sets, "elements": elements, "rules": jcz_rules, "timer": None,
                "options": {}}

    def _figure_totals(self) -> dict[str, list[int]]:
        """Figures of each kind per player, on the board and in supply."""
        board = self.position.board
        totals: dict[str, list[int]] = {}
        for i, p in enumerate(board.players):
            for kind, n in p.supply.items():
                totals.setdefault(kind, [0] * len(board.players))[i] += n
        for f in board.figures:
            totals.setdefault(f.kind, [0] * len(board.players))[f.owner] += 1
        return totals

    def _hand(self) -> list[Tile]:
        puzzle = self.position.puzzle or {}
        return [self.catalogue.tile(ref) for ref in puzzle.get("hand", [])
                if ref in self.catalogue]

    def _boxes(self, start: list[tuple[Tile, int, int, int]], moves: list[dict[str, Any]],
               hand: list[Tile]) -> dict[str, int]:
        """Boxes of each of our tile sets the game needs: more copies of a tile than one
        box holds take a second box of its set (JCZ's ``"basic:2": 2``); the River, one."""
        used: dict[tuple[str, str], int] = {}
        box: dict[tuple[str, str], int] = {}
        tiles = [t for t, *_ in start] + [self.catalogue.tile(m["tile"]) for m in moves
                                          if "tile" in m] + hand
        for tile in tiles:
            key = (tile.set_id, self._id(tile))
            used[key] = used.get(key, 0) + 1
            if key not in box:
                box[key] = sum(t.count for t in self.catalogue.get_set(tile.set_id).tiles
                               if jcz_id(t, self.catalogue) == key[1])
        boxes: dict[str, int] = {}
        for (set_id, jid), n in sorted(used.items()):
            if not jid or n <= box[(set_id, jid)]:
                continue
            need = -(-n // box[(set_id, jid)])
            if any(t.has(RIVER) for t in self.catalogue.get_set(set_id).tiles):
                self.add("$.tiles", ngettext(
                    "{n} copies of the River's {id}: JCloisterZone's River has {box}",
                    "{n} copies of the River's {id}: JCloisterZone's River has {box}",
                    n).format(n=n, id=jid, box=box[(set_id, jid)]))
            elif need > boxes.get(set_id, 1):
                boxes[set_id] = need
        for set_id, need in boxes.items():
            self.warn("$.tiles", ngettext(
                "more copies of a tile than one box of {tileset} holds: the save plays with "
                "{n} box of it",
                "more copies of a tile than one box of {tileset} holds: the save plays with "
                "{n} boxes of it", need).format(tileset=set_id, n=need))
        return boxes

    def _id(self, tile: Tile) -> str:
        found = jcz_id(tile, self.catalogue)
        if found is None:
            self.add("$.tiles", _("{tile} has no JCloisterZone tile id (no alias such as "
                                  "BA/RCr)").format(tile=tile.ref), code="jcz-unknown-tile")
            return ""
        return found

    # -- the log -------------------------------------------------------------------------

    def _log_checks(self, moves: list[dict[str, Any]]) -> None:
        """What no JCloisterZone message says."""
        for i, entry in enumerate(moves):
            where = f"$.moves[{i}]"
            if entry.get("pass"):
                self.add(where, _("a turn without a tile: JCloisterZone puts a tile that "
                                  "fits nowhere aside and deals another"))
            if entry.get("choices"):
                self.add(where, _("a player's choice during the move: JCloisterZone has "
                                  "none"))
            if entry.get("figure", {}).get("assign"):
                self.add(where, _("figures assigned beside a meeple (C3.1): JCloisterZone "
                                  "has none"))

    def _replay(self, rules: Ruleset, moves: list[dict[str, Any]], has_log: bool
                ) -> Replay | None:
        """Play the log as JCloisterZone would: every move legal, in its turn order."""
        position = replace(self.position, moves=moves)
        try:
            played = replay(position, rules, self.catalogue)
        except ReplayError as exc:
            self.add(f"$.moves[{exc.index}]", _("the move cannot be played: {error}").format(
                error=exc))
            return None
        end = played.board_at(len(played.steps))
        if _tiles(end) != _tiles(self.position.board) or \
                sorted(figure_states(end)) != sorted(figure_states(self.position.board)):
            self.add("$.moves", _("the board's tiles or figures differ from the end of its "
                                  "move log: JCloisterZone would end the game elsewhere"))
        expected = Turn(0)
        river_done = False
        for i, step in enumerate(played.steps):
            where = f"$.moves[{i}]" if has_log else "$"
            for f in step.findings:
                self.add(where, _("move {n} breaks the rules, JCloisterZone refuses it: "
                                  "{finding}").format(n=i + 1, finding=f.message), cell=f.cell)
            if step.player != expected.player:
                name = played.names
                if expected.part > 1:
                    text = _("move {n} is {player}'s, but {expected} declines the builder's "
                             "second tile, which JCloisterZone always gives")
                else:
                    text = _("move {n} is {player}'s, but {expected} is out of turn")
                self.add(where, text.format(n=i + 1, player=name[step.player],
                                            expected=name[expected.player]))
            tile = step.placed[0] if step.placed else None
            if tile is not None and tile.has(RIVER) and river_done:
                self.add(where, _("move {n} places a river tile after a land tile: "
                                  "JCloisterZone deals every river tile first").format(n=i + 1))
            river_done |= tile is not None and not tile.has(RIVER)
            extra = next((e for e in step.events if e.type == ev.EXTRA_TURN), None)
            expected = (Turn(step.player, extra.part) if extra is not None else
                        Turn((step.player + 1) % max(1, len(played.names))))
        puzzle = self.position.puzzle
        if puzzle is not None and int(puzzle.get("to_move", 0)) != expected.player:
            self.add("$.puzzle.to_move", _(
                "after the log JCloisterZone gives the next tile to {expected}, not to "
                "{player}").format(expected=played.names[expected.player],
                                   player=played.names[int(puzzle.get("to_move", 0))]))
        return played

    def _messages(self, played: Replay, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The replay messages: per move, its tile, its figure action (or a pass) and the
        commit; meeple ids as JCloisterZone numbers them (lowest free first)."""
        final = played.board_at(len(played.steps))
        free: dict[tuple[int, str], set[int]] = {}
        ids: dict[tuple[int, str, int], str] = {}
        out: list[dict[str, Any]] = []

        def message(kind: str, player: int, payload: dict[str, Any]) -> None:
            out.append({"type": kind, "payload": payload, "player": player, "clock": 0})

        for step, entry in zip(played.steps, moves, strict=True):
            player = step.player
            tile, x, y, rotation = step.placed or (None, 0, 0, 0)
            if tile is None:
                continue
            message("PLACE_TILE", player, {"tileId": self._id(tile),
                                            "rotation": f"R{rotation * 90}",
                                            "position": [x, y]})
            if "figure" in entry:
                kind, segment = entry["figure"]["kind"], entry["figure"]["segment"]
                node = final.cells[(x, y)].node(segment)
                taken = free.setdefault((player, kind), set())
                number = next(n for n in range(1, 100) if n not in taken)
                taken.add(number)
                meeple = f"{player}.{self.meeples[kind]}.{number}"
                ids[(player, kind, node)] = meeple
                where, feature = location(tile, rotation, segment)
                pointer: dict[str, Any] = {"position": [x, y], "location": where}
                if feature:
                    pointer["feature"] = feature
                message("DEPLOY_MEEPLE", player, {"pointer": pointer, "meepleId": meeple})
            elif "return" in entry:
                back = entry["return"]
                cell = (back["x"], back["y"])
                target = final.cells[cell]
                node = target.node(back["segment"])
                meeple = ids.pop((player, ABBOT, node), f"{player}.abbot.1")
                free.get((player, ABBOT), set()).discard(int(meeple.rsplit(".", 1)[1]))
                where, feature = location(target.tile, target.rotation, back["segment"])
                pointer = {"position": list(cell), "location": where, "meepleId": meeple}
                if feature:
                    pointer["feature"] = feature
                message("RETURN_MEEPLE", player, {"pointer": pointer, "source": "ABBOT_RETURN"})
            else:
                message("PASS", player, {})
            for e in step.events:
                if e.type == ev.RETURN and e.figure is not None:
                    key = (e.figure.owner, e.figure.kind, e.figure.node)
                    gone = ids.pop(key, None)
                    if gone is not None:
                        free[(key[0], key[1])].discard(int(gone.rsplit(".", 1)[1]))
            message("COMMIT", player, {"random": 0.0})
        return out

    def _drawn(self, moves: list[dict[str, Any]]) -> list[Tile]:
        """The draw order: the log's tiles, then a puzzle's hand."""
        return [self.catalogue.tile(m["tile"]) for m in moves if "tile" in m] + self._hand()

    def _state_notes(self, played: Replay, rules: Ruleset) -> None:
        """Warn where JCloisterZone's state after the log is not the board's."""
        end = played.board_at(len(played.steps))
        mine = self.position.board
        for p, theirs in zip(mine.players, end.players, strict=True):
            if p.score != theirs.score:
                self.warn("$.players", ngettext(
                    "{player} has {n} point; JCloisterZone's log gives {theirs} (kept for "
                    "carcassonne-editor)",
                    "{player} has {n} points; JCloisterZone's log gives {theirs} (kept for "
                    "carcassonne-editor)", p.score).format(player=p.name, n=p.score,
                                                           theirs=theirs.score))
            if {k: n for k, n in p.goods.items() if n} != \
                    {k: n for k, n in theirs.goods.items() if n}:
                self.warn("$.players", _("{player}'s goods tokens differ from what the log "
                                         "gives in JCloisterZone (kept for "
                                         "carcassonne-editor)").format(player=p.name))
        if rules.option(rules.base.name, "river") != "jcz" and any(
                p.tile.has(RIVER) for p in mine):
            self.add("$.ruleset.options", _("JCloisterZone checks river placements its own "
                                            "way (river=jcz); every placement here passes "
                                            "that check"), Severity.INFO,
                     "jcz-note")

    def _save(self, setup: dict[str, Any], start: list[tuple[Tile, int, int, int]],
              messages: list[dict[str, Any]], draw: list[str], has_log: bool,
              rules: Ruleset) -> dict[str, Any]:
        position = self.position
        board = position.board
        setup = {**setup, "start": [{"tile": self._id(t), "x": x, "y": y, "rotation": r * 90}
                                    for t, x, y, r in start]}
        ours: dict[str, Any] = {
            "format": 1,
            "ruleset": {"editions": list(position.editions),
                        "options": {k: dict(v) for k, v in position.options.items() if v}},
            "players": [{"name": p.name, "colour": p.colour, "score": p.score,
                         "goods": dict(p.goods), "supply": dict(p.supply)}
                        for p in board.players],
            "log": has_log,
        }
        for key, value in (("tilesets", position.tilesets), ("title", position.title),
                           ("description", position.description),
                           ("puzzle", position.puzzle)):
            if value:
                ours[key] = value
        annotations: dict[str, Any] = {"drawOrder": draw, KEY: ours}
        save: dict[str, Any] = {
            "appVersion": APP_VERSION,
            "gameId": "",
            "name": position.title,
            "initialRandom": 0.0,
            "initialSeed": "0",
            "created": self.created,
            "clock": 0,
            "setup": setup,
            "players": [{"name": p.name, "slot": i, "clientId": None}
                        for i, p in enumerate(board.players)],
            "replay": messages,
            "gameAnnotations": annotations,
        }
        assertions = position.extras.get("x-assertions")
        if isinstance(assertions, list) and assertions:
            save["test"] = {"description": position.description,
                            "assertions": [str(a) for a in assertions]}
        digest = hashlib.sha1(json.dumps(save, sort_keys=True).encode("utf-8")).hexdigest()
        save["gameId"] = digest[:16]
        return save

    # -- an order for a board without a log ----------------------------------------------

    def _construct(self, rules: Ruleset
                   ) -> tuple[list[tuple[Tile, int, int, int]], list[dict[str, Any]]] | None:
        """Start tiles and moves reaching the board (module docstring); None, with the
        reasons, when no order is found."""
        board = self.position.board
        if not board.cells:
            self.add("$.tiles", _("an empty board: JCloisterZone needs a start tile"))
            return None
        self._board_checks(board)
        on_tile: dict[Cell, list[int]] = {}
        for i, f in enumerate(board.figures):
            on_tile.setdefault(board.cell_of(f.node), []).append(i)
        for cell, found in sorted(on_tile.items()):
            if len(found) > 1:
                self.add(f"$.figures[{found[1]}]", ngettext(
                    "{n} figure on the tile at {cell}: JCloisterZone deploys one figure with "
                    "each tile",
                    "{n} figures on the tile at {cell}: JCloisterZone deploys one figure with "
                    "each tile", len(found)).format(n=len(found), cell=cell), cell=cell)
        if any(f.severity is Severity.ERROR for f in self.findings):
            return None
        search = _OrderSearch(self.position, rules, on_tile)
        order = search.run()
        if order is None:
            self.add("$.figures", ngettext(
                "no order of moves in JCloisterZone's turn order places every figure legally "
                "(figures sharing a feature must be placed apart and each on its owner's "
                "turn; tried {n} move)",
                "no order of moves in JCloisterZone's turn order places every figure legally "
                "(figures sharing a feature must be placed apart and each on its owner's "
                "turn; tried {n} moves)", search.tried).format(n=search.tried),
                     code="jcz-no-order")
            return None
        return order

    def _board_checks(self, board: Board) -> None:
        """Sides that do not match, tiles that touch nothing: no legal order then."""
        cells = board.cells
        for (x, y), placed in sorted(cells.items()):
            for side in (1, 2):
                dx, dy = SIDE_DELTA[side]
                other = cells.get((x + dx, y + dy))
                if other is None:
                    continue
                mine = placed.orientation.side_kinds[side]
                theirs = other.orientation.side_kinds[(side + 2) % 4]
                if mine != theirs:
                    self.add("$.tiles", _("the side {side} of {tile} at ({x}, {y}) shows "
                                          "{kind}, its neighbour {neighbour}").format(
                                              side=SIDE_NAMES[side], tile=placed.tile.ref,
                                              x=x, y=y, kind=feature_name(mine),
                                              neighbour=feature_name(theirs)),
                             cell=(x, y))
        if len(cells) > 1:
            seen = {next(iter(cells))}
            todo = list(seen)
            while todo:
                x, y = todo.pop()
                for dx, dy in SIDE_DELTA:
                    near = (x + dx, y + dy)
                    if near in cells and near not in seen:
                        seen.add(near)
                        todo.append(near)
            for cell in sorted(set(cells) - seen):
                self.add("$.tiles", _("the tile at {cell} is not joined to the others").format(
                    cell=cell),
                         cell=cell)


class _OrderSearch:
    """Moves for the tiles holding figures, fillers and joins among the others, found by
    a depth-first search over orders, each move played with the engine."""

    def __init__(self, position: Position, rules: Ruleset, on_tile: dict[Cell, list[int]]
                 ) -> None:
        self.position = position
        self.rules = rules
        self.engine = Engine(rules)
        self.snapshot = position.board
        self.figure_at = {cell: self.snapshot.figures[found[0]] for cell, found in
                          on_tile.items()}
        self.players = len(self.snapshot.players)
        puzzle = position.puzzle
        self.to_move = int(puzzle.get("to_move", 0)) if puzzle is not None else None
        self.tried = 0

    def run(self) -> tuple[list[tuple[Tile, int, int, int]], list[dict[str, Any]]] | None:
        snapshot = self.snapshot
        figure_cells = set(self.figure_at)
        shared = self._joins()
        others = [c for c in sorted(snapshot.cells, key=lambda c: (c[1], c[0]))
                  if c not in figure_cells]
        # grow the moved set with joins, then with fillers, until an order is found
        if not others:
            return None
        for extra in range(len(others) + 1):
            moved = figure_cells | shared | set(self._fillers(others, shared, extra))
            start_cells = [c for c in others if c not in moved] or others[:1]
            moved -= set(start_cells)
            found = self._search(start_cells, moved)
            if found is not None:
                start = [self._placed(c) for c in start_cells]
                return start, found
            if self.tried >= SEARCH_BUDGET:
                return None
            if extra >= self.players + 1:
                break
        return None

    def _placed(self, cell: Cell) -> tuple[Tile, int, int, int]:
        p = self.snapshot.cells[cell]
        return p.tile, p.x, p.y, p.rotation

    def _joins(self) -> set[Cell]:
        """Tiles without figures on features holding several figures: placed after the
        figures, they join what the figures' tiles started apart."""
        board = self.snapshot
        roots: dict[int, int] = {}
        for f in board.figures:
            root = board.find(f.node)
            roots[root] = roots.get(root, 0) + 1
        crowded = {r for r, n in roots.items() if n > 1}
        return {board.node_cell[n] for r in crowded for n in board.feature_of[r].members
                if board.node_cell[n] not in self.figure_at}

    def _fillers(self, others: list[Cell], shared: set[Cell], n: int) -> list[Cell]:
        """``n`` more tiles as moves (beside the figures' tiles first), to let the turns
        come round."""
        near = sorted((c for c in others if c not in shared),
                      key=lambda c: min((abs(c[0] - f[0]) + abs(c[1] - f[1])
                                         for f in self.figure_at), default=0))
        return near[:n]

    def _search(self, start_cells: list[Cell], moved: set[Cell]) -> list[dict[str, Any]] | None:
        board = Board([Player(p.name, p.colour, 0, {}, dict(p.supply))
                       for p in self.snapshot.players])
        for f in self.snapshot.figures:
            board.players[f.owner].supply[f.kind] = board.players[f.owner].supply.get(
                f.kind, 0) + 1
        for cell in start_cells:
            board.place(*self._tile_at(cell))
        board.commit()
        order: list[Move] = []
        if self._extend(board, sorted(moved, key=lambda c: (c[1], c[0])), Turn(0), order):
            return [entry_of(m) for m in order]
        return None

    def _tile_at(self, cell: Cell) -> tuple[Tile, int, int, int]:
        p = self.snapshot.cells[cell]
        return p.tile, p.x, p.y, p.rotation

    def _extend(self, board: Board, left: list[Cell], turn: Turn, order: list[Move]) -> bool:
        if not left:
            return self.to_move is None or turn.player == self.to_move
        if self.tried >= SEARCH_BUDGET:
            return False
        # figures first (on their owners' turns), joins and fillers after
        ranked = sorted(left, key=lambda c: (c not in self.figure_at, c[1], c[0]))
        for cell in ranked:
            figure = self.figure_at.get(cell)
            if figure is not None and figure.owner != turn.player:
                continue
            if not any((cell[0] + dx, cell[1] + dy) in board.cells for dx, dy in SIDE_DELTA):
                continue
            move = self._move(cell, turn.player)
            self.tried += 1
            try:
                result = self.engine.apply(board, move, Turn(turn.player, turn.part))
            except IllegalMove:
                continue
            if any(e.type in (ev.RETURN, ev.SCORE) for e in result.events):
                self.engine.undo(board, result)
                continue
            order.append(move)
            if self._extend(board, [c for c in left if c != cell], result.next_turn, order):
                return True
            order.pop()
            self.engine.undo(board, result)
        return False

    def _move(self, cell: Cell, player: int) -> Move:
        tile, x, y, rotation = self._tile_at(cell)
        figure = self.figure_at.get(cell)
        action = None
        if figure is not None:
            action = FigureAction(figure.kind, self.snapshot.segment_of(figure.node).id)
        return Move(player, tile, x, y, rotation, action)


def _unique(findings: list[Finding]) -> list[Finding]:
    """Each finding once (a tile used many times is reported once)."""
    return list(dict.fromkeys(findings))


def _tiles(board: Board) -> set[tuple[str, int, int, int]]:
    return {(p.tile.ref, p.x, p.y, p.rotation) for p in board}
