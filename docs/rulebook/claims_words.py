"""The names the claims' simulations give their hands, their players' ways of play, the seats
and their samples, in a reader's words.

The register's simulated readings name the kinds of hand they deal (``four-honour-and-AKQ``)
and the ways of play they compare (``{ defence-leads = "plain" }``) by the names the lab gives
them, and the evidence keeps those names in its figures. The claims chapter shows each in words
(:func:`hand_words`, :func:`style_words`), as the reading's own statement describes it; a name
with no words here is a slip, which the tests catch (every name the claims file gives has its
words) and the build reports.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from napspec.spec.register import Register

from .printed import in_words
from .text import variant_name

#: The kinds of hand a simulated reading deals, in words (the lab's ``hand_of_class``).
HANDS = {
    "four-honour-and-AKQ": "four of a suit headed by an honour, with the ace, king or queen of another",
    "three-suits-aces-kings": "three of a suit, the two side cards aces or kings",
    "three-suits-lower": "three of a suit, a side card below the king",
    "four-suits-aces-kings": "two of a suit and one of each other, the side cards aces or kings",
    "four-suits-lower": "two of a suit and one of each other, a side card below the king",
    "flush-ace-or-king": "five of a suit headed by the ace or king",
    "four-ace-or-king-and-high": "four of a suit headed by the ace or king, with the ace or king of another",
    "three-high-two-high": "three of the five highest cards of a suit and two of another",
    "nine-high": "five cards none above the nine",
    "nine-high-with-a-single": "five cards none above the nine, one of them alone in its suit",
}
#: The ways of play a simulated reading compares, by what they settle and how, in words.
STYLES = {
    (
        "defence-leads",
        "trumps-when-one-short",
    ): "defenders leading trumps when he needs one trick more, else plain suits",
    ("defence-leads", "plain"): "defenders never leading trumps",
    ("defence-leads", "trumps"): "defenders always leading trumps",
    ("throws", "shortest-weakest"): "defenders throwing from their shortest and weakest suit",
    ("throws", "lowest"): "defenders throwing their lowest card",
    ("throws", "save-peeped-suit"): "defenders keeping a card that beats the peep card",
    ("first-round", "head"): "defenders heading his first lead",
    ("first-round", "pass"): "defenders passing his first lead",
    ("first-round", "head-but-ace-small"): "defenders heading his first lead but with the ace and a small one",
    ("misery-leads", "single-suit"): "leading his single card",
    ("misery-leads", "lowest"): "leading his lowest card",
    ("misery-throws", "highest-of-shortest"): "throwing the highest card of his shortest suit",
    ("misery-throws", "highest"): "throwing his highest card",
}
#: The seats of a table as the evidence names them, by their places, in the order they call.
SEATS = {
    "eldest": "eldest hand",
    "second from the dealer's left": "second hand",
    "third from the dealer's left": "third hand",
    "fourth from the dealer's left": "fourth hand",
    "fifth from the dealer's left": "fifth hand",
    "dealer": "dealer",
}
#: The samples a reading draws under names that tell a reader nothing the reading does not say
#: (its one sample, its deals played each way it compares): shown by their figures alone.
SAMPLES = {"paired": "", "bold": "", "deals": "", "weak hands": ""}
#: The ranks of a holding written as letters ("AKT"), the ten as ``T``.
_RANK_LETTERS = re.compile(r"\b(?=[AKQJT]{2,4}\b)([AKQJ]*)T([AKQJ]*)\b")
#: A highest card by its letter: "T-high".
_HIGH = re.compile(r"\b([AKQJT])-high\b")
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "ten"}


def hand_words(name: str) -> str:
    """A kind of hand in words.

    >>> hand_words("flush-ace-or-king")
    'five of a suit headed by the ace or king'
    """
    return HANDS[name]


def style_words(style: Mapping[str, str]) -> str:
    """A way of play in words.

    >>> style_words({"first-round": "pass"})
    'defenders passing his first lead'
    """
    return "; ".join(STYLES[(key, value)] for key, value in style.items())


def seat_words(name: str) -> str:
    """A seat of the evidence by its place: "second hand" for "second from the dealer's left".

    >>> seat_words("second from the dealer's left"), seat_words("eldest")
    ('second hand', 'eldest hand')
    """
    return SEATS.get(name, name)


def seat_order(names: list[str]) -> list[str]:
    """The seats in the order they call: the eldest hand first, the dealer last.

    >>> seat_order(["third from the dealer's left", "dealer", "eldest", "second from the dealer's left"])
    ['eldest', "second from the dealer's left", "third from the dealer's left", 'dealer']
    """
    order = list(SEATS)
    return sorted(names, key=lambda name: order.index(name) if name in order else len(order))


def sample_words(name: str) -> str:
    """A sample by what it holds.

    >>> sample_words("three-suits-lower"), sample_words("4 players"), sample_words("paired")
    ('three of a suit, a side card below the king', '4 players', '')
    """
    if name in HANDS:
        return HANDS[name]
    return SAMPLES.get(name, name)


def call_words(call: str) -> str:
    """A call of a worked example, as a table of calls names it.

    >>> [call_words(c) for c in ("3", "nap", "misery", "sir-garnet")]
    ['three', 'Nap', 'Misery', 'Sir Garnet']
    """
    if call.isdigit():
        return in_words(int(call))
    return " ".join(word.capitalize() for word in call.split("-"))


def game_name(register: Register, profile: str, variants: Sequence[str] = (), plain: bool = False) -> str:
    """A game as the book names it: its profile's title, with its variants by name.

    >>> from napspec import spec
    >>> register = spec.load()
    >>> game_name(register, "hoyle", ["purchase"]), game_name(register, "peel", plain=True)
    ('Hoyle (1909) with Purchase (Ecarté) Nap', 'Peel (1891) without a variant')
    """
    title = register.profiles[profile].title
    if variants:
        names = [variant_name(register, variant) for variant in variants]
        return f"{title} with {' and '.join(names)}"
    return f"{title} without a variant" if plain else title


def game_words(register: Register, game: Mapping[str, object]) -> str:
    """A game a reading compares, and its stake: its profile's title, with its variants by name.

    >>> from napspec import spec
    >>> game_words(spec.load(), {"profile": "hoyle", "variants": ["purchase"], "stake": 1})
    'Hoyle (1909) with Purchase (Ecarté) Nap, at 1 a stake'
    >>> game_words(spec.load(), {"profile": "hoyle", "stake": 3})
    'Hoyle (1909), ordinary Nap, at 3 a stake'
    """
    variants = [str(v) for v in game.get("variants", ()) or ()]  # type: ignore[attr-defined]
    name = game_name(register, str(game["profile"]), variants)
    return f"{name}{'' if variants else ', ordinary Nap'}, at {game['stake']} a stake"


def lab_names_in_words(text: str) -> str:
    """The lab's names in a text of the evidence (a finding's sentence, the name of an interval)
    put in words: the kinds of hand, the ways of play ("defence-leads plain"), the ten of a
    holding written as a letter.

    >>> print(lab_names_in_words("the chance of four-suits-lower 0.012; against defence-leads plain he wins"))
    ... # doctest: +NORMALIZE_WHITESPACE
    the chance of two of a suit and one of each other, a side card below the king: 0.012;
    against defenders never leading trumps he wins
    >>> lab_names_in_words("AKT: 0, KQT: 0; T-high 0.326; playing misery-leads lowest he wins")
    'AK10: 0, KQ10: 0; ten-high 0.326; leading his lowest card, he wins'
    """
    for name in sorted(HANDS, key=len, reverse=True):
        # a figure after the hand's words is set off from them: "…of another: 0.491"
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?= [-+]?\d)", HANDS[name] + ":", text)
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", HANDS[name], text)
    for (key, value), words in sorted(STYLES.items(), key=lambda item: -len(item[0][1])):
        said = rf"{re.escape(key)} {re.escape(value)}(?![\w-])"
        text = re.sub(rf"\bplaying {said} he\b", f"{words}, he", text)
        text = re.sub(rf"(?<![\w-]){said}", words, text)
    text = _HIGH.sub(lambda m: f"{RANK_WORDS[m[1]]}-high", text)
    return _RANK_LETTERS.sub(lambda m: f"{m[1]}10{m[2]}", text)


__all__ = [
    "HANDS",
    "SAMPLES",
    "SEATS",
    "STYLES",
    "call_words",
    "game_name",
    "game_words",
    "hand_words",
    "lab_names_in_words",
    "sample_words",
    "seat_order",
    "seat_words",
    "style_words",
]
