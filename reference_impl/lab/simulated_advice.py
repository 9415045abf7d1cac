"""The simulated checks of advice and costs: a defence or a Misery caller's play against
another on the same deals, bluffing at two, what a variant costs a player, peeping after a Nap,
how often Naps fail (see :mod:`napspec.lab.simulated` for how a check is judged)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from napspec.lab.intervals import Estimate, mean_interval, proportion_interval
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
from napspec.lab.simulate import (
    Agent,
    Experiment,
    SeatView,
    Style,
    deal_holdings,
    longest_suit,
    play_deal,
)
from napspec.lab.simulated_hands import hand_of_class
from napspec.reference.actions import Action, Call, NamedCall, Pass
from napspec.reference.cards import RANKS
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.spec.claims import Claim, Reading

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
            "rules": rules_of(claim, reading),
            "players": players,
            "styles": tuple(_styles(reading)),
        }
        return {"paired": experiment(misery_styles, reading, hand_class=reading.given["hands-of"], **arguments)}
    return {
        "paired": experiment(
            defence_styles, reading, rules=rules_of(claim, reading), players=players, styles=tuple(_styles(reading))
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
    advised = column(rows, 0)
    comparisons = []
    verdicts = []
    for index in range(1, len(styles)):
        other = column(rows, index)
        difference = mean_interval([a - b for a, b in zip(other, advised)])
        verdicts.append(side(difference, 0.0, above=not caller))
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
            f"{said(item['soloist-gains'])} more (the money differs in {item['deals-changed']} deals)"
            for item in comparisons
        )
    )
    deciding = {
        f"the soloist's gain against {_style_words(item['against'])}": item["soloist-gains"] for item in comparisons
    }
    evidence = {"advised": styles[0], "comparisons": comparisons, "agents": agents_described([PLAIN])}
    return holds, summary, {**evidence, "deciding": deciding}


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
        "weak hands": experiment(
            bluff_or_pass, reading, rules=rules_of(claim, reading), calls=tuple(reading.given["calls"])
        )
    }


@simulated("bluff-at-two", _plan_bluff)
def _bluff_at_two(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    rows = [row for row in results["weak hands"] if row]
    passing = mean_interval(column(rows, 0))
    comparisons = []
    verdicts = []
    for index, call in enumerate(reading.given["calls"], start=1):
        gain = mean_interval([row[index] - row[0] for row in rows])
        verdicts.append(side(gain, 0.0, above=True))
        comparisons.append({"call": call, "mean": mean_interval(column(rows, index)).as_data(), "gain": gain.as_data()})
    if reading.given.get("judge", "each") == "any":  # one of the calls gains
        holds = True if True in verdicts else None if None in verdicts else False
    else:  # every call gains
        holds = False if False in verdicts else None if None in verdicts else True
    summary = (
        f"at two players, of {len(rows)} deals in which the eldest's hand is weak (the plain agent would call "
        f"less than {min(reading.given['calls'])}), calling as it would wins him {said(passing.as_data())} "
        "stakes a hand; " + "; ".join(f"calling {item['call']} wins {said(item['gain'])} more" for item in comparisons)
    )
    return (
        holds,
        summary,
        {
            "as-valued": passing.as_data(),
            "calls": comparisons,
            "weak-deals": len(rows),
            "agents": agents_described([PLAIN]),
            "deciding": {f"the gain of calling {item['call']}": item["gain"] for item in comparisons},
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
    return {"paired": experiment(paid_out, reading, games=_games(reading), players=int(reading.given["players"]))}


@simulated("cost-per-hand", _plan_cost)
def _cost_per_hand(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    """The first game against the second: ``judge`` ``at-least`` (the first costs no less),
    ``more`` (it costs more), or ``about`` (the ratio of their costs within ``within``)."""
    games = reading.given["games"]
    rows = results["paired"]
    first, second = column(rows, 0), column(rows, 1)
    costs = [mean_interval(first), mean_interval(second)]
    difference = mean_interval([a - b for a, b in zip(first, second)])
    ratio = costs[0].mean / costs[1].mean
    judge = reading.given["judge"]
    deciding: dict[str, Any]
    if judge == "about":
        low, high = (Fraction(text) for text in reading.given["within"])
        # The ratio's interval from the difference's: (second + difference) / second.
        ratio_low = (costs[1].mean + difference.low) / costs[1].mean
        ratio_high = (costs[1].mean + difference.high) / costs[1].mean
        holds = (
            True if low <= ratio_low and ratio_high <= high else False if ratio_high < low or ratio_low > high else None
        )
        deciding = {"the ratio": Estimate(ratio, ratio_low, ratio_high, difference.n).as_data()}
    elif judge == "more":
        holds = side(difference, 0.0, above=True)
    else:
        holds = False if difference.high < 0 else True if difference.low >= 0 else None
    if judge != "about":
        deciding = {"the difference": difference.as_data()}
    names = [_game_words(game) for game in games]
    summary = (
        f"at {reading.given['players']} players, paid out per player per hand: {names[0]} {said(costs[0].as_data())}, "
        f"{names[1]} {said(costs[1].as_data())}; the difference {said(difference.as_data())}, the ratio {ratio:.3f}"
    )
    return (
        holds,
        summary,
        {
            "costs": [{"game": game, **cost.as_data()} for game, cost in zip(games, costs)],
            "difference": difference.as_data(),
            "ratio": round(ratio, 4),
            "agents": agents_described([Agent(buys="weak"), PLAIN]),
            "deciding": deciding,
        },
    )


def _game_words(game: Mapping[str, Any]) -> str:
    variants = "+".join(game.get("variants", ())) or "plain"
    return f"{game['profile']} {variants} at {game['stake']} a stake"


# ------------------------------------------------------------------------ peeping


#: The deals a peeping reading may be judged on, by the name its ``deals`` gives (our
#: interpretations of the deals in which a peep can change what happens).
PEEP_DEALS = {
    "any": "every deal with a Nap called before another player's turn",
    "peep-card-can-guide": (
        "the deals with a Nap called before another player's turn in which the peep card is one the caller "
        "takes (of his longest suit) and a player after him holds a card of its suit that beats it: only then can "
        "the sight of the card tell him a card to save"
    ),
}


def peep_after_nap(rng: random.Random, rules: Rules, players: int, deals: str = "any") -> tuple[float, ...]:
    """A deal of Peep Nap played twice: every player peeping in his turn to call, and the
    same but no player peeping once Nap has been called before his turn; each time the
    opponents save the peeped suit. For a deal of the kind ``deals`` names (:data:`PEEP_DEALS`):
    what the players after the Nap caller won between them, peeping and not; else an empty row."""
    seed = rng.random()
    style = Style(throws="save-peeped-suit")
    peeping = play_deal(rules, players, (Agent(peeps="always", style=style),) * players, random.Random(seed))
    if peeping.call != rules.cards_each or peeping.soloist is None:
        return ()
    order = [seat % players for seat in range(1, players + 1)]
    later = order[order.index(peeping.soloist) + 1 :]
    if not later or (deals == "peep-card-can-guide" and not _can_guide(rules, players, seed, peeping.soloist, later)):
        return ()
    not_after = play_deal(rules, players, (Agent(peeps="not-after-nap", style=style),) * players, random.Random(seed))
    return (
        float(sum(peeping.payments[seat] for seat in later)),
        float(sum(not_after.payments[seat] for seat in later)),
        float(len(later)),
    )


def _can_guide(rules: Rules, players: int, seed: float, caller: int, later: Sequence[int]) -> bool:
    """Whether, in the deal ``play_deal`` draws from ``seed``, the peep card is one the Nap
    caller takes (the plain agent takes a card of his longest suit, or an ace, which nothing
    beats) and a player after him holds a card of its suit that beats it."""
    dealt, stock = deal_holdings(rules, players, random.Random(seed))
    peep = stock[0]
    if peep // 13 != longest_suit(dealt[caller]) or peep % 13 == RANKS.index("A"):
        return False
    return any(card // 13 == peep // 13 and card > peep for seat in later for card in dealt[seat])


def _plan_peep(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    deals = str(reading.given.get("deals", "any"))
    if deals not in PEEP_DEALS:
        raise ValueError(f"no kind of deals {deals!r} to judge peeping on: one of {sorted(PEEP_DEALS)}")
    return {
        "paired": experiment(
            peep_after_nap, reading, rules=rules_of(claim, reading), players=int(reading.given["players"]), deals=deals
        )
    }


@simulated("peep-after-nap", _plan_peep)
def _peep_after(claim: Claim, reading: Reading, results: Mapping[str, Rows]) -> tuple[bool | None, str, dict[str, Any]]:
    rows = [row for row in results["paired"] if row]
    kind = PEEP_DEALS[str(reading.given.get("deals", "any"))]
    if not rows:  # no deciding interval yet: the drawing goes on
        return None, f"none of the {len(results['paired'])} deals drawn is one judged ({kind})", {"nap-deals": 0}
    gain = mean_interval([(row[0] - row[1]) / row[2] for row in rows])
    # Where peeping changed nothing but the fee, the deal cannot show what the peep is worth: a
    # sample of such deals alone shows no advantage either way ("not shown"), not a loss.
    fee = rules_of(claim, reading).fee("peep")
    changed = sum(1 for row in rows if row[0] - row[1] != -fee * row[2])
    evidence = {
        "gain-per-player": gain.as_data(),
        "nap-deals": len(rows),
        "deals-changed-by-peeping": changed,
        "deals-judged": kind,
    }
    if not changed:  # no deciding interval: the drawing goes on to the cap, and the finding is "not shown"
        summary = (
            f"at {reading.given['players']} players, in none of the {len(rows)} deals judged ({kind}) did the "
            f"later players' peeping change a card played or a payment beyond the fee ({said(gain.as_data())} "
            f"stakes a hand, the fee alone): the sample cannot show what the peep is worth"
        )
        return None, summary, evidence
    summary = (
        f"at {reading.given['players']} players, in {len(rows)} deals judged ({kind}; {changed} of them changed "
        f"by peeping), each later player who peeps (and saves the suit of a peep card the caller takes) wins "
        f"{said(gain.as_data())} stakes a hand more than if he does not peep, the fee paid"
    )
    return side(gain, 0.0, above=True), summary, {**evidence, "deciding": {"the gain of peeping": gain.as_data()}}


# ------------------------------------------------------------------------ luck


def nap_outcomes(rng: random.Random, rules: Rules, players: int) -> tuple[float, ...]:
    """1 if Nap was called and made, 0 if called and defeated, an empty row otherwise."""
    record = play_deal(rules, players, (PLAIN,) * players, rng)
    if record.call != rules.cards_each:
        return ()
    return (1.0 if record.outcome == "made" else 0.0,)


def _plan_naps(claim: Claim, reading: Reading) -> dict[str, Experiment]:
    return {
        "deals": experiment(
            nap_outcomes, reading, rules=rules_of(claim, reading), players=int(reading.given["players"])
        )
    }


@simulated("naps-that-fail", _plan_naps)
def _naps_that_fail(
    claim: Claim, reading: Reading, results: Mapping[str, Rows]
) -> tuple[bool | None, str, dict[str, Any]]:
    rows = [row for row in results["deals"] if row]
    if not rows:  # no deciding interval yet: the drawing goes on
        return None, f"no Nap was called in the {len(results['deals'])} deals drawn", {}
    failed = proportion_interval(sum(1 for row in rows if not row[0]), len(rows))
    line = Fraction(reading.given["often"])
    summary = (
        f"at {reading.given['players']} players, of {len(rows)} Naps the plain agent called (on hands it values most) "
        f"in {len(results['deals'])} deals, {said(failed.as_data(), signed=False)} failed "
        f'("often" read as at least {line})'
    )
    evidence = {"failed": failed.as_data(), "agents": agents_described([PLAIN])}
    return (
        side(failed, float(line), above=True),
        summary,
        {**evidence, "deciding": {"the share failed": failed.as_data()}},
    )


__all__ = ["bluff_or_pass", "defence_styles", "misery_styles", "nap_outcomes", "paid_out", "peep_after_nap"]
