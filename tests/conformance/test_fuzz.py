"""Tests of differential fuzzing (``napspec fuzz``): it finds the rule-breaking engines within
a stated budget (seeded, so deterministic), finds nothing on the reference engine against
itself, survives engines that crash or hang, and prints scenarios the suite reads back."""

from __future__ import annotations

import importlib.util
import signal
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from napspec.conformance.fuzz import RULES_TOUCHED, Difference, FuzzResult, compare, fuzz, gherkin, scenario_text
from napspec.conformance.harness import InProcessEngine, ProtocolEngine
from napspec.protocol import Engine
from napspec.reference.contract_adapter import ReferenceEngine
from napspec.spec import load
from napspec.spec.terminal import ExitStatus
from napspec.suite.plan import plan_scenario
from napspec.suite.scenarios import parse_feature
from napspec.suite.targets import Target
from tests.conformance.conftest import (
    ENGINES,
    assert_gone,
    engine_command,
    hostile,
    interrupted_napspec,
    napspec,
    napspec_here,
)

#: The rule-breaking engines of ``engines/``, the rule each breaks, and the budget of deals
#: the test gives the fuzzer (under Hoyle at seed 0 it finds them at deals 2, 14 and 275:
#: a Nap that is made is rare in random play).
BREAKERS: dict[str, tuple[str, str, int]] = {
    "ignores_follow_suit": ("IgnoresFollowSuit", "play.follow-suit", 10),
    "trumps_ignored": ("TrumpsIgnored", "play.trick-winner", 100),
    "nap_pays_five": ("NapPaysFive", "settlement.nap", 400),
}


