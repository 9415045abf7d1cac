"""Sir Garnet: the extra hand (option ``sir-garnet``).

Under Sir Garnet an extra hand is dealt "in the usual way" (served last in each round,
interpretation sir-garnet-dealt-last) and left on the table face down (interpretation
sir-garnet-face-down). In his turn to call, while it lies untaken and a Nap is still a call
he may make (no Nap or higher called yet, interpretation sir-garnet-only-while-nap-open), a
player may take it instead of calling or passing; he must then discard five of his cards
face down, and the discard is his call of Nap (recorded with the declaration
``sir-garnet``; he can call nothing else). The calling then goes on: the later players may
pass, or call Wellington over it where Wellington is played (interpretation
wellington-over-sir-garnet). Untaken, the extra hand stays face down, out of play
(interpretation sir-garnet-untaken-unused); the discards are out of play too.
"""

from __future__ import annotations

from functools import partial
from itertools import combinations, pairwise, repeat

from napspec.reference.actions import TAKE, Action, Discard, TakeExtraHand
from napspec.reference.contracts import NAP, SIR_GARNET, SIR_GARNET_NAP
from napspec.reference.errors import BadDiscard, CallNotAllowed, NotYourTurn, WrongPhase
from napspec.reference.events import Discarded, ExtraHandTaken
from napspec.reference.state import CALLING, HandState, new_record


class ExtraHand(HandState):
    """The taking of the extra hand and the discard."""

    __slots__ = ()

    def _with_extra_hand(self, calls: tuple[Action, ...]) -> tuple[Action, ...]:
        """The actions open to the player to call, ``calls`` being his calls and pass: after
        taking the extra hand, only his discards; else his calls, and the taking of the extra
        hand while it lies untaken and a Nap is still a call he may make."""
        if self._taker is not None:
            return self._discards_open()
        if self._extra and self._high < self._rules.rank[NAP]:
            return (*calls, TAKE[self._to_act])  # type: ignore[index]  # never None in the calling
        return calls

    def _do_take(self, action: TakeExtraHand) -> None:
        if self._phase != CALLING:
            raise WrongPhase(f"the extra hand is taken in the calling, not in phase {self._phase!r}")
        seat = action.seat
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} calls next")
        if self._taker is not None:
            raise CallNotAllowed(f"seat {seat} has taken the extra hand: he must discard five cards")
        if self._extra is None:
            raise CallNotAllowed("there is no extra hand (option 'sir-garnet')")
        if not self._extra:
            raise CallNotAllowed("the extra hand has been taken")
        if self._high >= self._rules.rank[NAP]:
            assert self._high_call is not None
            raise CallNotAllowed(
                f"{self._high_call.name} has been called: the extra hand is taken only while a Nap can be called"
            )
        holding = self._holdings[seat]
        holding.extend(self._extra)
        holding.sort()  # every holding is kept in card order
        self._extra = []
        self._taker = seat
        self._events.append(ExtraHandTaken(seat))

    def _discards_open(self) -> tuple[Action, ...]:
        """Every discard of five of the taker's cards (252 of ten), each in card order (the
        holding is kept in card order, and so are the combinations drawn from it)."""
        seat = self._taker
        assert seat is not None
        size = self._rules.cards_each
        # Each discard is the record (seat, cards) made from the pair zip yields: made in C,
        # 252 at a time, without a Python loop.
        pairs = zip(repeat(seat), combinations(self._holdings[seat], size))
        discards: tuple[Action, ...] = tuple(map(partial(new_record, Discard), pairs))
        if self._dupes:  # a faulty pack's repeated card: each discard of five distinct cards, once
            discards = tuple(dict.fromkeys(d for d in discards if len(set(d.cards)) == size))  # type: ignore[union-attr]
        return discards

    def _do_discard(self, action: Discard) -> None:
        if self._phase != CALLING:
            raise WrongPhase(f"the discard is made in the calling, not in phase {self._phase!r}")
        seat = action.seat
        if self._taker is None or seat != self._taker:
            raise BadDiscard(f"seat {seat!r} has taken no extra hand: there is nothing to discard")
        holding = self._holdings[seat]
        size = self._rules.cards_each
        cards = action.cards
        if not (
            isinstance(cards, tuple)
            and len(cards) == size
            and all(type(card) is int and card in holding for card in cards)
            and all(low < high for low, high in pairwise(cards))
        ):
            raise BadDiscard(
                f"seat {seat} must discard {size} distinct cards of those he holds, in card order, not {cards!r}"
            )
        for card in cards:
            holding.remove(card)
        self._discards = cards
        self._taker = None
        # A replay of the hand restores the holdings as play began, not as dealt.
        self._before_play = tuple(map(tuple, self._holdings))
        self._events.append(Discarded(seat, cards))
        self._record_call(seat, SIR_GARNET_NAP, self._rules.rank[SIR_GARNET])
