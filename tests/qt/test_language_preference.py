"""The desktop editor's language (#17.3): --lang, else Preferences → Language (QSettings),
else the system's; Qt's own dialogs translated where PySide6 ships Qt's translation."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QMessageBox
from qt_support import isolated_settings  # noqa: F401

from editor import i18n
from editor.qt.preferences import (
    LANGUAGE_KEY,
    PreferencesDialog,
    has_qt_translation,
    install_language,
    saved_language,
)


@pytest.fixture
def settings(qapp: QApplication, isolated_settings):  # noqa: F811
    """QSettings of the test's own, and the language put back afterwards."""
    before = i18n.language()
    yield QSettings()
    install_language(qapp, before)


def test_the_preference_is_saved_and_used_at_start(qtbot, qapp, settings,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("editor.qt.preferences.system_language", lambda: "es")
    assert saved_language() == "system"
    assert install_language(qapp) == "es"  # nothing chosen: the system's
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    assert dialog.language.currentData() == "system"
    assert "Español" in dialog.language.itemText(0)  # "System default (Español)" in Spanish
    dialog.language.setCurrentIndex(dialog.language.findData("de"))
    dialog.accept()
    assert settings.value(LANGUAGE_KEY) == "de" and saved_language() == "de"
    assert install_language(qapp) == "de"  # the next start
    assert install_language(qapp, "fr") == "fr"  # --lang wins


def test_the_dialog_says_when_the_change_applies(qtbot, qapp, settings) -> None:
    install_language(qapp, "fr")
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Préférences"
    texts = [w.text() for w in dialog.findChildren(QLabel)]
    assert "La nouvelle langue s’applique au prochain démarrage de l’éditeur." in texts
    names = [dialog.language.itemText(i) for i in range(dialog.language.count())]
    assert {"Deutsch", "English", "Español", "Français", "Română", "Tiếng Việt"} <= set(names)


@pytest.mark.parametrize(("code", "ok", "cancel"), [
    ("de", "&OK", "&Abbrechen"), ("fr", "&OK", "&Annuler"), ("es", "&Aceptar", "&Cancelar")])
def test_qt_dialog_buttons_follow_the_language(qtbot, qapp, settings, code, ok, cancel
                                               ) -> None:
    if not has_qt_translation(code):  # an old PySide6 without Qt's translations
        pytest.skip(f"this PySide6 ships no qtbase_{code}.qm")
    install_language(qapp, code)
    box = QMessageBox(QMessageBox.Icon.Question, "t", "?",
                      QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    texts = {box.button(QMessageBox.StandardButton.Ok).text(),
             box.button(QMessageBox.StandardButton.Cancel).text()}
    assert texts == {ok, cancel} or {t.replace("&", "") for t in texts} == {
        ok.replace("&", ""), cancel.replace("&", "")}


@pytest.mark.parametrize("code", ["vi", "ro"])
def test_without_qt_translation_qt_stays_english(qtbot, qapp, settings, code) -> None:
    """PySide6 ships no qtbase_vi.qm nor qtbase_ro.qm: our words are translated, Qt's
    buttons stay English, and nothing fails."""
    assert not has_qt_translation(code)
    assert install_language(qapp, code) == code
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(buttons)
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text().replace("&", "") \
        == "Cancel"
    assert i18n._("End-of-game scoring:") != "End-of-game scoring:"
