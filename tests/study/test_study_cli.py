"""``carcassonne-editor study``: the report, exit codes, refusals, Ctrl+C and --resume
(#19.1–3)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from study_support import ROOT, mini_tileset

from editor.cli import main, progress

QUICK = ["--player", "random", "--rules", "base:C2", "--rules", "base:C1[rules=2000]",
         "--jobs", "1"]


def test_a_self_play_study_writes_its_report(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    out = tmp_path / "report"
    assert main(["study", "--games", "3", *QUICK, "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Self-play study: 2 rulesets × 1 tile set (box); players random, "
                           "random; seed 1\nPlayed 6 of 6 games")
    assert "Winner changes between rulesets (95 % intervals)" in text
    assert f"Report: {out / 'games.csv'}" in text
    names = {p.name for p in out.iterdir()}
    assert {"study.json", "games.csv", "games.parquet", "summary.json", "summary.txt",
            "points-by-feature.png", "scores.png", "winner-changes.png"} <= names
    assert (out / "summary.txt").read_text(encoding="utf-8") in text
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["format"] == 1 and summary["played"] == 6


def test_a_designer_s_tile_set_is_played_beside_the_box(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    mini = mini_tileset(tmp_path / "my-tiles.json")
    assert main(["study", "--games", "2", *QUICK[:2], "--rules", "base:C2", "--tileset", str(mini),
                 "--out", str(tmp_path / "r"), "--plots", "svg", "--jobs", "1",
                 "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["tilesets"] == ["box", "my-tiles"]
    assert [g["tileset"] for g in data["summary"]["groups"]] == ["box", "my-tiles"]
    assert str(tmp_path / "r" / "scores.svg") in data["files"]


def test_greedy_plays_every_seat_by_default(tmp_path: Path) -> None:
    from editor.cli import build_parser
    from editor.cli.study import _folder

    args = build_parser(["study"]).parse_args(["study", "--players", "3", "--out",
                                               str(tmp_path / "r")])
    assert _folder(args).spec.seats == ("greedy",) * 3


def test_the_default_folder_is_named_after_the_settings(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["study", "--games", "1", *QUICK, "--plots", "none"]) == 0
    assert main(["study", "--games", "1", *QUICK, "--plots", "none", "--seed", "2"]) == 0
    folders = sorted(p.name for p in tmp_path.iterdir())
    assert len(folders) == 2 and all(len(f) == len("study-") + 8 for f in folders)
    assert main(["study", "--games", "1", *QUICK, "--plots", "none"]) == 0  # goes on
    assert len(list(tmp_path.iterdir())) == 2
    assert main(["study", "--games", "1", *QUICK, "--plots", "none", "--seed", "3", "--out",
                 folders[0]]) == 2  # another study: refused


def test_a_corpus_with_unplayable_games_exits_1(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    for name in ("base-game", "river"):
        (saves / f"{name}.jcz").write_bytes((ROOT / "tests/jcz/data" / f"{name}.jcz")
                                            .read_bytes())
    code = main(["study", "--corpus", str(saves), "--rules", "base:C1[rules=2000]", "--rules",
                 "base:C2", "--out", str(tmp_path / "r"), "--plots", "none"])
    text = capsys.readouterr().out
    assert code == 1
    assert text.startswith("Corpus study: 2 rulesets\nPlayed 3 of 4 games (1 failed")
    assert "base:C1[rules=2000] river.jcz: does not replay under base:C1[rules=2000]" in text


@pytest.mark.parametrize(("argv", "message"), [
    (["--players", "7"], "a game has 2 to 6 players, not 7"),
    (["--player", "gredy"], "unknown player 'gredy' (players: random, greedy"),
    (["--player", "random", "--player", "greedy", "--players", "3"],
     "--player given 2 times for 3 players"),
    (["--rules", "base:C9"], "--rules 'base:C9': unknown edition 'base:C9'"),
    (["--games", "0"], "--games must be at least 1, not 0"),
    (["--tileset", "nowhere.json"], "--tileset 'nowhere.json': no such file"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--resume", "nowhere"], "nowhere holds no study to resume"),
    (["--corpus", "nowhere"], "--corpus 'nowhere': not a folder"),
    (["--corpus", ".", "--player", "random", "--seed", "3"],
     "--player, --seed: for self-play; a corpus replays its games as they were played"),
])
def test_what_cannot_run_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 argv: list[str], message: str) -> None:
    assert main(["study", *argv, "--out", str(tmp_path / "r")] if "--resume" not in argv
                else ["study", *argv]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "r" / "games.csv").exists()


def test_resume_takes_only_settings_that_keep_the_games(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    out = str(tmp_path / "r")
    assert main(["study", "--games", "2", *QUICK, "--out", out, "--plots", "none"]) == 0
    assert main(["study", "--resume", out, "--rules", "base:C3"]) == 2
    assert "--resume goes on with the study's own settings" in capsys.readouterr().err
    assert main(["study", "--resume", out, "--games", "3", "--jobs", "1", "--plots",
                 "none"]) == 0
    assert "Played 6 of 6 games" in capsys.readouterr().out


def test_an_unreachable_scheduler_exits_2(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr("editor.study.executors.CONNECT_TIMEOUT", 1)
    assert main(["study", "--games", "1", *QUICK[:-2], "--scheduler", "tcp://127.0.0.1:9",
                 "--out", str(tmp_path / "r")]) == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_a_bar_counts_the_games_at_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Terminal()
    monkeypatch.setattr(sys, "stdout", Terminal())
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(progress, "DELAY", 0)
    monkeypatch.delenv("CARCASSONNE_EDITOR_PROGRESS", raising=False)
    assert main(["study", "--games", "2", *QUICK, "--out", str(tmp_path / "r"),
                 "--plots", "none"]) == 0
    assert "games: " in err.getvalue() and "/4 " in err.getvalue()


def test_ctrl_c_cancels_and_resume_finishes(tmp_path: Path) -> None:
    out = tmp_path / "r"
    argv = [sys.executable, "-m", "editor", "study", "--games", "150", "--player", "random",
            "--rules", "base:C2", "--out", str(out), "--jobs", "1", "--plots", "none"]
    study = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    table = out / "games.csv"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not table.exists() or table.stat().st_size < 4000):
        time.sleep(0.05)
    study.send_signal(signal.SIGINT)
    stdout, stderr = study.communicate(timeout=60)
    assert study.returncode == 130, stderr
    assert "cancelling after the games being played" in stderr
    assert f"go on with: carcassonne-editor study --resume {out}" in stderr
    assert "Traceback" not in stderr
    played = len(table.read_text(encoding="utf-8").splitlines()) - 1
    assert 0 < played < 150 and f"Played {played} of 150 games" in stdout
    assert main(["study", "--resume", str(out), "--jobs", "1", "--plots", "none"]) == 0
    assert len(table.read_text(encoding="utf-8").splitlines()) == 151
