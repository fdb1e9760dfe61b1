"""Shared test set-up: Qt offscreen before any QApplication, the validation cache and the
internal-error log in a folder of the run's own, and the loaded catalogue."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

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
