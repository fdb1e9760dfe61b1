"""Running a study: the same table on one process or a pool, workers lost without losing or
doubling a game, cancelling and resuming (#19.3)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from study_support import KILL_MARKER, run, spec

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.study import StudyError, StudyFolder, runner, table
from editor.study.executors import Inline, ProcessPool, executor_for
from editor.study.folder import SPEC, TABLE
from editor.study.spec import StudySpec


@pytest.fixture(scope="module")
def study(host: PluginHost, catalogue: Catalogue) -> StudySpec:
    return spec(host, catalogue, games=10, seats=("random", "study_support:KillOnce"))


@pytest.fixture(scope="module")
def reference(study: StudySpec, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The table of the study played in this process, no worker killed."""
    Path(KILL_MARKER).touch()
    folder, outcome = run(study, tmp_path_factory.mktemp("reference") / "study")
    assert outcome.complete and outcome.summary["played"] == 20
    return folder.table.read_bytes()


class Flaky:
    """An executor whose futures fail: ``losses`` batches are lost after they were played
    (a worker that died before it answered), then every batch plays, but those holding game
    number ``doomed``, lost every time."""

    description = "flaky"

    def __init__(self, losses: int, doomed: int = 0) -> None:
        self.losses = losses
        self.doomed = doomed
        self.played = 0

    def slots(self) -> int:
        return 2

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        result = fn(*args)
        self.played += len(result)
        if self.losses > 0 or any(task.game == self.doomed for task in args[1]):
            self.losses -= 1
            future.set_exception(ConnectionError("worker lost"))
        else:
            future.set_result(result)
        return future

    def close(self, pending: Any = ()) -> None:
        pass


def test_two_processes_give_the_table_of_one(study: StudySpec, reference: bytes,
                                             tmp_path: Path) -> None:
    Path(KILL_MARKER).touch()
    folder, outcome = run(study, tmp_path / "pool", ProcessPool(2))
    assert outcome.complete
    assert folder.table.read_bytes() == reference


def test_a_killed_worker_loses_no_game(study: StudySpec, reference: bytes,
                                       tmp_path: Path) -> None:
    Path(KILL_MARKER).unlink(missing_ok=True)
    folder, outcome = run(study, tmp_path / "killed", ProcessPool(2))
    assert Path(KILL_MARKER).exists()  # a worker died
    assert outcome.complete and outcome.retried >= 1
    assert folder.table.read_bytes() == reference


def test_lost_batches_are_sent_again_and_counted_once(study: StudySpec, reference: bytes,
                                                      tmp_path: Path) -> None:
    Path(KILL_MARKER).touch()
    flaky = Flaky(losses=5)
    folder, outcome = run(study, tmp_path / "flaky", flaky)
    assert flaky.played == 25  # five games played twice ...
    assert outcome.retried == 5 and outcome.summary["played"] == 20  # ... counted once
    assert folder.table.read_bytes() == reference


def test_a_batch_lost_every_time_is_a_failed_game(study: StudySpec, tmp_path: Path) -> None:
    Path(KILL_MARKER).touch()
    flaky = Flaky(losses=0, doomed=3)
    _, outcome = run(study, tmp_path / "lost", flaky)
    assert flaky.played == 20 + 2 * (runner.ATTEMPTS - 1)  # game 3 of each ruleset
    assert outcome.summary["played"] == 18 and outcome.summary["failed"] == 2
    lost = [r for r in outcome.rows if not r.ok]
    assert {r.game for r in lost} == {3}
    assert all(r.error.startswith(f"lost {runner.ATTEMPTS} times (ConnectionError: worker lost")
               for r in lost)
    assert len({r.key for r in outcome.rows}) == 20


def test_a_cancelled_study_resumes_to_the_same_table(study: StudySpec, reference: bytes,
                                                     tmp_path: Path) -> None:
    Path(KILL_MARKER).touch()
    seen: list[int] = []
    folder, outcome = run(study, tmp_path / "cancelled", progress=lambda p: seen.append(p.done),
                          cancelled=lambda: len(seen) > 7)
    assert not outcome.complete and outcome.summary["complete"] is False
    kept = table.read(folder.table)
    assert 0 < len(kept) < 20
    with folder.table.open("ab") as f:  # the crash that ended it tore a row
        f.write(b"self-play,base:C2,box,9")
    again = StudyFolder.open(folder.path).run(Inline(), plots=())
    assert again.complete and len(again.rows) == 20
    assert folder.table.read_bytes() == reference


def test_resume_plays_more_games(study: StudySpec, reference: bytes, tmp_path: Path,
                                 host: PluginHost, catalogue: Catalogue) -> None:
    Path(KILL_MARKER).touch()
    fewer = spec(host, catalogue, games=4, seats=study.seats)
    folder, _ = run(fewer, tmp_path / "more")
    outcome = StudyFolder.open(folder.path, games=10).run(Inline(), plots=())
    assert outcome.complete and folder.table.read_bytes() == reference
    assert StudyFolder.open(folder.path).spec == study


def test_a_folder_with_another_study_is_not_overwritten(study: StudySpec, tmp_path: Path,
                                                        host: PluginHost,
                                                        catalogue: Catalogue) -> None:
    folder = StudyFolder.create(tmp_path / "s", study)
    (folder.path / TABLE).write_text("kept", encoding="utf-8")
    other = spec(host, catalogue, seed=99)
    with pytest.raises(StudyError, match="holds another study"):
        StudyFolder.create(tmp_path / "s", other)
    assert (folder.path / TABLE).read_text(encoding="utf-8") == "kept"
    again = StudyFolder.create(tmp_path / "s", study)
    assert again.resumed and not folder.resumed
    with pytest.raises(StudyError, match="holds no study to resume"):
        StudyFolder.open(tmp_path / "nothing")
    (folder.path / SPEC).write_text('{"format": 9}', encoding="utf-8")
    with pytest.raises(StudyError, match=r"study\.json: study format 9"):
        StudyFolder.open(folder.path)


def test_jobs_choose_the_executor() -> None:
    assert isinstance(executor_for(1), Inline)
    pool = executor_for(2)
    assert isinstance(pool, ProcessPool) and pool.slots() == 2
    pool.close()
    with pytest.raises(StudyError, match="at least 1"):
        executor_for(0)
