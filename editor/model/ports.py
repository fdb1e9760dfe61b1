"""The 12 ports of a square tile, its four sides, and what a quarter turn does to them.

Ports are small integers (0 = ``N`` ... 11 = ``NNW``, clockwise), sides too
(0 = north, 1 = east, 2 = south, 3 = west). Names are for files and people.
"""

from __future__ import annotations

PORT_NAMES: tuple[str, ...] = (
    "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW",
)
PORT_INDEX: dict[str, int] = {name: i for i, name in enumerate(PORT_NAMES)}
SIDE_NAMES: tuple[str, ...] = ("N", "E", "S", "W")
SIDE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SIDE_NAMES)}

#: (dx, dy) of the neighbour across each side; y grows south.
SIDE_DELTA: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: The three ports of each side, clockwise: (left half, centre, right half) seen from outside.
SIDE_PORTS: tuple[tuple[int, int, int], ...] = ((11, 0, 1), (2, 3, 4), (5, 6, 7), (8, 9, 10))
#: JCloisterZone's half-edge names.
JCZ_HALF_PORTS: dict[str, int] = {
    "NL": 11, "NR": 1, "EL": 2, "ER": 4, "SL": 5, "SR": 7, "WL": 8, "WR": 10,
}


def centre(side: int) -> int:
    """The centre port of a side."""
    return side * 3


def side_of(port: int) -> int:
    """The side a port lies on."""
    return ((port + 1) % 12) // 3


def facing(port: int) -> int:
    """The port of the neighbouring tile that meets ``port`` across the seam."""
    return (6 - port) % 12 if side_of(port) % 2 == 0 else (12 - port) % 12


def rotate_port(port: int, quarter_turns: int) -> int:
    """Where ``port`` ends up after turning the tile clockwise."""
    return (port + 3 * quarter_turns) % 12


def quarter_turns(degrees: int) -> int:
    """Degrees clockwise (0, 90, 180, 270) as quarter turns."""
    if degrees % 90:
        raise ValueError(f"rotation must be a multiple of 90 degrees, not {degrees}")
    return (degrees // 90) % 4
