"""The JSON Schemas of the napspec protocol (the newest version, which contains the older ones), loaded from
``conformance/protocol/schema/`` and used to validate every message that crosses the contract,
whichever way it travels.

The schemas reference each other by relative ``$ref`` (``common.schema.json#/$defs/card``);
their ``$id`` s live under the never-resolvable host ``napspec.invalid``, and every one of
them is served from the files beside this module, so validation never touches the network.
Another folder of schemas that refers to these (the harness's reports) is read as one
:class:`Schemas` with these beside it.

>>> errors("hello-request", {"cmd": "hello", "protocol": "napspec/1"})
[]
>>> errors("hello-request", {"cmd": "hello"})
["(root): 'protocol' is a required property"]
>>> is_valid("common", "AS", "card"), is_valid("common", "1S", "card")
(True, False)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

# jsonschema ships no type information; the few calls made here are wrapped in typed
# functions so that nothing untyped leaks out of this module.
import jsonschema  # type: ignore[import-untyped, unused-ignore]
import jsonschema_rs
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"

#: Every schema of the protocol, by the name used throughout the package.
SCHEMA_NAMES = (
    "common",
    "hello-request",
    "hello-response",
    "case",
    "run-request",
    "answers",
    "run-response",
    "bye-request",
    "bye-response",
    "error-response",
    "request",
)

#: How many schema errors a message reports before it says "and N more"; an engine that
#: answers with garbage would otherwise produce pages of them.
MAX_REPORTED_ERRORS = 5


@dataclass(frozen=True, eq=False)
class Schemas:
    """A folder of JSON Schemas, each called by its name (``"case"`` is ``case.schema.json``),
    that refer to one another, and to the schemas ``beside`` them, by relative ``$ref``.
    Compared by identity: a folder is read into one object, which keeps its validators.
    """

    folder: Path
    names: tuple[str, ...]
    #: The schemas these may refer to besides their own (the protocol's, for the reports).
    beside: Schemas | None = None

    def path(self, name: str) -> Path:
        """The file of the schema called ``name`` (e.g. ``"case"`` → ``.../case.schema.json``)."""
        if name not in self.names:
            raise KeyError(f"no schema named {name!r} (schemas: {', '.join(self.names)})")
        return self.folder / f"{name}.schema.json"

    def load(self, name: str) -> dict[str, Any]:
        """The schema called ``name``, as a JSON object."""
        return _read(self.path(name))

    def documents(self) -> dict[str, dict[str, Any]]:
        """Every schema these may refer to (their own and those beside them), by ``$id``."""
        beside = self.beside.documents() if self.beside is not None else {}
        return {**beside, **{self.load(name)["$id"]: self.load(name) for name in self.names}}

    def registry(self) -> Registry[Any]:
        """A registry holding every schema these may refer to under its ``$id``, so relative
        references resolve to the local files and never to the network."""
        return _registry(self)

    def errors(self, name: str, instance: object, definition: str | None = None) -> list[str]:
        """Every way ``instance`` breaks the schema ``name`` (or its ``$defs/definition``), as
        ``"path: message"`` strings, most specific first, at most :data:`MAX_REPORTED_ERRORS`
        (then a line saying how many more there were); empty when the instance is valid.

        >>> errors("common", "AS\\n", "card")  # a pattern's ``$`` is the end of the text, as in ECMA 262
        ['(root): "AS\\\\n" does not match "^[2-9TJQKA][CDHS]$"']
        """
        return _errors(self, name, instance, definition)

    def is_valid(self, name: str, instance: object, definition: str | None = None, *, parsed: bool = False) -> bool:
        """Whether ``instance`` is valid against the schema ``name`` (or one of its ``$defs``).

        Plain JSON is judged by jsonschema-rs; anything else (a tuple, a key that is not a
        string, a float that JSON cannot write) by jsonschema, since
        the compiled validator would read it as the JSON value it mimics. ``parsed`` says that
        ``instance`` was just parsed from JSON text (so is plain JSON, and need not be walked).

        >>> is_valid("common", ["AS", "KH"], "cards"), is_valid("common", ("AS", "KH"), "cards")
        (True, False)
        >>> is_valid("common", True, "seat"), is_valid("common", 1, "seat"), is_valid("common", 10**30, "seat")
        (False, True, False)
        """
        verdict = _fast_verdict(self, name, definition, instance, parsed)
        if verdict is None:
            return bool(_validator(self, name, definition).is_valid(instance))
        return verdict

    def check(self) -> list[str]:
        """Problems with the schema files themselves (empty when every file is a valid draft
        2020-12 schema with the ``$id`` its file name implies)."""
        problems: list[str] = []
        for name in self.names:
            schema = self.load(name)
            try:
                jsonschema.Draft202012Validator.check_schema(schema)
            except jsonschema.exceptions.SchemaError as error:
                problems.append(f"{self.path(name).name}: {error.message}")
            if not str(schema.get("$id", "")).endswith(f"/{name}.schema.json"):
                problems.append(f"{self.path(name).name}: $id does not end with /{name}.schema.json")
        return problems


#: The protocol's schemas, and the functions that read them (those of :class:`Schemas`).
PROTOCOL_SCHEMAS: Final = Schemas(SCHEMA_DIR, SCHEMA_NAMES)
schema_path = PROTOCOL_SCHEMAS.path
load_schema = PROTOCOL_SCHEMAS.load
registry = PROTOCOL_SCHEMAS.registry
errors = PROTOCOL_SCHEMAS.errors
is_valid = PROTOCOL_SCHEMAS.is_valid
check_schemas = PROTOCOL_SCHEMAS.check


@cache
def _read(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


@cache
def _registry(schemas: Schemas) -> Registry[Any]:
    resources = [
        (identifier, Resource.from_contents(document, default_specification=DRAFT202012))
        for identifier, document in schemas.documents().items()
    ]
    return Registry().with_resources(resources)


#: Keywords that only annotate: a ``$ref`` beside nothing else but these is the target alone.
_ANNOTATIONS = frozenset({"description", "title", "$comment", "examples", "default"})


def _resolve(schemas: Schemas, reference: str, base: str) -> tuple[Any, str]:
    """The node a ``$ref`` names, and the ``$id`` of the document it stands in."""
    address, _, pointer = reference.partition("#")
    if address:
        base = address if "://" in address else base.rsplit("/", 1)[0] + "/" + address
    node: Any = schemas.documents()[base]
    for part in (p for p in pointer.split("/") if p):
        node = node[part]
    return node, base


def _inline(schemas: Schemas, node: Any, base: str, depth: int = 0) -> Any:
    """``node`` with every ``$ref`` replaced by what it names (the schemas have no cycles;
    a runaway depth says one was added)."""
    if depth > 64:
        raise RecursionError("the protocol schemas refer to themselves in a cycle")
    if isinstance(node, list):
        return [_inline(schemas, item, base, depth + 1) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target, target_base = _resolve(schemas, node["$ref"], base)
        inlined = _inline(schemas, target, target_base, depth + 1)
        rest = {k: _inline(schemas, v, base, depth + 1) for k, v in node.items() if k != "$ref"}
        if set(rest) <= _ANNOTATIONS:
            return inlined
        return {"allOf": [inlined], **rest}
    return {k: _inline(schemas, v, base, depth + 1) for k, v in node.items() if k not in ("$id", "$schema", "$defs")}


@cache
def _validator(schemas: Schemas, name: str, definition: str | None) -> Any:
    schema: dict[str, Any] = schemas.load(name)
    if definition is not None:
        # A bare ``$ref`` resolved against the named schema's own ``$id``.
        schema = {"$ref": f"{schema['$id']}#/$defs/{definition}"}
    # Validation runs on every message of every case; resolving references through the
    # registry each time costs more than the engine's own work, so each schema is validated
    # as one self-contained document with its references inlined (same meaning, same errors).
    bundled = _inline(schemas, schema, schemas.load(name)["$id"])
    return jsonschema.Draft202012Validator(bundled)


def _where(path: Any) -> str:
    parts = [f"[{part}]" if isinstance(part, int) else f".{part}" for part in path]
    joined = "".join(parts).lstrip(".")
    return joined or "(root)"


@cache
def _fast_validator(schemas: Schemas, name: str, definition: str | None) -> Any:
    # The same bundled schema, compiled by jsonschema-rs: the verdict on every message of every
    # case (a hundred times faster than jsonschema's, which is kept for its error messages).
    # Formats are annotations in draft 2020-12, as jsonschema reads them here.
    return jsonschema_rs.Draft202012Validator(_validator(schemas, name, definition).schema, validate_formats=False)


def _fast_verdict(
    schemas: Schemas, name: str, definition: str | None, instance: object, parsed: bool = False
) -> bool | None:
    """jsonschema-rs's verdict on ``instance``, or None where it may not be asked: a value
    JSON does not write back as itself (a tuple, a key that is not a string, a float that
    JSON cannot write, a container met twice), or a value it refuses to read (it raises).
    ``parsed``: ``instance`` is what parsing JSON text gave, which is plain JSON by making."""
    if not parsed and not _plain_json(instance):
        return None
    try:
        return bool(_fast_validator(schemas, name, definition).is_valid(instance))
    except (ValueError, OverflowError):  # a number it does not hold
        return None


def _errors(schemas: Schemas, name: str, instance: object, definition: str | None) -> list[str]:
    if _fast_verdict(schemas, name, definition, instance) is True:
        return []
    found = list(_validator(schemas, name, definition).iter_errors(instance))
    if not found:
        # Python's ``re`` lets a pattern's ``$`` match before a final newline; JSON Schema's
        # patterns are ECMA 262's, where it does not: jsonschema-rs's verdict stands, worded
        # in its own terms.
        return [
            f"{_where(error.instance_path)}: {_short(error.message)}"
            for error in _fast_validator(schemas, name, definition).iter_errors(instance)
        ][:MAX_REPORTED_ERRORS]
    # The deepest errors say most about what is wrong (a oneOf failure at the root says
    # little); ``best_match`` picks the one jsonschema judges most relevant to put first.
    best = jsonschema.exceptions.best_match(found)
    ordered = [
        best,
        *sorted(
            (error for error in found if error is not best),
            key=lambda error: (-len(error.absolute_path), list(map(str, error.absolute_path))),
        ),
    ]
    lines = [f"{_where(error.absolute_path)}: {_short(error.message)}" for error in ordered]
    if len(lines) > MAX_REPORTED_ERRORS:
        extra = len(lines) - MAX_REPORTED_ERRORS
        lines = [*lines[:MAX_REPORTED_ERRORS], f"... and {extra} more"]
    return lines


def _short(message: str, limit: int = 300) -> str:
    # jsonschema quotes the whole offending instance in its messages; an engine's garbage
    # can be megabytes long, so each message is cut to a readable length.
    return message if len(message) <= limit else message[: limit - 3] + "..."


def _plain_json(instance: object) -> bool:
    """Whether ``instance`` is made only of what JSON text writes back as itself: dicts with
    string keys, lists, strings, booleans, None, integers and finite floats; a container met
    twice (shared, or holding itself) is not, so the walk ends on anything.

    >>> _plain_json({"a": [1, 2.5, None, True, "x"]}), _plain_json({"a": (1,)}), _plain_json({1: "a"})
    (True, False, False)
    >>> looped: list[object] = []
    >>> looped.append(looped)
    >>> _plain_json(float("nan")), _plain_json([[[]], [[]]]), _plain_json(looped)
    (False, True, False)
    """
    stack = [instance]
    met: set[int] = set()
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is dict or kind is list:
            if id(value) in met:
                return False
            met.add(id(value))
        if kind is dict:
            assert isinstance(value, dict)
            if not all(type(key) is str for key in value):
                return False
            stack.extend(value.values())
        elif kind is list:
            assert isinstance(value, list)
            stack.extend(value)
        elif kind is float:
            assert isinstance(value, float)
            if not math.isfinite(value):
                return False
        elif kind not in (str, int, bool, type(None)):
            return False
    return True
