"""The typed hook facade: one method per rule hook of :mod:`editor.hookspecs`.

The host calls a ruleset's hooks only through ``Ruleset.hooks``: ``rules.hooks.final_scoring(
board)`` instead of a hook's name and keyword arguments, so that mypy checks every call and a
missing argument is the host's error where it is made.
The methods take the spec's arguments in the spec's order, less ``rules`` (the ruleset
itself); a test checks them against the specs.

Every call runs edition by edition in the ruleset's order, each inside the guard
(:mod:`editor.rules.guard`): an implementation that raises, returns what its spec does not
allow or runs past the time budget is reported to the host by name, its edition is
disabled, and the others carry on. A built-in plugin's implementation (``HookCall.trusted``)
is called directly while no time budget is in force: what it returns is not checked (its
exceptions are still reported), which keeps random play and the solver from paying the
guard on every move; installed plugins are always checked. A hook no edition of the
ruleset implements costs a dictionary look-up. Hooks that return events yield ``(edition,
events)`` pairs, one edition at a time, so that the host applies one edition's events
before it asks the next (a built-in plugin's call that is the only one is answered at
once, and so is a list-returning hook's; for the per-move hooks without gathering the
arguments in a dict: ``Hooks._calls``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from . import guard

if TYPE_CHECKING:
    from editor.model.board import Placed
    from editor.model.boardview import BoardView as Board
    from editor.model.events import Event, FeatureValue
    from editor.model.features import FeatureInfo
    from editor.model.findings import Finding
    from editor.model.tiles import Tile

    from .editions import Edition
    from .moves import FigureAction, Offer, Slot, Turn
    from .ruleset import HookCall, Ruleset

Results = Iterator[tuple["Edition", Any]]
#: What an event hook no enabled edition implements yields (no arguments are gathered).
_NONE: Iterator[Any] = iter(())
#: A hook's arguments, in the spec's order, taken out of a tuple of them all.
Getter = Callable[[tuple[Any, ...]], tuple[Any, ...]]
#: A per-move hook's one built-in implementation with its :data:`Getter` (see
#: :meth:`Hooks._calls`), or None.
Sole = tuple["HookCall", Getter] | None


class Hooks:
    """The rule hooks of one ruleset's editions, one typed method per hook."""

    __slots__ = ("_rules", "_soles")

    def __init__(self, rules: Ruleset) -> None:
        self._rules = rules
        #: hook → (the ruleset's revision, :data:`Sole`, the implementations), worked out
        #: by :meth:`_calls`.
        self._soles: dict[str, tuple[int, Sole, list[HookCall]]] = {}

    def _calls(self, hook: str, names: tuple[str, ...]) -> tuple[int, Sole, list[HookCall]]:
        """The ruleset's revision, the one implementation of a per-move ``hook`` when it is
        a built-in plugin's (what :func:`_events` answers at once while no time budget is
        in force) with the getter of its arguments out of the hook's arguments (the
        ruleset, then ``names``), and every implementation (``Ruleset.implementations``):
        kept per hook until the revision changes. The implementation is None when there
        are several, it is an installed plugin's or it names an argument the spec lacks
        (so that the guard reports it)."""
        rules = self._rules
        revision = len(rules.host.disabled)  # Ruleset.revision
        cached = self._soles.get(hook)
        if cached is None or cached[0] != revision:
            calls = rules.implementations(hook)
            sole: Sole = None
            spec = ("rules", *names)
            if len(calls) == 1 and calls[0].trusted and set(calls[0].argnames) <= set(spec):
                sole = calls[0], _getter(spec, calls[0].argnames)
            cached = self._soles[hook] = (revision, sole, calls)
        return cached

    def _per_move(self, hook: str, names: tuple[str, ...], args: tuple[Any, ...]
                  ) -> Iterator[tuple[Edition, list[Event]]]:
        """The events of a per-move ``hook`` called with ``args`` (the ruleset, then the
        arguments ``names``), edition by edition: nothing when no edition implements it,
        else its one built-in implementation (:meth:`_calls`) called at once while no time
        budget is in force, or every implementation guarded by :func:`_events`."""
        rules = self._rules
        cached = self._soles.get(hook)
        if cached is None or cached[0] != len(rules.host.disabled):
            cached = self._calls(hook, names)
        _, sole, calls = cached
        if not calls:
            return _NONE
        if sole is not None and guard.current_budget() is None:
            result = _answer(rules, hook, sole, args)
            return _NONE if result is None else iter(((sole[0].edition, result),))
        return _events(rules, hook, dict(zip(names, args[1:], strict=True)), calls)

    # -- placing tiles and figures ---------------------------------------------------

    def placement_findings(self, board: Board, tile: Tile, x: int, y: int, rotation: int
                           ) -> list[Finding]:
        """What is wrong with putting ``tile`` at (x, y) turned ``rotation``, beyond sides."""
        return _collect(self._rules, "carcassonne_placement_findings", {
            "board": board, "tile": tile, "x": x, "y": y, "rotation": rotation})

    def restricts_placement(self, tile: Tile) -> bool:
        """Whether :meth:`placement_findings` must be asked about ``tile``."""
        return any(r for _, r in _each(self._rules, "carcassonne_restricts_placement",
                                       {"tile": tile}))

    def slot_options(self, slot: Slot, part: int) -> list[Offer]:
        """The figures a player may stand on one segment of the tile just placed."""
        return _collect(self._rules, "carcassonne_slot_options", {"slot": slot, "part": part})

    def special_actions(self, board: Board, player: int, turn: Turn) -> list[FigureAction]:
        """Figure actions that may be taken instead of placing a figure."""
        hook = "carcassonne_special_actions"
        _, sole, _ = self._calls(hook, ("board", "player", "turn"))
        if sole is not None and guard.current_budget() is None:
            result = _answer(self._rules, hook, sole, (self._rules, board, player, turn))
            return [] if result is None else list(result)
        return _collect(self._rules, hook, {"board": board, "player": player, "turn": turn})

    def figure_findings(self, board: Board, placed: Placed, player: int, action: FigureAction,
                        turn: Turn) -> list[Finding]:
        """Why ``action`` by ``player`` after placing ``placed`` breaks a rule."""
        return _collect(self._rules, "carcassonne_figure_findings", {
            "board": board, "placed": placed, "player": player, "action": action,
            "turn": turn})

    def figure_action(self, board: Board, placed: Placed, player: int, action: FigureAction,
                      turn: Turn) -> Iterator[tuple[Edition, list[Event]]]:
        """The events an action causes by itself, edition by edition."""
        return self._per_move("carcassonne_figure_action",
                              ("board", "placed", "player", "action", "turn"),
                              (self._rules, board, placed, player, action, turn))

    def tile_placed(self, board: Board, placed: Placed, turn: Turn
                    ) -> Iterator[tuple[Edition, list[Event]]]:
        """Events of the tile itself, edition by edition."""
        return self._per_move("carcassonne_tile_placed", ("board", "placed", "turn"),
                              (self._rules, board, placed, turn))

    # -- scoring ---------------------------------------------------------------------

    def feature_completed(self, board: Board, feature: FeatureInfo, turn: Turn
                          ) -> Iterator[tuple[Edition, list[Event]]]:
        """The events of a feature the move completed, edition by edition."""
        return self._per_move("carcassonne_feature_completed", ("board", "feature", "turn"),
                              (self._rules, board, feature, turn))

    def after_move(self, board: Board, placed: Placed, turn: Turn, events: list[Event]
                   ) -> Iterator[tuple[Edition, list[Event]]]:
        """Events that follow once the move's features are scored, edition by edition."""
        return self._per_move("carcassonne_after_move", ("board", "placed", "turn", "events"),
                              (self._rules, board, placed, turn, events))

    @property
    def values_changed(self) -> bool:
        """Whether an edition implements ``carcassonne_feature_value`` (a fast scoring path
        that values features itself must then ask :meth:`feature_value`)."""
        return bool(self._rules.implementations("carcassonne_feature_value"))

    @property
    def bonuses_given(self) -> bool:
        """Whether an edition implements ``carcassonne_field_city_bonus`` (farm scoring
        that gives none may leave the cities undescribed)."""
        return bool(self._rules.implementations("carcassonne_field_city_bonus"))

    def feature_value(self, board: Board, feature: FeatureInfo, final: bool,
                      value: FeatureValue) -> FeatureValue:
        """What a road, city, monastery or garden is worth: ``value`` as the editions change
        it, each receiving the value the editions before it gave (None keeps it)."""
        hook = "carcassonne_feature_value"
        for call in self._rules.implementations(hook):
            for _, changed in _each(self._rules, hook, {
                    "board": board, "feature": feature, "final": final, "value": value},
                    [call]):
                value = changed
        return value

    def final_scoring(self, board: Board, explain: bool, roots: frozenset[int] | None
                      ) -> Iterator[tuple[Edition, list[Event]]]:
        """The end-of-game events, edition by edition (bare points when not ``explain``;
        only those of the features ``roots`` when given, see the spec)."""
        calls = self._rules.implementations("carcassonne_final_scoring")
        return _each(self._rules, "carcassonne_final_scoring", {
            "board": board, "explain": explain, "roots": roots}, calls) if calls else _NONE

    def field_city_bonus(self, board: Board, fields: list[FeatureInfo],
                         cities: list[FeatureInfo], player: int, farms: str
                         ) -> Iterator[tuple[Edition, list[Event]]]:
        """Extra farm points for ``player`` for ``cities``, edition by edition."""
        calls = self._rules.implementations("carcassonne_field_city_bonus")
        return _each(self._rules, "carcassonne_field_city_bonus", {
            "board": board, "fields": fields, "cities": cities, "player": player,
            "farms": farms}, calls) if calls else _NONE

    # -- checking a position ---------------------------------------------------------

    def board_findings(self, board: Board) -> list[Finding]:
        """What is wrong with the position as a whole."""
        return _collect(self._rules, "carcassonne_board_findings", {"board": board})


