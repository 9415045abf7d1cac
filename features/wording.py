"""How the rulebook tells a step: the pieces of a sentence (plain words, values, cards,
suits, codes, references), the names the sentences give to offences, errors, calls, phases
and outcomes, and the helpers that put a sentence together. The phrases of
:mod:`napspec.suite.vocabulary` say their steps with these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from napspec.spec import load
from napspec.suite.scenario_text import PLACEHOLDER, option_value


@dataclass(frozen=True)
class Value:
    """A number or word of the step, or an outline's placeholder."""

    text: str


@dataclass(frozen=True)
class Cards:
    """A list of cards ("AS KH"), "-" for none, or a placeholder."""

    text: str


@dataclass(frozen=True)
class Suit:
    """A suit letter (C, D, H, S) or a placeholder."""

    text: str


@dataclass(frozen=True)
class Code:
    """A code of the protocol, shown as written."""

    text: str


@dataclass(frozen=True)
class Ref:
    """A reference to the register: a profile, a variation point, or one of its values
    (``target`` is ``option=value``); ``text`` is what readers see of it (its title, its
    words), ``target`` where the step names nothing the register knows."""

    kind: Literal["profile", "option", "optvalue"]
    target: str
    text: str = ""


#: A piece of a sentence: plain words or one of the kinds above.
Piece = str | Value | Cards | Suit | Code | Ref

OFFENCES = {
    "revoke": "a revoke",
    "out-of-turn": "play out of turn",
    "exposed-after-deal": "a card exposed after the deal",
    "exposed-in-dealing": "a card exposed in dealing",
    "misdeal": "a misdeal",
    "wrong-number": "a wrong number of cards",
    "faulty-pack": "a faulty pack",
    "uncut": "a deal from an uncut pack",
}
ERRORS = {
    "not-your-turn": "it is not that player's turn",
    "wrong-phase": "it is not the time for that action",
    "must-follow-suit": "the player can follow suit and must",
    "card-not-held": "the player does not hold that card",
    "call-too-low": "the call does not exceed the last one",
    "cannot-pass": "the player may not pass",
    "bad-cut": "the rules do not allow that cut",
    "not-provided-for": "the rules provide no remedy for it",
    "no-such-offence": "no such offence was committed",
    "irregular-play-not-allowed": "irregular play is not allowed",
    "invalid-action": "the action is not a valid one",
    "call-not-allowed": "the rules in force do not allow that call now",
    "bad-discard": "the discard is not five of the player's ten cards",
    "must-lead-lowest-trump": "a Wellington must be led with the caller's lowest card of the suit",
    "not-enough-stock": "the stock does not hold that many cards",
}
PHASES = {
    "cut": "the pack is to be cut",
    "deal": "the cards are to be dealt",
    "purchase": "the players are buying fresh cards",
    "calling": "the players are calling",
    "peep-exchange": "the soloist may take the peep card",
    "play": "the cards are being played",
    "show": "the cards are to be shown",
    "finished": "the hand is over",
}
OUTCOMES = {
    "made": "the soloist has made his call",
    "defeated": "the soloist is defeated",
    "all-passed": "every player passed",
    "fresh-deal": "there is to be a fresh deal",
    "redeal": "the same dealer deals again",
    "abandoned": "the hand is abandoned",
}

#: The data tables steps take: their columns as written, and their headings as shown.
TABLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "hands": (("seat", "cards"), ("Seat", "Hand")),
    "tricks": (("leader", "cards"), ("", "Led by", "Cards in the order played")),
}


@dataclass
class Context:
    """What a scenario has said so far that later sentences refer to."""

    dealer: str | None = None
    players: str | None = None


def seat(text: str) -> list[Piece]:
    return ["seat ", Value(text)]


_Item = TypeVar("_Item")


def Seat(text: str) -> list[Piece]:
    return ["Seat ", Value(text)]


def join(items: Sequence[_Item], sep: str = ", ", last: str | None = None) -> list[_Item | str]:
    """Items separated by ``sep`` (and ``last`` before the final one): pieces of a sentence
    here, document nodes in the rulebook.

    >>> join(["peel", "hoyle", "britannica"], ", ", " and ")
    ['peel', ', ', 'hoyle', ' and ', 'britannica']
    """
    out: list[_Item | str] = []
    for index, item in enumerate(items):
        if index:
            out.append(last if last is not None and index == len(items) - 1 else sep)
        out.append(item)
    return out


def plural(count: str, one: str, many: str) -> list[Piece]:
    if count == "1":
        return ["1 ", one]
    if count == "0":
        return ["no ", many]
    return [Value(count), " ", many]


def capital(items: list[Piece]) -> list[Piece]:
    if items and isinstance(items[0], str):
        return [items[0][:1].upper() + items[0][1:], *items[1:]]
    return items


