"""The actions a player can take, as small immutable values.

Each action names the seat that takes it. Actions are frozen dataclasses (but
:class:`Discard`): two actions are equal only if they are of the same class with the same
fields, so ``Pass(1)`` never equals ``ShowCards(1)`` (as two plain tuples would). The engine hands out cached instances
(:data:`PLAY`, :data:`CALL`, ...), so listing legal actions creates no objects; an action
built by hand is equal to the cached one and works the same.

Regular actions: :class:`Cut`, :class:`DealCards` (plain), :class:`Call`, :class:`NamedCall`,
:class:`TakeExtraHand`, :class:`Discard`, :class:`Pass`, :class:`Play`, :class:`ShowCards`,
:class:`RefuseToShow`, :class:`AskInformation`; at Purchase Nap :class:`Buy`, at Peep Nap
:class:`Peep`, :class:`TakePeepCard` and :class:`DeclinePeepCard`.

Irregular actions, accepted only by a hand made with ``allow_irregular=True`` and recorded
as offences: :class:`DealCards` with ``exposed`` (a card exposed in dealing) or ``counts``
(cards wrongly dealt), or dealt before the cut; a :class:`Play` out of turn or that does not
follow suit; :class:`ExposeCard`. :class:`Claim` claims a recorded offence by its id.

>>> PLAY[2][51] == Play(2, 51) and PLAY[2][51] is play(2, 51)
True
>>> Pass(1) == ShowCards(1)
False
>>> describe(Call(0, 5)), describe(Play(3, 51)), describe(NamedCall(1, "misery"))
('seat 0 calls Nap', 'seat 3 plays AS', 'seat 1 calls Misery')
>>> Discard(2, (1, 2, 3, 4, 5)) == Pass(2), describe(Discard(2, (1, 2, 3, 4, 5)))
(False, 'seat 2 discards 3C 4C 5C 6C 7C')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from napspec.reference.cards import PACK_SIZE, format_card, format_cards
from napspec.reference.contracts import NAMED_CALLS, Contract
from napspec.reference.rules import MAX_HANDS, MOST_CARDS_EACH, NAP


@dataclass(frozen=True, slots=True)
class Cut:
    """The player on the dealer's right cuts: ``depth`` cards are lifted from the top and put
    under the rest."""

    seat: int
    depth: int


@dataclass(frozen=True, slots=True)
class DealCards:
    """The dealer deals. ``exposed``: a card exposed in dealing; ``counts``: the number of cards
    each seat (indexed by seat) wrongly receives. Either makes the deal irregular."""

    seat: int
    exposed: int | None = None
    counts: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Call:
    """A call (declaration) of ``tricks`` tricks, one to four, or five for Nap."""

    seat: int
    tricks: int


@dataclass(frozen=True, slots=True)
class NamedCall:
    """A call made by name: ``misery``, ``wellington`` or ``blucher`` (the calls beyond Nap
    the rules in force play)."""

    seat: int
    call: str


@dataclass(frozen=True, slots=True)
class TakeExtraHand:
    """Sir Garnet: the player to call takes the extra hand dealt face down, instead of calling
    or passing; he must then discard five cards, which is his call of Nap."""

    seat: int


class Discard(NamedTuple):
    """Sir Garnet: the player who took the extra hand discards five of his cards face down,
    named in card order (the order of :func:`~napspec.reference.cards.parse_cards` on sorted
    text; a discard named otherwise is refused).

    A NamedTuple, not a dataclass like the other actions: the legal actions list every
    discard of five cards of ten at once (252), and a tuple is made in C. It equals no other
    action (the others are not tuples).
    """

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Buy:
    """Purchase Nap: in his turn to buy, the player throws away ``cards`` (none to five of his
    hand; none is a refusal) face down, and is served as many fresh cards from the top of the
    stock, paying the purchase fee for each into the pool. The order of ``cards`` is not
    significant; the engine lists them in card order."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Peep:
    """Peep Nap: the player to call, before he calls or passes, pays the peep fee into the pool
    and looks at the peep card."""

    seat: int


@dataclass(frozen=True, slots=True)
class TakePeepCard:
    """Peep Nap: the soloist, who peeped, gives up ``card`` face down and takes the peep card."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class DeclinePeepCard:
    """Peep Nap: the soloist, who peeped, leaves the peep card (it goes out of play)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass in the calling."""

    seat: int


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the trick."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class ExposeCard:
    """A card exposed by its holder after the deal (irregular)."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim of the recorded offence with id ``offence``; penalised only when claimed."""

    seat: int
    offence: int


@dataclass(frozen=True, slots=True)
class ShowCards:
    """A player required to show his remaining cards shows them."""

    seat: int


