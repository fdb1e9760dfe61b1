"""A corpus: every save and board with a move log of a folder, replayed under each ruleset
(#19.1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from editor.cli import main
from editor.plugins import PluginHost
from editor.study import StudyError, StudyFolder
from editor.study.executors import Inline, ProcessPool
from editor.study.spec import corpus

ROOT = Path(__file__).resolve().parents[2]
SAVES = ROOT / "tests" / "jcz" / "data"
RULESETS = ("base:C1[rules=2000]", "base:C2", "traders-builders:C2")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    games = tmp_path_factory.mktemp("saves")
    for name in ("base-game", "builder-and-pig", "river", "other-expansion"):
        shutil.copy(SAVES / f"{name}.jcz", games / f"{name}.jcz")
    (games / "club").mkdir()
    assert main(["import-jcz", str(SAVES / "tiny-city.jcz"), "-o",
                 str(games / "club" / "tiny.board.json")]) == 0
    shutil.copy(ROOT / "samples" / "first-steps.board.json", games / "club" / "plain.json")
    shutil.copy(ROOT / "tilesets" / "river-c2.json", games / "river-tiles.json")
    (games / "broken.json").write_text("{not json", encoding="utf-8")
    (games / "notes.txt").write_text("not a game", encoding="utf-8")
    return games


def test_every_file_is_replayed_under_every_ruleset(host: PluginHost, folder: Path,
                                                    tmp_path: Path) -> None:
    study = StudyFolder.create(tmp_path / "study", corpus(host, str(folder), RULESETS))
    outcome = study.run(Inline(), plots=())
    scores = {(r.file, r.ruleset): r.scores for r in outcome.rows if r.ok}
    assert scores == {
        ("base-game.jcz", "base:C1[rules=2000]"): (8, 7),
        ("base-game.jcz", "base:C2"): (7, 9),
        ("base-game.jcz", "base:C2 + traders-builders:C2"): (7, 9),
        ("builder-and-pig.jcz", "base:C2 + traders-builders:C2"): (5, 4),
        ("club/tiny.board.json", "base:C1[rules=2000]"): (8,),
        ("club/tiny.board.json", "base:C2"): (10,),
        ("club/tiny.board.json", "base:C2 + traders-builders:C2"): (10,),
        ("river.jcz", "base:C2"): (7, 11),
        ("river.jcz", "base:C2 + traders-builders:C2"): (7, 11),
    }
    errors = {(r.file, r.ruleset): r.error for r in outcome.rows if not r.ok}
    assert errors[("river.jcz", "base:C1[rules=2000]")].startswith(
        "does not replay under base:C1[rules=2000]: move ")
    assert "has no figure 'abbot'" in errors[("river.jcz", "base:C1[rules=2000]")]
    assert errors[("broken.json", "base:C2")].startswith("not valid JSON")
    assert ("other-expansion.jcz", "base:C2") in errors
    assert len(outcome.rows) == 6 * 3
    summary = outcome.summary
    assert summary["skipped"] == [{"file": "club/plain.json", "reason":
                                   "a board without a move log"},
                                  {"file": "river-tiles.json", "reason": "not a save nor a board"}]
    first = summary["pairs"][0]
    assert (first["a"], first["b"], first["games"], first["changed"]) == \
        ("base:C1[rules=2000]", "base:C2", 2, 1)  # base-game: 8–7, then 7–9


def test_a_pool_replays_the_same(host: PluginHost, folder: Path, tmp_path: Path) -> None:
    study = corpus(host, str(folder), RULESETS)
    one = StudyFolder.create(tmp_path / "one", study)
    one.run(Inline(), plots=())
    two = StudyFolder.create(tmp_path / "two", study)
    two.run(ProcessPool(2), plots=())
    assert one.table.read_bytes() == two.table.read_bytes()


def test_a_corpus_must_be_a_folder(host: PluginHost, tmp_path: Path) -> None:
    with pytest.raises(StudyError, match="not a folder"):
        corpus(host, str(tmp_path / "missing"), RULESETS)
