"""Irregularities of the play: a revoke, a card played out of turn, a card exposed after the
deal, and the showing of cards that proves (or disproves) a revoke (rules
``irregularities.*``).

An irregular action is accepted only in a hand made with ``allow_irregular``; it is then
recorded as an :class:`~napspec.reference.events.Offence`, which stays open until a player
claims it (:mod:`~napspec.reference.claims`: the remedies and penalties) or the next deal
begins. The faults of the deal (an uncut pack, a faulty pack, a card exposed in dealing, a
misdeal, a wrong number of cards) are recorded by :mod:`~napspec.reference.deal` the same way.

Where the variants go: an irregularity a variant adds (say, a purchase out of turn) is
recorded here with :meth:`Irregularities._record`, and its remedy is given in
:mod:`~napspec.reference.claims`.
"""

from __future__ import annotations

from napspec.reference.actions import REFUSE, SHOW, Action, ExposeCard, RefuseToShow, ShowCards
from napspec.reference.errors import (
    CardNotHeld,
    IrregularPlayNotAllowed,
    MustFollowSuit,
    NoSuchSeat,
    NotProvidedFor,
    NotYourTurn,
    WrongPhase,
)
from napspec.reference.events import CardsShown, Offence, OffenceRecorded, ShowRefused
from napspec.reference.rules import REFUSALS_TO_SHOW
from napspec.reference.state import (
    CALLING,
    CLAIMED,
    OPEN,
    PEEP_EXCHANGE_PHASE,
    PLAY_PHASE,
    PURCHASE_PHASE,
    SHOW_PHASE,
    HandState,
    new_record,
)


