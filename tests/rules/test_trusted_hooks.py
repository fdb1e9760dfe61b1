"""Built-in plugins' hooks called directly (``HookCall.trusted``): faster, but a failure is
still reported by name and disables its edition, and installed plugins stay guarded."""

from __future__ import annotations

import random

import pytest

import plugins.base.rules
from editor.plugins import PluginHost, default_host
from editor.rules.engine import Engine
from editor.rules.selfplay import box, random_game


def test_the_editors_own_plugins_are_trusted() -> None:
    rules = default_host().ruleset("base:C2 + traders-builders:C2")
    calls = rules.implementations("carcassonne_feature_completed")
    assert calls and all(c.trusted for c in calls)


def test_a_plugin_outside_the_editors_package_is_not_trusted() -> None:
    host = PluginHost(("plugins.base", "recorder_plugin"), entry_points=False)
    rules = host.ruleset("base:C2 + recorder:X1")
    calls = rules.implementations("carcassonne_restricts_placement")
    assert {c.edition.name: c.trusted for c in calls} == {"base:C2": True,
                                                          "recorder:X1": False}
    assert all(c.trusted for c in rules.implementations("carcassonne_feature_completed"))


def test_a_trusted_hook_that_raises_is_reported_and_its_edition_disabled(
        monkeypatch: pytest.MonkeyPatch, catalogue) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("scoring broke")

    monkeypatch.setattr(plugins.base.rules, "valued", broken)
    host = PluginHost(entry_points=False)
    engine = Engine(host.ruleset("base:C2"))
    games = 0
    while not host.errors and games < 30:  # until a completed feature holds a figure
        for _ in random_game(engine, box(catalogue, engine.rules), random.Random(games)):
            pass
        games += 1
    for _ in random_game(engine, box(catalogue, engine.rules), random.Random(games)):
        pass  # the edition disabled, play goes on
    assert [(e.plugin, e.stage, e.edition) for e in host.errors] == [
        ("plugins.base", "carcassonne_feature_completed", "base:C2")]
    assert "RuntimeError: scoring broke" in host.errors[0].message
    assert "base:C2" in host.disabled
