"""The course of one hand: the parts of its phases, made as each phase begins, the part in
force, the records they share, and what happens between the phases.

A :class:`~napspec.reference.hand.Hand` is a façade over a :class:`Course`. The course is the
only one that makes parts and moves the hand from phase to phase; no part refers to the course
or makes another part (so a finished hand is freed at once: no reference cycle):

``cut``/``deal`` (:class:`~napspec.reference.deal.Deal`) → ``purchase``
(:class:`~napspec.reference.exchanges.Purchase`, Purchase Nap) → ``calling``
(:class:`~napspec.reference.calling.Calling`, with Sir Garnet's
:class:`~napspec.reference.extra_hand.ExtraHand` and Peep Nap's
:class:`~napspec.reference.exchanges.PeepCard`) → ``peep-exchange`` (the peep card, if the
soloist peeped) → ``play`` (:class:`~napspec.reference.play.TrickPlay`) → ``show``
(:class:`~napspec.reference.irregularities.Showing`, where play stopped early) → ``finished``
(:class:`~napspec.reference.settlement.Settlement`, with the
:class:`~napspec.reference.pool.PoolAccount`); and back to ``play`` when a claim has the hand
replayed.

The part in force is :attr:`Course.in_force` (its handlers, :attr:`Course.handlers`, are set
with it). The hand gives an action to the part in force when it takes it;
when the part says its phase is over (:attr:`~napspec.reference.state.Phase.over`),
:meth:`Course.hand_on` begins the next. The actions of any phase, a claim, an exposed card, a
question, a peep, and the refusal of an action out of its phase, are the course's
(:meth:`Course.take_out_of_phase`); the claims (:class:`~napspec.reference.claims.Claims`) are
made when first needed, are told each time what they need to know of the hand
(:meth:`Course.moment`), and say how the hand goes on after a remedy
(:meth:`Course.carry_out`).

What the course holds: the rules and the table, the records the parts share (the
:class:`~napspec.reference.state.Cards`, the :class:`~napspec.reference.state.Offences`, the
:class:`~napspec.reference.state.Penalties`, the pool's account, the events), the part of each
phase once begun, and the result once settled. The classes of the parts are attributes of the
course (``deal_part``, ``calling_part``, ...), so that a subclass can play with another part in
the place of one (the conformance tests' rule-breaking engines do).

>>> from napspec.reference.rules import Rules
>>> from napspec.reference.cards import parse_cards
>>> course = Course(Rules.profile("peel"), 2, 0, allow_irregular=False)
>>> deal = course.begin_deal()
>>> deal.stacked({0: parse_cards("AS KS QS JS TS"), 1: parse_cards("2C 3C 4C 5C 6C")}, False, None)
>>> deal.over, type(course.in_force).__name__
(True, 'Deal')
>>> course.hand_on(); type(course.in_force).__name__, course.in_force.phase, course.in_force.to_act
('Calling', 'calling', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from napspec.reference.actions import Action, AskInformation, Claim, ExposeCard, Peep
from napspec.reference.calling import Calling
from napspec.reference.claims import SETTLE, Claims, Moment, Replay, Sequel
from napspec.reference.deal import Deal
from napspec.reference.errors import NotAnAction, WrongPhase
from napspec.reference.events import Event, Result
from napspec.reference.exchanges import PEEP_OUT_OF_PHASE, PeepCard, Purchase, check_peep_played
from napspec.reference.extra_hand import ExtraHand
from napspec.reference.irregularities import Showing, expose_card
from napspec.reference.play import TrickPlay, tell_the_call
from napspec.reference.pool import PoolAccount
from napspec.reference.rules import Rules
from napspec.reference.settlement import Settlement
from napspec.reference.state import (
    CALLING,
    PEEP_EXCHANGE_PHASE,
    PLAY_PHASE,
    PURCHASE_PHASE,
    SHOW_PHASE,
    Cards,
    Offences,
    Part,
    Penalties,
    Phase,
    new_record,
)
from napspec.reference.table import Table, checked_tables


class Course(Part):
    """The course of a hand of ``players`` under ``rules``, ``dealer`` dealing: what it holds
    from the start (the rules, the table, the records of the cards and the offences, the pool),
    then the part of each phase as it begins. :meth:`begin_deal` makes the first."""

    __slots__ = (
        "calling",
        "cards",
        "claims_made",
        "closed",
        "deal",
        "events",
        "handlers",
        "in_force",
        "irregular",
        "offences",
        "peep",
        "penalties",
        "play",
        "pool",
        "purchase",
        "result",
        "rules",
        "table",
    )

    #: Not the hand's state: the handlers are the part in force's, and the claims keep nothing of
    #: their own (see state.frozen).
    NOT_STATE = ("handlers", "claims_made")

    #: The part of the phase in force, and the handlers of the actions it takes.
    in_force: Phase
    handlers: Mapping[type, Callable[[Any, Any], None]]

    deal_part: ClassVar[type[Deal]] = Deal
    purchase_part: ClassVar[type[Purchase]] = Purchase
    calling_part: ClassVar[type[Calling]] = Calling
    extra_hand_part: ClassVar[type[ExtraHand]] = ExtraHand
    peep_part: ClassVar[type[PeepCard]] = PeepCard
    play_part: ClassVar[type[TrickPlay]] = TrickPlay
    showing_part: ClassVar[type[Showing]] = Showing
    claims_part: ClassVar[type[Claims]] = Claims
    pool_part: ClassVar[type[PoolAccount]] = PoolAccount
    settlement_part: ClassVar[type[Settlement]] = Settlement

    def __init__(self, rules: Rules, players: int, dealer: int, allow_irregular: bool) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        tables = checked_tables(rules, players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"the dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        self.rules = rules
        self.table: Table = tables[dealer]
        self.irregular = bool(allow_irregular)
        events: list[Event] = []
        self.events = events
        self.cards = Cards(players)
        self.offences = Offences(events)
        #: The pool's account, where one is kept (see pool_account()).
        self.pool: PoolAccount | None = None
        #: The penalties claimed (``None`` until the first).
        self.penalties: Penalties | None = None
        #: The parts of the phases after the deal, once begun.
        self.purchase: Purchase | None = None
        self.calling: Calling | None = None
        self.peep: PeepCard | None = None
        self.play: TrickPlay | None = None
        #: How the hand ended, once settled.
        self.result: Result | None = None
        #: The next deal has begun: no more claims.
        self.closed = False
        self.claims_made: Claims | None = None  # see claims()

    def pool_account(self) -> PoolAccount:
        """The pool's account, made when first needed: where the rules keep a pool, or where
        the exchanges pay their fees into one."""
        pool = self.pool
        if pool is None:
            pool = self.pool = self.pool_part(self.rules, self.table.n, self.table.dealer)
        return pool

    # ------------------------------------------------------------------ from phase to phase

    def begin_deal(self) -> Deal:
        """The cut and the deal begin (the caller gives the pack, or the holdings)."""
        deal = self.deal = self.deal_part(
            self.rules, self.table, self.cards, self.offences, self.events, self.irregular
        )
        self.in_force = deal  # its phase is in force
        self.handlers = deal.HANDLERS
        return deal

    def hand_on(self) -> None:
        """The phase in force is over: the next begins (and may be over at once)."""
        part = self.in_force
        while part.over:
            phase = part.phase
            if phase == PLAY_PHASE:
                self.played()
            elif phase == CALLING:
                self.called()
            elif phase == SHOW_PHASE:
                self.shown()
            elif phase == PEEP_EXCHANGE_PHASE:
                self.begin_play()
            elif phase == PURCHASE_PHASE:
                self.begin_calling()
            else:  # the cut or the deal: the cards are dealt
                self.dealt()
            part = self.in_force

    def dealt(self) -> None:
        """Under Purchase Nap the dealer sells fresh cards, from his left and himself last;
        otherwise (the plain game, Peep Nap) the calling begins at once."""
        if self.rules.purchase != "played":
            self.begin_calling()
            return
        purchase = self.purchase = self.purchase_part(
            self.rules, self.table, self.cards, self.events, self.pool_account()
        )
        self.in_force = purchase  # its phase is in force
        self.handlers = purchase.HANDLERS

    def begin_calling(self) -> None:
        """The calling begins, with the extra hand where one was dealt and the peep card where
        it is played."""
        rules = self.rules
        cards = self.cards
        events = self.events
        extra_hand = self.extra_hand_part(rules, cards, events) if cards.extra is not None else None
        peep = None
        if rules.peep == "played":
            peep = self.peep = self.peep_part(rules, cards, events, self.pool_account())
        calling = self.calling = self.calling_part(rules, self.table, cards, events, extra_hand, peep)
        self.in_force = calling  # its phase is in force
        self.handlers = calling.HANDLERS
        calling.begin()

    def called(self) -> None:
        """Nobody plays (all passed), or the soloist may take the peep card first (if he
        peeped), or he leads."""
        calling = self.calling
        assert calling is not None
        soloist = calling.soloist
        if soloist is None:
            self.settle()
            return
        peep = self.peep
        if peep is not None and peep.offers_exchange(soloist):
            self.in_force = peep  # its phase is in force
            self.handlers = peep.HANDLERS
            peep.begin_exchange(soloist)
            return
        self.begin_play()

    def begin_play(self) -> None:
        """The soloist leads to the first trick."""
        calling = self.calling
        assert calling is not None and calling.soloist is not None and calling.contract is not None
        play = self.play = self.play_part(
            self.rules,
            self.table,
            self.cards,
            self.offences,
            self.events,
            calling.soloist,
            calling.contract,
            self.irregular,
        )
        self.in_force = play  # its phase is in force
        self.handlers = play.HANDLERS
        play.begin()

    def played(self) -> None:
        """Those who must show their cards show them, or (none) the hand is settled."""
        play = self.play
        assert play is not None
        if not play.showers:
            self.settle()
            return
        last = play.tricks[-1]
        # The showing asks the claims for a remedy only when a revoke is made known: it holds
        # the course while it is in force, and drops it with the phase.
        showing = self.showing_part(
            self.cards, self.offences, self.events, self.revoke_remedy, play.showers, last, play.cards_played()
        )
        self.in_force = showing  # its phase is in force
        self.handlers = showing.HANDLERS

    def shown(self) -> None:
        """All have shown (the hand is settled), or a revoke made known is penalised."""
        showing = self.in_force
        assert isinstance(showing, Showing)
        if showing.penalty is None:
            self.settle()
            return
        offence, remedy = showing.penalty
        self.carry_out(self.claims().apply_remedy(offence, remedy, self.penalise(), self.moment()))

    def settle(self) -> None:
        """The hand is settled (again, after a later claim): phase ``finished``."""
        calling = self.calling
        settlement = self.settlement_part(
            self.rules,
            self.table,
            self.events,
            self.offences,
            self.pool,
            self.penalties,
            calling.soloist if calling is not None else None,
            calling.contract if calling is not None else None,
            self.play,
        )
        self.in_force = settlement  # its phase is in force
        self.handlers = settlement.HANDLERS
        self.result = settlement.settle()

    def carry_out(self, sequel: Sequel) -> None:
        """Go on as a remedy says: replay the hand, settle it (again), or go on as it was."""
        if sequel == SETTLE:
            self.settle()
        elif isinstance(sequel, Replay):
            play = self.play
            assert play is not None  # a replay is the remedy of an offence in play
            self.result = None
            self.in_force = play  # its phase is in force
            self.handlers = play.HANDLERS
            play.rewind(sequel.position, sequel.offence_id, sequel.revoker)
            self.hand_on()

    def claims(self) -> Claims:
        """The claims, made when first needed (they keep nothing of the hand's course: they
        are told the :meth:`moment`)."""
        claims = self.claims_made
        if claims is None:
            claims = self.claims_made = self.claims_part(self.rules, self.table.n, self.offences, self.events)
        return claims

    def moment(self) -> Moment:
        """What the claims need to know of the hand now."""
        calling = self.calling
        purchase = self.purchase
        play = self.play
        return new_record(
            Moment,
            (
                self.in_force.phase,
                calling.soloist if calling is not None else None,  # the soloist
                calling.high_seat if calling is not None else None,  # the highest caller
                bool(calling.decls) if calling is not None else False,  # declared
                bool(purchase.buyers) if purchase is not None else False,  # bought
                calling.high < len(self.rules.calls) if calling is not None else True,  # calls open
                len(play.tricks) if play is not None else 0,  # tricks
                self.penalties,
            ),
        )

    def revoke_remedy(self, seat: int) -> str:
        """The remedy for a revoke by ``seat`` now (what a showing of cards asks)."""
        return self.claims().revoke_remedy(seat, self.moment())

    def penalise(self) -> Penalties:
        """The record of the penalties, made at the first (the settlement then applies them)."""
        if self.penalties is None:
            self.penalties = Penalties()
        return self.penalties

    # ------------------------------------------------------------------ actions of any phase

    def take_out_of_phase(self, action: Action) -> None:
        """An action the part in force does not take: one of any phase, or refused."""
        kind = type(action)
        taken_here = _ANY_PHASE.get(kind)
        if taken_here is None and kind not in _OUT_OF_PHASE:
            raise NotAnAction(f"{action!r} is not an action")
        if self.closed:
            raise WrongPhase("the hand is closed: the next deal has begun")
        if taken_here is None:
            raise WrongPhase(_OUT_OF_PHASE[kind].format(phase=self.in_force.phase))
        getattr(self, taken_here)(action)

    def do_claim(self, action: Claim) -> None:
        claims = self.claims()
        moment = self.moment()
        claimed = claims.do_claim(action, moment)
        if claimed is not None:
            offence, remedy = claimed
            self.carry_out(claims.apply_remedy(offence, remedy, self.penalise(), moment))

    def do_expose(self, action: ExposeCard) -> None:
        play = self.play
        tricks = len(play.tricks) if play is not None else 0
        expose_card(action, self.offences, self.irregular, self.in_force.phase, self.cards, self.table.n, tricks)

    def do_ask(self, action: AskInformation) -> None:
        tell_the_call(action, self.rules, self.in_force.phase, self.table.n, self.play)

    def do_peep(self, action: Peep) -> None:
        """A peep is taken in the calling, by the peep card's part."""
        check_peep_played(self.rules)
        calling = self.calling
        if calling is None or self.in_force is not calling:
            raise WrongPhase(PEEP_OUT_OF_PHASE.format(phase=self.in_force.phase))
        assert self.peep is not None  # made with the calling where the peep is played
        self.peep.do_peep(action, calling.to_act, calling.taker)


_ANY_PHASE: dict[type, str] = {
    Claim: "do_claim",
    ExposeCard: "do_expose",
    AskInformation: "do_ask",
    Peep: "do_peep",
}
"""The actions of any phase (each checks the phase it needs), by the method that takes each."""

_OUT_OF_PHASE: dict[type, str] = {
    kind: refusal for part in (Deal, Purchase, Calling, PeepCard, TrickPlay, Showing) for kind, _, refusal in part.TAKES
}
"""What a player is told who takes the action of a phase out of it (``{phase}``: the phase in force)."""


__all__ = ["Course"]
