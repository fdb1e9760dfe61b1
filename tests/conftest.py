"""Shared test set-up: Qt offscreen before any QApplication, and the loaded catalogue."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from editor.model.tilesets import Catalogue  # noqa: E402
from editor.plugins import PluginHost, default_host  # noqa: E402
from editor.workspace import catalogue as load_catalogue  # noqa: E402


@pytest.fixture(scope="session")
def host() -> PluginHost:
    """The plugin host with every built-in plugin."""
    return default_host()


@pytest.fixture(scope="session")
def catalogue(host: PluginHost) -> Catalogue:
    """Every built-in tile set."""
    return load_catalogue(host)
