"""The pool (option ``pool``; chapter ``pool``): an account of stakes beside the players'.

Where the rules keep a pool, it is fed by the fees of Peep and Purchase Nap
(:mod:`~napspec.reference.exchanges`), by the contributions and fines of the pool options, and
taken by a made Nap; it stays from deal to deal (a :class:`~napspec.reference.session.Session`
carries it), and a hand starts with the stakes already in it. Every movement into or out of
the pool is a :class:`~napspec.reference.events.Transfer` with :data:`~napspec.reference.events.POOL`
as its payer or payee, kept in order in the hand's pool account: the contract's ``pool``
answer is that account.

What moves, and when (rules ``pool.*``; every amount is the register's):

* as the hand starts, the contributions of option ``pool-contributions``, once for each turn
  to deal (interpretation pool-payment-per-turn-to-deal: a fresh deal by the same dealer pays
  nothing more): ``each-dealer``, the dealer's ``pool-per-dealer``; ``all-at-original-deal``,
  every player's ``pool-per-player`` when the first dealer of the session deals
  (interpretation peel-pool-all-at-original-deal); ``dealer-three-players-one``, both
  (interpretation hoyle-pool-dealer-three), reasons ``dealer-contribution`` and
  ``player-contribution``;
* when the hand is settled: under ``knaves-and-fives`` each player's ``pool-per-card`` for every
  knave and five not of trumps he played (interpretation hoyle-pool-knaves-and-fives; reason
  ``card-contribution``); under ``pool-fines`` = ``misdeal-one-stake`` the dealer's fine for a
  misdeal claimed and dealt afresh (interpretation pool-misdeal-fine; ``misdeal-fine``); then a
  made Nap, or a made call of interpretation pool-taken-beyond-nap, takes the whole pool
  (``pool-won``), and under ``pool-failed-nap`` = ``pays-pool-amount`` such a call that fails pays
  in as much as is there (``failed-nap``). Choice: the card contributions are paid first, so a
  Nap that makes takes them too and one that fails doubles the pool they made.
* the payments made stand when the hand is void (interpretation pool-payments-stand): a fresh
  deal voids only the settlement between the players.

A hand's ``result.payments`` include each seat's movements with the pool, so that the
payments and the pool's growth sum to nothing. The pool left when play ends is disposed of by
:func:`dispose_of_pool`.

What the pool reads and writes of the hand: the account (:class:`PoolAccount`) owns the stakes
in the pool and their movements; the exchanges pay their fees into it, and the settlement
has it settle its part, with what it needs to know (the outcome, the cards played, the
offences claimed, the contract).

>>> from napspec.reference.rules import Rules
>>> account = PoolAccount(Rules.profile("hoyle"), 4, dealer=0)
>>> account.pay_in(2, 1, "peep-fee"); account.stakes, account.moves
(1, [Transfer(payer=2, payee=-1, amount=1, reason='peep-fee')])
>>> from napspec.reference.hand import Hand
>>> hand = Hand(Rules.profile("peel", ["pool"]), 4, dealer=3, seed=1, pool=5, original_dealer=0)
>>> hand.pool, hand.pool_transfers
(6, (Transfer(payer=3, payee=-1, amount=1, reason='dealer-contribution'),))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from napspec.reference.cards import JACK, RANKS, rank_of, suit_of
from napspec.reference.contracts import MISERY, Contract
from napspec.reference.events import POOL, Transfer
from napspec.reference.rules import NAP, Rules
from napspec.reference.state import CLAIMED, Offences, Part

FIVE = RANKS.index("5")
"""The rank of the five: with the knave, the cards of ``knaves-and-fives``."""

SETTLEMENT_REASONS = frozenset({"card-contribution", "misdeal-fine", "pool-won", "failed-nap"})
"""The pool's movements made when the hand is settled, and made again if it is settled again
(a later claim): every other movement comes before the settlement."""


class PoolCard(NamedTuple):
    """In the draw for the pool when play ends, ``card`` is dealt to ``seat`` (``round`` 1,
    or later rounds among players tied for lowest)."""

    seat: int
    card: int
    round: int


class PoolAccount(Part):
    """The pool's side of a hand: what it holds, and every movement in or out, in order."""

    __slots__ = ("_dealer", "_players", "_rules", "moves", "stakes")

    def __init__(self, rules: Rules, players: int, dealer: int) -> None:
        self._rules = rules
        self._players = players
        self._dealer = dealer
        #: The stakes in the pool now (0 where the rules keep none).
        self.stakes = 0
        #: Every movement into or out of the pool in this hand, in order.
        self.moves: list[Transfer] = []

    def pay_in(self, seat: int, amount: int, reason: str) -> None:
        """``seat`` pays ``amount`` stakes into the pool, for ``reason``."""
        if amount:
            self.stakes += amount
            self.moves.append(Transfer(seat, POOL, amount, reason))

    def pay_out(self, seat: int, amount: int, reason: str) -> None:
        """``seat`` takes ``amount`` stakes out of the pool, for ``reason``."""
        if amount:
            self.stakes -= amount
            self.moves.append(Transfer(POOL, seat, amount, reason))

    def open(self, pool: int, original_dealer: int | None, same_turn: bool) -> None:
        """The hand starts with ``pool`` stakes in the pool; the contributions of the turn to
        deal are paid (unless the hand is a fresh deal in the same turn, ``same_turn``)."""
        rules = self._rules
        players = self._players
        if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
            raise ValueError(f"the pool holds a whole number of stakes, 0 or more, not {pool!r}")
        if original_dealer is not None and (
            isinstance(original_dealer, bool)
            or not isinstance(original_dealer, int)
            or not 0 <= original_dealer < players
        ):
            raise ValueError(f"the original dealer must be a seat from 0 to {players - 1}, not {original_dealer!r}")
        if rules.pool != "played":
            if pool:
                raise ValueError("a pool is kept only under option 'pool' = 'played'")
            return
        self.stakes = pool
        contributions = rules.pool_contributions
        if same_turn or contributions in ("none", "knaves-and-fives"):
            return
        dealer = self._dealer
        per_player = rules.pool_amount("pool-contributions", "pool-per-player")
        if contributions == "all-at-original-deal":
            if original_dealer is None:
                raise ValueError("under pool-contributions = 'all-at-original-deal' the original dealer must be given")
            if dealer == original_dealer:
                for seat in _from_left(dealer, players):
                    self.pay_in(seat, per_player, "player-contribution")
            return
        self.pay_in(dealer, rules.pool_amount("pool-contributions", "pool-per-dealer"), "dealer-contribution")
        if contributions == "dealer-three-players-one":
            for seat in _from_left(dealer, players):
                if seat != dealer:
                    self.pay_in(seat, per_player, "player-contribution")

    def settle(
        self,
        rules: Rules,
        outcome: str,
        played: Callable[[], Sequence[tuple[int, int]]],
        trumps: int | None,
        offences: Offences,
        contract: Contract | None,
        soloist: int | None,
    ) -> None:
        """The pool's part of the settlement under ``rules`` (see the module's docstring), made
        afresh if the hand is settled again: ``played`` gives the cards played, (seat, card) in
        order; ``trumps`` is the trump suit; ``offences`` are the hand's."""
        moves = self.moves
        while moves and moves[-1].reason in SETTLEMENT_REASONS:
            undone = moves.pop()
            self.stakes -= undone.amount if undone.payer != POOL else -undone.amount
        per_card = rules.pool_amount("pool-contributions", "pool-per-card")
        if per_card:
            for seat, card in played():
                if suit_of(card) != trumps and rank_of(card) in (JACK, FIVE):
                    self.pay_in(seat, per_card, "card-contribution")
        fine = rules.pool_amount("pool-fines", "pool-fine")
        if fine and outcome == "fresh-deal":
            for offence, state in zip(offences.offences, offences.states):
                if offence.kind == "misdeal" and state == CLAIMED:
                    self.pay_in(self._dealer, fine, "misdeal-fine")
                    break
        if contract is None or soloist is None or contract.declaration == MISERY or contract.tricks < NAP:
            return  # interpretation pool-taken-beyond-nap: only the calls of Nap and above
        if outcome == "made":
            self.pay_out(soloist, self.stakes, "pool-won")
        elif outcome == "defeated" and rules.pool_failed_nap == "pays-pool-amount":
            self.pay_in(soloist, self.stakes, "failed-nap")


