"""Settlement: who pays whom when the hand is over (rules ``settlement.*``; option
``nap-stakes``), the penalties claimed included.

The soloist who makes his call receives its stake from each other player; one who fails pays
it to each. The stake of a call is its number of tricks, a Nap's by option ``nap-stakes``,
those of the calls beyond Nap by their options (:attr:`Rules.stakes
<napspec.reference.rules.Rules.stakes>`, :meth:`~napspec.reference.rules.Rules.win_stake`,
:meth:`~napspec.reference.rules.Rules.lose_stake`). Every payment, penalties included, is at
the stakes of the call in force.

Under a pool (option ``pool``) the pool's part of the settlement (a made Nap takes it, a failed
Nap may pay into it, the knaves and fives, a misdeal's fine) is paid through
:mod:`~napspec.reference.pool`, and the result's payments include each seat's movements with
the pool in the hand, the contributions and fees paid before the settlement too: the payments
and what the pool gained sum to nothing. A void hand (a fresh deal or redeal) voids only
what the players pay one another (interpretation pool-payments-stand).
"""

from __future__ import annotations

from napspec.reference.events import POOL, HandSettled, Result, Transfer
from napspec.reference.state import FINISHED, HandState, new_record


class Settlement(HandState):
    """The settlement of a hand."""

    __slots__ = ()

    def _settle(self) -> None:
        result = self._compute_result()
        if self._rules.pool == "played":
            result = self._with_pool(result)
        self._result = result
        self._phase = FINISHED
        self._to_act = None
        self._trick_order = ()
        # The payments are dict(enumerate(...)) of the seats in order: its values are by seat.
        settled = (result.outcome, tuple(result.payments.values()), result.transfers)
        self._events.append(new_record(HandSettled, settled))

    def _with_pool(self, result: Result) -> Result:
        """The pool's part of the settlement made (:mod:`~napspec.reference.pool`), ``result``
        with every movement of the hand with the pool: in the payments, each seat's net with
        the pool as well as with the players; in the transfers, after those between players."""
        self._settle_pool(result.outcome)
        payments = dict(result.payments)
        for move in self._pool_moves:
            if move.payer != POOL:
                payments[move.payer] -= move.amount
            else:
                payments[move.payee] += move.amount
        return result._replace(payments=payments, transfers=(*result.transfers, *self._pool_moves))

    def _compute_result(self) -> Result:
        """Who pays whom, in stakes.

        Precedence when several penalties were claimed (choices): an abandonment (Wikipedia)
        or a revoking soloist's immediate loss settles the hand by itself, other claimed
        fines being added; otherwise Hoyle's revoker settlement replaces the ordinary one, and
        the wrong-number adjustment applies only where no revoker settlement does. Fines go
        to the soloist in every case. Two revokers claimed under Hoyle's replay each pay in
        full. A fresh deal or redeal voids every payment.
        """
        n = self._n
        soloist = self._soloist
        contract = self._contract
        if not self._penalised and soloist is not None and contract is not None:
            # The usual hand, without penalties: the same as the general case below, quicker.
            won = self._won[soloist]
            success = contract.made(won)
            win, lose = self._rules.stakes[contract]
            if success:
                stake = gain = win  # each other player pays him
                reason = "call-made"
            else:
                stake = lose  # he pays each other player
                gain = -stake
                reason = "call-failed"
            payments: dict[int, int] = {}  # seat by seat, like the general case's dict(enumerate(pay))
            moves: list[Transfer] = []
            for p in range(n):
                if p == soloist:
                    payments[p] = gain * (n - 1)
                else:
                    payments[p] = -gain
                    payer, payee = (p, soloist) if success else (soloist, p)
                    moves.append(new_record(Transfer, (payer, payee, stake, reason)))
            outcome = "made" if success else "defeated"
            return new_record(
                Result, (outcome, payments, tuple(moves), soloist, contract.tricks, won, contract.declaration)
            )
        return self._compute_penalised_result()

    def _compute_penalised_result(self) -> Result:
        """The general case of :meth:`_compute_result` (a method of its own, so that the usual
        case does not pay for the closure cells of ``move``: see the notes on speed)."""
        n = self._n
        soloist = self._soloist
        contract = self._contract
        pay = [0] * n
        transfers: list[Transfer] = []

        def move(payer: int, payee: int, amount: int, reason: str) -> None:
            if amount:
                transfers.append(Transfer(payer, payee, amount, reason))
                pay[payer] -= amount
                pay[payee] += amount

        made_tricks = self._won[soloist] if soloist is not None else None
        if self._void is not None:
            outcome = self._void
        elif soloist is None or contract is None or made_tricks is None:
            outcome = "all-passed"
        else:
            win, lose = self._rules.stakes[contract]
            others = [s for s in range(n) if s != soloist]
            no_receive = self._no_receive
            made = contract.made(made_tricks)
            if self._abandon is not None:
                outcome = "abandoned"
                revoker = self._abandon
                if revoker == soloist:
                    for p in others:
                        if p not in no_receive:
                            move(soloist, p, lose, "revoke")
                else:
                    move(revoker, soloist, win * len(others), "revoke")
            elif self._soloist_revoked:
                outcome = "defeated"
                for p in others:
                    if p not in no_receive:
                        move(soloist, p, lose, "revoke")
            elif made and self._brit_soloist_wrong:
                # "If the stand-hand plays with the wrong number of cards, and wins, he
                # receives nothing, and there is a fresh deal."
                outcome = "fresh-deal"
            else:
                outcome = "made" if made else "defeated"
                if self._hoyle_revokers:
                    for revoker in self._hoyle_revokers:
                        if made:
                            move(revoker, soloist, win * len(others), "revoke")
                        else:
                            for p in others:
                                if p != revoker and p not in no_receive:
                                    move(revoker, p, lose, "revoke")
                elif self._wn_adjust:
                    if made and not self._wn_soloist_wrong:
                        for p in others:
                            move(p, soloist, win, "call-made")
                    elif not made and self._wn_soloist_wrong:
                        for p in others:
                            if p not in no_receive:
                                move(soloist, p, lose, "call-failed")
                elif made:
                    for p in others:
                        move(p, soloist, win, "call-made")
                else:
                    for p in others:
                        if p not in no_receive:
                            move(soloist, p, lose, "call-failed")
            if outcome != "fresh-deal":
                for offender, amount, _ in self._fines:
                    move(offender, soloist, amount, "fine")
        call, declaration = (contract.tricks, contract.declaration) if contract is not None else (None, None)
        return Result(outcome, dict(enumerate(pay)), tuple(transfers), soloist, call, made_tricks, declaration)
