"""A certificate no engine can forge, memorise or borrow: each attack of an engine author with
bad intent, by a hostile engine of ``engines/``, ends with a clear status, the report on disk
is napspec's own, ``verify`` refuses every forged or inconsistent report, and nothing the
engine started is left running."""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.certify import report_digest
from napspec.conformance.differential import differential, repeat_sample
from napspec.conformance.harness import InProcessEngine, ProtocolEngine
from napspec.conformance.integrity import ReportFolder, inconsistencies, program_of, summarise
from napspec.protocol import load_engine
from napspec.spec.terminal import ExitStatus, printable
from napspec.suite.targets import Target

from .conftest import ENGINES, CertifyRun, assert_gone, napspec, run_certify

SLACK = 30.0


def engine(script: str, *arguments: str) -> str:
    return " ".join([sys.executable, str(ENGINES / script), *arguments])


def narrow(*more: str) -> tuple[str, ...]:
    return ("--profile", "hoyle", "--rule", "calling.nap-ceiling", "--case-timeout", "2", *more)


def hoyle() -> Target:
    target = Target.from_options("hoyle", None)
    assert target is not None
    return target


def reference() -> InProcessEngine:
    return InProcessEngine(load_engine("reference"), timeout=10)


# ------------------------------------------------------------ 1. the verdict is napspec's


def test_an_engine_and_its_grandchild_rewriting_the_report_leave_napspec_s_own(tmp_path: Path) -> None:
    folder, pids = tmp_path / "r", tmp_path / "pids"
    folder.mkdir()
    command = engine("forger.py", "rewrite", str(folder), "--pids", str(pids))
    for _ in range(2):  # the second time, a report of the first run is there to be rewritten
        run = run_certify(folder, "--engine-command", command, *narrow())
        assert run.code == ExitStatus.NOT_CERTIFIED, run.output
        assert_gone(pids)
    time.sleep(0.5)  # what a surviving forger would do, it would have done by now
    document = json.loads((folder / "certify-hoyle.json").read_text(encoding="utf-8"))
    assert document["summary"]["certified"] is False and document["summary"]["passed"] == 0
    assert not inconsistencies(document) or document["selection"] is not None
    assert napspec("verify", str(folder / "certify-hoyle.json")).returncode == 0


@pytest.mark.parametrize("mode", ["squat", "swap-folder"])
def test_report_names_or_a_folder_prepared_by_the_engine_are_refused_with_a_clear_status(
    tmp_path: Path, mode: str
) -> None:
    folder = tmp_path / "r"
    folder.mkdir()
    completed = napspec(
        "certify", "--report-dir", str(folder), "--engine-command", engine("forger.py", mode, str(folder)), *narrow()
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == ExitStatus.NOT_CERTIFIED, output
    assert "REPORT FOLDER TAMPERED WITH" in output and "Traceback" not in output
    assert "symbolic link" in output or "folder during the run" in output
    written = re.search(r"reports: (\S+\.json)", output)
    assert written is not None
    elsewhere = Path(written.group(1))
    assert not elsewhere.is_relative_to(folder)
    assert json.loads(elsewhere.read_text(encoding="utf-8"))["engine"]["name"] == "forger"
    if mode == "squat":
        assert (tmp_path / "decoy.xml").read_text() == "<decoy/>"  # the link was not written through


def test_a_report_name_taken_before_the_run_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "certify-hoyle.json").mkdir()
    completed = napspec(
        "certify", "--report-dir", str(tmp_path), "--engine-command", engine("forger.py", "none"), *narrow()
    )
    assert completed.returncode == ExitStatus.USAGE_ERROR, completed.stderr
    assert "certify-hoyle.json is a folder, not a report" in completed.stderr


def test_reports_are_written_as_the_umask_gives_a_new_file(tmp_path: Path) -> None:
    folder = ReportFolder.prepare(tmp_path)
    previous = os.umask(0o022)
    try:
        written = folder.write({"certify-x.json": "{}"})
    finally:
        os.umask(previous)
    assert stat.S_IMODE(written.paths["certify-x.json"].stat().st_mode) == 0o644
    assert not written.tampering and not list(tmp_path.glob(".*.tmp"))


# ------------------------------------------------------------ 2. the report binds the program


