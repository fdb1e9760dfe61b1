"""Long work off the GUI thread: a :class:`Job` runs a function on a worker thread with a
:class:`~editor.puzzles.Progress`, and its signals bring progress and the result back to the
GUI thread (queued connections: the job lives there). Every signal carries the job first, so
one slot can serve several jobs; connect bound methods of a ``QObject`` (a widget), which Qt
disconnects when that object is destroyed: a job may end after its window closed.

A job has no Qt parent: its thread keeps it alive until the work ends. The worker is a
daemon Python thread, not a thread of ``QThreadPool``: a plugin hook that never returns
keeps only its own thread busy and never holds up quitting the editor. Work must not touch
the document being edited: give it a copy.

Starting a job makes sure Python's cycle collector runs on the GUI thread only
(:mod:`editor.qt.collector`): collecting a cycle that holds a Qt object on a worker thread
destroys that object on the wrong thread and crashes.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from editor import logs
from editor.puzzles import Progress, Stopped
from editor.qt import collector

log = logs.get(__name__)

Work = Callable[[Progress], Any]


class Job(QObject):
    """One piece of work on a worker thread; start it once."""

    #: (job, fraction done 0–1, what is being done)
    progressed = Signal(object, float, str)
    #: (job, what the work returned)
    succeeded = Signal(object, object)
    #: (job, the :class:`Stopped` exception): cancelled, or out of time
    stopped = Signal(object, object)
    #: (job, a one-line message): the work raised (the traceback goes to the log)
    failed = Signal(object, str)

    def __init__(self, work: Work, name: str = "work",
                 time_limit: float | None = None) -> None:
        super().__init__()
        self.name = name
        self._work = work
        self.progress = Progress(self._report, time_limit=time_limit, interval=0.05)
        self._thread: threading.Thread | None = None
        self._done = threading.Event()
        self.result: Any = None

    @property
    def running(self) -> bool:
        """Started and not ended."""
        return self._thread is not None and not self._done.is_set()

    def start(self) -> None:
        """Run the work on its own thread."""
        if self._thread is not None:
            raise RuntimeError(f"job {self.name!r} was already started")
        self._thread = threading.Thread(target=self._run, name=f"job: {self.name}",
                                        daemon=True)
        collector.ensure()
        self._thread.start()

    def cancel(self) -> None:
        """Ask the work to stop at its next progress check."""
        self.progress.cancel()

    def wait(self, seconds: float | None = None) -> bool:
        """Block until the work ends (for tests and shutdown); whether it did."""
        return self._done.wait(seconds)

    def _report(self, fraction: float, text: str) -> None:
        self.progressed.emit(self, fraction, text)

    def _run(self) -> None:
        try:
            self.result = self._work(self.progress)
        except Stopped as exc:
            self.stopped.emit(self, exc)
        except Exception as exc:  # the GUI says so; it must not take the editor down
            log.error("%s failed:\n%s", self.name, traceback.format_exc())
            self.failed.emit(self, f"{type(exc).__name__}: {exc}")
        else:
            self.succeeded.emit(self, self.result)
        finally:
            self._done.set()
