"""Our own positions equivalent to JCloisterZone's engine test games that use only the base
game, the River and Traders & Builders (JCloisterZone-Client ``engine-tests/basic/`` and
``engine-tests/traders-and-builders/``): the same tiles, placements, figures and expected
points, written as our move logs with our players. The README lists which of JCZ's games
they stand for and why the others are out of scope.

Each move is (player, tile, x, y, rotation in degrees, figure kind, segment) or without
the figure; assertions are in JCZ's two forms, checked by ``replay --check``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Step = tuple[Any, ...]


@dataclass(frozen=True)
class Game:
    """One JCZ engine test as our position."""

    jcz: str
    about: str
    editions: list[str]
    options: dict[str, dict[str, object]]
    players: list[str]
    moves: list[Step]
    assertions: list[str]
    tilesets: list[str] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)


C1_FINAL = {"base:C1": {"rules": "2002"}}
TB_C1 = ["base:C1", "traders-builders:C1"]

GAMES = [
    Game("basic/city-and-road-scoring", "a city of four tiles, two roads ended at junctions",
         ["base:C1"], C1_FINAL, ["Dora", "Wim"], [
             (0, "base-c1/I", 0, 1, 270), (1, "base-c1/N", -1, 1, 180, "follower", "city"),
             (0, "base-c1/N", -1, 2, 90), (1, "base-c1/N", 0, 2, 0),
             (0, "base-c1/W", -1, 0, 180, "follower", "road-w"), (1, "base-c1/X", 1, 0, 0),
             (0, "base-c1/V", 1, 1, 180, "follower", "road"), (1, "base-c1/V", 2, 0, 0),
             (0, "base-c1/V", 2, 1, 90), (1, "base-c1/F", 0, -1, 90, "follower", "city"),
             (0, "base-c1/E", 0, -2, 180)],
         ["Dora has 7 points", "Dora scored road for 3 points", "Dora scored road for 4 points",
          "Wim has 16 points", "Wim scored city for 8 points"]),
    Game("basic/field-scoring", "two farmers, one field touching two cities", ["base:C1"],
         C1_FINAL, ["Otto", "Cleo"], [
             (0, "base-c1/E", 0, -1, 180, "follower", "field"), (1, "base-c1/H", 0, -2, 90),
             (0, "base-c1/E", 1, -2, 270, "follower", "field")],
         ["Cleo has 0 points", "Otto has 9 points", "Otto scored field for 3 points",
          "Otto scored field for 6 points"]),
    Game("basic/garden-scoring", "two abbots on gardens, one surrounded", ["base:C2"], {},
         ["Ada", "Ben"], [
             (0, "base-c2/Ug", 1, 0, 0, "abbot", "garden"),
             (1, "base-c2/Vg", 0, 1, 0, "abbot", "garden"), (0, "base-c2/U", 2, 0, 0),
             (1, "base-c2/B", 1, 1, 0), (0, "base-c2/V", 2, 1, 270), (1, "base-c2/E", 0, -1, 180),
             (0, "base-c2/E", 1, -1, 90), (1, "base-c2/E", 2, -1, 270)],
         ["Ada has 9 points", "Ben has 4 points", "Ada scored garden for 9 points",
          "Ben scored garden for 4 points"]),
    Game("basic/monastery-scoring", "a surrounded monastery and one with three neighbours",
         ["base:C1"], C1_FINAL, ["Eve", "Cyd"], [
             (0, "base-c1/B", 0, 1, 0, "follower", "monastery"), (1, "base-c1/V", 1, 0, 0),
             (0, "base-c1/W", 1, 1, 270), (1, "base-c1/V", 1, 2, 90), (0, "base-c1/W", 0, 2, 0),
             (1, "base-c1/A", 0, 3, 180, "follower", "monastery"), (0, "base-c1/V", -1, 2, 180),
             (1, "base-c1/U", -1, 1, 90), (0, "base-c1/J", -1, 0, 0)],
         ["Eve has 9 points", "Cyd has 4 points"]),
    Game("basic/tiny-city-rule", "tiny-city-scoring 2: a two-tile city scores 2",
         ["base:C1"], {"base:C1": {"farms": "2002", "small_city": True}}, ["Wanda"], [
             (0, "base-c1/G", 0, -1, 90, "follower", "city"),
             (0, "base-c1/H", 0, -2, 0, "follower", "city-n"), (0, "base-c1/E", 0, -3, 180)],
         ["Wanda has 8 points", "Wanda scored city for 6 points",
          "Wanda scored city for 2 points"]),
    Game("traders-and-builders/pig-scoring", "a pig in a tied field: 4 per city to its owner",
         TB_C1, C1_FINAL, ["Ada", "Ben"], [
             (0, "base-c1/H", 0, -1, 0, "follower", "field"),
             (1, "base-c1/E", 0, -2, 180, "follower", "field"),
             (0, "base-c1/E", -1, -1, 270, "pig", "field"), (1, "base-c1/V", -1, -2, 90)],
         ["Ada has 8 points", "Ben has 6 points"], tilesets=["base-c1"],
         supply={"builder": 0}),
    Game("traders-and-builders/pigs-no-stack", "two pigs of one owner in one field count once",
         TB_C1, C1_FINAL, ["Ada"], [
             (0, "base-c1/U", -1, 0, 0, "follower", "field-n"),
             (0, "base-c1/U", -2, 0, 0, "pig", "field-n"),
             (0, "base-c1/E", 0, -1, 180, "follower", "field"),
             (0, "base-c1/E", 0, -2, 0, "pig", "field"), (0, "base-c1/V", -1, -1, 90)],
         ["Ada has 4 points"], tilesets=["base-c1"], supply={"builder": 0, "pig": 2}),
    Game("traders-and-builders/cloth-scoring-tie", "two cloth tokens each: both score 10",
         TB_C1, C1_FINAL, ["Ada", "Ben"], [
             (0, "traders-builders-c1/K", 0, -1, 180), (1, "traders-builders-c1/L", 1, -1, 90),
             (0, "base-c1/H", 2, -1, 90), (1, "base-c1/I", 3, -1, 0), (0, "base-c1/H", 1, -2, 0)],
         ["Ada has 10 points", "Ben has 10 points"]),
    Game("traders-and-builders/grain-scoring", "the completer takes the grain, whoever scores",
         TB_C1, C1_FINAL, ["Ada", "Ben"], [
             (0, "traders-builders-c1/F", 0, -1, 180), (1, "traders-builders-c1/E", 1, -1, 0),
             (0, "base-c1/E", 2, -1, 270)],
         ["Ada has 10 points", "Ben has 0 points"]),
    Game("traders-and-builders/wine-scoring", "a knight's city scores, its completer the wine",
         TB_C1, C1_FINAL, ["Cleo", "Oz"], [
             (0, "traders-builders-c1/P", 0, -1, 90, "follower", "city-we"),
             (1, "base-c1/H", 0, -2, 0)],
         ["Oz has 10 points", "Cleo has 6 points"]),
]


def move_entry(step: Step) -> dict[str, Any]:
    """A step as a move log entry."""
    player, tile, x, y, rotation, *figure = step
    entry: dict[str, Any] = {"player": player, "tile": tile, "x": x, "y": y,
                             "rotation": rotation}
    if figure:
        entry["figure"] = {"kind": figure[0], "segment": figure[1]}
    return entry
