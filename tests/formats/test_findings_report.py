"""Validation reports for people and for tools."""

from __future__ import annotations

import json
from dataclasses import replace

from editor.formats.findings_report import FileResult, render_json, render_text, summary
from editor.model.findings import Finding, Severity

ERROR = Finding("missing required key 'count'", "$.tiles[0]", "a.json", "schema.required")
ERROR_B = replace(ERROR, file="b.json")
WARNING = Finding("alias 'X' is already used by tile 'A'", "$.tiles[1].aliases[0]", "a.json",
                  "duplicate-alias", Severity.WARNING)


def test_summary_lines() -> None:
    assert summary([FileResult("a.json"), FileResult("b.json")]) == "2 files valid"
    assert summary([FileResult("a.json")]) == "1 file valid"
    assert summary([FileResult("a.json", [WARNING, ERROR]), FileResult("b.json", [ERROR_B])]) == (
        "2 errors, 1 warning in 2 files")
    assert summary([FileResult("a.json", [ERROR]), FileResult("b.json")]) == (
        "1 error in 1 file (2 checked)")


def test_text_puts_errors_first() -> None:
    text = render_text([FileResult("a.json", [WARNING, ERROR])])
    assert text.splitlines() == [
        "a.json::$.tiles[0]: missing required key 'count'",
        "a.json::$.tiles[1].aliases[0]: warning: alias 'X' is already used by tile 'A'",
        "1 error, 1 warning in 1 file",
    ]


def test_json_report() -> None:
    report = json.loads(render_json([FileResult("a.json", [WARNING]),
                                     FileResult("b.json", [ERROR_B])]))
    assert report["summary"] == {"files": 2, "valid": 1, "errors": 1, "warnings": 1, "notes": 0}
    assert [(f["file"], f["valid"]) for f in report["files"]] == [("a.json", True),
                                                                  ("b.json", False)]
    assert report["files"][1]["findings"] == [{
        "file": "b.json", "path": "$.tiles[0]", "message": "missing required key 'count'",
        "code": "schema.required", "severity": "error"}]
