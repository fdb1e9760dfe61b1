"""Shared test set-up: Qt offscreen before any QApplication, the validation cache and the
internal-error log in a folder of the run's own, the loaded catalogue, and Qt tests' cycles
collected on the GUI thread as the editor does."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from collections.abc import Iterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The program speaks the system's language: the tests read English unless they ask for
# another (--lang, editor.i18n.using).
os.environ["LANGUAGE"] = "en"

import pytest

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost, default_host
from editor.workspace import catalogue as load_catalogue

# Read on first use, not at import: the run keeps its cache and its log to itself.
_STATE = tempfile.mkdtemp(prefix="carcassonne-editor-tests-")
atexit.register(shutil.rmtree, _STATE, ignore_errors=True)
os.environ.setdefault("CARCASSONNE_EDITOR_CACHE", os.path.join(_STATE, "cache"))
os.environ.setdefault("CARCASSONNE_EDITOR_LOG", os.path.join(_STATE, "carcassonne-editor.log"))


@pytest.fixture(scope="session")
def host() -> PluginHost:
    """The plugin host with every built-in plugin."""
    return default_host()


@pytest.fixture(scope="session")
def catalogue(host: PluginHost) -> Catalogue:
    """Every built-in tile set."""
    return load_catalogue(host)


@pytest.fixture(autouse=True)
def _gui_thread_collection(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test with a QApplication collects cycles as the editor does: on the GUI thread
    only (editor.qt.collector), with a full collection after the test (the tests without
    Qt that follow get the automatic collector back)."""
    if not {"qapp", "qtbot"} & set(request.fixturenames):
        yield
        return
    from editor.qt import collector

    automatic = gc.isenabled()
    collector.install(request.getfixturevalue("qapp"))
    yield
    gc.collect()
    if automatic:
        gc.enable()
