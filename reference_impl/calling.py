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
"""

from __future__ import annotations

from collections.abc import Sequence

from napspec.reference.actions import CALL, NAMED, PASS, Action, Call, NamedCall, Pass
from napspec.reference.contracts import BLUCHER, NAMED_CALLS, WELLINGTON, Contract, opens_over
from napspec.reference.errors import BadCall, CallNotAllowed, CallTooLow, CannotPass, NotYourTurn, WrongPhase
from napspec.reference.events import AllPassed, Called, Passed, SoloistChosen
from napspec.reference.rules import MOST_CARDS_EACH
from napspec.reference.state import CALLING, PLAY_PHASE, HandState, new_record

# The events of the calling, made once for every seat and call of tricks (see the notes on speed).
_SEATS = range(len(PASS))
_PASSED: tuple[Passed, ...] = tuple(Passed(seat) for seat in _SEATS)
_CALLED: tuple[tuple[Called, ...], ...] = tuple(
    tuple(Called(seat, t) for t in range(MOST_CARDS_EACH + 1)) for seat in _SEATS
)


class Calling(HandState):
    """The calling, and the choice of the soloist."""

    __slots__ = ()

    def _start_calling(self) -> None:
        """The eldest hand calls first (rule ``calling.eldest-first``)."""
        self._phase = CALLING
        self._to_act = self._geo.order[0]
        self._call_table = calling_table(self._rules.calls)

    def _calls_open(self) -> Sequence[Action]:
        """A pass, if the player to call may pass, every call open above the highest so far,
        and the taking of the extra hand where it is open; after taking it, his discards."""
        seat: int = self._to_act  # type: ignore[assignment]  # never None in the calling
        legal = self._call_table[seat][self._high][seat != self._bound]  # seat != _bound: _may_pass
        if self._extra is not None:  # Sir Garnet: an extra hand was dealt
            if self._peep_card is not None:
                return self._with_peep(self._with_extra_hand(legal))
            return self._with_extra_hand(legal)
        if self._peep_card is not None:  # Peep Nap: the peep card lies on the table
            return self._with_peep(legal)
        return legal

    def _may_pass(self, seat: int) -> bool:
        """Whether ``seat``, to call now, may pass (option ``compulsory-call``).

        ``eldest-cannot-pass``: the eldest hand may not. ``dealer-if-all-pass``: the dealer may
        not when all before him have passed; he must call, the lowest call at least. (Under
        ``eldest-if-all-pass`` the eldest may pass and is bound only when all the others pass
        after him: see :meth:`_end_calling`.)

        ``_bound`` is the seat that may not pass if his turn comes, set from the option when
        the hand begins: the eldest, or the dealer; nobody once a call has been made (the
        eldest calls first, and the dealer is bound only if all before him passed). So the
        test is one comparison.
        """
        return seat != self._bound

    def _check_caller(self, seat: int) -> None:
        """The checks every call and pass begins with: the phase, the turn, a discard owed.
        (:meth:`_do_call` and :meth:`_do_pass`, the usual actions of the calling, test the three
        at once and call this only when one fails, to raise its error: see the notes on speed.)"""
        if self._phase != CALLING:
            raise WrongPhase(f"no calling in phase {self._phase!r}")
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} calls next")
        if self._taker is not None:
            raise CallNotAllowed(f"seat {seat} has taken the extra hand: he must discard five cards, his call of Nap")

    def _do_pass(self, action: Pass) -> None:
        seat = action.seat
        if self._phase != CALLING or seat != self._to_act or self._taker is not None:
            self._check_caller(seat)  # raises the error that applies
        if not self._may_pass(seat):
            lowest = self._rules.calls[0].name
            if self._rules.compulsory_call == "eldest-cannot-pass":
                raise CannotPass(f"the eldest hand must call, {lowest} at least (option 'compulsory-call')")
            raise CannotPass(
                f"all before him have passed: the dealer must call, {lowest} at least (option 'compulsory-call')"
            )
        self._decls.append((seat, None))
        self._events.append(_PASSED[seat])
        self._next_caller()

    def _do_call(self, action: Call) -> None:
        """A call of a number of tricks: one the rules have, above the highest so far."""
        seat = action.seat
        if self._phase != CALLING or seat != self._to_act or self._taker is not None:
            self._check_caller(seat)  # raises the error that applies
        tricks = action.tricks
        # An exact int only: a bool (or a name) is no number of tricks.
        rank = self._rules.rank.get(tricks) if type(tricks) is int else None
        if rank is None:
            calls = self._rules.calls
            raise BadCall(
                f"a call is of {calls[0].tricks} to {max(c.tricks for c in calls)} tricks (5 is Nap), not {tricks!r}"
            )
        if rank <= self._high:
            self._call_too_low()
        # The body of _record_call, repeated for the usual call (see the notes on speed). Keep
        # the two alike.
        contract = self._rules.calls[rank - 1]
        self._decls.append((seat, contract))
        self._bound = None  # after a call, nobody is bound to call (see _may_pass)
        self._high = rank
        self._high_call = contract
        self._high_seat = seat
        self._events.append(_CALLED[seat][tricks])  # a call of tricks has no declaration
        self._next_caller()

    def _do_named_call(self, action: NamedCall) -> None:
        """A call made by name: one the rules have, above the highest so far; a Wellington only
        over a Nap, a Blücher only over a Wellington."""
        seat = action.seat
        self._check_caller(seat)
        name = action.call
        if type(name) is not str or name not in NAMED_CALLS:
            raise BadCall(f"there is no call named {name!r} (the named calls: {', '.join(NAMED_CALLS)})")
        rank = self._rules.rank.get(name)
        if rank is None:
            raise CallNotAllowed(f"these rules have no call of {Contract(0, name).name} (option {name!r})")
        contract = self._rules.calls[rank - 1]
        if contract.declaration in (WELLINGTON, BLUCHER):
            if not opens_over(contract, self._high_call):
                over = "a Nap" if contract.declaration == WELLINGTON else "a Wellington"
                highest = self._high_call.name if self._high_call is not None else "no call"
                raise CallNotAllowed(f"{contract.name} is called only over {over}; the highest call is {highest}")
        elif rank <= self._high:
            self._call_too_low()
        self._record_call(seat, contract, rank)

    def _call_too_low(self) -> None:
        """Refuse a call that does not exceed the highest so far."""
        assert self._high_call is not None  # a call has been made
        if self._high == len(self._rules.calls):
            raise CallTooLow(f"{self._high_call.name} has been called: no one can call after it, only pass")
        raise CallTooLow(f"a call must exceed the highest so far ({self._high_call.name})")

    def _record_call(self, seat: int, contract: Contract, rank: int) -> None:
        """``seat`` calls ``contract``, at place ``rank`` of the calls (checked already).
        (:meth:`_do_call` repeats this body for the usual call; keep the two alike.)"""
        self._decls.append((seat, contract))
        self._bound = None  # after a call, nobody is bound to call (see _may_pass)
        self._high = rank
        self._high_call = contract
        self._high_seat = seat
        declaration = contract.declaration
        if declaration is None:
            self._events.append(_CALLED[seat][contract.tricks])
        else:
            self._events.append(Called(seat, contract.tricks, declaration))
        self._next_caller()

    def _next_caller(self) -> None:
        """The calling goes once round, every player declaring in turn. After the highest call
        there is nobody can call (a call must exceed the last), so the remaining players can
        only pass (rule calling.nap-ceiling: "the remaining players can only pass, and the
        calling is over")."""
        order = self._geo.order
        done = len(self._decls)
        if done == len(order):
            self._end_calling()
        else:
            self._to_act = order[done]

    def _end_calling(self) -> None:
        """Who plays, or (compulsory-call ``none``) nobody.

        The highest caller plays. Under ``eldest-if-all-pass``, when all pass, the eldest
        plays for the lowest call. Choice: ``compulsory`` records that the soloist was bound
        by compulsory-call: the eldest so made to play, or a dealer who had to call because
        all before him passed (whatever he called). (A dealer who sits out cannot be bound:
        such rules are refused before the deal, interpretation
        dealer-out-cannot-be-compelled.)
        """
        order = self._geo.order
        rule = self._rules.compulsory_call
        contract = self._high_call
        if contract is not None:
            assert self._high_seat is not None
            soloist = self._high_seat
            compulsory = False
            if rule == "dealer-if-all-pass" and soloist == order[-1]:
                compulsory = True
                for _, earlier in self._decls[:-1]:  # (a loop: see the notes on speed)
                    if earlier is not None:
                        compulsory = False
        elif rule == "eldest-if-all-pass":
            soloist, contract, compulsory = order[0], self._rules.calls[0], True
        else:  # none (nobody is bound), the only value under which all can pass
            self._events.append(AllPassed(self._dealer))
            self._settle()
            return
        self._soloist = soloist
        self._contract = contract
        self._call = contract.tricks
        self._compulsory = compulsory
        self._events.append(new_record(SoloistChosen, (soloist, contract.tricks, compulsory, contract.declaration)))
        if self._peeped and soloist in self._peeped:  # Peep Nap: he may take the peep card first
            self._begin_peep_exchange()
            return
        self._phase = PLAY_PHASE
        self._start_play()


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
