"""Shared pieces of the study tests: a small tile set, players that misbehave, a quick study.

The players are named by import path (``study_support:Crasher``) as a user names a player
that is not installed; the worker processes of a pool or a Dask cluster import this module
by that name too (their ``sys.path`` is the test run's).
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

from editor.rules.moves import Move
from editor.study import StudyFolder, StudySpec
from editor.study.executors import Executor, Inline
from editor.study.players import RandomPlayer, Situation
from editor.study.spec import self_play

ROOT = Path(__file__).resolve().parents[2]
#: The file whose existence keeps :class:`KillOnce` from killing (set before any worker
#: starts, so every worker has it).
KILL_MARKER = os.environ.setdefault(
    "CARCASSONNE_STUDY_TEST_KILL", str(Path(os.environ.get("TMPDIR", "/tmp"))
                                       / f"carcassonne-study-kill-{os.getpid()}"))


def mini_tileset(path: Path, part: str = "base", counts: dict[str, int] | None = None) -> Path:
    """A small tile set of base-c2 tiles: a quick game (the start tile D, and 9 more)."""
    counts = counts or {"D": 3, "E": 2, "K": 2, "B": 1, "U": 2}
    data = json.loads((ROOT / "tilesets" / "base-c2.json").read_text(encoding="utf-8"))
    tiles = [dict(t, count=counts[t["id"]]) for t in data["tiles"] if t["id"] in counts]
    if part != "base":
        for t in tiles:
            t.pop("start", None)
    mini = {"format": 1, "id": path.stem, "name": "Mini", "part": part, "edition": "C2",
            "tiles": tiles}
    path.write_text(json.dumps(mini), encoding="utf-8")
    return path


class Crasher(RandomPlayer):
    """Raises on its third move."""

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, situation: Situation) -> Move:
        self.moves += 1
        if self.moves == 3:
            raise ValueError("out of ideas")
        return super().choose(situation)


class Cheater(RandomPlayer):
    """Plays its tile where it does not fit: on the start tile's cell."""

    def choose(self, situation: Situation) -> Move:
        return Move(situation.player, situation.tile, 0, 0, 0)


class Meddler(RandomPlayer):
    """Places its tile on the board itself before answering."""

    def choose(self, situation: Situation) -> Move:
        move = super().choose(situation)
        situation.board.place(situation.tile, move.x, move.y, move.rotation)
        return move


class KillOnce(RandomPlayer):
    """Plays at random, but the first time any game reaches its 10th tile, kills the process
    it runs in (a worker killed mid-game) unless :data:`KILL_MARKER` exists; it creates the
    marker first, so only one worker dies."""

    def choose(self, situation: Situation) -> Move:
        if len(situation.board.cells) >= 10 and not os.path.exists(KILL_MARKER):
            Path(KILL_MARKER).touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(situation)


def spec(host: Any, catalogue: Any, games: int = 6, seats: tuple[str, ...] = ("random",) * 2,
         rulesets: tuple[str, ...] = ("base:C2", "base:C1[rules=2000]"),
         tilesets: tuple[str, ...] = (), seed: int = 7) -> StudySpec:
    """A small self-play study."""
    return self_play(host, catalogue, rulesets=rulesets, tilesets=tilesets, seats=seats,
                     games=games, seed=seed)


def run(study: StudySpec, folder: Path, executor: Executor | None = None,
        **kwargs: Any) -> tuple[StudyFolder, Any]:
    """Run a study in a new folder without plots; the folder and its outcome."""
    made = StudyFolder.create(folder, study)
    kwargs.setdefault("plots", ())
    return made, made.run(executor or Inline(), **kwargs)


class Reporter(RandomPlayer):
    """Reports a plugin failure to the host, as a hook that raised would, on its first move
    in this process."""

    reported = False

    def choose(self, situation: Situation) -> Move:
        if not Reporter.reported:
            Reporter.reported = True
            situation.engine.rules.host.report("test-plugin", "carcassonne_final_scoring",
                                               RuntimeError("boom"), edition="base:C2")
        return super().choose(situation)
