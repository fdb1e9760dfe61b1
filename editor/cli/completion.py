"""``completion``: shell code that completes commands, options, rulesets and files.

Completion is argcomplete's: the shell code runs ``carcassonne-editor`` with argcomplete's
environment variables set, :func:`editor.cli.main` then builds the whole parser and hands it
to :func:`complete` instead of running a command.
"""

from __future__ import annotations

import argparse
from typing import Any

from editor.i18n import _

SHELLS = ("bash", "zsh", "fish")
PROG = "carcassonne-editor"


def register(subparsers: Any) -> None:
    """Add the ``completion`` subcommand."""
    parser = subparsers.add_parser(
        "completion", help=_("print the shell code for tab completion (bash, zsh, fish)"),
        description=_("Print the code that makes your shell complete carcassonne-editor's "
        "commands, options, rulesets, tile set ids and file names. Install it with\n"
        "  bash: echo 'eval \"$(carcassonne-editor completion bash)\"' >> ~/.bashrc\n"
        "  zsh:  echo 'eval \"$(carcassonne-editor completion zsh)\"' >> ~/.zshrc\n"
        "  fish: carcassonne-editor completion fish > "
        "~/.config/fish/completions/carcassonne-editor.fish\n"
        "Exit code: 0."))
    parser.add_argument("shell", choices=SHELLS, help=_("the shell to complete in"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the shell code."""
    from argcomplete.shell_integration import shellcode

    print(shellcode([PROG], shell=args.shell), end="")
    return 0


def complete(parser: argparse.ArgumentParser) -> None:
    """Answer the shell's completion request and end the process."""
    import argcomplete

    argcomplete.autocomplete(parser)


def rulesets(prefix: str, **_: Any) -> list[str]:
    """Completions for ``--rules``: every edition, and each with its option choices."""
    from editor.plugins import default_host

    found = []
    for edition in default_host().editions.values():
        found.append(edition.name)
        for option in edition.options:
            found += (f"{edition.name}[{option.name}={choice}]" for choice in option.choices)
    return [name for name in found if name.startswith(prefix)]


def tileset_ids(prefix: str, **_: Any) -> list[str]:
    """Completions for built-in tile set ids."""
    from editor.workspace import catalogue

    return [s.id for s in catalogue().sets if s.id.startswith(prefix)]


def with_completer(action: argparse.Action, completer: Any) -> argparse.Action:
    """Attach an argcomplete completer to an option."""
    action.completer = completer  # type: ignore[attr-defined]
    return action
