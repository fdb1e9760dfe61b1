"""Traders & Builders: the pig (RULES.md §4.3, §6 ex. 3, 6, 7, 8, 14)."""

from __future__ import annotations

import pytest
from test_traders_builders import C1_TO_C3, Game, of, pts

from editor.rules.moves import FigureAction, IllegalMove, Move, Turn

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def two_cities(g: Game, farmers: list[int]) -> None:
    """Base H at (0, 0): its field (E and W sides) touches city N and city S, each closed
    later by an E cap. ``farmers`` stand on the H field."""
    g.put("H", 0, 0)
    for owner in farmers:
        g.stand(owner, 0, 0, "field")


def close_cities(g: Game) -> None:
    """Blue closes the north city (E at (0, -1)), Red the south one (E at (0, 1)): two
    completed 2-tile cities without knights or pennants."""
    for player, y, r in ((BLUE, -1, 2), (RED, 1, 0)):
        result = g.play("E", 0, y, r, player=player)
        assert pts(result.events) == []
        assert of(result.events, "return") == []


@pytest.mark.parametrize(("edition", "alice", "bob", "bonus"), [
    ("C1-2000", 10, 8, [(0, 1, True), (0, 1, True)]),
    ("C1-2001", 8, 6, [(0, 2, False)]),
    ("C1", 8, 6, [(0, 2, False)]),
    ("C2", 8, 6, [(0, 2, False)]),
    ("C3", 8, 6, [(0, 2, False)]),
])
def test_pig_with_a_tied_field(host, catalogue, edition, alice, bob, bonus):
    """§6 ex. 3 (JCZ pig-scoring: "Alice 8, Bob 6"). Alice (Red) and Bob (Blue) each have
    a farmer on the H field; Alice places B (monastery, all field) at (1, 0), joining that
    field, with her pig. Both cities are closed. Rules 2002 (C1 final rules, C2, C3): the
    tied field pays both 3 × 2 = 6, Alice's pig +2 → 8/6. Rules 2001: each city once per
    player, the same 8/6. Rules 2000 (city by city, 4 per city): the tie pays both 4 + 4,
    and our unofficial pig reading +1 per city → Alice 10, Bob 8."""
    g = Game(host, catalogue, edition)
    two_cities(g, [RED, BLUE])
    placing = g.play("B", 1, 0, 0, "pig", "field")
    assert placing.events == []
    close_cities(g)
    events = g.final()
    pig = [(e.player, e.points, e.unofficial) for e in of(events, "score", "traders-builders")]
    assert pig == bonus
    assert g.scores == [alice, bob]


def test_c31_pig_with_a_tied_field(host, catalogue):
    """§6 ex. 3 under C3.1: Alice assigns her pig to a new farmer on B at (1, 0), joining
    the H field; Bob's farmer joins it later (stood there directly). The cities have no coat
    of arms, so no pig scoring during the game, and pigs score nothing at the end: the tied
    field pays 6 each, the pig stays unscored."""
    g = Game(host, catalogue, "C3.1")
    two_cities(g, [])
    g.play("B", 1, 0, 0, "follower", "field", assign=("pig",))
    g.stand(BLUE, 0, 0, "field")
    close_cities(g)
    events = g.final()
    assert pts(events) == [(RED, 6), (BLUE, 6)]
    assert of(events, "score", "traders-builders") == []
    assert len(g.figures("pig")) == 1
    assert g.scores == [6, 6]


@pytest.mark.parametrize(("edition", "red"), [("C1", 8), ("C2", 8), ("C3", 8), ("C3.1", 6)])
def test_pig_with_field_control(host, catalogue, edition, red):
    """§6 ex. 6: Red has two farmers on the H field and Blue one; Red's pig is in the field.
    Red controls it: 4 × 2 cities = 8, Blue 0. Under C3.1 (the pig beside Red's farmer on
    B, the other farmers stood on H after) the pig scores nothing at the end: 3 × 2 = 6."""
    g = Game(host, catalogue, edition)
    if edition == "C3.1":
        two_cities(g, [])
        g.play("B", 1, 0, 0, "follower", "field", assign=("pig",))
        g.stand(RED, 0, 0, "field")
        g.stand(BLUE, 0, 0, "field")
    else:
        two_cities(g, [RED, RED, BLUE])
        g.play("B", 1, 0, 0, "pig", "field")
    close_cities(g)
    g.final()
    assert g.scores == [red, 0]


