"""The Traders & Builders rule hooks, one instance per edition."""

from __future__ import annotations

from editor.api import (
    BUILDER,
    CITY,
    Board,
    Event,
    FeatureInfo,
    FigureAction,
    Finding,
    Offer,
    Placed,
    Ruleset,
    Slot,
    Turn,
    define,
    feature_name,
    hookimpl,
)
from editor.api import events as ev

from ..translations import _
from . import builder, pig
from .figures import SPECIAL, Companions, stranded
from .goods import TOKENS, TOKENS_C31, goods_findings, goods_taken, majorities
from .placement import WHERE, figure_findings, slot_options

RULE_STAYS = define(
    "traders-builders.stays", "a builder (pig) stays while its owner has a meeple (farmer) on "
    "its feature; in C3.1 while the meeple it is assigned to stays; otherwise it goes back "
    "to supply", "WCP-TB1", "S000", "S002", "S003")


class TradersBuildersRules:
    """Rule hooks of one Traders & Builders edition (``C1``, ``C2``, ``C3`` or ``C3.1``)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.name = f"traders-builders:{label}"
        #: C3.1 assigns the builder and the pig to a new meeple instead of placing them.
        self.assigned = label == "C3.1"
        self.goods = TOKENS_C31 if self.assigned else TOKENS
        self.companions = Companions()

    # -- figures -----------------------------------------------------------------------

    @hookimpl
    def carcassonne_slot_options(self, slot: Slot) -> list[Offer]:
        return slot_options(slot, self.assigned)

    @hookimpl
    def carcassonne_figure_findings(self, rules: Ruleset, board: Board, placed: Placed,
                                    player: int, action: FigureAction) -> list[Finding]:
        return figure_findings(rules, board, placed, player, action, self.assigned)

    # -- moves -------------------------------------------------------------------------

    @hookimpl
    def carcassonne_tile_placed(self, rules: Ruleset, board: Board, placed: Placed,
                                turn: Turn) -> list[Event]:
        return builder.note_extension(rules, board, placed, turn, self.assigned, self.companions)

    @hookimpl
    def carcassonne_feature_completed(self, rules: Ruleset, board: Board, feature: FeatureInfo,
                                      turn: Turn) -> list[Event]:
        if feature.kind != CITY:
            return []
        events = goods_taken(feature, turn.player, self.goods)
        if self.assigned and feature.pennants:
            default = rules.option(self.name, pig.FARMER_AFTER_PIG)
            events += pig.pig_scoring(rules, board, turn, default)
        return events

    @hookimpl
    def carcassonne_after_move(self, rules: Ruleset, board: Board, turn: Turn) -> list[Event]:
        alone = stranded(rules, board, self.assigned, self.companions)
        extra = builder.extra_turn(turn, self.assigned)
        if not alone:
            return extra
        return [ev.returned(f, _("no meeple of its owner left with the builder")
                            if f.kind == BUILDER else
                            _("no meeple of its owner left with the pig"), RULE_STAYS)
                for f in alone] + extra

    # -- scoring -----------------------------------------------------------------------

    @hookimpl
    def carcassonne_final_scoring(self, board: Board) -> list[Event]:
        return majorities(board, self.goods)

    @hookimpl
    def carcassonne_field_city_bonus(self, fields: list[FeatureInfo], cities: list[FeatureInfo],
                                     player: int, farms: str) -> list[Event]:
        if self.assigned:
            return []
        return pig.field_bonus(fields, cities, player, farms)

    # -- position ----------------------------------------------------------------------

    @hookimpl
    def carcassonne_board_findings(self, rules: Ruleset, board: Board) -> list[Finding]:
        findings = []
        alone = stranded(rules, board, self.assigned, self.companions)
        for fig in board.figures:
            if fig.kind not in SPECIAL:
                continue
            seg = board.segment_of(fig.node)
            cell = board.cell_of(fig.node)
            owner = board.players[fig.owner].name
            if seg.kind not in WHERE[fig.kind]:
                message = (_("{owner}'s builder stands on this segment ({feature}), not on a "
                             "road or a city") if fig.kind == BUILDER else
                           _("{owner}'s pig stands on this segment ({feature}), not on a "
                             "field"))
                findings.append(Finding(message.format(owner=owner,
                                                       feature=feature_name(seg.kind)),
                                        code=f"{fig.kind}-placement",
                                        cell=cell, segment=seg.id, figure=fig.kind))
            elif fig in alone:
                findings.append(Finding(alone_message(fig.kind, seg.kind, self.assigned).format(
                    owner=owner, rule=RULE_STAYS), code=f"{fig.kind}-alone", cell=cell,
                    segment=seg.id, figure=fig.kind))
        return findings + goods_findings(board, self.goods, self.name)


def alone_message(figure: str, feature: str, assigned: bool) -> str:
    """The message for a builder or pig standing without the meeple it depends on."""
    if figure == BUILDER:
        if assigned:
            return _("{owner}'s builder has no thief or knight of {owner} beside it — {rule}")
        if feature == CITY:
            return _("{owner}'s builder has no knight of {owner} on this city — {rule}")
        return _("{owner}'s builder has no thief of {owner} on this road — {rule}")
    if assigned:
        return _("{owner}'s pig has no farmer of {owner} beside it — {rule}")
    return _("{owner}'s pig has no farmer of {owner} on this field — {rule}")
