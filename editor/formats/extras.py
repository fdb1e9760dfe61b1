"""``x-`` keys: third-party data the editor keeps wherever a file has them.

A model object keeps the ``x-`` keys of the file object it comes from in a mapping
(``extra``); the ``x-`` keys of a nested object that has no model object of its own (a count
map such as ``goods``, a ``provenance``) go in the same mapping under that object's key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

PREFIX = "x-"


def is_extra(key: str) -> bool:
    """Whether a key is third-party data."""
    return key.startswith(PREFIX)


def without(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` less its ``x-`` keys (a count map as numbers only)."""
    return {k: v for k, v in data.items() if not k.startswith(PREFIX)}


def take(data: Mapping[str, Any], nested: Iterable[str] = ()) -> dict[str, Any]:
    """The ``x-`` keys of ``data``, and under their names those of the ``nested`` objects
    (every tile and segment of every tile set passes here at each start)."""
    kept: dict[str, Any] = {k: v for k, v in data.items() if k.startswith(PREFIX)}
    for name in nested:
        inner = data.get(name)
        if isinstance(inner, dict):  # parsed JSON: cheaper than an ABC check
            found = {k: v for k, v in inner.items() if k.startswith(PREFIX)}
            if found:
                kept[name] = found
    return kept


def put(data: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with the keys :func:`take` kept put back (nested objects made if need be)."""
    for key, value in extra.items():
        if is_extra(key):
            data[key] = value
        elif isinstance(value, Mapping):
            inner = data.get(key)
            data[key] = {**(inner if isinstance(inner, Mapping) else {}), **value}
    return data
