"""Helpers for the JCloisterZone tests: the test saves (written for these tests) by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


def save_path(name: str) -> str:
    """A test save by name (without ``.jcz``)."""
    return str(DATA / f"{name}.jcz")


def load_save(name: str) -> dict[str, Any]:
    """A test save as JSON data, to derive variants from."""
    return json.loads((DATA / f"{name}.jcz").read_text(encoding="utf-8"))


def write_save(folder: Path, name: str, data: dict[str, Any]) -> str:
    """Write a variant of a save; returns its path."""
    path = folder / f"{name}.jcz"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)
