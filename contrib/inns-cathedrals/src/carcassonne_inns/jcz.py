"""JCloisterZone's names for Inns & Cathedrals: its tile sets ``inns-and-cathedrals:1``
(C1) and ``:2`` (C2, with the gardens), the element ``big-follower`` (a count per player)
and meeple ids ``N.big.M`` for the large follower, and the elements ``inn`` and
``cathedral`` that switch JCZ's two scoring rules (always on here). The tiles' JCZ ids
(``IC/RFr.i``) are their aliases in our tile sets."""

from __future__ import annotations

from .host import JczNames, hookimpl
from .rules import LARGE_FOLLOWER
from .translations import N_

PART = "inns-cathedrals"
NAMES = JczNames(
    sets={("inns-and-cathedrals", "1"): ("inns-cathedrals:C1", "inns-cathedrals-c1"),
          ("inns-and-cathedrals", "2"): ("inns-cathedrals:C2", "inns-cathedrals-c2")},
    figures={"big-follower": (LARGE_FOLLOWER, PART)},
    meeples={"big": LARGE_FOLLOWER},
    switches={"inn": N_("a road with an inn scoring 2 per tile or nothing"),
              "cathedral": N_("a city with a cathedral scoring 3 per tile and pennant or "
                              "nothing")},
)


@hookimpl
def carcassonne_jcz_names() -> JczNames:
    """The names above."""
    return NAMES
