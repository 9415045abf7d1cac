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

What the exchanges read and write of the hand: the purchase (:class:`Purchase`, the part in
force in phase ``purchase``) owns the turns to buy; the peep card (:class:`PeepCard`, made with the
calling, in force in phase ``peep-exchange``) owns who peeped. Both write the
:class:`~napspec.reference.state.Cards` (the holdings, the stock, the peep card, the cards
thrown away, the holdings as play begins), pay their fees into the pool (:class:`Payments`)
and append their events. The calling asks the peep for its actions in a turn to call. The
purchase is over when every player has had his turn, the peep exchange when the soloist has
taken the peep card or left it.

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
from typing import Protocol

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
)
from napspec.reference.events import Bought, Event, PeepCardDeclined, PeepCardTaken, Peeped
from napspec.reference.rules import Rules
from napspec.reference.state import PEEP_EXCHANGE_PHASE, PURCHASE_PHASE, Cards, Phase
from napspec.reference.table import Table

PEEP_OUT_OF_PHASE = "a player peeps in his turn to call, not in phase {phase!r}"
"""What a player is told who peeps outside the calling (the hand refuses it: a peep is taken
in the calling, see :meth:`PeepCard.do_peep`)."""


class Payments(Protocol):
    """What the exchanges need of the pool (:class:`~napspec.reference.pool.PoolAccount`): the
    fees are paid into it."""

    def pay_in(self, seat: int, amount: int, reason: str) -> None:
        """``seat`` pays ``amount`` stakes into the pool, for ``reason``."""


# ---------------------------------------------------------------------- Purchase Nap


class Purchase(Phase):
    """The purchase before the calling (phase ``purchase``): the dealer sells fresh cards,
    from his left and himself last."""

    __slots__ = ("_cards", "_events", "_pool", "_rules", "_table", "buyers")

    TAKES = ((Buy, "do_buy", "fresh cards are bought before the calling, not in phase {phase!r}"),)

    def __init__(self, rules: Rules, table: Table, cards: Cards, events: list[Event], pool: Payments) -> None:
        self._rules = rules
        self._table = table
        self._cards = cards
        self._events = events
        self._pool = pool
        #: The seats that have had their turn to buy (or refuse), in order.
        self.buyers: tuple[int, ...] = ()
        self.phase = PURCHASE_PHASE
        self.to_act = table.order[0]
        self.over = False

    def legal_actions(self) -> tuple[Action, ...]:
        """Every purchase open to the player to buy: each set of his cards, from none up to five
        and up to what the stock holds, in card order."""
        seat: int = self.to_act  # type: ignore[assignment]  # never None in the purchase
        cards = self._cards
        most = min(self._rules.cards_each, len(cards.stock))
        holding = tuple(dict.fromkeys(cards.holdings[seat]))  # a faulty pack's repeat, once
        buys: list[Action] = []
        for size in range(min(most, len(holding)) + 1):
            buys.extend(Buy(seat, chosen) for chosen in combinations(holding, size))
        return tuple(buys)

    def do_buy(self, action: Buy) -> None:
        seat = action.seat
        if seat != self.to_act:
            raise NotYourTurn(f"seat {self.to_act} buys next (each player buys once, in turn)")
        cards = action.cards
        most = self._rules.cards_each
        if (
            not isinstance(cards, tuple)
            or any(type(card) is not int for card in cards)
            or len(set(cards)) != len(cards)
            or len(cards) > most
        ):
            raise BadPurchase(f"a purchase throws away from none to {most} distinct cards, not {cards!r}")
        table_cards = self._cards
        holding = table_cards.holdings[seat]
        for card in cards:
            if card not in holding:
                raise CardNotHeld(f"seat {seat} does not hold {format_card(card) if 0 <= card < PACK_SIZE else card}")
        stock = table_cards.stock
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
        table_cards.stock = tuple(stock[count:])
        table_cards.thrown += thrown
        self.buyers += (seat,)
        self._events.append(Bought(seat, thrown, served))
        self._pool.pay_in(seat, count * self._rules.fee("purchase"), "purchase-fee")
        order = self._table.order
        if len(self.buyers) < len(order):
            self.to_act = order[len(self.buyers)]
            return
        # A replay of the hand restores the holdings as play began, after the purchases.
        table_cards.before_play = tuple(map(tuple, table_cards.holdings))
        self.over = True


# ---------------------------------------------------------------------- Peep Nap


def check_peep_played(rules: Rules) -> None:
    """Under rules without peep a peep is not provided for, whatever the phase: the right
    before the moment, as for a question (the contract, section 8)."""
    if rules.peep != "played":
        raise NotProvidedFor("these rules have no peep (option 'peep')")


