"""Claims: a player claims a recorded offence, and the rules in force give its remedy — a
fresh deal or a redeal, a fine to the soloist, the hand replayed, abandoned or lost — or
none (rules ``irregularities.*``; options ``fresh-deal-*``, ``wrong-number``,
``out-of-turn``, ``exposed-after-deal``, ``revoke``).

A claim is checked completely (:meth:`Claims.remedy`) before anything changes; the remedy
is then applied (:meth:`Claims.apply_remedy`), and its money is counted by
:mod:`~napspec.reference.settlement`.

Where the variants go: the remedy of an offence a variant adds is one more case of
:meth:`Claims.remedy` and :meth:`Claims.apply_remedy`.

What the claims read and write of the hand: a claim may come in any phase, so the claims
(:class:`Claims`) are no phase's part: the hand makes them when it first needs them (to list
the claims open, take a claim, or penalise a revoke a showing of cards made known), and tells
them, each time, what they need to know of the hand (:class:`Moment`). They change the states of the
:class:`~napspec.reference.state.Offences`, write the
:class:`~napspec.reference.state.Penalties` (the hand makes the record at the first penalty),
append their events, and say how the hand goes on (:data:`Sequel`): replayed, settled (again),
or as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

from napspec.reference.actions import Action, Claim
from napspec.reference.errors import NoSuchOffence, NotProvidedFor
from napspec.reference.events import ClaimMade, Event, FreshDealRequired, Offence, PenaltyApplied, PlayStopped
from napspec.reference.rules import Rules
from napspec.reference.state import (
    CALLING,
    CLAIMED,
    CUT_PHASE,
    DEAL_PHASE,
    FINISHED,
    OPEN,
    PLAY_PHASE,
    PURCHASE_PHASE,
    SHOW_PHASE,
    VOID,
    Offences,
    Penalties,
    check_seat,
    new_record,
)

DEAL_FAULTS = ("uncut", "faulty-pack", "exposed-in-dealing", "misdeal")
"""The faults of the deal whose remedy is a fresh deal."""


_DEAL_FAULT_OPTION: dict[str, Callable[[Rules], str]] = {
    "uncut": lambda r: r.fresh_deal_uncut,
    "faulty-pack": lambda r: r.fresh_deal_faulty_pack,
    "exposed-in-dealing": lambda r: r.fresh_deal_exposed_card,
    "misdeal": lambda r: r.fresh_deal_misdeal,
}
_DEAL_FAULT_ID = {
    "uncut": "fresh-deal-uncut",
    "faulty-pack": "fresh-deal-faulty-pack",
    "exposed-in-dealing": "fresh-deal-exposed-card",
    "misdeal": "fresh-deal-misdeal",
}


class Moment(NamedTuple):
    """What a claim needs to know of the hand when it is made (the hand tells it)."""

    #: The phase in force.
    phase: str
    #: The soloist, once the calling is over.
    soloist: int | None
    #: The highest caller so far (during the calling, the soloist-to-be).
    high_seat: int | None
    #: Whether a player has called or passed.
    declared: bool
    #: Whether a player has had his turn to buy (Purchase Nap).
    bought: bool
    #: Whether a call is still open: the highest call there is has not been made.
    calls_open: bool
    #: The tricks completed.
    tricks: int
    #: The penalties applied so far (``None``: none).
    penalties: Penalties | None


class Replay(NamedTuple):
    """The hand is replayed from the card at ``position`` (from the first lead if 0), for
    offence ``offence_id``; ``revoker`` must follow suit from then on."""

    position: int
    offence_id: int
    revoker: int


SETTLE: Literal["settle"] = "settle"

Sequel = Replay | Literal["settle"] | None
"""How the hand goes on after a remedy: replayed, settled (again, if it was settled already),
or as it was (a fine during the play, say)."""


class Claims:
    """Claims of offences, their remedies and penalties, each at the :class:`Moment` the hand
    tells."""

    __slots__ = ("_events", "_offences", "_players", "_rules")

    def __init__(self, rules: Rules, players: int, offences: Offences, events: list[Event]) -> None:
        self._rules = rules
        self._players = players
        self._offences = offences
        self._events = events

    def open_claims(self, moment: Moment) -> tuple[Action, ...]:
        """A claim by each seat of every open offence whose claim the rules accept now."""
        claims: list[Action] = []
        for offence, state in zip(self._offences.offences, self._offences.states):
            if state != OPEN:
                continue
            try:
                self.remedy(offence, moment)
            except NotProvidedFor:
                continue
            claims.extend(Claim(seat, offence.id) for seat in range(self._players))
        return tuple(claims)

    def do_claim(self, action: Claim, moment: Moment) -> tuple[Offence, str] | None:
        """Claim a recorded offence: the offence and the remedy the hand is to apply
        (:meth:`apply_remedy`). Choice: any player may claim any offence, the offender
        and a sitting-out dealer included (the sources' "Any player can demand"); the claim
        is refused (and changes nothing) if it names no open offence or the rules give no
        remedy now."""
        seat = check_seat(action.seat, self._players)
        offence_id = action.offence
        offences = self._offences
        recorded = len(offences.offences)
        if isinstance(offence_id, bool) or not isinstance(offence_id, int) or not 1 <= offence_id <= recorded:
            raise NoSuchOffence(f"no offence {offence_id!r} has been recorded in this hand")
        state = offences.states[offence_id - 1]
        if state != OPEN:
            raise NoSuchOffence(f"offence {offence_id} has been {state}")
        offence = offences.offences[offence_id - 1]
        remedy = self.remedy(offence, moment)  # raises NotProvidedFor; nothing changed yet
        offences.states[offence_id - 1] = CLAIMED
        self._events.append(ClaimMade(seat, offence_id, offence.kind))
        return offence, remedy

    def remedy(self, offence: Offence, moment: Moment) -> str:
        """The remedy a claim of ``offence`` gets now, or :class:`NotProvidedFor`.

        Timing choices (interpretation claims-until-next-deal sets the outer limit):

        * ``before-calling``: until the first call (interpretations peel-fresh-deal-timing and
          hands-looked-at-means-first-call). Choice: a pass counts as a call here: it is a
          declaration, and a player must look at his hand to make it.
        * ``before-settlement``: until the hand is settled.
        * A fine payable to the stand-hand (the amount its option value states) can be claimed only once
          there is one, i.e. after the calling; the stand-hand himself is never fined.
        * Choice: a hand made void by a fresh deal or redeal, or after which nobody played
          (all passed), takes no further claims; a hand already settled at once by a revoke
          takes no further revoke claim (fines can still be added).
        """
        penalties = moment.penalties
        if penalties is not None and penalties.void is not None:
            raise NotProvidedFor(f"the hand is void ({penalties.void}): there is nothing to penalise")
        rules = self._rules
        kind = offence.kind
        soloist = moment.soloist
        phase = moment.phase
        if kind in DEAL_FAULTS:
            timing = _DEAL_FAULT_OPTION[kind](rules)
            if timing == "none":
                raise NotProvidedFor(f"these rules give no remedy for {kind} (option {_DEAL_FAULT_ID[kind]!r})")
            # At Purchase Nap the first turn to buy ends it too (interpretation
            # purchase-hands-looked-at).
            if timing == "before-calling" and (
                moment.declared or moment.bought or phase not in (CUT_PHASE, DEAL_PHASE, PURCHASE_PHASE, CALLING)
            ):
                raise NotProvidedFor(f"a fresh deal for {kind} must be claimed before the first call")
            if phase == FINISHED:
                raise NotProvidedFor(f"a fresh deal for {kind} must be claimed before the settlement")
            return "fresh-deal"
        if kind == "wrong-number":
            value = rules.wrong_number
            if value == "none":
                raise NotProvidedFor("these rules give no remedy for a wrong number of cards (option 'wrong-number')")
            if value == "redeal-before-calls-else-adjust":
                # The calls are complete when the calling is over, or the highest call there
                # is has been made (after it the others can only pass).
                calls_open = moment.calls_open
                # The purchase is before the calls (interpretation exchanges-wrong-number).
                if phase in (CALLING, PURCHASE_PHASE) and calls_open:
                    return "redeal"
                if soloist is None and calls_open:
                    raise NotProvidedFor("nobody played: there is nothing to adjust")
                return "wrong-number-adjustment"
            if soloist is None:
                raise NotProvidedFor("the fine is paid to the stand-hand: claim it after the calling")
            return "soloist-wrong-number" if offence.seat == soloist else "fine"
        if kind == "exposed-after-deal":
            if rules.exposed_after_deal == "none":
                raise NotProvidedFor("these rules give no penalty for an exposed card (option 'exposed-after-deal')")
            if soloist is None:
                raise NotProvidedFor("the fine is paid to the stand-hand: claim it after the calling")
            if offence.seat == soloist:
                raise NotProvidedFor("the stand-hand is not fined for exposing a card")
            return "fine"
        if kind == "out-of-turn":
            value_ot = rules.out_of_turn
            if value_ot == "none":
                raise NotProvidedFor("these rules give no penalty for playing out of turn (option 'out-of-turn')")
            if value_ot == "fine-three-tricks":
                if offence.seat == soloist:
                    raise NotProvidedFor("the stand-hand is not fined for playing out of turn")
                return "fine"
            return self.revoke_remedy(offence.seat, moment)
        return self.revoke_remedy(offence.seat, moment)

    def revoke_remedy(self, seat: int, moment: Moment) -> str:
        """The remedy for a revoke (or what the rules treat as one) by ``seat``."""
        value = self._rules.revoke
        if value == "none":
            raise NotProvidedFor("these rules give no penalty for a revoke (option 'revoke')")
        penalties = moment.penalties
        if penalties is not None and (penalties.abandon is not None or penalties.soloist_revoked):
            raise NotProvidedFor("the hand has already been settled at once for a revoke")
        if value == "abandon-revoker-pays-soloist":
            return "abandon"
        if seat == moment.soloist:
            return "soloist-loses"
        if value == "replay-hand-revoker-pays-all":
            return "replay-hand"
        return "replay-from-revoke"

    def apply_remedy(self, offence: Offence, remedy: str, penalties: Penalties, moment: Moment) -> Sequel:
        """Apply ``remedy`` for ``offence`` (checked, and marked claimed, already), writing
        ``penalties``; say how the hand goes on."""
        seat = offence.seat
        events = self._events
        amount = 0  # the fine, if the remedy is one
        if remedy in ("fresh-deal", "redeal"):
            penalties.void = remedy
            events.append(PenaltyApplied(offence.id, offence.kind, remedy, seat, 0))
            events.append(FreshDealRequired(remedy, offence.id))
            return SETTLE
        if remedy == "wrong-number-adjustment":
            penalties.wn_adjust = True
            # During the calling after a Nap the Nap caller is the soloist-to-be.
            if seat == (moment.soloist if moment.soloist is not None else moment.high_seat):
                penalties.wn_soloist_wrong = True
        elif remedy == "soloist-wrong-number":
            penalties.brit_soloist_wrong = True
        elif remedy == "fine":
            # The fine the option of the offence states (wrong-number, out-of-turn and
            # exposed-after-deal are both offence kinds and options).
            amount = self._rules.fine(offence.kind)
            penalties.fines += ((seat, amount, offence.id),)
            penalties.no_receive |= {seat}
        elif remedy == "abandon":
            penalties.abandon = seat
        elif remedy == "soloist-loses":
            penalties.soloist_revoked = True
        elif remedy == "replay-hand":
            penalties.hoyle_revokers += (seat,)
        else:  # replay-from-revoke: the fine of option revoke
            amount = self._rules.fine("revoke")
            penalties.fines += ((seat, amount, offence.id),)
            penalties.no_receive |= {seat}
        events.append(new_record(PenaltyApplied, (offence.id, offence.kind, remedy, seat, amount)))
        if remedy == "replay-hand":
            return self._replay(0, offence.id, seat)
        if remedy == "replay-from-revoke":
            assert offence.position is not None
            return self._replay(offence.position, offence.id, seat)
        if remedy in ("abandon", "soloist-loses"):
            if moment.phase in (PLAY_PHASE, SHOW_PHASE):
                events.append(PlayStopped("revoke", moment.tricks))
            return SETTLE
        if moment.phase == FINISHED:
            return SETTLE  # a later claim changes the settlement already made
        return None

    def _replay(self, position: int, offence_id: int, revoker: int) -> Replay:
        """Take back the card at ``position`` and every later card, and go on from there.
        Unclaimed play offences whose cards are taken back are void (choice: they happened in
        play that no longer stands)."""
        offences = self._offences
        for i, offence in enumerate(offences.offences):
            if offences.states[i] != OPEN or offence.position is None:
                continue
            if (offence.kind == "revoke" and offence.position >= position) or (
                offence.kind == "out-of-turn" and offence.position > position
            ):
                offences.states[i] = VOID
        return Replay(position, offence_id, revoker)


__all__ = ["DEAL_FAULTS", "SETTLE", "Claims", "Moment", "Replay", "Sequel"]
