"""Progress, cancellation and time limits for long puzzle work (solve, check, scenario).

Work given a :class:`Progress` reports how far it got with :meth:`Progress.advance` and
calls :meth:`Progress.check` often; ``check`` raises :class:`Stopped` once the work was
cancelled (:meth:`Progress.cancel`, safe from any thread) or its time limit has passed.
Reports reach the ``report`` callback at most every ``interval`` seconds (and always at
100 %), so a terminal or a progress bar is not flooded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from editor.i18n import _

#: ``report(fraction, text)``: fraction done in [0, 1] and what is being done.
Report = Callable[[float, str], None]

#: The clock every deadline is read from.
clock = time.monotonic

CANCELLED = "cancelled"
TIME_LIMIT = "time limit"


class Stopped(Exception):
    """The work stopped before it finished: ``reason`` is :data:`CANCELLED` or
    :data:`TIME_LIMIT`; ``fraction`` how far it got, ``text`` where it was."""

    def __init__(self, reason: str, fraction: float, text: str,
                 elapsed: float, limit: float | None = None) -> None:
        where = text or _("{percent:.0%} done").format(percent=fraction)
        if reason == CANCELLED:
            message = _("cancelled after {elapsed:.1f} s ({where})")
        else:
            message = _("time limit of {limit:g} s reached after {elapsed:.1f} s ({where})")
        super().__init__(message.format(elapsed=elapsed, limit=limit, where=where))
        self.reason = reason
        self.fraction = fraction
        self.text = text
        self.elapsed = elapsed
        #: what was complete when the work stopped (set by the work, e.g. a partial ranking)
        self.partial: list[Any] = []


class Progress:
    """Where long work is, and whether it must stop."""

    def __init__(self, report: Report | None = None, *, time_limit: float | None = None,
                 interval: float = 0.1) -> None:
        if time_limit is not None and time_limit <= 0:
            raise ValueError(_("a time limit is a positive number of seconds, not "
                               "{limit:g}").format(limit=time_limit))
        self.report = report
        self.time_limit = time_limit
        self.interval = interval
        self.started = clock()
        self.fraction = 0.0
        self.text = ""
        self._deadline = None if time_limit is None else self.started + time_limit
        self._cancel = threading.Event()
        self._last = float("-inf")

    @property
    def elapsed(self) -> float:
        """Seconds since the work started."""
        return clock() - self.started

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the work to stop at its next :meth:`check` (from any thread)."""
        self._cancel.set()

    def check(self) -> None:
        """Raise :class:`Stopped` when cancelled or out of time."""
        if self._cancel.is_set():
            raise Stopped(CANCELLED, self.fraction, self.text, self.elapsed)
        if self._deadline is not None and clock() > self._deadline:
            raise Stopped(TIME_LIMIT, self.fraction, self.text, self.elapsed, self.time_limit)

    def advance(self, fraction: float, text: str = "") -> None:
        """Record how far the work is; tell ``report`` when the interval has passed."""
        self.fraction = min(1.0, max(0.0, fraction))
        self.text = text
        now = clock()
        if self.report is not None and (now - self._last >= self.interval
                                        or self.fraction >= 1.0):
            self._last = now
            self.report(self.fraction, text)
        self.check()

