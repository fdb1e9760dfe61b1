"""Import of JCloisterZone expansion XML: tiles, counts, aliases, segments, and the report."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.formats.lint import check_tileset
from editor.jcz.tiles_xml import INFERRED, UNMAPPED, JczError, jcz_tile_sets, read_jcz
from editor.model.findings import Severity

#: A small expansion written for this test in JCloisterZone's tile format.
SAMPLE = """<?xml version="1.0" encoding="utf-8"?>
<defs>
  <tiles>
    <tile id="EX/LR">
      <cloister />
      <road wagon-move="a">S</road>
      <farm>NL NR EL ER SL SR WL WR</farm>
    </tile>
    <tile id="EX/CRr+">
      <city pennant="1">N</city>
      <road>W E</road>
      <farm city="N">EL WR</farm>
      <farm>ER SL SR WL</farm>
    </tile>
    <tile id="EX/CCc.g">
      <city resource="grain">W E</city>
      <city>S</city>
      <field city="W">NL NR</field>
      <field city="W S">I</field>
    </tile>
    <tile id="EX/R!">
      <road inn="yes">N S</road>
      <field>WR NL</field>
      <field>NR EL ER SL</field>
      <field>SR WL</field>
      <tower />
    </tile>
    <tile id="EX/s" group="river-spring">
      <river>E</river>
      <field>NL NR EL ER SL SR WL WR</field>
    </tile>
    <tile id="EX/unused">
      <field>NL NR EL ER SL SR WL WR</field>
    </tile>
  </tiles>
  <sets>
    <tile-set id="example:1">
      <ref count="2" tile="EX/LR" />
      <ref count="3" tile="EX/CRr+" />
      <ref count="1" tile="EX/CCc.g" />
      <ref count="1" tile="EX/R!" />
      <ref count="1" tile="EX/s" />
      <ref count="1" tile="OTHER/X" />
    </tile-set>
    <tile-set id="example:2">
      <ref count="4" tile="EX/LR" />
    </tile-set>
  </sets>
