"""Where builders and pigs may go (docs/rules.md, *Traders & Builders*).

C1–C3: instead of a follower, on a road or city (builder) or a field (pig) of the tile just
placed whose feature already holds a meeple of the player; other players' figures do not
matter. C3.1: never alone, but assigned beside a follower placed on an unoccupied feature
of the tile, as ``FigureAction("follower", segment, assign=("builder",))``.
"""

from __future__ import annotations

from editor.api import (
    BUILDER,
    CITY,
    FIELD,
    FOLLOWER,
    PIG,
    PLACE,
    ROAD,
    Board,
    FigureAction,
    Finding,
    Offer,
    Placed,
    Ruleset,
    Slot,
    define,
    feature_name,
    figure_name,
)

from ..translations import _
from .figures import has_meeple, is_meeple

#: Segment kinds each figure may stand on.
WHERE = {BUILDER: frozenset({ROAD, CITY}), PIG: frozenset({FIELD})}
RULES = {
    BUILDER: define(
        "traders-builders.builder.placement", "C1–C3: the builder goes, instead of a "
        "follower, on a road or city of the tile just placed where the player already has a "
        "meeple", "WCP-TB1", "S000", "S002"),
    PIG: define(
        "traders-builders.pig.placement", "C1–C3: the pig goes, instead of a follower, on a "
        "field of the tile just placed where the player already has a farmer", "WCP-TB1",
        "S000", "S002"),
}
RULE_ASSIGNED = define(
    "traders-builders.assigned", "C3.1: the builder (the pig) is never alone; it is assigned "
    "beside a traveller or knight (a farmer) as that meeple is placed", "S003")


def slot_options(slot: Slot, assigned: bool) -> list[Offer]:
    """Builder and pig offers on one segment of the tile just placed (the host checks
    supply): beside a new follower on an unoccupied feature in C3.1, alone where the
    player already has a meeple in C1–C3."""
    offers: list[Offer] = []
    for kind, where in WHERE.items():
        if slot.kind not in where:
            continue
        if assigned:
            if not slot.occupied:
                offers.append((FOLLOWER, (kind,)))
        elif slot.mine:
            offers.append((kind, ()))
    return offers


def figure_findings(rules: Ruleset, board: Board, placed: Placed, player: int,
                    action: FigureAction, assigned: bool) -> list[Finding]:
    """Why a builder or pig action breaks the rules of this edition."""
    special = [k for k in (action.kind, *action.assign) if k in WHERE]
    if action.action != PLACE or not special:
        return []
    seg = placed.tile.segment(action.segment)

    def refuse(message: str, code: str) -> list[Finding]:
        return [Finding(message, code=code, cell=(placed.x, placed.y), segment=seg.id)]

    for kind in special:
        if seg.kind not in WHERE[kind]:
            message = (_("a builder may stand only on a road or a city, not on this segment "
                         "({feature}) — {rule}") if kind == BUILDER else
                       _("a pig may stand only on a field, not on this segment ({feature}) "
                         "— {rule}"))
            return refuse(message.format(feature=feature_name(seg.kind),
                                         rule=RULE_ASSIGNED if assigned else RULES[kind]),
                          f"{kind}-placement")
    if assigned:
        if action.kind in WHERE:
            message = (_("the builder is never placed alone: assign it to the thief or "
                         "knight you place — {rule}") if action.kind == BUILDER else
                       _("the pig is never placed alone: assign it to the farmer you place "
                         "— {rule}"))
            return refuse(message.format(rule=RULE_ASSIGNED), f"{action.kind}-alone")
        if not is_meeple(rules, action.kind):
            message = (_("a builder is assigned only to a meeple, not to this figure "
                         "({figure}) — {rule}") if special[0] == BUILDER else
                       _("a pig is assigned only to a meeple, not to this figure ({figure}) "
                         "— {rule}"))
            return refuse(message.format(figure=figure_name(action.kind), rule=RULE_ASSIGNED),
                          "assign-kind")
        return []
    if action.assign:
        message = (_("in this edition the builder is placed instead of a follower, not "
                     "beside one — {rule}") if special[0] == BUILDER else
                   _("in this edition the pig is placed instead of a follower, not beside one "
                     "— {rule}"))
        return refuse(message.format(rule=RULES[special[0]]), "assign-not-allowed")
    kind = action.kind
    if not has_meeple(rules, board, board.find(placed.node(seg.id)), player):
        return refuse(no_companion(kind, seg.kind).format(
            name=board.players[player].name, rule=RULES[kind]), f"{kind}-needs-meeple")
    return []


def no_companion(figure: str, feature: str) -> str:
    """The message for a builder or pig placed where its owner has no meeple."""
    if figure == PIG:
        return _("{name} has no farmer on this field — {rule}")
    if feature == CITY:
        return _("{name} has no knight on this city — {rule}")
    return _("{name} has no thief on this road — {rule}")
