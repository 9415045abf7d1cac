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

What the extra hand reads and writes of the hand: :class:`ExtraHand` is made with the calling
where an extra hand was dealt, and the calling gives it the turns (whose turn it is, who owes
his discard, and his call of Nap are the calling's, :mod:`~napspec.reference.calling`). It
writes the :class:`~napspec.reference.state.Cards`: the taker's holding, the extra hand, the
discards, the holdings as play begins; and appends its events.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, pairwise
from math import comb
from typing import overload

from napspec.reference.actions import Action, Discard
from napspec.reference.contracts import NAP, Contract
from napspec.reference.errors import BadDiscard, CallNotAllowed
from napspec.reference.events import Discarded, Event, ExtraHandTaken
from napspec.reference.rules import Rules
from napspec.reference.state import Cards


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


class ExtraHand:
    """The extra hand's cards: taken, and five discarded (the calling checks the turns first)."""

    __slots__ = ("_cards", "_events", "_rules")

    def __init__(self, rules: Rules, cards: Cards, events: list[Event]) -> None:
        self._rules = rules
        self._cards = cards
        self._events = events

    def offers(self, high: int) -> bool:
        """Whether the extra hand may be taken now, the highest call so far at place ``high`` of
        the calls: while it lies untaken and a Nap is still a call the player may make."""
        return bool(self._cards.extra) and high < self._rules.rank[NAP]

    def take(self, seat: int, high: int, high_call: Contract | None) -> None:
        """``seat``, in his turn to call, takes the extra hand into his hand."""
        cards = self._cards
        extra = cards.extra
        assert extra is not None  # the part is made only where an extra hand was dealt
        if not extra:
            raise CallNotAllowed("the extra hand has been taken")
        if high >= self._rules.rank[NAP]:
            assert high_call is not None
            raise CallNotAllowed(
                f"{high_call.name} has been called: the extra hand is taken only while a Nap can be called"
            )
        holding = cards.holdings[seat]
        holding.extend(extra)
        holding.sort()  # every holding is kept in card order
        cards.extra = []
        self._events.append(ExtraHandTaken(seat))

    def discards_open(self, seat: int) -> Sequence[Action]:
        """Every discard of five of the taker's cards (252 of ten), each in card order (the
        holding is kept in card order, and so are the combinations drawn from it)."""
        size = self._rules.cards_each
        cards = self._cards
        holding = tuple(cards.holdings[seat])
        if cards.dupes:  # a faulty pack's repeated card: each discard of five distinct cards, once
            every = (Discard(seat, chosen) for chosen in combinations(holding, size))
            return tuple(dict.fromkeys(d for d in every if len(set(d.cards)) == size))
        return Discards(seat, holding, size)

    def discard(self, seat: int, discarded: tuple[int, ...]) -> None:
        """``seat``, the taker, discards ``discarded``: five of his cards, in card order."""
        cards = self._cards
        holding = cards.holdings[seat]
        size = self._rules.cards_each
        if not (
            isinstance(discarded, tuple)
            and len(discarded) == size
            and all(type(card) is int and card in holding for card in discarded)
            and all(low < high for low, high in pairwise(discarded))
        ):
            raise BadDiscard(
                f"seat {seat} must discard {size} distinct cards of those he holds, in card order, not {discarded!r}"
            )
        for card in discarded:
            holding.remove(card)
        cards.discards = discarded
        # A replay of the hand restores the holdings as play began, not as dealt.
        cards.before_play = tuple(map(tuple, cards.holdings))
        self._events.append(Discarded(seat, discarded))


__all__ = ["Discards", "ExtraHand"]
