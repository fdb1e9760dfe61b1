"""The plugin manager: built-in editions from an explicit list, third parties from the
``carcassonne_editor`` entry-point group (loaded when first needed). Loading failures, hook
failures and answers a hook may not give are reported by plugin name and never stop the
host."""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Iterable, Sequence
from dataclasses import field, replace
from os import PathLike
from pathlib import Path
from types import FunctionType, MemberDescriptorType, MethodType
from typing import Any

import pluggy

from editor import hookspecs
from editor.i18n import _
from editor.model.records import record
from editor.rules import guard
from editor.rules.editions import Edition, FigureKind, OptionSpec
from editor.rules.ruleset import HookCall, Ruleset, RulesetError, parse_spec, resolve_options

ENTRY_POINT_GROUP = hookspecs.PROJECT

#: Built-in plugin modules, registered in this order.
BUILTIN_PLUGINS: tuple[str, ...] = ("plugins.base", "plugins.traders_builders")
DEFAULT_RULESET = "base:C2"


@record(frozen=True, slots=True)
class PluginError:
    """A plugin that failed to load, raised inside a hook or returned what it may not;
    ``edition`` is the edition disabled because of it, if any."""

    plugin: str
    stage: str
    message: str
    details: str = ""
    edition: str | None = None

    def __str__(self) -> str:
        if self.stage == "load":
            text = _("plugin {plugin!r} failed while loading: {error} (edition {edition} "
                     "disabled)") if self.edition else _(
                "plugin {plugin!r} failed while loading: {error}")
        else:
            text = _("plugin {plugin!r} failed in hook {hook}: {error} (edition {edition} "
                     "disabled)") if self.edition else _(
                "plugin {plugin!r} failed in hook {hook}: {error}")
        return text.format(plugin=self.plugin, hook=self.stage, error=self.message,
                           edition=self.edition)


@record(slots=True)
class PluginInfo:
    """What the ``plugins`` command lists about one plugin."""

    name: str
    module: str
    version: str
    builtin: bool
    editions: list[str] = field(default_factory=list)
    hooks: list[str] = field(default_factory=list)


#: How an edition is named: ``part:label``, as rulesets spell it.
_EDITION_NAME = re.compile(r"^[a-z0-9-]+:[A-Za-z0-9.]+$")


def edition_problem(edition: object) -> str | None:
    """Why a plugin's ``carcassonne_editions`` item is not a usable edition, or None."""
    if not isinstance(edition, Edition):
        return _("{value} is not an Edition").format(value=guard.short(edition))
    name = edition.name
    if not isinstance(name, str) or not _EDITION_NAME.match(name):
        return _("edition name {name} is not 'part:label' (such as 'base:C2')").format(
            name=guard.short(name))
    if not isinstance(edition.title, str) or edition.rules is None:
        return _("edition {name}: a title (text) and a rules object are required").format(
            name=name)
    for attr in ("tilesets", "pairs_with"):
        value = getattr(edition, attr)
        if not isinstance(value, tuple | list) or not all(isinstance(v, str) for v in value):
            return _("edition {name}: {field} must be a list of names, not {value}").format(
                name=name, field=attr, value=guard.short(value))
    if not isinstance(edition.expansion, bool) or not isinstance(edition.citation, str):
        return _("edition {name}: expansion must be true or false and citation text").format(
            name=name)
    if not isinstance(edition.options, tuple | list):
        return _("edition {name}: options must be a list of OptionSpec").format(name=name)
    for option in edition.options:
        if not (isinstance(option, OptionSpec) and isinstance(option.name, str)
                and type(option.default) in (str, int, bool)
                and isinstance(option.choices, tuple | list)
                and (not option.choices or option.default in option.choices)
                and _presets_ok(option)):
            return _("edition {name}: {value} is not an option with a default among its "
                     "choices (and presets of option names and values)").format(
                name=name, value=guard.short(option))
    if not isinstance(edition.figures, tuple | list):
        return _("edition {name}: figures must be a list of FigureKind").format(name=name)
    for kind in edition.figures:
        if not (isinstance(kind, FigureKind) and isinstance(kind.name, str)
                and type(kind.strength) is int and type(kind.supply) is int
                and kind.strength >= 0 and kind.supply >= 0):
            return _("edition {name}: {value} is not a figure kind with a strength and a supply "
                     "(integers, 0 or more)").format(name=name, value=guard.short(kind))
    return None


