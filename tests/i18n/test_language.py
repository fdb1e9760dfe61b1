"""The language: the system's, or --lang; plural forms from the catalogue (#17.3)."""

from __future__ import annotations

import pytest

from editor import i18n
from editor.i18n import ngettext, resolve, system_language, using
from plugins.translations import DOMAIN as PLUGINS


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),
    ({"LANGUAGE": "xx:vi:fr", "LANG": "fr_FR.UTF-8"}, "vi"),  # the first one we ship
    ({"LANGUAGE": "", "LC_MESSAGES": "ro_RO", "LANG": "C"}, "ro"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "pt_BR.UTF-8"}, "pt"),  # no catalogue: the messages stay English
])
def test_the_system_language(env: dict[str, str], expected: str) -> None:
    assert system_language(env) == expected


def test_a_choice_overrides_the_system() -> None:
    env = {"LANG": "fr_FR.UTF-8"}
    assert resolve("de", "es", env) == "de"  # --lang first
    assert resolve(None, "es", env) == "es"  # then the saved preference
    assert resolve(None, "system", env) == "fr"
    assert resolve("es_MX", None, env) == "es"


def test_plural_forms_come_from_the_catalogue() -> None:
    """Romanian has three forms (1; 2–19; 20 and more take « de »), Vietnamese one."""
    def road(n: int) -> str:
        return PLUGINS.ngettext("road of {n} tile", "road of {n} tiles", n).format(n=n)

    with using("ro"):
        assert [road(n) for n in (1, 2, 20)] == [
            "drum de 1 cartonaș", "drum de 2 cartonașe", "drum de 20 de cartonașe"]
    with using("vi"):
        assert road(1) == "con đường 1 ô đất"
        assert road(5) == "con đường 5 ô đất"
    with using("fr"):
        assert [road(n) for n in (0, 1, 2)] == [
            "route de 0 tuile", "route de 1 tuile", "route de 2 tuiles"]
    assert road(0) == "road of 0 tiles"


def test_a_language_without_catalogue_shows_english() -> None:
    with using("pt"):
        assert i18n.language() == "pt"
        assert ngettext("{n} error", "{n} errors", 2) == "{n} errors"


def test_rule_statements_are_translated_where_shown() -> None:
    """A RuleRef keeps its English text (the id and the text are stable data); its
    citation is in the current language."""
    from editor.model.rulebook import lookup

    rule = lookup("base.road")
    assert rule is not None
    with using("de"):
        assert rule.citation.startswith("Straße: 1 Punkt je Plättchen, fertig oder nicht "
                                        "[docs/rules.md#base.road")
    assert rule.text == "road: 1 point per tile, completed or not"
    assert rule.citation.startswith(rule.text)
