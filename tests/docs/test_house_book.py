"""The rulebook of one table's house rules set as a book. Its own module, apart from the other
editions' tests, so that its book and the main book (each minutes of one core) are set side by
side on two test processes: the tests are shared out file by file."""

from __future__ import annotations

from pathlib import Path

import pytest

from .book import BOOK_CHAPTERS, pdf_chapters, pdf_text
from .conftest import require


@pytest.mark.campaign
def test_the_house_rules_book_bears_the_table_s_name_and_rules_first(house_pdf_edition: Path) -> None:
    """The same book, for one table: its title page names the table, its first chapter states
    the table's choices, and the book's chapters follow in their order."""
    require("pypdf", "the PDF's text is read with pypdf")
    from pypdf import PdfReader

    title_page = PdfReader(house_pdf_edition).pages[0].extract_text() or ""
    assert "House rules: The Crown, Tuesdays" in " ".join(title_page.split())
    titles = [title for title, _page in pdf_chapters(house_pdf_edition) if title != "Index"]
    assert titles == ["House rules: The Crown, Tuesdays", *BOOK_CHAPTERS]
    _pages, text = pdf_text(house_pdf_edition)
    assert "Penny Nap at the Crown" in text and "we like a deep cut" in text
