"""What every benchmark shares: the machine it ran on, the clock, repeated runs, and their
spread.

Times are the CPU time of the benchmark's process (:func:`time.process_time`), not the wall
clock: on a machine shared with other jobs the wall clock measures the queue for a core as
much as our code. Benchmarks of the editor's window measure the wall clock (a frame is
what a person waits for).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence

#: The clock of every timing here.
clock = time.process_time


def at_least(lowest: int) -> Callable[[str], int]:
    """An argparse type: a whole number no lower than ``lowest``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < lowest:
            raise argparse.ArgumentTypeError(f"{value} is below {lowest}")
        return value
    return parse


def machine() -> str:
    """Cores, load, Python and Qt of this machine, in one line."""
    try:
        from PySide6 import __version__ as qt
    except ImportError:  # pragma: no cover - the editor depends on PySide6
        qt = "none"
    try:
        load = "load {:.1f}/{:.1f}/{:.1f}".format(*os.getloadavg())
    except OSError:  # pragma: no cover - not on every platform
        load = "load unknown"
    return (f"{os.cpu_count()} cores ({load}), Python {platform.python_version()} "
            f"({sys.implementation.name}), PySide6 {qt}, {platform.system()} "
            f"{platform.machine()}; times are CPU time of this process")


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """Minimum, median and maximum."""
    return min(values), statistics.median(values), max(values)


def fmt(values: Sequence[float], form: str = "{:,.0f}") -> str:
    """``min / median / max`` of ``values`` in ``form``."""
    return " / ".join(form.format(v) for v in spread(values))


def rate(fn: Callable[[], int], seconds: float) -> float:
    """Operations per second, running ``fn`` (which returns its operation count) repeatedly."""
    done, start = 0, clock()
    while clock() - start < seconds:
        done += fn()
    return done / (clock() - start)


def interleaved(measures: dict[str, Callable[[], float]], runs: int) -> dict[str, list[float]]:
    """Each measure ``runs`` times, one run of every measure per round, so that a load
    change on a shared machine spreads over all of them instead of biasing one."""
    found: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(runs):
        for name, measure in measures.items():
            found[name].append(measure())
    return found


def table(rows: Sequence[tuple[str, str, str]], header: tuple[str, str, str] = (
        "measure", "min / median / max", "target")) -> str:
    """Rows of (measure, result, target) as aligned text."""
    rows = [header, *rows]
    widths = [max(len(r[i]) for r in rows) for i in range(2)]
    return "\n".join(f"{a:<{widths[0]}}  {b:>{widths[1]}}  {c}" for a, b, c in rows)