def described(code: str, meanings: Mapping[str, str]) -> list[Piece]:
    if PLACEHOLDER.match(code):
        return [Value(code)]
    meaning = meanings.get(code)
    return [meaning, " (", Code(code), ")"] if meaning else [Code(code)]


def hand_owner(seat_text: str, context: Context) -> list[Piece]:
    """The first cell of a row of a hands table: the seat, and whether it deals."""
    who: list[Piece] = ["Seat ", Value(seat_text)]
    if context.dealer is not None and seat_text == context.dealer:
        who.append(" (dealer)")
    return who


def say_calls(text: str) -> list[Piece]:
    if text == "none":
        return ["no call at all"]
    return ["only ", *join([Value(word) for word in text.split()], ", ", " or ")]


def profile_ref(name: str) -> Piece:
    if PLACEHOLDER.match(name):
        return Value(name)
    profile = load().profiles.get(name)
    return Ref("profile", name, profile.title if profile is not None else name)


def _option_ref(option_id: str) -> Piece:
    if PLACEHOLDER.match(option_id):
        return Value(option_id)
    option = load().options.get(option_id)
    return Ref("option", option_id, option.title if option is not None else option_id)


def say_setting(option_id: str, text: str) -> list[Piece]:
    """ "Who must play when nobody calls is “the eldest, if all the others pass”": the
    variation point by its title, the value in its words (:meth:`Option.phrase`)."""
    option = load().options.get(option_id)
    value: Piece = Value(text)
    if option is not None and not PLACEHOLDER.match(text):
        typed = option_value(option_id, text)
        # a number of the range that no source names has no entry to link: it reads as itself
        value = (
            Ref("optvalue", f"{option_id}={typed}", option.phrase(typed))
            if option.allows(typed)
            else Value(option.phrase(typed))
        )
    return [_option_ref(option_id), " is set to “", value, "”."]


def say_variants(name: str) -> list[Piece]:
    if PLACEHOLDER.match(name):
        return ["The variant ", Value(name), " is played, as the profile gives it."]
    if name in load().options:
        return ["The variant ", _option_ref(name), " is played, as the profile gives it."]
    return ["The variant ", Code(name), " is played, as the profile gives it."]


def say_payments(text: str) -> list[Piece]:
    if PLACEHOLDER.match(text):
        return ["The payments are ", Value(text), "."]
    parts: list[Piece] = []
    for index, amount in enumerate(text.split()):
        number = int(amount)
        if number > 0:
            parts.append(f"seat {index} receives {number}")
        elif number < 0:
            parts.append(f"seat {index} pays {-number}")
        else:
            parts.append(f"seat {index} neither pays nor receives")
    return ["Settlement, in stakes: ", *join(parts, "; "), "."]


def say_offences(text: str) -> list[Piece]:
    if text == "none":
        return ["No offence is recorded."]
    items: list[Piece] = []
    for item in text.split():
        kind, _, who = item.partition("@")
        items.append(f"{OFFENCES.get(kind, kind)}" + (", no player's" if who == "nobody" else f" by seat {who}"))
    return ["The offences recorded, in order: ", *join(items, "; "), "."]


def say_counts(dealer: str, counts: str) -> list[Piece]:
    parts: list[Piece] = [f"{n} to seat {index}" for index, n in enumerate(counts.split())]
    return [*Seat(dealer), " deals wrong numbers of cards: ", *join(parts, ", "), "."]


def say_cut_depths(seat_text: str, depths: str) -> list[Piece]:
    low, dash, high = depths.partition("-")
    if dash and low.isdigit() and high.isdigit():
        return [*Seat(seat_text), " may cut from ", low, " to ", high, " cards."]
    return [*Seat(seat_text), " may cut ", Value(depths), " cards."]


def say_players(args: Mapping[str, str], context: Context) -> list[Piece]:
    context.players, context.dealer = args["players"], args["dealer"]
    return [Value(args["players"]), " players sit at the table; ", *seat(args["dealer"]), " deals."]


#: Why stakes move into or out of the pool, as the protocol names it, in words.
POOL_REASONS = {
    "peep-fee": "the fee for a peep",
    "purchase-fee": "the fee for fresh cards",
    "dealer-contribution": "the dealer's contribution",
    "player-contribution": "a player's contribution",
    "card-contribution": "a knave or five played",
    "misdeal-fine": "the fine for a misdeal",
    "failed-nap": "a failed Nap doubling the pool",
    "pool-won": "a made Nap taking the pool",
    "pool-divided": "a share of the pool divided",
    "pool-drawn": "the pool, or what is left of it, drawn for",
}


def say_pool_reason(reason: str) -> list[Piece]:
    return described(reason, POOL_REASONS)
