"""Shared test set-up: Qt offscreen before any QApplication, and the loaded catalogue."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost, default_host
from editor.workspace import catalogue as load_catalogue


@pytest.fixture(scope="session")
def host() -> PluginHost:
    """The plugin host with every built-in plugin."""
    return default_host()


@pytest.fixture(scope="session")
def catalogue(host: PluginHost) -> Catalogue:
    """Every built-in tile set."""
    return load_catalogue(host)