@dataclass(frozen=True, slots=True)
class RefuseToShow:
    """A player required to show his remaining cards refuses (and is held to have revoked)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AskInformation:
    """A player asks how many tricks were called and how many the soloist has made."""

    seat: int


Action = (
    Cut
    | DealCards
    | Call
    | NamedCall
    | TakeExtraHand
    | Discard
    | Pass
    | Play
    | ExposeCard
    | Claim
    | ShowCards
    | RefuseToShow
    | AskInformation
    | Buy
    | Peep
    | TakePeepCard
    | DeclinePeepCard
)
"""Any action."""

ACTION_TYPES: tuple[type, ...] = (
    Cut, DealCards, Call, NamedCall, TakeExtraHand, Discard, Pass, Play, ExposeCard, Claim, ShowCards,
    RefuseToShow, AskInformation, Buy, Peep, TakePeepCard, DeclinePeepCard,
)  # fmt: skip

# Cached instances, indexed [seat][...]: the engine's legal-action lists are built from these.
_SEATS = range(MAX_HANDS + 1)
PLAY: tuple[tuple[Play, ...], ...] = tuple(tuple(Play(s, c) for c in range(PACK_SIZE)) for s in _SEATS)
CUT: tuple[tuple[Cut, ...], ...] = tuple(tuple(Cut(s, d) for d in range(PACK_SIZE + 1)) for s in _SEATS)
CALL: tuple[tuple[Call, ...], ...] = tuple(tuple(Call(s, t) for t in range(MOST_CARDS_EACH + 1)) for s in _SEATS)
NAMED: tuple[dict[str, NamedCall], ...] = tuple({name: NamedCall(s, name) for name in NAMED_CALLS} for s in _SEATS)
TAKE: tuple[TakeExtraHand, ...] = tuple(TakeExtraHand(s) for s in _SEATS)
PASS: tuple[Pass, ...] = tuple(Pass(s) for s in _SEATS)
DEAL: tuple[DealCards, ...] = tuple(DealCards(s) for s in _SEATS)
SHOW: tuple[ShowCards, ...] = tuple(ShowCards(s) for s in _SEATS)
REFUSE: tuple[RefuseToShow, ...] = tuple(RefuseToShow(s) for s in _SEATS)
ASK: tuple[AskInformation, ...] = tuple(AskInformation(s) for s in _SEATS)
PEEP: tuple[Peep, ...] = tuple(Peep(s) for s in _SEATS)
DECLINE_PEEP: tuple[DeclinePeepCard, ...] = tuple(DeclinePeepCard(s) for s in _SEATS)


def play(seat: int, card: int) -> Play:
    """The cached :class:`Play` (or a new one for values outside the cache)."""
    if 0 <= seat < len(PLAY) and 0 <= card < PACK_SIZE:
        return PLAY[seat][card]
    return Play(seat, card)


def describe(action: Action) -> str:
    """A short English description of an action, for logs and the command line.

    >>> describe(Cut(3, 17)), describe(Pass(1)), describe(Claim(2, 1))
    ('seat 3 cuts 17 cards', 'seat 1 passes', 'seat 2 claims offence 1')
    """
    who = f"seat {action.seat}"
    if isinstance(action, Cut):
        return f"{who} cuts {action.depth} cards"
    if isinstance(action, DealCards):
        extra = ""
        if action.exposed is not None:
            extra += f", exposing {format_card(action.exposed)}"
        if action.counts is not None:
            extra += f", wrongly ({', '.join(map(str, action.counts))} cards)"
        return f"{who} deals{extra}"
    if isinstance(action, Call):
        return f"{who} calls Nap" if action.tricks == NAP else f"{who} calls {action.tricks}"
    if isinstance(action, NamedCall):
        if action.call in NAMED_CALLS:
            return f"{who} calls {Contract(0, action.call).name}"
        return f"{who} calls {action.call!r}"
    if isinstance(action, TakeExtraHand):
        return f"{who} takes the extra hand"
    if isinstance(action, Discard):
        return f"{who} discards {format_cards(action.cards)}"
    if isinstance(action, Pass):
        return f"{who} passes"
    if isinstance(action, Play):
        return f"{who} plays {format_cards([action.card]) if 0 <= action.card < PACK_SIZE else action.card}"
    if isinstance(action, ExposeCard):
        return f"{who} exposes {format_card(action.card)}"
    if isinstance(action, Claim):
        return f"{who} claims offence {action.offence}"
    if isinstance(action, ShowCards):
        return f"{who} shows his cards"
    if isinstance(action, RefuseToShow):
        return f"{who} refuses to show his cards"
    if isinstance(action, Buy):
        if not action.cards:
            return f"{who} refuses to buy"
        return f"{who} buys {len(action.cards)} cards, throwing away {format_cards(action.cards)}"
    if isinstance(action, Peep):
        return f"{who} peeps"
    if isinstance(action, TakePeepCard):
        return f"{who} takes the peep card for {format_card(action.card)}"
    if isinstance(action, DeclinePeepCard):
        return f"{who} leaves the peep card"
    return f"{who} asks for the call and the tricks made"


__all__ = [
    "ACTION_TYPES",
    "ASK",
    "CALL",
    "CUT",
    "DEAL",
    "DECLINE_PEEP",
    "NAMED",
    "PASS",
    "PEEP",
    "PLAY",
    "REFUSE",
    "SHOW",
    "TAKE",
    "Action",
    "AskInformation",
    "Buy",
    "Call",
    "Claim",
    "Cut",
    "DealCards",
    "DeclinePeepCard",
    "Discard",
    "ExposeCard",
    "NamedCall",
    "Pass",
    "Peep",
    "Play",
    "RefuseToShow",
    "ShowCards",
    "TakeExtraHand",
    "TakePeepCard",
    "describe",
    "play",
]
