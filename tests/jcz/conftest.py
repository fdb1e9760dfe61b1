"""Fixtures for the JCloisterZone tests: open a save or board and replay it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from editor.jcz.replay import OK, Replay, open_game, replay
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.workspace import ruleset_of


@pytest.fixture
def open_played(catalogue: Catalogue, host: PluginHost
                ) -> Callable[[str], tuple[Position, Replay]]:
    """Open a save or board by path and replay it: (position, replay)."""

    def run(path: str) -> tuple[Position, Replay]:
        position, findings, status = open_game(path, catalogue, host)
        assert position is not None and status == OK, findings
        return position, replay(position, ruleset_of(position, host), catalogue)

    return run
