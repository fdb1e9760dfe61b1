"""The JSON Schemas: one registry of every shipped schema, validators, readable findings.

jsonschema is imported on the first validation, not with this module: a command that finds
its files in the validation cache (:mod:`.cache`) starts without it (it costs 80 ms).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from editor.model.findings import Finding
from editor.resources import data_dir

from .jsonio import json_path, read_json

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

SCHEMA_BASE = "https://carcassonne-editor.org/schemas/"
TILESET = "tileset"
BOARD = "board"
_SUFFIX = ".schema.json"
_WEAK = frozenset({"anyOf", "oneOf"})
_TYPE_WORDS = {
    "object": "an object", "array": "a list", "string": "a string", "integer": "an integer",
    "number": "a number", "boolean": "true or false", "null": "null",
}


class SchemaLoadError(RuntimeError):
    """A shipped schema file cannot be read: the installation is broken."""


def schema_id(name: str) -> str:
    """The ``$id`` of a schema by short name (``tileset``, ``board``, ``output/score``)."""
    return f"{SCHEMA_BASE}{name}{_SUFFIX}"


def _files() -> list[tuple[str, Path]]:
    """Every ``*.schema.json`` under the schemas folder with its short name: the file
    formats at the top, the commands' JSON output in ``output/``."""
    root = data_dir("schemas")
    return [(path.relative_to(root).as_posix().removesuffix(_SUFFIX), path)
            for path in sorted(root.rglob(f"*{_SUFFIX}"))]


@cache
def _schemas() -> dict[str, dict[str, Any]]:
    """Every shipped schema, by short name."""
    found: dict[str, dict[str, Any]] = {}
    for name, path in _files():
        data, problems = read_json(path)
        if problems or not isinstance(data, dict):
            detail = problems[0].message if problems else "not a JSON object"
            raise SchemaLoadError(f"schema {path}: {detail}")
        found[name] = data
    return found


def schema_names() -> list[str]:
    """Short names of the shipped schemas."""
    return list(_schemas())


def schema(name: str) -> dict[str, Any]:
    """A schema by short name (``KeyError`` if there is none)."""
    return _schemas()[name]


@cache
def registry() -> Registry:
    """One registry holding every shipped schema under its ``$id``; it never fetches."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = [
        (data.get("$id", schema_id(name)),
         Resource.from_contents(data, default_specification=DRAFT202012))
        for name, data in _schemas().items()
    ]
    return Registry().with_resources(resources).crawl()


def _integer(_: Any, instance: object) -> bool:
    """JSON Schema's ``integer`` takes ``1.0``; ours does not: a number written with a
    fraction or an exponent is a number, never an integer (see ``jsonio.parse_json``)."""
    return type(instance) is int


def _strict(keyword: str) -> Any:
    """``enum``/``const`` that no float matches where they list integers (``0.0`` is no
    rotation, though ``0.0 == 0``)."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

    check = Draft202012Validator.VALIDATORS[keyword]

    def strict(validator: Any, allowed: Any, instance: Any, schema_: Any) -> Any:
        values = allowed if keyword == "enum" else [allowed]
        if type(instance) is float and any(type(v) is int for v in values) and not any(
                type(v) is float for v in values):
            yield ValidationError(f"{instance!r} is not one of {values!r}")
            return
        yield from check(validator, allowed, instance, schema_)

    return strict


@cache
def _strict_draft() -> Any:
    """Draft 2020-12 where an integer is an integer literal (built on first use)."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(  # type: ignore[no-untyped-call]  # untyped in jsonschema
        Draft202012Validator,
        validators={"enum": _strict("enum"), "const": _strict("const")},
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _integer))


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for the schema ``name``, resolving ``$ref`` through :func:`registry`;
    integers are integer literals (:func:`_strict_draft`)."""
    found: Draft202012Validator = _strict_draft()(schema(name), registry=registry())
    return found


