"""The suite as data: every case of the scenarios, resolved for one target, with the checks
its answers must meet, one JSON object per line (``napspec dump-cases``).

A runner in any language can judge an engine from such a dump without Python, as the
CommonMark spec's test dump lets any Markdown parser be tested: send each case in a run
request, apply each check to the response. The lines are valid against
``features/schema/dump-case.schema.json``; the cases are exactly those the pytest-bdd route
(``napspec certify``) sends, planned by the same code (:mod:`napspec.suite.plan`).

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

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

# jsonschema ships no type information (as in napspec.conformance.schemas).
import jsonschema  # type: ignore[import-untyped, unused-ignore]
from referencing import Resource
from referencing.jsonschema import DRAFT202012

from napspec.conformance import schemas
from napspec.suite.plan import plan_scenario
from napspec.suite.scenarios import Scenario, load_scenarios, suite_hash
from napspec.suite.targets import Target
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


def problems(line: object, limit: int = 5) -> list[str]:
    """What keeps ``line`` from being a line of a dump (empty if nothing)."""
    found = sorted(_validator().iter_errors(line), key=lambda e: list(e.absolute_path))
    out = [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:300]}" for e in found[:limit]]
    if len(found) > limit:
        out.append(f"and {len(found) - limit} more")
    return out


def dump_lines(
    target: Target,
    scenarios: Iterable[Scenario] | None = None,
    vocabulary: Sequence[Phrase] = VOCABULARY,
) -> Iterator[dict[str, Any]]:
    """The lines of the dump for ``target``: for each scenario row in suite order, its cases
    in order, or one line saying why the row does not apply."""
    stamp = suite_hash()
    for scenario in load_scenarios() if scenarios is None else scenarios:
        plans = list(plan_scenario(scenario, target, vocabulary))
        shared = Counter(plan.label for plan in plans)
        seen: Counter[str] = Counter()
        for plan in plans:
            # Rows that would share a label are numbered, as certify numbers its case ids.
            label = plan.label
            if shared[label] > 1:
                seen[label] += 1
                label = f"{label}#{seen[label]}"
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
            for number, case in enumerate(plan.cases, start=1):
                checks = []
                for check, step_index in zip(case.checks, case.steps):
                    step = plan.steps[step_index].step
                    checks.append({"step": f"{step.keyword} {step.text}", "line": step.line, **check.to_json()})
                yield {
                    **line,
                    "index": number,
                    "of": len(plan.cases),
                    "case": case.message,
                    "checks": checks,
                    "not_applicable": None,
                }


__all__ = ["FORMAT", "SCHEMA_PATH", "dump_lines", "problems", "schema"]
