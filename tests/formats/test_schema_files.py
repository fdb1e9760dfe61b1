"""The shipped JSON Schemas: valid Draft 2020-12, one registry, described properties."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from editor.formats import schemas

NAMES = ["tileset", "board"]


def test_both_schemas_are_shipped() -> None:
    names = schemas.schema_names()
    assert [n for n in names if "/" not in n] == ["board", "tileset"]
    assert {"output/common", "output/score", "output/validate"} <= set(names)


@pytest.mark.parametrize("name", NAMES)
def test_schema_passes_the_meta_schema(name: str) -> None:
    Draft202012Validator.check_schema(schemas.schema(name))


@pytest.mark.parametrize("name", NAMES)
def test_registry_resolves_each_id(name: str) -> None:
    uri = f"https://carcassonne-editor.org/schemas/{name}.schema.json"
    assert schemas.schema(name)["$id"] == uri
    assert schemas.registry().resolver().lookup(uri).contents == schemas.schema(name)


def test_check_schemas_finds_nothing() -> None:
    assert schemas.check_schemas() == []


def test_board_schema_refers_to_tileset_definitions() -> None:
    resolver = schemas.registry().resolver(base_uri=schemas.schema_id("board"))
    resolved = resolver.lookup("tileset.schema.json#/$defs/setId").contents
    assert resolved["pattern"] == "^[a-z0-9][a-z0-9.-]*$"


def _objects(node: Any, where: str = "$") -> list[tuple[str, dict[str, Any]]]:
    found = []
    if isinstance(node, dict):
        if "properties" in node:
            found.append((where, node))
        for key, value in node.items():
            found += _objects(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _objects(value, f"{where}[{i}]")
    return found


@pytest.mark.parametrize("name", NAMES)
def test_every_object_refuses_unknown_keys_but_x_keys(name: str) -> None:
    for where, obj in _objects(schemas.schema(name)):
        if "if" in where:
            continue
        assert obj.get("additionalProperties") is False, where
        assert "^x-" in obj.get("patternProperties", {}), where


@pytest.mark.parametrize("name", NAMES)
def test_every_property_has_a_description(name: str) -> None:
    schema = schemas.schema(name)
    resolver = schemas.registry().resolver(base_uri=schema["$id"])
    for where, obj in _objects(schema):
        if "if" in where or "then" in where:
            continue
        for key, prop in obj["properties"].items():
            target = resolver.lookup(prop["$ref"]).contents if "$ref" in prop else {}
            assert "description" in prop or "description" in target, f"{where}.{key}"


@pytest.mark.parametrize(("name", "data", "path", "message"), [
    ("tileset", {"format": 1}, "$", "missing required key 'id'"),
    ("board", [], "$", "expected an object, got a list"),
    ("board", {"format": 2, "players": [], "tiles": [], "figures": []},
     "$.format", "must be 1, got 2"),
])
def test_schema_findings_read_well(name: str, data: Any, path: str, message: str) -> None:
    findings = schemas.validate(data, name, "f.json")
    assert (findings[0].path, findings[0].message, findings[0].file) == (path, message, "f.json")


def test_check_schemas_reports_broken_files(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "schemas"
    folder.mkdir()
    base = "https://carcassonne-editor.org/schemas/"
    (folder / "a.schema.json").write_text(json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": base + "a.schema.json",
        "properties": {"x": {"$ref": "b.schema.json#/$defs/nope"}}}), encoding="utf-8")
    (folder / "b.schema.json").write_text('{"$id": "elsewhere"}', encoding="utf-8")
    (folder / "c.schema.json").write_text('{"type": 5}', encoding="utf-8")
    (folder / "d.schema.json").write_text("{", encoding="utf-8")
    monkeypatch.setattr(schemas, "data_dir", lambda name: tmp_path / name)
    assert [(Path(f.file).name, f.path, f.message) for f in schemas.check_schemas()] == [
        ("b.schema.json", "$", f"$id should be {base}b.schema.json"),
        ("c.schema.json", "$.type", "5 is not valid under any of the given schemas"),
        ("d.schema.json", "$", "not valid JSON: Expecting property name enclosed in double "
                               "quotes at line 1, column 2"),
        ("a.schema.json", "$.properties.x['$ref']", "$ref 'b.schema.json#/$defs/nope' does not "
                                                 "resolve"),
    ]
