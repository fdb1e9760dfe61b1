"""Fixtures for the reliability tests: an installed package of faulty plugins."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from editor import plugins, workspace

PACKAGE = "faulty_plugins"

#: The package's modules. Each marks its import in a file, so tests can tell what loaded.
MODULES = {
    "__init__": '"""Plugins that go wrong, for the reliability tests."""\n',
    "_mark": '''
        import os
        from pathlib import Path

        def imported(name):
            folder = os.environ.get("FAULTY_PLUGINS_MARKS")
            if folder:
                Path(folder, name).touch()
        ''',
    # a well-behaved expansion: +5 for the first player at the end
    "good": '''
        from editor.api import hookimpl
        from editor.model.events import score
        from editor.rules.editions import Edition
        from faulty_plugins._mark import imported

        imported("good")

        class Rules:
            @hookimpl
            def carcassonne_final_scoring(self, board):
                return [score(0, 5, "bonus", "a good bonus", "good rules §1")]

        @hookimpl
        def carcassonne_editions():
            return [Edition("good:G1", "A good expansion", Rules(), expansion=True,
                            pairs_with=("base:C2",))]
        ''',
    # a hook that raises
    "raising": '''
        from editor.api import hookimpl
        from editor.rules.editions import Edition
        from faulty_plugins._mark import imported

        imported("raising")

        class Rules:
            @hookimpl
            def carcassonne_final_scoring(self, board):
                raise RuntimeError("boom in final scoring")

        @hookimpl
        def carcassonne_editions():
            return [Edition("raising:R1", "An expansion that raises", Rules(),
                            expansion=True, pairs_with=("base:C2",))]
        ''',
    # garbage answers: a bad edition beside a good one, and rule hooks returning junk
    "garbage": '''
        from editor.api import hookimpl
        from editor.rules.editions import Edition
        from faulty_plugins._mark import imported

        imported("garbage")

        class Rules:
            @hookimpl
            def carcassonne_final_scoring(self, board):
                return [None, "points"]

            @hookimpl
            def carcassonne_slot_options(self, slot, part):
                return [("follower",)]

            @hookimpl
            def carcassonne_tile_placed(self, board, placed, turn):
                return 5

            @hookimpl
            def carcassonne_board_findings(self, board):
                return ["not a finding"]

        @hookimpl
        def carcassonne_editions():
            return [None, Edition("garbage:X1", "An expansion that returns junk", Rules(),
                                  expansion=True, pairs_with=("base:C2",)),
                    Edition("bad name", "No colon", Rules())]

        @hookimpl
        def carcassonne_tileset_paths():
            return [42]
        ''',
    # a slow hook (a loop in Python) and a slow import
    "slow": '''
        import time
        from editor.api import hookimpl
        from editor.rules.editions import Edition
        from faulty_plugins._mark import imported

        imported("slow")
        time.sleep(0.5)

        class Rules:
            @hookimpl
            def carcassonne_final_scoring(self, board):
                return self.stuck()

            @hookimpl
            def carcassonne_field_city_bonus(self, board, fields, cities, player):
                return self.stuck()  # asked by the base game's farm scoring

            def stuck(self):
                give_up = time.monotonic() + 30  # a test that fails must not hang
                while time.monotonic() < give_up:
                    pass
                return []

        @hookimpl
        def carcassonne_editions():
            return [Edition("slow:S1", "An expansion that never answers", Rules(),
                            expansion=True, pairs_with=("base:C2",))]
        ''',
    # an import that fails
    "broken": '''
        from faulty_plugins._mark import imported

        imported("broken")
        import a_module_that_does_not_exist  # noqa: F401
        ''',
    # editions that are not a list at all
    "nonsense": '''
        from editor.api import hookimpl

        @hookimpl
        def carcassonne_editions():
            return None
        ''',
}
ENTRY_POINTS = ("good", "raising", "garbage", "slow", "broken", "nonsense")


def reset_host() -> None:
    """Forget the process-wide plugin host and the catalogues built from it."""
    plugins._DEFAULT = None
    workspace._catalogue.cache_clear()


@pytest.fixture
def faulty_plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package of faulty plugins installed on ``sys.path`` (a ``.dist-info`` with entry
    points); the default plugin host starts afresh and finds it. Yields the folder where
    each module marks its import."""
    site = tmp_path / "site"
    package = site / PACKAGE
    package.mkdir(parents=True)
    for name, source in MODULES.items():
        (package / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = site / f"{PACKAGE}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {PACKAGE}\nVersion: 1.0\n",
                                   encoding="utf-8")
    points = "".join(f"{name} = {PACKAGE}.{name}\n" for name in ENTRY_POINTS)
    (info / "entry_points.txt").write_text(f"[carcassonne_editor]\n{points}", encoding="utf-8")
    marks = tmp_path / "marks"
    marks.mkdir()
    monkeypatch.setenv("FAULTY_PLUGINS_MARKS", str(marks))
    monkeypatch.syspath_prepend(str(site))
    reset_host()
    yield marks
    reset_host()
    for module in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[module]
