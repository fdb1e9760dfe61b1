"""Score reports: per-player totals and a per-feature breakdown, for the CLI and the editor."""

from __future__ import annotations

from dataclasses import field

from editor.model import events as ev
from editor.model.board import Board, Cell
from editor.model.events import Event
from editor.model.findings import Finding
from editor.model.records import record

from .engine import Engine
from .ruleset import Ruleset


@record(frozen=True, slots=True)
class Line:
    """One line of a breakdown: points (or goods) to a player, with reason and rule (its
    citation and stable id)."""

    player: int
    points: int
    feature: str
    reason: str
    rule: str
    edition: str
    rule_id: str = ""
    type: str = ev.SCORE
    goods: str | None = None
    count: int = 0
    unofficial: bool = False
    cell: Cell | None = None
    segment: str | None = None

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``."""
        data: dict[str, object] = {
            "type": self.type, "player": self.player, "points": self.points,
            "feature": self.feature, "reason": self.reason, "rule": self.rule,
            "rule_id": self.rule_id, "edition": self.edition,
        }
        if self.goods:
            data["goods"] = self.goods
            data["count"] = self.count
        if self.unofficial:
            data["unofficial"] = True
        if self.cell is not None:
            data["cell"] = list(self.cell)
            data["segment"] = self.segment
        return data


@record(slots=True)
class ScoreReport:
    """Scores of one position under one ruleset.

    ``current`` are the scores on the board; ``lines`` the end-of-game scoring (what the
    game would add if it ended now); ``final`` = current + lines.
    """

    ruleset: str
    players: list[str]
    current: list[int]
    lines: list[Line]
    goods: list[dict[str, int]]
    findings: list[Finding] = field(default_factory=list)

    @property
    def final(self) -> list[int]:
        """Totals after end-of-game scoring."""
        totals = list(self.current)
        for line in self.lines:
            totals[line.player] += line.points
        return totals

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``."""
        return {
            "ruleset": self.ruleset,
            "players": [
                {"name": name, "current": cur, "final": fin, "goods": goods}
                for name, cur, fin, goods in zip(self.players, self.current, self.final,
                                                 self.goods, strict=True)],
            "lines": [line.to_json() for line in self.lines],
            "findings": [f.to_json() for f in self.findings],
        }


def lines_of(board: Board, events: list[Event]) -> list[Line]:
    """Score and goods events as breakdown lines, located on the board where possible.

    Call while the events' features are still on the board (before undoing them).
    """
    lines = []
    for e in events:
        if e.type not in (ev.SCORE, ev.GOODS) or e.player is None:
            continue
        cell = segment = None
        if e.root is not None and e.root < len(board.node_cell):
            cell = board.node_cell[e.root]
            segment = board.segment_of(e.root).id
        lines.append(Line(e.player, e.points, e.feature, e.reason, e.rule, e.edition,
                          e.rule_id, e.type, e.goods, e.count, e.unofficial, cell, segment))
    return lines


def score_report(board: Board, rules: Ruleset) -> ScoreReport:
    """Current scores and the end-of-game breakdown; the board is left as it was."""
    engine = Engine(rules)
    current = [p.score for p in board.players]
    mark = board.mark()
    try:
        events = engine.final_scoring(board)
        lines = lines_of(board, events)
        goods = [dict(p.goods) for p in board.players]
    finally:
        board.undo_to(mark)
    return ScoreReport(rules.name, [p.name for p in board.players], current, lines, goods,
                       engine.position_findings(board))
