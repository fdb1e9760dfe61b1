"""Python's cycle collector, run on the GUI thread only.

The collector runs in whichever thread happens to allocate when a generation fills up. The
editor has threads of its own (budgeted plugin hook calls, long jobs, studies), and a cycle
that holds a Qt object (a closed window, its document, a lambda connected to a signal)
collected on one of them destroys that object on the wrong thread: the editor crashes, at
some later moment, in the event loop. So the automatic collector is switched off for the
life of the application and a timer on the GUI thread does its work: it looks at the
generations' counts a few times a second and collects the ones over their threshold, as
the automatic collector would.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

#: How often the GUI thread looks whether a generation needs collecting.
INTERVAL_MS = 250


class GuiThreadCollector(QObject):
    """Collects cycles on the GUI thread (see the module docstring); one per application."""

    def __init__(self, app: QCoreApplication, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(app)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)
        app.aboutToQuit.connect(self.collect)

    def check(self) -> int:
        """Collect the oldest generation whose count passed its threshold; returns the
        number of unreachable objects found."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if thresholds[generation] and counts[generation] > thresholds[generation]:
                return gc.collect(generation)
        return 0

    def collect(self) -> int:
        """A full collection now (on the GUI thread)."""
        return gc.collect()


def install(app: QCoreApplication) -> GuiThreadCollector:
    """The application's collector, created on first use; the automatic one is off."""
    found = app.findChild(GuiThreadCollector)
    gui = found if isinstance(found, GuiThreadCollector) else GuiThreadCollector(app)
    gc.disable()
    return gui


def ensure() -> None:
    """Install the collector on the running application, if there is one (before a thread
    of the editor's own starts)."""
    app = QCoreApplication.instance()
    if app is not None:
        install(app)
