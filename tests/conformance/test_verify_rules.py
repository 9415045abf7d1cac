"""``napspec verify`` rebuilds a report's rule table (``rules``, ``rules_summary``) from the
checks of its cases, as it rebuilds the summary: a table edited to hide a failed rule is
refused even with the digest recomputed, and the schema holds the table's fields strictly."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.certify import report_digest
from napspec.conformance.integrity import inconsistencies
from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.conformance.verdicts import rule_summary, rule_table_problems
from napspec.spec.terminal import ExitStatus

from .conftest import ENGINES, CertifyRun, napspec, run_certify

NARROW = ("--profile", "hoyle", "--rule", "settlement.nap", "--case-timeout", "5")


@pytest.fixture(scope="module")
def failing_run(tmp_path_factory: pytest.TempPathFactory) -> CertifyRun:
    """A narrowed run of an engine that breaks one rule: a made Nap paid five stakes."""
    command = f"{sys.executable} {ENGINES / 'nap_pays_five.py'}"
    return run_certify(tmp_path_factory.mktemp("failing"), "--engine-command", command, *NARROW)


@pytest.fixture
def report(failing_run: CertifyRun) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(json.dumps(failing_run.report))
    return document


def _failed_row(document: dict[str, Any]) -> dict[str, Any]:
    failed: list[dict[str, Any]] = [row for row in document["rules"] if row["verdict"] == "failed"]
    assert failed, document["rules"]
    return failed[0]


def _sealed(document: dict[str, Any]) -> dict[str, Any]:
    document["digest"] = report_digest(document)
    return document


def _verify(tmp_path: Path, document: dict[str, Any]) -> tuple[int, str]:
    path = tmp_path / "report.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    completed = napspec("verify", str(path))
    return completed.returncode, completed.stdout + completed.stderr


def test_the_rule_table_napspec_wrote_is_the_one_its_cases_make(report: dict[str, Any]) -> None:
    assert report["rules"] and report["rules_summary"]["failed"] >= 1
    assert rule_table_problems(report, same_register=True) == []
    assert inconsistencies(report) == []


def test_verify_refuses_a_failed_rule_edited_to_passed(tmp_path: Path, report: dict[str, Any]) -> None:
    row = _failed_row(report)
    row.update(verdict="passed", failed_in=[], checks={**row["checks"], "passed": row["checks"]["failed"], "failed": 0})
    report["rules_summary"] = rule_summary(report["rules"])
    code, output = _verify(tmp_path, _sealed(report))
    assert code == ExitStatus.NOT_CERTIFIED and "NOT VERIFIED" in output, output
    assert f'its rule table says {row["rule"]} "passed", its cases make it "failed"' in output
    badge = napspec("badge", str(tmp_path / "report.json"), "-o", str(tmp_path / "badges"))
    assert "NOT VERIFIED" in badge.stdout and "NOT VERIFIED" in napspec("summary", str(tmp_path / "report.json")).stdout


def test_verify_refuses_a_rule_summary_its_table_does_not_make(tmp_path: Path, report: dict[str, Any]) -> None:
    report["rules_summary"] = {"passed": 1, "failed": 0, "not-judged": 0, "judged": 1}
    code, output = _verify(tmp_path, _sealed(report))
    assert code == ExitStatus.NOT_CERTIFIED and "its rules_summary says" in output, output


@pytest.mark.parametrize("how", ["left-out", "deleted", "counts"])
def test_verify_refuses_a_rule_table_with_a_rule_left_out_or_its_counts_changed(
    tmp_path: Path, report: dict[str, Any], how: str
) -> None:
    row = _failed_row(report)
    if how == "left-out":
        report["rules"] = [r for r in report["rules"] if r is not row]
        report["rules_summary"] = rule_summary(report["rules"])
        says = f"its rule table leaves out {row['rule']}"
    elif how == "deleted":
        del report["rules"], report["rules_summary"]
        says = "it has no rule table"
    else:
        row["checks"]["failed"] += 1
        says = f"its rule table's checks of {row['rule']} are not what its cases make them"
    code, output = _verify(tmp_path, _sealed(report))
    assert code == ExitStatus.NOT_CERTIFIED and says in output, output


def test_a_report_of_another_register_has_its_own_rules_judged_again(report: dict[str, Any]) -> None:
    """Its list of rules is its register's; the verdict of each is still rebuilt."""
    row = _failed_row(report)
    report["provenance"]["content_hash"] = "0" * 64
    assert rule_table_problems(report, same_register=False) == []
    row["verdict"] = "passed"
    assert any(row["rule"] in problem for problem in rule_table_problems(report, same_register=False))


def test_a_passed_case_with_a_failed_check_is_a_contradiction(report: dict[str, Any]) -> None:
    case = next(case for case in report["cases"] if any(c["verdict"] == "failed" for c in case["checks"]))
    case["status"] = "passed"
    assert f"case {case['id']} passed, yet a check of it failed" in inconsistencies(report)


def _checked(document: dict[str, Any]) -> dict[str, Any]:
    case: dict[str, Any] = next(case for case in document["cases"] if case.get("checks"))
    return case


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["rules"][0].update(note="x"),
        lambda d: d["rules"][0].update(verdict="certified"),
        lambda d: d["rules"][0]["checks"].update(skipped=1),
        lambda d: d["rules"][0]["checks"].update(passed=-1),
        lambda d: d["rules"][0].pop("failed_in"),
        lambda d: d["rules_summary"].update(certified=True),
        lambda d: d["rules_summary"].pop("judged"),
        lambda d: _checked(d)["checks"][0].update(verdict="ok"),
        lambda d: _checked(d)["checks"][0].update(extra=""),
        lambda d: _checked(d).update(table=3),
    ],
)
def test_the_schema_holds_the_rule_table_and_the_checks_strictly(report: dict[str, Any], edit: Any) -> None:
    assert REPORT_SCHEMAS.errors("certification-report", report) == []
    edit(report)
    assert REPORT_SCHEMAS.errors("certification-report", report)
