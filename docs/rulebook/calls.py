"""The calls of each game and what they pay: ``{napspec-calls}`` writes, for each profile, one
table of its calls in the order they rank, each with what it wins from every other player when
made and what it pays to each when lost; the calls its variants add stand in the same table at
their rank, each named with its variant. Seven-card Nap, a game of seven cards a hand, has a
table of its own.

Everything is read from the register, nothing written again here: the tricks of a Nap (the
number ``cards-each``), the lowest call (``lowest-call``), the Nap's stakes (``nap-stakes``),
Misery's place and pay (its value's ``misery-ranks-after`` and ``misery-paid-as``), the stakes of
Wellington and Blücher (their values' amounts, in stakes or as multiples of the Nap's and the
Wellington's), the order of the calls above Nap (each above Nap, rule ``calling.nap-ceiling``;
a call above those its value ``requires``: a Blücher is called over a Wellington), and the calls
of seven-card Nap (its value's ``cards-each``, ``lowest-call``, ``misery-ranks-after``,
``full-loss-up-to`` and ``beyond-nap-multiple``). Sir Garnet adds no call: the player who takes
up the extra hand calls a Nap, paid as a Nap (rules ``variants.sir-garnet-taking`` and
``variants.sir-garnet-stakes``), so it stands at the Nap's rank.
"""

from __future__ import annotations

from dataclasses import dataclass

from docutils import nodes

from napspec.spec.register import OptionValueType, Profile, Register

from .directives import NapDirective
from .printed import in_words
from .render import Cell, para, section, table
from .text import variant_name

#: The variant whose Nap is called on an extra hand, not a call of its own.
EXTRA_HAND = "sir-garnet"
#: The variant of a game of more cards a hand, whose calls are a table of their own.
MORE_CARDS = "seven-card"


@dataclass(frozen=True)
class Call:
    """A call of a game: its name, the variant it needs (none in the plain game), what it wins
    from each other player and what it pays to each, and whether it ranks with the call before
    it (a Nap on the extra hand ranks as a Nap)."""

    name: str
    wins: float
    loses: float
    variant: str = ""
    same_rank: bool = False


def amounts(register: Register, option_id: str, value: OptionValueType) -> dict[str, float]:
    return {key: float(amount) for key, amount in register.options[option_id].value(value).amounts.items()}


def stakes(amount: float) -> str:
    """An amount of stakes as the table shows it: "10", "2½".

    >>> stakes(10.0), stakes(2.5)
    ('10', '2½')
    """
    whole = int(amount)
    return f"{whole}½" if amount - whole == 0.5 else f"{amount:g}"


def value_of(profile: Profile, option_id: str, bundle: dict[str, OptionValueType] | None = None) -> OptionValueType:
    """What a profile plays on a point, with a variant's values where it switches them."""
    if bundle and option_id in bundle:
        return bundle[option_id]
    return profile.choices[option_id].value


def played(bundle: dict[str, OptionValueType], option_id: str) -> bool:
    return bundle.get(option_id, "not-played") != "not-played"


def call_of_tricks(register: Register, tricks: int) -> str:
    """A call of tricks by name: "Three", "Nap" for all the tricks of the plain game."""
    return "Nap" if tricks == register.number("cards-each") else in_words(tricks).capitalize()


def ranked(calls: list[Call]) -> list[tuple[int, Call]]:
    """Each call with its rank, from 1: a call that ranks with the one before it shares its rank.

    >>> calls = [Call("Four", 4, 4), Call("Nap", 10, 5), Call("Nap, on the extra hand", 10, 5, "Sir Garnet", True)]
    >>> [(rank, call.name) for rank, call in ranked(calls)]
    [(1, 'Four'), (2, 'Nap'), (2, 'Nap, on the extra hand')]
    """
    out: list[tuple[int, Call]] = []
    rank = 0
    for call in calls:
        rank += 0 if call.same_rank and out else 1
        out.append((rank, call))
    return out


def beyond_nap(register: Register, bundle: dict[str, OptionValueType], name: str, nap: dict[str, float]) -> list[Call]:
    """The named calls above Nap a variant plays (Wellington; Blücher, which requires it), each
    after the calls its value requires, with their stakes (in stakes, or as a multiple of the
    stakes of the call it is paid after)."""
    base = {"nap": (nap["nap-win"], nap["nap-lose"])}
    chosen = [o for o in ("wellington", "blucher") if played(bundle, o)]
    chosen.sort(key=lambda o: len(register.options[o].value(bundle[o]).requires))
    out = []
    for option_id in chosen:
        found = amounts(register, option_id, bundle[option_id])
        multiple_of = next((key.removesuffix("-multiple") for key in found if key.endswith("-multiple")), None)
        if multiple_of is not None:
            win, lose = base[multiple_of]
            wins, loses = win * found[f"{multiple_of}-multiple"], lose * found[f"{multiple_of}-multiple"]
        else:
            wins, loses = found["win"], found["lose"]
        base[option_id] = (wins, loses)
        out.append(Call(register.options[option_id].title, wins, loses, name))
    return out


