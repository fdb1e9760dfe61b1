"""A plugin whose edition ``faulty:1`` (an expansion for base:C2) fails in final scoring;
``BEHAVIOUR`` says how: ``raise``, ``garbage`` (a return value no hook may give) or ``hang``
(a hook that never answers)."""

from __future__ import annotations

import time

from editor.api import hookimpl
from editor.rules.editions import Edition

BEHAVIOUR = {"final": "raise"}


class FaultyRules:
    """Rule hooks of ``faulty:1``."""

    @hookimpl
    def carcassonne_final_scoring(self, board: object) -> list[None]:
        if BEHAVIOUR["final"] == "raise":
            raise RuntimeError("the faulty plugin broke on purpose")
        while BEHAVIOUR["final"] == "hang":
            time.sleep(0.01)
        return [None]


@hookimpl
def carcassonne_editions() -> list[Edition]:
    return [Edition("faulty:1", "A faulty expansion", FaultyRules(), expansion=True,
                    pairs_with=("base:C2",))]