_AFTER_THE_CALLING = "the peep card is taken when the calling is over, not in phase {phase!r}"


class PeepCard(Phase):
    """The peep card: peeped at in the calling (:meth:`do_peep`, :meth:`with_peep`), then,
    when the calling is over, taken or left by a soloist who peeped (phase
    ``peep-exchange``, :meth:`begin_exchange`)."""

    __slots__ = ("_cards", "_events", "_pool", "_rules", "peeped")

    TAKES = (
        (TakePeepCard, "do_take_peep_card", _AFTER_THE_CALLING),
        (DeclinePeepCard, "do_decline_peep_card", _AFTER_THE_CALLING),
    )

    def __init__(self, rules: Rules, cards: Cards, events: list[Event], pool: Payments) -> None:
        self._rules = rules
        self._cards = cards
        self._events = events
        self._pool = pool
        #: The seats that peeped, in order.
        self.peeped: tuple[int, ...] = ()
        self.phase = PEEP_EXCHANGE_PHASE
        self.to_act = None
        self.over = False

    def with_peep(self, calls: Sequence[Action], seat: int, taker: int | None) -> Sequence[Action]:
        """The actions open to ``seat``, to call, ``calls`` being the others: a peep too, if he
        has not peeped (and nobody has taken Sir Garnet's extra hand, his discard owed:
        ``taker``)."""
        if taker is not None or seat in self.peeped:
            return calls
        return (*calls, PEEP[seat])

    def do_peep(self, action: Peep, to_act: int | None, taker: int | None) -> None:
        """A peep in the calling (the hand has checked the rules and the phase), ``to_act``
        being the player to call and ``taker`` the taker of the extra hand, his discard owed."""
        seat = action.seat
        if seat != to_act:
            raise NotYourTurn(f"seat {to_act} calls next: a player peeps only in his own turn to call")
        if seat in self.peeped:
            raise NotProvidedFor(f"seat {seat} has peeped already: once in a deal (interpretation peep-once)")
        if taker is not None:
            raise NotProvidedFor(f"seat {seat} has taken the extra hand: he must discard five cards, his call of Nap")
        if self._cards.peep_card is None:
            raise NotProvidedFor("there is no peep card on the table")
        self.peeped += (seat,)
        self._events.append(Peeped(seat))
        self._pool.pay_in(seat, self._rules.fee("peep"), "peep-fee")

    def offers_exchange(self, soloist: int) -> bool:
        """Whether ``soloist``, the calling over, may take the peep card before he leads: if he
        peeped (interpretation peep-superior-caller)."""
        return soloist in self.peeped

    def begin_exchange(self, soloist: int) -> None:
        """The calling is over and the soloist peeped: he may take the peep card before he leads."""
        self.to_act = soloist

    def legal_actions(self) -> tuple[Action, ...]:
        """The soloist takes the peep card for any card he holds, or leaves it."""
        seat: int = self.to_act  # type: ignore[assignment]  # the soloist
        takes: list[Action] = [TakePeepCard(seat, card) for card in dict.fromkeys(self._cards.holdings[seat])]
        takes.append(DECLINE_PEEP[seat])
        return tuple(takes)

    def _check_exchanger(self, seat: int) -> None:
        if seat != self.to_act:
            raise NotYourTurn(f"only the soloist (seat {self.to_act}) may take the peep card")

    def do_take_peep_card(self, action: TakePeepCard) -> None:
        seat = action.seat
        self._check_exchanger(seat)
        card = action.card
        cards = self._cards
        holding = cards.holdings[seat]
        if type(card) is not int or card not in holding:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        peep_card = cards.peep_card
        assert peep_card is not None  # the phase is entered only with the card on the table
        holding.remove(card)
        holding.append(peep_card)
        holding.sort()
        cards.thrown += (card,)
        cards.peep_card = None
        self._events.append(PeepCardTaken(seat, card))
        # A replay of the hand restores the holdings as play began, after the exchange.
        cards.before_play = tuple(map(tuple, cards.holdings))
        self.over = True

    def do_decline_peep_card(self, action: DeclinePeepCard) -> None:
        seat = action.seat
        self._check_exchanger(seat)
        cards = self._cards
        peep_card = cards.peep_card
        assert peep_card is not None
        cards.thrown += (peep_card,)
        cards.peep_card = None
        self._events.append(PeepCardDeclined(seat))
        self.over = True


__all__ = ["PEEP_OUT_OF_PHASE", "Payments", "PeepCard", "Purchase", "check_peep_played"]
