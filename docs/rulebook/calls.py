"""The calls of each game and what they pay: ``{napspec-calls}`` writes, for each profile, one
table of its calls in the order they rank, each with what it wins from every other player when
made and what it pays to each when lost; the calls its variants add stand in the same table,
each named with its variant. Everything is read from the register: the lowest call
(``lowest-call``), the Nap's stakes (``nap-stakes``), and the amounts of the values the
profile's variants switch on (Misery's rank and pay, Wellington's and Blücher's stakes, Sir
Garnet paid as a Nap, the calls of seven-card Nap and its half stakes)."""

from __future__ import annotations

from dataclasses import dataclass

from docutils import nodes

from napspec.spec.register import OptionValueType, Profile, Register

from .directives import NapDirective
from .printed import in_words
from .render import Cell, para, section, table
from .text import variant_name

#: The tricks a call of five cards names, and the name of each above four.
FIVE = 5
CALL_NAMES = {5: "Nap", 6: "Six", 7: "Seven"}


@dataclass(frozen=True)
class Call:
    """A call of a game: its name, the variant it needs (none in the plain game), what it wins
    from each other player and what it pays to each."""

    name: str
    wins: float
    loses: float
    variant: str = ""


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


def calls_of(register: Register, profile: Profile) -> list[Call]:
    """A profile's calls, lowest first: the plain game's, then each variant's in its place."""
    lowest = int(value_of(profile, "lowest-call"))
    nap = amounts(register, "nap-stakes", value_of(profile, "nap-stakes"))
    out = [Call(in_words(n).capitalize(), n, n) for n in range(lowest, FIVE)]
    out.append(Call("Nap", nap["nap-win"], nap["nap-lose"]))
    for variant, chosen in profile.variants.items():
        bundle = {option: choice.value for option, choice in chosen.items()}
        name = variant_name(register, variant)
        if bundle.get("seven-card", "not-played") != "not-played":
            out += seven_card(register, bundle, name, nap)
            continue
        if bundle.get("misery", "not-played") != "not-played":
            misery = amounts(register, "misery", bundle["misery"])
            paid = misery.get("misery-paid-as", 3)
            after = int(misery.get("misery-ranks-after", 3))
            out.insert(after - lowest + 1, Call("Misery", paid, paid, name))
        if bundle.get("sir-garnet", "not-played") != "not-played":
            # a Nap called on the extra hand: it ranks with Nap, below the calls over a Nap
            at = next(index for index, call in enumerate(out) if call.name == "Nap" and not call.variant)
            out.insert(at + 1, Call("Sir Garnet", nap["nap-win"], nap["nap-lose"], name))
        wellington = None
        if bundle.get("wellington", "not-played") != "not-played":
            found = amounts(register, "wellington", bundle["wellington"])
            multiple = found.get("nap-multiple")
            wins = nap["nap-win"] * multiple if multiple else found["win"]
            loses = nap["nap-lose"] * multiple if multiple else found["lose"]
            wellington = Call("Wellington", wins, loses, name)
            if variant == "wellington" or "blucher" not in bundle:
                out.append(wellington)
        if bundle.get("blucher", "not-played") != "not-played" and wellington is not None:
            found = amounts(register, "blucher", bundle["blucher"])
            multiple = found.get("wellington-multiple")
            wins = wellington.wins * multiple if multiple else found["win"]
            loses = wellington.loses * multiple if multiple else found["lose"]
            out.append(Call("Blücher", wins, loses, name))
    return out


def seven_card(register: Register, bundle: dict[str, OptionValueType], name: str, nap: dict[str, float]) -> list[Call]:
    """The calls of seven-card Nap: from its lowest call to all seven, Nap at five; Misery in its
    place where the variant plays it; the losers of the calls above ``full-loss-up-to`` paying
    half of what the call would have won (rounded up to a whole stake)."""
    found = amounts(register, "seven-card", bundle["seven-card"])
    multiple = found.get("beyond-nap-multiple", 1)
    full_loss_up_to = int(found.get("full-loss-up-to", 4))
    out: list[Call] = []
    for tricks in range(int(found.get("lowest-call", 3)), 8):
        wins = nap["nap-win"] if tricks == FIVE else tricks * (multiple if tricks > FIVE else 1)
        loses = nap["nap-lose"] if tricks == FIVE else wins
        if tricks > full_loss_up_to and tricks != FIVE:
            loses = -(-wins // 2)
        out.append(Call(CALL_NAMES.get(tricks, in_words(tricks).capitalize()), wins, loses, name))
        if bundle.get("misery", "not-played") != "not-played" and tricks == int(found.get("misery-ranks-after", 5)):
            paid = amounts(register, "misery", bundle["misery"]).get("misery-paid-as", 3)
            out.append(Call("Misery", paid, -(-paid // 2), name))
    return out


class CallsDirective(NapDirective):
    """``{napspec-calls}``: each profile's calls and what they pay (see the module)."""

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        out: list[nodes.Node] = []
        for profile in register.profiles.values():
            node = section(profile.title, [f"calls-{profile.id}"], classes=["nap-calls"])
            rows: list[list[Cell]] = []
            for rank, call in enumerate(calls_of(register, profile), start=1):
                rows.append(
                    [str(rank), call.name, call.variant or "the plain game", stakes(call.wins), stakes(call.loses)]
                )
            node += para(
                f"The calls of {profile.title}, lowest first: a made call wins from each other player, a lost "
                "one pays each other player, in stakes.",
                classes=["nap-intro"],
            )
            node += table(["Rank", "Call", "Played", "Wins", "Loses"], rows, classes=["nap-calls-table"])
            out.append(node)
        return out


__all__ = ["Call", "CallsDirective", "calls_of", "stakes"]
