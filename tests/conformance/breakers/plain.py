"""Breakers of the rules of the plain game: players and pack, dealing, calling, play,
settlement, irregularities."""

from __future__ import annotations

from typing import Any

from napspec.reference.actions import PLAY, Action, Call, Pass, Play
from napspec.reference.errors import IllegalAction
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.reference.state import CALLING, PLAY_PHASE
from tests.conformance.breakers import answer_breaker, hand_breaker


def _flipped(option: str, other: Any) -> type[Hand]:
    """A hand that plays ``other(value)`` of ``option`` where the case asks for ``value``."""

    class Flipped(Hand):
        def _setup(self, rules: Rules, players: int, dealer: int, allow_irregular: bool) -> None:
            value = rules.options()[option]
            super()._setup(rules.with_options({option: other(value)}), players, dealer, allow_irregular)

    Flipped.__name__ = f"Flipped_{option.replace('-', '_')}"
    return Flipped


def option_breaker(rule: str, option: str, other: Any, how: str) -> None:
    """Register the engine that plays another value of ``option`` than the case's."""
    hand_breaker(rule, how)(_flipped(option, other))


def _plays(hand: Hand, cards: list[int]) -> tuple[Action, ...]:
    actor = hand.to_act
    assert actor is not None
    return tuple(PLAY[actor][card] for card in cards)


# ------------------------------------------------------------------- players and pack

option_breaker(
    "players.dealer-sits-out",
    "dealer-sits-out",
    lambda value: "never" if value != "never" else "six",
    "The dealer sits out at no table size where the case's rules have him sit out (and at six where they have him play).",
)


# ------------------------------------------------------------------------------ play


@hand_breaker("play.follow-suit", "Every card may be played to a trick: holding the suit led is no duty to follow.")
class IgnoresFollowSuit(Hand):
    def _playable(self) -> tuple[Action, ...]:
        if self._trick and self._to_act is not None:
            return _plays(self, list(self._holdings[self._to_act]))
        return super()._playable()

    def _revoke(self, seat: int, card: int, led: int) -> None:
        self._put(seat, card, False)


@hand_breaker(
    "play.trick-winner",
    "A trick is won by the highest card of the suit led: a trump does not beat it.",
)
class TrumpsDoNotWin(Hand):
    def _complete_trick(self, quiet: bool) -> None:
        trumps = self._trumps
        self._trumps = 4  # no trumps while the trick is judged
        try:
            super()._complete_trick(quiet)
        finally:
            self._trumps = trumps


@hand_breaker(
    "play.first-lead-trumps",
    "Trumps are the suit of the second card played to the first trick, not of the soloist's lead.",
)
class SecondCardTrumps(Hand):
    def _put(self, seat: int, card: int, quiet: bool) -> None:
        super()._put(seat, card, quiet)
        self._second_card_trumps()

    def _do_play(self, action: Play) -> None:
        super()._do_play(action)
        self._second_card_trumps()

    def _second_card_trumps(self) -> None:
        first = self._tricks[0].cards if self._tricks else tuple(self._trick)
        if not self._tricks and len(first) == 2 and self._contract is not None and self._contract.declaration is None:
            self._trumps = first[1][1] // 13


@hand_breaker("play.soloist-leads", "The eldest hand leads to the first trick, not the soloist.")
class EldestLeads(Hand):
    def _start_play(self) -> None:
        super()._start_play()
        if self._phase == PLAY_PHASE and not self._short:
            order = self._trick_order = self._geo.rot[self._geo.order[0]]
            self._to_act = order[0]


@hand_breaker("play.winner-leads", "The leader of a trick leads to the next one too, whoever won it.")
class LeaderKeepsTheLead(Hand):
    def _complete_trick(self, quiet: bool) -> None:
        super()._complete_trick(quiet)
        if self._phase == PLAY_PHASE and not self._trick and not self._short:
            order = self._trick_order = self._geo.rot[self._tricks[-1].leader]
            self._to_act = order[0]


@hand_breaker("play.rotation", "After the lead the others play to the right (anticlockwise) of the leader.")
class PlaysToTheRight(Hand):
    def _start_play(self) -> None:
        super()._start_play()
        self._reverse()

    def _complete_trick(self, quiet: bool) -> None:
        super()._complete_trick(quiet)
        self._reverse()

    def _reverse(self) -> None:
        if self._phase == PLAY_PHASE and not self._trick and self._trick_order:
            order = self._trick_order
            self._trick_order = (order[0], *reversed(order[1:]))


