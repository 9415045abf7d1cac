"""The pool in one hand (chapter pool): contributions, fines, the pool taken by a made Nap or
paid into by a failed one, the knaves and fives, the payments that include the pool, and the
pool disposed of when play ends; and the shortened packs (players.short-pack)."""

from __future__ import annotations

import random

import pytest

from napspec.reference.actions import Call, Claim, DealCards, NamedCall, Pass
from napspec.reference.cards import format_cards, parse_cards, short_pack
from napspec.reference.errors import RulesError
from napspec.reference.events import POOL, Transfer
from napspec.reference.hand import Hand, cards_accounted_for, expected_pack, random_playout
from napspec.reference.pool import cards_of, dispose_of_pool
from napspec.reference.rules import Rules

from .napref_helpers import declare, play, show_all

PEEL_POOL = Rules.profile("peel", ["pool"])
HOYLE_POOL = Rules.profile("hoyle", ["pool"])
SHORT = Rules.profile("wikipedia", ["short-pack"])

NAP_HANDS = {
    0: "AS KS QS JS TS",
    1: "JC 5C 2C 3C 4C",
    2: "JD 5D 2D 3D 4D",
    3: "JH 5H 2H 3H 4H",
}
NAP_PLAY = "AS 2C 2D 2H KS 3C 3D 3H QS 4C 4D 4H JS 5C 5D 5H TS JC JD JH"


def stacked(rules: Rules, hands: dict[int, str], dealer: int = 3, **pool: object) -> Hand:
    return Hand.stacked(
        rules,
        len(hands),
        dealer,
        {seat: parse_cards(text) for seat, text in hands.items()},
        **pool,  # type: ignore[arg-type]
    )


def moves(hand: Hand) -> list[tuple[int, int, int, str]]:
    return [tuple(move) for move in hand.pool_transfers]  # type: ignore[misc]


def conserved(hand: Hand, before: int) -> None:
    """The payments and what the pool gained in the hand sum to nothing."""
    assert hand.result is not None
    assert sum(hand.result.payments.values()) + hand.pool - before == 0


# ---------------------------------------------------------------------- contributions


def test_without_a_pool_nothing_moves_and_a_pool_is_refused() -> None:
    hand = Hand(Rules.profile("peel"), 4, 0, seed=1)
    assert hand.pool == 0 and hand.pool_transfers == ()
    with pytest.raises(ValueError, match="only under option 'pool' = 'played'"):
        Hand(Rules.profile("peel"), 4, 0, seed=1, pool=3)
    with pytest.raises(ValueError, match="0 or more"):
        Hand(PEEL_POOL, 4, 0, seed=1, pool=-1)
    with pytest.raises(ValueError, match="original dealer must be a seat"):
        Hand(PEEL_POOL, 4, 0, seed=1, original_dealer=4)


def test_each_dealer_pays_once_in_his_turn_to_deal() -> None:
    hand = Hand(PEEL_POOL, 4, 2, seed=1, pool=3, original_dealer=0)
    assert hand.pool == 4
    assert moves(hand) == [(2, POOL, 1, "dealer-contribution")]
    again = Hand(PEEL_POOL, 4, 2, seed=2, pool=4, original_dealer=0, same_turn=True)
    assert again.pool == 4 and moves(again) == []


def test_all_pay_at_the_original_deal_only() -> None:
    rules = PEEL_POOL.with_options({"pool-contributions": "all-at-original-deal"})
    first = Hand(rules, 4, 1, seed=1, original_dealer=1)
    assert moves(first) == [(seat, POOL, 1, "player-contribution") for seat in (2, 3, 0, 1)]
    other = Hand(rules, 4, 2, seed=1, original_dealer=1)
    assert other.pool == 0
    with pytest.raises(ValueError, match="original dealer must be given"):
        Hand(rules, 4, 2, seed=1)


def test_the_dealer_pays_three_and_every_other_player_one() -> None:
    rules = HOYLE_POOL.with_options({"pool-contributions": "dealer-three-players-one"})
    hand = Hand(rules, 5, 0, seed=1, original_dealer=0)
    assert moves(hand) == [(0, POOL, 3, "dealer-contribution")] + [
        (seat, POOL, 1, "player-contribution") for seat in (1, 2, 3, 4)
    ]
    assert hand.pool == 7


def test_a_dealer_who_sits_out_pays_like_any_other() -> None:
    hand = Hand(PEEL_POOL, 6, 5, seed=1, original_dealer=0)
    assert hand.sitting_out == 5 and moves(hand) == [(5, POOL, 1, "dealer-contribution")]


# ---------------------------------------------------------------------- taken, failed


