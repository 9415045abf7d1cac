"""What the phases of a hand share: the phase names, the records of the cards, the offences and
the penalties, and the interface of the part of the phase in force.

A hand (:class:`~napspec.reference.hand.Hand`) is played by parts, one for each phase
(:mod:`~napspec.reference.deal`, :mod:`~napspec.reference.exchanges`,
:mod:`~napspec.reference.calling`, :mod:`~napspec.reference.play`,
:mod:`~napspec.reference.irregularities`, :mod:`~napspec.reference.settlement`) and for what
runs through the phases (:mod:`~napspec.reference.extra_hand`,
:mod:`~napspec.reference.claims`, :mod:`~napspec.reference.pool`). Each part keeps its own
state; what several of them read or write is a record of this module, handed to each part
that needs it when the part is made:

* :class:`Cards`: where every card is (the holdings, the stock, the cards out of play);
* :class:`Offences`: the offences recorded and the state of each;
* :class:`Penalties`: the penalties claimed, as the settlement applies them;
* the events, a list every part appends to.

The part of the phase in force is a :class:`Phase`: it says which phase, whose turn and what
he may do, and takes the actions of its phase; when its phase is over it says so
(:attr:`Phase.over`), and the hand's course (:mod:`~napspec.reference.course`) makes and
begins the part of the next phase. No part makes another part or hands the hand on itself: the
course of a hand is in one place. A part that needs another part is given it when it is made,
as a protocol of its own module, never by importing it: no phase module imports another.

Notes on speed. ``legal_actions`` and ``apply`` are the engine's hot path (the benchmark,
``napspec-reference bench``, takes every action through both), and so, in the code they reach:

* records are made with ``tuple.__new__`` (:data:`new_record`), skipping the NamedTuple's
  Python-level constructor, and the commonest events (a card played, a trick won, a call, a
  pass) are made once, at import, and shared: records are immutable values;
* there are no comprehensions on the usual path: under Python 3.11 each is a function made
  and called anew, and the variables it uses become closure cells of the enclosing
  function, made at each of its calls (even when the comprehension is not reached). Loops
  are used instead, or a helper function for the unusual cases;
* every holding is kept in card order, so the cards of a suit lie together and a
  bisection (in C) finds them;
* a part is made only when its phase begins (a hand without irregularities never makes the
  claims), and takes from the records, once, what it reads on every action. Making and freeing
  a part costs about a quarter of a microsecond, a few per cent of a hand: the parts are few;
* no part refers back to the course, so that a hand is freed as soon as it is dropped, by
  reference counting (a reference cycle would leave every hand to the cyclic collector, which
  slows the benchmark by a tenth). The showing of cards alone holds the course (to ask the
  claims for a remedy), and only while it is in force.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from napspec.reference.actions import Action
from napspec.reference.errors import NoSuchSeat, WrongPhase
from napspec.reference.events import Event, Offence, OffenceRecorded, Result
from napspec.reference.rules import MAX_HANDS

CUT_PHASE = "cut"
DEAL_PHASE = "deal"
PURCHASE_PHASE = "purchase"  # Purchase Nap only: see napspec.reference.exchanges
CALLING = "calling"
PEEP_EXCHANGE_PHASE = "peep-exchange"  # Peep Nap only: see napspec.reference.exchanges
PLAY_PHASE = "play"
SHOW_PHASE = "show"
FINISHED = "finished"
PHASES = (CUT_PHASE, DEAL_PHASE, PURCHASE_PHASE, CALLING, PEEP_EXCHANGE_PHASE, PLAY_PHASE, SHOW_PHASE, FINISHED)
"""The phases a hand passes through, in order (the purchase and the peep exchange only under
Purchase and Peep Nap)."""

# States of a recorded offence.
OPEN = "open"
CLAIMED = "claimed"
VOID = "taken back"  # a play offence whose card was taken back by a replay

NOBODY: frozenset[int] = frozenset()

new_record = tuple.__new__
"""Makes a NamedTuple record (an event, a trick, a result) from a tuple of its fields without
the NamedTuple's Python-level ``__new__``: ``new_record(Passed, (seat,))``."""

