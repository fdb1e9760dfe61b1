"""``study``: many games under several rulesets and tile sets, played by simulated players
or read from a folder of saves, summarised in a table, a summary and plots.

Exit codes: 0 every game played; 1 some games could not be played (listed in the summary);
2 the command line, a tile set, the folder or the scheduler is wrong; 130 cancelled with
Ctrl+C (the games played so far stay in the table: ``--resume`` goes on from there).
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from types import FrameType
from typing import Any

from editor.i18n import _, ngettext

from .common import add_format, add_rules, print_json
from .completion import tileset_ids, with_completer

PROG = "carcassonne-editor study"
EXIT_CANCELLED = 130


def register(subparsers: Any) -> None:
    """Add the ``study`` subcommand."""
    parser = subparsers.add_parser(
        "study", help=_("many games under several rulesets: a table, a summary and plots"),
        description=_("Play N games per ruleset and tile set with simulated players (self-play, "
        "the default), or replay every .jcz save and board with a move log of a folder "
        "(--corpus) under each ruleset, on every core (or a Dask cluster). Writes the table of "
        "games (games.csv, and games.parquet with pyarrow), the summary (summary.txt, "
        "summary.json) and plots (with matplotlib) into the report folder; the same seed gives "
        "the same table whatever runs it. Exit codes: 0 every game played, 1 some games could "
        "not be played, 2 the command line, a tile set, a folder or the scheduler is wrong, "
        "130 cancelled (Ctrl+C; --resume goes on)."))
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--games", type=int, metavar="N",
                        help=_("self-play games per ruleset and tile set (default: 100)"))
    source.add_argument("--corpus", metavar="DIR",
                        help=_("replay every .jcz save and board with a move log in DIR and its "
                        "subfolders under each ruleset"))
    parser.add_argument("--resume", metavar="DIR",
                        help=_("go on with the study in the report folder DIR (its games in the "
                        "table are kept; with --games N, play up to N)"))
    add_rules(parser, many=True,
              default=_("every base edition, C1 in each of its rules versions"))
    with_completer(parser.add_argument(
        "--tileset", action="append", default=[], metavar="TILESET",
        help=_("also play with this tile set: a file or a tile set id (repeatable); a base "
        "game set replaces the ruleset's base tiles, any other joins them; the ruleset's own "
        "tiles are always played too, as 'box'")), tileset_ids)
    parser.add_argument("--players", type=int, metavar="N",
                        help=_("players per self-play game, 2 to 6 (default: 2)"))
    parser.add_argument("--player", action="append", metavar="KIND",
                        help=_("a simulated player: random, greedy (the best margin after this "
                        "tile and final scoring), a plugin's, or package.module:Name; once for "
                        "every seat or once per seat (default: greedy)"))
    parser.add_argument("--seed", type=int, metavar="N",
                        help=_("the study's seed: each game's is drawn from it (default: 1)"))
    parser.add_argument("--out", metavar="DIR",
                        help=_("the report folder (default: study-XXXXXXXX, named after the "
                        "study's settings)"))
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, metavar="N",
                       help=_("worker processes (default: every core; 1 plays in this process)"))
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help=_("a Dask distributed scheduler, e.g. tcp://host:8786 (pip install "
                       "'carcassonne-editor[cluster]'; every worker needs this program and "
                       "its plugins)"))
    parser.add_argument("--plots", choices=("png", "svg", "both", "none"), default="png",
                        help=_("plot files to draw (default: png; needs matplotlib)"))
    add_format(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Set up the study, play it, report."""
    from editor.study import StudyError

    try:
        folder = _folder(args)
        executor = _executor(args, folder)
    except StudyError as exc:
        return _fail(args, str(exc))
    return _play(args, folder, executor)


