"""The base game's rule hooks, one instance per edition."""

from __future__ import annotations

from typing import Any

from editor.api import (
    ABBOT,
    CITY,
    CLOISTER_KINDS,
    FIELD,
    FOLLOWER,
    GARDEN,
    MONASTERY,
    RIVER,
    ROAD,
    TAKE_BACK,
    Board,
    Event,
    FeatureInfo,
    FigureAction,
    Finding,
    Offer,
    Placed,
    Ruleset,
    Slot,
    Tile,
    define,
    describe,
    feature_name,
    figure_name,
    figures_by_root,
    hookimpl,
    measure,
)
from editor.api import events as ev

from ..translations import _, ngettext
from .river import river_findings
from .scoring import (
    RULE_ABBOT_BACK,
    edge_value,
    farms,
    final_points,
    pay_majority,
    pay_players,
    valued,
    winners,
)

FOLLOWER_KINDS = frozenset({CITY, ROAD, FIELD, MONASTERY})
RULE_FOLLOWER = define(
    "base.follower.placement", "a follower goes on an unoccupied road, city, field or "
    "monastery of the tile just placed", "WCP-BG1", "WCP-Winter")
RULE_ABBOT = define(
    "base.abbot.placement", "the abbot goes on a monastery or a garden of the tile just "
    "placed; only the abbot may stand on a garden", "WCP-Abbot", "Papageek-Abbot")
RULE_NO_RIVER_FIGURE = define(
    "base.river.no-figure", "no figure stands on the river itself", "WCP-River", "BB-River")
RULE_SCORED = define(
    "base.completed-feature", "a road, city, monastery or garden is scored when it is "
    "completed and its figures go back to supply: no figure stands on a completed feature",
    "WCP-BG1", "WCP-Winter")


