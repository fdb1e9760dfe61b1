"""Rule references: every rule an edition applies has a stable id, a one-line statement, the
sources behind it and a section of the rules reference that explains it.

Score events, findings and option help cite rules through :class:`RuleRef`, so that other
tools key on ``base.city.small-city`` rather than on English text, and a reader can open
the section: the reference shipped with the program is ``docs/rules.md``, where every rule
has an anchor named by its id. A third-party plugin defines its rules the same way and
points ``doc`` at its own document, named ``package/file`` (``carcassonne_inns/rules.md``:
the file inside its importable package), where :mod:`editor.rules.reference` finds it.
"""

from __future__ import annotations

import re

from editor.i18n import translate

from .records import record

#: The rules reference of the built-in editions.
REFERENCE = "docs/rules.md"
#: What a rule id looks like: dotted lowercase words, e.g. ``base.city.small-city``.
RULE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")


@record(frozen=True, slots=True)
class RuleRef:
    """One rule: ``id`` (stable, also the anchor of its section in ``doc``), a one-line
    statement, the source tags behind it (keyed in the reference's *Sources*) and whether
    it is our own reading where no source decides."""

    id: str
    text: str
    sources: tuple[str, ...] = ()
    doc: str = REFERENCE
    unofficial: bool = False

    @property
    def citation(self) -> str:
        """The statement in the current language with its section and sources, as score
        lines print it (``text`` stays English: the plugin's catalogue translates it)."""
        tags = "".join(f"; {tag}" for tag in self.sources)
        return f"{translate(self.text)} [{self.link}{tags}]"

    @property
    def link(self) -> str:
        """``docs/rules.md#base.city.small-city``."""
        return f"{self.doc}#{self.id}"

    def __str__(self) -> str:
        return self.citation


_RULES: dict[str, RuleRef] = {}


def define(rule_id: str, text: str, *sources: str, doc: str = REFERENCE,
           unofficial: bool = False) -> RuleRef:
    """Define a rule and register its id (``ValueError`` for a malformed id or an id that
    is already defined differently)."""
    if not RULE_ID.match(rule_id):
        raise ValueError(f"rule id {rule_id!r} is not dotted lowercase words "
                         "(e.g. 'base.city.small-city')")
    ref = RuleRef(rule_id, text, tuple(sources), doc, unofficial)
    known = _RULES.setdefault(rule_id, ref)
    if known != ref:
        raise ValueError(f"rule id {rule_id!r} is already defined as {known.text!r}")
    return ref


def defined() -> dict[str, RuleRef]:
    """Every rule defined so far (the built-in plugins define theirs when imported)."""
    return dict(_RULES)


def lookup(rule_id: str) -> RuleRef | None:
    """The rule with this id, if one is defined."""
    return _RULES.get(rule_id)


def cite(rule: RuleRef | str) -> tuple[str, str]:
    """(citation text, rule id) for an event: a plain string is a citation without an id
    (third-party plugins written before rule ids)."""
    if isinstance(rule, RuleRef):
        return rule.citation, rule.id
    return rule, ""
