"""A study on a Dask cluster started here (two worker processes on the loopback address):
the same table as the process pool, and a killed worker loses no game (#19.3, #19.4)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from study_support import KILL_MARKER, run, spec

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.study import StudyError
from editor.study.executors import DaskCluster, ProcessPool
from editor.study.spec import StudySpec

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """Two single-threaded worker processes and their scheduler, on 127.0.0.1."""
    local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     host="127.0.0.1", dashboard_address=None)
    try:
        yield local.scheduler_address
    finally:
        local.close()


@pytest.fixture(scope="module")
def study(host: PluginHost, catalogue: Catalogue) -> StudySpec:
    return spec(host, catalogue, games=8, seats=("study_support:KillOnce", "random"),
                rulesets=("base:C2", "traders-builders:C2"))


@pytest.fixture(scope="module")
def pool_table(study: StudySpec, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    Path(KILL_MARKER).touch()
    folder, outcome = run(study, tmp_path_factory.mktemp("pool") / "study", ProcessPool(2))
    assert outcome.complete
    return folder.table.read_bytes()


def test_the_cluster_gives_the_table_of_the_pool(cluster: str, study: StudySpec,
                                                 pool_table: bytes, tmp_path: Path) -> None:
    Path(KILL_MARKER).touch()
    dask = DaskCluster(cluster)
    assert dask.slots() == 2 and cluster in dask.description
    folder, outcome = run(study, tmp_path / "dask", dask)
    assert outcome.complete and outcome.retried == 0
    assert folder.table.read_bytes() == pool_table


def test_a_killed_worker_loses_no_game(cluster: str, study: StudySpec, pool_table: bytes,
                                       tmp_path: Path) -> None:
    Path(KILL_MARKER).unlink(missing_ok=True)
    folder, outcome = run(study, tmp_path / "killed", DaskCluster(cluster))
    assert Path(KILL_MARKER).exists()  # a worker died mid-game
    assert outcome.complete and outcome.summary["played"] == 16
    assert folder.table.read_bytes() == pool_table


def test_workers_are_checked_before_the_study(cluster: str, study: StudySpec) -> None:
    dask = DaskCluster(cluster)
    try:
        dask.check(study, {"base:C2", "traders-builders:C2"})
        with pytest.raises(StudyError, match="lacks base:C9"):
            dask.check(study, {"base:C9"})
    finally:
        dask.close()


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("editor.study.executors.CONNECT_TIMEOUT", 1)
    with pytest.raises(StudyError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"):
        DaskCluster("tcp://127.0.0.1:9")
