"""A scenario calls one trick only where the call of one is what it tests.

Many engines open the calling at two (other copies of the Wikipedia article list the bids
from two or three). A scenario that needs *some* call to test the rotation of the calls, the
soloist, following suit or a claim made too late, and makes it a call of one, fails such an
engine on a rule it obeys: its call is refused before the rule is reached. Every such call is
of two or more; a call of one stays only in the scenarios of the rules about the one-trick
call (a compelled player plays for one) and of the lowest call, and in the few listed here,
where the play must last to a trick that a call of two would leave unplayed, each with its
reason. A step that needs some call may make "the lowest call" the rules in force allow.

Under rules whose lowest call is two (house rules), a row that calls one trick by its number
does not apply: it is written for a game that has the call (``napspec.suite.plan``).
"""

from __future__ import annotations

from napspec.spec import load
from napspec.suite.plan import plan_row, row_needs
from napspec.suite.scenarios import load_scenarios
from napspec.suite.targets import Target

#: The rules a call of one may be the subject of.
RULES_OF_THE_CALL_OF_ONE = frozenset({"calling.compulsory-call"})

#: Scenarios that keep a call of one, and why a higher call would change what they test.
KEPT: dict[str, str] = {
    "players-ranking-ace-high": (
        "the last check is the fifth trick: the caller of one wins only that trick, so play lasts to it "
        "where play stops once the call is decided; a caller of two would be defeated after the fourth"
    ),
    "pool-knaves-and-fives-of-trumps-pay-nothing": (
        "the payments checked are those of a call of one made on the second trick, the play stopping there"
    ),
}


def _calls_of_one() -> dict[str, tuple[str, ...]]:
    """Each scenario whose rows call one trick at five-card Nap, with the rules it tests
    (rows written for a lowest call, which a call of one is the lowest call of, aside)."""
    found: dict[str, tuple[str, ...]] = {}
    for scenario in load_scenarios():
        for row in scenario.examples or ({},):
            plan = plan_row(scenario, dict(row))
            if plan.options.get("seven-card") != "not-played" or "lowest-call" in row_needs(scenario, dict(row)).needs:
                continue
            # A call of one by its number (not "the lowest call", which is one only where it is).
            if any(
                step.phrase.pattern == "seat {seat:int} calls {tricks:int}" and step.args["tricks"] == 1
                for step in plan.steps
            ):
                found[scenario.id] = scenario.rules
    return found


def test_a_call_of_one_is_made_only_where_it_is_tested() -> None:
    stray = sorted(
        scenario_id
        for scenario_id, rules in _calls_of_one().items()
        if not RULES_OF_THE_CALL_OF_ONE & set(rules) and scenario_id not in KEPT
    )
    assert not stray, f"scenarios that need some call and make it a call of one (make it two or more): {stray}"


def test_every_scenario_kept_still_calls_one() -> None:
    found = _calls_of_one()
    assert set(KEPT) <= set(found), sorted(set(KEPT) - set(found))
    assert any(RULES_OF_THE_CALL_OF_ONE & set(rules) for rules in found.values())


def _target(lowest: int) -> Target:
    values = {**load().profile_values("britannica"), "lowest-call": lowest}
    return Target(name=f"britannica+lowest-{lowest}", base="britannica", values=values)


def test_a_row_that_calls_below_the_lowest_call_does_not_apply() -> None:
    scenarios = {scenario.id: scenario for scenario in load_scenarios()}
    kept = scenarios["players-ranking-ace-high"]
    row = next(iter(kept.examples or ({},)))
    assert plan_row(kept, dict(row), _target(1)).not_applicable == ""
    assert plan_row(kept, dict(row), _target(2)).not_applicable == (
        "it calls 1 tricks, below the lowest call of these rules (lowest-call=2)"
    )


def test_the_lowest_call_is_read_from_the_rules_the_row_runs_under() -> None:
    scenario = next(s for s in load_scenarios() if s.id == "calling-round-to-the-left-ending-with-dealer")
    row = next(r for r in scenario.examples if r["profile"] == "britannica")
    assert "lowest-call" not in row_needs(scenario, dict(row)).needs  # written for any lowest call
    for lowest in (1, 2, 3):
        plan = plan_row(scenario, dict(row), _target(lowest))
        assert not plan.not_applicable
        calls = {action["tricks"] for case in plan.cases for action in case.message["actions"] if "tricks" in action}
        assert calls == {lowest, 5}
    opens = next(s for s in load_scenarios() if s.id == "calling-eldest-opens-with-any-call-or-a-pass")
    plan = plan_row(opens, dict(next(r for r in opens.examples if r["profile"] == "britannica")), _target(3))
    assert [3, 4, 5] in [check.expected for case in plan.cases for check in case.checks]