def breaker_module(name: str) -> ModuleType:
    """A rule-breaking engine's module, imported from its file (with ``rulebreak`` beside it)."""
    if str(ENGINES) not in sys.path:
        sys.path.insert(0, str(ENGINES))
    spec = importlib.util.spec_from_file_location(f"napspec_test_fuzz_{name}", ENGINES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def breaker(name: str, *, checked: bool = False) -> Engine:
    """A breaker in-process: bare (fast: the harness's checks of every case and answer cost
    most of a deal's time), or ``checked`` as ``napspec fuzz`` runs it."""
    engine: Engine = getattr(breaker_module(name), BREAKERS[name][0])()
    return InProcessEngine(engine, timeout=10) if checked else engine


def reference(*, checked: bool = False) -> Engine:
    return InProcessEngine(ReferenceEngine(), timeout=10) if checked else ReferenceEngine()


def hoyle() -> Target:
    target = Target.from_options("hoyle", None)
    assert target is not None
    return target


def run(engine: Engine, target: Target | None = None, **options: Any) -> FuzzResult:
    oracle = reference(checked=isinstance(engine, InProcessEngine))
    try:
        return fuzz(engine, oracle, target or hoyle(), **options)
    finally:
        engine.close()
        oracle.close()


# ------------------------------------------------------------------------------ finding


@pytest.mark.parametrize("name", sorted(BREAKERS))
def test_finds_each_breaker_within_its_budget(name: str) -> None:
    _, rule, budget = BREAKERS[name]
    result = run(breaker(name), deals=budget, seed=0, shrink=False)
    assert result.divergence is not None, f"{name} not found in {budget} deals"
    assert result.divergence.found_after <= budget
    assert rule in result.divergence.rules
    assert result.status == ExitStatus.NOT_CERTIFIED


def test_the_same_seed_finds_the_same_case() -> None:
    first = run(breaker("ignores_follow_suit"), deals=10, seed=3, shrink=False)
    second = run(breaker("ignores_follow_suit"), deals=10, seed=3, shrink=False)
    assert first.divergence is not None and second.divergence is not None
    assert first.divergence.case == second.divergence.case
    assert first.divergence.found_after == second.divergence.found_after


def test_reference_agrees_with_itself() -> None:
    result = run(reference(checked=True), deals=3, seed=0)
    assert (result.divergence, result.stopped, result.deals) == (None, "", 3)
    assert result.status == ExitStatus.CERTIFIED
    assert result.cases > 3 * 2 * 3  # every action of every deal, through both engines


def test_reference_agrees_with_itself_in_irregular_play() -> None:
    target = Target.from_options("wikipedia", None)
    result = run(reference(), target, deals=20, seed=1, irregular=True)
    # at most the deals asked for, a deal stopped early (at hypothesis' bound) among them
    assert (result.divergence, result.stopped, result.deals) == (None, "", 20)


def test_plays_at_most_the_deals_asked_for() -> None:
    # Under Hoyle at seed 0 hypothesis cuts a third of the deals short and would call for
    # more (45 deals for 30): the run stops at 30 all the same.
    result = run(reference(), deals=30, seed=0)
    assert result.cut_short > 0
    assert (result.divergence, result.stopped, result.deals) == (None, "", 30)


def test_a_cut_of_one_card_is_told_in_the_singular() -> None:
    from napspec.conformance.fuzz_report import _action_phrase
    from napspec.suite.vocabulary import VOCABULARY

    for action, words in (
        ({"type": "cut", "seat": 1, "depth": 1}, "seat 1 cuts 1 card"),
        ({"type": "cut", "seat": 1, "depth": 4}, "seat 1 cuts 4 cards"),
        ({"type": "buy", "seat": 2, "cards": ["AS"]}, 'seat 2 buys 1 card throwing away "AS"'),
    ):
        assert _action_phrase(action) == words
        # the scenario printed with it reads back
        assert any(phrase.keyword == "When" and phrase.parse(words) is not None for phrase in VOCABULARY), words


def test_the_report_says_in_plain_words_why_a_deal_stopped_early() -> None:
    from rich.console import Console

    from napspec.conformance.fuzz_cli import _report

    console = Console(record=True, width=300)
    _report(console, FuzzResult(deals=30, cut_short=10, cases=900, seconds=3.0), hoyle(), "an engine")
    said = console.export_text()
    assert "30 deals (10 of them ended before the hand did" in said
    assert "hypothesis" not in said and "test case" not in said


# --------------------------------------------------------------------------- shrinking


def test_a_divergence_is_shrunk_and_printed_as_a_scenario_the_suite_reads(tmp_path: Path) -> None:
    result = run(breaker("ignores_follow_suit"), deals=10, seed=0, shrink_seconds=30)
    divergence = result.divergence
    assert divergence is not None and divergence.shrunk
    unshrunk = run(breaker("ignores_follow_suit"), deals=10, seed=0, shrink=False).divergence
    assert unshrunk is not None
    assert len(divergence.case["actions"]) <= len(unshrunk.case["actions"])
    text = gherkin(divergence, hoyle(), "ignores_follow_suit")
    assert text is not None, scenario_text(divergence, hoyle(), "ignores_follow_suit")
    path = tmp_path / "found.feature"
    path.write_text("Feature: found\n\n" + text, encoding="utf-8")
    (scenario,) = parse_feature(path)
    assert "play.follow-suit" in scenario.rules
    assert all(rule in load().rules for rule in scenario.rules)
    (plan,) = plan_scenario(scenario)
    assert plan.cases[-1].message["actions"] == divergence.case["actions"]
    # The oracle's legal plays are the scenario's expectation; the engine's differ.
    assert any(line.strip().startswith("And seat") and "may play" in line for line in text.splitlines())


def test_a_claim_is_printed_as_the_case() -> None:
    from napspec.conformance.fuzz import Divergence

    case = {
        "id": "fuzz",
        "options": dict(hoyle().values),
        "players": 2,
        "dealer": 0,
        "irregular": True,
        "start": {"deck": []},
        "actions": [{"type": "claim", "seat": 1, "offence": 0}],
        "queries": ["offences"],
    }
    divergence = Divergence(case, (Difference("offences", [], [{"x": "\x1b[2J"}]),), "play", {}, None, 1)
    text = scenario_text(divergence, hoyle(), "engine")
    assert text.startswith("# case (rules it touches: irregularities.claims")
    assert '"claim"' in text
    assert "\x1b" not in text and "\\u001b" in text  # the engine's text is inert


# -------------------------------------------------------------------- broken engines


def test_survives_an_engine_that_crashes() -> None:
    engine = ProtocolEngine(engine_command("crash.py", "--always"), timeout=5, max_restarts=1)
    result = run(engine, deals=5, seed=0)
    assert result.divergence is not None and not result.divergence.shrunk
    assert "EngineCrashed" in str(result.divergence.differences[0].engine)
    assert result.status == ExitStatus.NOT_CERTIFIED


def test_survives_an_engine_that_hangs() -> None:
    engine = ProtocolEngine(engine_command("hang.py", "--always"), timeout=0.5, max_restarts=0)
    result = run(engine, deals=5, seed=0)
    assert result.divergence is not None and not result.divergence.shrunk
    assert "EngineTimeout" in str(result.divergence.differences[0].engine)
    assert result.seconds < 10


# ----------------------------------------------------------------------- comparing


def test_order_of_legal_actions_and_holdings_does_not_matter() -> None:
    state = {"phase": "play", "holdings": [["2C", "3C"], ["4D"]]}
    legal = [{"type": "play", "seat": 0, "card": "2C"}, {"type": "play", "seat": 0, "card": "3C"}]
    oracle = {"steps": [{"ok": True}], "answers": {"state": state, "legal-actions": legal}}
    engine = {
        "steps": [{"ok": True}],
        "answers": {"state": {**state, "holdings": [["3C", "2C"], ["4D"]]}, "legal-actions": legal[::-1]},
    }
    assert compare(oracle, engine) == []
    rejected = {**engine, "steps": [{"ok": False, "error": "must-follow-suit", "message": "no"}]}
    assert [d.where for d in compare(oracle, rejected)] == ["step"]
    # A step's message is for a human: it is never compared.
    explained = {"steps": [{"ok": False, "error": "must-follow-suit", "message": "yes"}], "answers": {}}
    assert compare({**explained, "steps": rejected["steps"]}, explained) == []


def test_every_rule_a_difference_touches_is_a_testable_rule() -> None:
    rules = load().rules
    for where, touched in RULES_TOUCHED.items():
        for rule in touched:
            assert rule in rules and rules[rule].testable, (where, rule)


# ----------------------------------------------------------------------- the command


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--profile", "hoyle"), "no engine"),
        (("--engine", "reference", "--engine-command", "x", "--profile", "hoyle"), "not both"),
        (("--engine", "reference"), "give --profile"),
        (("--engine", "no-such-engine", "--profile", "hoyle"), "no engine named"),
        (("--engine", "reference", "--profile", "peel", "--variants", "misery"), "gives no variant"),
        (("--engine", "reference", "--oracle-command", " ", "--profile", "hoyle"), "is empty"),
    ],
)
def test_usage_errors(arguments: tuple[str, ...], message: str) -> None:
    completed = napspec_here("fuzz", *arguments)
    assert completed.returncode == ExitStatus.USAGE_ERROR, completed.stdout + completed.stderr
    assert message in completed.stdout + completed.stderr


