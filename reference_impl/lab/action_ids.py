"""The ids of the players' actions in the game of :mod:`.openspiel_game`, without OpenSpiel.

Every regular action the engine lists has a stable id, in blocks (below, the first id of each
block and its size): a card played is the card itself (0..51); a choice the table does not see,
among a player's own cards (the cards thrown away at a purchase, the discard of the extra hand,
the card given up for the peep card), is named by the positions of those cards in his holding,
in card order. Irregular play and claims have no id (:class:`OutsideTheGame`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from napspec.reference.actions import (
    Action,
    AskInformation,
    Buy,
    Call,
    Claim,
    Cut,
    DealCards,
    DeclinePeepCard,
    Discard,
    ExposeCard,
    NamedCall,
    Pass,
    Peep,
    Play,
    RefuseToShow,
    ShowCards,
    TakeExtraHand,
    TakePeepCard,
    describe,
)
from napspec.reference.cards import PACK_SIZE
from napspec.reference.contracts import NAMED_CALLS
from napspec.reference.hand import Hand
from napspec.reference.rules import MOST_CARDS_EACH

EXTRA_HAND_CARDS = 5
"""The cards of Sir Garnet's extra hand."""

# The ids of the players' actions, in blocks: the first id of each block and its size.
PLAY_BASE = 0  # the card played: 52 ids
CUT_BASE = PLAY_BASE + PACK_SIZE  # the depth of the cut, 0..52: 53 ids
DEAL_ID = CUT_BASE + PACK_SIZE + 1
PASS_ID = DEAL_ID + 1
CALL_BASE = PASS_ID + 1  # tricks called, 0..7: 8 ids
NAMED_BASE = CALL_BASE + MOST_CARDS_EACH + 1  # misery, wellington, blucher
TAKE_EXTRA_ID = NAMED_BASE + len(NAMED_CALLS)
PEEP_ID = TAKE_EXTRA_ID + 1
DECLINE_PEEP_ID = PEEP_ID + 1
SHOW_ID = DECLINE_PEEP_ID + 1
REFUSE_ID = SHOW_ID + 1
TAKE_PEEP_BASE = REFUSE_ID + 1  # the position of the card given up for the peep card: 7 ids
BUY_BASE = TAKE_PEEP_BASE + MOST_CARDS_EACH  # the positions thrown away in a holding of up to 7: 128 ids
DISCARD_BASE: int = BUY_BASE + 2**MOST_CARDS_EACH  # positions discarded of up to 12 cards: 4096 ids
NUM_ACTIONS: int = DISCARD_BASE + 2 ** (MOST_CARDS_EACH + EXTRA_HAND_CARDS)
"""The number of distinct ids of the players' actions."""


class OutsideTheGame(ValueError):
    """An action of the engine that the game leaves out by design (irregular play, claims):
    it has no id in the game, and the game never offers it."""


def _positions(cards: Sequence[int], holding: Sequence[int]) -> int:
    """The set of positions of ``cards`` in ``holding`` (card order), as bits."""
    mask = 0
    for card in cards:
        mask |= 1 << holding.index(card)
    return mask


def action_id(action: Action, hand: Hand) -> int:
    """The id of a regular action in ``hand`` now (see the module's docstring).

    >>> from napspec.reference.rules import Rules
    >>> hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=1)
    >>> action_id(Cut(3, 17), hand), action_id(Call(1, 5), hand), action_id(Play(2, 51), hand)
    (69, 112, 51)
    """
    if isinstance(action, Play):
        return PLAY_BASE + action.card
    if isinstance(action, Cut):
        return CUT_BASE + action.depth
    if isinstance(action, DealCards):
        if action.exposed is not None or action.counts is not None:
            raise OutsideTheGame(f"an irregular deal is not part of the game: {action!r}")
        return DEAL_ID
    if isinstance(action, Pass):
        return PASS_ID
    if isinstance(action, Call):
        return CALL_BASE + action.tricks
    if isinstance(action, NamedCall):
        return NAMED_BASE + NAMED_CALLS.index(action.call)
    if isinstance(action, TakeExtraHand):
        return TAKE_EXTRA_ID
    if isinstance(action, Peep):
        return PEEP_ID
    if isinstance(action, DeclinePeepCard):
        return DECLINE_PEEP_ID
    if isinstance(action, ShowCards):
        return SHOW_ID
    if isinstance(action, RefuseToShow):
        return REFUSE_ID
    if isinstance(action, TakePeepCard):
        return TAKE_PEEP_BASE + hand.holding(action.seat).index(action.card)
    if isinstance(action, Buy):
        return BUY_BASE + _positions(action.cards, hand.holding(action.seat))
    if isinstance(action, Discard):
        return DISCARD_BASE + _positions(action.cards, hand.holding(action.seat))
    assert isinstance(action, (Claim, ExposeCard, AskInformation))
    raise OutsideTheGame(f"irregular play and claims are not part of the game: {action!r}")


