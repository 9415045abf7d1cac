"""Expectations as data: what a ``Then`` step checks in an engine's run response.

A check picks a value out of the run response (``run-response.schema.json``: ``steps`` and
``answers``) with a short list of operations and compares it, type for type, with the
expected value. The operations are few and plain so that a runner in any language can apply
them (``docs/implementers.md``, "The suite as data"):

``{"get": [key or index, ...]}``
    step into objects by key and arrays by index; a key may be ``{"var": name}``;
``{"where": {field: value, ...}}``
    keep the array items whose fields have these values (a value may be ``{"var": name}``);
``{"where-set": field}``
    keep the array items whose field is not null;
``{"pluck": field}``
    each array item's field;
``{"pick": [field, ...]}``
    an object (or each object of an array) cut down to these fields;
``{"flatten": true}``, ``{"sort": true}``, ``{"count": true}``, ``{"nonempty": true}``, ``{"sum": true}``
    an array of arrays made one; sorted; its length; whether it has any item; the sum of
    its numbers (a total of amounts, however the engine splits them into records).

``let`` binds names, in order, to values selected the same way from the whole response
(a later one may use an earlier one), before ``select`` runs.

>>> response = {"steps": [{"ok": True}], "answers": {"legal-actions": [
...     {"type": "play", "seat": 1, "card": "KS"}, {"type": "play", "seat": 1, "card": "2S"},
...     {"type": "pass", "seat": 2}]}}
>>> check = Check(what="legal plays of seat 1", queries=("legal-actions",), expected=["2S", "KS"],
...               select=({"get": ["answers", "legal-actions"]}, {"where": {"seat": 1, "type": "play"}},
...                       {"pluck": "card"}, {"sort": True}))
>>> judge(check, response)
>>> judge(Check(what="step 1 rejected", queries=(), expected=False,
...             select=({"get": ["steps", 0, "ok"]},)), response)
Traceback (most recent call last):
...
napspec.suite.checks.CheckFailed: step 1 rejected: expected false, engine answered true
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Json = Any
Operation = Mapping[str, Any]


class CheckFailed(AssertionError):
    """The engine's answer is not what the scenario expects."""


class Missing(LookupError):
    """The response has no value where a check looks."""


@dataclass(frozen=True)
class Check:
    """One expectation of a ``Then`` step."""

    what: str
    queries: tuple[str, ...]
    select: tuple[Operation, ...]
    expected: Json
    let: tuple[tuple[str, tuple[Operation, ...]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "what": self.what,
            "queries": list(self.queries),
            "select": [dict(op) for op in self.select],
            "expected": self.expected,
        }
        if self.let:
            document["let"] = [{"name": name, "select": [dict(op) for op in ops]} for name, ops in self.let]
        return document


def same(value: Json, other: Json) -> bool:
    """JSON equality: ``true`` is not ``1``, arrays compare in order.

    >>> same([1, {"a": True}], [1, {"a": True}]), same(True, 1), same([1], [1, 1])
    (True, False, False)
    """
    if isinstance(value, bool) or isinstance(other, bool) or value is None or other is None:
        return type(value) is type(other) and value == other
    if isinstance(value, list) and isinstance(other, list):
        return len(value) == len(other) and all(same(a, b) for a, b in zip(value, other))
    if isinstance(value, dict) and isinstance(other, dict):
        return value.keys() == other.keys() and all(same(value[k], other[k]) for k in value)
    if isinstance(value, (int, float)) and isinstance(other, (int, float)):
        return value == other
    return type(value) is type(other) and bool(value == other)


def _resolve(item: Json, bound: Mapping[str, Json]) -> Json:
    if isinstance(item, dict) and set(item) == {"var"}:
        return bound[item["var"]]
    return item


def _array(value: Json, operation: str) -> list[Json]:
    if not isinstance(value, list):
        raise Missing(f"{operation}: not an array")
    return value


def select(value: Json, operations: Sequence[Operation], bound: Mapping[str, Json] | None = None) -> Json:
    """Apply ``operations`` to ``value`` in order; :class:`Missing` where there is nothing.

    >>> select({"a": [{"x": 1, "y": None}, {"x": 2, "y": 3}]}, [{"get": ["a"]}, {"where-set": "y"}, {"pluck": "x"}])
    [2]
    """
    bound = bound or {}
    for operation in operations:
        ((name, argument),) = operation.items()
        if name == "get":
            for raw_key in argument:
                key = _resolve(raw_key, bound)
                # Two arms, not one joined by "or": each narrows the key's type for its own index.
                if isinstance(value, dict) and isinstance(key, str) and key in value:  # noqa: SIM114
                    value = value[key]
                elif (
                    isinstance(value, list)
                    and isinstance(key, int)
                    and not isinstance(key, bool)
                    and 0 <= key < len(value)
                ):
                    value = value[key]
                else:
                    raise Missing(f"no {key!r} there")
        elif name == "where":
            wanted = {k: _resolve(v, bound) for k, v in argument.items()}
            value = [
                item
                for item in _array(value, name)
                if isinstance(item, dict) and all(same(item.get(k), v) for k, v in wanted.items())
            ]
        elif name == "where-set":
            value = [item for item in _array(value, name) if isinstance(item, dict) and item.get(argument) is not None]
        elif name == "pluck":
            value = [item.get(argument) if isinstance(item, dict) else None for item in _array(value, name)]
        elif name == "pick":
            if isinstance(value, list):
                value = [{k: item.get(k) for k in argument} if isinstance(item, dict) else item for item in value]
            elif isinstance(value, dict):
                value = {k: value.get(k) for k in argument}
            else:
                raise Missing("pick: not an object")
        elif name == "flatten":
            value = [item for part in _array(value, name) for item in _array(part, name)]
        elif name == "sort":
            items = _array(value, name)
            try:
                value = sorted(items)
            except TypeError as error:
                raise Missing(f"sort: {error}") from error
        elif name == "count":
            value = len(_array(value, name))
        elif name == "nonempty":
            value = bool(_array(value, name))
        elif name == "sum":
            items = _array(value, name)
            if not all(isinstance(item, int) and not isinstance(item, bool) for item in items):
                raise Missing("sum: not an array of integers")
            value = sum(items)
        else:
            raise ValueError(f"unknown check operation {name!r}")
    return value


def judge(check: Check, response: Mapping[str, Any]) -> None:
    """Raise :class:`CheckFailed` unless ``response`` meets ``check``."""
    try:
        bound: dict[str, Json] = {}
        for name, ops in check.let:
            bound[name] = select(response, ops, bound)
        actual = select(response, check.select, bound)
    except Missing as error:
        raise CheckFailed(
            f"{check.what}: expected {shown(check.expected)}, the engine answered nothing there ({error})"
        ) from None
    if not same(check.expected, actual):
        raise CheckFailed(f"{check.what}: expected {shown(check.expected)}, engine answered {shown(actual)}")


#: How much of a value a failure message shows: an engine's answer can be of any size.
SHOWN_LIMIT = 400


def shown(value: Json) -> str:
    """A value as JSON, the way the engine wrote it, control characters escaped and cut short.

    >>> shown(["KS", None, True])
    '["KS", null, true]'
    >>> shown(chr(27)) == '"' + chr(92) + 'u001b"'  # an escape character stays inert text
    True
    >>> len(shown("x" * 1000)) <= SHOWN_LIMIT + 20
    True
    """
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= SHOWN_LIMIT else f"{text[:SHOWN_LIMIT]}… ({len(text)} characters)"


__all__ = ["Check", "CheckFailed", "judge", "same", "select"]
