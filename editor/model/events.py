"""What happens on the board, as data: every point scored says why and by which rule."""

from __future__ import annotations

from dataclasses import field
from typing import NamedTuple

from .players import Figure
from .records import record
from .rulebook import RuleRef, cite

SCORE = "score"
GOODS = "goods"
RETURN = "return"
COMPLETED = "completed"
EXTRA_TURN = "extra-turn"
SUPPLY = "supply"


@record(frozen=True, slots=True)
class Event:
    """One consequence of a move or of final scoring.

    ``type`` is one of ``score`` (``points`` to ``player``), ``goods`` (``count`` tokens of
    ``goods`` to ``player``), ``return`` (``figure`` back to its owner's supply),
    ``completed`` (a feature closed), ``extra-turn`` (``player`` plays again; ``part`` says
    which part of the turn comes next) and ``supply`` (``count`` figures of ``figure_kind``
    into ``player``'s supply, or out of it when negative, without a figure on the board).
    ``rule`` cites the rule and its sources, ``rule_id`` is the rule's stable id (its section
    in the rules reference, :mod:`editor.model.rulebook`); ``edition`` names the edition
    that produced the event.
    """

    type: str
    player: int | None = None
    points: int = 0
    goods: str | None = None
    count: int = 0
    figure: Figure | None = None
    figure_kind: str = ""
    feature: str = ""
    root: int | None = None
    tiles: int = 0
    reason: str = ""
    rule: str = ""
    rule_id: str = ""
    edition: str = ""
    part: int = 0
    unofficial: bool = False
    detail: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``: ``type``, ``player`` (index or null),
        ``points``, ``feature``, ``reason``, ``rule``, ``rule_id``, ``edition``, and what the
        type adds
        (``goods`` and ``count``, ``figure``, ``tiles``, ``part``, ``unofficial``)."""
        data: dict[str, object] = {
            "type": self.type, "player": self.player, "points": self.points,
            "feature": self.feature, "reason": self.reason, "rule": self.rule,
            "rule_id": self.rule_id, "edition": self.edition,
        }
        if self.type == GOODS:
            data.update(goods=self.goods, count=self.count)
        elif self.type == RETURN and self.figure is not None:
            data["figure"] = self.figure.kind
        elif self.type == SUPPLY:
            data.update(figure=self.figure_kind, count=self.count)
        elif self.type == COMPLETED:
            data["tiles"] = self.tiles
        elif self.type == EXTRA_TURN:
            data["part"] = self.part
        if self.unofficial:
            data["unofficial"] = True
        return data


class FeatureValue(NamedTuple):
    """What a feature is worth to the players who win it: ``points``, the ``reason`` a score
    line shows (``completed road of 5 tiles with an inn: 2×5``) and the ``rule`` behind it."""

    points: int
    reason: str
    rule: RuleRef | str


def score(player: int, points: int, feature: str, reason: str, rule: RuleRef | str, *,
          root: int | None = None, tiles: int = 0, unofficial: bool = False,
          **detail: object) -> Event:
    """Points to one player (``unofficial`` also when the rule is our own reading)."""
    text, rule_id = cite(rule)
    unofficial = unofficial or (isinstance(rule, RuleRef) and rule.unofficial)
    return Event(SCORE, player=player, points=points, feature=feature, root=root, tiles=tiles,
                 reason=reason, rule=text, rule_id=rule_id, unofficial=unofficial,
                 detail=detail)


def goods(player: int, kind: str, count: int, reason: str, rule: RuleRef | str, *,
          root: int | None = None) -> Event:
    """Goods tokens taken by one player."""
    text, rule_id = cite(rule)
    return Event(GOODS, player=player, goods=kind, count=count, feature="city", root=root,
                 reason=reason, rule=text, rule_id=rule_id)


def returned(figure: Figure, reason: str, rule: RuleRef | str = "") -> Event:
    """A figure back to its owner's supply."""
    text, rule_id = cite(rule)
    return Event(RETURN, player=figure.owner, figure=figure, reason=reason, rule=text,
                 rule_id=rule_id)


def completed(kind: str, root: int, tiles: int, reason: str = "") -> Event:
    """A feature closed by the move."""
    return Event(COMPLETED, feature=kind, root=root, tiles=tiles, reason=reason)


def extra_turn(player: int, part: int, reason: str, rule: RuleRef | str) -> Event:
    """``player`` plays again; ``part`` is the part of the turn that follows (2 for a
    double turn's second tile)."""
    text, rule_id = cite(rule)
    return Event(EXTRA_TURN, player=player, part=part, reason=reason, rule=text,
                 rule_id=rule_id)
