"""The engine stamps an edition's events with its name as ``dataclasses.replace`` would."""

from dataclasses import fields, replace

from editor.model.events import Event
from editor.model.players import Figure
from editor.rules.engine import _stamped


def test_stamped_is_replace_of_the_edition() -> None:
    event = Event("score", player=1, points=3, goods="wine", count=2,
                  figure=Figure("follower", 1, 7), figure_kind="follower", feature="city",
                  root=7, tiles=2, reason="why", rule="rule", rule_id="id", edition="",
                  part=2, unofficial=True, detail={"k": 1})
    stamped = _stamped(event, "base:C2")
    assert stamped == replace(event, edition="base:C2")
    assert stamped.detail is event.detail
    assert all(getattr(stamped, f.name) == getattr(event, f.name)
               for f in fields(Event) if f.name != "edition")
