"""Differential fuzzing against every rule-breaking engine of :mod:`tests.conformance.breakers`:
for each, the target and the play (regular or irregular) under which ``napspec fuzz`` finds it,
and how many deals it took at seed 0 (measured); or why it cannot be found.

The default run fuzzes a fixed sample of breakers (the ones that need the rarer draws: every
seat passing, an action the oracle does not list, the end of a session); the campaign
(``pytest -m campaign``, run by CI) fuzzes every breaker. Engines run in-process and bare (as
the other fuzzing tests' budgets are set): the harness's checks cost most of a deal's time and
change no draw.
"""

from __future__ import annotations

from functools import cache

import pytest

from napspec.conformance.fuzz import FuzzResult, fuzz
from napspec.reference.contract_adapter import ReferenceEngine
from napspec.suite.targets import Target
from tests.conformance.breakers import breakers, load
from tests.conformance.breakers.score import all_targets

#: For each breaker's rule: the target fuzzed, whether in irregular play, and the deals the
#: fuzzer took to find it at seed 0 in a run of :data:`DEALS` deals (the deal of the first
#: divergence, counted from the first; measured).
FOUND_AFTER: dict[str, tuple[str, bool, int]] = {
    "calling.all-pass": ("britannica", False, 32),
    "calling.call-tricks": ("britannica", False, 1),
    "calling.compulsory-call": ("britannica", False, 1),
    "calling.dealer-last": ("britannica", False, 1),
    "calling.eldest-first": ("britannica", False, 1),
    "calling.in-rotation": ("britannica", False, 2),
    "calling.look-at-cards": ("britannica", True, 44),
    "calling.must-exceed": ("britannica", False, 39),
    "calling.nap-ceiling": ("britannica", False, 2),
    "calling.no-alteration": ("hoyle+wellington", True, 325),
    "calling.once-each": ("britannica", False, 1),
    "calling.pass": ("britannica", False, 1),
    "calling.soloist": ("britannica", False, 1),
    "dealing.cut": ("britannica", False, 1),
    "dealing.deal": ("britannica", False, 1),
    "dealing.face-down": ("britannica", True, 56),
    "dealing.first-dealer": ("britannica", True, 123),
    "dealing.five-cards": ("britannica", False, 1),
    "dealing.rotation": ("britannica", False, 2),
    "dealing.undealt-cards": ("britannica", False, 3),
    "exchanges.not-at-seven-card": ("wikipedia+seven-card", False, 1),
    "exchanges.one-form": ("hoyle+purchase", False, 1),
    "exchanges.peep": ("hoyle+peep", False, 3),
    "exchanges.peep-card": ("hoyle+peep", False, 1),
    "exchanges.peep-exchange": ("hoyle+peep", False, 1),
    "exchanges.purchase": ("hoyle+purchase", False, 1),
    "exchanges.purchase-final": ("hoyle+purchase", False, 66),
    "exchanges.purchase-stock": ("wikipedia+purchase", False, 8),
    "exchanges.stakes": ("hoyle+peep", False, 1),
    "irregularities.claims": ("britannica", False, 3),
    "irregularities.exposed-after-deal": ("britannica", True, 5),
    "irregularities.exposed-in-dealing": ("britannica", True, 56),
    "irregularities.faulty-pack": ("hoyle", True, 7),
    "irregularities.fresh-deal": ("britannica", True, 32),
    "irregularities.misdeal": ("britannica", True, 32),
    "irregularities.no-misdeal-penalty": ("britannica", True, 32),
    "irregularities.out-of-turn": ("britannica", True, 5),
    "irregularities.revoke-definition": ("britannica", True, 25),
    "irregularities.revoke-penalty": ("britannica", True, 3),
    "irregularities.right-to-information": ("britannica", False, 3),
    "irregularities.show-cards": ("hoyle", False, 11),
    "irregularities.soloist-revoke": ("britannica", True, 3),
    "irregularities.uncut-deal": ("britannica", True, 9),
    "irregularities.wrong-number": ("hoyle", True, 11),
    "play.cards-left": ("britannica", False, 1),
    "play.first-lead-trumps": ("britannica", False, 1),
    "play.follow-suit": ("britannica", False, 2),
    "play.free-lead": ("britannica", False, 2),
    "play.made-or-defeated": ("britannica", False, 112),
    "play.no-obligation-to-head": ("britannica", False, 1),
    "play.no-obligation-to-trump": ("britannica", False, 2),
    "play.one-against-all": ("britannica", False, 5),
    "play.rotation": ("britannica", False, 2),
    "play.soloist-leads": ("britannica", False, 1),
    "play.stop-when-decided": ("britannica", False, 1),
    "play.trick": ("britannica", False, 1),
    "play.trick-winner": ("britannica", False, 2),
    "play.void-any-card": ("britannica", False, 2),
    "play.winner-leads": ("britannica", False, 2),
    "players.dealer-sits-out": ("britannica", False, 129),
    "players.number": ("britannica", False, 2),
    "players.pack": ("wikipedia", False, 39),
    "players.ranking": ("britannica", False, 3),
    "players.short-pack": ("wikipedia+short-pack", False, 3),
    "pool.agreed": ("britannica", False, 1),
    "pool.carries-over": ("hoyle+pool", False, 3),
    "pool.contributions": ("hoyle+pool", False, 1),
    "pool.end-of-session": ("hoyle+pool", False, 487),
    "pool.exchange-fees": ("hoyle+peep", False, 1),
    "pool.failed-nap": ("hoyle+pool", False, 2),
    "pool.fines": ("hoyle+pool", True, 560),
    "pool.taken-by-nap": ("hoyle+pool", False, 641),
    "settlement.before-next-deal": ("wikipedia", True, 5),
    "settlement.flat-loss": ("britannica", False, 72),
    "settlement.level-money": ("britannica", False, 5),
    "settlement.nap": ("hoyle+wellington", False, 25),
    "settlement.no-overtricks": ("britannica", False, 1),
    "settlement.sitting-out-dealer": ("britannica", False, 129),
    "settlement.stake-per-trick": ("britannica", False, 1),
    "variants.agreed-before-play": ("hoyle+misery", False, 2),
    "variants.blucher-call": ("wikipedia+blucher", False, 218),
    "variants.blucher-stakes": ("wikipedia+blucher", True, 3),
    "variants.misery-call": ("hoyle+misery", False, 19),
    "variants.misery-stakes": ("hoyle+misery", False, 3),
    "variants.misery-trumps": ("hoyle+misery", False, 3),
    "variants.penalties-at-call-stakes": ("hoyle+misery", True, 11),
    "variants.ranking": ("hoyle+misery", False, 1),
    "variants.seven-card-calls": ("wikipedia+seven-card", False, 1),
    "variants.seven-card-deal": ("wikipedia+seven-card", False, 1),
    "variants.seven-card-excludes": ("wikipedia+seven-card", False, 3),
    "variants.seven-card-stakes": ("wikipedia+seven-card", False, 1),
    "variants.sir-garnet-discard": ("hoyle+sir-garnet", False, 3),
    "variants.sir-garnet-hand": ("hoyle+sir-garnet", False, 1),
    "variants.sir-garnet-stakes": ("hoyle+sir-garnet", False, 7),
    "variants.sir-garnet-taking": ("hoyle+sir-garnet", False, 5),
    "variants.wellington-call": ("hoyle+wellington", False, 170),
    "variants.wellington-lead": ("hoyle+wellington", False, 9),
    "variants.wellington-stakes": ("wikipedia+wellington", True, 9),
}

