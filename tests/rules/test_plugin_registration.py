"""The host's plugin manager finds the same hook implementations as pluggy's own, with the
same options, for every kind of plugin object: modules, instances with methods (inherited,
overridden, set on the instance), static and class methods, properties and slots that must
not be looked at, and names from ``specname``."""

from __future__ import annotations

import importlib
import types
from typing import Any

import pluggy
import pytest

from editor import hookspecs, plugins
from editor.api import hookimpl


class Base:
    @hookimpl
    def carcassonne_final_scoring(self, board: Any) -> list[Any]:
        return []

    @hookimpl(tryfirst=True)
    def carcassonne_board_findings(self, board: Any) -> list[Any]:
        return []


class Rules(Base):
    __slots__ = ("slot",)

    def carcassonne_board_findings(self, board: Any) -> list[Any]:  # overridden: unmarked
        return []

    @property
    def carcassonne_tile_placed(self) -> Any:  # a property must never run
        raise AssertionError("a property was evaluated")

    @staticmethod
    @hookimpl
    def carcassonne_editions() -> list[Any]:
        return []

    @classmethod
    @hookimpl(specname="carcassonne_tileset_paths")
    def paths(cls) -> list[Any]:
        return []

    def plain(self) -> None:
        """Not a hook."""


class WithDict(Base):
    pass


def _module() -> types.ModuleType:
    module = types.ModuleType("sample_plugin")

    @hookimpl(trylast=True)
    def carcassonne_editions() -> list[Any]:
        return []

    module.carcassonne_editions = carcassonne_editions  # type: ignore[attr-defined]
    module.hookimpl = hookimpl  # type: ignore[attr-defined]
    module.number = 3  # type: ignore[attr-defined]
    return module


def _with_instance_hook() -> WithDict:
    plugin = WithDict()

    @hookimpl
    def carcassonne_after_move(board: Any) -> list[Any]:
        return []

    plugin.carcassonne_after_move = carcassonne_after_move  # type: ignore[attr-defined]
    return plugin


def _found(manager: pluggy.PluginManager, plugin: object) -> list[tuple[str, Any]]:
    return sorted((name, manager.parse_hookimpl_opts(plugin, name)) for name in dir(plugin)
                  if manager.parse_hookimpl_opts(plugin, name) is not None)


PLUGINS = {
    "module": _module, "instance": Rules, "instance dict": _with_instance_hook,
    "base": lambda: importlib.import_module("plugins.base"),
    "traders-builders": lambda: importlib.import_module("plugins.traders_builders"),
    "base rules": lambda: importlib.import_module("plugins.base.rules").BaseRules("C2"),
    "inns": lambda: importlib.import_module("carcassonne_inns"),
}


@pytest.mark.parametrize("make", PLUGINS.values(), ids=PLUGINS.keys())
def test_same_hooks_as_pluggy(make: Any) -> None:
    plugin = make()
    ours = plugins._Manager(hookspecs.PROJECT)
    theirs = pluggy.PluginManager(hookspecs.PROJECT)
    expected = _found(theirs, plugin)
    assert expected  # every sample has hooks
    assert _found(ours, plugin) == expected


def test_registered_hooks_are_pluggys() -> None:
    """Registered, the sample instance answers the same hooks in the same order."""
    managers = [plugins._Manager(hookspecs.PROJECT), pluggy.PluginManager(hookspecs.PROJECT)]
    for manager in managers:
        manager.add_hookspecs(hookspecs)
        manager.register(Rules(), name="rules")
        manager.register(_module(), name="module")
    ours, theirs = ([(h.name, [(i.plugin_name, i.tryfirst, i.trylast) for i in h.get_hookimpls()])
                     for h in sorted(m.get_hookcallers(m.get_plugin("rules")) or [],
                                     key=lambda h: h.name)] for m in managers)
    assert ours == theirs and ours
