"""A fold's line holds no link, in any edition (:mod:`napspec.docs.rulebook.fold`).

A click on a fold's line opens the block where it is: a link there would take the reader off
the page. The site and the single page are read here; the book, which a directive may write
otherwise (it folds nothing), is read by the quick tests too, without the typesetter
(``test_book_text.py``): its interpretations once folded their questions with their links,
which stopped the PDF's build and nothing else.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docutils import nodes

from .conftest import Builds, Editions

#: A fold's line, as HTML writes it.
SUMMARY = re.compile(r"<summary\b[^>]*>(.*?)</summary>", re.DOTALL)


def linked_lines(page: Path) -> list[str]:
    """The lines of a page's folds that hold a link."""
    return [line for line in SUMMARY.findall(page.read_text(encoding="utf-8")) if re.search(r"<a\b", line)]


def test_a_line_with_a_link_is_refused() -> None:
    """A link in a fold's line is refused, wrapped in words (which the line's type lets through)
    or not."""
    from napspec.docs.rulebook.fold import fold
    from napspec.docs.rulebook.render import inline, xref

    assert fold(["Who ", inline("deals", classes=["nap-term"]), "?"]).astext() == "Who deals?"
    with pytest.raises(ValueError, match="a fold's line holds a link, which a click would follow: 'Who deals"):
        fold(["Who ", inline(xref("rule", "dealing.first-dealer", "deals")), "?"])
    with pytest.raises(ValueError, match="holds a link"):
        fold([inline(nodes.reference("", "the rule", refuri="#rule"))])
    with pytest.raises(ValueError, match="holds a link"):
        fold(["The rule ", xref("rule", "play.follow-suit", "players must follow suit")])  # type: ignore[list-item]


def test_no_built_page_folds_a_line_with_a_link(builds: Builds, editions: Editions) -> None:
    """Every page the quick tests build, the site's, the single page and the house-rules
    edition's: no fold's line holds a link, whatever put it there."""
    pages = [*sorted(builds.full.html.rglob("*.html")), editions.single, editions.house]
    lines = sum(len(SUMMARY.findall(page.read_text(encoding="utf-8"))) for page in pages)
    found = [f"{page.name}: {line[:120]}" for page in pages for line in linked_lines(page)]
    assert lines > 500 and not found, "\n".join(found[:10])
