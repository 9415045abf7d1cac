"""Peep and Purchase Nap in the reference engine: the peep card, the purchase, the peep, the peep
exchange, their fees, and the irregularities around them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from napspec.conformance.harness import check_result
from napspec.reference.actions import (
    Buy,
    Call,
    Claim,
    DealCards,
    DeclinePeepCard,
    ExposeCard,
    Pass,
    Peep,
    Play,
    TakePeepCard,
    describe,
)
from napspec.reference.cards import FULL_PACK, format_cards, parse_card, parse_cards
from napspec.reference.contract_adapter import ReferenceEngine
from napspec.reference.errors import (
    BadPurchase,
    CardNotHeld,
    NotEnoughStock,
    NotProvidedFor,
    NotYourTurn,
    RulesError,
    WrongPhase,
)
from napspec.reference.events import POOL, Transfer
from napspec.reference.hand import Hand, cards_accounted_for, expected_pack
from napspec.reference.rules import Rules

from .napref_helpers import rejected

PEEP = Rules.profile("hoyle", ["peep"])
PURCHASE = Rules.profile("hoyle", ["purchase"])
HANDS = {
    0: parse_cards("2C 3C 4C 5C 6C"),
    1: parse_cards("2D 3D 4D 5D 6D"),
    2: parse_cards("2H 3H 4H 5H 6H"),
    3: parse_cards("2S 3S 4S 5S 6S"),
}


def _stock(top: str, hands: Mapping[int, Sequence[int]], *more: int) -> list[int]:
    """The undealt cards: ``top`` first, then the rest in card order."""
    first = parse_cards(top)
    held = {card for cards in hands.values() for card in cards} | set(more)
    return [*first, *(card for card in FULL_PACK if card not in held and card not in first)]


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


# ---------------------------------------------------------------------- rules


def test_rules_refuse_peep_with_purchase_and_either_with_seven_card() -> None:
    with pytest.raises(RulesError, match="peep"):
        PEEP.with_options({"purchase": "played"})
    seven = Rules.profile("wikipedia", ["seven-card"])
    for option in ("peep", "purchase"):
        with pytest.raises(RulesError, match="seven-card"):
            seven.with_options({option: "played", "pool": "played", "pool-end": "divided-equally"})


def test_rules_refuse_an_exchange_with_sir_garnet_or_another_payment_into_the_pool() -> None:
    # No source plays them together; Hoyle's fees make the pool, "other methods of contributing
    # to the kitty are dispensed with" (pp. 98-99).
    for exchange in (PEEP, PURCHASE):
        with pytest.raises(RulesError, match="sir-garnet"):
            exchange.with_options({"sir-garnet": "played"})
        with pytest.raises(RulesError, match="pool-fines"):
            exchange.with_options({"pool-fines": "misdeal-one-stake"})
        with pytest.raises(RulesError, match="pool-failed-nap"):
            exchange.with_options({"pool-failed-nap": "pays-pool-amount"})


def test_the_fees_are_the_registers() -> None:
    assert PEEP.fee("peep") == 1 and PURCHASE.fee("purchase") == 1


# ---------------------------------------------------------------------- the peep card


def test_a_deck_deal_lays_the_next_card_face_down_after_the_hands() -> None:
    pack = list(FULL_PACK)
    hand = Hand(PEEP, 4, 0, deck=pack)
    hand.apply(hand.legal_actions()[0])  # the cut
    cut = list(hand.stock)
    hand.apply(DealCards(0))
    assert hand.peep_card == cut[20]
    assert list(hand.stock) == cut[21:]
    assert all(cut[20] not in hand.holding(seat) for seat in range(4))
    assert cards_accounted_for(hand) == expected_pack(hand)


def test_a_stacked_hand_under_peep_needs_its_peep_card_and_no_other_rules_take_one() -> None:
    with pytest.raises(ValueError, match="give it"):
        Hand.stacked(PEEP, 4, 0, HANDS)
    with pytest.raises(ValueError, match="none under these rules"):
        Hand.stacked(PURCHASE, 4, 0, HANDS, peep_card=parse_card("AS"))
    with pytest.raises(ValueError, match="given twice"):
        Hand.stacked(PEEP, 4, 0, HANDS, peep_card=parse_card("2C"))


def test_a_stacked_stock_must_be_exactly_the_cards_left() -> None:
    with pytest.raises(ValueError, match="the stock must be the cards nobody holds"):
        Hand.stacked(PURCHASE, 4, 0, HANDS, stock=parse_cards("AS KS"))
    stock = _stock("AS", HANDS)
    with pytest.raises(ValueError, match="nor the peep card"):
        Hand.stacked(PEEP, 4, 0, HANDS, peep_card=parse_card("AS"), stock=stock)
    hand = Hand.stacked(PURCHASE, 4, 0, HANDS, stock=stock)
    assert list(hand.stock) == stock


# ---------------------------------------------------------------------- the purchase


def test_the_purchase_goes_round_from_the_dealers_left_the_dealer_last() -> None:
    hand = Hand.stacked(PURCHASE, 4, 0, HANDS, stock=_stock("AS KS QS JS TS", HANDS))
    assert (hand.phase, hand.to_act) == ("purchase", 1)
    assert len(hand.legal_actions()) == 32
    rejected(hand, Call(1, 2), WrongPhase)
    rejected(hand, Buy(2, ()), NotYourTurn)
    rejected(hand, Buy(1, _cards("2H")), CardNotHeld)
    rejected(hand, Buy(1, _cards("2D 2D")), BadPurchase)
    hand.apply(Buy(1, _cards("3D 2D")))  # the order thrown away is not significant
    assert format_cards(hand.holding(1)) == "4D 5D 6D KS AS"
    assert hand.pool_transfers == (Transfer(1, POOL, 2, "purchase-fee"),)
    hand.apply(Buy(2, ()))
    hand.apply(Buy(3, _cards("2S")))
    assert hand.to_act == 0
    hand.apply(Buy(0, _cards("2C 3C")))
    assert format_cards(hand.holding(0)) == "4C 5C 6C TS JS"
    assert (hand.phase, hand.to_act, hand.pool, hand.buyers) == ("calling", 1, 5, (1, 2, 3, 0))
    assert sorted(hand.thrown_away) == sorted(parse_cards("2D 3D 2S 2C 3C"))
    assert cards_accounted_for(hand) == expected_pack(hand)
    rejected(hand, Buy(1, ()), WrongPhase)


def test_a_dealer_who_sits_out_buys_nothing() -> None:
    rules = Rules.profile("wikipedia", ["purchase"])
    hands = {seat + 1: cards for seat, cards in HANDS.items()}
    hands[5] = parse_cards("7D 8D 9D TD JD")
    hand = Hand.stacked(rules, 6, 0, hands)
    for seat in (1, 2, 3, 4, 5):
        assert hand.to_act == seat
        hand.apply(Buy(seat, ()))
    assert (hand.phase, hand.to_act, hand.pool) == ("calling", 1, 0)


def test_the_stock_serves_while_it_lasts() -> None:
    hands = {**HANDS, 4: parse_cards("7C 8C 9C TC JC"), 5: parse_cards("7D 8D 9D TD JD")}
    hand = Hand.stacked(PURCHASE, 6, 0, hands)
    for seat in (1, 2, 3, 4):
        hand.apply(Buy(seat, tuple(hand.holding(seat))))
    assert len(hand.stock) == 2
    assert max(len(buy.cards) for buy in hand.legal_actions() if isinstance(buy, Buy)) == 2
    error = rejected(hand, Buy(5, _cards("7D 8D 9D")), NotEnoughStock)
    assert "purchase-stock-runs-out" in str(error)
    hand.apply(Buy(5, _cards("7D 8D")))
    assert hand.legal_actions() == (Buy(0, ()),)
    rejected(hand, Buy(0, _cards("2C")), NotEnoughStock)
    hand.apply(Buy(0, ()))
    assert hand.phase == "calling" and hand.pool == 22


# ---------------------------------------------------------------------- the peep


def _peep_hand() -> Hand:
    return Hand.stacked(PEEP, 4, 0, HANDS, peep_card=parse_card("AS"))


def test_a_player_peeps_once_in_his_turn_before_he_calls() -> None:
    hand = _peep_hand()
    assert Peep(1) in hand.legal_actions()
    rejected(hand, Peep(2), NotYourTurn)
    hand.apply(Peep(1))
    assert (hand.to_act, hand.peeped, hand.pool) == (1, (1,), 1)
    assert Peep(1) not in hand.legal_actions()
    error = rejected(hand, Peep(1), NotProvidedFor)
    assert "peep-once" in str(error)
    hand.apply(Pass(1))
    rejected(hand, Peep(1), NotYourTurn)


def test_no_peep_without_peep_nap() -> None:
    hand = Hand.stacked(Rules.profile("hoyle"), 4, 0, HANDS)
    assert not any(isinstance(action, Peep) for action in hand.legal_actions())
    rejected(hand, Peep(1), NotProvidedFor)


def test_the_soloist_who_peeped_takes_the_peep_card_before_he_leads() -> None:
    hand = _peep_hand()
    hand.apply(Peep(1))
    hand.apply(Call(1, 3))
    for seat in (2, 3, 0):
        hand.apply(Pass(seat))
    assert (hand.phase, hand.to_act) == ("peep-exchange", 1)
    legal = hand.legal_actions()
    assert DeclinePeepCard(1) in legal and len(legal) == 6
    rejected(hand, TakePeepCard(2, parse_card("2H")), NotYourTurn)
    rejected(hand, Play(1, parse_card("2D")), WrongPhase)
    rejected(hand, TakePeepCard(1, parse_card("2H")), CardNotHeld)
    hand.apply(TakePeepCard(1, parse_card("2D")))
    assert format_cards(hand.holding(1)) == "3D 4D 5D 6D AS"
    assert (hand.peep_card, hand.thrown_away, hand.phase, hand.to_act) == (None, (parse_card("2D"),), "play", 1)
    assert cards_accounted_for(hand) == expected_pack(hand)
    assert describe(TakePeepCard(1, parse_card("2D"))) == "seat 1 takes the peep card for 2D"


def test_a_soloist_who_did_not_peep_leads_at_once() -> None:
    hand = _peep_hand()
    hand.apply(Call(1, 2))
    hand.apply(Peep(2))
    for seat in (2, 3, 0):
        hand.apply(Pass(seat))
    assert (hand.phase, hand.to_act, hand.peep_card) == ("play", 1, parse_card("AS"))
    rejected(hand, DeclinePeepCard(1), WrongPhase)


def test_the_peep_card_left_goes_out_of_play() -> None:
    hand = _peep_hand()
    hand.apply(Peep(1))
    hand.apply(Call(1, 5))
    assert hand.phase == "calling" and Peep(2) in hand.legal_actions()
    for seat in (2, 3, 0):
        hand.apply(Pass(seat))
    hand.apply(DeclinePeepCard(1))
    assert (hand.peep_card, hand.thrown_away, hand.phase) == (None, (parse_card("AS"),), "play")
    assert cards_accounted_for(hand) == expected_pack(hand)


# ---------------------------------------------------------------------- irregularities


def test_a_fault_of_the_deal_is_claimed_until_the_first_turn_to_buy() -> None:
    for buy_first in (False, True):
        hand = Hand(PURCHASE, 4, 0, deck=list(FULL_PACK), allow_irregular=True)
        hand.apply(hand.legal_actions()[0])
        hand.apply(DealCards(0, exposed=hand.stock[0]))
        assert hand.phase == "purchase"
        if buy_first:
            hand.apply(Buy(1, ()))
            rejected(hand, Claim(2, 1), NotProvidedFor)
        else:
            hand.apply(Claim(2, 1))
            assert hand.result is not None and hand.result.outcome == "fresh-deal"


def test_a_wrong_number_found_in_the_purchase_is_redealt() -> None:
    hands = {**HANDS, 2: parse_cards("2H 3H 4H 5H")}
    hand = Hand.stacked(PURCHASE, 4, 0, hands, allow_irregular=True)
    hand.apply(Buy(1, ()))
    hand.apply(Buy(2, _cards("2H 3H 4H 5H")))  # he throws away all he holds
    assert len(hand.holding(2)) == 4
    hand.apply(Claim(3, 1))
    assert hand.result is not None and hand.result.outcome == "redeal"
    assert hand.pool == 4 and hand.result.payments[2] == -4  # the fees stand


def test_a_card_exposed_in_the_purchase_is_recorded() -> None:
    hand = Hand.stacked(PURCHASE, 4, 0, HANDS, allow_irregular=True)
    hand.apply(ExposeCard(2, parse_card("2H")))
    assert [(o.kind, o.seat, o.trick) for o in hand.offences] == [("exposed-after-deal", 2, None)]


def test_hoyles_replay_restores_the_holdings_as_play_began_after_the_purchase() -> None:
    hands = {
        0: parse_cards("2C 3C 4C 5C 6C"),
        1: parse_cards("AS KS QS JS 2D"),
        2: parse_cards("2H 3H 4H 7S 3D"),
        3: parse_cards("2S 3S 4S 5S 6S"),
    }
    hand = Hand.stacked(PURCHASE, 4, 0, hands, stock=_stock("TS", hands), allow_irregular=True)
    hand.apply(Buy(1, _cards("2D")))
    for seat in (2, 3, 0):
        hand.apply(Buy(seat, ()))
    began = [hand.holding(seat) for seat in range(4)]
    hand.apply(Call(1, 5))
    for seat in (2, 3, 0):
        hand.apply(Pass(seat))
    hand.apply(Play(1, parse_card("AS")))
    hand.apply(Play(2, parse_card("3D")))  # a revoke: he holds 7S
    [revoke] = [o for o in hand.offences if o.kind == "revoke"]
    hand.apply(Claim(1, revoke.id))
    assert [hand.holding(seat) for seat in range(4)] == began
    assert parse_card("TS") in began[1] and parse_card("2D") in hand.thrown_away


# ---------------------------------------------------------------------- over the contract


def _case(
    rules: Rules, start: dict[str, object], actions: list[dict[str, object]], queries: list[str]
) -> dict[str, Any]:
    return {
        "id": "exchanges/adapter",
        "options": rules.options(),
        "players": 4,
        "dealer": 0,
        "pool": 3,
        "original_dealer": 0,
        "irregular": False,
        "start": start,
        "actions": actions,
        "queries": queries,
    }


HANDS_TEXT = [[format_cards([card]) for card in HANDS[seat]] for seat in range(4)]


def test_the_adapter_plays_a_purchase_and_answers_the_pool_as_the_contract_says() -> None:
    stock = [format_cards([card]) for card in _stock("AS KS QS", HANDS)]
    case = _case(
        PURCHASE,
        {"hands": HANDS_TEXT, "stock": stock},
        [
            {"type": "buy", "seat": 1, "cards": ["2D", "3D"]},
            {"type": "buy", "seat": 2, "cards": ["2H", "2H"]},
            {"type": "buy", "seat": 2, "cards": ["2S"]},
            {"type": "peep", "seat": 2},
            {"type": "buy", "seat": 2, "cards": []},
        ],
        ["state", "legal-actions", "pool"],
    )
    response = ReferenceEngine().run(case)
    answers = check_result(case, response)["answers"]
    assert [step.get("error") for step in response["steps"]] == [
        None,
        "invalid-action",
        "card-not-held",
        "not-provided-for",  # no peep at Purchase Nap (the guide's §8 and §21)
        None,
    ]
    assert answers["state"]["phase"] == "purchase" and answers["state"]["stock"] == 30
    assert answers["state"]["peep_card"] is None and answers["state"]["peeped"] == []
    assert answers["legal-actions"][0] == {"type": "buy", "seat": 3, "cards": []}
    assert answers["pool"] == {
        "pool": 5,
        "transfers": [{"from": 1, "to": "pool", "amount": 2, "reason": "purchase-fee"}],
    }


def test_the_adapter_plays_a_peep_and_its_exchange() -> None:
    case = _case(
        PEEP,
        {"hands": HANDS_TEXT, "peep_card": "AS"},
        [
            {"type": "peep", "seat": 1},
            {"type": "call", "seat": 1, "tricks": 3},
            {"type": "pass", "seat": 2},
            {"type": "pass", "seat": 3},
            {"type": "pass", "seat": 0},
            {"type": "take-peep-card", "seat": 1, "card": "2D"},
        ],
        ["state", "pool"],
    )
    response = ReferenceEngine().run(case)
    answers = check_result(case, response)["answers"]
    assert all(step["ok"] for step in response["steps"])
    state = answers["state"]
    assert (state["phase"], state["peep_card"], state["peeped"]) == ("play", None, [1])
    assert sorted(state["holdings"][1]) == sorted(["3D", "4D", "5D", "6D", "AS"])
    assert answers["pool"]["pool"] == 4


def test_the_adapter_maps_not_enough_stock() -> None:
    hands = {**HANDS, 4: parse_cards("7C 8C 9C TC JC"), 5: parse_cards("7D 8D 9D TD JD")}
    case = _case(
        PURCHASE,
        {"hands": [[format_cards([c]) for c in hands[seat]] for seat in range(6)]},
        [{"type": "buy", "seat": seat, "cards": [format_cards([c]) for c in hands[seat]]} for seat in (1, 2, 3, 4, 5)],
        ["state"],
    )
    case["players"] = 6
    stock = _stock("", hands)
    case["start"]["stock"] = [format_cards([card]) for card in stock]
    response = ReferenceEngine().run(case)
    check_result(case, response)
    assert [step.get("error") for step in response["steps"]] == [None, None, None, None, "not-enough-stock"]


def test_the_command_line_shows_the_purchases_and_the_peeps() -> None:
    from click.testing import CliRunner

    from napspec.reference.cli import main

    bought = CliRunner().invoke(main, ["play", "--variants", "purchase", "--seed", "3", "--hands", "1"])
    assert bought.exit_code == 0, bought.output
    assert "seat 2 throws away 9C 3H 9S and buys 6D QC 3D" in bought.output
    assert "seat 1 refuses to buy" in bought.output
    peeped = CliRunner().invoke(main, ["play", "--variants", "peep", "--seed", "5", "--hands", "2"])
    assert peeped.exit_code == 0, peeped.output
    assert "seat 2 peeps" in peeped.output and "peep-fee" in peeped.output
