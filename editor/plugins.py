"""The plugin manager: built-in editions from an explicit list, third parties from the
``carcassonne_editor`` entry-point group. Loading and hook failures are reported by plugin
name and never stop the host."""

from __future__ import annotations

import importlib
import importlib.metadata as metadata
import inspect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pluggy

from editor import hookspecs
from editor.rules.editions import Edition
from editor.rules.ruleset import HookCall, Ruleset, RulesetError, parse_spec, resolve_options

ENTRY_POINT_GROUP = hookspecs.PROJECT

#: Built-in plugin modules, registered in this order.
BUILTIN_PLUGINS: tuple[str, ...] = ("plugins.base", "plugins.traders_builders")
DEFAULT_RULESET = "base:C2"


@dataclass(frozen=True, slots=True)
class PluginError:
    """A plugin that failed to load or raised inside a hook."""

    plugin: str
    stage: str
    message: str
    details: str = ""

    def __str__(self) -> str:
        where = "while loading" if self.stage == "load" else f"in hook {self.stage}"
        return f"plugin {self.plugin!r} failed {where}: {self.message}"


@dataclass(slots=True)
class PluginInfo:
    """What the ``plugins`` command lists about one plugin."""

    name: str
    module: str
    version: str
    builtin: bool
    editions: list[str] = field(default_factory=list)
    hooks: list[str] = field(default_factory=list)


class PluginHost:
    """Loads plugins, collects their editions and tile sets, and builds rulesets."""

    def __init__(self, builtins: Sequence[str] = BUILTIN_PLUGINS,
                 entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.errors: list[PluginError] = []
        self.disabled: set[str] = set()
        self.infos: dict[str, PluginInfo] = {}
        self.editions: dict[str, Edition] = {}
        for name in builtins:
            self._load(name, lambda name=name: importlib.import_module(name), builtin=True)
        if entry_points:
            for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
                version = ep.dist.version if ep.dist else ""
                self._load(ep.name, ep.load, builtin=False, version=version)
        self._collect_editions()

    # -- loading ---------------------------------------------------------------------

    def _load(self, name: str, load: Any, builtin: bool, version: str = "") -> None:
        try:
            plugin = load()
            self.pm.register(plugin, name=name)
        except Exception as exc:  # a broken plugin must not stop the others
            self.report(name, "load", exc)
            return
        module = getattr(plugin, "__name__", type(plugin).__name__)
        self.infos[name] = PluginInfo(
            name=name, module=module, builtin=builtin,
            version=version or str(getattr(plugin, "__version__", "")),
            hooks=self._hooks_of(plugin))

    def _hooks_of(self, plugin: object) -> list[str]:
        return sorted(h.name for h in self.pm.get_hookcallers(plugin) or [])

    def _collect_editions(self) -> None:
        for impl in self.pm.hook.carcassonne_editions.get_hookimpls():
            name = impl.plugin_name
            try:
                editions = list(impl.function())
            except Exception as exc:
                self.report(name, "carcassonne_editions", exc)
                continue
            for edition in editions:
                if edition.name in self.editions:
                    self.report(name, "carcassonne_editions",
                                ValueError(f"edition {edition.name!r} is already registered"))
                    continue
                try:
                    self.pm.register(edition.rules, name=edition.name)
                except Exception as exc:
                    self.report(name, "carcassonne_editions", exc)
                    continue
                edition = replace(edition, plugin=name)
                self.editions[edition.name] = edition
                info = self.infos[name]
                info.editions.append(edition.name)
                info.hooks = sorted({*info.hooks, *self._hooks_of(edition.rules)})

    def report(self, plugin: str, stage: str, exc: BaseException, details: str = "",
               edition: str | None = None) -> None:
        """Record a plugin failure; a failing rule hook disables its edition."""
        self.errors.append(PluginError(plugin, stage, f"{type(exc).__name__}: {exc}", details))
        if edition is not None:
            self.disabled.add(edition)

    # -- queries ---------------------------------------------------------------------

    def tileset_paths(self) -> list[Path]:
        """Tile set files that plugins ship."""
        return [Path(p) for paths in self.registrations("carcassonne_tileset_paths")
                for p in paths]

    def registrations(self, hook: str) -> list[Any]:
        """Every plugin's answer to a registration hook; a plugin that raises is reported
        by name and left out."""
        found = []
        for impl in getattr(self.pm.hook, hook).get_hookimpls():
            try:
                found.append(impl.function())
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
        """Editions that can stand alone as the base of a ruleset."""
        return [e for e in self.editions.values() if not e.expansion]

    def ruleset(self, spec: str | Sequence[tuple[str, dict[str, Any]]] | None = None,
                options: dict[str, dict[str, Any]] | None = None) -> Ruleset:
        """Build a ruleset from ``base:C1[rules=2001] + traders-builders:C1`` or pairs.

        Options given in ``options`` (edition → name → value) override inline ones.
        An expansion alone brings the base edition it was published for.
        """
        pairs = parse_spec(spec or DEFAULT_RULESET) if not isinstance(spec, list | tuple) \
            else list(spec)
        chosen: list[Edition] = []
        values: dict[str, dict[str, Any]] = {}
        for name, opts in pairs:
            edition = self.editions.get(name)
            if edition is None:
                known = ", ".join(sorted(self.editions)) or "none"
                raise RulesetError(f"unknown edition {name!r} (known: {known})")
            if name in self.disabled:
                raise RulesetError(f"edition {name!r} is disabled after a plugin error")
            chosen.append(edition)
            values[name] = {**opts, **(options or {}).get(name, {})}
        bases = [e for e in chosen if not e.expansion]
        if len(bases) > 1:
            raise RulesetError("a ruleset has one base edition, not "
                               + " and ".join(e.name for e in bases))
        if not bases:
            paired = next((p for e in chosen for p in e.pairs_with if p in self.editions), None)
            if paired is None:
                raise RulesetError("a ruleset needs a base edition, e.g. base:C2")
            bases = [self.editions[paired]]
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
