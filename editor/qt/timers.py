"""Calls scheduled on the event loop that die with the object they belong to."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


def call_later(msec: int, owner: QObject, call: Callable[[], object]) -> None:
    """Call ``call`` after ``msec`` milliseconds unless ``owner`` is deleted first: the
    timer is ``owner``'s child (``QTimer.singleShot``'s context-object form needs
    PySide6 6.5, the floor is 6.4)."""
    timer = QTimer(owner)
    timer.setSingleShot(True)

    def fire() -> None:
        timer.deleteLater()
        call()

    timer.timeout.connect(fire)
    timer.start(msec)
