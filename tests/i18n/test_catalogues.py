"""Every catalogue is complete and matches the sources (#17.6): no untranslated or fuzzy
message, placeholders as in the English, every marked message extracted and compiled."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from editor import catalogues
from editor.catalogues import DOMAINS, LANGUAGES, TextDomain, extract, placeholders, problems

CASES = [(d, lang) for d in DOMAINS for lang in LANGUAGES]


@pytest.fixture(scope="module")
def sources() -> dict[str, object]:
    """What an extraction run finds in each domain's sources."""
    return {d.name: extract(d) for d in DOMAINS}


@pytest.mark.parametrize(("domain", "language"), CASES,
                         ids=[f"{d.name}-{lang}" for d, lang in CASES])
def test_the_catalogue_is_complete_and_current(domain: TextDomain, language: str,
                                               sources: dict[str, object]) -> None:
    assert problems(domain, language, sources[domain.name]) == []  # type: ignore[arg-type]


def test_the_sources_mark_messages_in_both_domains(sources: dict[str, object]) -> None:
    """The extraction finds the editor's and the plugins' messages (a broken keyword list
    would find nothing and pass the test above)."""
    editor = {m.id if isinstance(m.id, str) else m.id[0] for m in sources["carcassonne-editor"]}
    plugins = {m.id if isinstance(m.id, str) else m.id[0]
               for m in sources["carcassonne-editor-plugins"]}
    assert "End-of-game scoring:" in editor and "{n} file valid" in editor
    assert "road of {n} tile" in plugins
    # rule statements are extracted from define(...) without a marker
    assert "road: 1 point per tile, completed or not" in plugins


@pytest.fixture
def french(tmp_path: Path) -> TextDomain:
    """A copy of the plugins' French catalogue to break."""
    domain = DOMAINS[1]
    copy = TextDomain(domain.name, domain.sources, tmp_path)
    copy.po("fr").parent.mkdir(parents=True)
    shutil.copy(domain.po("fr"), copy.po("fr"))
    shutil.copy(domain.mo("fr"), copy.mo("fr"))
    return copy


def _rewrite(domain: TextDomain, old: str, new: str) -> None:
    path = domain.po("fr")
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_changed_placeholder_is_reported(french: TextDomain) -> None:
    _rewrite(french, 'msgstr[1] "route de {n} tuiles"', 'msgstr[1] "route de {count} tuiles"')
    found = problems(french, "fr")
    assert any("placeholders ['count'] instead of ['n']" in p for p in found)
    assert any("out of date" in p for p in found)  # the .mo no longer matches


def test_an_untranslated_or_fuzzy_message_is_reported(french: TextDomain) -> None:
    _rewrite(french, 'msgstr "jardin entouré : 9"', 'msgstr ""')
    found = problems(french, "fr")
    assert any("untranslated: 'surrounded garden: 9'" in p for p in found)
    _rewrite(french, '#: plugins/base/scoring.py', '#, fuzzy\n#: plugins/base/scoring.py')
    assert any("fuzzy" in p for p in problems(french, "fr"))


def test_a_message_missing_from_the_catalogue_is_reported(french: TextDomain) -> None:
    sources = extract(DOMAINS[1])
    sources.add("a brand new message")
    found = problems(french, "fr", sources)
    assert any("not in the catalogue" in p and "a brand new message" in p for p in found)


def test_placeholders() -> None:
    assert placeholders("{player} has {n} {goods!r}: {points:+d}") == {
        "player", "n", "goods", "points"}
    assert placeholders("no placeholder {") == set()


def test_the_command_line_tool_says_when_all_is_well(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert catalogues.main(["check"]) == 0
    assert capsys.readouterr().out.strip() == "every catalogue is complete"
    assert catalogues.main(["nonsense"]) == 2
