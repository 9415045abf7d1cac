"""Set-up and deal: the pack, the cut and the deal (rules ``dealing.*``): phases ``cut`` and
``deal``.

A hand begins in phase ``cut`` with a pack (shuffled, or stacked by the caller), or, made by
:meth:`~napspec.reference.hand.Hand.stacked`, at the calling with the holdings given. The
player on the dealer's right cuts (option ``cut-minimum`` bounds the depth); the dealer
deals five cards to each playing seat (seven at seven-card Nap) by the pattern of option
``deal-pattern``, and, under Sir Garnet, one more hand of as many cards, served last in each
round and left face down (interpretations sir-garnet-dealt-last, sir-garnet-face-down); under
Peep Nap the next card, face down on the table (interpretation peep-card-dealt-last); the
undealt cards are the stock, in the order the pack leaves them (Purchase Nap serves from its
top). A faulty pack, an uncut deal, a card exposed in dealing and a misdeal are
accepted only in a hand with ``allow_irregular``, and recorded as offences (their remedies are
in :mod:`~napspec.reference.claims`).

The count of cards enters through the table's getters (:mod:`~napspec.reference.table`) and
:func:`irregular_schedule`.

What the deal reads and writes of the hand: it owns the pack (:attr:`Deal.deck`,
:attr:`Deal.pack`, :attr:`Deal.cut`); it writes every field of the
:class:`~napspec.reference.state.Cards` (the holdings, the stock, the extra hand, the peep
card), records the faults of the deal in the :class:`~napspec.reference.state.Offences`, and
appends its events. Its phase is over when the cards are dealt.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import countOf as _count_of

from napspec.reference.actions import CUT, DEAL, Action, Cut, DealCards
from napspec.reference.cards import (
    FULL_PACK,
    PACK_SIZE,
    check_card,
    format_cards,
    pack_faults,
    shuffled,
    shuffled_pack,
)
from napspec.reference.errors import BadCut, BadDeal, IrregularPlayNotAllowed, NotYourTurn
from napspec.reference.events import Dealt, Event, PackCut
from napspec.reference.rules import CARDS_EACH, Rules
from napspec.reference.state import CUT_PHASE, DEAL_PHASE, Cards, Offences, Phase, new_record
from napspec.reference.table import Table, deal_rounds

FULL_SET = frozenset(FULL_PACK)
FULL_BYTES = bytes(FULL_PACK)


class Deal(Phase):
    """The pack, the cut and the deal: the part in force in phases ``cut`` and ``deal``.

    Made with the hand; :meth:`from_pack` takes the pack and waits for the cut, or
    :meth:`stacked` gives out the holdings as if dealt.
    """

    __slots__ = ("_cards", "_events", "_irregular", "_offences", "_rules", "_table", "cut", "deck", "pack")

    TAKES = (
        (Cut, "do_cut", "no cut in phase {phase!r}"),
        (DealCards, "do_deal", "no deal in phase {phase!r}"),
    )

    def __init__(
        self,
        rules: Rules,
        table: Table,
        cards: Cards,
        offences: Offences,
        events: list[Event],
        irregular: bool,
    ) -> None:
        self._rules = rules
        self._table = table
        self._cards = cards
        self._offences = offences
        self._events = events
        self._irregular = irregular
        #: The pack as given or shuffled, top first, before the cut (``None`` if stacked).
        self.deck: tuple[int, ...] | None = None
        #: The pack in its present order (after the cut, as cut); empty if stacked.
        self.pack: tuple[int, ...] = ()
        #: How many cards the cut put under (``None`` before the cut, or if uncut).
        self.cut: int | None = None
        self.phase = CUT_PHASE
        self.to_act = table.cutter
        self.over = False

    def from_pack(self, deck: Sequence[int] | None, seed: int | None, allow_irregular: bool) -> None:
        """Take the pack (``deck``, top card first, or shuffled by ``seed``) and wait for the cut."""
        table = self._table
        dealer = table.dealer
        faults: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        # The pack in play: the full pack, or a shortened one (rule players.short-pack).
        whole, size, whole_bytes = (
            (FULL_PACK, PACK_SIZE, FULL_BYTES) if self._rules.pack == "full" else _short_pack(self._rules, table.n)
        )
        if deck is None:
            rng = random.Random(seed)
            pack = tuple(shuffled_pack(rng) if size == PACK_SIZE else shuffled(whole, rng))
        else:
            pack = tuple(deck)
            # Every card an exact int (counted in C by countOf: 1.0 or True would pass for the
            # card 1 below), and every card of the pack in play there: then, as many as it has,
            # they are its cards, each once (checked in C, by the bytes of the pack).
            if len(pack) != size or _count_of(map(type, pack), int) != size or not _is_whole(pack, whole_bytes):
                for c in pack:
                    check_card(c)
                faults = pack_faults(pack, whole)
                if len(pack) != size or faults != ((), ()):
                    if not allow_irregular:
                        raise ValueError(
                            f"not a sound pack ({len(pack)} cards; missing: {format_cards(faults[0]) or 'none'};"
                            f" repeated: {format_cards(faults[1]) or 'none'}); a faulty pack needs allow_irregular=True"
                        )
                else:
                    faults = None
            minimum = self._rules.cut_minimum
            if len(pack) < table.dealt + self._peep_cards() or len(pack) < 2 * minimum:
                raise ValueError(f"a pack of {len(pack)} cards cannot be cut and dealt to {self._hands_dealt()} hands")
        self.deck = self.pack = pack  # an immutable tuple: the cut makes a new one
        self._cards.dupes = faults is not None and faults[1] != ()
        if faults is not None:
            missing, repeated = faults
            self._offences.record(
                "faulty-pack",
                dealer,  # a fault of the deal is the dealer's, like the others
                detail=f"{len(pack)} cards; missing: {format_cards(missing) or 'none'}; "
                f"repeated: {format_cards(repeated) or 'none'}",
            )

    def _peep_cards(self) -> int:
        """The cards dealt to the table after the hands: Peep Nap's one card."""
        return 1 if self._rules.peep == "played" else 0

    def _hands_dealt(self) -> int:
        """The hands a regular deal serves: the players', and Sir Garnet's extra hand."""
        return self._table.hands + (1 if self._rules.sir_garnet == "played" else 0)

    def stacked(
        self,
        hands: Mapping[int, Sequence[int]],
        allow_irregular: bool,
        extra_hand: Sequence[int] | None,
        peep_card: int | None = None,
        stock: Sequence[int] | None = None,
    ) -> None:
        """Give out the holdings ``hands`` (seat → cards), the extra hand and the peep card, as if
        dealt, the ``stock`` (top first) left; see ``Hand.stacked``."""
        geo = self._table
        players = geo.n
        cards_each = self._rules.cards_each
        holdings: list[list[int]] = [[] for _ in range(players)]
        seen: set[int] = set()

        def take(cards: Sequence[int]) -> None:
            for c in cards:
                check_card(c)
                if c in seen:
                    raise ValueError(f"card {format_cards([c])} is given twice")
                seen.add(c)

        for seat, cards in hands.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"{seat!r} is not a seat at a table of {players}")
            if geo.sits_out and seat == geo.dealer and len(cards) > 0:
                raise ValueError(f"the dealer (seat {seat}) sits out and holds no cards")
            take(cards)
            holdings[seat] = sorted(cards)
        if extra_hand is not None:
            if self._rules.sir_garnet != "played":
                raise ValueError("an extra hand is dealt only under Sir Garnet (option 'sir-garnet' = 'played')")
            if len(extra_hand) != cards_each:
                raise ValueError(f"the extra hand must be of {cards_each} cards, not {len(extra_hand)}")
            take(extra_hand)
        if (peep_card is not None) != (self._rules.peep == "played"):
            raise ValueError(
                "a peep card lies on the table exactly under Peep Nap (option 'peep' = 'played'): "
                + ("give it" if peep_card is None else "there is none under these rules")
            )
        if peep_card is not None:
            take([peep_card])
        wrong = [s for s in geo.order if len(holdings[s]) != cards_each]
        if wrong and not allow_irregular:
            raise ValueError(
                f"every player must hold {cards_each} cards; "
                + ", ".join(f"seat {s} holds {len(holdings[s])}" for s in wrong)
                + " (a wrong number needs allow_irregular=True)"
            )
        whole_set = FULL_SET if self._rules.pack == "full" else frozenset(_short_pack(self._rules, players)[0])
        outside = seen - whole_set
        if outside:
            raise ValueError(f"cards not in the pack in play (option 'pack'): {format_cards(sorted(outside))}")
        rest = whole_set - seen
        if stock is not None:
            for c in stock:
                check_card(c)
            if len(stock) != len(rest) or set(stock) != rest:
                raise ValueError(
                    "the stock must be the cards nobody holds"
                    + (", nor the extra hand" if extra_hand is not None else "")
                    + (", nor the peep card" if peep_card is not None else "")
                    + f", each once: {format_cards(sorted(rest)) or 'none'}"
                )
        table_cards = self._cards
        table_cards.stock = tuple(stock) if stock is not None else sorted(rest)
        table_cards.peep_card = peep_card
        # Choice (interpretation stacked-without-extra-hand): a stacked start under Sir Garnet
        # that gives no extra hand has none; the undealt cards are all stock.
        table_cards.extra = sorted(extra_hand) if extra_hand is not None else None
        self.install_holdings(holdings, "stacked", False)
        for s in wrong:
            self._offences.record("wrong-number", s, held=len(holdings[s]), detail=f"holds {len(holdings[s])} cards")

    def legal_actions(self) -> tuple[Action, ...]:
        """In the cut, every cut that leaves ``cut-minimum`` cards in each packet; then the deal."""
        if self.phase == DEAL_PHASE:
            return (DEAL[self._table.dealer],)
        key = (self._table.cutter, self._rules.cut_minimum, len(self.pack))
        cuts = CUT_CACHE.get(key)
        if cuts is None:
            cuts = CUT_CACHE[key] = cut_actions(*key)
        return cuts

    def do_cut(self, action: Cut) -> None:
        if self.phase != CUT_PHASE:
            raise self.out_of_phase(Cut)
        if action.seat != self.to_act:
            raise NotYourTurn(f"the pack is cut by the player on the dealer's right (seat {self.to_act})")
        depth = action.depth
        minimum = self._rules.cut_minimum
        size = len(self.pack)
        # An exact int (the usual case) passes the type test at once; a bool never does.
        if (type(depth) is not int and (isinstance(depth, bool) or not isinstance(depth, int))) or not (
            minimum <= depth <= size - minimum
        ):
            raise BadCut(
                f"a cut of {depth!r} cards: each packet must keep at least {minimum} "
                f"(cut from {minimum} to {size - minimum}; option 'cut-minimum')"
            )
        self.pack = self.pack[depth:] + self.pack[:depth]
        self.cut = depth
        self._events.append(new_record(PackCut, (action.seat, depth)))
        self.phase = DEAL_PHASE
        self.to_act = self._table.dealer

    def do_deal(self, action: DealCards) -> None:
        phase = self.phase
        geo = self._table
        dealer = geo.dealer
        if action.seat != dealer:
            raise NotYourTurn(f"seat {dealer} deals")
        irregular = phase == CUT_PHASE or action.exposed is not None or action.counts is not None
        if irregular and not self._irregular:
            if phase == CUT_PHASE:
                raise IrregularPlayNotAllowed("the pack must be cut before the deal")
            raise IrregularPlayNotAllowed("an irregular deal needs a hand with allow_irregular=True")
        pack = self.pack
        exposed = action.exposed
        if exposed is not None and (isinstance(exposed, bool) or not isinstance(exposed, int) or exposed not in pack):
            raise BadDeal(f"{exposed!r} is not a card of the pack")
        counts = action.counts
        regular = counts is None or self._check_counts(counts, len(pack))
        # Everything is checked: from here on the hand changes.
        offences = self._offences
        if phase == CUT_PHASE:
            offences.record("uncut", dealer, detail="dealt without being cut")
        order = geo.order
        holdings: list[list[int]]
        rules = self._rules
        cards = self._cards
        cards_each = rules.cards_each
        if regular:  # each seat's cards, by the table's getters, sorted into card order
            holdings = []
            for take in geo.deals[rules.deal_pattern]:  # (a loop: see the notes on speed)
                holdings.append(sorted(take(pack)) if take is not None else [])
            extra = geo.extra_deals[rules.deal_pattern]
            if extra is not None:
                cards.extra = sorted(extra(pack))
            dealt = geo.dealt
            if rules.peep == "played":  # the peep card, dealt last (interpretation peep-card-dealt-last)
                cards.peep_card = pack[dealt]
                dealt += 1
        else:
            assert counts is not None
            # Choice: the extra hand (seat n in the schedule) is dealt its cards regularly,
            # last in each round, whatever the players wrongly receive.
            extra_hand = rules.sir_garnet == "played"
            served = (*order, geo.n) if extra_hand else order
            wanted = (*counts, cards_each)
            holdings = [[] for _ in range(geo.n + 1)]
            sequence = irregular_schedule(rules.deal_pattern, served, wanted, cards_each)
            for i, seat in enumerate(sequence):
                holdings[seat].append(pack[i])
            for held in holdings:
                held.sort()
            extra_cards = holdings.pop()
            if extra_hand:
                cards.extra = extra_cards
            dealt = len(sequence)
            if rules.peep == "played":
                cards.peep_card = pack[dealt]
                dealt += 1
        cards.stock = pack[dealt:]
        self.install_holdings(holdings, rules.deal_pattern if regular else "irregular", regular)
        if exposed is not None:
            offences.record("exposed-in-dealing", dealer, card=exposed, detail="card exposed in dealing")
        if not regular:
            assert counts is not None
            offences.record("misdeal", dealer, detail="cards wrongly dealt: " + ", ".join(map(str, counts)))
            for seat in order:
                if counts[seat] != cards_each:
                    offences.record("wrong-number", seat, held=counts[seat], detail=f"holds {counts[seat]} cards")

    def _check_counts(self, counts: tuple[int, ...], size: int) -> bool:
        """Check the ``counts`` of an irregular deal from a pack of ``size`` cards (raises
        :class:`BadDeal`); whether they are regular after all (five cards each, or seven). The
        extra hand, where there is one, takes its cards too. (Apart from
        :meth:`do_deal`: see the notes on speed in :mod:`~napspec.reference.state`.)"""
        geo = self._table
        if not isinstance(counts, tuple) or len(counts) != geo.n:
            raise BadDeal(f"counts must be a tuple with one number of cards per seat ({geo.n})")
        for c in counts:
            if isinstance(c, bool) or not isinstance(c, int) or c < 0:
                raise BadDeal(f"{c!r} is not a number of cards")
        if geo.sits_out and counts[geo.dealer]:
            raise BadDeal(f"the dealer (seat {geo.dealer}) sits out and deals himself no cards")
        cards_each = self._rules.cards_each
        extra = (cards_each if self._rules.sir_garnet == "played" else 0) + self._peep_cards()
        if sum(counts) + extra > size:
            raise BadDeal(f"{sum(counts) + extra} cards cannot be dealt from a pack of {size}")
        return all(counts[s] == cards_each for s in geo.order)

    def someone_short(self) -> bool:
        """Whether a player holds fewer cards than the rules deal (after an irregular or stacked
        deal). (Apart from :meth:`install_holdings`: see the notes on speed.)"""
        holdings = self._cards.holdings
        cards_each = self._rules.cards_each
        return any(len(holdings[s]) < cards_each for s in self._table.order)

    def install_holdings(self, holdings: list[list[int]], pattern: str, regular: bool) -> None:
        """Give out the holdings: the deal is over. A regular deal gives everyone five; only an
        irregular or stacked one can leave someone short (``Cards.short`` switches on the
        slower trick order that skips players without cards). Repeated cards come only from a
        faulty pack, which has set ``Cards.dupes`` already (a stacked hand may not repeat a
        card).

        Every holding is in card order, and stays so: cards are only ever taken out (or the
        holdings restored as dealt), and the legal actions rely on it."""
        cards = self._cards
        cards.holdings = holdings
        cards.has_dealt = True
        cards.dealt = tuple(map(tuple, holdings))
        if not regular:
            cards.short = self.someone_short()
        self._events.append(new_record(Dealt, (self._table.dealer, cards.dealt, pattern)))
        self.over = True


