"""What happens on the board, as data: every point scored says why and by which rule."""

from __future__ import annotations

from dataclasses import dataclass, field

from .players import Figure

SCORE = "score"
GOODS = "goods"
RETURN = "return"
COMPLETED = "completed"
EXTRA_TURN = "extra-turn"
SUPPLY = "supply"


@dataclass(frozen=True, slots=True)
class Event:
    """One consequence of a move or of final scoring.

    ``type`` is one of ``score`` (``points`` to ``player``), ``goods`` (``count`` tokens of
    ``goods`` to ``player``), ``return`` (``figure`` back to its owner's supply),
    ``completed`` (a feature closed), ``extra-turn`` (``player`` plays again; ``part`` says
    which part of the turn comes next) and ``supply`` (``count`` figures of ``figure_kind``
    into ``player``'s supply, or out of it when negative, without a figure on the board).
    ``rule`` cites the rule and its source; ``edition`` names the edition that produced it.
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
    edition: str = ""
    part: int = 0
    unofficial: bool = False
    detail: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--format json``: ``type``, ``player`` (index or null),
        ``points``, ``feature``, ``reason``, ``rule``, ``edition``, and what the type adds
        (``goods`` and ``count``, ``figure``, ``tiles``, ``part``, ``unofficial``)."""
        data: dict[str, object] = {
            "type": self.type, "player": self.player, "points": self.points,
            "feature": self.feature, "reason": self.reason, "rule": self.rule,
            "edition": self.edition,
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


def score(player: int, points: int, feature: str, reason: str, rule: str, *,
          root: int | None = None, tiles: int = 0, unofficial: bool = False,
          **detail: object) -> Event:
    """Points to one player."""
    return Event(SCORE, player=player, points=points, feature=feature, root=root, tiles=tiles,
                 reason=reason, rule=rule, unofficial=unofficial, detail=detail)


def goods(player: int, kind: str, count: int, reason: str, rule: str, *,
          root: int | None = None) -> Event:
    """Goods tokens taken by one player."""
    return Event(GOODS, player=player, goods=kind, count=count, feature="city", root=root,
                 reason=reason, rule=rule)


def returned(figure: Figure, reason: str, rule: str = "") -> Event:
    """A figure back to its owner's supply."""
    return Event(RETURN, player=figure.owner, figure=figure, reason=reason, rule=rule)


def completed(kind: str, root: int, tiles: int, reason: str = "") -> Event:
    """A feature closed by the move."""
    return Event(COMPLETED, feature=kind, root=root, tiles=tiles, reason=reason)


def extra_turn(player: int, part: int, reason: str, rule: str) -> Event:
    """``player`` plays again; ``part`` is the part of the turn that follows (2 for a
    double turn's second tile)."""
    return Event(EXTRA_TURN, player=player, part=part, reason=reason, rule=rule)
