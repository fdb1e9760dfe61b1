"""Reading a JCloisterZone 5.x saved game (``.jcz``, JSON) into plain data, with findings.

The parts read: ``setup`` (``sets``, ``elements``, ``rules``, ``start``), ``players``,
``replay`` (messages such as ``PLACE_TILE``, ``DEPLOY_MEEPLE``, ``RETURN_MEEPLE``,
``PASS``, ``COMMIT``), ``gameAnnotations.drawOrder``, ``gameAnnotations["carcassonne-editor"]``
(what :mod:`.export` kept for us) and ``test``. Everything else
(clock, seeds, chat, timer) has no bearing on the position and is not read. A file that is
not JSON or lacks that structure gives findings ``FILE::$.path: message`` and no save.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from editor.formats.jsonio import json_path, read_json
from editor.i18n import _, ngettext
from editor.model.findings import Finding

from .mapping import rotation

#: Our block in ``gameAnnotations``, written by :mod:`.export`.
EDITOR_KEY = "carcassonne-editor"
PLACE_TILE = "PLACE_TILE"
DEPLOY_MEEPLE = "DEPLOY_MEEPLE"
RETURN_MEEPLE = "RETURN_MEEPLE"
PASS = "PASS"
COMMIT = "COMMIT"

Path = list[str | int]


@dataclass(frozen=True, slots=True)
class StartTile:
    """A tile on the board before the first move."""

    tile: str
    x: int
    y: int
    rotation: int
    path: str


@dataclass(frozen=True, slots=True)
class Pointer:
    """A place on the board: a cell and a JCZ location, with the feature's name if given."""

    x: int
    y: int
    location: str
    feature: str | None = None


@dataclass(frozen=True, slots=True)
class Message:
    """One entry of the replay list; ``player`` is None when the file does not say."""

    type: str
    payload: dict[str, Any]
    player: int | None
    path: str

    @property
    def tile(self) -> str:
        """``PLACE_TILE``: the JCZ tile id."""
        return str(self.payload["tileId"])

    @property
    def turns(self) -> int:
        """``PLACE_TILE``: quarter turns clockwise."""
        return rotation(self.payload["rotation"])

    @property
    def cell(self) -> tuple[int, int]:
        """``PLACE_TILE``: the cell."""
        x, y = self.payload["position"]
        return int(x), int(y)

    @property
    def pointer(self) -> Pointer:
        """``DEPLOY_MEEPLE``/``RETURN_MEEPLE``: where."""
        p = self.payload["pointer"]
        x, y = p["position"]
        return Pointer(int(x), int(y), str(p["location"]), p.get("feature"))

    @property
    def meeple(self) -> str:
        """``DEPLOY_MEEPLE``/``RETURN_MEEPLE``: the meeple id (``0.small.1``), or ""."""
        return str(self.payload.get("meepleId", self.payload["pointer"].get("meepleId", "")))


@dataclass(slots=True)
class JczSave:
    """The parts of a JCZ save that make a position and its move log."""

    file: str
    app_version: str
    sets: dict[str, Any]
    elements: dict[str, Any]
    rules: dict[str, Any]
    start: list[StartTile]
    players: list[str]
    replay: list[Message]
    draw_order: list[str] | None = None
    description: str = ""
    assertions: list[str] = field(default_factory=list)
    #: ``gameAnnotations["carcassonne-editor"]``: what an export kept for us alone
    editor: dict[str, Any] | None = None


