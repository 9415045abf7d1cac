"""Irregularities: recorded when made, penalised when claimed, per profile value.

Expected payments are worked out by hand from stacked holdings. The layout used most is
``STANDARD`` (dealer seat 3, eldest seat 0)::

    seat 0: AS KS QS AH 2C      seat 1: 2S 3C 4C 5C 6C
    seat 2: 3H 4H 5H 6H 7H      seat 3: 2D 3D 4D 5D 6D

Seat 0 calling and leading AS wins the first four tricks and loses the fifth to seat 1's 6C.
"""

from __future__ import annotations

import pytest

from napspec.reference.actions import AskInformation, Claim, Cut, DealCards, ExposeCard, Play, RefuseToShow, ShowCards
from napspec.reference.cards import FULL_PACK, parse_card
from napspec.reference.errors import (
    IrregularPlayNotAllowed,
    MustFollowSuit,
    NoSuchOffence,
    NotProvidedFor,
    NotYourTurn,
    WrongPhase,
)
from napspec.reference.events import HandReplayed, HandSettled, Information, PenaltyApplied, PlayStopped
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules

from .napref_helpers import STANDARD, declare, payments, play, rejected, show_all, stacked

FULL_PLAY = "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D AH 5C 6H 5D 2C 6C 7H 6D"
FIRST_THREE = "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D"


def card(text: str) -> int:
    return parse_card(text)


def revoke_at_first_trick(profile: str, *calls: int) -> Hand:
    """Seat 0 calls and leads AS; seat 1, holding 2S, revokes with 3C."""
    hand = stacked(profile, STANDARD, allow_irregular=True)
    declare(hand, *calls)
    play(hand, "AS")
    hand.apply(Play(1, card("3C")))
    return hand


def soloist_revokes(profile: str) -> Hand:
    """Seat 0 calls two and leads 2C (clubs trumps); seat 1 wins with 6C and leads 2S;
    seat 0, holding AS KS QS, plays AH."""
    hand = stacked(profile, STANDARD, allow_irregular=True)
    declare(hand, 2, 0, 0, 0)
    play(hand, "2C 6C 3H 2D 2S 4H 3D")
    hand.apply(Play(0, card("AH")))
    return hand


# ---------------------------------------------------------------------- revoke


