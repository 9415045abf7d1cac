"""Calling: once round the table from the eldest hand, each player calls above the highest
call so far or passes (rules ``calling.*``); the highest caller becomes the soloist and plays
alone against the others.

The calls there are, and their order, are the rules' (:attr:`Rules.calls
<napspec.reference.rules.Rules.calls>`, from :mod:`~napspec.reference.contracts`): a number
of tricks (one to five, five being Nap; three to seven at seven-card Nap), and, where the
rules play them, Misery, Wellington and Blücher, called by name. A call must exceed the
highest so far; a Wellington only over a Nap, a Blücher only over a Wellington. The highest
call there is closes the calling: the players after it can only pass (rule
``calling.nap-ceiling``, generalised: after a Nap, Wellington may still be called where it is
played). Sir Garnet's extra hand is taken in a player's turn to call
(:mod:`~napspec.reference.extra_hand`); his discard is his call of Nap.

At Peep Nap a player may peep in his turn to call, before he calls or passes, and a soloist who
peeped may take the peep card when the calling is over (:mod:`~napspec.reference.exchanges`).

Option ``compulsory-call`` says who may not pass, and who plays when all pass: the eldest
hand or the dealer, for the lowest call (one trick; three at seven-card Nap, interpretation
seven-card-compulsory-lowest-call).

What the calling reads and writes of the hand: the calling (:class:`Calling`, the part in force
in phase ``calling``) owns the declarations, the highest call, the soloist and his contract; it
reads the :class:`~napspec.reference.state.Cards` (is there an extra hand, a peep card?),
leaves the cards of Sir Garnet's extra hand to :mod:`~napspec.reference.extra_hand`
(:class:`ExtraHandInTheCalling`) and the peep to :mod:`~napspec.reference.exchanges`
(:class:`PeepInTheCalling`), and appends its events. Its phase is over when the soloist is
chosen, or all have passed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from napspec.reference.actions import CALL, NAMED, PASS, TAKE, Action, Call, Discard, NamedCall, Pass, TakeExtraHand
from napspec.reference.contracts import (
    BLUCHER,
    NAMED_CALLS,
    SIR_GARNET,
    SIR_GARNET_NAP,
    WELLINGTON,
    Contract,
    opens_over,
)
from napspec.reference.errors import BadCall, BadDiscard, CallNotAllowed, CallTooLow, CannotPass, NotYourTurn
from napspec.reference.events import AllPassed, Called, Event, Passed, SoloistChosen
from napspec.reference.rules import MOST_CARDS_EACH, Rules
from napspec.reference.state import CALLING, Cards, Phase, new_record
from napspec.reference.table import Table

# The events of the calling, made once for every seat and call of tricks (see the notes on speed).
_SEATS = range(len(PASS))
_PASSED: tuple[Passed, ...] = tuple(Passed(seat) for seat in _SEATS)
_CALLED: tuple[tuple[Called, ...], ...] = tuple(
    tuple(Called(seat, t) for t in range(MOST_CARDS_EACH + 1)) for seat in _SEATS
)

NO_CALLING = "no calling in phase {phase!r}"


class ExtraHandInTheCalling(Protocol):
    """What the calling needs of Sir Garnet's extra hand (:class:`~napspec.reference.extra_hand.ExtraHand`):
    the cards taken and discarded; the calling keeps whose turn it is and who owes his discard."""

    def offers(self, high: int) -> bool:
        """Whether the extra hand may be taken, the highest call so far at place ``high``."""

    def take(self, seat: int, high: int, high_call: Contract | None) -> None:
        """``seat`` takes the extra hand (his turn checked), or an error says why he may not."""

    def discards_open(self, seat: int) -> Sequence[Action]:
        """Every discard open to ``seat``, who took the extra hand."""

    def discard(self, seat: int, cards: tuple[int, ...]) -> None:
        """``seat``, who took the extra hand, discards ``cards``, or an error says why not."""


class PeepInTheCalling(Protocol):
    """What the calling needs of Peep Nap's peep card (:class:`~napspec.reference.exchanges.PeepCard`)."""

    def with_peep(self, calls: Sequence[Action], seat: int, taker: int | None) -> Sequence[Action]:
        """``calls``, and a peep if ``seat`` may peep."""


