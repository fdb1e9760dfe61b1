"""Plots of a study, as PNG and SVG in the report folder (#19.2)."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from test_summary import ROWS, SPEC

from editor.study.plots import PlotsUnavailable, write_plots
from editor.study.summary import summarise

pytest.importorskip("matplotlib")
NAMES = ["points-by-feature", "scores", "winner-changes", "tiles-put-aside", "goods-and-pigs"]


def test_every_plot_is_drawn_in_both_formats(tmp_path: Path) -> None:
    summary = summarise(SPEC, ROWS, planned=8)
    written = write_plots(summary, ROWS, tmp_path, ("png", "svg"))
    assert written == [tmp_path / f"{n}.{f}" for n in NAMES for f in ("png", "svg")]
    for path in written:
        if path.suffix == ".png":
            assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
        else:
            text = path.read_text(encoding="utf-8")
            assert ET.fromstring(text).tag.endswith("svg")
    assert "points per game" in (tmp_path / "points-by-feature.svg").read_text(encoding="utf-8")


def test_the_same_summary_draws_the_same_files(tmp_path: Path) -> None:
    summary = summarise(SPEC, ROWS, planned=8)
    drawn = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        drawn.append([p.read_bytes() for p in write_plots(summary, ROWS, tmp_path / name,
                                                            ("svg",))])
    assert drawn[0] == drawn[1]


def test_only_plots_with_data_are_drawn(tmp_path: Path) -> None:
    plain = [r for r in ROWS if r.ruleset == SPEC.rulesets[0] and not r.points["goods"]
             and not r.unplaced]
    summary = summarise(SPEC, plain, planned=8)
    names = [p.stem for p in write_plots(summary, plain, tmp_path)]
    assert names == ["points-by-feature", "scores"]


def test_without_matplotlib_the_message_says_how_to_get_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(PlotsUnavailable, match=r"pip install 'carcassonne-editor\[study\]'"):
        write_plots(summarise(SPEC, ROWS, planned=8), ROWS, tmp_path)