class BaseRules:
    """Rule hooks of one base-game edition (``C1``, ``C2`` or ``C3``)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.name = f"base:{label}"

    def farms(self, rules: Ruleset) -> str:
        """The farm rule in force: C1's ``farms`` option, ``2002`` for C2 and C3."""
        return str(rules.option(self.name, "farms")) if self.label == "C1" else "2002"

    def small_city(self, rules: Ruleset) -> bool:
        """Whether the small-city rule is on (option ``small_city``)."""
        return bool(rules.option(self.name, "small_city"))

    # -- placement ---------------------------------------------------------------------

    @hookimpl
    def carcassonne_restricts_placement(self, tile: Tile) -> bool:
        return tile.has(RIVER)

    @hookimpl
    def carcassonne_placement_findings(self, rules: Ruleset, board: Board, tile: Tile, x: int,
                                       y: int, rotation: int) -> list[Finding]:
        if not tile.has(RIVER):
            return []
        return river_findings(board, tile, x, y, rotation, rules.option(self.name, "river"))

    # -- figures -----------------------------------------------------------------------

    @hookimpl
    def carcassonne_slot_options(self, rules: Ruleset, slot: Slot) -> list[Offer]:
        if slot.occupied:
            return []
        offers: list[Offer] = []
        if slot.kind in CLOISTER_KINDS and ABBOT in rules.figure_kinds():
            offers.append((ABBOT, ()))
        if slot.kind in FOLLOWER_KINDS:
            offers.append((FOLLOWER, ()))
        return offers

    @hookimpl
    def carcassonne_special_actions(self, rules: Ruleset, board: Board,
                                    player: int) -> list[FigureAction]:
        if ABBOT not in rules.figure_kinds():
            return []
        return [FigureAction(ABBOT, board.segment_of(f.node).id, TAKE_BACK,
                             board.cell_of(f.node))
                for f in board.figures if f.kind == ABBOT and f.owner == player]

    @hookimpl
    def carcassonne_figure_findings(self, board: Board, placed: Placed, player: int,
                                    action: FigureAction) -> list[Finding]:
        if action.kind not in (FOLLOWER, ABBOT):
            return []
        cell = (placed.x, placed.y)
        if action.action == TAKE_BACK:
            target = board.cells[action.cell] if action.cell else placed
            node = target.node(action.segment)
            if not any(f.node == node and f.owner == player and f.kind == action.kind
                       for f in board.figures):
                message = (_("{player} has no abbot on {segment} at {cell} to take back")
                           if action.kind == ABBOT else
                           _("{player} has no figure ({figure}) on {segment} at {cell} to "
                             "take back"))
                return [Finding(message.format(player=board.players[player].name,
                                               figure=figure_name(action.kind),
                                               segment=action.segment, cell=action.cell),
                                code="nothing-to-take-back", cell=action.cell,
                                segment=action.segment)]
            return []
        seg = placed.tile.segment(action.segment)
        where: dict[str, Any] = {"cell": cell, "segment": seg.id}
        if seg.kind == RIVER:
            return [Finding(_("no figure may stand on a river — {rule}").format(
                rule=RULE_NO_RIVER_FIGURE),
                            code="figure-on-river", **where)]
        if action.kind == ABBOT and seg.kind not in CLOISTER_KINDS:
            return [Finding(_("the abbot may stand only on a monastery or a garden, not on "
                              "this segment ({feature}) — {rule}").format(
                feature=feature_name(seg.kind), rule=RULE_ABBOT), code="abbot-placement",
                **where)]
        if action.kind == FOLLOWER and seg.kind == GARDEN:
            return [Finding(_("only the abbot may stand on a garden — {rule}").format(
                rule=RULE_ABBOT),
                            code="garden-needs-abbot", **where)]
        if action.kind == FOLLOWER and seg.kind not in FOLLOWER_KINDS:
            return [Finding(_("a follower cannot stand on this segment ({feature})").format(
                feature=feature_name(seg.kind)), code="follower-kind", **where)]
        holders = [f for f in board.figures if f.node != placed.node(seg.id)
                   and board.find(f.node) == board.find(placed.node(seg.id))]
        if holders:
            names = ", ".join(sorted({board.players[f.owner].name for f in holders}))
            return [Finding(occupied(seg.kind).format(feature=feature_name(seg.kind),
                                                      names=names, rule=RULE_FOLLOWER),
                            code="feature-occupied", **where)]
        return []

    @hookimpl
    def carcassonne_figure_action(self, board: Board, placed: Placed, player: int,
                                  action: FigureAction) -> list[Event]:
        if action.kind != ABBOT or action.action != TAKE_BACK or action.cell is None:
            return []
        x, y = action.cell
        around = board.neighbour_count(x, y)
        target = board.cells[action.cell].tile.segment(action.segment)
        reason = (ngettext("abbot taken back from a garden with {n} neighbour: 1 + {n}",
                           "abbot taken back from a garden with {n} neighbours: 1 + {n}",
                           around) if target.kind == GARDEN else
                  ngettext("abbot taken back from a monastery with {n} neighbour: 1 + {n}",
                           "abbot taken back from a monastery with {n} neighbours: 1 + {n}",
                           around))
        return [ev.score(player, 1 + around, target.kind, reason.format(n=around),
                         RULE_ABBOT_BACK, tiles=1)]

    # -- scoring -----------------------------------------------------------------------

    @hookimpl
    def carcassonne_feature_completed(self, rules: Ruleset, board: Board,
                                      feature: FeatureInfo) -> list[Event]:
        if feature.kind not in (CITY, ROAD, *CLOISTER_KINDS) or not feature.figures:
            return []
        points, reason, rule = valued(rules, board, feature, False, self.small_city(rules))
        events = pay_majority(feature, rules.strengths(), points, reason, rule)
        done = _("completed: {feature}").format(feature=feature_name(feature.kind))
        events += [ev.returned(f, done) for f in feature.figures]
        return events

    @hookimpl
    def carcassonne_final_scoring(self, rules: Ruleset, board: Board, explain: bool,
                                  roots: frozenset[int] | None) -> list[Event]:
        small = self.small_city(rules)
        if not explain:
            return final_points(rules, board, self.farms(rules), small, roots)
        strengths = rules.strengths()
        events = []
        figures = figures_by_root(board)
        chosen = figures if roots is None else {r: figures[r] for r in roots if r in figures}
        plain = not rules.hooks.values_changed  # roads and cities valued undescribed
        for root in sorted(chosen):  # each description is dropped once scored
            kind = board.node_kind(root)
            if kind not in (CITY, ROAD, *CLOISTER_KINDS) or board.is_complete(root):
                continue
            if plain and kind in (CITY, ROAD):
                tiles, pennants = measure(board, root)
                worth, why, cited = edge_value(kind, tiles, pennants, False, True, small)
                events += pay_players(sorted(winners(figures[root], strengths)), kind, root,
                                      tiles, worth, why, cited)
                continue
            info = describe(board, root, figures)
            points, reason, rule = valued(rules, board, info, True, small)
            events += pay_majority(info, strengths, points, reason, rule)
        return events + farms(rules, board, self.farms(rules), figures, roots)

    @hookimpl
    def carcassonne_board_findings(self, board: Board) -> list[Finding]:
        findings = []
        for fig in board.figures:
            seg = board.segment_of(fig.node)
            cell = board.cell_of(fig.node)
            where: dict[str, Any] = {"cell": cell, "segment": seg.id, "figure": fig.kind}
            if seg.kind == RIVER:
                findings.append(Finding(_("a figure ({figure}) stands on a river — "
                                          "{rule}").format(figure=figure_name(fig.kind),
                                                           rule=RULE_NO_RIVER_FIGURE),
                                        code="figure-on-river", **where))
            elif fig.kind == FOLLOWER and seg.kind not in FOLLOWER_KINDS:
                findings.append(Finding(_("a follower stands on this segment ({feature}) "
                                          "— {rule}").format(feature=feature_name(seg.kind),
                                                             rule=RULE_FOLLOWER),
                                        code="follower-kind", **where))
            elif fig.kind == ABBOT and seg.kind not in CLOISTER_KINDS:
                findings.append(Finding(_("the abbot stands on this segment ({feature}) — "
                                          "{rule}").format(feature=feature_name(seg.kind),
                                                           rule=RULE_ABBOT),
                                        code="abbot-placement", **where))
            elif seg.kind != FIELD and board.is_complete(fig.node):
                owner = board.players[fig.owner].name if fig.owner < len(board.players) \
                    else _("player {n}").format(n=fig.owner)
                findings.append(Finding(on_completed(seg.kind).format(
                    owner=owner, feature=feature_name(seg.kind), rule=RULE_SCORED),
                    code="figure-on-completed", **where))
        return findings