class Calling(Phase):
    """The calling, and the choice of the soloist: the part in force in phase ``calling``.
    :meth:`begin` gives the first turn to the eldest hand."""

    __slots__ = (
        "_bound",
        "_call_table",
        "_cards",
        "_events",
        "_extra_hand",
        "_peep",
        "_rules",
        "_table",
        "call",
        "compulsory",
        "contract",
        "decls",
        "high",
        "high_call",
        "high_seat",
        "soloist",
        "taker",
    )

    #: The calling table is the rules' (a constant for the hand), not a state of it (see state.frozen).
    NOT_STATE = ("_call_table",)

    TAKES = (
        (Call, "do_call", NO_CALLING),
        (Pass, "do_pass", NO_CALLING),
        (NamedCall, "do_named_call", NO_CALLING),
        (TakeExtraHand, "do_take", "the extra hand is taken in the calling, not in phase {phase!r}"),
        (Discard, "do_discard", "the discard is made in the calling, not in phase {phase!r}"),
    )

    def __init__(
        self,
        rules: Rules,
        table: Table,
        cards: Cards,
        events: list[Event],
        extra_hand: ExtraHandInTheCalling | None,
        peep: PeepInTheCalling | None,
    ) -> None:
        self._rules = rules
        self._table = table
        self._cards = cards
        self._events = events
        #: Sir Garnet's extra hand, where one was dealt; Peep Nap's peep card, where it is played.
        self._extra_hand = extra_hand
        self._peep = peep
        self._call_table: CallingTable = ()  # the rules' calling table, once the calling begins
        #: The calling so far, in order: (seat, call), ``None`` for a pass.
        self.decls: list[tuple[int, Contract | None]] = []
        #: The place of the highest call so far in ``rules.calls`` (0 for none), the call, its caller.
        self.high = 0
        self.high_call: Contract | None = None
        self.high_seat: int | None = None
        # The seat that may not pass if his turn comes (see may_pass).
        rule = rules.compulsory_call
        order = table.order
        self._bound = order[0] if rule == "eldest-cannot-pass" else order[-1] if rule == "dealer-if-all-pass" else None
        #: The player who took the extra hand and owes his discard (his call of Nap).
        self.taker: int | None = None
        #: Once the calling is over: the soloist, what he plays for, its tricks as reported (0
        #: for a Misery), and whether compulsory-call bound him.
        self.soloist: int | None = None
        self.contract: Contract | None = None
        self.call: int | None = None
        self.compulsory = False
        self.phase = CALLING
        self.to_act = None
        self.over = False

    def begin(self) -> None:
        """The eldest hand calls first (rule ``calling.eldest-first``)."""
        self.to_act = self._table.order[0]
        self._call_table = calling_table(self._rules.calls)

    def legal_actions(self) -> Sequence[Action]:
        """A pass, if the player to call may pass, every call open above the highest so far,
        the taking of the extra hand where it is open (after taking it, his discards), and
        the peep where the peep card lies on the table."""
        seat: int = self.to_act  # type: ignore[assignment]  # never None in the calling
        legal: Sequence[Action] = self._call_table[seat][self.high][seat != self._bound]  # != _bound: may_pass
        extra_hand = self._extra_hand
        if extra_hand is not None:  # Sir Garnet: an extra hand was dealt
            legal = self._with_extra_hand(extra_hand, legal)
        peep = self._peep
        if peep is not None and self._cards.peep_card is not None:  # Peep Nap: the peep card lies on the table
            return peep.with_peep(legal, seat, self.taker)
        return legal

    def _with_extra_hand(self, extra_hand: ExtraHandInTheCalling, calls: Sequence[Action]) -> Sequence[Action]:
        """The actions open to the player to call, ``calls`` being his calls and pass: after
        taking the extra hand, only his discards; else his calls, and the taking of the extra
        hand while it may be taken."""
        if self.taker is not None:
            return extra_hand.discards_open(self.taker)
        if extra_hand.offers(self.high):
            return (*calls, TAKE[self.to_act])  # type: ignore[index]  # never None in the calling
        return calls

    def may_pass(self, seat: int) -> bool:
        """Whether ``seat``, to call now, may pass (option ``compulsory-call``).

        ``eldest-cannot-pass``: the eldest hand may not. ``dealer-if-all-pass``: the dealer may
        not when all before him have passed; he must call, the lowest call at least. (Under
        ``eldest-if-all-pass`` the eldest may pass and is bound only when all the others pass
        after him: see :meth:`end`.)

        ``_bound`` is the seat that may not pass if his turn comes, set from the option when
        the calling is made: the eldest, or the dealer; nobody once a call has been made (the
        eldest calls first, and the dealer is bound only if all before him passed). So the
        test is one comparison.
        """
        return seat != self._bound

    def check_turn(self, seat: int) -> None:
        """Refuse anything in the calling from a player whose turn it is not."""
        if seat != self.to_act:
            raise NotYourTurn(f"seat {self.to_act} calls next")

    def check_caller(self, seat: int) -> None:
        """The checks every call and pass begins with: the turn, a discard owed.
        (:meth:`do_call` and :meth:`do_pass`, the usual actions of the calling, test the two
        at once and call this only when one fails, to raise its error: see the notes on speed.)"""
        self.check_turn(seat)
        if self.taker is not None:
            raise CallNotAllowed(f"seat {seat} has taken the extra hand: he must discard five cards, his call of Nap")

    def do_pass(self, action: Pass) -> None:
        seat = action.seat
        if seat != self.to_act or self.taker is not None:
            self.check_caller(seat)  # raises the error that applies
        if not self.may_pass(seat):
            lowest = self._rules.calls[0].name
            if self._rules.compulsory_call == "eldest-cannot-pass":
                raise CannotPass(f"the eldest hand must call, {lowest} at least (option 'compulsory-call')")
            raise CannotPass(
                f"all before him have passed: the dealer must call, {lowest} at least (option 'compulsory-call')"
            )
        self.decls.append((seat, None))
        self._events.append(_PASSED[seat])
        self.next_caller()

    def do_call(self, action: Call) -> None:
        """A call of a number of tricks: one the rules have, above the highest so far."""
        seat = action.seat
        if seat != self.to_act or self.taker is not None:
            self.check_caller(seat)  # raises the error that applies
        tricks = action.tricks
        # An exact int only: a bool (or a name) is no number of tricks.
        rank = self._rules.rank.get(tricks) if type(tricks) is int else None
        if rank is None:
            calls = self._rules.calls
            raise BadCall(
                f"a call is of {calls[0].tricks} to {max(c.tricks for c in calls)} tricks (5 is Nap), not {tricks!r}"
            )
        if rank <= self.high:
            self.call_too_low()
        # The body of record_call, repeated for the usual call (see the notes on speed). Keep
        # the two alike.
        contract = self._rules.calls[rank - 1]
        self.decls.append((seat, contract))
        self._bound = None  # after a call, nobody is bound to call (see may_pass)
        self.high = rank
        self.high_call = contract
        self.high_seat = seat
        self._events.append(_CALLED[seat][tricks])  # a call of tricks has no declaration
        self.next_caller()

    def do_named_call(self, action: NamedCall) -> None:
        """A call made by name: one the rules have, above the highest so far; a Wellington only
        over a Nap, a Blücher only over a Wellington."""
        seat = action.seat
        self.check_caller(seat)
        name = action.call
        if type(name) is not str or name not in NAMED_CALLS:
            raise BadCall(f"there is no call named {name!r} (the named calls: {', '.join(NAMED_CALLS)})")
        rank = self._rules.rank.get(name)
        if rank is None:
            raise CallNotAllowed(f"these rules have no call of {Contract(0, name).name} (option {name!r})")
        contract = self._rules.calls[rank - 1]
        if contract.declaration in (WELLINGTON, BLUCHER):
            if not opens_over(contract, self.high_call):
                over = "a Nap" if contract.declaration == WELLINGTON else "a Wellington"
                highest = self.high_call.name if self.high_call is not None else "no call"
                raise CallNotAllowed(f"{contract.name} is called only over {over}; the highest call is {highest}")
        elif rank <= self.high:
            self.call_too_low()
        self.record_call(seat, contract, rank)

    def call_too_low(self) -> None:
        """Refuse a call that does not exceed the highest so far."""
        assert self.high_call is not None  # a call has been made
        if self.high == len(self._rules.calls):
            raise CallTooLow(f"{self.high_call.name} has been called: no one can call after it, only pass")
        raise CallTooLow(f"a call must exceed the highest so far ({self.high_call.name})")

    def record_call(self, seat: int, contract: Contract, rank: int) -> None:
        """``seat`` calls ``contract``, at place ``rank`` of the calls (checked already).
        (:meth:`do_call` repeats this body for the usual call; keep the two alike.)"""
        self.decls.append((seat, contract))
        self._bound = None  # after a call, nobody is bound to call (see may_pass)
        self.high = rank
        self.high_call = contract
        self.high_seat = seat
        declaration = contract.declaration
        if declaration is None:
            self._events.append(_CALLED[seat][contract.tricks])
        else:
            self._events.append(Called(seat, contract.tricks, declaration))
        self.next_caller()

    def do_take(self, action: TakeExtraHand) -> None:
        """Sir Garnet: take the extra hand instead of calling or passing (the cards' side is the
        extra hand's, :mod:`~napspec.reference.extra_hand`)."""
        seat = action.seat
        self.check_turn(seat)
        if self.taker is not None:
            raise CallNotAllowed(f"seat {seat} has taken the extra hand: he must discard five cards")
        extra_hand = self._extra_hand
        if extra_hand is None:
            raise CallNotAllowed("there is no extra hand (option 'sir-garnet')")
        extra_hand.take(seat, self.high, self.high_call)
        self.taker = seat

    def do_discard(self, action: Discard) -> None:
        """Sir Garnet: the taker of the extra hand discards five cards: his call of Nap."""
        seat = action.seat
        if self.taker is None or seat != self.taker:
            raise BadDiscard(f"seat {seat!r} has taken no extra hand: there is nothing to discard")
        assert self._extra_hand is not None  # he took it
        self._extra_hand.discard(seat, action.cards)
        self.taker = None
        self.record_call(seat, SIR_GARNET_NAP, self._rules.rank[SIR_GARNET])

    def next_caller(self) -> None:
        """The calling goes once round, every player declaring in turn. After the highest call
        there is nobody can call (a call must exceed the last), so the remaining players can
        only pass (rule calling.nap-ceiling: "the remaining players can only pass, and the
        calling is over")."""
        order = self._table.order
        done = len(self.decls)
        if done == len(order):
            self.end()
        else:
            self.to_act = order[done]

    def end(self) -> None:
        """Who plays, or (compulsory-call ``none``) nobody: the calling is over.

        The highest caller plays. Under ``eldest-if-all-pass``, when all pass, the eldest
        plays for the lowest call. Choice: ``compulsory`` records that the soloist was bound
        by compulsory-call: the eldest so made to play, or a dealer who had to call because
        all before him passed (whatever he called). (A dealer who sits out cannot be bound:
        such rules are refused before the deal, interpretation
        dealer-out-cannot-be-compelled.)
        """
        order = self._table.order
        rule = self._rules.compulsory_call
        contract = self.high_call
        if contract is not None:
            assert self.high_seat is not None
            soloist = self.high_seat
            compulsory = False
            if rule == "dealer-if-all-pass" and soloist == order[-1]:
                compulsory = True
                for _, earlier in self.decls[:-1]:  # (a loop: see the notes on speed)
                    if earlier is not None:
                        compulsory = False
        elif rule == "eldest-if-all-pass":
            soloist, contract, compulsory = order[0], self._rules.calls[0], True
        else:  # none (nobody is bound), the only value under which all can pass
            self._events.append(AllPassed(self._table.dealer))
            self.over = True
            return
        self.soloist = soloist
        self.contract = contract
        self.call = contract.tricks
        self.compulsory = compulsory
        self._events.append(new_record(SoloistChosen, (soloist, contract.tricks, compulsory, contract.declaration)))
        self.over = True


