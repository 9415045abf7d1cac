"""The suite against the rule-breaking engines (:mod:`tests.conformance.breakers`): each
breaker must be failed on its own rule.

The default run certifies a fixed sample, narrowed to the breaker's rule under one target.
The campaign (``pytest -m campaign``, in CI) certifies every breaker narrowed to its rule, then
(the ``test_breakers_campaign_*`` modules, one per group of chapters so that the workers share
them) runs every breaker on every scenario row under every target, rows planned, run and
judged in process as the applicability campaign runs them (about 7 minutes of one core for
the 98 breakers), and prints the table rule → breaker → killed by / SURVIVED, with the
scenarios of other rules that fail too. Each of those must be of a neighbour the breaker
names, with the reason, or within its reach (the cases and answers that a rule acting in every
hand, such as who calls next, changes: :class:`~tests.conformance.breakers.Reach`).
"""

from __future__ import annotations

import dataclasses
import doctest
from types import ModuleType

import pytest

from napspec.spec import load
from napspec.suite.targets import Target
from tests.conformance import breakers as breakers_package
from tests.conformance.breakers import Reach, UnknownBreaker, breakers, further_breakers
from tests.conformance.breakers import load as load_breaker
from tests.conformance.breakers import score as score_module
from tests.conformance.breakers.score import certify_breaker, certify_breaker_by_rows

#: A fixed sample of the default run: (rule, target) of breakers of different kinds (a hand
#: subclass, a changed option, an answer's amounts, a changed case).
SAMPLE = (
    ("play.follow-suit", "peel"),
    ("calling.must-exceed", "hoyle"),
    ("settlement.nap", "britannica"),
    ("irregularities.revoke-penalty", "hoyle"),
    ("pool.taken-by-nap", "peel+pool"),
)


def _target(name: str) -> Target:
    profile, _, variant = name.partition("+")
    target = Target.from_options(profile, None, [variant] if variant else [])
    assert target is not None
    return target


def test_every_breaker_breaks_a_testable_rule_and_names_itself() -> None:
    register = load()
    assert breakers(), "no breaker is written"
    for rule, breaker in breakers().items():
        assert rule in register.rules and register.rules[rule].testable, rule
        engine = load_breaker(rule)
        try:
            assert engine.hello()["engine"]["name"] == f"reference-that-breaks-{rule}"
        finally:
            engine.close()
        assert breaker.how.strip(), rule
        assert set(breaker.neighbours) <= set(register.rules), rule
        assert bool(breaker.neighbours) == bool(breaker.why_neighbours.strip()), f"{rule}: neighbours without why"
        if breaker.reach is not None:
            assert breaker.reach.why.strip() and (breaker.reach.actions or breaker.reach.answers), rule


