"""Every scenario under every target a profile gives, its variants included: each row is either
not applicable, with the reason, or planned into cases the protocol and the register accept
under the target's options. A plain scenario whose answers a variant changes must not apply
under it (the variant option's rules, or the scenario's ``@needs``); whether the answers
then hold is for the engine runs to show (``napspec certify --variants each``)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from napspec.spec import load
from napspec.suite.plan import RowPlan, plan_scenario
from napspec.suite.scenarios import Scenario, load_scenarios
from napspec.suite.targets import Target
from napspec.suite.vocabulary import ScenarioError

REGISTER = load()
SCENARIOS = load_scenarios()


def _targets() -> list[Target]:
    """Each profile plain, and with each variant its source gives, one at a time."""
    targets: list[Target] = []
    for profile_id, profile in REGISTER.profiles.items():
        targets.append(Target(name=profile_id, base=profile_id, values=REGISTER.profile_values(profile_id)))
        for variant in profile.variants:
            values = REGISTER.variant_values(profile_id, [variant])
            targets.append(Target(name=f"{profile_id}+{variant}", base=profile_id, values=values, variants=(variant,)))
    return targets


TARGETS = _targets()


def _variant_rules(target: Target) -> frozenset[str]:
    """The rules of the variants the target switches on: rules of the chapter of a variant
    option the target changes from its profile's value, that depend on variant options only."""
    plain = REGISTER.profile_values(target.base)
    changed = {option for option, value in target.values.items() if value != plain[option]}
    chapters = {REGISTER.options[option].chapter for option in changed}
    return frozenset(
        rule.id
        for rule in REGISTER.rules.values()
        if rule.chapter in chapters
        and set(rule.options) & changed
        and all(REGISTER.options[option].is_variant for option in rule.options)
    )


def _of_a_variant(scenario: Scenario) -> bool:
    """Whether the scenario tests a rule that depends on variant options only."""
    return any(
        REGISTER.rules[rule].options and all(REGISTER.options[o].is_variant for o in REGISTER.rules[rule].options)
        for rule in scenario.rules
    )


def _plans(target: Target, scenarios: Sequence[Scenario]) -> list[RowPlan]:
    plans: list[RowPlan] = []
    for scenario in scenarios:
        try:
            plans += plan_scenario(scenario, target)
        except ScenarioError as error:
            pytest.fail(f"under {target.name}: {error}")
    return plans


def test_the_targets_include_every_variant_a_profile_gives() -> None:
    names = {target.name for target in TARGETS}
    given = {f"{p}+{v}" for p, profile in REGISTER.profiles.items() for v in profile.variants}
    assert given and given <= names
    assert {"hoyle+misery", "wikipedia+seven-card"} <= names


@pytest.mark.parametrize("target", [t for t in TARGETS if "+" in t.name], ids=lambda t: t.name)
def test_every_row_is_planned_or_not_applicable_under_a_variant_target(target: Target) -> None:
    """Planned rows run under the target's options, and some scenario of the variant runs: one
    of the chapter of an option its bundle sets (calls-beyond-nap, exchanges, pool,
    players-and-pack)."""
    plans = _plans(target, SCENARIOS)
    applicable = [plan for plan in plans if not plan.not_applicable]
    # The plain scenarios stack cards of the full pack; under a shortened pack only the
    # scenarios written for it run (the plan says why each other row does not apply).
    if target.values.get("pack") == REGISTER.options["pack"].plain:
        assert any(not _of_a_variant(plan.scenario) for plan in applicable), "no plain scenario applies"
    for plan in applicable:
        assert plan.cases, plan.label
        for case in plan.cases:
            assert case.message["options"] == dict(target.values), plan.label
    variant_rules = _variant_rules(target)
    assert variant_rules, target.name
    of_the_variant = [plan for plan in applicable if variant_rules & set(plan.scenario.rules)]
    assert of_the_variant, f"no scenario of the variant runs under {target.name}"


@pytest.mark.parametrize("target", [t for t in TARGETS if "+" not in t.name], ids=lambda t: t.name)
def test_no_scenario_of_a_variant_applies_to_the_plain_game(target: Target) -> None:
    plans = _plans(target, [s for s in SCENARIOS if s.chapter in ("calls-beyond-nap", "exchanges")])
    assert plans and all(plan.not_applicable for plan in plans), [p.label for p in plans if not p.not_applicable]


def test_a_plain_scenario_whose_calls_a_variant_changes_does_not_apply_under_it() -> None:
    """The legal calls after a call of two: Misery is among them under hoyle+misery."""
    scenario = next(s for s in SCENARIOS if s.id == "calling-each-call-must-exceed-the-last")
    misery = next(t for t in TARGETS if t.name == "hoyle+misery")
    plain = next(t for t in TARGETS if t.name == "hoyle")
    assert all(not row.not_applicable for row in plan_scenario(scenario, plain))
    reasons = {row.not_applicable for row in plan_scenario(scenario, misery)}
    assert reasons == {"needs misery=not-played, the target has no-trumps"}