def check_schemas() -> list[Finding]:
    """Check every shipped schema: meta-schema, ``$id``, and that every ``$ref`` resolves."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError
    from referencing import Registry, Resource
    from referencing.exceptions import Unresolvable
    from referencing.jsonschema import DRAFT202012

    findings: list[Finding] = []
    checked: dict[str, tuple[str, dict[str, Any]]] = {}
    for name, path in _files():
        file = str(path)
        data, problems = read_json(path)
        findings += problems
        if problems:
            continue
        try:
            Draft202012Validator.check_schema(data)
        except SchemaError as exc:
            findings.append(Finding(exc.message, json_path(exc.absolute_path), file,
                                    "schema-invalid"))
            continue
        expected = schema_id(name)
        if data.get("$id") != expected:
            findings.append(Finding(f"$id should be {expected}", "$", file, "schema-id"))
            continue
        checked[expected] = (file, data)
    local = Registry().with_resources(
        (uri, Resource.from_contents(data, default_specification=DRAFT202012))
        for uri, (_, data) in checked.items())
    for uri, (file, data) in checked.items():
        resolver = local.resolver(base_uri=uri)
        for where, ref in _refs(data, ()):
            try:
                resolver.lookup(ref)
            except Unresolvable:
                findings.append(Finding(f"$ref {ref!r} does not resolve", json_path(where),
                                        file, "schema-ref"))
    return findings


def _refs(node: Any, where: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every ``$ref`` in a schema, with its location."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield (*where, key), value
            else:
                yield from _refs(value, (*where, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _refs(value, (*where, i))


def validate(data: Any, name: str, file: str = "") -> list[Finding]:
    """Findings for ``data`` against schema ``name``, most relevant first."""
    errors = sorted(validator(name).iter_errors(data), key=_rank)
    return [f for error in errors for f in _findings(error, file)]


def _rank(error: ValidationError) -> tuple[Any, ...]:
    """jsonschema's ``relevance``, best first, with sibling errors in document order."""
    from jsonschema.exceptions import relevance

    depth, _, *strength = cast("tuple[Any, ...]", relevance(error))
    return (-depth, tuple(error.absolute_path), *(not s for s in strength))


def _findings(error: ValidationError, file: str) -> list[Finding]:
    """One error as findings (an object with several unknown keys gives one per key)."""
    if error.validator in _WEAK and not _alternative_keys(error):
        from jsonschema.exceptions import best_match

        deepest = best_match([error])
        if deepest is not None and deepest is not error:
            return _findings(deepest, file)
    path = list(error.absolute_path)
    code = f"schema.{error.validator or 'false'}"
    schema = error.schema
    if error.validator == "additionalProperties" and isinstance(error.instance, dict) \
            and isinstance(schema, dict):
        conditional = _conditional(error)
        return [Finding(_unknown_key(key, schema, conditional), json_path([*path, key]),
                        file, code) for key in _extra_keys(error.instance, schema)]
    if error.validator == "uniqueItems" and isinstance(error.instance, list):
        index = _first_duplicate(error.instance)
        if index is not None:
            return [Finding(f"lists {_show(error.instance[index])} more than once",
                            json_path([*path, index]), file, code)]
    return [Finding(_message(error), json_path(path), file, code)]


def _conditional(error: ValidationError) -> bool:
    """Whether the error comes from an ``if``/``then``/``else`` branch."""
    return any(part in ("then", "else") for part in error.absolute_schema_path)


def _extra_keys(instance: dict[str, Any], schema_: dict[str, Any]) -> list[str]:
    known = schema_.get("properties", {})
    patterns = schema_.get("patternProperties", {})
    return [k for k in instance
            if k not in known and not any(re.search(p, k) for p in patterns)]


