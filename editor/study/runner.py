"""Running a study's games on an executor: batches, retries, progress, cancellation.

A batch whose worker dies or whose future fails for any reason (a killed process, a lost
connection, a worker without the program) is sent again, up to :data:`ATTEMPTS` times;
after that its games are rows with status ``failed``, so none is ever lost. Results are
handed to ``record`` batch by batch, and the study keeps each game's first row only, so a
game that two workers finished is never counted twice. Batches go out a few per worker at a
time, which keeps the memory small and makes cancelling quick: the batches not yet started
are dropped, those running finish.
"""

from __future__ import annotations

import itertools
import queue
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import CancelledError
from dataclasses import dataclass

from .executors import Executor, Pending
from .games import SelfPlayTask, Task, failed, game_seed, play_chunk
from .spec import CORPUS, SELF_PLAY, StudySpec
from .table import GameResult

#: How often a batch is tried before its games are given up as failed.
ATTEMPTS = 4
#: Batches in flight per slot of the executor.
WINDOW = 3
#: Games per batch, at most (random players only; one game per batch otherwise).
BATCH = 16
#: How long the runner waits for a batch before looking at the cancel flag (seconds).
POLL = 0.1


@dataclass(slots=True)
class Progress:
    """How far a study has come: rows (games × rulesets) done of the total, and how many
    of those failed; ``retried`` counts the games sent again after a worker was lost."""

    done: int
    total: int
    failed: int = 0
    retried: int = 0


def batch_size(spec: StudySpec, tasks: int, slots: int) -> int:
    """Games per batch: several when every player is quick (``random``), else one, so a
    cancelled study stops within a game and progress moves often."""
    if spec.source != SELF_PLAY or any(kind != "random" for kind in spec.seats):
        return 1
    return max(1, min(BATCH, tasks // (slots * WINDOW * 4)))


def lost(spec: StudySpec, task: Task, message: str) -> list[GameResult]:
    """The rows of a task that could not be played anywhere."""
    if isinstance(task, SelfPlayTask):
        return [failed(GameResult(SELF_PLAY, task.ruleset, task.tileset, task.game,
                                  seed=game_seed(spec.seed, task.game),
                                  seats=" ".join(spec.seats)), message)]
    return [failed(GameResult(CORPUS, name, "", task.game, task.path), message)
            for name in spec.rulesets]


def _batches(tasks: Iterable[Task], size: int) -> Iterator[list[Task]]:
    it = iter(tasks)
    while batch := list(itertools.islice(it, size)):
        yield batch


def run(spec: StudySpec, tasks: Iterable[Task], total_tasks: int, executor: Executor,
        record: Callable[[Sequence[GameResult]], None],
        cancelled: Callable[[], bool] = lambda: False) -> tuple[int, bool]:
    """Play ``tasks`` on ``executor``, handing each batch's rows to ``record``; returns the
    games sent again and whether every task was played (False: cancelled)."""
    slots = executor.slots()
    batches = _batches(tasks, batch_size(spec, total_tasks, slots))
    finished: queue.SimpleQueue[int] = queue.SimpleQueue()
    flying: dict[int, tuple[list[Task], int, Pending]] = {}
    ids = itertools.count()
    retried = 0

    def send(batch: list[Task], attempt: int) -> None:
        number = next(ids)
        future = executor.submit(play_chunk, spec, batch)
        flying[number] = (batch, attempt, future)

        def done(_: object) -> None:
            finished.put(number)

        future.add_done_callback(done)

    def fill() -> None:
        while len(flying) < slots * WINDOW and not cancelled():
            batch = next(batches, None)
            if batch is None:
                return
            send(batch, 1)

    try:
        fill()
        while flying:
            if cancelled():
                return retried, False
            try:
                number = finished.get(timeout=POLL)
            except queue.Empty:
                continue
            batch, attempt, future = flying.pop(number)
            try:
                rows = future.result()
            except CancelledError:
                continue
            except Exception as exc:  # the worker's fault, not the games': send them again
                if attempt < ATTEMPTS:
                    retried += len(batch)
                    send(batch, attempt + 1)
                    continue
                message = f"lost {ATTEMPTS} times ({type(exc).__name__}: {exc})"
                rows = [row for task in batch for row in lost(spec, task, message)]
            record(rows)
            fill()
        return retried, not cancelled() or next(batches, None) is None
    finally:
        executor.close([future for _, _, future in flying.values()])
