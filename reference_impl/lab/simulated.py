"""The simulated checks of whole tables (kind ``simulation`` in ``spec/claims.toml``): what
each seat wins, what a bold or a skilled player wins apart, which calls win the auction.

A simulated check is a *plan*, the seeded samples a reading needs, and a *judgement* of their
rows (:mod:`napspec.lab.samples` draws them until the intervals the verdict rests
on are narrower than the reading's stated effect, or its cap). Every verdict comes from 95%
confidence intervals: a reading holds when the interval lies wholly on the side the text
asserts, fails when it lies wholly on the other side, and is left open when it straddles the
line. The hands worth a Nap are judged in :mod:`~napspec.lab.simulated_hands`,
the advice and the costs in :mod:`~napspec.lab.simulated_advice`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from napspec.lab.intervals import Estimate, mean_interval, proportion_interval
from napspec.lab.samples import (
    CHUNK,
    JUDGEMENTS,
    NO_SKILL,
    PLAIN,
    PLANS,
    Rows,
    agents_described,
    column,
    column_sums,
    difference,
    experiment,
    first_chunk,
    rules_of,
    said,
    side,
    simulated,
)
from napspec.lab.simulate import (
    Agent,
    Experiment,
    play_deal,
)
from napspec.reference.rules import Rules
from napspec.spec.claims import Claim, Reading

# ---------------------------------------------------------------------- seat by seat


def seat_winnings(rng: random.Random, rules: Rules, players: int) -> tuple[float, ...]:
    """Each seat's winnings in one deal, every seat the plain agent; dealer seat 0."""
    return play_deal(rules, players, (PLAIN,) * players, rng).payments


#: A seat's place from the dealer's left, in words.
_ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _position(seat: int, players: int) -> str:
    """A seat named by its place at the table.

    >>> [_position(seat, 5) for seat in range(4)]
    ['dealer', 'eldest', "second from the dealer's left", "third from the dealer's left"]
    """
    return "dealer" if seat == 0 else "eldest" if seat == 1 else f"{_ORDINALS[seat]} from the dealer's left"


