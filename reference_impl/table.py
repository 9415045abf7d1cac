"""The geometry of a table: who is eldest, who cuts, the order of play from each seat, where
each seat's cards lie in the cut pack in a regular deal. Shared between hands, never changed.

Seats are 0..n-1 clockwise: the player on seat *s*'s left is *s + 1 mod n*. The eldest hand
is the dealer's left; the player on the dealer's right cuts. When the dealer sits out
(option ``dealer-sits-out``) he receives no cards, does not call or play.

>>> table = Table(4, dealer=3, sits_out=False)
>>> table.order, table.cutter, table.rot[2]
((0, 1, 2, 3), 2, (2, 3, 0, 1))
>>> Table(6, dealer=0, sits_out=True).order
(1, 2, 3, 4, 5)
>>> deal_rounds("three-then-two", 7), deal_rounds("singly", 5)
((3, 2, 2), (1, 1, 1, 1, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from napspec.reference.rules import CARDS_EACH, Rules

Getter = Callable[[Sequence[int]], tuple[int, ...]]
"""An itemgetter of a hand's cards from the cut pack."""


def deal_rounds(pattern: str, cards_each: int) -> tuple[int, ...]:
    """How many cards each hand receives in each round of a regular deal: ``singly``, one at a
    time; ``three-then-two``, a round of three, then rounds of two until each has
    ``cards_each`` (five: three then two; seven: three, two, two, interpretation
    seven-card-deal-rounds)."""
    if pattern == "singly":
        return (1,) * cards_each
    return (3,) + (2,) * ((cards_each - 3) // 2)


class Table:
    """The fixed geometry of a table of ``n`` seats with ``dealer`` dealing, ``cards_each``
    cards dealt to each hand, and (``extra_hand``, Sir Garnet) one more hand dealt face down.

    >>> table = Table(3, dealer=2, sits_out=False, extra_hand=True)
    >>> table.deals["singly"][0](range(20)), table.extra_deals["singly"](range(20))
    ((0, 4, 8, 12, 16), (3, 7, 11, 15, 19))
    """

    __slots__ = (
        "cards_each",
        "cutter",
        "dealer",
        "deals",
        "dealt",
        "extra_deals",
        "hands",
        "n",
        "order",
        "rot",
        "sits_out",
    )  # fmt: skip

    def __init__(
        self, n: int, dealer: int, sits_out: bool, cards_each: int = CARDS_EACH, extra_hand: bool = False
    ) -> None:
        self.n = n
        self.dealer = dealer
        self.sits_out = sits_out
        seats = [(dealer + i) % n for i in range(1, n + 1)]  # eldest first, dealer last
        if sits_out:
            seats.remove(dealer)
        self.order: tuple[int, ...] = tuple(seats)
        self.hands = len(seats)
        self.cutter = (dealer - 1) % n
        rot: list[tuple[int, ...]] = [() for _ in range(n)]
        for i, seat in enumerate(seats):
            rot[seat] = tuple(seats[i:] + seats[:i])
        self.rot: tuple[tuple[int, ...], ...] = tuple(rot)
        self.cards_each = cards_each
        # A regular deal by each pattern (rule dealing.five-cards; deal_rounds): for each seat,
        # the getter of his cards from the cut pack (None for a dealer who sits out). The
        # extra hand, where there is one, is served last in each round, after the dealer
        # (interpretation sir-garnet-dealt-last).
        served = len(seats) + (1 if extra_hand else 0)
        self.dealt = cards_each * served
        """The cards a regular deal takes from the pack (the extra hand's included)."""
        self.deals: dict[str, tuple[Getter | None, ...]] = {}
        self.extra_deals: dict[str, Getter | None] = {}
        for pattern in ("singly", "three-then-two"):
            getters: list[Getter | None] = [None] * n
            for i, seat in enumerate(seats):
                getters[seat] = _getter(deal_rounds(pattern, cards_each), served, i)
            self.deals[pattern] = tuple(getters)
            self.extra_deals[pattern] = (
                _getter(deal_rounds(pattern, cards_each), served, served - 1) if extra_hand else None
            )


def _getter(rounds: tuple[int, ...], served: int, place: int) -> Getter:
    """The cards of the hand served ``place``-th (from 0) of ``served`` hands in each round."""
    indices: list[int] = []
    start = 0
    for size in rounds:
        first = start + size * place
        indices.extend(range(first, first + size))
        start += size * served
    return itemgetter(*indices)


_TABLES: dict[tuple[int, int, bool, int, bool], Table] = {}


def table(n: int, dealer: int, sits_out: bool, cards_each: int = CARDS_EACH, extra_hand: bool = False) -> Table:
    """The (shared) table of ``n`` seats with ``dealer`` dealing (see :class:`Table`)."""
    key = (n, dealer, sits_out, cards_each, extra_hand)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Table(n, dealer, sits_out, cards_each, extra_hand)
    return found


# The last rules and table size found playable, and the table for each dealer.
_last_checked: tuple[Rules, int, tuple[Table, ...]] | None = None


def checked_tables(rules: Rules, players: int) -> tuple[Table, ...]:
    """:meth:`Rules.check_players` (which raises), then the table for each dealer's seat.

    Rules are immutable, so the answer for the same Rules object and table size is
    remembered: hand after hand is dealt under one Rules, and the checks need not be redone.
    """
    global _last_checked  # noqa: PLW0603 (a one-entry cache: hand after hand is dealt under one Rules)
    last = _last_checked
    if last is not None and last[0] is rules and type(players) is int and last[1] == players:
        return last[2]
    rules.check_players(players)
    sits_out = rules.dealer_sits_out_at(players)
    extra = rules.sir_garnet == "played"
    tables = tuple(table(players, dealer, sits_out, rules.cards_each, extra) for dealer in range(players))
    _last_checked = (rules, players, tables)
    return tables
