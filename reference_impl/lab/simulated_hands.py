"""The simulated checks of the hands worth a Nap: a hand of a class called Nap by the eldest and
played out, against the plain agent's defence or OpenSpiel's search, judged against the stakes'
break-even (see :mod:`napspec.lab.simulated` for how a check is judged)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from napspec.lab.claims import MissingExtra, _profile, _shown
from napspec.lab.intervals import proportion_interval
from napspec.lab.samples import (
    PLAIN,
    Rows,
    agents_described,
    column,
    experiment,
    rules_of,
    said,
    side,
    simulated,
)
from napspec.lab.simulate import Agent, Experiment, SeatView, play_deal
from napspec.reference.actions import Call, Pass
from napspec.reference.cards import RANKS
from napspec.reference.rules import Rules
from napspec.spec.claims import Claim, Reading

# ------------------------------------------------------------------ hands worth a Nap


def _ranks_below(rng: random.Random, top: int, count: int) -> list[int]:
    return sorted(rng.sample(range(top), count), reverse=True)


def hand_of_class(name: str, rng: random.Random) -> list[int]:
    """A five-card hand of the class ``name``, drawn at random among the hands of the class:

    * ``one-suit-X``: five of one suit headed by the rank X (``A``, ``K``, ``Q``, ``J``, ``T``);
    * ``one-suit-X-smallest``: X with the four smallest cards of its suit;
    * ``four-honour-and-AKQ``: four of a suit headed by an honour (ace to knave), and the ace,
      king or queen of another suit;
    * ``three-suits-aces-kings`` / ``three-suits-lower``: three of a suit, and two cards of two
      other suits that are aces or kings / of which one at least is lower than a king;
    * ``four-suits-aces-kings`` / ``four-suits-lower``: two of a suit and one of each other;
    * ``flush-ace-or-king``: five of one suit headed by the ace or king;
    * ``four-ace-or-king-and-high``: four of a suit headed by the ace or king, and an ace or
      king of another suit;
    * ``three-high-two-high``: three of the five highest of a suit, two of the five highest of
      another;
    * ``nine-high`` / ``nine-high-with-a-single``: five cards none higher than the nine (a hand to
      call Misery on) / and one of them the only card of its suit.

    >>> from napspec.reference.cards import format_cards
    >>> format_cards(hand_of_class("one-suit-Q-smallest", random.Random(1)))[-2:]
    'QD'
    """
    suits = rng.sample(range(4), 4)
    ace, king, queen, knave = (RANKS.index(rank) for rank in "AKQJ")

    def cards(suit: int, ranks: Sequence[int]) -> list[int]:
        return [suit * 13 + rank for rank in ranks]

    if name.startswith("one-suit-"):
        top = RANKS.index(name.split("-")[2])
        below = [3, 2, 1, 0] if name.endswith("-smallest") else _ranks_below(rng, top, 4)
        return sorted(cards(suits[0], [top, *below]))
    if name == "four-honour-and-AKQ":
        top = rng.choice([ace, king, queen, knave])
        return sorted(
            cards(suits[0], [top, *_ranks_below(rng, top, 3)]) + cards(suits[1], [rng.choice([ace, king, queen])])
        )
    if name in ("three-suits-aces-kings", "three-suits-lower", "four-suits-aces-kings", "four-suits-lower"):
        trumps = 3 if name.startswith("three") else 2
        sides = suits[1:] if trumps == 2 else suits[1:3]
        while True:
            side = [rng.randrange(13) for _ in sides]
            if (min(side) >= king) == name.endswith("aces-kings"):
                break
        hand = cards(suits[0], rng.sample(range(13), trumps))
        for suit, rank in zip(sides, side):
            hand += cards(suit, [rank])
        return sorted(hand)
    if name == "flush-ace-or-king":
        top = rng.choice([ace, king])
        return sorted(cards(suits[0], [top, *_ranks_below(rng, top, 4)]))
    if name == "four-ace-or-king-and-high":
        top = rng.choice([ace, king])
        return sorted(cards(suits[0], [top, *_ranks_below(rng, top, 3)]) + cards(suits[1], [rng.choice([ace, king])]))
    if name == "three-high-two-high":
        high = range(RANKS.index("T"), 13)
        return sorted(cards(suits[0], rng.sample(high, 3)) + cards(suits[1], rng.sample(high, 2)))
    if name in ("nine-high", "nine-high-with-a-single"):
        low = [suit * 13 + rank for suit in range(4) for rank in range(RANKS.index("9") + 1)]
        while True:
            hand = sorted(rng.sample(low, 5))
            lengths = [sum(1 for card in hand if card // 13 == suit) for suit in range(4)]
            if name == "nine-high" or 1 in lengths:
                return hand
    raise ValueError(f"no class of hands {name!r}")


def nap_with(rng: random.Random, rules: Rules, players: int, hand_class: str) -> tuple[float, ...]:
    """The eldest holds a hand of ``hand_class`` and calls Nap; the others defend as the plain
    agent; 1 if the Nap is made."""
    holding = hand_of_class(hand_class, rng)
    rest = [card for card in rules.pack_cards(players) if card not in holding]
    rng.shuffle(rest)
    seats = [
        seat % players
        for seat in range(1, players + 1)
        if not (rules.dealer_sits_out_at(players) and seat % players == 0)
    ]
    holdings = {1: holding}
    for index, seat in enumerate(seat for seat in seats if seat != 1):
        holdings[seat] = rest[index * rules.cards_each : (index + 1) * rules.cards_each]
    record = play_deal(rules, players, (PLAIN,) * players, rng, holdings, {1: Call(1, rules.cards_each)})
    return (1.0 if record.outcome == "made" else 0.0,)


def _plan_nap_hands(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    rules = rules_of(claim, reading)
    players = int(reading.given["players"])
    return {
        name: experiment(nap_with, reading, name, rules=rules, players=players, hand_class=name)
        for name in [*reading.given.get("above", ()), *reading.given.get("below", ())]
    }


def break_even(rules: Rules) -> Fraction:
    """The chance of making Nap at which calling it gains nothing: what a failure loses over
    what a success wins and a failure loses, under ``rules``' stakes.

    >>> break_even(Rules.profile("hoyle"))
    Fraction(1, 3)
    """
    wins, loses = rules.win_stake(rules.cards_each), rules.lose_stake(rules.cards_each)
    return Fraction(loses, wins + loses)


@simulated("nap-chance-by-hand", _plan_nap_hands)
def _nap_chance_by_hand(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    rules = rules_of(claim, reading)
    line = break_even(rules)
    rows = []
    verdicts = []
    for name in [*reading.given.get("above", ()), *reading.given.get("below", ())]:
        made = column(results[name], 0)
        chance = proportion_interval(int(sum(made)), len(made))
        above = name in reading.given.get("above", ())
        verdicts.append(side(chance, float(line), above=above))
        rows.append({"class": name, "made": chance.as_data(), "judged": "above" if above else "below"})
    holds = False if False in verdicts else None if None in verdicts else True
    summary = (
        f"at {reading.given['players']} players under {rules.name}, the chance of making Nap "
        f"(break-even {_shown(line)}): "
        + "; ".join(f"{row['class']} {said(row['made'], signed=False)}, judged {row['judged']}" for row in rows)
    )
    deciding = {f"the chance of {row['class']}": row["made"] for row in rows}
    evidence = {"break-even": str(line), "rows": rows, "agents": agents_described([PLAIN]), "deciding": deciding}
    return holds, summary, evidence


AGAINST_SEARCH = "nap-chance-against-search"
"""The check that plays the soloist against OpenSpiel's search (the lab extra)."""


