"""What happened: the engine's event records, and the records of tricks, offences and results.

Every record is a :class:`typing.NamedTuple`: cheap to make on the hot path, immutable,
comparable and hashable (payments are kept as a tuple indexed by seat in
:class:`HandSettled` for that reason). A hand appends its events to ``hand.events`` as the
game goes; a session keeps the draw for the first dealer in ``session.events``.

Tricks are numbered from 1 (the first trick) to 5; seats from 0; a card is an ``int``
(see :mod:`napspec.reference.cards`); a suit is 0..3 in ``"CDHS"`` order.

>>> TrickWon(trick=1, seat=2, card=51)
TrickWon(trick=1, seat=2, card=51)
>>> Transfer(1, 0, 3, "call-made").amount
3
"""

from __future__ import annotations

from typing import NamedTuple

OFFENCE_KINDS = (
    "uncut",
    "faulty-pack",
    "exposed-in-dealing",
    "misdeal",
    "wrong-number",
    "exposed-after-deal",
    "out-of-turn",
    "revoke",
)
"""The irregularities the engine records (each is penalised only if claimed)."""

OUTCOMES = ("made", "defeated", "all-passed", "fresh-deal", "redeal", "abandoned")
"""The ways a hand ends."""


# ---------------------------------------------------------------------- records


class Offence(NamedTuple):
    """An irregularity, recorded when it happens and penalised only when claimed.

    ``id`` counts from 1 within the hand. ``seat`` is the offender (the dealer for a fault of
    the deal, a faulty pack included). ``position`` is the index in the hand's sequence
    of played cards at which a card was played irregularly (a revoke) or would have been
    played (a card out of turn). ``suit`` is the suit led that a revoke failed to follow;
    ``held`` the number of cards a player with the wrong number holds.
    """

    id: int
    kind: str
    seat: int
    card: int | None = None
    trick: int | None = None
    position: int | None = None
    suit: int | None = None
    held: int | None = None
    detail: str = ""


class Trick(NamedTuple):
    """A completed trick: who led, the cards in the order played, who won with which card."""

    number: int
    leader: int
    cards: tuple[tuple[int, int], ...]  # (seat, card) in the order of play
    winner: int
    card: int

    def by_seat(self) -> dict[int, int]:
        """The card each seat played to this trick.

        >>> Trick(1, 0, ((0, 51), (1, 50)), 0, 51).by_seat()
        {0: 51, 1: 50}
        """
        return dict(self.cards)


POOL: int = -1
"""The pool, as the payer or payee of a :class:`Transfer` (no seat is negative)."""


class Transfer(NamedTuple):
    """One payment of ``amount`` stakes from ``payer`` to ``payee`` and why. Either may be
    :data:`POOL`, for a payment into or out of the pool.

    Reasons between players: ``call-made``, ``call-failed``, ``revoke``, ``fine``. Reasons of
    the pool's movements are those of the contract's ``pool`` answer (``peep-fee``,
    ``purchase-fee``, ...; see :mod:`~napspec.reference.pool`).
    """

    payer: int
    payee: int
    amount: int
    reason: str


class Result(NamedTuple):
    """How a hand ended and who paid whom (in stakes; ``payments`` is each seat's net gain,
    and the payments sum to zero)."""

    outcome: str
    payments: dict[int, int]
    transfers: tuple[Transfer, ...]
    soloist: int | None
    call: int | None
    tricks_made: int | None
    declaration: str | None = None
    """``None`` for a call of tricks, else the named call played (``misery``...)."""


# ---------------------------------------------------------------------- session events


class FirstDealerCard(NamedTuple):
    """In the draw for the first deal, ``card`` is turned before ``seat`` (``round`` 1, or
    later rounds among players tied for lowest)."""

    seat: int
    card: int
    round: int


class DealerChosen(NamedTuple):
    """``seat`` deals first; ``method`` is the first-dealer option value, or ``given``."""

    seat: int
    method: str


# ---------------------------------------------------------------------- hand events


class PackCut(NamedTuple):
    """``seat`` (the dealer's right) cut the pack, putting the top ``depth`` cards under."""

    seat: int
    depth: int


class Dealt(NamedTuple):
    """The dealer dealt; ``holdings`` is indexed by seat (the sitting-out dealer's is empty)."""

    dealer: int
    holdings: tuple[tuple[int, ...], ...]
    pattern: str


class Called(NamedTuple):
    """``seat`` called ``tricks`` (5 is Nap), or the named call ``declaration`` (``tricks`` is
    then 0 for a Misery, 5 for the others; ``sir-garnet`` is the Nap of the extra hand)."""

    seat: int
    tricks: int
    declaration: str | None = None


class ExtraHandTaken(NamedTuple):
    """Sir Garnet: ``seat`` took the extra hand."""

    seat: int


class Discarded(NamedTuple):
    """Sir Garnet: ``seat`` discarded ``cards`` face down (in card order)."""

    seat: int
    cards: tuple[int, ...]


class Bought(NamedTuple):
    """Purchase Nap: ``seat`` threw away ``thrown`` face down and was served ``served`` from the
    top of the stock (both empty for a refusal)."""

    seat: int
    thrown: tuple[int, ...]
    served: tuple[int, ...]