@pytest.mark.parametrize("edition", C1_TO_C3)
def test_pig_three_way_tie(host, catalogue, edition):
    """§6 ex. 7 (BB7 example): Red, Blue and Green each have one farmer on the H field;
    Red's pig comes with B at (1, 0), Blue's with B at (-1, 0). All three control the field:
    Red 8, Blue 8, Green 6."""
    g = Game(host, catalogue, edition, players=3)
    two_cities(g, [RED, BLUE, GREEN])
    g.play("B", 1, 0, 0, "pig", "field", player=RED)
    g.play("B", -1, 0, 0, "pig", "field", player=BLUE)
    close_cities(g)
    events = g.final()
    assert [(e.player, e.points) for e in of(events, "score", "traders-builders")] == [
        (RED, 2), (BLUE, 2)]
    assert g.scores == [8, 8, 6]


@pytest.mark.parametrize("edition", C1_TO_C3)
def test_pigs_do_not_stack(host, catalogue, edition):
    """JCZ pigs-no-stack: two pigs of Red in one field (an edited position) still add only
    1 per city: Red alone on the field scores 8, not 10."""
    g = Game(host, catalogue, edition)
    two_cities(g, [RED])
    g.stand(RED, 0, 0, "field", "pig")
    g.stand(RED, 0, 0, "field", "pig")
    close_cities(g)
    g.final()
    assert g.scores == [8, 0]


def ex14(g: Game) -> None:
    """§6 ex. 14: city X = E cap (-1, 0) + G (0, 0) + E cap (1, 0), complete; F1 = G's
    north field (touches X), with a Red farmer; F2 = G's south field, joined by E at (0, 1)
    whose city opens Y to the south. Y is then M (coat of arms) at (0, 2) and an E cap at
    (1, 2): 3 tiles, complete. Red's pig is in F2, which touches X and Y."""
    g.put("E", -1, 0, 1)
    g.put("G", 0, 0)
    g.put("E", 1, 0, 3)
    g.stand(RED, 0, 0, "field-n")
    if g.ed.tb.endswith("c3.1"):
        g.play("E", 0, 1, 2, "follower", "field", assign=("pig",))
    else:
        g.stand(RED, 0, 0, "field-s")
        g.play("E", 0, 1, 2, "pig", "field")
    g.play("M", 0, 2, 1, player=BLUE)


@pytest.mark.parametrize(("edition", "total", "bonus"), [
    ("C1-2000", 10, [1, 1]),
    ("C1-2001", 8, [2]),
    ("C1", 11, [2]),
    ("C2", 11, [2]),
    ("C3", 11, [2]),
])
def test_derived_example_14(host, catalogue, edition, total, bonus):
    """§6 ex. 14 with the pig, at the end (Red alone on both fields).
    Rules 2002 (C1 final, C2, C3): F1 3 + F2 3 × 2 + pig 2 = 11.
    Rules 2001 (each city once per player, with the player's best field for it): X touches
    F1 and F2, and F2 holds Red's pig, so F2 pays X and Y (3 × 2) plus the pig (2) = 8,
    F1 nothing, whatever the order of the file (docs/rules.md#base.farm.2001).
    Rules 2000 (city by city): X 4 + 1, Y 4 + 1 (unofficial pig reading) = 10.
    Closing Y, whose M shows a coat of arms, changes nothing before C3.1."""
    g = Game(host, catalogue, edition)
    ex14(g)
    closing = g.play("E", 1, 2, 3)
    assert pts(closing.events) == [] and len(g.figures("pig")) == 1
    events = g.final()
    assert [e.points for e in of(events, "score", "traders-builders")] == bonus
    assert g.scores == [total, 0]


def test_derived_example_14_c31(host, catalogue):
    """§6 ex. 14 under C3.1: Red's pig (beside Red's F2 farmer) is on the board when Red
    closes Y, which shows a coat of arms: the pig scores 3 × 2 (X and Y are complete and
    touch F2) = 6 and goes home, the farmer stays. At the end: F1 3 + F2 6 = 9, no pig.
    Red 15."""
    g = Game(host, catalogue, "C3.1")
    ex14(g)
    closing = g.play("E", 1, 2, 3)
    assert pts(closing.events) == [(RED, 6)]
    assert [e.figure.kind for e in of(closing.events, "return")] == ["pig"]
    assert g.board.players[RED].supply["pig"] == 1
    assert pts(g.final()) == [(RED, 3), (RED, 6)]
    assert g.scores == [15, 0]


def coat_of_arms_city(g: Game) -> None:
    """Base F (city W–E with a coat of arms) at (0, 0) and an E cap west of it; the city
    closes with an E cap at (1, 0). F's north field and south field each touch it."""
    g.put("E", -1, 0, 1)
    g.put("F", 0, 0)


