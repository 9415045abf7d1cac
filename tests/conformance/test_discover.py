"""``napspec discover``: an engine's rules found from its play.

The engines here are the reference engine *held* to one set of rules whatever a case asks
(:class:`~napspec.reference.held.HeldEngine`, ``napspec-reference serve --hold-profile``): it
declares every value of every option in its handshake and plays one game, so whatever the
search finds, it found from the play. Held to a profile, the file written must be that
profile; held to house rules away from it, the search must name each point where it plays
otherwise, and certifying against the file written must pass.

The default run searches one profile in full in-process and one over the protocol narrowed
to a chapter; the campaign runs the command in full over the protocol on each profile.
"""

from __future__ import annotations

import dataclasses
import json
import signal
import sys
import threading
import tomllib
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.certify import run_certification
from napspec.conformance.discover import LEFT_OUT, Discovery, Tally, discover, plain_options, suite_rows
from napspec.conformance.harness import InProcessEngine
from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.reference.held import HeldEngine
from napspec.spec import load, load_house_rules
from napspec.spec.register import OptionValueType
from napspec.spec.terminal import ExitStatus
from napspec.suite.scenarios import load_scenarios
from napspec.suite.targets import Target
from napspec.suite.verdicts import BALANCE_RULE

from .conftest import assert_gone, engine_command, hostile, interrupted_napspec, napspec, napspec_here

SERVE = (sys.executable, "-m", "napspec.reference.cli", "serve")

#: The reference engine held to Hoyle but four-handed only, with nobody bound to play when
#: all pass and every hand played out: three points away from the profile, one of them (the
#: table of four) at numbers no source gives together.
FOUR_HANDED: dict[str, OptionValueType] = {
    "players-min": 4,
    "players-max": 4,
    "compulsory-call": "none",
    "stop-when-decided": False,
}


def _found(engine: HeldEngine, rules: tuple[str, ...] = ()) -> Discovery:
    rows = suite_rows([s for s in load_scenarios() if not rules or any(r.startswith(rules) for r in s.rules)])
    with InProcessEngine(engine) as wrapped:
        return discover(wrapped, engine_name=engine.hello()["engine"]["name"], rows=rows)


def _written(tmp_path: Path, found: Discovery) -> Path:
    path = tmp_path / "found.toml"
    path.write_text(found.house_rules(), encoding="utf-8")
    return path


def test_held_to_a_profile_the_file_found_is_that_profile(tmp_path: Path) -> None:
    found = _found(HeldEngine.profile("hoyle"))
    assert found.closest == "hoyle"
    assert found.deviations == []
    rules = load_house_rules(_written(tmp_path, found))
    assert rules.base == "hoyle" and rules.overrides == {} and rules.variants == ()
    assert dict(rules.values) == load().profile_values("hoyle")
    # The other profiles are told apart by their rows, not the handshake: each fails some.
    assert found.profiles["hoyle"].failed == 0
    assert all(tally.failed for name, tally in found.profiles.items() if name != "hoyle")
    assert all(variant.tally.verdict == "not-played" for variant in found.variants)


def test_the_points_an_engine_plays_otherwise_are_named_and_certify(tmp_path: Path) -> None:
    held: dict[str, OptionValueType] = {**load().profile_values("hoyle"), **FOUR_HANDED}
    found = _found(HeldEngine(held, "hoyle, four-handed"))
    assert found.closest == "hoyle"
    assert {finding.option for finding in found.deviations} == set(FOUR_HANDED)
    for finding in found.deviations:
        assert finding.verdict == "plays", finding
        assert finding.chosen == FOUR_HANDED[finding.option]
    # The engine refuses every row at a table of three, and plays every row at a table of four.
    players = next(finding for finding in found.options if finding.option == "players-min")
    three, four = players.tally_of(3), players.tally_of(4)
    assert three is not None and four is not None
    assert three.declined and not three.passed and four.passed and not four.declined
    assert found.certificate.judged and not found.certificate.failed
    # A table of four at the fewest and the most is a value no source gives: stated, marked uncited.
    assert players.uncited and not next(f for f in found.options if f.option == "compulsory-call").uncited
    path = _written(tmp_path, found)
    written = load_house_rules(path)
    assert dict(written.values) == held and written.uncited == ("players-min", "players-max")
    assert all("uncited" in line for line in path.read_text().splitlines() if line.startswith("players-"))
    # Certifying against the file found is the engine's certificate.
    result = run_certification(
        house_rules=str(path),
        harness_engine=InProcessEngine(HeldEngine(held, "hoyle, four-handed")),
        rules=["calling.compulsory-call", "calling.all-pass", "play.follow-suit"],
    )
    assert result.passed and result.counts()["passed"], result.counts()


