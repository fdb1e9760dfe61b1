"""A ruleset: one base edition, expansion editions and option values, ready to call hooks."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import field
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from editor.i18n import _
from editor.model.records import record

from .editions import Edition, FigureKind, OptionSpec, Value
from .hooks import Hooks

if TYPE_CHECKING:
    from .host import Host

Options = dict[str, dict[str, Any]]

#: The package of the plugins that ship with the editor (see :class:`HookCall`).
TRUSTED_PACKAGE = "plugins."

_SPEC = re.compile(r"^\s*([a-z0-9-]+:[A-Za-z0-9.]+)\s*(?:\[([^\]]*)\])?\s*$")


class RulesetError(ValueError):
    """An unknown edition, option or value in a ruleset's description."""


def _no_arguments(kwargs: dict[str, Any]) -> tuple[Any, ...]:
    return ()


def _getter(argnames: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """A function taking ``argnames`` out of a dict, as a tuple, at C speed (``KeyError``
    for one missing)."""
    if not argnames:
        return _no_arguments
    get = itemgetter(*argnames)
    if len(argnames) > 1:
        return get
    return lambda kwargs: (get(kwargs),)


@record(frozen=True, slots=True)
class HookCall:
    """One edition's implementation of one hook; ``trusted`` when one of the editor's own
    plugins provides the edition (its calls skip the guard's checks while no time budget is in
    force, :func:`editor.rules.hooks._each`)."""

    edition: Edition
    function: Callable[..., Any]
    argnames: tuple[str, ...]
    trusted: bool = False
    #: The arguments by name out of the hook's keyword arguments, as a tuple.
    arguments: Callable[[dict[str, Any]], tuple[Any, ...]] = field(
        default=_no_arguments, repr=False, compare=False)


@record
class Ruleset:
    """The editions in force, their options, and the calls to their rule hooks."""

    editions: tuple[Edition, ...]
    options: Options
    host: Host
    _calls: dict[str, tuple[int, list[HookCall]]] = field(default_factory=dict, repr=False)
    #: The editions :meth:`figure_kinds` and :meth:`strengths` were read from, with them.
    _kinds: tuple[tuple[Edition, ...], Mapping[str, FigureKind], Mapping[str, int]] | None = \
        field(default=None, repr=False, compare=False)
    #: The typed hook facade: ``rules.hooks.final_scoring(board)``.
    hooks: Hooks = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.hooks = Hooks(self)

    @property
    def name(self) -> str:
        """A readable name that :func:`parse_spec` reads back."""
        return " + ".join(edition_spec(e, self.options.get(e.name, {})) for e in self.editions)

    @property
    def revision(self) -> int:
        """Changes whenever the host disables an edition after a plugin error: a memo of
        what the hooks answered keys on it."""
        return len(self.host.disabled)

    @property
    def base(self) -> Edition:
        """The base game edition."""
        return self.editions[0]

    def has(self, part: str) -> Edition | None:
        """The selected edition of a game part, if any."""
        return next((e for e in self.editions if e.part == part), None)

    def option(self, edition: str, name: str) -> Any:
        """An option's value for an edition (its default when not set); for a preset, the
        preset value matching the options it stands for (None when none matches)."""
        values = self.options[edition]
        if name in values:
            return values[name]
        spec = next((e.option(name) for e in self.editions if e.name == edition), None)
        if spec is not None and spec.is_preset:
            return matching_preset(spec, values)
        raise KeyError(name)

    def figure_kinds(self) -> Mapping[str, FigureKind]:
        """Figure kinds in play; a later edition's kind replaces an earlier one's (read-only,
        computed once per set of editions)."""
        return self._figure_tables()[1]

    def strengths(self) -> Mapping[str, int]:
        """Majority strength per figure kind (read-only, computed once per set of
        editions)."""
        return self._figure_tables()[2]

    def _figure_tables(self) -> tuple[tuple[Edition, ...], Mapping[str, FigureKind],
                                      Mapping[str, int]]:
        cached = self._kinds
        if cached is None or cached[0] is not self.editions:
            kinds: dict[str, FigureKind] = {}
            for e in self.editions:
                for kind in e.figures:
                    kinds[kind.name] = kind
            strengths = {k.name: k.strength for k in kinds.values()}
            cached = self._kinds = (self.editions, MappingProxyType(kinds),
                                    MappingProxyType(strengths))
        return cached

    def tilesets(self) -> list[str]:
        """Tile set ids of every selected edition, without repeats."""
        return list(dict.fromkeys(t for e in self.editions for t in e.tilesets))

    def implementations(self, hook: str) -> list[HookCall]:
        """The enabled editions' implementations of a hook, in ruleset order: computed once
        per hook, and again after the host disables an edition."""
        revision = self.revision
        cached = self._calls.get(hook)
        if cached is None or cached[0] != revision:
            host = self.host
            disabled = host.disabled
            calls = [HookCall(c.edition, c.function, c.argnames, _trusted(host, c.edition),
                              _getter(c.argnames))
                     for c in host.implementations(hook, self.editions)
                     if c.edition.name not in disabled]
            cached = self._calls[hook] = (revision, calls)
        return cached[1]


def _trusted(host: Host, edition: Edition) -> bool:
    """Whether the project's own plugins (the ``plugins`` package, built in) provide the
    edition: their hook calls need no checks."""
    return edition.plugin.startswith(TRUSTED_PACKAGE) and host.is_builtin(edition)


def show(value: object) -> str:
    """An option value as a ruleset's name writes it (``on``/``off`` for booleans)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def matching_preset(spec: OptionSpec, values: dict[str, Any]) -> Value | None:
    """The value of a preset whose options all have these values, if one does."""
    for value, sets in spec.presets:
        if all(values.get(k) == v for k, v in sets):
            return value
    return None


def edition_spec(edition: Edition, options: dict[str, Any]) -> str:
    """``name[opt=value,...]``: a preset given or whose options match (and then not those
    options; when none matches, every option it stands for), options with choices that are
    ``named`` always (they say which rules apply), others when they differ from their
    defaults."""
    shown: list[str] = []
    covered: set[str] = set()
    spelled: set[str] = set()
    for spec in edition.options:
        if spec.is_preset:
            value = options[spec.name] if spec.name in options else \
                matching_preset(spec, options)
            if value is not None:
                shown.append(f"{spec.name}={show(value)}")
                covered |= spec.covers()
            else:
                spelled |= spec.covers()
    for spec in edition.options:
        if spec.is_preset or spec.name in covered or spec.name not in options:
            continue
        value = options[spec.name]
        if spec.name in spelled or (spec.choices and spec.named) or value != spec.default:
            shown.append(f"{spec.name}={show(value)}")
    return f"{edition.name}[{','.join(shown)}]" if shown else edition.name


def resolve_options(edition: Edition, given: dict[str, Any]) -> dict[str, Any]:
    """Every option of ``edition`` with its value: given, else from a given preset, else
    the default. Presets are expanded and not kept. Raises :class:`RulesetError` for an
    unknown option or a value it does not allow; ``x-`` keys (third-party data) are no
    options and are left out."""
    given = {k: v for k, v in given.items() if not k.startswith("x-")}
    known = {s.name for s in edition.options}
    for key in given:
        if key not in known:
            raise RulesetError(_("{name} has no option {key!r} (options: {options})").format(
                name=edition.name, key=key, options=", ".join(sorted(known)))
                if known else _("{name} has no option {key!r} (it has no options)").format(
                    name=edition.name, key=key))
    from_presets: dict[str, Any] = {}
    for spec in edition.options:
        if spec.is_preset and spec.name in given:
            value = coerce(given[spec.name], spec.default)
            problem = spec.check(value)
            if problem:
                raise RulesetError(f"{edition.name}: {problem}")
            from_presets.update(spec.preset(value))
    resolved: dict[str, Any] = {}
    for spec in edition.options:
        if spec.is_preset:
            continue
        value = coerce(given.get(spec.name, from_presets.get(spec.name, spec.default)),
                       spec.default)
        problem = spec.check(value)
        if problem:
            raise RulesetError(f"{edition.name}: {problem}")
        resolved[spec.name] = value
    return resolved


def parse_spec(spec: str) -> list[tuple[str, dict[str, str]]]:
    """Read ``base:C1[rules=2001] + traders-builders:C1`` into (edition, options) pairs."""
    result = []
    for part in spec.split("+"):
        m = _SPEC.match(part)
        if not m:
            raise RulesetError(_(
                "cannot read {spec!r}: expected an edition like 'base:C2' or "
                "'base:C1[rules=2001]'").format(spec=part.strip()))
        options = {}
        for item in filter(None, (s.strip() for s in (m.group(2) or "").split(","))):
            key, sep, value = item.partition("=")
            if not sep:
                raise RulesetError(_("option {item!r} in {spec!r} needs a value: "
                                     "name=value").format(item=item, spec=part.strip()))
            options[key.strip()] = value.strip()
        result.append((m.group(1), options))
    return result


def coerce(value: object, default: object) -> object:
    """Read a command-line string as the type of an option's default."""
    if not isinstance(value, str) or isinstance(default, str):
        return value
    if isinstance(default, bool):
        if value.lower() in ("1", "true", "yes", "on"):
            return True
        if value.lower() in ("0", "false", "no", "off"):
            return False
        return value
    if isinstance(default, int):
        try:
            return int(value)
        except ValueError:
            return value
    return value
