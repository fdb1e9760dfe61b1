"""argparse's own words (``usage:``, ``options:``, ``error: …``) in the user's language.

argparse translates its messages with the standard :func:`gettext.gettext` and
:func:`gettext.ngettext` of the process-wide text domain, which follow neither ``--lang``
nor our catalogues. :func:`install` points the two names argparse calls at the editor's
domain instead, so its words come from ``editor/locale`` like every other message. The
messages are listed here, exactly as argparse writes them, so that extraction puts them
in the catalogues; those only developers see (a parser built wrongly) are left out.
"""

from __future__ import annotations

import argparse

from editor.i18n import EDITOR, N_

#: argparse's messages a user can see (Python 3.11 to 3.13), for extraction.
MESSAGES = (
    N_("usage: "), N_("options"), N_("positional arguments"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("expected one argument"),
    N_("expected at least one argument"), N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"), N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message for the catalogue (argparse looks it up with ``ngettext``)."""
    return singular, plural


#: argparse's plural messages, for extraction.
PLURALS = (NN_("expected %s argument", "expected %s arguments"),)


def install() -> None:
    """Make argparse translate through the editor's catalogues (in the language of the
    moment: :func:`editor.i18n.set_language` applies to it too)."""
    argparse._ = EDITOR.gettext  # type: ignore[attr-defined]
    argparse.ngettext = EDITOR.ngettext  # type: ignore[attr-defined]
