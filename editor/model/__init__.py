"""The pure-Python model: tiles, tile sets, the board and its features. Never imports Qt."""

from .board import Board, Cell, Placed
from .features import FeatureInfo, describe
from .findings import Finding, Severity
from .players import Figure, Player
from .tiles import Orientation, Provenance, Segment, Tile, fits
from .tilesets import Catalogue, TileSet

__all__ = [
    "Board",
    "Catalogue",
    "Cell",
    "FeatureInfo",
    "Figure",
    "Finding",
    "Orientation",
    "Placed",
    "Player",
    "Provenance",
    "Segment",
    "Severity",
    "Tile",
    "TileSet",
    "describe",
    "fits",
]
