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

What the settlement reads and writes of the hand: the settlement (:class:`Settlement`, the
part in force in phase ``finished``) is made when the hand is over, or settled again after
a later claim, with the soloist and his contract, the play (:class:`PlayedTricks`: the tricks
won, the cards played, the trumps) and the :class:`~napspec.reference.state.Penalties`
claimed; it owns the result, has the pool (:class:`~napspec.reference.pool.PoolAccount`)
settle its part, and appends the event of the settlement.
"""

from __future__ import annotations

from typing import Protocol

from napspec.reference.contracts import Contract
from napspec.reference.events import POOL, Event, HandSettled, Result, Transfer
from napspec.reference.pool import PoolAccount
from napspec.reference.rules import Rules
from napspec.reference.state import FINISHED, Offences, Penalties, Phase, new_record
from napspec.reference.table import Table

_NO_PENALTIES = Penalties()  # read only: what the general settlement sees of a hand without penalties


class PlayedTricks(Protocol):
    """What the settlement needs of the play (:class:`~napspec.reference.play.TrickPlay`)."""

    won: list[int]
    trumps: int | None

    def played(self) -> list[tuple[int, int]]:
        """Every card played, (seat, card) in order."""


def _nothing_played() -> list[tuple[int, int]]:
    return []


class Settlement(Phase):
    """The settlement of a hand: the part in force in phase ``finished``. :meth:`settle` makes
    the result."""

    __slots__ = (
        "_contract",
        "_events",
        "_offences",
        "_penalties",
        "_play",
        "_players",
        "_pool",
        "_rules",
        "_soloist",
        "_table",
        "_won",
        "result",
    )

    def __init__(
        self,
        rules: Rules,
        table: Table,
        events: list[Event],
        offences: Offences,
        pool: PoolAccount | None,
        penalties: Penalties | None,
        soloist: int | None,
        contract: Contract | None,
        play: PlayedTricks | None,
    ) -> None:
        self._rules = rules
        self._table = table
        players = self._players = table.n
        self._events = events
        self._offences = offences
        self._pool = pool
        self._penalties = penalties
        self._soloist = soloist
        self._contract = contract
        # The tricks won (the play's own list: what is won is read as the settlement is made).
        self._won = play.won if play is not None else [0] * players
        self._play = play
        #: Who pays whom (once settled).
        self.result: Result | None = None
        self.phase = FINISHED
        self.to_act = None
        self.over = False  # a finished hand has no next phase

    def legal_actions(self) -> tuple[()]:
        """Nothing is left to do in a finished hand (but claims)."""
        return ()

    def settle(self) -> Result:
        """Settle the hand: the result, the pool's part included where there is a pool."""
        result = self.between_players()
        if self._rules.pool == "played":
            result = self._with_pool(result)
        self.result = result
        # The payments are dict(enumerate(...)) of the seats in order: its values are by seat.
        settled = (result.outcome, tuple(result.payments.values()), result.transfers)
        self._events.append(new_record(HandSettled, settled))
        return result

    def _with_pool(self, result: Result) -> Result:
        """The pool's part of the settlement made (:mod:`~napspec.reference.pool`), ``result``
        with every movement of the hand with the pool: in the payments, each seat's net with
        the pool as well as with the players; in the transfers, after those between players."""
        pool = self._pool
        assert pool is not None  # the hand opened it: its rules keep a pool
        play = self._play
        played, trumps = (play.played, play.trumps) if play is not None else (_nothing_played, None)
        pool.settle(self._rules, result.outcome, played, trumps, self._offences, self._contract, self._soloist)
        payments = dict(result.payments)
        for move in pool.moves:
            if move.payer != POOL:
                payments[move.payer] -= move.amount
            else:
                payments[move.payee] += move.amount
        return result._replace(payments=payments, transfers=(*result.transfers, *pool.moves))

    def between_players(self) -> Result:
        """Who pays whom, in stakes.

        Precedence when several penalties were claimed (choices): an abandonment (Wikipedia)
        or a revoking soloist's immediate loss settles the hand by itself, other claimed
        fines being added; otherwise Hoyle's revoker settlement replaces the ordinary one, and
        the wrong-number adjustment applies only where no revoker settlement does. Fines go
        to the soloist in every case. Two revokers claimed under Hoyle's replay each pay in
        full. A fresh deal or redeal voids every payment.
        """
        n = self._players
        soloist = self._soloist
        contract = self._contract
        if self._penalties is None and soloist is not None and contract is not None:
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
        return self.general_result()

    def general_result(self) -> Result:
        """The general case of :meth:`between_players` (a method of its own, so that the usual
        case does not pay for the closure cells of ``move``: see the notes on speed)."""
        n = self._players
        penalties = self._penalties or _NO_PENALTIES
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
        if penalties.void is not None:
            outcome = penalties.void
        elif soloist is None or contract is None or made_tricks is None:
            outcome = "all-passed"
        else:
            win, lose = self._rules.stakes[contract]
            others = [s for s in range(n) if s != soloist]
            no_receive = penalties.no_receive
            made = contract.made(made_tricks)
            if penalties.abandon is not None:
                outcome = "abandoned"
                revoker = penalties.abandon
                if revoker == soloist:
                    for p in others:
                        if p not in no_receive:
                            move(soloist, p, lose, "revoke")
                else:
                    move(revoker, soloist, win * len(others), "revoke")
            elif penalties.soloist_revoked:
                outcome = "defeated"
                for p in others:
                    if p not in no_receive:
                        move(soloist, p, lose, "revoke")
            elif made and penalties.brit_soloist_wrong:
                # "If the stand-hand plays with the wrong number of cards, and wins, he
                # receives nothing, and there is a fresh deal."
                outcome = "fresh-deal"
            else:
                outcome = "made" if made else "defeated"
                if penalties.hoyle_revokers:
                    for revoker in penalties.hoyle_revokers:
                        if made:
                            move(revoker, soloist, win * len(others), "revoke")
                        else:
                            for p in others:
                                if p != revoker and p not in no_receive:
                                    move(revoker, p, lose, "revoke")
                elif penalties.wn_adjust:
                    if made and not penalties.wn_soloist_wrong:
                        for p in others:
                            move(p, soloist, win, "call-made")
                    elif not made and penalties.wn_soloist_wrong:
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
                for offender, amount, _ in penalties.fines:
                    move(offender, soloist, amount, "fine")
        call, declaration = (contract.tricks, contract.declaration) if contract is not None else (None, None)
        return Result(outcome, dict(enumerate(pay)), tuple(transfers), soloist, call, made_tricks, declaration)


__all__ = ["PlayedTricks", "Settlement"]