def test_a_point_no_value_of_the_sources_describes_is_said_so() -> None:
    """Held to a cut of at least three cards, which no source gives: the rows written for a
    cut of one fail, and no row is written for three. The point is named, not passed off as
    played, and the file says how its rows fared."""
    held: dict[str, OptionValueType] = {**load().profile_values("hoyle"), "cut-minimum": 3}
    found = _found(HeldEngine(held, "cut of three"), ("dealing",))
    cut = next(finding for finding in found.options if finding.option == "cut-minimum")
    assert cut.verdict != "plays"
    assert cut in found.deviations
    one = cut.tally_of(1)
    assert one is not None and one.failed
    line = next(line for line in found.house_rules().splitlines() if line.startswith("cut-minimum"))
    assert f"{one.passed} of {one.judged} rows passed" in line


class _Unbalanced(HeldEngine):
    """Held to Hoyle, but a defeated soloist's opponents are paid nothing: chips that do not
    balance, a breach of a rule that no variation point governs."""

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        response = super().run(case)
        result = response.get("answers", {}).get("result")
        if isinstance(result, dict) and result.get("outcome") == "defeated":
            result["payments"] = [min(amount, 0) for amount in result["payments"]]
        return response


def test_a_rule_broken_whatever_the_options_is_named_by_its_rows_and_said_in_words() -> None:
    found = _found(_Unbalanced(load().profile_values("hoyle"), "hoyle, unbalanced"), ("calling", "settlement"))
    assert found.closest == "hoyle"
    # Payments that do not balance break one rule, whatever the options: they count against
    # no variation point, and are said in words, with the rows that found them.
    broken = found.broken[BALANCE_RULE]
    assert broken, "a defeated soloist's payments are checked by some row"
    assert all(any(rule.startswith("settlement.") for rule in found.rules[label]) for label in broken), broken
    assert any(said.startswith("payments that do not balance") for said in found.otherwise())
    assert "payments that do not balance" in found.house_rules()
    assert not found.deviations, [finding.option for finding in found.deviations]
    # The rows pass under the rules found, but for the balance: played as Hoyle plays them.
    assert found.certificate.passed and not found.certificate.failing


def test_what_an_engine_calls_itself_stays_text_in_the_file(tmp_path: Path) -> None:
    found = _found(HeldEngine.profile("peel"), ("calling",))
    hostile = dataclasses.replace(found, engine='x"\n[options]\nrevoke = "none"\n\x1b[31m')
    text = hostile.house_rules()
    data = tomllib.loads(text)
    assert data["options"] == {} and 'revoke = "none"' in data["name"]
    assert "\x1b" not in text
    assert load_house_rules(_written(tmp_path, hostile)).overrides == {}


def test_the_findings_fit_their_schema_and_the_schema_can_refuse() -> None:
    found = _found(HeldEngine.profile("peel"), ("calling",)).as_json()
    assert REPORT_SCHEMAS.errors("discovery", found) == []
    assert REPORT_SCHEMAS.errors("discovery", {**found, "closest": 3})
    wrong = {**found, "options": [{**found["options"][0], "verdict": "perhaps"}]}
    assert REPORT_SCHEMAS.errors("discovery", wrong)


def test_a_tally_says_what_it_judged() -> None:
    tally = Tally()
    tally.add("passed", "a", "")
    tally.add(LEFT_OUT, "b", "irregular play is not supported")
    assert (tally.verdict, tally.shown(), tally.left_out) == ("played", "1/1", 1)
    tally.add("skipped-unsupported", "c", "revoke=none is not supported")
    assert (tally.verdict, tally.shown()) == ("not-played", "1/2")
    for number in range(Tally.KEEP + 2):
        tally.add("failed", f"row-{number}", "wrong")
    assert tally.shown() == f"1/{Tally.KEEP + 4}"
    assert len(tally.failures) == Tally.KEEP
    assert tally.failing == [f"row-{number}" for number in range(Tally.KEEP + 2)]


# --------------------------------------------------------------------------- the command


