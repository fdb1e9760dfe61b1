"""Installed plugins found without importlib.metadata (#14.9): the same entry points in the
same order, read afresh (a plugin installed or removed since is seen at once), and
importlib.metadata wherever the fast reader is unsure."""

from __future__ import annotations

import importlib
import json
import sys
import zipfile
from collections.abc import Iterator
from importlib import metadata
from importlib.machinery import PathFinder
from pathlib import Path

import pytest

from editor import installed, plugins
from editor.cli import main
from editor.installed import EntryPoint
from editor.plugins import PluginHost

GROUP = plugins.ENTRY_POINT_GROUP


@pytest.fixture(autouse=True)
def fresh_meta_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only importlib's own finder of distributions, as in a fresh process. A test that
    imported the importlib_metadata backport left it replacing that finder (it takes
    ``find_distributions`` off importlib's PathFinder and puts its own finder on
    sys.meta_path; the reader then hands every search to importlib): undone here."""
    monkeypatch.setattr(sys, "meta_path", [
        f for f in sys.meta_path
        if getattr(f, "find_distributions", None) is None or f is PathFinder])
    if not hasattr(PathFinder, "find_distributions"):
        monkeypatch.setattr(PathFinder, "find_distributions", staticmethod(
            metadata.MetadataPathFinder.find_distributions), raising=False)


def dist(site: Path, folder: str, points: str | None, meta: str | None = "METADATA",
         version: str = "1.0") -> Path:
    """A distribution's metadata folder in ``site``: ``points`` is its entry_points.txt."""
    info = site / folder
    info.mkdir(parents=True)
    if meta:
        name = folder.partition("-")[0].partition(".")[0]
        (info / meta).write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                                 "Summary: a test: with colons\n\nVersion: 9.9 (the body)\n",
                                 encoding="utf-8")
    if points is not None:
        (info / "entry_points.txt").write_text(points, encoding="utf-8")
    return info


@pytest.fixture
def sites(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """Two site folders at the front of sys.path, the first before the second."""
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    monkeypatch.syspath_prepend(str(second))
    monkeypatch.syspath_prepend(str(first))
    importlib.invalidate_caches()
    yield first, second
    importlib.invalidate_caches()


def fast(group: str = GROUP) -> list[EntryPoint]:
    """The reader's own answer; fails where it would hand over to importlib."""
    return list(installed._read(group))


def test_the_environment_reads_as_importlib_reads_it() -> None:
    for group in (GROUP, "console_scripts", "pytest11"):
        assert fast(group) == installed.from_importlib(group), group
    assert [ep.name for ep in fast()] == ["inns-cathedrals"]  # contrib, installed editable
    assert fast("console_scripts")  # a group with many, so the comparison means something


def test_with_the_importlib_metadata_backport_importlib_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    backport = pytest.importorskip("importlib_metadata")
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, backport.MetadataPathFinder()])
    with pytest.raises(installed._Unsure):
        fast()
    assert installed.entry_points(GROUP) == installed.from_importlib(GROUP) != []


def test_layouts_read_as_importlib_reads_them(sites: tuple[Path, Path]) -> None:
    first, second = sites
    dist(first, "alpha_plugin-1.2.dist-info", "# a comment\n\n[console_scripts]\nalpha = a:b\n"
         f"[{GROUP}]\n  alpha =  alpha_mod:plugin.inner [extra]  \n; not a comment = x\n"
         f"[{GROUP}.more]\nnot-ours = x\n[{GROUP}]\nalpha-two=alpha_mod\n", version="1.2")
    # the same distribution again, later on sys.path: hidden by the first
    dist(second, "Alpha.Plugin-0.9.dist-info", f"[{GROUP}]\nold = alpha_old\n", version="0.9")
    # a develop install: an egg-info folder without the version in its name
    dist(second, "beta.egg-info", f"[{GROUP}]\nbeta = beta_mod\n", meta="PKG-INFO",
         version="2.0b1")
    # no metadata file at all: no version
    dist(second, "gamma-3.dist-info", f"[{GROUP}]\ngamma = gamma_mod:g\n", meta=None)
    # an old distutils egg-info file hides a later distribution of that name
    (first / "delta-1.0.egg-info").write_text("Name: delta\nVersion: 1.0\n", encoding="utf-8")
    dist(second, "delta-2.0.dist-info", f"[{GROUP}]\ndelta = delta_mod\n")
    dist(second, "epsilon-1.dist-info", None)  # no entry points
    expected = [EntryPoint("alpha", "alpha_mod:plugin.inner [extra]", GROUP, "1.2"),
                EntryPoint("; not a comment", "x", GROUP, "1.2"),  # only '#' starts one
                EntryPoint("alpha-two", "alpha_mod", GROUP, "1.2"),
                EntryPoint("beta", "beta_mod", GROUP, "2.0b1"),
                EntryPoint("gamma", "gamma_mod:g", GROUP, "")]
    found = fast()
    assert [ep for ep in found if ep.value != "carcassonne_inns"] == expected
    assert found == installed.from_importlib(GROUP) == installed.entry_points(GROUP)
    assert fast(f"{GROUP}.more") == installed.from_importlib(f"{GROUP}.more")