def legal_by_id(hand: Hand) -> dict[int, Action]:
    """The engine's legal actions in ``hand`` by id, ids ascending. Every one is the acting
    seat's (a claim by another seat is not part of the game: :class:`OutsideTheGame`)."""
    actions: dict[int, Action] = {}
    for action in hand.legal_actions():
        if action.seat != hand.to_act:
            raise OutsideTheGame(f"an action out of turn is not part of the game: {action!r}")
        actions[action_id(action, hand)] = action
    return dict(sorted(actions.items()))


def action_name(action: int, hand: Hand | None, seat: int | None = None) -> str:
    """The readable name of the id ``action`` taken by ``seat`` (the seat to act, by default)
    in ``hand`` now: the engine's description of a listed action, else the id's block.

    >>> from napspec.reference.rules import Rules
    >>> hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=1)
    >>> action_name(CALL_BASE + 3, hand, 1), action_name(PLAY_BASE + 49, hand, 2)
    ('seat 1 calls 3', 'seat 2 plays QS')
    """
    if hand is not None and (seat is None or seat == hand.to_act) and hand.result is None:
        listed = legal_by_id(hand).get(action)
        if listed is not None:
            return describe(listed)
    if seat is None:
        seat = hand.to_act if hand is not None and hand.to_act is not None else 0
    named = _named_without_hand(action, seat)
    if named is None:
        return f"seat {seat}: action {action}"
    return describe(named) if not isinstance(named, str) else named


def _named_without_hand(action: int, seat: int) -> Action | str | None:
    """The action an id names when it needs no holding to read; a text for the others."""
    blocks: list[tuple[int, int, Any]] = [
        (PLAY_BASE, PACK_SIZE, lambda i: Play(seat, i)),
        (CUT_BASE, PACK_SIZE + 1, lambda i: Cut(seat, i)),
        (DEAL_ID, 1, lambda i: DealCards(seat)),
        (PASS_ID, 1, lambda i: Pass(seat)),
        (CALL_BASE, MOST_CARDS_EACH + 1, lambda i: Call(seat, i)),
        (NAMED_BASE, len(NAMED_CALLS), lambda i: NamedCall(seat, NAMED_CALLS[i])),
        (TAKE_EXTRA_ID, 1, lambda i: TakeExtraHand(seat)),
        (PEEP_ID, 1, lambda i: Peep(seat)),
        (DECLINE_PEEP_ID, 1, lambda i: DeclinePeepCard(seat)),
        (SHOW_ID, 1, lambda i: ShowCards(seat)),
        (REFUSE_ID, 1, lambda i: RefuseToShow(seat)),
        (TAKE_PEEP_BASE, MOST_CARDS_EACH, lambda i: f"seat {seat} takes the peep card for his card {i + 1}"),
        (BUY_BASE, 2**MOST_CARDS_EACH, lambda i: f"seat {seat} buys, throwing away his cards {_bits(i)}"),
        (DISCARD_BASE, NUM_ACTIONS - DISCARD_BASE, lambda i: f"seat {seat} discards his cards {_bits(i)}"),
    ]
    for base, size, make in blocks:
        if base <= action < base + size:
            named: Action | str = make(action - base)
            return named
    return None


def _bits(mask: int) -> str:
    """The positions of a set of bits, from 1, in a holding: ``1 3``; ``none``."""
    places = [str(i + 1) for i in range(mask.bit_length()) if mask >> i & 1]
    return " ".join(places) if places else "none"
