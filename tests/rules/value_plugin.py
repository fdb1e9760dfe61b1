"""A plugin for the tests of ``carcassonne_feature_value``: three expansions that change a
road's value (double it, add one, answer nonsense)."""

from __future__ import annotations

from editor.api import ROAD, Edition, FeatureInfo, FeatureValue, hookimpl


class Twice:
    @hookimpl
    def carcassonne_feature_value(self, feature: FeatureInfo, value: FeatureValue
                                  ) -> FeatureValue | None:
        if feature.kind != ROAD:
            return None
        return FeatureValue(2 * value.points, f"{value.reason}, doubled", value.rule)


class PlusOne:
    @hookimpl
    def carcassonne_feature_value(self, value: FeatureValue) -> FeatureValue:
        return FeatureValue(value.points + 1, f"{value.reason}, plus one", value.rule)


class Broken:
    @hookimpl
    def carcassonne_feature_value(self) -> list[int]:
        return [1]


@hookimpl
def carcassonne_editions() -> list[Edition]:
    return [Edition(f"{name}:X1", name, rules, expansion=True, pairs_with=("base:C2",))
            for name, rules in (("twice", Twice()), ("plus-one", PlusOne()),
                                ("broken-value", Broken()))]
