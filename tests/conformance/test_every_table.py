"""An engine that seats several table sizes is judged on each rule at every one of them the
row can be set at, not only at the table the row is written for: a fault at one table size
alone fails the rule, naming the table."""

from __future__ import annotations

import copy
from typing import Any

from rich.console import Console

from napspec.conformance.certify import report_document, resolve_target, run_certification
from napspec.conformance.harness import InProcessEngine
from napspec.reference.contract_adapter import ReferenceEngine


class Seats:
    """The reference engine declaring the table sizes it seats; with ``wrong_at``, it
    answers no legal play at that table size."""

    def __init__(self, seats: list[int], wrong_at: int | None = None) -> None:
        self.reference = ReferenceEngine()
        self.seats = seats
        self.wrong_at = wrong_at

    def hello(self) -> dict[str, Any]:
        hello = copy.deepcopy(self.reference.hello())
        hello["capabilities"]["players"] = self.seats
        return hello

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        result = self.reference.run(case)
        if case["players"] == self.wrong_at and "legal-actions" in result.get("answers", {}):
            result["answers"]["legal-actions"] = [a for a in result["answers"]["legal-actions"] if a["type"] != "play"]
        return result

    def close(self) -> None:
        self.reference.close()


def _certify(engine: Seats) -> dict[str, Any]:
    result = run_certification(
        harness_engine=InProcessEngine(engine),
        target=resolve_target("britannica", None),
        scenarios=["play-must-follow-suit"],
        console=Console(file=open("/dev/null", "w")),  # noqa: SIM115
    )
    return report_document(result)


def test_a_row_is_judged_at_every_table_the_engine_seats() -> None:
    document = _certify(Seats([3, 4, 5]))
    cases = [c for c in document["cases"] if c["status"] != "not-applicable"]
    assert cases
    for case in cases:
        assert case["status"] == "passed"
        assert case["table"] == "written for 3 players, played at 3 and 4 and 5"
        tables = {check["what"].split(":")[0] for check in case["checks"] if check["what"].startswith("at ")}
        assert tables == {"at 4 players", "at 5 players"}
        assert all(check["verdict"] == "passed" for check in case["checks"])


def test_a_fault_at_one_table_size_alone_fails_the_rule_naming_the_table() -> None:
    document = _certify(Seats([3, 4, 5], wrong_at=5))
    cases = [c for c in document["cases"] if c["status"] != "not-applicable"]
    assert cases and {case["status"] for case in cases} == {"failed"}
    for case in cases:
        failed = [check["what"] for check in case["checks"] if check["verdict"] == "failed"]
        assert failed and all(what.startswith("at 5 players: ") for what in failed)
    (row,) = [r for r in document["rules"] if r["rule"] == "play.follow-suit"]
    assert row["verdict"] == "failed"
    # Declared at one size only, the same engine is judged there only, and passes.
    document = _certify(Seats([3], wrong_at=5))
    assert {c["status"] for c in document["cases"]} <= {"passed", "not-applicable"}
