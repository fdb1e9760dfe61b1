"""Fixtures for the format tests: the sample tile set and board next to this file."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from editor.formats.jsonio import read_json
from editor.formats.tilesets import load_tileset
from editor.model.tilesets import Catalogue

HERE = Path(__file__).parent
SAMPLE_TILESET = HERE / "sample.tileset.json"
SAMPLE_BOARD = HERE / "sample.board.json"
INVALID = HERE / "invalid"


def load(path: Path) -> Any:
    data, findings = read_json(path)
    assert findings == []
    return data


@pytest.fixture(scope="session")
def sample_catalogue() -> Catalogue:
    tile_set, findings = load_tileset(SAMPLE_TILESET)
    assert findings == [] and tile_set is not None
    return Catalogue([tile_set])


@pytest.fixture
def tileset_data() -> dict[str, Any]:
    return copy.deepcopy(load(SAMPLE_TILESET))


@pytest.fixture
def board_data() -> dict[str, Any]:
    return copy.deepcopy(load(SAMPLE_BOARD))


#: Keys every file must write, even when empty.
REQUIRED = {"format", "id", "name", "part", "edition", "tiles", "count", "segments", "kind",
            "ports"}


def _without_defaults(node: Any) -> Any:
    """A tile set dict as the model keeps it: no default values; every x- key kept."""
    if isinstance(node, list):
        return [_without_defaults(v) for v in node]
    if not isinstance(node, dict):
        return node
    result = {}
    for key, value in node.items():
        if key.startswith("x-"):
            result[key] = value  # third-party data is kept verbatim
            continue
        value = _without_defaults(value)
        default = value in ([], {}, "", None) or value is False or (
            key == "pennants" and value == 0)
        if default and key not in REQUIRED:
            continue
        result[key] = value
    return result


@pytest.fixture(scope="session")
def without_defaults() -> Callable[[Any], Any]:
    """Strips a tile set dict down to what the model keeps (see :func:`_without_defaults`)."""
    return _without_defaults
