"""Scenario steps told as sentences, with hands and tricks drawn as cards.

The phrases and their wording are the suite's (:data:`napspec.suite.vocabulary.VOCABULARY`):
this module only draws the pieces of each sentence as docutils nodes. A step that is no
phrase of the vocabulary is shown as written (:func:`known` lets the tests insist that every
step is covered).
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes

from napspec.suite.scenarios import Step
from napspec.suite.vocabulary import (
    PLACEHOLDER,
    TABLES,
    VOCABULARY,
    Cards,
    Code,
    Context,
    Phrase,
    Piece,
    Ref,
    Suit,
    Value,
    hand_owner,
    known,
    match,
)

from .render import Cell, NodeLike, cards, literal, para, suit, table, variable, xref


def draw(piece: Piece) -> NodeLike:
    """One piece of a sentence as a node (or plain text)."""
    if isinstance(piece, str):
        return piece
    if isinstance(piece, Value):
        return variable(piece.text) if PLACEHOLDER.match(piece.text) else piece.text
    if isinstance(piece, Cards):
        return cards(piece.text)
    if isinstance(piece, Suit):
        return suit(piece.text)
    if isinstance(piece, Code):
        return literal(piece.text)
    if isinstance(piece, Ref):
        return xref(piece.kind, piece.target, piece.text or piece.target)
    raise TypeError(f"not a piece of a sentence: {piece!r}")


def _drawn(pieces: list[Piece]) -> list[NodeLike]:
    return [draw(piece) for piece in pieces]


def hands_table(rows: tuple[tuple[str, ...], ...], context: Context) -> nodes.table:
    header, *body = rows
    column = {name: index for index, name in enumerate(header)}
    cells: list[list[Cell]] = []
    for row in body:
        owner = _drawn(hand_owner(row[column.get("seat", 0)], context))
        cells.append([owner, [cards(row[column.get("cards", 1)])]])
    return table(list(TABLES["hands"][1]), cells, classes=["nap-hands"])


def tricks_table(rows: tuple[tuple[str, ...], ...]) -> nodes.table:
    header, *body = rows
    column = {name: index for index, name in enumerate(header)}
    cells: list[list[Cell]] = []
    for number, row in enumerate(body, start=1):
        leader = row[column.get("leader", 0)]
        cells.append([str(number), _drawn(["Seat ", Value(leader)]), [cards(row[column.get("cards", 1)])]])
    return table(list(TABLES["tricks"][1]), cells, classes=["nap-tricks"])


def sentence(step: Step, context: Context, vocabulary: Sequence[Phrase] = VOCABULARY) -> list[nodes.Node]:
    """A step as a sentence, followed by its data table drawn (hands or tricks)."""
    found = match(step.text, template=True, vocabulary=vocabulary)
    datatable: str | None = None
    if found is not None:
        phrase, args = found
        items = _drawn(phrase.say(args, context))
        datatable = phrase.datatable
    else:
        items = [step.text[:1].upper() + step.text[1:] + "."]
    out: list[nodes.Node] = [para(*items, classes=["nap-step"])]
    if step.table:
        if datatable == "tricks":
            out.append(tricks_table(step.table))
        elif datatable == "hands":
            out.append(hands_table(step.table, context))
        else:
            out.append(table(list(step.table[0]), [list(row) for row in step.table[1:]], classes=["nap-data"]))
    return out


__all__ = ["Context", "known", "sentence"]