def test_the_report_binds_the_program_that_ran_not_the_name_it_gives(tmp_path: Path) -> None:
    script = tmp_path / "engine.py"
    script.write_text((ENGINES / "forger.py").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "toy.py").write_text((ENGINES / "toy.py").read_text(encoding="utf-8"), encoding="utf-8")
    first = program_of(None, [sys.executable, str(script), "none"])
    assert first["route"] == "protocol" and first["command"][1] == str(script)
    assert {Path(f["path"]).name for f in first["files"]} >= {"engine.py"}
    script.write_text(script.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert program_of(None, [sys.executable, str(script), "none"])["digest"] != first["digest"]
    in_process = program_of("reference", None)
    assert in_process["route"] == "in-process" and in_process["entry_point"].startswith("reference = ")
    assert in_process["files"] and in_process["files"][0]["path"].endswith(".py")

    run = run_certify(tmp_path / "r", "--engine-command", f"{sys.executable} {script} none", *narrow())
    report = run.report
    assert report["program"]["digest"] != first["digest"]
    assert report["provenance"]["platform"] and report["provenance"]["suite_version"]
    shown = napspec("summary", str(run.report_paths[0]))
    assert f"sha256:{report['program']['digest'][:12]}" in shown.stdout and str(script) in shown.stdout


# ------------------------------------------------------------ 3. memorisation and luck do not pay


def test_a_lookup_table_of_the_reference_engine_s_answers_is_not_certified(tmp_path: Path) -> None:
    table = tmp_path / "table.json"
    recorded = run_certify(
        tmp_path / "record",
        "--engine-command",
        engine("lookup.py", "record", str(table)),
        "--profile",
        "hoyle",
        "--differential-deals",
        "0",
    )
    assert recorded.report["summary"]["passed"] == recorded.report["summary"]["applicable"] > 100
    assert recorded.report["summary"]["certified"] is False  # no random deals, no certificate
    run = run_certify(
        tmp_path / "replay", "--engine-command", engine("lookup.py", "replay", str(table)), "--profile", "hoyle"
    )
    summary = run.report["summary"]
    assert summary["passed"] == summary["applicable"], run.output  # every public scenario answered
    assert run.code == ExitStatus.NOT_CERTIFIED and summary["certified"] is False, run.output
    assert run.report["differential"]["divergence"] is not None
    assert "DIVERGENCE" in run.output


def test_an_engine_wrong_on_one_answer_in_a_hundred_is_caught_by_the_random_deals() -> None:
    wrong = ProtocolEngine(engine("random_wrong.py", "hashed", "0.01").split(), timeout=10)
    oracle = reference()
    try:
        part = differential(wrong, oracle, hoyle(), seed=7)
    finally:
        wrong.close()
        oracle.close()
    assert part["divergence"] is not None, part
    assert part["seed"] == 7 and part["oracle"]["name"] == "napspec-reference"


def test_an_engine_that_answers_at_random_is_reported_as_non_deterministic() -> None:
    flaky = ProtocolEngine(engine("random_wrong.py", "random", "0.15").split(), timeout=10)
    oracle = reference()
    try:
        part = differential(flaky, oracle, hoyle(), seed=3, deals=3)
    finally:
        flaky.close()
        oracle.close()
    assert part["divergence"] is not None or part["nondeterministic"], part


def test_cases_sent_twice_catch_a_changed_answer() -> None:
    class Counter:
        calls = 0

        def hello(self) -> dict[str, Any]:
            return {}

        def run(self, case: dict[str, Any]) -> dict[str, Any]:
            Counter.calls += 1
            return {"case": case["id"], "steps": [], "answers": {"n": Counter.calls}}

        def close(self) -> None:
            pass

    played = [({"id": f"c{n}"}, {"steps": [], "answers": {"n": 0}}) for n in range(40)]
    outcome = repeat_sample(Counter(), played, seed=1, count=32)
    assert outcome.repeated == 32 and len(outcome.changed) == 32


def test_fuzz_reports_a_non_deterministic_engine_as_such_never_as_an_internal_error() -> None:
    completed = napspec(
        "fuzz",
        "--engine-command",
        engine("random_wrong.py", "random", "0.15"),
        "--profile",
        "hoyle",
        "--deals",
        "30",
        "--seed",
        "1",
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == ExitStatus.NOT_CERTIFIED, output
    assert "internal error" not in output and "Traceback" not in output
    assert "NON-DETERMINISM" in output or "DIVERGENCE" in output
    if "NON-DETERMINISM" in output:
        assert "first answer:" in output and "second answer:" in output


# ------------------------------------------------------------ 4. verify rebuilds everything


def _forged(document: dict[str, Any], **changes: Any) -> dict[str, Any]:
    forged: dict[str, Any] = json.loads(json.dumps(document))
    for key, value in changes.items():
        forged["summary"][key] = value
    forged["digest"] = report_digest(forged)
    return forged


@pytest.fixture(scope="module")
def failing_run(tmp_path_factory: pytest.TempPathFactory) -> CertifyRun:
    """A narrowed run of an engine that fails every case."""
    return run_certify(tmp_path_factory.mktemp("failing"), "--engine-command", engine("forger.py", "none"), *narrow())


@pytest.fixture(scope="module")
def failing_report(failing_run: CertifyRun) -> dict[str, Any]:
    return failing_run.report


@pytest.fixture(scope="module")
def partial_run(tmp_path_factory: pytest.TempPathFactory) -> CertifyRun:
    """A narrowed run of the reference engine: every selected case passes."""
    return run_certify(tmp_path_factory.mktemp("partial"), "--engine", "reference", *narrow())


def _verify(tmp_path: Path, document: dict[str, Any] | str) -> tuple[int, str]:
    path = tmp_path / "report.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    completed = napspec("verify", str(path))
    return completed.returncode, completed.stdout + completed.stderr


def test_verify_refuses_a_failing_report_edited_to_certified(tmp_path: Path, failing_report: dict[str, Any]) -> None:
    code, output = _verify(tmp_path, _forged(failing_report, certified=True, partial=False))
    assert code == ExitStatus.NOT_CERTIFIED and "NOT VERIFIED" in output
    assert "its cases make it" in output


def test_badge_and_summary_never_show_a_forged_verdict(tmp_path: Path, failing_report: dict[str, Any]) -> None:
    path = tmp_path / "report.json"
    path.write_text(json.dumps(_forged(failing_report, certified=True, partial=False)), encoding="utf-8")
    badge = napspec("badge", str(path), "-o", str(tmp_path / "badges"))
    assert badge.returncode == ExitStatus.NOT_CERTIFIED and "NOT VERIFIED" in badge.stdout
    assert not (tmp_path / "badges").exists() or not list((tmp_path / "badges").iterdir())
    assert "NOT VERIFIED" in napspec("summary", str(path)).stdout


def test_verify_refuses_counts_that_its_cases_do_not_make(tmp_path: Path, failing_report: dict[str, Any]) -> None:
    code, output = _verify(tmp_path, _forged(failing_report, applicable=266, passed=266, failed=0, score=1.0))
    assert code == ExitStatus.NOT_CERTIFIED and "passed 266, its cases make it 0" in output


def test_verify_refuses_certified_when_every_case_timed_out(failing_report: dict[str, Any]) -> None:
    document = json.loads(json.dumps(failing_report))
    document["selection"] = None
    for case in document["cases"]:
        case["status"] = "timed-out"
    document["summary"].update(
        summarise(document["cases"], outcome="complete", engine_error="", selection=None, differential=None),
        certified=True,
    )
    assert any("certified" in problem for problem in inconsistencies(document))


def test_verify_refuses_a_key_given_twice(tmp_path: Path, failing_report: dict[str, Any]) -> None:
    text = json.dumps(failing_report)
    text = text.replace('"certified": false', '"certified": false, "certified": true', 1)
    code, output = _verify(tmp_path, text)
    assert code == ExitStatus.USAGE_ERROR and "duplicate key" in output


def test_a_selection_is_partial_everywhere_never_certified(tmp_path: Path, partial_run: CertifyRun) -> None:
    run = partial_run
    assert run.code == ExitStatus.CERTIFIED, run.output  # the selected cases passed
    assert run.report["summary"]["partial"] is True and run.report["summary"]["certified"] is False
    assert "PARTIAL RUN, NOT CERTIFIED" in run.output and "\nCERTIFIED" not in run.output
    path = str(run.report_paths[0])
    assert "verified: partial" in napspec("verify", path).stdout
    assert "5/5 partial" in napspec("summary", path).stdout
    badge = napspec("badge", path, "-o", str(tmp_path / "badges"))
    svg = next((tmp_path / "badges").glob("*.svg")).read_text(encoding="utf-8")
    assert badge.returncode == 0 and "partial" in svg and "#4c1" not in svg  # not green
    edited = _forged(run.report, certified=True, partial=False)
    code, output = _verify(tmp_path, edited)
    assert code == ExitStatus.NOT_CERTIFIED and "partial" in output


def test_verify_rerun_reproduces_a_certificate_and_refuses_another_program(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine", "reference", "--profile", "hoyle", "--differential-deals", "3")
    assert run.code == ExitStatus.CERTIFIED, run.output
    assert run.report["differential"]["deals"] >= 3 and run.report["differential"]["repeated"] == 32
    path = str(run.report_paths[0])
    again = napspec("verify", "--rerun", "--engine", "reference", path)
    assert again.returncode == 0 and "reproduced: certified" in again.stdout, again.stdout + again.stderr
    other = napspec("verify", "--rerun", "--engine-command", engine("forger.py", "none"), path)
    assert other.returncode == ExitStatus.NOT_CERTIFIED and "not the program that made the report" in other.stdout


@pytest.mark.parametrize("restarts", [0, 3])
def test_verify_rerun_restarts_a_crashed_engine_as_often_as_it_is_told(
    restarts: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``verify --rerun`` takes every option of a certification run (one set, shared with
    ``certify``), ``--max-restarts`` among them, and runs the report again with it."""
    from click.testing import CliRunner

    from napspec.conformance import reports_cli
    from napspec.docs.commands import main

    given: dict[str, Any] = {}

    class Stop(Exception):
        pass

    def rerun(document: object, *arguments: object, **options: object) -> object:
        given.update(options)
        raise Stop

    monkeypatch.setattr(reports_cli, "_read_report", lambda path: {"program": program_of("reference", None)})
    monkeypatch.setattr(reports_cli, "_report_problems", lambda document, installed: [])
    monkeypatch.setattr(reports_cli, "rerun_report", rerun)
    saved = tmp_path / "saved.json"
    saved.write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(
        main, ["verify", "--rerun", "--engine", "reference", "--max-restarts", str(restarts), str(saved)]
    )
    assert isinstance(result.exception, Stop), result.output
    assert given["max_restarts"] == restarts


# ------------------------------------------------------------ 5. inert text everywhere


def test_a_handshake_name_with_new_lines_and_bidi_controls_forges_no_line(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", engine("forger.py", "newline-name"), *narrow())
    assert not any(line.startswith("CERTIFIED") for line in run.output.splitlines()), run.output
    for forbidden in ("\u2028", "\u202e", "\r"):
        assert forbidden not in run.output
    assert "tiny\\x0aCERTIFIED" in run.report["engine"]["name"]
    path = str(run.report_paths[0])
    verified = napspec("verify", path).stdout
    assert len(verified.splitlines()) == 1
    markdown = napspec("summary", "--format", "markdown", path).stdout
    rows = [line for line in markdown.splitlines() if line.startswith("|")]
    assert len(rows) == 3 and "\u2028" not in markdown


def test_printable_leaves_no_control_separator_or_bidi_character_and_is_bounded() -> None:
    hostile = "".join(chr(code) for code in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, 0x202E, 0x2066, 0x200F])
    shown = printable("a" + hostile + "b" * 10_000)
    assert shown.isprintable() and len(shown) < 1000
    assert "\n" in printable("a\nb", lines=True) and "\u2028" not in printable("a\u2028b", lines=True)


def test_house_rules_with_control_characters_reach_no_terminal_raw(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('base = "hoyle"\nname = "evil\\u001b[2J\\u0000\\u009b\\u202e\\nCERTIFIED: 266/266"\n')
    completed = napspec("certify", "--engine", "reference", "--house-rules", str(rules), "--report-dir", str(tmp_path))
    output = completed.stdout + completed.stderr
    assert completed.returncode == ExitStatus.USAGE_ERROR and "U+001B" in output, output
    for forbidden in ("\x1b", "\x00", "\x9b", "\u202e"):
        assert forbidden not in output
    assert not any(line.startswith("CERTIFIED") for line in output.splitlines())
    assert not list(tmp_path.glob("certify-*"))


def test_a_target_name_with_control_characters_is_printed_inert(tmp_path: Path) -> None:
    from rich.console import Console

    from napspec.conformance.certify import Certification, print_summary

    console = Console(record=True, width=200)
    print_summary(Certification("hoyle+evil\x1b[2J\u202e\nCERTIFIED", {}, {"name": "x"}), console)
    text = console.export_text()
    assert "\x1b" not in text and "\u202e" not in text
    assert not any(line.startswith("CERTIFIED") for line in text.splitlines())


# ------------------------------------------------------------ 6. bounded input, no hang, no orphan


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('base = "hoyle"\n' + "".join(f"k{i}." + ".".join(["a"] * 50) + " = 1\n" for i in range(2000)), "64 KB"),
        ('base = "hoyle"\n' + "".join("k." + ".".join(["a"] * 20) + f"{i} = 1\n" for i in range(100)), "dotted parts"),
        ('base = "hoyle"\nx = ' + "[" * 10_000 + "]" * 10_000 + "\n", "16 deep"),
        ('base = "hoyle"\n' + "".join(f"k{i} = 1\n" for i in range(1000)), "500 keys"),
        ('base = "hoyle"\nname = "' + "n" * 1000 + '"\n', "longer than 200"),
        ('base = "hoyle"\n[options]\ncut-minimum = "4"\n', "the number 4, written without quotes"),
    ],
)
def test_house_rules_beyond_their_bounds_are_a_usage_error_within_seconds(tmp_path: Path, text: str, says: str) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text(text)
    started = time.monotonic()
    completed = napspec("house-rules", "check", str(rules))
    output = completed.stdout + completed.stderr
    assert completed.returncode == ExitStatus.USAGE_ERROR and says in output, output
    assert time.monotonic() - started < SLACK and len(output) < 2000
    assert "did you mean '4'" not in output


def test_smoke_ends_what_the_engine_started(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    completed = napspec(
        "smoke", "--engine-command", f"{sys.executable} {ENGINES / 'hostile.py'} group-children --pids {pids}"
    )
    assert completed.returncode in (ExitStatus.NOT_CERTIFIED, ExitStatus.ENGINE_UNAVAILABLE)
    assert pids.exists()
    assert_gone(pids)


def test_an_engine_that_exits_while_a_grandchild_holds_its_output_has_stopped_not_timed_out(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    command = f"{sys.executable} {ENGINES / 'hostile.py'} orphan-stdout --pids {pids}"
    run = run_certify(tmp_path / "r", "--engine-command", command, *narrow("--max-restarts", "1"))
    statuses = {case["status"] for case in run.report["cases"]}
    assert "timed-out" not in statuses and "errored" in statuses, run.output
    assert any("exit status 0" in case["message"] for case in run.report["cases"])
    assert_gone(pids)


def test_a_number_of_five_thousand_digits_is_named_as_such(tmp_path: Path) -> None:
    run = run_certify(tmp_path, "--engine-command", engine("forger.py", "huge-number"), *narrow())
    messages = " ".join(case["message"] for case in run.report["cases"])
    assert "5000 digits" in messages and "not JSON" not in messages


def test_fuzz_stops_at_its_max_duration() -> None:
    slow = f"{sys.executable} {ENGINES / 'random_wrong.py'} hashed 0"
    completed = napspec(
        "fuzz", "--engine-command", slow, "--profile", "hoyle", "--deals", "10000", "--max-duration", "3"
    )
    assert completed.returncode == ExitStatus.NOT_CERTIFIED, completed.stdout + completed.stderr
    assert "--max-duration" in completed.stdout


def test_max_duration_stops_a_slow_engine_not_certified(tmp_path: Path) -> None:
    slow = f"{sys.executable} {ENGINES / 'hostile.py'} slow"
    run = run_certify(tmp_path, "--engine-command", slow, "--profile", "hoyle", "--max-duration", "2")
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    assert "--max-duration" in run.report["engine_error"] and run.report["summary"]["not-run"] > 0
    assert run.seconds < SLACK


# ------------------------------------------------------------ the small ones


def test_badges_of_two_engines_for_one_target_do_not_overwrite_each_other(
    tmp_path: Path, partial_run: CertifyRun, failing_run: CertifyRun
) -> None:
    for run in (partial_run, failing_run):
        assert napspec("badge", str(run.report_paths[0]), "-o", str(tmp_path / "badges")).returncode == 0
    assert len(list((tmp_path / "badges").glob("*.svg"))) == 2


def test_summary_shows_the_plain_profile_before_its_variants(tmp_path: Path, partial_run: CertifyRun) -> None:
    plain = partial_run
    misery = run_certify(tmp_path / "m", "--engine", "reference", *narrow("--variants", "misery"))
    shown = napspec("summary", "--format", "json", str(misery.report_paths[0]), str(plain.report_paths[0]))
    assert json.loads(shown.stdout)["targets"] == ["hoyle", "hoyle+misery"]


@pytest.mark.campaign
@pytest.mark.parametrize("profile", ["peel", "hoyle", "britannica", "wikipedia"])
def test_neither_a_lookup_table_nor_an_engine_wrong_once_in_a_hundred_is_certified_on_any_profile(
    tmp_path: Path, profile: str
) -> None:
    table = tmp_path / "table.json"
    record = engine("lookup.py", "record", str(table))
    run_certify(tmp_path / "record", "--engine-command", record, "--profile", profile, "--differential-deals", "0")
    for command in (engine("lookup.py", "replay", str(table)), engine("random_wrong.py", "hashed", "0.01")):
        run = run_certify(tmp_path / "run", "--engine-command", command, "--profile", profile, timeout=900)
        assert run.code == ExitStatus.NOT_CERTIFIED and run.report["summary"]["certified"] is False, run.output
