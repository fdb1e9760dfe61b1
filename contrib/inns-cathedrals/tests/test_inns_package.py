"""The distribution: its editions through the entry point (and gone without it), its tile
sets (valid, checked by its schema overlay), its rules reference, `compare` across
editions and rulesets, score lines in the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import carcassonne_inns
import pytest
from inns_game import LARGE, Game, h4
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from editor.cli import main
from editor.formats.boards import save_position
from editor.model.position import Position
from editor.model.rulebook import defined
from editor.plugins import PluginHost

ROOT = Path(__file__).resolve().parents[3]
OURS = ("inns-cathedrals:C1", "inns-cathedrals:C2", "inns-cathedrals:C3")


def test_the_entry_point_adds_the_editions_and_nothing_else(host, capsys):
    assert set(OURS) <= set(host.editions)
    assert {host.editions[e].plugin for e in OURS} == {"inns-cathedrals"}
    assert [host.editions[e].pairs_with for e in OURS] == [("base:C1",), ("base:C2",),
                                                           ("base:C3",)]
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "inns-cathedrals 0.1.0 (installed, carcassonne_inns)" in out
    without = PluginHost(entry_points=False)  # the plugin uninstalled
    assert not set(OURS) & set(without.editions) and not without.errors
    assert set(without.editions) == set(host.editions) - set(OURS)
    assert not without.tileset_paths()


def test_an_expansion_alone_brings_its_base(host):
    rules = host.ruleset("inns-cathedrals:C2")
    assert rules.name == "base:C2 + inns-cathedrals:C2"
    assert rules.strengths()[LARGE] == 2
    three = host.ruleset("base:C2 + inns-cathedrals:C2 + traders-builders:C2")
    assert [e.name for e in three.editions] == ["base:C2", "inns-cathedrals:C2",
                                                "traders-builders:C2"]
    assert three.tilesets() == ["base-c2", "river-c2", "inns-cathedrals-c2",
                                "traders-builders-c2"]


@pytest.mark.parametrize(("label", "gardens"), [("c1", 0), ("c2", 2), ("c3", 2)])
def test_the_tile_sets(catalogue, label, gardens):
    tiles = catalogue.get_set(f"inns-cathedrals-{label}").tiles
    assert (len(tiles), sum(t.count for t in tiles)) == (17, 18)
    tags = [(t.id, s.kind, tag) for t in tiles for s in t.segments for tag in s.tags]
    assert sorted(t for t, k, tag in tags if tag == "inn") == ["A", "B", "C", "L", "M", "N"]
    assert {(k, tag) for _, k, tag in tags} == {("road", "inn"), ("city", "cathedral"),
                                              ("field", "inner")}  # H's inner field
    assert [t.count for t in tiles if t.id == "K"] == [2]
    assert sum(s.kind == "garden" for t in tiles for s in t.segments) == gardens


def overlay() -> Draft202012Validator:
    folder = carcassonne_inns.TILESETS
    schema = json.loads((folder / "inns-cathedrals-tileset.schema.json").read_text())
    host_schema = json.loads((ROOT / "schemas/tileset.schema.json").read_text())
    registry = Registry().with_resources([(host_schema["$id"], Resource.from_contents(
        host_schema))])
    return Draft202012Validator(schema, registry=registry)


def test_the_schema_overlay_keeps_inns_on_roads_and_cathedrals_in_cities():
    check = overlay()
    for path in carcassonne_inns.carcassonne_tileset_paths():
        data = json.loads(path.read_text(encoding="utf-8"))
        assert not list(check.iter_errors(data)), path.name
        bad = json.loads(path.read_text(encoding="utf-8"))
        field = next(s for s in bad["tiles"][0]["segments"] if s["kind"] == "field")
        field["tags"] = ["inn"]
        assert list(check.iter_errors(bad))


def test_validate_accepts_the_shipped_sets(capsys):
    paths = [str(p) for p in carcassonne_inns.carcassonne_tileset_paths()]
    assert main(["validate", *paths]) == 0
    assert "3 files valid" in capsys.readouterr().out


def test_every_rule_has_its_section_and_every_source_is_keyed():
    text = carcassonne_inns.REFERENCE.read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    ours = [r for r in defined().values() if r.doc == "carcassonne_inns/rules.md"]
    assert {r.id for r in ours} == {"inns-cathedrals.inn", "inns-cathedrals.cathedral",
                                    "inns-cathedrals.large-follower"}
    assert {r.id for r in ours} | {"editions", "sources"} <= anchors
    keyed = set(re.findall(r"^\| ([A-Za-z0-9-]+) \|", text[text.index('id="sources"'):],
                           re.MULTILINE)) - {"tag"}
    assert {tag for r in ours for tag in r.sources} <= keyed
    assert set(re.findall(r"\[([A-Z][A-Za-z0-9-]+)\]", text)) <= keyed


def h4_board(host, catalogue, tmp_path) -> Path:
    g = Game(host, catalogue, "base:C2 + inns-cathedrals:C2 + traders-builders:C2")
    h4(g)
    path = tmp_path / "h4.board.json"
    save_position(path, Position(g.board, [e.name for e in g.rules.editions]))
    return path


def test_h8_compare_across_rulesets(host, catalogue, tmp_path, capsys):
    """The open cathedral city: 5 tiles, worth 5 without the expansion and 0 with it."""
    path = h4_board(host, catalogue, tmp_path)
    assert main(["compare", str(path), "--rules", "base:C2 + traders-builders:C2",
                 "--rules", "base:C2 + inns-cathedrals:C2 + traders-builders:C2",
                 "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [list(t["points"].values()) for t in data["totals"]] == [[0, 5], [0, 0]]


def test_score_explains_with_the_plugins_rule(host, catalogue, tmp_path, capsys):
    path = h4_board(host, catalogue, tmp_path)
    assert main(["score", str(path), "--final", "--format", "json"]) == 0
    lines = json.loads(capsys.readouterr().out)["lines"]
    city = next(line for line in lines if line["feature"] == "city")
    assert city["rule_id"] == "inns-cathedrals.cathedral" and city["points"] == 0
    assert city["reason"] == "incomplete city of 5 tiles, 0 pennants with a cathedral: 0"
    assert "carcassonne_inns/rules.md#inns-cathedrals.cathedral" in city["rule"]


def test_the_rules_reference_opens_at_each_rule():
    from editor.rules.reference import section, url

    for rule_id in ("inns-cathedrals.inn", "inns-cathedrals.cathedral",
                    "inns-cathedrals.large-follower"):
        assert url(rule_id) == f"{carcassonne_inns.REFERENCE.resolve().as_uri()}#{rule_id}"
        text = section(rule_id)
        assert text is not None and f"(`{rule_id}`)" in text.splitlines()[0]
    assert "2 points per tile" in (section("inns-cathedrals.inn") or "")


PUZZLE = (Path(carcassonne_inns.__file__).parent / "puzzles"
          / "ic-c2-the-cathedrals-two-edges.board.json")


def test_the_shipped_puzzle_checks_and_turns_on_the_cathedral(capsys):
    """Red's best lead comes from stripping Blue's city (+3); under the base game's values
    closing Red's own city would be the move."""
    assert main(["check", str(PUZZLE)]) == 0
    assert "legal: yes, optimal: yes, unique: yes" in capsys.readouterr().out
    assert main(["solve", str(PUZZLE), "--format", "json"]) == 0
    ranked = json.loads(capsys.readouterr().out)["moves"]
    assert [(m["move"], m["rank"]) for m in ranked] == [
        ("inns-cathedrals-c2/K@3,-10:0", 1), ("inns-cathedrals-c2/K@0,-1:0", 2)]
    assert main(["solve", str(PUZZLE), "--rules", "base:C2", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"][0]["move"] == \
        "inns-cathedrals-c2/K@0,-1:0"


def test_the_solver_stands_the_large_follower_where_it_wins(host, catalogue, tmp_path,
                                                            capsys):
    """Blue's knight holds the cap of the start tile. Red's best two-tile line stands the
    large follower on a cap of its own, then joins the two: 2 against 1, Red scores the
    city alone; a follower would only tie."""
    from editor.formats.boards import position_to_dict

    g = Game(host, catalogue, "base:C2 + inns-cathedrals:C2")
    g.put("base-c2/D", 0, 0)
    g.put("base-c2/U", 1, 0)
    g.put("base-c2/B", 1, -1)
    g.put("base-c2/B", 1, -2)
    g.stand(1, 0, 0, "city")
    data = position_to_dict(Position(g.board, ["base:C2", "inns-cathedrals:C2"]))
    data["puzzle"] = {"to_move": 0, "hand": ["base-c2/E", "base-c2/G"],
                      "objective": {"type": "best-margin"}}
    path = tmp_path / "large.board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["solve", str(path), "--top", "3", "--format", "json"]) == 0
    best, second = json.loads(capsys.readouterr().out)["moves"][:2]
    assert (best["move"], best["rank"]) == ("base-c2/E@0,-2:180+large-follower:city", 1)
    assert (second["move"], second["rank"]) == ("base-c2/E@0,-2:180+follower:city", 2)


def compared(board: Path, specs: list[str], capsys) -> list[list[int]]:
    args = ["compare", str(board), *[a for s in specs for a in ("--rules", s)]]
    assert main([*args, "--format", "json"]) == 0
    return [list(t["points"].values()) for t in json.loads(capsys.readouterr().out)["totals"]]


def test_h8_compare_across_editions(host, catalogue, tmp_path, capsys):
    """EXAMPLES.md H8: R2b's tie is the same in every edition; H2's shared field differs
    only under the 2000 farm rules (4 each instead of 3)."""
    g = Game(host, catalogue, "base:C1[rules=2000] + inns-cathedrals:C1")
    g.put("base-c1/D", 0, 0)
    g.put("base-c1/G", 0, -1, 90)
    g.put("base-c1/F", 0, -2, 90)
    g.stand(0, 0, -2, "city", LARGE)
    g.stand(1, 0, -1, "city")
    g.stand(1, 0, 0, "city")
    tie = tmp_path / "r2b.board.json"
    save_position(tie, Position(g.board, ["base:C1", "inns-cathedrals:C1"]))
    editions = ["base:C1[rules=2000] + inns-cathedrals:C1", "base:C2 + inns-cathedrals:C2",
                "base:C3 + inns-cathedrals:C3"]
    assert compared(tie, editions, capsys) == [[4, 4]] * 3
    g = Game(host, catalogue, "base:C1[rules=2000] + inns-cathedrals:C1")
    g.put("base-c1/D", 0, 0)
    g.put("base-c1/E", 0, -1, 180)
    g.put("base-c1/B", 1, -1)
    g.put("base-c1/U", 1, 0)
    g.stand(0, 1, -1, "field", LARGE)
    g.stand(1, 0, -1, "field")
    g.stand(1, 1, 0, "field-n")
    farm = tmp_path / "h2.board.json"
    save_position(farm, Position(g.board, ["base:C1", "inns-cathedrals:C1"]))
    assert compared(farm, [*editions, "base:C1[rules=2001] + inns-cathedrals:C1"],
                    capsys) == [[4, 4], [3, 3], [3, 3], [3, 3]]


def test_score_explains_in_french_with_lang_fr(host, catalogue, tmp_path, capsys):
    """``--lang fr``: the plugin's own catalogue translates its explanation and its rule."""
    path = h4_board(host, catalogue, tmp_path)
    assert main(["score", str(path), "--final", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "ville inachevée de 5 tuiles, 0 blason, avec une cathédrale : 0" in out
    assert "incomplete city" not in out
