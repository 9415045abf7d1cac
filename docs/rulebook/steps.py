"""Scenario steps told as sentences, with hands and tricks drawn as cards.

Each step of the vocabulary (``features/README.md``) has a pattern here; a step that matches
none is shown as written (:func:`known` lets the tests insist that every step is covered).
"""

from __future__ import annotations

import re
from typing import Callable

from docutils import nodes

from .data import Step
from .render import (
    NodeLike,
    VARIABLE,
    cards,
    join,
    literal,
    para,
    suit,
    table,
    variable,
    xref,
)

N = r"(\d+|<[^<>]+>)"
Q = r'"([^"]*)"'

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
}
PHASES = {
    "cut": "the pack is to be cut",
    "deal": "the cards are to be dealt",
    "calling": "the players are calling",
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


class Context:
    """What a scenario has said so far that later steps refer to (the dealer's seat)."""

    def __init__(self) -> None:
        self.dealer: str | None = None
        self.players: str | None = None


def value(text: str) -> NodeLike:
    return variable(text) if VARIABLE.match(text) else text


def seat(text: str) -> list[NodeLike]:
    return ["seat ", value(text)]


def Seat(text: str) -> list[NodeLike]:
    return ["Seat ", value(text)]


def plural(count: str, one: str, many: str) -> list[NodeLike]:
    if count == "1":
        return ["1 ", one]
    if count == "0":
        return ["no ", many]
    return [value(count), " ", many]


def described(code: str, meanings: dict[str, str]) -> list[NodeLike]:
    if VARIABLE.match(code):
        return [variable(code)]
    meaning = meanings.get(code)
    return [meaning, " (", literal(code), ")"] if meaning else [literal(code)]


def hands_table(rows: tuple[tuple[str, ...], ...], context: Context) -> nodes.table:
    header, *body = rows
    column = {name: index for index, name in enumerate(header)}
    cells = []
    for row in body:
        who: list[NodeLike] = seat(row[column.get("seat", 0)])
        who[0] = "Seat "
        if context.dealer is not None and row[column.get("seat", 0)] == context.dealer:
            who.append(" (dealer)")
        cells.append([who, [cards(row[column.get("cards", 1)])]])
    return table(["Seat", "Hand"], cells, classes=["nap-hands"])


def tricks_table(rows: tuple[tuple[str, ...], ...]) -> nodes.table:
    header, *body = rows
    column = {name: index for index, name in enumerate(header)}
    cells = []
    for number, row in enumerate(body, start=1):
        leader = row[column.get("leader", 0)]
        cells.append([str(number), ["Seat ", value(leader)], [cards(row[column.get("cards", 1)])]])
    return table(["", "Led by", "Cards in the order played"], cells, classes=["nap-tricks"])


def _calls(text: str) -> list[NodeLike]:
    if text == "none":
        return ["no call at all"]
    words = [variable(w) if VARIABLE.match(w) else w for w in text.split()]
    return ["only ", *join(words, ", ", " or ")]


def _payments(text: str) -> list[NodeLike]:
    if VARIABLE.match(text):
        return ["The payments are ", variable(text), "."]
    parts: list[NodeLike] = []
    for index, amount in enumerate(text.split()):
        number = int(amount)
        if number > 0:
            words = f"seat {index} receives {number}"
        elif number < 0:
            words = f"seat {index} pays {-number}"
        else:
            words = f"seat {index} neither pays nor receives"
        parts.append(words)
    return ["Settlement, in stakes: ", *join(parts, "; "), "."]


def _offences(text: str) -> list[NodeLike]:
    if text == "none":
        return ["No offence is recorded."]
    items: list[NodeLike] = []
    for item in text.split():
        kind, _, who = item.partition("@")
        items.append(f"{OFFENCES.get(kind, kind)} by seat {who}")
    return ["The offences recorded, in order: ", *join(items, "; "), "."]


def _counts(dealer: str, counts: str) -> list[NodeLike]:
    parts = [f"{n} to seat {index}" for index, n in enumerate(counts.split())]
    return [*Seat(dealer), " deals wrong numbers of cards: ", *join(parts, ", "), "."]


Renderer = Callable[[re.Match[str], Step, Context], list[nodes.Node] | list[NodeLike]]


def _setup_players(m: re.Match[str], step: Step, context: Context) -> list[NodeLike]:
    context.players, context.dealer = m[1], m[2]
    return [value(m[1]), " players sit at the table; ", *seat(m[2]), " deals."]


PATTERNS: list[tuple[str, Renderer]] = [
    # Given
    (rf"the profile {Q}", lambda m, s, c: ["The rules are those of the ", value(m[1]) if VARIABLE.match(m[1]) else xref("profile", m[1], m[1]), " profile."]),
    (rf"the option {Q} is {Q}", lambda m, s, c: ["The variation point ", xref("option", m[1], m[1]), " is set to ", literal(m[2]), "."]),
    (r"irregular play is allowed", lambda m, s, c: ["Irregular play is allowed, so that faults can be committed and claimed."]),
    (rf"{N} players with seat {N} dealing", _setup_players),
    (r"the hands:", lambda m, s, c: ["The cards have been cut and dealt. The hands:"]),
    (rf"the pack from the top is {Q}", lambda m, s, c: ["The pack is stacked. From the top: ", cards(m[1]), "; the rest of the pack lies below in a fixed order."]),
    (rf"the cards turned for the first deal are {Q}", lambda m, s, c: ["The cards turned for the first deal are, in the order drawn: ", cards(m[1]), "."]),
    # When
    (rf"seat {N} cuts {N} cards", lambda m, s, c: [*Seat(m[1]), " cuts ", value(m[2]), " cards."]),
    (rf"seat {N} deals exposing {Q}", lambda m, s, c: [*Seat(m[1]), " deals and exposes ", cards(m[2]), " in dealing."]),
    (rf"seat {N} deals the counts {Q}", lambda m, s, c: _counts(m[1], m[2])),
    (rf"seat {N} deals", lambda m, s, c: [*Seat(m[1]), " deals."]),
    (rf"seat {N} calls Nap", lambda m, s, c: [*Seat(m[1]), " calls Nap."]),
    (rf"seat {N} calls {N}", lambda m, s, c: [*Seat(m[1]), " calls ", value(m[2]), "."]),
    (rf"seat {N} passes", lambda m, s, c: [*Seat(m[1]), " passes."]),
    (rf"seat {N} plays {Q}", lambda m, s, c: [*Seat(m[1]), " plays ", cards(m[2]), "."]),
    (r"the tricks are played:", lambda m, s, c: ["The tricks are played:"]),
    (rf"seat {N} exposes {Q}", lambda m, s, c: [*Seat(m[1]), " exposes ", cards(m[2]), "."]),
    (rf"seat {N} claims the ([a-z-]+) by seat {N}", lambda m, s, c: [*Seat(m[1]), " claims ", OFFENCES.get(m[2], m[2]), " against ", *seat(m[3]), "."]),
    (rf"seat {N} claims the ([a-z-]+)", lambda m, s, c: [*Seat(m[1]), " claims ", OFFENCES.get(m[2], m[2]), "."]),
    (rf"seat {N} shows his cards", lambda m, s, c: [*Seat(m[1]), " shows his cards."]),
    (rf"seat {N} refuses to show his cards", lambda m, s, c: [*Seat(m[1]), " refuses to show his cards."]),
    (rf"seat {N} asks for the call and the tricks made", lambda m, s, c: [*Seat(m[1]), " asks what the call is and how many tricks have been made."]),
    # Then
    (r"the action is accepted", lambda m, s, c: ["The action is accepted."]),
    (rf"the action is rejected as {Q}", lambda m, s, c: ["The action is rejected: ", *described(m[1], ERRORS), "."]),
    (rf"the phase is {Q}", lambda m, s, c: ["Now ", *described(m[1], PHASES), "."]),
    (rf"seat {N} is to act", lambda m, s, c: [*Seat(m[1]), " is to act."]),
    (r"nobody is to act", lambda m, s, c: ["Nobody is to act."]),
    (rf"seat {N} may play {Q}", lambda m, s, c: [*Seat(m[1]), " may play only ", cards(m[2]), "."]),
    (rf"seat {N} may not pass", lambda m, s, c: [*Seat(m[1]), " may not pass."]),
    (rf"seat {N} may pass", lambda m, s, c: [*Seat(m[1]), " may pass."]),
    (rf"seat {N} may call {Q}", lambda m, s, c: [*Seat(m[1]), " may call ", *_calls(m[2]), "."]),
    (rf'seat {N} may cut "(\d+)-(\d+)"', lambda m, s, c: [*Seat(m[1]), " may cut from ", m[2], " to ", m[3], " cards."]),
    (rf"seat {N} may cut {Q}", lambda m, s, c: [*Seat(m[1]), " may cut ", value(m[2]), " cards."]),
    (r"the hands are:", lambda m, s, c: ["The hands are now:"]),
    (rf"seat {N} holds {Q}", lambda m, s, c: [*Seat(m[1]), " holds ", cards(m[2]), "."]),
    (rf"the soloist is seat {N} with a call of Nap", lambda m, s, c: [*Seat(m[1]), " is the soloist, with a call of Nap."]),
    (rf"the soloist is seat {N} with a call of {N}", lambda m, s, c: [*Seat(m[1]), " is the soloist, with a call of ", value(m[2]), "."]),
    (r"there is no soloist", lambda m, s, c: ["There is no soloist."]),
    (rf"trumps are {Q}", lambda m, s, c: ["Trumps are ", suit(m[1]), "."]),
    (rf"trick {N} is won by seat {N}", lambda m, s, c: ["Trick ", value(m[1]), " is won by ", *seat(m[2]), "."]),
    (rf"{N} tricks have been played", lambda m, s, c: [*_capital(plural(m[1], "trick has", "tricks have")), " been played."]),
    (rf"seat {N} has won {N} tricks", lambda m, s, c: [*Seat(m[1]), " has won ", *plural(m[2], "trick", "tricks"), "."]),
    (rf"the winning card of trick {N} is face (up|down|<[^<>]+>)", lambda m, s, c: ["The winning card of trick ", value(m[1]), " lies face ", value(m[2]), "."]),
    (r"every card played is face up", lambda m, s, c: ["Every card played lies face up."]),
    (rf"the outcome is {Q}", lambda m, s, c: ["Outcome: ", *described(m[1], OUTCOMES), "."]),
    (rf"the payments are {Q}", lambda m, s, c: _payments(m[1])),
    (rf"the next dealer is seat {N}", lambda m, s, c: ["The next dealer is ", *seat(m[1]), "."]),
    (rf"the first dealer is seat {N}", lambda m, s, c: ["The first dealer is ", *seat(m[1]), "."]),
    (rf"the offences are {Q}", lambda m, s, c: _offences(m[1])),
    (rf"seat {N} is told the call {N} and {N} tricks made", lambda m, s, c: [*Seat(m[1]), " is told that the call is ", value(m[2]), " and that ", *plural(m[3], "trick has", "tricks have"), " been made."]),
]
COMPILED = [(re.compile(f"^{pattern}$"), render) for pattern, render in PATTERNS]


def _capital(items: list[NodeLike]) -> list[NodeLike]:
    if items and isinstance(items[0], str):
        return [items[0][:1].upper() + items[0][1:], *items[1:]]
    return items


def known(text: str) -> bool:
    """Whether a step's text is one of the vocabulary's sentences."""
    return any(regex.match(text) for regex, _ in COMPILED)


def sentence(step: Step, context: Context) -> list[nodes.Node]:
    """A step as a sentence, followed by its data table drawn (hands or tricks)."""
    for regex, render in COMPILED:
        match = regex.match(step.text)
        if match:
            items = render(match, step, context)
            break
    else:
        items = [step.text[:1].upper() + step.text[1:] + "."]
    out: list[nodes.Node] = [para(*items, classes=["nap-step"])]
    if step.table:
        header = step.table[0]
        if "leader" in header:
            out.append(tricks_table(step.table))
        elif "seat" in header and "cards" in header:
            out.append(hands_table(step.table, context))
        else:
            out.append(table(list(header), [list(row) for row in step.table[1:]], classes=["nap-data"]))
    return out


__all__ = ["Context", "known", "sentence"]