@pytest.mark.parametrize(("farmer", "farmers_home"), [("stays", []), ("returns", [0, 1, 3])])
def test_c31_pig_scoring_example(host, catalogue, farmer, farmers_home):
    """§6 ex. 8 (S003 ex. 7a/7b): your (Red's) farmer and pig on F's north field, Blue's
    and Yellow's farmers and pigs on F's south field; Green has none. Red closes the
    coat-of-arms city: every pig scores 3 (one completed city touching its field), Red
    first, then clockwise Blue, Yellow; each pig goes home. With ``farmer_after_pig =
    returns`` each farmer goes home right after its pig (Yellow's choice in ex. 7b)."""
    g = Game(host, catalogue, "C3.1", players=4, farmer_after_pig=farmer)
    coat_of_arms_city(g)
    for owner, segment in ((RED, "field-n"), (BLUE, "field-s"), (YELLOW, "field-s")):
        g.stand(owner, 0, 0, segment)
        g.stand(owner, 0, 0, segment, "pig")
    result = g.play("E", 1, 0, 3)
    order = [(e.type, e.player, e.points, e.figure.kind if e.figure else "")
             for e in result.events if e.type in ("score", "return")]
    expected = []
    for p in (RED, BLUE, YELLOW):
        expected += [("score", p, 3, ""), ("return", p, 0, "pig")]
        if p in farmers_home:
            expected.append(("return", p, 0, "follower"))
    assert order == expected
    assert g.scores == [3, 3, 0, 3]
    assert g.figures("pig") == []
    assert sorted(f.owner for f in g.figures("follower")) == sorted(
        {RED, BLUE, YELLOW} - set(farmers_home))


def test_c31_pig_order_wraps_around(host, catalogue):
    """The active player's pig first, then clockwise: Yellow closes the city, so Yellow,
    Red, Blue. Green's pig stands north of the road of a U at (0, -1), in a field touching
    no city: it scores nothing but goes home too."""
    g = Game(host, catalogue, "C3.1", players=4)
    coat_of_arms_city(g)
    g.put("U", 0, -1)
    for owner, x, y, segment in ((RED, 0, 0, "field-n"), (BLUE, 0, 0, "field-s"),
                                 (YELLOW, 0, 0, "field-s"), (GREEN, 0, -1, "field-n")):
        g.stand(owner, x, y, segment)
        g.stand(owner, x, y, segment, "pig")
    result = g.play("E", 1, 0, 3, turn=Turn(YELLOW))
    assert [e.player for e in of(result.events, "return")] == [YELLOW, RED, BLUE, GREEN]
    assert pts(result.events) == [(YELLOW, 3), (RED, 3), (BLUE, 3)]


def test_c31_no_pig_scoring_without_coat_of_arms(host, catalogue):
    """A city without a coat of arms (base G instead of F) does not score the pigs."""
    g = Game(host, catalogue, "C3.1")
    g.put("E", -1, 0, 1)
    g.put("G", 0, 0)
    g.stand(RED, 0, 0, "field-n")
    g.stand(RED, 0, 0, "field-n", "pig")
    result = g.play("E", 1, 0, 3)
    assert [e.type for e in result.events] == ["completed"]
    assert len(g.figures("pig")) == 1


def test_c31_two_coat_of_arms_cities_at_once(host, catalogue):
    """§7.10: H at (0, 0) closes two coat-of-arms cities at once (north: E, F; south: F,
    E). Red places H with a farmer and the pig on its field, touching both cities; Blue's
    pig is on the west field of the south F. The first city triggers the scoring: Red
    3 × 2 (both cities are complete), Blue 3; the pigs go home, so the second city finds
    none. Red 6, Blue 3, each scored once."""
    g = Game(host, catalogue, "C3.1")
    g.put("E", 0, -2, 2)
    g.put("F", 0, -1, 1)
    g.put("F", 0, 1, 1)
    g.put("E", 0, 2)
    g.stand(BLUE, 0, 1, "field-s")
    g.stand(BLUE, 0, 1, "field-s", "pig")
    result = g.play("H", 0, 0, 0, "follower", "field", assign=("pig",))
    assert len(of(result.events, "completed")) == 2
    assert pts(result.events) == [(RED, 6), (BLUE, 3)]
    assert [e.figure.kind for e in of(result.events, "return")] == ["pig", "pig"]


