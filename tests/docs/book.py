"""Reading the PDF edition as a reader would: its text page by page, less the running header
and page number, and its chapters as its outline lists them."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

from napspec import spec

from .conftest import require

REGISTER = spec.load()

#: The book's parts, in order: the front matter, the quick rules, the rules chapter by chapter,
#: the disputes, the claims, the glossary, and the four transcriptions as appendices.
BOOK_CHAPTERS = [
    "About this book",
    "Bibliography",
    *[f"Quick rules: {p.title}" for p in REGISTER.profiles.values()],
    *[c.title for c in REGISTER.chapters.values()],
    "Settle a dispute",
    "Where the sources disagree",
    "What the sources claim",
    "Glossary",
    *[f"{s.short}: {s.title}" for s in REGISTER.sources.values()],
]


@cache
def pdf_chapters(path: Path) -> list[tuple[str, int]]:
    """The book's chapters as its outline lists them, each with its first page."""
    require("pypdf", "the PDF's text is read with pypdf")
    from pypdf import PdfReader

    reader = PdfReader(path)
    chapters = []
    for item in reader.outline:
        if isinstance(item, list):
            continue
        title = re.sub(r"^\d+\s+", "", str(item.title))
        page = reader.get_destination_page_number(item)
        chapters.append((title, (page or 0) + 1))
    return chapters


def squeezed(text: str) -> str:
    """Text without whitespace or hyphens, so that a line broken (or hyphenated) in the PDF
    still matches."""
    return re.sub(r"[\s\-‐­]+", "", unicodedata.normalize("NFKC", text))


@cache
def pdf_text(path: Path) -> tuple[int, str]:
    require("pypdf", "the PDF's text is read with pypdf")
    from pypdf import PdfReader

    reader = PdfReader(path)
    return len(reader.pages), "\n".join(_without_footer(page.extract_text() or "") for page in reader.pages)


def _without_footer(text: str) -> str:
    """A page's text less its running header and page number (the book's title or the
    chapter's, then the number), which the text of a page ends with: a quotation broken across
    pages then reads whole."""
    from napspec.docs import conf

    lines = text.rstrip().splitlines()
    if lines and lines[-1].strip().isdigit():
        lines.pop()
    if lines and lines[-1].strip() in {conf.rinoh_documents[0]["title"], *BOOK_CHAPTERS}:
        lines.pop()
    return "\n".join(lines)