def test_revoke_refused_without_allow_irregular() -> None:
    hand = stacked("hoyle", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS")
    rejected(hand, Play(1, card("3C")), MustFollowSuit)


def test_revoke_recorded_and_not_penalised_until_claimed() -> None:
    hand = revoke_at_first_trick("britannica", 3, 0, 0, 0)
    (offence,) = hand.offences
    assert (offence.kind, offence.seat, offence.card, offence.trick, offence.position) == (
        "revoke",
        1,
        card("3C"),
        1,
        1,
    )
    assert offence.suit == 3
    assert hand.offence_status(1) == "open"
    assert [a for a in hand.legal_actions() if isinstance(a, Claim)] == [Claim(s, 1) for s in range(4)]
    play(hand, "3H 2D")
    assert hand.tricks[0].winner == 0 and hand.phase == "play"


def test_revoke_peel_claim_not_provided_for() -> None:
    hand = revoke_at_first_trick("peel", 3, 0, 0, 0)
    assert not [a for a in hand.legal_actions() if isinstance(a, Claim)]
    rejected(hand, Claim(2, 1), NotProvidedFor)
    play(hand, "3H 2D KS 2S 4H 3D QS 4C 5H 4D")
    assert payments(hand) == {0: 9, 1: -3, 2: -3, 3: -3}


def test_revoke_hoyle_replay_hand_revoker_pays_all_when_call_made() -> None:
    hand = revoke_at_first_trick("hoyle", 3, 0, 0, 0)
    play(hand, "3H 2D")
    hand.apply(Claim(2, 1))
    assert hand.events[-1] == HandReplayed(1, 0, 1)
    assert hand.phase == "play" and hand.to_act == 0 and hand.trumps is None
    assert hand.holding(1) == hand.dealt(1) and hand.tricks == []
    assert hand.declarations == ((0, 3), (1, 0), (2, 0), (3, 0))  # the calls stand
    play(hand, "AS")
    rejected(hand, Play(1, card("3C")), MustFollowSuit)  # the revoker must follow now
    play(hand, "2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D")
    show_all(hand)
    assert payments(hand) == {0: 9, 1: -9, 2: 0, 3: 0}


def test_revoke_hoyle_replay_hand_revoker_pays_others_when_call_fails() -> None:
    hand = revoke_at_first_trick("hoyle", 5, 0, 0, 0)
    play(hand, "3H 2D")
    hand.apply(Claim(2, 1))
    play(hand, FULL_PLAY)
    assert hand.tricks_won(0) == 4
    assert payments(hand) == {0: 0, 1: -10, 2: 5, 3: 5}
    assert hand.result is not None and hand.result.outcome == "defeated"


@pytest.mark.parametrize("profile", ["hoyle", "britannica"])
def test_revoking_soloist_loses_at_once(profile: str) -> None:
    hand = soloist_revokes(profile)
    hand.apply(Claim(1, 1))
    assert hand.phase == "finished" and PlayStopped("revoke", 2) in hand.events
    assert hand.result is not None and hand.result.outcome == "defeated"
    assert payments(hand) == {0: -6, 1: 2, 2: 2, 3: 2}


def test_revoke_britannica_replay_from_the_revoke_fine_five() -> None:
    hand = revoke_at_first_trick("britannica", 3, 0, 0, 0)
    play(hand, "3H 2D KS 2S 4H")
    hand.apply(Claim(3, 1))
    # The revoking card and every later card are taken back; seat 1 plays again.
    assert hand.events[-1] == HandReplayed(1, 1, 1)
    assert hand.current_trick == ((0, card("AS")),) and hand.to_act == 1
    assert set(hand.holding(1)) == set(hand.dealt(1))
    rejected(hand, Play(1, card("3C")), MustFollowSuit)
    play(hand, FULL_PLAY.split(" ", 1)[1])
    assert payments(hand) == {0: 14, 1: -8, 2: -3, 3: -3}


def test_revoke_britannica_revoker_receives_nothing_if_the_soloist_loses() -> None:
    hand = revoke_at_first_trick("britannica", 5, 0, 0, 0)
    play(hand, "3H 2D")
    hand.apply(Claim(0, 1))
    play(hand, FULL_PLAY.split(" ", 1)[1])
    assert hand.tricks_won(0) == 4
    assert payments(hand) == {0: -5, 1: -5, 2: 5, 3: 5}


def test_revoke_wikipedia_abandon_revoker_pays_soloist() -> None:
    hand = revoke_at_first_trick("wikipedia", 3, 0, 0, 0)
    hand.apply(Claim(2, 1))
    assert hand.phase == "finished"
    assert hand.result is not None and hand.result.outcome == "abandoned"
    assert payments(hand) == {0: 9, 1: -9, 2: 0, 3: 0}


def test_revoke_wikipedia_abandon_revoking_soloist_pays_all() -> None:
    hand = soloist_revokes("wikipedia")
    hand.apply(Claim(2, 1))
    assert hand.result is not None and hand.result.outcome == "abandoned"
    assert payments(hand) == {0: -6, 1: 2, 2: 2, 3: 2}


def test_revoke_claimed_after_the_settlement_until_the_next_deal() -> None:
    hand = revoke_at_first_trick("wikipedia", 3, 0, 0, 0)
    play(hand, "3H 2D KS 2S 4H 3D QS 4C 5H 4D AH 5C 6H 5D 2C 6C 7H 6D")
    assert payments(hand) == {0: 9, 1: -3, 2: -3, 3: -3}
    hand.apply(Claim(3, 1))
    assert payments(hand) == {0: 9, 1: -9, 2: 0, 3: 0}
    assert [e.outcome for e in hand.events if isinstance(e, HandSettled)] == ["made", "abandoned"]
    hand.close()
    rejected(hand, Claim(3, 1), WrongPhase)


def test_revoke_claimed_after_the_settlement_replays_under_britannica() -> None:
    hand = revoke_at_first_trick("britannica", 3, 0, 0, 0)
    play(hand, "3H 2D KS 2S 4H 3D QS 4C 5H 4D AH 5C 6H 5D 2C 6C 7H 6D")
    assert hand.phase == "finished"
    hand.apply(Claim(3, 1))
    assert hand.phase == "play" and hand.result is None and hand.to_act == 1
    play(hand, FULL_PLAY.split(" ", 1)[1])
    assert payments(hand) == {0: 14, 1: -8, 2: -3, 3: -3}


def test_offences_in_cards_taken_back_are_void() -> None:
    hand = revoke_at_first_trick("hoyle", 3, 0, 0, 0)
    play(hand, "3H 2D")
    hand.apply(Play(0, card("2C")))
    hand.apply(Play(1, card("2S")))  # a second revoke: clubs led, seat 1 holds clubs
    assert [o.kind for o in hand.offences] == ["revoke", "revoke"]
    hand.apply(Claim(2, 1))
    assert hand.offence_status(2) == "taken back"
    rejected(hand, Claim(2, 2), NoSuchOffence)
    rejected(hand, Claim(2, 1), NoSuchOffence)  # claimed already
    rejected(hand, Claim(2, 9), NoSuchOffence)


# ---------------------------------------------------------------------- out of turn


def test_out_of_turn_card_taken_back() -> None:
    hand = stacked("britannica", STANDARD, allow_irregular=True)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS")
    hand.apply(Play(2, card("3H")))
    assert hand.to_act == 1 and card("3H") in hand.holding(2)
    assert hand.current_trick == ((0, card("AS")),)
    (offence,) = hand.offences
    assert (offence.kind, offence.seat, offence.card, offence.position) == ("out-of-turn", 2, card("3H"), 1)


def test_out_of_turn_refused_without_allow_irregular() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS")
    rejected(hand, Play(2, card("3H")), NotYourTurn)


def test_out_of_turn_britannica_fine_three_tricks() -> None:
    hand = stacked("britannica", STANDARD, allow_irregular=True)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS")
    hand.apply(Play(2, card("3H")))
    hand.apply(Claim(0, 1))
    play(hand, FULL_PLAY.split(" ", 1)[1])
    assert payments(hand) == {0: 12, 1: -3, 2: -6, 3: -3}


def test_out_of_turn_britannica_offender_receives_nothing_if_the_soloist_loses() -> None:
    hand = stacked("britannica", STANDARD, allow_irregular=True)
    declare(hand, 5, 0, 0, 0)
    play(hand, "AS")
    hand.apply(Play(2, card("3H")))
    hand.apply(Claim(0, 1))
    play(hand, FULL_PLAY.split(" ", 1)[1])
    assert payments(hand) == {0: -7, 1: 5, 2: -3, 3: 5}


def test_out_of_turn_britannica_soloist_not_fined() -> None:
    hand = stacked("britannica", STANDARD, allow_irregular=True)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS 2S")
    hand.apply(Play(0, card("KS")))
    rejected(hand, Claim(1, 1), NotProvidedFor)


def test_out_of_turn_hoyle_penalised_as_a_revoke() -> None:
    hand = stacked("hoyle", STANDARD, allow_irregular=True)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS")
    hand.apply(Play(2, card("3H")))
    hand.apply(Claim(3, 1))
    assert any(isinstance(e, PenaltyApplied) and e.remedy == "replay-hand" for e in hand.events)
    play(hand, FIRST_THREE)
    show_all(hand)
    assert payments(hand) == {0: 9, 1: 0, 2: -9, 3: 0}


@pytest.mark.parametrize("profile", ["peel", "wikipedia"])
def test_out_of_turn_no_penalty(profile: str) -> None:
    hand = stacked(profile, STANDARD, allow_irregular=True)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS")
    hand.apply(Play(2, card("3H")))
    rejected(hand, Claim(0, 1), NotProvidedFor)


# ---------------------------------------------------------------------- exposed after the deal


def test_exposed_after_deal_britannica_fine_three_tricks() -> None:
    hand = stacked("britannica", STANDARD, allow_irregular=True)
    hand.apply(ExposeCard(2, card("3H")))
    assert hand.offences[0].kind == "exposed-after-deal" and card("3H") in hand.holding(2)
    rejected(hand, Claim(0, 1), NotProvidedFor)  # no stand-hand yet
    declare(hand, 3, 0, 0, 0)
    hand.apply(Claim(0, 1))
    play(hand, FULL_PLAY)
    assert payments(hand) == {0: 12, 1: -3, 2: -6, 3: -3}


def test_exposed_after_deal_britannica_soloist_not_fined() -> None:
    hand = stacked("britannica", STANDARD, allow_irregular=True)
    declare(hand, 3, 0, 0, 0)
    hand.apply(ExposeCard(0, card("KS")))
    rejected(hand, Claim(1, 1), NotProvidedFor)


@pytest.mark.parametrize("profile", ["peel", "hoyle", "wikipedia"])
def test_exposed_after_deal_no_penalty(profile: str) -> None:
    hand = stacked(profile, STANDARD, allow_irregular=True)
    declare(hand, 3, 0, 0, 0)
    hand.apply(ExposeCard(2, card("3H")))
    rejected(hand, Claim(0, 1), NotProvidedFor)


def test_exposing_a_card_needs_allow_irregular() -> None:
    hand = stacked("britannica", STANDARD)
    rejected(hand, ExposeCard(2, card("3H")), IrregularPlayNotAllowed)


# ---------------------------------------------------------------------- faults of the deal


def irregular_deal(profile: str, **deal: object) -> Hand:
    hand = Hand(Rules.profile(profile), 4, dealer=0, deck=list(FULL_PACK), allow_irregular=True)
    hand.apply(Cut(3, 10))
    hand.apply(DealCards(0, **deal))  # type: ignore[arg-type]
    return hand


@pytest.mark.parametrize("profile", ["peel", "hoyle"])
def test_exposed_in_dealing_fresh_deal_before_calling(profile: str) -> None:
    hand = irregular_deal(profile, exposed=card("AS"))
    assert hand.offences[0].kind == "exposed-in-dealing" and hand.offences[0].seat == 0
    late = irregular_deal(profile, exposed=card("AS"))
    hand.apply(Claim(2, 1))
    assert hand.result is not None and hand.result.outcome == "fresh-deal"
    assert payments(hand) == {0: 0, 1: 0, 2: 0, 3: 0} and hand.next_dealer == 0
    declare(late, 0)  # once a player has declared, the deal stands
    rejected(late, Claim(2, 1), NotProvidedFor)


def test_exposed_in_dealing_britannica_fresh_deal_even_if_partly_played() -> None:
    hand = irregular_deal("britannica", exposed=card("AS"))
    declare(hand, 1, 0, 0, 0)
    hand.apply(hand.legal_actions()[0])  # the soloist leads
    assert hand.phase == "play" and len(hand.plays) == 1
    hand.apply(Claim(3, 1))
    assert hand.result is not None and hand.result.outcome == "fresh-deal" and hand.next_dealer == 0


def test_exposed_in_dealing_britannica_not_after_the_settlement() -> None:
    hand = irregular_deal("britannica", exposed=card("AS"))
    while hand.phase != "finished":
        hand.apply(next(a for a in hand.legal_actions() if not isinstance(a, Claim)))
    rejected(hand, Claim(3, 1), NotProvidedFor)


def test_exposed_in_dealing_wikipedia_no_remedy() -> None:
    hand = irregular_deal("wikipedia", exposed=card("AS"))
    rejected(hand, Claim(3, 1), NotProvidedFor)


def test_misdeal_records_the_wrong_numbers() -> None:
    hand = irregular_deal("hoyle", counts=(5, 5, 4, 6))
    assert [len(hand.holding(s)) for s in range(4)] == [5, 5, 4, 6]
    assert [(o.kind, o.seat, o.held) for o in hand.offences] == [
        ("misdeal", 0, None),
        ("wrong-number", 2, 4),
        ("wrong-number", 3, 6),
    ]
    assert len(hand.stock) == 32


@pytest.mark.parametrize(
    ("profile", "remedy"), [("peel", True), ("hoyle", True), ("britannica", True), ("wikipedia", False)]
)
def test_misdeal_fresh_deal_per_profile(profile: str, remedy: bool) -> None:
    hand = irregular_deal(profile, counts=(5, 5, 4, 6))
    if remedy:
        hand.apply(Claim(1, 1))
        assert hand.result is not None and hand.result.outcome == "fresh-deal"
    else:
        rejected(hand, Claim(1, 1), NotProvidedFor)


def test_misdeal_britannica_during_play() -> None:
    hand = irregular_deal("britannica", counts=(5, 5, 4, 6))
    declare(hand, 1, 0, 0, 0)
    hand.apply(hand.legal_actions()[0])
    hand.apply(Claim(1, 1))
    assert hand.result is not None and hand.result.outcome == "fresh-deal"


def test_misdeal_hoyle_not_after_the_first_call() -> None:
    hand = irregular_deal("hoyle", counts=(5, 5, 4, 6))
    declare(hand, 0)
    rejected(hand, Claim(1, 1), NotProvidedFor)


def test_uncut_deal_recorded() -> None:
    hand = Hand(Rules.profile("hoyle"), 4, dealer=0, deck=list(FULL_PACK), allow_irregular=True)
    hand.apply(DealCards(0))
    assert hand.offences[0].kind == "uncut" and hand.cut_depth is None
    assert hand.holding(1) == tuple(range(0, 20, 4))  # dealt from the uncut pack


@pytest.mark.parametrize(
    ("profile", "remedy"), [("peel", False), ("hoyle", True), ("britannica", False), ("wikipedia", False)]
)
def test_uncut_deal_per_profile(profile: str, remedy: bool) -> None:
    hand = Hand(Rules.profile(profile), 4, dealer=0, deck=list(FULL_PACK), allow_irregular=True)
    hand.apply(DealCards(0))
    if remedy:
        hand.apply(Claim(2, 1))
        assert hand.result is not None and hand.result.outcome == "fresh-deal" and hand.next_dealer == 0
    else:
        rejected(hand, Claim(2, 1), NotProvidedFor)


@pytest.mark.parametrize(
    ("profile", "remedy"), [("peel", False), ("hoyle", True), ("britannica", False), ("wikipedia", False)]
)
def test_faulty_pack_per_profile(profile: str, remedy: bool) -> None:
    deck = list(FULL_PACK)
    deck[7] = deck[8]  # the 9C is missing, the TC repeated
    hand = Hand(Rules.profile(profile), 4, dealer=0, deck=deck, allow_irregular=True)
    (offence,) = hand.offences
    assert offence.kind == "faulty-pack" and "missing: 9C" in offence.detail and "repeated: TC" in offence.detail
    if remedy:
        hand.apply(Claim(2, 1))
        assert hand.result is not None and hand.result.outcome == "fresh-deal"
    else:
        rejected(hand, Claim(2, 1), NotProvidedFor)
        hand.apply(Cut(3, 10))
        hand.apply(DealCards(0))
        assert sorted([card for s in range(4) for card in hand.holding(s)] + list(hand.stock)) == sorted(deck)


# ---------------------------------------------------------------------- wrong number of cards

WRONG = {0: "AS KS QS AH 2C", 1: "2S 3C 4C 5C 6C", 2: "3H 4H 5H 6H", 3: "2D 3D 4D 5D 6D 7H"}


def wrong(profile: str) -> Hand:
    hand = stacked(profile, WRONG, allow_irregular=True)
    assert [(o.kind, o.seat, o.held) for o in hand.offences] == [("wrong-number", 2, 4), ("wrong-number", 3, 6)]
    return hand


def test_wrong_number_refused_without_allow_irregular() -> None:
    with pytest.raises(ValueError, match="seat 2 holds 4"):
        stacked("hoyle", WRONG)


def test_wrong_number_hoyle_redeal_before_all_have_called() -> None:
    hand = wrong("hoyle")
    declare(hand, 0, 2)
    hand.apply(Claim(0, 1))
    assert hand.result is not None and hand.result.outcome == "redeal"
    assert payments(hand) == {0: 0, 1: 0, 2: 0, 3: 0} and hand.next_dealer == 3


def test_wrong_number_hoyle_after_a_nap_is_played_out_not_redealt() -> None:
    hand = wrong("hoyle")
    declare(hand, 5)
    hand.apply(Claim(1, 1))  # before all have declared, but Nap has been called
    assert hand.phase == "calling" and hand.result is None
    declare(hand, 0, 0, 0)
    play(hand, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D AH 5C 6H 7H 2C 6C 5D")
    assert payments(hand) == {0: 0, 1: 0, 2: 0, 3: 0}  # soloist right, failed: nothing


def test_wrong_number_hoyle_after_the_calls_soloist_right_and_made() -> None:
    hand = wrong("hoyle")
    declare(hand, 3, 0, 0, 0)
    hand.apply(Claim(1, 1))
    play(hand, FIRST_THREE)
    show_all(hand)
    assert payments(hand) == {0: 9, 1: -3, 2: -3, 3: -3}


def test_wrong_number_hoyle_soloist_right_and_failed_neither_pays_nor_receives() -> None:
    hand = wrong("hoyle")
    declare(hand, 5, 0, 0, 0)
    hand.apply(Claim(1, 1))
    play(hand, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D AH 5C 6H 7H")
    play(hand, "2C 6C 5D")  # seat 2 has no card left and takes no part in the fifth trick
    assert len(hand.tricks[4].cards) == 3 and hand.tricks[4].winner == 1
    assert hand.result is not None and hand.result.outcome == "defeated"
    assert payments(hand) == {0: 0, 1: 0, 2: 0, 3: 0}


def test_wrong_number_hoyle_soloist_wrong_and_made_receives_nothing() -> None:
    hand = wrong("hoyle")
    declare(hand, 0, 0, 0, 2)
    hand.apply(Claim(0, 2))
    play(hand, "2D AS 2S 3H 3D KS 3C 4H")
    show_all(hand)
    assert hand.result is not None and hand.result.outcome == "made"
    assert payments(hand) == {0: 0, 1: 0, 2: 0, 3: 0}


def test_wrong_number_hoyle_soloist_wrong_and_failed_pays() -> None:
    hand = wrong("hoyle")
    declare(hand, 0, 0, 0, 5)
    hand.apply(Claim(0, 2))
    play(hand, "7H AH 2S 3H")
    show_all(hand)
    assert payments(hand) == {0: 5, 1: 5, 2: 5, 3: -15}


def test_wrong_number_britannica_fine_three_tricks() -> None:
    hand = wrong("britannica")
    rejected(hand, Claim(0, 1), NotProvidedFor)  # no stand-hand yet
    declare(hand, 3, 0, 0, 0)
    hand.apply(Claim(0, 1))
    play(hand, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D AH 5C 6H 7H 2C 6C 5D")
    assert payments(hand) == {0: 12, 1: -3, 2: -6, 3: -3}


def test_wrong_number_britannica_offender_receives_nothing_if_the_soloist_loses() -> None:
    hand = wrong("britannica")
    declare(hand, 5, 0, 0, 0)
    hand.apply(Claim(0, 1))
    play(hand, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D AH 5C 6H 7H 2C 6C 5D")
    assert payments(hand) == {0: -7, 1: 5, 2: -3, 3: 5}


def test_wrong_number_britannica_soloist_wrong_and_wins_fresh_deal() -> None:
    hand = wrong("britannica")
    declare(hand, 0, 0, 0, 2)
    hand.apply(Claim(0, 2))
    play(hand, "2D AS 2S 3H 3D KS 3C 4H 4D QS 4C 5H 5D AH 5C 6H 6D 2C 6C")
    assert hand.tricks_won(3) == 5
    assert hand.result is not None and hand.result.outcome == "fresh-deal" and hand.next_dealer == 3
    assert payments(hand) == {0: 0, 1: 0, 2: 0, 3: 0}


def test_wrong_number_britannica_soloist_wrong_and_loses_pays() -> None:
    hand = wrong("britannica")
    declare(hand, 0, 0, 0, 5)
    hand.apply(Claim(0, 2))
    play(hand, "7H AH 2S 3H AS 3C 4H 2D 5H 3D KS 4C 6H 4D QS 5C")
    # Seat 2 won the fourth trick with no card left: the lead passes to his left.
    assert hand.to_act == 3
    play(hand, "5D 2C 6C")
    assert payments(hand) == {0: 5, 1: 5, 2: 5, 3: -15}


@pytest.mark.parametrize("profile", ["peel", "wikipedia"])
def test_wrong_number_no_remedy(profile: str) -> None:
    hand = wrong(profile)
    rejected(hand, Claim(0, 1), NotProvidedFor)
    declare(hand, 3, 0, 0, 0)
    rejected(hand, Claim(0, 1), NotProvidedFor)


# ---------------------------------------------------------------------- showing the cards (Hoyle)


def test_show_cards_required_of_those_who_renounced_in_the_deciding_trick() -> None:
    hand = stacked("hoyle", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, FIRST_THREE)
    assert hand.phase == "show" and hand.to_act == 1
    assert hand.legal_actions() == (ShowCards(1), RefuseToShow(1))
    rejected(hand, ShowCards(2), NotYourTurn)
    rejected(hand, Play(1, card("5C")), WrongPhase)
    show_all(hand)
    assert payments(hand) == {0: 9, 1: -3, 2: -3, 3: -3}


def test_show_cards_not_required_after_the_fifth_trick_or_under_other_profiles() -> None:
    made = stacked("hoyle", {0: "AS KS QS JS TS", 1: "2C 3C 4C 5C 6C", 2: "2D 3D 4D 5D 6D", 3: "2H 3H 4H 5H 6H"})
    declare(made, 5, 0, 0, 0)
    play(made, "AS 2C 2D 2H KS 3C 3D 3H QS 4C 4D 4H JS 5C 5D 5H TS 6C 6D 6H")
    assert made.phase == "finished"
    peel = stacked("peel", STANDARD)
    declare(peel, 3, 0, 0, 0)
    play(peel, FIRST_THREE)
    assert peel.phase == "finished"


def test_refusal_to_show_counts_as_a_revoke() -> None:
    hand = stacked("hoyle", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, FIRST_THREE)
    hand.apply(RefuseToShow(1))
    (offence,) = hand.offences
    assert (offence.kind, offence.seat, hand.offence_status(1)) == ("revoke", 1, "claimed")
    assert hand.phase == "play" and hand.tricks == []  # Hoyle: the hand is replayed
    play(hand, FIRST_THREE)
    show_all(hand)
    assert payments(hand) == {0: 9, 1: -9, 2: 0, 3: 0}


def test_a_hand_allows_one_refusal_to_show_and_then_the_player_must_show() -> None:
    # Hoyle p. 100 replays the hand after a refusal, and the same trick may call for the same
    # showing again: interpretation hoyle-refusal-to-show-once bounds the refusals.
    hand = stacked("hoyle", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, FIRST_THREE)
    hand.apply(RefuseToShow(1))
    play(hand, FIRST_THREE)
    assert hand.phase == "show" and hand.to_act == 1
    assert hand.legal_actions() == (ShowCards(1),)
    rejected(hand, RefuseToShow(1), NotProvidedFor)
    show_all(hand)
    assert payments(hand) == {0: 9, 1: -9, 2: 0, 3: 0}


def test_shown_cards_reveal_a_revoke() -> None:
    layout = {0: "AS KS QS AH 2C", 1: "2S 3C 4C 5C 6C", 2: "3H 4H 5H 4S 5S", 3: "2D 3D 4D 5D 6D"}
    hand = stacked("hoyle", layout, allow_irregular=True)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS 2S 4S 2D KS 3C")
    hand.apply(Play(2, card("3H")))  # a revoke: seat 2 holds 5S
    play(hand, "3D QS 4C")
    hand.apply(Play(2, card("4H")))  # and another
    play(hand, "4D")
    assert hand.phase == "show" and hand.to_act == 1
    show_all(hand)  # seat 1 shows; seat 2's 5S reveals his revoke: the hand is replayed
    assert hand.phase == "play" and [hand.offence_status(i) for i in (1, 2)] == ["claimed", "taken back"]
    play(hand, "AS 2S 4S 2D KS 3C 5S 3D QS 4C 3H 4D")
    show_all(hand)
    assert payments(hand) == {0: 9, 1: 0, 2: -9, 3: 0}


# ---------------------------------------------------------------------- right to information


def test_right_to_information_britannica() -> None:
    hand = stacked("britannica", STANDARD)
    rejected(hand, AskInformation(1), WrongPhase)  # nothing stood for yet
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS 2S 3H 2D KS")
    assert AskInformation(2) not in hand.legal_actions()
    hand.apply(AskInformation(2))
    assert hand.events[-1] == Information(2, 3, 1)
    assert hand.to_act == 1  # asking does not move the game on
    play(hand, "3C 4H 3D QS 4C 5H 4D AH 5C 6H 5D 2C 6C 7H 6D")
    rejected(hand, AskInformation(2), WrongPhase)  # "during the play"


@pytest.mark.parametrize("profile", ["peel", "hoyle", "wikipedia"])
def test_no_right_to_information(profile: str) -> None:
    hand = stacked(profile, STANDARD)
    declare(hand, 3, 0, 0, 0)
    rejected(hand, AskInformation(2), NotProvidedFor)
