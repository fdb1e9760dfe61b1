"""The rules reference docs/rules.md: it ships, every rule has its section, every citation in
the program, its tile sets and its events resolves there, every source tag is keyed."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from editor.cli import main
from editor.model.rulebook import REFERENCE, defined
from editor.rules.compare import default_rulesets
from editor.rules.engine import Engine
from editor.rules.reference import anchors, reference_path, section, url
from editor.rules.selfplay import box, random_game

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"docs/rules\.md#([A-Za-z0-9.-]+)")
TAG = re.compile(r"\[([A-Z][A-Za-z0-9-]+)\](?!\()")


def sources_keyed() -> set[str]:
    text = reference_path().read_text(encoding="utf-8")
    table = text[text.index('<a id="sources"></a>'):]
    return set(re.findall(r"^\| ([A-Za-z0-9-]+) \|", table, re.MULTILINE)) - {"tag"}


def test_every_rule_has_its_section(host):
    rules = [r for r in defined().values() if r.doc == REFERENCE]
    assert len(rules) > 25
    for rule in rules:
        assert rule.id in anchors(), rule.id
        text = section(rule.id)
        assert text is not None and f"`{rule.id}`" in text.splitlines()[0], rule.id
        assert url(rule.id) == f"{reference_path().resolve().as_uri()}#{rule.id}"


def test_every_source_tag_is_keyed():
    keyed = sources_keyed()
    used = {tag for r in defined().values() if r.doc == REFERENCE for tag in r.sources}
    text = reference_path().read_text(encoding="utf-8")
    cited = set(TAG.findall(text[:text.index('<a id="sources"></a>')]))
    assert used <= keyed, used - keyed
    assert cited <= keyed, cited - keyed


def test_every_citation_in_the_program_and_the_tile_sets_resolves():
    """Every ``docs/rules.md#…`` in the code, the tile sets and the README names an
    anchor; nothing cites the research notes (RULES.md) that do not ship."""
    files = [*(ROOT / "editor").rglob("*.py"), *(ROOT / "plugins").rglob("*.py"),
             *(ROOT / "tilesets").glob("*.json"), ROOT / "README.md", ROOT / "docs/FORMATS.md"]
    known = set(anchors())
    for path in files:
        text = path.read_text(encoding="utf-8")
        for found in LINK.findall(text):
            assert found.rstrip(".") in known, (path.name, found)
        if path.parent.name in ("tilesets",) or path.parts[-3:-1] == ("editor", "rules"):
            assert "RULES.md" not in text, path


@pytest.mark.parametrize("spec", [r.name for r in default_rulesets(
    __import__("editor.plugins", fromlist=["default_host"]).default_host())])
def test_every_event_of_a_game_carries_a_rule_of_the_reference(host, catalogue, spec):
    rules = host.ruleset(spec)
    engine = Engine(rules)
    known = set(anchors())
    played = list(random_game(engine, box(catalogue, rules), random.Random(7), players=3,
                              tiles=60, figure_rate=0.8))
    events = [e for _, result in played for e in result.events]
    board = played[-1][0]
    mark = board.mark()
    events += engine.final_scoring(board)
    board.undo_to(mark)
    cited = [e for e in events if e.type in ("score", "goods", "extra-turn")]
    assert cited
    ours = defined()
    for e in cited:
        if e.rule_id in ours and ours[e.rule_id].doc != REFERENCE:
            continue  # a plugin's rule, cited in the plugin's own reference
        assert e.rule_id in known, (e.rule_id, e.reason)
        assert f"docs/rules.md#{e.rule_id}" in e.rule


def test_score_json_carries_rule_ids(capsys):
    assert main(["score", str(ROOT / "samples/first-steps.board.json"), "--final",
                 "--format", "json"]) == 0
    lines = json.loads(capsys.readouterr().out)["lines"]
    assert lines and all(line["rule_id"] in anchors() for line in lines)


def test_the_reference_ships_in_the_wheel(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel, = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        shipped = z.read("editor/_data/docs/rules.md").decode("utf-8")
    assert shipped == (ROOT / "docs/rules.md").read_text(encoding="utf-8")


def test_rule_ids_are_checked_and_unique():
    from editor.model.rulebook import define

    with pytest.raises(ValueError, match="dotted lowercase"):
        define("Base City", "a city")
    with pytest.raises(ValueError, match="already defined"):
        define("base.road", "a road scores nothing")
    same = define("base.road", defined()["base.road"].text, *defined()["base.road"].sources)
    assert same == defined()["base.road"]
    third_party = define("tower.height", "a tower scores its height", doc="my-plugin/RULES.md")
    assert third_party.citation == "a tower scores its height [my-plugin/RULES.md#tower.height]"
    assert url("tower.height") is None
