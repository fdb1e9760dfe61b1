"""The editor's language: chosen at start (``--lang``, else *Preferences → Language*, else
the system's) for our messages and for Qt's own dialogs, and the Preferences dialog.

Our texts come from the gettext catalogues (:mod:`editor.i18n`); the buttons and labels Qt
draws itself (file dialogs, message box buttons, the context menu of a text field) come
from Qt's ``qtbase_<lang>.qm``, which PySide6 ships for German, Spanish and French but not
for Vietnamese or Romanian: there Qt's own words stay English. A change of language
applies when the editor starts again (the dialog says so): windows already open keep the
words they were built with.
"""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from editor import i18n, logs
from editor.i18n import _

log = logs.get(__name__)

#: QSettings key of the chosen language: a code of :data:`editor.i18n.LANGUAGES`, or
#: ``system``.
LANGUAGE_KEY = "preferences/language"
SYSTEM = "system"


def saved_language() -> str:
    """The language chosen in Preferences (``system`` when none was)."""
    value = str(QSettings().value(LANGUAGE_KEY, SYSTEM) or SYSTEM)
    return value if value == SYSTEM or value in i18n.LANGUAGES else SYSTEM


def save_language(code: str) -> None:
    """Remember the language for the next start (``system``: follow the system)."""
    QSettings().setValue(LANGUAGE_KEY, code)


def system_language() -> str:
    """The system's language: the environment's, else what Qt reads from the desktop."""
    found = i18n.system_language()
    if found == i18n.SOURCE and not any(i18n.normalise(lang) == i18n.SOURCE
                                        for lang in QLocale.system().uiLanguages()):
        found = i18n.normalise(QLocale.system().name()) or i18n.SOURCE
    return found


def qt_translations() -> str:
    """The folder of Qt's own ``.qm`` files in the installed PySide6."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def install_language(app: QApplication, requested: str | None = None) -> str:
    """Set the language of a starting editor (``requested``: ``--lang``) for our messages
    and Qt's own; returns its code. A language Qt has no translation for keeps Qt's words
    in English."""
    saved = saved_language()
    code = i18n.resolve(requested, saved, {}) if requested or saved != SYSTEM \
        else system_language()
    i18n.set_language(code)
    QLocale.setDefault(QLocale(code))
    for old in app.findChildren(QTranslator, "qtbase"):
        app.removeTranslator(old)
        old.deleteLater()
    if code != i18n.SOURCE:
        translator = QTranslator(app)
        translator.setObjectName("qtbase")
        if translator.load(f"qtbase_{code}", qt_translations()):
            app.installTranslator(translator)
        else:
            log.debug("Qt ships no translation of its dialogs for %r: they stay English", code)
            translator.deleteLater()
    return code


def has_qt_translation(code: str) -> bool:
    """Whether the installed Qt translates its own dialogs into ``code``."""
    return QTranslator().load(f"qtbase_{code}", qt_translations())


class PreferencesDialog(QDialog):
    """*Preferences*: the language of the editor (on the next start)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Preferences"))
        self.language = QComboBox()
        self.language.addItem(_("System default ({language})").format(
            language=i18n.LANGUAGES.get(system_language(), system_language())), SYSTEM)
        for code, name in sorted(i18n.LANGUAGES.items(), key=lambda item: item[1]):
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(saved_language())))
        self.language.setAccessibleName(_("Language"))
        note = QLabel(_("The new language applies when the editor is started again."))
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("&Language:"), self.language)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """Save the choice."""
        save_language(str(self.language.currentData()))
        super().accept()


def show_preferences(parent: QWidget | None = None) -> bool:
    """Show the dialog; whether the language was changed."""
    before = saved_language()
    dialog = PreferencesDialog(parent)
    dialog.exec()
    return saved_language() != before
