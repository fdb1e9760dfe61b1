"""JCloisterZone's engine test games in scope (base game, River, Traders & Builders), as our
own positions (:mod:`engine_games`): each passes ``replay --check``, with every assertion of
the JCZ game checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_games import GAMES, Game, move_entry

from editor.cli import main
from editor.formats.boards import save_position
from editor.jcz.replay import replay
from editor.model.board import Board
from editor.model.players import DEFAULT_COLOURS, Player
from editor.model.position import Position


def board_file(game: Game, folder: Path, host, catalogue) -> str:
    """The game as a board file: the position after its log, the log, the assertions."""
    rules = host.ruleset([(e, {}) for e in game.editions], game.options)
    supply = {k.name: k.supply for k in rules.figure_kinds().values()} | game.supply
    board = Board([Player(name, DEFAULT_COLOURS[i], supply=dict(supply))
                   for i, name in enumerate(game.players)])
    start = "base-c2/D" if game.editions == ["base:C2"] else "base-c1/D"
    board.place(catalogue.tile(start), 0, 0, 0)
    board.commit()
    position = Position(board=board, editions=list(game.editions),
                        options={k: dict(v) for k, v in game.options.items()},
                        tilesets=list(game.tilesets), title=game.jcz, description=game.about,
                        moves=[move_entry(s) for s in game.moves],
                        extras={"x-assertions": list(game.assertions)})
    played = replay(position, rules, catalogue)
    position.board = played.board_at(len(played.steps))
    path = folder / f"{game.jcz.replace('/', '-')}.board.json"
    save_position(path, position)
    return str(path)


@pytest.mark.parametrize("game", GAMES, ids=[g.jcz for g in GAMES])
def test_replay_check_passes(game, tmp_path, host, catalogue, capsys):
    path = board_file(game, tmp_path, host, catalogue)
    assert main(["replay", path, "--check"]) == 0
    out = capsys.readouterr().out
    assert [line.strip() for line in out.splitlines() if "PASS" in line] == [
        f"PASS  {a}" for a in game.assertions]
    assert "FAIL" not in out and "CANNOT" not in out


def test_the_tiny_city_game_fails_under_the_final_rules(tmp_path, host, catalogue, capsys):
    """The check really checks: under rules 2002 the 2-tile city scores 4, so Wanda has 10
    and two assertions fail."""
    game = next(g for g in GAMES if g.jcz == "basic/tiny-city-rule")
    path = board_file(game, tmp_path, host, catalogue)
    assert main(["replay", path, "--check", "--rules", "base:C1[rules=2002]"]) == 1
    out = capsys.readouterr().out
    assert "FAIL  Wanda has 8 points  (Wanda has 10 points)" in out
