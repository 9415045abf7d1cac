"""Exchanges: Purchase (Écarté) Nap between the deal and the calling, Peep Nap in and after it
(chapter ``exchanges``; options ``peep``, ``purchase``).

The plain game has no exchanges: the deal complete, the calling begins, and when it is over
the soloist leads. Two forms of the game, played apart (interpretation exchanges-apart) and
never at seven-card Nap, change cards for a fee paid into the pool
(:mod:`~napspec.reference.pool`):

* Purchase Nap (rule ``exchanges.purchase``): "After the dealer has dealt, and before anybody
  starts calling, the dealer goes round again in turn, and serves out fresh cards from the
  pack in exchange for as many cards as the players may wish to throw away" (Hoyle, p. 97).
  Phase ``purchase``: one turn each, from the dealer's left, the dealer last (a dealer who
  sits out has none, interpretation purchase-once-a-deal); in it a player throws away from
  none to five of his cards (:class:`~napspec.reference.actions.Buy`) and is served as many
  from the top of the stock, paying the value's ``purchase-fee`` a card. He may buy no more
  than the stock holds (interpretation purchase-stock-runs-out). The cards thrown away lie
  face down out of play.
* Peep Nap (rules ``exchanges.peep-card``, ``exchanges.peep``, ``exchanges.peep-exchange``):
  one card more is dealt face down to the table when the hands are complete (interpretation
  peep-card-dealt-last). A player in his turn to call may, before he calls or passes, peep at
  it once (:class:`~napspec.reference.actions.Peep`), paying the value's ``peep-fee``
  (interpretation peep-once). When the calling is over, the soloist, if he peeped, may take
  it for a card of his hand or leave it (phase ``peep-exchange``,
  :class:`~napspec.reference.actions.TakePeepCard`,
  :class:`~napspec.reference.actions.DeclinePeepCard`; interpretation peep-superior-caller);
  the card given up, or the peep card left, lies face down out of play (interpretation
  peep-card-given-up). A soloist who did not peep leads at once.

Choice (interpretation exchanges-replay-after-exchanges): the holdings as play began, after
the exchanges, are those a replay of the hand restores; the cards thrown away stay out of play
and the fees stand.

>>> from napspec.reference.hand import Hand
>>> from napspec.reference.rules import Rules
>>> from napspec.reference.cards import FULL_PACK, format_cards, parse_cards
>>> from napspec.reference.actions import Buy
>>> hands = {0: parse_cards("2C 3C 4C 5C 6C"), 1: parse_cards("2D 3D 4D 5D 6D"), 2: parse_cards("2H 3H 4H 5H 6H")}
>>> top = parse_cards("AS KS QS")  # the stock, from the top: these, then the rest in card order
>>> stock = [*top] + [card for card in FULL_PACK if card not in top and all(card not in h for h in hands.values())]
>>> hand = Hand.stacked(Rules.profile("hoyle", ["purchase"]), 3, 0, hands, stock=stock)
>>> hand.phase, hand.to_act, len(hand.legal_actions())
('purchase', 1, 32)
>>> hand.apply(Buy(1, tuple(parse_cards("2D 3D")))); format_cards(hand.holding(1)), hand.pool
('4D 5D 6D KS AS', 2)
>>> hand.apply(Buy(2, ())); hand.apply(Buy(0, tuple(parse_cards("2C")))); hand.phase, hand.to_act
('calling', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from napspec.reference.actions import (
    DECLINE_PEEP,
    PEEP,
    Action,
    Buy,
    DeclinePeepCard,
    Peep,
    TakePeepCard,
)
from napspec.reference.cards import PACK_SIZE, format_card
from napspec.reference.errors import (
    BadPurchase,
    CardNotHeld,
    NotEnoughStock,
    NotProvidedFor,
    NotYourTurn,
    WrongPhase,
)
from napspec.reference.events import Bought, PeepCardDeclined, PeepCardTaken, Peeped
from napspec.reference.state import CALLING, PEEP_EXCHANGE_PHASE, PLAY_PHASE, PURCHASE_PHASE, HandState


class Exchanges(HandState):
    """The purchase before the calling, the peep in it and the peep exchange after it."""

    __slots__ = ()

    # ------------------------------------------------------------------ Purchase Nap

    def _begin_exchanges(self) -> None:
        """The deal is complete. Under Purchase Nap the dealer sells fresh cards, from his left
        and himself last; otherwise (the plain game, Peep Nap) the calling begins at once."""
        if self._rules.purchase != "played":
            self._start_calling()
            return
        self._phase = PURCHASE_PHASE
        self._to_act = self._geo.order[0]

    def _buys_open(self) -> tuple[Action, ...]:
        """Every purchase open to the player to buy: each set of his cards, from none up to five
        and up to what the stock holds, in card order."""
        seat: int = self._to_act  # type: ignore[assignment]  # never None in the purchase
        most = min(self._rules.cards_each, len(self._stock))
        holding = tuple(dict.fromkeys(self._holdings[seat]))  # a faulty pack's repeat, once
        buys: list[Action] = []
        for size in range(min(most, len(holding)) + 1):
            buys.extend(Buy(seat, cards) for cards in combinations(holding, size))
        return tuple(buys)

    def _do_buy(self, action: Buy) -> None:
        if self._phase != PURCHASE_PHASE:
            raise WrongPhase(f"fresh cards are bought before the calling, not in phase {self._phase!r}")
        seat = action.seat
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} buys next (each player buys once, in turn)")
        cards = action.cards
        most = self._rules.cards_each
        if (
            not isinstance(cards, tuple)
            or any(type(card) is not int for card in cards)
            or len(set(cards)) != len(cards)
            or len(cards) > most
        ):
            raise BadPurchase(f"a purchase throws away from none to {most} distinct cards, not {cards!r}")
        holding = self._holdings[seat]
        for card in cards:
            if card not in holding:
                raise CardNotHeld(f"seat {seat} does not hold {format_card(card) if 0 <= card < PACK_SIZE else card}")
        stock = self._stock
        count = len(cards)
        if count > len(stock):
            raise NotEnoughStock(
                f"the stock holds {len(stock)} cards: seat {seat} cannot buy {count}"
                " (interpretation purchase-stock-runs-out)"
            )
        # Everything is checked: from here on the hand changes.
        thrown = tuple(sorted(cards))
        served = tuple(stock[:count])
        for card in thrown:
            holding.remove(card)
        holding.extend(served)
        holding.sort()  # every holding is kept in card order
        self._stock = tuple(stock[count:])
        self._thrown += thrown
        self._buyers += (seat,)
        self._events.append(Bought(seat, thrown, served))
        self._pay_into_pool(seat, count * self._rules.fee("purchase"), "purchase-fee")
        order = self._geo.order
        if len(self._buyers) < len(order):
            self._to_act = order[len(self._buyers)]
            return
        # A replay of the hand restores the holdings as play began, after the purchases.
        self._before_play = tuple(map(tuple, self._holdings))
        self._start_calling()

    # ------------------------------------------------------------------ Peep Nap

    def _with_peep(self, calls: Sequence[Action]) -> Sequence[Action]:
        """The actions open to the player to call, ``calls`` being the others: a peep too, if
        he has not peeped (and has not taken Sir Garnet's extra hand, his discard owed)."""
        seat: int = self._to_act  # type: ignore[assignment]  # never None in the calling
        if self._taker is not None or seat in self._peeped:
            return calls
        return (*calls, PEEP[seat])

    def _do_peep(self, action: Peep) -> None:
        # The right before the moment, as for a question (the contract, section 8): under rules
        # without peep a peep is not provided for, whatever the phase.
        if self._rules.peep != "played":
            raise NotProvidedFor("these rules have no peep (option 'peep')")
        if self._phase != CALLING:
            raise WrongPhase(f"a player peeps in his turn to call, not in phase {self._phase!r}")
        seat = action.seat
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} calls next: a player peeps only in his own turn to call")
        if seat in self._peeped:
            raise NotProvidedFor(f"seat {seat} has peeped already: once in a deal (interpretation peep-once)")
        if self._taker is not None:
            raise NotProvidedFor(f"seat {seat} has taken the extra hand: he must discard five cards, his call of Nap")
        if self._peep_card is None:
            raise NotProvidedFor("there is no peep card on the table")
        self._peeped += (seat,)
        self._events.append(Peeped(seat))
        self._pay_into_pool(seat, self._rules.fee("peep"), "peep-fee")

    def _begin_peep_exchange(self) -> None:
        """The calling is over and the soloist peeped: he may take the peep card before he leads."""
        self._phase = PEEP_EXCHANGE_PHASE
        self._to_act = self._soloist

    def _peep_exchanges_open(self) -> tuple[Action, ...]:
        """The soloist takes the peep card for any card he holds, or leaves it."""
        seat: int = self._to_act  # type: ignore[assignment]  # the soloist
        takes: list[Action] = [TakePeepCard(seat, card) for card in dict.fromkeys(self._holdings[seat])]
        takes.append(DECLINE_PEEP[seat])
        return tuple(takes)

    def _check_exchanger(self, seat: int) -> None:
        if self._phase != PEEP_EXCHANGE_PHASE:
            raise WrongPhase(f"the peep card is taken when the calling is over, not in phase {self._phase!r}")
        if seat != self._to_act:
            raise NotYourTurn(f"only the soloist (seat {self._to_act}) may take the peep card")

    def _do_take_peep_card(self, action: TakePeepCard) -> None:
        seat = action.seat
        self._check_exchanger(seat)
        card = action.card
        holding = self._holdings[seat]
        if type(card) is not int or card not in holding:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        peep_card = self._peep_card
        assert peep_card is not None  # the phase is entered only with the card on the table
        holding.remove(card)
        holding.append(peep_card)
        holding.sort()
        self._thrown += (card,)
        self._peep_card = None
        self._events.append(PeepCardTaken(seat, card))
        # A replay of the hand restores the holdings as play began, after the exchange.
        self._before_play = tuple(map(tuple, self._holdings))
        self._phase = PLAY_PHASE
        self._start_play()

    def _do_decline_peep_card(self, action: DeclinePeepCard) -> None:
        seat = action.seat
        self._check_exchanger(seat)
        peep_card = self._peep_card
        assert peep_card is not None
        self._thrown += (peep_card,)
        self._peep_card = None
        self._events.append(PeepCardDeclined(seat))
        self._phase = PLAY_PHASE
        self._start_play()
