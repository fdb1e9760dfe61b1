"""One position under several rulesets, side by side, feature by feature."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from editor.i18n import _
from editor.model import events as ev
from editor.model.board import Board, Cell
from editor.model.events import Event
from editor.terms import feature_name, goods_name

from .engine import Engine
from .host import Host
from .moves import IllegalMove, Move, Turn
from .ruleset import Ruleset

FINAL = "final"
MOVE = "move"


@dataclass(slots=True)
class Row:
    """One feature (or goods kind, or turn effect) across the rulesets."""

    label: str
    feature: str
    cell: Cell | None
    segment: str | None
    #: per ruleset: player → points
    points: list[dict[int, int]]
    #: per ruleset: the reasons and rules of its lines
    why: list[list[str]]
    #: per ruleset: the rule ids of its lines
    rule_ids: list[list[str]] = field(default_factory=list)

    @property
    def differs(self) -> bool:
        """Whether the rulesets disagree on this row."""
        return any(p != self.points[0] for p in self.points[1:])

    def to_json(self, rulesets: Sequence[str]) -> dict[str, object]:
        """Plain data for ``--format json``."""
        return {
            "label": self.label, "feature": self.feature,
            "cell": list(self.cell) if self.cell else None, "segment": self.segment,
            "differs": self.differs,
            "by_ruleset": [{"ruleset": name, "points": {str(p): n for p, n in pts.items()},
                            "why": why, "rule_ids": ids}
                           for name, pts, why, ids in zip(rulesets, self.points, self.why,
                                                          self.rule_ids, strict=True)],
        }


@dataclass(slots=True)
class Comparison:
    """Totals and rows for each ruleset; ``mode`` is ``final`` or ``move``."""

    mode: str
    rulesets: list[str]
    players: list[str]
    totals: list[list[int]]
    rows: list[Row]
    #: per ruleset: goods taken, extra turns, findings (text)
    notes: list[list[str]] = field(default_factory=list)
    #: per ruleset: why the move cannot be played at all under it (empty when it can)
    unplayable: list[list[str]] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``."""
        return {
            "mode": self.mode,
            "rulesets": self.rulesets,
            "players": self.players,
            "totals": [{"ruleset": name, "points": {str(p): n for p, n in enumerate(t)},
                        "played": not why, "unplayable": why}
                       for name, t, why in zip(self.rulesets, self.totals, self.unplayable,
                                               strict=True)],
            "rows": [row.to_json(self.rulesets) for row in self.rows],
            "notes": [{"ruleset": name, "notes": n}
                      for name, n in zip(self.rulesets, self.notes, strict=True)],
        }


def default_rulesets(host: Host, uses: Sequence[str] = ()) -> list[Ruleset]:
    """Every base edition paired with its expansion editions, under every value of each
    base edition's presets and of its named options not covered by a preset (C1 in each
    of its rules versions); variants (``named=False``) keep their defaults. The built-in
    editions, and of the installed plugins' only those in ``uses`` (the board's own)."""
    found = (host.edition(name) for name in uses)
    chosen = list(dict.fromkeys([*host.builtin_editions(), *(e for e in found if e)]))
    result = []
    for base in (e for e in chosen if not e.expansion):
        expansions = [e for e in chosen if e.expansion and e.pairs_with[:1] == (base.name,)]
        covered = {name for o in base.options if o.is_preset for name in o.covers()}
        variants: list[dict[str, object]] = [{}]
        for option in base.options:
            if option.choices and option.named and option.name not in covered:
                variants = [{**v, option.name: c} for v in variants for c in option.choices]
        for variant in variants:
            opts = {base.name: dict(variant)}
            if not expansions:
                result.append(host.ruleset([(base.name, {})], opts))
            for expansion in expansions:
                result.append(host.ruleset([(base.name, {}), (expansion.name, {})], opts))
    return result


