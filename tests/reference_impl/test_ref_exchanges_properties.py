"""Properties of random play at Peep and Purchase Nap, under every profile's bundles: no card is
lost or made (holdings, discards, stock, peep card, cards thrown away and cards played are the
pack), the pool grows by the fees exactly, the payments and what the pool gained sum to
nothing, and a refused action changes nothing."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import given as hgiven
from hypothesis import strategies as st

from napspec.reference.actions import Action, Buy, DeclinePeepCard, Peep, TakePeepCard
from napspec.reference.cards import FULL_PACK
from napspec.reference.errors import IllegalAction, RulesError
from napspec.reference.events import POOL, Bought
from napspec.reference.hand import Hand, cards_accounted_for, expected_pack
from napspec.reference.rules import Rules
from napspec.spec import load

from .napref_helpers import PROFILES

REGISTER = load()
EXCHANGES = ("peep", "purchase")


def _bundle(profile: str, variant: str) -> dict[str, object]:
    """The options a profile's bundle of ``variant`` changes."""
    plain = REGISTER.profile_values(profile)
    return {
        option: value for option, value in REGISTER.variant_values(profile, [variant]).items() if plain[option] != value
    }


def _exchange_rules() -> list[Rules]:
    """Each exchange under each profile: by the profile's own bundle where it gives one (alone,
    and with every other variant of the profile that can go with it), else by Hoyle's."""
    rules: list[Rules] = []
    for profile in PROFILES:
        given = REGISTER.profiles[profile].variants
        for exchange in EXCHANGES:
            if exchange not in given:
                rules.append(
                    Rules.profile(profile).with_options(_bundle("hoyle", exchange), name=f"{profile}+{exchange}")
                )
                continue
            rules.append(Rules.profile(profile, [exchange]))
            together: list[str] = []
            for name in given:
                chosen = [*together, name, exchange]
                if name == exchange or REGISTER.conflicts(REGISTER.variant_values(profile, chosen)):
                    continue
                try:
                    Rules.profile(profile, chosen)
                except RulesError:
                    continue
                together.append(name)
            if together:
                rules.append(Rules.profile(profile, [*together, exchange]))
    return rules


RULES = _exchange_rules()


def test_every_profile_plays_both_exchanges() -> None:
    names = {rules.name for rules in RULES}
    assert {f"{profile}+{exchange}" for profile in PROFILES for exchange in EXCHANGES} <= names
    assert any("misery" in name and "peep" in name for name in names)


def _tables(rules: Rules) -> list[int]:
    sizes = []
    for players in range(rules.players_min, rules.players_max + 1):
        try:
            rules.check_players(players)
        except RulesError:
            continue
        sizes.append(players)
    return sizes


def _stray_action(hand: Hand, rng: random.Random) -> Action:
    """An action of the exchanges, by anyone, with any cards: often refused."""
    seat = rng.randrange(hand.players)
    held = list(hand.holding(seat)) or list(FULL_PACK)
    roll = rng.random()
    if roll < 0.4:
        cards = (
            rng.sample(list(FULL_PACK), rng.randrange(7))
            if rng.random() < 0.3
            else rng.sample(held, rng.randrange(len(held) + 1))
        )
        if rng.random() < 0.1 and cards:
            cards.append(cards[0])
        return Buy(seat, tuple(cards))
    if roll < 0.7:
        return Peep(seat)
    if roll < 0.9:
        return TakePeepCard(seat, rng.choice(held))
    return DeclinePeepCard(seat)


def _check_money(hand: Hand, pool_before: int) -> None:
    rules = hand.rules
    moves = hand.pool_transfers
    gained = sum(move.amount if move.payee == POOL else -move.amount for move in moves)
    assert hand.pool == pool_before + gained >= 0
    peep_fees = [move for move in moves if move.reason == "peep-fee"]
    purchase_fees = [move for move in moves if move.reason == "purchase-fee"]
    bought = {event.seat: len(event.thrown) for event in hand.events if isinstance(event, Bought)}
    if rules.peep == "played":
        assert [(move.payer, move.amount) for move in peep_fees] == [(seat, rules.fee("peep")) for seat in hand.peeped]
    else:
        assert not peep_fees and not hand.peeped
    if rules.purchase == "played":
        assert sorted((move.payer, move.amount) for move in purchase_fees) == sorted(
            (seat, count * rules.fee("purchase")) for seat, count in bought.items() if count
        )
    else:
        assert not purchase_fees and not bought
    # Nothing else feeds the pool at Peep and Purchase Nap (no contribution; a fine only
    # where the rules levy one, which no bundle of the exchanges does).
    assert {move.reason for move in moves if move.payee == POOL} <= {"peep-fee", "purchase-fee", "failed-nap"}
    result = hand.result
    if result is not None:
        assert sum(result.payments.values()) + gained == 0


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@hgiven(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 2**32 - 1),
    pool=st.integers(0, 12),
    irregular=st.booleans(),
    data=st.data(),
)
def test_random_play_with_the_exchanges_keeps_cards_and_money(
    rules: Rules, seed: int, pool: int, irregular: bool, data: st.DataObject
) -> None:
    players = data.draw(st.sampled_from(_tables(rules)), label="players")
    rng = random.Random(seed)
    hand = Hand(rules, players, seed % players, seed=seed, allow_irregular=irregular, pool=pool, original_dealer=0)
    for _ in range(400):
        if hand.result is not None:
            break
        if rng.random() < 0.3:
            action = _stray_action(hand, rng)
            before = hand.snapshot()
            try:
                hand.apply(action)
            except IllegalAction:
                assert hand.snapshot() == before, f"refused {action!r} changed the hand"
        else:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
        assert cards_accounted_for(hand) == expected_pack(hand)
        _check_money(hand, pool)
    assert hand.result is not None, "the hand did not end"
    _check_money(hand, pool)


def test_the_exchanges_happen_in_random_play() -> None:
    """Random legal play reaches every action of the exchanges (the properties above are not
    vacuous)."""
    seen: set[str] = set()
    rng = random.Random("exchanges")
    for number in range(300):
        rules = RULES[number % len(RULES)]
        players = _tables(rules)[number % len(_tables(rules))]
        hand = Hand(rules, players, number % players, seed=number)
        while hand.result is None:
            legal = hand.legal_actions()
            action = legal[rng.randrange(len(legal))]
            hand.apply(action)
            if isinstance(action, Buy):
                seen.add("buy" if action.cards else "refuse")
            elif isinstance(action, (Peep, TakePeepCard, DeclinePeepCard)):
                seen.add(type(action).__name__)
    assert seen == {"buy", "refuse", "Peep", "TakePeepCard", "DeclinePeepCard"}
