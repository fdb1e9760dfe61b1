"""The base game (with the River and the Abbot where the box has them): editions C1, C2, C3.

C1 saw three rules versions within its own printings (docs/rules.md, *The C1 rules
versions*). They are made of two rules, each an option of ``base:C1``:

- ``farms``: ``2000`` farms scored city by city, 4 per completed city to the most farmers
  over all fields touching it; ``2001`` field by field, 3 per completed city, each city once
  per player; ``2002`` field by field, 3 per completed city, no limit (the canonical rule
  ever since: C2 and C3 use it).
- ``small_city``: a completed city of exactly two tiles scores 1 per tile + 1 per pennant.

``rules`` is a preset for the historical combinations: ``2000`` (the default: farms 2000,
small city on), ``2001`` (farms 2001, small city on), ``2002`` (farms 2002, small city
off). C2 and C3 play farms 2002 and have ``small_city`` as a variant (off; JCloisterZone's
``tiny-city-scoring``). Every base edition has the ``river`` option: ``no-u-turn`` (the
published ruling) or ``jcz`` (JCloisterZone's stricter check), see :mod:`.river`.
"""

from __future__ import annotations

from editor.api import Edition, FigureKind, OptionSpec, hookimpl

from .river import RIVER_OPTION
from .rules import BaseRules

__version__ = "0.1.0"

FOLLOWERS = FigureKind("follower", 1, 7, "thief, knight, monk or farmer")
ABBOT = FigureKind("abbot", 1, 1, "on a monastery or a garden only; may be taken back early")
FARMS = OptionSpec(
    "farms", "2000", ("2000", "2001", "2002"),
    "farm scoring: 2000 city by city (4 per city to the most farmers around it), 2001 field "
    "by field with each city once per player, 2002 field by field without limit "
    "[docs/rules.md#base.farm.2000, #base.farm.2001, #base.farm.2002]")
SMALL_CITY_C1 = OptionSpec(
    "small_city", True, (),
    "a completed 2-tile city scores 1 per tile + 1 per pennant "
    "[docs/rules.md#base.city.small-city]")
SMALL_CITY = OptionSpec(
    "small_city", False, (),
    "variant, in no C2/C3 rulebook: a completed 2-tile city scores 1 per tile + 1 per "
    "pennant, as in C1 until 2002 [docs/rules.md#base.city.small-city]")
RULES_VERSION = OptionSpec(
    "rules", "2000", ("2000", "2001", "2002"),
    "C1 rules version (a preset of farms and small_city): 2000 first printing, 2001, 2002 "
    "the final C1 rules [docs/rules.md#base.c1-versions]",
    presets=(("2000", (("farms", "2000"), ("small_city", True))),
             ("2001", (("farms", "2001"), ("small_city", True))),
             ("2002", (("farms", "2002"), ("small_city", False)))))


@hookimpl
def carcassonne_editions() -> list[Edition]:
    """The base game in editions C1, C2 and C3."""
    return [
        Edition("base:C1", "Carcassonne, 1st edition (2000)", BaseRules("C1"),
                tilesets=("base-c1",),
                options=(RULES_VERSION, FARMS, SMALL_CITY_C1, RIVER_OPTION),
                figures=(FOLLOWERS,), citation="docs/rules.md#editions [WCP-Hist, WCP-BG1]"),
        Edition("base:C2", "Carcassonne, 2nd edition (2014) with the River and the Abbot",
                BaseRules("C2"), tilesets=("base-c2", "river-c2"),
                options=(SMALL_CITY, RIVER_OPTION), figures=(FOLLOWERS, ABBOT),
                citation="docs/rules.md#editions [WCP-Winter, WCP-Abbot]"),
        Edition("base:C3", "Carcassonne, 3rd edition (2021) with the River and the Abbot",
                BaseRules("C3"), tilesets=("base-c3", "river-c3"),
                options=(SMALL_CITY, RIVER_OPTION), figures=(FOLLOWERS, ABBOT),
                citation="docs/rules.md#editions [Retail-C3, WCP-Hist]"),
    ]