def test_a_plugin_installed_later_is_found_and_a_removed_one_is_gone(
        sites: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    first, _ = sites
    (first / "late_plugin.py").write_text(
        "from editor.api import hookimpl\n__version__ = '0'\n"
        "@hookimpl\ndef carcassonne_tileset_paths():\n    return []\n", encoding="utf-8")
    monkeypatch.setattr(plugins, "_DEFAULT", None)

    def listed() -> dict[str, str]:
        plugins._DEFAULT = None
        main(["plugins", "--format", "json"])
        return {p["name"]: p["version"] for p in json.loads(capsys.readouterr().out)["plugins"]
                if not p["builtin"]}

    assert listed() == {"inns-cathedrals": "0.1.0"}
    info = dist(first, "late_plugin-4.5.dist-info", f"[{GROUP}]\nlate = late_plugin\n",
                version="4.5")
    assert listed() == {"inns-cathedrals": "0.1.0", "late": "4.5"}
    for file in info.iterdir():
        file.unlink()
    info.rmdir()
    assert listed() == {"inns-cathedrals": "0.1.0"}
    sys.modules.pop("late_plugin", None)


def test_a_plugin_whose_entry_point_cannot_load_is_reported_by_name(
        sites: tuple[Path, Path]) -> None:
    first, _ = sites
    dist(first, "odd-1.dist-info", f"[{GROUP}]\nodd = not a module path!\n"
         "missing = no_such_module_here:plugin\n")
    host = PluginHost()
    host.load_installed()
    errors = {e.plugin: e.message for e in host.errors}
    assert errors == {
        "odd": "ValueError: entry point value 'not a module path!' is not 'module:attribute'",
        "missing": "ModuleNotFoundError: No module named 'no_such_module_here'"}
    assert "inns-cathedrals" in host.infos  # the others still load


def test_entry_point_load_follows_the_attribute_path() -> None:
    assert EntryPoint("p", "editor.installed", GROUP).load() is installed
    assert EntryPoint("p", "editor.installed:EntryPoint.load", GROUP).load() is \
        EntryPoint.load
    with pytest.raises(AttributeError):
        EntryPoint("p", "editor.installed:nothing", GROUP).load()


def test_a_zip_on_sys_path_goes_to_importlib(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n")
        z.writestr("zipped-1.0.dist-info/entry_points.txt", f"[{GROUP}]\nzipped = zmod\n")
    monkeypatch.syspath_prepend(str(archive))
    importlib.invalidate_caches()
    with pytest.raises(installed._Unsure):
        fast()
    found = installed.entry_points(GROUP)
    assert EntryPoint("zipped", "zmod", GROUP, "1.0") in found
    assert found == installed.from_importlib(GROUP)


@pytest.mark.parametrize("case", ["egg", "upper-suffix", "undecodable", "not-a-pair"])
def test_what_the_reader_does_not_cover_goes_to_importlib(
        case: str, sites: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = sites
    if case == "egg":
        egg = first / "eggy-1.0-py3.11.egg"
        dist(egg, "EGG-INFO", f"[{GROUP}]\neggy = eggy\n", meta="PKG-INFO")
        monkeypatch.syspath_prepend(str(egg))
    elif case == "upper-suffix":
        dist(first, "shout-1.0.DIST-INFO", f"[{GROUP}]\nshout = shout\n")
    elif case == "undecodable":
        dist(first, "latin-1.0.dist-info", "").joinpath("entry_points.txt").write_bytes(
            f"[{GROUP}]\nl\xe9 = x\n".encode("latin-1"))
    else:
        dist(first, "pairless-1.0.dist-info", f"[{GROUP}]\njust a line\n")
    importlib.invalidate_caches()
    with pytest.raises(installed._Unsure):
        fast()
    calls: list[str] = []
    monkeypatch.setattr(installed, "from_importlib", lambda group: calls.append(group) or [])
    assert installed.entry_points(GROUP) == [] and calls == [GROUP]


def test_another_finder_of_distributions_goes_to_importlib(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Finder:
        """Finds one distribution that lives nowhere on sys.path."""

        def find_spec(self, *args: object) -> None:
            return None

        def find_distributions(self, context: object = None) -> list[metadata.Distribution]:
            class Remote(metadata.Distribution):
                def read_text(self, filename: str) -> str | None:
                    return {"METADATA": "Name: remote\nVersion: 7\n",
                            "entry_points.txt": f"[{GROUP}]\nremote = rmod\n"}.get(filename)

                def locate_file(self, path: object) -> Path:
                    return Path(str(path))

            return [Remote()]

    monkeypatch.setattr(sys, "meta_path", [Finder(), *sys.meta_path])
    assert EntryPoint("remote", "rmod", GROUP, "7") in installed.entry_points(GROUP)
