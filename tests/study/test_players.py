"""Players from plugins: the entry-point group, import paths, failures named (#19.1)."""

from __future__ import annotations

import pytest
from study_support import spec

from editor import installed as installed_points
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.rules.moves import Move
from editor.study import players
from editor.study.games import SelfPlayTask, play_chunk
from editor.study.players import ENTRY_POINT_GROUP, PlayerError, RandomPlayer, Situation


class Cautious(RandomPlayer):
    """A plugin's player: never stands a figure."""

    def choose(self, situation: Situation) -> Move:
        return super().choose(situation)._replace(figure=None)


def installed(monkeypatch: pytest.MonkeyPatch, **points: str) -> None:
    """Entry points in the players' group, as installed packages would declare them."""
    found = [installed_points.EntryPoint(name, value, ENTRY_POINT_GROUP)
             for name, value in points.items()]
    real = installed_points.entry_points

    def entry_points(group: str) -> list[installed_points.EntryPoint]:
        return found if group == ENTRY_POINT_GROUP else real(group)

    monkeypatch.setattr(installed_points, "entry_points", entry_points)


def test_a_plugin_s_player_is_found_by_name(monkeypatch: pytest.MonkeyPatch, host: PluginHost,
                                            catalogue: Catalogue) -> None:
    installed(monkeypatch, cautious="test_players:Cautious")
    assert players.names() == ["random", "greedy", "cautious"]
    assert players.load("cautious") is Cautious
    study = spec(host, catalogue, seats=("cautious", "random"), rulesets=("base:C2",))
    row, = play_chunk(study, [SelfPlayTask("base:C2", "box", 1)])
    assert row.ok and row.seats == "cautious random"


def test_a_broken_plugin_player_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    installed(monkeypatch, broken="no_such_module:Bot", odd="test_players:ENTRY_POINT_GROUP")
    with pytest.raises(PlayerError, match=r"player 'broken = no_such_module:Bot' failed to "
                                          r"load: ModuleNotFoundError"):
        players.load("broken")
    with pytest.raises(PlayerError, match="is not a class or a factory of players"):
        players.load("odd")
    with pytest.raises(PlayerError, match=r"unknown player 'nobody' \(players: random, greedy, "
                                          r"broken, odd, or package.module:Name\)"):
        players.load("nobody")
