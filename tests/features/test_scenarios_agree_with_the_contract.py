"""The scenarios expect what the engine contract says (``docs/implementers.md``), where the
contract fixes a refusal's code whatever the moment: a peep under rules without peep and a
question under rules without the right to information are ``not-provided-for`` in every
phase (sections 8 and 21). A scenario that expected another code would fail an engine
that keeps to the contract."""

from __future__ import annotations

from collections.abc import Mapping

from napspec.suite.plan import plan_scenario
from napspec.suite.scenarios import load_scenarios

#: Action type -> (the option whose plain value leaves the right out, the value that grants it).
RIGHT_BEFORE_THE_MOMENT = {"peep": ("peep", "played"), "ask": ("right-to-information", True)}


def test_a_peep_or_a_question_the_rules_do_not_grant_is_not_provided_for_in_every_phase() -> None:
    wrong: list[str] = []
    seen = 0
    for scenario in load_scenarios():
        for row in plan_scenario(scenario):
            for case in row.cases:
                actions = case.message["actions"]
                for check in case.checks:
                    first = check.select[0]
                    path = first.get("get", []) if isinstance(first, Mapping) else []
                    if len(path) < 2 or path[0] != "steps" or not isinstance(check.expected, Mapping):
                        continue
                    action = actions[path[1]]
                    right = RIGHT_BEFORE_THE_MOMENT.get(action["type"])
                    if right is None or case.message["options"].get(right[0]) == right[1]:
                        continue
                    seen += 1
                    if check.expected.get("error") != "not-provided-for":
                        wrong.append(f"{row.label}: {action} expected {check.expected}")
    assert seen >= 3
    assert not wrong, wrong