</defs>
"""

ALL_HALVES_BUT_S = ["SSW", "WSW", "W", "WNW", "NNW", "N", "NNE", "ENE", "E", "ESE", "SSE"]
EXPECTED_TILES = [
    {"id": "LR", "aliases": ["EX/LR"], "count": 2, "segments": [
        {"id": "road", "kind": "road", "ports": ["S"]},
        {"id": "monastery", "kind": "monastery", "ports": []},
        {"id": "field", "kind": "field", "ports": ALL_HALVES_BUT_S, "wraps": ["S"]}],
     "provenance": {"sources": ["JCZ EX/LR"]}},
    {"id": "CRr+", "aliases": ["EX/CRr+"], "count": 3, "segments": [
        {"id": "city", "kind": "city", "ports": ["NNW", "N", "NNE"], "pennants": 1},
        {"id": "road", "kind": "road", "ports": ["E", "W"]},
        {"id": "field-n", "kind": "field", "ports": ["WNW", "ENE"], "cities": ["city"]},
        {"id": "field-s", "kind": "field", "ports": ["ESE", "SSE", "S", "SSW", "WSW"]}],
     "provenance": {"sources": ["JCZ EX/CRr+"]}},
    {"id": "CCc.g", "aliases": ["EX/CCc.g"], "count": 1, "segments": [
        {"id": "city-ew", "kind": "city", "ports": ["ENE", "E", "ESE", "WSW", "W", "WNW"],
         "goods": {"wheat": 1}},
        {"id": "city-s", "kind": "city", "ports": ["SSE", "S", "SSW"]},
        {"id": "field-n", "kind": "field", "ports": ["NNW", "N", "NNE"], "cities": ["city-ew"]},
        {"id": "field-inner", "kind": "field", "ports": [], "cities": ["city-ew", "city-s"],
         "tags": ["inner"]}],
     "provenance": {"sources": ["JCZ EX/CCc.g"]}},
    {"id": "R_", "aliases": ["EX/R!"], "count": 1, "segments": [
        {"id": "road", "kind": "road", "ports": ["N", "S"], "tags": ["inn"]},
        {"id": "field-nw", "kind": "field", "ports": ["WNW", "NNW"]},
        {"id": "field-e", "kind": "field", "ports": ["NNE", "ENE", "E", "ESE", "SSE"]},
        {"id": "field-sw", "kind": "field", "ports": ["SSW", "WSW", "W"]}],
     "provenance": {"sources": ["JCZ EX/R!"]}},
    {"id": "s", "aliases": ["EX/s"], "count": 1, "segments": [
        {"id": "river", "kind": "river", "ports": ["E"]},
        {"id": "field", "kind": "field",
         "ports": ["ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW", "N", "NNE", "ENE"],
         "wraps": ["E"]}],
     "tags": ["spring"],
     "provenance": {"sources": ["JCZ EX/s"]}},
]


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    path = tmp_path / "example.xml"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


def test_tiles_counts_aliases_and_segments(sample: Path) -> None:
    result = read_jcz(sample)
    assert result.tile_sets == ["example:1", "example:2"]
    assert result.tile_set == "example:1"
    data = result.data
    assert {k: v for k, v in data.items() if k != "tiles"} == {
        "format": 1, "id": "example-1", "name": "example:1 (JCloisterZone)", "part": "example",
        "edition": "JCZ 1",
        "provenance": {"sources": ["JCloisterZone example.xml, tile set example:1"]}}
    assert data["tiles"] == EXPECTED_TILES
    assert check_tileset(data) == []


def test_the_report_names_everything_that_was_not_mapped(sample: Path) -> None:
    result = read_jcz(sample)
    unmapped = [(f.path, f.message) for f in result.findings if f.code == UNMAPPED]
    assert unmapped == [
        ("$", "tile set example:1 counts 'OTHER/X', which this file does not define"),
        ("$.tiles[0]", "EX/LR: road attribute wagon-move='a' is not mapped"),
        ("$.tiles[3]", "EX/R!: <tower> is not mapped"),
    ]
    assert all(f.severity is Severity.WARNING for f in result.findings if f.code == UNMAPPED)
    notes = [(f.path, f.message) for f in result.findings if f.code == INFERRED]
    assert notes == [
        ("$", "not in tile set example:1, left out: EX/unused"),
        ("$.tiles[3]", "EX/R!: road inn='yes' kept only as the segment tag 'inn'"),
        ("$.tiles[3]", "EX/R!: side W: its halves lie in two fields; its centre port was put "
                       "in the left one"),
    ]
    report = result.report().splitlines()
    assert report[0] == "not mapped: tile set example:1 counts 'OTHER/X', which this file " \
                        "does not define"
    assert report[-1].startswith("note: EX/R!: side W")


def test_another_tile_set_gives_other_counts(sample: Path) -> None:
    result = read_jcz(sample, "example:2")
    assert [(t["id"], t["count"]) for t in result.data["tiles"]] == [("LR", 4)]
    assert result.data["id"] == "example-2"
    assert jcz_tile_sets(sample) == ["example:1", "example:2"]
    with pytest.raises(JczError, match="no tile set 'example:3'"):
        read_jcz(sample, "example:3")


def test_a_file_without_tile_sets_counts_every_tile_once(tmp_path: Path) -> None:
    path = tmp_path / "bare.xml"
    path.write_text('<tiles><tile id="A/B"><city>N E S W</city></tile>'
                    '<tile id="C/B"><city>N E S W</city></tile></tiles>', encoding="utf-8")
    result = read_jcz(path)
    assert result.tile_set is None
    assert [(t["id"], t["aliases"], t["count"]) for t in result.data["tiles"]] == [
        ("B", ["A/B"], 1), ("C-B", ["C/B"], 1)]
    assert result.data["id"] == "bare"
    assert [f.message for f in result.findings] == [
        "the file has no <tile-set>: every tile is counted once"]
    assert check_tileset(result.data) == []


@pytest.mark.parametrize(("text", "message"), [
    ("<defs><tiles>", "is not XML"),
    ("<board/>", "holds no <tiles>"),
])
def test_files_that_are_not_jcz_tiles_are_refused(tmp_path: Path, text: str,
                                                  message: str) -> None:
    path = tmp_path / "wrong.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JczError, match=message):
        read_jcz(path)
    with pytest.raises(JczError, match="cannot read"):
        read_jcz(tmp_path / "missing.xml")
