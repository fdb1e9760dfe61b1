"""``record`` behaves as ``dataclass`` with the same options: each class below is made both
ways from one body, and every observable (signature, repr, equality, hashing, frozenness,
pickling, copying, replace, fields, asdict, match_args) is compared."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from collections.abc import Callable
from dataclasses import field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from editor.model.events import Event
from editor.model.players import Player
from editor.model.records import record
from editor.model.tiles import Provenance, Segment

OPTIONS = [dict(frozen=True, slots=True), dict(slots=True), dict(frozen=True, eq=False),
           dict(), dict(eq=False, slots=True), dict(frozen=True, slots=True, kw_only=True)]


def body() -> dict[str, Any]:
    """A class body with every kind of field: required, defaults, factories, a field left
    out of repr and comparison, one left out of ``__init__``."""
    return {
        "__annotations__": {"a": "int", "b": "str", "c": "list[int]", "d": "int",
                            "e": "int"},
        "__doc__": "A sample.",
        "b": "x",
        "c": field(default_factory=list),
        "d": field(default=7, repr=False, compare=False),
        "e": field(default=0, init=False),
        "__module__": __name__,
    }


def both(options: dict[str, bool]) -> tuple[type, type]:
    made: list[type] = []
    for deco in (dataclasses.dataclass(**options), record(**options)):
        made.append(deco(type("Sample", (), body())))
    return made[0], made[1]


def outcome(action: Callable[[], object]) -> tuple[str, object]:
    """What an action gives: its value's repr, or the exception it raises."""
    try:
        return "value", repr(action())
    except Exception as exc:
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("options", OPTIONS, ids=str)
@given(a=st.integers(), b=st.text(max_size=3), c=st.lists(st.integers(), max_size=2),
       d=st.integers(), a2=st.integers())
def test_record_is_dataclass(options: dict[str, bool], a: int, b: str, c: list[int],
                             d: int, a2: int) -> None:
    ref, ours = both(options)
    assert str(inspect.signature(ours)) == str(inspect.signature(ref))
    assert ours.__init__.__annotations__ == ref.__init__.__annotations__  # type: ignore[misc]
    assert ours.__match_args__ == ref.__match_args__  # type: ignore[attr-defined]
    assert ours.__dataclass_params__.__repr__() == ref.__dataclass_params__.__repr__()  # type: ignore[attr-defined]
    assert hasattr(ours, "__slots__") == hasattr(ref, "__slots__")

    def make(cls: type, first: int = a) -> Any:
        return cls(first, b, c, d=d) if not options.get("kw_only") else cls(
            a=first, b=b, c=c, d=d)

    x, y, other = make(ours), make(ours), make(ours, a2)
    rx, ry, rother = make(ref), make(ref), make(ref, a2)
    assert repr(x) == repr(rx)
    assert (x == y, x == other, x != y, x == 1) == (rx == ry, rx == rother, rx != ry, rx == 1)
    assert outcome(lambda: hash(x))[0] == outcome(lambda: hash(rx))[0]
    assert (ours.__hash__ is None) == (ref.__hash__ is None)
    if options.get("frozen") and options.get("eq", True):
        assert hash(dataclasses.replace(x, c=())) == hash(dataclasses.replace(rx, c=()))
    assert outcome(lambda: setattr(make(ours), "a", 1)) == outcome(
        lambda: setattr(make(ref), "a", 1))
    assert outcome(lambda: delattr(make(ours), "a")) == outcome(lambda: delattr(make(ref), "a"))
    # an attribute that is no field: refused both ways (Python 3.11's frozen slots
    # dataclass raises a TypeError of its own making here, a record FrozenInstanceError)
    assert (outcome(lambda: setattr(make(ours), "zz", 1))[0] == "value") == (
        outcome(lambda: setattr(make(ref), "zz", 1))[0] == "value")
    assert repr(copy.deepcopy(x)) == repr(x) and repr(copy.copy(x)) == repr(x)
    assert copy.deepcopy(x).d == x.d
    assert repr(dataclasses.replace(x, a=a2)) == repr(dataclasses.replace(rx, a=a2))
    assert dataclasses.asdict(x) == dataclasses.asdict(rx)
    assert [f.name for f in dataclasses.fields(x)] == [f.name for f in dataclasses.fields(rx)]
    assert outcome(lambda: ours()) == outcome(lambda: ref())


def test_factory_gives_each_instance_its_own_value_and_post_init_runs() -> None:
    seen: list[object] = []

    @record(frozen=True, slots=True)
    class Counted:
        items: list[int] = field(default_factory=list)

        def __post_init__(self) -> None:
            seen.append(self)

    first, second = Counted(), Counted()
    assert first.items is not second.items and seen == [first, second]


def test_recursive_repr_is_guarded() -> None:
    @record
    class Node:
        children: list[Any] = field(default_factory=list)

    node = Node()
    node.children.append(node)
    assert repr(node) == "test_recursive_repr_is_guarded.<locals>.Node(children=[...])"


def test_a_subclass_of_a_dataclass_is_made_by_dataclasses() -> None:
    @record(frozen=True)
    class Base:
        a: int

    @record(frozen=True)
    class Child(Base):
        b: int = 2

    assert Child(1) == Child(1, 2)
    assert repr(Child(1)).endswith("<locals>.Child(a=1, b=2)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Child(1).b = 3  # type: ignore[misc]



def test_model_records_pickle() -> None:
    """Frozen with slots, slots alone, frozen with a ``__dict__``: each comes back equal
    (the study sends positions and events to other processes)."""
    segment = Segment("s", "city", (0, 1), pennants=1, goods={"wine": 1})
    player = Player("Ann", "#d62828", score=3)
    provenance = Provenance(("a",), True, "n")
    for value in (segment, player, provenance, Event("score", player=0, points=2)):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and again is not value
    assert hash(pickle.loads(pickle.dumps(provenance))) == hash(provenance)