_NO_HOLDINGS = tuple(tuple(() for _ in range(n)) for n in range(MAX_HANDS + 2))


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat of a table of ``players``, else :class:`NoSuchSeat`.

    >>> check_seat(3, 4)
    3
    >>> check_seat(True, 4)
    Traceback (most recent call last):
    ...
    napspec.reference.errors.NoSuchSeat: True is not a seat at this table
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise NoSuchSeat(f"{seat!r} is not a seat at this table")
    return seat


class Part:
    """A piece of a hand's state: a part or a record. The hand's
    :meth:`~napspec.reference.hand.Hand.snapshot` is made of their fields (:func:`frozen`)."""

    __slots__ = ()


class Cards(Part):
    """Where the cards of a hand are, every one of them.

    Written by the deal (all of it), the purchase and the peep exchange (the holdings, the
    stock, the peep card, the cards thrown away), Sir Garnet's extra hand (the holdings, the
    extra hand, the discards), the play (a card played leaves its holding) and a replay (the
    holdings restored). Every holding is kept in card order.
    """

    __slots__ = (
        "before_play",
        "dealt",
        "discards",
        "dupes",
        "extra",
        "has_dealt",
        "holdings",
        "peep_card",
        "short",
        "stock",
        "thrown",
    )

    def __init__(self, players: int) -> None:
        #: Each seat's cards now (empty until the deal: see ``has_dealt``).
        self.holdings: list[list[int]] = []
        #: Each seat's cards as dealt.
        self.dealt: tuple[tuple[int, ...], ...] = _NO_HOLDINGS[players]
        self.has_dealt = False
        #: The cards not dealt, top first (Purchase Nap serves from the top).
        self.stock: Sequence[int] = ()
        #: A faulty pack's repeated card is in play (a rare case the play must allow for).
        self.dupes = False
        #: A player holds fewer cards than the rules deal (after an irregular or stacked deal).
        self.short = False
        #: Sir Garnet's extra hand: ``None`` when there is none, empty once taken.
        self.extra: list[int] | None = None
        #: The cards the taker of the extra hand discarded (out of play).
        self.discards: tuple[int, ...] = ()
        #: Peep Nap's card on the table (``None`` when there is none, once taken or left).
        self.peep_card: int | None = None
        #: The cards the exchanges laid face down out of play.
        self.thrown: tuple[int, ...] = ()
        #: The holdings as play began, when an exchange or a discard changed them after the
        #: deal: what a replay of the hand restores (``None``: the holdings as dealt).
        self.before_play: tuple[tuple[int, ...], ...] | None = None


class Offences(Part):
    """The offences recorded in a hand (ids from 1), and the state of each: ``open``,
    ``claimed`` or ``taken back``.

    Recorded by the deal (its faults), the play (a revoke, a card out of turn), the showing
    of cards (a refusal) and an exposed card (:mod:`~napspec.reference.irregularities`); their
    states are changed by the claims, and by a showing that reveals a revoke.

    >>> book = Offences([])
    >>> book.record("uncut", 0, detail="dealt without being cut").id, book.states
    (1, ['open'])
    """

    __slots__ = ("_events", "offences", "states")

    def __init__(self, events: list[Event]) -> None:
        self.offences: list[Offence] = []
        self.states: list[str] = []
        self._events = events

    def record(
        self,
        kind: str,
        seat: int,
        card: int | None = None,
        trick: int | None = None,
        position: int | None = None,
        suit: int | None = None,
        held: int | None = None,
        detail: str = "",
    ) -> Offence:
        """Record an offence, open until claimed."""
        offence = new_record(Offence, (len(self.offences) + 1, kind, seat, card, trick, position, suit, held, detail))
        self.offences.append(offence)
        self.states.append(OPEN)
        self._events.append(new_record(OffenceRecorded, (offence,)))
        return offence


