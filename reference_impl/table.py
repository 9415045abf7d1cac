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
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable, Sequence

from napspec.reference.rules import CARDS_EACH, Rules

Getter = Callable[[Sequence[int]], tuple[int, ...]]
"""An itemgetter of a hand's cards from the cut pack."""


class Table:
    """The fixed geometry of a table of ``n`` seats with ``dealer`` dealing."""

    __slots__ = ("n", "dealer", "sits_out", "order", "cutter", "rot", "hands", "deals")

    def __init__(self, n: int, dealer: int, sits_out: bool) -> None:
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
        # A regular deal of CARDS_EACH cards each (rule dealing.five-cards) by each pattern: for
        # each seat, the getter of his cards from the cut pack (None for a dealer who sits
        # out). singly: a card at a time round the table, CARDS_EACH times; three-then-two: a
        # round of three at a time, then a round of two (five cards, by its very name).
        hands = self.hands
        singly: list[Getter | None] = [None] * n
        three_two: list[Getter | None] = [None] * n
        for i, seat in enumerate(seats):
            singly[seat] = itemgetter(*range(i, CARDS_EACH * hands, hands))
            three_two[seat] = itemgetter(3 * i, 3 * i + 1, 3 * i + 2, 3 * hands + 2 * i, 3 * hands + 2 * i + 1)
        self.deals: dict[str, tuple[Getter | None, ...]] = {
            "singly": tuple(singly),
            "three-then-two": tuple(three_two),
        }


_TABLES: dict[tuple[int, int, bool], Table] = {}


def table(n: int, dealer: int, sits_out: bool) -> Table:
    """The (shared) table of ``n`` seats with ``dealer`` dealing."""
    key = (n, dealer, sits_out)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Table(n, dealer, sits_out)
    return found


# The last rules and table size found playable, and the table for each dealer.
_last_checked: tuple[Rules, int, tuple[Table, ...]] | None = None


def checked_tables(rules: Rules, players: int) -> tuple[Table, ...]:
    """:meth:`Rules.check_players` (which raises), then the table for each dealer's seat.

    Rules are immutable, so the answer for the same Rules object and table size is
    remembered: hand after hand is dealt under one Rules, and the checks need not be redone.
    """
    global _last_checked
    last = _last_checked
    if last is not None and last[0] is rules and type(players) is int and last[1] == players:
        return last[2]
    rules.check_players(players)
    sits_out = rules.dealer_sits_out_at(players)
    tables = tuple(table(players, dealer, sits_out) for dealer in range(players))
    _last_checked = (rules, players, tables)
    return tables
