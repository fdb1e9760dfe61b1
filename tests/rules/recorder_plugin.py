"""A plugin for the hook facade's tests: an expansion whose rule hooks record their calls."""

from __future__ import annotations

from editor.api import Edition, hookimpl

CALLS: list[tuple[str, object]] = []


class Recorder:
    """Rule hooks that record what they were called with."""

    @hookimpl
    def carcassonne_field_city_bonus(self, player: int, farms: str) -> list[object]:
        CALLS.append(("bonus", (player, farms)))
        return []

    @hookimpl
    def carcassonne_restricts_placement(self, tile: object) -> bool:
        CALLS.append(("restricts", tile))
        raise RuntimeError("broken")


@hookimpl
def carcassonne_editions() -> list[Edition]:
    return [Edition("recorder:X1", "Recorder", Recorder(), expansion=True,
                    pairs_with=("base:C2",))]
