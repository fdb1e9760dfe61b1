"""A plugin that fails while the editor scores (raises, returns garbage, hangs past the
time budget) is said where the person looks: the status bar and Findings, by name; its
edition is disabled and the others keep scoring."""

from __future__ import annotations

import faulty_edition
import pytest
from qt_support import SAMPLE, isolated_settings  # noqa: F401

from editor.formats.boards import position_from_dict, position_to_dict
from editor.plugins import BUILTIN_PLUGINS, PluginHost
from editor.qt.document import BoardDocument
from editor.qt.mainwindow import MainWindow
from editor.rules import analysis
from editor.rules.score_report import score_report
from editor.workspace import catalogue as load_catalogue
from editor.workspace import open_position

pytestmark = pytest.mark.usefixtures("isolated_settings")


@pytest.mark.parametrize("behaviour, why", [("raise", "RuntimeError: the faulty plugin"),
                                            ("garbage", "HookReturnError"),
                                            ("hang", "HookTimeout: no answer after 0.3 s")])
def test_a_failing_hook_is_told_in_the_status_bar_and_findings(qtbot, monkeypatch,
                                                               behaviour, why):
    monkeypatch.setitem(faulty_edition.BEHAVIOUR, "final", behaviour)
    monkeypatch.setattr(analysis, "HOOK_BUDGET_S", 0.3)
    host = PluginHost((*BUILTIN_PLUGINS, "faulty_edition"), entry_points=False)
    catalogue = load_catalogue(host)
    sample, _ = open_position(SAMPLE, host)
    assert sample is not None
    data = position_to_dict(sample)
    data["ruleset"] = {"editions": ["base:C2", "faulty:1"]}
    position, _ = position_from_dict(data, catalogue)
    window = MainWindow(BoardDocument(position, None, [], host, catalogue), host, catalogue)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.doc.pluginFailed) as told:
        pass  # scored once when opened
    text = told.args[0]
    assert text.startswith("plugin 'faulty_edition' failed in hook carcassonne_final_scoring")
    assert why in text and "faulty:1 disabled" in text and "see Findings" in text
    assert window.statusBar().currentMessage() == text
    findings = window.findings_dock.findings.tree
    first = findings.topLevelItem(0)
    assert first.text(2) == "plugin-error" and "faulty_edition" in first.text(0)
    assert "edition faulty:1 is disabled" in first.text(0)
    report = window.doc.score_report()
    alone = score_report(window.doc.board, host.ruleset("base:C2"))
    assert report.lines and report.final == alone.final  # the base game still scores
    window.doc.mark_saved()
