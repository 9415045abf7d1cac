"""A session: the draw for the first dealer, then one hand after another, and the totals.

>>> from napspec.reference.rules import Rules
>>> from napspec.reference.hand import random_playout
>>> import random
>>> session = Session(Rules.profile("hoyle"), 4, seed=5)
>>> session.hand.dealer == session.first_dealer
True
>>> for _ in range(3):
...     _ = random_playout(session.hand, random.Random(0))
...     _ = session.next_hand()
>>> len(session.history), sum(session.totals.values())
(3, 0)

With a pool (option ``pool``) the session carries it from hand to hand, and the first dealer
as the original dealer; the players' totals and the pool sum to nothing at every moment, and
:meth:`Session.end` disposes of the pool left when the players stop:

>>> session = Session(Rules.profile("peel", ["pool"]), 4, seed=5)
>>> for _ in range(3):
...     _ = random_playout(session.hand, random.Random(1))
...     _ = session.next_hand()
>>> _ = random_playout(session.hand, random.Random(1))
>>> session.pool + sum(session.totals.values())
0
>>> _ = session.end(); session.pool, sum(session.totals.values())
(0, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from napspec.reference.cards import ACE, JACK, shuffled, shuffled_pack
from napspec.reference.errors import WrongPhase
from napspec.reference.events import POOL, DealerChosen, Event, FirstDealerCard, Transfer
from napspec.reference.hand import FINISHED, Hand
from napspec.reference.pool import PoolCard, cards_of, dispose_of_pool
from napspec.reference.rules import Rules


class Session:
    """Hands dealt one after another at one table, with the deal passing to the left.

    ``Session(rules, players, seed=None, decks=None, first_dealer=None,
    allow_irregular=False)``. The session has its own :class:`random.Random` seeded with
    ``seed``; it shuffles every pack not given in ``decks`` (stacked packs, top first, used
    one per hand in turn, then the shuffles take over).

    If ``first_dealer`` is ``None`` the first dealer is found by the draw the rules give
    (option ``first-dealer``), from the first of ``decks`` if given, else from a shuffled
    pack (the pack in play: a shortened one under option ``pack``, interpretation
    short-pack-draw): cards are turned to the seats in order from seat 0 (interpretation draw-order);
    Peel's first knave deals; otherwise the lowest card deals, the ace low or high as the
    option says, and players tied for lowest draw again in seat order (interpretation
    tie-for-lowest). Choice: the draw pack is a pack of its own, so the first hand is dealt
    from the next pack; a seeded draw that runs out of cards (only possible by very long
    ties) goes on with a fresh shuffle, while a stacked draw pack that runs out is an error.

    Under a pool the session starts with ``pool`` stakes in it (0 by default) and carries it
    from hand to hand; :meth:`end` disposes of it when the players stop.
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int | None = None,
        decks: Iterable[Sequence[int]] | None = None,
        first_dealer: int | None = None,
        allow_irregular: bool = False,
        pool: int = 0,
    ) -> None:
        rules.check_players(players)
        self.rules = rules
        self.players = players
        self.allow_irregular = allow_irregular
        self._pack = rules.pack_cards(players)
        self._start_pool = pool
        self.ended = False
        """Whether the players have stopped (:meth:`end`)."""
        self.end_transfers: list[Transfer] = []
        """The pool's movements when the players stopped (:meth:`end`)."""
        self.end_draw: list[PoolCard] = []
        """The cards of the draw for the pool when the players stopped, if one was made."""
        self._rng = random.Random(seed)
        self._decks: Iterator[Sequence[int]] | None = iter(decks) if decks is not None else None
        self.events: list[Event] = []
        """The draw for the first dealer."""
        self.history: list[Hand] = []
        """The closed hands, in order."""
        if first_dealer is None:
            first_dealer = self._draw()
        else:
            if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
                raise ValueError(f"the first dealer must be a seat from 0 to {players - 1}, not {first_dealer!r}")
            self.events.append(DealerChosen(first_dealer, "given"))
        self.first_dealer: int = first_dealer
        self.hand: Hand = self._new_hand(first_dealer, pool, False)
        """The hand in progress (or finished and not yet closed)."""

    def _next_pack(self) -> tuple[list[int], bool]:
        """The next pack, and whether it was given (stacked) rather than shuffled."""
        if self._decks is not None:
            deck = next(self._decks, None)
            if deck is not None:
                return list(deck), True
            self._decks = None
        return self._shuffle(), False

    def _shuffle(self) -> list[int]:
        """A shuffled pack in play."""
        if self.rules.pack == "full":
            return shuffled_pack(self._rng)
        return shuffled(self._pack, self._rng)

    def _new_hand(self, dealer: int, pool: int, same_turn: bool) -> Hand:
        pack, _ = self._next_pack()
        if self.rules.pool != "played":
            return Hand(self.rules, self.players, dealer, deck=pack, allow_irregular=self.allow_irregular)
        return Hand(
            self.rules,
            self.players,
            dealer,
            deck=pack,
            allow_irregular=self.allow_irregular,
            pool=pool,
            original_dealer=self.first_dealer,
            same_turn=same_turn,
        )

    def _draw(self) -> int:
        """Find the first dealer (see the class docstring)."""
        method = self.rules.first_dealer
        pack, stacked = self._next_pack()
        position = 0

        def turn() -> int:
            nonlocal pack, position
            if position >= len(pack):
                if stacked:
                    raise ValueError("the stacked draw pack ran out before the first dealer was found")
                pack, position = self._shuffle(), 0
            card = pack[position]
            position += 1
            return card

        if method == "first-jack-face-up":
            seat = 0
            while True:
                card = turn()
                self.events.append(FirstDealerCard(seat, card, 1))
                if card % 13 == JACK:
                    self.events.append(DealerChosen(seat, method))
                    return seat
                seat = (seat + 1) % self.players

        ace_low = method == "lowest-card-ace-low"

        def value(card: int) -> int:
            rank = card % 13
            return (0 if rank == ACE else rank + 1) if ace_low else rank

        drawing = list(range(self.players))
        round_number = 1
        while True:
            values: dict[int, int] = {}
            for seat in drawing:
                card = turn()
                self.events.append(FirstDealerCard(seat, card, round_number))
                values[seat] = value(card)
            lowest = min(values.values())
            drawing = [seat for seat in drawing if values[seat] == lowest]
            if len(drawing) == 1:
                self.events.append(DealerChosen(drawing[0], method))
                return drawing[0]
            round_number += 1

    def next_hand(self) -> Hand:
        """Close the finished hand and deal the next: the same dealer after a fresh deal or a
        redeal, else the player on the dealer's left (after an all-pass too)."""
        hand = self._close_hand()
        dealer = hand.next_dealer
        assert dealer is not None and hand.result is not None
        # Interpretation pool-payment-per-turn-to-deal: a fresh deal is the same turn to deal.
        same_turn = hand.result.outcome in ("fresh-deal", "redeal")
        self.hand = self._new_hand(dealer, hand.pool, same_turn)
        return self.hand

    def _close_hand(self) -> Hand:
        hand = self.hand
        if self.ended:
            raise WrongPhase("the players have stopped: the session has ended")
        if hand.phase != FINISHED:
            raise WrongPhase(f"the hand in progress is not finished (phase {hand.phase!r})")
        hand.close()
        self.history.append(hand)
        return hand

    def end(self, draw: Sequence[int] | None = None) -> list[Transfer]:
        """The players stop after the finished hand: it is closed, and the pool left is
        disposed of as option ``pool-end`` says (rule pool.end-of-session;
        :func:`~napspec.reference.pool.dispose_of_pool`), the regular dealer being the one
        who would deal next. ``draw`` stacks the cards of the draw for the pool (else they
        are dealt from a pack in play shuffled by the session). Returns the pool's
        movements; the pool is empty after.
        """
        hand = self._close_hand()
        self.ended = True
        dealer = hand.next_dealer
        assert dealer is not None
        pack: list[int] = []

        def shuffled_card() -> int:
            nonlocal pack
            if not pack:  # a fresh shuffle for the draw, and again should ties exhaust it
                pack = self._shuffle()
            return pack.pop()

        deal_card = cards_of(iter(draw)) if draw is not None else shuffled_card
        moves, cards_dealt = dispose_of_pool(self.rules, self.players, dealer, hand.pool, deal_card)
        self.end_transfers = moves
        self.end_draw = cards_dealt
        return moves

    @property
    def pool(self) -> int:
        """The stakes in the pool now (0 where the rules keep none, and once play has ended)."""
        if self.ended:
            return self.hand.pool - sum(move.amount for move in self.end_transfers)
        return self.hand.pool

    @property
    def totals(self) -> dict[int, int]:
        """Each seat's net gain in stakes over the closed hands and, choice, the current hand
        if it is finished (its result can still change by a claim until the next deal); of a
        hand not yet finished, what it has paid into the pool so far (contributions, fees),
        so that the totals and the pool always sum to nothing; and what the seat took from
        the pool when play ended."""
        totals = dict.fromkeys(range(self.players), 0)
        hands = self.history if self.ended else [*self.history, self.hand]
        for hand in hands:
            result = hand.result
            if result is None:
                for move in hand.pool_transfers:
                    if move.payer != POOL:
                        totals[move.payer] -= move.amount
                    else:
                        totals[move.payee] += move.amount
                continue
            for seat, amount in result.payments.items():
                totals[seat] += amount
        for move in self.end_transfers:
            totals[move.payee] += move.amount
        return totals


__all__ = ["Session"]
