"""The ``carcassonne-editor`` command line.

Each subcommand lives in a module of this package exposing ``register(subparsers)``; its
handler returns the exit code (:data:`EXIT_OK`, :data:`EXIT_FINDINGS`, :data:`EXIT_USAGE`).
Only the module of the command being run is imported, so that a command does not pay for
what the others need; ``--help`` and shell completion load them all.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from editor import __version__, i18n
from editor.i18n import N_, _

from . import argwords, diagnostics

PROG = "carcassonne-editor"

#: Exit codes: done; findings (invalid file, failing check, plugin error); a file cannot be
#: read or the command line is wrong; an internal error (a bug: see the log file).
EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
#: Standard output closed early (``… | head``): what a shell reports for a tool ended by
#: SIGPIPE, said quietly.
EXIT_PIPE = 128 + 13

#: Command → module of this package, in the order ``--help`` lists them.
COMMANDS = {
    "gui": "gui", "validate": "validate", "tilesets": "tilesets", "score": "score",
    "compare": "compare", "solve": "solve", "check": "check", "scenario": "scenario",
    "render": "render", "plugins": "plugins", "import-jcz": "import_jcz",
    "export-jcz": "export_jcz", "replay": "replay", "study": "study",
    "completion": "completion",
}

EPILOG = N_("""\
exit codes: 0 done, 1 findings (an invalid file, a failing check, a plugin error),
2 a file cannot be read or the command line is wrong, 3 an internal error (a bug: the
message names the log file holding the details; --verbose shows them too).
Run 'carcassonne-editor COMMAND --help' for a command's options.""")

#: Options of the top level that take no value; any other word starting a command line is
#: a command or a file.
_FLAGS = frozenset({"-h", "--help", "--version", "-v", "--verbose"})
#: The option choosing the language (it takes a value: see :func:`_language`).
LANG_OPTION = "--lang"


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help as written, as wide as the terminal: its width read as
    :func:`shutil.get_terminal_size` reads it, without importing :mod:`shutil` (and the
    compression modules it brings) on every start: argparse makes a formatter for each
    option it adds."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None, **kwargs: Any) -> None:  # (newer Pythons' too)
        super().__init__(prog, indent_increment, max_help_position,
                         _columns() - 2 if width is None else width, **kwargs)


def _columns() -> int:
    """``$COLUMNS``, else the width of the terminal on standard output, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _CommandParser(argparse.ArgumentParser):
    """A subcommand's parser: also takes ``--verbose`` after the command."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        _add_verbose(self, argparse.SUPPRESS)
        _add_lang(self, argparse.SUPPRESS)


