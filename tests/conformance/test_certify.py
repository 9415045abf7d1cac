"""``napspec certify`` end to end: the reference engine is certified in-process and over the
protocol with identical results; each rule-breaking engine is failed on the rule it breaks
while the run goes on; crashing, hanging and garbage-printing engines are survived."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.certify import REPORT_FORMAT
from tests.conformance.conftest import ENGINES, REPO

SERVE_REFERENCE = f"{sys.executable} -m napspec.reference.cli serve"


def certify(tmp_path: Path, *arguments: str, timeout: float = 300) -> tuple[int, dict[str, Any], str]:
    """Run ``napspec certify`` in a child process; its exit status, JSON report and output."""
    completed = subprocess.run(
        [sys.executable, "-m", "napspec.docs.pipeline", "certify", "--report-dir", str(tmp_path), *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    reports = sorted(tmp_path.glob("certify-*.json"))
    assert len(reports) == 1, completed.stdout + completed.stderr
    return completed.returncode, json.loads(reports[0].read_text()), completed.stdout + completed.stderr


def _statuses(report: dict[str, Any]) -> dict[str, str]:
    return {case["id"] + repr(sorted(case["example"].items())): case["status"] for case in report["cases"]}


def _failed_rules(report: dict[str, Any]) -> set[str]:
    return {rule for case in report["cases"] if case["status"] == "failed" for rule in case["rules"]}


def test_reference_is_certified_in_process_and_over_the_protocol_alike(tmp_path: Path) -> None:
    code, in_process, output = certify(tmp_path / "a", "--engine", "reference", "--profile", "britannica")
    assert code == 0, output
    assert in_process["format"] == REPORT_FORMAT
    assert in_process["summary"]["certified"] and in_process["summary"]["passed"] > 100
    assert in_process["engine"]["name"] == "napspec-reference"
    assert len(in_process["provenance"]["content_hash"]) == 64
    assert in_process["target"]["options"]["revoke"] == "replay-from-revoke-fine-five"
    code, served, output = certify(tmp_path / "b", "--engine-command", SERVE_REFERENCE, "--profile", "britannica")
    assert code == 0, output
    assert _statuses(served) == _statuses(in_process)
    junit = ET.parse(next((tmp_path / "b").glob("*.junit.xml"))).getroot()
    assert junit.tag == "testsuites"
    assert sum(int(suite.get("tests", 0)) for suite in junit) == served["summary"]["applicable"]


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
    code, report, output = certify(tmp_path, "--engine-command", command, "--profile", "britannica")
    assert code == 1, output
    assert broken_rule in _failed_rules(report), _failed_rules(report)
    summary = report["summary"]
    assert summary["errored"] == summary["timed-out"] == 0, "the run went on normally"
    assert summary["passed"] > summary["failed"], "the rest of the rules still pass"
    failure = next(c for c in report["cases"] if c["status"] == "failed" and broken_rule in c["rules"])
    assert "expected" in failure["message"] and "engine answered" in failure["message"]
    assert failure["quote"], "a failure names the words of the source it enforces"
    assert "NOT CERTIFIED" in output


@pytest.mark.parametrize(
    ("script", "status"),
    [("crash.py", "errored"), ("hang.py", "timed-out"), ("garbage.py", "errored")],
)
def test_a_broken_engine_is_survived(tmp_path: Path, script: str, status: str) -> None:
    command = f"{sys.executable} {ENGINES / script} --always"
    code, report, output = certify(
        tmp_path,
        "--engine-command", command,
        "--profile", "hoyle",
        "--case-timeout", "0.5",
        "--max-restarts", "2",
        "-k", "follow",
    )
    assert code == 1, output
    statuses = {case["status"] for case in report["cases"] if case["status"] != "not-applicable"}
    assert status in statuses, report["cases"]
    assert statuses <= {status, "errored"}, statuses  # after the restart cap, cases error
    assert all(case["message"] for case in report["cases"] if case["status"] != "not-applicable")
    assert not report["summary"]["certified"]


def test_report_names_engine_and_target_from_house_rules(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "twelve"\n[options]\nnap-stakes = "win-12-lose-6"\n')
    code, report, output = certify(tmp_path / "r", "--engine", "reference", "--house-rules", str(house), "-k", "nap")
    assert code == 0, output
    assert report["target"]["name"] == "hoyle+twelve"
    assert report["target"]["options"]["nap-stakes"] == "win-12-lose-6"
    nap = [c for c in report["cases"] if "settlement.nap" in c["rules"]]
    # Scenarios written for Nap at 10 and 5 do not apply to these house rules; those
    # written for 12 and 6 run under them, and pass.
    assert {c["status"] for c in nap} == {"passed", "not-applicable"}, nap
    assert all(c["status"] == "passed" for c in report["cases"] if c["status"] != "not-applicable")


def test_certify_refuses_unknown_engines_and_profiles(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "napspec.docs.pipeline", "certify", "--engine", "refrence", "--profile", "hoyle",
         "--report-dir", str(tmp_path)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert completed.returncode != 0
    assert "refrence" in completed.stdout + completed.stderr
    completed = subprocess.run(
        [sys.executable, "-m", "napspec.docs.pipeline", "certify", "--engine", "reference", "--profile", "hoyel",
         "--report-dir", str(tmp_path)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert completed.returncode == 2
    assert "did you mean 'hoyle'" in completed.stdout + completed.stderr


def test_what_an_engine_does_not_declare_is_skipped_and_counted_against_it(tmp_path: Path) -> None:
    command = f"{sys.executable} {ENGINES / 'modest.py'}"
    code, report, output = certify(tmp_path, "--engine-command", command, "--profile", "hoyle")
    assert code == 1, output
    skipped = [c for c in report["cases"] if c["status"] == "skipped-unsupported"]
    assert skipped and all("irregular" in c["message"] for c in skipped), skipped[:3]
    summary = report["summary"]
    assert summary["failed"] == summary["errored"] == 0
    assert summary["score"] == round(summary["passed"] / summary["applicable"], 4) < 1
    assert not summary["certified"]
