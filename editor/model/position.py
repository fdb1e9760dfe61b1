"""A position as a file holds it: the board plus ruleset, notes, puzzle and move log."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from .board import Board, Cell
from .records import record

DEFAULT_EDITIONS = ("base:C2",)

#: A tile placement as (x, y, tile reference).
TileKey = tuple[int, int, str]
#: A figure as (kind, owner, x, y, segment id).
FigureKey = tuple[str, int, int, int, str]


@record(slots=True)
class Note:
    """Text pinned to a cell."""

    x: int
    y: int
    text: str
    extra: dict[str, Any] = field(default_factory=dict)


@record(slots=True)
class Arrow:
    """An arrow from one cell to another, with an optional label."""

    start: Cell
    end: Cell
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@record(slots=True)
class Highlight:
    """Cells, or the feature holding a segment, drawn in a colour."""

    colour: str
    cells: list[Cell] = field(default_factory=list)
    #: (x, y, segment id) of one segment of the highlighted feature
    feature: tuple[int, int, str] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@record(slots=True)
class Annotations:
    """Everything drawn over the board that is not part of the game."""

    notes: list[Note] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    highlights: list[Highlight] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.notes or self.arrows or self.highlights or self.extra)


@record(slots=True)
class Position:
    """One board file in memory.

    ``editions`` and ``options`` describe the ruleset (resolved by the plugin host);
    ``puzzle`` and ``moves`` keep the file's puzzle block and move log as written.
    ``extras`` keeps the top level's ``x-`` keys and ``$schema`` untouched; the ``x-`` keys
    of the ruleset (and its options object), of each tile placement (by cell and tile) and
    of each figure (by kind, owner, cell and segment) are kept beside, so that saving writes
    them back where they were. Players and annotations keep theirs in ``extra``.
    """

    board: Board
    editions: list[str] = field(default_factory=lambda: list(DEFAULT_EDITIONS))
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    tilesets: list[str] = field(default_factory=list)
    title: str = ""
    description: str = ""
    annotations: Annotations = field(default_factory=Annotations)
    puzzle: dict[str, Any] | None = None
    moves: list[dict[str, Any]] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)
    ruleset_extra: dict[str, Any] = field(default_factory=dict)
    tile_extras: dict[TileKey, dict[str, Any]] = field(default_factory=dict)
    figure_extras: dict[FigureKey, dict[str, Any]] = field(default_factory=dict)

    @property
    def ruleset_spec(self) -> str:
        """The ruleset as ``base:C1[rules=2001] + traders-builders:C1``."""
        parts = []
        for name in self.editions:
            opts = self.options.get(name, {})
            inner = ",".join(f"{k}={v}" for k, v in opts.items() if not k.startswith("x-"))
            parts.append(f"{name}[{inner}]" if inner else name)
        return " + ".join(parts)
