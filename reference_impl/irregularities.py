"""Irregularities outside the tricks: a card exposed after the deal, and the showing of cards
that proves (or disproves) a revoke (rules ``irregularities.*``).

An irregular action is accepted only in a hand made with ``allow_irregular``; it is then
recorded as an :class:`~napspec.reference.events.Offence`, which stays open until a player
claims it (:mod:`~napspec.reference.claims`: the remedies and penalties) or the next deal
begins. The faults of the deal (an uncut pack, a faulty pack, a card exposed in dealing, a
misdeal, a wrong number of cards) are recorded by :mod:`~napspec.reference.deal` the same way,
and a revoke and a card out of turn by :mod:`~napspec.reference.play`.

Where the variants go: an irregularity a variant adds (say, a purchase out of turn) is
recorded with :meth:`Offences.record <napspec.reference.state.Offences.record>`, and its
remedy is given in :mod:`~napspec.reference.claims`.

What the irregularities read and write of the hand: :func:`expose_card` reads the holdings of
the :class:`~napspec.reference.state.Cards` and records the offence. The showing of cards
(:class:`Showing`, the part in force in phase ``show``) owns who has still to show; it reads
the holdings, records a refusal as a revoke, marks a revoke it reveals as claimed in the
:class:`~napspec.reference.state.Offences`, and appends its events. Its phase is over when
all have shown, or when a revoke is to be penalised (:attr:`Showing.penalty`, the remedy the
claims give, :data:`RevokeRemedy`: the hand applies it).
"""

from __future__ import annotations

from collections.abc import Callable

from napspec.reference.actions import REFUSE, SHOW, Action, ExposeCard, RefuseToShow, ShowCards
from napspec.reference.errors import CardNotHeld, IrregularPlayNotAllowed, NotProvidedFor, NotYourTurn, WrongPhase
from napspec.reference.events import CardsShown, Event, Offence, ShowRefused, Trick
from napspec.reference.rules import REFUSALS_TO_SHOW
from napspec.reference.state import (
    CALLING,
    CLAIMED,
    OPEN,
    PEEP_EXCHANGE_PHASE,
    PLAY_PHASE,
    PURCHASE_PHASE,
    SHOW_PHASE,
    Cards,
    Offences,
    Phase,
    check_seat,
    new_record,
)

AFTER_THE_DEAL = (CALLING, PLAY_PHASE, SHOW_PHASE, PURCHASE_PHASE, PEEP_EXCHANGE_PHASE)
"""The phases in which a card can be exposed "after the deal is completed"."""

REFUSED = "refused to show his cards"
"""How a refusal to show is recorded: as a revoke, with this detail."""


def expose_card(
    action: ExposeCard,
    offences: Offences,
    irregular: bool,
    phase: str,
    cards: Cards,
    players: int,
    tricks_done: int,
) -> None:
    """Record the card ``action`` exposes, in phase ``phase`` after ``tricks_done`` tricks.

    Choice: "after the deal is completed" runs from the calling to the end of play (the
    showing of cards included), and the purchase and the peep exchange of Purchase and Peep
    Nap; the card stays in its holder's hand."""
    if not irregular:
        raise IrregularPlayNotAllowed("exposing a card needs a hand with allow_irregular=True")
    if phase not in AFTER_THE_DEAL:
        raise WrongPhase(f"a card can be exposed after the deal, not in phase {phase!r}")
    seat = check_seat(action.seat, players)
    card = action.card
    if type(card) is not int or card not in cards.holdings[seat]:
        raise CardNotHeld(f"seat {seat} does not hold {card!r}")
    offences.record(
        "exposed-after-deal",
        seat,
        card=card,
        trick=tricks_done + 1 if phase in (PLAY_PHASE, SHOW_PHASE) else None,
        detail="exposed a card after the deal",
    )


# ---------------------------------------------------------------------- showing cards


RevokeRemedy = Callable[[int], str]
"""What the showing needs of the claims (:class:`~napspec.reference.claims.Claims`): the remedy
for a revoke by a seat (or :class:`NotProvidedFor`), made known by showing and applied at once,
by the hand."""


