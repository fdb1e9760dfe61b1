"""Structured fuzzing of every loader through the command line's ``main``.

A *case* is a shipped file (board, puzzle, tile set, JCloisterZone save) with a few
structured mutations: keys dropped or repeated, values of the wrong type, integer-valued
floats, huge and negative numbers, deep nesting, control characters and unpaired
surrogates, repeated list items (two tiles on one cell), references to unknown tile sets,
tiles, segments and editions, values moved from elsewhere in the file, and now and then a
damaged text (cut short, a stray byte). Each case is written to a file and given to the
commands that read such files; every run must end in exit code 0, 1 or 2, name the file
when it fails, print only what a UTF-8 terminal can show, raise nothing, hang never, and
leave the built-in plugins without errors.

Used by ``tests/trust/test_fuzz.py`` (a few hundred cases, for CI) and by
``benchmarks/fuzz.py`` (tens of thousands).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from editor.cli import main
from editor.formats import schemas
from editor.plugins import default_host
from editor.resources import data_dir

ROOT = Path(__file__).resolve().parents[2]
JCZ_DATA = ROOT / "tests" / "jcz" / "data"

#: Seconds one command may take on one case before it counts as a hang.
TIMEOUT = 20.0


# -- the files fuzzed --------------------------------------------------------------------


def boards() -> list[Path]:
    """Shipped positions without a puzzle block, and the format tests' sample."""
    return [data_dir("samples") / "first-steps.board.json",
            ROOT / "tests" / "formats" / "sample.board.json"]


def puzzles() -> list[Path]:
    """The shipped puzzles."""
    return sorted((data_dir("samples") / "puzzles").glob("*.board.json"))


def tilesets() -> list[Path]:
    """The built-in tile sets and the format tests' sample set."""
    return [*sorted(data_dir("tilesets").glob("*.json")),
            ROOT / "tests" / "formats" / "sample.tileset.json"]


def saves() -> list[Path]:
    """The JCloisterZone test saves."""
    return sorted(JCZ_DATA.glob("*.jcz"))


# -- a JSON tree that can say what json.dumps cannot --------------------------------------


@dataclass(frozen=True)
class Repeated:
    """An object written with a key twice."""

    pairs: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Nested:
    """``value`` inside ``depth`` lists (or objects)."""

    value: Any
    depth: int
    objects: bool = False


@dataclass(frozen=True)
class Literal:
    """JSON text written as is (a number Python would not write that way)."""

    text: str


def to_text(tree: Any) -> str:
    """JSON text for a tree with :class:`Repeated`, :class:`Nested` and :class:`Literal`."""
    out: list[str] = []
    stack: list[Any] = [tree]
    while stack:
        item = stack.pop()
        if isinstance(item, Literal):
            out.append(item.text)
        elif isinstance(item, Nested):
            open_, close = ('{"a": ', "}") if item.objects else ("[", "]")
            out.append(open_ * item.depth)
            stack.append(Literal(close * item.depth))
            stack.append(item.value)
        elif isinstance(item, dict | Repeated):
            pairs = item.pairs if isinstance(item, Repeated) else tuple(item.items())
            parts: list[Any] = [Literal("{")]
            for i, (key, value) in enumerate(pairs):
                parts += [Literal(("," if i else "") + json.dumps(key) + ": "), value]
            parts.append(Literal("}"))
            stack.extend(reversed(parts))
        elif isinstance(item, list):
            parts = [Literal("[")]
            for i, value in enumerate(item):
                parts += [Literal(", ")] if i else []
                parts.append(value)
            parts.append(Literal("]"))
            stack.extend(reversed(parts))
        else:
            out.append(json.dumps(item))
    return "".join(out)


# -- mutations ---------------------------------------------------------------------------

Path_ = tuple[str | int, ...]


def _paths(tree: Any, where: Path_ = ()) -> Iterator[Path_]:
    """Every place in a plain JSON tree, parents before children."""
    yield where
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from _paths(value, (*where, key))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            yield from _paths(value, (*where, i))


def _get(tree: Any, where: Path_) -> Any:
    for part in where:
        tree = tree[part]
    return tree


def _set(tree: Any, where: Path_, value: Any) -> Any:
    if not where:
        return value
    _get(tree, where[:-1])[where[-1]] = value
    return tree


def _leaves(tree: Any) -> list[Any]:
    return [v for p in _paths(tree) if not isinstance(v := _get(tree, p), dict | list)]


WRONG_TYPES: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, "", "x", [], {}, [0, 0],
                                {"x-": 1}, "0", "base-c2/D")
