"""Calling plugins safely: what each hook may return, host mistakes, a time budget.

A plugin's answer is checked before the host uses it (:func:`check_return`): a rule hook
returning something its spec does not allow is that plugin's error, reported like an
exception it raised. A hook called without an argument its spec names is the host's
mistake (:class:`HostError`) and is raised as such, never blamed on the plugin.

:func:`time_budget` bounds each rule hook call made inside it (in that thread): a call that
has not returned after the budget is abandoned and reported as the plugin's error
(:class:`HookTimeout`), its edition disabled, and the host goes on. The call runs on a
worker thread while the caller waits; an abandoned call gets :class:`HookTimeout` raised
inside it, which stops a plugin stuck in a Python loop (a call blocked in C keeps its
thread until it returns, harmlessly: hooks never change the board). Meant for the desktop
editor's background scoring::

    with time_budget(2.0):
        report = score_report(board, rules)
    # host.errors names every plugin that ran out of time; its edition is disabled
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from editor.i18n import _
from editor.model.events import Event
from editor.model.findings import Finding, Severity
from editor.model.players import Figure

from .moves import PLACE, TAKE_BACK, FigureAction

if TYPE_CHECKING:
    import queue


class HostError(RuntimeError):
    """A mistake of the host calling a hook (not of the plugin that implements it)."""


class HookReturnError(TypeError):
    """A hook returned what its spec does not allow."""


class HookTimeout(Exception):
    """A hook call ran past its :func:`time_budget`."""


# -- what hooks return --------------------------------------------------------------------

#: Hooks by what they return: events, findings, a flag, figure offers, figure actions.
EVENT_HOOKS = frozenset({
    "carcassonne_figure_action", "carcassonne_tile_placed", "carcassonne_feature_completed",
    "carcassonne_after_move", "carcassonne_final_scoring", "carcassonne_field_city_bonus"})
FINDING_HOOKS = frozenset({
    "carcassonne_placement_findings", "carcassonne_figure_findings",
    "carcassonne_board_findings"})
FLAG_HOOKS = frozenset({"carcassonne_restricts_placement"})
OFFER_HOOKS = frozenset({"carcassonne_slot_options"})
ACTION_HOOKS = frozenset({"carcassonne_special_actions"})
#: The hook answering a changed feature value (a FeatureValue), not a list.
VALUE_HOOK = "carcassonne_feature_value"


def _int(value: object) -> bool:
    return type(value) is int


def _optional_int(value: object) -> bool:
    return value is None or type(value) is int


def _cell(value: object) -> bool:
    return value is None or (isinstance(value, tuple) and len(value) == 2
                             and all(map(_int, value)))


def _strings(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(v, str) for v in value)


def _event_ok(e: object, players: int, nodes: int) -> bool:
    """The common case of :func:`_event_problem`, fast: exact types, in range."""
    return (type(e) is Event and type(e.type) is str
            and (e.player is None or (type(e.player) is int and 0 <= e.player < players))
            and type(e.points) is int and type(e.count) is int and type(e.part) is int
            and type(e.tiles) is int
            and (e.root is None or (type(e.root) is int and 0 <= e.root < nodes))
            and (e.figure is None or type(e.figure) is Figure)
            and (e.goods is None or type(e.goods) is str) and type(e.figure_kind) is str
            and type(e.feature) is str and type(e.reason) is str and type(e.rule) is str
            and type(e.edition) is str and type(e.unofficial) is bool
            and type(e.detail) is dict)


def _event_problem(e: object, players: int | None, nodes: int | None) -> str | None:
    if not isinstance(e, Event):
        return _("{value} is not an Event").format(value=short(e))
    if not isinstance(e.type, str):
        return _("an event's type is {value}, not a string").format(value=short(e.type))
    if not _optional_int(e.player) or (
            e.player is not None and players is not None and not 0 <= e.player < players):
        return _("a {type} event is for player {player}, not one of the {n}").format(
            type=e.type, player=short(e.player), n=players)
    for name in ("points", "count", "part", "tiles"):
        if not _int(getattr(e, name)):
            return _("a {type} event's {field} is {value}, not an integer").format(
                type=e.type, field=name, value=short(getattr(e, name)))
    if not _optional_int(e.root) or (
            e.root is not None and nodes is not None and not 0 <= e.root < nodes):
        return _("a {type} event's root is {value}, not a segment of the board").format(
            type=e.type, value=short(e.root))
    if e.figure is not None and not isinstance(e.figure, Figure):
        return _("a {type} event's figure is {value}, not a Figure").format(
            type=e.type, value=short(e.figure))
    if e.goods is not None and not isinstance(e.goods, str):
        return _("a {type} event's goods are {value}, not a string").format(
            type=e.type, value=short(e.goods))
    for name in ("figure_kind", "feature", "reason", "rule", "edition"):
        if not isinstance(getattr(e, name), str):
            return _("a {type} event's {field} is {value}, not a string").format(
                type=e.type, field=name, value=short(getattr(e, name)))
    if not isinstance(e.unofficial, bool) or not isinstance(e.detail, dict):
        return _("a {type} event's unofficial flag or detail has the wrong type").format(
            type=e.type)
    return None


def _finding_problem(f: object) -> str | None:
    if not isinstance(f, Finding):
        return _("{value} is not a Finding").format(value=short(f))
    if not all(isinstance(v, str) for v in (f.message, f.path, f.file, f.code)):
        return _("a finding's message, path, file and code must be strings")
    if not isinstance(f.severity, Severity) or not _cell(f.cell) or not (
            f.segment is None or isinstance(f.segment, str)):
        return _("finding {message!r} has a wrong severity, cell or segment").format(
            message=f.message)
    return None


def _offer_problem(offer: object) -> str | None:
    if not (isinstance(offer, tuple) and len(offer) == 2 and isinstance(offer[0], str)
            and _strings(offer[1])):
        return _("{value} is not an offer (figure kind, kinds assigned beside it)").format(
            value=short(offer))
    return None


def _action_problem(action: object) -> str | None:
    if not isinstance(action, FigureAction):
        return _("{value} is not a FigureAction").format(value=short(action))
    if not (isinstance(action.kind, str) and isinstance(action.segment, str)
            and action.action in (PLACE, TAKE_BACK) and _cell(action.cell)
            and _strings(action.assign)):
        return _("figure action {value} has fields of the wrong type").format(
            value=short(action))
    return None


def _take_back_problem(action: FigureAction, board: Any) -> str | None:
    """A figure taken back must come from a segment of a tile on the board."""
    if action.action != TAKE_BACK or board is None or action.cell is None:
        return None  # no cell: from the tile just placed, which the host checks
    placed = board.cells.get(action.cell)
    if placed is None or action.segment not in placed.tile.segment_index:
        return _("{value} takes a figure back from no segment of the board").format(
            value=short(action))
    return None


def check_return(hook: str, result: object, kwargs: dict[str, Any]) -> str | None:
    """Why ``result`` is not what ``hook`` may return (None: it is, or it is None, which
    means no answer). Event player indices and roots are checked against the board."""
    if result is None or (type(result) is list and not result):
        return None
    if hook in FLAG_HOOKS:
        return None if isinstance(result, bool) else _(
            "returned {value}, not true or false").format(value=short(result))
    if hook == VALUE_HOOK:
        return _value_problem(result)
    if not isinstance(result, list | tuple):
        return _("returned {value}, not a list").format(value=short(result))
    if not result:
        return None
    if hook in EVENT_HOOKS:
        board = kwargs.get("board")
        players = len(board.players) if board is not None else None
        nodes = len(board.parent) if board is not None else None
        if players is not None and nodes is not None and all(
                _event_ok(e, players, nodes) for e in result):
            return None
        problems: Sequence[str | None] = [_event_problem(e, players, nodes) for e in result]
    elif hook in FINDING_HOOKS:
        problems = [_finding_problem(f) for f in result]
    elif hook in OFFER_HOOKS:
        problems = [_offer_problem(o) for o in result]
    elif hook in ACTION_HOOKS:
        problems = [_action_problem(a) or _take_back_problem(a, kwargs.get("board"))
                    for a in result]
    else:
        return None
    return next((_("returned a list where {problem}").format(problem=p) for p in problems if p),
                None)


def _value_problem(value: object) -> str | None:
    """Why a feature value is not ``FeatureValue(points, reason, rule)``."""
    if (isinstance(value, tuple) and len(value) == 3 and isinstance(value[0], int)
            and not isinstance(value[0], bool) and isinstance(value[1], str)):
        return None
    return _("returned {value}, not a FeatureValue(points, reason, rule)").format(
        value=short(value))


def short(value: object, limit: int = 60) -> str:
    """``repr`` of a plugin's value, cut to a readable length (and safe from a ``repr``
    that raises)."""
    try:
        text = repr(value)
    except Exception:  # a plugin's object whose repr fails
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bind(hook: str, argnames: Sequence[str], kwargs: dict[str, Any]) -> list[Any]:
    """The arguments of one implementation, by name; :class:`HostError` when the host did
    not pass one the implementation takes."""
    try:
        return [kwargs[name] for name in argnames]
    except KeyError as exc:
        raise HostError(f"hook {hook} was called without {exc.args[0]!r} (given: "
                        f"{', '.join(sorted(kwargs))})") from None


# -- the time budget ----------------------------------------------------------------------

_BUDGET: contextvars.ContextVar[float | None] = contextvars.ContextVar("plugin_time_budget",
                                                                       default=None)


@contextlib.contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    """Bound every rule hook call inside the block (in this thread) to ``seconds``."""
    if not seconds > 0:
        raise ValueError(f"a time budget is a positive number of seconds, not {seconds}")
    token = _BUDGET.set(seconds)
    try:
        yield
    finally:
        _BUDGET.reset(token)


#: The budget in force here, if any (``current_budget()``: a C call, asked in every move).
current_budget = _BUDGET.get


def invoke(function: Callable[..., Any], args: Sequence[Any]) -> Any:
    """``function(*args)``, within the :func:`time_budget` if one is in force. A hook that
    calls hooks itself (the base game's farm scoring asks every edition for city bonuses)
    is not charged for the time they take: each has its own budget, and the one that runs
    out is the one reported."""
    budget = _BUDGET.get()
    if budget is None:
        return function(*args)
    parent = _JOB.get()
    if parent is None:
        return _worker().call(function, args, budget)
    start = time.perf_counter()
    parent.nesting += 1
    try:
        return _worker().call(function, args, budget)
    finally:
        parent.nesting -= 1
        parent.nested += time.perf_counter() - start


#: The budgeted call running in this context (in its worker thread), if any.
_JOB: contextvars.ContextVar[_Job | None] = contextvars.ContextVar("plugin_job", default=None)
#: How often a caller looks whether its call ran out of time.
_TICK = 0.05


class _Job:
    def __init__(self, function: Callable[..., Any], args: Sequence[Any]) -> None:
        self.function = function
        self.args = args
        self.context = contextvars.copy_context()  # nested hook calls keep the budget
        self.context.run(_JOB.set, self)
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        #: nested budgeted calls running now, and the seconds spent in those that ended
        self.nesting = 0
        self.nested = 0.0

    def run(self) -> None:
        try:
            self.result = self.context.run(self.function, *self.args)
        except BaseException as exc:  # handed to the caller
            self.error = exc
        finally:
            self.done.set()

    def wait(self, budget: float) -> bool:
        """Wait for the answer; False once the call's own time (nested calls not counted)
        passed ``budget``."""
        start = time.perf_counter()
        while not self.done.wait(min(_TICK, budget)):
            if self.nesting == 0 and time.perf_counter() - start - self.nested > budget:
                return self.done.is_set()
        return True


class _Worker:
    """A daemon thread running one caller thread's budgeted hook calls, one at a time."""

    def __init__(self) -> None:
        import queue  # only budgeted calls (the editor's) need it, not a command's start

        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._loop, name="plugin hook", daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        try:
            while (job := self.jobs.get()) is not None:
                job.run()
        except BaseException:  # a timeout that arrived between jobs: this worker is done
            return

    def call(self, function: Callable[..., Any], args: Sequence[Any], budget: float) -> Any:
        job = _Job(function, args)
        self.jobs.put(job)
        if not job.wait(budget):
            _LOCAL.worker = None  # abandoned: the next call gets a fresh thread
            self.jobs.put(None)
            _interrupt(self.thread)
            raise HookTimeout(_("no answer after {seconds} s (the call was abandoned)").format(
                seconds=f"{budget:g}"))
        if job.error is not None:
            raise job.error
        return job.result


_LOCAL = threading.local()


def _worker() -> _Worker:
    worker: _Worker | None = getattr(_LOCAL, "worker", None)
    if worker is None:
        worker = _LOCAL.worker = _Worker()
    return worker


def _interrupt(thread: threading.Thread) -> None:
    """Raise :class:`HookTimeout` in ``thread`` at its next Python instruction (CPython)."""
    import ctypes

    api = getattr(ctypes, "pythonapi", None)
    if api is None or thread.ident is None:
        return
    api.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(HookTimeout))
