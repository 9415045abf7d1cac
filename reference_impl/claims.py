"""Claims: a player claims a recorded offence, and the rules in force give its remedy — a
fresh deal or a redeal, a fine to the soloist, the hand replayed, abandoned or lost — or
none (rules ``irregularities.*``; options ``fresh-deal-*``, ``wrong-number``,
``out-of-turn``, ``exposed-after-deal``, ``revoke``).

A claim is checked completely (:meth:`Claims._remedy`) before anything changes; the remedy
is then applied (:meth:`Claims._apply_remedy`), and its money is counted by
:mod:`~napspec.reference.settlement`.

Where the variants go: the remedy of an offence a variant adds is one more case of
:meth:`Claims._remedy` and :meth:`Claims._apply_remedy`.
"""

from __future__ import annotations

from collections.abc import Callable

from napspec.reference.actions import Action, Claim
from napspec.reference.errors import NoSuchOffence, NotProvidedFor
from napspec.reference.events import ClaimMade, FreshDealRequired, HandReplayed, Offence, PenaltyApplied, PlayStopped
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
    HandState,
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


class Claims(HandState):
    """Claims of offences, their remedies and penalties."""

    __slots__ = ()

    def _open_claims(self) -> tuple[Action, ...]:
        claims: list[Action] = []
        for offence, state in zip(self._offences, self._ostate):
            if state != OPEN:
                continue
            try:
                self._remedy(offence)
            except NotProvidedFor:
                continue
            claims.extend(Claim(seat, offence.id) for seat in range(self._n))
        return tuple(claims)

    def _do_claim(self, action: Claim) -> None:
        """Claim a recorded offence. Choice: any player may claim any offence, the offender
        and a sitting-out dealer included (the sources' "Any player can demand"); the claim
        is refused (and changes nothing) if it names no open offence or the rules give no
        remedy now."""
        seat = self._check_seat(action.seat)
        offence_id = action.offence
        recorded = len(self._offences)
        if isinstance(offence_id, bool) or not isinstance(offence_id, int) or not 1 <= offence_id <= recorded:
            raise NoSuchOffence(f"no offence {offence_id!r} has been recorded in this hand")
        state = self._ostate[offence_id - 1]
        if state != OPEN:
            raise NoSuchOffence(f"offence {offence_id} has been {state}")
        offence = self._offences[offence_id - 1]
        remedy = self._remedy(offence)  # raises NotProvidedFor; nothing changed yet
        self._ostate[offence_id - 1] = CLAIMED
        self._events.append(ClaimMade(seat, offence_id, offence.kind))
        self._apply_remedy(offence, remedy)

    def _remedy(self, offence: Offence) -> str:
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
        if self._void is not None:
            raise NotProvidedFor(f"the hand is void ({self._void}): there is nothing to penalise")
        rules = self._rules
        kind = offence.kind
        soloist = self._soloist
        if kind in DEAL_FAULTS:
            timing = _DEAL_FAULT_OPTION[kind](rules)
            if timing == "none":
                raise NotProvidedFor(f"these rules give no remedy for {kind} (option {_DEAL_FAULT_ID[kind]!r})")
            # At Purchase Nap the first turn to buy ends it too (interpretation
            # purchase-hands-looked-at).
            if timing == "before-calling" and (
                self._decls or self._buyers or self._phase not in (CUT_PHASE, DEAL_PHASE, PURCHASE_PHASE, CALLING)
            ):
                raise NotProvidedFor(f"a fresh deal for {kind} must be claimed before the first call")
            if self._phase == FINISHED:
                raise NotProvidedFor(f"a fresh deal for {kind} must be claimed before the settlement")
            return "fresh-deal"
        if kind == "wrong-number":
            value = rules.wrong_number
            if value == "none":
                raise NotProvidedFor("these rules give no remedy for a wrong number of cards (option 'wrong-number')")
            if value == "redeal-before-calls-else-adjust":
                # The calls are complete when the calling is over, or the highest call there
                # is has been made (after it the others can only pass).
                calls_open = self._high < len(rules.calls)
                # The purchase is before the calls (interpretation exchanges-wrong-number).
                if self._phase in (CALLING, PURCHASE_PHASE) and calls_open:
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
            return self._revoke_remedy(offence.seat)
        return self._revoke_remedy(offence.seat)

    def _revoke_remedy(self, seat: int) -> str:
        """The remedy for a revoke (or what the rules treat as one) by ``seat``."""
        value = self._rules.revoke
        if value == "none":
            raise NotProvidedFor("these rules give no penalty for a revoke (option 'revoke')")
        if self._abandon is not None or self._soloist_revoked:
            raise NotProvidedFor("the hand has already been settled at once for a revoke")
        if value == "abandon-revoker-pays-soloist":
            return "abandon"
        if seat == self._soloist:
            return "soloist-loses"
        if value == "replay-hand-revoker-pays-all":
            return "replay-hand"
        return "replay-from-revoke"

    def _apply_remedy(self, offence: Offence, remedy: str) -> None:
        seat = offence.seat
        events = self._events
        amount = 0  # the fine, if the remedy is one
        self._penalised = True  # the settlement must look at the penalties
        if remedy in ("fresh-deal", "redeal"):
            self._void = remedy
            events.append(PenaltyApplied(offence.id, offence.kind, remedy, seat, 0))
            events.append(FreshDealRequired(remedy, offence.id))
            self._pending_show = ()
            self._settle()
            return
        if remedy == "wrong-number-adjustment":
            self._wn_adjust = True
            # During the calling after a Nap the Nap caller is the soloist-to-be.
            if seat == (self._soloist if self._soloist is not None else self._high_seat):
                self._wn_soloist_wrong = True
        elif remedy == "soloist-wrong-number":
            self._brit_soloist_wrong = True
        elif remedy == "fine":
            # The fine the option of the offence states (wrong-number, out-of-turn and
            # exposed-after-deal are both offence kinds and options).
            amount = self._rules.fine(offence.kind)
            self._fines += ((seat, amount, offence.id),)
            self._no_receive |= {seat}
        elif remedy == "abandon":
            self._abandon = seat
        elif remedy == "soloist-loses":
            self._soloist_revoked = True
        elif remedy == "replay-hand":
            self._hoyle_revokers += (seat,)
            self._forced |= {seat}
        else:  # replay-from-revoke: the fine of option revoke
            amount = self._rules.fine("revoke")
            self._fines += ((seat, amount, offence.id),)
            self._no_receive |= {seat}
            self._forced |= {seat}
        events.append(new_record(PenaltyApplied, (offence.id, offence.kind, remedy, seat, amount)))
        if remedy == "replay-hand":
            self._rewind(0, offence.id)
        elif remedy == "replay-from-revoke":
            assert offence.position is not None
            self._rewind(offence.position, offence.id)
        elif remedy in ("abandon", "soloist-loses"):
            if self._phase in (PLAY_PHASE, SHOW_PHASE):
                events.append(PlayStopped("revoke", len(self._tricks)))
            self._pending_show = ()
            self._settle()
        elif self._phase == FINISHED:
            self._settle()  # a later claim changes the settlement already made

    def _rewind(self, position: int, offence_id: int) -> None:
        """Take back the card at ``position`` and every later card, and go on from there.

        Position 0 is Hoyle's replay: every holding is restored as dealt (as play began, after
        a Sir Garnet discard), the calls stand (interpretation hoyle-replay-keeps-calls) and
        play restarts with the soloist's lead.
        Otherwise Britannica's replay from the revoke (interpretation
        britannica-replay-from-revoke). Choice: the revoker must follow suit from now on, even in a
        hand with ``allow_irregular``. Unclaimed play offences whose cards are taken back
        are void (choice: they happened in play that no longer stands).
        """
        kept = self._played()[:position] if position else []
        for i, offence in enumerate(self._offences):
            if self._ostate[i] != OPEN or offence.position is None:
                continue
            if (offence.kind == "revoke" and offence.position >= position) or (
                offence.kind == "out-of-turn" and offence.position > position
            ):
                self._ostate[i] = VOID
        self._holdings = list(map(list, self._before_play or self._dealt))
        self._trick = []
        self._tricks = []
        self._won = [0] * self._n
        self._led = -1
        self._pending_show = ()
        self._result = None
        self._phase = PLAY_PHASE
        self._start_play()
        for seat, card in kept:
            self._put(seat, card, True)
        self._events.append(new_record(HandReplayed, (len(self._tricks) + 1, len(self._trick), offence_id)))
