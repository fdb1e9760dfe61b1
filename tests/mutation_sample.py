"""A seeded sample of mutmut's mutants: the same number from each area (the model, the
rules, the plugins), for a mutation run that fits a shared machine (README: Development).

    nice .venv/bin/mutmut run 'editor.model.findings*'   # once: generates every mutant
    nice .venv/bin/mutmut run $(.venv/bin/python tests/mutation_sample.py)
    .venv/bin/mutmut results --all true

Not a test module: pytest collects only ``test_*.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

AREAS = {"model": "editor/model", "rules": "editor/rules", "plugins": "plugins"}


def mutants(root: Path, folder: str) -> list[str]:
    """Every mutant name mutmut generated for the files under ``folder``."""
    names: list[str] = []
    for meta in sorted((root / folder).rglob("*.py.meta")):
        names += json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return sorted(names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-area", type=int, default=50, help="mutants from each area")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--mutants", type=Path, default=Path("mutants"),
                        help="mutmut's folder (default: ./mutants)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    chosen: list[str] = []
    for area, folder in AREAS.items():
        names = mutants(args.mutants, folder)
        if not names:
            print(f"no mutants under {args.mutants / folder}: run mutmut once first",
                  file=sys.stderr)
            return 2
        chosen += sorted(rng.sample(names, min(args.per_area, len(names))))
        print(f"{area}: {min(args.per_area, len(names))} of {len(names)} mutants",
              file=sys.stderr)
    print("\n".join(chosen))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
