"""The calling: order, each call exceeding the last, Nap, and the compulsory calls."""

from __future__ import annotations

import pytest
from .napref_helpers import STANDARD, declare, payments, play, rejected, rules, show_all, stacked

from napspec.reference.actions import Call, Pass
from napspec.reference.errors import BadCall, CallTooLow, CannotPass, NotYourTurn, RulesError, WrongPhase
from napspec.reference.session import Session
from napspec.reference.events import AllPassed, SoloistChosen

SIX = {0: "AS KS QS JS TS", 1: "2C 3C 4C 5C 6C", 2: "2D 3D 4D 5D 6D", 4: "2H 3H 4H 5H 6H", 5: "7C 8C 9C TC JC"}


def test_eldest_calls_first_and_the_dealer_last() -> None:
    hand = stacked("hoyle", STANDARD, dealer=1)
    order = []
    while hand.phase == "calling":
        order.append(hand.to_act)
        declare(hand, 0 if hand.to_act != 1 else 1)
    assert order == [2, 3, 0, 1]


def test_calling_ends_with_the_player_on_the_dealers_right_when_he_sits_out() -> None:
    hand = stacked("peel", SIX, dealer=3, players=6)
    order = []
    while hand.phase == "calling":
        order.append(hand.to_act)
        declare(hand, 0)
    assert order == [4, 5, 0, 1, 2]


def test_call_must_exceed_the_highest_so_far() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 2)
    rejected(hand, Call(1, 2), CallTooLow)
    rejected(hand, Call(1, 1), CallTooLow)
    assert hand.legal_actions() == (Pass(1), Call(1, 3), Call(1, 4), Call(1, 5))
    declare(hand, 3, 0, 0)
    assert hand.soloist == 1 and hand.call == 3


@pytest.mark.parametrize("tricks", [0, 6, -1, True])
def test_call_is_of_one_to_five_tricks(tricks: int) -> None:
    hand = stacked("britannica", STANDARD)
    rejected(hand, Call(0, tricks), BadCall)


def test_each_player_declares_once_in_turn() -> None:
    hand = stacked("hoyle", STANDARD)
    rejected(hand, Call(1, 2), NotYourTurn)
    declare(hand, 1, 2, 0, 0)
    assert hand.phase == "play"
    rejected(hand, Call(0, 3), WrongPhase)
    assert hand.declarations == ((0, 1), (1, 2), (2, 0), (3, 0))


def test_highest_caller_plays_alone() -> None:
    hand = stacked("hoyle", STANDARD)
    declare(hand, 1, 0, 3, 0)
    assert (hand.soloist, hand.call, hand.compulsory) == (2, 3, False)
    assert hand.events[-1] == SoloistChosen(2, 3, False)
    assert hand.to_act == 2


def test_nap_is_the_limit_after_it_the_others_can_only_pass() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 1, 5)
    assert hand.phase == "calling" and hand.to_act == 2
    assert hand.legal_actions() == (Pass(2),)
    rejected(hand, Call(2, 5), CallTooLow)
    declare(hand, 0, 0)
    assert hand.phase == "play" and hand.soloist == 1 and hand.call == 5
    assert len(hand.declarations) == 4


def test_nap_by_the_dealer_ends_the_calling() -> None:
    hand = stacked("britannica", STANDARD)
    declare(hand, 1, 0, 0, 5)
    assert hand.phase == "play" and hand.soloist == 3 and hand.call == 5


def test_compulsory_call_none_all_pass_hand_not_played() -> None:
    for profile in ("britannica", "wikipedia"):
        hand = stacked(profile, STANDARD, dealer=3)
        declare(hand, 0, 0, 0, 0)
        assert hand.phase == "finished"
        assert hand.result is not None and hand.result.outcome == "all-passed"
        assert payments(hand) == {0: 0, 1: 0, 2: 0, 3: 0}
        assert hand.next_dealer == 0  # the deal passes to the left
        assert any(isinstance(e, AllPassed) for e in hand.events)


