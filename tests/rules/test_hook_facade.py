"""The typed hook facade matches the hook specifications, and calls hooks as they say."""

from __future__ import annotations

import inspect

import pytest
import recorder_plugin

from editor import hookspecs
from editor.plugins import PluginHost
from editor.rules.hooks import Hooks

REGISTRATION = {"carcassonne_editions", "carcassonne_tileset_paths"}
RULE_SPECS = {name: f for name, f in inspect.getmembers(hookspecs, inspect.isfunction)
              if hasattr(f, "carcassonne_editor_spec") and name not in REGISTRATION}
EVENT_HOOKS = {"figure_action", "tile_placed", "feature_completed", "after_move",
               "final_scoring", "field_city_bonus"}


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
