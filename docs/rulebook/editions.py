"""The rulebook's editions, and what the printed one is given in place of what only a
browser shows.

The same pages make three editions (:data:`EDITIONS`): the site, whose every page is a web page;
the whole site on one page; and the book, printed as a PDF from its own root page
(:data:`BOOK_ROOT`), which holds the rules, the sources' words, the disputes and the claims, and
leaves the machinery to the site: each rule's scenarios are counted in one line, not told step by
step, and no certification result is printed. The one page carries no certification line either
(the site's status page is the place for them), so that it weighs what its text weighs. Which
edition a build makes is the configuration value ``napspec_edition``; left empty, the builder
decides (:func:`default_edition`).

Every page is written once, for the web; before a builder that does not write HTML (the PDF's
``rinoh``) lays a page out, :class:`PrintEdition` changes the few things a printed page cannot
show:

- a plot drawn as inline SVG (raw HTML, which other builders skip) becomes a sentence saying so,
  since every plot of the rulebook stands above a table of the same figures;
- a table with a row too long to be set on one page (the four sources' words side by side) is
  set row by row, each cell under its column's heading, so that the page breaks within it;
- a link in running text to another section of the book (a rule, an interpretation, a variation
  point, a chapter) is followed by that section's number, "(§ 10.14)", since paper cannot be
  clicked: once per target in a paragraph, and not in tables, titles, the rule's own "binds"
  line, nor beside a source's locator or a glossary term, where it would only repeat. (A page
  number would cost rinohtype a further pass over the whole book, and its memory.)

A raw HTML node anywhere else is reported, so that nothing the reader needs is lost unnoticed.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from .fold import fold_summary, folded
from .render import para, strong

logger = logging.getLogger(__name__)

#: A table row with more characters than this is set cell by cell in print (a table row cannot
#: break across pages there, and a row taller than a page cannot be set at all).
LONG_ROW = 300

PLOT_NOTE = "The plot is drawn in the web editions; the table below gives the same figures."


#: The editions: the site, the whole site on one page, and the printed book.
SITE, SINGLE, BOOK = "site", "single", "book"
EDITIONS = (SITE, SINGLE, BOOK)
#: The book's root page and its own pages, which no other edition reads.
BOOK_ROOT = "print/index"
BOOK_PAGES = "print/**"
#: The most pages the book may have: a book a reader can hold, whose setting stays within the
#: stage's bound on memory (272 pages took 1.99 GB; the README states it, a test holds it).
BOOK_PAGES_AT_MOST = 300


def default_edition(builder_name: str) -> str:
    """The edition a builder makes when ``napspec_edition`` does not say.

    >>> default_edition("typst"), default_edition("singlehtml"), default_edition("html")
    ('book', 'single', 'site')
    """
    return {"typst": BOOK, "singlehtml": SINGLE}.get(builder_name, SITE)


def edition(env: BuildEnvironment) -> str:
    """The edition being built: ``napspec_edition``, or the builder's (:func:`default_edition`).
    Read, never written back: the configuration a build saves must be the one the next build
    starts from, or every page would be read again."""
    return str(env.config.napspec_edition) or default_edition(env._builder_cls.name)


def shows_certification(env: BuildEnvironment) -> bool:
    """Whether the pages carry certification results: only the site's do."""
    return edition(env) == SITE


def book_pages(env: BuildEnvironment) -> set[str]:
    """Every page the book prints: its root and what its contents reach."""
    pages: set[str] = set()
    todo = [BOOK_ROOT]
    while todo:
        page = todo.pop()
        if page not in pages:
            pages.add(page)
            todo.extend(env.toctree_includes.get(page, ()))
    return pages


class _NoStyleLog:
    """rinohtype's style log, kept empty: see :func:`without_style_log`."""

    def __init__(self, stylesheet: object) -> None:
        self.stylesheet = stylesheet

    def log_styled(self, *args: object, **kwargs: object) -> None:
        return None

    def write_log(self, *args: object, **kwargs: object) -> None:
        return None


def without_style_log() -> None:
    """Set the book without rinohtype's style log: a debugging aid (every element of every page
    with the styles it matched, written beside the PDF) that no reader needs, which rinohtype
    cannot be told to leave out and which holds every laid-out page in memory until the end,
    with a style look-up for each element."""
    setattr(importlib.import_module("rinoh.document"), "StyleLog", _NoStyleLog)  # noqa: B010 (an untyped module)


#: The class of an inline node set after a link in the book: the number of the section the
#: link leads to (see :func:`_numbers_worth_giving`), named by its ``refuri`` as the link names it.
SECTION_NUMBER = "nap-section-number"


def section_number(target: str) -> nodes.inline:
    """The number of the section ``target`` (``%page#anchor``), as rinohtype is taught to set it
    (:func:`with_section_numbers`); an inline node, which every docutils visitor knows."""
    return nodes.inline(classes=[SECTION_NUMBER], refuri=target, internal=True)


