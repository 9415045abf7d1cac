"""The findings of the sources' claims as the book prints them (:func:`printed_finding`).

A finding's sentence is written by the analysis that judged it, for the site and the record:
it names the games by their profiles' ids ("under hoyle+wellington"), a value by its option's
and its own ids ("nap-stakes win-12-lose-6"), a hand's payments as the list of every seat's
("payments [-10, 30, -10, -10]"), the cards by their codes ("AS JS TS") and a chance by its
exact fraction however long. The book tells the same in a reader's words:

- the games by their titles, with the variants by name;
- the hands of a worked example in sentences, from the evidence itself: the call, made or lost,
  what the soloist receives from or pays to each other player and in all, under the values
  the hand was played with, by their titles and in words;
- the cards as cards; a chance whose fraction no reader reads as its decimal alone, or as the
  odds it is; a count in figures with its thousands marked;
- the lab's names of its hands and its ways of play in words (:mod:`.claims_words`), a seat by
  its place at the table (the lab deals from seat 0), each sentence begun with a capital;
- the register's ids it names linked, as in the rest of the book's text (the book then prints
  the place's number).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Protocol

from napspec.spec.claims import Finding, Reading
from napspec.spec.register import Register
from napspec.suite.vocabulary import Context

from .book_deals import SEAT, seat_name
from .claims_words import game_name, lab_names_in_words
from .printed import in_words
from .render import CARD, NodeLike, cards
from .text import proper_names

#: A run of card codes: "AS JS TS".
CARD_RUN = re.compile(r"\b[AKQJT2-9][SHDC](?: [AKQJT2-9][SHDC])*\b")
#: An exact chance with its decimal, or with the odds it is: "5096879020/5178066751 (0.984)",
#: "1/649740 (about one in 649,740)".
FRACTION_AND_DECIMAL = re.compile(r"\b(\d+)/(\d+) \((\d\.\d+|about one in [\d,]+)\)")
#: The largest denominator a chance is shown with as a fraction: beyond it, only its decimal (the
#: claims' tables, :func:`.claims.chance`, show it so in every edition).
FRACTION_SHOWN_UP_TO = 10_000


class Linker(Protocol):
    """What links the register's ids in a text (:meth:`.directives.NapDirective.linked_ids`)."""

    def linked_ids(self, text: str) -> list[NodeLike]: ...


def games_named(register: Register, text: str) -> str:
    """The games a finding names by their ids ("hoyle+misery", "hoyle purchase", "peel")
    named by their titles.

    >>> from napspec import spec
    >>> register = spec.load()
    >>> games_named(register, "under hoyle+misery at 4; hoyle plain at 3 a stake")
    'under Hoyle (1909) with Misery at 4; Hoyle (1909) without a variant at 3 a stake'
    >>> games_named(register, "wikipedia purchase at 1 a stake; under peel: a call of 4")
    'Wikipedia (modern) with Purchase (Ecarté) Nap at 1 a stake; under Peel (1891): a call of 4'
    """
    variants = sorted({v for p in register.profiles.values() for v in p.variants}, key=len, reverse=True)
    alternatives = "|".join(re.escape(v) for v in variants)
    pattern = re.compile(
        rf"\b(?P<profile>{'|'.join(re.escape(p) for p in register.profiles)})"
        rf"(?P<with>(?:\+(?:{alternatives}))*)(?: (?P<plain>plain)\b| (?P<variant>{alternatives})\b)?(?![\w-])"
    )

    def named(match: re.Match[str]) -> str:
        chosen = [v for v in match["with"].split("+") if v]
        if match["variant"]:
            chosen.append(match["variant"])
        return game_name(register, match["profile"], chosen, plain=bool(match["plain"]))

    return pattern.sub(named, text)


def chances_read(text: str) -> str:
    """An exact chance with a fraction too long to read printed as its decimal alone, or as the
    odds it is said to be.

    >>> chances_read("with 19621/22231 (0.883), AKQ: 5096879020/5178066751 (0.984); 15/52 (0.288)")
    'with 0.883, AKQ: 0.984; 15/52 (0.288)'
    >>> chances_read("a chance of 1/649740 (about one in 649,740), below 1/100")
    'a chance of about one in 649,740, below 1/100'
    """

    def read(match: re.Match[str]) -> str:
        if Fraction(int(match[1]), int(match[2])).denominator <= FRACTION_SHOWN_UP_TO:
            return match[0]
        return match[3]

    return FRACTION_AND_DECIMAL.sub(read, text)


def one_in(value: Fraction) -> str:
    """A small chance as the odds a reader reads: "one in 649,740".

    >>> one_in(Fraction(1, 649740)), one_in(Fraction(3, 7)), one_in(Fraction(2, 649741))
    ('one in 649,740', '3/7', 'about one in 324,870')
    """
    if value.denominator <= FRACTION_SHOWN_UP_TO or not value:
        return str(value)
    if value.numerator == 1:
        return f"one in {value.denominator:,}"
    return f"about one in {round(1 / value):,}"


def carded(text: str) -> list[NodeLike]:
    """A text whose runs of card codes ("AS KS QS") are drawn as cards.

    >>> [str(piece) if isinstance(piece, str) else piece.astext() for piece in carded("sure of them: AS TS")]
    ['sure of them: ', 'A♠ 10♠']
    """
    out: list[NodeLike] = []
    position = 0
    for match in CARD_RUN.finditer(text):
        if not all(CARD.match(code) for code in match[0].split()):
            continue
        out += [text[position : match.start()], cards(match[0])]
        position = match.end()
    out.append(text[position:])
    return [piece for piece in out if not isinstance(piece, str) or piece]


