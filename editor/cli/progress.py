"""Progress bars (tqdm) on stderr for long work, shown only to a person at a terminal.

Nothing is drawn when standard output or standard error is not a terminal, when the output
is JSON, or when ``CARCASSONNE_EDITOR_PROGRESS=0``: piped and machine-read output never
holds a bar. tqdm is imported only when a bar is drawn.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

#: Work shorter than this (seconds) never shows a bar.
DELAY = 0.5


def wanted(output_format: str = "text") -> bool:
    """Whether a bar may be drawn for a command printing ``output_format``."""
    if output_format != "text" or os.environ.get("CARCASSONNE_EDITOR_PROGRESS") == "0":
        return False
    return all(stream is not None and stream.isatty() for stream in (sys.stdout, sys.stderr))


def track(items: Iterable[T], what: str, *, total: int | None = None, unit: str = "it",
          output_format: str = "text") -> Iterator[T]:
    """``items``, with a bar ``what: 3/40 files`` on stderr while they are consumed."""
    if not wanted(output_format):
        yield from items
        return
    bar = _bar(what, total, unit)
    try:
        for item in items:
            yield item
            bar.update(1)
    finally:
        bar.close()


@contextmanager
def counter(what: str, total: int, *, unit: str = "it",
            output_format: str = "text") -> Iterator[Callable[[int], None]]:
    """A ``done(n)`` callback for work that counts itself: a bar ``what: n/total unit``."""
    if not wanted(output_format):
        yield lambda done: None
        return
    bar = _bar(what, total, unit)

    def done(n: int) -> None:
        bar.update(n - bar.n)

    try:
        yield done
    finally:
        bar.close()


def _bar(what: str, total: int | None, unit: str) -> Any:
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, desc=what, unit=f" {unit}", file=sys.stderr, leave=False,
                dynamic_ncols=True, delay=DELAY)
