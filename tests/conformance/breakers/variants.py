"""Breakers of the rules of the calls beyond Nap, the exchanges and the pool."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from napspec.reference.actions import PEEP, Action, Buy, Call, DealCards, NamedCall, Peep
from napspec.reference.calling import Calling
from napspec.reference.contracts import BLUCHER, MISERY, NAP, SIR_GARNET, WELLINGTON, WELLINGTON_CALL, Contract
from napspec.reference.course import Course
from napspec.reference.deal import Deal
from napspec.reference.errors import CallNotAllowed, CallTooLow
from napspec.reference.events import Result
from napspec.reference.exchanges import PeepCard, Purchase
from napspec.reference.extra_hand import ExtraHand
from napspec.reference.pool import PoolAccount
from napspec.reference.rules import Rules
from napspec.reference.settlement import Settlement
from napspec.reference.table import deal_rounds
from tests.conformance.breakers import Reach, answer_breaker, case_breaker, hand_breaker
from tests.conformance.breakers.plain import POOL_PAID, _pay_each, dealing_table, flip_breaker, option_breaker

PEEP_OFFERED = Reach(
    "under Peep every auction that ends with a soloist offers him the peep card: every case with "
    "an auction under Peep sees it",
    actions=("call", "pass"),
)
UNAGREED_POOL = Reach(
    "a hand without a pool pays no dealer's stake into one: every check of the payments of such a hand sees it",
    answers=("result.payments",),
)

flip_breaker(
    "variants.misery-trumps",
    "misery",
    "Where misery is played, the hand is played under another of its values than the case's.",
    where_played=True,
    neighbours=["variants.misery-call", "variants.misery-stakes"],
    why="a Misery played out under the other rule of trumps takes other tricks: whether it is made, and what"
    " it pays, change",
)
for _rule, _option in (
    ("variants.wellington-stakes", "wellington"),
    ("variants.wellington-lead", "wellington-lead"),
    ("variants.blucher-stakes", "blucher"),
):
    flip_breaker(
        _rule,
        _option,
        f"Where {_option} is played, the hand is played under another of its values than the case's.",
        where_played=True,
    )
flip_breaker(
    "pool.contributions",
    "pool-contributions",
    "Where pool-contributions is played, the hand is played under another of its values than the case's.",
    where_played=True,
    reach=POOL_PAID,
)
# What the pool fines and what a failed Nap pays into it act only where the pool is played,
# but there their plain values (no fine; the caller pays nothing) are rules of the pool too:
# these breakers flip them as well.
for _rule, _option in (("pool.fines", "pool-fines"), ("pool.failed-nap", "pool-failed-nap")):
    flip_breaker(_rule, _option, f"The hand is played under another value of {_option} than the case's.")


def _stake_breaker(
    rule: str, declaration: str, how: str, made: int, defeated: int, *, neighbours: Sequence[str] = (), why: str = ""
) -> None:
    def tamper(case: dict[str, Any], answers: dict[str, Any]) -> None:
        result, state = answers.get("result"), answers.get("state")
        if not result or not state or state.get("declaration") != declaration or state.get("soloist") is None:
            return
        if result["outcome"] not in ("made", "defeated"):
            return
        _pay_each(answers, state["soloist"], made if result["outcome"] == "made" else -defeated)

    answer_breaker(rule, how, neighbours=neighbours, why=why)(tamper)


_stake_breaker(
    "variants.misery-stakes",
    MISERY,
    "A Misery is paid as a call of four tricks, not three.",
    4,
    4,
    neighbours=[
        "variants.penalties-at-call-stakes",
        "irregularities.soloist-revoke",
        "variants.seven-card-stakes",
        "variants.seven-card-deal",
    ],
    why=(
        "a Misery caller who revokes pays at a Misery's stakes, and a Misery at seven-card Nap is "
        "paid as one: those scenarios pay a Misery too"
    ),
)
_stake_breaker(
    "variants.sir-garnet-stakes", "sir-garnet", "A Nap on the extra hand wins five stakes and loses five.", 5, 5
)


@hand_breaker("variants.misery-call", "A Misery caller who wins one trick is held to have made it.")
class MiseryOneTrick(Settlement):
    def settle(self) -> Result:
        soloist, contract = self._soloist, self._contract
        if soloist is not None and contract is not None and contract.declaration == MISERY and self._won[soloist] == 1:
            self._won[soloist] = 0
            try:
                return super().settle()
            finally:
                self._won[soloist] = 1
        return super().settle()


def _over_breaker(rule: str, declaration: str, under: Contract, how: str) -> None:
    class CalledOverAnything(Calling):
        def do_named_call(self, action: NamedCall) -> None:
            if action.call == declaration and action.seat == self.to_act:
                high, high_call = self.high, self.high_call
                self.high_call = under
                try:
                    super().do_named_call(action)
                except Exception:
                    self.high, self.high_call = high, high_call
                    raise
            else:
                super().do_named_call(action)

    hand_breaker(rule, how)(CalledOverAnything)


_over_breaker(
    "variants.wellington-call", WELLINGTON, Contract(NAP), "A Wellington may be called without a Nap called before it."
)
_over_breaker(
    "variants.blucher-call", BLUCHER, WELLINGTON_CALL, "A Blücher may be called without a Wellington called before it."
)


@hand_breaker("pool.taken-by-nap", "A made Nap takes nothing from the pool.")
class NapLeavesThePool(PoolAccount):
    def pay_out(self, seat: int, amount: int, reason: str) -> None:
        if reason != "pool-won":
            super().pay_out(seat, amount, reason)


@hand_breaker(
    "pool.carries-over",
    "The pool does not carry over: each hand starts with an empty pool.",
    neighbours=[
        "pool.exchange-fees",
        "pool.contributions",
        "pool.agreed",
        "pool.taken-by-nap",
        "settlement.nap",
        "pool.failed-nap",
    ],
    why=(
        "those scenarios begin with a pool carried over from earlier hands, which this breaker "
        "empties: the harness refuses its answers as not fitting the case"
    ),
)
class PoolStartsEmpty(PoolAccount):
    def open(self, pool: int, original_dealer: int | None, same_turn: bool) -> None:
        super().open(0, original_dealer, same_turn)


@hand_breaker(
    "pool.exchange-fees",
    "At Peep and Purchase Nap each dealer pays one stake into the pool besides the fees.",
    reach=POOL_PAID,
)
class DealerPaysBesidesTheFees(PoolAccount):
    def open(self, pool: int, original_dealer: int | None, same_turn: bool) -> None:
        super().open(pool, original_dealer, same_turn)
        rules = self._rules
        if not same_turn and rules.pool == "played" and "played" in (rules.peep, rules.purchase):
            self.pay_in(self._dealer, 1, "dealer-contribution")


@case_breaker(
    "pool.end-of-session", "The pool left when play ends is disposed of by the other rule of pool-end than the case's."
)
def other_end(case: dict[str, Any]) -> dict[str, Any]:
    if "end_of_session" in case["start"]:
        value = case["options"].get("pool-end")
        case["options"]["pool-end"] = {"divided-equally": "drawn-for", "drawn-for": "divided-equally"}.get(value, value)
    return case


@hand_breaker("variants.ranking", "Misery ranks above four: after a Misery a call of four is too low.")
class MiseryAboveFour(Calling):
    def legal_actions(self) -> Any:
        legal = super().legal_actions()
        if self.high_call is not None and self.high_call.declaration == MISERY:
            return tuple(a for a in legal if not (isinstance(a, Call) and a.tricks == 4))
        return legal

    def do_call(self, action: Call) -> None:
        if (
            action.seat == self.to_act
            and self.high_call is not None
            and self.high_call.declaration == MISERY
            and action.tricks == 4
        ):
            raise CallTooLow("a call must exceed the highest so far (Misery)")
        super().do_call(action)


@hand_breaker("variants.sir-garnet-taking", "The extra hand may be taken up after a Nap has been called too.")
class ExtraHandAfterNap(ExtraHand):
    def offers(self, high: int) -> bool:
        return super().offers(0)  # as if nothing had been called

    def take(self, seat: int, high: int, high_call: Contract | None) -> None:
        super().take(seat, 0, high_call)


@hand_breaker(
    "variants.seven-card-calls",
    "At seven-card Nap the calls stop at Nap: a call of six or seven is refused.",
    neighbours=["variants.seven-card-stakes", "variants.seven-card-deal"],
    why="the stakes-by-call scenario calls seven, which is refused: its seven tricks are never played",
)
class NoCallAboveFive(Calling):
    def legal_actions(self) -> Any:
        legal = super().legal_actions()
        if self._rules.seven_card == "played":
            return tuple(a for a in legal if not (isinstance(a, Call) and a.tricks > NAP))
        return legal

    def do_call(self, action: Call) -> None:
        if self._rules.seven_card == "played" and isinstance(action.tricks, int) and action.tricks > NAP:
            raise CallNotAllowed("the calls run up to Nap")
        super().do_call(action)


@hand_breaker(
    "variants.penalties-at-call-stakes",
    "A penalty on a call beyond Nap is paid at the stakes of a plain call of as many tricks (Misery at one).",
)
class PenaltiesAtPlainStakes(Settlement):
    def general_result(self) -> Result:
        contract = self._contract
        if contract is None or contract.declaration is None:
            return super().general_result()
        self._contract = Contract(max(contract.tricks, 1))
        try:
            result = super().general_result()
        finally:
            self._contract = contract
        return result._replace(call=contract.tricks, declaration=contract.declaration)


@answer_breaker(
    "variants.seven-card-stakes", "At seven-card Nap a defeated call pays full stakes where it should pay half."
)
def seven_card_full_loss(case: dict[str, Any], answers: dict[str, Any]) -> None:
    result = answers.get("result")
    if result and case["options"].get("seven-card") == "played" and result["outcome"] == "defeated":
        state = answers["state"]
        if state.get("call") in (5, 6, 7) or state.get("declaration") == MISERY:
            result["payments"] = [2 * amount for amount in result["payments"]]


@answer_breaker("exchanges.stakes", "At Peep and Purchase Nap a made call is paid one stake more by each player.")
def exchange_stakes(case: dict[str, Any], answers: dict[str, Any]) -> None:
    result, state = answers.get("result"), answers.get("state")
    options = case["options"]
    if not result or not state or state.get("soloist") is None or result["outcome"] != "made":
        return
    if "played" not in (options.get("peep"), options.get("purchase")):
        return
    soloist = state["soloist"]
    payments = list(result["payments"])
    for seat in range(len(payments)):
        if seat != soloist and payments[seat] < 0:
            payments[seat] -= 1
            payments[soloist] += 1
    result["payments"] = payments


@hand_breaker(
    "exchanges.purchase",
    "The fresh cards are served from the bottom of the pack, not the top.",
    neighbours=["exchanges.purchase-final"],
    why="the decision-is-final scenario buys before it shows the hand: the cards served are the bottom ones",
)
class ServedFromTheBottom(Purchase):
    def do_buy(self, action: Buy) -> None:
        cards = self._cards
        cards.stock = tuple(reversed(cards.stock))
        try:
            super().do_buy(action)
        finally:
            cards.stock = tuple(reversed(cards.stock))


@hand_breaker("exchanges.purchase-final", "A player who has bought may buy again out of his turn.")
class BuysAgain(Purchase):
    def do_buy(self, action: Buy) -> None:
        seat, cards = action.seat, action.cards
        table = self._cards
        if seat in self.buyers and seat != self.to_act:
            holding = table.holdings[seat]
            if all(card in holding for card in cards) and len(set(cards)) == len(cards) <= len(table.stock):
                for card in cards:
                    holding.remove(card)
                holding.extend(table.stock[: len(cards)])
                holding.sort()
                table.stock = tuple(table.stock[len(cards) :])
                table.thrown += tuple(sorted(cards))
                self._pool.pay_in(seat, len(cards) * self._rules.fee("purchase"), "purchase-fee")
                return
        super().do_buy(action)


@hand_breaker(
    "exchanges.purchase-stock", "A player may ask for more cards than the pack holds: he is served what is left."
)
class BuysBeyondTheStock(Purchase):
    def legal_actions(self) -> tuple[Action, ...]:
        seat = self.to_act
        assert seat is not None
        holding = tuple(dict.fromkeys(self._cards.holdings[seat]))
        most = min(self._rules.cards_each, len(holding))
        return tuple(Buy(seat, cards) for size in range(most + 1) for cards in combinations(holding, size))

    def do_buy(self, action: Buy) -> None:
        table = self._cards
        if action.seat == self.to_act and len(action.cards) > len(table.stock):
            cut = action.cards[: len(table.stock)]
            super().do_buy(Buy(action.seat, tuple(cut)))
            holding = table.holdings[action.seat]
            for card in action.cards[len(cut) :]:
                if card in holding:
                    holding.remove(card)
            return
        super().do_buy(action)


@hand_breaker("exchanges.peep", "A player may peep again, as often as he likes, in his turn to call.")
class PeepsAgain(PeepCard):
    def with_peep(self, calls: Sequence[Action], seat: int, taker: int | None) -> Sequence[Action]:
        if taker is not None:
            return calls
        return (*calls, PEEP[seat])

    def do_peep(self, action: Peep, to_act: int | None, taker: int | None) -> None:
        if action.seat == to_act and action.seat in self.peeped:
            self._pool.pay_in(action.seat, self._rules.fee("peep"), "peep-fee")
            return
        super().do_peep(action, to_act, taker)


@hand_breaker(
    "exchanges.peep-exchange",
    "A soloist who did not peep may take the peep card as if he had peeped.",
    reach=PEEP_OFFERED,
)
class ExchangeWithoutPeeping(PeepCard):
    def offers_exchange(self, soloist: int) -> bool:
        return super().offers_exchange(soloist) or self._cards.peep_card is not None


class SettledWithAPool(Settlement):
    def settle(self) -> Result:
        rules = self._rules
        if rules.pool == "played":
            return super().settle()
        # The dataclass's constructor does not check the options: the hand is settled as if
        # the pool were played, the dealer having paid into it.
        pool = self._pool
        assert pool is not None  # the course keeps one (PoolWithoutAgreement)
        if not pool.moves:
            pool.pay_in(self._table.dealer, 1, "dealer-contribution")
        self._rules = dataclasses.replace(rules, pool="played")
        try:
            return super().settle()
        finally:
            self._rules = rules


@hand_breaker(
    "pool.agreed",
    "Without a pool agreed, each dealer still pays one stake into one, which a made Nap takes.",
    reach=UNAGREED_POOL,
)
class PoolWithoutAgreement(Course):
    settlement_part = SettledWithAPool

    def settle(self) -> None:
        self.pool_account()  # a pool is kept, whatever the rules say
        super().settle()


@hand_breaker("exchanges.peep-card", "The peep card is the bottom card of the pack, not the next card after the hands.")
class PeepCardFromTheBottom(Deal):
    def do_deal(self, action: DealCards) -> None:
        super().do_deal(action)
        cards = self._cards
        if cards.peep_card is not None and cards.stock:
            bottom = cards.stock[-1]
            cards.stock = (*cards.stock[:-1], cards.peep_card)
            cards.peep_card = bottom


option_breaker(
    "variants.agreed-before-play",
    "wellington",
    lambda value: "double-nap-stakes" if value == "not-played" else value,
    "A Wellington may be called over a Nap where the table has not agreed on it (paid at double Nap stakes).",
    neighbours=["calling.nap-ceiling", "variants.sir-garnet-taking", "variants.sir-garnet-discard"],
    why="after a Nap (a Nap on the extra hand too) a Wellington is open: the players after it may do more than pass",
)


@hand_breaker("variants.sir-garnet-hand", "The extra hand is served first in each round of the deal, not last.")
class ExtraHandServedFirst(Course):
    def __init__(self, rules: Rules, players: int, dealer: int, allow_irregular: bool) -> None:
        super().__init__(rules, players, dealer, allow_irregular)
        if rules.sir_garnet == "played":
            each = rules.cards_each
            self.table = dealing_table(self.table, lambda pattern: deal_rounds(pattern, each), extra_first=True)


@hand_breaker(
    "variants.sir-garnet-discard",
    "The taker of the extra hand is not bound to Nap: his discard is no call, and he then calls or passes.",
    neighbours=["variants.sir-garnet-stakes"],
    why="the taker still to call after his discard, the hand those scenarios play does not go on as they play it",
)
class DiscardIsNoCall(Calling):
    def record_call(self, seat: int, contract: Contract, rank: int) -> None:
        if contract.declaration != SIR_GARNET:
            super().record_call(seat, contract, rank)
        # Else the turn stays with him, the extra hand taken and his discard made.


@hand_breaker(
    "variants.seven-card-deal",
    "At seven-card Nap dealt three and two, the cards go three and then four, not three, two and two.",
)
class ThreeThenFour(Course):
    def __init__(self, rules: Rules, players: int, dealer: int, allow_irregular: bool) -> None:
        super().__init__(rules, players, dealer, allow_irregular)
        if rules.seven_card == "played":
            each = rules.cards_each
            self.table = dealing_table(
                self.table, lambda pattern: deal_rounds(pattern, each) if pattern == "singly" else (3, each - 3)
            )


@hand_breaker(
    "variants.seven-card-excludes",
    "At seven-card Nap a Wellington may still be called over a Nap (at double Nap stakes).",
)
class WellingtonAtSevenCards(Course):
    def __init__(self, rules: Rules, players: int, dealer: int, allow_irregular: bool) -> None:
        if rules.seven_card == "played" and rules.wellington == "not-played":
            # The dataclass's constructor does not check the options: the register's conflict
            # between the two is passed over.
            rules = dataclasses.replace(rules, wellington="double-nap-stakes")
        super().__init__(rules, players, dealer, allow_irregular)


def _peeping_breaker(rule: str, how: str, where: str, *, neighbours: Sequence[str] = (), why: str = "") -> None:
    """Register the engine that lets the players peep where ``where`` (an option) is played:
    the top card of the stock is laid on the table as the peep card when the calling begins."""

    class PeepsToo(Course):
        def begin_calling(self) -> None:
            rules = self.rules
            cards = self.cards
            stock = tuple(cards.stock)
            if getattr(rules, where) == "played" and rules.peep != "played" and cards.peep_card is None and stock:
                cards.peep_card, cards.stock = stock[0], stock[1:]
                self.rules = dataclasses.replace(rules, peep="played")  # unchecked, as above
            super().begin_calling()

    hand_breaker(rule, how, neighbours=neighbours, why=why)(PeepsToo)


_peeping_breaker(
    "exchanges.one-form",
    "At Purchase Nap the players may peep too: the next card of the stock is the peep card once the purchase is over.",
    "purchase",
    neighbours=["exchanges.purchase"],
    why="the peep card is laid from the stock, which holds a card fewer when the calling begins",
)
_peeping_breaker(
    "exchanges.not-at-seven-card",
    "At seven-card Nap the players may peep: the next card of the stock is the peep card when the calling begins.",
    "seven_card",
)