def _discover_over_the_protocol(tmp_path: Path, profile: str, *narrowing: str) -> Path:
    output = tmp_path / f"{profile}.toml"
    completed = napspec(
        "discover",
        "--engine-command",
        " ".join([*SERVE, "--hold-profile", profile]),
        "-o",
        str(output),
        "--json",
        str(tmp_path / f"{profile}.json"),
        *narrowing,
        timeout=600,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert f"closest profile: {profile}" in completed.stdout
    assert "0 point(s) away" in completed.stdout
    findings = json.loads((tmp_path / f"{profile}.json").read_text(encoding="utf-8"))
    assert REPORT_SCHEMAS.errors("discovery", findings) == []
    assert findings["closest"] == profile and findings["certificate"]["failed"] == 0
    assert {item["option"] for item in findings["options"]} == set(plain_options(load()))
    return output


def test_the_command_over_the_protocol_writes_the_profile(tmp_path: Path) -> None:
    output = _discover_over_the_protocol(tmp_path, "peel", "--rule", "calling")
    rules = load_house_rules(output)
    assert rules.base == "peel" and dict(rules.values) == load().profile_values("peel")


@pytest.mark.campaign
@pytest.mark.parametrize("profile", sorted(load().profiles))
def test_the_command_finds_each_profile_in_full(tmp_path: Path, profile: str) -> None:
    rules = load_house_rules(_discover_over_the_protocol(tmp_path, profile))
    assert rules.base == profile and rules.overrides == {} and rules.variants == ()
    assert dict(rules.values) == load().profile_values(profile)


def test_the_command_needs_one_engine() -> None:
    assert napspec_here("discover").returncode == ExitStatus.USAGE_ERROR
    both = napspec_here("discover", "--engine", "reference", "--engine-command", "x")
    assert both.returncode == ExitStatus.USAGE_ERROR


def test_the_command_refuses_a_rule_no_scenario_tests() -> None:
    completed = napspec_here("discover", "--engine", "reference", "--rule", "calling.no-such-rule")
    assert completed.returncode == ExitStatus.USAGE_ERROR
    assert "calling.no-such-rule" in completed.stdout + completed.stderr


def test_an_engine_that_cannot_start_is_said_so(tmp_path: Path) -> None:
    output = tmp_path / "found.toml"
    completed = napspec_here("discover", "--engine-command", str(tmp_path / "no-such-engine"), "-o", str(output))
    assert completed.returncode == ExitStatus.ENGINE_UNAVAILABLE
    assert "could not start" in completed.stdout
    assert not output.exists()


def test_an_engine_that_keeps_crashing_ends_the_search(tmp_path: Path) -> None:
    output = tmp_path / "found.toml"
    completed = napspec(
        "discover",
        "--engine-command",
        " ".join(engine_command("crash.py", "--always")),
        "--max-restarts",
        "1",
        "--rule",
        "calling.eldest-first",
        "-o",
        str(output),
    )
    assert completed.returncode == ExitStatus.ENGINE_UNAVAILABLE, completed.stdout + completed.stderr
    assert "could not be run any more" in completed.stdout
    assert not output.exists()


def test_a_file_that_cannot_be_written_is_said_so(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("kept\n", encoding="utf-8")
    completed = napspec_here(
        "discover", "--engine", "reference", "--rule", "calling.eldest-first", "-o", str(blocker / "x.toml")
    )
    assert completed.returncode == ExitStatus.USAGE_ERROR
    assert "cannot be written" in completed.stderr
    assert blocker.read_text(encoding="utf-8") == "kept\n"


def test_serve_holds_one_set_of_rules_at_a_time(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from napspec.reference.cli import main as reference_main

    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\n[options]\nnap-stake = 12\n', encoding="utf-8")
    both = CliRunner().invoke(reference_main, ["serve", "--hold-profile", "peel", "--hold-house-rules", str(house)])
    assert both.exit_code == ExitStatus.USAGE_ERROR
    wrong = CliRunner().invoke(reference_main, ["serve", "--hold-house-rules", str(house)])
    assert wrong.exit_code == ExitStatus.USAGE_ERROR
    assert "nap-stakes" in wrong.output


def test_an_engine_name_of_markup_and_escapes_is_shown_as_text(tmp_path: Path) -> None:
    output = tmp_path / "found.toml"
    completed = napspec(
        "discover", "--engine-command", hostile("markup"), "--rule", "play.follow-suit", "-o", str(output)
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "\x1b" not in completed.stdout and "\x07" not in completed.stdout
    assert "[/bold][link=https://example.invalid]click me[/link]" in completed.stdout
    assert "\x1b" not in output.read_text(encoding="utf-8")
    rules = load_house_rules(output)  # what the engine calls itself stays inside the name
    assert "click me" in rules.name and "\\x1b" in rules.name


@pytest.mark.parametrize(
    ("signum", "ignored"),
    [(signal.SIGINT, False), (signal.SIGTERM, False), (signal.SIGINT, True)],
    ids=["ctrl-c", "sigterm", "ctrl-c-started-ignored"],
)
def test_an_interrupt_ends_the_search_writing_nothing(tmp_path: Path, signum: int, ignored: bool) -> None:
    pids, output = tmp_path / "pids", tmp_path / "found.toml"
    command = ["discover", "--engine-command", hostile("slow", pids), "--rule", "play", "-o", str(output)]
    code, printed = interrupted_napspec(command, pids, signum, started_ignoring_ctrl_c=ignored)
    assert code == ExitStatus.INTERRUPTED, printed
    assert "interrupted" in printed
    assert not output.exists()
    assert_gone(pids)


class _SwallowedInterrupt(HeldEngine):
    """Held to Hoyle; at its third case an interrupt comes and its exception is lost (as
    code running when a signal comes may lose it): only the search's event says so."""

    def __init__(self, stop: threading.Event) -> None:
        held = HeldEngine.profile("hoyle")
        super().__init__(held.values, "hoyle")
        self.stop = stop
        self.cases = 0

    def _run(self, case: dict[str, Any], case_id: str) -> dict[str, Any]:
        self.cases += 1
        if self.cases == 3:
            self.stop.set()
        return super()._run(case, case_id)


def test_an_interrupt_whose_exception_was_lost_still_ends_the_search_at_the_next_case() -> None:
    stop = threading.Event()
    engine = _SwallowedInterrupt(stop)
    rows = suite_rows([s for s in load_scenarios() if any(r.startswith("play") for r in s.rules)])
    with InProcessEngine(engine) as wrapped, pytest.raises(KeyboardInterrupt):
        discover(wrapped, profiles=["hoyle"], rows=rows, stop=stop)
    assert engine.cases == 3


def test_an_engine_calling_from_two_is_found_to_play_a_lowest_call_no_source_gives(tmp_path: Path) -> None:
    """The foreign-style engine whose calls start at two (``engines/foreign_nap.py``): the rows
    of the calling it plays are sent at the lowest call it declares, and the point is named
    with its uncited value; the file written says so, and certifies."""
    from .test_foreign_engines import _foreign

    rows = suite_rows([s for s in load_scenarios() if any(r.startswith("calling.") for r in s.rules)])
    with InProcessEngine(_foreign().Wrapper("first-lead", "stakes", 2)) as engine:
        found = discover(engine, engine_name="foreign-nap", rows=rows)
    lowest = next(finding for finding in found.options if finding.option == "lowest-call")
    assert (lowest.verdict, lowest.chosen, lowest.uncited) == ("plays", 2, True)
    two, one = lowest.tally_of(2), lowest.tally_of(1)
    assert two is not None and two.passed and not two.failed
    assert one is not None and not one.passed
    assert "lowest-call" in {finding.option for finding in found.deviations}
    path = _written(tmp_path, found)
    written = load_house_rules(path)
    assert written.values["lowest-call"] == 2 and "lowest-call" in written.uncited
    assert any(line.startswith("lowest-call") and "uncited" in line for line in path.read_text().splitlines())
    assert found.certificate.judged and not found.certificate.failed


def test_a_real_engine_s_rules_are_found_its_seats_its_lowest_call_and_what_no_source_gives(tmp_path: Path) -> None:
    """A four-seat engine written apart from napspec, calls from two, trumps its soloist's
    longest suit, a hand voided when all pass: discover says each, and the file it writes
    judges the engine on the rules it can be judged on (not on none, as before)."""
    from tests.conformance.test_foreign_engines import _foreign

    wrapper = _foreign().Wrapper("longest-suit", "stakes", 2, "redeal")
    found = discover(InProcessEngine(wrapper), engine_name="foreign", profiles=["britannica"])
    assert found.seats == (4,) and found.values["lowest-call"] == 2
    low, high = found.values["players-min"], found.values["players-max"]
    assert isinstance(low, int) and isinstance(high, int) and low <= 4 <= high
    otherwise = " ".join(found.otherwise())
    assert "trumps not from the first lead" in otherwise
    assert "who must play when nobody calls" in otherwise and "fresh-deal" in otherwise
    path = _written(tmp_path, found)
    result = run_certification(
        harness_engine=InProcessEngine(_foreign().Wrapper("longest-suit", "stakes", 2, "redeal")),
        target=Target.from_options(None, str(path)),
        rules=("calling", "play", "settlement"),
    )
    judged = [case for case in result.records if case.status in ("passed", "failed")]
    assert len(judged) > 60, len(judged)


def test_an_interrupt_a_library_turned_into_another_error_still_ends_the_search_as_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A signal that lands inside a library which turns it into an error of its own still ends
    ``discover`` as interrupted (3), writing nothing, never as an internal error (5)."""
    from click.testing import CliRunner

    from napspec.conformance import discover_cli

    def interrupted_inside(*args: Any, stop: threading.Event, **kwargs: Any) -> Any:
        stop.set()  # what the signal handler does before it raises
        raise AssertionError  # what the library raised once the interrupt broke its state

    monkeypatch.setattr(discover_cli, "discover", interrupted_inside)
    monkeypatch.setattr(discover_cli, "interrupt_on_signals", threading.Event)  # the test's own signals stay
    output = tmp_path / "found.toml"
    result = CliRunner().invoke(
        discover_cli.discover_command,
        ["--engine", "reference", "--profile", "hoyle", "--rule", "play.follow-suit", "--output", str(output)],
    )
    assert result.exit_code == ExitStatus.INTERRUPTED, result.output
    assert "internal error" not in result.output and not output.exists()
