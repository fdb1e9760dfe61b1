"""A corpus: every JCloisterZone save (``.jcz``) and every board with a move log in a folder
and its subfolders, read where the study runs and sent to the workers as data."""

from __future__ import annotations

from pathlib import Path

from editor.formats.jsonio import read_json
from editor.jcz import looks_like_save

from .games import ReplayTask

SUFFIXES = (".jcz", ".json")


def files(folder: Path) -> list[str]:
    """The candidate files, as paths relative to ``folder``, sorted."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.is_file() and p.suffix.lower() in SUFFIXES)


def task(folder: Path, number: int, path: str) -> ReplayTask | str:
    """The replay of one file, or why it is no game to replay (a board without a move log,
    a tile set). A file that cannot be read is a task too: its rows say why it failed."""
    data, findings = read_json(folder / path)
    if findings:
        return ReplayTask(number, path, None, findings[0].message)
    if path.lower().endswith(".jcz") or looks_like_save(data):
        return ReplayTask(number, path, data)
    if isinstance(data, dict) and isinstance(data.get("moves"), list) and data["moves"]:
        return ReplayTask(number, path, data)
    if isinstance(data, dict) and ("ruleset" in data or "players" in data):
        return "a board without a move log"
    return "not a save nor a board"
