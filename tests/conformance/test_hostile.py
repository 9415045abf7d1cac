"""``napspec certify`` against hostile engines: their text is inert, their deadlines hold,
their unbounded output is bounded, and an interrupted run keeps what it has. Each test checks
the run ends within its deadline, that the report is written and valid, and that no process
the engine started outlives the run."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Any

import pytest

from napspec.spec.terminal import ExitStatus

from .conftest import ESC, SLACK, assert_gone, check_report, hostile, interrupted_napspec, run_certify


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
    run = run_certify(tmp_path, "--engine-command", hostile("blank-flood"), *narrow(), measure_peak=True)
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    timed_out = [case for case in run.report["cases"] if case["status"] == "timed-out"]
    assert timed_out and all(case["seconds"] < 3 for case in timed_out)
    assert run.seconds < SLACK
    # The run's own peak, not the largest child this test process ever waited for (a rulebook
    # build before it, on the same worker, would count).
    assert 0 < run.peak_kb < 400_000


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


def test_a_handshake_with_a_duplicate_key_is_refused(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", hostile("duplicate-keys"), *narrow())
    assert run.code == ExitStatus.ENGINE_UNAVAILABLE, run.output
    assert "duplicate key 'protocol'" in run.report["engine_error"]


# ------------------------------------------------------------------------- interruption


@pytest.mark.parametrize(
    ("signum", "ignored"),
    [(signal.SIGINT, False), (signal.SIGTERM, False), (signal.SIGINT, True)],
    ids=["ctrl-c", "sigterm", "ctrl-c-started-ignored"],
)
def test_an_interrupt_stops_the_whole_run_and_keeps_a_partial_report(
    tmp_path: Path, signum: int, ignored: bool
) -> None:
    pids = tmp_path / "pids"
    arguments = ["certify", "--report-dir", str(tmp_path / "r"), "--engine-command", hostile("slow", pids)]
    code, output = interrupted_napspec(
        [*arguments, "--profile", "hoyle", "--profile", "peel", "--rule", "play"],
        pids,
        signum,
        started_ignoring_ctrl_c=ignored,
    )
    assert code == ExitStatus.INTERRUPTED, output
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


def test_an_in_process_engine_that_hangs_meets_the_case_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine plugged in by entry point runs in the harness's own process; its calls run on a
    worker thread, so a hung call times out at the case deadline and the run goes on to its end."""
    import threading

    from napspec import protocol
    from napspec.conformance import certify as certify_module
    from napspec.protocol import load_engine as real_load_engine

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

    # The one way to open an engine (the harness's open_engine) loads it by name from the protocol.
    monkeypatch.setattr(protocol, "load_engine", lambda name: Hanging())
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
