"""Holding the cyclic garbage collector off while final scoring runs.

Final scoring allocates many short-lived records (descriptions, sets, events) and links
none of them into reference cycles: reference counting frees each as soon as it is
dropped. With the collector on, those allocations still trigger collections, and a
collection of the oldest generation traverses every element of the board's per-node lists
(at 100,000 tiles, about a third of a second each, several times per scoring) to find
nothing. Held off, the scoring's garbage is freed as it goes, and what it keeps (its
events) is collected as usual once the collector is back. Where the automatic collector is
already off (the editor's window collects on its GUI thread instead,
``editor/qt/collector.py``), it is left off and untouched.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def collector_off(method: Callable[P, R]) -> Callable[P, R]:
    """``method`` run with the cyclic garbage collector disabled, and enabled again after
    it (when it was enabled before)."""

    @wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return method(*args, **kwargs)
        gc.disable()
        try:
            return method(*args, **kwargs)
        finally:
            gc.enable()

    return run
