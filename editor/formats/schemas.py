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

from editor.i18n import N_, _, ngettext
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
    "object": N_("an object"), "array": N_("a list"), "string": N_("a string"),
    "integer": N_("an integer"), "number": N_("a number"), "boolean": N_("true or false"),
    "null": "null",
}
#: The schemas' names of a kind of value (their ``title``), and of several of them.
_TITLES = {
    "colour": (N_("colour"), N_("colours")), "edition name": (N_("edition name"),
                                                          N_("edition names")),
    "objective type": (N_("objective type"), N_("objective types")),
    "port name": (N_("port name"), N_("port names")), "rotation": (N_("rotation"),
                                                                 N_("rotations")),
    "set id": (N_("set id"), N_("set ids")), "side": (N_("side"), N_("sides")),
    "tile id": (N_("tile id"), N_("tile ids")),
    "tile reference": (N_("tile reference"), N_("tile references")),
}


def _title(title: str, plural: bool = False) -> str:
    """A schema's name of a kind of value in the current language (English as written
    when it is not one of :data:`_TITLES`)."""
    names = _TITLES.get(title)
    if names is None:
        return f"{title}s" if plural else title
    return _(names[1] if plural else names[0])


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
            findings.append(Finding(_("$id should be {id}").format(id=expected), "$", file,
                                    "schema-id"))
            continue
        checked[expected] = (file, data)
    local = Registry().with_resources(
        (uri, Resource.from_contents(data, default_specification=DRAFT202012))
        for uri, (_file, data) in checked.items())
    for uri, (file, data) in checked.items():
        resolver = local.resolver(base_uri=uri)
        for where, ref in _refs(data, ()):
            try:
                resolver.lookup(ref)
            except Unresolvable:
                findings.append(Finding(_("$ref {ref!r} does not resolve").format(ref=ref),
                                        json_path(where),
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
            return [Finding(_("lists {value} more than once").format(
                                value=_show(error.instance[index])),
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
               *(_("keys matching {pattern}").format(pattern=p) for p in patterns
                 if p != "^x-")]
    if "^x-" in patterns:
        allowed.append("x-*")
    text = _("key {key!r} is not allowed here (allowed: {allowed})") if conditional \
        else _("unknown key {key!r} (allowed: {allowed})")
    return text.format(key=key, allowed=", ".join(allowed))


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
        return _("key {key!r} is not allowed here").format(key=parent) \
            if isinstance(parent, str) else _("not allowed here")
    if kind == "type":
        wanted = [value] if isinstance(value, str) else list(value)
        words = [_(_TYPE_WORDS[t]) if t in _TYPE_WORDS else t for t in wanted] \
            if len(wanted) == 1 else [
                _("a boolean") if t == "boolean" else _(_TYPE_WORDS[t]) if t in _TYPE_WORDS
                else t for t in wanted]
        return _("expected {wanted}, got {found}").format(wanted=_or(words),
                                                         found=_describe(instance))
    if kind == "required":
        missing = [k for k in value if k not in instance]
        key = next((k for k in missing if error.message.startswith(repr(k))), missing[0])
        return _("missing required key {key!r}").format(key=key)
    if kind == "const":
        return _("must be {value}, got {found}").format(value=_show(value),
                                                       found=_show(instance))
    if kind == "enum":
        names = ", ".join(str(v) if isinstance(v, str) else _show(v) for v in value)
        if "title" in sub:
            return _("{found} is not one of the {n} {titles} {names}").format(
                found=_show(instance), n=len(value), titles=_title(sub["title"], True),
                names=names)
        return _("{found} is not one of {names}").format(found=_show(instance), names=names)
    if kind == "pattern":
        if "title" not in sub:
            return _("{found} does not match the pattern {pattern}").format(
                found=_show(instance), pattern=value)
        if sub.get("examples"):
            return _("{found} is not a valid {title} (for example {example})").format(
                found=_show(instance), title=_title(sub["title"]), example=sub["examples"][0])
        return _("{found} is not a valid {title}").format(found=_show(instance),
                                                         title=_title(sub["title"]))
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        bound = {"minimum": N_("must be at least {value}, got {found}"),
                 "exclusiveMinimum": N_("must be more than {value}, got {found}"),
                 "maximum": N_("must be at most {value}, got {found}"),
                 "exclusiveMaximum": N_("must be less than {value}, got {found}")}[kind]
        return _(bound).format(value=_show(value), found=_show(instance))
    if kind in ("minItems", "minLength") and value == 1:
        return _("must not be empty")
    if kind == "minItems":
        return ngettext("needs at least {n} items, has {count}",
                        "needs at least {n} items, has {count}", value).format(
            n=value, count=len(instance))
    if kind == "maxItems":
        return ngettext("has {count} items, at most {n} allowed",
                        "has {count} items, at most {n} allowed", value).format(
            n=value, count=len(instance))
    if kind in _WEAK:
        keys = _alternative_keys(error)
        return _("needs exactly one of {keys}").format(keys=_or(repr(k) for k in keys))
    return str(error.message)


def _or(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else _("{items} or {last}").format(
        items=", ".join(items[:-1]), last=items[-1])


def _describe(value: Any) -> str:
    """The JSON type of ``value``, with the value itself when it is short."""
    if value is None or isinstance(value, bool):
        return _show(value)
    if isinstance(value, dict):
        return _("an object")
    if isinstance(value, list):
        return _("a list")
    word = _("a string") if isinstance(value, str) else (
        _("an integer") if isinstance(value, int) else _("a number"))
    return f"{word} ({_show(value)})"


def _show(value: Any, limit: int = 40) -> str:
    """A short rendering of a JSON value: strings quoted as 'text'."""
    if isinstance(value, str):
        text = value if len(value) <= limit else value[: limit - 1] + "…"
        return f"'{text}'"
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"
