"""The colours of the board: tile art, figures, annotations and canvas markers."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QColor

# -- tile art -----------------------------------------------------------------------------
FIELD = "#8fbf4d"
FIELD_HEDGE = "#4f7f2a"
CITY = "#dcb878"
CITY_SHADE = "#c99f5c"
CITY_WALL = "#8a5a2b"
CITY_WALL_DARK = "#4d2f14"
ROOF = "#b4532f"
ROAD = "#f3ead4"
ROAD_EDGE = "#7a6650"
RIVER = "#3f8fd6"
RIVER_LIGHT = "#8cc6f2"
RIVER_EDGE = "#2a5f9a"
BUILDING_WALL = "#f2e6c9"
BUILDING_ROOF = "#b8452b"
BUILDING_EDGE = "#4a3322"
INN_SIGN = "#e0a526"
GARDEN_HEDGE = "#2f6b2f"
GARDEN_LAWN = "#78b84e"
FLOWERS = ("#f06292", "#ffd54f", "#ffffff")
PENNANT = "#1f4fa8"
PENNANT_LIGHT = "#ffffff"
WINE = "#7b2d8e"
WINE_LABEL = "#f2e6c9"
WHEAT = "#e6b422"
#: light where the pennant is dark: the two never rely on hue alone (and differ in shape)
CLOTH = "#8ec5ee"
CLOTH_STRIPE = "#ffffff"
CHICKEN = "#ffffff"
CHICKEN_RED = "#d32f2f"
SYMBOL_EDGE = "#2b2118"
TILE_EDGE = "#3a3a2a"
UNKNOWN_KIND = "#9c6ade"

# -- figures and canvas -------------------------------------------------------------------
FIGURE_OUTLINE = "#1b1b1b"
FIGURE_OUTLINE_LIGHT = "#d0d0d0"
HIGHLIGHT = "#ffd166"
SELECTION = "#ff8c00"
LAST_PLACED = "#1e6fd9"
LAST_PLACED_EDGE = "#ffffff"
LEGAL = "#2fbf4f"
ILLEGAL = "#e03131"
GRID = "#c9c4b6"
BACKGROUND = "#f4efe3"
NOTE = "#fff3a6"
NOTE_EDGE = "#b39b2d"
PIN = "#d62828"
ARROW = "#2b2b2b"
TEXT = "#222222"


@lru_cache(maxsize=256)
def colour(name: str, alpha: int = 255) -> QColor:
    """A colour from ``#rrggbb`` (or a Qt colour name) with ``alpha``; cached, do not mutate."""
    c = QColor(name)
    if not c.isValid():
        c = QColor(TEXT)
    c.setAlpha(alpha)
    return c


def outline_for(fill: QColor) -> QColor:
    """A contrasting outline: dark for light colours, light grey for very dark ones."""
    return colour(FIGURE_OUTLINE_LIGHT if fill.lightness() < 60 else FIGURE_OUTLINE)
