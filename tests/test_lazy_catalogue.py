"""The host's catalogue builds a built-in tile set on the first look-up that needs it
(#14.9) and answers every look-up as a catalogue holding every set from the start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.formats.tilesets import load_builtin_catalogue
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.workspace import HostCatalogue

ROOT = Path(__file__).resolve().parents[1]
HOST = PluginHost(entry_points=False)
EAGER = Catalogue(load_builtin_catalogue().sets)
REFS = sorted({t.ref for t in EAGER} | {f"{s.id}/{a}" for s in EAGER.sets for t in s.tiles
                                           for a in t.aliases})
SET_IDS = [s.id for s in EAGER.sets]
ALIASES = sorted({a for t in EAGER for a in t.aliases})
#: Look-ups: a reference (some unknown), a set id (one unknown), an alias, a listing.
LOOKUPS = st.one_of(
    st.tuples(st.sampled_from(["contains", "tile"]),
              st.sampled_from([*REFS, "base-c2/nope", "nowhere/A", "base-c2"])),
    st.tuples(st.just("get_set"), st.sampled_from([*SET_IDS, "nowhere"])),
    st.tuples(st.just("find_alias"), st.sampled_from([*ALIASES, "nope"])),
    st.tuples(st.sampled_from(["sets", "iter"]), st.none()))


def answer(catalogue: Catalogue, lookup: tuple[str, str | None]) -> object:
    what, arg = lookup
    try:
        if what == "contains":
            return arg in catalogue
        if what == "tile":
            return catalogue.tile(str(arg))
        if what == "get_set":
            return catalogue.get_set(str(arg))
        if what == "find_alias":
            return catalogue.find_alias(str(arg))
        return catalogue.sets if what == "sets" else list(catalogue)
    except KeyError as exc:
        return ("KeyError", str(exc))


@settings(max_examples=60, deadline=None)
@given(st.lists(LOOKUPS, max_size=8))
def test_every_look_up_answers_as_with_every_set_added(lookups: list[tuple[str, str | None]]
                                                      ) -> None:
    lazy = HostCatalogue(HOST)
    for lookup in lookups:
        assert answer(lazy, lookup) == answer(EAGER, lookup), lookup  # the same objects
    assert lazy.sets == EAGER.sets and list(lazy) == list(EAGER)


def test_a_catalogue_with_another_set_adds_every_set_at_once() -> None:
    mine = load_builtin_catalogue().get_set("river-c2")
    lazy, full = HostCatalogue(HOST), HostCatalogue(HOST, [mine])
    assert not full._lazy and lazy._lazy
    assert full.sets == EAGER.sets and lazy.tile("base-c2/D") is full.tile("base-c2/D")
    lazy.add(mine)
    assert not lazy._lazy and lazy.sets == EAGER.sets


def test_scoring_a_base_game_board_builds_one_set(tmp_path: Path) -> None:
    probe = ("import sys\nfrom editor.cli import main\nfrom editor.formats import tilesets\n"
             "code = main(sys.argv[1:])\n"
             "print('BUILT', tilesets.builtin_tileset.cache_info().currsize, code)")
    env = {**os.environ, "CARCASSONNE_EDITOR_CACHE": str(tmp_path)}
    for argv in (["score", "samples/first-steps.board.json"], ["tilesets"]):
        done = subprocess.run([sys.executable, "-c", probe, *argv], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120, check=True)
        built = done.stdout.rsplit("BUILT ", 1)[1].split()
        assert built == (["1", "0"] if argv[0] == "score" else [str(len(SET_IDS)), "0"])
    assert json.loads((tmp_path / "validated.json").read_text(encoding="utf-8"))["valid"]
