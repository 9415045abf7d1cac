"""The pool (option ``pool``; chapter ``pool``): an account of stakes beside the players'.

Where the rules keep a pool, it is fed by the fees of Peep and Purchase Nap
(:mod:`~napspec.reference.exchanges`), by the contributions and fines of the pool options, and
taken by a made Nap; it stays from deal to deal (a :class:`~napspec.reference.session.Session`
carries it), and a hand starts with the stakes already in it. Every movement into or out of
the pool is a :class:`~napspec.reference.events.Transfer` with :data:`~napspec.reference.events.POOL`
as its payer or payee, kept in order in the hand's pool account: the contract's ``pool``
answer is that account.

>>> from napspec.reference.hand import Hand
>>> from napspec.reference.rules import Rules
>>> hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=1)
>>> hand._pay_into_pool(2, 1, "peep-fee"); hand.pool, hand.pool_transfers
(1, (Transfer(payer=2, payee=-1, amount=1, reason='peep-fee'),))
"""

from __future__ import annotations

from napspec.reference.events import POOL, Transfer
from napspec.reference.state import HandState


class PoolAccount(HandState):
    """The pool's side of a hand: what it holds, and every movement in or out, in order."""

    __slots__ = ()

    def _pay_into_pool(self, seat: int, amount: int, reason: str) -> None:
        """``seat`` pays ``amount`` stakes into the pool, for ``reason``."""
        if amount:
            self._pool += amount
            self._pool_moves.append(Transfer(seat, POOL, amount, reason))

    def _pay_out_of_pool(self, seat: int, amount: int, reason: str) -> None:
        """``seat`` takes ``amount`` stakes out of the pool, for ``reason``."""
        if amount:
            self._pool -= amount
            self._pool_moves.append(Transfer(POOL, seat, amount, reason))
