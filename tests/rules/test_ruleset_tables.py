"""A ruleset's figure kinds and strengths are computed once and cannot be changed by the
code that reads them."""

from __future__ import annotations

import pytest

from editor.plugins import default_host


def test_figure_tables_are_computed_once_and_read_only():
    rules = default_host().ruleset("base:C2 + traders-builders:C2")
    kinds, strengths = rules.figure_kinds(), rules.strengths()
    assert rules.figure_kinds() is kinds and rules.strengths() is strengths
    assert dict(strengths) == {"follower": 1, "abbot": 1, "builder": 0, "pig": 0}
    assert list(kinds) == list(strengths)
    with pytest.raises(TypeError):
        strengths["builder"] = 5  # type: ignore[index]


def test_figure_tables_follow_the_editions():
    rules = default_host().ruleset("base:C2 + traders-builders:C2")
    rules.editions = rules.editions[:1]
    assert dict(rules.strengths()) == {"follower": 1, "abbot": 1}
