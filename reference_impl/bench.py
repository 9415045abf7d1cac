"""Measuring the engine: random hands, or whole sessions, played through the public API.

Every action of a measured hand is drawn from :meth:`Hand.legal_actions` and taken through
:meth:`Hand.apply`, and every hand is settled: the figures include all the legality checking a
caller pays for. The engine side by side with OpenSpiel's Oh Hell is the lab's
(``napspec-lab compare``, :mod:`napspec.lab.compare`).

>>> from napspec.reference.rules import Rules
>>> run = play_reference(Rules.profile("hoyle"), 4, hands=20, seed=1)
>>> run.games, run.actions > 20 * 4
(20, True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from napspec.reference.cards import shuffled, shuffled_pack
from napspec.reference.hand import Hand, random_playout
from napspec.reference.rules import Rules
from napspec.reference.session import Session


@dataclass(frozen=True)
class Run:
    """One measured run: how many games and actions, in how many seconds."""

    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def play_reference(rules: Rules, players: int, hands: int, seed: int) -> Run:
    """Play ``hands`` random hands under ``rules``, the deal passing as in a session (to the
    left, or staying after a fresh deal) without keeping the history. The shuffle is part of
    the measure."""
    rules.check_players(players)
    rng = random.Random(seed)
    dealer = 0
    actions = 0
    short = rules.pack_cards(players) if rules.pack != "full" else None
    start = time.perf_counter()
    for _ in range(hands):
        hand = Hand(rules, players, dealer, deck=shuffled_pack(rng) if short is None else shuffled(short, rng))
        actions += random_playout(hand, rng)
        next_dealer = hand.next_dealer
        assert next_dealer is not None  # a finished hand has one
        dealer = next_dealer
    return Run(hands, actions, time.perf_counter() - start)


SESSION_HANDS = 12
"""The deals of a measured session: three rounds of deals at a table of four."""


def play_sessions(rules: Rules, players: int, sessions: int, seed: int, hands: int = SESSION_HANDS) -> Run:
    """Play ``sessions`` random sessions under ``rules``: the draw for the first dealer,
    ``hands`` deals with the pool carried from one to the next, and the end of the session
    (the pool disposed of). ``Run.games`` counts the sessions."""
    rules.check_players(players)
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(sessions):
        session = Session(rules, players, seed=rng.getrandbits(32))
        for number in range(hands):
            if number:
                session.next_hand()
            actions += random_playout(session.hand, rng)
        session.end()
    return Run(sessions, actions, time.perf_counter() - start)


__all__ = [
    "SESSION_HANDS",
    "Run",
    "play_reference",
    "play_sessions",
]
