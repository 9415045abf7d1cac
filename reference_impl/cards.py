"""Cards as small integers, and their text form.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank``. Suits are in the order ``"CDHS"``
(clubs, diamonds, hearts, spades); ranks run from 0 (the two) to 12 (the ace), so within a
suit a higher number is a higher card, as at whist ("ace highest and deuce lowest",
Hoyle p. 99). Integers keep the engine's hot path cheap: a suit is ``card // 13`` and two
cards of one suit compare as integers.

The text form is rank then suit: ``"AS"`` (ace of spades), ``"TD"`` (ten of diamonds; ``"10D"``
is read too), ``"2C"``. Reading is case-insensitive.

>>> parse_card("AS")
51
>>> format_card(0), format_card(51), format_card(parse_card("10d"))
('2C', 'AS', 'TD')
>>> format_cards(parse_cards("AS KS QS"))
'AS KS QS'
>>> suit_of(parse_card("QH")) == SUITS.index("H")
True
>>> parse_card("1S")
Traceback (most recent call last):
...
napspec.reference.errors.CardError: '1S' is not a card: the rank must be one of 23456789TJQKA (or 10)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import starmap as _starmap

from napspec.reference.errors import CardError

SUITS = "CDHS"
"""Suit letters in suit order: clubs, diamonds, hearts, spades."""

RANKS = "23456789TJQKA"
"""Rank letters from the two (rank 0) to the ace (rank 12)."""

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "knave", "queen", "king", "ace",
)  # fmt: skip

JACK = RANKS.index("J")
"""The rank of the knave (jack): Peel's first dealer is the player the first knave falls to."""

ACE = RANKS.index("A")

PACK_SIZE = 52
FULL_PACK: tuple[int, ...] = tuple(range(PACK_SIZE))
"""The full pack in card order (two of clubs first, ace of spades last)."""

_NO_ARGS = ((),) * PACK_SIZE  # one empty argument list per card, for shuffled_pack

#: The text form of each card by its number (``CARD_TEXT[51] == 'AS'``): what
#: :func:`format_card` gives, for callers whose cards are the engine's own.
CARD_TEXT: tuple[str, ...] = tuple(RANKS[card % 13] + SUITS[card // 13] for card in FULL_PACK)


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = two .. 12 = ace) and ``suit`` (0..3 in ``"CDHS"`` order).

    >>> format_card(card(12, 3))
    'AS'
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"no card has rank {rank} and suit {suit}")
    return suit * 13 + rank


def suit_of(card: int) -> int:
    """The suit of a card (0..3, in ``"CDHS"`` order)."""
    return card // 13


def rank_of(card: int) -> int:
    """The rank of a card (0 = two .. 12 = ace)."""
    return card % 13


def parse_card(text: str) -> int:
    """The card named by ``text`` (``"AS"``, ``"td"``, ``"10D"``); :class:`CardError` otherwise.

    >>> parse_card("2C"), parse_card("ah")
    (0, 38)
    """
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card: card text must be a string such as 'AS'")
    cleaned = text.strip().upper()
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2:
        raise CardError(f"{text!r} is not a card: write rank then suit, e.g. 'AS', 'TD', '2C'")
    rank = RANKS.find(cleaned[0])
    suit = SUITS.find(cleaned[1])
    if rank < 0:
        raise CardError(f"{text!r} is not a card: the rank must be one of {RANKS} (or 10)")
    if suit < 0:
        raise CardError(f"{text!r} is not a card: the suit must be one of {SUITS}")
    return suit * 13 + rank


def parse_cards(text: str) -> tuple[int, ...]:
    """The cards named in ``text``, separated by spaces or commas.

    >>> parse_cards("AS, KS QS")
    (51, 50, 49)
    >>> parse_cards("")
    ()
    """
    return tuple(parse_card(word) for word in text.replace(",", " ").split())


def format_card(card: int) -> str:
    """The text form of a card, e.g. ``'AS'``; :class:`CardError` for a non-card.

    >>> format_card(8)
    'TC'
    """
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < PACK_SIZE:
        raise CardError(f"{card!r} is not a card: cards are the integers 0 to 51")
    return CARD_TEXT[card]


