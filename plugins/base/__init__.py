"""The base game (with the River and the Abbot where the box has them): editions C1, C2, C3.

C1 follows one of three rules versions (option ``rules``), RULES.md §1.2:

- ``2000``: the rules as first printed (default). Farms are scored city by city: for each
  completed city, the player(s) with the most farmers over all fields touching it score 4.
  A completed city of exactly two tiles scores 1 per tile + 1 per pennant.
- ``2001``: farms field by field, 3 per completed city, but a city counts only once *per
  player* (the reading of [GB]; RULES.md §7.5 leaves open whether it was once overall).
  The two-tile city exception still applies.
- ``2002``: farms field by field, 3 per completed city, no limit; no two-tile exception.
  The canonical rule ever since; C2 and C3 use it, with the Abbot and gardens.
"""

from __future__ import annotations

from editor.hookspecs import hookimpl
from editor.rules.editions import Edition, FigureKind, OptionSpec

from .rules import BaseRules

__version__ = "0.1.0"

FOLLOWERS = FigureKind("follower", 1, 7, "thief, knight, monk or farmer")
ABBOT = FigureKind("abbot", 1, 1, "on a monastery or a garden only; may be taken back early")
RULES_VERSION = OptionSpec(
    "rules", "2000", ("2000", "2001", "2002"),
    "C1 rules version: 2000 first printing (farms city by city, 4 per city; 2-tile city "
    "scores 2), 2001 (farms per field, a city once per player), 2002 (the final C1 rules)")


@hookimpl
def carcassonne_editions() -> list[Edition]:
    """The base game in editions C1, C2 and C3."""
    return [
        Edition("base:C1", "Carcassonne, 1st edition (2000)", BaseRules("C1"),
                tilesets=("base-c1",), options=(RULES_VERSION,), figures=(FOLLOWERS,),
                citation="RULES.md §1, §5 [WCP-Hist, WCP-BG1]"),
        Edition("base:C2", "Carcassonne, 2nd edition (2014) with the River and the Abbot",
                BaseRules("C2"), tilesets=("base-c2", "river-c2"), figures=(FOLLOWERS, ABBOT),
                citation="RULES.md §1, §5 [WCP-Winter, WCP-Abbot]"),
        Edition("base:C3", "Carcassonne, 3rd edition (2021) with the River and the Abbot",
                BaseRules("C3"), tilesets=("base-c3", "river-c3"), figures=(FOLLOWERS, ABBOT),
                citation="RULES.md §1, §5 [Retail-C3, WCP-Hist]"),
    ]
