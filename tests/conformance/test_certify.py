"""``napspec certify`` end to end (the reference engine by both routes is in
:mod:`tests.conformance.test_certify_routes`): each rule-breaking engine is failed on the rule it breaks
while the run goes on; crashing, hanging and garbage-printing engines are survived. Each run
is narrowed (``--rule``) to the scenarios the test needs; every report is checked against
its schema (:func:`run_certify`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from napspec.spec.terminal import ExitStatus

from .conftest import ENGINES, napspec_here, run_certify


def _failed_rules(report: dict[str, Any]) -> set[str]:
    return {rule for case in report["cases"] if case["status"] == "failed" for rule in case["rules"]}


@pytest.mark.parametrize(
    ("script", "broken_rule"),
    [
        ("ignores_follow_suit.py", "play.follow-suit"),
        ("nap_pays_five.py", "settlement.nap"),
        ("trumps_ignored.py", "play.trick-winner"),
    ],
)
def test_a_rule_breaker_fails_on_the_rule_it_breaks(tmp_path: Path, script: str, broken_rule: str) -> None:
    command = f"{sys.executable} {ENGINES / script}"
    run = run_certify(
        tmp_path, "--engine-command", command, "--profile", "britannica", "--rule", broken_rule, "--rule", "calling"
    )
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    report = run.report
    assert broken_rule in _failed_rules(report), _failed_rules(report)
    summary = report["summary"]
    assert summary["errored"] == summary["timed-out"] == 0, "the run went on normally"
    assert summary["passed"] > summary["failed"], "the rest of the rules still pass"
    failure = next(c for c in report["cases"] if c["status"] == "failed" and broken_rule in c["rules"])
    assert "expected" in failure["message"] and "engine answered" in failure["message"]
    assert failure["quote"], "a failure names the words of the source it enforces"
    assert "NOT CERTIFIED" in run.output
    # Failures are printed as JSON with their example row, unwrapped even when piped.
    assert json.dumps(failure["message"], ensure_ascii=False) in run.output
    assert json.dumps(failure["example"]["profile"]) in run.output


@pytest.mark.parametrize(
    ("script", "status"),
    [("crash.py", "errored"), ("hang.py", "timed-out"), ("garbage.py", "errored")],
)
def test_a_broken_engine_is_survived(tmp_path: Path, script: str, status: str) -> None:
    command = f"{sys.executable} {ENGINES / script} --always"
    run = run_certify(
        tmp_path,
        "--engine-command",
        command,
        "--profile",
        "hoyle",
        "--case-timeout",
        "0.5",
        "--max-restarts",
        "2",
        "--rule",
        "play.follow-suit",
    )
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    report = run.report
    statuses = {case["status"] for case in report["cases"] if case["status"] != "not-applicable"}
    assert status in statuses, report["cases"]
    assert statuses <= {status, "errored", "not-run"}, statuses  # after the restart cap, the run stops
    assert all(case["message"] for case in report["cases"] if case["status"] != "passed")
    assert not report["summary"]["certified"]


def test_report_names_engine_and_target_from_house_rules(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "twelve"\n[options]\nnap-stakes = "win-12-lose-6"\n')
    run = run_certify(tmp_path / "r", "--engine", "reference", "--house-rules", str(house), "--rule", "settlement.nap")
    assert run.code == ExitStatus.CERTIFIED, run.output
    report = run.report
    assert report["target"]["name"] == "hoyle+twelve"
    assert report["target"]["options"]["nap-stakes"] == "win-12-lose-6"
    nap = [c for c in report["cases"] if "settlement.nap" in c["rules"]]
    # Scenarios written for Nap at 10 and 5 do not apply to these house rules; those
    # written for 12 and 6 run under them, and pass.
    assert {c["status"] for c in nap} == {"passed", "not-applicable"}, nap
    assert all(c["status"] == "passed" for c in report["cases"] if c["status"] != "not-applicable")


def test_certify_refuses_unknown_engines_and_profiles(tmp_path: Path) -> None:
    completed = napspec_here("certify", "--engine", "refrence", "--profile", "hoyle", "--report-dir", str(tmp_path))
    assert completed.returncode == ExitStatus.USAGE_ERROR
    assert "did you mean 'reference'" in completed.stdout + completed.stderr
    completed = napspec_here("certify", "--engine", "reference", "--profile", "hoyel", "--report-dir", str(tmp_path))
    assert completed.returncode == ExitStatus.USAGE_ERROR
    assert "'hoyel' is not one of" in completed.stdout + completed.stderr
    assert not list(tmp_path.glob("certify-*"))


def test_what_an_engine_does_not_declare_is_skipped_and_counted_against_it(tmp_path: Path) -> None:
    command = f"{sys.executable} {ENGINES / 'modest.py'}"
    run = run_certify(
        tmp_path,
        "--engine-command",
        command,
        "--profile",
        "hoyle",
        "--rule",
        "irregularities.revoke-penalty",
        "--rule",
        "play.follow-suit",
    )
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    report = run.report
    skipped = [c for c in report["cases"] if c["status"] == "skipped-unsupported"]
    assert skipped and all("irregular" in c["message"] for c in skipped), skipped[:3]
    summary = report["summary"]
    assert summary["failed"] == summary["errored"] == 0
    assert summary["score"] == round(summary["passed"] / summary["applicable"], 4) < 1
    assert not summary["certified"]