class Showing(Phase):
    """The showing of cards after play stopped early (option ``show-cards``): the part in force
    in phase ``show``, made with the players who must show, in order, the deciding trick and
    the number of cards played."""

    __slots__ = (
        "_cards",
        "_events",
        "_last",
        "_offences",
        "_played",
        "_refused",
        "_revoke_remedy",
        "penalty",
        "pending",
    )

    TAKES = (
        (ShowCards, "do_show", "nobody is required to show his cards in phase {phase!r}"),
        (RefuseToShow, "do_refuse", "nobody is required to show his cards in phase {phase!r}"),
    )

    def __init__(
        self,
        cards: Cards,
        offences: Offences,
        events: list[Event],
        revoke_remedy: RevokeRemedy,
        showers: tuple[int, ...],
        last: Trick,
        played: int,
    ) -> None:
        self._cards = cards
        self._offences = offences
        self._events = events
        self._revoke_remedy = revoke_remedy
        self._last = last
        self._played = played
        #: Who has still to show, in order.
        self.pending = showers
        #: The revoke to be penalised, and its remedy, when showing made one known.
        self.penalty: tuple[Offence, str] | None = None
        # The refusals made in this hand (a replay included): counted once, then kept.
        self._refused = sum(1 for offence in offences.offences if offence.detail == REFUSED) if offences.offences else 0
        self.phase = SHOW_PHASE
        self.to_act = showers[0]
        self.over = False

    def do_show(self, action: ShowCards) -> None:
        """Show the remaining cards. Choice: they reveal a revoke when they hold a card of a
        suit the player failed to follow in an unclaimed revoke of this hand (play stops right
        after the deciding trick, so a revoke in it is always revealed); the earliest such
        revoke is then penalised as if claimed (its status becomes ``claimed``; no
        :class:`ClaimMade` event, as nobody claimed it)."""
        seat = self._check_shower(action.seat)
        holding = tuple(self._cards.holdings[seat])
        revealed = None
        remedy = None
        offences = self._offences
        if OPEN in offences.states:  # only an unclaimed revoke can be revealed
            suits = {c // 13 for c in holding}
            for offence, state in zip(offences.offences, offences.states):
                if state == OPEN and offence.kind == "revoke" and offence.seat == seat and offence.suit in suits:
                    revealed = offence
                    remedy = self.penalty_for_revealed(offence.seat)
                    break
        self._events.append(new_record(CardsShown, (seat, holding)))
        self.pending = self.pending[1:]
        if revealed is not None and remedy is not None:
            offences.states[revealed.id - 1] = CLAIMED
            self._penalise(revealed, remedy)
        else:
            self._next_shower()

    def refusals_left(self) -> bool:
        """Whether a player required to show may still refuse in this hand: a hand allows the
        register's number ``refusals-to-show`` of them (interpretation
        hoyle-refusal-to-show-once), replays included."""
        return self._refused < REFUSALS_TO_SHOW

    def do_refuse(self, action: RefuseToShow) -> None:
        """A refusal is held to be a revoke: it is recorded as one and its penalty applies at
        once (no claim is needed). Choice: the revoke is placed at the refuser's card in the
        deciding trick (where a replay from the revoke starts)."""
        seat = self._check_shower(action.seat)
        if not self.refusals_left():
            raise NotProvidedFor(
                f"seat {seat} must show his cards: a hand allows {REFUSALS_TO_SHOW} refusal(s) to show, made already"
            )
        last = self._last
        index = [s for s, _ in last.cards].index(seat)
        position = self._played - len(last.cards) + index
        remedy = self.penalty_for_revealed(seat)
        self._events.append(new_record(ShowRefused, (seat,)))
        self._refused += 1
        self.pending = self.pending[1:]
        offences = self._offences
        offence = offences.record(
            "revoke",
            seat,
            card=last.cards[index][1],
            trick=last.number,
            position=position,
            suit=last.cards[0][1] // 13,
            detail=REFUSED,
        )
        if remedy is not None:
            offences.states[offence.id - 1] = CLAIMED
            self._penalise(offence, remedy)
        else:
            self._next_shower()

    def penalty_for_revealed(self, seat: int) -> str | None:
        """The remedy for a revoke by ``seat`` made known by showing, or ``None`` (revoke
        ``none``). Computed before anything changes, so that the action stays all-or-nothing."""
        try:
            return self._revoke_remedy(seat)
        except NotProvidedFor:
            return None

    def _penalise(self, offence: Offence, remedy: str) -> None:
        """The showing is over: ``offence`` is to be penalised by ``remedy``."""
        self.penalty = (offence, remedy)
        self.over = True

    def legal_actions(self) -> tuple[Action, ...]:
        """The player required to show his cards shows them, or refuses."""
        seat: int = self.to_act  # type: ignore[assignment]  # never None while showing
        return (SHOW[seat], REFUSE[seat]) if self.refusals_left() else (SHOW[seat],)

    def _check_shower(self, seat: int) -> int:
        if seat != self.to_act:
            raise NotYourTurn(f"seat {self.to_act} is to show his cards")
        return seat

    def _next_shower(self) -> None:
        if self.pending:
            self.to_act = self.pending[0]
        else:
            self.over = True


__all__ = ["AFTER_THE_DEAL", "REFUSED", "RevokeRemedy", "Showing", "expose_card"]
