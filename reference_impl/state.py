"""The state of one deal, shared by the modules of the phases.

:class:`HandState` holds every field of a hand (slotted: a hand is made thousands of times a
second by the benchmark) and nothing else but the seat check every phase needs. The phases
(:mod:`~napspec.reference.deal`, :mod:`~napspec.reference.calling`,
:mod:`~napspec.reference.exchanges`, :mod:`~napspec.reference.play`,
:mod:`~napspec.reference.irregularities`, :mod:`~napspec.reference.claims`,
:mod:`~napspec.reference.pool`, :mod:`~napspec.reference.settlement`) are classes on top
of it, without fields of their own; :class:`~napspec.reference.hand.Hand` is all of them
together. A phase calls into another only
through the methods declared at the end of :class:`HandState`.

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
  bisection (in C) finds them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from napspec.reference.actions import Action
from napspec.reference.contracts import Contract
from napspec.reference.errors import NoSuchSeat
from napspec.reference.events import Event, Offence, Result, Transfer, Trick
from napspec.reference.rules import Rules
from napspec.reference.table import Table

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


class HandState:
    """The fields of a hand. Every phase reads and writes them; see each field's phase."""

    __slots__ = (
        "_abandon",
        "_before_play",
        "_bound",
        "_brit_soloist_wrong",
        "_buyers",
        "_call",
        "_call_table",
        "_closed",
        "_compulsory",
        "_contract",
        "_cut",
        "_dealer",
        "_dealt",
        "_deck",
        "_decls",
        "_discards",
        "_dupes",
        "_events",
        "_extra",
        "_fines",
        "_forced",
        "_geo",
        "_has_dealt",
        "_high",
        "_high_call",
        "_high_seat",
        "_holdings",
        "_hoyle_revokers",
        "_irregular",
        "_led",
        "_lowest_lead",
        "_n",
        "_no_receive",
        "_offences",
        "_ostate",
        "_pack",
        "_peep_card",
        "_peeped",
        "_penalised",
        "_pending_show",
        "_phase",
        "_pool",
        "_pool_moves",
        "_result",
        "_rules",
        "_short",
        "_soloist",
        "_soloist_revoked",
        "_stock",
        "_taker",
        "_thrown",
        "_to_act",
        "_trick",
        "_trick_order",
        "_tricks",
        "_trumps",
        "_void",
        "_wn_adjust",
        "_wn_soloist_wrong",
        "_won",
    )

    # set-up and deal
    _rules: Rules
    _n: int
    _dealer: int
    _geo: Table
    _irregular: bool
    _deck: tuple[int, ...] | None
    _pack: tuple[int, ...]
    _cut: int | None
    _stock: Sequence[int]
    _dupes: bool
    _holdings: list[list[int]]
    _dealt: tuple[tuple[int, ...], ...]
    _has_dealt: bool
    _short: bool
    # Sir Garnet: the extra hand (None when there is none; empty once taken), who took it,
    # what he discarded, and the holdings as play began (to restore on a replay of the hand)
    _extra: list[int] | None
    _taker: int | None
    _discards: tuple[int, ...]
    _before_play: tuple[tuple[int, ...], ...] | None
    # Peep and Purchase Nap (see napspec.reference.exchanges): the peep card on the table (None
    # when there is none, once taken or laid out of play), who peeped, who has had his turn to
    # buy, and the cards the exchanges laid face down out of play
    _peep_card: int | None
    _peeped: tuple[int, ...]
    _buyers: tuple[int, ...]
    _thrown: tuple[int, ...]
    # every phase
    _phase: str
    _to_act: int | None
    _events: list[Event]
    # calling
    _decls: list[tuple[int, Contract | None]]  # None for a pass
    _call_table: tuple[tuple[tuple[tuple[Action, ...], tuple[Action, ...]], ...], ...]  # see calling
    _high: int  # the place of the highest call so far in rules.calls (0 for none)
    _high_call: Contract | None
    _bound: int | None
    _high_seat: int | None
    _soloist: int | None
    _contract: Contract | None  # what the soloist plays for
    _call: int | None  # its tricks, as reported (0 for a Misery)
    _compulsory: bool
    # play
    _trumps: int | None
    _led: int
    _lowest_lead: bool  # the soloist's first lead must be his lowest card of its suit (Wellington)
    _trick: list[tuple[int, int]]
    _trick_order: tuple[int, ...]
    _tricks: list[Trick]
    _won: list[int]
    # irregularities and their penalties. The penalty state is immutable (tuples,
    # frozensets), replaced when it changes: most hands never change it, and then share the
    # empty values instead of making a list or a set of their own.
    _offences: list[Offence]
    _ostate: list[str]
    _forced: frozenset[int]
    _pending_show: tuple[int, ...]
    _void: str | None
    _abandon: int | None
    _soloist_revoked: bool
    _hoyle_revokers: tuple[int, ...]
    _fines: tuple[tuple[int, int, int], ...]
    _no_receive: frozenset[int]
    _wn_adjust: bool
    _wn_soloist_wrong: bool
    _brit_soloist_wrong: bool
    _penalised: bool
    # the pool (see napspec.reference.pool): the stakes in it now, and its movements in this hand
    _pool: int
    _pool_moves: list[Transfer]
    # settlement
    _result: Result | None
    _closed: bool

    def _check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise NoSuchSeat(f"{seat!r} is not a seat at this table")
        return seat

    def _played(self) -> list[tuple[int, int]]:
        """Every card played, (seat, card) in order: the completed tricks', then the trick in
        progress. (Not kept as a list of its own, which every card played would add to: it
        is wanted only for a replay and to place an offence.)"""
        played: list[tuple[int, int]] = []
        for trick in self._tricks:
            played.extend(trick.cards)
        played.extend(self._trick)
        return played

    def _cards_played(self) -> int:
        """How many cards have been played (the position of the next in :meth:`_played`)."""
        count = len(self._trick)
        for trick in self._tricks:
            count += len(trick.cards)
        return count

    if TYPE_CHECKING:
        # How the phases hand over to one another (each is defined by the phase named).

        def _begin_exchanges(self) -> None: ...  # exchanges: the deal is complete
        def _start_calling(self) -> None: ...  # calling
        def _begin_peep_exchange(self) -> None: ...  # exchanges: the calling is over, the soloist peeped
        def _with_peep(self, calls: Sequence[Action]) -> Sequence[Action]: ...  # exchanges
        def _record_call(self, seat: int, contract: Contract, rank: int) -> None: ...  # calling
        def _with_extra_hand(self, calls: tuple[Action, ...]) -> Sequence[Action]: ...  # extra_hand
        def _start_play(self) -> None: ...  # play
        def _start_trick(self, leader: int) -> None: ...  # play
        def _put(self, seat: int, card: int, quiet: bool) -> None: ...  # play
        def _end_play(self, reason: str | None) -> None: ...  # play
        def _revoke(self, seat: int, card: int, led: int) -> None: ...  # irregularities
        def _play_out_of_turn(self, seat: int, card: int) -> None: ...  # irregularities
        def _record(  # irregularities
            self,
            kind: str,
            seat: int,
            card: int | None = None,
            trick: int | None = None,
            position: int | None = None,
            suit: int | None = None,
            held: int | None = None,
            detail: str = "",
        ) -> Offence: ...
        def _remedy(self, offence: Offence) -> str: ...  # claims
        def _revoke_remedy(self, seat: int) -> str: ...  # claims
        def _apply_remedy(self, offence: Offence, remedy: str) -> None: ...  # claims
        def _settle(self) -> None: ...  # settlement
        def _pay_into_pool(self, seat: int, amount: int, reason: str) -> None: ...  # pool
        def _pay_out_of_pool(self, seat: int, amount: int, reason: str) -> None: ...  # pool
        def _settle_pool(self, outcome: str) -> None: ...  # pool
