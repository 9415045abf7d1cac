"""``napspec certify`` of the reference engine by both routes, in-process (its entry point)
and over the protocol (``napspec-reference serve``): the same statuses, case by case. A file
of its own, so that it runs beside the rest of :mod:`tests.conformance.test_certify`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from napspec.conformance.certify import REPORT_FORMAT
from napspec.spec.terminal import ExitStatus

from .conftest import run_certify

SERVE_REFERENCE = f"{sys.executable} -m napspec.reference.cli serve"


def _statuses(report: dict[str, Any]) -> dict[str, str]:
    return {case["id"]: case["status"] for case in report["cases"]}


def test_reference_is_certified_in_process_and_over_the_protocol_alike(tmp_path: Path) -> None:
    narrow = ("--profile", "britannica", "--rule", "play", "--rule", "settlement")
    run = run_certify(tmp_path / "a", "--engine", "reference", *narrow)
    assert run.code == ExitStatus.CERTIFIED, run.output
    in_process = run.report
    assert in_process["format"] == REPORT_FORMAT and in_process["outcome"] == "complete"
    summary = in_process["summary"]
    assert summary["partial"] and not summary["certified"]  # a selection is never a certificate
    assert summary["passed"] == summary["applicable"] > 30
    assert in_process["engine"]["name"] == "napspec-reference"
    assert len(in_process["provenance"]["content_hash"]) == 64
    assert in_process["target"]["options"]["revoke"] == "replay-from-revoke-fine-five"
    assert in_process["selection"] == {"rules": ["play", "settlement"], "scenarios": [], "exitfirst": False}
    assert {rule.split(".")[0] for case in in_process["cases"] for rule in case["rules"]} >= {"play", "settlement"}
    served = run_certify(tmp_path / "b", "--engine-command", SERVE_REFERENCE, *narrow)
    assert served.code == ExitStatus.CERTIFIED, served.output
    assert _statuses(served.report) == _statuses(in_process)
