"""Reading JSON into findings; writing it atomically."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from editor.formats import jsonio
from editor.formats.jsonio import json_path, read_json, write_json_atomic


def test_json_path() -> None:
    assert json_path([]) == "$"
    assert json_path(["tiles", 3, "segments", 0, "ports", 1]) == "$.tiles[3].segments[0].ports[1]"
    assert json_path(["ruleset", "options", "base:C2"]) == "$.ruleset.options['base:C2']"
    assert json_path(["x-editor", "it's"]) == "$.x-editor['it\\'s']"


@pytest.mark.parametrize(("content", "message"), [
    (b"", "not valid JSON: Expecting value at line 1, column 1"),
    (b'{"a": 1,\n "b": }', "not valid JSON: Expecting value at line 2, column 7"),
    (b'{"a": "\xc3\xa9",\n "b": "\xff"}', "not UTF-8 text: byte 0xff at line 2, column 8"),
    (b'{"a": "NaN",\n "b": NaN}', "not valid JSON: NaN is not a JSON number at line 2, column 7"),
    (b"[" * 100_000, "not valid JSON: nested too deeply (more than 64 levels) at line 1, column 1"),
])
def test_bad_content_is_a_finding(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    data, findings = read_json(path)
    assert data is None
    assert [(f.file, f.path, f.message) for f in findings] == [(str(path), "$", message)]


def test_missing_file_is_a_finding(tmp_path: Path) -> None:
    data, findings = read_json(tmp_path / "nope.json")
    assert data is None
    assert [(f.path, f.code, f.message) for f in findings] == [
        ("$", "unreadable", "cannot read the file: No such file or directory")]


def test_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert read_json(path) == ({"a": 1}, [])


def test_write_then_read(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    data = {"format": 1, "ports": ["N", "E"], "text": "Wendy’s knight",
            "long": [{"id": f"segment-{i}", "ports": ["N", "NNE", "ENE"]} for i in range(5)]}
    write_json_atomic(path, data)
    text = path.read_text(encoding="utf-8")
    assert read_json(path) == (data, [])
    assert '  "ports": ["N", "E"],\n' in text and "Wendy’s" in text and text.endswith("}\n")
    assert all(len(line) <= 100 for line in text.splitlines())
    assert os.listdir(tmp_path) == ["out.json"]


def test_write_keeps_the_mode_of_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0o640)
    write_json_atomic(path, {"a": 1})
    assert path.stat().st_mode & 0o777 == 0o640


def test_unserialisable_data_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text('{"old": true}', encoding="utf-8")
    with pytest.raises(ValueError):
        write_json_atomic(path, {"x": float("nan")})
    assert path.read_text(encoding="utf-8") == '{"old": true}'
    assert os.listdir(tmp_path) == ["out.json"]


def test_failed_replace_leaves_the_old_file_and_no_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out.json"
    path.write_text('{"old": true}', encoding="utf-8")

    def fail(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonio.os, "replace", fail)
    with pytest.raises(OSError, match="No space left"):
        write_json_atomic(path, {"new": True})
    assert json.loads(path.read_text(encoding="utf-8")) == {"old": True}
    assert os.listdir(tmp_path) == ["out.json"]