def test_command_finds_nothing_on_the_reference() -> None:
    completed = napspec("fuzz", "--engine", "reference", "--profile", "hoyle", "--deals", "2")
    assert completed.returncode == ExitStatus.CERTIFIED, completed.stdout + completed.stderr
    assert "no divergence: 2 deals" in completed.stdout


def test_command_prints_the_divergence_of_a_breaker_over_the_protocol() -> None:
    command = " ".join(engine_command("ignores_follow_suit.py"))
    completed = napspec(
        "fuzz", "--engine-command", command, "--profile", "hoyle", "--deals", "10", "--no-shrink", timeout=300
    )
    assert completed.returncode == ExitStatus.NOT_CERTIFIED, completed.stdout + completed.stderr
    assert "DIVERGENCE found in deal" in completed.stdout
    assert "rules it touches: play.follow-suit" in completed.stdout
    assert "@rule:play.follow-suit" in completed.stdout


def test_command_when_the_engine_cannot_start() -> None:
    command = " ".join(engine_command("bad_handshake.py", "not-json"))
    completed = napspec("fuzz", "--engine-command", command, "--profile", "hoyle", "--deals", "1")
    assert completed.returncode == ExitStatus.ENGINE_UNAVAILABLE, completed.stdout + completed.stderr
    assert "the engine could not start" in completed.stderr


# --------------------------------------------------------------------------- campaigns
# Long runs (``pytest -m long``): at about two deals a second over the harness, thousands of
# deals in all are far beyond what CI's campaign may take.


