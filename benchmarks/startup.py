"""Start-up: commands as whole processes, the way a script or a shell runs them.

Run: python benchmarks/startup.py [--runs N]
Target (2 cores): ``score samples/first-steps.board.json`` under 0.15 s (warm validation
cache). Also shown: bare Python, ``--version``, the installed ``carcassonne-editor``
command (when this Python has one beside it), ``validate`` of the sample board, ``score``
with the validation cache switched off (every start checks the built-in tile sets and the
board against the schema, as before the cache) and ``score`` on a cold cache. The cache is
found the way a user's is (on Linux through ``$XDG_CACHE_HOME``, pointed at a temporary
folder; elsewhere ``$CARCASSONNE_EDITOR_CACHE``). The load average is printed before and
after: the machine is shared, so measure when it is lowest.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = "samples/first-steps.board.json"
EDITOR = [sys.executable, "-m", "editor"]
#: The command pip installs beside this Python (``carcassonne-editor``), if any.
COMMAND = Path(sys.executable).with_name("carcassonne-editor")


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) seconds of one run, output thrown away; a failing
    run stops the benchmark. On a loaded machine the CPU time is what an idle one would
    take; the wall clock adds the wait for a core."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode()}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return elapsed, cpu


def measure(name: str, argv: list[str], env: dict[str, str], runs: int,
            cold: Path | None = None) -> None:
    """Print min/median/max of the wall clock and the CPU time over ``runs``; with
    ``cold``, that validation cache file is removed ahead of each run."""
    wall, cpu = [], []
    for _ in range(runs):
        if cold is not None:
            cold.unlink(missing_ok=True)
        elapsed, used = timed(argv, env)
        wall.append(elapsed)
        cpu.append(used)
    print(f"| {name} | {_ms(wall)} | {_ms(cpu)} |")


def _ms(times: list[float]) -> str:
    return " / ".join(f"{t * 1000:.0f}" for t in (min(times), statistics.median(times),
                                                  max(times))) + " ms"


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs per measurement")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}, "
          f"Python {platform.python_version()}; load average before {_load()}")
    with tempfile.TemporaryDirectory() as folder:
        # As installed: with byte-code (pip compiles a wheel's modules; the first run here
        # writes the __pycache__ files that PYTHONDONTWRITEBYTECODE would forbid).
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONDONTWRITEBYTECODE", "CARCASSONNE_EDITOR_CACHE")}
        env["CARCASSONNE_EDITOR_PROGRESS"] = "0"
        if sys.platform == "linux":  # the user's cache folder, found as the program finds it
            env["XDG_CACHE_HOME"] = folder
            cache = Path(folder) / "carcassonne-editor" / "validated.json"
        else:
            env["CARCASSONNE_EDITOR_CACHE"] = folder
            cache = Path(folder) / "validated.json"
        off = {**env, "CARCASSONNE_EDITOR_CACHE": "0"}
        for warm_up in (["score", SAMPLE], ["validate", SAMPLE], ["--version"]):
            timed([*EDITOR, *warm_up], env)  # fills the cache and writes the byte-code
        print("| process | wall clock, min / median / max | CPU time, min / median / max |\n"
              "|---|---|---|")
        measure("bare Python (`python -c pass`)", [sys.executable, "-c", "pass"], env,
                args.runs)
        measure("`carcassonne-editor --version`", [*EDITOR, "--version"], env, args.runs)
        measure(f"`score {SAMPLE}`", [*EDITOR, "score", SAMPLE], env, args.runs)
        if COMMAND.is_file():
            measure(f"`carcassonne-editor score {SAMPLE}` (the installed command)",
                    [str(COMMAND), "score", SAMPLE], env, args.runs)
        measure(f"`score {SAMPLE} --format json`", [*EDITOR, "score", SAMPLE, "--format",
                                                    "json"], env, args.runs)
        measure(f"`validate {SAMPLE}` (never cached)", [*EDITOR, "validate", SAMPLE], env,
                args.runs)
        measure("`score`, cold cache (first start)", [*EDITOR, "score", SAMPLE], env,
                args.runs, cold=cache)
        measure("`score`, cache off", [*EDITOR, "score", SAMPLE], off, args.runs)
    print(f"load average after {_load()}")


if __name__ == "__main__":
    main()
