"""``napspec certify --variants`` and the engines of napspec/1: a target with a profile's
variant bundles applied, one target per variant with ``each``, clear usage errors for a
variant the profile does not give or a combination that conflicts, and an engine written
for napspec/1 certified on the plain game and skipped, before anything is sent, on the
calls beyond Nap. Runs are narrowed with ``--rule`` to keep them short."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from napspec.spec import PROFILE_IDS, load
from napspec.spec.terminal import ExitStatus

from .conftest import ENGINES, REPO, napspec, napspec_here, run_certify

NAPSPEC_1 = f"{sys.executable} {ENGINES / 'napspec_1.py'}"


def test_a_napspec_1_engine_is_certified_on_every_plain_profile(tmp_path: Path) -> None:
    run = run_certify(
        tmp_path, "--engine-command", NAPSPEC_1, "--profile", "all", "--rule", "calling", "--rule", "settlement.nap"
    )
    assert run.code == ExitStatus.CERTIFIED, run.output
    assert sorted(report["target"]["name"] for report in run.reports) == sorted(PROFILE_IDS)
    for report in run.reports:
        assert report["engine"]["name"] == "napspec-1-engine" and report["engine"]["protocol"] == "napspec/1"
        assert report["target"]["variants"] == []
        summary = report["summary"]
        assert summary["partial"] and summary["passed"] == summary["applicable"] > 10


def test_a_napspec_1_engine_is_skipped_on_a_variant_target_naming_why(tmp_path: Path) -> None:
    run = run_certify(
        tmp_path, "--engine-command", NAPSPEC_1, "--profile", "hoyle", "--variants", "misery", "--rule", "play"
    )
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    report = run.report
    assert report["target"]["name"] == "hoyle+misery" and report["target"]["variants"] == ["misery"]
    assert report["target"]["options"]["misery"] == load().profiles["hoyle"].variants["misery"]["misery"].value
    assert run.report_paths[0].name == "certify-hoyle-misery.json"
    applicable = [case for case in report["cases"] if case["status"] not in ("not-applicable", "not-run")]
    assert applicable and {case["status"] for case in applicable} == {"skipped-unsupported"}
    assert all("the engine speaks napspec/1, which has no option 'misery'" in case["message"] for case in applicable)
    # Plain scenarios of the rules a Misery changes do not apply under it.
    assert any(case["status"] == "not-applicable" for case in report["cases"])


def test_each_variant_of_a_profile_is_a_target_of_its_own(tmp_path: Path) -> None:
    run = run_certify(
        tmp_path,
        "--engine-command",
        NAPSPEC_1,
        "--profile",
        "hoyle",
        "--variants",
        "each",
        "--rule",
        "play.follow-suit",
    )
    given = list(load().profiles["hoyle"].variants)
    assert given, "hoyle gives variants"
    assert sorted(report["target"]["name"] for report in run.reports) == sorted(
        ["hoyle", *(f"hoyle+{v}" for v in given)]
    )
    # The plain profile first, then the variants in the profile's order.
    assert run.output.index("against hoyle in") < min(run.output.index(f"against hoyle+{v} in") for v in given)
    verdicts = {
        report["target"]["name"]: report["summary"]["passed"] == report["summary"]["applicable"] > 0
        for report in run.reports
    }
    assert verdicts == {"hoyle": True, **{f"hoyle+{v}": False for v in given}}
    assert run.code == ExitStatus.NOT_CERTIFIED
    assert "overall: NOT CERTIFIED (the selected scenarios passed under hoyle; not against hoyle+" in run.output


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--profile", "peel", "--variants", "misery"), "the profile 'peel' gives no variant 'misery' (it gives pool)"),
        (("--profile", "hoyle", "--variants", "blucher"), "the profile 'hoyle' gives no variant 'blucher' (it gives "),
        (("--profile", "hoyle", "--variants", "misery,misery"), "the variant 'misery' is given twice"),
        (("--profile", "wikipedia", "--variants", "wellington,seven-card"), "cannot go together: "),
        (("--profile", "hoyle", "--variants", "misery,"), "give variant names separated by commas, or 'each'"),
        (("--profile", "hoyle", "--house-rules", "x.toml", "--variants", "misery"), "--variants goes with --profile"),
    ],
)
def test_a_variant_the_profile_does_not_give_is_a_usage_error(
    tmp_path: Path, arguments: tuple[str, ...], message: str
) -> None:
    completed = napspec_here("certify", "--report-dir", str(tmp_path / "reports"), "--engine", "reference", *arguments)
    output = completed.stdout + completed.stderr
    assert completed.returncode == ExitStatus.USAGE_ERROR, output
    assert message in output and not list(tmp_path.rglob("certify-*"))
    if "blucher" in arguments:
        assert ", ".join(load().profiles["hoyle"].variants) in output


def test_saved_variant_reports_are_summarised_badged_and_verified(tmp_path: Path) -> None:
    run = run_certify(
        tmp_path,
        "--engine-command",
        NAPSPEC_1,
        "--profile",
        "hoyle",
        "--variants",
        "misery",
        "--rule",
        "play.follow-suit",
    )
    path = run.report_paths[0]
    completed = napspec("verify", str(path))
    assert completed.returncode == 0 and "against hoyle+misery" in completed.stdout
    completed = napspec("summary", str(path), "--format", "json")
    assert json.loads(completed.stdout)["targets"] == ["hoyle+misery"]
    completed = napspec("badge", str(path), "-o", str(tmp_path / "badges"))
    assert completed.returncode == 0, completed.stderr
    (badge,) = (tmp_path / "badges").glob("certify-hoyle-misery--*.svg")  # named by target and engine
    assert "napspec hoyle+misery" in badge.read_text(encoding="utf-8")


def test_dump_cases_resolves_a_variant_target(tmp_path: Path) -> None:
    output = tmp_path / "cases.jsonl"
    completed = napspec("dump-cases", "--profile", "hoyle", "--variants", "misery", "-o", str(output))
    assert completed.returncode == 0, completed.stderr
    lines = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    assert {line["target"] for line in lines} == {"hoyle+misery"}
    cases = [line["case"] for line in lines if line["case"]]
    assert cases and all(case["options"]["misery"] != "not-played" for case in cases)
    completed = napspec_here("dump-cases", "--profile", "peel", "--variants", "misery")
    assert completed.returncode == ExitStatus.USAGE_ERROR and "gives no variant 'misery'" in completed.stderr
    completed = napspec_here("dump-cases", "--variants", "misery")
    assert completed.returncode == ExitStatus.USAGE_ERROR


def test_house_rules_report_the_variants_they_name(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "Misery nights"\nvariants = ["misery"]\n', encoding="utf-8")
    run = run_certify(
        tmp_path / "reports", "--engine-command", NAPSPEC_1, "--house-rules", str(house), "--rule", "play.follow-suit"
    )
    assert run.report["target"]["name"] == "hoyle+Misery nights"
    assert run.report["target"]["variants"] == ["misery"], run.output


def _pytest(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The suite run by pytest with the plugin's own options (as a project's CI may)."""
    command = [sys.executable, "-m", "pytest", str(REPO / "features" / "test_scenarios.py"), "-q"]
    # The suite's own configuration only (as certify runs it), not this project's addopts.
    command += ["-c", os.devnull, f"--rootdir={REPO / 'features'}", "--import-mode=importlib"]
    command += ["-p", "napspec.conformance.plugin", "-p", "no:randomly", "-p", "no:cacheprovider", *arguments]
    return subprocess.run(
        command,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_pytest_plugin_takes_variants_too() -> None:
    completed = _pytest(
        "--engine-command", NAPSPEC_1, "--target-profile", "hoyle", "--target-variants", "misery", "-k", "follow", "-rs"
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "unsupported: the engine speaks napspec/1, which has no option 'misery'" in completed.stdout
    completed = _pytest("--target-profile", "peel", "--target-variants", "misery")
    assert completed.returncode == pytest.ExitCode.USAGE_ERROR
    assert "--target-variants: the profile 'peel' gives no variant 'misery' (it gives pool)" in completed.stderr
