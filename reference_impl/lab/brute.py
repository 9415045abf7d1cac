"""How many tricks a hand is sure of, by enumerating every layout: the check of
:mod:`~napspec.lab.solver` on tiny packs.

Nothing here is abstracted: the cards are the actual cards, the layouts are listed one by one
(every way of dealing the unseen cards into the opponents' hands, the rest undealt), and the
definition is evaluated as written, over the soloist's information sets. A strategy of the
soloist is a choice of card for each history of play he can see; the defence (layout and
play together) is chosen against it. At a point of the history where an opponent is to play,
the defence's choices split the layouts still possible into those where he plays this card
or that; what the soloist does next may differ from card to card (he sees it), so the worst
case for a strategy is the worst over those cards of the worst case within each, which is
why the value of an information set is the minimum over the opponent's possible cards of the
value after each, with the layouts narrowed to those where that card is a legal play. Where
the soloist is to play, he chooses, knowing the history but not the layout: the maximum over
his cards, the set of layouts unchanged.

>>> from napspec.reference.cards import parse_cards
>>> pack = parse_cards("AS KS QS JS AH KH QH JH")
>>> brute_guaranteed(parse_cards("AS KS"), 2, pack), brute_guaranteed(parse_cards("AS QS"), 2, pack)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

Layout = tuple[frozenset[int], ...]
"""The cards each opponent still holds, seat 1 first."""


def layouts(unseen: Sequence[int], opponents: int, size: int) -> list[Layout]:
    """Every way to deal ``size`` of the ``unseen`` cards to each opponent in turn.

    >>> len(layouts([1, 2, 3, 4], 2, 2))
    6
    """
    if opponents == 0:
        return [()]
    result = []
    for first in combinations(sorted(unseen), size):
        rest = [c for c in unseen if c not in first]
        result += [(frozenset(first), *tail) for tail in layouts(rest, opponents - 1, size)]
    return result


def _winner(trick: Sequence[tuple[int, int]], trump: int) -> int:
    seat, best = trick[0]
    for s, c in trick[1:]:
        if (c // 13 == best // 13 and c > best) or (c // 13 == trump and best // 13 != trump):
            seat, best = s, c
    return seat


def brute_guaranteed(hand: Sequence[int], hands_dealt: int, pack: Sequence[int]) -> int:
    """The most tricks ``hand`` is sure of with ``hands_dealt`` hands of ``len(hand)`` cards
    dealt from ``pack``, by enumeration of every layout (tiny packs only)."""
    size = len(hand)
    opponents = hands_dealt - 1
    seats = hands_dealt
    unseen = [c for c in pack if c not in hand]
    every = layouts(unseen, opponents, size)

    def value(mine: frozenset[int], trick: tuple[tuple[int, int], ...], leader: int, trump: int, won: int,
              possible: list[Layout]) -> int:  # fmt: skip
        if not mine and not trick:
            return won
        if len(trick) == seats:
            winner = _winner(trick, trump)
            return value(mine, (), winner, trump, won + (winner == 0), possible)
        seat = (leader + len(trick)) % seats
        led = trick[0][1] // 13 if trick else -1
        if seat == 0:
            follow = [c for c in mine if c // 13 == led]
            best = -1
            for card in sorted(follow or mine):
                new_trump = card // 13 if trump < 0 else trump
                best = max(best, value(mine - {card}, (*trick, (0, card)), leader, new_trump, won, possible))
            return best
        # the cards this opponent may play in some layout still possible, and where
        by_card: dict[int, list[Layout]] = {}
        for layout in possible:
            held = layout[seat - 1]
            follow = [c for c in held if c // 13 == led]
            for card in follow or held:
                after = (*layout[: seat - 1], held - {card}, *layout[seat:])
                by_card.setdefault(card, []).append(after)
        return min(
            value(mine, (*trick, (seat, card)), leader, trump, won, narrowed) for card, narrowed in by_card.items()
        )

    return value(frozenset(hand), (), 0, -1, 0, every)