class _Reader:
    """Checks the structure as it reads, collecting findings."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.findings: list[Finding] = []

    def error(self, at: Path, message: str, code: str = "jcz-structure") -> None:
        self.findings.append(Finding(message, json_path(at), self.file, code))

    def get(self, data: dict[str, Any], key: str, kind: type | tuple[type, ...], at: Path,
            default: Any = None, required: bool = False) -> Any:
        """``data[key]`` when it has the expected type; otherwise a finding and ``default``."""
        if key not in data:
            if required:
                self.error(at, _("missing {key!r}").format(key=key))
            return default
        value = data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            self.error([*at, key], _expected(kinds, type(value).__name__))
            return default
        return value

    def cell(self, value: Any, at: Path) -> bool:
        ok = (isinstance(value, list) and len(value) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in value))
        if not ok:
            self.error(at, _("expected a cell [x, y], got {value!r}").format(value=value))
        return ok


def _expected(kinds: tuple[type, ...], found: str) -> str:
    """``expected an object, got list``: one whole sentence per JSON type."""
    if len(kinds) == 1:
        sentence = {dict: _("expected an object, got {found}"),
                    list: _("expected a list, got {found}"),
                    str: _("expected a string, got {found}"),
                    int: _("expected an integer, got {found}"),
                    bool: _("expected a boolean, got {found}")}.get(kinds[0])
        if sentence is not None:
            return sentence.format(found=found)
    return _("expected {wanted}, got {found}").format(
        wanted=" | ".join(k.__name__ for k in kinds), found=found)


def read_save(path: str | os.PathLike[str]) -> tuple[JczSave | None, list[Finding]]:
    """Read and check a ``.jcz`` file; ``None`` when it is not a readable JCZ save."""
    data, findings = read_json(path)
    if findings:
        return None, findings
    return parse_save(data, str(path))


def looks_like_save(data: Any) -> bool:
    """Whether parsed JSON is shaped like a JCZ save rather than one of our boards."""
    return isinstance(data, dict) and "setup" in data and "format" not in data


def parse_save(data: Any, file: str = "") -> tuple[JczSave | None, list[Finding]]:
    """Check the structure of a parsed save and read it."""
    r = _Reader(file)
    if not isinstance(data, dict):
        r.error([], _("a JCloisterZone save is a JSON object"))
        return None, r.findings
    setup = r.get(data, "setup", dict, [], {}, required=True)
    at: Path = ["setup"]
    sets = r.get(setup, "sets", dict, at, {}, required=bool(setup))
    elements = r.get(setup, "elements", dict, at, {})
    rules = r.get(setup, "rules", dict, at, {})
    start = [tile for i, item in enumerate(r.get(setup, "start", list, at, [],
                                                 required=bool(setup)))
             if (tile := _start_tile(r, item, [*at, "start", i])) is not None]
    players = []
    for i, item in enumerate(r.get(data, "players", list, [], [], required=True)):
        if isinstance(item, dict):
            name = r.get(item, "name", str, ["players", i], None, required=True)
            players.append(name if name is not None else f"Player {i + 1}")
        else:
            r.error(["players", i], _("expected an object with a name"))
    replay = [m for i, item in enumerate(r.get(data, "replay", list, [], []))
              if (m := _message(r, item, ["replay", i], len(players))) is not None]
    annotations = r.get(data, "gameAnnotations", dict, [], {})
    draw_order = r.get(annotations, "drawOrder", list, ["gameAnnotations"], None)
    if draw_order is not None and not all(isinstance(t, str) for t in draw_order):
        r.error(["gameAnnotations", "drawOrder"], _("expected a list of tile ids"))
        draw_order = None
    editor = r.get(annotations, EDITOR_KEY, dict, ["gameAnnotations"], None)
    test = r.get(data, "test", dict, [], {})
    assertions = r.get(test, "assertions", list, ["test"], [])
    for i, text in enumerate(assertions):
        if not isinstance(text, str):
            r.error(["test", "assertions", i], _("expected a string"))
    if r.findings:
        return None, r.findings
    save = JczSave(
        file=file, app_version=str(data.get("appVersion", "")), sets=sets, elements=elements,
        rules=rules, start=start, players=players, replay=replay, draw_order=draw_order,
        description=str(test.get("description", "")), assertions=list(assertions),
        editor=editor)
    return save, []


def _start_tile(r: _Reader, item: Any, at: Path) -> StartTile | None:
    if not isinstance(item, dict):
        r.error(at, _("expected an object with tile, x, y and rotation"))
        return None
    tile = r.get(item, "tile", str, at, required=True)
    x = r.get(item, "x", int, at, required=True)
    y = r.get(item, "y", int, at, required=True)
    try:
        turns = rotation(item.get("rotation", 0))
    except ValueError as exc:
        r.error([*at, "rotation"], str(exc))
        return None
    if tile is None or x is None or y is None:
        return None
    return StartTile(tile, x, y, turns, json_path(at))


def _message(r: _Reader, item: Any, at: Path, players: int) -> Message | None:
    if not isinstance(item, dict):
        r.error(at, _("expected an object with type and payload"))
        return None
    kind = r.get(item, "type", str, at, required=True)
    payload = r.get(item, "payload", dict, at, {})
    player = r.get(item, "player", int, at)
    if player is not None and not 0 <= player < players:
        r.error([*at, "player"], ngettext("no player {player}: the save has {n}",
                                          "no player {player}: the save has {n}",
                                          players).format(player=player, n=players))
    if kind is None:
        return None
    before = len(r.findings)
    where: Path = [*at, "payload"]
    if kind == PLACE_TILE:
        r.get(payload, "tileId", str, where, required=True)
        if "position" in payload:
            r.cell(payload["position"], [*where, "position"])
        else:
            r.error(where, _("missing {key!r}").format(key="position"))
        try:
            rotation(payload.get("rotation"))
        except ValueError as exc:
            r.error([*where, "rotation"], str(exc))
    elif kind in (DEPLOY_MEEPLE, RETURN_MEEPLE):
        pointer = r.get(payload, "pointer", dict, where, None, required=True)
        if pointer is not None:
            if "position" in pointer:
                r.cell(pointer["position"], [*where, "pointer", "position"])
            else:
                r.error([*where, "pointer"], _("missing {key!r}").format(key="position"))
            r.get(pointer, "location", str, [*where, "pointer"], required=True)
            r.get(pointer, "feature", str, [*where, "pointer"])
        if kind == DEPLOY_MEEPLE:
            r.get(payload, "meepleId", str, where, required=True)
    if len(r.findings) > before:
        return None
    return Message(kind, payload, player, json_path(at))