#: Breakers the fuzzer cannot find, and why.
UNREACHABLE: dict[str, str] = {}  # none: every breaker written is found

#: The default run's sample: breakers found only by the rarer draws (every seat passing, an
#: action the oracle does not list, a fault of the deal, a claim); those that take hundreds of
#: deals (:data:`LONGER`: the end of a session, a Wellington) are left to the campaign.
SAMPLE = (
    "calling.all-pass",
    "calling.must-exceed",
    "dealing.undealt-cards",
    "irregularities.claims",
    "irregularities.right-to-information",
    "calling.look-at-cards",
)


#: The deals a run may play. Hypothesis draws differently for another number of examples, so
#: the deals of :data:`FOUND_AFTER` hold for runs of this many, at seed 0 (or of
#: :data:`LONGER`'s).
DEALS = 150
#: The breakers a run of :data:`DEALS` deals does not find, and the deals of their run: a
#: Blücher tried without a Wellington before it is one unlisted action in many; a session of
#: Hoyle's pool ended with the pool untaken is a rare draw once a hand allows one refusal to show;
#: a fuzzer that plays exactly the deals asked for (not the more hypothesis would go on to) and
#: a refusal penalised at once draw the rest later than before.
LONGER: dict[str, int] = {
    "variants.blucher-call": 400,
    "pool.end-of-session": 600,
    "calling.no-alteration": 600,
    "pool.fines": 600,
    "pool.taken-by-nap": 1000,
    "variants.wellington-call": 300,
}


@cache
def targets() -> dict[str, Target]:
    return {target.name: target for target in all_targets()}


def fuzz_breaker(rule: str) -> FuzzResult:
    name, irregular, _ = FOUND_AFTER[rule]
    engine, oracle = load(rule), ReferenceEngine()
    try:
        deals = LONGER.get(rule, DEALS)
        return fuzz(engine, oracle, targets()[name], deals=deals, seed=0, irregular=irregular, shrink=False)
    finally:
        engine.close()
        oracle.close()


def test_every_breaker_is_found_or_said_unreachable() -> None:
    assert not set(FOUND_AFTER) & set(UNREACHABLE)
    assert set(FOUND_AFTER) | set(UNREACHABLE) == set(breakers())
    assert all(name in targets() for name, _, _ in FOUND_AFTER.values())
    assert all(reason.strip() for reason in UNREACHABLE.values())
    assert set(SAMPLE) <= set(FOUND_AFTER)
    assert set(LONGER) <= set(FOUND_AFTER)
    assert not set(SAMPLE) & set(LONGER)


def check_found(rule: str) -> None:
    """The fuzzer finds the breaker of ``rule`` under its target. (The deal it takes is
    stated in :data:`FOUND_AFTER`, not asserted: another version of hypothesis draws
    otherwise.)"""
    result = fuzz_breaker(rule)
    name, irregular, _ = FOUND_AFTER[rule]
    play = "irregular" if irregular else "regular"
    assert result.divergence is not None, f"{rule} not found under {name} ({play}) in {result.deals} deals"


@pytest.mark.parametrize("rule", SAMPLE)
def test_finds_a_sample_of_breakers(rule: str) -> None:
    check_found(rule)


# Every breaker: about a hundred seconds of one core in all, in CI's campaign.
@pytest.mark.campaign
@pytest.mark.parametrize("rule", sorted(FOUND_AFTER))
def test_campaign_finds_each_breaker(rule: str) -> None:
    check_found(rule)