class Irregularities(HandState):
    """The recording of offences, and the showing of cards."""

    __slots__ = ()

    def _record(
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
        offence = new_record(Offence, (len(self._offences) + 1, kind, seat, card, trick, position, suit, held, detail))
        self._offences.append(offence)
        self._ostate.append(OPEN)
        self._events.append(new_record(OffenceRecorded, (offence,)))
        return offence

    def _revoke(self, seat: int, card: int, led: int) -> None:
        if not self._irregular:
            raise MustFollowSuit(f"seat {seat} holds a card of the suit led and must play it")
        if seat in self._forced:
            raise MustFollowSuit(f"seat {seat} revoked before and must now follow suit")
        self._record(
            "revoke",
            seat,
            card=card,
            trick=len(self._tricks) + 1,
            position=self._cards_played(),
            suit=led,
            detail="did not follow suit",
        )
        self._put(seat, card, False)

    def _play_out_of_turn(self, seat: int, card: int) -> None:
        """A card played out of turn is taken back into its player's hand and the offence is
        recorded (interpretation out-of-turn-card-taken-back). Choice: any card played by a
        player who is not to play, during the play, is out of turn (also by one who has
        already played to the trick); it is placed, for a replay from it, at the position of
        the card that was due."""
        if not self._irregular:
            raise NotYourTurn(f"seat {self._to_act} plays next")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise NoSuchSeat(f"{seat!r} is not a seat at this table")
        if type(card) is not int or card not in self._holdings[seat]:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        self._record(
            "out-of-turn",
            seat,
            card=card,
            trick=len(self._tricks) + 1,
            position=self._cards_played(),
            detail=f"played out of turn (seat {self._to_act} was to play); the card is taken back",
        )

    def _do_expose(self, action: ExposeCard) -> None:
        """Choice: "after the deal is completed" runs from the calling to the end of play
        (the showing of cards included), and the purchase and the peep exchange of Purchase
        and Peep Nap; the card stays in its holder's hand."""
        if not self._irregular:
            raise IrregularPlayNotAllowed("exposing a card needs a hand with allow_irregular=True")
        if self._phase not in (CALLING, PLAY_PHASE, SHOW_PHASE, PURCHASE_PHASE, PEEP_EXCHANGE_PHASE):
            raise WrongPhase(f"a card can be exposed after the deal, not in phase {self._phase!r}")
        seat = self._check_seat(action.seat)
        card = action.card
        if type(card) is not int or card not in self._holdings[seat]:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        self._record(
            "exposed-after-deal",
            seat,
            card=card,
            trick=len(self._tricks) + 1 if self._phase in (PLAY_PHASE, SHOW_PHASE) else None,
            detail="exposed a card after the deal",
        )

    # ------------------------------------------------------------------ showing cards

    def _do_show(self, action: ShowCards) -> None:
        """Show the remaining cards. Choice: they reveal a revoke when they hold a card of a
        suit the player failed to follow in an unclaimed revoke of this hand (play stops right
        after the deciding trick, so a revoke in it is always revealed); the earliest such
        revoke is then penalised as if claimed (its status becomes ``claimed``; no
        :class:`ClaimMade` event, as nobody claimed it)."""
        seat = self._check_shower(action.seat)
        holding = tuple(self._holdings[seat])
        revealed = None
        remedy = None
        if OPEN in self._ostate:  # only an unclaimed revoke can be revealed
            suits = {c // 13 for c in holding}
            for offence, state in zip(self._offences, self._ostate):
                if state == OPEN and offence.kind == "revoke" and offence.seat == seat and offence.suit in suits:
                    revealed = offence
                    remedy = self._penalty_for_revealed(offence.seat)
                    break
        self._events.append(new_record(CardsShown, (seat, holding)))
        self._pending_show = self._pending_show[1:]
        if revealed is not None and remedy is not None:
            self._ostate[revealed.id - 1] = CLAIMED
            self._apply_remedy(revealed, remedy)
        else:
            self._next_shower()

    def _refusals_left(self) -> bool:
        """Whether a player required to show may still refuse in this hand: a hand allows the
        register's number ``refusals-to-show`` of them (interpretation
        hoyle-refusal-to-show-once), replays included."""
        made = sum(1 for event in self._events if isinstance(event, ShowRefused))
        return made < REFUSALS_TO_SHOW

    def _do_refuse(self, action: RefuseToShow) -> None:
        """A refusal is held to be a revoke: it is recorded as one and its penalty applies at
        once (no claim is needed). Choice: the revoke is placed at the refuser's card in the
        deciding trick (where a replay from the revoke starts)."""
        seat = self._check_shower(action.seat)
        if not self._refusals_left():
            raise NotProvidedFor(
                f"seat {seat} must show his cards: a hand allows {REFUSALS_TO_SHOW} refusal(s) to show, made already"
            )
        last = self._tricks[-1]
        index = [s for s, _ in last.cards].index(seat)
        position = self._cards_played() - len(last.cards) + index
        remedy = self._penalty_for_revealed(seat)
        self._events.append(new_record(ShowRefused, (seat,)))
        self._pending_show = self._pending_show[1:]
        offence = self._record(
            "revoke",
            seat,
            card=last.cards[index][1],
            trick=last.number,
            position=position,
            suit=last.cards[0][1] // 13,
            detail="refused to show his cards",
        )
        if remedy is not None:
            self._ostate[offence.id - 1] = CLAIMED
            self._apply_remedy(offence, remedy)
        else:
            self._next_shower()

    def _penalty_for_revealed(self, seat: int) -> str | None:
        """The remedy for a revoke by ``seat`` made known by showing, or ``None`` (revoke
        ``none``). Computed before anything changes, so that the action stays all-or-nothing."""
        try:
            return self._revoke_remedy(seat)
        except NotProvidedFor:
            return None

    def _show_or_refuse(self) -> tuple[Action, ...]:
        """The player required to show his cards shows them, or refuses."""
        seat: int = self._to_act  # type: ignore[assignment]  # never None while showing
        return (SHOW[seat], REFUSE[seat]) if self._refusals_left() else (SHOW[seat],)

    def _check_shower(self, seat: int) -> int:
        if self._phase != SHOW_PHASE:
            raise WrongPhase(f"nobody is required to show his cards in phase {self._phase!r}")
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} is to show his cards")
        return seat

    def _next_shower(self) -> None:
        if self._pending_show:
            self._to_act = self._pending_show[0]
        else:
            self._settle()
