"""The rule hooks of one Inns & Cathedrals edition.

Three things change the game (``rules.md`` beside this file has each rule with its
sources):

- **inns**: a road segment tagged ``inn`` in the tile set; a completed road with one or more
  inns scores 2 per tile, an incomplete one nothing at the end;
- **cathedrals**: a city segment tagged ``cathedral``; a completed city with one or both
  cathedrals scores 3 per tile and per pennant, an incomplete one nothing at the end;
- **the large follower**: a figure kind of strength 2 (the host counts strengths in every
  majority, fields included, so no hook is needed for that); it stands wherever a
  follower may, so its offers and its findings are ours.

The values change through ``carcassonne_feature_value``: the base game computes a road's
or a city's value and asks every edition after it whether the value changes.
"""

from __future__ import annotations

from typing import Any

from .host import (
    CITY,
    FIELD,
    GARDEN,
    MONASTERY,
    RIVER,
    ROAD,
    Board,
    FeatureInfo,
    FeatureValue,
    FigureAction,
    Finding,
    Offer,
    Placed,
    Slot,
    define,
    feature_name,
    hookimpl,
)
from .translations import _, ngettext

DOC = "carcassonne_inns/rules.md"
LARGE_FOLLOWER = "large-follower"
INN = "inn"
CATHEDRAL = "cathedral"
#: Where a large follower may stand: where a follower may.
STANDS_ON = frozenset({CITY, ROAD, FIELD, MONASTERY})

RULE_INN = define(
    "inns-cathedrals.inn", "road with an inn: 2 per tile when completed, nothing when "
    "incomplete at the end; several inns count as one", "WCP-IC2", "PG-IC", "JCZ-Cap",
    doc=DOC)
RULE_CATHEDRAL = define(
    "inns-cathedrals.cathedral", "city with a cathedral: 3 per tile and per pennant when "
    "completed, nothing when incomplete at the end; two cathedrals count as one",
    "WCP-IC2", "PG-IC", "JCZ-Cap", doc=DOC)
RULE_LARGE = define(
    "inns-cathedrals.large-follower", "the large follower stands where a follower may and "
    "counts as two followers in every majority (fields included); its owner scores once",
    "WCP-IC1", "WCP-IC2", "FW-IC", "CS-IC", doc=DOC)


def tagged(board: Board, feature: FeatureInfo, tag: str) -> bool:
    """Whether any segment of the feature carries ``tag`` in its tile set."""
    return any(tag in board.segment_of(n).tags for n in feature.nodes)


def tiles(n: int) -> str:
    """``1 tile``, ``5 tiles``."""
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


def pennants(p: int) -> str:
    """``1 pennant``, ``0 pennants``."""
    return ngettext("{n} pennant", "{n} pennants", p).format(n=p)


class InnsCathedralsRules:
    """Rule hooks of ``inns-cathedrals:C1``, ``:C2`` or ``:C3`` (the rules are the same in
    all three; the editions differ in their tiles: C2 and C3 have gardens)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.name = f"inns-cathedrals:{label}"

    # -- values ------------------------------------------------------------------------

    @hookimpl
    def carcassonne_feature_value(self, board: Board, feature: FeatureInfo,
                                  value: FeatureValue) -> FeatureValue | None:
        n = feature.size
        if feature.kind == ROAD and tagged(board, feature, INN):
            if not feature.complete:
                return FeatureValue(0, _("incomplete road of {tiles} with an inn: 0").format(
                    tiles=tiles(n)), RULE_INN)
            return FeatureValue(2 * n, _("completed road of {tiles} with an inn: 2×{n}").format(
                tiles=tiles(n), n=n), RULE_INN)
        if feature.kind == CITY and tagged(board, feature, CATHEDRAL):
            p = feature.pennants
            if not feature.complete:
                return FeatureValue(0, _(
                    "incomplete city of {tiles}, {pennants} with a cathedral: 0").format(
                    tiles=tiles(n), pennants=pennants(p)), RULE_CATHEDRAL)
            return FeatureValue(3 * (n + p), _(
                "completed city of {tiles}, {pennants} with a cathedral: 3×{n} + 3×{p}").format(
                tiles=tiles(n), pennants=pennants(p), n=n, p=p), RULE_CATHEDRAL)
        return None

    # -- the large follower --------------------------------------------------------------

    @hookimpl
    def carcassonne_slot_options(self, slot: Slot) -> list[Offer]:
        if slot.occupied or slot.kind not in STANDS_ON:
            return []
        return [(LARGE_FOLLOWER, ())]

    @hookimpl
    def carcassonne_figure_findings(self, board: Board, placed: Placed,
                                    action: FigureAction) -> list[Finding]:
        if action.kind != LARGE_FOLLOWER or action.cell is not None:
            return []
        kind = placed.tile.segment(action.segment).kind
        where: dict[str, Any] = {"cell": (placed.x, placed.y), "segment": action.segment}
        wrong = misplaced(kind)
        if wrong is not None:
            return [Finding(_("the large follower may not stand here ({feature}): {why} — "
                              "{rule}").format(feature=feature_name(kind), why=wrong,
                                               rule=RULE_LARGE),
                            code="large-follower-placement", **where)]
        node = placed.node(action.segment)
        root = board.find(node)
        holders = sorted({board.players[f.owner].name for f in board.figures
                          if f.node != node and board.find(f.node) == root})
        if holders:
            return [Finding(_("this feature ({feature}) is already occupied (by {players}) "
                              "— {rule}").format(feature=feature_name(kind),
                                                 players=", ".join(holders), rule=RULE_LARGE),
                            code="feature-occupied", **where)]
        return []

    @hookimpl
    def carcassonne_board_findings(self, board: Board) -> list[Finding]:
        findings = []
        for fig in board.figures:
            kind = board.segment_of(fig.node).kind
            wrong = misplaced(kind) if fig.kind == LARGE_FOLLOWER and kind != RIVER else None
            if wrong is not None:
                findings.append(Finding(
                    _("a large follower stands where it may not ({feature}): {why} — "
                      "{rule}").format(feature=feature_name(kind), why=wrong, rule=RULE_LARGE),
                    code="large-follower-placement", cell=board.cell_of(fig.node),
                    segment=board.segment_of(fig.node).id))
        return findings


def misplaced(kind: str) -> str | None:
    """Why a large follower may not stand on a segment of ``kind`` (None if it may)."""
    if kind == RIVER:
        return _("no figure stands on the river")
    if kind == GARDEN:
        return _("only the abbot stands on a garden")
    if kind not in STANDS_ON:
        return _("it stands on roads, cities, fields and monasteries")
    return None
