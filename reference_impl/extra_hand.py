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

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, pairwise
from math import comb
from typing import overload

from napspec.reference.actions import TAKE, Action, Discard, TakeExtraHand
from napspec.reference.contracts import NAP, SIR_GARNET, SIR_GARNET_NAP
from napspec.reference.errors import BadDiscard, CallNotAllowed, NotYourTurn, WrongPhase
from napspec.reference.events import Discarded, ExtraHandTaken
from napspec.reference.state import CALLING, HandState


class Discards(Sequence[Action]):
    """Every discard of ``size`` of the cards of ``holding`` by ``seat``, in the order of
    :func:`itertools.combinations`: a sequence that makes a discard only when it is asked
    for (the legal actions after taking the extra hand are 252, and a player picks one).

    >>> from napspec.reference.cards import parse_cards
    >>> discards = Discards(0, tuple(sorted(parse_cards("AS KS QS JS TS 2C 3C 4C 5C 6C"))), 5)
    >>> len(discards), discards[0] == next(iter(discards)), discards[-1] in discards
    (252, True, True)
    >>> Discard(0, discards[3].cards[::-1]) in discards  # a discard is named in card order
    False
    """

    __slots__ = ("_holding", "_seat", "_size")

    def __init__(self, seat: int, holding: tuple[int, ...], size: int) -> None:
        self._seat = seat
        self._holding = holding
        self._size = size

    def __len__(self) -> int:
        return comb(len(self._holding), self._size)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return tuple(self)[index]
        places = _choices(len(self._holding), self._size)[index]
        holding = self._holding
        return Discard(self._seat, tuple(holding[place] for place in places))

    def __iter__(self) -> Iterator[Action]:
        seat = self._seat
        return (Discard(seat, cards) for cards in combinations(self._holding, self._size))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Discard) or action.seat != self._seat:
            return False
        cards = action.cards
        return (
            isinstance(cards, tuple)
            and len(cards) == self._size
            and all(low < high for low, high in pairwise(cards))
            and set(cards) <= set(self._holding)
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Discards(seat={self._seat}, {len(self)} discards of {self._size})"


@cache
def _choices(cards: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The places of the cards of every discard of ``size`` from ``cards`` held, in order."""
    return tuple(combinations(range(cards), size))


class ExtraHand(HandState):
    """The taking of the extra hand and the discard."""

    __slots__ = ()

    def _with_extra_hand(self, calls: tuple[Action, ...]) -> Sequence[Action]:
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

    def _discards_open(self) -> Sequence[Action]:
        """Every discard of five of the taker's cards (252 of ten), each in card order (the
        holding is kept in card order, and so are the combinations drawn from it)."""
        seat = self._taker
        assert seat is not None
        size = self._rules.cards_each
        holding = tuple(self._holdings[seat])
        if self._dupes:  # a faulty pack's repeated card: each discard of five distinct cards, once
            every = (Discard(seat, cards) for cards in combinations(holding, size))
            return tuple(dict.fromkeys(d for d in every if len(set(d.cards)) == size))
        return Discards(seat, holding, size)

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
