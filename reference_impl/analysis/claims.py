"""The checks that judge the sources' claims (``spec/claims.toml``), and the command that writes
their evidence (``napspec-reference claims``).

Each check takes a claim and one of its readings and returns a
:class:`~napspec.spec.claims.Finding`: whether the reading holds, a sentence, and the figures
behind it. Arithmetic is exact (:class:`fractions.Fraction`); payments are what the reference
engine settles when it plays the hand out; certainty is the solver's
(:mod:`napspec.reference.analysis.solver`).

>>> from napspec.spec import load
>>> from napspec.spec.claims import load_claims
>>> claim = load_claims(load())["peel-cards-in-use"]
>>> finding = judge(claim, claim.readings[0])
>>> finding.holds, finding.evidence["tables"][0]
(True, {'players': 3, 'in-use': 15, 'unexposed': 37})
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise, product
from math import comb
from typing import Any, NamedTuple

from napspec.reference.actions import Action, Buy, Call, NamedCall, Pass
from napspec.reference.cards import RANKS, format_cards, parse_cards
from napspec.reference.contracts import MISERY, MISERY_CALL, NAP, WELLINGTON
from napspec.reference.errors import NotEnoughStock
from napspec.reference.hand import Hand
from napspec.reference.rules import FULL_PACK_CARDS, Rules
from napspec.reference.state import PURCHASE_PHASE
from napspec.spec.claims import Claim, Finding, Reading

Check = Callable[[Claim, Reading], tuple[bool | None, str, dict[str, Any]]]

#: Every check by the name a reading gives in ``check``.
CHECKS: dict[str, Check] = {}


class UnknownCheck(LookupError):
    """A reading names a check that is not written."""


def check(name: str) -> Callable[[Check], Check]:
    """Register the decorated function as the check called ``name``."""

    def register(function: Check) -> Check:
        CHECKS[name] = function
        return function

    return register


def judge(claim: Claim, reading: Reading) -> Finding:
    """The finding of ``reading``'s check on ``claim``."""
    try:
        function = CHECKS[reading.check]
    except KeyError:
        raise UnknownCheck(
            f"claim {claim.id!r}, reading {reading.id!r}: no check {reading.check!r} (there are {sorted(CHECKS)})"
        ) from None
    holds, summary, evidence = function(claim, reading)
    return Finding(holds=holds, summary=summary, evidence=evidence, inputs=reading.inputs(claim.id))


def _profile(claim: Claim, reading: Reading) -> str:
    """The profile a reading is judged under: its own, else its claim's source's (the four
    sources each have a profile of the same name)."""
    if "profile" in reading.given:
        return str(reading.given["profile"])
    return claim.citations[0].source


def _fraction(text: str) -> Fraction:
    return Fraction(text)


def _shown(value: Fraction) -> str:
    """``37/15`` as ``"37/15 (2.467)"``."""
    return f"{value} ({float(value):.3f})" if value.denominator != 1 else str(value)


# ------------------------------------------------------------------------------ arithmetic


class MissingSweep(LookupError):
    """A check needs a sweep of every hand that is not stored (or not complete)."""


def hands_dealt(rules: Rules, players: int) -> int:
    """The hands dealt at a table of ``players`` (the dealer who sits out has none).

    >>> hands_dealt(Rules.profile("peel"), 6), hands_dealt(Rules.profile("peel"), 5)
    (5, 5)
    """
    return players - 1 if rules.dealer_sits_out_at(players) else players