def test_compulsory_call_eldest_cannot_pass() -> None:
    hand = stacked("britannica", STANDARD, compulsory_call="eldest-cannot-pass")
    assert Pass(0) not in hand.legal_actions()
    rejected(hand, Pass(0), CannotPass)
    declare(hand, 1)
    assert Pass(1) in hand.legal_actions()  # only the eldest is bound


def test_compulsory_call_eldest_if_all_pass_peel() -> None:
    hand = stacked("peel", STANDARD, dealer=3)
    assert Pass(0) in hand.legal_actions()
    declare(hand, 0, 0, 0, 0)
    assert (hand.soloist, hand.call, hand.compulsory) == (0, 1, True)
    assert hand.phase == "play" and hand.to_act == 0


def test_compulsory_call_dealer_if_all_pass_hoyle() -> None:
    hand = stacked("hoyle", STANDARD, dealer=3)
    declare(hand, 0, 0, 0)
    # All before him have passed: the dealer may not pass, he must call one at least.
    assert hand.legal_actions() == tuple(Call(3, t) for t in range(1, 6))
    rejected(hand, Pass(3), CannotPass)
    declare(hand, 1)
    assert (hand.soloist, hand.call, hand.compulsory) == (3, 1, True)
    # The dealer (2D..6D) leads diamonds, trumps; the others hold none and discard.
    play(hand, "2D AS 2S 3H")
    assert hand.phase == "show"  # Hoyle: those who renounced in the deciding trick show
    show_all(hand)
    assert payments(hand) == {0: -1, 1: -1, 2: -1, 3: 3}


def test_compulsory_call_dealer_may_pass_after_a_call() -> None:
    hand = stacked("hoyle", STANDARD, dealer=3)
    declare(hand, 0, 1, 0)
    assert Pass(3) in hand.legal_actions()
    declare(hand, 0)
    assert (hand.soloist, hand.call, hand.compulsory) == (1, 1, False)


def test_compulsory_call_dealer_bound_may_call_more() -> None:
    hand = stacked("britannica", STANDARD, dealer=3, compulsory_call="dealer-if-all-pass")
    declare(hand, 0, 0, 0, 3)
    assert (hand.soloist, hand.call, hand.compulsory) == (3, 3, True)


def test_compulsory_call_dealer_if_all_pass_lost_pays_one_each() -> None:
    hand = stacked("hoyle", {0: "2D 3D 4D 5D 6D", 1: "2S 3C 4C 5C 6C", 2: "3H 4H 5H 6H 7H", 3: "AS KS QS AH 2C"})
    declare(hand, 0, 0, 0, 1)
    play(hand, "2C 6D 6C 7H")  # clubs are trumps; seat 1 heads the trick
    play(hand, "5C 6H AS 5D")
    play(hand, "4C 5H KS 4D")
    play(hand, "3C 4H QS 3D")
    assert hand.phase == "play"  # seat 3 can still make one trick
    play(hand, "2S 3H AH 2D")
    assert hand.phase == "finished" and hand.tricks_won(3) == 0
    assert payments(hand) == {0: 1, 1: 1, 2: 1, 3: -3}


def test_compulsory_dealer_who_sits_out_cannot_be_bound() -> None:
    # Interpretation dealer-out-cannot-be-compelled: the deal is refused, naming both options.
    with pytest.raises(RulesError, match="'compulsory-call'.*'dealer-sits-out'"):
        stacked("peel", SIX, dealer=3, players=6, compulsory_call="dealer-if-all-pass")
    with pytest.raises(RulesError, match="compulsory-call"):
        Session(rules("peel", compulsory_call="dealer-if-all-pass"), 6, seed=1)
    stacked("peel", STANDARD, compulsory_call="dealer-if-all-pass")  # at four he plays