def _each(rules: Ruleset, hook: str, kwargs: dict[str, Any],
          calls: list[HookCall] | None = None) -> Results:
    """Call ``hook`` edition by edition (of ``calls``, by default every edition's),
    yielding (edition, result) for non-None results."""
    calls = rules.implementations(hook) if calls is None else calls
    if not calls:
        return
    kwargs["rules"] = rules
    host = rules.host
    disabled = host.disabled
    direct = guard.current_budget() is None
    for call in calls:
        if call.edition.name in disabled:  # disabled by a hook called meanwhile
            continue
        try:
            if direct and call.trusted:  # a built-in plugin, no time budget: no checks
                result = call.function(*_arguments(hook, call, kwargs))
            else:
                result = guard.invoke(call.function, guard.bind(hook, call.argnames, kwargs))
                problem = guard.check_return(hook, result, kwargs)
                if problem:
                    raise guard.HookReturnError(problem)
        except guard.HostError:
            raise
        except Exception as exc:  # a plugin's fault must not stop the host
            _report(rules, hook, call, exc)
            continue
        if result is not None:
            yield call.edition, result


def _events(rules: Ruleset, hook: str, kwargs: dict[str, Any],
            calls: list[HookCall]) -> Results:
    """:func:`_each`, answered at once when one built-in plugin's implementation is all
    there is and no time budget is in force (no other edition could run between): the
    per-move hooks of random play and the solver."""
    call = calls[0]
    if len(calls) > 1 or not call.trusted or guard.current_budget() is not None:
        return _each(rules, hook, kwargs, calls)
    if call.edition.name in rules.host.disabled:
        return _NONE
    kwargs["rules"] = rules
    args = _arguments(hook, call, kwargs)
    try:
        result = call.function(*args)
    except guard.HostError:
        raise
    except Exception as exc:  # a plugin's fault must not stop the host
        _report(rules, hook, call, exc)
        return _NONE
    return _NONE if result is None else iter(((call.edition, result),))


