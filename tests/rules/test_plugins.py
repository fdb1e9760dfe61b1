"""The hook specifications and the plugin host: documented hooks, guarded plugins."""

from __future__ import annotations

import inspect
import re
import types
from pathlib import Path

import pytest
from positions import board, final_scores

from editor import hookspecs, installed
from editor.api import hookimpl
from editor.cli import main
from editor.plugins import PluginHost
from editor.rules.editions import Edition
from editor.rules.engine import Engine
from editor.rules.ruleset import RulesetError

SPECS = [f for name, f in inspect.getmembers(hookspecs, inspect.isfunction)
         if hasattr(f, "carcassonne_editor_spec")]


def test_every_hook_is_prefixed_typed_and_documented():
    assert len(SPECS) >= 10
    for spec in SPECS:
        assert spec.__name__.startswith("carcassonne_"), spec.__name__
        assert spec.__doc__ and len(spec.__doc__.strip()) > 40, spec.__name__
        signature = inspect.signature(spec)
        assert signature.return_annotation is not inspect.Signature.empty, spec.__name__
        for param in signature.parameters.values():
            assert param.annotation is not inspect.Parameter.empty, (spec.__name__, param)


#: A row of the README's hook table: | `name(arg, ...) -> returns` | called | returns |
HOOK_ROW = re.compile(r"^\| `(carcassonne_\w+)\(([^)]*)\) -> ([^`]+)` \|", re.MULTILINE)


def test_the_readme_hook_table_gives_every_hook_its_whole_signature():
    """The README's hook table is the plugin author's summary of hookspecs.py (as datasette
    checks its plugin hook docs): the same hooks, each with its arguments in order and its
    return type; a hook added, renamed or given another argument fails here until the README
    says so."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    documented = {name: ([a.strip() for a in args.split(",") if a.strip()],
                         returns.replace("\\|", "|"))  # a table cell escapes its pipes
                  for name, args, returns in HOOK_ROW.findall(readme)}
    specified = {spec.__name__: (list(inspect.signature(spec).parameters),
                                 inspect.signature(spec).return_annotation) for spec in SPECS}
    assert documented == specified


def test_builtin_editions(host):
    assert {"base:C1", "base:C2", "base:C3"} <= set(host.editions)
    c1 = host.editions["base:C1"]
    assert c1.option("rules").default == "2000"
    assert host.ruleset("base:C1[rules=2001]").option("base:C1", "rules") == "2001"


@pytest.mark.parametrize(("spec", "message"), [
    ("base:C9", "unknown edition 'base:C9'"),
    ("base:C1[rules=1999]", "must be one of"),
    ("base:C2[rules=2000]", "has no option 'rules'"),
    ("base:C1 + base:C2", "one base edition"),
    ("base C2", "cannot read"),
])
def test_bad_ruleset_names(host, spec, message):
    with pytest.raises(RulesetError, match=message):
        host.ruleset(spec)


class FakeEntryPoint:
    """Stands in for an installed package's entry point."""

    def __init__(self, name, target):
        self.name, self._target, self.version = name, target, ""

    def load(self):
        if isinstance(self._target, Exception):
            raise self._target
        return self._target


class Exploding:
    """Rule hooks of a third-party edition that raise."""

    @hookimpl
    def carcassonne_final_scoring(self, board):
        raise RuntimeError("boom in final scoring")


def third_party_module():
    module = types.ModuleType("fake_expansion")

    @hookimpl
    def carcassonne_editions():
        return [Edition("fake:X1", "Fake expansion", Exploding(), expansion=True,
                        pairs_with=("base:C2",))]

    module.carcassonne_editions = carcassonne_editions
    return module


@pytest.fixture
def entry_points(monkeypatch):
    points = []
    monkeypatch.setattr(installed, "entry_points",
                        lambda group: points if group == "carcassonne_editor" else [])
    return points


def test_broken_third_party_plugin_is_reported_not_fatal(entry_points):
    entry_points += [FakeEntryPoint("broken", ImportError("no module named 'missing'")),
                     FakeEntryPoint("fake", third_party_module())]
    host = PluginHost()
    assert "fake:X1" in host.editions and "base:C2" in host.editions
    assert [(e.plugin, e.stage) for e in host.errors] == [("broken", "load")]
    assert "no module named 'missing'" in str(host.errors[0])


def test_hook_that_raises_is_reported_and_disabled(entry_points, catalogue):
    entry_points.append(FakeEntryPoint("fake", third_party_module()))
    host = PluginHost()
    engine = Engine(host.ruleset("fake:X1"))
    assert [e.name for e in engine.rules.editions] == ["base:C2", "fake:X1"]
    b = board(catalogue, "base-c2", [("U", 0, 0, 0)], figures=[(0, 0, 0, "road", "follower")])
    assert final_scores(engine, b) == [1, 0]  # the base game still scores
    assert [(e.plugin, e.stage) for e in host.errors] == [("fake", "carcassonne_final_scoring")]
    assert "boom in final scoring" in host.errors[0].message
    assert "fake:X1" in host.disabled
    assert final_scores(engine, b) == [1, 0] and len(host.errors) == 1  # not called again


def test_plugins_command_lists_editions_and_errors(entry_points, capsys, monkeypatch):
    entry_points.append(FakeEntryPoint("broken", ImportError("nope")))
    monkeypatch.setattr("editor.plugins._DEFAULT", None)
    assert main(["plugins", "--format", "json"]) == 1
    data = __import__("json").loads(capsys.readouterr().out)
    names = {p["name"]: p for p in data["plugins"]}
    assert [e["name"] for e in names["plugins.base"]["editions"]] == [
        "base:C1", "base:C2", "base:C3"]
    assert "carcassonne_final_scoring" in names["plugins.base"]["hooks"]
    assert data["errors"] == [{"plugin": "broken", "stage": "load",
                               "message": "ImportError: nope"}]


def test_plugins_command_shows_where_each_edition_is_documented(capsys, monkeypatch):
    monkeypatch.setattr("editor.plugins._DEFAULT", PluginHost(entry_points=False))
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    c2 = out.split("edition base:C2:", 1)[1].split("\n")
    assert c2[1].strip() == "sources: docs/rules.md#editions [WCP-Winter, WCP-Abbot]"
