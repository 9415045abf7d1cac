"""Shared pieces of the harness tests: the broken engines and small valid cases."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.conformance.verdicts import rule_table_problems
from napspec.suite.cases import make_case

ENGINES = Path(__file__).resolve().parent / "engines"
REPO = Path(__file__).resolve().parents[2]

# The engines are programs run as child processes, not test modules: pytest must not import
# them (their module names would also clash with other tests').
collect_ignore = ["engines"]


def engine_command(script: str, *arguments: str) -> list[str]:
    """The command that runs one of the engines in ``engines/`` with this Python."""
    return [sys.executable, str(ENGINES / script), *arguments]


def relay(**settings: Any) -> Any:
    """The reference engine behind a relay that plays less, or otherwise off the published
    cases (``engines/relay.py``'s :class:`Relay`, built with ``settings``)."""
    spec = importlib.util.spec_from_file_location("napspec_test_relay", ENGINES / "relay.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Relay(**settings)


def toy_module() -> ModuleType:
    """The toy engine's module, imported from its file (it is not a package)."""
    spec = importlib.util.spec_from_file_location("napspec_test_toy_engine", ENGINES / "toy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def small_case(case_id: str, **changes: Any) -> dict[str, Any]:
    """A valid four-player Hoyle case with stacked hands, two actions and two queries."""
    arguments: dict[str, Any] = {
        "profile": "hoyle",
        "players": 4,
        "dealer": 0,
        "hands": ["2C 3C 4C 5C 6C", "AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"],
        "actions": [{"type": "call", "seat": 1, "tricks": 3}, {"type": "pass", "seat": 2}],
        "queries": ["state", "result"],
    }
    arguments.update(changes)
    return make_case(case_id, **arguments)


@pytest.fixture
def case() -> Callable[..., dict[str, Any]]:
    """Build a small valid case: ``case("some-id", players=2, ...)``."""
    return small_case


# ------------------------------------------------------------------------ certify runs


@dataclass
class CertifyRun:
    """One ``napspec certify`` run in a child process, and what it left."""

    code: int
    output: str
    seconds: float
    reports: list[dict[str, Any]]
    report_paths: list[Path]
    #: The most memory the run's process (or one it waited for) held, in kB; 0 if not measured.
    peak_kb: int = 0

    @property
    def report(self) -> dict[str, Any]:
        assert len(self.reports) == 1, (self.report_paths, self.output)
        return self.reports[0]


#: Runs the command after the file name given first and writes there the peak memory of it and
#: of what it waited for (``ru_maxrss``, kB on Linux): this process's own children only, whatever
#: the test process ran before.
PEAK_WRAPPER = (
    "import resource, subprocess, sys; code = subprocess.call(sys.argv[2:]); "
    "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)); sys.exit(code)"
)


def napspec(
    *arguments: str, timeout: float = 120, cwd: Path = REPO, peak_file: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the ``napspec`` command in a child process, output captured as text; with
    ``peak_file``, its peak memory is written there (:data:`PEAK_WRAPPER`)."""
    wrapper = [sys.executable, "-c", PEAK_WRAPPER, str(peak_file)] if peak_file is not None else []
    return subprocess.run(
        [*wrapper, sys.executable, "-m", "napspec.docs.commands", *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def napspec_here(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``napspec *arguments`` run in this process by click's test runner: the command's own
    code, exit status and output, without starting an interpreter. For the commands that start
    no engine of their own, and for ``certify`` only where it refuses its arguments before it
    starts anything (a certification adopts its engines' orphans and runs pytest: a child
    process's work, :func:`run_certify`); an exception the command lets out, a traceback to
    its user, is raised here."""
    from click.testing import CliRunner

    from napspec.docs.commands import main

    result = CliRunner().invoke(main, list(arguments), prog_name="napspec")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(["napspec", *arguments], result.exit_code, result.stdout, result.stderr)


def run_certify(report_dir: Path, *arguments: str, timeout: float = 120, measure_peak: bool = False) -> CertifyRun:
    """``napspec certify --report-dir report_dir *arguments``; every report it wrote is
    checked: valid against the report schema, with unique case ids, and its JUnit XML
    well-formed with one testcase per case (and, in the suite ``rules``, one per rule). With
    ``measure_peak``, the run's peak memory is kept (``peak_kb``)."""
    peak_file = report_dir.parent / f".{report_dir.name}.peak" if measure_peak else None
    started = time.monotonic()
    completed = napspec("certify", "--report-dir", str(report_dir), *arguments, timeout=timeout, peak_file=peak_file)
    seconds = time.monotonic() - started
    paths = sorted(report_dir.glob("certify-*.json"))
    reports = [check_report(path) for path in paths]
    peak = int(peak_file.read_text(encoding="utf-8")) if peak_file is not None else 0
    return CertifyRun(completed.returncode, completed.stdout + completed.stderr, seconds, reports, paths, peak)


def check_report(path: Path) -> dict[str, Any]:
    """A written report, checked as :func:`run_certify` says."""
    report = json.loads(path.read_text(encoding="utf-8"))
    problems = REPORT_SCHEMAS.errors("certification-report", report)
    assert not problems, problems
    ids = [case["id"] for case in report["cases"]]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    junit = ET.parse(path.with_name(path.name.removesuffix(".json") + ".junit.xml")).getroot()
    assert junit.tag == "testsuites"
    cases = [suite for suite in junit if suite.get("name") != "rules"]
    assert sorted(case.get("name", "") for suite in cases for case in suite.iter("testcase")) == sorted(ids)
    # The rules' suite: one test case per rule of the report's rule table.
    rules = [case.get("name", "") for suite in junit if suite.get("name") == "rules" for case in suite]
    assert rules == [row["rule"] for row in report.get("rules", [])]
    # What verify rebuilds from the cases is what certify wrote.
    assert rule_table_problems(report, same_register=True) == []
    return dict(report)


#: Slack for process start-up and scheduling on a loaded machine: the assertions using it
#: check that a run ends, never how fast it is.
SLACK = 20.0
#: The escape character, which no output of napspec may carry from an engine.
ESC = "\x1b"


def hostile(mode: str, pids: Path | None = None) -> str:
    """The command line of the hostile engine (``engines/hostile.py``) misbehaving as ``mode``,
    writing the pids of what it starts to ``pids``."""
    command = f"{sys.executable} {ENGINES / 'hostile.py'} {mode}"
    return command + (f" --pids {pids}" if pids else "")


def ignoring_ctrl_c(command: list[str]) -> list[str]:
    """``command`` started with SIGINT ignored, as a shell's background job is: the shell
    ignores it, and exec keeps it ignored in what replaces the shell."""
    return ["sh", "-c", 'trap "" INT; exec "$@"', "sh", *command]


def interrupted_napspec(
    arguments: list[str], pids: Path, signum: int, started_ignoring_ctrl_c: bool = False
) -> tuple[int, str]:
    """``napspec *arguments`` run as a child process and sent ``signum`` once its engine has
    reached its first case (the engine writes ``pids`` then); its exit status and everything
    it printed (stdout and stderr, in order). It is killed if it outlives the slack. With
    ``started_ignoring_ctrl_c``, it starts with SIGINT ignored, as a shell's background job
    does (Python then installs no handler of its own)."""
    command = [sys.executable, "-m", "napspec.docs.commands", *arguments]
    process = subprocess.Popen(
        ignoring_ctrl_c(command) if started_ignoring_ctrl_c else command,
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},  # SIGABRT then dumps every thread's stack
    )
    try:
        deadline = time.monotonic() + SLACK
        while not pids.exists() and time.monotonic() < deadline:
            time.sleep(0.05)  # until the run reaches its first case
        time.sleep(0.5)
        process.send_signal(signum)
        try:
            printed, _ = process.communicate(timeout=SLACK)
        except subprocess.TimeoutExpired:
            # Still running: where it is waiting is the finding, so it is made to say.
            process.send_signal(signal.SIGABRT)
            printed, _ = process.communicate(timeout=SLACK)
            pytest.fail(f"napspec {arguments[0]} outlived {signal.Signals(signum).name} by {SLACK} s:\n{printed}")
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, printed


def assert_gone(pids_file: Path, within: float = 5.0) -> None:
    """Every process whose pid ``pids_file`` lists has ended (a zombie counts as ended)."""
    pids = [int(line) for line in pids_file.read_text().split()] if pids_file.exists() else []
    deadline = time.monotonic() + within
    alive = pids
    while alive and time.monotonic() < deadline:
        alive = [pid for pid in pids if running(pid)]
        time.sleep(0.05)
    for pid in alive:  # started by this test's engine: end them before failing
        os.kill(pid, signal.SIGKILL)
    assert not alive, f"processes left behind: {alive}"


def running(pid: int) -> bool:
    """Whether ``pid`` runs: not ended, nor a zombie (ended and waiting to be reaped, maybe by
    the test process itself: an in-process certify makes it the reaper of orphans). Linux:
    read from /proc."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:
        return False
