"""The study's table: one row per game and ruleset, as CSV (and Parquet with pyarrow).

While a study runs, each batch of finished games is appended to ``games.csv`` and flushed
to disk, so a study that is cancelled or killed keeps every game it finished and can be
resumed from the table: :func:`read` drops a row torn by a crash. When the study ends the
table is written again in the study's order (:func:`write`), so the same study gives the
same file byte for byte whatever ran it. Columns: docs/FORMATS.md, *Study table*.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path

from editor.i18n import _

OK, FAILED = "ok", "failed"
#: Feature kinds with a column of their own; points of any other kind go to ``other``.
FEATURES = ("road", "city", "monastery", "garden", "field", "goods")
POINTS = (*FEATURES, "other")
MAX_SEATS = 6


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game under one ruleset (and tile set): how it went and who won.

    ``scores`` are the final scores by seat; ``winners`` the seats (1-based) with the best
    score; ``margin`` the winner's lead over the next best (0 on a tie); ``points`` the
    points of every player by feature kind; ``pig`` the points of the pig's rules;
    ``winners_without_goods``/``_pig`` who would have won without those points;
    ``rule_points`` the points by rule id.
    """

    source: str
    ruleset: str
    tileset: str
    game: int
    file: str = ""
    seed: int | None = None
    status: str = OK
    error: str = ""
    players: int = 0
    seats: str = ""
    moves: int = 0
    unplaced: int = 0
    unplaced_tiles: str = ""
    scores: tuple[int, ...] = ()
    winners: str = ""
    margin: int = 0
    points: dict[str, int] = field(default_factory=dict)
    pig: int = 0
    winners_without_goods: str = ""
    winners_without_pig: str = ""
    rule_points: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes the row unique in its study: the ruleset, the tile set, and the
        game's number (self-play) or file (corpus)."""
        return self.ruleset, self.tileset, self.file or str(self.game)

    @property
    def ok(self) -> bool:
        """Whether the game was played to its end."""
        return self.status == OK

    def rules(self) -> dict[str, int]:
        """``rule_points`` as rule id → points."""
        found = {}
        for item in self.rule_points.split():
            rule, _, points = item.rpartition("=")
            found[rule] = int(points)
        return found


_SCALARS = [f.name for f in fields(GameResult) if f.name not in ("scores", "points")]
#: The table's columns, in order.
COLUMNS = [*_SCALARS[:_SCALARS.index("winners")],
           *(f"score_{i}" for i in range(1, MAX_SEATS + 1)),
           *_SCALARS[_SCALARS.index("winners"):_SCALARS.index("pig")],
           *(f"points_{k}" for k in POINTS), *_SCALARS[_SCALARS.index("pig"):]]
_INTS = {"game", "seed", "players", "moves", "unplaced", "margin", "pig",
         *(f"score_{i}" for i in range(1, MAX_SEATS + 1)), *(f"points_{k}" for k in POINTS)}


def to_row(result: GameResult) -> dict[str, object]:
    """A result as the table's columns (``None``: empty)."""
    row: dict[str, object] = {name: getattr(result, name) for name in _SCALARS}
    for i in range(MAX_SEATS):
        row[f"score_{i + 1}"] = result.scores[i] if i < len(result.scores) else None
    for kind in POINTS:
        row[f"points_{kind}"] = result.points.get(kind, 0)
    return row


def from_row(row: dict[str, str]) -> GameResult:
    """A result from a row of the CSV table (``ValueError`` when it is not one)."""
    values: dict[str, object] = {}
    for name in COLUMNS:
        text = row[name]
        if text is None:
            raise ValueError(f"no column {name!r}")
        values[name] = (int(text) if text != "" else None) if name in _INTS else text
    scores = tuple(int(str(values.pop(f"score_{i}"))) for i in range(1, MAX_SEATS + 1)
                   if values[f"score_{i}"] is not None)
    points = {k: int(str(values.pop(f"points_{k}"))) for k in POINTS}
    for i in range(len(scores) + 1, MAX_SEATS + 1):
        values.pop(f"score_{i}")
    return GameResult(scores=scores, points=points, **values)  # type: ignore[arg-type]


def _csv(rows: Iterable[GameResult], header: bool) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
    if header:
        writer.writeheader()
    writer.writerows(to_row(r) for r in rows)
    return out.getvalue()


def read(path: Path) -> list[GameResult]:
    """The rows of a table; a last row torn by a crash (or any row that does not read) is
    left out, and the file cut back to the rows that read, so appending goes on cleanly."""
    if not path.exists():
        return []
    data = path.read_bytes()
    lines = data.split(b"\n")[:-1]  # the last piece has no line end: torn, or empty
    if not lines or lines[0].decode("utf-8", "replace").split(",") != COLUMNS:
        raise ValueError(_("{path}: not a study table (its first line is not the columns "
                           "{columns},…)").format(path=path, columns=",".join(COLUMNS[:3])))
    results, kept = [], len(lines[0]) + 1
    for line in lines[1:]:
        try:
            row = next(csv.DictReader(io.StringIO(line.decode("utf-8")), COLUMNS,
                                      strict=True))
            if None in row:
                raise ValueError("more fields than columns")
            results.append(from_row(row))
        except (ValueError, TypeError, csv.Error, StopIteration):
            break
        kept += len(line) + 1
    if kept < len(data):
        with path.open("r+b") as f:
            f.truncate(kept)
    return results


def append(path: Path, rows: Sequence[GameResult]) -> None:
    """Add rows to the end of a table (created with its header), on disk when it returns."""
    new = not path.exists() or path.stat().st_size == 0
    with path.open("a", encoding="utf-8", newline="") as f:
        f.write(_csv(rows, header=new))
        f.flush()
        os.fsync(f.fileno())


def write(path: Path, rows: Sequence[GameResult]) -> None:
    """Write the whole table at once, atomically (the old file stays whole until then)."""
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(_csv(rows, header=True), encoding="utf-8", newline="")
    os.replace(temp, path)


def write_parquet(path: Path, rows: Sequence[GameResult]) -> bool:
    """The table as Parquet; False when pyarrow is not installed."""
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]
    except ImportError:
        return False
    data = [to_row(r) for r in rows]
    schema = pa.schema([(name, pa.int64() if name in _INTS else pa.string())
                        for name in COLUMNS])
    table = pa.Table.from_pylist(data, schema=schema)
    temp = path.with_name(f".{path.name}.tmp")
    pq.write_table(table, temp)
    os.replace(temp, path)
    return True
