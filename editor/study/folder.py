"""A study in its report folder: what it plays (``study.json``), its table (``games.csv``,
``games.parquet``), its summary (``summary.json``, ``summary.txt``) and its plots.

A study started again in its folder goes on where it stopped (the games in its table are
kept, the others played); a folder that holds another study is refused.
:meth:`StudyFolder.open` resumes the study of a folder from its ``study.json`` alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from editor.formats.jsonio import read_json, write_json_atomic
from editor.i18n import _

from . import corpus, runner, table
from .executors import Executor
from .games import SelfPlayTask, Task
from .runner import Progress
from .spec import CORPUS, FORMAT, StudyError, StudySpec
from .summary import summarise
from .table import GameResult

SPEC = "study.json"
TABLE = "games.csv"
PARQUET = "games.parquet"
SUMMARY = "summary.json"
TEXT = "summary.txt"


@dataclass(slots=True)
class Outcome:
    """How a run of a study went and what it wrote."""

    complete: bool
    rows: list[GameResult]
    retried: int
    summary: dict[str, Any]
    files: list[Path] = field(default_factory=list)
    #: why there are no plots (matplotlib missing), or ""
    plots_note: str = ""
    parquet_note: str = ""


class StudyFolder:
    """A study and the folder holding its report."""

    def __init__(self, path: Path, spec: StudySpec) -> None:
        self.path = path
        self.spec = spec
        self.skipped: list[dict[str, str]] = []
        #: the folder held this study already: its games are kept
        self.resumed = False

    @property
    def table(self) -> Path:
        """The CSV table."""
        return self.path / TABLE

    @classmethod
    def create(cls, path: Path, spec: StudySpec) -> StudyFolder:
        """The study in ``path``: a new one, or the same study started there before, which
        goes on (``resumed``) with perhaps more or fewer games; ``StudyError`` when ``path``
        holds another study."""
        if (path / TABLE).exists():
            found = cls.open(path) if (path / SPEC).exists() else None
            if found is None or not found.spec.same_games(spec):
                raise StudyError(_("{path} holds another study ({file}): give another "
                                   "folder with --out, or go on with that one with --resume "
                                   "{path}").format(path=path, file=path / TABLE))
            if found.spec != spec:
                write_json_atomic(path / SPEC, spec.to_json())
            made = cls(path, spec)
            made.resumed = True
            return made
        if path.exists() and not path.is_dir():
            raise StudyError(_("{path} is a file, not a folder").format(path=path))
        try:
            path.mkdir(parents=True, exist_ok=True)
            write_json_atomic(path / SPEC, spec.to_json())
        except OSError as exc:
            raise StudyError(_("cannot write the study into {path}: {error}").format(
                path=path, error=exc.strerror or exc)) from exc
        return cls(path, spec)

    @classmethod
    def open(cls, path: Path, games: int | None = None) -> StudyFolder:
        """The study in ``path``, to resume (``games`` more or fewer than it had)."""
        data, findings = read_json(path / SPEC)
        if findings:
            raise StudyError(_("{path} holds no study to resume: {error} ({file})").format(
                path=path, error=findings[0].message, file=path / SPEC))
        try:
            spec = StudySpec.from_json(data)
        except StudyError as exc:
            raise StudyError(f"{path / SPEC}: {exc}") from exc
        if games is not None and games != spec.games:
            if spec.source == CORPUS:
                raise StudyError(_("--games is for self-play, and this study is of a "
                                   "corpus"))
            spec = replace(spec, games=games)
            write_json_atomic(path / SPEC, spec.to_json())
        return cls(path, spec)

    # -- what to play ----------------------------------------------------------------------

    def _keys(self) -> set[tuple[str, str, str]]:
        """The keys of every row the study has (the rows of a resumed study with fewer
        games, or of files gone from its corpus, are dropped)."""
        spec = self.spec
        if spec.source == CORPUS:
            folder = Path(spec.corpus)
            files = corpus.files(folder) if folder.is_dir() else []
            return {(r, "", f) for f in files for r in spec.rulesets}
        return {(r, t.label, str(g)) for t in spec.tilesets for r in spec.rulesets
                for g in range(1, spec.games + 1)}

    def _tasks(self, done: set[tuple[str, str, str]]) -> tuple[list[Any], int]:
        """The tasks not in ``done`` (a corpus's files are read again as they are sent) and
        the rows of the complete study."""
        spec = self.spec
        if spec.source != CORPUS:
            tasks: list[Any] = [SelfPlayTask(r, t.label, g) for t in spec.tilesets
                                for r in spec.rulesets for g in range(1, spec.games + 1)
                                if (r, t.label, str(g)) not in done]
            return tasks, spec.games * len(spec.rulesets) * len(spec.tilesets)
        folder = Path(spec.corpus)
        if not folder.is_dir():
            raise StudyError(_("the study's corpus {folder} is not a folder any more").format(
                folder=folder))
        todo, games = [], 0
        self.skipped = []
        for number, path in enumerate(corpus.files(folder), 1):
            if all((r, "", path) in done for r in spec.rulesets):
                games += 1
                continue
            found = corpus.task(folder, number, path)
            if isinstance(found, str):
                self.skipped.append({"file": path, "reason": found})
            else:
                todo.append((number, path))
                games += 1
        return todo, games * len(spec.rulesets)

    def _stream(self, todo: list[Any]) -> Iterator[Task]:
        if self.spec.source != CORPUS:
            yield from todo
            return
        folder = Path(self.spec.corpus)
        for number, path in todo:
            found = corpus.task(folder, number, path)
            if not isinstance(found, str):
                yield found

    # -- running ---------------------------------------------------------------------------

    def run(self, executor: Executor, progress: Callable[[Progress], None] | None = None,
            cancelled: Callable[[], bool] = lambda: False,
            plots: Sequence[str] = ("png",)) -> Outcome:
        """Play every game not in the table yet (failed ones again), then write the
        report."""
        try:
            found = table.read(self.table)
        except (OSError, ValueError) as exc:
            raise StudyError(_("cannot read the study's table: {error}").format(
                error=exc)) from exc
        rows: list[GameResult] = []
        seen: set[tuple[str, str, str]] = set()
        wanted = self._keys()
        for r in found:
            if r.ok and r.key not in seen and r.key in wanted:
                rows.append(r)
                seen.add(r.key)
        if len(rows) < len(found):
            table.write(self.table, rows)
        todo, planned = self._tasks(seen)
        state = Progress(len(rows), planned)

        def record(batch: Sequence[GameResult]) -> None:
            new = [r for r in batch if r.key not in seen]
            seen.update(r.key for r in new)
            if new:
                table.append(self.table, new)
                rows.extend(new)
            state.done = len(rows)
            state.failed += sum(1 for r in new if not r.ok)
            if progress is not None:
                progress(state)

        if progress is not None:
            progress(state)
        state.retried, complete = runner.run(self.spec, self._stream(todo), len(todo),
                                             executor, record, cancelled)
        return self.report(rows, complete, state.retried, planned, plots)

    def order(self, rows: Sequence[GameResult]) -> list[GameResult]:
        """Rows in the study's order: tile set, ruleset, then game or file."""
        tiles = {t.label: i for i, t in enumerate(self.spec.tilesets)}
        rules = {r: i for i, r in enumerate(self.spec.rulesets)}
        return sorted(rows, key=lambda r: (tiles.get(r.tileset, -1), rules.get(r.ruleset, -1),
                                           r.file, r.game))

    def report(self, rows: Sequence[GameResult], complete: bool, retried: int,
               planned: int, plots: Sequence[str] = ("png",)) -> Outcome:
        """Write the table in order, the Parquet table, the summary and the plots."""
        from .plots import PlotsUnavailable, write_plots
        from .summary_text import render

        rows = self.order(rows)
        table.write(self.table, rows)
        summary = summarise(self.spec, rows, planned, self.skipped)
        summary["retried"] = retried
        outcome = Outcome(complete, rows, retried, summary, [self.table])
        if table.write_parquet(self.path / PARQUET, rows):
            outcome.files.append(self.path / PARQUET)
        else:
            outcome.parquet_note = _("no Parquet table: pyarrow is not installed (pip "
                                     "install 'carcassonne-editor[study]')")
        try:
            outcome.files += write_plots(summary, rows, self.path, plots)
        except PlotsUnavailable as exc:
            outcome.plots_note = str(exc)
        write_json_atomic(self.path / SUMMARY, {"format": FORMAT, **summary})
        (self.path / TEXT).write_text(render(summary) + "\n", encoding="utf-8")
        outcome.files += [self.path / SUMMARY, self.path / TEXT]
        return outcome