def test_a_made_nap_takes_the_whole_pool_and_the_payments_include_it() -> None:
    hand = stacked(PEEL_POOL, NAP_HANDS, pool=6, original_dealer=0)
    assert hand.pool == 7  # the dealer's stake
    declare(hand, 5, 0, 0, 0)
    play(hand, NAP_PLAY)
    assert hand.result is not None and hand.result.outcome == "made"
    assert hand.pool == 0
    assert hand.pool_transfers[-1] == Transfer(POOL, 0, 7, "pool-won")
    # Peel's Nap: ten from each; the pool's seven; the dealer's stake paid in.
    assert hand.result.payments == {0: 37, 1: -10, 2: -10, 3: -11}
    assert hand.result.transfers[-2:] == (
        Transfer(3, POOL, 1, "dealer-contribution"),
        Transfer(POOL, 0, 7, "pool-won"),
    )
    conserved(hand, 6)


def test_a_failed_nap_pays_nothing_or_as_much_as_the_pool_holds() -> None:
    weak = {0: "2C 3C 4C 5C 7C", 1: "AC KC QC JC TC", 2: "2D 3D 4D 5D 6D", 3: "2H 3H 4H 5H 6H"}
    for value, pool_after in (("pays-nothing", 5), ("pays-pool-amount", 10)):
        rules = HOYLE_POOL.with_options({"pool-failed-nap": value})
        hand = stacked(rules, weak, pool=4, original_dealer=0)
        declare(hand, 5, 0, 0, 0)
        play(hand, "2C AC 2D 2H")  # the soloist loses the first trick: defeated at once
        show_all(hand)
        assert hand.result is not None and hand.result.outcome == "defeated"
        assert hand.pool == pool_after
        conserved(hand, 4)
    assert hand.pool_transfers[-1] == Transfer(0, POOL, 5, "failed-nap")
    assert hand.result is not None and hand.result.payments[0] == -3 * 5 - 5


def test_a_misery_never_takes_the_pool() -> None:
    rules = Rules.profile("hoyle", ["misery", "pool"])
    low = {0: "2C 3C 4C 2D 3D", 1: "AS KS QS JS TS", 2: "AH KH QH JH TH", 3: "AD KD QD JD TD"}
    hand = stacked(rules, low, pool=5, original_dealer=0)
    hand.apply(NamedCall(0, "misery"))
    for seat in (1, 2, 3):
        hand.apply(Pass(seat))
    play(hand, "2C AS AH AD")
    random_playout(hand, random.Random(1))
    assert hand.result is not None and hand.result.outcome == "made" and hand.result.declaration == "misery"
    assert hand.pool == 6
    conserved(hand, 5)


def test_a_made_call_of_one_trick_leaves_the_pool() -> None:
    hand = stacked(PEEL_POOL, NAP_HANDS, pool=2, original_dealer=0)
    declare(hand, 1, 0, 0, 0)
    play(hand, "AS 2C 2D 2H")
    assert hand.result is not None and hand.result.outcome == "made"
    assert hand.pool == 3
    conserved(hand, 2)


def test_the_knaves_and_fives_played_are_paid_in_before_the_nap_takes_the_pool() -> None:
    rules = HOYLE_POOL.with_options({"pool-contributions": "knaves-and-fives"})
    hand = stacked(rules, NAP_HANDS, pool=3, original_dealer=0)
    assert hand.pool == 3  # nothing is paid as the hand starts
    declare(hand, 5, 0, 0, 0)
    play(hand, NAP_PLAY)
    paid = [move for move in hand.pool_transfers if move.reason == "card-contribution"]
    assert [(move.payer, move.amount) for move in paid] == [(1, 1), (2, 1), (3, 1), (1, 1), (2, 1), (3, 1)]
    assert hand.pool_transfers[-1] == Transfer(POOL, 0, 9, "pool-won") and hand.pool == 0
    assert hand.result is not None and hand.result.payments == {0: 39, 1: -12, 2: -12, 3: -12}
    conserved(hand, 3)


def test_a_trump_knave_or_five_pays_nothing() -> None:
    rules = HOYLE_POOL.with_options({"pool-contributions": "knaves-and-fives"})
    hands = {0: "AS KS QS 5S 2H", 1: "JS 3C 4C 6C 7C", 2: "5D 3D 4D 6D 7D", 3: "3H 4H 6H 7H 8H"}
    hand = stacked(rules, hands, original_dealer=0)
    declare(hand, 1, 0, 0, 0)
    # Spades are trumps: the five and the knave of spades pay nothing, the five of diamonds one.
    play(hand, "5S JS 5D 3H 3C 3D 4H AS")
    show_all(hand)
    assert hand.result is not None and hand.result.outcome == "made"
    assert hand.pool_transfers == (Transfer(2, POOL, 1, "card-contribution"),)


# ---------------------------------------------------------------------- fines, void hands


def _misdealt(rules: Rules, dealer: int = 1) -> Hand:
    hand = Hand(rules, 4, dealer, seed=3, allow_irregular=True, original_dealer=0)
    hand.apply(hand.legal_actions()[0])  # the cut
    hand.apply(DealCards(dealer, counts=(5, 5, 6, 4)))
    misdeal = next(offence for offence in hand.offences if offence.kind == "misdeal")
    hand.apply(Claim(0, misdeal.id))
    return hand