@pytest.mark.campaign
@pytest.mark.long
@pytest.mark.parametrize("name", sorted(BREAKERS))
def test_campaign_finds_and_shrinks_each_breaker_as_the_command_runs_it(name: str) -> None:
    """Checked in-process engines (as ``napspec fuzz --engine`` runs them), shrinking on."""
    _, rule, budget = BREAKERS[name]
    result = run(breaker(name, checked=True), deals=budget, seed=0, shrink_seconds=120)
    assert result.divergence is not None
    assert rule in result.divergence.rules
    assert scenario_text(result.divergence, hoyle(), name)


@pytest.mark.campaign
@pytest.mark.long
@pytest.mark.parametrize("profile", ["peel", "hoyle", "britannica", "wikipedia"])
@pytest.mark.parametrize("irregular", [False, True])
def test_campaign_reference_agrees_with_itself(profile: str, irregular: bool) -> None:
    target = Target.from_options(profile, None)
    result = run(reference(), target, deals=200, seed=0, irregular=irregular)
    assert (result.divergence, result.stopped) == (None, "")


@pytest.mark.campaign
@pytest.mark.long
@pytest.mark.parametrize(
    ("profile", "variant"),
    [
        *(
            ("wikipedia", variant)
            for variant in ("misery", "wellington", "blucher", "sir-garnet", "seven-card", "peep", "purchase")
        ),
        ("wikipedia", "short-pack"),
        ("hoyle", "pool"),
    ],
)
def test_campaign_reference_agrees_with_itself_under_each_variant(profile: str, variant: str) -> None:
    target = Target.from_options(profile, None, [variant])
    result = run(reference(), target, deals=100, seed=0, irregular=True)
    assert (result.divergence, result.stopped) == (None, "")


@pytest.mark.parametrize(
    ("signum", "ignored"),
    [(signal.SIGINT, False), (signal.SIGTERM, False), (signal.SIGINT, True)],
    ids=["ctrl-c", "sigterm", "ctrl-c-started-ignored"],
)
def test_an_interrupt_ends_the_fuzzing(tmp_path: Path, signum: int, ignored: bool) -> None:
    pids = tmp_path / "pids"
    command = ["fuzz", "--engine-command", hostile("slow", pids), "--profile", "hoyle", "--deals", "10000"]
    code, printed = interrupted_napspec(command, pids, signum, started_ignoring_ctrl_c=ignored)
    assert code == ExitStatus.INTERRUPTED, printed
    assert "interrupted" in printed
    assert_gone(pids)


def test_an_interrupt_a_library_turned_into_another_error_still_ends_as_an_interrupt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A signal raises KeyboardInterrupt wherever the fuzzer happens to be: inside hypothesis's
    own bookkeeping, hypothesis catches it and fails on its broken state with an error of its
    own (an AssertionError). The run's event says an interrupt came: the command ends as
    interrupted (3), not as an internal error (5)."""
    from click.testing import CliRunner

    from napspec.conformance import fuzz as fuzz_module
    from napspec.conformance import fuzz_cli

    def interrupted_inside_hypothesis(*args: Any, stop: threading.Event, **kwargs: Any) -> FuzzResult:
        stop.set()  # what the signal handler does before it raises
        raise AssertionError  # what hypothesis raised once the interrupt broke its state

    monkeypatch.setattr(fuzz_module, "fuzz", interrupted_inside_hypothesis)
    monkeypatch.setattr(fuzz_cli, "interrupt_on_signals", threading.Event)  # the test's own signals stay
    result = CliRunner().invoke(
        fuzz_cli.fuzz_command(default_oracle="reference"), ["--engine", "reference", "--profile", "hoyle"]
    )
    assert result.exit_code == ExitStatus.INTERRUPTED, result.output
    assert "interrupted" in result.output and "internal error" not in result.output


class _SwallowedInterrupt(ReferenceEngine):
    """At its tenth case an interrupt comes and its exception is lost (hypothesis runs code in
    the garbage collector's callbacks, where an exception is printed and dropped): only the
    run's event says so."""

    def __init__(self, stop: threading.Event) -> None:
        super().__init__()
        self.stop = stop
        self.cases = 0

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        self.cases += 1
        if self.cases == 10:
            self.stop.set()
        return super().run(case)


def test_an_interrupt_whose_exception_was_lost_still_ends_the_fuzzing_at_the_next_case() -> None:
    stop = threading.Event()
    engine = _SwallowedInterrupt(stop)
    with pytest.raises(KeyboardInterrupt):
        run(engine, deals=50, stop=stop)
    assert engine.cases == 10
