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
``typst``) lays a page out, :class:`PrintEdition` changes the few things a printed page cannot
show:

- a plot drawn as inline SVG (raw HTML, which other builders skip) becomes a sentence saying so,
  since every plot of the rulebook stands above a table of the same figures;
- a link is given the number of the section it leads to, or its page, by the book's writer
  (:mod:`.book_writer`), since paper cannot be clicked.

A raw HTML node anywhere else is reported, so that nothing the reader needs is lost unnoticed.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from .fold import fold_summary, folded
from .render import para

logger = logging.getLogger(__name__)

PLOT_NOTE = "The plot is drawn on screen only; the table below gives the same figures."


#: The editions: the site, the whole site on one page, and the printed book.
SITE, SINGLE, BOOK = "site", "single", "book"
EDITIONS = (SITE, SINGLE, BOOK)
#: The book's root page and its own pages, which no other edition reads.
BOOK_ROOT = "print/index"
BOOK_PAGES = "print/**"
#: The most pages the book may have: a book a reader can hold, whose setting stays within the
#: stage's bound on memory (272 pages took 1.99 GB; the README states it, a test holds it).
BOOK_PAGES_AT_MOST = 300
#: The class of a link whose number the book prints apart from it, later in its sentence (a
#: value followed by the games that play it: "“2” (Peel and Hoyle; p. 123)").
NUMBER_APART = "nap-number-apart"


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
    not say so."""
    if edition(app.env) == BOOK:
        app.config.suppress_warnings = [*app.config.suppress_warnings, "toc.multiple_toc_parents"]


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


__all__ = [
    "BOOK",
    "BOOK_PAGES_AT_MOST",
    "BOOK_ROOT",
    "EDITIONS",
    "NUMBER_APART",
    "PLOT_NOTE",
    "SINGLE",
    "SITE",
    "PrintEdition",
    "book_pages",
    "choose_edition",
    "default_edition",
    "edition",
    "is_html",
    "prepare_edition",
    "shows_certification",
]