def test_a_misdeal_claimed_is_fined_into_the_pool_and_the_contribution_stands() -> None:
    hand = _misdealt(PEEL_POOL)
    assert hand.result is not None and hand.result.outcome == "fresh-deal"
    assert moves(hand) == [(1, POOL, 1, "dealer-contribution"), (1, POOL, 1, "misdeal-fine")]
    assert hand.result.payments == {0: 0, 1: -2, 2: 0, 3: 0}
    conserved(hand, 0)


def test_without_fines_a_misdeal_costs_nothing() -> None:
    hand = _misdealt(HOYLE_POOL)
    assert hand.result is not None and hand.result.outcome == "fresh-deal"
    assert moves(hand) == [(1, POOL, 1, "dealer-contribution")]


def test_a_settlement_made_again_makes_the_pool_movements_once() -> None:
    """A later claim settles the hand again: the pool's movements of the settlement are made
    afresh, not twice."""
    hand = stacked(PEEL_POOL, NAP_HANDS, pool=6, original_dealer=0)
    declare(hand, 5, 0, 0, 0)
    play(hand, NAP_PLAY)
    first = (hand.pool, hand.pool_transfers, hand.result)
    hand._course.settle()
    assert (hand.pool, hand.pool_transfers, hand.result) == first


# ---------------------------------------------------------------------- end of session


def test_the_pool_divided_with_the_remainder_drawn_for_ace_high() -> None:
    cards = cards_of(iter(parse_cards("AC 4D 4H KS 2S 3C")))
    transfers, draw = dispose_of_pool(PEEL_POOL, 4, 3, 10, cards)
    assert transfers[:4] == [Transfer(POOL, seat, 2, "pool-divided") for seat in (0, 1, 2, 3)]
    # Seat 0's ace is high; seats 1 and 2 tie with fours and draw again: the deuce wins.
    assert transfers[4:] == [Transfer(POOL, 1, 2, "pool-drawn")]
    assert [(card.seat, card.round) for card in draw] == [(0, 1), (1, 1), (2, 1), (3, 1), (1, 2), (2, 2)]


def test_an_even_division_draws_nothing() -> None:
    transfers, draw = dispose_of_pool(PEEL_POOL, 4, 0, 8, cards_of(iter(())))
    assert [t.amount for t in transfers] == [2, 2, 2, 2] and draw == []


def test_the_pool_drawn_for_goes_whole_to_the_lowest_card() -> None:
    rules = PEEL_POOL.with_options({"pool-end": "drawn-for"})
    transfers, _ = dispose_of_pool(rules, 3, 0, 7, cards_of(iter(parse_cards("9C 2D AH"))))
    # Dealt from the dealer's left: 9C to seat 1, 2D to seat 2, AH (high) to seat 0.
    assert transfers == [Transfer(POOL, 2, 7, "pool-drawn")]


def test_a_stacked_draw_that_runs_out_is_an_error() -> None:
    with pytest.raises(ValueError, match="ran out"):
        dispose_of_pool(PEEL_POOL, 4, 0, 5, cards_of(iter(parse_cards("2C 2D"))))


# ---------------------------------------------------------------------- short packs


def test_a_short_pack_is_dealt_with_a_smaller_stock() -> None:
    hand = Hand(SHORT, 4, 0, seed=5)
    assert sorted(hand.deck or ()) == list(short_pack(28))
    random_playout(hand, random.Random(5))
    assert cards_accounted_for(hand) == expected_pack(hand)
    assert len(hand.stock) == 28 - 4 * 5
    assert min(card % 13 for seat in range(4) for card in hand.dealt(seat)) >= 6  # nothing under the eight
    five = Hand(SHORT, 5, 0, seed=5)
    assert len(five.deck or ()) == 36


def test_the_larger_short_pack() -> None:
    rules = SHORT.with_options({"pack": "short-32-40"})
    assert rules.pack_size(4) == 32 and rules.pack_size(5) == 40
    assert format_cards(rules.pack_cards(5)[:2]) == "5C 6C"


@pytest.mark.parametrize("players", [3, 6, 7])
def test_a_short_pack_is_refused_at_other_tables(players: int) -> None:
    with pytest.raises(RulesError, match="played by 4 or 5 players only"):
        Hand(SHORT, players, 0, seed=1)


def test_a_full_pack_is_not_a_short_pack() -> None:
    with pytest.raises(ValueError, match="not a sound pack"):
        Hand(SHORT, 4, 0, deck=list(range(52)))
    with pytest.raises(ValueError, match="not in the pack in play"):
        stacked(SHORT, {0: "2C AS KS QS JS", 1: "AC KC QC JC TC", 2: "AD KD QD JD TD", 3: "AH KH QH JH TH"})


def test_a_stacked_short_pack_hand_has_the_rest_of_the_short_pack_as_stock() -> None:
    hands = {0: "AS KS QS JS TS", 1: "AC KC QC JC TC", 2: "AD KD QD JD TD", 3: "AH KH QH JH TH"}
    hand = stacked(SHORT, hands)
    assert format_cards(hand.stock) == "8C 9C 8D 9D 8H 9H 8S 9S"
    hand.apply(Call(0, 5))