@check("cards-in-use")
def _cards_in_use(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    rules = Rules.profile(_profile(claim, reading))
    tables = []
    wrong = []
    for table in reading.given["tables"]:
        players = int(table["players"])
        in_use = hands_dealt(rules, players) * rules.cards_each
        computed = {"players": players, "in-use": in_use, "unexposed": FULL_PACK_CARDS - in_use}
        tables.append(computed)
        if computed != {"players": players, "in-use": table["in-use"], "unexposed": table["unexposed"]}:
            wrong.append(f"at {players} players {in_use} in use and {FULL_PACK_CARDS - in_use} not")
    summary = (
        "; ".join(f"{t['players']} players: {t['in-use']} cards dealt, {t['unexposed']} not" for t in tables)
        + f" (a pack of {FULL_PACK_CARDS}, {rules.cards_each} cards a hand)"
    )
    return not wrong, summary if not wrong else f"{summary}; the text differs: {', '.join(wrong)}", {"tables": tables}


@check("fraction-in-play")
def _fraction_in_play(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rules = Rules.profile(_profile(claim, reading))
    in_play = hands_dealt(rules, int(given["players"])) * rules.cards_each
    exact = Fraction(in_play, FULL_PACK_CARDS)
    candidates = [_fraction(text) for text in given["candidates"]]
    nearest = min(candidates, key=lambda candidate: abs(candidate - exact))
    holds = in_play == int(given["in-play"]) and nearest == _fraction(given["fraction"])
    distances = {str(candidate): _shown(abs(candidate - exact)) for candidate in candidates}
    summary = (
        f"{in_play} of {FULL_PACK_CARDS} cards are in play, {_shown(exact)}; the nearest of "
        f"{', '.join(given['candidates'])} is {nearest}"
    )
    return holds, summary, {"in-play": in_play, "fraction": str(exact), "nearest": str(nearest), "distances": distances}


def _nearly(value: Fraction, target: Fraction, start: Fraction) -> bool:
    """Whether ``value`` is "nearly" ``target``: at least ``start`` of it, and not above it."""
    return target * start <= value <= target


@check("odds-against-card-out")
def _odds_against(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rules = Rules.profile(_profile(claim, reading))
    players = int(given["players"])
    in_play = hands_dealt(rules, players) * rules.cards_each
    if given["view"] == "pack":
        unseen, out = FULL_PACK_CARDS, in_play
        view = f"of the {FULL_PACK_CARDS} cards of the pack, {out} are dealt"
    else:
        unseen, out = FULL_PACK_CARDS - rules.cards_each, in_play - rules.cards_each
        view = f"of the {unseen} cards a player does not hold, {out} are in the other hands"
    chance = Fraction(out, unseen)
    odds = Fraction(unseen - out, out)
    target, start = _fraction(given["odds"]), _fraction(given["nearly-from"])
    holds = _nearly(odds, target, start)
    summary = (
        f"{view}: the chance of a given card being out is {_shown(chance)}, odds of {unseen - out} to {out} "
        f"against, {float(odds):.2f} to 1, which is {'' if holds else 'not '}between {float(target * start):.2f} "
        f"and {target} to 1"
    )
    return (
        holds,
        summary,
        {"chance": str(chance), "odds-against": str(odds), "range": [str(target * start), str(target)]},
    )


def one_suit_nap_chance(ranks: Sequence[int], opponents: int, hand_size: int = 5) -> Fraction:
    """The chance that a hand of ``ranks`` (0 the two .. 12 the ace) of one suit, led from the
    highest down as trumps, wins every trick against ``opponents`` of ``hand_size`` cards each
    dealt from the rest of a full pack, the defence playing as well as it can: exactly, over
    every way the other cards of the suit can lie.

    Only the other cards of the suit matter (every card led is a trump); an opponent beats a
    lead when he still holds a higher card of the suit, and otherwise, having to follow, gives
    up his lowest (keeping his higher cards can only help him, as the leads go down).

    >>> one_suit_nap_chance([12, 11, 10, 9, 8], 2)
    Fraction(1, 1)
    >>> one_suit_nap_chance([9, 3, 2, 1, 0], 2) < one_suit_nap_chance([9, 8, 7, 6, 5], 2)
    True
    """
    leads = sorted(ranks, reverse=True)
    others = [rank for rank in range(13) if rank not in leads]
    unseen = FULL_PACK_CARDS - hand_size
    plain = unseen - len(others)  # the unseen cards of the other suits
    made = 0
    for places in product(range(opponents + 1), repeat=len(others)):  # opponent i, or the stock
        held: list[list[int]] = [[] for _ in range(opponents)]
        for rank, place in zip(others, places):
            if place < opponents:
                held[place].append(rank)
        if any(len(cards) > hand_size for cards in held):
            continue
        ways, left = 1, plain
        for cards in held:
            ways *= comb(left, hand_size - len(cards))
            left -= hand_size - len(cards)
        if ways and wins_every_lead(leads, held):
            made += ways
    total = 1
    for index in range(opponents):
        total *= comb(unseen - index * hand_size, hand_size)
    return Fraction(made, total)


def wins_every_lead(leads: Sequence[int], held: Sequence[Sequence[int]]) -> bool:
    """Whether ``leads`` (ranks, in the order led) of the trump suit all win against opponents
    holding the ranks ``held`` of it, each beating a lead when he can and otherwise giving up
    his lowest (or another suit's card, when he has none of it).

    >>> wins_every_lead([9, 3], [[4], []]), wins_every_lead([9, 3], [[4, 2], []])
    (True, False)
    """
    hands = [sorted(cards) for cards in held]
    for lead in leads:
        for cards in hands:
            if cards and cards[-1] > lead:
                return False
            if cards:
                cards.pop(0)
    return True


def _table(claim: Claim, reading: Reading) -> tuple[Rules, int, int]:
    """The rules a reading is judged under, its number of players, and their opponents'
    number (the soloist's hand aside; a dealer who sits out holds none)."""
    rules = Rules.profile(_profile(claim, reading))
    players = int(reading.given["players"])
    return rules, players, hands_dealt(rules, players) - 1


@check("one-suit-nap-chance")
def _one_suit_nap_chance(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rules, players, opponents = _table(claim, reading)
    win, lose = rules.win_stake(5), rules.lose_stake(5)
    break_even = Fraction(lose, win + lose)
    rows = []
    for top in given["highest"]:
        highest = RANKS.index(top)
        # the smallest other cards: a higher card in their place beats all that it did
        worst = [highest, 3, 2, 1, 0]
        chance = one_suit_nap_chance(worst, opponents, rules.cards_each)
        best = one_suit_nap_chance(list(range(highest, highest - 5, -1)), opponents, rules.cards_each)
        rows.append(
            {
                "highest": top,
                "smallest-hand": format_cards([13 * 3 + rank for rank in worst]),
                "chance": str(chance),
                "best-chance": str(best),
                "pays": chance > break_even,
            }
        )
    honours = [row for row in rows if row["highest"] in given["honours"]]
    holds = all(row["pays"] for row in honours)
    failing = [row for row in honours if not row["pays"]]
    summary = (
        f"at {players} players a Nap wins {win} and loses {lose} a player, so it pays when made more often "
        f"than {break_even}; led from the top against the best defence, "
        + "; ".join(f"{row['smallest-hand']} makes it with {_shown(Fraction(row['chance']))}" for row in rows)
        + (f"; below {break_even}: headed by {', '.join(row['highest'] for row in failing)}" if failing else "")
    )
    return holds, summary, {"break-even": str(break_even), "rows": rows}


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` counts, in order."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1) for rest in _compositions(total - first, parts - 1)]


def _multinomial(counts: Sequence[int]) -> int:
    ways, left = 1, sum(counts)
    for count in counts:
        ways *= comb(left, count)
        left -= count
    return ways


def trumps_then_aces(trumps: Sequence[int], opponents: int, hand_size: int = 5) -> tuple[Fraction, Fraction]:
    """Peel's plan for three trumps (ranks, 0 the two .. 12 the ace) and the aces of two other
    suits: lead the trumps from the highest down, then the aces. Return, exactly over every
    layout of the other cards among ``opponents`` hands of ``hand_size`` (the rest undealt),
    the chance that it wins all five tricks against the best defence, and that chance when an
    opponent holds four trumps or more.

    The defence beats a trump lead with a higher trump when it can and otherwise gives up its
    lowest trump (keeping the higher ones can only help it); after the trump leads, an
    opponent with a trump left trumps an ace whose suit he does not hold. Cards of one band
    (the other trumps between two of the soloist's) are interchangeable, and of the other
    suits only how many each opponent holds matters.

    >>> made, against_four = trumps_then_aces([12, 11, 10], 3)
    >>> against_four, made > Fraction(97, 100)
    (Fraction(0, 1), True)
    """
    leads = sorted(trumps, reverse=True)
    others = [rank for rank in range(13) if rank not in leads]
    bands = [0] * (len(leads) + 1)  # above the first lead, between the leads, below the last
    for rank in others:
        bands[sum(1 for lead in leads if lead > rank)] += 1
    unseen_plain = (13 - 1, 13 - 1, 13)  # the aces' suits (less the aces) and the fourth suit
    made = made_four = total = total_four = 0
    per_band = [_compositions(size, opponents + 1) for size in bands]
    for split in product(*per_band):
        ways = 1
        for band in split:
            ways *= _multinomial(band)
        held = [[band for band, allocation in enumerate(split) for _ in range(allocation[i])] for i in range(opponents)]
        counts = [len(cards) for cards in held]
        if any(count > hand_size for count in counts):
            continue
        four = any(count >= 4 for count in counts)
        # the trump leads: band b lies above lead b (band 0 above the first lead)
        left = [sorted(cards, reverse=True) for cards in held]  # highest band number = lowest card
        beaten = False
        for index in range(len(leads)):
            for cards in left:
                if cards and min(cards) <= index:  # a trump above this lead
                    beaten = True
                if cards:
                    cards.pop(0)  # the lowest trump
        threats = [i for i in range(opponents) if left[i]]
        plain_ways = _plain_ways(counts, threats, unseen_plain, hand_size, opponents)
        deal_ways = _plain_ways(counts, [], unseen_plain, hand_size, opponents)
        total += ways * deal_ways
        if four:
            total_four += ways * deal_ways
        if not beaten:
            made += ways * plain_ways
            if four:
                made_four += ways * plain_ways
    return Fraction(made, total), (Fraction(made_four, total_four) if total_four else Fraction(0))


def _plain_ways(
    trumps_held: Sequence[int], threats: Sequence[int], unseen: tuple[int, int, int], hand_size: int, opponents: int
) -> int:
    """Ways to deal the other suits' cards to the opponents (each filling his hand after his
    trumps), every opponent in ``threats`` holding both aces' suits (so that he cannot trump
    an ace)."""
    pool = sum(unseen)
    if not threats:
        ways = 1
        for count in trumps_held:
            ways *= comb(pool, hand_size - count)
            pool -= hand_size - count
        return ways
    total = 0
    choices = []
    for i in threats:
        need = hand_size - trumps_held[i]
        choices.append([(b, c, need - b - c) for b in range(1, need + 1) for c in range(1, need - b + 1)])
    for picks in product(*choices):
        left_b, left_c, left_d = unseen
        ways = 1
        for b, c, d in picks:
            ways *= comb(left_b, b) * comb(left_c, c) * comb(left_d, d)
            left_b, left_c, left_d = left_b - b, left_c - c, left_d - d
        if not ways:
            continue
        rest = left_b + left_c + left_d
        for i in range(opponents):
            if i not in threats:
                ways *= comb(rest, hand_size - trumps_held[i])
                rest -= hand_size - trumps_held[i]
        total += ways
    return total


@check("trumps-then-aces")
def _trumps_then_aces(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rules, players, opponents = _table(claim, reading)
    rows = []
    for high in given["high"]:
        made, against_four = trumps_then_aces([RANKS.index(rank) for rank in high], opponents, rules.cards_each)
        rows.append({"high": high, "made": str(made), "against-four-trumps": str(against_four)})
    if given["judge"] == "impossible":
        holds = all(Fraction(row["against-four-trumps"]) == 0 for row in rows)
        summary = (
            f"at {players} players, played as Peel says, the chance of five tricks when an opponent holds four "
            "trumps or more is "
            + ", ".join(f"{row['high']}: {_shown(Fraction(row['against-four-trumps']))}" for row in rows)
        )
    else:
        often = _fraction(given["often"])
        failing = [row["high"] for row in rows if Fraction(row["made"]) <= often]
        holds = not failing
        summary = (
            f"at {players} players, played as Peel says, the chance of five tricks is "
            + ", ".join(f"{row['high']}: {_shown(Fraction(row['made']))}" for row in rows)
            + (f"; not above {often}: {', '.join(failing)}" if failing else f"; all above {often}")
        )
    return holds, summary, {"rows": rows}


@check("one-suit-nap-by-table")
def _one_suit_nap_by_table(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rows = []
    falling = True
    for top in given["highest"]:
        highest = RANKS.index(top)
        chances = [one_suit_nap_chance([highest, 3, 2, 1, 0], hands - 1) for hands in given["hands-dealt"]]
        falling = falling and all(later < earlier for earlier, later in pairwise(chances))
        rows.append({"highest": top, "chances": [str(chance) for chance in chances]})
    tables = ", ".join(str(hands) for hands in given["hands-dealt"])
    summary = (
        f"the chance of making Nap on five cards of one suit with the smallest cards under its highest, at "
        f"{tables} hands dealt: "
        + "; ".join(
            f"{row['highest']}-high " + ", ".join(f"{float(Fraction(chance)):.3f}" for chance in row["chances"])
            for row in rows
        )
        + (" — falling with every hand more" if falling else " — not always falling")
    )
    return falling, summary, {"hands-dealt": list(given["hands-dealt"]), "rows": rows}


def _interchangeable(others: Sequence[int], cuts: Sequence[int], named: Sequence[int]) -> list[list[int]]:
    """``others`` (ranks) in runs, highest first, within which no rank of ``cuts`` or ``named``
    lies, each rank of ``named`` a run of its own.

    >>> _interchangeable([11, 10, 7, 6, 5], [12, 9, 8], [10])
    [[11], [10], [7, 6, 5]]
    """
    runs: list[list[int]] = []
    current: list[int] = []
    for rank in range(12, -1, -1):
        if rank in cuts or rank in named:
            if current:
                runs.append(current)
            current = []
            if rank in named and rank in others:
                runs.append([rank])
        elif rank in others:
            current.append(rank)
    if current:
        runs.append(current)
    return runs


def trump_layouts(
    leads: Sequence[int], opponents: int, hand_size: int = 5, named: Sequence[int] = ()
) -> Iterator[tuple[list[list[int]], list[int], int, int]]:
    """Every layout of the trumps the soloist does not hold (he holds ``leads``, ranks 0 the two
    .. 12 the ace, and ``hand_size - len(leads)`` cards of other suits) among ``opponents``
    hands of ``hand_size`` and the undealt cards: the trumps each opponent holds, those left
    undealt, the number of layouts of the trumps it stands for and the number of deals of the
    unseen cards.

    Trumps that no lead and no rank of ``named`` separates are interchangeable (each loses to
    the same leads and lies on the same side of every named card), so one layout stands for
    every way of exchanging them, its numbers counting them all; the opponents fill their hands
    from the unseen cards of the other suits.

    >>> layouts = list(trump_layouts([12, 9, 8], 2))
    >>> sum(deals for *_, deals in layouts) == comb(47, 5) * comb(42, 5)
    True
    >>> layouts_of_ten = sum(comb(10, a) * comb(10 - a, b) for a in range(6) for b in range(6))
    >>> sum(count for _, _, count, _ in layouts) == layouts_of_ten
    True
    """
    others = [rank for rank in range(13) if rank not in leads]
    plain = FULL_PACK_CARDS - hand_size - len(others)  # the unseen cards of the other suits
    runs = _interchangeable(others, leads, named)
    for split in product(*(_compositions(len(run), opponents + 1) for run in runs)):
        held: list[list[int]] = [[] for _ in range(opponents)]
        stock: list[int] = []
        layouts = 1
        for run, counts in zip(runs, split):
            layouts *= _multinomial(counts)
            ranks = iter(run)
            for place, count in enumerate(counts):
                taken = [next(ranks) for _ in range(count)]
                (held[place] if place < opponents else stock).extend(taken)
        if any(len(cards) > hand_size for cards in held):
            continue
        ways, left = layouts, plain
        for cards in held:
            ways *= comb(left, hand_size - len(cards))
            left -= hand_size - len(cards)
        yield held, stock, layouts, ways


def holds_with_a_smaller(held: Sequence[Sequence[int]], named: Sequence[int]) -> bool:
    """Whether an opponent holds a trump of ``named`` together with a smaller trump.

    >>> holds_with_a_smaller([[11, 4], []], [11, 10]), holds_with_a_smaller([[11], [3]], [11, 10])
    (True, False)
    """
    return any(card in named and any(other < card for other in cards) for cards in held for card in cards)


class TrumpLeads(NamedTuple):
    """What :func:`trump_leads` counts, in deals of the unseen cards: all of them, those in
    which a lead is beaten, those in which an opponent holds a named trump with a smaller one,
    and those in which the two differ; the layouts of the trumps, all and differing; and the
    first differing layout (the trumps of each opponent, those undealt)."""

    layouts: int
    deals: int
    beaten: int
    named_with_smaller: int
    differing: int
    differing_layouts: int
    example: tuple[list[list[int]], list[int]] | None

    @property
    def chance(self) -> Fraction:
        """The chance that every lead wins."""
        return Fraction(self.deals - self.beaten, self.deals)


def trump_leads(leads: Sequence[int], named: Sequence[int], opponents: int, hand_size: int = 5) -> TrumpLeads:
    """Lead ``leads`` (ranks) as trumps, in that order, against ``opponents`` each beating a
    lead when he can and otherwise giving up his lowest trump (:func:`wins_every_lead`); over
    every layout of the other trumps (:func:`trump_layouts`), count the deals in which a lead
    is beaten and compare them with those in which an opponent holds a trump of ``named``
    with a smaller trump.

    >>> found = trump_leads([12, 9, 8], [11, 10], 3)
    >>> found.differing, found.chance > Fraction(1, 2)
    (0, True)
    >>> trump_leads([12, 9, 8], [11], 3).differing > 0
    True
    """
    layouts = deals = beaten = with_smaller = differing = differing_layouts = 0
    example = None
    for held, stock, count, ways in trump_layouts(leads, opponents, hand_size, named):
        layouts += count
        deals += ways
        lost = not wins_every_lead(leads, held)
        guarded = holds_with_a_smaller(held, named)
        beaten += ways if lost else 0
        with_smaller += ways if guarded else 0
        if lost != guarded:
            differing += ways
            differing_layouts += count
            if example is None:
                example = (held, stock)
    return TrumpLeads(layouts, deals, beaten, with_smaller, differing, differing_layouts, example)


def _trumps_shown(ranks: Sequence[int]) -> str:
    """Trump ranks as spades, highest first (``"KS 2S"``), or ``"none"``."""
    return format_cards(13 * 3 + rank for rank in sorted(ranks, reverse=True)) or "none"


@check("trump-leads-beaten-only-by")
def _trump_leads_beaten_only_by(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rules = Rules.profile(_profile(claim, reading))
    leads = [RANKS.index(rank) for rank in given["leads"]]
    named = [RANKS.index(rank) for rank in given["named"]]
    tables: dict[str, Any] = {}
    parts = []
    for hands in given["hands-dealt"]:
        found = trump_leads(leads, named, hands - 1, rules.cards_each)
        refuting = None
        if found.example is not None:
            held, stock = found.example
            refuting = {"opponents": [_trumps_shown(cards) for cards in held], "undealt": _trumps_shown(stock)}
        tables[str(hands)] = {
            "layouts": found.layouts,
            "beaten": str(Fraction(found.beaten, found.deals)),
            "named-with-a-smaller": str(Fraction(found.named_with_smaller, found.deals)),
            "differing": str(Fraction(found.differing, found.deals)),
            "differing-layouts": found.differing_layouts,
            "refuting": refuting,
        }
        part = (
            f"at {hands} hands dealt, of the {found.layouts:,} layouts of the other trumps, a lead is beaten in "
            f"{_shown(Fraction(found.beaten, found.deals))} of the deals"
        )
        if refuting is not None:
            shown = "; ".join(f"opponent {i + 1} {cards}" for i, cards in enumerate(refuting["opponents"]))
            part += (
                f", and the two differ in {found.differing_layouts} layouts of the trumps "
                f"({_shown(Fraction(found.differing, found.deals))} of the deals), such as {shown}; "
                f"undealt {refuting['undealt']}"
            )
        parts.append(part)
    holds = all(table["refuting"] is None for table in tables.values())
    cards = " ".join(f"{rank}S" for rank in given["leads"])
    against = f"an opponent holds {' or '.join(f'{rank}S' for rank in given['named'])} with a smaller trump"
    summary = (
        f"{cards} led as trumps in that order against the best defence: "
        + "; ".join(parts)
        + (
            f"; in every layout a lead is beaten exactly when {against}"
            if holds
            else f"; so the layouts in which a lead is beaten are not those in which {against}"
        )
    )
    return holds, summary, {"leads": cards, "tables": tables}


@check("trump-leads-chance")
def _trump_leads_chance(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rules, players, opponents = _table(claim, reading)
    leads = [RANKS.index(rank) for rank in given["leads"]]
    above = _fraction(given["above"])
    chances = {
        hands: trump_leads(leads, (), hands - 1, rules.cards_each).chance
        for hands in sorted({*given["hands-dealt"], opponents + 1})
    }
    chance = chances[opponents + 1]
    holds = chance > above
    cards = " ".join(f"{rank}S" for rank in given["leads"])
    summary = (
        f"{cards} led as trumps in that order win every lead against the best defence, over every layout, "
        + ", ".join(f"at {hands} hands dealt with {_shown(value)}" for hands, value in chances.items())
        + f"; at {players} players ({opponents + 1} hands) {'above' if holds else 'not above'} {above}"
    )
    rows = [{"hands-dealt": hands, "chance": str(value)} for hands, value in chances.items()]
    return holds, summary, {"players": players, "chance": str(chance), "rows": rows}


def purchase_round(rules: Rules, players: int) -> dict[str, Any]:
    """Deal a hand under Purchase Nap at ``players`` (dealer seat 0) and let every player, in
    his turn, buy the most the reference engine lets him (the largest purchase it lists); return
    the most it lets a player buy from a full stock, what each buyer bought in turn, the stock
    left, and what the engine says when a player asks for more than the stock holds.

    >>> round_ = purchase_round(Rules.profile("hoyle", ["purchase"]), 3)
    >>> round_["most"], round_["bought"], round_["stock-left"]
    (5, [5, 5, 5], 22)
    """
    rules.check_players(players)
    seats = [seat for seat in range(players) if not (rules.dealer_sits_out_at(players) and seat == 0)]
    pack = iter(rules.pack_cards(players))
    hand = Hand.stacked(rules, players, 0, {seat: [next(pack) for _ in range(rules.cards_each)] for seat in seats})
    most = 0
    bought: list[int] = []
    refused: str | None = None
    while hand.phase == PURCHASE_PHASE:
        seat = hand.to_act
        buys = [action for action in hand.legal_actions() if isinstance(action, Buy)]
        largest = max(buys, key=lambda action: len(action.cards))
        if not bought:
            most = len(largest.cards)
        if len(largest.cards) < most and refused is None and seat is not None:
            try:
                hand.apply(Buy(seat, tuple(hand.holding(seat)[:most])))
            except NotEnoughStock as error:
                refused = str(error)
        hand.apply(largest)
        bought.append(len(largest.cards))
    return {"most": most, "bought": bought, "stock-left": len(hand.stock), "refused": refused}


@check("purchase-pack")
def _purchase_pack(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rules = Rules.profile(_profile(claim, reading), given.get("variants", ()))
    up_to = int(given["serves-every-purchase-up-to"])
    tables = []
    for players in given["players"]:
        played = purchase_round(rules, players)
        hands = hands_dealt(rules, players)
        dealt, bought = hands * rules.cards_each, hands * played["most"]
        tables.append(
            {
                "players": players,
                "dealt": dealt,
                "most-bought": played["most"],
                "bought": bought,
                "pack": rules.pack_size(players),
                "serves": dealt + bought <= rules.pack_size(players),
                "engine-bought": played["bought"],
                "engine-refuses": played["refused"],
            }
        )
    wrong = [table["players"] for table in tables if table["serves"] != (table["players"] <= up_to)]
    served = [table["players"] for table in tables if table["serves"]]
    short = [table for table in tables if not table["serves"]]
    summary = (
        f"under {rules.name}, every player throwing away and buying the most the engine allows "
        f"({', '.join(sorted({str(table['most-bought']) for table in tables}))} cards), the cards thrown away not "
        "used again: "
        + "; ".join(
            f"{table['players']} players need {table['dealt']} dealt + {table['bought']} bought = "
            f"{table['dealt'] + table['bought']} of {table['pack']}"
            for table in tables
        )
        + (f"; the pack serves every purchase up to {max(served)} players" if served else "; the pack serves none")
        + (f" and runs short at {short[0]['players']}" if short else "")
        + (f", not up to {up_to} as read" if wrong else ", as read")
    )
    if short:
        first = short[0]
        summary += (
            f". The reference engine serves while the pack lasts (interpretation purchase-stock-runs-out): at "
            f"{first['players']} players the buyers in turn buy {', '.join(map(str, first['engine-bought']))}, and "
            f'a purchase of more than the stock holds is refused ("{first["engine-refuses"]}")'
        )
    return not wrong, summary, {"tables": tables}


# -------------------------------------------------------------------------------- payments

#: The call a hand spec names, as (tricks, declaration).
_CALLS: Mapping[str, tuple[int, str | None]] = {
    MISERY: (MISERY_CALL.tricks, MISERY),
    "nap": (NAP, None),
    WELLINGTON: (NAP, WELLINGTON),
}


def _call_of(name: str) -> tuple[int, str | None]:
    return _CALLS[name] if name in _CALLS else (int(name), None)


@check("stakes")
def _stakes(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    rules = Rules.profile(_profile(claim, reading))
    table: dict[str, dict[str, int]] = {}
    wrong: list[str] = []
    for item in reading.given["stakes"]:
        tricks, declaration = _call_of(item["call"])
        found = {"wins": rules.win_stake(tricks, declaration), "loses": rules.lose_stake(tricks, declaration)}
        table[item["call"]] = found
        wrong += [
            f"{item['call']} {key} {found[key]}" for key in ("wins", "loses") if key in item and item[key] != found[key]
        ]
    for item in reading.given.get("differences", ()):
        difference = table[item["to"]]["wins"] - table[item["from"]]["wins"]
        if difference != item["wins"]:
            wrong.append(f"the difference {item['from']} → {item['to']} is {difference}")
    summary = f"under {rules.name}: " + "; ".join(
        f"a call of {call} wins {found['wins']} from each, loses {found['loses']} to each"
        for call, found in table.items()
    )
    return not wrong, summary + (f"; the text differs: {', '.join(wrong)}" if wrong else ""), {"stakes": table}


#: Who plays what in a hand settled for its payments: the soloist holds the five highest
#: spades to make his call (to fail a Misery), the five lowest to fail it (to make a Misery),
#: and the next player the other five.
_HIGH, _LOW = parse_cards("AS KS QS JS TS"), parse_cards("2S 3S 4S 5S 6S")
_OTHER_SUITS = parse_cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D")


def settle(rules: Rules, players: int, call: str, outcome: str) -> dict[str, Any]:
    """Play a hand at ``players`` (dealer seat 0) in which the eldest is the soloist of
    ``call`` (a Wellington is called over a Nap by the eldest's neighbour, who is then the
    soloist) and makes it or not, everyone playing his first legal card; return the soloist,
    the outcome and the payments the reference engine settles.

    >>> settle(Rules.profile("peel"), 4, "3", "made")["payments"]
    [-3, 9, -3, -3]
    """
    tricks, declaration = _call_of(call)
    seats = hands_dealt(rules, players)
    first = 1 % players
    soloist = (first + 1) % players if declaration == "wellington" else first
    wins_tricks = (outcome == "made") != (declaration == "misery")
    holdings: dict[int, list[int]] = {}
    holdings[soloist] = list(_HIGH if wins_tricks else _LOW)
    rest = iter(_OTHER_SUITS)
    order = [(first + step) % players for step in range(players)]
    playing = [seat for seat in order if not (rules.dealer_sits_out_at(players) and seat == 0)][:seats]
    for seat in playing:
        if seat == soloist:
            continue
        if not wins_tricks and not any(set(cards) & set(_HIGH) for cards in holdings.values()):
            holdings[seat] = list(_HIGH)
        elif wins_tricks and not any(set(cards) & set(_LOW) for cards in holdings.values()):
            holdings[seat] = list(_LOW)
        else:
            holdings[seat] = [next(rest) for _ in range(rules.cards_each)]
    hand = Hand.stacked(rules, players, 0, holdings)
    for seat in playing:
        if hand.to_act != seat:
            break
        action: Action
        if seat == soloist:
            action = NamedCall(seat, declaration) if declaration else Call(seat, tricks)
        elif declaration == "wellington" and seat == first:
            action = Call(seat, 5)
        else:
            action = Pass(seat)
        hand.apply(action)
    while hand.result is None:
        hand.apply(hand.legal_actions()[0])
    result = hand.result
    return {
        "soloist": result.soloist,
        "call": call,
        "outcome": result.outcome,
        "holdings": {str(seat): format_cards(cards) for seat, cards in sorted(holdings.items())},
        "payments": [result.payments.get(seat, 0) for seat in range(players)],
    }


@check("hand-payments")
def _hand_payments(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    profile = _profile(claim, reading)
    base = Rules.profile(profile, given.get("variants", ()))
    players = int(given["players"])
    hands: list[dict[str, Any]] = []
    wrong: list[str] = []
    for spec in given["hands"]:
        rules = base.with_options(spec.get("options", {}))
        settled = settle(rules, players, spec["call"], spec["outcome"])
        soloist = settled["soloist"]
        payments: Sequence[int] = settled["payments"]
        others = [amount for seat, amount in enumerate(payments) if seat != soloist and amount != 0]
        sign = 1 if spec["outcome"] == "made" else -1
        total = payments[soloist] * sign
        settled["options"] = dict(spec.get("options", {}))
        hands.append(settled)
        what = f"{spec['call']} {spec['outcome']}"
        if settled["outcome"] != spec["outcome"]:
            wrong.append(f"{what}: the hand ended {settled['outcome']}")
        elif any(-amount * sign != spec["each"] for amount in others) or total != spec["each"] * len(others):
            wrong.append(f"{what}: the payments are {list(payments)}")
        elif "total" in spec and total != spec["total"]:
            wrong.append(f"{what}: the soloist's total is {total}")
    described = []
    for hand in hands:
        options = ", ".join(f"{option} {value}" for option, value in hand["options"].items())
        described.append(
            f"{hand['call']} {hand['outcome']}{f' ({options})' if options else ''}: payments {hand['payments']}"
        )
    summary = f"the reference engine settles, under {base.name} at {players} players: " + "; ".join(described)
    return not wrong, summary + (f"; the text differs: {'; '.join(wrong)}" if wrong else ""), {"hands": hands}


def findings(claims: Mapping[str, Claim], only: Sequence[str] = ()) -> dict[str, dict[str, Finding]]:
    """The findings of every reading of ``claims`` (of the checks named in ``only``, if
    given)."""
    found: dict[str, dict[str, Finding]] = {}
    for claim in claims.values():
        for reading in claim.readings:
            if only and reading.check not in only:
                continue
            found.setdefault(claim.id, {})[reading.id] = judge(claim, reading)
    return found


__all__ = [
    "CHECKS",
    "MissingSweep",
    "TrumpLeads",
    "UnknownCheck",
    "check",
    "findings",
    "hands_dealt",
    "holds_with_a_smaller",
    "judge",
    "one_suit_nap_chance",
    "purchase_round",
    "settle",
    "trump_layouts",
    "trump_leads",
    "wins_every_lead",
]


# The checks judged by simulation, and those judged from the sweeps and the solver (certainty),
# register themselves with `check` when their modules load.
from napspec.reference.analysis import certainty as _certainty  # noqa: E402,F401  (registers its checks)
from napspec.reference.analysis import simulated as _simulated  # noqa: E402,F401  (registers its checks)
