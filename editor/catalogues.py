"""The translation catalogues of the editor, the built-in plugins and the Inns & Cathedrals
plugin in ``contrib/`` (its own domain, in its wheel), kept with Babel.

``python -m editor.catalogues update`` extracts every message marked with ``_``, ``N_``,
``NP_``, ``ngettext``, ``pgettext`` or ``npgettext`` from the sources of each text domain, writes
the template (``.pot``), merges it into every language's ``.po`` (new messages arrive
untranslated, changed ones fuzzy) and compiles the ``.mo`` files the program reads;
``compile`` only compiles; ``check`` lists what is not ready (untranslated or fuzzy
messages, placeholders that differ from the English, messages the sources no longer or
not yet match, ``.mo`` files older than their ``.po``) and exits 1 if anything is.

Babel is a tool of the developers (the ``test`` extras), not of the program: the compiled
``.mo`` files are committed, so an installed editor reads them with the standard library.
"""

from __future__ import annotations

import io
import string
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
#: gettext keywords (Babel's notation: argument positions, ``c`` for a context).
#: Rule statements (``define``), edition titles, figure and option descriptions are module
#: constants in English: they are extracted from those calls and translated where shown.
KEYWORDS: dict[str, Any] = {
    "_": None, "N_": None, "NN_": (1, 2), "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "NP_": ((1, "c"), 2), "define": (2,), "Edition": (2,),
    "FigureKind": (4,), "OptionSpec": (4,),
}
#: The languages with catalogues (English is the source language), with gettext's usual
#: plural rule of each (Babel's newer CLDR rules add a form for millions in fr and es).
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "ro": "nplurals=3; plural=(n == 1 ? 0 : (n == 0 || (n % 100 > 0 && n % 100 < 20)) ? 1 : 2);",
    "vi": "nplurals=1; plural=0;",
}
LANGUAGES = tuple(PLURAL_FORMS)


@dataclass(frozen=True)
class TextDomain:
    """A text domain: its name, the sources it is extracted from, where its catalogues are."""

    name: str
    sources: Path
    localedir: Path

    @property
    def template(self) -> Path:
        return self.localedir / f"{self.name}.pot"

    def po(self, language: str) -> Path:
        return self.localedir / language / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, language: str) -> Path:
        return self.po(language).with_suffix(".mo")


DOMAINS = (
    TextDomain("carcassonne-editor", ROOT / "editor", ROOT / "editor" / "locale"),
    TextDomain("carcassonne-editor-plugins", ROOT / "plugins", ROOT / "plugins" / "locale"),
    TextDomain("carcassonne-inns-cathedrals", ROOT / "contrib" / "inns-cathedrals" / "src",
               ROOT / "contrib" / "inns-cathedrals" / "src" / "carcassonne_inns" / "locale"),
)


def extract(domain: TextDomain) -> Catalog:
    """Every message the domain's sources mark, with the files and lines that use it."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalogue = Catalog(project="carcassonne-editor", msgid_bugs_address="",
                        copyright_holder="The carcassonne-editor developers")
    found = extract_from_dir(str(domain.sources), method_map=[("**.py", "python")],
                             keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                             strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        path = (domain.sources / filename).relative_to(ROOT).as_posix()
        catalogue.add(message, None, [(path, lineno)], auto_comments=comments,
                      context=context)
    return catalogue


def read_po(path: Path, language: str) -> Catalog:
    from babel.messages.pofile import read_po as read

    with path.open("rb") as f:
        return read(f, locale=language)


def write_po(path: Path, catalogue: Catalog) -> None:
    from babel.messages.pofile import write_po as write

    buffer = io.BytesIO()
    write(buffer, catalogue, width=100, sort_output=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as a tuple (one item, or one per plural form)."""
    if isinstance(value, (tuple, list)):
        return tuple(str(v or "") for v in value)
    return (str(value or ""),)


def translations(catalogue: Catalog) -> dict[object, str]:
    """The messages a compiled catalogue must hold, keyed as :mod:`gettext` keys them
    (``context\x04id``; ``(id, form)`` for plurals), fuzzy and empty ones left out."""
    found: dict[object, str] = {}
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        ids = _texts(message.id)
        key = f"{message.context}\x04{ids[0]}" if message.context else ids[0]
        strings = _texts(message.string)
        if len(ids) > 1:
            for form, text in enumerate(strings):
                if text:
                    found[(key, form)] = text
        elif strings[0]:
            found[key] = strings[0]
    return found


