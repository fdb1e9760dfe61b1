"""Where a study's games run: in this process, in a pool of processes on every core (the
default), or on a Dask distributed cluster (``pip install 'carcassonne-editor[cluster]'``).

Each takes batches of games and hands back a future per batch (``add_done_callback``,
``result``, ``cancel``); the runner (:mod:`.runner`) does the rest the same way for all of
them: retries, never counting a game twice, progress and cancellation.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from editor.i18n import _, ngettext

from .spec import StudyError, StudySpec

#: How long to wait for a Dask scheduler to answer, in seconds.
CONNECT_TIMEOUT = 10


class Pending(Protocol):
    """A batch of games on its way (a ``concurrent.futures`` or a Dask future)."""

    def add_done_callback(self, fn: Callable[[Any], object]) -> None:
        """Call ``fn`` when the batch is done, failed or cancelled."""
        ...

    def result(self) -> Any:
        """The batch's results, or its exception raised."""
        ...

    def cancel(self) -> Any:
        """Give the batch up, if it has not run yet."""
        ...


class Executor(Protocol):
    """Runs batches of games."""

    #: for people: ``4 processes``, ``Dask at tcp://host:8786 (8 threads)``
    description: str

    def slots(self) -> int:
        """How many batches can run at once."""
        ...

    def submit(self, fn: Callable[..., Any], *args: Any) -> Pending:
        """Run ``fn(*args)`` somewhere."""
        ...

    def close(self, pending: Iterable[Pending] = ()) -> None:
        """Cancel ``pending`` batches and let the workers go."""
        ...


class Inline:
    """Every batch at once in the calling thread: one process, nothing to start."""

    description = "1 process (this one)"

    def slots(self) -> int:
        """One at a time."""
        return 1

    def submit(self, fn: Callable[..., Any], *args: Any) -> Pending:
        """Run the batch now."""
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args))
        except Exception as exc:  # the runner retries it, as for any executor
            future.set_exception(exc)
        return future

    def close(self, pending: Iterable[Pending] = ()) -> None:
        """Nothing to let go."""


def _quiet_worker() -> None:
    """A pool worker leaves Ctrl+C to the study, which cancels and stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def cores() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class ProcessPool:
    """A pool of worker processes on this machine; a pool that breaks (a worker killed)
    is replaced by a new one when the next batch is submitted."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.description = f"{jobs} process{'es' if jobs > 1 else ''}"
        self._pool = self._new()

    def _new(self) -> ProcessPoolExecutor:
        # Not fork: the editor's window and Dask's client have threads that a forked child
        # would inherit half-way.
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
            else "spawn"
        return ProcessPoolExecutor(self.jobs, mp_context=multiprocessing.get_context(method),
                                   initializer=_quiet_worker)

    def slots(self) -> int:
        """One batch per process."""
        return self.jobs

    def submit(self, fn: Callable[..., Any], *args: Any) -> Pending:
        """Run the batch in a worker process."""
        try:
            return self._pool.submit(fn, *args)
        except BrokenProcessPool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new()
            return self._pool.submit(fn, *args)

    def close(self, pending: Iterable[Pending] = ()) -> None:
        """Cancel what has not started; the workers end after the batch they play."""
        for future in pending:
            future.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)


def worker_report() -> dict[str, Any]:
    """What a Dask worker has: this program's version, its editions and players."""
    import editor
    from editor.plugins import default_host

    from .players import names

    host = default_host()
    return {"version": editor.__version__, "players": names(),
            "editions": sorted(set(host.editions) - host.disabled)}


class DaskCluster:
    """A Dask distributed scheduler and its workers (``tcp://host:8786``)."""

    def __init__(self, address: str) -> None:
        try:
            from distributed import Client
        except ImportError as exc:
            raise StudyError(_("--scheduler needs Dask distributed: pip install "
                               "'carcassonne-editor[cluster]'")) from exc
        connect: Any = Client  # distributed is not typed
        try:
            self.client: Any = connect(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise StudyError(_("cannot reach the Dask scheduler at {address}: {error}").format(
                address=address, error=exc)) from exc
        self.address = address
        self.description = ngettext("Dask at {address} ({n} thread)",
                                    "Dask at {address} ({n} threads)", self.slots()).format(
                                        address=address, n=self.slots())

    def slots(self) -> int:
        """The threads of the workers now connected (at least one)."""
        workers = self.client.scheduler_info().get("workers", {})
        return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))

    def check(self, spec: StudySpec, editions: Iterable[str]) -> None:
        """``StudyError`` when a worker runs another version of this program or lacks an
        edition or a player the study needs: its games would not be the same."""
        import editor

        wanted = set(editions)
        kinds = {k for k in spec.seats if ":" not in k}
        for worker, report in self.client.run(worker_report).items():
            if report["version"] != editor.__version__:
                raise StudyError(_("Dask worker {worker} runs carcassonne-editor {theirs}, "
                                   "this is {ours}").format(worker=worker,
                                                            theirs=report["version"],
                                                            ours=editor.__version__))
            missing = sorted(wanted - set(report["editions"])) + \
                sorted(kinds - set(report["players"]))
            if missing:
                raise StudyError(_("Dask worker {worker} lacks {missing}: install the same "
                                   "plugins there").format(worker=worker,
                                                           missing=", ".join(missing)))

    def submit(self, fn: Callable[..., Any], *args: Any) -> Pending:
        """Run the batch on the cluster."""
        future: Pending = self.client.submit(fn, *args, pure=False)
        return future

    def close(self, pending: Iterable[Pending] = ()) -> None:
        """Cancel what has not finished and disconnect."""
        futures = list(pending)
        if futures:
            self.client.cancel(futures)
        self.client.close()


def executor_for(jobs: int | None = None, scheduler: str | None = None) -> Executor:
    """The executor a study asks for: a Dask scheduler's address, or ``jobs`` processes
    (default: every core; 1 plays in this process)."""
    if scheduler:
        return DaskCluster(scheduler)
    jobs = cores() if jobs is None else jobs
    if jobs < 1:
        raise StudyError(_("--jobs must be at least 1, not {n}").format(n=jobs))
    if jobs == 1:
        return Inline()
    return ProcessPool(jobs)