def _add_verbose(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument("-v", "--verbose", action="store_true", default=default,
                        help=_("log what the command does on stderr, and the traceback of an "
                               "internal error"))


def _add_lang(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(LANG_OPTION, metavar="LANG", default=default,
                        help=_("language of the output: {languages} (default: the system's; "
                               "--format json is always English)").format(
                                   languages=", ".join(i18n.LANGUAGES)))


def _language(words: list[str]) -> tuple[list[str], str | None]:
    """The words without ``--lang X`` / ``--lang=X``, and the language asked for."""
    rest: list[str] = []
    chosen = None
    i = 0
    while i < len(words):
        word = words[i]
        if word == LANG_OPTION and i + 1 < len(words):
            chosen = words[i + 1]
            i += 2
            continue
        if word.startswith(LANG_OPTION + "="):
            chosen = word.split("=", 1)[1]
        else:
            rest.append(word)
        i += 1
    return rest, chosen


def build_parser(commands: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with the given commands registered (default: every command)."""
    argwords.install()
    parser = argparse.ArgumentParser(
        prog=PROG, epilog=_(EPILOG), formatter_class=_Formatter,
        description=_("Build, annotate, score and compare Carcassonne positions. With no "
                      "command, or with files only, opens the desktop editor."))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=_("show program's version number and exit"))
    _add_verbose(parser, False)
    _add_lang(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)
    for name in COMMANDS if commands is None else commands:
        importlib.import_module(f"editor.cli.{COMMANDS[name]}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Without a command (``carcassonne-editor`` or ``carcassonne-editor board.json``) it is
    ``gui``: existing files alone open in the desktop editor. A word that is neither a
    command nor an existing file is a usage error.
    """
    process = argv is None  # the program itself, not a caller with its own arguments
    words = list(sys.argv[1:] if argv is None else argv)
    verbose = any(w in ("-v", "--verbose") for w in words)
    words, lang = _language(words)
    previous = i18n.set_language(i18n.resolve(lang))
    try:
        return _main(words, verbose, lang, process)
    finally:
        i18n.set_language(previous)


def _main(words: list[str], verbose: bool, lang: str | None, process: bool) -> int:
    """:func:`main` once the language is set."""
    diagnostics.configure(verbose)
    try:
        if "_ARGCOMPLETE" in os.environ:  # a shell asks for completions (see ``completion``)
            from .completion import complete

            complete(build_parser())
        words, commands, problem = _with_command(words)
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_USAGE
        with _loading(process):
            parser = build_parser(commands)
            try:
                args = parser.parse_args(words)
            except SystemExit as exit_:  # --help, --version, or a usage error already printed
                return int(exit_.code or 0) if not isinstance(exit_.code, str) else EXIT_USAGE
        if getattr(args, "format", None) == "json":  # language-neutral: ids + English
            i18n.set_language(i18n.SOURCE)
        args.lang = lang
        started = time.perf_counter()
        diagnostics.log.debug("command %s: %s %s, Python %s", args.command, PROG, __version__,
                              sys.version.split()[0])
        with diagnostics.unhandled(words) as crashes:  # e.g. in a Qt slot of the editor
            code = int(args.handler(args))
        sys.stdout.flush()
        code = EXIT_INTERNAL if crashes else code
        diagnostics.log.debug("command %s: exit %d after %.3f s", args.command, code,
                              time.perf_counter() - started)
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        diagnostics.silence_stdout()
        return EXIT_PIPE
    except Exception as exc:
        diagnostics.internal_error(exc, words)
        return EXIT_INTERNAL


@contextlib.contextmanager
def _loading(process: bool) -> Iterator[None]:
    """For a command run as its own process (``process``): the garbage collector off while
    the command's modules load, since what they make lives as long as the process (the
    collections it would run meanwhile are a twentieth of a short command's start), then
    on again for the command itself, with the objects made so far frozen (left out of
    every later collection). A caller of :func:`main` with its own arguments (a test, a
    script) keeps its collector as it is."""
    collecting = process and gc.isenabled()
    if collecting:
        gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.freeze()
            gc.enable()


def gui_main() -> int:
    """The ``carcassonne-editor-gui`` entry (no console on Windows): always the editor."""
    return main(["gui", *sys.argv[1:]])


def _with_command(words: list[str]) -> tuple[list[str], list[str] | None, str]:
    """The command line with ``gui`` inserted where files alone are given, the commands to
    register (``None``: all of them), or a problem to report."""
    at = next((i for i, w in enumerate(words) if w not in _FLAGS), None)
    if at is None:
        if any(w in ("-h", "--help") for w in words):
            return words, None, ""
        if "--version" in words:
            return words, [], ""
        return [*words, "gui"], ["gui"], ""
    word = words[at]
    if word in COMMANDS:
        return words, [word], ""
    if word.startswith("-"):
        return words, None, ""
    if os.path.exists(word):
        return [*words[:at], "gui", *words[at:]], ["gui"], ""
    import difflib

    close = difflib.get_close_matches(word, list(COMMANDS), n=3, cutoff=0.6)
    text = _("{prog}: {word!r} is neither a command nor an existing file (did you mean "
             "{close}?)") if close else _("{prog}: {word!r} is neither a command nor an "
                                         "existing file")
    first = text.format(prog=PROG, word=word, close=", ".join(repr(c) for c in close))
    return words, [], "\n".join([
        first, _("commands: {commands}").format(commands=", ".join(COMMANDS)),
        _("Run '{prog} --help' for the usage.").format(prog=PROG)])
