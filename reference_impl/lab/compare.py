"""The reference engine side by side with OpenSpiel's Oh Hell, in one run
(``napspec-lab compare``; OpenSpiel is the ``lab`` extra).

The engine plays random hands as its own benchmark plays them
(:func:`napspec.reference.bench.play_reference`: every action drawn from ``legal_actions`` and
taken through ``apply``, every hand settled); OpenSpiel plays
``oh_hell(players=4,num_tricks_fixed=5)`` (five cards each, trick-taking with a trump suit: the
nearest game OpenSpiel has), random legal actions to the end of the game: at its chance nodes
(the deal) an outcome is drawn by the probabilities the game gives, as OpenSpiel's own examples
do. The ratio of their games per second is the engine's speed against a known yardstick.
"""

from __future__ import annotations

import random
import time
from typing import Any

import click

from napspec.reference.bench import Run, play_reference
from napspec.reference.errors import NapError
from napspec.reference.rules import Rules

OPENSPIEL_GAME = "oh_hell(players=4,num_tricks_fixed=5)"
"""The OpenSpiel game the engine is measured against."""

OPENSPIEL_MISSING = (
    "OpenSpiel is not installed: the comparison needs its Python module, pyspiel. "
    "Install it with: pip install 'napspec[lab]' (or: pip install open_spiel)"
)


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

    OpenSpiel is optional: pip install 'napspec[lab]'.
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
    "OPENSPIEL_MISSING",
    "compare",
    "load_openspiel_game",
    "play_openspiel",
]
