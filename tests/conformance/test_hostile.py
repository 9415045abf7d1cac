"""``napspec certify`` against hostile engines and careless command lines. Each test
checks the run ends within its deadline, that the report is written and valid (or, for a
usage error, that nothing is written), and that no process the engine started outlives the
run."""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.contract import ExitStatus

from .conftest import ENGINES, REPO, assert_gone, check_report, napspec, run_certify

#: Slack for process start-up and scheduling on a loaded machine: the assertions using it
#: check that a run ends, never how fast it is.
SLACK = 20.0
ESC = "\x1b"


def hostile(mode: str, pids: Path | None = None) -> str:
    command = f"{sys.executable} {ENGINES / 'hostile.py'} {mode}"
    return command + (f" --pids {pids}" if pids else "")


def narrow(*more: str) -> tuple[str, ...]:
    return ("--profile", "hoyle", "--rule", "play.follow-suit", "--case-timeout", "1", "--max-restarts", "1", *more)


# ----------------------------------------------------------------- untrusted text is inert


def test_an_engine_name_of_markup_and_escapes_is_shown_as_text(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", hostile("markup"), *narrow())
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    assert ESC not in run.output and "\x07" not in run.output
    assert "[/bold][link=https://example.invalid]click me[/link]" in run.output
    assert run.report["engine"]["name"].endswith("\\x1b]0;pwned\\x07")
    assert run.seconds < SLACK


def test_an_engine_writing_escape_sequences_to_stderr_leaves_junit_well_formed(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", hostile("stderr-escape"), *narrow())
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    assert ESC not in run.output
    errored = [case for case in run.report["cases"] if case["status"] == "errored"]
    assert errored and "\\x1b[31mERROR" in errored[0]["message"]
    junit = (tmp_path / "certify-hoyle.junit.xml").read_text(encoding="utf-8")
    assert ESC not in junit  # and check_report parsed it
    # The restart cap ends the run once, and the rest is reported as not run.
    assert run.report["engine_error"].startswith("the engine is unavailable")
    assert {case["status"] for case in run.report["cases"]} <= {"errored", "not-run", "not-applicable"}
    assert run.seconds < SLACK


@pytest.mark.parametrize("name", ["Crown/Tuesdays", "x/../../escaped-report"])
def test_a_house_rules_name_never_makes_a_path(tmp_path: Path, name: str) -> None:
    house = tmp_path / "house.toml"
    house.write_text(f'base = "hoyle"\nname = "{name}"\n[options]\nnap-stakes = "win-12-lose-6"\n')
    reports = tmp_path / "deep" / "reports"
    run = run_certify(reports, "--engine", "reference", "--house-rules", str(house), "--rule", "settlement.nap")
    assert run.code == ExitStatus.CERTIFIED, run.output
    assert run.report["target"]["name"] == f"hoyle+{name}"
    written = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*") if path.is_file())
    assert all(path.parts[:2] == ("deep", "reports") or path.name == "house.toml" for path in written), written


def test_an_unwritable_report_folder_is_refused_before_the_run(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    started = time.monotonic()
    completed = napspec("certify", "--engine", "reference", "--profile", "hoyle", "--report-dir", str(blocker / "r"))
    assert completed.returncode == ExitStatus.USAGE_ERROR
    assert f"--report-dir {blocker / 'r'}" in completed.stderr and "Traceback" not in completed.stderr
    assert time.monotonic() - started < SLACK


# --------------------------------------------------------------------- deadlines that hold


def test_a_grandchild_holding_the_engines_output_neither_blocks_nor_survives(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    run = run_certify(tmp_path / "r", "--engine-command", hostile("orphan-stdout", pids), *narrow())
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    assert {"timed-out", "errored"} & {case["status"] for case in run.report["cases"]}
    assert run.seconds < SLACK
    assert_gone(pids)


def test_children_of_an_engine_that_exited_are_ended(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    run = run_certify(tmp_path / "r", "--engine-command", hostile("group-children", pids), *narrow())
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    assert pids.exists() and len(pids.read_text().split()) >= 2
    assert run.seconds < SLACK
    assert_gone(pids)


def test_a_flood_of_blank_lines_times_out_in_bounded_memory(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", hostile("blank-flood"), *narrow())
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    timed_out = [case for case in run.report["cases"] if case["status"] == "timed-out"]
    assert timed_out and all(case["seconds"] < 3 for case in timed_out)
    assert run.seconds < SLACK
    # ru_maxrss is in kilobytes on Linux: the largest child this test process has waited for.
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 400_000


# ------------------------------------------------------------------------ unbounded work


def test_a_huge_handshake_is_refused_at_once(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", hostile("mixed-handshake"), *narrow())
    assert run.code == ExitStatus.ENGINE_UNAVAILABLE, run.output
    assert "hello response longer than" in run.report["engine_error"]
    assert run.report["outcome"] == "engine-unavailable" and run.report["cases"] == []
    assert run.seconds < SLACK


def test_skip_messages_summarise_what_the_engine_declares(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", hostile("wide-handshake"), *narrow())
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    skipped = [case for case in run.report["cases"] if case["status"] == "skipped-unsupported"]
    assert skipped and all("and 245 more" in case["message"] for case in skipped)
    assert max(len(case["message"]) for case in run.report["cases"]) < 600
    assert run.report_paths[0].stat().st_size < 100_000


def test_a_deeply_nested_house_rules_file_is_a_usage_error(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "deep"\n[options]\nrevoke = ' + "[" * 100_000 + "]" * 100_000 + "\n")
    completed = napspec(
        "certify", "--engine", "reference", "--house-rules", str(house), "--report-dir", str(tmp_path / "r")
    )
    assert completed.returncode == ExitStatus.USAGE_ERROR, completed.stderr
    assert str(house) in completed.stderr and "Traceback" not in completed.stderr
    assert not (tmp_path / "r").exists()


def test_a_handshake_with_a_duplicate_key_is_refused(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", hostile("duplicate-keys"), *narrow())
    assert run.code == ExitStatus.ENGINE_UNAVAILABLE, run.output
    assert "duplicate key 'protocol'" in run.report["engine_error"]


# ------------------------------------------------------------------- fail fast, say why


@pytest.mark.parametrize(
    "command",
    [
        "/nonexistent/napspec-engine",
        "false",
        "cat",
        f"{sys.executable} {ENGINES / 'bad_handshake.py'} not-json",
    ],
    ids=["missing", "false", "cat", "garbage"],
)
def test_an_engine_that_cannot_start_ends_the_run_at_once(tmp_path: Path, command: str) -> None:
    run = run_certify(tmp_path, "--engine-command", command, "--profile", "hoyle", "--profile", "peel")
    assert run.code == ExitStatus.ENGINE_UNAVAILABLE, run.output
    report = run.report  # one target only: the run ended with the first
    assert report["engine_error"].startswith("the engine could not start")
    assert report["cases"] == [] and not report["summary"]["certified"]
    assert run.output.count("could not start") <= 3 and len(run.output.splitlines()) < 20, run.output
    assert run.seconds < SLACK


@pytest.mark.parametrize(
    "arguments",
    [
        ("--profile", "hoyle"),
        ("--engine-command", "", "--profile", "hoyle"),
        ("--engine-command", "   ", "--profile", "hoyle"),
        ("--engine", "reference", "--engine-command", "cat", "--profile", "hoyle"),
        ("--engine", "reference", "--profile", "hoyle", "--case-timeout", "-1"),
        ("--engine", "reference", "--profile", "hoyle", "--case-timeout", "0"),
        ("--engine", "reference", "--profile", "hoyle", "--rule", "play.nosuch"),
    ],
)
def test_usage_errors_exit_2_and_write_nothing(tmp_path: Path, arguments: tuple[str, ...]) -> None:
    completed = napspec("certify", "--report-dir", str(tmp_path), *arguments)
    assert completed.returncode == ExitStatus.USAGE_ERROR, completed.stdout + completed.stderr
    assert "Traceback" not in completed.stderr
    assert not list(tmp_path.glob("certify-*"))


def test_an_empty_selection_never_overwrites_the_last_report(tmp_path: Path) -> None:
    good = run_certify(tmp_path, "--engine", "reference", "--profile", "hoyle", "--rule", "settlement.nap")
    assert good.code == ExitStatus.CERTIFIED, good.output
    before = good.report_paths[0].read_bytes()
    completed = napspec(
        "certify",
        "--report-dir",
        str(tmp_path),
        "--engine",
        "reference",
        "--profile",
        "hoyle",
        "--scenario",
        "no-such-scenario",
    )
    assert completed.returncode == ExitStatus.USAGE_ERROR
    assert "--scenario no-such-scenario" in completed.stderr
    assert good.report_paths[0].read_bytes() == before


def test_exitfirst_stops_at_the_first_failure(tmp_path: Path) -> None:
    command = f"{sys.executable} {ENGINES / 'ignores_follow_suit.py'}"
    run = run_certify(tmp_path, "--engine-command", command, "--profile", "hoyle", "--rule", "play", "-x")
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    statuses = [case["status"] for case in run.report["cases"]]
    assert statuses.count("failed") == 1 and "not-run" in statuses
    assert all(case["message"].startswith("not run:") for case in run.report["cases"] if case["status"] == "not-run")


# ------------------------------------------------------------------------- interruption


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupt_stops_the_whole_run_and_keeps_a_partial_report(tmp_path: Path, signum: int) -> None:
    pids = tmp_path / "pids"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "napspec.docs.pipeline",
            "certify",
            "--report-dir",
            str(tmp_path / "r"),
            "--engine-command",
            hostile("slow", pids),
            "--profile",
            "hoyle",
            "--profile",
            "peel",
            "--rule",
            "play",
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + SLACK
        while not pids.exists() and time.monotonic() < deadline:
            time.sleep(0.05)  # until the run reaches its first case
        time.sleep(0.5)
        process.send_signal(signum)
        output, _ = process.communicate(timeout=SLACK)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == ExitStatus.INTERRUPTED, output
    assert "interrupted" in output
    reports = sorted((tmp_path / "r").glob("certify-*.json"))
    assert [path.name for path in reports] == ["certify-hoyle.json"], "the second target was not run"
    report = check_report(reports[0])
    assert report["outcome"] == "interrupted" and not report["summary"]["certified"]
    not_run = [case for case in report["cases"] if case["status"] == "not-run"]
    assert not_run and all("interrupted" in case["message"] for case in not_run)
    junit = (tmp_path / "r" / "certify-hoyle.junit.xml").read_text(encoding="utf-8")
    assert junit.count('<skipped type="not-run"') == len(not_run)
    assert_gone(pids)  # the engine itself


# --------------------------------------------------------------------- output for people


def test_every_profile_ends_with_one_combined_verdict(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine", "reference", "--profile", "all", "--rule", "settlement.nap")
    assert run.code == ExitStatus.CERTIFIED, run.output
    assert len(run.reports) == 4
    verdicts = [line for line in run.output.splitlines() if line.startswith("overall:")]
    assert verdicts == [verdicts[-1]] and "CERTIFIED" in verdicts[0] and run.output.rstrip().endswith(verdicts[0])


def test_help_lists_the_profiles_and_the_exit_statuses() -> None:
    completed = napspec("certify", "--help")
    assert completed.returncode == 0
    assert "[peel|hoyle|britannica|wikipedia|all]" in completed.stdout.replace(" ", "").replace("\n", "") or all(
        name in completed.stdout for name in ("peel", "hoyle", "britannica", "wikipedia")
    )
    assert "3 interrupted" in " ".join(completed.stdout.split())


# ----------------------------------------------------------------------- other commands


@pytest.fixture(scope="module")
def saved_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("saved")
    run = run_certify(folder, "--engine", "reference", "--profile", "peel", "--rule", "settlement.nap")
    assert run.code == ExitStatus.CERTIFIED, run.output
    return run.report_paths[0]


def test_verify_checks_the_digest_and_the_suite(saved_report: Path, tmp_path: Path) -> None:
    completed = napspec("verify", str(saved_report))
    assert completed.returncode == 0 and "verified" in completed.stdout
    tampered = json.loads(saved_report.read_text(encoding="utf-8"))
    tampered["summary"]["passed"] += 1
    (tmp_path / "certify-peel.json").write_text(json.dumps(tampered), encoding="utf-8")
    completed = napspec("verify", str(tmp_path / "certify-peel.json"))
    assert completed.returncode == ExitStatus.NOT_CERTIFIED and "digest does not match" in completed.stdout


def test_summary_and_badge_render_saved_reports(saved_report: Path, tmp_path: Path) -> None:
    report = json.loads(saved_report.read_text(encoding="utf-8"))
    other = dict(report, engine={"name": "[red]other|engine", "version": "2"})
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    completed = napspec("summary", str(saved_report), str(tmp_path / "other.json"), "--format", "markdown")
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    assert lines[0] == "| target | napspec-reference 0.1.0 | [red]other\\|engine 2 |"
    passed = f"{report['summary']['passed']}/{report['summary']['applicable']} certified"
    assert lines[2] == f"| peel | {passed} | {passed} |"
    completed = napspec("summary", str(saved_report), "--format", "json")
    assert json.loads(completed.stdout)["cells"][0]["result"] == passed
    completed = napspec("summary", str(saved_report))
    assert completed.returncode == 0 and "napspec-reference" in completed.stdout
    completed = napspec("badge", str(saved_report), "-o", str(tmp_path / "badges"))
    assert completed.returncode == 0, completed.stderr
    svg = (tmp_path / "badges" / "certify-peel.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "napspec peel" in svg and passed.split(maxsplit=1)[0] in svg
    completed = napspec("summary", str(tmp_path / "badges" / "certify-peel.svg"))
    assert completed.returncode == ExitStatus.USAGE_ERROR


def test_smoke_starts_handshakes_plays_one_case_and_says_bye() -> None:
    completed = napspec("smoke", "--engine-command", f"{sys.executable} -m napspec.reference.cli serve")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert completed.stdout.count("\n") == 1 and "napspec-reference" in completed.stdout and "ok" in completed.stdout
    completed = napspec("smoke", "--engine-command", "false")
    assert completed.returncode == ExitStatus.ENGINE_UNAVAILABLE
    assert completed.stdout.startswith("engine could not start")
    completed = napspec("smoke")
    assert completed.returncode == ExitStatus.USAGE_ERROR


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (("rules", "--chapter", "nosuch"), "no chapter 'nosuch'"),
        (("export", "-o", "/nonexistent-folder/register.json"), "cannot write /nonexistent-folder/register.json"),
    ],
)
def test_other_commands_refuse_what_they_cannot_do(arguments: tuple[str, ...], named: str) -> None:
    completed = napspec(*arguments)
    assert completed.returncode == ExitStatus.USAGE_ERROR and named in completed.stderr


def test_house_rules_check_refuses_a_deeply_nested_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "deep"\n[options]\nrevoke = ' + "[" * 100_000 + "]" * 100_000 + "\n")
    completed = napspec("house-rules", "check", str(house))
    assert completed.returncode != 0 and "nested too deeply" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_the_reference_command_has_help_version_and_napspecs_exit_statuses() -> None:
    def reference(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "napspec.reference.cli", *arguments],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert reference("-h").returncode == 0 and "serve" in reference("-h").stdout
    version = reference("--version")
    assert version.returncode == 0 and version.stdout.startswith("napspec-reference, version ")
    assert reference("play", "--profile", "nosuch").returncode == ExitStatus.USAGE_ERROR
    assert reference("bench", "--players", "11", "--hands", "1").returncode == ExitStatus.USAGE_ERROR
    assert reference("nosuch").returncode == ExitStatus.USAGE_ERROR


def test_on_a_terminal_a_markup_target_name_is_shown_as_text(tmp_path: Path) -> None:
    import os
    import pty

    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "[/bold]x[link=y]"\n[options]\nnap-stakes = "win-12-lose-6"\n')
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "napspec.docs.pipeline",
            "certify",
            "--report-dir",
            str(tmp_path / "r"),
            "--engine",
            "reference",
            "--house-rules",
            str(house),
            "--rule",
            "settlement.nap",
        ],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env={**os.environ, "COLUMNS": "80", "TERM": "xterm"},
    )
    os.close(follower)
    output = b""
    try:
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed: the command ended
                break
            if not chunk:
                break
            output += chunk
        assert process.wait(timeout=SLACK) == ExitStatus.CERTIFIED, output.decode(errors="replace")
    finally:
        os.close(leader)
        if process.poll() is None:
            process.kill()
    text = output.decode(errors="replace")
    assert "INTERNALERROR" not in text and "Traceback" not in text
    assert "CERTIFIED" in text and "[/bold]x[link=y]" in text


def test_an_in_process_engine_that_hangs_meets_the_case_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine plugged in by entry point runs in the harness's own process; its calls run on a
    worker thread, so a hung call times out at the case deadline and the run goes on to its end."""
    import threading

    from napspec.conformance import certify as certify_module
    from napspec.conformance.contract import load_engine as real_load_engine

    release = threading.Event()

    class Hanging:
        def __init__(self) -> None:
            self.inner = real_load_engine("reference")

        def hello(self) -> dict[str, Any]:
            hello: dict[str, Any] = self.inner.hello()
            return hello

        def run(self, case: dict[str, Any]) -> dict[str, Any]:
            release.wait(60)  # hangs until the test ends
            answer: dict[str, Any] = self.inner.run(case)
            return answer

        def close(self) -> None:
            self.inner.close()

    monkeypatch.setattr(certify_module, "load_engine", lambda name: Hanging())
    started = time.monotonic()
    try:
        result = certify_module.run_certification(
            engine="hanging", profile="hoyle", case_timeout=0.5, rules=["play.follow-suit"]
        )
    finally:
        release.set()
    statuses = [record.status for record in result.records if record.status != "not-applicable"]
    assert statuses and statuses[0] == "timed-out", statuses
    assert set(statuses[1:]) <= {"errored", "not-run"}, statuses
    assert not result.passed
    assert time.monotonic() - started < 30
