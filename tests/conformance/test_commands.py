"""The commands around a certification: ``verify``, ``summary``, ``badge``, ``smoke``, the
register's commands refusing what they cannot do, and ``napspec-reference``'s own exit
statuses. They run in this process (:func:`~tests.conformance.conftest.napspec_here`): the
certifications they read, and the engine ``smoke`` starts, are child processes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.certify import report_digest
from napspec.spec.terminal import ExitStatus

from .conftest import ENGINES, napspec_here, run_certify

# ----------------------------------------------------------------------- other commands


@pytest.fixture(scope="module")
def saved_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("saved")
    run = run_certify(folder, "--engine", "reference", "--profile", "peel", "--rule", "settlement.nap")
    assert run.code == ExitStatus.CERTIFIED, run.output
    return run.report_paths[0]


def test_verify_checks_the_digest_and_the_suite(saved_report: Path, tmp_path: Path) -> None:
    completed = napspec_here("verify", str(saved_report))
    assert completed.returncode == 0 and "verified" in completed.stdout
    tampered = json.loads(saved_report.read_text(encoding="utf-8"))
    tampered["summary"]["passed"] += 1
    (tmp_path / "certify-peel.json").write_text(json.dumps(tampered), encoding="utf-8")
    completed = napspec_here("verify", str(tmp_path / "certify-peel.json"))
    assert completed.returncode == ExitStatus.NOT_CERTIFIED and "digest does not match" in completed.stdout


def test_summary_and_badge_render_saved_reports(saved_report: Path, tmp_path: Path) -> None:
    report = json.loads(saved_report.read_text(encoding="utf-8"))
    other = dict(report, engine={"name": "[red]other|engine", "version": "2"})
    other["digest"] = report_digest(other)  # another engine's report, as napspec would have written it
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    completed = napspec_here("summary", str(saved_report), str(tmp_path / "other.json"), "--format", "markdown")
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    program = f"sha256:{report['program']['digest'][:12]}"
    assert lines[0] == f"| target | napspec-reference 0.1.0 ({program}) | \\[red\\]other\\|engine 2 ({program}) |"
    passed = f"{report['summary']['passed']}/{report['summary']['applicable']} partial"  # narrowed to one rule
    assert lines[2] == f"| peel | {passed} | {passed} |"
    completed = napspec_here("summary", str(saved_report), "--format", "json")
    assert json.loads(completed.stdout)["cells"][0]["result"] == passed
    completed = napspec_here("summary", str(saved_report))
    assert completed.returncode == 0 and "napspec-reference" in completed.stdout
    completed = napspec_here("badge", str(saved_report), "-o", str(tmp_path / "badges"))
    assert completed.returncode == 0, completed.stderr
    svg = (tmp_path / "badges" / "certify-peel--napspec-reference_0.1.0.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "napspec peel" in svg and passed.split(maxsplit=1)[0] in svg
    completed = napspec_here("summary", str(tmp_path / "badges" / "certify-peel--napspec-reference_0.1.0.svg"))
    assert completed.returncode == ExitStatus.USAGE_ERROR


def test_smoke_starts_handshakes_plays_one_case_and_says_bye() -> None:
    completed = napspec_here("smoke", "--engine-command", f"{sys.executable} -m napspec.reference.cli serve")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert completed.stdout.count("\n") == 1 and "napspec-reference" in completed.stdout and "ok" in completed.stdout
    completed = napspec_here("smoke", "--engine-command", "false")
    assert completed.returncode == ExitStatus.ENGINE_UNAVAILABLE
    assert completed.stdout.startswith("engine could not start")
    completed = napspec_here("smoke")
    assert completed.returncode == ExitStatus.USAGE_ERROR


@pytest.mark.parametrize("arguments", [(), ("--trumps", "longest-suit", "--scoring", "unbalanced")])
def test_smoke_plays_a_case_an_engine_of_no_profile_declares_it_can_play(arguments: tuple[str, ...]) -> None:
    # Four players only, dealt hands only, no compulsory call, every trick played out: no
    # profile's rules whole, and no Peel case.
    command = " ".join([sys.executable, str(ENGINES / "foreign_nap.py"), *arguments])
    completed = napspec_here("smoke", "--engine-command", command)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "foreign-nap" in completed.stdout and "ok" in completed.stdout


def test_certify_and_verify_rerun_offer_the_same_run_options() -> None:
    # verify --rerun makes a certification again: every option it takes besides its own
    # (the reports, --rerun) is certify's, spelt, typed and defaulted alike.
    from napspec.docs.commands import main

    certify, verify = main.commands["certify"], main.commands["verify"]

    def described(parameter: Any) -> tuple[object, ...]:
        return (
            tuple(parameter.opts),
            repr(parameter.type),
            parameter.default,
            parameter.metavar,
            getattr(parameter, "help", None),
        )

    certify_options = {parameter.name: described(parameter) for parameter in certify.params}
    verify_options = {
        parameter.name: described(parameter)
        for parameter in verify.params
        if parameter.name not in {"reports", "rerun"}
    }
    assert set(verify_options) == {
        "engine_name",
        "engine_command",
        "oracle_name",
        "oracle_command",
        "case_timeout",
        "max_duration",
        "max_restarts",
    }
    assert {name: certify_options.get(name) for name in verify_options} == verify_options


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("lower-case engine", "lower-case engine"),
        ("eNGINE mIxed", "eNGINE mIxed"),
        ("[bold]nap[/bold] \x1b[2Jbot", "[bold]nap[/bold] \\x1b[2Jbot"),
    ],
)
def test_smoke_prints_the_engines_name_as_sent_escaped(tmp_path: Path, name: str, shown: str) -> None:
    # An engine's name is its own: neither capitalised nor read as markup, its control
    # characters shown escaped.
    engine = tmp_path / "named.py"
    engine.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ENGINES)!r})\n"
        "import toy\n"
        "plain = toy.hello_response\n"
        f"toy.hello_response = lambda name='toy': plain({name!r})\n"
        "toy.main()\n",
        encoding="utf-8",
    )
    completed = napspec_here("smoke", "--engine-command", f"{sys.executable} {engine}")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert completed.stdout.startswith(f"{shown} 1.0: ok"), completed.stdout


def test_smoke_says_when_no_case_fits_the_declared_capabilities() -> None:
    from napspec.conformance.smoke import smoke_case

    capabilities = {"options": {"misery": ["no-such"]}, "queries": ["state"], "irregular_play": False, "profiles": []}
    case, why = smoke_case(capabilities)
    assert why and "option" in why and case["id"] == "smoke/deal"


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (("rules", "--chapter", "nosuch"), "no chapter 'nosuch'"),
        (("export", "-o", "/nonexistent-folder/register.json"), "cannot write /nonexistent-folder/register.json"),
    ],
)
def test_other_commands_refuse_what_they_cannot_do(arguments: tuple[str, ...], named: str) -> None:
    completed = napspec_here(*arguments)
    assert completed.returncode == ExitStatus.USAGE_ERROR and named in completed.stderr


def test_house_rules_check_refuses_a_deeply_nested_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "deep"\n[options]\nrevoke = ' + "[" * 30_000 + "]" * 30_000 + "\n")
    completed = napspec_here("house-rules", "check", str(house))
    assert completed.returncode != 0 and "nests arrays or tables more than 16 deep" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_the_reference_command_has_help_version_and_napspecs_exit_statuses() -> None:
    from click.testing import CliRunner

    from napspec.reference.cli import main as reference_main

    def reference(*arguments: str) -> tuple[int, str]:
        result = CliRunner().invoke(reference_main, list(arguments), prog_name="napspec-reference")
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        return result.exit_code, result.stdout

    code, text = reference("-h")
    assert code == 0 and "serve" in text
    code, text = reference("--version")
    assert code == 0 and text.startswith("napspec-reference, version ")
    assert reference("play", "--profile", "nosuch")[0] == ExitStatus.USAGE_ERROR
    assert reference("bench", "--players", "11", "--hands", "1")[0] == ExitStatus.USAGE_ERROR
    assert reference("nosuch")[0] == ExitStatus.USAGE_ERROR
