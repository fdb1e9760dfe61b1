"""Cycles holding Qt objects are collected on the GUI thread, never on a worker thread."""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject

from editor.qt import collector


class _Cyclic(QObject):
    def __init__(self, seen: list[str]) -> None:
        super().__init__()
        self.me = self  # a reference cycle: only the cycle collector frees it
        self.destroyed.connect(lambda: seen.append(threading.current_thread().name))


def _allocate_on_a_worker() -> None:
    def churn() -> None:
        junk = []
        for _ in range(50_000):  # far past generation 0's threshold
            junk.append([[]])
            if len(junk) > 100:
                junk.clear()

    worker = threading.Thread(target=churn, name="worker")
    worker.start()
    worker.join()


def test_a_worker_thread_never_collects_a_qt_cycle(qapp) -> None:
    gui = collector.install(qapp)
    assert not gc.isenabled()
    seen: list[str] = []
    _Cyclic(seen)
    _allocate_on_a_worker()
    assert seen == []  # still alive: the worker's allocations collected nothing
    gui.collect()
    assert seen == [threading.current_thread().name]


def test_the_check_collects_a_generation_past_its_threshold(qapp) -> None:
    gui = collector.install(qapp)
    gc.collect()
    assert gui.check() == 0  # nothing over a threshold right after a full collection
    seen: list[str] = []
    _Cyclic(seen)
    junk = [[] for _ in range(gc.get_threshold()[0] + 10)]
    assert gui.check() > 0 and seen
    del junk


def test_install_is_idempotent(qapp) -> None:
    assert collector.install(qapp) is collector.install(qapp)
