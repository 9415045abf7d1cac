"""Every check of a row judged (:mod:`napspec.suite.verdicts`): a failure hides nothing after
it; a failure that follows from a refused action or from trumps made otherwise is not
judged, and the finding it follows from is reported once; each check names its rule."""

from __future__ import annotations

from typing import Any

from napspec.suite.checks import Check
from napspec.suite.verdicts import (
    BALANCE_RULE,
    FAILED,
    NOT_JUDGED,
    PASSED,
    check_rules,
    explained_by_trumps,
    failure_message,
    judge_row,
    row_verdict,
)

TO_ACT = Check("player to act", ("state",), ({"get": ["answers", "state", "to_act"]},), 2)
PHASE = Check("phase", ("state",), ({"get": ["answers", "state", "phase"]},), "play")
TRUMPS = Check("trumps", ("state",), ({"get": ["answers", "state", "trumps"]},), "S")
PAYMENTS = Check("payments by seat", ("result",), ({"get": ["answers", "result", "payments"]},), [6, -2, -2, -2])
WINNER = Check("winner of trick 1", ("tricks",), ({"get": ["answers", "tricks", 0, "winner"]},), 0)
RULES = ["calling.in-rotation", "play.trick-winner", "settlement.stake-per-trick"]


def _response(steps: list[dict[str, Any]], **state: Any) -> dict[str, Any]:
    base = {"phase": "play", "to_act": 2, "soloist": 0, "call": 2, "declaration": None, "trumps": None}
    return {
        "steps": steps,
        "answers": {"state": {**base, **state}, "tricks": [{"winner": 0}], "result": {"payments": [6, -2, -2, -2]}},
    }


def test_a_failure_does_not_hide_the_checks_after_it() -> None:
    message = {"actions": [{"type": "pass", "seat": 1}]}
    response = _response([{"ok": True}], phase="calling")
    verdicts = judge_row([(message, [PHASE, TO_ACT, PAYMENTS])], {0: response}, RULES)
    # The payments are judged twice: what the rules of the settlement fix, and that they balance.
    assert [v.verdict for v in verdicts] == [FAILED, PASSED, PASSED, PASSED]
    assert verdicts[0].rules == ("calling.in-rotation",)  # the phase, during the calling
    assert verdicts[2].rules == ("settlement.stake-per-trick",)
    assert verdicts[3].rules == (BALANCE_RULE,)
    assert row_verdict(verdicts) == FAILED


def test_failures_after_a_refused_action_are_not_judged_and_the_refusal_is_reported_once() -> None:
    message = {"actions": [{"type": "call", "seat": 1, "tricks": 1}, {"type": "pass", "seat": 2}]}
    response = _response([{"ok": False, "error": "invalid-action"}, {"ok": True}], to_act=1)
    verdicts = judge_row([(message, [TO_ACT, PHASE]), (message, [TO_ACT])], {0: response, 1: response}, RULES)
    kinds = [(v.what, v.verdict) for v in verdicts]
    assert kinds.count(('action {"seat": 1, "tricks": 1, "type": "call"} taken', FAILED)) == 1
    assert [v.verdict for v in verdicts if v.what == "player to act"] == [NOT_JUDGED, NOT_JUDGED]
    refusal = next(v for v in verdicts if v.what.startswith("action"))
    assert refusal.rules == () and "invalid-action" in refusal.message
    assert "no rule" in failure_message(verdicts)


def test_a_refusal_the_checks_do_not_mind_is_no_failure() -> None:
    message = {"actions": [{"type": "pass", "seat": 0}]}
    response = _response([{"ok": False, "error": "cannot-pass"}], phase="play")
    assert [v.verdict for v in judge_row([(message, [PHASE])], {0: response}, RULES)] == [PASSED]


def test_trumps_made_otherwise_fail_the_rule_of_trumps_only() -> None:
    message = {"irregular": False, "actions": [{"type": "play", "seat": 0, "card": "AS"}]}
    response = _response([{"ok": True}], trumps="H")
    response["answers"]["tricks"] = [{"winner": 1}]
    verdicts = judge_row([(message, [WINNER, PAYMENTS])], {0: response}, RULES)
    failed = [v for v in verdicts if v.verdict == FAILED]
    assert [v.rules for v in failed] == [("play.first-lead-trumps",)]
    assert [v.verdict for v in verdicts if v.what == "winner of trick 1"] == [NOT_JUDGED]
    # The row's own check of trumps is judged, and the finding is not repeated.
    verdicts = judge_row([(message, [TRUMPS, WINNER])], {0: response}, [*RULES, "play.first-lead-trumps"])
    assert [(v.what, v.verdict) for v in verdicts] == [("trumps", FAILED), ("winner of trick 1", NOT_JUDGED)]


def test_payments_that_do_not_balance_fail_the_rule_that_what_is_paid_is_received_alone() -> None:
    # The soloist is paid what the rules say (6), but the others pay nothing: the rule of his
    # payment is kept, and only the balance fails.
    message = {"actions": [{"type": "call", "seat": 0, "tricks": 2}]}
    response = _response([{"ok": True}])
    response["answers"]["result"]["payments"] = [6, 0, 0, 0]
    own, balance = judge_row([(message, [PAYMENTS])], {0: response}, RULES)
    assert (own.verdict, own.rules) == (PASSED, ("settlement.stake-per-trick",))
    assert (balance.verdict, balance.rules) == (FAILED, (BALANCE_RULE,))
    assert "do not balance: [6, 0, 0, 0] sum to 6" in balance.message