@pytest.mark.parametrize("edition", C1_TO_C3)
def test_pig_options_and_findings(host, catalogue, edition):
    """C1–C3: the pig goes on a field of the new tile where the player has a farmer."""
    g = Game(host, catalogue, edition)
    two_cities(g, [RED])
    placed = g.board.place(g.tile("B"), 1, 0, 0)
    assert [a for a in g.engine.figure_options(g.board, placed, RED) if a.kind == "pig"] == [
        FigureAction("pig", "field")]

    def findings(player, action):
        return [f.code for f in g.engine.figure_findings(g.board, placed, player, action)]

    assert findings(RED, FigureAction("pig", "field")) == []
    assert findings(BLUE, FigureAction("pig", "field")) == ["pig-needs-meeple"]
    assert findings(RED, FigureAction("pig", "monastery")) == ["pig-placement"]


def test_c31_pig_options_and_findings(host, catalogue):
    """C3.1: the pig is assigned only to a new farmer on an unoccupied field."""
    g = Game(host, catalogue, "C3.1")
    two_cities(g, [RED])
    placed = g.board.place(g.tile("B"), 1, 0, 0)
    assert [a for a in g.engine.figure_options(g.board, placed, RED) if a.assign] == []
    free = g.board.place(g.tile("B"), 3, 0, 0)
    assert [a for a in g.engine.figure_options(g.board, free, RED) if a.assign] == [
        FigureAction("follower", "field", assign=("pig",))]

    def findings(action):
        return [f.code for f in g.engine.figure_findings(g.board, free, RED, action)]

    assert findings(FigureAction("pig", "field")) == ["pig-alone"]
    assert findings(FigureAction("follower", "monastery", assign=("pig",))) == [
        "pig-placement"]
    assert findings(FigureAction("abbot", "monastery", assign=("builder",))) == [
        "builder-placement"]


@pytest.mark.parametrize("edition", ["C2", "C3.1"])
def test_stranded_pig_goes_home(host, catalogue, edition):
    """A pig whose farmer has left (an edited position) goes home after the next move."""
    g = Game(host, catalogue, edition)
    two_cities(g, [])
    g.stand(RED, 0, 0, "field", "pig")
    assert [f.code for f in g.engine.position_findings(g.board)] == ["pig-alone"]
    result = g.play("E", 0, -1, 2, player=BLUE)
    assert [(e.figure.kind, e.player) for e in of(result.events, "return")] == [("pig", RED)]


@pytest.mark.parametrize(("default", "yellow_home"), [("stays", False), ("returns", True)])
def test_c31_each_owner_chooses_for_their_farmer(host, catalogue, default, yellow_home):
    """S003 ex. 7b: the choice is each pig owner's. Red closes the coat-of-arms city of ex.
    8; the move records Red keeping the farmer on the field and Blue taking it home; Yellow
    chose nothing, so the ``farmer_after_pig`` option decides. Every pig still scores 3."""
    g = Game(host, catalogue, "C3.1", players=4, farmer_after_pig=default)
    coat_of_arms_city(g)
    for owner, segment in ((RED, "field-n"), (BLUE, "field-s"), (YELLOW, "field-s")):
        g.stand(owner, 0, 0, segment)
        g.stand(owner, 0, 0, segment, "pig")
    move = Move(RED, g.tile("E"), 1, 0, 3, choices=(("farmer_after_pig", RED, "stays"),
                                                    ("farmer_after_pig", BLUE, "returns")))
    result = g.engine.apply(g.board, move, Turn(RED))
    home = sorted((e.player, e.rule_id) for e in of(result.events, "return")
                  if e.figure is not None and e.figure.kind == "follower")
    expected = [(BLUE, "traders-builders.pig.c31-farmer")]
    if yellow_home:
        expected.append((YELLOW, "traders-builders.pig.c31-farmer"))
    assert home == expected
    assert g.scores == [3, 3, 0, 3]
    assert sorted(f.owner for f in g.figures("follower")) == ([RED] if yellow_home else
                                                               [RED, YELLOW])


@pytest.mark.parametrize(("choice", "message"), [
    (("farmer_after_pig", RED, "maybe"), "expected one of stays, returns"),
    (("farmer_after_pig", 7, "stays"), "no player 7"),
    (("river", RED, "jcz"), "no option 'river' that a player chooses"),
])
def test_a_choice_must_name_a_choosable_option(host, catalogue, choice, message):
    g = Game(host, catalogue, "C3.1")
    coat_of_arms_city(g)
    move = Move(RED, g.tile("E"), 1, 0, 3, choices=(choice,))
    with pytest.raises(IllegalMove, match=message):
        g.engine.apply(g.board, move, Turn(RED))
    result = g.engine.apply(g.board, move, Turn(RED), mode="edit")
    assert [f.code for f in result.findings] in (["bad-choice"], ["unknown-choice"])
