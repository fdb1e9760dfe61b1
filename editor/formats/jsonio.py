"""Reading JSON files into findings instead of exceptions, writing them atomically."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from editor.model.findings import Finding

#: Object keys written as ``.key`` in a JSON path; others are quoted: ``['base:C2']``.
_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
#: Width under which a list or object is written on one line.
_LINE_WIDTH = 100


def _new_file_mode() -> int:
    """0o666 less the process umask (read once, at import, before any thread runs)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


_NEW_FILE_MODE = _new_file_mode()

#: The file name that means standard input (and, for writers, standard output).
STDIN = "-"
#: How findings name standard input, and messages standard output.
STDIN_NAME = "<stdin>"
STDOUT_NAME = "<stdout>"
#: Standard input as read: the stream and its bytes (a stream is read only once).
_stdin: tuple[object, bytes] | None = None


def source_name(path: str | os.PathLike[str], stream: str = STDIN_NAME) -> str:
    """The name messages give a file: ``stream`` (``<stdin>``) for ``-``."""
    return stream if str(path) == STDIN else str(path)


def _read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes; ``-`` is standard input, read once and kept for later readers."""
    global _stdin
    if str(path) != STDIN:
        return Path(path).read_bytes()
    stream = sys.stdin
    if stream is None:
        raise OSError("there is no standard input")
    if _stdin is None or _stdin[0] is not stream:
        data = getattr(stream, "buffer", stream).read()
        _stdin = (stream, data.encode("utf-8") if isinstance(data, str) else data)
    return _stdin[1]


def json_path(parts: Iterable[str | int]) -> str:
    """A JSON path such as ``$.tiles[3].segments[0].ports[1]``."""
    path = "$"
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        elif _PLAIN_KEY.match(part):
            path += f".{part}"
        else:
            path += "['" + part.replace("\\", "\\\\").replace("'", "\\'") + "']"
    return path


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


class _NonFinite(ValueError):
    """``NaN`` or ``Infinity`` in a file: Python accepts them, JSON does not."""


def _refuse_constant(name: str) -> Any:
    raise _NonFinite(name)


_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|NaN|-?Infinity')


def _constant_offset(text: str) -> int:
    """Where the first ``NaN``/``Infinity`` outside a string is."""
    for match in _STRING_OR_CONSTANT.finditer(text):
        if not match.group().startswith('"'):
            return match.start()
    return 0


def read_json(path: str | os.PathLike[str]) -> tuple[Any, list[Finding]]:
    """Read a JSON file (``-``: standard input); problems come back as findings at ``$``,
    never as exceptions.

    The data is ``None`` whenever there is a finding.
    """
    file = source_name(path)

    def problem(message: str, code: str) -> tuple[None, list[Finding]]:
        return None, [Finding(message, "$", file, code)]

    try:
        raw = _read_bytes(path)
    except OSError as exc:
        return problem(f"cannot read the file: {exc.strerror or exc}", "unreadable")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        prefix = raw[: exc.start].decode("utf-8", errors="replace")
        line, column = _position(prefix, len(prefix))
        return problem(
            f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at line {line}, column {column}",
            "encoding",
        )
    try:
        return json.loads(text, parse_constant=_refuse_constant), []
    except json.JSONDecodeError as exc:
        return problem(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
                       "json-syntax")
    except _NonFinite as exc:
        line, column = _position(text, _constant_offset(text))
        return problem(f"not valid JSON: {exc} is not a JSON number at line {line}, "
                       f"column {column}", "json-syntax")
    except RecursionError:
        return problem("not valid JSON: nested too deeply at line 1, column 1", "json-syntax")


def dumps(data: Any) -> str:
    """JSON text as the editor writes it: two-space indents, short lists on one line."""
    return _dump(data, 0, 0) + "\n"


def _dump(value: Any, indent: int, column: int) -> str:
    """``value`` as JSON starting at ``column`` of a line indented by ``indent``."""
    flat = json.dumps(value, ensure_ascii=False, allow_nan=False)
    if not isinstance(value, dict | list) or not value or column + len(flat) < _LINE_WIDTH:
        return flat
    inner = " " * (indent + 2)
    lines = []
    if isinstance(value, list):
        for item in value:
            lines.append(inner + _dump(item, indent + 2, indent + 2))
        return "[\n" + ",\n".join(lines) + "\n" + " " * indent + "]"
    for key, item in value.items():
        head = inner + json.dumps(str(key), ensure_ascii=False) + ": "
        lines.append(head + _dump(item, indent + 2, len(head)))
    return "{\n" + ",\n".join(lines) + "\n" + " " * indent + "}"


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as JSON through a temporary file in the same folder.

    The old file is replaced only once the new content is on disk; on any failure it stays
    as it was and the temporary file is removed. Raises ``OSError``/``ValueError``/``TypeError``.
    """
    target = Path(path)
    text = dumps(data)
    try:
        mode = target.stat().st_mode & 0o777
    except FileNotFoundError:
        mode = _NEW_FILE_MODE
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(target.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