def _presets_ok(option: OptionSpec) -> bool:
    """Whether an option's presets are (value, ((option name, value), ...)) pairs."""
    presets = option.presets
    return isinstance(presets, tuple | list) and all(
        isinstance(p, tuple | list) and len(p) == 2 and isinstance(p[1], tuple | list)
        and all(isinstance(v, tuple | list) and len(v) == 2 and isinstance(v[0], str)
                for v in p[1]) for p in presets)


_ROUTINES = (FunctionType, MethodType, staticmethod, classmethod)


class _Manager(pluggy.PluginManager):
    """pluggy's plugin manager, reading an attribute's hook options straight from the
    dictionary that holds it. pluggy looks every attribute of a plugin up with
    :func:`inspect.getattr_static` (so that no property runs): 330 look-ups, most of the
    time a start spent registering the built-in plugins and their editions' rules. The
    answer is pluggy's: the first object found for the name (in the plugin's own
    dictionary, then its class's in method order), if it is a function, method,
    staticmethod or classmethod, gives the options its marker holds; a slot, or a plugin
    that is a class, is left to pluggy."""

    def parse_hookimpl_opts(self, plugin: object, name: str) -> Any:
        found = _raw_attributes(plugin, name)
        if not found:
            return None
        first = found[0]
        if isinstance(plugin, type) or isinstance(first, MemberDescriptorType):
            return super().parse_hookimpl_opts(plugin, name)
        if not isinstance(first, _ROUTINES):
            return None
        marker = self.project_name + "_impl"
        holder = first.__func__ if isinstance(first, MethodType) else first
        opts = getattr(holder, marker, None)
        if opts is None:
            opts = getattr(getattr(holder, "__func__", None), marker, None)
        return opts if isinstance(opts, dict) else None


def _raw_attributes(plugin: object, name: str) -> list[object]:
    """What ``name`` is in the dictionaries, read without running any code: the plugin's
    own, then its class's in method order."""
    try:
        own = object.__getattribute__(plugin, "__dict__")
    except AttributeError:
        own = {}
    return [d[name] for d in (own, *(vars(c) for c in type(plugin).__mro__)) if name in d]