def _plan_dealer(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    rules = rules_of(claim, reading)
    return {
        f"{players} players": experiment(seat_winnings, reading, str(players), rules=rules, players=players)
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
        seats = {_position(seat, players): mean_interval(column(rows, seat)) for seat in range(players)}
        dealer = seats["dealer"]
        verdicts.append(side(dealer, 0.0, above=False))
        tables.append({"players": players, "seats": {name: estimate.as_data() for name, estimate in seats.items()}})
    holds = False if False in verdicts else None if None in verdicts else True
    summary = "the dealer's winnings per hand, in stakes: " + "; ".join(
        f"at {table['players']} players {said(table['seats']['dealer'])}" for table in tables
    )
    deciding = {f"the dealer at {table['players']} players": table["seats"]["dealer"] for table in tables}
    return holds, summary, {"tables": tables, "agents": agents_described([PLAIN]), "deciding": deciding}


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
        "bold": experiment(
            one_apart, reading, rules=rules_of(claim, reading), players=players, agent=bold, others=PLAIN
        )
    }


@simulated("bold-player", _plan_bold)
def _bold_player(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    players = int(reading.given["players"])
    bold = mean_interval(column(results["bold"], 0))
    summary = (
        f"at {players} players, one bold player (he counts on {reading.given['optimism']} trick more than his "
        f"cards give him) among quiet ones wins per hand {said(bold.as_data())} stakes; the quiet ones between them "
        f"{-bold.mean:+.3f}"
    )
    agents = agents_described([Agent(name="bold", optimism=int(reading.given["optimism"])), PLAIN])
    evidence = {"bold": bold.as_data(), "agents": agents, "deciding": {"the bold player's winnings": bold.as_data()}}
    return side(bold, 0.0, above=True), summary, evidence


def _plan_skill(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    rules = rules_of(claim, reading)
    return {
        f"{players} players": experiment(
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
        values = column(results[f"{players} players"], 0)
        edge = mean_interval(values)
        spread = (sum((v - edge.mean) ** 2 for v in values) / (len(values) - 1)) ** 0.5
        scaled = Estimate(edge.mean / spread, edge.low / spread, edge.high / spread, edge.n)
        tables.append(
            {"players": players, "edge": edge.as_data(), "spread": round(spread, 4), "scaled": scaled.as_data()}
        )
    fewest, next_up = tables[0], tables[1]
    # How much more the skill shows at the next table than at the fewest players: above 0, the
    # cards decide more at the fewest.
    more = difference(fewest["scaled"], next_up["scaled"])
    holds = side(more, 0.0, above=True)
    summary = (
        "a skilled player's winnings per hand against players choosing at random, in standard deviations: "
        + "; ".join(
            f"at {table['players']} players {said(table['scaled'])} (edge {table['edge']['mean']:+.3f} stakes, "
            f"deviation {table['spread']:.3f})"
            for table in tables
        )
        + f"; at {next_up['players']} players less {fewest['players']}, {said(more.as_data())}"
    )
    deciding = {f"the edge at {next_up['players']} players less at {fewest['players']}": more.as_data()}
    return holds, summary, {"tables": tables, "agents": agents_described([PLAIN, NO_SKILL]), "deciding": deciding}


# ------------------------------------------------------------------------- the calls


def winning_call(rng: random.Random, rules: Rules, players: int) -> tuple[float, ...]:
    """The call that won the auction (0 if none was played) and whether it was made."""
    record = play_deal(rules, players, (PLAIN,) * players, rng)
    return (record.call or 0, 1.0 if record.outcome == "made" else 0.0)


def _plan_calls(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    rules = rules_of(claim, reading)
    return {
        f"{players} players": experiment(winning_call, reading, str(players), rules=rules, players=players)
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
                "mean-call": mean_interval(column(played, 0)).as_data(),
            }
        )
    return tables


@simulated("calls-by-table", _plan_calls)
def _calls_by_table(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    """The tables' figure at ``compare``'s second number of players less at its first: the
    reading holds when that difference is above 0."""
    tables = {table["players"]: table for table in _calls_tables(reading, results)}
    judge = reading.given["judge"]
    base, other = int(reading.given["compare"][0]), int(reading.given["compare"][1])
    commonest = ""
    if judge == "failures":
        figures = {n: table["failed"] for n, table in tables.items()}
        what = "the share of calls that fail"
    elif judge == "twos":
        figures = {n: table["calls"].get("2", {"mean": 0, "low": 0, "high": 0, "n": 0}) for n, table in tables.items()}
        commonest = max(tables[other]["calls"], key=lambda call: tables[other]["calls"][call]["mean"])
        what = f"the share of deals won by a call of two (at {other} players the commonest winning call is {commonest})"
    else:  # "higher-calls": the winning call is higher at ``other`` players than at ``base``
        figures = {n: table["mean-call"] for n, table in tables.items()}
        what = "the mean winning call"
    rise = difference(figures[base], figures[other])
    holds = side(rise, 0.0, above=True)
    if judge == "twos" and holds is True and commonest != "2":
        holds = False
    summary = (
        f"{what}: "
        + "; ".join(f"at {n} players {said(figure, signed=False)}" for n, figure in figures.items())
        + f"; at {other} players less at {base}, {said(rise.as_data())}"
    )
    deciding = {f"{what.split(' (')[0]} at {other} players less at {base}": rise.as_data()}
    return holds, summary, {"tables": list(tables.values()), "agents": agents_described([PLAIN]), "deciding": deciding}


# The hands worth a Nap and the advice register their checks when their modules load.
from napspec.lab import simulated_advice as _advice  # noqa: E402,F401
from napspec.lab import simulated_hands as _hands  # noqa: E402,F401
from napspec.lab.simulated_hands import break_even, hand_of_class  # noqa: E402

__all__ = [
    "CHUNK",
    "JUDGEMENTS",
    "PLANS",
    "break_even",
    "column_sums",
    "first_chunk",
    "hand_of_class",
    "one_apart",
    "seat_winnings",
    "winning_call",
]
