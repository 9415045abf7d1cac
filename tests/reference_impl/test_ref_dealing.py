"""Players and pack, the first dealer, the cut and the deal."""

from __future__ import annotations

import pytest
from .napref_helpers import rejected, rules

from napspec.reference.actions import Cut, DealCards
from napspec.reference.cards import FULL_PACK, parse_cards
from napspec.reference.errors import BadCut, BadDeal, IrregularPlayNotAllowed, NotYourTurn
from napspec.reference.events import DealerChosen, FirstDealerCard
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.reference.session import Session


def draw_pack(text: str) -> list[int]:
    """A stacked draw pack: the given cards on top, then the rest of the pack in order."""
    top = list(parse_cards(text))
    return top + [c for c in FULL_PACK if c not in top]


# ---------------------------------------------------------------------- first dealer


def test_first_dealer_peel_first_knave_face_up() -> None:
    # Cards turned to seats 0, 1, 2, 3, 0, 1...: the sixth card, the first knave, falls to seat 1.
    session = Session(Rules.profile("peel"), 4, decks=[draw_pack("2C 3C 4C 5C 6C JD")])
    assert session.first_dealer == 1
    assert session.hand.dealer == 1
    turned = [e for e in session.events if isinstance(e, FirstDealerCard)]
    assert [e.seat for e in turned] == [0, 1, 2, 3, 0, 1]
    assert session.events[-1] == DealerChosen(1, "first-jack-face-up")


def test_first_dealer_hoyle_lowest_with_ace_low() -> None:
    session = Session(Rules.profile("hoyle"), 4, decks=[draw_pack("2C AH 3S KD")])
    assert session.first_dealer == 1


def test_first_dealer_wikipedia_lowest_cut_with_ace_low() -> None:
    session = Session(Rules.profile("wikipedia"), 4, decks=[draw_pack("2C AH 3S KD")])
    assert session.first_dealer == 1


def test_first_dealer_britannica_lowest_cut_with_ace_low() -> None:
    # interpretation britannica-ace-in-cut: the ace is low in the cut, as Hoyle and Wikipedia say
    session = Session(Rules.profile("britannica"), 4, decks=[draw_pack("2C AH 3S KD")])
    assert session.first_dealer == 1


def test_first_dealer_lowest_cut_with_ace_high_as_a_house_rule() -> None:
    rules = Rules.profile("britannica").with_options({"first-dealer": "lowest-card-ace-high"})
    session = Session(rules, 4, decks=[draw_pack("2C AH 3S KD")])
    assert session.first_dealer == 0


def test_first_dealer_tie_for_lowest_draws_again_among_the_tied() -> None:
    # Seats 0, 1, 3 tie with twos; they draw again (9C, 4D, 4H): 1 and 3 tie; then KC, QC.
    session = Session(Rules.profile("hoyle"), 4, decks=[draw_pack("2C 2D 5H 2S 9C 4D 4H KC QC")])
    assert session.first_dealer == 3
    rounds = [(e.seat, e.round) for e in session.events if isinstance(e, FirstDealerCard)]
    assert rounds == [(0, 1), (1, 1), (2, 1), (3, 1), (0, 2), (1, 2), (3, 2), (1, 3), (3, 3)]


def test_first_dealer_draw_is_from_the_seeded_generator() -> None:
    a = Session(Rules.profile("peel"), 5, seed=11)
    b = Session(Rules.profile("peel"), 5, seed=11)
    assert a.events == b.events and a.first_dealer == b.first_dealer
    assert a.hand.deck == b.hand.deck


def test_first_dealer_given() -> None:
    session = Session(Rules.profile("peel"), 4, seed=1, first_dealer=2)
    assert session.hand.dealer == 2
    assert session.events == [DealerChosen(2, "given")]
    with pytest.raises(ValueError):
        Session(Rules.profile("peel"), 4, first_dealer=4)


# ---------------------------------------------------------------------- the cut


def test_cut_by_the_player_on_the_dealers_right() -> None:
    hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=3)
    assert hand.to_act == 3
    rejected(hand, Cut(1, 10), NotYourTurn)
    rejected(hand, DealCards(0), IrregularPlayNotAllowed)  # dealing before the cut is irregular
    hand.apply(Cut(3, 10))
    assert hand.phase == "deal" and hand.to_act == 0


def test_cut_puts_the_top_packet_under() -> None:
    deck = list(FULL_PACK)
    hand = Hand(Rules.profile("hoyle"), 4, dealer=0, deck=deck)
    hand.apply(Cut(3, 10))
    assert hand.stock == tuple(deck[10:] + deck[:10])


@pytest.mark.parametrize(("profile", "minimum"), [("peel", 1), ("hoyle", 1), ("britannica", 1), ("wikipedia", 4)])
def test_cut_minimum_per_profile(profile: str, minimum: int) -> None:
    hand = Hand(Rules.profile(profile), 4, dealer=0, seed=3)
    depths = [a.depth for a in hand.legal_actions() if isinstance(a, Cut)]
    assert depths == list(range(minimum, 52 - minimum + 1))
    rejected(hand, Cut(3, minimum - 1), BadCut)
    rejected(hand, Cut(3, 52 - minimum + 1), BadCut)
    hand.apply(Cut(3, minimum))


