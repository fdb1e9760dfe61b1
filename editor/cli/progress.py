"""``--time-limit`` and a progress line on the terminal for ``solve``, ``check``, ``scenario``.

The progress line goes to stderr and only when stderr is a terminal: redirected output and
``--format json`` read by tools stay clean.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from editor.puzzles import Progress

#: Erase the line the cursor is on.
_CLEAR = "\r\x1b[K"


def add_time_limit(parser: Any) -> None:
    """The ``--time-limit SECONDS`` option."""
    parser.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                        help="stop after this many seconds (exit code 1, saying how far the "
                        "work got); default: no limit")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


@contextmanager
def terminal_progress(args: argparse.Namespace, doing: str,
                      stream: TextIO | None = None) -> Iterator[Progress]:
    """A :class:`Progress` with the command's time limit that draws ``doing… 34 % (move 12
    of 40) 3.2 s`` on a terminal, erased when the work ends."""
    out = stream or sys.stderr
    live = out.isatty()
    progress: Progress

    def draw(fraction: float, text: str) -> None:
        out.write(f"{_CLEAR}{doing}… {fraction:4.0%} ({text}) {progress.elapsed:.1f} s")
        out.flush()

    progress = Progress(draw if live else None, time_limit=args.time_limit, interval=0.2)
    try:
        yield progress
    finally:
        if live:
            out.write(_CLEAR)
            out.flush()
