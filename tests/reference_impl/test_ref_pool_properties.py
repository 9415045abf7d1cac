"""Invariants of whole sessions with the pool and the shortened packs (chapter pool,
players.short-pack), under every profile with the variants its source gives switched on
together where they go together, with and without irregular play:

* money is conserved: after every hand the players' totals and the pool sum to what the pool
  held when the session began;
* the pool is never negative, and is empty once the session has ended;
* every card of the pack in play is accounted for in every hand.

Random sessions are drawn by Hypothesis with a fixed seed. The default run plays a small
sample (``SAMPLE`` sessions per profile and kind of play, derandomized); the campaign
(``pytest -m campaign``, which CI runs) plays ``CAMPAIGN`` sessions per profile and kind, and
the long run (``pytest -m long``) ``LONG_RUN``, from the seed ``SEED``; the environment
variable ``NAPSPEC_POOL_SESSIONS`` raises the long run's budget.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import given as hgiven
from hypothesis import seed as hseed
from hypothesis import strategies as st

from napspec.reference.errors import IllegalAction, RulesError
from napspec.reference.hand import Hand, cards_accounted_for, expected_pack, random_playout
from napspec.reference.rules import Rules
from napspec.reference.session import Session
from napspec.spec import load

from .test_ref_properties import _random_irregular_action

REGISTER = load()
PROFILES = tuple(REGISTER.profiles)

SEED = 20261123
"""The seed of every random session drawn (stated, so a run can be repeated)."""
SAMPLE = 25
"""Sessions per profile and kind of play in the default run."""
CAMPAIGN = 200
"""Sessions per profile and kind of play in the campaign that CI runs."""
LONG_RUN = max(10_000, int(os.environ.get("NAPSPEC_POOL_SESSIONS", "0") or 0))
"""Sessions per profile and kind of play in the long run (``pytest -m long``, about an hour on
one core; ``NAPSPEC_POOL_SESSIONS`` raises it)."""
MOST_HANDS = 12
"""The most deals of a random session."""


def _variant_sets(profile: str) -> list[tuple[str, ...]]:
    """The largest sets of the profile's variants that the register lets go together (Peep
    and Purchase exclude each other; seven-card Nap excludes the calls above Nap) and the
    engine plays, each once."""
    given = list(REGISTER.profiles[profile].variants)
    found: list[tuple[str, ...]] = []
    for size in range(len(given), 0, -1):
        for chosen in itertools.combinations(given, size):
            if any(set(chosen) <= set(larger) for larger in found):
                continue
            try:
                Rules.profile(profile, chosen)
            except RulesError:
                continue
            found.append(chosen)
    return found


def _house_pool(profile: str) -> list[Rules]:
    """The profile with a pool of each way of feeding, fining, failing and ending there is
    (values no profile's bundle gives, so that every value is played)."""
    base = Rules.profile(profile).options()
    rules: list[Rules] = []
    contributions = [v.value for v in REGISTER.options["pool-contributions"].values]
    for number, contribution in enumerate(contributions):
        options = {
            **base,
            "pool": "played",
            "pool-contributions": contribution,
            "pool-fines": ("none", "misdeal-one-stake")[number % 2],
            "pool-failed-nap": ("pays-nothing", "pays-pool-amount")[(number // 2) % 2],
            "pool-end": ("divided-equally", "drawn-for")[number % 2 == 0],
        }
        if number == len(contributions) - 1:
            options["pack"] = "short-32-40"
        rules.append(Rules.from_options(options, name=f"{profile}+pool-{contribution}"))
    return rules


RULES: dict[str, list[Rules]] = {
    profile: [Rules.profile(profile, chosen) for chosen in _variant_sets(profile)] + _house_pool(profile)
    for profile in PROFILES
}


def test_every_profile_is_played_with_its_variants_and_every_pool_value() -> None:
    for profile, rules in RULES.items():
        given = set(REGISTER.profiles[profile].variants)
        played = {part for r in rules if "+" in r.name for part in r.name.split("+")[1:]}
        assert {name for name in given if _plays(profile, name)} <= played, profile
    every = {(spec, getattr(r, spec.replace("-", "_"))) for rs in RULES.values() for r in rs for spec in _POOL_OPTIONS}
    wanted = {(option, v.value) for option in _POOL_OPTIONS for v in REGISTER.options[option].values}
    assert wanted - {("pool", "not-played"), ("pool-end", "none"), ("pack", "short-28-36")} <= every


_POOL_OPTIONS = ("pool", "pool-contributions", "pool-fines", "pool-failed-nap", "pool-end", "pack")


def _plays(profile: str, variant: str) -> bool:
    try:
        Rules.profile(profile, [variant])
    except RulesError:
        return False
    return True


def _tables(rules: Rules) -> list[int]:
    sizes = []
    for players in range(rules.players_min, min(rules.players_max, 7) + 1):
        try:
            rules.check_players(players)
        except RulesError:
            continue
        sizes.append(players)
    return sizes


def play_session(rules: Rules, players: int, seed: int, hands: int, start: int, irregular: bool) -> None:
    """Play one random session and check the invariants after every hand and at the end."""
    rng = random.Random(seed)
    session = Session(rules, players, seed=seed, allow_irregular=irregular, pool=start)
    carried = start  # the pool as the hand begins, before its contributions
    for number in range(hands):
        if number:
            session.next_hand()
        hand = session.hand
        assert session.pool + sum(session.totals.values()) == start
        if irregular:
            _play_irregularly(hand, rng)
        else:
            random_playout(hand, rng)
        assert cards_accounted_for(hand) == expected_pack(hand)
        assert hand.result is not None
        # The hand's payments include its movements with the pool.
        assert sum(hand.result.payments.values()) + hand.pool - carried == 0
        carried = hand.pool
        assert session.pool >= 0
        assert session.pool + sum(session.totals.values()) == start
    session.end()
    assert session.pool == 0
    assert sum(session.totals.values()) == start


def _play_irregularly(hand: Hand, rng: random.Random) -> None:
    for _ in range(2000):
        if hand.phase == "finished" and rng.random() < 0.7:
            break
        action = _random_irregular_action(hand, rng)
        before = hand.snapshot()
        try:
            hand.apply(action)
        except IllegalAction:
            assert hand.snapshot() == before, action
        assert hand.pool >= 0
        assert cards_accounted_for(hand) == expected_pack(hand)
    if hand.phase != "finished":
        random_playout(hand, rng)


def _session_test(profile: str, irregular: bool, budget: int) -> Callable[[], None]:
    rule_sets = RULES[profile]

    @settings(
        max_examples=budget,
        deadline=None,
        derandomize=budget == SAMPLE,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @hseed(SEED)
    @hgiven(
        which=st.integers(0, len(rule_sets) - 1),
        seed=st.integers(0, 2**32 - 1),
        hands=st.integers(1, MOST_HANDS),
        start=st.integers(0, 20),
        data=st.data(),
    )
    def run(which: int, seed: int, hands: int, start: int, data: st.DataObject) -> None:
        rules = rule_sets[which]
        players = data.draw(st.sampled_from(_tables(rules)), label="players")
        play_session(rules, players, seed, hands, start if rules.pool == "played" else 0, irregular)

    return run


@pytest.mark.parametrize("irregular", [False, True], ids=["regular", "irregular"])
@pytest.mark.parametrize("profile", PROFILES)
def test_random_sessions_keep_money_pool_and_cards(profile: str, irregular: bool) -> None:
    """A small sample of random sessions per profile (derandomized, from ``SEED``)."""
    _session_test(profile, irregular, SAMPLE)()


@pytest.mark.campaign
@pytest.mark.parametrize("irregular", [False, True], ids=["regular", "irregular"])
@pytest.mark.parametrize("profile", PROFILES)
def test_random_sessions_per_profile_in_the_campaign(profile: str, irregular: bool) -> None:
    """``CAMPAIGN`` random sessions per profile and kind of play, from ``SEED``."""
    _session_test(profile, irregular, CAMPAIGN)()


@pytest.mark.campaign
@pytest.mark.long
@pytest.mark.parametrize("irregular", [False, True], ids=["regular", "irregular"])
@pytest.mark.parametrize("profile", PROFILES)
def test_ten_thousand_random_sessions_per_profile(profile: str, irregular: bool) -> None:
    """``LONG_RUN`` (10,000, or ``NAPSPEC_POOL_SESSIONS``) random sessions per profile and
    kind of play, from ``SEED``."""
    _session_test(profile, irregular, LONG_RUN)()
