"""One target certified from start to end: the scenarios, then the differential part
(:mod:`napspec.conformance.differential`), with a fresh engine that is ended, with every
process it started, before the caller writes a report (``napspec certify`` and the main
job both certify through :func:`certify_target`)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

from napspec.conformance.certify import Certification, open_engine, run_certification
from napspec.conformance.contract import Engine
from napspec.conformance.differential import DEALS, Recording, differential, new_seed
from napspec.conformance.harness import end_orphans
from napspec.conformance.integrity import program_of
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
) -> Certification:
    """One target: a fresh engine runs the scenarios and then, for a whole run (no
    selection) with an ``oracle`` and ``deals``, the differential part (seeded with ``seed``,
    or a fresh seed); the engine and every process it started have ended when this returns,
    so that the report written next is napspec's alone. ``program`` is what ran
    (:func:`~napspec.conformance.integrity.program_of` by default).
    :class:`~napspec.conformance.certify.SelectionError` for a selection that matches
    nothing."""
    wrapped = open_engine(engine_name, engine_command, case_timeout=case_timeout, max_restarts=max_restarts)
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
            result.differential = differential(
                wrapped,
                oracle,
                target,
                seed=new_seed() if seed is None else seed,
                deals=deals,
                played=recording.played,
                oracle_label=oracle_label,
                deadline=deadline,
            )
    finally:
        wrapped.close()
        end_orphans()
    command = shlex.split(engine_command) if engine_command else None
    result.program = program if program is not None else program_of(engine_name, command)
    return result