@hand_breaker("play.free-lead", "A leader who holds a card of another suit may not lead a trump.")
class NoTrumpLead(Hand):
    def _playable(self) -> tuple[Action, ...]:
        legal = super()._playable()
        if self._trick or self._trumps is None or self._trumps > 3:
            return legal
        others = [a for a in legal if isinstance(a, Play) and a.card // 13 != self._trumps]
        return tuple(others) if others else legal

    def _do_play(self, action: Play) -> None:
        if self._phase == PLAY_PHASE and action.seat == self._to_act and not self._trick:
            if action not in self._playable():
                raise IllegalAction("a trump may not be led while other suits are held")
        super()._do_play(action)


def _void_breaker(rule: str, how: str, trump_wanted: bool) -> None:
    class VoidPlay(Hand):
        def _playable(self) -> tuple[Action, ...]:
            legal = super()._playable()
            trumps = self._trumps
            if not self._trick or trumps is None or trumps > 3 or self._to_act is None:
                return legal
            hold = self._holdings[self._to_act]
            if any(card // 13 == self._led for card in hold):
                return legal
            chosen = [card for card in hold if (card // 13 == trumps) == trump_wanted]
            return _plays(self, chosen) if chosen else legal

        def _do_play(self, action: Play) -> None:
            if self._phase == PLAY_PHASE and action.seat == self._to_act and self._trick:
                if action not in self._playable() and action.card in self._holdings[action.seat]:
                    if not any(card // 13 == self._led for card in self._holdings[action.seat]):
                        raise IllegalAction("that card may not be played to this trick")
            super()._do_play(action)

    hand_breaker(rule, how)(VoidPlay)


_void_breaker(
    "play.void-any-card",
    "A player who cannot follow suit must discard a card of a plain suit if he has one: he may not trump.",
    trump_wanted=False,
)
_void_breaker(
    "play.no-obligation-to-trump",
    "A player who cannot follow suit must trump if he holds a trump.",
    trump_wanted=True,
)


@hand_breaker(
    "play.no-obligation-to-head",
    "A player who follows suit must play a card higher than any of that suit in the trick if he holds one.",
)
class MustHead(Hand):
    def _playable(self) -> tuple[Action, ...]:
        legal = super()._playable()
        if not self._trick or self._to_act is None:
            return legal
        best = max(card for _, card in self._trick if card // 13 == self._led)
        higher = [a for a in legal if isinstance(a, Play) and a.card // 13 == self._led and a.card > best]
        return tuple(higher) if higher else legal

    def _do_play(self, action: Play) -> None:
        if self._phase == PLAY_PHASE and action.seat == self._to_act and self._trick:
            if action.card in self._holdings[action.seat] and action not in self._playable():
                if action.card // 13 == self._led:
                    raise IllegalAction("a card higher than the trick's must be played")
        super()._do_play(action)


@hand_breaker(
    "play.made-or-defeated",
    "A soloist who wins one trick fewer than he called is held to have made his call.",
)
class OneShortIsMade(Hand):
    def _settle(self) -> None:
        soloist, call = self._soloist, self._call
        if soloist is not None and call is not None and self._won[soloist] == call - 1 and self._void is None:
            self._won[soloist] += 1
            try:
                super()._settle()
            finally:
                self._won[soloist] -= 1
        else:
            super()._settle()


option_breaker(
    "play.stop-when-decided",
    "stop-when-decided",
    lambda value: not value,
    "Play stops when the call is decided where the case's rules play all five tricks, and the other way round.",
)
option_breaker(
    "play.cards-left",
    "cards-left",
    lambda value: "all-face-up" if value != "all-face-up" else "winning-card-face-down",
    "The played cards lie as the other value of cards-left says.",
)


# --------------------------------------------------------------------------- calling


@hand_breaker("calling.must-exceed", "A call that does not exceed the highest so far is accepted.")
class CallNeedNotExceed(Hand):
    def _call_too_low(self) -> None:
        return


option_breaker(
    "calling.compulsory-call",
    "compulsory-call",
    lambda value: "none" if value != "none" else "eldest-cannot-pass",
    "Nobody is bound to call where the case's rules bind someone, and the eldest is bound where nobody is.",
)


@hand_breaker(
    "calling.dealer-last",
    "The calling ends with the player before the dealer: the dealer has no call.",
)
class DealerHasNoCall(Hand):
    def _next_caller(self) -> None:
        order = self._geo.order
        if len(self._decls) == len(order) - 1 and (self._high_call is not None or self._rules.compulsory_call == "none"):
            self._end_calling()
        else:
            super()._next_caller()


@hand_breaker("calling.soloist", "The first player to call becomes the soloist, not the highest caller.")
class FirstCallerPlays(Hand):
    def _end_calling(self) -> None:
        first = next((seat for seat, call in self._decls if call is not None), None)
        if first is not None:
            self._high_seat = first
        super()._end_calling()


@hand_breaker("calling.eldest-first", "The player after the eldest calls first (the eldest calls last).")
class SecondCallsFirst(Hand):
    def _start_calling(self) -> None:
        super()._start_calling()
        order = self._geo.order
        if len(order) > 1:
            self._to_act = order[1]

    def _next_caller(self) -> None:
        order = self._geo.order
        done = len(self._decls)
        if done == len(order):
            self._end_calling()
        else:
            self._to_act = order[(done + 1) % len(order)]


@hand_breaker("calling.in-rotation", "After the eldest the players call to the right (anticlockwise).")
class CallsToTheRight(Hand):
    def _next_caller(self) -> None:
        order = self._geo.order
        done = len(self._decls)
        if done == len(order):
            self._end_calling()
        else:
            self._to_act = order[-done]


@hand_breaker("calling.all-pass", "When all pass under compulsory-call none, the eldest plays for the lowest call.")
class AllPassEldestPlays(Hand):
    def _end_calling(self) -> None:
        if self._high_call is None and self._rules.compulsory_call == "none":
            self._high_call = self._rules.calls[0]
            self._high_seat = self._geo.order[0]
        super()._end_calling()


@hand_breaker("calling.pass", "A player may not pass once a call has been made before him.")
class NoPassAfterACall(Hand):
    def _may_pass(self, seat: int) -> bool:
        return super()._may_pass(seat) and self._high_call is None

    def _calls_open(self) -> Any:
        legal = super()._calls_open()
        if self._high_call is not None and self._high < len(self._rules.calls):
            return tuple(a for a in legal if not isinstance(a, Pass))
        return legal

    def _do_pass(self, action: Pass) -> None:
        if self._phase == CALLING and action.seat == self._to_act and self._high_call is not None:
            if self._high < len(self._rules.calls):
                raise IllegalAction("a call has been made: call higher")
        super()._do_pass(action)


@hand_breaker("calling.call-tricks", "A call of one trick is refused: the calls run from two to five.")
class NoCallOfOne(Hand):
    def _calls_open(self) -> Any:
        return tuple(a for a in super()._calls_open() if not (isinstance(a, Call) and a.tricks == 1))

    def _do_call(self, action: Call) -> None:
        if action.tricks == 1:
            raise IllegalAction("there is no call of one trick")
        super()._do_call(action)


# ------------------------------------------------------------------------ settlement


def _payments(case: dict[str, Any], answers: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    result, state = answers.get("result"), answers.get("state")
    if not result or not state or state.get("soloist") is None or state.get("call") is None:
        return None
    if state.get("declaration") not in (None,):
        return None
    return result, state


def _pay_each(result: dict[str, Any], soloist: int, per_player: int) -> None:
    """The soloist receives ``per_player`` (pays, if negative) from each other paying seat."""
    payers = [seat for seat, amount in enumerate(result["payments"]) if amount != 0 and seat != soloist]
    payments = [0] * len(result["payments"])
    for seat in payers:
        payments[seat] = -per_player
    payments[soloist] = per_player * len(payers)
    result["payments"] = payments


@answer_breaker("settlement.stake-per-trick", "A made call below Nap is paid one stake more than the tricks called.")
def stake_per_trick(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "made" and found[1]["call"] < 5:
        _pay_each(found[0], found[1]["soloist"], found[1]["call"] + 1)


@answer_breaker("settlement.level-money", "A failed call below Nap costs one stake less than the tricks called.")
def level_money(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "defeated" and found[1]["call"] < 5:
        _pay_each(found[0], found[1]["soloist"], -(found[1]["call"] - 1))


@answer_breaker("settlement.no-overtricks", "A made call below Nap is paid for every trick won, not the tricks called.")
def overtricks(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "made" and found[1]["call"] < 5:
        won = found[1]["tricks_won"][found[1]["soloist"]]
        _pay_each(found[0], found[1]["soloist"], max(won, found[1]["call"]))


@answer_breaker("settlement.flat-loss", "A failed call below Nap costs one stake per trick short of the call.")
def flat_loss(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "defeated" and found[1]["call"] < 5:
        short = found[1]["call"] - found[1]["tricks_won"][found[1]["soloist"]]
        _pay_each(found[0], found[1]["soloist"], -max(short, 1))


@answer_breaker("settlement.nap", "A made Nap is paid five stakes by each player instead of ten (or twelve).")
def nap_pays_five(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "made" and found[1]["call"] == 5:
        _pay_each(found[0], found[1]["soloist"], 5)


@hand_breaker("settlement.sitting-out-dealer", "A dealer who sits out neither pays nor receives.")
class SittingOutDealerIsLeftOut(Hand):
    def _settle(self) -> None:
        super()._settle()
        out = self.sitting_out
        result = self._result
        if out is None or result is None or result.soloist is None:
            return
        amount = result.payments.get(out, 0)
        payments = dict(result.payments)
        payments[out] = 0
        payments[result.soloist] += amount
        self._result = result._replace(payments=payments)


@hand_breaker("dealing.rotation", "After a hand the deal passes to the dealer's right, not his left.")
class DealPassesRight(Hand):
    @property
    def next_dealer(self) -> int | None:
        following = super().next_dealer
        if following is None or following == self._dealer:
            return following
        return (self._dealer - 1) % self._n
