"""Calling: once round the table from the eldest hand, each player calls a number of tricks
above the highest so far or passes (rules ``calling.*``); the highest caller becomes the
soloist and plays alone against the others.

Option ``compulsory-call`` says who may not pass; a Nap (all five tricks) ends the calling
for everyone after it (rule ``calling.nap-ceiling``).

Where the variants go: the calls beyond the plain ones (Misery between three and four,
Wellington and Blücher over Nap, Sir Garnet) are calls of this phase: :data:`CALLS` lists
the calls there are, in their order, and :meth:`Calling._do_call` is where a call is checked
against the one before it.
"""

from __future__ import annotations

from napspec.reference.actions import CALL, PASS, Action, Call, Pass
from napspec.reference.errors import BadCall, CallTooLow, CannotPass, NotYourTurn, WrongPhase
from napspec.reference.events import AllPassed, Called, Passed, SoloistChosen
from napspec.reference.rules import NAP
from napspec.reference.state import CALLING, PLAY_PHASE, HandState, new_record

CALLS = tuple(range(1, NAP + 1))
"""The calls there are, lowest first (a number of tricks; five is Nap)."""

# The events of the calling, made once for every seat and call (see the notes on speed).
_SEATS = range(len(PASS))
_PASSED: tuple[Passed, ...] = tuple(Passed(seat) for seat in _SEATS)
_CALLED: tuple[tuple[Called, ...], ...] = tuple(tuple(Called(seat, t) for t in range(NAP + 1)) for seat in _SEATS)


class Calling(HandState):
    """The calling, and the choice of the soloist."""

    __slots__ = ()

    def _start_calling(self) -> None:
        """The eldest hand calls first (rule ``calling.eldest-first``)."""
        self._phase = CALLING
        self._to_act = self._geo.order[0]

    def _calls_open(self) -> tuple[Action, ...]:
        """A pass, if the player to call may pass, and every call above the highest so far."""
        seat: int = self._to_act  # type: ignore[assignment]  # never None in the calling
        return CALLING_ACTIONS[seat][self._high][seat != self._bound]  # seat != _bound: _may_pass

    def _may_pass(self, seat: int) -> bool:
        """Whether ``seat``, to call now, may pass (option ``compulsory-call``).

        ``eldest-cannot-pass``: the eldest hand may not. ``dealer-if-all-pass``: the dealer may
        not when all before him have passed; he must call, one trick at least. (Under
        ``eldest-if-all-pass`` the eldest may pass and is bound only when all the others pass
        after him: see :meth:`_end_calling`.)

        ``_bound`` is the seat that may not pass if his turn comes, set from the option when
        the hand begins: the eldest, or the dealer; nobody once a call has been made (the
        eldest calls first, and the dealer is bound only if all before him passed). So the
        test is one comparison.
        """
        return seat != self._bound

    def _do_pass(self, action: Pass) -> None:
        if self._phase != CALLING:
            raise WrongPhase(f"no calling in phase {self._phase!r}")
        seat = action.seat
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} calls next")
        if not self._may_pass(seat):
            if self._rules.compulsory_call == "eldest-cannot-pass":
                raise CannotPass("the eldest hand must call at least one trick (option 'compulsory-call')")
            raise CannotPass("all before him have passed: the dealer must call at least one trick (option 'compulsory-call')")
        self._decls.append((seat, 0))
        self._events.append(_PASSED[seat])
        self._next_caller()

    def _do_call(self, action: Call) -> None:
        if self._phase != CALLING:
            raise WrongPhase(f"no calling in phase {self._phase!r}")
        seat = action.seat
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} calls next")
        tricks = action.tricks
        # An exact int (the usual case) passes the type test at once; a bool never does.
        if (type(tricks) is not int and (isinstance(tricks, bool) or not isinstance(tricks, int))) or not (
            1 <= tricks <= NAP
        ):
            raise BadCall(f"a call is of one to {NAP} tricks ({NAP} is Nap), not {tricks!r}")
        if tricks <= self._high:
            if self._high == NAP:
                raise CallTooLow("Nap has been called: no one can call after it, only pass")
            raise CallTooLow(f"a call must exceed the highest so far ({self._high})")
        self._decls.append((seat, tricks))
        self._bound = None  # after a call, nobody is bound to call (see _may_pass)
        self._high = tricks
        self._high_seat = seat
        self._events.append(_CALLED[seat][tricks])
        self._next_caller()

    def _next_caller(self) -> None:
        """The calling goes once round, every player declaring in turn. After a Nap nobody can
        call (a call must exceed the last), so the remaining players can only pass
        (rule calling.nap-ceiling: "the remaining players can only pass, and the calling is
        over")."""
        order = self._geo.order
        done = len(self._decls)
        if done == len(order):
            self._end_calling()
        else:
            self._to_act = order[done]

    def _end_calling(self) -> None:
        """Who plays, or (compulsory-call ``none``) nobody.

        The highest caller plays. Under ``eldest-if-all-pass``, when all pass, the eldest
        plays for one trick. Choice: ``compulsory`` records that the soloist was bound by
        compulsory-call: the eldest so made to play, or a dealer who had to call because all
        before him passed (whatever he called). (A dealer who sits out cannot be bound: such rules are refused
        before the deal, interpretation dealer-out-cannot-be-compelled.)
        """
        order = self._geo.order
        rule = self._rules.compulsory_call
        if self._high:
            assert self._high_seat is not None
            soloist, call = self._high_seat, self._high
            compulsory = (
                rule == "dealer-if-all-pass"
                and soloist == order[-1]
                and all(tricks == 0 for _, tricks in self._decls[:-1])
            )
        elif rule == "eldest-if-all-pass":
            soloist, call, compulsory = order[0], 1, True
        else:  # none (nobody is bound), the only value under which all can pass
            self._events.append(AllPassed(self._dealer))
            self._settle()
            return
        self._soloist = soloist
        self._call = call
        self._compulsory = compulsory
        self._events.append(new_record(SoloistChosen, (soloist, call, compulsory)))
        self._phase = PLAY_PHASE
        self._start_trick(soloist)


def _calling_actions(seat: int, high: int, may_pass: bool) -> tuple[Action, ...]:
    """A pass (if allowed) and every call above ``high``, for ``seat``."""
    calls: tuple[Action, ...] = tuple(CALL[seat][t] for t in CALLS if t > high)
    return ((PASS[seat],) if may_pass else ()) + calls


CALLING_ACTIONS: tuple[tuple[tuple[tuple[Action, ...], tuple[Action, ...]], ...], ...] = tuple(
    tuple((_calling_actions(seat, high, False), _calling_actions(seat, high, True)) for high in range(NAP + 1))
    for seat in _SEATS
)
"""``CALLING_ACTIONS[seat][high][may_pass]``: the legal calling actions, for every seat, highest
call so far (0 to Nap) and whether the seat may pass. A table, not a cache: no key to build."""
