"""The play of the cards: lead, trumps, following suit, winning tricks, stopping; and the
settlement."""

from __future__ import annotations

import pytest
from .napref_helpers import STANDARD, declare, payments, play, rejected, show_all, stacked

from napspec.reference.actions import Play
from napspec.reference.cards import parse_card, parse_cards
from napspec.reference.errors import CardNotHeld, MustFollowSuit, NotYourTurn, WrongPhase
from napspec.reference.events import PlayStopped, TrumpsFixed


def test_soloist_leads_to_the_first_trick() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 0, 0, 2, 0)
    assert hand.to_act == 2
    rejected(hand, Play(0, parse_card("AS")), NotYourTurn)
    assert {a.card for a in hand.legal_actions() if isinstance(a, Play)} == set(parse_cards("3H 4H 5H 6H 7H"))


def test_first_lead_fixes_trumps() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 1, 0, 0, 0)
    assert hand.trumps is None
    play(hand, "2C")
    assert hand.trumps == 0 and TrumpsFixed(0) in hand.events
    play(hand, "3C 3H 2D")  # seat 1 heads with 3C, a trump
    assert hand.tricks[0].winner == 1
    play(hand, "2S")  # a later lead of another suit does not change trumps
    assert hand.trumps == 0


def test_follow_suit() -> None:
    hand = stacked("peel", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS")
    assert [a for a in hand.legal_actions()] == [Play(1, parse_card("2S"))]
    rejected(hand, Play(1, parse_card("3C")), MustFollowSuit)


def test_any_card_when_unable_to_follow() -> None:
    hand = stacked("peel", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS 2S")
    assert {a.card for a in hand.legal_actions() if isinstance(a, Play)} == set(parse_cards("3H 4H 5H 6H 7H"))


def test_no_obligation_to_head_the_trick_or_to_trump() -> None:
    hand = stacked("hoyle", {0: "2S 3C 4C 5C 6C", 1: "AS KS 2H 3H 4H", 2: "3S 5H 6H 7H 8H", 3: "2D 3D 4D 5D 6D"})
    declare(hand, 1, 0, 0, 0)
    play(hand, "3C")  # clubs are trumps; seat 1 may keep his spades back and discard
    assert Play(1, parse_card("2H")) in hand.legal_actions()
    play(hand, "2H")
    play(hand, "5H 2D")
    assert hand.tricks[0].winner == 0


def test_highest_trump_wins_the_trick() -> None:
    hand = stacked("wikipedia", {0: "2C 3C AS KS QS", 1: "AH 4C 5C 6C 7C", 2: "KH 3H 4H 5H 6H", 3: "2H 2D 3D 4D 5D"})
    declare(hand, 1, 0, 0, 0)
    play(hand, "2C 4C 3H 2D")  # clubs trumps: the higher trump wins
    assert hand.tricks[0].winner == 1
    play(hand, "AH KH 2H 3C")  # hearts led; the soloist, void, trumps the ace
    assert hand.tricks[1].winner == 0 and hand.tricks[1].card == parse_card("3C")


def test_highest_card_of_the_suit_led_wins_and_a_discard_never_wins() -> None:
    hand = stacked("wikipedia", {0: "2C AS KS QS JS", 1: "AH 4C 5C 6C 7C", 2: "KH 3H 4H 5H 6H", 3: "2H 2D 3D 4D 5D"})
    declare(hand, 1, 0, 0, 0)
    play(hand, "2C 4C 3H 2D")  # clubs trumps; seat 1 wins
    play(hand, "AH 4H 2H AS")  # hearts led: the soloist's AS is a discard, AH wins
    assert hand.tricks[1].winner == 1 and hand.tricks[1].card == parse_card("AH")
    assert hand.to_act == 1  # the winner leads


def test_winner_of_a_trick_leads_to_the_next() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 0, 0, 0, 1)
    play(hand, "2D AS 2S 3H")  # diamonds trumps: the dealer's 2D wins (nobody else has one)
    assert hand.tricks[0].winner == 3 and hand.to_act == 3
    play(hand, "3D KS 3C 4H")
    assert hand.tricks[1].leader == 3


def test_card_not_held_is_refused() -> None:
    hand = stacked("peel", STANDARD)
    declare(hand, 3, 0, 0, 0)
    rejected(hand, Play(0, parse_card("2D")), CardNotHeld)
    rejected(hand, Play(0, True), CardNotHeld)


def test_stop_when_decided_made_peel() -> None:
    hand = stacked("peel", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D")
    assert hand.phase == "finished" and len(hand.tricks) == 3
    assert PlayStopped("made", 3) in hand.events
    assert payments(hand) == {0: 9, 1: -3, 2: -3, 3: -3}
    rejected(hand, Play(0, parse_card("AH")), WrongPhase)


def test_stop_when_decided_made_after_four_tricks_peel() -> None:
    hand = stacked("peel", STANDARD)
    declare(hand, 0, 4, 0, 0)  # seat 1 calls four on clubs
    play(hand, "6C 3H 2D 2C")  # clubs trumps; the soloist's 6C beats the 2C
    play(hand, "5C 4H 3D AS 4C 5H 4D KS")  # he trumps nothing: his trumps win
    assert hand.phase == "play" and hand.tricks_won(1) == 3
    play(hand, "3C 6H 5D QS")
    assert hand.phase == "finished" and len(hand.tricks) == 4
    assert payments(hand) == {0: -4, 1: 12, 2: -4, 3: -4}


def test_stop_when_impossible_peel() -> None:
    hand = stacked("peel", STANDARD)
    declare(hand, 0, 0, 3, 0)  # seat 2 (hearts) calls three
    play(hand, "3H 2D AH 2S")  # the soloist leads hearts, trumps; seat 0 heads with AH
    play(hand, "AS 3C 4H 3D")  # seat 2 trumps the spade: one trick each
    assert [t.winner for t in hand.tricks] == [0, 2]
    play(hand, "5H 4D KS 4C")  # seat 2 wins again: 2 of 3
    play(hand, "6H 5D QS 5C")  # 3: made
    assert hand.phase == "finished" and hand.result is not None and hand.result.outcome == "made"
    hand = stacked("peel", STANDARD)
    declare(hand, 0, 0, 5, 0)  # Nap by seat 2; losing the first trick defeats it
    play(hand, "3H 2D AH 2S")
    assert hand.phase == "finished" and PlayStopped("defeated", 1) in hand.events
    assert payments(hand) == {0: 5, 1: 5, 2: -15, 3: 5}


def test_all_five_tricks_played_out_under_wikipedia() -> None:
    hand = stacked("wikipedia", STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D")
    assert hand.phase == "play"  # made, but play goes on
    play(hand, "AH 5C 6H 5D 2C 6C 7H 6D")
    assert hand.phase == "finished" and len(hand.tricks) == 5
    assert payments(hand) == {0: 9, 1: -3, 2: -3, 3: -3}


@pytest.mark.parametrize(("profile", "turned"), [("hoyle", True), ("wikipedia", True), ("peel", False), ("britannica", False)])
def test_cards_left_before_their_players(profile: str, turned: bool) -> None:
    hand = stacked(profile, STANDARD)
    declare(hand, 3, 0, 0, 0)
    play(hand, "AS 2S 3H 2D KS")
    table = hand.table()
    assert table[0] == ((parse_card("AS"), not turned), (parse_card("KS"), True))
    assert table[1] == ((parse_card("2S"), True),)
    assert table[3] == ((parse_card("2D"), True),)


# ---------------------------------------------------------------------- settlement


def test_call_made_each_pays_the_stake_per_trick_called() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 2, 0, 0, 0)
    play(hand, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D AH 5C 6H 5D 2C 6C 7H 6D")
    # Four tricks made on a call of two: overtricks are not paid.
    assert hand.tricks_won(0) == 4
    assert payments(hand) == {0: 6, 1: -2, 2: -2, 3: -2}


def test_call_failed_soloist_pays_each() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 4, 0, 0, 0)  # seat 0 calls four and leads AH: hearts are trumps
    play(hand, "AH 2S 3H 2D")
    play(hand, "AS 3C 4H 3D")  # seat 2 trumps the ace of spades
    play(hand, "5H 4D KS 4C 6H 5D QS 5C 7H 6D 2C 6C")
    assert hand.tricks_won(0) == 1 and hand.tricks_won(2) == 4
    assert payments(hand) == {0: -12, 1: 4, 2: 4, 3: 4}


def test_nap_paid_ten_lost_five() -> None:
    made = stacked("peel", {0: "AS KS QS JS TS", 1: "2C 3C 4C 5C 6C", 2: "2D 3D 4D 5D 6D", 3: "2H 3H 4H 5H 6H"})
    declare(made, 5, 0, 0, 0)
    play(made, "AS 2C 2D 2H KS 3C 3D 3H QS 4C 4D 4H JS 5C 5D 5H TS 6C 6D 6H")
    assert payments(made) == {0: 30, 1: -10, 2: -10, 3: -10}
    lost = stacked("peel", STANDARD)
    declare(lost, 5, 0, 0, 0)
    play(lost, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D AH 5C 6H 5D 2C 6C 7H 6D")
    assert lost.tricks_won(0) == 4
    assert payments(lost) == {0: -15, 1: 5, 2: 5, 3: 5}


def test_nap_twelve_and_six_house_rule() -> None:
    lost = stacked("peel", STANDARD, nap_stakes="win-12-lose-6")
    declare(lost, 5, 0, 0, 0)
    play(lost, "AS 2S 3H 2D KS 3C 4H 3D QS 4C 5H 4D AH 5C 6H 5D 2C 6C 7H 6D")
    assert payments(lost) == {0: -18, 1: 6, 2: 6, 3: 6}
    made = stacked("hoyle", {0: "AS KS QS JS TS", 1: "2C 3C 4C 5C 6C", 2: "2D 3D 4D 5D 6D", 3: "2H 3H 4H 5H 6H"},
                   nap_stakes="win-12-lose-6")  # fmt: skip
    declare(made, 5, 0, 0, 0)
    play(made, "AS 2C 2D 2H KS 3C 3D 3H QS 4C 4D 4H JS 5C 5D 5H TS 6C 6D 6H")
    assert payments(made) == {0: 36, 1: -12, 2: -12, 3: -12}


def test_sitting_out_dealer_pays_and_receives() -> None:
    six = {0: "AS KS QS JS TS", 1: "2C 3C 4C 5C 6C", 2: "2D 3D 4D 5D 6D", 4: "2H 3H 4H 5H 6H", 5: "7C 8C 9C TC JC"}
    hand = stacked("peel", six, dealer=3, players=6)
    declare(hand, 0, 0, 2, 0, 0)  # seats 4, 5, 0 (calls two), 1, 2
    assert hand.soloist == 0
    play(hand, "AS 2C 2D 2H 7C KS 3C 3D 3H 8C")
    assert payments(hand) == {0: 10, 1: -2, 2: -2, 3: -2, 4: -2, 5: -2}
    hand = stacked("peel", six, dealer=3, players=6)
    declare(hand, 3, 0, 0, 0, 0)  # seat 4 calls three on small hearts and leads them
    play(hand, "2H 8C AS 2C 2D")
    play(hand, "3H 9C KS 3C 3D")
    play(hand, "4H TC QS 4C 4D")
    assert hand.tricks_won(4) == 3
    assert payments(hand) == {0: -3, 1: -3, 2: -3, 3: -3, 4: 15, 5: -3}