def test_a_wrong_payment_of_the_soloist_fails_its_rule_and_the_balance_only_if_it_does_not_balance() -> None:
    message = {"actions": [{"type": "call", "seat": 0, "tricks": 2}]}
    response = _response([{"ok": True}])
    response["answers"]["result"]["payments"] = [9, -3, -3, -3]  # balanced, the wrong stake
    own, balance = judge_row([(message, [PAYMENTS])], {0: response}, RULES)
    assert (own.verdict, balance.verdict) == (FAILED, PASSED)
    response["answers"]["result"]["payments"] = [9, -2, -2, -2]  # neither
    own, balance = judge_row([(message, [PAYMENTS])], {0: response}, RULES)
    assert (own.verdict, balance.verdict) == (FAILED, FAILED)


def test_trumps_made_otherwise_explain_a_refusal_in_the_same_case_and_rows_that_met_one_elsewhere() -> None:
    # The engine's trumps let another card win, so the card of the next leader is refused.
    message = {
        "irregular": False,
        "actions": [{"type": "play", "seat": 0, "card": "AS"}, {"type": "play", "seat": 2, "card": "2S"}],
    }
    response = _response([{"ok": True}, {"ok": False, "error": "not-your-turn"}], trumps="H")
    verdicts = judge_row([(message, [TO_ACT])], {0: response}, RULES)
    assert [(v.rules, v.verdict) for v in verdicts if v.verdict == FAILED] == [(("play.first-lead-trumps",), FAILED)]
    # A row whose case asked no state meets only the refusal: another row's finding explains it.
    blind = {**response, "answers": {"tricks": [{"winner": 1}]}}
    other = [v.to_json() for v in judge_row([(message, [WINNER])], {0: blind}, RULES)]
    assert [check["rules"] for check in other if check["verdict"] == FAILED] == [[]]
    found = [v.to_json() for v in verdicts]
    assert explained_by_trumps([found, other]) == 1
    refusal = next(check for check in other if check["verdict"] == FAILED)
    assert refusal["rules"] == ["play.first-lead-trumps"] and "as another row found" in refusal["message"]


def test_a_payment_in_a_row_without_a_rule_of_the_settlement_names_the_settlement_that_fixes_it() -> None:
    nap = Check("payments by seat", ("result",), PAYMENTS.select, [-15, 5, 5, 5])
    assert check_rules(nap, ["play.made-or-defeated"], [{"type": "call", "seat": 0, "tricks": 5}]) == (
        "settlement.nap",
    )
    lost = Check("payments by seat", ("result",), PAYMENTS.select, [-6, 2, 2, 2])
    assert check_rules(lost, ["play.made-or-defeated"], [{"type": "call", "seat": 0, "tricks": 2}]) == (
        "settlement.level-money",
    )
    nothing = Check("payments by seat", ("result",), PAYMENTS.select, [0, 0, 0])
    assert check_rules(nothing, ["calling.all-pass", "dealing.rotation"], [], claimed=["dealing.rotation"]) == (
        "calling.all-pass",
    )


def test_a_refusal_code_names_its_rule_and_the_calls_open_name_the_rules_of_the_calls() -> None:
    too_low = Check(
        "action", ("state",), ({"get": ["steps", 1]}, {"pick": ["ok", "error"]}), {"ok": False, "error": "call-too-low"}
    )
    actions = [{"type": "call", "seat": 1, "tricks": 2}, {"type": "call", "seat": 2, "tricks": 1}]
    assert check_rules(too_low, ["calling.must-exceed", "calling.soloist"], actions) == ("calling.must-exceed",)
    calls = Check(
        "legal calls",
        ("legal-actions",),
        ({"get": ["answers", "legal-actions"]}, {"where": {"seat": 1, "type": "call"}}),
        [],
    )
    assert check_rules(calls, ["calling.call-tricks", "calling.eldest-first", "calling.pass"]) == (
        "calling.call-tricks",
    )


def test_knaves_and_fives_are_judged_by_the_stakes_paid_not_by_how_many_transfers_record_them() -> None:
    from napspec.reference.contract_adapter import ReferenceEngine
    from napspec.suite.checks import CheckFailed, judge
    from napspec.suite.plan import plan_scenario
    from napspec.suite.scenarios import load_scenarios

    scenario = next(s for s in load_scenarios() if s.id == "pool-knaves-and-fives-played")
    row = plan_scenario(scenario)[0]
    case = next(c for c in row.cases if any("knaves and fives" in check.what for check in c.checks))
    response = ReferenceEngine().run(case.message)
    checks = [check for check in case.checks if "knaves and fives" in check.what]
    transfers = response["answers"]["pool"]["transfers"]
    # The same stakes recorded as one transfer a seat, not one a card: the checks still hold.
    merged: list[dict[str, Any]] = []
    for transfer in transfers:
        same = [
            t
            for t in merged
            if t["reason"] == "card-contribution" == transfer["reason"] and t["from"] == transfer["from"]
        ]
        if same:
            same[0]["amount"] += transfer["amount"]
        else:
            merged.append(dict(transfer))
    assert len(merged) < len(transfers)
    response["answers"]["pool"]["transfers"] = merged
    for check in checks:
        judge(check, response)
    # A stake short is a failure.
    next(t for t in merged if t["reason"] == "card-contribution")["amount"] -= 1
    failures = 0
    for check in checks:
        try:
            judge(check, response)
        except CheckFailed:
            failures += 1
    assert failures == 1
