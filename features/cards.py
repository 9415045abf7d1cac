"""Cards as the protocol writes them: two characters, rank then suit (``"AS"``, ``"TD"``,
``"2C"``); ranks ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``; suits ``C``, ``D``, ``H``,
``S``.

>>> parse_cards("AS td 10h, 2c")
['AS', 'TD', 'TH', '2C']
>>> sort_cards(["AS", "2C", "KH", "3C"])
['2C', '3C', 'KH', 'AS']
>>> len(canonical_pack()), canonical_pack()[:3]
(52, ['2C', '3C', '4C'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class CardError(ValueError):
    """Text that is not a card."""


RANKS = "23456789TJQKA"
SUITS = "CDHS"

#: The 52 cards in canonical order: by suit (C, D, H, S), then rank (2 .. A).
PACK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)


@dataclass(frozen=True, order=True)
class Card:
    """A card; ordered by suit then rank, as :data:`PACK` is."""

    suit_index: int
    rank_index: int

    @property
    def rank(self) -> str:
        return RANKS[self.rank_index]

    @property
    def suit(self) -> str:
        return SUITS[self.suit_index]

    def __str__(self) -> str:
        return self.rank + self.suit


def parse_card(text: str) -> Card:
    """The card written ``text``: rank then suit, case-insensitive, ``10`` for ``T``.

    >>> parse_card("10h"), str(parse_card("qs"))
    (Card(suit_index=2, rank_index=8), 'QS')
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    napspec.suite.cards.CardError: not a card: '1S' (rank 2-9, T, J, Q, K or A, then suit C, D, H or S)
    """
    written = text.strip().upper()
    if written.startswith("10"):
        written = "T" + written[2:]
    if len(written) != 2 or written[0] not in RANKS or written[1] not in SUITS:
        raise CardError(f"not a card: {text!r} (rank 2-9, T, J, Q, K or A, then suit C, D, H or S)")
    return Card(SUITS.index(written[1]), RANKS.index(written[0]))


def format_card(card: Card | str) -> str:
    """The protocol's spelling of a card (``"AS"``), from a :class:`Card` or any spelling
    :func:`parse_card` reads."""
    return str(card if isinstance(card, Card) else parse_card(card))


def parse_cards(written: str | Iterable[str | Card]) -> list[str]:
    """Cards in the protocol's spelling, from a string separated by spaces or commas
    (``"AS KS, QS"``) or from an iterable of spellings or :class:`Card` s; order kept."""
    items: Iterable[str | Card] = written.replace(",", " ").split() if isinstance(written, str) else written
    return [format_card(item) for item in items]


def sort_cards(items: Iterable[str]) -> list[str]:
    """Cards in canonical order: by suit (C, D, H, S), then rank (2 .. A)."""
    return [str(card) for card in sorted(parse_card(item) for item in items)]


def canonical_pack() -> list[str]:
    """A fresh list of the 52 cards in canonical order (:data:`PACK`)."""
    return list(PACK)
