"""Measuring the engine: random hands played through the public API, alone or side by side
with OpenSpiel's Oh Hell.

Every action of a measured hand is drawn from :meth:`Hand.legal_actions` and taken through
:meth:`Hand.apply`, and every hand is settled: the figures include all the legality checking a
caller pays for. The comparison plays OpenSpiel's ``oh_hell(players=4,num_tricks_fixed=5)``
(five cards each, trick-taking with a trump suit: the nearest game OpenSpiel has) in the same
run, random legal actions to the end of the game: at its chance nodes (the deal) an outcome
is drawn by the probabilities the game gives, as OpenSpiel's own examples do.

>>> from napspec.reference.rules import Rules
>>> run = play_reference(Rules.profile("hoyle"), 4, hands=20, seed=1)
>>> run.games, run.actions > 20 * 4
(20, True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import click

from napspec.reference.cards import shuffled, shuffled_pack
from napspec.reference.errors import NapError
from napspec.reference.hand import Hand, random_playout
from napspec.reference.rules import Rules
from napspec.reference.session import Session

OPENSPIEL_GAME = "oh_hell(players=4,num_tricks_fixed=5)"
"""The OpenSpiel game the engine is measured against."""

OPENSPIEL_MISSING = (
    "OpenSpiel is not installed: the comparison needs its Python module, pyspiel. "
    "Install it with: pip install 'napspec[bench]' (or: pip install open_spiel)"
)


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


def load_openspiel_game(name: str = OPENSPIEL_GAME) -> Any:
    """The OpenSpiel game ``name``; :class:`click.ClickException` explains how to install
    OpenSpiel when it is absent."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise click.ClickException(OPENSPIEL_MISSING) from None
    return pyspiel.load_game(name)


def play_openspiel(game: Any, games: int, seed: int) -> Run:
    """Play ``games`` games of an OpenSpiel ``game`` to the end: a player's action drawn
    uniformly from ``legal_actions()``, a chance node's outcome drawn by the probabilities
    of ``chance_outcomes()`` (the game's own distribution, as OpenSpiel's examples sample it)."""
    rng = random.Random(seed)
    draw = rng.random
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(state.chance_outcomes(), draw()))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
            actions += 1
    return Run(games, actions, time.perf_counter() - start)


def _sample(outcomes: list[tuple[int, float]], point: float) -> int:
    """The outcome whose share of [0, 1) holds ``point``, the outcomes' probabilities laid end
    to end (the last, should rounding leave ``point`` beyond them all).

    >>> _sample([(7, 0.25), (8, 0.75)], 0.2), _sample([(7, 0.25), (8, 0.75)], 0.3)
    (7, 8)
    """
    action = outcomes[-1][0]
    for action, probability in outcomes:
        point -= probability
        if point < 0:
            return action
    return action


@click.command()
@click.option("--hands", default=30000, show_default=True, type=int, help="games of each engine")
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--profile", default="hoyle", show_default=True)
@click.option("--variants", default="", help="the profile's variants to play, comma-separated (e.g. misery,wellington)")
@click.option("--house-rules", type=click.Path(exists=True, dir_okay=False), help="a house-rules file (instead)")
def compare(hands: int, seed: int, profile: str, variants: str, house_rules: str | None) -> None:
    """Play random hands of the reference engine (4 players) and random games of OpenSpiel's
    oh_hell(players=4,num_tricks_fixed=5) in one run; print the games per second of each and
    their ratio.

    OpenSpiel is optional: pip install 'napspec[bench]'.
    """
    if hands < 1:
        raise click.BadParameter("at least one hand", param_hint="--hands")
    chosen = [name.strip() for name in variants.split(",") if name.strip()]
    if house_rules and chosen:
        raise click.UsageError("--variants applies to a profile; a house-rules file names its own variants")
    game = load_openspiel_game()  # first: a missing OpenSpiel is said before any measuring
    try:
        rules = Rules.house_rules(house_rules) if house_rules else Rules.profile(profile, chosen)
        ours = play_reference(rules, 4, hands, seed)
    except NapError as error:
        raise click.ClickException(str(error)) from error
    theirs = play_openspiel(game, hands, seed)
    click.echo(
        f"napspec reference ({rules.name}, 4 players): {ours.games} hands, {ours.actions} actions "
        f"in {ours.seconds:.3f} s: {ours.games_per_second:,.0f} games/s"
    )
    click.echo(
        f"OpenSpiel {OPENSPIEL_GAME}: {theirs.games} games, {theirs.actions} actions "
        f"(chance outcomes drawn by their probabilities) in {theirs.seconds:.3f} s: "
        f"{theirs.games_per_second:,.0f} games/s"
    )
    click.echo(f"ratio: {ours.games_per_second / theirs.games_per_second:.2f}x OpenSpiel's games/s")


__all__ = [
    "OPENSPIEL_GAME",
    "SESSION_HANDS",
    "Run",
    "compare",
    "load_openspiel_game",
    "play_openspiel",
    "play_reference",
    "play_sessions",
]
