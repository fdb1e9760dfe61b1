"""Preset options: a value stands for values of other options (base:C1's rules=2001 is
farms=2001 with small_city on); a value that stands for nothing sets nothing."""

from __future__ import annotations

from editor.rules.editions import OptionSpec


def test_a_preset_value_stands_for_its_options_and_another_for_none(host) -> None:
    rules = host.editions["base:C1"].option("rules")
    assert rules.is_preset and rules.covers() == {"farms", "small_city"}
    assert rules.preset("2001") == {"farms": "2001", "small_city": True}
    assert rules.preset("2002") == {"farms": "2002", "small_city": False}
    custom = OptionSpec("rules", "house", ("house", "2000"),
                        presets=(("2000", (("farms", "2000"),)),))
    assert custom.preset("2000") == {"farms": "2000"}
    assert custom.preset("house") == {} and custom.preset("1999") == {}