NUMBERS: tuple[str, ...] = (
    "-1", "-2", "2147483648", "-2147483649", "9223372036854775808", "1000000000",
    "1" + "0" * 30, "-" + "9" * 40, "1" + "0" * 299, "1" + "0" * 301, "9" * 4300,
    "1" + "0" * 5000, "1e400", "-1e400", "1e308", "1.7976931348623157e308", "4e-324",
    "0.0", "1.0", "90.0", "1e2", "-0", "0.5")
STRINGS: tuple[str, ...] = (
    "\x00", "\x01", "\x07", "\x1b[2J", "\x7f", "\u0085", "\u202e", "\u2028", "\ufffe",
    "\uffff", "\ud800", "\udfff", "\r\n", "\t", "<", "&amp;", "]]>", "'", '"', "\\",
    "\U0001f600", "é", "")
REFERENCES: tuple[str, ...] = (
    "nope/Z", "base-c2/ZZ", "base-c1/D", "river-c2/A", "sample/D", "base:C9", "base:C1",
    "traders-builders:C2", "fake:X1", "no-such-segment", "city", "road", "field",
    "monastery", "garden", "follower", "abbot", "builder", "pig", "dragon", "nope",
    "../../etc/passwd", "/proc/self/environ", "BA/ZZZ", "RI/s", "basic:9", "river/2:1",
    "0.small.1", "0.dragon", "NWSE", "CLOISTER", "R45", "R90", "PLACE_TILE",
    "DEPLOY_MEEPLE", "RETURN_MEEPLE", "Bob has 3 points", "x has 1" + "0" * 5000 + " points")
#: Integers that keep a value an integer: small shifts and extremes.
INTEGERS = (0, 1, -1, 2, 3, 4, 5, 6, 7, 8, 90, 180, 270, 360, 45, 100, 10_000, -10_000,
            10**9, -(10**9), 2**31, 2**53 + 1, 10**100, -(10**299))


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_leaf(value: Any) -> bool:
    return not isinstance(value, dict | list)


#: Mutation kinds, each with where it applies and how often it is drawn: those that keep a
#: file readable (an integer for an integer, a name for a name) more often, so that the
#: cases reach the rules and not only the schema.
KINDS: dict[str, tuple[Callable[[Any], bool], int]] = {
    "drop": (lambda v: True, 3),
    "repeat-key": (lambda v: isinstance(v, dict) and bool(v), 1),
    "wrong-type": (lambda v: True, 1),
    "float": (_is_int, 1),
    "number": (lambda v: type(v) in (int, float), 1),
    "int": (_is_int, 5),
    "nest": (lambda v: True, 1),
    "text": (lambda v: isinstance(v, str), 2),
    "long-text": (lambda v: isinstance(v, str), 1),
    "copy-item": (lambda v: isinstance(v, list) and bool(v), 4),
    "reference": (lambda v: isinstance(v, str), 4),
    "move-value": (_is_leaf, 4),
    "move-subtree": (lambda v: True, 1),
    "empty-container": (lambda v: isinstance(v, dict | list), 1),
}
_DRAWN = tuple(k for k, (_, weight) in KINDS.items() for _ in range(weight))


@st.composite
def mutated(draw: st.DrawFn, tree: Any, most: int = 3) -> Any:
    """``tree`` (plain JSON) with one to ``most`` structured mutations."""
    tree = copy.deepcopy(tree)
    for _ in range(draw(st.integers(1, most))):
        tree = draw(_mutation(tree))
    return tree


@st.composite
def _mutation(draw: st.DrawFn, tree: Any) -> Any:
    if isinstance(tree, Repeated | Nested | Literal):
        return tree
    kind = draw(st.sampled_from(_DRAWN))
    applies = KINDS[kind][0]
    places = [p for p in _paths(tree) if (p or kind != "drop") and applies(_get(tree, p))]
    if not places:
        return tree
    where = places[draw(st.integers(0, len(places) - 1))]
    value = _get(tree, where)
    if kind == "drop":
        del _get(tree, where[:-1])[where[-1]]
        return tree
    if kind == "repeat-key":
        key = draw(st.sampled_from(sorted(value)))
        again = copy.deepcopy(draw(st.sampled_from([value[key], *WRONG_TYPES[:4]])))
        return _set(tree, where, Repeated((*value.items(), (key, again))))
    if kind == "wrong-type":
        return _set(tree, where, copy.deepcopy(draw(st.sampled_from(WRONG_TYPES))))
    if kind == "float":
        return _set(tree, where, Literal(f"{value}.0"))
    if kind == "int":
        return _set(tree, where, draw(st.one_of(st.sampled_from(INTEGERS),
                                                st.integers(value - 3, value + 3))))
    if kind == "number":
        return _set(tree, where, Literal(draw(st.sampled_from(NUMBERS))))
    if kind == "nest":
        depth = draw(st.sampled_from((2, 10, 63, 64, 65, 200, 990, 5000, 100_000)))
        return _set(tree, where, Nested(value, depth, draw(st.booleans())))
    if kind == "text":
        at = draw(st.integers(0, len(value)))
        return _set(tree, where, value[:at] + draw(st.sampled_from(STRINGS)) + value[at:])
    if kind == "long-text":
        return _set(tree, where, draw(st.sampled_from(("a", " ", "é", "\x01"))) * draw(
            st.sampled_from((1000, 150_000))))
    if kind == "copy-item":
        item = copy.deepcopy(value[draw(st.integers(0, len(value) - 1))])
        value.insert(draw(st.integers(0, len(value))), item)
        return tree
    if kind == "reference":
        names = sorted({v for v in _leaves(tree) if isinstance(v, str) and len(v) < 40})
        return _set(tree, where, draw(st.sampled_from([*REFERENCES, *names])))
    if kind == "move-value":
        same = draw(st.booleans())
        leaves = [v for v in _leaves(tree) if not same or type(v) is type(value)]
        return _set(tree, where, copy.deepcopy(draw(st.sampled_from(leaves or [value]))))
    if kind == "move-subtree":
        others = [p for p in _paths(tree) if p[:len(where)] != where]
        if others:
            return _set(tree, where, copy.deepcopy(_get(tree, draw(st.sampled_from(others)))))
        return tree
    return _set(tree, where, type(value)())


