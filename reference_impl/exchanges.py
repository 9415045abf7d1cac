"""Exchanges: between the deal and the calling, where a player may change cards.

The plain game has no exchanges: the deal complete, the calling begins. Two variants of the
sources put a phase here, and this module is where it goes:

* Purchase (or Écarté) Nap: "After the dealer has dealt, and before anybody starts calling,
  the dealer goes round again in turn, and serves out fresh cards from the pack in exchange
  for as many cards as the players may wish to throw away" (Hoyle, p. 97-98), each fresh card
  paid for into the pool (settlement's pool, :mod:`~napspec.reference.settlement`);
* Peep: a look at the top card of the stock, bought before calling.

Neither is an option of the register yet. When one is, its actions are handled here, in a
phase of its own (``exchange``, :data:`~napspec.reference.state.EXCHANGE_PHASE`), and
:meth:`Exchanges._begin_exchanges` starts it instead of handing straight over to the calling.
"""

from __future__ import annotations

from napspec.reference.state import HandState


class Exchanges(HandState):
    """The exchanges between the deal and the calling (none in the plain game)."""

    __slots__ = ()

    def _begin_exchanges(self) -> None:
        """The deal is complete. Under the rules of the plain game, which provide no exchange,
        the calling begins at once."""
        self._start_calling()
