"""The table of games: CSV that survives a crash, Parquet beside it (#19.2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from study_support import spec

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.study import table
from editor.study.games import SelfPlayTask, failed, play_chunk
from editor.study.table import COLUMNS, GameResult


@pytest.fixture(scope="module")
def rows(host: PluginHost, catalogue: Catalogue) -> list[GameResult]:
    study = spec(host, catalogue, seats=("random",) * 3)
    played = play_chunk(study, [SelfPlayTask(r, "box", g) for r in study.rulesets
                                for g in (1, 2, 3)])
    return [*played, failed(played[0], "player 'x' (seat 1) raised:\nline two, \"quoted\"")]


def test_rows_read_back_as_they_were_written(tmp_path: Path, rows: list[GameResult]) -> None:
    path = tmp_path / "games.csv"
    table.append(path, rows[:2])
    table.append(path, rows[2:])
    assert table.read(path) == rows
    assert path.read_text(encoding="utf-8").splitlines()[0] == ",".join(COLUMNS)
    assert rows[-1].error == "player 'x' (seat 1) raised: line two, \"quoted\""


def test_a_row_torn_by_a_crash_is_dropped_and_cut_off(tmp_path: Path,
                                                      rows: list[GameResult]) -> None:
    path = tmp_path / "games.csv"
    table.append(path, rows[:3])
    whole = path.read_bytes()
    with path.open("ab") as f:
        f.write(whole.splitlines(keepends=True)[1][:40])  # half a row, no line end
    assert table.read(path) == rows[:3]
    assert path.read_bytes() == whole
    table.append(path, rows[3:])
    assert table.read(path) == rows


def test_a_file_that_is_not_a_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text("name,score\nx,1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a study table"):
        table.read(path)


def test_write_replaces_the_whole_table(tmp_path: Path, rows: list[GameResult]) -> None:
    path = tmp_path / "games.csv"
    table.append(path, rows)
    table.write(path, rows[::-1])
    assert table.read(path) == rows[::-1]
    assert list(tmp_path.iterdir()) == [path]


def test_parquet_holds_the_same_rows(tmp_path: Path, rows: list[GameResult]) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "games.parquet"
    assert table.write_parquet(path, rows)
    data = pq.read_table(path).to_pylist()
    assert data == [table.to_row(r) for r in rows]
    assert pq.read_table(path).schema.field("score_1").type == "int64"
