"""The suite as data: every case of the scenarios, resolved for one target, with the checks
its answers must meet, one JSON object per line (``napspec dump-cases``).

A runner in any language can judge an engine from such a dump without Python, as the
CommonMark spec's test dump lets any Markdown parser be tested: send each case in a run
request, apply each check to the response. The lines are valid against
``features/schema/dump-case.schema.json``; the cases are exactly those ``napspec certify``
sends, planned by the same code (:mod:`napspec.suite.plan`, :mod:`napspec.suite.rows`).

>>> from napspec.suite.targets import Target
>>> lines = list(dump_lines(Target.from_options("hoyle", None)))
>>> first = next(line for line in lines if line["case"])
>>> sorted(first["case"]) == ["actions", "dealer", "id", "irregular", "options", "players", "queries", "start"]
True
>>> problems(first)
[]
>>> any(line["not_applicable"] for line in lines)
True
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

# jsonschema ships no type information (as in napspec.protocol.schemas).
import jsonschema  # type: ignore[import-untyped, unused-ignore]
from referencing import Resource
from referencing.jsonschema import DRAFT202012

from napspec.protocol import schemas
from napspec.suite.cases import schema_problems
from napspec.suite.plan import RowPlan, plan_scenario
from napspec.suite.rows import larger_tables, numbered, table_words
from napspec.suite.scenarios import Scenario, load_scenarios, suite_hash
from napspec.suite.targets import Target
from napspec.suite.verdicts import judge_row
from napspec.suite.vocabulary import VOCABULARY, Phrase

FORMAT = "napspec-cases/1"
SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / "dump-case.schema.json"


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of one line of a dump."""
    document: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return document


@cache
def _validator() -> Any:
    # The case part refers to the protocol's own schema, served from napspec.conformance.
    registry = schemas.registry().with_resource(
        schema()["$id"], Resource.from_contents(schema(), default_specification=DRAFT202012)
    )
    return jsonschema.Draft202012Validator(schema(), registry=registry)


#: What the dump's schema says of a line's ``case``: the protocol's case, or null.
_CASE_OR_NULL = [{"$ref": schemas.load_schema("case")["$id"]}, {"type": "null"}]

#: The least check the schema allows: what a line's checks are replaced by, once each has
#: been validated on its own, when the rest of the line is validated.
_STAND_IN_CHECK = {"step": "Then", "line": 1, "what": "", "rules": ["x"], "queries": [], "select": [], "expected": None}


@cache
def _part_validators() -> tuple[Any, Any] | None:
    """Validators for the parts of a line: (the schema with the case taken out and the checks
    left to be counted, one check). None if the schema no longer says of the case what
    :data:`_CASE_OR_NULL` says: the whole schema is then used."""
    whole = schema()
    if whole["properties"]["case"].get("anyOf") != _CASE_OR_NULL:
        return None
    rest = copy.deepcopy(whole)
    rest["properties"]["case"] = {"type": ["object", "null"]}
    one_check = {**copy.deepcopy(whole), "$ref": "#/$defs/check"}
    for keyword in ("type", "required", "properties", "allOf", "additionalProperties", "title", "description"):
        one_check.pop(keyword, None)
    return _validator().evolve(schema=rest), _validator().evolve(schema=one_check)


Errors = list[tuple[list[str | int], str]]


def _errors(validator: Any, instance: object) -> Errors:
    return [(list(error.absolute_path), error.message) for error in validator.iter_errors(instance)]


@cache
def _check_errors(check: str) -> tuple[tuple[tuple[str | int, ...], str], ...]:
    # The same checks recur from row to row and from target to target.
    parts = _part_validators()
    assert parts is not None
    return tuple((tuple(path), message) for path, message in _errors(parts[1], json.loads(check)))


def _line_errors(line: object) -> Errors:
    """What the dump's schema finds wrong in ``line``, found by parts, since most of a line
    recurs from line to line: the case by the suite's own validation of cases (by
    remembered parts, :func:`napspec.suite.cases.schema_problems`), each distinct check once,
    and the rest with stand-ins for those. The same verdict as the whole schema's; the
    case's problems are worded as the case validation words them."""
    parts = _part_validators()
    if parts is None or not isinstance(line, Mapping) or not isinstance(line.get("checks"), list):
        return _errors(_validator(), line)
    checks: list[object] = line["checks"]
    found: Errors = []
    for index, check in enumerate(checks):
        try:
            key = json.dumps(check, sort_keys=True, allow_nan=False)
        except ValueError:  # not JSON at all: the whole schema says what is wrong
            return _errors(_validator(), line)
        found += [(["checks", index, *path], message) for path, message in _check_errors(key)]
    found += _errors(parts[0], {**line, "checks": [_STAND_IN_CHECK] * len(checks)})
    case = line.get("case")
    if isinstance(case, Mapping):
        found += [(["case"], problem) for problem in schema_problems(case)]
    return found


