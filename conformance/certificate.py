"""One target certified from start to end: the scenarios, then the differential part
(:mod:`napspec.conformance.differential`), with a fresh engine that is ended, with every
process it started, before the caller writes a report (``napspec certify`` and the main
job both certify through :func:`certify_target`)."""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from napspec.conformance.certify import Certification, run_certification
from napspec.conformance.differential import DEALS, Recording, new_seed, out_of_scope
from napspec.conformance.differential import differential as run_differential
from napspec.conformance.harness import end_orphans, open_engine
from napspec.conformance.integrity import program_of, short
from napspec.conformance.scope import deal_scope, traces
from napspec.protocol import Engine
from napspec.spec.terminal import printable
from napspec.suite.targets import Target


def certify_target(
    target: Target,
    engine_name: str | None,
    engine_command: str | None,
    *,
    oracle: Engine | None,
    oracle_label: str = "oracle",
    case_timeout: float = 10.0,
    max_restarts: int = 5,
    rules: Sequence[str] = (),
    scenarios: Sequence[str] = (),
    exitfirst: bool = False,
    deadline: float | None = None,
    deals: int = DEALS,
    seed: int | None = None,
    program: dict[str, Any] | None = None,
    harness_engine: Engine | None = None,
) -> Certification:
    """One target: a fresh engine runs the scenarios and then, for a whole run (no
    selection) with an ``oracle`` and ``deals``, the differential part (seeded with ``seed``,
    or a fresh seed); the engine and every process it started have ended when this returns,
    so that the report written next is napspec's alone. ``program`` is what ran
    (:func:`~napspec.conformance.integrity.program_of` by default). ``harness_engine``: an
    engine already wrapped by the harness to certify instead of opening one (closed here).
    :class:`~napspec.conformance.certify.SelectionError` for a selection that matches
    nothing."""
    wrapped = harness_engine or open_engine(
        engine_name, engine_command, case_timeout=case_timeout, max_restarts=max_restarts
    )
    recording = Recording(wrapped)
    try:
        result = run_certification(
            target=target,
            harness_engine=recording,
            engine=engine_name,
            engine_command=engine_command,
            case_timeout=case_timeout,
            max_restarts=max_restarts,
            rules=rules,
            scenarios=scenarios,
            exitfirst=exitfirst,
            deadline=deadline,
        )
        whole = result.selection is None and result.outcome == "complete" and not result.engine_error
        if oracle is not None and deals and whole:
            seed = new_seed() if seed is None else seed
            try:
                hello = wrapped.hello()
                scope, why = deal_scope(target, hello, oracle.hello())
                if scope is None:
                    result.differential = out_of_scope(oracle, why, seed=seed, deals=deals, oracle_label=oracle_label)
                else:
                    result.differential = run_differential(
                        wrapped,
                        oracle,
                        target,
                        scope,
                        seed=seed,
                        deals=deals,
                        recording=recording,
                        oracle_label=oracle_label,
                        deadline=deadline,
                        trace=traces(hello),
                    )
            except KeyboardInterrupt:  # the scenarios' results are kept: a partial report
                result.outcome = "interrupted"
    finally:
        wrapped.close()
        end_orphans()
    command = shlex.split(engine_command) if engine_command else None
    result.program = program if program is not None else program_of(engine_name, command)
    return result


def rerun_report(
    document: Mapping[str, Any],
    engine_name: str | None,
    engine_command: str | None,
    *,
    oracle: Engine | None,
    oracle_label: str = "oracle",
    case_timeout: float = 10.0,
    deadline: float | None = None,
    max_restarts: int = 5,
) -> Certification:
    """The run a saved report records, made again against the engine given: the same
    target (its option map), the same selection, and the same random deals (the recorded
    seed and number of deals); a crashed engine is restarted up to ``max_restarts`` times."""
    target_name = str(document["target"]["name"])
    target = Target(
        name=target_name,
        base=target_name.split("+", maxsplit=1)[0],
        values=dict(document["target"]["options"]),
        variants=tuple(document["target"].get("variants", ())),
    )
    selection = document.get("selection") or {}
    differential_part = document.get("differential")
    return certify_target(
        target,
        engine_name,
        engine_command,
        oracle=oracle if differential_part is not None else None,
        oracle_label=oracle_label,
        case_timeout=case_timeout,
        rules=selection.get("rules", ()),
        scenarios=selection.get("scenarios", ()),
        exitfirst=bool(selection.get("exitfirst")),
        deadline=deadline,
        max_restarts=max_restarts,
        deals=int(differential_part["planned"]) if differential_part else 0,
        seed=int(differential_part["seed"]) if differential_part else None,
    )


def compare_reports(saved: Mapping[str, Any], again: Mapping[str, Any], shown: int = 5) -> list[str]:
    """How a report made again differs from the saved one: the program, any case's status,
    the verdict, and the differential part's deals, answers compared and findings.

    >>> compare_reports({"cases": [{"id": "a", "status": "passed"}]}, {"cases": [{"id": "a", "status": "failed"}]})
    ['case a: the report says passed, the run now gives failed']
    """
    problems: list[str] = []
    program, now = saved.get("program") or {}, again.get("program") or {}
    if program.get("digest") != now.get("digest"):
        problems.append(
            f"the engine given is not the program that made the report ({short(program)}; now {short(now)})"
        )
    before = {str(case["id"]): case["status"] for case in saved.get("cases", [])}
    after = {str(case["id"]): case["status"] for case in again.get("cases", [])}
    if set(before) != set(after):
        problems.append(f"the run now has {len(after)} cases, the report {len(before)}")
    changed = [case_id for case_id in before if case_id in after and before[case_id] != after[case_id]]
    problems += [
        f"case {printable(case_id)}: the report says {before[case_id]}, the run now gives {after[case_id]}"
        for case_id in changed[:shown]
    ]
    if len(changed) > shown:
        problems.append(f"and {len(changed) - shown} more cases changed")
    for key in ("certified", "partial"):
        was, now_value = (saved.get("summary") or {}).get(key), (again.get("summary") or {}).get(key)
        if was != now_value:
            problems.append(f"the report says {key} {json.dumps(was)}, the run now gives {json.dumps(now_value)}")
    covered, covers = (saved.get("scope") or {}).get("statement"), (again.get("scope") or {}).get("statement")
    if covered != covers:
        problems.append(f"the report covers {json.dumps(covered)}, the run now covers {json.dumps(covers)}")
    first, second = saved.get("differential"), again.get("differential")
    if (first is None) != (second is None):
        problems.append("the run now has no differential part" if second is None else "the report has none")
    elif first is not None and second is not None:
        for key in ("deals", "cases"):
            if first.get(key) != second.get(key):
                problems.append(f"random deals: the report says {key} {first.get(key)}, the run now {second.get(key)}")
        if (first.get("divergence") is None) != (second.get("divergence") is None):
            problems.append("random deals: a divergence in one run and not the other")
        if bool(first.get("nondeterministic")) != bool(second.get("nondeterministic")):
            problems.append("random deals: changed answers in one run and not the other")
    return problems