CallingTable = tuple[tuple[tuple[tuple[Action, ...], tuple[Action, ...]], ...], ...]
"""``table[seat][high][may_pass]``: the legal calling actions of ``seat`` when the highest
call so far is at place ``high`` of the calls (0: none) and he may, or may not, pass."""

_CALLING_TABLES: dict[tuple[Contract, ...], CallingTable] = {}
_last_table: tuple[tuple[Contract, ...], CallingTable] = ((), ())


def calling_table(calls: tuple[Contract, ...]) -> CallingTable:
    """The legal calling actions for the calls ``calls`` (lowest first), for every seat,
    highest call so far and right to pass. Made once for each ranking: a table, not a cache
    of states.

    >>> from napspec.reference.rules import Rules
    >>> table = calling_table(Rules.profile("hoyle", ["misery", "wellington"]).calls)
    >>> nap = 6  # one, two, three, Misery, four, Nap
    >>> table[2][nap][True]
    (Pass(seat=2), NamedCall(seat=2, call='wellington'))
    """
    global _last_table  # noqa: PLW0603 (a one-entry memo: hand after hand is dealt under one Rules)
    if _last_table[0] is calls:  # the same ranking as the last hand's (one Rules object)
        return _last_table[1]
    table = _CALLING_TABLES.get(calls)
    if table is None:
        table = _CALLING_TABLES[calls] = tuple(
            tuple(
                (_calling_actions(seat, calls, high, False), _calling_actions(seat, calls, high, True))
                for high in range(len(calls) + 1)
            )
            for seat in _SEATS
        )
    _last_table = (calls, table)
    return table


def _calling_actions(seat: int, calls: tuple[Contract, ...], high: int, may_pass: bool) -> tuple[Action, ...]:
    """A pass (if allowed) and every call open over the call at place ``high``, for ``seat``."""
    highest = calls[high - 1] if high else None
    legal: list[Action] = [PASS[seat]] if may_pass else []
    for place, contract in enumerate(calls, 1):
        if contract.declaration in (WELLINGTON, BLUCHER):
            if opens_over(contract, highest):
                legal.append(NAMED[seat][contract.declaration])
        elif place > high:
            legal.append(
                CALL[seat][contract.tricks] if contract.declaration is None else NAMED[seat][contract.declaration]
            )
    return tuple(legal)
