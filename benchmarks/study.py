"""Study speed: games per second of a self-play study in this process, on a pool of 2
processes, and on a local Dask cluster of 2 worker processes.

Run: python benchmarks/study.py [--games N] [--player random|greedy] [--runs R]
Each run is a whole study (a new report folder; the pool is started by the study, as the
command does; the Dask cluster is started once, before the runs), without plots. Prints
min / median / max over the runs and the machine; with Dask missing its row says so.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from editor.plugins import default_host
from editor.study import StudyFolder
from editor.study.executors import DaskCluster, Executor, Inline, ProcessPool, cores
from editor.study.spec import StudySpec, self_play
from editor.workspace import catalogue


def rates(study: StudySpec, make: Callable[[], Executor], runs: int) -> list[float]:
    """Games per second of each run of the study."""
    found = []
    rows = study.games * len(study.rulesets)
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            outcome = StudyFolder.create(Path(folder) / "study", study).run(make(), plots=())
            elapsed = time.perf_counter() - start
            assert outcome.complete and outcome.summary["played"] == rows
            found.append(rows / elapsed)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per ruleset")
    parser.add_argument("--player", default="random", help="the player of every seat")
    parser.add_argument("--runs", type=int, default=3, help="studies per executor")
    parser.add_argument("--rules", action="append", help="rulesets (default: base:C2 and "
                        "base:C1[rules=2000])")
    args = parser.parse_args()
    host = default_host()
    study = self_play(host, catalogue(host),
                      rulesets=args.rules or ["base:C2", "base:C1[rules=2000]"],
                      seats=[args.player] * 2, games=args.games)
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0,)
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, {cores()} cores, load {load[0]:.1f}; "
          f"{args.games} games × {len(study.rulesets)} rulesets, {args.player} players, "
          f"{args.runs} runs")
    rows: list[tuple[str, str]] = []
    for name, make in (("1 process (in this one)", Inline),
                       ("a pool of 2 processes", lambda: ProcessPool(2))):
        rows.append((name, _line(rates(study, make, args.runs))))
    try:
        from distributed import LocalCluster
    except ImportError:
        rows.append(("Dask, 2 local workers", "not measured: pip install "
                     "'carcassonne-editor[cluster]'"))
    else:
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          host="127.0.0.1", dashboard_address=None) as cluster:
            rows.append(("Dask, 2 local workers",
                         _line(rates(study, lambda: DaskCluster(cluster.scheduler_address),
                                     args.runs))))
    width = max(len(r[0]) for r in rows)
    print(f"{'executor':<{width}}  games/s min / median / max")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


def _line(values: list[float]) -> str:
    return f"{min(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


if __name__ == "__main__":
    main()