#: Where a link is not followed by its section's number: a line repeated on every rule (its
#: profiles), a source's passage (its own locator says where), a term of the glossary.
_NO_NUMBER_IN = frozenset({"nap-rule-meta"})
_NO_NUMBER_FOR = frozenset({"nap-locator-link", "std-term"})
#: What closes a quotation: the number goes after it, not within the quoted title (a single
#: quotation mark is left alone: it is as often an apostrophe, "Peel’s").
_CLOSING = '\N{RIGHT DOUBLE QUOTATION MARK}"'


def _numbers_worth_giving(document: nodes.document) -> None:
    """Follow each link of running text to a section (a rule's, a chapter's...; the book is one
    document, so every target is in it) with that section's number, once per target in a
    paragraph, after the quotation mark that may close the link's words."""
    sections = _section_ids(document)
    for paragraph in list(document.findall(nodes.paragraph)):
        if _NO_NUMBER_IN & set(paragraph["classes"]) or any(
            isinstance(ancestor, (nodes.table, nodes.title, nodes.caption, nodes.topic))
            for ancestor in _ancestors(paragraph)
        ):
            continue
        given: set[str] = set()
        for link in list(paragraph.findall(nodes.reference)):
            target = str(link.get("refuri", ""))
            # rinohtype's builder names a place in the book ``%page#anchor``.
            # Sphinx puts a role's classes on the inline the link wraps, not on the link itself.
            classes = {name for element in link.findall(nodes.Element) for name in element["classes"]}
            if not target.startswith("%") or target[1:] not in sections or _NO_NUMBER_FOR & classes:
                continue
            if target in given:
                continue
            given.add(target)
            _set_after(link, section_number(target))


def _set_after(link: nodes.Element, number: nodes.inline) -> None:
    """Put ``number`` after ``link`` (after the styling that ends with it, and after a closing
    quotation mark that follows it)."""
    place: nodes.Element = link
    while isinstance(place.parent, nodes.Inline) and isinstance(place.parent, nodes.Element):
        if place.parent[-1] is not place:
            break
        place = place.parent
    parent = place.parent
    assert isinstance(parent, nodes.Element)
    index = parent.index(place) + 1
    following = parent[index] if index < len(parent) else None
    if isinstance(following, nodes.Text) and str(following)[:1] in _CLOSING:
        rest = str(following)[1:]
        parent[index : index + 1] = [nodes.Text(str(following)[0]), number, *([nodes.Text(rest)] if rest else [])]
    else:
        parent.insert(index, number)


def _section_ids(document: nodes.document) -> set[str]:
    """``page#anchor`` for every section of the book (the pages are put together into one
    document, each under a ``start_of_file`` node naming it)."""
    found: set[str] = set()
    for page in document.findall(addnodes.start_of_file):
        for section in page.findall(nodes.section):
            found.update(f"{page['docname']}#{anchor}" for anchor in section["ids"])
    return found


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found: list[nodes.Node] = []
    parent = node.parent
    while parent is not None:
        found.append(parent)
        parent = parent.parent
    return found


@cache
def with_section_numbers() -> None:
    """Teach rinohtype to set an inline node of class :data:`SECTION_NUMBER` as " (§ N)", N the
    number of the section (known before any page is laid out, so it costs no further pass)."""
    rinoh = importlib.import_module("rinoh")
    inline = importlib.import_module("rinoh.frontend.rst.nodes").Inline
    styled_inline = inline.build_styled_text

    def build_styled_text(self: Any) -> Any:
        if SECTION_NUMBER not in self.get("classes"):
            return styled_inline(self)
        number = rinoh.Reference(self.get("refid"), type="number")
        return rinoh.MixedStyledText([" (§\N{NO-BREAK SPACE}", number, ")"])

    inline.build_styled_text = build_styled_text


def choose_edition(app: Sphinx, config: Config) -> None:
    """Settle what the edition reads before the build compares its configuration with the last
    build's: the book's own pages are read for the book only (the book is the edition asked for,
    or the one rinohtype's builder makes, which is loaded only to build it)."""
    if config.napspec_edition and config.napspec_edition not in EDITIONS:
        raise ValueError(f"napspec_edition must be one of {', '.join(EDITIONS)}, not {config.napspec_edition!r}")
    book = config.napspec_edition == BOOK or (not config.napspec_edition and "typst" in app.registry.builders)
    if not book and BOOK_PAGES not in config.exclude_patterns:
        config.exclude_patterns = [*config.exclude_patterns, BOOK_PAGES]


def prepare_edition(app: Sphinx) -> None:
    """Once the builder is known: the book, whose contents list again pages the site lists, does
    not say so, and is set without rinohtype's style log."""
    if edition(app.env) == BOOK:
        app.config.suppress_warnings = [*app.config.suppress_warnings, "toc.multiple_toc_parents"]
        if app.builder.name == "rinoh":
            without_style_log()
            with_section_numbers()


