"""Fixtures of the plugin's tests: the host with every installed plugin (this one among
them, through its entry point), the catalogue, and a small game builder."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

import pytest

from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost, default_host
from editor.workspace import catalogue as load_catalogue


@pytest.fixture(scope="session")
def host() -> PluginHost:
    """The default host: built-in plugins and installed ones (inns-cathedrals)."""
    return default_host()


@pytest.fixture(scope="session")
def catalogue(host: PluginHost) -> Catalogue:
    """Built-in tile sets and the plugin's."""
    return load_catalogue(host)