def problems(line: object, limit: int = 5) -> list[str]:
    """What keeps ``line`` from being a line of a dump (empty if nothing)."""
    found = sorted(_line_errors(line), key=lambda e: [str(part) for part in e[0]])
    out = [f"{'/'.join(map(str, path)) or '(root)'}: {message[:300]}" for path, message in found[:limit]]
    if len(found) > limit:
        out.append(f"and {len(found) - limit} more")
    return out


def dump_lines(
    target: Target,
    scenarios: Iterable[Scenario] | None = None,
    vocabulary: Sequence[Phrase] = VOCABULARY,
    seats: Sequence[int] | None = None,
) -> Iterator[dict[str, Any]]:
    """The lines of the dump for ``target``: for each scenario row in suite order, its cases
    in order, or one line saying why the row does not apply. With ``seats`` (the table sizes
    an engine seats, as its handshake declares them to ``napspec certify``), a row written
    for another table is set at the smallest of them it can be, and again at each larger
    one, its cases there following its own (their checks named by the table), as certify
    plays it. Each
    check names the rules it enforces, found as certify's verdicts find them
    (:func:`napspec.suite.verdicts.judge_row`).

    >>> from napspec.suite.targets import Target
    >>> lines = [line for line in dump_lines(Target.from_options("britannica", None), seats=[4]) if line["case"]]
    >>> any(line.get("table") == "written for 3 players, played at 4" for line in lines)
    True
    """
    stamp = suite_hash()
    for scenario in load_scenarios() if scenarios is None else scenarios:
        plans = list(plan_scenario(scenario, target, vocabulary, seats))
        # Rows that would share a label are numbered, as certify numbers its case ids.
        for plan, label in zip(plans, numbered([plan.label for plan in plans])):
            line: dict[str, Any] = {
                "format": FORMAT,
                "suite_hash": stamp,
                "target": target.name,
                "scenario": scenario.id,
                "label": label,
                "name": scenario.name,
                "row": plan.row,
                "rules": list(scenario.rules),
                "chapter": scenario.chapter,
                "file": f"{scenario.file}:{scenario.line}",
            }
            if plan.not_applicable:
                yield {**line, "index": 0, "of": 0, "case": None, "checks": [], "not_applicable": plan.not_applicable}
                continue
            played_at = plan.cases[0].message["players"] if plan.cases else 0
            larger = larger_tables(plan.scenario, plan.row, target, vocabulary, seats, played_at)
            if table := table_words(plan, larger):
                line["table"] = table
            cases = [*_checked(plan), *(case for each in larger for case in _checked(each, larger_table=True))]
            for number, (case, checks) in enumerate(cases, start=1):
                yield {
                    **line,
                    "index": number,
                    "of": len(cases),
                    "case": case,
                    "checks": checks,
                    "not_applicable": None,
                }


def _checked(plan: RowPlan, larger_table: bool = False) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Each case of ``plan`` and its checks, each check with the rules it enforces as the
    verdicts of a run name them (no answer read yet); at a larger table than the row is
    first played at, each check named by that table, as certify names it."""
    enforced = iter(judge_row([(case.message, case.checks) for case in plan.cases], {}, plan.scenario.rules))
    at = f"at {plan.cases[0].message['players']} players: " if larger_table else ""
    out = []
    for case in plan.cases:
        checks = []
        for check, step_index in zip(case.checks, case.steps):
            step = plan.steps[step_index].step
            verdict = next(enforced)
            assert verdict.what == check.what, (verdict.what, check.what)
            json_check = check.to_json()
            checks.append(
                {
                    "step": f"{step.keyword} {step.text}",
                    "line": step.line,
                    **json_check,
                    "what": at + str(json_check["what"]),
                    "rules": list(verdict.rules),
                }
            )
        out.append((case.message, checks))
    return out


__all__ = ["FORMAT", "SCHEMA_PATH", "dump_lines", "problems", "schema"]