@st.composite
def file_bytes(draw: st.DrawFn, original: Any, most: int = 3) -> bytes:
    """The bytes of a mutated file; one case in eight also has its text damaged."""
    text = to_text(draw(mutated(original, most)))
    data = text.encode("utf-8")
    damage = draw(st.integers(0, 15))
    if damage == 0:
        data = data[:draw(st.integers(0, len(data)))]
    elif damage == 1:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\x00", b"\xef\xbb\xbf", b",",
                                                 b"}", b"\x01", b"NaN", b"1e999"])) + data[at:]
    return data


# -- running a command -------------------------------------------------------------------


class Hang(BaseException):
    """A command ran longer than :data:`TIMEOUT` (a ``BaseException``, so that what the
    command catches cannot hide it)."""


@dataclass
class Outcome:
    """How one command ended."""

    argv: list[str]
    code: int
    out: str
    err: str
    seconds: float
    problems: list[str] = field(default_factory=list)


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread after ``seconds`` (where signals exist)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def hung(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds:.0f} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _terminal() -> io.TextIOWrapper:
    """A stream that refuses what a UTF-8 terminal could not show (unpaired surrogates)."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict",
                            write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


def run(argv: Sequence[str], names: Sequence[str] = (), timeout: float = TIMEOUT) -> Outcome:
    """Run ``main(argv)`` and check how it ended; ``names`` are the files it read, one of
    which a failing command must name."""
    argv = list(argv)
    out, err = _terminal(), _terminal()
    errors_before = len(default_host().errors)
    problems: list[str] = []
    start = time.perf_counter()
    code = -1
    try:
        with _alarm(timeout), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code if isinstance(exc.code, int) else 2
    except Hang as exc:
        problems.append(f"hang: {exc}")
    except BaseException as exc:  # what the harness is for
        import traceback

        problems.append("exception: " + "".join(traceback.format_exception(exc)))
    seconds = time.perf_counter() - start
    result = Outcome(argv, code, _safe_text(out), _safe_text(err), seconds, problems)
    if not problems:
        if code == 3:
            problems.append("internal error (exit 3):\n" + _last_report())
        elif code not in (0, 1, 2):
            problems.append(f"exit code {code}")
        if "Traceback (most recent call last)" in result.err + result.out:
            problems.append("a traceback was printed")
        json_output = "--format" in argv and argv[argv.index("--format") + 1] == "json"
        if json_output and result.out.strip():
            problems += _output_problems(argv[0], result.out)
        elif code != 0 and names and not any(_mentions(result, n) for n in names):
            problems.append(f"exit {code} without naming {' or '.join(names)}")
    new_errors = default_host().errors[errors_before:]
    builtin = [e for e in new_errors if e.plugin in ("plugins.base", "plugins.traders_builders")]
    if builtin:
        problems.append("a built-in plugin failed: " + "; ".join(map(str, builtin)))
    del default_host().errors[errors_before:]
    default_host().disabled.clear()
    return result


def _last_report() -> str:
    """The traceback of the internal error the command logged last."""
    from editor.cli.diagnostics import log_path

    try:
        text = log_path().read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        return f"(no log: {exc})"
    return text[text.rfind(" internal error in "):][-4000:]


def _output_problems(command: str, out: str) -> list[str]:
    """What is wrong with a command's ``--format json`` output: it must be one JSON object
    that follows the command's published schema (``schemas/output/``)."""
    from jsonschema import Draft202012Validator

    try:
        data = json.loads(out)
    except ValueError as exc:
        return [f"--format json printed no JSON: {exc}"]
    schema = Draft202012Validator(schemas.schema(f"output/{command}"),
                                  registry=schemas.registry())
    return [f"--format json output breaks its schema at {e.json_path}: {e.message[:200]}"
            for e in schema.iter_errors(data)][:3]