def _short_pack(rules: Rules, players: int) -> tuple[tuple[int, ...], int, bytes]:
    """The shortened pack in play (rules ``pack`` != ``full``): its cards, their number and bytes."""
    cards = rules.pack_cards(players)
    return cards, len(cards), bytes(cards)


def _is_whole(pack: tuple[int, ...], whole: bytes) -> bool:
    """Whether every card of ``whole`` (the bytes of the pack in play) is in ``pack``, a tuple of
    ints: with as many cards as ``whole``, ``pack`` is then ``whole`` in some order.

    >>> _is_whole((2, 0, 1), bytes((0, 1, 2))), _is_whole((2, 0, 0), bytes((0, 1, 2))), _is_whole((-1,), b"")
    (True, False, False)
    """
    try:
        return not whole.translate(None, bytes(pack))
    except ValueError:  # a card below 0 or above 255: not a card of any pack
        return False


def cut_actions(cutter: int, minimum: int, size: int) -> tuple[Action, ...]:
    """The cuts of a pack of ``size`` cards that leave ``minimum`` cards in each packet."""
    return tuple(
        CUT[cutter][depth] if depth <= PACK_SIZE else Cut(cutter, depth) for depth in range(minimum, size - minimum + 1)
    )


CUT_CACHE: dict[tuple[int, int, int], tuple[Action, ...]] = {}
"""The cuts open, by (cutter, cut-minimum, size of the pack)."""


def irregular_schedule(
    pattern: str, order: Sequence[int], counts: Sequence[int], cards_each: int = CARDS_EACH
) -> list[int]:
    """The seat each card goes to in a wrong deal that gives seat *s* ``counts[s]`` cards,
    where a regular deal gives ``cards_each``.

    Choice: the regular rounds of the pattern are followed, a seat dropping out of them once
    it has its count; seats still short then receive one card a round, in order.

    >>> irregular_schedule("singly", (1, 2, 0), (0, 7, 1))
    [1, 2, 1, 1, 1, 1, 1, 1]
    >>> irregular_schedule("three-then-two", (1, 2, 0), (4, 2, 5))
    [1, 1, 2, 2, 2, 0, 0, 0, 2, 2, 0]
    """
    regular = [s for size in deal_rounds(pattern, cards_each) for s in order for _ in range(size)]
    got = dict.fromkeys(order, 0)
    sequence: list[int] = []
    for seat in regular:
        if got[seat] < counts[seat]:
            sequence.append(seat)
            got[seat] += 1
    while any(got[s] < counts[s] for s in order):
        for seat in order:
            if got[seat] < counts[seat]:
                sequence.append(seat)
                got[seat] += 1
    return sequence
