"""The long fuzz run: structured mutations of every shipped file through ``editor.cli.main``.

Run: python benchmarks/fuzz.py [--cases N] [--loaders boards,puzzles,...] [--commands K]

Each case is a shipped file (board, puzzle, tile set, JCloisterZone save, a board with a
move log and assertions, an expansion XML) with structured mutations
(``tests/trust/trust_fuzz.py``), run through K of the commands that read such files (every
command with ``--commands 0``). A run must end in exit code 0, 1 or 2 with a message naming
the file: an exception, a traceback, another exit code, a hang, a silent failure or a failed
built-in plugin is a failure. Prints, per loader, the cases, command runs, exit codes,
failures and time, then the machine; exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import collections
import os
import platform
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "trust"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import trust_fuzz as fuzz  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from editor.formats.lint import check_tileset  # noqa: E402
from editor.jcz.tiles_xml import JczError, parse_jcz  # noqa: E402

LOADERS = ("boards", "puzzles", "tilesets", "saves", "logs", "xml")


class Tally:
    """What one loader's run found."""

    def __init__(self) -> None:
        self.cases = 0
        self.runs = 0
        self.codes: collections.Counter[int] = collections.Counter()
        self.failures: collections.Counter[str] = collections.Counter()
        self.examples: dict[str, str] = {}
        self.slowest = 0.0

    def case(self, name: str) -> None:
        """Count a case; every 1,000, a line on stderr."""
        self.cases += 1
        if self.cases % 1000 == 0:
            print(f"  {name}: {self.cases:,} cases, {sum(self.failures.values())} failures",
                  file=sys.stderr, flush=True)

    def add(self, outcome: fuzz.Outcome) -> None:
        self.runs += 1
        self.codes[outcome.code] += 1
        self.slowest = max(self.slowest, outcome.seconds)
        if outcome.problems:
            key = signature(outcome)
            self.failures[key] += 1
            self.examples.setdefault(key, fuzz.describe([outcome])[:3000])


def signature(outcome: fuzz.Outcome) -> str:
    """A failure's kind: the command and where it went wrong."""
    problem = outcome.problems[0]
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\w+)', problem)
    last = problem.strip().splitlines()[-1][:100]
    if frames:
        where = f"{Path(frames[-1][0]).name}:{frames[-1][1]} {frames[-1][2]}"
        return f"{outcome.argv[0]}: {last.split(':')[0]} at {where}"
    return f"{outcome.argv[0]}: {re.sub(r'/[^ ]+/', '', last)}"


def logs(folder: Path) -> list[Path]:
    """Boards with a move log: the test saves, imported."""
    boards = []
    for save in fuzz.saves():
        out = folder / f"{save.stem}.board.json"
        if fuzz.run(["import-jcz", str(save), "-o", str(out)]).code == 0:
            boards.append(out)
    return boards


def run_files(name: str, files: list[Path], commands: fuzz.Commands, cases: int, pick: int,
              work: Path, timeout: float, tally: Tally) -> None:
    """``cases`` mutated files, each through ``pick`` of its commands (0: all)."""

    @settings(max_examples=cases, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def case(data: st.DataObject) -> None:
        source = data.draw(st.sampled_from(files))
        content = data.draw(fuzz.file_bytes(fuzz.load(source)))
        every = commands(str(work / source.name), work)
        if pick:
            chosen = data.draw(st.lists(st.sampled_from(range(len(every))), min_size=1,
                                        max_size=pick, unique=True))
        else:
            chosen = list(range(len(every)))
        tally.case(name)
        path = work / source.name
        path.write_bytes(content)
        for i in chosen:
            argv, names = commands(str(path), work)[i]
            outcome = fuzz.run(argv, names, timeout)
            tally.add(outcome)
            if outcome.problems:  # keep the case to look at
                kept = work / "failures" / f"{tally.runs}-{source.name}"
                kept.parent.mkdir(exist_ok=True)
                kept.write_bytes(content)

    case()


def run_xml(cases: int, tally: Tally) -> None:
    """Expansion XML through the designer's import and the tile-set lint."""
    sys.path.insert(0, str(ROOT / "tests" / "trust"))
    from test_fuzz import expansions

    @settings(max_examples=cases, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(expansions())
    def case(xml: bytes) -> None:
        tally.case("xml")
        start = time.perf_counter()
        outcome = fuzz.Outcome(["import-xml"], 0, "", "", 0.0)
        try:
            check_tileset(parse_jcz(xml, file="expansion.xml").data, "expansion.xml")
        except JczError:
            outcome.code = 2
        except Exception as exc:  # what the run is for
            outcome.problems.append(f"exception: {type(exc).__name__}: {exc}")
        outcome.seconds = time.perf_counter() - start
        tally.add(outcome)

    case()


def main_() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--cases", type=int, default=20_000, help="cases per loader")
    parser.add_argument("--loaders", default=",".join(LOADERS),
                        help=f"comma-separated, of {', '.join(LOADERS)}")
    parser.add_argument("--commands", type=int, default=2,
                        help="commands per case, drawn at random (0: every one)")
    parser.add_argument("--timeout", type=float, default=fuzz.TIMEOUT,
                        help="seconds a command may take before it counts as a hang")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="fuzz-"))
    os.environ.setdefault("CARCASSONNE_EDITOR_LOG", str(work / "internal-errors.log"))
    os.environ.setdefault("CARCASSONNE_EDITOR_CACHE", str(work / "cache"))
    sources: dict[str, tuple[list[Path], fuzz.Commands]] = {
        "boards": ([*fuzz.boards(), *fuzz.puzzles()[:3]], fuzz.board_commands),
        "puzzles": (fuzz.puzzles(), fuzz.puzzle_commands),
        "tilesets": (fuzz.tilesets(), fuzz.tileset_commands),
        "saves": (fuzz.saves(), fuzz.save_commands),
        "logs": (logs(Path(tempfile.mkdtemp(prefix="fuzz-logs-"))), fuzz.board_commands),
    }
    failed = False
    print(f"{'loader':<9} {'cases':>7} {'runs':>7}  {'exit 0/1/2':<20} {'failures':>8} "
          f"{'time':>8}  slowest")
    for name in args.loaders.split(","):
        tally = Tally()
        start = time.perf_counter()
        if name == "xml":
            run_xml(args.cases, tally)
        else:
            files, commands = sources[name]
            run_files(name, files, commands, args.cases, args.commands, work, args.timeout,
                      tally)
        seconds = time.perf_counter() - start
        codes = "/".join(f"{tally.codes.get(c, 0):,}" for c in (0, 1, 2))
        bad = sum(tally.failures.values())
        failed |= bad > 0
        print(f"{name:<9} {tally.cases:>7,} {tally.runs:>7,}  {codes:<20} {bad:>8,} "
              f"{seconds:>7.0f}s  {tally.slowest:.2f}s", flush=True)
        for key, count in tally.failures.most_common():
            print(f"    {count:>6} × {key}")
            print("      " + tally.examples[key].replace("\n", "\n      ")[:1500])
    print(f"\nmachine: {platform.platform()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; {args.commands or 'every'} command(s) per case; "
          f"failing cases kept in {work / 'failures'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main_())
