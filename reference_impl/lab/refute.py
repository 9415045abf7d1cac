"""A quick proof that a hand is *not* sure of so many tricks: the soloist told the layout as
soon as he has led.

Why it is sound. The soloist leads to the first trick knowing nothing but his own cards, so
every strategy of his begins with some card. Suppose that for the card ``lead`` there is a
layout of the unseen cards in which, even were he to see every card from then on (play
"double dummy"), the defence holds him below ``need`` tricks. Seeing the cards can only help
him: the defence that holds the all-seeing soloist below ``need`` on that layout holds below
it every strategy that begins with ``lead``, since each of them is one of the all-seeing
soloist's ways of playing. So a strategy that begins with ``lead`` is not sure of ``need``
tricks; and when every distinct opening lead is so refuted, the hand is not sure of them.

The converse fails: a hand may be refuted by no single layout and still not be sure (the
defence's strength is often that he does not know where the cards lie). So a lead not
refuted here proves nothing; the exact search (:mod:`~napspec.lab.search`)
answers it. The layouts tried are drawn at random, from a seed made of the question, so the
same question draws the same layouts everywhere: a fixed number of them, some uniformly, some
weighted towards the suits the soloist holds (the defence's high cards and length lie there),
and each double-dummy question has a budget of nodes past which it counts as not refuting.

>>> from napspec.lab.solver import Table
>>> from napspec.reference.cards import parse_cards
>>> refuter = Refuter(Table(7))
>>> hand = parse_cards("AS 8H 6H 4H 4D")  # not sure of two at seven hands
>>> [refuter.refutes(hand, 2, card) for card in parse_cards("AS 8H 4D")]
[True, True, True]
>>> refuter.refutes(parse_cards("AS KS QS 2H 2D"), 3, parse_cards("AS")[0])  # sure of three
False
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from napspec.reference.cards import RANKS, format_cards, suit_of

if TYPE_CHECKING:  # the solver imports this module
    from napspec.lab.solver import Table

_SUIT_MASKS = tuple(((1 << len(RANKS)) - 1) << (len(RANKS) * s) for s in range(4))
"""Each suit's cards as a mask (a card is ``suit * 13 + rank``, as in :mod:`napspec.reference.cards`)."""

TRIES = 12
"""Layouts drawn for each opening lead before it counts as not refuted."""

NODES = 20_000
"""Nodes of double-dummy search allowed for each layout before it counts as not refuting."""

WEIGHTS = (1, 3, 10, 100)
"""How much likelier than another card an unseen card of a suit the soloist holds is to be
dealt to an opponent, by turns over the layouts drawn: 1 is a uniform deal."""


class _Spent(Exception):
    """A double-dummy question has used its nodes."""


