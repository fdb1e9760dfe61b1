"""The typed hook facade matches the hook specifications, and calls hooks as they say."""

from __future__ import annotations

import inspect

import pytest
import recorder_plugin

from editor import hookspecs
from editor.plugins import PluginHost
from editor.rules.hooks import Hooks

REGISTRATION = {"carcassonne_editions", "carcassonne_tileset_paths", "carcassonne_jcz_names"}
RULE_SPECS = {name: f for name, f in inspect.getmembers(hookspecs, inspect.isfunction)
              if hasattr(f, "carcassonne_editor_spec") and name not in REGISTRATION}
EVENT_HOOKS = {"figure_action", "tile_placed", "feature_completed", "after_move",
               "final_scoring", "field_city_bonus"}
#: Hooks whose answers fold into one value (None keeps it): the facade always returns one.
FOLD_HOOKS = {"feature_value"}


def facade_methods() -> dict[str, object]:
    return {n: f for n, f in vars(Hooks).items() if callable(f) and not n.startswith("_")}


def test_one_method_per_rule_hook():
    assert {f"carcassonne_{n}" for n in facade_methods()} == set(RULE_SPECS)


@pytest.mark.parametrize("name", sorted(RULE_SPECS))
def test_the_method_takes_the_specs_arguments_in_order_with_their_types(name):
    spec = inspect.signature(RULE_SPECS[name])
    method = inspect.signature(facade_methods()[name.removeprefix("carcassonne_")])
    spec_params = [(p.name, p.annotation) for p in spec.parameters.values()]
    method_params = [(p.name, p.annotation) for p in method.parameters.values()]
    assert spec_params[0] == ("rules", "Ruleset")
    assert method_params[0][0] == "self"
    assert method_params[1:] == spec_params[1:]
    short = name.removeprefix("carcassonne_")
    expected = (f"Iterator[tuple[Edition, {spec.return_annotation}]]" if short in EVENT_HOOKS
                else spec.return_annotation.removesuffix(" | None") if short in FOLD_HOOKS
                else spec.return_annotation)
    assert method.return_annotation == expected


def test_calls_reach_the_implementations_with_their_arguments_and_skip_a_disabled_edition():
    calls = recorder_plugin.CALLS
    calls.clear()
    host = PluginHost(("plugins.base", "recorder_plugin"), entry_points=False)
    rules = host.ruleset("base:C2 + recorder:X1")
    assert list(rules.hooks.field_city_bonus(None, [], [], 1, "2001")) == [
        (rules.editions[1], [])]
    assert calls == [("bonus", (1, "2001"))]
    assert rules.hooks.restricts_placement("tile") is False  # the failure is reported
    assert "recorder:X1" in host.disabled
    calls.clear()
    assert list(rules.hooks.field_city_bonus(None, [], [], 0, "2002")) == []
    assert rules.hooks.restricts_placement("tile") is False
    assert calls == []  # the disabled edition is no longer called


def test_a_hook_no_edition_implements_is_not_called(host):
    rules = host.ruleset("base:C2")
    assert rules.implementations("carcassonne_field_city_bonus") == []
    assert list(rules.hooks.field_city_bonus(None, [], [], 0, "2002")) == []
    assert [c.edition.name for c in rules.implementations("carcassonne_final_scoring")] == [
        "base:C2"]


def road_of_five(host: PluginHost, spec: str) -> list[tuple[int | None, int, str]]:
    """Complete a road of five tiles (D, U, U and W at both ends) holding Red's follower."""
    from editor.model.board import Board
    from editor.model.players import Figure, Player
    from editor.rules.engine import Engine
    from editor.rules.moves import Move
    from editor.workspace import catalogue

    tiles = catalogue(host)
    board = Board([Player("Red"), Player("Blue")])
    for ref, x in (("base-c2/D", 0), ("base-c2/U", -1), ("base-c2/U", 1), ("base-c2/W", -2)):
        board.place(tiles.tile(ref), x, 0, 0)
    board.add_figure(Figure("follower", 0, board.cells[(-1, 0)].node("road")))
    result = Engine(host.ruleset(spec)).apply(board, Move(0, tiles.tile("base-c2/W"), 2, 0))
    return [(e.player, e.points, e.reason) for e in result.events if e.type == "score"]


def test_feature_values_fold_edition_by_edition_in_ruleset_order():
    host = PluginHost(("plugins.base", "value_plugin"), entry_points=False)
    assert road_of_five(host, "base:C2") == [(0, 5, "road of 5 tiles")]
    assert road_of_five(host, "base:C2 + twice:X1 + plus-one:X1") == [
        (0, 11, "road of 5 tiles, doubled, plus one")]
    assert road_of_five(host, "base:C2 + plus-one:X1 + twice:X1") == [
        (0, 12, "road of 5 tiles, plus one, doubled")]


def test_a_feature_value_that_is_no_value_disables_its_edition():
    host = PluginHost(("plugins.base", "value_plugin"), entry_points=False)
    assert road_of_five(host, "base:C2 + broken-value:X1 + plus-one:X1") == [
        (0, 6, "road of 5 tiles, plus one")]
    assert "broken-value:X1" in host.disabled
    assert "not a FeatureValue" in host.errors[-1].message
