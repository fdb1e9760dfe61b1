"""Properties over random games under every ruleset: replaying the recorded move log gives
exactly the live position and scores; scores do not depend on the order of a file's tiles
and figures."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.jcz.replay import replay
from editor.model.board import Board
from editor.model.players import Figure, Player
from editor.model.position import Position
from editor.plugins import default_host
from editor.rules.compare import default_rulesets
from editor.rules.engine import Engine
from editor.rules.legality import figure_states
from editor.rules.movelog import entry_of
from editor.rules.moves import FigureAction
from editor.rules.score_report import score_report
from editor.rules.selfplay import box, random_game


def every_ruleset() -> list[str]:
    """Each base edition alone and with each expansion published for it, in each C1 rules
    version, and the options that change play: the C1 small-city rule alone, the River as
    JCloisterZone checks it, C3.1 farmers going home with their pigs."""
    paired = [r.name for r in default_rulesets(default_host())]
    alone = sorted({name.split(" + ")[0] for name in paired})
    return [*alone, *paired, "base:C1[farms=2002,small_city=on] + traders-builders:C1",
            "base:C2[river=jcz,small_city=on] + traders-builders:C2",
            "base:C3 + traders-builders:C3.1[farmer_after_pig=returns]"]


RULESETS = every_ruleset()
GAMES = settings(max_examples=8, deadline=None)


def farmers_first(rng: random.Random, options: list[FigureAction]) -> FigureAction:
    """Mostly farmers and pigs: fields shared by several of a player's farmers, cities
    touching several fields, are where farm rules could depend on the order."""
    fields = [a for a in options if a.segment.startswith("field") or "pig" in
              (a.kind, *a.assign)]
    return rng.choice(fields if fields and rng.random() < 0.7 else options)


def live_game(rules, catalogue, seed: int, tiles: int = 30):
    """A random game with figures (farmers and pigs often), every player choosing at
    random where a move lets them: the board, the move log it wrote, the final scores."""
    rng = random.Random(seed)
    engine = Engine(rules)
    players = rng.choice([2, 3, 4])
    played = list(random_game(engine, box(catalogue, rules), rng, players=players,
                              tiles=tiles, figure_rate=0.8, choose=True, pick=farmers_first))
    board = played[-1][0]
    log = [entry_of(result.move) for _, result in played]
    mark = board.mark()
    engine.final_scoring(board)
    final = [p.score for p in board.players]
    board.undo_to(mark)
    return board, log, final


def position_of(rules, board: Board, log) -> Position:
    return Position(board=board, editions=[e.name for e in rules.editions],
                    options={k: dict(v) for k, v in rules.options.items()}, moves=log)


def state(board: Board):
    return (sorted((p.tile.ref, p.x, p.y, p.rotation) for p in board),
            sorted(figure_states(board)),
            [(p.score, dict(p.goods), {k: n for k, n in p.supply.items() if n}) for p in
             board.players])


@pytest.mark.parametrize("spec", RULESETS)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_replay_equals_live_play(host, catalogue, spec, seed):
    rules = host.ruleset(spec)
    board, log, final = live_game(rules, catalogue, seed)
    played = replay(position_of(rules, board, log), rules, catalogue)
    assert played.findings == []
    assert state(played.board_at(len(played.steps))) == state(board)
    assert played.final == final


def reordered(board: Board, rng: random.Random) -> Board:
    """The same position with its tiles placed and its figures stood in another order,
    as another file holding the same position would have them."""
    copy = Board([Player(p.name, p.colour, p.score, dict(p.goods), dict(p.supply))
                  for p in board.players])
    placed = list(board)
    rng.shuffle(placed)
    for p in placed:
        copy.place(p.tile, p.x, p.y, p.rotation)
    figures = figure_states(board)
    rng.shuffle(figures)
    for kind, owner, x, y, segment in figures:
        copy.add_figure(Figure(kind, owner, copy.cells[(x, y)].node(segment)))
    copy.commit()
    return copy


def lines(report):
    return sorted((ln.player, ln.points, ln.rule_id, ln.type, ln.goods or "", ln.count)
                  for ln in report.lines)


def same_scores_in_every_order(rules, catalogue, seed: int, order: int) -> None:
    board, _, final = live_game(rules, catalogue, seed, tiles=45)
    mine = score_report(board, rules)
    assert mine.final == final
    rng = random.Random(order)
    for _ in range(4):
        theirs = score_report(reordered(board, rng), rules)
        assert theirs.final == final
        assert lines(theirs) == lines(mine)


@pytest.mark.parametrize("spec", RULESETS)
@GAMES
@given(seed=st.integers(0, 2**32 - 1), order=st.integers(0, 2**32 - 1))
def test_scores_do_not_depend_on_file_order(host, catalogue, spec, seed, order):
    same_scores_in_every_order(host.ruleset(spec), catalogue, seed, order)


@pytest.mark.parametrize("spec", [s for s in RULESETS if "rules=2001" in s])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), order=st.integers(0, 2**32 - 1))
def test_rules_2001_pay_each_city_the_same_way_in_every_order(host, catalogue, spec, seed,
                                                              order):
    """Rules 2001 pay each city once per player, through one of the player's fields: the
    rule that is the easiest to make depend on the order (one board in seven has a city
    that two of a player's fields touch), so it gets more games."""
    same_scores_in_every_order(host.ruleset(spec), catalogue, seed, order)
