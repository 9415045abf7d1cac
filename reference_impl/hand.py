"""One deal of Napoleon, from the cut to the settlement: the engine's state machine.

A :class:`Hand` is driven by :meth:`Hand.apply` with the actions of
:mod:`napspec.reference.actions`; :meth:`Hand.legal_actions` lists the regular actions open now
(and the claims of open offences). A rejected action raises a subclass of
:class:`~napspec.reference.errors.IllegalAction` and leaves the hand exactly as it was
(:meth:`Hand.snapshot` is unchanged): every handler checks everything before it changes
anything.

Phases: ``cut`` → ``deal`` (→ ``purchase``) → ``calling`` (→ ``peep-exchange``) → ``play``
(→ ``show``) → ``finished``. (Sir Garnet's taking of the extra hand and discard, and the peep of
Peep Nap, belong to the calling; the purchase and the peep exchange are Purchase and Peep Nap's.)

Seats are 0..n-1 clockwise: the player on seat *s*'s left is *s + 1 mod n*. The eldest hand
is the dealer's left; the player on the dealer's right cuts. When the dealer sits out
(option ``dealer-sits-out``) he receives no cards, does not call or play, and pays and
receives like the others.

A hand is played by parts, one for each phase, each in a module of its own and keeping its own
state (what several read is a record of :mod:`~napspec.reference.state`): the deal, the
purchase, the calling (with Sir Garnet's extra hand and Peep Nap's peep card), the play, the
showing of cards and the settlement, with the claims of offences in any phase. The course of a
hand (:mod:`~napspec.reference.course`) makes each part as its phase begins and moves the hand
from phase to phase:

``cut``/``deal`` → (``purchase``) → ``calling`` → (``peep-exchange``) → ``play`` → (``show``) →
``finished``, and back to ``play`` when a claim has the hand replayed.

This module holds what a caller sees: the constructors, the queries, :meth:`Hand.legal_actions`
(the part in force's, and the claims open) and :meth:`Hand.apply` (an action goes to the part in
force if it takes it, else to the course).

A quick hand under Peel's rules (stacked holdings, four players, seat 3 deals):

>>> from napspec.reference.rules import Rules
>>> from napspec.reference.cards import parse_cards
>>> from napspec.reference.actions import Call, Pass, Play
>>> hand = Hand.stacked(Rules.profile("peel"), 4, 3, {
...     0: parse_cards("AS KS QS JS TS"), 1: parse_cards("2C 3C 4C 5C 6C"),
...     2: parse_cards("2D 3D 4D 5D 6D"), 3: parse_cards("2H 3H 4H 5H 6H")})
>>> hand.phase, hand.to_act
('calling', 0)
>>> hand.apply(Call(0, 5)); hand.legal_actions()  # after a Nap the others can only pass
(Pass(seat=1),)
>>> for seat in (1, 2, 3):
...     hand.apply(Pass(seat))
>>> hand.phase, hand.soloist, hand.call
('play', 0, 5)
>>> for card in parse_cards("AS KS QS JS TS"):
...     hand.apply(Play(0, card))
...     for seat in (1, 2, 3):
...         hand.apply(hand.legal_actions()[0])
>>> hand.result.outcome, hand.result.payments
('made', {0: 30, 1: -10, 2: -10, 3: -10})
>>> hand.next_dealer
0

Design choices that the interpretations of ``spec/interpretations.toml`` leave open are
stated where they are made (look for "Choice:" in the docstrings of the phase modules).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from napspec.reference.actions import Action
from napspec.reference.contracts import Contract
from napspec.reference.course import Course
from napspec.reference.errors import WrongPhase
from napspec.reference.events import Event, Offence, Result, Transfer, Trick
from napspec.reference.play import NO_TRUMPS
from napspec.reference.rules import Rules
from napspec.reference.state import (
    CALLING,
    CLAIMED,
    CUT_PHASE,
    DEAL_PHASE,
    FINISHED,
    OPEN,
    PEEP_EXCHANGE_PHASE,
    PHASES,
    PLAY_PHASE,
    PURCHASE_PHASE,
    SHOW_PHASE,
    VOID,
    frozen,
)


class Hand:
    """One deal: cut, deal, calling, play, settlement.

    ``Hand(rules, players, dealer, deck=None, seed=None, allow_irregular=False, *, pool=0,
    original_dealer=None, same_turn=False)`` starts in phase ``cut``. ``deck`` is a stacked
    pack, top card first (the 52 distinct cards, or those of the shortened pack in play under
    option ``pack``; with ``allow_irregular`` a faulty pack, with cards missing or repeated,
    is accepted and recorded as a ``faulty-pack`` offence); without it the pack is shuffled
    by a :class:`random.Random` seeded with ``seed`` (never the global random state).

    Under a pool (option ``pool``) the hand starts with ``pool`` stakes in it and the
    contributions of the turn to deal are paid at once (:mod:`~napspec.reference.pool`):
    ``original_dealer`` is the first dealer of the session (needed by
    ``all-at-original-deal``), and ``same_turn`` says the hand is a fresh deal by the dealer
    of the hand before, whose turn has paid already.

    Bad constructor arguments raise :class:`ValueError` (a table size the rules do not allow
    raises :class:`~napspec.reference.errors.RulesError`, which is one).

    >>> from napspec.reference.rules import Rules
    >>> hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=1)
    >>> hand.phase, hand.to_act, len(hand.legal_actions())
    ('cut', 3, 51)
    >>> hand.apply(hand.legal_actions()[0]); hand.phase, hand.to_act
    ('deal', 0)
    >>> hand.apply(hand.legal_actions()[0]); hand.phase, hand.to_act, len(hand.holding(1))
    ('calling', 1, 5)
    """

    __slots__ = ("_course",)

    #: The course the hand plays by (a subclass may play by another: the conformance tests'
    #: rule-breaking engines do, replacing parts).
    course_class: ClassVar[type[Course]] = Course

    def __init__(
        self,
        rules: Rules,
        players: int,
        dealer: int,
        deck: Sequence[int] | None = None,
        seed: int | None = None,
        allow_irregular: bool = False,
        *,
        pool: int = 0,
        original_dealer: int | None = None,
        same_turn: bool = False,
    ) -> None:
        course = self._course = self.course_class(rules, players, dealer, allow_irregular)
        if pool or rules.pool == "played":
            course.pool_account().open(pool, original_dealer, same_turn)
        course.begin_deal().from_pack(deck, seed, allow_irregular)

    @classmethod
    def stacked(
        cls,
        rules: Rules,
        players: int,
        dealer: int,
        hands: Mapping[int, Sequence[int]],
        allow_irregular: bool = False,
        extra_hand: Sequence[int] | None = None,
        *,
        peep_card: int | None = None,
        stock: Sequence[int] | None = None,
        pool: int = 0,
        original_dealer: int | None = None,
        same_turn: bool = False,
    ) -> Hand:
        """A hand that starts at the calling (at Purchase Nap, the purchase) with the given
        holdings (seat → cards), and, under Sir Garnet, the ``extra_hand`` lying face down
        (without it, there is none). Under Peep Nap the ``peep_card`` lies face down on the
        table (required then, refused otherwise). ``stock`` orders the undealt cards, top
        first, as Purchase Nap serves them: exactly the cards nobody holds (nor the extra hand,
        nor the peep card); without it they lie in card order.

        Every playing seat should hold five cards (seven at seven-card Nap); a wrong number is
        accepted only with ``allow_irregular`` and recorded as a ``wrong-number`` offence. A
        seat left out of ``hands`` holds nothing. The undealt cards of the pack in play are the
        stock. The sitting-out dealer may not be given cards. ``pool``, ``original_dealer``
        and ``same_turn`` are as for the constructor.

        >>> from napspec.reference.rules import Rules
        >>> from napspec.reference.cards import parse_cards
        >>> hand = Hand.stacked(Rules.profile("peel"), 2, 0, {0: parse_cards("AS KS QS JS TS"),
        ...                                                  1: parse_cards("AH KH QH JH")},
        ...                     allow_irregular=True)
        >>> [(o.kind, o.seat, o.held) for o in hand.offences]
        [('wrong-number', 1, 4)]
        """
        self = cls.__new__(cls)
        course = self._course = self.course_class(rules, players, dealer, allow_irregular)
        if pool or rules.pool == "played":
            course.pool_account().open(pool, original_dealer, same_turn)
        course.begin_deal().stacked(hands, allow_irregular, extra_hand, peep_card, stock)
        course.hand_on()
        return self

    # ------------------------------------------------------------------ queries

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._course.rules

    @property
    def players(self) -> int:
        """The number of players at the table (the sitting-out dealer included)."""
        return self._course.table.n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._course.table.dealer

    @property
    def eldest(self) -> int:
        """The eldest hand: the dealer's left, who calls first."""
        return self._course.table.order[0]

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats that receive cards, call and play, eldest first."""
        return self._course.table.order

    @property
    def sitting_out(self) -> int | None:
        """The dealer's seat if he deals himself no hand, else ``None``."""
        return self._course.table.dealer if self._course.table.sits_out else None

    @property
    def phase(self) -> str:
        """``cut``, ``deal``, ``purchase``, ``calling``, ``peep-exchange``, ``play``, ``show`` or
        ``finished``."""
        return self._course.in_force.phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is finished."""
        return self._course.in_force.to_act

    @property
    def closed(self) -> bool:
        """Whether the hand is closed (the next deal has begun): no more claims."""
        return self._course.closed

    @property
    def deck(self) -> tuple[int, ...] | None:
        """The pack as given or shuffled, top first, before the cut (``None`` if stacked)."""
        return self._course.deal.deck

    @property
    def cut_depth(self) -> int | None:
        """How many cards the cut put under, or ``None`` before the cut (or if uncut)."""
        return self._course.deal.cut

    def holding(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds now, in card order."""
        cards = self._course.cards
        if not cards.has_dealt:  # the holdings are made by the deal; until then, as dealt: none
            return cards.dealt[seat]
        return tuple(cards.holdings[seat])

    def dealt(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` was dealt, in card order."""
        return self._course.cards.dealt[seat]

    @property
    def stock(self) -> tuple[int, ...]:
        """The cards not dealt (before the deal: the whole pack in its present order)."""
        if not self._course.cards.has_dealt:
            return self._course.deal.pack
        return tuple(self._course.cards.stock)

    @property
    def declarations(self) -> tuple[tuple[int, int | str], ...]:
        """The calling so far, in order: (seat, tricks) for a call of tricks, tricks 0 for a
        pass; (seat, name) for a named call (``misery``, ``wellington``, ``blucher``, and
        ``sir-garnet`` for the Nap of the extra hand)."""
        if self._course.calling is None:
            return ()
        return tuple((seat, 0 if call is None else call.key) for seat, call in self._course.calling.decls)

    @property
    def soloist(self) -> int | None:
        """The player who plays alone against the others, once the calling is over."""
        return self._course.calling.soloist if self._course.calling is not None else None

    @property
    def call(self) -> int | None:
        """The number of tricks the soloist plays for (5 = Nap; 0 for a Misery)."""
        return self._course.calling.call if self._course.calling is not None else None

    @property
    def declaration(self) -> str | None:
        """The named call the soloist plays (``misery``, ``wellington``, ``blucher``,
        ``sir-garnet``), or ``None`` for a call of tricks (or before the calling is over)."""
        contract = self.contract
        return contract.declaration if contract is not None else None

    @property
    def contract(self) -> Contract | None:
        """What the soloist plays for, once the calling is over."""
        return self._course.calling.contract if self._course.calling is not None else None

    @property
    def extra_hand(self) -> tuple[int, ...] | None:
        """Sir Garnet's extra hand while it lies untaken, ``()`` once taken, ``None`` when there
        is none (other rules, or before the deal)."""
        extra = self._course.cards.extra
        return tuple(extra) if extra is not None else None

    @property
    def discards(self) -> tuple[int, ...]:
        """The cards discarded by the taker of the extra hand (out of play)."""
        return self._course.cards.discards

    @property
    def peep_card(self) -> int | None:
        """Peep Nap: the card lying face down on the table; ``None`` when there is none, once the
        soloist took it, or once he left it (it is then out of play)."""
        return self._course.cards.peep_card

    @property
    def peeped(self) -> tuple[int, ...]:
        """Peep Nap: the seats that peeped, in order."""
        return self._course.peep.peeped if self._course.peep is not None else ()

    @property
    def buyers(self) -> tuple[int, ...]:
        """Purchase Nap: the seats that have had their turn to buy (or refuse), in order."""
        return self._course.purchase.buyers if self._course.purchase is not None else ()

    @property
    def thrown_away(self) -> tuple[int, ...]:
        """The cards the exchanges laid face down out of play: those thrown away at Purchase
        Nap, the card given up for the peep card or the peep card left."""
        return self._course.cards.thrown

    @property
    def compulsory(self) -> bool:
        """Whether the soloist was made to play for one trick because all passed."""
        return self._course.calling.compulsory if self._course.calling is not None else False

    @property
    def trumps(self) -> int | None:
        """The trump suit (0..3), fixed by the first card the soloist leads; ``None`` before,
        and in a Misery without trumps."""
        trumps = self._course.play.trumps if self._course.play is not None else None
        return None if trumps == NO_TRUMPS else trumps

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return list(self._course.play.tricks) if self._course.play is not None else []

    @property
    def current_trick(self) -> tuple[tuple[int, int], ...]:
        """The cards played to the trick in progress: (seat, card) in order."""
        return tuple(self._course.play.trick) if self._course.play is not None else ()

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """Every card played in this hand, (seat, card) in order (after any replay)."""
        return tuple(self._course.play.played()) if self._course.play is not None else ()

    def tricks_won(self, seat: int) -> int:
        """The number of tricks ``seat`` has won."""
        return (self._course.play.won if self._course.play is not None else [0] * self._course.table.n)[seat]

    @property
    def offences(self) -> tuple[Offence, ...]:
        """Every irregularity recorded, in order (ids from 1)."""
        return tuple(self._course.offences.offences)

    def offence_status(self, offence_id: int) -> str:
        """``open``, ``claimed`` or ``taken back``."""
        return self._course.offences.states[offence_id - 1]

    def open_offences(self) -> tuple[Offence, ...]:
        """The recorded offences not yet claimed (claimable or not)."""
        offences = self._course.offences
        return tuple(o for o, state in zip(offences.offences, offences.states) if state == OPEN)

    @property
    def events(self) -> list[Event]:
        """What has happened, in order. Treat it as read-only."""
        return self._course.events

    @property
    def pool(self) -> int:
        """The stakes in the pool now (0 where the rules keep none)."""
        pool = self._course.pool
        return pool.stakes if pool is not None else 0

    @property
    def pool_transfers(self) -> tuple[Transfer, ...]:
        """Every movement into or out of the pool in this hand, in order
        (see :mod:`~napspec.reference.pool`)."""
        pool = self._course.pool
        return tuple(pool.moves) if pool is not None else ()

    @property
    def result(self) -> Result | None:
        """How the hand ended and who pays whom; ``None`` until it is finished."""
        return self._course.result

    @property
    def next_dealer(self) -> int | None:
        """Who deals next: the same dealer after a fresh deal or redeal, else the player on
        his left; ``None`` until the hand is finished."""
        if self._course.result is None:
            return None
        dealer = self._course.table.dealer
        if self._course.result.outcome in ("fresh-deal", "redeal"):
            return dealer
        return (dealer + 1) % self._course.table.n

    def table(self) -> tuple[tuple[tuple[int, bool], ...], ...]:
        """The played cards before each seat: per seat, ``(card, face_up)`` in order of play.

        Under ``cards-left = face-up-winner-turned-down`` the card that won a completed trick
        is turned face down; under ``face-up`` every card stays face up.
        """
        turn_down = self._course.rules.cards_left == "face-up-winner-turned-down"
        table: list[list[tuple[int, bool]]] = [[] for _ in range(self._course.table.n)]
        play = self._course.play
        if play is not None:
            for trick in play.tricks:
                for seat, card in trick.cards:
                    table[seat].append((card, not (turn_down and seat == trick.winner)))
            for seat, card in play.trick:
                table[seat].append((card, True))
        return tuple(tuple(cards) for cards in table)

    def snapshot(self) -> object:
        """The whole state as a hashable, comparable value (computed on demand).

        Two snapshots are equal exactly when the hands are in the same state; tests use it to
        check that a rejected action changed nothing.
        """
        return frozen(self._course)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> Sequence[Action]:
        """The regular actions open now, and a claim by each seat of every offence whose
        claim the rules would accept now.

        Irregular actions (a card out of turn or not following suit, an exposed card, an
        irregular deal) are accepted by :meth:`apply` in a hand with ``allow_irregular`` but
        never listed. Choice: :class:`AskInformation` is not listed either: it is a question
        any player may put at any time the rules give the right, and it does not move the
        game on (listing it would let a random player ask for ever).
        """
        course = self._course
        legal = course.in_force.legal_actions()
        # Only an open offence can be claimed: after a claim (Hoyle's replay after a refusal
        # to show, say) the rest of the hand need not look at the remedies again.
        states = course.offences.states
        if states and OPEN in states and not course.closed:
            legal = (*legal, *course.claims().open_claims(course.moment()))
        return legal

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> None:
        """Take ``action``; raise an :class:`~napspec.reference.errors.IllegalAction` (and
        change nothing) if it is not allowed."""
        course = self._course
        part = course.in_force
        try:
            handler = course.handlers[type(action)]  # the part in force takes it (a subscript, quicker than .get)
        except KeyError:
            course.take_out_of_phase(action)
            return
        handler(part, action)
        if part.over:
            course.hand_on()

    # ------------------------------------------------------------------ closing

    def close(self) -> None:
        """Close a finished hand when the next deal begins: no more claims
        (interpretation claims-until-next-deal)."""
        phase = self.phase
        if phase != FINISHED:
            raise WrongPhase(f"the hand is not finished (phase {phase!r})")
        self._course.closed = True

    def __repr__(self) -> str:
        return (
            f"<Hand {self.rules.name} players={self.players} dealer={self.dealer} phase={self.phase}"
            f" to_act={self.to_act}>"
        )


def random_playout(hand: Hand, rng: random.Random, limit: int = 10_000) -> int:
    """Play ``hand`` to the end with random legal actions drawn from ``rng``; return the
    number of actions taken. (Used by the benchmark and the tests.)

    >>> from napspec.reference.rules import Rules
    >>> hand = Hand(Rules.profile("britannica"), 5, 0, seed=3)
    >>> steps = random_playout(hand, random.Random(3))
    >>> hand.phase, sum(hand.result.payments.values())
    ('finished', 0)
    """
    course = hand._course
    if course.result is not None:
        return 0
    draw = rng.random
    legal_actions = hand.legal_actions
    apply = hand.apply
    for steps in range(1, limit + 1):  # the loop counts the actions
        legal = legal_actions()
        apply(legal[int(draw() * len(legal))])
        if course.result is not None:
            return steps
    raise RuntimeError(f"no end after {limit} actions")


def cards_accounted_for(hand: Hand) -> list[int]:
    """Every card of the hand's pack, wherever it is now (holdings, table, stock, the extra
    hand and the discards, the peep card and the cards the exchanges laid out of play), sorted.

    Equal to :func:`expected_pack` at all times: no card is lost or made.
    """
    cards: list[int] = []
    for holding in hand._course.cards.holdings:
        cards.extend(holding)
    for seat_cards in hand.table():
        cards.extend(card for card, _ in seat_cards)
    cards.extend(hand.stock)
    cards.extend(hand.extra_hand or ())
    cards.extend(hand.discards)
    if hand.peep_card is not None:
        cards.append(hand.peep_card)
    cards.extend(hand.thrown_away)
    return sorted(cards)


def expected_pack(hand: Hand) -> list[int]:
    """The sorted cards :func:`cards_accounted_for` must return: the pack as given or
    shuffled, or for a stacked hand the pack in play (option ``pack``)."""
    return sorted(hand.deck) if hand.deck is not None else list(hand.rules.pack_cards(hand.players))


# The phase names and the states of an offence are the hand's to export too (the session, the
# adapter and the tests import them from here).
__all__ = [
    "CALLING",
    "CLAIMED",
    "CUT_PHASE",
    "DEAL_PHASE",
    "FINISHED",
    "OPEN",
    "PEEP_EXCHANGE_PHASE",
    "PHASES",
    "PLAY_PHASE",
    "PURCHASE_PHASE",
    "SHOW_PHASE",
    "VOID",
    "Hand",
    "cards_accounted_for",
    "expected_pack",
    "random_playout",
]