def _from_left(dealer: int, players: int) -> list[int]:
    """The seats from the dealer's left round to the dealer."""
    return [(dealer + i) % players for i in range(1, players + 1)]


def dispose_of_pool(
    rules: Rules, players: int, dealer: int, pool: int, deal_card: Callable[[], int]
) -> tuple[list[Transfer], list[PoolCard]]:
    """The pool of ``pool`` stakes disposed of when play ends (rule pool.end-of-session): the
    movements out of it, and the cards of the draw, if one was made.

    Under ``divided-equally`` each player takes an equal share in whole stakes
    (``pool-divided``) and the stakes left over are drawn for (interpretation
    pool-division-remainder); under ``drawn-for`` the whole pool is. In the draw ``deal_card``
    gives the next card of the pack (the pack in play, interpretation short-pack-draw),
    dealt to the seats from the dealer's left round to the dealer (the regular ``dealer``);
    the lowest card takes it, the ace high, and those tied for lowest draw again in the same
    order (interpretation pool-draw-ties). Every seat takes part, a dealer sitting out too.

    >>> from napspec.reference.cards import parse_cards
    >>> cards = iter(parse_cards("9C 4D 4H KS 2S 3C"))
    >>> moves, draw = dispose_of_pool(Rules.profile("peel", ["pool"]), 4, 3, 9, cards.__next__)
    >>> [(m.payee, m.amount, m.reason) for m in moves][-2:]
    [(3, 2, 'pool-divided'), (1, 1, 'pool-drawn')]
    >>> [(c.seat, c.round) for c in draw]
    [(0, 1), (1, 1), (2, 1), (3, 1), (1, 2), (2, 2)]
    """
    if rules.pool != "played" or rules.pool_end == "none":
        if pool:
            raise ValueError("a pool is disposed of only under option 'pool' = 'played', with option 'pool-end'")
        return [], []
    moves: list[Transfer] = []
    left = pool
    seats = _from_left(dealer, players)
    if rules.pool_end == "divided-equally":
        share = pool // players
        if share:
            for seat in seats:
                moves.append(Transfer(POOL, seat, share, "pool-divided"))
            left -= share * players
    draw: list[PoolCard] = []
    if left:
        winner = _draw_lowest(seats, deal_card, draw)
        moves.append(Transfer(POOL, winner, left, "pool-drawn"))
    return moves, draw


def _draw_lowest(seats: list[int], deal_card: Callable[[], int], draw: list[PoolCard]) -> int:
    """The seat whose card is lowest, the ace high; those tied draw again."""
    drawing = seats
    round_number = 1
    while True:
        ranks: dict[int, int] = {}
        for seat in drawing:
            card = deal_card()
            draw.append(PoolCard(seat, card, round_number))
            ranks[seat] = rank_of(card)  # the ace ranks highest, as Peel's draw for the pool has it
        lowest = min(ranks.values())
        drawing = [seat for seat in drawing if ranks[seat] == lowest]
        if len(drawing) == 1:
            return drawing[0]
        round_number += 1


def cards_of(cards: Iterator[int]) -> Callable[[], int]:
    """A ``deal_card`` for :func:`dispose_of_pool` from a stacked draw, which raises
    :class:`ValueError` when it runs out."""

    def deal_card() -> int:
        card = next(cards, None)
        if card is None:
            raise ValueError("the cards given for the draw for the pool ran out before one player was lowest")
        return card

    return deal_card


__all__ = ["FIVE", "SETTLEMENT_REASONS", "PoolAccount", "PoolCard", "cards_of", "dispose_of_pool"]
