"""A scenario calls one trick only where the call of one is what it tests.

Many engines open the calling at two (other copies of the Wikipedia article list the bids
from two or three). A scenario that needs *some* call to test the rotation of the calls, the
soloist, following suit or a claim made too late, and makes it a call of one, fails such an
engine on a rule it obeys: its call is refused before the rule is reached. Every such call is
of two or more; a call of one stays only in the scenarios of the rules about the one-trick
call (a compelled player plays for one), and in the few listed here, where the play must
last to a trick that a call of two would leave unplayed, each with its reason.
"""

from __future__ import annotations

from napspec.suite.plan import plan_row
from napspec.suite.scenarios import load_scenarios

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
    """Each scenario whose rows call one trick at five-card Nap, with the rules it tests."""
    found: dict[str, tuple[str, ...]] = {}
    for scenario in load_scenarios():
        for row in scenario.examples or ({},):
            plan = plan_row(scenario, dict(row))
            if plan.options.get("seven-card") != "not-played":
                continue
            actions = [action for case in plan.cases for action in case.message["actions"]]
            if any(action.get("type") == "call" and action.get("tricks") == 1 for action in actions):
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
