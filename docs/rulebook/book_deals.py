"""A scenario's deal as the book tells it (:func:`told`, :func:`told_table`).

The suite says its steps for the record: the players by their seats' numbers, counted from
nought ("Seat 2 calls 3"), a refused action as "The action is rejected: …", and the numbers
of a call in figures. A book tells a deal by where the players sit and in the words of the
table:

- the players by their places: the dealer, the eldest hand on his left, then the second hand,
  the third and so on round to the left (:func:`seat_name`), in the sentences and in the tables
  of the hands and the tricks;
- a refused action as the player's not being allowed it ("He may not: it is not his turn.");
- a call's number of tricks in words ("calls three", "a call of two"), and the tricks by their
  order ("the second trick");
- the table as the number of players who sit at it, the dealer being its dealer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docutils import nodes
from sphinx import addnodes

from napspec.suite.vocabulary import Context

from .editions import NUMBER_APART
from .printed import in_words

#: The players after the dealer, in their order round to the left.
PLACES = ("eldest", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
#: A seat named by its number, as the suite names it.
SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def seat_name(seat: int, context: Context, article: bool = True) -> str:
    """The player in ``seat`` named by his place at the table: "the dealer", "the eldest hand"
    (on the dealer's left), "the second hand" and so on round to the left; where no dealer is
    known yet, by the order the players sit in.

    >>> table = Context(dealer="2", players="4")
    >>> [seat_name(seat, table) for seat in range(4)]
    ['the second hand', 'the third hand', 'the dealer', 'the eldest hand']
    >>> seat_name(3, table, article=False), seat_name(0, Context())
    ('Eldest hand', 'the first player')
    """
    if context.dealer is None or context.players is None:
        name = f"the {ORDER[seat]} player" if seat < len(ORDER) else f"the player {seat + 1}"
    else:
        place = (seat - int(context.dealer)) % int(context.players)
        name = "the dealer" if place == 0 else f"the {PLACES[place - 1]} hand"
    return name if article else name.removeprefix("the ").capitalize()


#: The order the players sit in, where no dealer is known.
ORDER = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def told_text(text: str, context: Context) -> str:
    """A sentence of the suite's as the book tells it (see the module).

    >>> table = Context(dealer="0", players="3")
    >>> print(told_text("3 players sit at the table; seat 0 deals. Seat 1 calls 2. The action is rejected: "
    ...                 "it is not that player's turn. Seat 2 may call only 4 or Nap. Seat 0 cuts 4 cards.", table))
    ... # doctest: +NORMALIZE_WHITESPACE
    Three players sit at the table. The eldest hand calls two. He may not: it is not his turn.
    The second hand may call only four or Nap. The dealer cuts four cards.
    >>> print(told_text("Settlement, in stakes: seat 0 pays 1; seat 1 receives 2. "
    ...                 "The seats that have peeped, in order: 1 2.", table))  # doctest: +NORMALIZE_WHITESPACE
    Settlement, in stakes: the dealer pays 1; the eldest hand receives 2.
    The players who have peeped, in order: the eldest hand and the second hand.
    >>> told_text("2 tricks have been played. Trick 2 is won by seat 0. The next dealer is seat 0.", table)
    'Two tricks have been played. The second trick is won by the dealer. The dealer deals again.'
    """
    text = re.sub(
        r"\b(\d+) players sit at the table; seat \d+ deals\.",
        lambda m: f"{_capital(in_words(int(m[1])))} players sit at the table.",
        text,
    )
    text = re.sub(
        r"The seats that have peeped, in order: ([\d ]+)\.",
        lambda m: (
            "The players who have peeped, in order: "
            + _listed([seat_name(int(seat), context) for seat in m[1].split()])
            + "."
        ),
        text,
    )
    text = text.replace("The action is rejected: ", "He may not: ").replace(
        "it is not that player's turn", "it is not his turn"
    )
    text = text.replace("may call no call at all", "may make no call at all")
    text = SEAT.sub(lambda m: _cased(seat_name(int(m[2]), context), m[1]), text)
    text = text.replace("The next dealer is the dealer.", "The dealer deals again.")
    text = re.sub(
        r"\b([Tt])rick (\d+)\b", lambda m: f"{'T' if m[1] == 'T' else 't'}he {ORDER[int(m[2]) - 1]} trick", text
    )
    text = re.sub(
        r"(?:(?<=^)|(?<=\. ))(\d+) (tricks? ha(?:s|ve) been (?:played|made))",
        lambda m: f"{_capital(in_words(int(m[1])))} {m[2]}",
        text,
    )
    text = re.sub(r"\bmay call only [^.;]*", lambda m: _FIGURE.sub(_worded, m[0]), text)
    return _COUNTED.sub(lambda m: m[1] + _FIGURE.sub(_worded, m[2]), text)


#: A number in figures; the places where the book gives one in words (a call, the cards cut or
#: bought, the tricks won).
_FIGURE = re.compile(r"\b\d+\b")
_COUNTED = re.compile(
    r"\b(calls |a call of |cuts |cut from |buys |has won )(\d+(?: to \d+)?)(?= cards?| fresh| tricks?|\b)"
)


def _worded(number: re.Match[str]) -> str:
    return in_words(int(number[0]))


def _cased(name: str, initial: str) -> str:
    return _capital(name) if initial.isupper() else name


def _listed(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def told(children: Sequence[nodes.Node], context: Context) -> list[nodes.Node]:
    """A sentence's nodes as the book tells them: its words (:func:`told_text`), its cards and
    links as they are."""
    out: list[nodes.Node] = []
    words: list[str] = []

    def flush() -> None:
        if words:
            out.append(nodes.Text(told_text("".join(words), context)))
            words.clear()

    for child in children:
        if isinstance(child, nodes.Text):
            words.append(str(child))
            continue
        flush()
        if isinstance(child, addnodes.pending_xref) and child.get("reftype") == "optvalue":
            # a value set for the deal is quoted: its number would stand inside the quotation marks
            for inner in child.findall(nodes.inline):
                inner["classes"].append(NUMBER_APART)
        out.append(child)
    flush()
    return out


def told_table(table: nodes.table, context: Context) -> nodes.table:
    """A table of the hands or of the tricks with the players named by their places: "Player"
    over the column the suite heads "Seat", "Dealer" for "Seat 0 (dealer)"."""
    for entry in table.findall(nodes.entry):
        for paragraph in entry.findall(nodes.paragraph):
            text = paragraph.astext()
            seat = re.fullmatch(r"Seat (\d+)(?: \(dealer\))?", text)
            named = seat_name(int(seat[1]), context, article=False) if seat is not None else None
            if named is None and text == "Seat":
                named = "Player"
            if named is not None:
                paragraph.children = []
                paragraph.append(nodes.Text(named))
    return table


__all__ = ["seat_name", "told", "told_table", "told_text"]