def _safe_text(stream: io.TextIOWrapper) -> str:
    try:
        return _text(stream)
    except UnicodeDecodeError:  # pragma: no cover - the stream only holds UTF-8
        return "<undecodable>"


def _mentions(outcome: Outcome, name: str) -> bool:
    text = outcome.out + outcome.err
    return name in text or os.path.basename(name) in text


# -- the commands each kind of file goes through -----------------------------------------

Commands = Callable[[str, Path], list[tuple[list[str], list[str]]]]


def board_commands(path: str, work: Path) -> list[tuple[list[str], list[str]]]:
    """Every command that reads a board, as (argv, files it reads)."""
    files = [path]
    return [
        (["validate", path], files),
        (["validate", path, "--format", "json"], files),
        (["score", path], files),
        (["score", path, "--final", "--format", "json"], files),
        (["compare", path], files),
        (["compare", path, "--move", "E@5,5:90+follower:city", "--format", "json"], files),
        (["scenario", path, "--remaining"], files),
        (["scenario", path, "--dead"], files),
        (["scenario", path, "--fits", "base-c2/E"], files),
        (["replay", path, "--check"], files),
        (["render", path, "-o", str(work / "out.svg")], files),
        (["render", path, "-o", str(work / "out.png"), "--scale", "0.25"], files),
        (["export-jcz", path, "-o", str(work / "exported.jcz")], files),
    ]


#: seconds ``solve`` and ``check`` may search a fuzzed puzzle (well inside the hang timeout)
SOLVER_LIMIT = 5


def puzzle_commands(path: str, work: Path) -> list[tuple[list[str], list[str]]]:
    """The puzzle commands, then what every board goes through. A mutated hand can be long
    enough for an exhaustive search to take hours: the solver is given the time limit a
    person would give it, and must keep it."""
    files = [path]
    limit = ["--time-limit", str(SOLVER_LIMIT)]
    return [(["solve", path, "--top", "3", *limit], files), (["check", path, *limit], files),
            *board_commands(path, work)]


def tileset_commands(path: str, work: Path) -> list[tuple[list[str], list[str]]]:
    """A tile set alone, and as the extra set a board is checked against."""
    board = str(ROOT / "tests" / "formats" / "sample.board.json")
    return [(["validate", path], [path]),
            (["validate", path, "--format", "json"], [path]),
            (["validate", "--tileset", path, board], [path, board])]


def save_commands(path: str, work: Path) -> list[tuple[list[str], list[str]]]:
    """Importing and replaying a JCloisterZone save."""
    files = [path]
    return [(["import-jcz", path, "-o", str(work / "imported.board.json")], files),
            (["replay", path, "--check"], files),
            (["replay", path, "--format", "json"], files)]


_LAST: list[int] = []


def check_case(data: bytes, name: str, work: Path, commands: Commands,
               timeout: float = TIMEOUT) -> list[Outcome]:
    """Write a case and run its commands; returns the outcomes that went wrong. A board
    that ``import-jcz`` writes must itself validate."""
    path = work / name
    path.write_bytes(data)
    bad = []
    _LAST.clear()
    for argv, names in commands(str(path), work):
        outcome = run(argv, names, timeout)
        _LAST.append(outcome.code)
        written = argv[argv.index("-o") + 1] if "-o" in argv else ""
        if argv[0] == "import-jcz" and outcome.code == 0 and not outcome.problems:
            again = run(["validate", written], [written], timeout)
            if again.code != 0:
                outcome.problems.append(f"import-jcz wrote a board validate refuses:\n"
                                        f"{again.out}{again.err}")
        if argv[0] == "export-jcz" and outcome.code == 0 and not outcome.problems:
            again = run(["replay", written], [written], timeout)
            if again.code == 2 or again.problems:
                outcome.problems.append(f"export-jcz wrote a save replay cannot read:\n"
                                        f"{again.out[-1500:]}{again.err}{again.problems}")
        if outcome.problems:
            bad.append(outcome)
    return bad


def describe(outcomes: Sequence[Outcome]) -> str:
    """The failures, for an assertion message."""
    return "\n\n".join(f"$ carcassonne-editor {' '.join(o.argv)}\n" + "\n".join(o.problems)
                       + f"\n--- stdout\n{o.out[-2000:]}\n--- stderr\n{o.err[-2000:]}"
                       for o in outcomes)


def load(path: Path) -> Any:
    """A shipped file's JSON."""
    return json.loads(path.read_text(encoding="utf-8"))