class PluginHost:
    """Loads plugins, collects their editions and tile sets, and builds rulesets.

    Built-in plugins load at once. Installed (third-party) plugins load the first time
    something needs them: an edition or tile set the built-in ones lack, or a listing of
    every edition or plugin (:attr:`editions`, :attr:`infos`, :meth:`base_editions`,
    :meth:`load_installed`). A command that reads only built-in things never imports them.
    """

    def __init__(self, builtins: Sequence[str] = BUILTIN_PLUGINS,
                 entry_points: bool = True) -> None:
        self.pm: pluggy.PluginManager = _Manager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.errors: list[PluginError] = []
        self.disabled: set[str] = set()
        self._infos: dict[str, PluginInfo] = {}
        self._editions: dict[str, Edition] = {}
        self._installed_pending = entry_points
        for name in builtins:
            self._load(name, lambda name=name: importlib.import_module(name), builtin=True)
        self._collect_editions(list(self._infos))

    # -- loading ---------------------------------------------------------------------

    def load_installed(self) -> bool:
        """Load the installed plugins (entry-point group ``carcassonne_editor``) unless
        done already; returns whether it loaded them now."""
        if not self._installed_pending:
            return False
        self._installed_pending = False
        from editor import installed  # not at import: most commands never need it

        loaded = []
        for ep in installed.entry_points(ENTRY_POINT_GROUP):
            if self._load(ep.name, ep.load, builtin=False, version=ep.version):
                loaded.append(ep.name)
        self._collect_editions(loaded)
        return True

    def _load(self, name: str, load: Any, builtin: bool, version: str = "") -> bool:
        try:
            plugin = load()
            self.pm.register(plugin, name=name)
        except Exception as exc:  # a broken plugin must not stop the others
            self.report(name, "load", exc)
            return False
        module = getattr(plugin, "__name__", type(plugin).__name__)
        self._infos[name] = PluginInfo(
            name=name, module=module, builtin=builtin,
            version=version or str(getattr(plugin, "__version__", "")),
            hooks=self._hooks_of(plugin))
        return True

    def _hooks_of(self, plugin: object) -> list[str]:
        return sorted(h.name for h in self.pm.get_hookcallers(plugin) or [])

    def _collect_editions(self, plugins: Sequence[str]) -> None:
        """The editions of the plugins just loaded, each checked (a bad one is that
        plugin's error and is left out)."""
        wanted = set(plugins)
        for impl in self.pm.hook.carcassonne_editions.get_hookimpls():
            name = impl.plugin_name
            if name not in wanted:
                continue
            try:
                returned = impl.function()
                if not isinstance(returned, list | tuple):
                    raise guard.HookReturnError(_("returned {value}, not a list of editions"
                                                  ).format(value=guard.short(returned)))
            except Exception as exc:
                self.report(name, "carcassonne_editions", exc)
                continue
            for edition in returned:
                problem = edition_problem(edition)
                if problem is None and edition.name in self._editions:
                    problem = _("edition {name!r} is already registered").format(name=edition.name)
                if problem is not None:
                    self.report(name, "carcassonne_editions", guard.HookReturnError(problem))
                    continue
                try:
                    self.pm.register(edition.rules, name=edition.name)
                except Exception as exc:
                    self.report(name, "carcassonne_editions", exc)
                    continue
                edition = replace(edition, plugin=name, tilesets=tuple(edition.tilesets),
                                  options=tuple(edition.options),
                                  figures=tuple(edition.figures),
                                  pairs_with=tuple(edition.pairs_with))
                self._editions[edition.name] = edition
                info = self._infos[name]
                info.editions.append(edition.name)
                info.hooks = sorted({*info.hooks, *self._hooks_of(edition.rules)})

    def report(self, plugin: str, stage: str, exc: BaseException, details: str = "",
               edition: str | None = None) -> None:
        """Record a plugin failure; a failing rule hook disables its edition."""
        self.errors.append(PluginError(plugin, stage, f"{type(exc).__name__}: {exc}", details,
                                       edition))
        if edition is not None:
            self.disabled.add(edition)

    # -- queries ---------------------------------------------------------------------

    @property
    def editions(self) -> dict[str, Edition]:
        """Every edition, installed plugins' included (loads them)."""
        self.load_installed()
        return self._editions

    @property
    def infos(self) -> dict[str, PluginInfo]:
        """Every plugin loaded, installed ones included (loads them)."""
        self.load_installed()
        return self._infos

    def edition(self, name: str) -> Edition | None:
        """An edition by name; installed plugins are loaded only when no built-in one has
        that name."""
        found = self._editions.get(name)
        if found is None and self.load_installed():
            found = self._editions.get(name)
        return found

    def is_builtin(self, edition: Edition) -> bool:
        """Whether a built-in plugin provides the edition."""
        info = self._infos.get(edition.plugin)
        return info is not None and info.builtin

    def builtin_editions(self) -> list[Edition]:
        """The editions of the built-in plugins (installed plugins are not loaded)."""
        return [e for e in self._editions.values() if self.is_builtin(e)]

    def tileset_paths(self, installed: bool | None = None) -> list[Path]:
        """Tile set files that plugins ship: built-in plugins' (``installed=False``),
        installed plugins' (``True``, loading them) or every plugin's (None). A value that
        is not a path is the plugin's error and is left out."""
        if installed is not False:
            self.load_installed()
        paths: list[Path] = []
        for impl in self.pm.hook.carcassonne_tileset_paths.get_hookimpls():
            info = self._infos.get(impl.plugin_name)
            if installed is not None and (info is None or info.builtin == installed):
                continue
            try:
                returned = impl.function()
                if not isinstance(returned, list | tuple):
                    raise guard.HookReturnError(_("returned {value}, not a list of paths").format(
                        value=guard.short(returned)))
                for item in returned:
                    if not isinstance(item, str | PathLike) or not str(item):
                        raise guard.HookReturnError(_("returned a list where {value} is not a "
                                                      "path").format(value=guard.short(item)))
                paths.extend(Path(p) for p in returned)
            except Exception as exc:
                self.report(impl.plugin_name, "carcassonne_tileset_paths", exc)
        return paths

    def registrations(self, hook: str, kind: type) -> list[Any]:
        """Every plugin's answer to a registration hook that returns one ``kind`` object
        (installed plugins are loaded); a plugin that raises or answers something else is
        reported by name and left out."""
        self.load_installed()
        found = []
        for impl in getattr(self.pm.hook, hook).get_hookimpls():
            try:
                answer = impl.function()
                if not isinstance(answer, kind):
                    raise guard.HookReturnError(_("returned {value}, not a {kind}").format(
                        value=guard.short(answer), kind=kind.__name__))
                found.append(answer)
            except Exception as exc:
                self.report(impl.plugin_name, hook, exc)
        return found

    def implementations(self, hook: str, editions: Iterable[Edition]) -> list[HookCall]:
        """The implementations of ``hook`` by these editions' rule objects, in their order."""
        by_plugin = {impl.plugin: impl for impl in getattr(self.pm.hook, hook).get_hookimpls()}
        calls = []
        for edition in editions:
            impl = by_plugin.get(edition.rules)
            if impl is not None:
                argnames = tuple(inspect.signature(impl.function).parameters)
                calls.append(HookCall(edition, impl.function, argnames))
        return calls

    def base_editions(self) -> list[Edition]:
        """Editions that can stand alone as the base of a ruleset (every plugin's)."""
        return [e for e in self.editions.values() if not e.expansion]

    def ruleset(self, spec: str | Sequence[tuple[str, dict[str, Any]]] | None = None,
                options: dict[str, dict[str, Any]] | None = None) -> Ruleset:
        """Build a ruleset from ``base:C1[rules=2001] + traders-builders:C1`` or pairs.

        Options given in ``options`` (edition → name → value) override inline ones.
        An expansion alone brings the base edition it was published for.
        """
        pairs = parse_spec(spec or DEFAULT_RULESET) if spec is None or isinstance(spec, str) \
            else list(spec)
        chosen: list[Edition] = []
        values: dict[str, dict[str, Any]] = {}
        for name, opts in pairs:
            edition = self.edition(name)
            if edition is None:
                names = ", ".join(sorted(self._editions)) or _("none")
                raise RulesetError(_("unknown edition {name!r} (known: {names})").format(
                    name=name, names=names))
            if name in self.disabled:
                raise RulesetError(_("edition {name!r} is disabled after a plugin error").format(
                    name=name))
            chosen.append(edition)
            values[name] = {**opts, **(options or {}).get(name, {})}
        bases = [e for e in chosen if not e.expansion]
        if len(bases) > 1:
            raise RulesetError(_("a ruleset has one base edition, not {editions}").format(
                editions=_(" and ").join(e.name for e in bases)))
        if not bases:
            paired = next((p for e in chosen for p in e.pairs_with if self.edition(p)), None)
            if paired is None:
                raise RulesetError(_("a ruleset needs a base edition, e.g. base:C2"))
            bases = [self._editions[paired]]
            values[paired] = dict((options or {}).get(paired, {}))
        ordered = bases + [e for e in chosen if e.expansion]
        resolved = {e.name: resolve_options(e, values.get(e.name, {})) for e in ordered}
        return Ruleset(tuple(ordered), resolved, self)


_DEFAULT: PluginHost | None = None


def default_host() -> PluginHost:
    """The process-wide host with built-in and installed plugins (loaded once)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = PluginHost()
    return _DEFAULT
