"""Run every test of the mutation selection against each mutant mutmut reports as surviving.

mutmut runs, for a mutant, only the tests that called the mutated function while it
collected its statistics. Code that runs once per session (the ``host`` and ``catalogue``
fixtures build the plugins and every tile's orientations) is credited to the first test
that needed it, so its mutants can "survive" tests that would kill them. This runs the
whole selection (tests/model and tests/rules, stopping at the first failure) for each
survivor and says which ones really survive (README: Development).

    nice .venv/bin/python tests/mutation_recheck.py [NAME ...]

Not a test module: pytest collects only ``test_*.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SELECTION = ["tests/model", "tests/rules"]


def survivors() -> list[str]:
    """The mutants ``mutmut results`` lists as survived."""
    out = subprocess.run([sys.executable, "-m", "mutmut", "results"], cwd=ROOT, text=True,
                         capture_output=True, check=True).stdout
    return [line.strip().rsplit(": ", 1)[0] for line in out.splitlines()
            if line.strip().endswith(": survived")]


def killer(name: str) -> str | None:
    """The first test of the selection that fails with mutant ``name`` active (None: none)."""
    env = dict(os.environ, MUTANT_UNDER_TEST=name)
    run = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                          *SELECTION], cwd=ROOT / "mutants", env=env, capture_output=True,
                         text=True)
    if run.returncode == 0:
        return None
    failed = [line for line in run.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
    return failed[0] if failed else f"pytest exit code {run.returncode}"


def main(argv: list[str]) -> int:
    names = argv or survivors()
    alive = 0
    for name in names:
        by = killer(name)
        alive += by is None
        print(f"{name}: {'survived' if by is None else 'killed by ' + by}", flush=True)
    print(f"{len(names) - alive} killed, {alive} survived by the whole selection",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
