"""The read-only view of a position that rule hooks get (``editor.api.Board``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Protocol

from .board import Cell, Placed
from .players import Figure, Player
from .tiles import Segment


class BoardView(Protocol):
    """The read-only view of a position a rule hook gets. Hooks never change the board:
    they return events and the host applies them."""

    @property
    def cells(self) -> Mapping[Cell, Placed]:
        """Placed tiles by cell."""

    @property
    def players(self) -> Sequence[Player]:
        """Players in seat order (a figure's ``owner`` indexes this)."""

    @property
    def figures(self) -> Sequence[Figure]:
        """Every figure on the board."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Placed]: ...

    def at(self, x: int, y: int) -> Placed | None:
        """The tile on a cell, if any."""

    def find(self, node: int) -> int:
        """The root node of the feature holding ``node``: the feature's name."""

    def node_kind(self, node: int) -> str:
        """The kind of a node's segment (``city``, ``road``, ``field``, ...)."""

    def cell_of(self, node: int) -> Cell:
        """The cell of the tile a node belongs to."""

    def placed_of(self, node: int) -> Placed:
        """The placed tile a node belongs to."""

    def segment_of(self, node: int) -> Segment:
        """The tile segment a node stands for."""

    def neighbour_count(self, x: int, y: int) -> int:
        """How many of the eight cells around (x, y) hold a tile."""

    def is_complete(self, node: int) -> bool:
        """Whether the feature holding ``node`` is completed."""

    def figures_on(self, root: int) -> list[Figure]:
        """The figures standing on the feature with this root."""