def format_cards(cards: Iterable[int]) -> str:
    """The text form of several cards, separated by spaces."""
    return " ".join(format_card(c) for c in cards)


def card_name(card: int) -> str:
    """The card in words, e.g. ``'knave of hearts'``.

    >>> card_name(parse_card("JH"))
    'knave of hearts'
    """
    format_card(card)  # validates
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def format_suit(suit: int) -> str:
    """The letter of a suit (``0 -> 'C'``)."""
    if not 0 <= suit < 4:
        raise CardError(f"{suit!r} is not a suit: suits are 0 to 3 ({SUITS})")
    return SUITS[suit]


def shuffled_pack(rng: random.Random) -> list[int]:
    """A uniformly shuffled full pack drawn from ``rng`` (never the global random state).

    The pack is sorted by 52 random keys rather than by :meth:`random.Random.shuffle`: both
    give every order with equal probability (ties among 53-bit floats aside), and sorting by
    keys is about twice as quick in CPython, which matters to the benchmark.

    >>> a = shuffled_pack(random.Random(7)); b = shuffled_pack(random.Random(7))
    >>> a == b and sorted(a) == list(FULL_PACK)
    True
    """
    # starmap calls rng.random 52 times from C, without a Python loop: the same keys, in the
    # same order, as [rng.random() for _ in FULL_PACK], in about half the time.
    keys = list(_starmap(rng.random, _NO_ARGS))
    return sorted(FULL_PACK, key=keys.__getitem__)


@cache
def short_pack(size: int) -> tuple[int, ...]:
    """The pack of ``size`` cards made of whole ranks from the ace down, the same in every
    suit (interpretation short-pack-lowest-cards-out), in card order; ``size`` 52 is the
    full pack. :class:`CardError` unless ``size`` is a whole number of ranks of four suits.

    >>> format_cards(short_pack(28)[:7]), len(short_pack(36)), short_pack(52) == FULL_PACK
    ('8C 9C TC JC QC KC AC', 36, True)
    """
    ranks, odd = divmod(size, len(SUITS))
    if odd or not 0 < ranks <= len(RANKS):
        raise CardError(f"no pack of whole ranks has {size} cards")
    lowest = len(RANKS) - ranks
    return tuple(c for c in FULL_PACK if c % 13 >= lowest)


def shuffled(cards: Sequence[int], rng: random.Random) -> list[int]:
    """``cards`` uniformly shuffled by ``rng``, as :func:`shuffled_pack` shuffles the full pack.

    >>> sorted(shuffled(short_pack(28), random.Random(1))) == list(short_pack(28))
    True
    """
    keys = [rng.random() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


def pack_faults(pack: Sequence[int], whole: Sequence[int] = FULL_PACK) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards of ``whole`` (the pack in play, the full pack unless a shortened one) missing
    from ``pack``, and the cards ``pack`` holds more than once or has that ``whole`` has not
    (each sorted).

    >>> pack_faults(list(range(51)) + [0])
    ((51,), (0,))
    >>> pack_faults(short_pack(28)[1:] + (0,), short_pack(28))
    ((6,), (0,))
    """
    seen: set[int] = set()
    duplicated: set[int] = set()
    for c in pack:
        if c in seen:
            duplicated.add(c)
        seen.add(c)
    duplicated |= seen - set(whole)
    return tuple(sorted(set(whole) - seen)), tuple(sorted(duplicated))


def check_card(value: object) -> int:
    """``value`` if it is a card (an ``int`` 0..51, not a ``bool``); :class:`CardError` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PACK_SIZE:
        raise CardError(f"{value!r} is not a card: cards are the integers 0 to 51")
    return value


__all__ = [
    "ACE",
    "FULL_PACK",
    "JACK",
    "PACK_SIZE",
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_NAMES",
    "card",
    "card_name",
    "check_card",
    "format_card",
    "format_cards",
    "format_suit",
    "pack_faults",
    "parse_card",
    "parse_cards",
    "rank_of",
    "short_pack",
    "shuffled",
    "shuffled_pack",
    "suit_of",
]