class Peeped(NamedTuple):
    """Peep Nap: ``seat`` peeped at the peep card (and paid for it)."""

    seat: int


class PeepCardTaken(NamedTuple):
    """Peep Nap: the soloist ``seat`` gave up ``given_up`` face down and took the peep card."""

    seat: int
    given_up: int


class PeepCardDeclined(NamedTuple):
    """Peep Nap: the soloist ``seat`` left the peep card, which goes out of play."""

    seat: int


class Passed(NamedTuple):
    """``seat`` passed."""

    seat: int


class SoloistChosen(NamedTuple):
    """``seat`` plays alone for ``tricks`` (or the named call ``declaration``); ``compulsory``
    when he was bound by option compulsory-call."""

    seat: int
    tricks: int
    compulsory: bool
    declaration: str | None = None


class AllPassed(NamedTuple):
    """Every player passed and nobody is obliged to play: the hand is not played."""

    dealer: int


class TrumpsFixed(NamedTuple):
    """The soloist's first lead made ``suit`` trumps for the hand."""

    suit: int


class CardPlayed(NamedTuple):
    """``seat`` played ``card`` to trick number ``trick``."""

    seat: int
    card: int
    trick: int


class TrickWon(NamedTuple):
    """``seat`` won trick number ``trick`` with ``card``."""

    trick: int
    seat: int
    card: int


class PlayStopped(NamedTuple):
    """Play stopped after trick ``trick``: ``reason`` is ``made`` or ``defeated`` (the result
    was decided), or ``revoke`` (a revoke settled the hand at once)."""

    reason: str
    trick: int


class ShowRequired(NamedTuple):
    """These seats trumped or renounced in the deciding trick and must show their cards."""

    seats: tuple[int, ...]


class CardsShown(NamedTuple):
    """``seat`` showed his remaining ``cards``."""

    seat: int
    cards: tuple[int, ...]


class ShowRefused(NamedTuple):
    """``seat`` refused to show his cards (and is held to have revoked)."""

    seat: int


class OffenceRecorded(NamedTuple):
    """An irregularity was recorded (it is penalised only if claimed)."""

    offence: Offence


class ClaimMade(NamedTuple):
    """``seat`` claimed the offence with id ``offence`` (of ``kind``)."""

    seat: int
    offence: int
    kind: str


class PenaltyApplied(NamedTuple):
    """The penalty ``remedy`` was applied for offence ``offence`` committed by ``seat``.

    Remedies: ``fresh-deal``, ``redeal``, ``wrong-number-adjustment``,
    ``soloist-wrong-number``, ``fine``, ``replay-hand``, ``replay-from-revoke``,
    ``soloist-loses``, ``abandon``.
    """

    offence: int
    kind: str
    remedy: str
    seat: int
    amount: int


class HandReplayed(NamedTuple):
    """Played cards were taken back: play goes on from card number ``from_card`` (0 = the
    first lead) of trick ``from_trick``, because of offence ``offence``."""

    from_trick: int
    from_card: int
    offence: int


class FreshDealRequired(NamedTuple):
    """The hand is void: ``outcome`` is ``fresh-deal`` or ``redeal`` (same dealer deals)."""

    outcome: str
    offence: int


class Information(NamedTuple):
    """``seat`` asked and was told the soloist's ``call`` and the ``tricks_made`` so far."""

    seat: int
    call: int
    tricks_made: int


class HandSettled(NamedTuple):
    """The hand was settled (again, if a later claim changed the settlement).

    ``payments`` is each seat's net gain, indexed by seat.
    """

    outcome: str
    payments: tuple[int, ...]
    transfers: tuple[Transfer, ...]


Event = (
    FirstDealerCard | DealerChosen | PackCut | Dealt | Called | ExtraHandTaken | Discarded | Passed
    | SoloistChosen | AllPassed
    | TrumpsFixed | CardPlayed | TrickWon | PlayStopped | ShowRequired | CardsShown | ShowRefused
    | OffenceRecorded | ClaimMade | PenaltyApplied | HandReplayed | FreshDealRequired
    | Information | HandSettled
    | Bought | Peeped | PeepCardTaken | PeepCardDeclined
)  # fmt: skip
"""Any event."""

__all__ = [
    "OFFENCE_KINDS",
    "OUTCOMES",
    "AllPassed",
    "Bought",
    "Called",
    "CardPlayed",
    "CardsShown",
    "ClaimMade",
    "DealerChosen",
    "Dealt",
    "Discarded",
    "Event",
    "ExtraHandTaken",
    "FirstDealerCard",
    "FreshDealRequired",
    "HandReplayed",
    "HandSettled",
    "Information",
    "Offence",
    "OffenceRecorded",
    "PackCut",
    "Passed",
    "PeepCardDeclined",
    "PeepCardTaken",
    "Peeped",
    "PenaltyApplied",
    "PlayStopped",
    "Result",
    "ShowRefused",
    "ShowRequired",
    "SoloistChosen",
    "Transfer",
    "Trick",
    "TrickWon",
    "TrumpsFixed",
]
