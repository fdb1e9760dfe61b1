"""Everything this plugin takes from carcassonne-editor, in one place.

The plugin may use nothing of the editor but its public API, ``editor.api`` (an import
contract in the editor's pyproject.toml checks it); this module is the only one that
imports it, so the rest of the package reads the host's names from here.
"""

from __future__ import annotations

from editor.api import (
    CITY,
    FIELD,
    GARDEN,
    MONASTERY,
    RIVER,
    ROAD,
    Board,
    Domain,
    Edition,
    FeatureInfo,
    FeatureValue,
    FigureAction,
    FigureKind,
    Finding,
    JczNames,
    Offer,
    Placed,
    Slot,
    define,
    feature_name,
    hookimpl,
)

__all__ = [
    "CITY", "FIELD", "GARDEN", "MONASTERY", "RIVER", "ROAD", "Board", "Domain", "Edition",
    "FeatureInfo", "FeatureValue", "FigureAction", "FigureKind", "Finding", "JczNames", "Offer",
    "Placed", "Slot", "define", "feature_name", "hookimpl",
]