class Penalties(Part):
    """The penalties claimed in a hand, as the settlement applies them: written by the claims
    (:mod:`~napspec.reference.claims`), read by the settlement
    (:mod:`~napspec.reference.settlement`). A hand without penalties has none of these."""

    __slots__ = (
        "abandon",
        "brit_soloist_wrong",
        "fines",
        "hoyle_revokers",
        "no_receive",
        "soloist_revoked",
        "void",
        "wn_adjust",
        "wn_soloist_wrong",
    )

    def __init__(self) -> None:
        #: ``fresh-deal`` or ``redeal`` when a fault voids the hand.
        self.void: str | None = None
        #: The revoker whose revoke abandons the hand (Wikipedia).
        self.abandon: int | None = None
        #: The soloist revoked, and loses at once.
        self.soloist_revoked = False
        #: Hoyle's revokers, who pay for all.
        self.hoyle_revokers: tuple[int, ...] = ()
        #: The fines: (offender, amount, offence id).
        self.fines: tuple[tuple[int, int, int], ...] = ()
        #: The fined, who receive nothing.
        self.no_receive: frozenset[int] = NOBODY
        #: Peel's wrong-number adjustment, and whether the soloist is the one with the wrong
        #: number.
        self.wn_adjust = False
        self.wn_soloist_wrong = False
        #: Britannica: the soloist played with the wrong number of cards.
        self.brit_soloist_wrong = False


class Phase(Part, ABC):
    """The part of the phase in force: which phase (:attr:`phase`), whose turn
    (:attr:`to_act`, ``None`` when nobody is to act), the regular actions open now
    (:meth:`legal_actions`), the actions it takes, and whether its phase is over
    (:attr:`over`: the hand then begins the next phase).

    A phase lists the actions it takes in :attr:`TAKES`: for each type of action, the name of
    its method that takes it, and what a player is told who takes one in another phase
    (``{phase}`` is that phase). The hand gives an action to the part in force when it takes
    it (the part checks the rest: the turn, the cards), else refuses it (or, for the actions
    of any phase, a claim say, takes it itself). :attr:`HANDLERS` is made from :attr:`TAKES`
    for each subclass, so that a subclass's own methods take the actions (the conformance
    tests' rule-breaking engines replace some).
    """

    __slots__ = ("over", "phase", "to_act")

    phase: str
    to_act: int | None
    over: bool

    TAKES: ClassVar[tuple[tuple[type, str, str], ...]] = ()
    HANDLERS: ClassVar[Mapping[type, Callable[[Any, Any], None]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.HANDLERS = {kind: getattr(cls, name) for kind, name, _ in cls.TAKES}

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The regular actions open now, in the phase's order."""

    def out_of_phase(self, kind: type) -> WrongPhase:
        """The error for an action of type ``kind``, which this part takes, when its phase
        (of the two a part may hold, the cut and the deal) is not the one in force."""
        refusal = next(refusal for taken, _, refusal in self.TAKES if taken is kind)
        return WrongPhase(refusal.format(phase=self.phase))


def frozen(value: object) -> object:
    """A hashable, comparable copy of the state reachable from ``value``: a :class:`Part`'s
    fields (but those its class names in ``NOT_STATE``), lists and sets as tuples (the state's
    tuples are immutable values, kept as they are). Each part and list is copied once: met
    again, it is marked by the order in which it was met (the events, say, which every part
    holds).

    >>> frozen([{2: [1]}, {3, 1}])
    (((2, (1,)),), (1, 3))
    >>> shared = [1]; frozen([shared, shared])
    ((1,), ('met', 1))
    """
    return _freeze(value, {})


def _freeze(value: object, met: dict[int, object]) -> object:
    if isinstance(value, (Part, list)):
        key = id(value)
        mark = met.get(key)
        if mark is not None:
            return mark
        met[key] = ("met", len(met))
        if isinstance(value, list):
            return tuple(_freeze(v, met) for v in value)
        slots = _SLOTS.get(type(value))
        if slots is None:
            not_state = getattr(value, "NOT_STATE", ())
            slots = _SLOTS[type(value)] = tuple(
                name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ()) if name not in not_state
            )
        return tuple(_freeze(getattr(value, name), met) for name in slots)
    if isinstance(value, Result):
        return (value.outcome, _freeze(value.payments, met), value.transfers, value.soloist, value.call)
    if isinstance(value, tuple):
        return value  # the state's tuples (records, the pack, the cards dealt) are values already
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v, met)) for k, v in value.items()))
    return value


_SLOTS: dict[type, tuple[str, ...]] = {}