#: The suits' symbols, which the book's text face lacks.
SUIT_SYMBOLS = "♠♥♦♣"


def in_card(node: nodes.Node) -> bool:
    """Whether a text is already within a card (set in the face that has the suits)."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.Element) and "nap-card" in parent["classes"]:
            return True
        parent = parent.parent
    return False


def is_html(format_name: str) -> bool:
    """Whether a builder's output format shows raw HTML (``html``, ``singlehtml`` and the like)."""
    return format_name == "html"


def row_texts(row: nodes.row) -> list[str]:
    return [entry.astext() for entry in row.findall(nodes.entry) if entry.parent is row]


def linear(table: nodes.table) -> nodes.container:
    """The table's rows one after another, each cell under its column's heading."""
    heads: list[str] = []
    for thead in table.findall(nodes.thead):
        for row in thead.findall(nodes.row):
            heads = [" ".join(text.split()) for text in row_texts(row)]
            break
        break
    block = nodes.container(classes=[*table["classes"], "nap-linear-table"], ids=list(table["ids"]))
    for tbody in table.findall(nodes.tbody):
        for row in tbody.findall(nodes.row):
            if row.parent is not tbody:
                continue
            item = nodes.container(classes=["nap-linear-row"], ids=list(row["ids"]))
            entries = [entry for entry in row.children if isinstance(entry, nodes.entry)]
            for column, entry in enumerate(entries):
                if not entry.astext().strip():
                    continue
                if column < len(heads) and heads[column]:
                    item += para(strong(heads[column]), classes=["nap-linear-head"])
                cell = nodes.container(classes=list(entry["classes"]), ids=list(entry["ids"]))
                cell.extend(child.deepcopy() for child in entry.children)
                item += cell
            block += item
    return block


class PrintEdition(SphinxPostTransform):
    """Make the pages fit for a builder that does not write HTML (see the module)."""

    default_priority = 900

    def suits_in_their_face(self) -> None:
        """Every suit's symbol in running text (the glossary's, a definition's) marked as a
        card's is, so that the book's style sheet sets it in the face that has it."""
        for text in list(self.document.findall(nodes.Text)):
            if not any(symbol in text for symbol in SUIT_SYMBOLS) or in_card(text):
                continue
            pieces: list[nodes.Node] = []
            for piece in re.split(f"([{SUIT_SYMBOLS}])", str(text)):
                if piece in SUIT_SYMBOLS and piece:
                    pieces.append(nodes.inline(text=piece, classes=["nap-card", "nap-suit"]))
                elif piece:
                    pieces.append(nodes.Text(piece))
            parent = text.parent
            if parent is not None:
                index = parent.index(text)
                parent.remove(text)
                for offset, node in enumerate(pieces):
                    parent.insert(index + offset, node)

    def is_supported(self) -> bool:
        return not is_html(self.env._builder_cls.format)  # as Sphinx's own is_supported reads it

    def run(self, **kwargs: Any) -> None:
        # A folded block is shown whole, its summary line a paragraph: writers that know only
        # docutils' own nodes (rinohtype's) then set them as they set any other.
        for summary in list(self.document.findall(fold_summary)):
            line = nodes.paragraph(classes=summary["classes"])
            line.extend(summary.children)
            summary.replace_self(line)
        for block in list(self.document.findall(folded)):
            whole = nodes.container(classes=block["classes"])
            whole.extend(block.children)
            block.replace_self(whole)
        for raw in list(self.document.findall(nodes.raw)):
            if "html" not in raw.get("format", "").split():
                continue
            parent = raw.parent
            if isinstance(parent, nodes.Element) and "nap-plot" in parent["classes"]:
                raw.replace_self(para(PLOT_NOTE, classes=["nap-plot-note"]))
            else:
                logger.warning("napspec: raw HTML with no printed form", location=raw)
        self.suits_in_their_face()
        if self.app.builder.name == "rinoh":
            _numbers_worth_giving(self.document)
        if self.app.builder.name == "typst":
            return  # Typst breaks a table between its rows, and a row within its cells
        # innermost first, so that a table inside a cell is dealt with before its cell is copied
        for table in reversed(list(self.document.findall(nodes.table))):
            rows = list(table.findall(nodes.row))
            if any(sum(len(text) for text in row_texts(row)) > LONG_ROW for row in rows):
                table.replace_self(linear(table))


__all__ = [
    "BOOK",
    "BOOK_PAGES_AT_MOST",
    "BOOK_ROOT",
    "EDITIONS",
    "LONG_ROW",
    "PLOT_NOTE",
    "SECTION_NUMBER",
    "SINGLE",
    "SITE",
    "PrintEdition",
    "book_pages",
    "choose_edition",
    "default_edition",
    "edition",
    "is_html",
    "prepare_edition",
    "section_number",
    "shows_certification",
    "with_section_numbers",
]
