"""``export-jcz``: boards as JCloisterZone saves. The round trip import-jcz(export-jcz(board))
gives the same tiles, figures, players and scores, for random legal games and every shipped
puzzle JCloisterZone can express; what it cannot express is refused with every reason."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_games import GAMES
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from test_engine_games import board_file

from editor.cli import main
from editor.formats import schemas
from editor.formats.boards import save_position
from editor.jcz import convert, parse_save, restore
from editor.jcz.export import export_position, location
from editor.jcz.mapping import segment_for
from editor.jcz.replay import replay
from editor.model.board import Board
from editor.model.players import Figure, Player
from editor.model.position import Position
from editor.model.tiles import RIVER
from editor.rules.engine import Engine
from editor.rules.legality import figure_states
from editor.rules.movelog import entry_of
from editor.rules.selfplay import box, random_game
from editor.workspace import open_position

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.board.json"))
EXPORTABLE = ["base:C1[rules=2002]", "base:C1[rules=2000]", "base:C1[farms=2002,small_city=on]",
              "base:C2", "base:C3", "base:C1[rules=2002] + traders-builders:C1",
              "base:C2 + traders-builders:C2", "base:C3 + traders-builders:C3"]


def state(position: Position):
    board = position.board
    return (sorted((p.tile.ref, p.x, p.y, p.rotation) for p in board),
            sorted(figure_states(board)),
            [(p.name, p.colour, p.score, {k: n for k, n in p.goods.items() if n},
              {k: n for k, n in p.supply.items() if n}) for p in board.players])


def round_trip(position: Position, host, catalogue) -> tuple[Position, dict]:
    """import-jcz(export-jcz(position)), through the save's JSON text."""
    exported = export_position(position, catalogue, host, "board.json")
    assert exported.save is not None, [str(f) for f in exported.errors]
    text = json.dumps(exported.save)
    save, problems = parse_save(json.loads(text), "board.jcz")
    assert save is not None, problems
    conversion = convert(save, catalogue, host)
    assert conversion.position is not None, [str(f) for f in conversion.errors]
    back = conversion.position
    played = replay(back, host.ruleset([(e, {}) for e in back.editions], back.options),
                    catalogue)
    back.board = played.board_at(len(played.steps))
    assert conversion.editor is not None
    restore(back, conversion.editor)
    return back, exported.save


def rules_name(host, position: Position) -> str:
    return host.ruleset([(e, {}) for e in position.editions], position.options).name


@pytest.mark.parametrize("spec", EXPORTABLE)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_round_trip(host, catalogue, spec, seed):
    rng = random.Random(seed)
    rules = host.ruleset(spec)
    played = list(random_game(Engine(rules), box(catalogue, rules), rng,
                              players=rng.choice([2, 3]), tiles=25, figure_rate=0.7))
    board = played[-1][0]
    position = Position(board=board, editions=[e.name for e in rules.editions],
                        options={k: dict(v) for k, v in rules.options.items()},
                        moves=[entry_of(r.move) for _, r in played])
    back, save = round_trip(position, host, catalogue)
    assert state(back) == state(position)
    assert rules_name(host, back) == rules.name
    assert back.moves == position.moves
    places = [m for m in save["replay"] if m["type"] == "PLACE_TILE"]
    assert len(places) == len(position.moves)
    assert save["gameAnnotations"]["drawOrder"] == [m["payload"]["tileId"] for m in places]


