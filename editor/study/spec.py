"""What a study plays: its source, rulesets, tile sets, seats, games and seed.

A :class:`StudySpec` is plain data: it is written to the report folder (``study.json``), sent
to every worker with the games it is to play, and its :meth:`~StudySpec.digest` names the
default report folder. Everything a worker needs travels in it (a tile set file's contents,
not its path), so a worker on another machine plays the same games.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from editor.formats.tilesets import load_tileset, tileset_to_dict
from editor.i18n import _
from editor.model.findings import Severity
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.rules.compare import default_rulesets as compared_rulesets
from editor.rules.ruleset import RulesetError

SELF_PLAY = "self-play"
CORPUS = "corpus"
#: The label of the rulesets' own tile sets.
BOX = "box"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Version of ``study.json``.
FORMAT = 1


class StudyError(Exception):
    """A study that cannot run as asked: the message says what to change."""


@dataclass(frozen=True, slots=True)
class TileSetChoice:
    """One tile set variant: the box (``label`` :data:`BOX`), a loaded tile set by id
    (``builtin``), or a tile set file's contents (``data``, read from ``source``).

    A set of part ``base`` replaces the ruleset's base tiles (its start tile included); any
    other set joins the box.
    """

    label: str
    builtin: str = ""
    data: dict[str, Any] | None = field(default=None, compare=True)
    source: str = ""

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``study.json``."""
        return {"label": self.label, "builtin": self.builtin, "data": self.data,
                "source": self.source}


@dataclass(frozen=True, slots=True)
class StudySpec:
    """A study: ``games`` self-play games per ruleset and tile set, or every game of a
    ``corpus`` folder replayed under each ruleset."""

    source: str
    rulesets: tuple[str, ...]
    tilesets: tuple[TileSetChoice, ...] = (TileSetChoice(BOX),)
    seats: tuple[str, ...] = ()
    games: int = 0
    seed: int = 1
    corpus: str = ""

    @property
    def players(self) -> int:
        """Players per self-play game."""
        return len(self.seats)

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``study.json``."""
        return {"format": FORMAT, "source": self.source, "rulesets": list(self.rulesets),
                "tilesets": [t.to_json() for t in self.tilesets], "seats": list(self.seats),
                "games": self.games, "seed": self.seed, "corpus": self.corpus}

    @classmethod
    def from_json(cls, data: Any) -> StudySpec:
        """Read ``study.json`` (``StudyError`` when it is not one this version wrote)."""
        try:
            if data.get("format") != FORMAT:
                raise StudyError(_("study format {found!r}, this version reads {format}").format(
                    found=data.get("format"), format=FORMAT))
            return cls(source=str(data["source"]),
                       rulesets=tuple(str(r) for r in data["rulesets"]),
                       tilesets=tuple(TileSetChoice(str(t["label"]), str(t["builtin"]),
                                                    t["data"], str(t["source"]))
                                      for t in data["tilesets"]),
                       seats=tuple(str(s) for s in data["seats"]), games=int(data["games"]),
                       seed=int(data["seed"]), corpus=str(data["corpus"]))
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise StudyError(_("not a study description ({kind}: {error})").format(
                kind=type(exc).__name__, error=exc)) from exc

    def digest(self) -> str:
        """Eight hex digits that change with anything a game depends on (not with the number
        of games: a study with more games goes on in the same folder)."""
        text = json.dumps(self.to_json() | {"games": 0}, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]

    def same_games(self, other: StudySpec) -> bool:
        """Whether ``other`` plays the same games, perhaps more or fewer of them."""
        return self.to_json() | {"games": 0} == other.to_json() | {"games": 0}


def base_rulesets(host: PluginHost) -> list[str]:
    """Every base edition alone, C1 in each of its rules versions: the default rulesets."""
    names: dict[str, None] = {}
    for rules in compared_rulesets(host):
        base = rules.base.name
        names[host.ruleset([(base, {})], {base: rules.options[base]}).name] = None
    return list(names)


def ruleset_names(specs: Sequence[str], host: PluginHost) -> tuple[str, ...]:
    """Each ruleset's canonical name (``StudyError`` naming one that cannot be built)."""
    names: list[str] = []
    for spec in specs:
        try:
            name = host.ruleset(spec).name
        except RulesetError as exc:
            raise StudyError(f"--rules {spec!r}: {exc}") from exc
        if name in names:
            raise StudyError(_("--rules {spec!r}: {name} is given twice").format(spec=spec,
                                                                                 name=name))
        names.append(name)
    return tuple(names)


def tileset_choice(arg: str, catalogue: Catalogue) -> TileSetChoice:
    """A loaded tile set by id, or a tile set file (``StudyError`` when it is neither or
    has errors)."""
    known = {s.id for s in catalogue.sets}
    if arg in known and not Path(arg).is_file():
        return TileSetChoice(arg, builtin=arg)
    if not Path(arg).is_file():
        raise StudyError(_("--tileset {arg!r}: no such file and no tile set with that id "
                           "(tile sets: {known})").format(arg=arg, known=", ".join(sorted(known))))
    tile_set, findings = load_tileset(arg)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if tile_set is None or errors:
        first = errors[0] if errors else findings[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise StudyError(f"{first.file}::{first.path}: {first.message}{more}")
    name = Path(arg).name.removesuffix(".json").removesuffix(".tileset")
    return TileSetChoice(name, data=tileset_to_dict(tile_set), source=arg)


def self_play(host: PluginHost, catalogue: Catalogue, *, rulesets: Sequence[str],
              tilesets: Sequence[str] = (), seats: Sequence[str], games: int,
              seed: int = 1) -> StudySpec:
    """The spec of a self-play study, checked (``StudyError`` says what is wrong)."""
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise StudyError(_("a game has {least} to {most} players, not {n}").format(
            least=MIN_PLAYERS, most=MAX_PLAYERS, n=len(seats)))
    if games < 1:
        raise StudyError(_("--games must be at least 1, not {n}").format(n=games))
    choices = [TileSetChoice(BOX), *(tileset_choice(t, catalogue) for t in tilesets)]
    labels = [c.label for c in choices]
    for label in labels:
        if labels.count(label) > 1:
            raise StudyError(_("two tile sets are called {label!r}: rename one file").format(
                label=label))
    return StudySpec(SELF_PLAY, ruleset_names(rulesets or base_rulesets(host), host),
                     tuple(choices), tuple(seats), games, seed)


def corpus(host: PluginHost, folder: str, rulesets: Sequence[str]) -> StudySpec:
    """The spec of a corpus study of ``folder`` (``StudyError`` when it is no folder)."""
    if not Path(folder).is_dir():
        raise StudyError(_("--corpus {folder!r}: not a folder").format(folder=folder))
    return StudySpec(CORPUS, ruleset_names(rulesets or base_rulesets(host), host),
                     corpus=str(Path(folder).resolve()))
