"""Help → About (version, licence, links) and the help viewer (F1): the README, the file
format reference and, when it is shipped, the rules reference, read inside the editor."""

from __future__ import annotations

import os
import re
from html import escape
from importlib import metadata
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor import __version__
from editor.i18n import _
from editor.resources import data_dir

DISTRIBUTION = "carcassonne-editor"
TITLE = "Carcassonne Editor"
#: The README section F1 opens at.
EDITOR_SECTION = "The desktop editor"


def version() -> str:
    """The installed package's version (the source's when it is not installed)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return __version__


def _metadata() -> metadata.PackageMetadata | None:
    try:
        return metadata.metadata(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def licence() -> str:
    """The licence as the package metadata declares it (SPDX expression)."""
    meta = _metadata()
    if meta is not None:
        for field in ("License-Expression", "License"):
            values = meta.get_all(field) or []
            if values and values[0]:
                return str(values[0])
    return "MIT"


def project_links() -> list[tuple[str, str]]:
    """(label, URL) of the package's ``Project-URL`` entries."""
    meta = _metadata()
    links = []
    for entry in (meta.get_all("Project-URL") or []) if meta is not None else []:
        label, _comma, url = str(entry).partition(",")
        if url.strip():
            links.append((label.strip(), url.strip()))
    return links


def documents() -> list[tuple[str, Path]]:
    """The shipped documents that exist, as (title, path): in a wheel they live in
    ``editor/_data/docs``; in a checkout, README.md and docs/ of the repository."""
    docs = data_dir("docs")
    readme = docs / "README.md"
    if not readme.is_file():
        readme = docs.parent / "README.md"
    wanted = [(_("User guide (README)"), readme), (_("File formats"), docs / "FORMATS.md"),
              (_("Rules reference"), docs / "rules.md")]
    return [(title, path) for title, path in wanted if path.is_file()]


def about_html() -> str:
    """The About box's text."""
    links = [f"<a href='{escape(url)}'>{escape(label)}</a>" for label, url in project_links()]
    docs = documents()
    if docs:
        guide = escape(_("User guide"))
        links.append(f"<a href='{QUrl.fromLocalFile(str(docs[0][1])).toString()}'>"
                     f"{guide}</a> (F1)")
    summary = _("Build, annotate, score and compare Carcassonne positions across editions; "
                "design tile sets and puzzles.")
    licensing = _("Licence: {licence} · rules for each edition as plugins").format(
        licence=licence())
    return (f"<h3>{TITLE} {escape(version())}</h3><p>{escape(summary)}</p>"
            f"<p>{escape(licensing)}</p><p>{' · '.join(links)}</p>")


def show_about(parent: QWidget | None) -> None:
    """Help → About."""
    QMessageBox.about(parent, _("About {app}").format(app=TITLE), about_html())


class HelpViewer(QWidget):
    """The shipped documents in a browser: a choice of document, find, links followed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{TITLE}: help")
        self.documents = documents()
        self.choice = QComboBox()
        self.choice.setAccessibleName(_("Document"))
        for title, path in self.documents:
            self.choice.addItem(title, str(path))
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Find in this document"))
        self.search.setAccessibleName(_("Find in this document"))
        self.search.setClearButtonEnabled(True)
        self.search.returnPressed.connect(self.find_next)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName(_("Document text"))
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._follow)
        self.choice.currentIndexChanged.connect(lambda _: self._load())
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Document:")))
        top.addWidget(self.choice, 1)
        top.addWidget(self.search, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.browser)
        self.resize(900, 760)
        self._load()

    def path(self) -> Path | None:
        """The document shown."""
        data = self.choice.currentData()
        return Path(data) if data else None

    def _load(self) -> None:
        path = self.path()
        if path is None:
            self.browser.setPlainText(_("No documentation is installed with this copy."))
            return
        self.browser.setMarkdown(path.read_text(encoding="utf-8"))
        self.browser.document().setBaseUrl(QUrl.fromLocalFile(str(path)))

    def open(self, path: Path | None = None, section: str = "") -> None:
        """Show a document (the first one when none), at a section heading if given."""
        if path is not None:
            index = self.choice.findData(str(path))
            if index >= 0:
                self.choice.setCurrentIndex(index)
        self.show()
        self.raise_()
        self.activateWindow()
        if section:
            self.go_to(section)

    def go_to(self, heading: str) -> bool:
        """Scroll to the first heading that reads ``heading`` (or has it as its slug)."""
        block = self.browser.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and slug(block.text()) == slug(heading):
                self.browser.setTextCursor(QTextCursor(block))
                document = self.browser.document()
                document.setTextWidth(self.browser.viewport().width())
                top = document.documentLayout().blockBoundingRect(block).top()
                self.browser.verticalScrollBar().setValue(int(top))
                return True
            block = block.next()
        return False

    def find_next(self) -> bool:
        """Find the typed text after the cursor (wrapping round once)."""
        text = self.search.text()
        if not text:
            return False
        if self.browser.find(text):
            return True
        self.browser.moveCursor(QTextCursor.MoveOperation.Start)
        return self.browser.find(text, QTextDocument.FindFlag(0))

    def _follow(self, url: QUrl) -> None:
        """Links to shipped documents open here, at their heading; others outside."""
        target = self.browser.document().baseUrl().resolved(url)
        local = Path(target.toLocalFile()) if target.isLocalFile() else None
        for _title, path in self.documents:
            if local is not None and local.is_file() and os.path.samefile(path, local):
                self.open(path, target.fragment())
                return
        QDesktopServices.openUrl(target)


def slug(heading: str) -> str:
    """A heading as a link fragment names it (``Move log`` → ``move-log``)."""
    return re.sub(r"[^\w]+", "-", heading.strip().lower()).strip("-")


_viewer: HelpViewer | None = None


def help_viewer() -> HelpViewer:
    """The one help window of the application (made on first use)."""
    global _viewer
    if _viewer is None:
        _viewer = HelpViewer()
    return _viewer


def open_help(section: str = EDITOR_SECTION) -> HelpViewer:
    """F1: the README at the editor's section."""
    viewer = help_viewer()
    readme = viewer.documents[0][1] if viewer.documents else None
    viewer.open(readme, section)
    return viewer


def open_document(title: str) -> HelpViewer:
    """A shipped document by its title (see :func:`documents`)."""
    viewer = help_viewer()
    viewer.open(next((p for t, p in viewer.documents if t == title), None))
    return viewer
