"""``record``: :func:`dataclasses.dataclass` at a fraction of its cost at import.

A dataclass compiles source text for each method it adds (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, and ``__setattr__`` and ``__delattr__`` when frozen): about 4 million
instructions a class on Python 3.11, a fifth of a command's start-up for the classes every
start makes. ``record`` compiles ``__init__`` alone (the method whose speed matters: the
engine makes events by the thousand), as dataclasses writes it, and gives the class the
others ready-made, reading its fields: the same results, frozenness and hashing, and the
class is a dataclass to :func:`dataclasses.fields`, :func:`~dataclasses.replace`,
:func:`~dataclasses.asdict`, pickling and copying. Uncommon cases (``InitVar`` fields, a
frozen dataclass base) go to :func:`dataclasses.dataclass` itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T", bound=type)


@overload
def record(cls: T, /) -> T: ...
@overload
def record(*, eq: bool = True, frozen: bool = False, slots: bool = False,
           kw_only: bool = False) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: T | None = None, /, *, eq: bool = True, frozen: bool = False,
           slots: bool = False, kw_only: bool = False) -> T | Callable[[T], T]:
    """``@dataclass`` with the same options (``init`` and ``repr`` always on)."""

    def wrap(cls: T) -> T:
        return _record(cls, eq, frozen, slots, kw_only)

    return wrap if cls is None else wrap(cls)


def _record(cls: T, eq: bool, frozen: bool, slots: bool, kw_only: bool) -> T:
    own = dict(cls.__dict__)
    annotations = own.get("__annotations__", {})
    if "self" in annotations or any(
            "InitVar" in str(t) for t in annotations.values()) or any(
            hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]):
        full: Any = dataclasses.dataclass(cls, eq=eq, frozen=frozen, slots=slots,
                                          kw_only=kw_only)
        return full  # type: ignore[no-any-return]
    made: Any = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=slots,
                                      kw_only=kw_only)
    fields = dataclasses.fields(made)
    names = frozenset(f.name for f in fields)
    methods: dict[str, Any] = {"__init__": _init(made, fields, frozen, slots),
                               "__repr__": _repr([f.name for f in fields if f.repr])}
    if eq:
        methods["__eq__"] = _eq(_values([f.name for f in fields if f.compare]))
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if eq and frozen:
        methods["__hash__"] = _hash(_values([f.name for f in fields
                                             if (f.compare if f.hash is None else f.hash)]))
    elif eq and not explicit_hash:
        made.__hash__ = None
    if frozen:
        methods["__setattr__"] = _frozen_setattr(made, names)
        methods["__delattr__"] = _frozen_delattr(made, names)
        if slots:
            methods["__getstate__"] = _getstate(tuple(f.name for f in fields))
            methods["__setstate__"] = _setstate(tuple(f.name for f in fields))
    for name, method in methods.items():
        if name not in own:
            method.__qualname__ = f"{made.__qualname__}.{name}"
            setattr(made, name, method)
    params = made.__dataclass_params__
    params.init, params.repr, params.eq, params.frozen = True, True, eq, frozen
    return made  # type: ignore[no-any-return]


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool,
          slots: bool) -> Callable[..., None]:
    """``__init__`` as :mod:`dataclasses` writes it: parameters in field order (keyword-only
    ones after ``*``), a default factory called when its argument is left out, frozen
    fields set through ``object.__setattr__``, then ``__post_init__`` if the class has one."""
    space: dict[str, Any] = {"__object": object, "__HAS_FACTORY": _HAS_FACTORY}
    plain: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields:
        has_factory = f.default_factory is not dataclasses.MISSING
        if has_factory:
            space[f"__factory_{f.name}"] = f.default_factory
        if f.init:
            if has_factory:
                param = f"{f.name}=__HAS_FACTORY"
                value = f"__factory_{f.name}() if {f.name} is __HAS_FACTORY else {f.name}"
            elif f.default is not dataclasses.MISSING:
                space[f"__default_{f.name}"] = f.default
                param, value = f"{f.name}=__default_{f.name}", f.name
            else:
                param = value = f.name
            (keyword if f.kw_only else plain).append(param)
        elif has_factory:
            value = f"__factory_{f.name}()"
        elif slots and f.default is not dataclasses.MISSING:
            space[f"__default_{f.name}"] = f.default
            value = f"__default_{f.name}"
        else:
            continue
        body.append(f"__object.__setattr__(self, {f.name!r}, {value})" if frozen
                    else f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    params = ", ".join(["self", *plain, *(["*", *keyword] if keyword else [])])
    lines = "\n".join(f"    {line}" for line in body or ["pass"])
    exec(f"def __init__({params}) -> None:\n{lines}", space)
    init: Callable[..., None] = space["__init__"]
    init.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    return init


class _HasFactory:
    """The default of a parameter whose field has a default factory."""

    def __repr__(self) -> str:
        return "<factory>"


_HAS_FACTORY = _HasFactory()


def _values(names: list[str]) -> Callable[[object], tuple[Any, ...]]:
    """The tuple of these attributes of an object (as the generated methods compare)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _repr(names: list[str]) -> Callable[[object], str]:
    @recursive_repr()
    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"

    return __repr__


def _eq(values: Callable[[object], tuple[Any, ...]]) -> Callable[[object, object], Any]:
    def __eq__(self: object, other: object) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Callable[[object], tuple[Any, ...]]) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(values(self))

    return __hash__


def _frozen_setattr(cls: Any, names: frozenset[str]) -> Callable[[object, str, Any], None]:
    def __setattr__(self: object, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _frozen_delattr(cls: Any, names: frozenset[str]) -> Callable[[object, str], None]:
    def __delattr__(self: object, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _getstate(names: tuple[str, ...]) -> Callable[[object], list[Any]]:
    def __getstate__(self: object) -> list[Any]:
        return [getattr(self, name) for name in names]

    return __getstate__


def _setstate(names: tuple[str, ...]) -> Callable[[object, list[Any]], None]:
    def __setstate__(self: object, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=False):
            object.__setattr__(self, name, value)

    return __setstate__
