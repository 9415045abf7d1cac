"""Helpers for the reference engine's tests: stacked hands written as card text.

>>> hand = stacked("peel", STANDARD)
>>> hand.phase, hand.to_act
('calling', 0)
"""

from __future__ import annotations

from collections.abc import Mapping

from napspec.reference.actions import Call, Pass, Play, ShowCards
from napspec.reference.cards import parse_card, parse_cards
from napspec.reference.errors import IllegalAction
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.spec import load

PROFILES = tuple(load().profiles)

# Four players, dealer seat 3, eldest seat 0. Seat 0 is strong in spades.
STANDARD = {
    0: "AS KS QS AH 2C",
    1: "2S 3C 4C 5C 6C",
    2: "3H 4H 5H 6H 7H",
    3: "2D 3D 4D 5D 6D",
}


def rules(profile: str | Rules, **overrides: object) -> Rules:
    """A profile's rules with options changed (keyword names in snake case)."""
    base = profile if isinstance(profile, Rules) else Rules.profile(profile)
    if not overrides:
        return base
    return base.with_options({key.replace("_", "-"): value for key, value in overrides.items()})


def stacked(
    profile: str | Rules,
    hands: Mapping[int, str],
    dealer: int = 3,
    players: int | None = None,
    allow_irregular: bool = False,
    **overrides: object,
) -> Hand:
    """A stacked hand from card text per seat."""
    return Hand.stacked(
        rules(profile, **overrides),
        players if players is not None else len(hands),
        dealer,
        {seat: parse_cards(text) for seat, text in hands.items()},
        allow_irregular=allow_irregular,
    )


def declare(hand: Hand, *calls: int) -> None:
    """Declarations in turn: 0 is a pass, 1..5 a call."""
    for tricks in calls:
        seat = hand.to_act
        assert seat is not None
        hand.apply(Pass(seat) if tricks == 0 else Call(seat, tricks))


def play(hand: Hand, cards: str) -> None:
    """Cards played in turn by whoever is to play, e.g. ``"AS 2S 3H 2D"``."""
    for text in cards.split():
        seat = hand.to_act
        assert seat is not None, f"nobody is to play {text}"
        hand.apply(Play(seat, parse_card(text)))


def show_all(hand: Hand) -> None:
    """Every player required to show his cards shows them."""
    while hand.phase == "show":
        seat = hand.to_act
        assert seat is not None
        hand.apply(ShowCards(seat))


def rejected(hand: Hand, action: object, error: type[IllegalAction]) -> IllegalAction:
    """Apply ``action``, check it is rejected with ``error`` and that nothing changed."""
    before = hand.snapshot()
    try:
        hand.apply(action)  # type: ignore[arg-type]
    except error as raised:
        assert hand.snapshot() == before, "a rejected action changed the hand"
        return raised
    raise AssertionError(f"{action!r} was accepted; expected {error.__name__}")


def payments(hand: Hand) -> dict[int, int]:
    assert hand.result is not None, f"the hand is not finished (phase {hand.phase})"
    return hand.result.payments
