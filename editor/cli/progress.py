"""Progress bars (tqdm) on stderr for long work, shown only to a person at a terminal, and
``--time-limit SECONDS`` for ``solve``, ``check`` and ``scenario``.

Nothing is drawn when standard output or standard error is not a terminal, when the output
is JSON, or when ``CARCASSONNE_EDITOR_PROGRESS=0``: piped and machine-read output never
holds a bar. tqdm is imported only when a bar is drawn.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from editor.i18n import _
from editor.puzzles import Progress

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


def add_time_limit(parser: Any) -> None:
    """The ``--time-limit SECONDS`` option."""
    parser.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                        help=_("stop after this many seconds (exit code 1, saying how far the "
                        "work got); default: no limit"))


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a number of seconds").format(
            text=text)) from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(_("{text!r} is not a positive number of "
                                           "seconds").format(text=text))
    return value


#: Steps of a :func:`work_bar` (its fraction done, to a tenth of a percent).
STEPS = 1000


@contextmanager
def work_bar(args: argparse.Namespace, what: str) -> Iterator[Progress]:
    """A :class:`Progress` with the command's ``--time-limit`` that draws a bar ``what: 34%
    move 12 of 40`` at a terminal."""
    if not wanted(getattr(args, "format", "text")):
        yield Progress(time_limit=args.time_limit)
        return
    bar = _bar(what, STEPS, "‰")
    bar.bar_format = "{desc}: {percentage:3.0f}%|{bar}| {elapsed}{postfix}"

    def draw(fraction: float, text: str) -> None:
        bar.update(round(fraction * STEPS) - bar.n)
        bar.set_postfix_str(text, refresh=False)

    try:
        yield Progress(draw, time_limit=args.time_limit, interval=0.1)
    finally:
        bar.close()
