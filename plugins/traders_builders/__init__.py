"""Traders & Builders: editions C1 (2003), C2 (2015), C3 (2021, Big Box 7) and C3.1 (2025).

Goods tokens (:mod:`.goods`), the builder (:mod:`.builder`) and the pig (:mod:`.pig`); where
they may stand is in :mod:`.placement`. docs/rules.md (*Traders & Builders*) is the
reference; each module's docstring states the choices made where the sources leave a point
open (listed in docs/rules.md, *Choices we made*):

- goods: nobody scores a kind nobody holds — :mod:`.goods`;
- C1 "complete or extend" vs "extend": no difference in play, no option — :mod:`.builder`;
- C3.1 extra turn mandatory — :mod:`.builder`;
- C1 pig under the 2000 farm rules: unofficial +1 per city — :mod:`.pig`;
- C3.1 pig: several coat-of-arms cities; the farmer after the pig, each owner's choice in
  the move, option ``farmer_after_pig`` as the default — :mod:`.pig`.

C3.1 plays on base:C3 (no C3.1 base game is known; assumed = C3); its tile set includes the
new river tile, which the base game's River rules place.
"""

from __future__ import annotations

from editor.api import Edition, FigureKind, OptionSpec, hookimpl

from .rules import TradersBuildersRules

__version__ = "0.1.0"

BUILDER = FigureKind("builder", 0, 1, "on a road or city with your meeple; extends give a "
                                      "second tile; strength 0")
PIG = FigureKind("pig", 0, 1, "on a field with your farmer; strength 0")
FARMER_AFTER_PIG = OptionSpec(
    "farmer_after_pig", "stays", ("stays", "returns"),
    "C3.1: after pig scoring the pig goes back to supply; its farmer stays on the field "
    "(stays) or goes back with it (returns), unless the move records its owner's choice "
    "[docs/rules.md#traders-builders.pig.c31-farmer]", choosable=True)
FIGURES = (BUILDER, PIG)


@hookimpl
def carcassonne_editions() -> list[Edition]:
    """Traders & Builders in editions C1, C2, C3 and C3.1."""
    return [
        Edition("traders-builders:C1", "Traders & Builders, 1st edition (2003)",
                TradersBuildersRules("C1"), tilesets=("traders-builders-c1",), expansion=True,
                pairs_with=("base:C1",), figures=FIGURES,
                citation="docs/rules.md#editions [WCP-TB1]"),
        Edition("traders-builders:C2", "Traders & Builders, 2nd edition (2015)",
                TradersBuildersRules("C2"), tilesets=("traders-builders-c2",), expansion=True,
                pairs_with=("base:C2",), figures=FIGURES,
                citation="docs/rules.md#editions [S000, S002]"),
        Edition("traders-builders:C3", "Traders & Builders, 3rd edition (2021, Big Box 7)",
                TradersBuildersRules("C3"), tilesets=("traders-builders-c3",), expansion=True,
                pairs_with=("base:C3",), figures=FIGURES,
                citation="docs/rules.md#editions [S002]"),
        Edition("traders-builders:C3.1", "Traders & Builders, 2025 re-release (C3.1)",
                TradersBuildersRules("C3.1"), tilesets=("traders-builders-c3.1",),
                expansion=True, pairs_with=("base:C3",), figures=FIGURES,
                options=(FARMER_AFTER_PIG,), citation="docs/rules.md#editions [S003]"),
    ]