def _key(board: Board, e: Event) -> tuple[str, str, Cell | None, str | None]:
    if e.type == ev.EXTRA_TURN:
        return (_("extra turn"), "turn", None, None)
    if e.root is not None and e.root < len(board.node_cell):
        cell = board.node_cell[e.root]
        seg = board.segment_of(e.root)
        if seg.kind != e.feature:  # farms paid city by city (rules 2000)
            label = (_("fields beside the city at ({x}, {y}) {segment}")
                     if (e.feature, seg.kind) == ("field", "city") else
                     _("{feature} beside {kind} at ({x}, {y}) {segment}"))
            return (label.format(feature=feature_name(e.feature), kind=feature_name(seg.kind),
                                 x=cell[0], y=cell[1], segment=seg.id), e.feature, cell, seg.id)
        return (_("{feature} at ({x}, {y}) {segment}").format(
            feature=feature_name(e.feature), x=cell[0], y=cell[1], segment=seg.id),
            e.feature, cell, seg.id)
    kind = str(e.detail.get("goods", e.goods or ""))
    label = f"{e.feature} {kind}".strip() if e.type == ev.SCORE else f"{e.type} {kind}"
    return (label, e.feature, None, None)


def _collect(board: Board, events: list[Event], index: int, count: int,
             rows: dict[tuple[str, str], Row], notes: list[str], players: list[str]) -> None:
    for e in events:
        if e.player is None or e.type not in (ev.SCORE, ev.EXTRA_TURN, ev.GOODS):
            continue
        label, feature, cell, segment = _key(board, e)
        row = rows.get((label, feature))
        if row is None:
            row = rows[(label, feature)] = Row(label, feature, cell, segment,
                                               [{} for _ in range(count)],
                                               [[] for _ in range(count)],
                                               [[] for _ in range(count)])
        if e.type == ev.SCORE:
            row.points[index][e.player] = row.points[index].get(e.player, 0) + e.points
        reason = (_("{reason} (unofficial)").format(reason=e.reason) if e.unofficial
                  else e.reason)
        who = players[e.player]
        if e.type == ev.GOODS:
            notes.append(_("{player} takes goods ({goods}: {n}): {reason}").format(
                player=who, goods=goods_name(str(e.goods)), n=e.count, reason=e.reason))
        elif e.type == ev.EXTRA_TURN:
            notes.append(_("{player} plays again (part {part}): {reason}").format(
                player=who, part=e.part, reason=e.reason))
            row.points[index][e.player] = row.points[index].get(e.player, 0)
        row.why[index].append(f"{who} {e.points:+d}: {reason} [{e.edition}: {e.rule}]"
                              if e.type == ev.SCORE else f"{who}: {e.reason} [{e.rule}]")
        if e.rule_id and e.rule_id not in row.rule_ids[index]:
            row.rule_ids[index].append(e.rule_id)


def compare(board: Board, rulesets: Sequence[Ruleset], move: Move | None = None,
            turn: Turn | None = None) -> Comparison:
    """Score ``board`` at the end of the game (or the effect of ``move``) under each
    ruleset. The board is left exactly as it was."""
    players = [p.name for p in board.players]
    rows: dict[tuple[str, str], Row] = {}
    totals, notes, unplayable = [], [], []
    for i, rules in enumerate(rulesets):
        engine = Engine(rules)
        mark = board.mark()
        before = [p.score for p in board.players]
        mine: list[str] = []
        why: list[str] = []
        try:
            if move is None:
                events = engine.final_scoring(board)
            else:
                try:
                    result = engine.apply(board, move, turn or Turn(move.player), mode="edit")
                except IllegalMove as exc:  # impossible under this ruleset: say so, go on
                    why = [f.message for f in exc.findings]
                    result = None
                events = result.events if result is not None else []
                mine += [_("finding: {message}").format(message=f.message)
                         for f in result.findings] if result else []
                mine += [_("cannot be played: {reason}").format(reason=w) for w in why]
            _collect(board, events, i, len(rulesets), rows, mine, players)
            totals.append([p.score - b for p, b in zip(board.players, before, strict=True)]
                          if move is not None else [p.score for p in board.players])
        finally:
            board.undo_to(mark)
        notes.append(mine)
        unplayable.append(why)
    return Comparison(MOVE if move is not None else FINAL, [r.name for r in rulesets],
                      players, totals, list(rows.values()), notes, unplayable)
