"""``napspec certify`` given careless command lines and engines that cannot start: a usage
error is refused before the run and writes nothing, a run that cannot go on ends at once, and
the output is for people (one verdict, markup shown as text)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from napspec.spec.terminal import ExitStatus

from .conftest import ENGINES, REPO, napspec, napspec_here, run_certify

#: Slack for process start-up and scheduling on a loaded machine: the assertions using it
#: check that a run ends, never how fast it is.
SLACK = 20.0


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
    arguments = ("--engine", "reference", "--profile", "hoyle", "--report-dir", str(blocker / "r"))
    completed = napspec_here("certify", *arguments)
    assert completed.returncode == ExitStatus.USAGE_ERROR
    assert f"--report-dir {blocker / 'r'}" in completed.stderr and "Traceback" not in completed.stderr
    assert time.monotonic() - started < SLACK


def test_a_deeply_nested_house_rules_file_is_a_usage_error(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "deep"\n[options]\nrevoke = ' + "[" * 100_000 + "]" * 100_000 + "\n")
    completed = napspec(
        "certify", "--engine", "reference", "--house-rules", str(house), "--report-dir", str(tmp_path / "r")
    )
    assert completed.returncode == ExitStatus.USAGE_ERROR, completed.stderr
    assert str(house) in completed.stderr and "Traceback" not in completed.stderr
    assert not (tmp_path / "r").exists()


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
    completed = napspec_here("certify", "--report-dir", str(tmp_path), *arguments)
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
            "napspec.docs.commands",
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


def test_a_run_whose_time_runs_out_between_targets_is_not_certified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--max-duration reached once a target is done stops the run before the next target: the
    targets it ran may all pass, but the run did not reach every target, so it is no
    certificate and exits 1, saying which targets were not run."""
    from napspec.conformance import certificate, cli

    real = certificate.certify_target  # what cli calls, by that name

    def certify_then_overrun(*arguments: Any, deadline: float | None = None, **options: Any) -> Any:
        # The target's own cases are not held to the deadline; the time runs out after them.
        result = real(*arguments, deadline=None, **options)
        assert deadline is not None
        time.sleep(max(0.0, deadline - time.monotonic()) + 0.05)
        return result

    monkeypatch.setattr(cli, "certify_target", certify_then_overrun)
    # In this process: no reaping of orphans, no signal handlers left behind.
    monkeypatch.setattr(cli, "adopt_orphans", lambda: False)
    monkeypatch.setattr(cli, "interrupt_on_signals", threading.Event)
    arguments = ["--engine", "reference", "--profile", "hoyle", "--profile", "peel", "--rule", "settlement.nap"]
    completed = napspec_here("certify", "--report-dir", str(tmp_path), *arguments, "--max-duration", "1")
    assert completed.returncode == ExitStatus.NOT_CERTIFIED, completed.stdout + completed.stderr
    assert [path.name for path in tmp_path.glob("certify-*.json")] == ["certify-hoyle.json"]
    assert "passed" in completed.stdout  # the target that ran passed...
    assert "reached its --max-duration (1 s) before every target was run" in completed.stdout
    assert "not run: peel" in completed.stdout and "exit status 1" in completed.stdout
