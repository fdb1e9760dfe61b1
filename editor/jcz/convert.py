"""A JCloisterZone save → a position at the start of the game with our move log.

One turn of the JCZ replay (``PLACE_TILE``, then ``DEPLOY_MEEPLE``, ``RETURN_MEEPLE`` or
``PASS``, then ``COMMIT``) becomes one entry of our ``moves``. A message without a
``player`` is given to the player whose turn it is, the turn passing on at each ``COMMIT``.
The test block's assertions go to ``x-assertions``, the fixed draw order to
``x-draw-order`` (tile references), its description to the description.

A JCZ tile id names one tile of our sets by alias. Where JCZ counts two copies of an id that
our set splits into two tiles of the same layout (``RI.1/IFI``: the River's straight D, and
F, which has no alias), the copies are taken in order: once the aliased tile's count is used
up by the start tiles and earlier moves, the next tile of the same set with the same
segments and copies left is placed (so the board never holds more copies than the box when
the box has them). When none is left the aliased tile is placed again, with a warning. Tile
sets the mapping adds beside the ruleset's (the River's ``river-c2`` under ``base:C1``) are
searched for aliases and written to the board's ``tilesets``.

Every finding is an error (unsupported content: another expansion, an unknown tile, option,
message or location), a warning (mapped with a known difference) or a note (read, no
effect). A conversion with an error gives no position.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from editor.i18n import _, ngettext
from editor.model.board import Board
from editor.model.findings import Finding, Severity
from editor.model.players import DEFAULT_COLOURS, FOLLOWER, Player
from editor.model.position import Position
from editor.model.tiles import FIELD, Tile
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.rules.editions import JczNames
from editor.rules.ruleset import Ruleset, RulesetError
from editor.terms import figure_name

from . import save as jcz
from .mapping import figure_kind, map_setup, merged, segment_for


@dataclass(slots=True)
class Conversion:
    """The position (None when anything is unsupported) and every finding; ``editor`` is
    the block an export kept for us (:func:`restore` applies it to the final position)."""

    position: Position | None
    findings: list[Finding] = field(default_factory=list)
    editor: dict[str, Any] | None = None
    #: the path of the message each of the position's moves comes from
    sources: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        """The unsupported content."""
        return [f for f in self.findings if f.severity is Severity.ERROR]


class _Turn:
    """The move being built from one JCZ turn."""

    def __init__(self, player: int, tile: Tile, cell: tuple[int, int], turns: int,
                 path: str) -> None:
        self.player = player
        self.path = path
        self.tile = tile
        self.cell = cell
        self.turns = turns
        self.entry: dict[str, Any] = {"player": player, "tile": tile.ref, "x": cell[0],
                                      "y": cell[1], "rotation": turns * 90}


def convert(save: jcz.JczSave, catalogue: Catalogue, host: PluginHost) -> Conversion:
    """Map a read save to a position whose board is the start of the game."""
    return _Converter(save, catalogue, host).run()


class _Converter:
    def __init__(self, save: jcz.JczSave, catalogue: Catalogue, host: PluginHost) -> None:
        self.save = save
        self.catalogue = catalogue
        self.host = host
        self.findings: list[Finding] = []
        self.tilesets: list[str] = []
        self.cells: dict[tuple[int, int], tuple[Tile, int]] = {}
        #: copies placed so far, by tile reference
        self.placed: dict[str, int] = {}
        self.farmers = True
        self.copies: dict[str, int] = {}
        self.names = JczNames()
        #: the figure kinds of the game's ruleset
        self.kinds: set[str] = set()
        self.sources: list[str] = []

    def add(self, path: str, message: str, severity: Severity = Severity.ERROR,
            code: str = "jcz-unsupported") -> None:
        self.findings.append(Finding(message, path, self.save.file, code, severity))

    def run(self) -> Conversion:
        save = self.save
        self.names = merged(self.host.registrations("carcassonne_jcz_names", JczNames))
        setup = map_setup(save.sets, save.elements, save.rules, self.names)
        for where, text in setup.unsupported:
            self.add(where, text)
        for where, text in setup.warnings:
            self.add(where, text, Severity.WARNING, "jcz-difference")
        for where, text in setup.notes:
            self.add(where, text, Severity.INFO, "jcz-ignored")
        self.farmers = setup.farmers
        self.copies = setup.copies
        if not setup.editions:
            return Conversion(None, self.findings)
        try:
            rules = self.host.ruleset([(e, {}) for e in setup.editions], setup.options)
        except RulesetError as exc:
            self.add("$.setup.sets", _("no ruleset for {editions}: {error}").format(
                editions=" + ".join(setup.editions), error=exc))
            return Conversion(None, self.findings)
        without = {t for e in setup.figures_only for t in self.host.editions[e].tilesets}
        self.tilesets = list(dict.fromkeys(
            [*(t for t in rules.tilesets() if t not in without), *setup.tilesets]))
        # the board names its tile sets when they are not the ruleset's
        own_sets = bool(without) or any(t not in rules.tilesets() for t in setup.tilesets)
        editions = [e.name for e in rules.editions]
        options = {k: dict(v) for k, v in setup.options.items()}
        ours = self.ours(rules)
        if ours is not None:
            rules, editions, options, self.tilesets, own_sets = ours
        supply = {k.name: k.supply for k in rules.figure_kinds().values()}
        self.kinds = set(supply)
        supply.update((k, n) for k, n in setup.supply.items() if k in supply)
        players = [Player(name, DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)], supply=dict(supply))
                   for i, name in enumerate(save.players)]
        if not players:
            self.add("$.players", _("the save has no players"))
        board = Board(players)
        for start in save.start:
            held = board.at(start.x, start.y)
            if held is not None:
                self.add(start.path, _("a second start tile on ({x}, {y}), which already "
                                       "holds {tile}").format(x=start.x, y=start.y,
                                                              tile=held.tile.ref))
                continue
            tile = self.tile(start.tile, f"{start.path}.tile", self.placed)
            if tile is not None:
                board.place(tile, start.x, start.y, start.rotation)
                self.cells[(start.x, start.y)] = (tile, start.rotation)
        board.commit()
        moves = self.moves(len(players))
        extras: dict[str, Any] = {}
        if save.assertions:
            extras["x-assertions"] = list(save.assertions)
        if save.draw_order is not None:
            drawn: dict[str, int] = {}
            refs = [self.tile(t, f"$.gameAnnotations.drawOrder[{i}]", drawn, warn=False)
                    for i, t in enumerate(save.draw_order)]
            extras["x-draw-order"] = [t.ref for t in refs if t is not None]
        if any(f.severity is Severity.ERROR for f in self.findings):
            return Conversion(None, self.findings)
        position = Position(
            board=board, editions=editions, options=options,
            tilesets=list(self.tilesets) if own_sets else [],
            title=os.path.splitext(os.path.basename(save.file))[0] if save.file else "",
            description=save.description, moves=moves, extras=extras)
        return Conversion(position, self.findings, save.editor if ours else None,
                          self.sources)

    def ours(self, mapped: Ruleset) -> tuple[Ruleset, list[str], dict[str, dict[str, Any]],
                                              list[str], bool] | None:
        """The ruleset and tile sets an export kept for us, when the save has that block
        and they can be built: (ruleset, its editions and options as the board wrote them,
        tile sets, whether the board names them)."""
        block = self.save.editor
        where = f"$.gameAnnotations['{jcz.EDITOR_KEY}']"
        if block is None:
            return None
        ruleset = block.get("ruleset", {})
        try:
            editions = [str(e) for e in ruleset.get("editions", [])]
            options = {str(k): dict(v) for k, v in ruleset.get("options", {}).items()}
            rules = self.host.ruleset([(e, {}) for e in editions], options)
        except (RulesetError, AttributeError, TypeError, ValueError) as exc:
            self.add(f"{where}.ruleset", _(
                "carcassonne-editor's ruleset cannot be read ({error}): {ruleset} from "
                "JCloisterZone's set-up instead").format(error=exc, ruleset=mapped.name),
                Severity.WARNING,
                     "jcz-difference")
            return None
        sets = [str(t) for t in block.get("tilesets", [])] if isinstance(
            block.get("tilesets"), list) else []
        if rules.name != mapped.name:
            self.add(f"{where}.ruleset", _(
                "{ruleset}, as carcassonne-editor exported it (JCloisterZone plays it as "
                "{jcz_ruleset})").format(ruleset=rules.name, jcz_ruleset=mapped.name),
                Severity.INFO, "jcz-ignored")
        return rules, editions, options, sets or rules.tilesets(), bool(sets)

    def tile(self, jcz_id: str, path: str, used: dict[str, int],
             warn: bool = True) -> Tile | None:
        """Our tile for a JCZ tile id, by alias in the game's tile sets: the aliased tile, or
        once ``used`` counts its copies used up, a tile of the same layout with copies left
        (module docstring); ``used`` counts the copy taken."""
        found = self.catalogue.find_alias(jcz_id, self.tilesets)
        if found is None:
            if self.tilesets:
                self.add(path, _("unknown tile id {id!r}: no tile of {tilesets} has that "
                                 "alias").format(id=jcz_id, tilesets=", ".join(self.tilesets)))
            else:
                self.add(path, _("unknown tile id {id!r}: no tile of the mapped sets has that "
                                 "alias").format(id=jcz_id))
            return None
        pick = found
        boxes = self.copies.get(found.set_id, 1)
        if used.get(found.ref, 0) >= found.count * boxes:
            twins = [t for t in self.catalogue.get_set(found.set_id).tiles
                     if t is not found and _layout(t) == _layout(found)]
            spare = [t for t in twins if used.get(t.ref, 0) < t.count * boxes]
            if spare:
                pick = spare[0]
            elif warn:
                copy = 1 + sum(used.get(t.ref, 0) for t in (found, *twins))
                box = sum(t.count for t in (found, *twins)) * boxes
                self.add(path, ngettext(
                    "{id!r} copy {copy}: {tileset} has {n} tile of that layout, so {tile} is "
                    "placed beyond its count",
                    "{id!r} copy {copy}: {tileset} has {n} tiles of that layout, so {tile} is "
                    "placed beyond its count", box).format(
                        id=jcz_id, copy=copy, tileset=found.set_id, n=box, tile=found.ref),
                         Severity.WARNING, "jcz-difference")
        used[pick.ref] = used.get(pick.ref, 0) + 1
        return pick

    def moves(self, players: int) -> list[dict[str, Any]]:
        """The replay list as our move log."""
        moves: list[dict[str, Any]] = []
        current: _Turn | None = None
        whose = 0
        for msg in self.save.replay:
            player = msg.player if msg.player is not None else whose
            if msg.type == jcz.PLACE_TILE:
                self.end(moves, current)
                current = None
                tile = self.tile(msg.tile, f"{msg.path}.payload.tileId", self.placed)
                held = self.cells.get(msg.cell)
                if tile is not None and held is not None:
                    self.add(f"{msg.path}.payload.position",
                             _("{id!r} is placed on ({x}, {y}), which already holds {tile}").format(
                                 id=msg.tile, x=msg.cell[0], y=msg.cell[1], tile=held[0].ref))
                elif tile is not None:
                    current = _Turn(player, tile, msg.cell, msg.turns, msg.path)
                    self.cells[msg.cell] = (tile, msg.turns)
            elif msg.type == jcz.DEPLOY_MEEPLE:
                self.deploy(msg, current)
            elif msg.type == jcz.RETURN_MEEPLE:
                self.take_back(msg, current)
            elif msg.type == jcz.COMMIT:
                self.end(moves, current)
                current = None
                whose = (player + 1) % max(1, players)
            elif msg.type != jcz.PASS:
                self.add(msg.path, _("message {type} is not supported").format(type=msg.type))
        if current is not None:
            self.end(moves, current)
            self.add("$.replay", _("the last turn has no COMMIT: its move is kept"),
                     Severity.INFO, "jcz-open-turn")
        return moves

    def end(self, moves: list[dict[str, Any]], turn: _Turn | None) -> None:
        """Close ``turn`` (if any): its move joins ``moves``, its message's path
        :attr:`sources`."""
        if turn is not None:
            moves.append(turn.entry)
            self.sources.append(turn.path)

    def deploy(self, msg: jcz.Message, current: _Turn | None) -> None:
        pointer = msg.pointer
        kind = figure_kind(msg.meeple, self.names)
        if kind is None or kind not in self.kinds:
            self.add(f"{msg.path}.payload.meepleId", _(
                "meeple {meeple!r} is not supported in this game (figures: {figures})").format(
                         meeple=msg.meeple, figures=", ".join(sorted(self.kinds))))
            return
        if current is None or (pointer.x, pointer.y) != current.cell:
            self.add(f"{msg.path}.payload.pointer", _(
                "a figure ({figure}) deployed at ({x}, {y}), not on the tile just placed: not "
                "supported").format(
                         figure=figure_name(kind), x=pointer.x, y=pointer.y))
            return
        if "figure" in current.entry or "return" in current.entry:
            self.add(msg.path, _("a second figure action in one turn is not supported"))
            return
        try:
            segment = segment_for(current.tile, current.turns, pointer.feature, pointer.location)
        except ValueError as exc:
            self.add(f"{msg.path}.payload.pointer", str(exc))
            return
        if kind == FOLLOWER and not self.farmers and current.tile.segment(segment).kind == FIELD:
            self.add(f"{msg.path}.payload.pointer", _("a farmer in a game without farmers"))
            return
        current.entry["figure"] = {"kind": kind, "segment": segment}

    def take_back(self, msg: jcz.Message, current: _Turn | None) -> None:
        pointer = msg.pointer
        source = str(msg.payload.get("source", ""))
        placed = self.cells.get((pointer.x, pointer.y))
        if "ABBOT" not in source and figure_kind(msg.meeple, self.names) != "abbot":
            if source:
                self.add(f"{msg.path}.payload", _("returning a meeple ({source}) is supported "
                                                  "only for taking an abbot back").format(
                                                      source=source))
            else:
                self.add(f"{msg.path}.payload", _("returning a meeple (no source) is supported "
                                                  "only for taking an abbot back"))
        elif current is None or placed is None:
            self.add(msg.path, _("an abbot taken back outside a turn or from an empty cell"))
        else:
            try:
                segment = segment_for(placed[0], placed[1], pointer.feature, pointer.location)
            except ValueError as exc:
                self.add(f"{msg.path}.payload.pointer", str(exc))
                return
            current.entry["return"] = {"x": pointer.x, "y": pointer.y, "segment": segment}


def _layout(tile: Tile) -> tuple[object, ...]:
    """What a move's figure depends on: every segment's id, kind, ports and links."""
    return tuple((s.id, s.kind, s.ports, s.pennants, tuple(sorted(s.goods.items())), s.cities,
                  s.wraps) for s in tile.segments)


def restore(position: Position, block: dict[str, Any]) -> list[Finding]:
    """Apply what an export kept for us to ``position``, the position after the log: the
    players' colours, scores, goods and supplies, the title, description and puzzle block,
    and no move log when the board had none (the export made one up for JCloisterZone)."""
    findings: list[Finding] = []
    players = block.get("players")
    board = position.board
    if isinstance(players, list) and len(players) == len(board.players):
        for player, ours in zip(board.players, players, strict=True):
            if not isinstance(ours, dict):
                continue
            player.colour = str(ours.get("colour", player.colour))
            player.score = int(ours.get("score", player.score))
            player.goods = {str(k): int(n) for k, n in dict(ours.get("goods", {})).items()}
            player.supply = {str(k): int(n) for k, n in dict(ours.get("supply", {})).items()}
    elif players is not None:
        findings.append(Finding(_("carcassonne-editor's players do not match the save's: "
                                  "the log's scores are kept"),
                                f"$.gameAnnotations['{jcz.EDITOR_KEY}'].players",
                                code="jcz-difference", severity=Severity.WARNING))
    for key in ("title", "description"):
        if isinstance(block.get(key), str):
            setattr(position, key, block[key])
    if isinstance(block.get("puzzle"), dict):
        position.puzzle = dict(block["puzzle"])
    if block.get("log") is False:
        position.moves = []
        position.extras.pop("x-draw-order", None)
    return findings
