"""The checks that judge the sources' claims (``spec/claims.toml``), and the command that writes
their evidence (``napspec-lab claims``).

Each check takes a claim and one of its readings and returns a
:class:`~napspec.spec.claims.Finding`: whether the reading holds, a sentence, and the figures
behind it. Arithmetic is exact (:class:`fractions.Fraction`); payments are what the reference
engine settles when it plays the hand out; certainty is the solver's
(:mod:`napspec.lab.solver`).

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
from math import comb, perm
from typing import Any, NamedTuple

from napspec.reference.cards import RANKS, format_cards
from napspec.reference.rules import FULL_PACK_CARDS, Rules
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


class MissingExtra(RuntimeError):
    """A check plays against a package that an optional extra installs, and it is not
    installed: the message names the package, the extra and the check."""

    def __init__(self, package: str, extra: str, check_id: str) -> None:
        super().__init__(package, extra, check_id)
        self.package, self.extra, self.check_id = package, extra, check_id

    def __str__(self) -> str:
        return (f"the check {self.check_id!r} plays against {self.package}, which is not installed: "
                f"pip install 'napspec[{self.extra}]', or leave the check out (--only names the others)")  # fmt: skip


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
    # The opponents are alike (whether a lead is beaten does not depend on who beats it), so
    # each way of grouping the other cards of the suit among them is counted once, times the
    # ways of naming the opponents who hold the groups.
    for groups in _groupings(others, opponents, hand_size):
        held = [*groups, *([] for _ in range(opponents - len(groups)))]
        ways, left = perm(opponents, len(groups)), plain
        for cards in held:
            ways *= comb(left, hand_size - len(cards))
            left -= hand_size - len(cards)
        if ways and wins_every_lead(leads, held):
            made += ways
    total = 1
    for index in range(opponents):
        total *= comb(unseen - index * hand_size, hand_size)
    return Fraction(made, total)


def _groupings(ranks: Sequence[int], most: int, size: int) -> Iterator[list[list[int]]]:
    """Every way of sharing out ``ranks`` between the stock and at most ``most`` unnamed
    groups (the opponents who hold any), none of more than ``size``: each group in the order
    of its first rank.

    >>> len(list(_groupings([1, 2], 2, 5)))  # stock both; one group; one each; one in a group
    5
    """
    groups: list[list[int]] = []

    def place(index: int) -> Iterator[list[list[int]]]:
        if index == len(ranks):
            yield [list(group) for group in groups]
            return
        rank = ranks[index]
        yield from place(index + 1)  # the stock
        for group in groups:
            if len(group) < size:
                group.append(rank)
                yield from place(index + 1)
                group.pop()
        if len(groups) < most:
            groups.append([rank])
            yield from place(index + 1)
            groups.pop()

    return place(0)


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
from napspec.lab import certainty as _certainty  # noqa: E402,F401  (registers its checks)
from napspec.lab import payments as _payments  # noqa: E402,F401  (registers its checks)
from napspec.lab import simulated as _simulated  # noqa: E402,F401  (registers its checks)
from napspec.lab.payments import purchase_round, settle  # noqa: E402  (re-exported)
