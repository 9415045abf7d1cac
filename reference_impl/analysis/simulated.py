"""The checks of the claims judged by simulation (kind ``simulation`` in ``spec/claims.toml``):
which policy wins, which hands are worth a call, what a variant costs.

A simulated check is two halves: a *plan*, the seeded samples (:class:`Experiment` s) a
reading needs, and a *judgement* of their rows. The check itself runs the plan (across the
cores) and judges; the tests rerun the first chunk of each sample, which is cheap, and compare
it with the figures the evidence keeps of it (``first-chunk``), so a change in the engine or
the agents that moves the figures is caught without replaying every hand.

Every verdict comes from 95% confidence intervals: a reading holds when the interval lies
wholly on the side the text asserts, fails when it lies wholly on the other side, and is left
undetermined when it straddles the line; the sample sizes are in the evidence.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache, partial
from typing import Any

from napspec.reference.actions import Action, Call, NamedCall, Pass
from napspec.reference.analysis.claims import _profile, _shown, check
from napspec.reference.analysis.simulate import (
    Agent,
    Estimate,
    Experiment,
    SeatView,
    Style,
    mean_interval,
    play_deal,
    proportion_interval,
    run,
)
from napspec.reference.cards import RANKS
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.spec.claims import Claim, Reading

Rows = list[tuple[float, ...]]
Plan = Callable[[Claim, Reading], dict[str, Experiment]]
Judgement = Callable[[Claim, Reading, Mapping[str, Rows]], tuple[bool | None, str, dict[str, Any]]]

#: The plan of every simulated check, by the check's name.
PLANS: dict[str, Plan] = {}

#: The judgement of every simulated check, by the check's name.
JUDGEMENTS: dict[str, Judgement] = {}

#: Deals in a chunk of a sample: the unit the tests rerun.
CHUNK = 200

PLAIN = Agent()
NO_SKILL = Agent(name="no skill", random_choices=True)


def simulated(name: str, plan: Plan) -> Callable[[Judgement], Judgement]:
    """Register the decorated judgement, with ``plan``, as the check called ``name``."""

    def register(judgement: Judgement) -> Judgement:
        PLANS[name] = plan
        JUDGEMENTS[name] = judgement

        def checked(claim: Claim, reading: Reading) -> tuple[bool | None, str, dict[str, Any]]:
            experiments = plan(claim, reading)
            results = {key: _run_once(experiment) for key, experiment in experiments.items()}
            holds, summary, evidence = judgement(claim, reading, results)
            evidence = {**evidence, "samples": _samples(experiments, results)}
            return holds, summary, evidence

        check(name)(checked)
        return judgement

    return register


#: The rows of the samples run in this process, by what defines a sample: readings of one claim
#: that judge the same sample differently share its run.
_RUN: dict[str, Rows] = {}


def _run_once(experiment: Experiment) -> Rows:
    key = sample_key(experiment)
    if key not in _RUN:
        _RUN[key] = run(experiment)
    return _RUN[key]


def sample_key(experiment: Experiment) -> str:
    """What defines a sample: its measure with its arguments, its size and its seed.

    >>> from napspec.reference.rules import Rules
    >>> reading = Reading("r", "", "c", {"hands": 10, "seed": 1})
    >>> one = _experiment(seat_winnings, reading, rules=Rules.profile("peel"), players=4)
    >>> sample_key(one) == sample_key(_experiment(seat_winnings, reading, rules=Rules.profile("peel"), players=4))
    True
    >>> sample_key(one) == sample_key(_experiment(seat_winnings, reading, rules=Rules.profile("peel"), players=5))
    False
    """
    measure = experiment.measure
    assert isinstance(measure, partial)
    arguments = sorted((name, repr(value)) for name, value in measure.keywords.items())
    return repr((measure.func.__name__, arguments, experiment.hands, experiment.seed, experiment.chunk))


def _samples(experiments: Mapping[str, Experiment], results: Mapping[str, Rows]) -> dict[str, Any]:
    return {key: sample_record(experiment, results[key]) for key, experiment in experiments.items()}


def sample_record(experiment: Experiment, rows: Rows) -> dict[str, Any]:
    """What the evidence keeps of a sample: its size and seed, and the column sums of its first
    chunk (for the tests' rerun)."""
    first = rows[: experiment.chunk]
    return {
        "hands": experiment.hands,
        "seed": experiment.seed,
        "chunk": experiment.chunk,
        "first-chunk": column_sums(first),
    }


def column_sums(rows: Rows) -> list[float]:
    """The sum of each column of ``rows`` (rounded, so that the record is stable), and the
    number of rows last."""
    width = max((len(row) for row in rows), default=0)
    sums = [round(sum(row[i] for row in rows if len(row) > i), 6) for i in range(width)]
    return [*sums, len(rows)]


def first_chunk(experiment: Experiment) -> Rows:
    """The rows of the first chunk of ``experiment``, computed in this process."""
    start, size = experiment.chunks()[0]
    return [experiment.measure(random.Random(f"{experiment.seed}:{index}")) for index in range(start, start + size)]


def _experiment(
    measure: Callable[..., tuple[float, ...]], reading: Reading, key: str = "", **arguments: Any
) -> Experiment:
    given = reading.given
    seed = int(given["seed"]) + zlib.crc32(key.encode()) % 1_000_000
    return Experiment(partial(measure, **arguments), int(given["hands"]), seed, int(given.get("chunk", CHUNK)))


def _rules(claim: Claim, reading: Reading) -> Rules:
    rules = Rules.profile(_profile(claim, reading), reading.given.get("variants", ()))
    options = reading.given.get("options", {})
    return rules.with_options(options) if options else rules


def _column(rows: Rows, index: int) -> list[float]:
    return [row[index] for row in rows if len(row) > index]


def _side(estimate: Estimate, line: float, above: bool) -> bool | None:
    found = estimate.above(line)
    return found if found is None or above else not found


# ---------------------------------------------------------------------- seat by seat


def seat_winnings(rng: random.Random, rules: Rules, players: int) -> tuple[float, ...]:
    """Each seat's winnings in one deal, every seat the plain agent; dealer seat 0."""
    return play_deal(rules, players, (PLAIN,) * players, rng).payments


def _position(seat: int, players: int) -> str:
    return "dealer" if seat == 0 else "eldest" if seat == 1 else f"{seat}th from the dealer's left"


def _plan_dealer(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    rules = _rules(claim, reading)
    return {
        f"{players} players": _experiment(seat_winnings, reading, str(players), rules=rules, players=players)
        for players in reading.given["players"]
    }


@simulated("dealer-winnings", _plan_dealer)
def _dealer_winnings(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    tables = []
    verdicts = []
    for players in reading.given["players"]:
        rows = results[f"{players} players"]
        seats = {_position(seat, players): mean_interval(_column(rows, seat)) for seat in range(players)}
        dealer = seats["dealer"]
        verdicts.append(_side(dealer, 0.0, above=False))
        tables.append({"players": players, "seats": {name: estimate.as_data() for name, estimate in seats.items()}})
    holds = False if False in verdicts else None if None in verdicts else True
    summary = "the dealer's winnings per hand, in stakes: " + "; ".join(
        f"at {table['players']} players {_said(table['seats']['dealer'])}" for table in tables
    )
    return holds, summary, {"tables": tables, "agents": _agents_described([PLAIN])}


def _said(data: Mapping[str, Any], signed: bool = True) -> str:
    sign = "+" if signed else ""
    return f"{data['mean']:{sign}.3f} (95% CI {data['low']:{sign}.3f} to {data['high']:{sign}.3f}, n = {data['n']})"


def _agents_described(agents: Sequence[Agent]) -> list[dict[str, Any]]:
    return [
        {
            "name": agent.name,
            "samples": agent.samples,
            "optimism": agent.optimism,
            "style": vars(agent.style),
            "random-choices": agent.random_choices,
        }
        for agent in agents
    ]


# --------------------------------------------------------------------- one seat apart


def one_apart(rng: random.Random, rules: Rules, players: int, agent: Agent, others: Agent) -> tuple[float, ...]:
    """The winnings of ``agent`` at a seat drawn at random, every other seat ``others``."""
    seat = rng.randrange(players)
    agents = [others] * players
    agents[seat] = agent
    return (play_deal(rules, players, agents, rng).payments[seat],)


def _plan_bold(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    players = int(reading.given["players"])
    bold = Agent(name="bold", optimism=int(reading.given["optimism"]))
    return {
        "bold": _experiment(one_apart, reading, rules=_rules(claim, reading), players=players, agent=bold, others=PLAIN)
    }


@simulated("bold-player", _plan_bold)
def _bold_player(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    players = int(reading.given["players"])
    bold = mean_interval(_column(results["bold"], 0))
    summary = (
        f"at {players} players, one bold player (he counts on {reading.given['optimism']} trick more than his "
        f"cards give him) among quiet ones wins per hand {_said(bold.as_data())} stakes; the quiet ones between them "
        f"{-bold.mean:+.3f}"
    )
    agents = _agents_described([Agent(name="bold", optimism=int(reading.given["optimism"])), PLAIN])
    return _side(bold, 0.0, above=True), summary, {"bold": bold.as_data(), "agents": agents}


def _plan_skill(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    rules = _rules(claim, reading)
    return {
        f"{players} players": _experiment(
            one_apart, reading, str(players), rules=rules, players=players, agent=PLAIN, others=NO_SKILL
        )
        for players in reading.given["players"]
    }


@simulated("skill-edge-by-table", _plan_skill)
def _skill_edge(claim: Claim, reading: Reading, results: Mapping[str, Rows]) -> tuple[bool | None, str, dict[str, Any]]:
    """The skilled player's edge over players who choose at random, in standard deviations of
    his winnings per hand: the smaller, the more the cards decide."""
    tables = []
    for players in reading.given["players"]:
        values = _column(results[f"{players} players"], 0)
        edge = mean_interval(values)
        spread = (sum((v - edge.mean) ** 2 for v in values) / (len(values) - 1)) ** 0.5
        scaled = Estimate(edge.mean / spread, edge.low / spread, edge.high / spread, edge.n)
        tables.append(
            {"players": players, "edge": edge.as_data(), "spread": round(spread, 4), "scaled": scaled.as_data()}
        )
    fewest, next_up = tables[0], tables[1]
    holds = (
        True
        if fewest["scaled"]["high"] < next_up["scaled"]["low"]
        else False
        if fewest["scaled"]["low"] > next_up["scaled"]["high"]
        else None
    )
    summary = (
        "a skilled player's winnings per hand against players choosing at random, in standard deviations: "
        + "; ".join(
            f"at {table['players']} players {_said(table['scaled'])} (edge {table['edge']['mean']:+.3f} stakes, "
            f"deviation {table['spread']:.3f})"
            for table in tables
        )
    )
    return holds, summary, {"tables": tables, "agents": _agents_described([PLAIN, NO_SKILL])}


# ------------------------------------------------------------------------- the calls


def winning_call(rng: random.Random, rules: Rules, players: int) -> tuple[float, ...]:
    """The call that won the auction (0 if none was played) and whether it was made."""
    record = play_deal(rules, players, (PLAIN,) * players, rng)
    return (record.call or 0, 1.0 if record.outcome == "made" else 0.0)


def _plan_calls(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    rules = _rules(claim, reading)
    return {
        f"{players} players": _experiment(winning_call, reading, str(players), rules=rules, players=players)
        for players in reading.given["players"]
    }


def _calls_tables(reading: Reading, results: Mapping[str, Rows]) -> list[dict[str, Any]]:
    tables = []
    for players in reading.given["players"]:
        rows = results[f"{players} players"]
        played = [row for row in rows if row[0]]
        shares = {
            str(call): proportion_interval(sum(1 for row in played if row[0] == call), len(played)).as_data()
            for call in sorted({int(row[0]) for row in played})
        }
        failed = proportion_interval(sum(1 for row in played if not row[1]), len(played))
        tables.append(
            {
                "players": players,
                "calls": shares,
                "failed": failed.as_data(),
                "mean-call": mean_interval(_column(played, 0)).as_data(),
            }
        )
    return tables


def _compare(first: Mapping[str, Any], second: Mapping[str, Any]) -> bool | None:
    """Whether the second estimate is above the first, by their intervals."""
    return True if second["low"] > first["high"] else False if second["high"] < first["low"] else None


@simulated("calls-by-table", _plan_calls)
def _calls_by_table(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    tables = {table["players"]: table for table in _calls_tables(reading, results)}
    judge = reading.given["judge"]
    base, other = int(reading.given["compare"][0]), int(reading.given["compare"][1])
    if judge == "failures":
        holds = _compare(tables[base]["failed"], tables[other]["failed"])
        what = "the share of calls that fail"
        said = {n: _said(table["failed"], signed=False) for n, table in tables.items()}
    elif judge == "twos":
        two = {n: table["calls"].get("2", {"mean": 0, "low": 0, "high": 0, "n": 0}) for n, table in tables.items()}
        commonest = max(tables[other]["calls"], key=lambda call: tables[other]["calls"][call]["mean"])
        rises = _compare(two[base], two[other])
        holds = rises if commonest == "2" or rises is not True else False
        what = f"the share of deals won by a call of two (at {other} players the commonest winning call is {commonest})"
        said = {n: _said(value, signed=False) for n, value in two.items()}
    else:  # "higher-calls": the winning call is higher at ``other`` players than at ``base``
        holds = _compare(tables[base]["mean-call"], tables[other]["mean-call"])
        what = "the mean winning call"
        said = {n: _said(table["mean-call"], signed=False) for n, table in tables.items()}
    summary = f"{what}: " + "; ".join(f"at {n} players {text}" for n, text in said.items())
    return holds, summary, {"tables": list(tables.values()), "agents": _agents_described([PLAIN])}


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
    rules = _rules(claim, reading)
    players = int(reading.given["players"])
    return {
        name: _experiment(nap_with, reading, name, rules=rules, players=players, hand_class=name)
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
    rules = _rules(claim, reading)
    line = break_even(rules)
    rows = []
    verdicts = []
    for name in [*reading.given.get("above", ()), *reading.given.get("below", ())]:
        made = _column(results[name], 0)
        chance = proportion_interval(int(sum(made)), len(made))
        above = name in reading.given.get("above", ())
        verdicts.append(_side(chance, float(line), above=above))
        rows.append({"class": name, "made": chance.as_data(), "judged": "above" if above else "below"})
    holds = False if False in verdicts else None if None in verdicts else True
    summary = (
        f"at {reading.given['players']} players under {rules.name}, the chance of making Nap "
        f"(break-even {_shown(line)}): "
        + "; ".join(f"{row['class']} {_said(row['made'], signed=False)}, judged {row['judged']}" for row in rows)
    )
    return holds, summary, {"break-even": str(line), "rows": rows, "agents": _agents_described([PLAIN])}


def nap_against_search(
    rng: random.Random, profile: str, players: int, hand_class: str, simulations: int
) -> tuple[float, ...]:
    """As :func:`nap_with`, but the deal is OpenSpiel's (the game ``python_napspec_nap``) and
    the defenders are OpenSpiel's information-set MCTS (``simulations`` searches a card, each
    on a deal drawn anew from what the defender has seen, with a random playout), the soloist
    the plain agent. Needs OpenSpiel (``pip install 'napspec[bench]'``)."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped,import-not-found,unused-ignore]

    from napspec.reference.analysis.openspiel_game import action_id, load_game, resample

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
    from napspec.reference.analysis.openspiel_game import action_id, load_game

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
        name: _experiment(
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


@simulated("nap-chance-against-search", _plan_search)
def _nap_chance_against_search(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    holds, summary, evidence = _nap_chance_by_hand(claim, reading, results)
    searched = f"the defenders OpenSpiel's information-set MCTS, {reading.given['simulations']} searches a card"
    return holds, f"{summary} ({searched})", {**evidence, "defenders": searched}


# ---------------------------------------------------------------------- paired advice


def defence_styles(rng: random.Random, rules: Rules, players: int, styles: Sequence[Style]) -> tuple[float, ...]:
    """One deal played once for each of ``styles`` (every agent defending in that style, the
    calls the same): the soloist's winnings under each, then whether the style changed a card."""
    seed = rng.random()
    records = [play_deal(rules, players, (Agent(style=style),) * players, random.Random(seed)) for style in styles]
    soloist = records[0].soloist
    return tuple(float(record.payments[soloist]) if soloist is not None else 0.0 for record in records)


def misery_styles(
    rng: random.Random, rules: Rules, players: int, styles: Sequence[Style], hand_class: str
) -> tuple[float, ...]:
    """The eldest holds a hand of ``hand_class`` and calls Misery, the others pass; the deal is
    played once for each of ``styles`` (every agent in that style): the caller's winnings under
    each."""
    holding = hand_of_class(hand_class, rng)
    rest = [card for card in rules.pack_cards(players) if card not in holding]
    rng.shuffle(rest)
    seats = [seat for seat in range(players) if seat != 1 and not (rules.dealer_sits_out_at(players) and seat == 0)]
    holdings = {1: holding}
    each = rules.cards_each
    for index, seat in enumerate(seats):
        holdings[seat] = rest[index * each : (index + 1) * each]
    script: dict[int, Action] = {seat: Pass(seat) for seat in seats}
    script[1] = NamedCall(1, "misery")
    seed = rng.random()
    return tuple(
        float(
            play_deal(rules, players, (Agent(style=style),) * players, random.Random(seed), holdings, script).payments[
                1
            ]
        )
        for style in styles
    )


def _styles(reading: Reading) -> list[Style]:
    return [
        Style(**{key.replace("-", "_"): value for key, value in style.items()}) for style in reading.given["styles"]
    ]


def _plan_advice(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    players = int(reading.given["players"])
    if reading.given.get("advice-for") == "misery-caller":
        arguments: dict[str, Any] = {
            "rules": _rules(claim, reading),
            "players": players,
            "styles": tuple(_styles(reading)),
        }
        return {"paired": _experiment(misery_styles, reading, hand_class=reading.given["hands-of"], **arguments)}
    return {
        "paired": _experiment(
            defence_styles, reading, rules=_rules(claim, reading), players=players, styles=tuple(_styles(reading))
        )
    }


@simulated("defence-advice", _plan_advice)
def _defence_advice(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    """The first style is the advice; it holds if the soloist wins less against it than
    against every other style, on the same deals (given ``advice-for`` the ``misery-caller``:
    if the caller wins more with it)."""
    styles = reading.given["styles"]
    caller = reading.given.get("advice-for") == "misery-caller"
    rows = results["paired"]
    advised = _column(rows, 0)
    comparisons = []
    verdicts = []
    for index in range(1, len(styles)):
        other = _column(rows, index)
        difference = mean_interval([a - b for a, b in zip(other, advised)])
        verdicts.append(_side(difference, 0.0, above=not caller))
        changed = sum(1 for a, b in zip(other, advised) if a != b)
        comparisons.append({"against": styles[index], "soloist-gains": difference.as_data(), "deals-changed": changed})
    holds = False if False in verdicts else None if None in verdicts else True
    summary = (
        f"at {reading.given['players']} players, on the same deals, the soloist wins per hand "
        f"{mean_interval(advised).mean:+.3f} stakes "
        + (
            f"playing as advised ({_style_words(styles[0])}); "
            if caller
            else f"against the advised defence ({_style_words(styles[0])}); "
        )
        + "; ".join(
            f"{'playing' if caller else 'against'} {_style_words(item['against'])} he wins "
            f"{_said(item['soloist-gains'])} more (the money differs in {item['deals-changed']} deals)"
            for item in comparisons
        )
    )
    return holds, summary, {"advised": styles[0], "comparisons": comparisons, "agents": _agents_described([PLAIN])}


def _style_words(style: Mapping[str, str]) -> str:
    return ", ".join(f"{key} {value}" for key, value in style.items())


# ------------------------------------------------------------------- bluffing at two


def bluff_or_pass(rng: random.Random, rules: Rules, calls: Sequence[int]) -> tuple[float, ...]:
    """At two players, a deal in which the plain agent, eldest, would call less than the least
    of ``calls`` (or pass): the eldest's winnings if he does as the agent would, then if he
    calls each of ``calls`` instead; an empty row for a deal where his hand is not weak."""
    seed = rng.random()
    hand = Hand.stacked(rules, 2, 0, _two_hands(rules, random.Random(seed)))
    own = PLAIN.act(SeatView(hand, 1), random.Random(0))
    if isinstance(own, Call) and own.tricks >= min(calls):
        return ()
    holdings = {seat: hand.holding(seat) for seat in (0, 1)}
    row = []
    for action in (own, *(Call(1, call) for call in calls)):
        record = play_deal(rules, 2, (PLAIN, PLAIN), random.Random(seed), holdings, {1: action})
        row.append(float(record.payments[1]))
    return tuple(row)


def _two_hands(rules: Rules, rng: random.Random) -> dict[int, list[int]]:
    pack = list(rules.pack_cards(2))
    rng.shuffle(pack)
    each = rules.cards_each
    return {1: pack[:each], 0: pack[each : 2 * each]}


def _plan_bluff(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    return {
        "weak hands": _experiment(
            bluff_or_pass, reading, rules=_rules(claim, reading), calls=tuple(reading.given["calls"])
        )
    }


@simulated("bluff-at-two", _plan_bluff)
def _bluff_at_two(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    rows = [row for row in results["weak hands"] if row]
    passing = mean_interval(_column(rows, 0))
    comparisons = []
    verdicts = []
    for index, call in enumerate(reading.given["calls"], start=1):
        gain = mean_interval([row[index] - row[0] for row in rows])
        verdicts.append(_side(gain, 0.0, above=True))
        comparisons.append(
            {"call": call, "mean": mean_interval(_column(rows, index)).as_data(), "gain": gain.as_data()}
        )
    if reading.given.get("judge", "each") == "any":  # one of the calls gains
        holds = True if True in verdicts else None if None in verdicts else False
    else:  # every call gains
        holds = False if False in verdicts else None if None in verdicts else True
    summary = (
        f"at two players, of {len(rows)} deals in which the eldest's hand is weak (the plain agent would call "
        f"less than {min(reading.given['calls'])}), calling as it would wins him {_said(passing.as_data())} "
        "stakes a hand; " + "; ".join(f"calling {item['call']} wins {_said(item['gain'])} more" for item in comparisons)
    )
    return (
        holds,
        summary,
        {
            "as-valued": passing.as_data(),
            "calls": comparisons,
            "weak-deals": len(rows),
            "agents": _agents_described([PLAIN]),
        },
    )


# ------------------------------------------------------------------ what a game costs


def paid_out(rng: random.Random, games: Sequence[tuple[Rules, Agent, int]], players: int) -> tuple[float, ...]:
    """One deal (the same shuffle) played under each of ``games`` (rules, agent, stake): what
    the players pay out per head (to each other and to the pool), in money (stakes times the
    stake)."""
    seed = rng.random()
    row = []
    for rules, agent, stake in games:
        record = play_deal(rules, players, (agent,) * players, random.Random(seed))
        row.append(stake * sum(record.paid) / players)
    return tuple(row)


def _games(reading: Reading) -> tuple[tuple[Rules, Agent, int], ...]:
    games = []
    for game in reading.given["games"]:
        rules = Rules.profile(game["profile"], game.get("variants", ()))
        agent = Agent(buys="weak") if rules.purchase == "played" else PLAIN
        games.append((rules, agent, int(game["stake"])))
    return tuple(games)


def _plan_cost(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    return {"paired": _experiment(paid_out, reading, games=_games(reading), players=int(reading.given["players"]))}


@simulated("cost-per-hand", _plan_cost)
def _cost_per_hand(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    """The first game against the second: ``judge`` ``at-least`` (the first costs no less),
    ``more`` (it costs more), or ``about`` (the ratio of their costs within ``within``)."""
    games = reading.given["games"]
    rows = results["paired"]
    first, second = _column(rows, 0), _column(rows, 1)
    costs = [mean_interval(first), mean_interval(second)]
    difference = mean_interval([a - b for a, b in zip(first, second)])
    ratio = costs[0].mean / costs[1].mean
    judge = reading.given["judge"]
    if judge == "about":
        low, high = (Fraction(text) for text in reading.given["within"])
        # The ratio's interval from the difference's: (second + difference) / second.
        ratio_low = (costs[1].mean + difference.low) / costs[1].mean
        ratio_high = (costs[1].mean + difference.high) / costs[1].mean
        holds = (
            True if low <= ratio_low and ratio_high <= high else False if ratio_high < low or ratio_low > high else None
        )
    elif judge == "more":
        holds = _side(difference, 0.0, above=True)
    else:
        holds = False if difference.high < 0 else True if difference.low >= 0 else None
    names = [_game_words(game) for game in games]
    summary = (
        f"at {reading.given['players']} players, paid out per player per hand: {names[0]} {_said(costs[0].as_data())}, "
        f"{names[1]} {_said(costs[1].as_data())}; the difference {_said(difference.as_data())}, the ratio {ratio:.3f}"
    )
    return (
        holds,
        summary,
        {
            "costs": [{"game": game, **cost.as_data()} for game, cost in zip(games, costs)],
            "difference": difference.as_data(),
            "ratio": round(ratio, 4),
            "agents": _agents_described([Agent(buys="weak"), PLAIN]),
        },
    )


def _game_words(game: Mapping[str, Any]) -> str:
    variants = "+".join(game.get("variants", ())) or "plain"
    return f"{game['profile']} {variants} at {game['stake']} a stake"


# ------------------------------------------------------------------------ peeping


def peep_after_nap(rng: random.Random, rules: Rules, players: int) -> tuple[float, ...]:
    """A deal of Peep Nap played twice: every player peeping in his turn to call, and the
    same but no player peeping once Nap has been called before his turn; each time the
    opponents save the peeped suit. For a deal where Nap was called and a later player could
    peep: what the players after the Nap caller won between them, peeping and not; else an
    empty row."""
    seed = rng.random()
    style = Style(throws="save-peeped-suit")
    peeping = play_deal(rules, players, (Agent(peeps="always", style=style),) * players, random.Random(seed))
    not_after = play_deal(rules, players, (Agent(peeps="not-after-nap", style=style),) * players, random.Random(seed))
    if peeping.call != rules.cards_each or peeping.soloist is None:
        return ()
    order = [seat % players for seat in range(1, players + 1)]
    later = order[order.index(peeping.soloist) + 1 :]
    if not later:
        return ()
    return (
        float(sum(peeping.payments[seat] for seat in later)),
        float(sum(not_after.payments[seat] for seat in later)),
        float(len(later)),
    )


def _plan_peep(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    return {
        "paired": _experiment(
            peep_after_nap, reading, rules=_rules(claim, reading), players=int(reading.given["players"])
        )
    }


@simulated("peep-after-nap", _plan_peep)
def _peep_after(claim: Claim, reading: Reading, results: Mapping[str, Rows]) -> tuple[bool | None, str, dict[str, Any]]:
    rows = [row for row in results["paired"] if row]
    gain = mean_interval([(row[0] - row[1]) / row[2] for row in rows])
    # Where peeping changed nothing but the fee, the deal cannot show what the peep is worth: a
    # sample of such deals alone shows no advantage either way ("not shown"), not a loss.
    fee = _rules(claim, reading).fee("peep")
    changed = sum(1 for row in rows if row[0] - row[1] != -fee * row[2])
    evidence = {"gain-per-player": gain.as_data(), "nap-deals": len(rows), "deals-changed-by-peeping": changed}
    if not changed:
        summary = (
            f"not shown: at {reading.given['players']} players, in none of the {len(rows)} deals with a Nap called "
            f"before another player's turn did the later players' peeping change a card played or a payment beyond "
            f"the fee ({_said(gain.as_data())} stakes a hand, the fee alone): the sample cannot show what the "
            f"peep is worth"
        )
        return None, summary, evidence
    summary = (
        f"at {reading.given['players']} players, in {len(rows)} deals with a Nap called before another player's turn "
        f"({changed} of them changed by peeping), each later player who peeps (and saves the suit of a peep card "
        f"the caller takes) wins {_said(gain.as_data())} stakes a hand more than if he does not peep, the fee paid"
    )
    return _side(gain, 0.0, above=True), summary, evidence


# ------------------------------------------------------------------------ luck


def nap_outcomes(rng: random.Random, rules: Rules, players: int) -> tuple[float, ...]:
    """1 if Nap was called and made, 0 if called and defeated, an empty row otherwise."""
    record = play_deal(rules, players, (PLAIN,) * players, rng)
    if record.call != rules.cards_each:
        return ()
    return (1.0 if record.outcome == "made" else 0.0,)


def _plan_naps(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    return {
        "deals": _experiment(nap_outcomes, reading, rules=_rules(claim, reading), players=int(reading.given["players"]))
    }


@simulated("naps-that-fail", _plan_naps)
def _naps_that_fail(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    rows = [row for row in results["deals"] if row]
    failed = proportion_interval(sum(1 for row in rows if not row[0]), len(rows))
    line = Fraction(reading.given["often"])
    summary = (
        f"at {reading.given['players']} players, of {len(rows)} Naps the plain agent called (on hands it values most) "
        f"in {reading.given['hands']} deals, {_said(failed.as_data(), signed=False)} failed "
        f'("often" read as at least {line})'
    )
    return (
        _side(failed, float(line), above=True),
        summary,
        {"failed": failed.as_data(), "agents": _agents_described([PLAIN])},
    )


__all__ = [
    "CHUNK",
    "JUDGEMENTS",
    "PLANS",
    "break_even",
    "column_sums",
    "first_chunk",
    "hand_of_class",
    "sample_record",
]