def _unknown_key(key: str, schema_: dict[str, Any], conditional: bool) -> str:
    """Names the key and what is allowed; "not allowed here" when a branch refused it."""
    patterns = list(schema_.get("patternProperties", {}))
    allowed = [*schema_.get("properties", {}),
               *(f"keys matching {p}" for p in patterns if p != "^x-")]
    if "^x-" in patterns:
        allowed.append("x-*")
    head = f"key {key!r} is not allowed here" if conditional else f"unknown key {key!r}"
    return f"{head} (allowed: {', '.join(allowed)})"


def _first_duplicate(items: list[Any]) -> int | None:
    seen: set[str] = set()
    for i, item in enumerate(items):
        token = json.dumps(item, sort_keys=True)
        if token in seen:
            return i
        seen.add(token)
    return None


def _alternative_keys(error: ValidationError) -> list[str]:
    """For ``oneOf``/``anyOf`` of plain ``required`` alternatives, the keys to choose from."""
    options = error.validator_value if isinstance(error.validator_value, list) else []
    keys = []
    for option in options:
        if not (isinstance(option, dict) and set(option) == {"required"}):
            return []
        keys += option["required"]
    return keys


def _message(error: ValidationError) -> str:
    """A sentence for people; the JSON path says where."""
    kind: Any = error.validator
    value: Any = error.validator_value
    instance: Any = error.instance
    sub = error.schema if isinstance(error.schema, dict) else {}
    if kind is None:
        parent = error.absolute_path[-1] if error.absolute_path else None
        return f"key {parent!r} is not allowed here" if isinstance(parent, str) else (
            "not allowed here")
    if kind == "type":
        wanted = [value] if isinstance(value, str) else list(value)
        words = [_TYPE_WORDS.get(t, t) for t in wanted] if len(wanted) == 1 else [
            "a boolean" if t == "boolean" else _TYPE_WORDS.get(t, t) for t in wanted]
        return f"expected {_or(words)}, got {_describe(instance)}"
    if kind == "required":
        missing = [k for k in value if k not in instance]
        key = next((k for k in missing if error.message.startswith(repr(k))), missing[0])
        return f"missing required key {key!r}"
    if kind == "const":
        return f"must be {_show(value)}, got {_show(instance)}"
    if kind == "enum":
        names = ", ".join(str(v) if isinstance(v, str) else _show(v) for v in value)
        if "title" in sub:
            return f"{_show(instance)} is not one of the {len(value)} {sub['title']}s {names}"
        return f"{_show(instance)} is not one of {names}"
    if kind == "pattern":
        if "title" not in sub:
            return f"{_show(instance)} does not match the pattern {value}"
        example = f" (for example {sub['examples'][0]})" if sub.get("examples") else ""
        return f"{_show(instance)} is not a valid {sub['title']}{example}"
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        bound = {"minimum": "at least", "exclusiveMinimum": "more than",
                 "maximum": "at most", "exclusiveMaximum": "less than"}[kind]
        return f"must be {bound} {_show(value)}, got {_show(instance)}"
    if kind in ("minItems", "minLength") and value == 1:
        return "must not be empty"
    if kind == "minItems":
        return f"needs at least {value} items, has {len(instance)}"
    if kind == "maxItems":
        return f"has {len(instance)} items, at most {value} allowed"
    if kind in _WEAK:
        keys = _alternative_keys(error)
        return f"needs exactly one of {_or(repr(k) for k in keys)}"
    return str(error.message)


def _or(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _describe(value: Any) -> str:
    """The JSON type of ``value``, with the value itself when it is short."""
    if value is None or isinstance(value, bool):
        return _show(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    word = "a string" if isinstance(value, str) else (
        "an integer" if isinstance(value, int) else "a number")
    return f"{word} ({_show(value)})"


def _show(value: Any, limit: int = 40) -> str:
    """A short rendering of a JSON value: strings quoted as 'text'."""
    if isinstance(value, str):
        text = value if len(value) <= limit else value[: limit - 1] + "…"
        return f"'{text}'"
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"