def occupied(kind: str) -> str:
    """The message for a figure placed on a feature that already holds one."""
    messages = {
        CITY: _("the city is already occupied (by {names}) — {rule}"),
        ROAD: _("the road is already occupied (by {names}) — {rule}"),
        FIELD: _("the field is already occupied (by {names}) — {rule}"),
        MONASTERY: _("the monastery is already occupied (by {names}) — {rule}"),
    }
    return messages.get(kind) or _("this segment ({feature}) is already occupied (by "
                                   "{names}) — {rule}")


def on_completed(kind: str) -> str:
    """The message for a figure left on a completed feature."""
    messages = {
        CITY: _("{owner}'s figure stands on a completed city, which would have been scored "
                "and the figure returned — {rule}"),
        ROAD: _("{owner}'s figure stands on a completed road, which would have been scored "
                "and the figure returned — {rule}"),
        MONASTERY: _("{owner}'s figure stands on a completed monastery, which would have "
                     "been scored and the figure returned — {rule}"),
        GARDEN: _("{owner}'s figure stands on a completed garden, which would have been "
                  "scored and the figure returned — {rule}"),
    }
    return messages.get(kind) or _("{owner}'s figure stands on a completed feature "
                                   "({feature}), which would have been scored and the "
                                   "figure returned — {rule}")
