"""Reading the PDF edition as a reader would: its text page by page, less the running head and
the folio (told apart from the body by where they stand on the page), its chapters and
headings as its outline lists them, and its links with the words they are set on."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from napspec import spec

from .conftest import require

REGISTER = spec.load()

#: The book's parts, in order: the front matter, the quick rules, the calls of each game, the
#: rules chapter by chapter, where the sources differ, the claims, the glossary, and the four
#: transcriptions as appendices.
BOOK_CHAPTERS = [
    "About this book",
    "Bibliography",
    *[f"Quick rules: {p.title}" for p in REGISTER.profiles.values()],
    "Calls and payments, game by game",
    *[c.title for c in REGISTER.chapters.values()],
    "Where the sources disagree",
    "What the sources claim",
    "Glossary",
    *[f"{s.short}: {s.title}" for s in REGISTER.sources.values()],
]
#: What the book's outline lists besides its chapters.
NOT_CHAPTERS = ("Contents", "Index")

#: The page's height, in points, that is its body: between the running head (above) and the
#: folio (below), as docs/book.typ sets the margins (26 mm at the top, 28 mm at the bottom).
BODY_TOP = 841.89 - 26 * 72 / 25.4
BODY_BOTTOM = 28 * 72 / 25.4


@dataclass(frozen=True)
class Line:
    """A line of a page: where it stands (points from the page's foot) and its text."""

    y: float
    text: str


def _fragments(page: Any) -> list[tuple[float, float, str]]:
    """Every piece of text of a page with where it stands: (x, y, text)."""
    found: list[tuple[float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: object, _size: object) -> None:
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            found.append((x, y, text))

    page.extract_text(visitor_text=visit)
    return found


def _lines(fragments: list[tuple[float, float, str]]) -> list[Line]:
    """The pieces of text gathered into lines, top to bottom."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in fragments:
        key = next((known for known in rows if abs(known - y) < 2), round(y, 1))
        rows.setdefault(key, []).append((x, text))
    return [
        Line(y, re.sub(r"\s+", " ", "".join(text for _x, text in sorted(pieces))).strip())
        for y, pieces in sorted(rows.items(), key=lambda item: -item[0])
    ]


@dataclass(frozen=True)
class Page:
    """A page of the book: its number (from 1, as the PDF counts), its running head and folio,
    and the lines of its body."""

    number: int
    head: list[Line]
    body: list[Line]
    foot: list[Line]
    links: list[str]

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.body)


@cache
def book_pages(path: Path) -> list[Page]:
    """Every page of the book, read as a reader reads it (see the module)."""
    require("pypdf", "the PDF's text is read with pypdf")
    from pypdf import PdfReader

    pages = []
    for number, page in enumerate(PdfReader(path).pages, start=1):
        fragments = _fragments(page)
        lines = _lines(fragments)
        head = [line for line in lines if line.y > BODY_TOP]
        foot = [line for line in lines if line.y < BODY_BOTTOM]
        body = [line for line in lines if BODY_BOTTOM <= line.y <= BODY_TOP]
        pages.append(Page(number, head, body, foot, _link_texts(page, fragments)))
    return pages


def _link_texts(page: Any, fragments: list[tuple[float, float, str]]) -> list[str]:
    """The words each link within the book is set on (a link to a place in the book, not to
    the web)."""
    texts = []
    for annotation in page.get("/Annots") or []:
        link = annotation.get_object()
        if link.get("/Subtype") != "/Link":
            continue
        action = link.get("/A")
        if action is not None and action.get_object().get("/S") == "/URI":
            continue
        left, bottom, right, top = (float(value) for value in link["/Rect"])
        inside = [(x, text) for x, y, text in fragments if bottom - 1 <= y <= top + 1 and left - 1 <= x < right - 0.5]
        texts.append("".join(text for _x, text in sorted(inside)).strip())
    return texts


@cache
def pdf_chapters(path: Path) -> list[tuple[str, int]]:
    """The book's chapters as its outline lists them, each with its first page."""
    return [(title, page) for title, page, level in pdf_headings(path) if level == 1]


@cache
def pdf_headings(path: Path) -> list[tuple[str, int, int]]:
    """Every heading of the book as its outline lists them: its title (less its number), its
    page and its level (1 for a chapter)."""
    require("pypdf", "the PDF's text is read with pypdf")
    from pypdf import PdfReader

    reader = PdfReader(path)
    found: list[tuple[str, int, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
                continue
            title = re.sub(r"^(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)*)\s+(?=\S)", "", str(item.title))
            found.append((title, (reader.get_destination_page_number(item) or 0) + 1, level))

    walk(reader.outline, 1)
    return found


def squeezed(text: str) -> str:
    """Text without whitespace or hyphens, so that a line broken (or hyphenated) in the PDF
    still matches."""
    return re.sub(r"[\s\-‐­]+", "", unicodedata.normalize("NFKC", text))


@cache
def pdf_text(path: Path) -> tuple[int, str]:
    """The number of pages and the text of their bodies (no running head, no folio), so that a
    quotation broken across pages reads whole."""
    pages = book_pages(path)
    return len(pages), "\n".join(page.text for page in pages)


@cache
def pdf_runs(path: Path) -> list[str]:
    """The book's text as runs a reader reads on: the lines of its prose, a paragraph's lines
    joined, and each cell of a table's line on its own (pypdf's layout sets the columns of a
    table apart by wide gaps, where a plain reading of a line runs one cell into the next)."""
    require("pypdf", "the PDF's text is read with pypdf")
    from pypdf import PdfReader

    runs: list[str] = []
    prose: list[str] = []
    for page in PdfReader(path).pages:
        for line in page.extract_text(extraction_mode="layout").splitlines():
            cells = [cell for cell in re.split(r" {3,}", line.strip()) if cell]
            if len(cells) == 1 and not line.startswith("   " * 4):
                prose.append(cells[0])
                continue
            runs.append(" ".join(prose))
            prose = []
            runs += cells
    runs.append(" ".join(prose))
    return [" ".join(run.split()) for run in runs if run.strip()]
