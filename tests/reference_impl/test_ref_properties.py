"""Properties over many random deals: every card accounted for, money summing to zero,
termination, determinism from a seed, and rejected actions changing nothing — also in
hands with irregular actions and claims (a stateful Hypothesis machine), and under every
combination of the calls beyond Nap that the register's constraints allow."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import given as hgiven
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from napspec.reference.actions import (
    Action,
    AskInformation,
    Call,
    Claim,
    Cut,
    DealCards,
    Discard,
    ExposeCard,
    NamedCall,
    Pass,
    Play,
    RefuseToShow,
    ShowCards,
    TakeExtraHand,
)
from napspec.reference.cards import FULL_PACK
from napspec.reference.errors import IllegalAction, RulesError
from napspec.reference.events import OUTCOMES, POOL, CardPlayed, HandSettled, PenaltyApplied, TrickWon
from napspec.reference.hand import PHASES, Hand, cards_accounted_for, expected_pack, random_playout
from napspec.reference.rules import Rules
from napspec.reference.settlement import Settlement
from napspec.spec import load

from .napref_helpers import PROFILES

RULES = {name: Rules.profile(name) for name in PROFILES}


def _variant_combinations() -> list[dict[str, object]]:
    """Every combination of values of the calls beyond Nap that the register's constraints
    allow (Blücher requires Wellington; seven-card Nap excludes Wellington, Blücher and Sir
    Garnet), each with, in turn, no exchange, Peep Nap or Purchase Nap (as Hoyle's bundles give
    them, with the pool their fees go into) where it may go with them. The pool and the
    shortened packs have properties of their own (test_ref_pool_properties)."""
    register = load()
    variants = [
        option
        for option in register.options.values()
        if option.plain is not None and option.chapter == "calls-beyond-nap"
    ]
    plain = register.profile_values("hoyle")
    exchanges: list[dict[str, object]] = [{}]
    for name in ("peep", "purchase"):
        bundle = register.variant_values("hoyle", [name])
        exchanges.append({option: value for option, value in bundle.items() if plain[option] != value})
    combinations: list[dict[str, object]] = []
    for values in itertools.product(*[[v.value for v in option.values] for option in variants]):
        combination: dict[str, object] = {option.id: value for option, value in zip(variants, values)}
        if register.conflicts(combination):
            continue
        exchange = exchanges[len(combinations) % len(exchanges)]
        if not register.conflicts({**plain, **combination, **exchange}):
            combination.update(exchange)
        combinations.append(combination)
    return combinations


COMBINATIONS = _variant_combinations()
VARIANT_RULES = [
    Rules.profile(PROFILES[number % len(PROFILES)]).with_options(combination, name=f"combination-{number}")
    for number, combination in enumerate(COMBINATIONS)
]
"""One set of rules per combination, on the profiles in turn."""


def playable_tables(rules: Rules) -> list[int]:
    """The table sizes a deal under ``rules`` can be played at."""
    sizes = []
    for players in range(rules.players_min, rules.players_max + 1):
        try:
            rules.check_players(players)
        except RulesError:
            continue
        sizes.append(players)
    return sizes


def check_result(hand: Hand) -> None:
    result = hand.result
    if result is None:
        assert hand.phase != "finished"
        return
    assert hand.phase == "finished" and hand.to_act is None
    assert result.outcome in OUTCOMES
    # The payments include each seat's movements with the pool: with what the pool gained in
    # the hand they sum to nothing.
    gained = sum(t.amount if t.payee == POOL else -t.amount for t in hand.pool_transfers)
    assert sum(result.payments.values()) + gained == 0
    net = dict.fromkeys([*range(hand.players), POOL], 0)
    for transfer in result.transfers:
        assert transfer.amount > 0 and transfer.payer != transfer.payee
        net[transfer.payer] -= transfer.amount
        net[transfer.payee] += transfer.amount
    assert net.pop(POOL) == gained
    assert net == result.payments
    settled = [e for e in hand.events if isinstance(e, HandSettled)]
    assert settled and settled[-1].payments == tuple(result.payments[s] for s in range(hand.players))


def check_tricks(hand: Hand) -> None:
    """Recompute every trick's winner independently of the engine."""
    trumps = hand.trumps
    for trick in hand.tricks:
        led = trick.cards[0][1] // 13
        trumped = [c for _, c in trick.cards if c // 13 == trumps]
        best = max(trumped) if trumped else max(c for _, c in trick.cards if c // 13 == led)
        assert trick.card == best and dict(trick.cards)[trick.winner] == best
    assert sum(hand.tricks_won(s) for s in range(hand.players)) == len(hand.tricks) <= hand.rules.cards_each


def check_hand(hand: Hand) -> None:
    assert cards_accounted_for(hand) == expected_pack(hand)
    assert hand.phase in PHASES
    check_result(hand)


@pytest.mark.parametrize("profile", PROFILES)
def test_thousands_of_random_deals_per_profile(profile: str) -> None:
    """2,500 random hands per profile, at every table size the profile allows."""
    rules = RULES[profile]
    rng = random.Random(profile)
    outcomes: set[str] = set()
    for number in range(2500):
        players = rules.players_min + number % (rules.players_max - rules.players_min + 1)
        hand = Hand(rules, players, number % players, seed=number)
        random_playout(hand, rng)  # raises if a hand does not end
        check_hand(hand)
        check_tricks(hand)
        # The quick settlement of a hand without penalties agrees with the general one.
        settlement = hand._course.in_force
        assert isinstance(settlement, Settlement)
        assert settlement.general_result() == hand.result
        outcomes.add(hand.result.outcome)
    assert {"made", "defeated"} <= outcomes


def play_probing_refusals(hand: Hand, rng: random.Random, data: st.DataObject, limit: int) -> None:
    """Play ``hand`` to its end with random legal actions, checking it at every step; before
    each, an action drawn at random that is not listed must be refused and change nothing
    (no allow_irregular here)."""
    for _ in range(limit):
        check_hand(hand)
        if hand.phase == "finished":
            break
        legal = hand.legal_actions()
        assert legal, "a hand in progress always has a legal action"
        probe = data.draw(ANY_ACTION, label="probe")
        if probe not in legal and not isinstance(probe, AskInformation):
            before = hand.snapshot()
            with pytest.raises(IllegalAction):
                hand.apply(probe)
            assert hand.snapshot() == before
        hand.apply(legal[rng.randrange(len(legal))])
    assert hand.phase == "finished"
    check_tricks(hand)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@hgiven(
    profile=st.sampled_from(PROFILES),
    seed=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_random_play_keeps_every_card_and_refuses_illegal_actions(profile: str, seed: int, data: st.DataObject) -> None:
    rules = RULES[profile]
    players = data.draw(st.integers(rules.players_min, rules.players_max), label="players")
    hand = Hand(rules, players, seed % players, seed=seed)
    play_probing_refusals(hand, random.Random(seed), data, limit=200)


@settings(max_examples=60, deadline=None)
@hgiven(profile=st.sampled_from(PROFILES), seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_events(profile: str, seed: int) -> None:
    def run() -> list[object]:
        hand = Hand(RULES[profile], 4 if profile != "wikipedia" else 5, 1, seed=seed)
        random_playout(hand, random.Random(seed))
        return list(hand.events)

    first = run()
    assert first == run()
    assert sum(isinstance(e, CardPlayed) for e in first) >= sum(isinstance(e, TrickWon) for e in first)


SEATS = st.integers(-1, 11)
CARDS = st.integers(-1, 53)
ANY_ACTION: st.SearchStrategy[Action] = st.one_of(
    st.builds(Play, SEATS, CARDS),
    st.builds(Call, SEATS, st.integers(-1, 8)),
    st.builds(NamedCall, SEATS, st.sampled_from(["misery", "wellington", "blucher", "sir-garnet", "nap"])),
    st.builds(TakeExtraHand, SEATS),
    st.builds(Discard, SEATS, st.lists(CARDS, min_size=4, max_size=6).map(tuple)),
    st.builds(Pass, SEATS),
    st.builds(Cut, SEATS, st.integers(-1, 53)),
    st.builds(DealCards, SEATS),
    st.builds(ExposeCard, SEATS, CARDS),
    st.builds(Claim, SEATS, st.integers(-1, 8)),
    st.builds(ShowCards, SEATS),
    st.builds(RefuseToShow, SEATS),
    st.builds(AskInformation, SEATS),
)


class IrregularTable(RuleBasedStateMachine):
    """Hands with ``allow_irregular``: legal actions, irregular ones (revokes, cards out of
    turn, exposed cards, wrong deals, faulty packs, wrong numbers) and claims, in any order.
    Whatever happens, every card is accounted for, payments sum to zero, and an action that
    is refused changes nothing."""

    hand: Hand

    @initialize(profile=st.sampled_from(PROFILES), seed=st.integers(0, 2**32 - 1), data=st.data())
    def start(self, profile: str, seed: int, data: st.DataObject) -> None:
        self.table_rules = RULES[profile]
        self.rng = random.Random(seed)
        self.deal(data)

    def deal(self, data: st.DataObject) -> None:
        rules = self.table_rules
        sizes = [size for size in playable_tables(rules) if size <= 7]
        players = data.draw(st.sampled_from(sizes), label="players")
        dealer = data.draw(st.integers(0, players - 1), label="dealer")
        kind = data.draw(st.sampled_from(["shuffled", "faulty", "stacked"]), label="kind")
        pack = list(FULL_PACK)
        self.rng.shuffle(pack)
        if kind == "shuffled":
            self.hand = Hand(rules, players, dealer, deck=pack, allow_irregular=True)
        elif kind == "faulty":
            pack[self.rng.randrange(52)] = pack[self.rng.randrange(52)]
            self.hand = Hand(rules, players, dealer, deck=pack, allow_irregular=True)
        else:
            probe = Hand(rules, players, dealer, seed=0)
            each = rules.cards_each
            counts = [
                data.draw(st.sampled_from([each, each, each, each - 1, each + 1, 0]), label="count")
                for _ in probe.active_seats
            ]
            hands: dict[int, list[int]] = {}
            for seat, count in zip(probe.active_seats, counts):
                hands[seat], pack = pack[:count], pack[count:]
            extra = None
            if rules.sir_garnet == "played" and len(pack) >= each and data.draw(st.booleans(), label="extra hand"):
                extra, pack = pack[:each], pack[each:]
            peep = None
            if rules.peep == "played":
                peep, pack = pack[0], pack[1:]
            self.hand = Hand.stacked(
                rules, players, dealer, hands, allow_irregular=True, extra_hand=extra, peep_card=peep, stock=pack
            )

    def attempt(self, action: Action) -> None:
        before = self.hand.snapshot()
        try:
            self.hand.apply(action)
        except IllegalAction:
            assert self.hand.snapshot() == before, f"refused {action!r} changed the hand"

    @rule(data=st.data(), steps=st.integers(1, 8))
    def legal_actions(self, data: st.DataObject, steps: int) -> None:
        """A few legal actions in a row (the first drawn by Hypothesis, the rest by the
        machine's own generator, to reach the later tricks quickly)."""
        legal = self.hand.legal_actions()
        if legal:
            self.hand.apply(data.draw(st.sampled_from(legal), label="legal"))
        for _ in range(steps - 1):
            legal = self.hand.legal_actions()
            if not legal:
                break
            self.hand.apply(legal[self.rng.randrange(len(legal))])

    @rule(data=st.data())
    def any_held_card_in_turn(self, data: st.DataObject) -> None:
        """The player to act plays any card he holds: a revoke if he could follow."""
        seat = self.hand.to_act
        if seat is not None and self.hand.phase == "play":
            held = self.hand.holding(seat)
            if held:
                self.attempt(Play(seat, data.draw(st.sampled_from(held), label="card")))

    @rule(data=st.data())
    def held_card_by_anyone(self, data: st.DataObject) -> None:
        """A card some player holds, played by him in or out of turn (revokes and cards out
        of turn), or exposed."""
        hand = self.hand
        seat = data.draw(st.integers(0, hand.players - 1), label="seat")
        held = hand.holding(seat)
        if held:
            card = data.draw(st.sampled_from(held), label="card")
            choices: list[Action] = [Play(seat, card), Play(seat, card), ExposeCard(seat, card)]
            action = data.draw(st.sampled_from(choices), label="action")
            self.attempt(action)

    @rule(data=st.data())
    def irregular_deal(self, data: st.DataObject) -> None:
        hand = self.hand
        counts = tuple(
            0 if seat == hand.sitting_out else data.draw(st.integers(3, 7), label="count")
            for seat in range(hand.players)
        )
        exposed = data.draw(st.none() | st.integers(0, 51), label="exposed")
        action = DealCards(hand.dealer, exposed=exposed, counts=data.draw(st.none() | st.just(counts)))
        self.attempt(action)

    @rule(data=st.data())
    def claim(self, data: st.DataObject) -> None:
        """A claim of an open offence, usually, or of any id."""
        hand = self.hand
        open_ids = [o.id for o in hand.open_offences()]
        ids = st.sampled_from(open_ids) if open_ids else st.integers(0, len(hand.offences) + 1)
        offence = data.draw(ids | st.integers(0, len(hand.offences) + 1), label="offence")
        self.attempt(Claim(data.draw(st.integers(0, hand.players - 1), label="seat"), offence))

    @rule(action=ANY_ACTION)
    def anything(self, action: Action) -> None:
        self.attempt(action)

    @precondition(lambda self: self.hand.phase == "finished")
    @rule(data=st.data())
    def next_deal(self, data: st.DataObject) -> None:
        self.hand.close()
        self.attempt(Claim(0, 1))  # nothing more can be claimed
        self.deal(data)

    @invariant()
    def every_card_accounted_for(self) -> None:
        check_hand(self.hand)
        for recorded in self.hand.events[-3:]:
            if isinstance(recorded, PenaltyApplied):
                event(f"penalty {recorded.remedy}")  # shown by --hypothesis-show-statistics


# The default run plays a fixed number of tables; the campaign (``pytest -m campaign``) ten
# times as many.
IrregularTable.TestCase.settings = settings(
    max_examples=100, stateful_step_count=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_irregular_table = IrregularTable.TestCase


class IrregularTableCampaign(IrregularTable):
    """The same machine, for the campaign."""


IrregularTableCampaign.TestCase.settings = settings(
    max_examples=1000, stateful_step_count=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_irregular_table_campaign = pytest.mark.campaign(IrregularTableCampaign.TestCase)


class IrregularVariantTable(IrregularTable):
    """The same, under the combinations of the calls beyond Nap."""

    @initialize(rules=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 2**32 - 1), data=st.data())
    def start(self, rules: Rules, seed: int, data: st.DataObject) -> None:
        self.table_rules = rules
        self.rng = random.Random(seed)
        self.deal(data)


IrregularVariantTable.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=50,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
test_irregular_variant_table = IrregularVariantTable.TestCase


def test_every_allowed_combination_of_variants_plays_random_hands() -> None:
    """Twenty-four random hands under each combination the constraints allow, at the table
    sizes it can be played at: cards and money balance, every trick is won as the rules
    say, the quick settlement agrees with the general one; every named call is played."""
    rng = random.Random("variants")
    declarations: set[str | None] = set()
    outcomes: set[str] = set()
    for rules in VARIANT_RULES:
        sizes = playable_tables(rules)
        for number in range(24):
            players = sizes[number % len(sizes)]
            hand = Hand(rules, players, number % players, seed=rng.randrange(2**32))
            random_playout(hand, rng)
            check_hand(hand)
            check_tricks(hand)
            assert hand.result is not None
            settlement = hand._course.in_force
            assert isinstance(settlement, Settlement)
            # between the players (the pool's part is added to it)
            assert settlement.general_result() == settlement.between_players()
            declarations.add(hand.result.declaration)
            outcomes.add(hand.result.outcome)
    assert declarations == {None, "misery", "wellington", "blucher", "sir-garnet"}
    assert {"made", "defeated"} <= outcomes


@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@hgiven(rules=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_play_under_variants_refuses_what_is_not_listed(rules: Rules, seed: int, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(playable_tables(rules)), label="players")
    hand = Hand(rules, players, seed % players, seed=seed)
    play_probing_refusals(hand, random.Random(seed), data, limit=300)


@settings(max_examples=40, deadline=None, derandomize=True)
@hgiven(rules=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_events_under_variants(rules: Rules, seed: int) -> None:
    players = playable_tables(rules)[0]

    def run() -> list[object]:
        hand = Hand(rules, players, 1 % players, seed=seed)
        random_playout(hand, random.Random(seed))
        return list(hand.events)

    assert run() == run()


def _compatible_groups(profile: str) -> list[list[str]]:
    """The variants the profile gives that the engine plays, in groups that can be played
    together: each variant joins the first group it does not conflict with (seven-card Nap
    alone; Peep and Purchase Nap apart)."""
    register = load()
    groups: list[list[str]] = []
    for name in register.profiles[profile].variants:
        try:
            Rules.profile(profile, [name])
        except RulesError:  # a variant the engine does not play (its handshake leaves it out)
            continue
        for group in groups:
            if not register.conflicts(register.variant_values(profile, [*group, name])):
                group.append(name)
                break
        else:
            groups.append([name])
    return groups


def test_the_irregular_fuzz_groups_include_the_exchanges() -> None:
    for profile in ("hoyle", "wikipedia"):
        groups = _compatible_groups(profile)
        assert ["seven-card"] in groups or "seven-card" not in load().profiles[profile].variants
        assert sum(("peep" in group) + ("purchase" in group) for group in groups) == 2
        assert not any("peep" in group and "purchase" in group for group in groups)


@pytest.mark.parametrize("profile", ["hoyle", "wikipedia"])
def test_irregular_fuzz_under_every_variant_the_profile_gives(profile: str) -> None:
    """200 hands with random irregular actions and claims under the profile with all its
    compatible variants on: refused actions change nothing; cards and money balance."""
    for variants in _compatible_groups(profile):
        rules = Rules.profile(profile, variants)
        rng = random.Random(f"fuzz-{rules.name}")
        sizes = [size for size in playable_tables(rules) if size <= 6]
        for _ in range(100):
            players = rng.choice(sizes)
            pack = list(FULL_PACK)
            rng.shuffle(pack)
            hand = Hand(rules, players, rng.randrange(players), deck=pack, allow_irregular=True)
            for _ in range(2000):
                if hand.phase == "finished" and rng.random() < 0.7:
                    break
                action = _random_irregular_action(hand, rng)
                before = hand.snapshot()
                try:
                    hand.apply(action)
                except IllegalAction:
                    assert hand.snapshot() == before, action
                check_hand(hand)
            else:
                raise AssertionError("the hand did not end")
            if hand.phase != "finished":
                random_playout(hand, rng)
            check_hand(hand)


EXPECTED_REMEDIES = {
    "peel": {"fresh-deal"},
    "hoyle": {"fresh-deal", "redeal", "wrong-number-adjustment", "replay-hand", "soloist-loses"},
    "britannica": {"fresh-deal", "fine", "soloist-wrong-number", "replay-from-revoke", "soloist-loses"},
    "wikipedia": {"abandon"},
}


def _random_irregular_action(hand: Hand, rng: random.Random) -> Action:
    """Mostly legal actions; otherwise cards played by anyone (revokes, out of turn),
    exposed cards, claims, wrong deals and assorted nonsense."""
    roll = rng.random()
    legal = hand.legal_actions()
    if roll < 0.55 and legal:
        return legal[rng.randrange(len(legal))]
    n = hand.players
    seat = hand.to_act if hand.to_act is not None and rng.random() < 0.5 else rng.randrange(n)
    held = hand.holding(seat)
    if roll < 0.75 and held:
        card = held[rng.randrange(len(held))]
        return Play(seat, card) if rng.random() < 0.85 else ExposeCard(seat, card)
    if roll < 0.88 and hand.offences:
        return Claim(rng.randrange(n), rng.randrange(1, len(hand.offences) + 1))
    if roll < 0.92:
        counts = tuple(0 if s == hand.sitting_out else rng.choice((4, 5, 5, 6)) for s in range(n))
        return DealCards(hand.dealer, exposed=rng.choice((None, rng.randrange(52))), counts=rng.choice((None, counts)))
    return rng.choice(
        (
            Pass(seat),
            Call(seat, rng.randrange(7)),
            Cut(seat, rng.randrange(53)),
            ShowCards(seat),
            RefuseToShow(seat),
            AskInformation(seat),
        )
    )


@pytest.mark.parametrize("hands", [200, pytest.param(2000, marks=pytest.mark.campaign)])
@pytest.mark.parametrize("profile", PROFILES)
def test_irregular_fuzz_reaches_every_remedy_and_changes_nothing_when_refused(profile: str, hands: int) -> None:
    """200 hands per profile (2,000 in the campaign) with random irregular actions and claims.
    Every refused action leaves the snapshot unchanged; cards and money always balance; every
    remedy the profile provides is reached."""
    rules = RULES[profile]
    rng = random.Random(f"fuzz-{profile}")
    remedies: set[str] = set()
    for number in range(hands):
        players = rng.randint(rules.players_min, min(rules.players_max, 6))
        pack = list(FULL_PACK)
        rng.shuffle(pack)
        if number % 5 == 0:
            pack[rng.randrange(52)] = pack[rng.randrange(52)]
        hand = Hand(rules, players, rng.randrange(players), deck=pack, allow_irregular=True)
        for _ in range(2000):
            if hand.phase == "finished" and rng.random() < 0.7:
                break
            action = _random_irregular_action(hand, rng)
            before = hand.snapshot()
            try:
                hand.apply(action)
            except IllegalAction:
                assert hand.snapshot() == before, action
            check_hand(hand)
        else:
            raise AssertionError("the hand did not end")
        if hand.phase != "finished":
            random_playout(hand, rng)
        check_hand(hand)
        remedies.update(e.remedy for e in hand.events if isinstance(e, PenaltyApplied))
    assert remedies == EXPECTED_REMEDIES[profile]
