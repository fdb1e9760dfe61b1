"""Reading JSON files into findings instead of exceptions, writing them atomically."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from editor.i18n import _
from editor.model.findings import Finding

from .atomic import ReadOnlyFileError, write_text_atomic

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "STDIN", "STDIN_NAME", "STDOUT_NAME", "ReadOnlyFileError",
           "dumps", "json_path", "parse_json", "read_json", "source_name", "write_json_atomic"]

#: Object keys written as ``.key`` in a JSON path; others are quoted: ``['base:C2']``.
_PLAIN_KEY = r"^[A-Za-z_][A-Za-z0-9_-]*$"  # compiled when first used
#: Width under which a list or object is written on one line.
_LINE_WIDTH = 100
#: Deepest nesting of lists and objects read (our formats need about 8 levels).
MAX_DEPTH = 64
#: Longest integer literal read: a longer one cannot be held as a float (about 1.8e308,
#: what most JSON readers turn every number into), and past 4,300 digits Python cannot even
#: convert it. Every integer read converts to a float, and prints.
MAX_DIGITS = 300

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
        raise OSError(_("there is no standard input"))
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
        elif re.match(_PLAIN_KEY, part):
            path += f".{part}"
        else:
            path += "['" + re.sub(_UNPRINTABLE, _escape, part.replace("\\", "\\\\").replace(
                "'", "\\'")) + "']"
    return path


#: Characters a JSON path shows escaped: controls, surrogates, other unprintables.
_UNPRINTABLE = "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]"  # compiled when first used


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


class _NonFinite(ValueError):
    """``NaN`` or ``Infinity`` in a file: Python accepts them, JSON does not."""


def _refuse_constant(name: str) -> Any:
    raise _NonFinite(name)


_STRING_OR_CONSTANT = r'"(?:[^"\\]|\\.)*"|NaN|-?Infinity'  # compiled when first used
#: A ``\\uD800``–``\\uDFFF`` escape: text that may hold a lone surrogate once decoded.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = "[\ud800-\udfff]"  # compiled when first used


#: Every digit as ``0``: long runs of digits and long exponents show as runs of ``0``.
_DIGITS_AS_ZERO = str.maketrans("123456789", "0" * 9)
_HUGE_SIGNS = ("0" * (MAX_DIGITS + 1), "e000", "E000", "e+000", "E+000")


def _may_hold_huge_numbers(text: str) -> bool:
    """Whether the text may hold an integer longer than :data:`MAX_DIGITS` or a number
    beyond a float (the parser's number hooks then check every number; they cost time)."""
    zeros = text.translate(_DIGITS_AS_ZERO)
    return any(sign in zeros for sign in _HUGE_SIGNS)


def _constant_offset(text: str) -> int:
    """Where the first ``NaN``/``Infinity`` outside a string is."""
    for match in re.finditer(_STRING_OR_CONSTANT, text):
        if not match.group().startswith('"'):
            return match.start()
    return 0


class _Unreadable:
    """A number the file holds that no program can use: in the parsed data until
    :func:`_problems` reports it with its path."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message


class _Parser:
    """``json.loads`` hooks that never raise on content: numbers too large to hold and
    repeated keys are marked, for :func:`_problems` to report with their JSON paths."""

    def __init__(self) -> None:
        self.marked = False
        #: id of an object → the keys it holds more than once
        self.repeats: dict[int, list[str]] = {}

    def integer(self, text: str) -> int | _Unreadable:
        digits = len(text) - text.startswith("-")
        if digits <= MAX_DIGITS:
            return int(text)
        self.marked = True
        return _Unreadable(_("an integer of {digits} digits is too long to read (at most "
                             "{most})").format(digits=f"{digits:,}", most=MAX_DIGITS))

    def number(self, text: str) -> float | _Unreadable:
        value = float(text)
        if math.isfinite(value):
            return value
        self.marked = True
        shown = text if len(text) <= 20 else text[:19] + "…"
        return _Unreadable(_("the number {number} is too large (at most about 1.8e308)"
                             ).format(number=shown))

    def object(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        data = dict(pairs)
        if len(data) != len(pairs):
            seen: set[str] = set()
            self.repeats[id(data)] = list(dict.fromkeys(
                k for k, _ in pairs if k in seen or seen.add(k)))  # type: ignore[func-returns-value]
        return data


def _too_deep(data: Any) -> bool:
    """Whether lists and objects nest more than :data:`MAX_DEPTH` levels (level by level,
    without recursion)."""
    level, depth = [data], 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            return True
        below: list[Any] = []
        for value in level:
            items = value.values() if type(value) is dict else value
            below += [x for x in items if type(x) is dict or type(x) is list]
        level = below
    return False


def _problems(data: Any, parser: _Parser, strings: bool) -> list[tuple[str, str, str]]:
    """(JSON path, message, code) for what the parsed data must not hold: numbers
    :class:`_Parser` marked, repeated keys, nesting deeper than :data:`MAX_DEPTH`, and
    (``strings``) unpaired UTF-16 surrogates. Iterative: as deep as the parser went."""
    if isinstance(data, _Unreadable):
        return [("$", data.message, "json-number")]
    if not (parser.marked or parser.repeats or strings) and not (
            type(data) in (dict, list) and _too_deep(data)):
        return []
    found: list[tuple[str, str, str]] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, where = stack.pop()
        if len(where) >= MAX_DEPTH:
            found.append((json_path(where), _("nested more than {n} levels deep").format(
                              n=MAX_DEPTH),
                          "json-depth"))
            continue
        if isinstance(value, dict):
            for key in parser.repeats.get(id(value), ()):
                found.append((json_path([*where, key]),
                              _("key {key!r} appears more than once in this object (JSON "
                                "names each key once; which one counts is not defined)"
                                ).format(key=key),
                              "json-duplicate-key"))
            items: Any = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            continue
        for key, item in items:
            if strings and isinstance(key, str) and re.search(_SURROGATE, key):
                found.append((json_path([*where, key]), _(
                    "this key holds an unpaired UTF-16 surrogate (\\uD800–\\uDFFF): not valid "
                    "Unicode"),
                              "json-unicode"))
            if isinstance(item, dict | list):
                stack.append((item, (*where, key)))
            elif isinstance(item, _Unreadable):
                found.append((json_path([*where, key]), item.message, "json-number"))
            elif strings and isinstance(item, str) and re.search(_SURROGATE, item):
                found.append((json_path([*where, key]), _(
                    "the text holds an unpaired UTF-16 surrogate (\\uD800–\\uDFFF): not valid "
                    "Unicode"),
                              "json-unicode"))
    return sorted(found)


def parse_json(text: str, file: str = "") -> tuple[Any, list[Finding]]:
    """Parse JSON text; problems come back as findings, never as exceptions.

    Besides syntax, refused: ``NaN``/``Infinity``, integers too long to read and numbers
    too large for a float, a key repeated in one object, nesting deeper than
    :data:`MAX_DEPTH` and unpaired surrogates (each with its JSON path). The data is
    ``None`` whenever there is a finding. A number written with a fraction or an exponent
    (``1.0``, ``1e2``) stays a float: where a file format wants an integer, the schema
    refuses it (see :func:`editor.formats.schemas.validate`).
    """

    def problem(message: str, code: str) -> tuple[None, list[Finding]]:
        return None, [Finding(message, "$", file, code)]

    parser = _Parser()
    hooks: dict[str, Any] = {"parse_constant": _refuse_constant,
                             "object_pairs_hook": parser.object}
    if _may_hold_huge_numbers(text):
        hooks.update(parse_int=parser.integer, parse_float=parser.number)
    try:
        data = json.loads(text, **hooks)
    except json.JSONDecodeError as exc:
        return problem(_("not valid JSON: {error} at line {line}, column {column}").format(
            error=exc.msg, line=exc.lineno, column=exc.colno), "json-syntax")
    except _NonFinite as exc:
        line, column = _position(text, _constant_offset(text))
        return problem(_("not valid JSON: {constant} is not a JSON number at line {line}, "
                         "column {column}").format(constant=exc, line=line, column=column),
                       "json-syntax")
    except RecursionError:
        return problem(_("not valid JSON: nested too deeply (more than {n} levels) at line 1, "
                         "column 1").format(n=MAX_DEPTH), "json-syntax")
    found = _problems(data, parser, bool(_SURROGATE_ESCAPE.search(text)))
    if found:
        return None, [Finding(message, path, file, code) for path, message, code in found]
    return data, []


def read_json(path: str | os.PathLike[str]) -> tuple[Any, list[Finding]]:
    """Read a JSON file (``-``: standard input) with :func:`parse_json`; an unreadable file
    or one that is not UTF-8 is a finding at ``$`` too. The data is ``None`` whenever there
    is a finding."""
    file = source_name(path)
    try:
        raw = _read_bytes(path)
    except OSError as exc:
        return None, [Finding(_("cannot read the file: {error}").format(
            error=exc.strerror or exc), "$", file, "unreadable")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        prefix = raw[: exc.start].decode("utf-8", errors="replace")
        line, column = _position(prefix, len(prefix))
        return None, [Finding(_("not UTF-8 text: byte 0x{byte} at line {line}, column {column}"
                                ).format(byte=f"{raw[exc.start]:02x}", line=line,
                                         column=column), "$", file, "encoding")]
    return parse_json(text, file)


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


def write_json_atomic(path: str | os.PathLike[str], data: Any, *,
                      read_only_ok: bool = False) -> None:
    """Write ``data`` as JSON (:func:`dumps`) with :func:`editor.formats.atomic.write_atomic`:
    through symbolic links, never over a read-only file unless ``read_only_ok``
    (:class:`~editor.formats.atomic.ReadOnlyFileError`), the old file intact on any failure.
    Raises ``OSError``, or ``ValueError``/``TypeError`` for data JSON cannot hold.
    """
    write_text_atomic(path, dumps(data), read_only_ok=read_only_ok)