def _cards(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def _beats(card: int, best: int, trump: int) -> bool:
    """Does ``card`` beat ``best``, the best card of a trick so far?"""
    if suit_of(card) == suit_of(best):
        return card > best
    return suit_of(card) == trump


def _best_at(trick: Sequence[int], trump: int) -> int:
    """The place in ``trick`` (cards in the order played) of the card that holds it."""
    best = 0
    for i in range(1, len(trick)):
        if _beats(trick[i], trick[best], trump):
            best = i
    return best


class DoubleDummy:
    """The play of one layout with every card seen: can the soloist (seat 0) make ``need``
    more tricks against a defence that sees them too? ``trump`` is fixed (the suit of the
    opening lead); ``nodes`` bounds the search.

    >>> from napspec.reference.cards import parse_cards
    >>> def mask(text):
    ...     return sum(1 << c for c in parse_cards(text))
    >>> hands = (mask("AS 3H"), mask("KS 2H"))
    >>> DoubleDummy(2, trump=3).makes(hands, leader=0, tricks=2, need=2)
    True
    >>> DoubleDummy(2, trump=3).makes((mask("KS 2H"), mask("AS 3H")), leader=0, tricks=2, need=1)
    False
    """

    def __init__(self, seats: int, trump: int, nodes: int | None = None) -> None:
        self.seats = seats
        self.trump = trump
        self.nodes = 0
        self.budget = nodes
        self.memo: dict[tuple[tuple[int, ...], int, int], bool] = {}

    def makes(self, hands: tuple[int, ...], leader: int, tricks: int, need: int) -> bool:
        """From the start of a trick, ``hands`` the cards each seat holds (bit masks)."""
        if need <= 0:
            return True
        if need > tricks:
            return False
        if self._top_trumps(hands) >= need:
            return True
        key = (hands, leader, need)
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = self.play(hands, leader, tricks, need, ())
        return known

    def _top_trumps(self, hands: tuple[int, ...]) -> int:
        """The soloist's trumps above every trump an opponent holds: each wins the trick he
        plays it to, and he plays each to a trick of its own."""
        trumps = _SUIT_MASKS[self.trump]
        theirs = 0
        for held in hands[1:]:
            theirs |= held & trumps
        mine = hands[0] & trumps
        return (mine >> theirs.bit_length()).bit_count() if theirs else mine.bit_count()

    def play(self, hands: tuple[int, ...], leader: int, tricks: int, need: int, trick: tuple[int, ...]) -> bool:
        """Inside a trick: ``trick`` the cards played to it so far, in order from the leader."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _Spent
        seats = self.seats
        played = len(trick)
        if played == seats:
            winner = (leader + _best_at(trick, self.trump)) % seats
            return self.makes(hands, winner, tricks - 1, need - (winner == 0))
        seat = (leader + played) % seats
        held = hands[seat]
        if trick:
            follow = held & _SUIT_MASKS[suit_of(trick[0])]
            held = follow or held
        best_at = _best_at(trick, self.trump) if trick else 0
        best = trick[best_at] if trick else -1
        soloist_holds = bool(trick) and (leader + best_at) % seats == 0
        live = 0
        for cards in hands:
            live |= cards
        for card in trick:
            live |= 1 << card
        moves = self._distinct(held, live)
        taking = [c for c in moves if best < 0 or _beats(c, best, self.trump)]
        others = [c for c in moves if c not in taking]
        if seat == 0:
            order = sorted(taking, reverse=best < 0) + others  # a lead: the highest first
        elif best < 0:
            order = sorted(moves, key=lambda c: (suit_of(c) != self.trump, c if suit_of(c) == self.trump else -c))
        elif soloist_holds:
            order = taking + others  # the cheapest that takes it, then the cheapest discard
        else:
            order = others + taking  # a partner holds it: the cheapest
        for card in order:
            after = tuple(h & ~(1 << card) if s == seat else h for s, h in enumerate(hands))
            result = self.play(after, leader, tricks, need, (*trick, card))
            if result == (seat == 0):
                return result
        return seat != 0

    @staticmethod
    def _distinct(held: int, live: int) -> list[int]:
        """The cards of ``held`` worth trying, lowest first: of two cards of one suit with no
        live card between them (held by anyone, or on the table) only the lower, since either
        does what the other does."""
        kept: list[int] = []
        for card in _cards(held):
            if kept and suit_of(kept[-1]) == suit_of(card):
                between = (live >> (kept[-1] + 1)) & ((1 << (card - kept[-1] - 1)) - 1)
                if not between:
                    continue
            kept.append(card)
        return kept


class Refuter:
    """Refutes opening leads of a hand at ``table`` by layouts played double dummy (see the
    module's notes): ``tries`` layouts a lead, ``nodes`` nodes a layout."""

    def __init__(self, table: Table, tries: int = TRIES, nodes: int = NODES) -> None:
        self.table = table
        self.tries = tries
        self.nodes = nodes
        self.spent = 0
        """Nodes of double-dummy search so far, over every question."""

    def refutes(self, hand: Sequence[int], need: int, lead: int) -> bool:
        """Is there, among the layouts drawn for this question, one on which the soloist who
        leads ``lead`` and then sees every card is held below ``need`` tricks? True proves the
        lead does not make them; False proves nothing.

        >>> from napspec.lab.solver import Table
        >>> from napspec.reference.cards import parse_cards
        >>> Refuter(Table(4)).refutes(parse_cards("AS KS QS JS TS"), 5, parse_cards("2H")[0])
        Traceback (most recent call last):
        ...
        ValueError: the lead 2H is not a card of the hand AS KS QS JS TS
        """
        if lead not in hand:
            raise ValueError(f"the lead {format_cards([lead])} is not a card of the hand {format_cards(hand)}")
        table = self.table
        seats = table.hands_dealt
        size = table.hand_size
        mine = set(hand)
        unseen = [c for c in table.pack if c not in mine]
        held_suits = {suit_of(c) for c in hand}
        rng = random.Random(f"{sorted(hand)}:{seats}:{need}:{lead}:{len(table.pack)}")
        soloist = sum(1 << c for c in hand) & ~(1 << lead)
        dealt = size * (seats - 1)
        for attempt in range(self.tries):
            weight = WEIGHTS[attempt % len(WEIGHTS)]
            # a weighted draw without replacement: each card's key a uniform number raised to
            # the inverse of its weight, the largest keys drawn
            keyed = sorted(unseen, key=lambda c: rng.random() ** (1 / (weight if suit_of(c) in held_suits else 1)))
            theirs = keyed[len(keyed) - dealt :]
            rng.shuffle(theirs)
            hands = (soloist, *(sum(1 << c for c in theirs[i * size : (i + 1) * size]) for i in range(seats - 1)))
            search = DoubleDummy(seats, suit_of(lead), self.nodes)
            try:
                made = search.play(hands, 0, size, need, (lead,))
            except _Spent:
                made = True
            self.spent += search.nodes
            if not made:
                return True
        return False
