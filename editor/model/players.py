"""Players and figures on the board."""

from __future__ import annotations

from dataclasses import field
from typing import Any, NamedTuple

from .records import record

FOLLOWER = "follower"
ABBOT = "abbot"
BUILDER = "builder"
PIG = "pig"

DEFAULT_COLOURS = ("#d62828", "#1d4ed8", "#2a9d3f", "#f2c14e", "#111111", "#8e44ad")


@record(slots=True)
class Player:
    """A player: name, colour, points, goods tokens and the figures left in supply."""

    name: str
    colour: str = "#d62828"
    score: int = 0
    goods: dict[str, int] = field(default_factory=dict)
    supply: dict[str, int] = field(default_factory=dict)
    #: the file's ``x-`` keys of the player (and of its goods and supply), kept for saving
    extra: dict[str, Any] = field(default_factory=dict)


class Figure(NamedTuple):
    """A figure standing on one segment node of the board (a tuple: comparing figures, as
    finding one on a board of thousands does, runs at C speed)."""

    kind: str
    owner: int
    node: int
