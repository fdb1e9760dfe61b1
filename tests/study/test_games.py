"""Self-play games: reproducible, scored in full, players that misbehave reported (#19.1)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from study_support import mini_tileset, spec

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.rules.engine import Engine
from editor.rules.moves import Turn
from editor.rules.selfplay import new_board, random_game
from editor.study import StudyError, games
from editor.study.games import Context, SelfPlayTask, game_seed, play_chunk
from editor.study.players import GreedyPlayer, Situation
from editor.study.table import FEATURES

RULESETS = ("base:C1[rules=2001]", "base:C2", "base:C3", "traders-builders:C1",
            "traders-builders:C2", "traders-builders:C3.1")


def test_a_game_is_the_same_in_a_fresh_worker(host: PluginHost, catalogue: Catalogue) -> None:
    study = spec(host, catalogue)
    task = SelfPlayTask("base:C2", "box", 3)
    first = play_chunk(study, [task])
    games._contexts().clear()  # another process: nothing built yet
    assert play_chunk(study, [SelfPlayTask("base:C2", "box", 1), task])[1:] == first
    other = play_chunk(spec(host, catalogue, seed=8), [task])
    assert other[0].seed != first[0].seed and other[0].scores != first[0].scores


def test_seeds_depend_on_the_study_seed_and_the_game_alone() -> None:
    assert game_seed(1, 2) == game_seed(1, 2)
    assert len({game_seed(s, g) for s in range(5) for g in range(50)}) == 250
    assert 0 <= game_seed(123, 456) < 2 ** 63


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_point_is_counted_once_by_feature(host: PluginHost, catalogue: Catalogue,
                                                ruleset: str) -> None:
    study = spec(host, catalogue, rulesets=(ruleset,), seats=("random",) * 3)
    for row in play_chunk(study, [SelfPlayTask(study.rulesets[0], "box", g) for g in (1, 2)]):
        assert row.ok, row.error
        assert sum(row.points.values()) == sum(row.scores) > 0
        assert sum(row.rules().values()) == sum(row.scores)
        assert set(row.points) <= {*FEATURES, "other"}
        best = max(row.scores)
        assert row.winners == " ".join(str(i + 1) for i, s in enumerate(row.scores)
                                       if s == best)
        assert row.margin == best - sorted(row.scores)[-2]
        assert row.moves > 0


def test_the_tiles_put_aside_and_played_make_the_box(host: PluginHost,
                                                     catalogue: Catalogue) -> None:
    study = spec(host, catalogue, rulesets=("base:C2",), games=12)
    rows = play_chunk(study, [SelfPlayTask("base:C2", "box", g) for g in range(1, 13)])
    assert all(r.moves + r.unplaced == 71 for r in rows)  # 72 tiles, less the start tile
    aside = [r for r in rows if r.unplaced]
    assert all(len(r.unplaced_tiles.split()) == r.unplaced for r in rows)
    assert all(ref.startswith("base-c2/") for r in aside for ref in r.unplaced_tiles.split())


def test_goods_and_pigs_are_counted_and_decide(host: PluginHost, catalogue: Catalogue) -> None:
    study = spec(host, catalogue, rulesets=("traders-builders:C2",), games=8)
    rows = play_chunk(study, [SelfPlayTask(study.rulesets[0], "box", g) for g in range(1, 9)])
    assert all(r.points["goods"] % 10 == 0 for r in rows)
    assert sum(r.points["goods"] for r in rows) > 0
    for r in rows:
        pig = sum(p for rule, p in r.rules().items() if ".pig." in rule)
        assert r.pig == pig
        if not r.points["goods"]:
            assert r.winners_without_goods == r.winners


def test_a_base_tile_set_replaces_the_box_and_another_joins_it(
        host: PluginHost, catalogue: Catalogue, tmp_path: Path) -> None:
    mini = mini_tileset(tmp_path / "mini.json")
    extra = mini_tileset(tmp_path / "extra.json", part="custom")
    study = spec(host, catalogue, rulesets=("base:C2",), tilesets=(str(mini), str(extra)))
    assert [t.label for t in study.tilesets] == ["box", "mini", "extra"]
    small, more = play_chunk(study, [SelfPlayTask("base:C2", "mini", 1),
                                     SelfPlayTask("base:C2", "extra", 1)])
    assert small.moves + small.unplaced == 9  # 10 tiles, less the start tile
    assert more.moves + more.unplaced == 71 + 10


def test_a_built_in_tile_set_by_id(host: PluginHost, catalogue: Catalogue) -> None:
    study = spec(host, catalogue, rulesets=("base:C2",), tilesets=("base-c1",))
    row, = play_chunk(study, [SelfPlayTask("base:C2", "base-c1", 1)])
    assert row.ok and row.points.get("garden", 0) == 0  # C1 tiles have no gardens


def test_bad_tile_sets_and_seats_are_refused(host: PluginHost, catalogue: Catalogue,
                                             tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1, "id": "x"}', encoding="utf-8")
    with pytest.raises(StudyError, match=r"broken.json::\$"):
        spec(host, catalogue, tilesets=(str(broken),))
    with pytest.raises(StudyError, match="no such file and no tile set"):
        spec(host, catalogue, tilesets=("nowhere.json",))
    with pytest.raises(StudyError, match="2 to 6 players, not 7"):
        spec(host, catalogue, seats=("random",) * 7)
    with pytest.raises(StudyError, match="base:C2 is given twice"):
        spec(host, catalogue, rulesets=("base:C2", "base:C2"))
    with pytest.raises(StudyError, match="unknown edition"):
        spec(host, catalogue, rulesets=("base:C9",))


@pytest.mark.parametrize(("player", "message"), [
    ("study_support:Crasher", "player 'study_support:Crasher' (seat 2) raised ValueError: "
                              "out of ideas"),
    ("study_support:Cheater", "player 'study_support:Cheater' (seat 2) chose an illegal move"),
    ("study_support:Meddler", "player 'study_support:Meddler' (seat 2) changed the board"),
    ("study_support:Nobody", "player 'study_support:Nobody' failed to load: AttributeError"),
])
def test_a_player_that_misbehaves_fails_its_game_only(host: PluginHost, catalogue: Catalogue,
                                                      player: str, message: str) -> None:
    study = spec(host, catalogue, seats=("random", player), rulesets=("base:C2",))
    rows = play_chunk(study, [SelfPlayTask("base:C2", "box", g) for g in (1, 2)])
    assert [r.status for r in rows] == ["failed", "failed"]
    assert all(r.error.startswith(message) for r in rows), rows[0].error


def test_a_player_named_by_import_path_plays(host: PluginHost, catalogue: Catalogue) -> None:
    study = spec(host, catalogue, seats=("random", "editor.study.players:RandomPlayer"))
    row, = play_chunk(study, [SelfPlayTask("base:C2", "box", 1)])
    assert row.ok and row.seats == "random editor.study.players:RandomPlayer"


def test_greedy_takes_the_best_margin(host: PluginHost, catalogue: Catalogue) -> None:
    rules = host.ruleset("base:C2")
    engine = Engine(rules)
    context = Context(spec(host, catalogue, rulesets=("base:C2",)))
    rng = random.Random(5)
    board = new_board(engine, 2)
    box = context.boxes[("base:C2", "box")]
    for _ in random_game(engine, box, rng, board=board, tiles=25):
        pass
    tile = next(t for t in box.tiles if engine.legal_placements(board, t))
    mark = board.mark()
    move = GreedyPlayer().choose(Situation(board, engine, context.catalogues["box"], tile, 1,
                                           Turn(1), random.Random(1)))
    assert board.mark() == mark

    def margin(m: object) -> int:
        result = engine.apply(board, m, Turn(1), check=False)  # type: ignore[arg-type]
        engine.final_scoring(board)
        scores = [p.score for p in board.players]
        engine.undo(board, result)
        return scores[1] - scores[0]

    best = max(margin(m) for m in engine.legal_moves(board, tile, 1))
    assert margin(move) == best


def test_a_plugin_failure_fails_its_game_and_the_next_starts_afresh(
        host: PluginHost, catalogue: Catalogue) -> None:
    study = spec(host, catalogue, seats=("study_support:Reporter", "random"),
                 rulesets=("base:C2",))
    first, second = play_chunk(study, [SelfPlayTask("base:C2", "box", g) for g in (1, 2)])
    assert first.status == "failed"
    assert first.error == ("plugin 'test-plugin' failed in hook carcassonne_final_scoring: "
                           "RuntimeError: boom (edition base:C2 disabled)")
    assert second.ok  # the edition the failure disabled is back in a new context
    assert not games.context(study).host.disabled