def call_name(register: Register, call: str) -> str:
    """A call of a worked example as a sentence names it.

    >>> from napspec import spec
    >>> register = spec.load()
    >>> [call_name(register, c) for c in ("3", "nap", "misery", "wellington")]
    ['a call of three', 'a Nap', 'a Misery', 'a Wellington']
    """
    if call.isdigit():
        return f"a call of {in_words(int(call))}"
    if call in register.options:
        return f"a {register.options[call].title}"
    return f"a {call.replace('-', ' ').capitalize()}"


def values_named(register: Register, options: Mapping[str, str]) -> str:
    """The values a hand is played with, by their points' titles and in words.

    >>> from napspec import spec
    >>> values_named(spec.load(), {"nap-stakes": "win-12-lose-6", "wellington": "double-nap-stakes"})
    'what a Nap wins and loses “wins 12, loses 6” and Wellington “played at double the Nap stakes”'
    """
    names = proper_names(register)
    said = []
    for option_id, value in options.items():
        option = register.options[option_id]
        title = option.title
        if not option.is_variant and title.split()[0] not in names:
            title = title[:1].lower() + title[1:]
        said.append(f"{title} “{option.phrase(value)}”")
    return " and ".join(said)


def settled(hand: Mapping[str, Any]) -> str:
    """What a hand's soloist receives or pays, from each other player and in all.

    >>> settled({"soloist": 1, "outcome": "made", "payments": [-10, 30, -10, -10]})
    'receives 10 from each other player, 30 in all'
    >>> settled({"soloist": 2, "outcome": "defeated", "payments": [12, 12, -36, 12]})
    'pays 12 to each other player, 36 in all'
    """
    payments = [int(amount) for amount in hand["payments"]]
    soloist = int(hand["soloist"])
    others = {abs(amount) for seat, amount in enumerate(payments) if seat != soloist}
    total = payments[soloist]
    if len(others) == 1:
        each = others.pop()
        if total >= 0:
            return f"receives {each} from each other player, {total} in all"
        return f"pays {each} to each other player, {-total} in all"
    table = Context(dealer="0", players=str(len(payments)))  # the lab's hands are dealt from seat 0
    shares = ", ".join(
        f"{seat_name(seat, table)} {amount:+d}" for seat, amount in enumerate(payments) if seat != soloist
    )
    return f"{'receives' if total >= 0 else 'pays'} {abs(total)} in all ({shares})"


def payments_sentence(register: Register, reading: Reading, evidence: Mapping[str, Any]) -> str:
    """A worked example's hands in sentences (see the module)."""
    given = reading.given
    game = game_name(register, str(given["profile"]), [str(v) for v in given.get("variants", ())])
    hands = list(evidence.get("hands", ()))
    told = []
    for hand in hands:
        outcome = "made" if hand["outcome"] == "made" else "lost"
        options = hand.get("options") or {}
        played = f" (with {values_named(register, options)})" if options else ""
        told.append(f"{call_name(register, str(hand['call']))} {outcome}{played} {settled(hand)}")
    players = in_words(int(given["players"]))
    return f"played out under {game} at {players} players: " + "; ".join(told)


def in_figures(text: str) -> str:
    """Counts of four figures or more with their thousands marked, as the rest of the book
    prints them ("2,000 deals", not "2000 deals"); fractions and decimals as they are.

    >>> in_figures("of 4831 deals (n = 20000), 0.4363, 1/649740, 36,000")
    'of 4,831 deals (n = 20,000), 0.4363, 1/649740, 36,000'
    """
    return re.sub(r"(?<![\d.,/])(\d{4,})(?![\d.,/])", lambda m: f"{int(m[1]):,}", text)


def sentences_begun(text: str) -> str:
    """A capital after each full stop that ends a sentence of a finding, which the analysis joins
    in lower case ("(2,000 deals). the dealer's winnings").

    >>> sentences_begun("narrower (2,000 deals). the dealer's winnings; wider than that. at 3 players, p. 144.")
    "narrower (2,000 deals). The dealer's winnings; wider than that. At 3 players, p. 144."
    """
    return re.sub(r"(?<=[a-z)]\.) ([a-z])", lambda m: " " + m[1].upper(), text)


def printed_finding(linker: Linker, register: Register, reading: Reading, finding: Finding) -> list[NodeLike]:
    """A finding's sentence in the book's words (see the module)."""
    summary = in_figures(chances_read(finding.summary))
    if reading.check == "hand-payments":
        _said, differs, wrong = summary.partition("; the text differs: ")
        summary = payments_sentence(register, reading, finding.evidence) + (differs + wrong if differs else "")
    summary = lab_names_in_words(summary)
    table = Context(dealer="0", players="10")  # the lab's hands are dealt from seat 0
    summary = SEAT.sub(lambda m: seat_name(int(m[2]), table), summary)
    summary = sentences_begun(games_named(register, summary))
    out: list[NodeLike] = []
    for piece in carded(summary + ("" if summary.rstrip().endswith(".") else ".")):
        out += linker.linked_ids(piece) if isinstance(piece, str) else [piece]
    return out


__all__ = [
    "FRACTION_SHOWN_UP_TO",
    "chances_read",
    "game_name",
    "games_named",
    "payments_sentence",
    "printed_finding",
    "values_named",
]
