"""Breakers of the rules of the calls beyond Nap, the exchanges and the pool."""

from __future__ import annotations

from typing import Any

from napspec.reference.actions import NamedCall
from napspec.reference.contracts import BLUCHER, MISERY, NAP, WELLINGTON, WELLINGTON_CALL, Contract
from napspec.reference.hand import Hand
from tests.conformance.breakers import answer_breaker, case_breaker, hand_breaker
from tests.conformance.breakers.plain import flip_breaker

for _rule, _option in (
    ("variants.misery-trumps", "misery"),
    ("variants.wellington-stakes", "wellington"),
    ("variants.wellington-lead", "wellington-lead"),
    ("variants.blucher-stakes", "blucher"),
    ("pool.contributions", "pool-contributions"),
    ("pool.fines", "pool-fines"),
    ("pool.failed-nap", "pool-failed-nap"),
):
    flip_breaker(_rule, _option, f"The hand is played under another value of {_option} than the case's.")


def _stake_breaker(rule: str, declaration: str, how: str, made: int, defeated: int) -> None:
    def tamper(case: dict[str, Any], answers: dict[str, Any]) -> None:
        result, state = answers.get("result"), answers.get("state")
        if not result or not state or state.get("declaration") != declaration or state.get("soloist") is None:
            return
        soloist = state["soloist"]
        if result["outcome"] not in ("made", "defeated"):
            return
        each = made if result["outcome"] == "made" else -defeated
        payments = list(result["payments"])
        others = [seat for seat in range(len(payments)) if seat != soloist and payments[seat] != 0]
        for seat in others:
            payments[seat] = -each
        payments[soloist] = each * len(others)
        result["payments"] = payments

    answer_breaker(rule, how)(tamper)


_stake_breaker("variants.misery-stakes", MISERY, "A Misery is paid as a call of four tricks, not three.", 4, 4)
_stake_breaker(
    "variants.sir-garnet-stakes", "sir-garnet", "A Nap on the extra hand wins five stakes and loses five.", 5, 5
)


@hand_breaker("variants.misery-call", "A Misery caller who wins one trick is held to have made it.")
class MiseryOneTrick(Hand):
    def _settle(self) -> None:
        soloist, contract = self._soloist, self._contract
        if soloist is not None and contract is not None and contract.declaration == MISERY and self._won[soloist] == 1:
            self._won[soloist] = 0
            try:
                super()._settle()
            finally:
                self._won[soloist] = 1
        else:
            super()._settle()


def _over_breaker(rule: str, declaration: str, under: Contract, how: str) -> None:
    class CalledOverAnything(Hand):
        def _do_named_call(self, action: NamedCall) -> None:
            if action.call == declaration and self._phase == "calling" and action.seat == self._to_act:
                high, high_call = self._high, self._high_call
                self._high_call = under
                try:
                    super()._do_named_call(action)
                except Exception:
                    self._high, self._high_call = high, high_call
                    raise
            else:
                super()._do_named_call(action)

    hand_breaker(rule, how)(CalledOverAnything)


_over_breaker(
    "variants.wellington-call", WELLINGTON, Contract(NAP), "A Wellington may be called without a Nap called before it."
)
_over_breaker(
    "variants.blucher-call", BLUCHER, WELLINGTON_CALL, "A Blücher may be called without a Wellington called before it."
)


@hand_breaker("pool.taken-by-nap", "A made Nap takes nothing from the pool.")
class NapLeavesThePool(Hand):
    def _pay_out_of_pool(self, seat: int, amount: int, reason: str) -> None:
        if reason != "pool-won":
            super()._pay_out_of_pool(seat, amount, reason)


@hand_breaker("pool.carries-over", "The pool does not carry over: each hand starts with an empty pool.")
class PoolStartsEmpty(Hand):
    def _open_pool(self, pool: int, original_dealer: int | None, same_turn: bool) -> None:
        super()._open_pool(0, original_dealer, same_turn)


@hand_breaker("pool.exchange-fees", "The fees for peeping and for fresh cards are paid twice over into the pool.")
class DoubleFees(Hand):
    def _pay_into_pool(self, seat: int, amount: int, reason: str) -> None:
        super()._pay_into_pool(seat, amount * 2 if reason in ("peep-fee", "purchase-fee") else amount, reason)


@case_breaker(
    "pool.end-of-session", "The pool left when play ends is disposed of by the other rule of pool-end than the case's."
)
def other_end(case: dict[str, Any]) -> dict[str, Any]:
    if "end_of_session" in case["start"]:
        value = case["options"].get("pool-end")
        case["options"]["pool-end"] = {"divided-equally": "drawn-for", "drawn-for": "divided-equally"}.get(value, value)
    return case
