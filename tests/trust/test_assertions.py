"""Reading ``replay --check`` assertions takes time linear in their length (#11.6), and a
number too long for any score is a check that cannot be made, not a crash (#11.1)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.formats.jsonio import read_json
from editor.jcz.replay import Assertion, parse_assertion

SAVE = Path(__file__).parents[1] / "jcz" / "data" / "base-game.jcz"


@pytest.mark.parametrize(("text", "read"), [
    ("Ann has 7 points", Assertion("Ann", 7)),
    ("  Ann  B\thas -3 point. ", Assertion("Ann  B", -3)),
    ("Ann has has 7 points", Assertion("Ann has", 7)),
    ("Ann scored road for 4 points", Assertion("Ann", 4, "road")),
    ("Ann  scored  trade   goods  for 10 points.", Assertion("Ann", 10, "trade goods")),
    ("Bob scored x scored city for 3 points", Assertion("Bob", 3, "x scored city")),
    ("R2 scored 2 scored city for 3 points", Assertion("R2 scored 2", 3, "city")),
])
def test_the_two_forms(text: str, read: Assertion) -> None:
    assert parse_assertion(text) == read


@pytest.mark.parametrize("text", ["Ann has 7", "has 3 points", "scored city for 3 points",
                                  "Ann scored 3rd city for 4 points", "Ann has seven points",
                                  "Ann owns 7 points", ""])
def test_other_forms_cannot_be_checked(text: str) -> None:
    assert str(parse_assertion(text)).startswith("cannot check this form")


@pytest.mark.parametrize("text", [
    " " * 150_000 + "x",
    "a " * 75_000 + "has",
    "Bob scored " + "a " * 75_000 + "for 3 points",
    "scored 1 " * 17_000 + "for 3 points",
    "x\t" * 75_000 + "has 3 point",
    "Ann has " + "1" * 150_000 + " points",
])
def test_long_assertions_are_read_at_once(text: str) -> None:
    start = time.perf_counter()
    parse_assertion(text)
    assert time.perf_counter() - start < 1.0  # was over a minute for 150 KB


def test_replay_check_of_hostile_assertions(tmp_path: Path, capsys: Any) -> None:
    data, _ = read_json(SAVE)
    data["test"]["assertions"] += ["Ann scored " + "road " * 30_000 + "for 4 points  ",
                                   "Ann has " + "9" * 5000 + " points"]
    jcz = tmp_path / "hostile.jcz"
    jcz.write_text(json.dumps(data), encoding="utf-8")
    start = time.perf_counter()
    assert main(["replay", str(jcz), "--check"]) == 1
    assert time.perf_counter() - start < 10
    out, err = capsys.readouterr()
    assert "CANNOT CHECK  Ann has 999" in out
    assert "(5,000 digits: no score is that long a number)" in out
    assert f"{jcz}: 2 of 8 assertions failed or cannot be checked" in err
