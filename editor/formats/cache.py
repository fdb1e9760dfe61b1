"""Which files have passed validation, by content hash, so that a command does not check
the built-in tile sets (170 ms of every start) or a board it read before against the schema
again.

The cache is one small JSON file in the user's cache folder (``$CARCASSONNE_EDITOR_CACHE``
when set, ``0`` to switch it off). A file's key is the SHA-256 of its content together with
the program version, the schemas and the lint's code: editing any of them checks again. A
missing, unreadable or foreign cache only means checking again; it is never an error. The
``validate`` command never uses it.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from editor import __version__, logs
from editor.resources import data_dir

log = logs.get(__name__)

APP = "carcassonne-editor"
NAME = "validated.json"
#: How many keys are kept (older ones are dropped first).
LIMIT = 200


def folder() -> Path | None:
    """Where the cache lives, or ``None`` when switched off."""
    chosen = os.environ.get("CARCASSONNE_EDITOR_CACHE")
    if chosen == "0":
        return None
    if chosen:
        return Path(chosen)
    return user_cache_folder()


def user_cache_folder() -> Path:
    """The program's folder in the user's cache folder. On Linux that is the XDG one
    (``$XDG_CACHE_HOME`` when it is an absolute path, else ``~/.cache``), found as
    platformdirs finds it but without importing it (several milliseconds of every start,
    with ``tempfile`` and ``shutil``); platformdirs decides everywhere else."""
    if sys.platform == "linux" and "ANDROID_DATA" not in os.environ:
        xdg = os.environ.get("XDG_CACHE_HOME", "")
        return Path(xdg if os.path.isabs(xdg) else os.path.expanduser("~/.cache"), APP)
    from platformdirs import user_cache_path

    return user_cache_path(APP, appauthor=False)


class _Digest(Protocol):
    """What a hash object offers."""

    def update(self, data: bytes, /) -> None: ...
    def digest(self) -> bytes: ...
    def hexdigest(self) -> str: ...


def _builtin_sha256() -> Callable[[bytes], _Digest]:
    """SHA-256 from the interpreter's own module (``_sha2`` from Python 3.12, ``_sha256``
    before), else from :mod:`hashlib`, whose import loads OpenSSL: a few milliseconds of
    every start. Equal digests either way."""
    for name in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(name).sha256  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256


_sha256 = _builtin_sha256()


@cache
def _salt() -> bytes:
    """What a validation depends on besides the file: version, schemas, lint code."""
    digest = _sha256(__version__.encode())
    sources = [*sorted(data_dir("schemas").rglob("*.json")),
               *(Path(__file__).with_name(name) for name in ("lint.py", "schemas.py"))]
    for path in sources:
        try:
            digest.update(path.read_bytes())
        except OSError:  # no source to read (a frozen build): the version alone decides
            digest.update(path.name.encode())
    return digest.digest()


def key(content: bytes) -> str:
    """The cache key of a file's content."""
    return _sha256(_salt() + content).hexdigest()


def data_key(data: Any, kind: str) -> str:
    """The cache key of parsed JSON read as a ``kind`` file (equal data, equal key)."""
    text = json.dumps([kind, data], ensure_ascii=False, separators=(",", ":"))
    return key(text.encode("utf-8", "surrogatepass"))


class Validated:
    """The set of keys known valid, read once and written back when it grew."""

    def __init__(self) -> None:
        base = folder()
        self.path = base / NAME if base else None
        self.keys: list[str] = []
        self.added = False
        if self.path is None:
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.keys = [k for k in data["valid"] if isinstance(k, str)]
        except (OSError, ValueError, TypeError, KeyError) as exc:
            log.debug("validation cache %s not used: %s", self.path, exc)

    def __contains__(self, content_key: str) -> bool:
        return content_key in self.keys

    def add(self, content_key: str) -> None:
        """Remember a key as valid (call :meth:`save` to keep it)."""
        if content_key not in self.keys:
            self.keys.append(content_key)
            self.added = True

    def save(self) -> None:
        """Write the cache if it grew, through a temporary file (a lost cache costs only a
        check, so no fsync); a failure is logged, never raised."""
        if self.path is None or not self.added:
            return
        self.keys = self.keys[-LIMIT:]
        tmp = self.path.with_name(f".{NAME}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps({"valid": self.keys}), encoding="utf-8")
            os.replace(tmp, self.path)
            self.added = False
        except OSError as exc:
            log.debug("validation cache %s not written: %s", self.path, exc)
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)


@cache
def validated() -> Validated:
    """The process's cache, read on first use."""
    return Validated()