@pytest.mark.parametrize("module", [breakers_package, score_module], ids=lambda module: module.__name__)
def test_doctests_of_the_breakers(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted and not result.failed


def test_a_breaker_s_reach_explains_only_what_it_covers() -> None:
    """The next dealer is all that the breaker of the deal's rotation changes in other rules'
    scenarios: with its reach (every check of who deals next) nothing is unexplained; with a
    reach of other answers and actions, the same failures are, so the reach is what explains
    them."""
    breaker = breakers()["dealing.rotation"]
    assert breaker.reach is not None and breaker.reach.answers == ("result.next_dealer",)
    target = [_target("hoyle")]
    verdict = certify_breaker_by_rows(breaker, targets=target)
    assert verdict.killed and verdict.collateral and not verdict.unexplained
    assert verdict.within_reach == verdict.collateral
    elsewhere = dataclasses.replace(breaker, reach=Reach("a reach elsewhere", actions=("buy",), answers=("pool",)))
    missed = certify_breaker_by_rows(elsewhere, targets=target)
    assert missed.collateral == verdict.collateral and missed.unexplained == missed.collateral


def test_an_unknown_rule_has_no_breaker() -> None:
    with pytest.raises(UnknownBreaker, match=r"no breaker of rule 'play\.nothing'"):
        load_breaker("play.nothing")


@pytest.mark.parametrize(("rule", "target"), SAMPLE)
def test_the_suite_kills_a_sample_breaker(rule: str, target: str) -> None:
    verdict = certify_breaker(breakers()[rule], full=False, targets=[_target(target)])
    assert verdict.killed, f"{rule} survived under {target}"
    assert not verdict.unexplained, verdict.unexplained


@pytest.mark.campaign
@pytest.mark.parametrize("rule", sorted(breakers()))
def test_the_suite_kills_every_breaker_on_its_rule(rule: str) -> None:
    """The campaign CI runs: every breaker certified on its own rule's scenarios (and its
    neighbours'), up to the first target that kills it. Whether it passes everywhere else is
    the long run's (``test_breakers_campaign_*``, ``pytest -m long``)."""
    verdict = certify_breaker(breakers()[rule], full=False, until_killed=True)
    assert verdict.killed, f"{rule} survived"
    assert not verdict.unexplained, verdict.unexplained


def test_the_rows_route_judges_a_breaker_as_certify_does() -> None:
    """The long run's quicker route (rows run in process) finds what ``run_certification``
    finds, on the whole suite under one target: the same kills, the same other rules failing."""
    breaker = breakers()["players.dealer-sits-out"]
    target = [_target("hoyle")]
    certified = certify_breaker(breaker, full=True, targets=target)
    by_rows = certify_breaker_by_rows(breaker, targets=target)
    assert sorted(by_rows.killed_by) == sorted(certified.killed_by) != []
    assert {rule: sorted(labels) for rule, labels in by_rows.collateral.items()} == {
        rule: sorted(labels) for rule, labels in certified.collateral.items()
    }
    assert by_rows.collateral, "the sample fails scenarios of other rules too, so both routes are compared on them"


#: The further breakers, and the scenarios that kill each (written for it: before them, each
#: survived every scenario). A refusal left waiting for a claim also fails the hand's one
#: refusal, whose replay follows the refusal at once.
FURTHER_KILLED_BY = {
    "replay-keeps-old-trumps": {"irregularities-hoyle-replay-takes-trumps-from-its-own-lead"},
    "shown-cards-prove-nothing": {"irregularities-hoyle-shown-cards-prove-an-earlier-revoke"},
    "refusal-waits-for-a-claim": {
        "irregularities-hoyle-refusal-to-show-is-a-revoke",
        "irregularities-hoyle-one-refusal-to-show-a-hand",
    },
}


@pytest.mark.parametrize("name", sorted(FURTHER_KILLED_BY))
def test_the_suite_kills_each_further_breaker_with_the_scenario_written_for_it(name: str) -> None:
    breaker = further_breakers()[name]
    assert breaker.rule in load().rules and breaker.how.strip()
    verdict = certify_breaker(breaker, full=False, targets=[_target("hoyle")])
    assert verdict.killed, f"{name} survived"
    killers = {label.split(": ", 1)[1].split("[")[0] for label in verdict.killed_by}
    assert killers == FURTHER_KILLED_BY[name], verdict.killed_by
    assert not verdict.unexplained, verdict.unexplained


def test_every_further_breaker_has_the_scenario_that_kills_it() -> None:
    assert set(further_breakers()) == set(FURTHER_KILLED_BY)


def test_the_campaign_and_the_score_table_run_the_further_breakers_too() -> None:
    from tests.conformance import (
        test_breakers_campaign_irregularities,
        test_breakers_campaign_plain,
        test_breakers_campaign_variants,
    )

    campaign: list[str] = []
    for module in (
        test_breakers_campaign_plain,
        test_breakers_campaign_irregularities,
        test_breakers_campaign_variants,
    ):
        marks = module.test_the_suite_kills_the_breaker_on_its_rule_only.pytestmark
        campaign += [name for mark in marks if mark.name == "parametrize" for name in mark.args[1]]
    assert sorted(campaign) == sorted(score_module.every_breaker()), "each breaker once, the further ones too"
    assert set(further_breakers()) <= set(campaign)
    for name, breaker in further_breakers().items():
        assert score_module.breaker_named(name) is breaker
        verdict = score_module.Verdict(breaker, name, killed_by=["hoyle: some row"])
        line = score_module.table([verdict]).splitlines()[0]
        assert line.startswith(f"{breaker.rule} ({name})") and "hoyle: some row" in line, line
    counts = score_module.table([]).splitlines()[0]
    assert f"and {len(further_breakers())} further" in counts, counts
    with pytest.raises(SystemExit, match="no breaker named"):
        score_module.breaker_named("no-such-breaker")