def calls_of(register: Register, profile: Profile) -> list[Call]:
    """A profile's calls with five cards a hand, lowest first: the plain game's, and each
    variant's at its rank (see the module)."""
    lowest = int(value_of(profile, "lowest-call"))
    nap = amounts(register, "nap-stakes", value_of(profile, "nap-stakes"))
    tricks = register.number("cards-each")
    calls = [Call(call_of_tricks(register, n), n, n) for n in range(lowest, tricks)]
    calls.append(Call("Nap", nap["nap-win"], nap["nap-lose"]))
    above: list[Call] = []
    for variant, chosen in profile.variants.items():
        bundle = {option: choice.value for option, choice in chosen.items()}
        name = variant_name(register, variant)
        if played(bundle, MORE_CARDS):
            continue
        if played(bundle, "misery"):
            misery = amounts(register, "misery", bundle["misery"])
            after = call_of_tricks(register, int(misery["misery-ranks-after"]))
            at = next(i for i, call in enumerate(calls) if call.name == after and not call.variant) + 1
            calls.insert(at, Call("Misery", misery["misery-paid-as"], misery["misery-paid-as"], name))
        if played(bundle, EXTRA_HAND):
            at = next(i for i, call in enumerate(calls) if call.name == "Nap" and not call.variant) + 1
            calls.insert(at, Call("Nap, on the extra hand", nap["nap-win"], nap["nap-lose"], name, same_rank=True))
        above += [call for call in beyond_nap(register, bundle, name, nap) if call.name not in {c.name for c in above}]
    return calls + above


def seven_card(register: Register, profile: Profile) -> tuple[str, list[Call]] | None:
    """The calls of seven-card Nap where the profile plays it (its name and its calls, lowest
    first): from its lowest call to all seven tricks, Nap at five; Misery in its place where the
    variant plays it; the losers of the calls above ``full-loss-up-to`` (Nap's own stakes apart)
    paying half of what the call would have won, rounded up to a whole stake."""
    for variant, chosen in profile.variants.items():
        bundle = {option: choice.value for option, choice in chosen.items()}
        if not played(bundle, MORE_CARDS):
            continue
        name = variant_name(register, variant)
        nap = amounts(register, "nap-stakes", value_of(profile, "nap-stakes", bundle))
        found = amounts(register, MORE_CARDS, bundle[MORE_CARDS])
        nap_tricks = register.number("cards-each")
        multiple = found.get("beyond-nap-multiple", 1)
        out: list[Call] = []
        for tricks in range(int(found["lowest-call"]), int(found["cards-each"]) + 1):
            wins = nap["nap-win"] if tricks == nap_tricks else tricks * (multiple if tricks > nap_tricks else 1)
            loses = nap["nap-lose"] if tricks == nap_tricks else wins
            if tricks > found["full-loss-up-to"] and tricks != nap_tricks:
                loses = -(-wins // 2)
            out.append(Call(call_of_tricks(register, tricks), wins, loses))
            if played(bundle, "misery") and tricks == int(found["misery-ranks-after"]):
                paid = amounts(register, "misery", bundle["misery"])["misery-paid-as"]
                out.append(Call("Misery", paid, -(-paid // 2)))
        return name, out
    return None


def calls_table(calls: list[Call]) -> nodes.table:
    """The calls a row each: rank, call, the variant it needs where any does, wins, loses."""
    variants = any(call.variant for call in calls)
    rows: list[list[Cell]] = [
        [str(rank), call.name, *([call.variant] if variants else []), stakes(call.wins), stakes(call.loses)]
        for rank, call in ranked(calls)
    ]
    header: list[Cell] = ["Rank", "Call", *(["Variant"] if variants else []), "Wins", "Loses"]
    return table(header, rows, classes=["nap-calls-table" if variants else "nap-calls-table-plain"])


class CallsDirective(NapDirective):
    """``{napspec-calls}``: each profile's calls and what they pay (see the module)."""

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        out: list[nodes.Node] = []
        for profile in register.profiles.values():
            node = section(profile.title, [f"calls-{profile.id}"], classes=["nap-calls"])
            calls = calls_of(register, profile)
            # the table names a variant only where a call needs one: so does its introduction
            needing = "; a call with a variant named is played only with it" if any(c.variant for c in calls) else ""
            node += para(
                f"The calls of {profile.title}, lowest first: a made call wins from each other player, a lost "
                f"one pays each other player, in stakes{needing}.",
                classes=["nap-intro"],
            )
            node += calls_table(calls)
            more = seven_card(register, profile)
            if more is not None:
                name, calls = more
                node += para(
                    f"With {name}, seven cards a hand, the calls are these instead, lowest first.",
                    classes=["nap-intro"],
                )
                node += calls_table(calls)
            out.append(node)
        return out


__all__ = ["Call", "CallsDirective", "calls_of", "ranked", "seven_card", "stakes"]
