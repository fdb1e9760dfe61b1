"""Every loader and every command survives every mutation of the shipped files (#11, tests).

Structured mutations (``trust_fuzz``) of boards, puzzles, tile sets, JCloisterZone saves and
boards with a move log and assertions go through the command line's ``main``; each run
must end in exit code 0, 1 or 2 with a message naming the file, never an exception, a
traceback, a hang or a failure of a built-in plugin. A bounded number of cases here (the
whole module takes well under a minute); ``benchmarks/fuzz.py`` runs tens of thousands.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import trust_fuzz as fuzz
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.cli import main
from editor.formats.lint import check_tileset
from editor.jcz.tiles_xml import JczError, parse_jcz


def fuzz_settings(examples: int) -> settings:
    """Bounded cases, no deadline (a command may take a second), no stored examples."""
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Boards with a move log and assertions: the JCloisterZone test saves, imported."""
    folder = tmp_path_factory.mktemp("logs")
    boards = []
    for save in fuzz.saves():
        out = folder / f"{save.stem}.board.json"
        if main(["import-jcz", str(save), "-o", str(out)]) == 0:
            boards.append(out)
    assert len(boards) >= 3
    return boards


def fuzz_files(data: st.DataObject, files: list[Path], commands: fuzz.Commands, work: Path,
               most: int = 2) -> None:
    """One case: a mutated file through one or two of its commands."""
    source = data.draw(st.sampled_from(files), label="file")
    case = data.draw(fuzz.file_bytes(fuzz.load(source)), label="bytes")
    every = commands(str(work / source.name), work)
    chosen = data.draw(st.lists(st.sampled_from(range(len(every))), min_size=1,
                                max_size=most, unique=True), label="commands")

    def some(path: str, folder: Path) -> list[tuple[list[str], list[str]]]:
        runs = commands(path, folder)
        return [runs[i] for i in chosen]

    bad = fuzz.check_case(case, source.name, work, some)
    assert not bad, fuzz.describe(bad)


@fuzz_settings(250)
@given(st.data())
def test_boards(work: Path, data: st.DataObject) -> None:
    fuzz_files(data, [*fuzz.boards(), *fuzz.puzzles()[:3]], fuzz.board_commands, work)


@fuzz_settings(100)
@given(st.data())
def test_puzzles(work: Path, data: st.DataObject) -> None:
    fuzz_files(data, fuzz.puzzles(), fuzz.puzzle_commands, work, most=1)


@fuzz_settings(120)
@given(st.data())
def test_tile_sets(work: Path, data: st.DataObject) -> None:
    fuzz_files(data, fuzz.tilesets(), fuzz.tileset_commands, work)


@fuzz_settings(300)
@given(st.data())
def test_saves(work: Path, data: st.DataObject) -> None:
    fuzz_files(data, fuzz.saves(), fuzz.save_commands, work)


@fuzz_settings(150)
@given(st.data())
def test_move_logs_and_assertions(work: Path, logs: list[Path], data: st.DataObject) -> None:
    fuzz_files(data, logs, fuzz.board_commands, work)


#: A small expansion in JCloisterZone's tile XML, written for these tests.
EXPANSION = """<?xml version="1.0" encoding="utf-8"?>
<defs>
  <tiles>
    <tile id="EX/LR"><cloister/><road>S</road><farm>NL NR EL ER SL SR WL WR</farm></tile>
    <tile id="EX/CRr"><city pennant="1">N</city><road>W E</road>
      <farm city="N">EL WR</farm><farm>ER SL SR WL</farm></tile>
    <tile id="EX/CC"><city resource="grain">W E</city><field city="W">NL NR SL SR</field>
    </tile>
    <tile id="EX/s" group="river-spring"><river>E</river>
      <field>NL NR EL ER SL SR WL WR</field></tile>
  </tiles>
  <sets>
    <tile-set id="example:1"><ref count="2" tile="EX/LR"/><ref count="3" tile="EX/CRr"/>
      <ref count="1" tile="EX/CC"/><ref count="1" tile="EX/s"/></tile-set>
  </sets>
</defs>
"""
ATTRIBUTE_VALUES = ("-1", "0", "1e9", "9" * 400, "abc", "", "N", "Q", "yes", "\u202e",
                    "EX/LR", "OTHER/X", "1.5")
TEXTS = ("", "N S", "N N", "Q", "NL NR EL ER SL SR WL WR NL", "I", "II", "W E S N",
         "\x01", "x" * 10_000)


@st.composite
def expansions(draw: st.DrawFn) -> bytes:
    """The expansion with a few of its elements dropped, repeated, nested or changed."""
    root = ET.fromstring(EXPANSION.split("\n", 1)[1])
    for _ in range(draw(st.integers(1, 4))):
        elements = list(root.iter())
        element = elements[draw(st.integers(0, len(elements) - 1))]
        parent = next((p for p in root.iter() if element in list(p)), None)
        kind = draw(st.sampled_from(("drop", "repeat", "attribute", "text", "nest", "tag")))
        if kind == "drop" and parent is not None:
            parent.remove(element)
        elif kind == "repeat" and parent is not None:
            parent.append(copy.deepcopy(element))
        elif kind == "attribute":
            name = draw(st.sampled_from((*element.attrib, "count", "id", "tile", "city")))
            element.set(name, draw(st.sampled_from(ATTRIBUTE_VALUES)))
        elif kind == "text":
            element.text = draw(st.sampled_from(TEXTS))
        elif kind == "nest" and parent is not None:
            at = list(parent).index(element)
            parent.remove(element)
            inner = element
            for _ in range(draw(st.sampled_from((5, 100, 400)))):
                outer = ET.Element("tile")
                outer.append(inner)
                inner = outer
            parent.insert(at, inner)
        else:
            element.tag = draw(st.sampled_from(("tile", "city", "road", "farm", "river",
                                                "garden", "tile-set", "ref", "x")))
    encoding = draw(st.sampled_from(("utf-8", "utf-16", "latin-1", "x-unknown", "ascii")))
    text = ET.tostring(root, encoding="unicode")
    head = f'<?xml version="1.0" encoding="{encoding}"?>\n'
    try:
        return (head + text).encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return (head + text).encode("utf-8")


@fuzz_settings(500)
@given(expansions())
def test_expansion_xml(xml: bytes) -> None:
    """The designer's import: a tile set and findings, or a ``JczError``; the tile set it
    makes can be checked (the designer lints it at once)."""
    try:
        imported = parse_jcz(xml, file="expansion.xml")
    except JczError:
        return
    check_tileset(imported.data, "expansion.xml")


def test_the_harness_catches_what_it_must(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash, a hang and a silent failure are each reported."""
    board = str(fuzz.boards()[0])

    def crash(args: Any) -> int:
        raise KeyError("boom")

    def silent(args: Any) -> int:
        return 1

    import editor.cli.score as score

    for handler, words in ((crash, "KeyError: 'boom'"), (silent, "without naming")):
        monkeypatch.setattr(score, "run", handler)
        outcome = fuzz.run(["score", board], [board])
        assert outcome.problems and words in outcome.problems[0], outcome.problems

    def slow(args: Any) -> int:
        import time

        time.sleep(5)
        return 0

    monkeypatch.setattr(score, "run", slow)
    outcome = fuzz.run(["score", board], [board], timeout=0.2)
    assert outcome.problems[0].startswith("hang:")