def nap_against_search(
    rng: random.Random, profile: str, players: int, hand_class: str, simulations: int
) -> tuple[float, ...]:
    """As :func:`nap_with`, but the deal is OpenSpiel's (the game ``python_napspec_nap``) and
    the defenders are OpenSpiel's information-set MCTS (``simulations`` searches a card, each
    on a deal drawn anew from what the defender has seen, with a random playout), the soloist
    the plain agent. Needs OpenSpiel (``pip install 'napspec[lab]'``)."""
    try:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as error:
        raise MissingExtra("OpenSpiel", "lab", AGAINST_SEARCH) from error

    from napspec.lab.openspiel_game import action_id, load_game, resample

    game = load_game(profile=profile, players=players)
    holding = hand_of_class(hand_class, rng)
    places = _eldest_places(profile, players)
    rest = [card for card in Rules.profile(profile).pack_cards(players) if card not in holding]
    rng.shuffle(rest)
    deck: list[int] = []
    given = dict(zip(places, holding))
    others = iter(rest)
    for place in range(len(rest) + len(holding)):
        deck.append(given[place] if place in given else next(others))
    state = game.new_initial_state()
    for card in deck:
        state.apply_action(card)
    while state.play.hand.phase in ("cut", "deal"):
        hand = state.play.hand
        state.apply_action(action_id(hand.legal_actions()[0], hand))  # the least cut, then the deal
    if sorted(state.play.hand.holding(1)) != sorted(holding):
        raise RuntimeError(f"the eldest was not dealt {holding}: the game deals otherwise than it did")
    seed = rng.randrange(2**31)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=np.random.RandomState(seed + 1)
    )
    draws = random.Random(seed + 2)
    bot.set_resampler(lambda drawn, player: resample(drawn, player, draws))
    nap = Agent().act  # the soloist's play; the calls are set below
    while not state.is_terminal():
        hand = state.play.hand
        seat = state.current_player()
        if hand.phase == "calling":
            state.apply_action(action_id(Call(seat, hand.rules.cards_each) if seat == 1 else Pass(seat), hand))
        elif seat == hand.soloist:
            state.apply_action(action_id(nap(SeatView(hand, seat), rng), hand))
        else:
            state.apply_action(bot.step(state))
    return (1.0 if state.play.hand.result.outcome == "made" else 0.0,)


@cache
def _eldest_places(profile: str, players: int) -> tuple[int, ...]:
    """The places in the pack (top first) of the cards the eldest is dealt, after the least cut
    of OpenSpiel's game: found by dealing a pack whose every card is its own place."""
    from napspec.lab.openspiel_game import action_id, load_game

    state = load_game(profile=profile, players=players).new_initial_state()
    for place in Rules.profile(profile).pack_cards(players):
        state.apply_action(place)
    while state.play.hand.phase in ("cut", "deal"):
        hand = state.play.hand
        state.apply_action(action_id(hand.legal_actions()[0], hand))
    return tuple(state.play.hand.holding(1))


def _plan_search(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    players = int(reading.given["players"])
    return {
        name: experiment(
            nap_against_search,
            reading,
            name,
            profile=_profile(claim, reading),
            players=players,
            hand_class=name,
            simulations=int(reading.given["simulations"]),
        )
        for name in [*reading.given.get("above", ()), *reading.given.get("below", ())]
    }


@simulated(AGAINST_SEARCH, _plan_search)
def _nap_chance_against_search(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    holds, summary, evidence = _nap_chance_by_hand(claim, reading, results)
    searched = f"the defenders OpenSpiel's information-set MCTS, {reading.given['simulations']} searches a card"
    return holds, f"{summary} ({searched})", {**evidence, "defenders": searched}


__all__ = ["break_even", "hand_of_class", "nap_against_search", "nap_with"]
