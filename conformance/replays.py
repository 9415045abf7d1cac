"""The replays' record: every scenario row played by an engine and its answers saved, for the
rulebook to step through each scenario card by card (``replays.json`` beside the
certification reports; :mod:`napspec.docs.rulebook.replays` reads it).

For each row of each scenario (:func:`~napspec.suite.rows.rows_of`), planned as written
(:class:`~napspec.suite.rows.RowRun` with no target: the scenario's own profile and table), the
record holds the engine's answers to the row's planned cases, each sent once as ``napspec
certify`` sends them, and to the row's replay case (:func:`~napspec.suite.replay.replay_case`):
the whole hand, its answers traced after every action. The engine is opened by the caller, the
one way engines are opened (:func:`~napspec.conformance.harness.open_engine`); the main job
records the engine it certifies (:func:`napspec.docs.pipeline.record_replays`).

Nothing here judges the answers: the rulebook judges each check from the record as
``napspec certify`` would (:func:`~napspec.suite.verdicts.judge_row`), and shows what it finds.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from napspec.conformance.harness import InProcessEngine, ProtocolEngine
from napspec.protocol import EngineError, UnsupportedCase
from napspec.suite.replay import REPLAYS_FILE, REPLAYS_FORMAT, NoReplay, replay_case, row_key
from napspec.suite.rows import RowRun, RowSkipped, rows_of
from napspec.suite.scenarios import load_scenarios, suite_hash


def _answer(engine: InProcessEngine | ProtocolEngine, case: dict[str, Any]) -> dict[str, Any]:
    """The engine's response to ``case``, or what kept it from answering (``error``)."""
    try:
        return {"response": engine.run(copy.deepcopy(case))}
    except UnsupportedCase as error:
        return {"error": f"unsupported: {error.reason}"}
    except EngineError as error:
        return {"error": f"{type(error).__name__}: {error}"}


def record(engine: InProcessEngine | ProtocolEngine) -> dict[str, Any]:
    """Every scenario row played by ``engine``: the record, as :data:`REPLAYS_FORMAT` has it.
    The row's planned cases are sent as ``napspec certify`` sends them, by a
    :class:`~napspec.suite.rows.RowRun` (each once, in the order its steps ask them)."""
    rows: dict[str, Any] = {}
    for scenario in load_scenarios():
        for index, row in enumerate(rows_of(scenario)):
            key = row_key(scenario.id, index)
            try:
                run = RowRun(scenario, row, None, engine, None)
                case = replay_case(run.plan)
            except (RowSkipped, NoReplay) as why:
                rows[key] = {"error": str(why)}
                continue
            stopped = ""
            try:
                for position in range(len(run.plan.steps)):
                    run.ask_step(position)
            except (RowSkipped, EngineError) as error:
                stopped = f"{type(error).__name__}: {error}"
            rows[key] = {
                "case": case,
                "replay": _answer(engine, case),
                "cases": [
                    {"response": run.responses[number]} if number in run.responses else {"error": stopped}
                    for number in range(len(run.plan.cases))
                ],
            }
    hello = engine.hello()
    return {
        "format": REPLAYS_FORMAT,
        "engine": {"name": hello["engine"]["name"], "version": hello["engine"]["version"]},
        "content_hash": suite_hash(),
        "rows": rows,
    }


def write_replays(engine: InProcessEngine | ProtocolEngine, folder: Path) -> Path:
    """Record every scenario row played by ``engine`` into ``folder`` (:data:`REPLAYS_FILE`)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / REPLAYS_FILE
    path.write_text(json.dumps(record(engine), separators=(",", ":")), encoding="utf-8")
    return path


__all__ = ["record", "write_replays"]