def _getter(names: tuple[str, ...], argnames: tuple[str, ...]) -> Getter:
    """A function taking ``argnames`` out of a tuple of arguments named ``names``, at C
    speed."""
    if not argnames:
        return lambda args: ()
    get = itemgetter(*[names.index(a) for a in argnames])
    if len(argnames) > 1:
        return get
    return lambda args: (get(args),)


def _answer(rules: Ruleset, hook: str, sole: tuple[HookCall, Getter],
            args: tuple[Any, ...]) -> Any:
    """What a :meth:`Hooks._calls` implementation returns for ``args`` (the hook's
    arguments in the spec's order); None when it raised (reported, as by :func:`_events`)."""
    call, getter = sole
    try:
        return call.function(*getter(args))
    except guard.HostError:
        raise
    except Exception as exc:  # a plugin's fault must not stop the host
        _report(rules, hook, call, exc)
        return None


def _arguments(hook: str, call: HookCall, kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """A trusted call's arguments out of ``kwargs`` (one missing raises the guard's
    error for it)."""
    try:
        return call.arguments(kwargs)
    except KeyError:
        guard.bind(hook, call.argnames, kwargs)  # raises the host's error
        raise


def _report(rules: Ruleset, hook: str, call: HookCall, exc: Exception) -> None:
    """Report a hook call's failure to the host (which disables the edition)."""
    import traceback

    rules.host.report(call.edition.plugin or call.edition.name, hook, exc,
                      traceback.format_exc(), edition=call.edition.name)


def _collect(rules: Ruleset, hook: str, kwargs: dict[str, Any]) -> list[Any]:
    """Call a list-returning hook and concatenate the results (a new list; a built-in
    plugin's call that is the only one answered at once, as by :func:`_events`)."""
    out: list[Any] = []
    calls = rules.implementations(hook)
    if calls:
        for _, result in _events(rules, hook, kwargs, calls):
            out.extend(result)
    return out