def test_cut_minimum_four_under_wikipedia() -> None:
    hand = Hand(Rules.profile("wikipedia"), 4, dealer=0, seed=3)
    rejected(hand, Cut(3, 3), BadCut)
    rejected(hand, Cut(3, 49), BadCut)
    hand.apply(Cut(3, 48))


# ---------------------------------------------------------------------- the deal


def dealt(profile: str, players: int, dealer: int, **overrides: object) -> Hand:
    hand = Hand(rules(profile, **overrides), players, dealer, deck=list(FULL_PACK))
    hand.apply(Cut(hand.to_act, 4))  # type: ignore[arg-type]
    hand.apply(DealCards(dealer))
    return hand


def test_deal_singly_beginning_on_the_dealers_left() -> None:
    hand = dealt("hoyle", 4, dealer=2)
    pack = list(range(4, 52)) + [0, 1, 2, 3]  # after a cut of four
    assert hand.eldest == 3
    assert hand.holding(3) == tuple(sorted(pack[0:20:4]))
    assert hand.holding(0) == tuple(sorted(pack[1:20:4]))
    assert hand.holding(2) == tuple(sorted(pack[3:20:4]))
    assert hand.stock == tuple(pack[20:])


def test_deal_three_then_two_under_wikipedia() -> None:
    hand = dealt("wikipedia", 4, dealer=0)
    pack = list(range(4, 52)) + [0, 1, 2, 3]
    # A round of three at a time, then a round of two, beginning on the dealer's left.
    assert hand.holding(1) == tuple(sorted(pack[0:3] + pack[12:14]))
    assert hand.holding(2) == tuple(sorted(pack[3:6] + pack[14:16]))
    assert hand.holding(0) == tuple(sorted(pack[9:12] + pack[18:20]))


def test_dealer_must_deal() -> None:
    hand = Hand(Rules.profile("peel"), 4, dealer=1, seed=2)
    hand.apply(Cut(0, 5))
    rejected(hand, DealCards(2), NotYourTurn)
    assert hand.legal_actions() == (DealCards(1),)


@pytest.mark.parametrize("profile", ["peel", "britannica", "wikipedia"])
def test_dealer_sits_out_at_six(profile: str) -> None:
    hand = dealt(profile, 6, dealer=4)
    assert hand.sitting_out == 4
    assert hand.holding(4) == ()
    assert hand.active_seats == (5, 0, 1, 2, 3)
    assert all(len(hand.holding(s)) == 5 for s in hand.active_seats)
    assert len(hand.stock) == 52 - 25


def test_dealer_plays_at_five_unless_the_option_says_five_or_six() -> None:
    assert dealt("peel", 5, dealer=0).sitting_out is None
    hand = dealt("peel", 5, dealer=0, dealer_sits_out="five-or-six-players")
    assert hand.sitting_out == 0 and hand.active_seats == (1, 2, 3, 4)


def test_hoyle_dealer_never_sits_out() -> None:
    hand = dealt("hoyle", 6, dealer=0)
    assert hand.sitting_out is None
    assert all(len(hand.holding(s)) == 5 for s in range(6))


def test_britannica_ten_players_use_fifty_cards() -> None:
    hand = dealt("britannica", 10, dealer=9)
    assert all(len(hand.holding(s)) == 5 for s in range(10))
    assert len(hand.stock) == 2


def test_two_players_under_peel() -> None:
    hand = dealt("peel", 2, dealer=0)
    assert hand.eldest == 1 and hand.active_seats == (1, 0)


def test_irregular_deal_is_refused_without_allow_irregular() -> None:
    hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=5)
    hand.apply(Cut(3, 5))
    rejected(hand, DealCards(0, exposed=hand.stock[0]), IrregularPlayNotAllowed)
    rejected(hand, DealCards(0, counts=(5, 5, 5, 4)), IrregularPlayNotAllowed)


def test_irregular_deal_arguments_are_checked() -> None:
    hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=5, allow_irregular=True)
    hand.apply(Cut(3, 5))
    rejected(hand, DealCards(0, counts=(5, 5, 5)), BadDeal)
    rejected(hand, DealCards(0, counts=(5, 5, -1, 5)), BadDeal)
    rejected(hand, DealCards(0, counts=(20, 20, 20, 0)), BadDeal)
    rejected(hand, DealCards(0, exposed=99), BadDeal)


def test_a_sound_pack_is_required_without_allow_irregular() -> None:
    with pytest.raises(ValueError, match="not a sound pack"):
        Hand(Rules.profile("hoyle"), 4, 0, deck=list(range(51)))
    with pytest.raises(ValueError, match="not a sound pack"):
        Hand(Rules.profile("hoyle"), 4, 0, deck=list(range(51)) + [0])
    with pytest.raises(ValueError):
        Hand(Rules.profile("hoyle"), 4, 0, deck=list(range(51)) + [52])


def test_seeded_shuffle_does_not_touch_the_global_random_state() -> None:
    import random

    random.seed(123)
    expected = random.random()
    random.seed(123)
    a = Hand(Rules.profile("hoyle"), 4, 0, seed=9)
    assert random.random() == expected
    assert Hand(Rules.profile("hoyle"), 4, 0, seed=9).deck == a.deck
    assert Hand(Rules.profile("hoyle"), 4, 0, seed=10).deck != a.deck
