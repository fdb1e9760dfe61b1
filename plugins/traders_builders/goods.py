"""Trade goods: tokens for completing a city, 10 points per majority at the end.

Nobody scores a kind that nobody holds (a 0–0 "tie" pays nothing): the rulebooks do not
say; this is JCloisterZone's choice [JCZ-TG] (docs/rules.md, *Choices we made*).
"""

from __future__ import annotations

from editor.api import Board, Event, FeatureInfo, Finding, define, goods_name
from editor.api import events as ev

from ..translations import _

#: Tokens in the box per kind, in the rulebook's order (docs/rules.md#traders-builders.goods.box).
TOKENS = {"wine": 9, "wheat": 6, "cloth": 5}
TOKENS_C31 = {"chicken": 9, "wheat": 6, "cloth": 5}

RULE_TAKE = define(
    "traders-builders.goods.take", "the player who places the tile completing a city takes 1 "
    "goods token per symbol in it, whoever scores the city", "WCP-TB1", "S000", "S002", "S003")
RULE_FINAL = define(
    "traders-builders.goods.final", "end of game: the most tokens of a kind score 10, every "
    "tied player 10; nobody scores a kind nobody holds", "S000", "S002", "S003", "JCZ-TG")
RULE_BOX = define(
    "traders-builders.goods.box", "the box holds 9 wine (C3.1: chicken), 6 wheat and 5 cloth "
    "tokens", "WCP-TB1", "S002", "S003")
MAJORITY_POINTS = 10


def goods_taken(feature: FeatureInfo, player: int, kinds: dict[str, int]) -> list[Event]:
    """The tokens ``player`` takes for completing the city ``feature``."""
    order = [k for k in kinds if k in feature.goods] + sorted(set(feature.goods) - set(kinds))
    return [ev.goods(player, kind, feature.goods[kind],
                     _("completed a city showing goods ({goods}: {n})").format(
                         goods=goods_name(kind), n=feature.goods[kind]), RULE_TAKE,
                     root=feature.root)
            for kind in order if feature.goods[kind] > 0]


def majorities(board: Board, kinds: dict[str, int]) -> list[Event]:
    """10 points to every player holding the most tokens of each kind."""
    held = {k for p in board.players for k, n in p.goods.items() if n > 0}
    events = []
    for kind in [*kinds, *sorted(held - set(kinds))]:
        counts = [p.goods.get(kind, 0) for p in board.players]
        best = max(counts, default=0)
        if best <= 0:
            continue
        winners = [i for i, n in enumerate(counts) if n == best]
        reason = (_("most tokens of a kind ({goods}: {n}): {points}; tie between {players} "
                    "players") if len(winners) > 1 else
                  _("most tokens of a kind ({goods}: {n}): {points}"))
        reason = reason.format(goods=goods_name(kind), n=best, points=MAJORITY_POINTS,
                               players=len(winners))
        events += [ev.score(p, MAJORITY_POINTS, "goods", reason, RULE_FINAL,
                            goods=kind, tokens=best)
                   for p in winners]
    return events


def goods_findings(board: Board, kinds: dict[str, int], edition: str) -> list[Finding]:
    """Tokens of a kind the edition does not have, or more tokens than its box holds."""
    findings = []
    totals: dict[str, int] = {}
    for p in board.players:
        for kind, n in p.goods.items():
            totals[kind] = totals.get(kind, 0) + n
    for kind, n in sorted(totals.items()):
        if kind not in kinds and n:
            findings.append(Finding(_("players hold tokens of a kind {edition} does not have "
                                      "({goods}: {n}; its goods: {kinds}) — {rule}").format(
                goods=goods_name(kind), n=n, edition=edition,
                kinds=", ".join(goods_name(k) for k in kinds), rule=RULE_BOX),
                code="goods-kind"))
        elif n > kinds.get(kind, n):
            findings.append(Finding(_("players hold more tokens than the box has ({goods}: "
                                      "{n}, the box: {box}) — {rule}").format(
                goods=goods_name(kind), n=n, box=kinds[kind], rule=RULE_BOX),
                code="too-many-goods"))
    return findings
