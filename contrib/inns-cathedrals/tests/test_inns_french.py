"""The plugin's own catalogues at work: in French an inn's and a cathedral's score
explanations, a large follower's finding and the plugin's rule statements come out in
French (the rulebook's « auberge », « cathédrale », « grand meeple »)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from inns_game import LARGE, Game
from test_inns_examples import C2, r1, r3

from editor.i18n import translate, using


@pytest.fixture
def french() -> Iterator[None]:
    with using("fr"):
        yield


def test_an_inns_score_explanation_is_french(host, catalogue, french):
    g = Game(host, catalogue, C2)
    r1(g, "base-c2", "inns-cathedrals-c2")
    line = next(e for e in g.play("base-c2/W", 2, 0).events if e.type == "score")
    assert line.reason == "route achevée de 5 tuiles avec une auberge : 2×5"


def test_a_cathedrals_score_explanation_is_french(host, catalogue, french):
    g = Game(host, catalogue, C2)
    r3(g, "base-c2")
    g.play("inns-cathedrals-c2/K", 0, -1, player=0)
    line = next(e for e in g.final() if e.type == "score")
    assert line.reason == "ville inachevée de 3 tuiles, 0 blason, avec une cathédrale : 0"


def test_a_large_followers_finding_is_french(host, catalogue, french):
    g = Game(host, catalogue, C2)
    g.put("base-c2/D", 0, 0)
    g.put("inns-cathedrals-c2/B", -1, 0)
    g.stand(0, -1, 0, "garden", LARGE)
    found = [f.message for f in g.engine.position_findings(g.board)
             if f.code == "large-follower-placement"]
    assert len(found) == 1
    assert found[0].startswith("un grand meeple se trouve là où il ne peut pas être (jardin) : "
                               "seul l'abbé se pose sur un jardin — ")
    assert "le grand meeple se pose là où un meeple le peut" in found[0]


def test_the_rule_statements_are_french(french):
    assert translate("city with a cathedral: 3 per tile and per pennant when completed, "
                     "nothing when incomplete at the end; two cathedrals count as one") == (
        "ville avec une cathédrale : 3 par tuile et par blason une fois achevée, rien si "
        "elle est inachevée en fin de partie ; deux cathédrales comptent comme une seule")