def shipped(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", SAMPLES, ids=shipped)
def test_every_shipped_board_round_trips_or_is_refused_with_reasons(host, catalogue, path):
    position, _ = open_position(path)
    assert position is not None
    exported = export_position(position, catalogue, host, str(path))
    if exported.save is None:
        assert exported.errors and all(f.message for f in exported.errors)
        return
    back, save = round_trip(position, host, catalogue)
    assert state(back) == state(position)
    assert rules_name(host, back) == rules_name(host, position)
    assert back.moves == position.moves and back.puzzle == position.puzzle
    if position.puzzle is not None:
        hand = [catalogue.tile(t) for t in position.puzzle["hand"]]
        draw = save["gameAnnotations"]["drawOrder"]
        assert draw[len(draw) - len(hand):] == [next(a for a in t.aliases if "/" in a)
                                                for t in hand]


def test_most_shipped_puzzles_export(host, catalogue):
    """Those refused hold two figures on one tile (no game of JCloisterZone, one figure per
    tile, reaches them) or C3.1."""
    refused = []
    for path in SAMPLES:
        position, _ = open_position(path)
        exported = export_position(position, catalogue, host, str(path))
        if exported.save is None:
            refused.append({f.code for f in exported.errors})
    assert len(refused) <= len(SAMPLES) // 2
    assert all(codes <= {"jcz-cannot-express", "jcz-unknown-tile"} for codes in refused)


def shared_city(catalogue) -> Board:
    """A city shared by Red's and Blue's knights, open to the east: the cap E at (-1, 0)
    (Red's knight), G (city W–E) at (0, 0), F (the same with a pennant) at (1, 0) (Blue's
    knight), above a road of three U. No game places both knights once G is down: the
    export must place G after them."""
    b = Board([Player("Red", "#d62828"), Player("Blue", "#1d4ed8")])
    for letter, x, y, r in (("U", -1, 1, 0), ("U", 0, 1, 0), ("U", 1, 1, 0), ("E", -1, 0, 1),
                            ("G", 0, 0, 0), ("F", 1, 0, 0)):
        b.place(catalogue.tile(f"base-c2/{letter}"), x, y, r)
    for owner, x in ((0, -1), (1, 1)):
        b.add_figure(Figure("follower", owner, b.cells[(x, 0)].node("city")))
    for p in b.players:
        p.supply = {"follower": 6, "abbot": 1}
    b.commit()
    return b


def test_a_board_without_a_log_gets_a_legal_order(host, catalogue):
    position = Position(shared_city(catalogue), ["base:C2"])
    back, save = round_trip(position, host, catalogue)
    assert state(back) == state(position) and back.moves == []
    places = [(m["player"], tuple(m["payload"]["position"])) for m in save["replay"]
              if m["type"] == "PLACE_TILE"]
    deploys = [m["player"] for m in save["replay"] if m["type"] == "DEPLOY_MEEPLE"]
    assert sorted(deploys) == [0, 1]
    cells = [cell for _, cell in places]
    assert cells.index((0, 0)) > max(cells.index((-1, 0)), cells.index((1, 0)))
    assert [p for p, _ in places] == [i % 2 for i in range(len(places))]
    starts = {(t["x"], t["y"]) for t in save["setup"]["start"]}
    assert starts | set(cells) == {(-1, 1), (0, 1), (1, 1), (-1, 0), (0, 0), (1, 0)}
    assert not starts & set(cells)


def test_the_next_player_is_the_puzzles(host, catalogue):
    """With Blue to move after the log, the export adds a filler move if it must."""
    puzzle = {"to_move": 1, "hand": ["base-c2/E"], "objective": {"type": "most-points"}}
    position = Position(shared_city(catalogue), ["base:C2"], puzzle=puzzle)
    back, save = round_trip(position, host, catalogue)
    places = [m for m in save["replay"] if m["type"] == "PLACE_TILE"]
    assert len(places) % 2 == 1 and back.puzzle == puzzle
    assert save["gameAnnotations"]["drawOrder"][-1] == "BA/C"


def refusal(host, catalogue, position: Position) -> list[str]:
    exported = export_position(position, catalogue, host, "board.json")
    assert exported.save is None
    return [f.message for f in exported.errors]


def logged(host, catalogue, spec: str, moves: list[dict]) -> Position:
    rules = host.ruleset(spec)
    board = Board([Player("Red"), Player("Blue")])
    for p in board.players:
        p.supply = {k.name: k.supply for k in rules.figure_kinds().values()}
    start = "base-c1/D" if "C1" in spec else "base-c2/D"
    board.place(catalogue.tile(start), 0, 0, 0)
    board.commit()
    position = Position(board, [e.name for e in rules.editions],
                        {k: dict(v) for k, v in rules.options.items()}, moves=moves)
    played = replay(position, rules, catalogue)
    position.board = played.board_at(len(played.steps))
    return position


def test_what_jcz_cannot_express_is_refused_with_every_reason(host, catalogue):
    moves = [{"player": 0, "tile": "base-c2/U", "x": 1, "y": 0, "rotation": 0},
             {"player": 0, "tile": "base-c2/U", "x": 2, "y": 0, "rotation": 0},
             {"player": 1, "pass": True}]
    reasons = refusal(host, catalogue, logged(host, catalogue, "base:C2", moves))
    assert any("a turn without a tile" in r for r in reasons)
    reasons = refusal(host, catalogue, logged(host, catalogue, "base:C2", moves[:2]))
    assert reasons == ["move 2 is Red's, but Blue is out of turn"]
    c31 = logged(host, catalogue, "base:C3 + traders-builders:C3.1",
                 [{"player": 0, "tile": "base-c3/U", "x": 1, "y": 0, "rotation": 0,
                   "figure": {"kind": "follower", "segment": "road", "assign": ["builder"]}}])
    reasons = refusal(host, catalogue, c31)
    assert any("no traders-builders:C3.1" in r for r in reasons)
    assert any("assigned beside a meeple" in r for r in reasons)


def test_a_declined_second_tile_is_refused(host, catalogue):
    """Red's thief and builder on the road, Red extends it: JCZ always gives the second
    tile, so a log where Blue plays next cannot be replayed there."""
    spec = "base:C2 + traders-builders:C2"
    moves = [{"player": 0, "tile": "base-c2/U", "x": 1, "y": 0, "rotation": 0,
              "figure": {"kind": "follower", "segment": "road"}},
             {"player": 1, "tile": "base-c2/B", "x": 0, "y": 1, "rotation": 0},
             {"player": 0, "tile": "base-c2/U", "x": 2, "y": 0, "rotation": 0,
              "figure": {"kind": "builder", "segment": "road"}},
             {"player": 1, "tile": "base-c2/B", "x": 1, "y": 1, "rotation": 0},
             {"player": 0, "tile": "base-c2/U", "x": 3, "y": 0, "rotation": 0},
             {"player": 1, "tile": "base-c2/B", "x": 2, "y": 1, "rotation": 0}]
    reasons = refusal(host, catalogue, logged(host, catalogue, spec, moves))
    assert reasons == ["move 6 is Blue's, but Red declines the builder's second tile, which "
                       "JCloisterZone always gives"]
    moves[5]["player"] = 0
    back, _ = round_trip(logged(host, catalogue, spec, moves), host, catalogue)
    assert [m["player"] for m in back.moves] == [0, 1, 0, 1, 0, 0]


def farmer_beside_the_knight(catalogue) -> Board:
    """:func:`shared_city` with Blue's farmer on the field of Red's knight's tile."""
    b = shared_city(catalogue)
    b.add_figure(Figure("follower", 1, b.cells[(-1, 0)].node("field")))
    b.add_supply(1, "follower", -1)
    b.commit()
    return b


def test_two_figures_on_one_tile_are_refused(host, catalogue):
    b = farmer_beside_the_knight(catalogue)
    reasons = refusal(host, catalogue, Position(b, ["base:C2"]))
    assert reasons == ["2 figures on the tile at (-1, 0): JCloisterZone deploys one figure "
                       "with each tile"]


def test_no_order_when_a_shared_feature_has_no_tile_to_join_it(host, catalogue):
    """Two caps E facing each other, a knight on each: the 2-tile city is complete, so it
    would have been scored; the position breaks the rules and no order reaches it."""
    b = Board([Player("Red"), Player("Blue")])
    b.place(catalogue.tile("base-c2/E"), 0, 0, 0)
    b.place(catalogue.tile("base-c2/E"), 0, -1, 2)
    b.add_figure(Figure("follower", 0, b.cells[(0, 0)].node("city")))
    b.commit()
    reasons = refusal(host, catalogue, Position(b, ["base:C2"]))
    assert any("stands on a completed city" in r for r in reasons)


@pytest.mark.parametrize("game", GAMES, ids=[g.jcz for g in GAMES])
def test_engine_games_as_saves_pass_replay_check(game, tmp_path, host, catalogue, capsys):
    """Our positions for JCZ's engine test games, exported: the saves (with their test
    block) pass ``replay --check`` read as JCloisterZone saves."""
    path = board_file(game, tmp_path, host, catalogue)
    target = tmp_path / "game.jcz"
    assert main(["export-jcz", path, "-o", str(target)]) == 0
    capsys.readouterr()
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["test"]["assertions"] == game.assertions
    assert main(["replay", str(target), "--check"]) == 0
    assert "FAIL" not in capsys.readouterr().out


def test_locations_read_back_to_their_segments(catalogue):
    """Every segment of every tile with a JCloisterZone id, in every rotation, named as
    JCZ names it, is found again by the importer."""
    for tile in catalogue:
        if not any("/" in a for a in tile.aliases):
            continue
        for rotation in range(4):
            for seg in tile.segments:
                if seg.kind == RIVER:
                    continue
                where, feature = location(tile, rotation, seg.id)
                assert segment_for(tile, rotation, feature, where) == seg.id, (tile.ref, seg.id)


def test_the_command(tmp_path, host, catalogue, capsys):
    path = tmp_path / "shared.board.json"
    save_position(path, Position(shared_city(catalogue), ["base:C2"]))
    out = tmp_path / "shared.jcz"
    assert main(["export-jcz", str(path), "-o", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["appVersion"] >= "5.7.0" and data["setup"]["sets"] == {"basic:2": 1}
    assert data["setup"]["elements"]["abbot"] == 1
    assert main(["export-jcz", str(path), "-o", str(out), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["exit"] == 0
    schema = Draft202012Validator(schemas.schema("output/export-jcz"),
                                  registry=schemas.registry())
    assert [e.message for e in schema.iter_errors(report)] == []
    assert main(["export-jcz", str(path), "-o", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["setup"]["sets"] == {"basic:2": 1}
    back = tmp_path / "back.board.json"
    assert main(["import-jcz", str(out), "-o", str(back)]) == 0
    capsys.readouterr()
    imported, _ = open_position(back)
    assert imported is not None and state(imported) == state(Position(shared_city(catalogue)))
    broken = tmp_path / "broken.board.json"
    save_position(broken, Position(farmer_beside_the_knight(catalogue), ["base:C2"]))
    assert main(["export-jcz", str(broken), "-o", str(tmp_path / "no.jcz")]) == 1
    assert "nothing written" in capsys.readouterr().err
    assert main(["export-jcz", str(broken), "-o", str(tmp_path / "no.jcz"), "--format",
                 "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["output"] is None and [e.message for e in schema.iter_errors(report)] == []
    assert not (tmp_path / "no.jcz").exists()
    assert main(["export-jcz", str(tmp_path / "missing.json"), "-o", str(out)]) == 2


def test_save_jcz_writes_or_leaves_the_target_alone(tmp_path, host, catalogue):
    """The function behind File → Export → JCloisterZone."""
    from editor.jcz.export import save_jcz

    target = tmp_path / "game.jcz"
    done = save_jcz(Position(shared_city(catalogue), ["base:C2"]), target, catalogue, host)
    assert done.save is not None and json.loads(target.read_text())["gameId"]
    refused = save_jcz(Position(farmer_beside_the_knight(catalogue), ["base:C2"]),
                       tmp_path / "no.jcz", catalogue, host)
    assert refused.save is None and refused.errors and not (tmp_path / "no.jcz").exists()
    blocked = save_jcz(Position(shared_city(catalogue), ["base:C2"]),
                       tmp_path / "missing" / "x.jcz", catalogue, host)
    assert blocked.save is None and [f.code for f in blocked.errors] == ["unwritable"]