def mo_translations(path: Path) -> dict[object, str]:
    """The messages of a compiled ``.mo`` file, as :func:`translations` keys them."""
    import gettext

    with path.open("rb") as f:
        catalogue = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in catalogue.items() if k != ""}


def compiled(catalogue: Catalog) -> bytes:
    """The ``.mo`` bytes of a catalogue (fuzzy messages left out, as gettext expects)."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    return buffer.getvalue()


def update(domains: Iterable[TextDomain] = DOMAINS) -> None:
    """Extract, merge into every language and compile."""
    from babel.messages.catalog import Catalog

    for domain in domains:
        template = extract(domain)
        write_po(domain.template, template)
        for language in LANGUAGES:
            path = domain.po(language)
            if path.exists():
                catalogue = read_po(path, language)
            else:
                catalogue = Catalog(locale=language, domain=domain.name,
                                    project="carcassonne-editor")
                catalogue.mime_headers = [*catalogue.mime_headers,
                                          ("Plural-Forms", PLURAL_FORMS[language])]
            catalogue.update(template, update_header_comment=False)
            catalogue.obsolete.clear()
            write_po(path, catalogue)
        compile_all([domain])


def compile_all(domains: Iterable[TextDomain] = DOMAINS) -> None:
    """Write the ``.mo`` of every language from its ``.po``."""
    for domain in domains:
        for language in LANGUAGES:
            if domain.po(language).exists():
                data = compiled(read_po(domain.po(language), language))
                domain.mo(language).write_bytes(data)


def placeholders(text: str) -> set[str]:
    """The ``str.format`` fields of a message (``{name}``, ``{n}``); a message that is no
    valid format string has none."""
    try:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    except ValueError:
        return set()


def problems(domain: TextDomain, language: str, sources: Catalog | None = None
             ) -> list[str]:
    """What is not ready in one language of one domain (nothing: ``[]``)."""
    path = domain.po(language)
    if not path.exists():
        return [f"{path}: missing"]
    catalogue = read_po(path, language)
    found: list[str] = []
    for message in catalogue:
        if not message.id:
            continue
        ids, strings = _texts(message.id), _texts(message.string)
        where = f"{path.name}:{message.lineno}"
        if message.fuzzy:
            found.append(f"{where}: fuzzy: {ids[0]!r}")
        if not all(strings) or (len(strings) != catalogue.num_plurals and len(ids) > 1):
            found.append(f"{where}: untranslated: {ids[0]!r}")
            continue
        expected = set().union(*(placeholders(i) for i in ids))
        for text in strings:
            have = placeholders(text)
            # A singular may say "one" for {n}: the plural's placeholders are the rule.
            if have != expected and not (len(ids) > 1 and have < expected):
                found.append(f"{where}: placeholders {sorted(have)} instead of "
                             f"{sorted(expected)}: {text!r}")
    if sources is not None:
        known = {(m.context, _texts(m.id)[0]) for m in catalogue if m.id}
        marked = {(m.context, _texts(m.id)[0]) for m in sources if m.id}
        for _context, text in sorted(marked - known, key=str):
            found.append(f"{path.name}: not in the catalogue (run python -m "
                         f"editor.catalogues update): {text!r}")
        for _context, text in sorted(known - marked, key=str):
            found.append(f"{path.name}: no longer in the sources: {text!r}")
    mo = domain.mo(language)
    if not mo.exists() or mo_translations(mo) != translations(catalogue):
        found.append(f"{mo}: out of date (run python -m editor.catalogues compile)")
    return found


def check(domains: Iterable[TextDomain] = DOMAINS) -> list[str]:
    """:func:`problems` of every domain and language, extraction included."""
    found: list[str] = []
    for domain in domains:
        sources = extract(domain)
        for language in LANGUAGES:
            found += problems(domain, language, sources)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.catalogues update|compile|check``."""
    words = list(sys.argv[1:] if argv is None else argv)
    command = words[0] if words else ""
    try:
        import babel  # noqa: F401
    except ImportError:
        print("the catalogues need Babel: pip install -e '.[test]'", file=sys.stderr)
        return 2
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = check()
        print("\n".join(found) or "every catalogue is complete")
        return 1 if found else 0
    else:
        print("usage: python -m editor.catalogues update|compile|check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