def _folder(args: argparse.Namespace) -> Any:
    from editor.plugins import default_host
    from editor.study import StudyError, StudyFolder, spec
    from editor.workspace import catalogue

    if args.resume:
        if (args.rules or args.tileset or args.player or args.out or args.corpus
                or args.players or args.seed is not None):
            raise StudyError(_("--resume goes on with the study's own settings: give only "
                               "--games, --jobs, --scheduler, --plots or --format with it"))
        return StudyFolder.open(Path(args.resume), args.games)
    host = default_host()
    if args.corpus:
        given = [name for name, value in (("--tileset", args.tileset), ("--player", args.player),
                                          ("--players", args.players), ("--seed", args.seed))
                 if value]
        if given:
            raise StudyError(_("{options}: for self-play; a corpus replays its games as they "
                               "were played").format(options=", ".join(given)))
        study = spec.corpus(host, args.corpus, args.rules or ())
    else:
        kinds = args.player or ["greedy"]
        players = args.players or 2
        if len(kinds) not in (1, players):
            raise StudyError(ngettext(
                "--player given {n} time for {players} players: give it once for every seat, "
                "or once per seat",
                "--player given {n} times for {players} players: give it once for every seat, "
                "or once per seat", len(kinds)).format(n=len(kinds), players=players))
        study = spec.self_play(host, catalogue(host), rulesets=args.rules or (),
                               tilesets=args.tileset, seats=_seats(kinds, players),
                               games=100 if args.games is None else args.games,
                               seed=1 if args.seed is None else args.seed)
    out = Path(args.out) if args.out else Path(f"study-{study.digest()}")
    return StudyFolder.create(out, study)


def _seats(kinds: list[str], players: int) -> list[str]:
    from editor.study import StudyError
    from editor.study.players import PlayerError, load

    seats = kinds * players if len(kinds) == 1 else kinds
    for kind in dict.fromkeys(seats):
        try:
            load(kind)
        except PlayerError as exc:
            raise StudyError(str(exc)) from exc
    return seats


def _executor(args: argparse.Namespace, folder: Any) -> Any:
    from editor.plugins import default_host
    from editor.study.executors import DaskCluster, executor_for

    executor = executor_for(args.jobs, args.scheduler)
    if isinstance(executor, DaskCluster):
        study = folder.spec
        host = default_host()
        editions = {e.name for name in study.rulesets for e in host.ruleset(name).editions}
        try:
            executor.check(study, editions)
        except Exception:
            executor.close()
            raise
    return executor


def _play(args: argparse.Namespace, folder: Any, executor: Any) -> int:
    from editor.study import StudyError
    from editor.study.summary_text import render

    from . import diagnostics
    from .progress import counter

    diagnostics.log.debug("study in %s on %s", folder.path, executor.description)
    if folder.resumed or args.resume:
        print(_("{prog}: going on with the study in {folder}: the games in its table are "
                "kept").format(prog=PROG, folder=folder.path), file=sys.stderr)
    stop = threading.Event()
    plots = {"both": ("png", "svg"), "none": ()}.get(args.plots, (args.plots,))
    with ExitStack() as stack:
        bar: list[Any] = []

        def progress(state: Any) -> None:
            if not bar:
                bar.append(stack.enter_context(counter("games", state.total, unit="games",
                                                       output_format=args.format)))
            bar[0](state.done)

        restore = _on_interrupt(stop)
        try:
            outcome = folder.run(executor, progress, stop.is_set, plots)
        except StudyError as exc:
            return _fail(args, str(exc))
        finally:
            restore()
    summary = outcome.summary
    code = EXIT_CANCELLED if not outcome.complete else 1 if summary["failed"] else 0
    notes = [n for n in (outcome.plots_note, outcome.parquet_note) if n]
    if not outcome.complete:
        notes.append(ngettext(
            "cancelled: {done} of {planned} game is in {table}; go on with: {prog} --resume "
            "{folder}",
            "cancelled: {done} of {planned} games are in {table}; go on with: {prog} --resume "
            "{folder}", summary["planned"]).format(
                done=summary["played"] + summary["failed"], planned=summary["planned"],
                table=folder.table, prog=PROG, folder=folder.path))
    if args.format == "json":
        print_json({"study": str(folder.path), "executor": executor.description,
                    "complete": outcome.complete, "exit": code,
                    "files": [str(p) for p in outcome.files], "notes": notes,
                    "summary": summary})
    else:
        print(render(summary))
        print()
        print("Report: " + ", ".join(str(p) for p in outcome.files))
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
    return code


def _on_interrupt(stop: threading.Event) -> Callable[[], None]:
    """Ctrl+C cancels the study (the report is still written); a second one stops at once.
    Returns what puts the previous handler back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def cancel(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()
        print("\n" + _("{prog}: cancelling after the games being played (Ctrl+C again to "
                       "stop now)").format(prog=PROG), file=sys.stderr)

    previous = signal.signal(signal.SIGINT, cancel)

    def restore() -> None:
        signal.signal(signal.SIGINT, previous)

    return restore


def _fail(args: argparse.Namespace, message: str) -> int:
    if args.format == "json":
        print_json({"exit": 2, "error": message})
    print(f"{PROG}: {message}", file=sys.stderr)
    return 2
