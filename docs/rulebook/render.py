"""Small builders of docutils nodes: text with links, tables, cards, and scenario steps told
as sentences."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from docutils import nodes
from sphinx import addnodes

NodeLike = nodes.Node | str

SUITS = {
    "S": ("♠", "spades", "black"),
    "H": ("♥", "hearts", "red"),
    "D": ("♦", "diamonds", "red"),
    "C": ("♣", "clubs", "black"),
}
RANKS = {"T": "10"}
CARD = re.compile(r"^([2-9TJQKA])([CDHS])$")
VARIABLE = re.compile(r"^<[^<>]+>$")


# ---------------------------------------------------------------------- basic nodes


def text_nodes(items: Iterable[NodeLike]) -> list[nodes.Node]:
    return [nodes.Text(item) if isinstance(item, str) else item for item in items]


def para(*items: NodeLike, classes: Sequence[str] = ()) -> nodes.paragraph:
    node = nodes.paragraph(classes=list(classes))
    node.extend(text_nodes(items))
    return node


def inline(*items: NodeLike, classes: Sequence[str] = ()) -> nodes.inline:
    node = nodes.inline(classes=list(classes))
    node.extend(text_nodes(items))
    return node


def strong(text: str) -> nodes.strong:
    return nodes.strong(text=text)


def literal(text: object) -> nodes.literal:
    return nodes.literal(text=str(text))


def xref(kind: str, target: str, *content: NodeLike, classes: Sequence[str] = ()) -> addnodes.pending_xref:
    """A link to a ``nap`` domain target, resolved (or warned about) after reading."""
    node = addnodes.pending_xref("", refdomain="nap", reftype=kind, reftarget=target, refexplicit=True, refwarn=True)
    body = nodes.inline(classes=["xref", "nap", *classes])
    body.extend(text_nodes(content or (target,)))
    node += body
    return node


def term_ref(term: str, *content: NodeLike) -> addnodes.pending_xref:
    """A link to a glossary term (the standard domain's ``term`` role)."""
    node = addnodes.pending_xref(
        "", refdomain="std", reftype="term", reftarget=term.lower(), refexplicit=True, refwarn=True
    )
    body = nodes.inline(classes=["xref", "std", "std-term"])
    body.extend(text_nodes(content or (term,)))
    node += body
    return node


def paragraphs(
    text: str, render: Callable[[str], list[NodeLike]] | None = None, classes: Sequence[str] = ()
) -> list[nodes.paragraph]:
    """Text split into paragraphs at blank lines, each paragraph's lines joined."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        words = " ".join(block.split())
        if words:
            out.append(para(*(render(words) if render else [words]), classes=classes))
    return out


def bullet_list(items: Iterable[Sequence[NodeLike] | nodes.Node], classes: Sequence[str] = ()) -> nodes.bullet_list:
    node = nodes.bullet_list(classes=list(classes))
    for item in items:
        entry = nodes.list_item()
        if isinstance(item, nodes.Node):
            entry += item
        else:
            entry += para(*item)
        node += entry
    return node


def container(*children: nodes.Node, classes: Sequence[str] = (), ids: Sequence[str] = ()) -> nodes.container:
    node = nodes.container(classes=list(classes), ids=list(ids))
    node.extend(children)
    return node


def section(title: Sequence[NodeLike] | str, ids: Sequence[str], classes: Sequence[str] = ()) -> nodes.section:
    node = nodes.section(ids=list(ids), classes=list(classes))
    heading = nodes.title()
    heading.extend(text_nodes([title] if isinstance(title, str) else title))
    node += heading
    return node


def rubric(*items: NodeLike, classes: Sequence[str] = ()) -> nodes.rubric:
    node = nodes.rubric(classes=list(classes))
    node.extend(text_nodes(items))
    return node


Cell = NodeLike | Sequence[NodeLike] | nodes.Element | Sequence[nodes.Element]


def _cell_children(cell: object) -> list[nodes.Node]:
    if isinstance(cell, (nodes.paragraph, nodes.container, nodes.bullet_list, nodes.table, nodes.line_block)):
        return [cell]
    if isinstance(cell, (str, nodes.Node)):
        return [para(cell)]
    items: list[nodes.Node] = list(cell)  # type: ignore[call-overload]
    if (
        all(
            isinstance(i, (nodes.paragraph, nodes.container, nodes.bullet_list, nodes.table, nodes.line_block))
            for i in items
        )
        and items
    ):
        return items
    return [para(*items)]


def table(
    header: Sequence[Cell] | None,
    rows: Iterable[Sequence[Cell]],
    classes: Sequence[str] = (),
    row_ids: Sequence[Sequence[str]] | None = None,
    cell_ids: Sequence[Sequence[Sequence[str]]] | None = None,
    cell_classes: Sequence[Sequence[Sequence[str]]] | None = None,
) -> nodes.table:
    """A table; each cell is text, nodes, or a list of inline items (one paragraph)."""
    rows = list(rows)
    width = len(header) if header is not None else max(len(r) for r in rows)
    node = nodes.table(classes=list(classes))
    group = nodes.tgroup(cols=width)
    node += group
    for _ in range(width):
        group += nodes.colspec(colwidth=1)

    def make_row(cells: Sequence[Cell], index: int | None) -> nodes.row:
        row = nodes.row()
        if index is not None and row_ids:
            row["ids"] = list(row_ids[index])
        for column, cell in enumerate(cells):
            entry = nodes.entry()
            if index is not None and cell_ids:
                entry["ids"] = list(cell_ids[index][column])
            if index is not None and cell_classes:
                entry["classes"] = list(cell_classes[index][column])
            entry.extend(_cell_children(cell))
            row += entry
        return row

    if header is not None:
        head = nodes.thead()
        head += make_row(header, None)
        group += head
    body = nodes.tbody()
    for index, cells in enumerate(rows):
        body += make_row(cells, index)
    group += body
    return node


# ---------------------------------------------------------------------- cards


def card(code: str) -> nodes.inline:
    """One card drawn as a card: rank and suit symbol, red or black."""
    match = CARD.match(code)
    if not match:
        raise ValueError(f"not a card: {code!r}")
    rank, suit = match.groups()
    symbol, name, colour = SUITS[suit]
    return nodes.inline(
        text=f"{RANKS.get(rank, rank)}{symbol}", classes=["nap-card", f"nap-{colour}", f"nap-suit-{name}"]
    )


def variable(text: str) -> nodes.inline:
    """An outline's placeholder, e.g. ``<profile>``: filled in from the Examples table. The
    reader sees the column's name in italics (boxed on screen), never the angle brackets of
    the Gherkin it is written in; the Examples say what the italics stand for."""
    return nodes.inline("", "", nodes.emphasis(text=text.strip().strip("<>").strip()), classes=["nap-var"])


def is_cards(text: str) -> bool:
    words = text.split()
    return bool(words) and all(CARD.match(w) for w in words)


def cards(text: str) -> nodes.inline:
    """A list of cards ("AS KH 2C"), "-" for none, or an outline placeholder."""
    text = text.strip()
    holder = nodes.inline(classes=["nap-cards"])
    if VARIABLE.match(text):
        holder += variable(text)
    elif text in ("-", ""):
        holder += nodes.inline(text="no cards", classes=["nap-none"])
    else:
        for index, code in enumerate(text.split()):
            if index:
                holder += nodes.Text(" ")
            holder += card(code) if CARD.match(code) else nodes.Text(code)
    return holder


def suit(letter: str) -> nodes.Node:
    if VARIABLE.match(letter):
        return variable(letter)
    symbol, name, colour = SUITS[letter]
    return inline(
        nodes.inline(text=symbol, classes=["nap-card", "nap-suit", f"nap-{colour}", f"nap-suit-{name}"]),
        f" ({name})",
    )


def cell_value(text: str) -> NodeLike:
    """An Examples cell: cards drawn as cards, placeholders marked, the rest as written."""
    if is_cards(text) or text.strip() == "-":
        return cards(text)
    return text
