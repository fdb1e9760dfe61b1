"""The pig's points (docs/rules.md, *Traders & Builders: the pig*).

C1–C3: at final farm scoring a player who scores a field holding their pig gets 1 more per
completed city paid (4 instead of 3), ties included; other players' pigs do not help and one
owner's pigs do not stack [S000, S002, JCZ-Field]. Under ``farms=2001`` the bonus counts the
cities paid to that player for that field. Under ``farms=2000`` (4 per city, city by city)
no source defines the pig: our unofficial reading adds 1 (5 per city) when the city's winner
has a pig in one of the fields touching it; the event has ``unofficial=True``.

C3.1 [S003 ex. 7]: after a city showing at least one coat of arms (pennant) is completed and
scored, every pig on the board scores 3 per completed city touching its field, whoever
controls it, active player first then clockwise, and goes back to supply. Pigs score nothing
at the end. Each owner may also take the pig's farmer back: the move records that owner's
choice (``("farmer_after_pig", owner, "returns")``, :data:`editor.rules.moves.Choice`);
without one the option ``farmer_after_pig`` decides, ``stays`` (default: the farmer keeps
its field for the final scoring, as "you" and Blue choose in S003 ex. 7b) or ``returns``.
Every coat-of-arms city completed triggers a scoring, counting the cities complete on the
board at that moment: the triggering city and any other city the same tile closes. Pigs go
back after scoring, so a second trigger by the same tile finds none; in a builder's extra
turn a pig placed since is scored again. A pig placed with this move's farmer is on the
board when the city is scored, so it scores too.
"""

from __future__ import annotations

from editor.api import FIELD, PIG, Board, Event, FeatureInfo, Ruleset, Turn, define, describe
from editor.api import events as ev

from ..translations import _, ngettext
from .figures import companion

RULE = define(
    "traders-builders.pig.field", "C1–C3: the pig's owner scores 4 instead of 3 per completed "
    "city of a field they control, ties included; pigs do not stack", "S000", "S002",
    "JCZ-Field")
RULE_2000 = define(
    "traders-builders.pig.farms-2000", "unofficial: no source defines the pig under the 2000 "
    "farm rules; we add 1 per city (5) when its winner has a pig in a field touching it",
    unofficial=True)
RULE_C31 = define(
    "traders-builders.pig.c31", "C3.1: after a city with a coat of arms is completed and "
    "scored, every pig scores 3 per completed city touching its field, active player first, "
    "then clockwise, and returns to supply", "S003")
RULE_C31_FARMER = define(
    "traders-builders.pig.c31-farmer", "C3.1: when its pig is scored, each owner chooses "
    "whether the pig's farmer goes back to supply too (option farmer_after_pig, or the "
    "owner's choice recorded in the move)", "S003")
PIG_CITY_POINTS = 3
#: The C3.1 option (and per-owner choice) for the pig's farmer.
FARMER_AFTER_PIG = "farmer_after_pig"


def field_bonus(fields: list[FeatureInfo], paid: list[FeatureInfo], player: int,
                version: str) -> list[Event]:
    """The pig's +1 per city paid to ``player`` for ``fields`` (C1–C3)."""
    if not paid or not any(f.kind == PIG and f.owner == player
                           for info in fields for f in info.figures):
        return []
    n = len(paid)
    if version == "2000":
        return [ev.score(player, n, FIELD, _("pig in a field beside the city: +1, 5 instead "
                                             "of 4 (unofficial reading of the C1 pig under the "
                                             "2000 farm rules)"),
                         RULE_2000, root=paid[0].root, unofficial=True)]
    return [ev.score(player, n, FIELD, ngettext(
        "pig in the field: +1 × {n} completed city, 4 per city instead of 3",
        "pig in the field: +1 × {n} completed cities, 4 per city instead of 3", n).format(n=n),
        RULE, root=fields[0].root)]


def pig_scoring(rules: Ruleset, board: Board, turn: Turn, default: str) -> list[Event]:
    """C3.1: every pig scores and goes back to supply, with its farmer when its owner
    chose so in the move (``default``: the ``farmer_after_pig`` option)."""
    seats = max(1, len(board.players))
    pigs = sorted((f for f in board.figures if f.kind == PIG),
                  key=lambda f: (f.owner - turn.player) % seats)
    events = []
    for pig in pigs:
        field = describe(board, pig.node)
        done = sum(1 for root in field.cities if board.is_complete(root))
        if done:
            events.append(ev.score(
                pig.owner, PIG_CITY_POINTS * done, FIELD,
                ngettext("pig scoring after a city with a coat of arms was completed: its "
                         "field touches {n} completed city: {points}×{n}",
                         "pig scoring after a city with a coat of arms was completed: its "
                         "field touches {n} completed cities: {points}×{n}", done).format(
                             n=done, points=PIG_CITY_POINTS), RULE_C31,
                root=field.root, tiles=field.size))
        events.append(ev.returned(pig, _("pig scored: back to supply"), RULE_C31))
        back = turn.choice(FARMER_AFTER_PIG, pig.owner, default) == "returns"
        farmer = companion(rules, board, pig, True) if back else None
        if farmer is not None:
            events.append(ev.returned(farmer, _("its owner takes the farmer back with the "
                                                "pig"), RULE_C31_FARMER))
    return events
