"""The rulebook of one table's house rules set as a book. Its own module, apart from the other
editions' tests, so that its book and the main book are set side by side on two test
processes: the tests are shared out file by file.

The book of a table is the main book with the table's rules put first and its name on the
title page. The campaign sets that book cut to what is its own (the table's rules and the
front matter: seconds), the main book being set whole beside it; the whole house-rules book
(248 pages, minutes of one core) is the long run's. What makes the one the other's prefix is
checked in the default run: the source of the table's book is the main book's, its contents
the table's rules first and then the main book's contents unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from .book import BOOK_CHAPTERS, NOT_CHAPTERS, pdf_chapters, pdf_text
from .conftest import BOOK_TOCTREE, DOCS, HOUSE_BOOK_CUT_TO, cut_book_contents, require

TABLE_TITLE = "House rules: The Crown, Tuesdays"


def _the_table_s_book_reads(path: Path, chapters: list[str]) -> None:
    require("pypdf", "the PDF's text is read with pypdf")
    from pypdf import PdfReader

    title_page = PdfReader(path).pages[0].extract_text() or ""
    assert TABLE_TITLE in " ".join(title_page.split())
    titles = [title for title, _page in pdf_chapters(path) if title not in NOT_CHAPTERS]
    assert titles == [TABLE_TITLE, *chapters]
    _pages, text = pdf_text(path)
    assert "Penny Nap at the Crown" in text and "we like a deep cut" in text


@pytest.mark.campaign
def test_the_house_rules_book_bears_the_table_s_name_and_rules_first(house_pdf_cut: Path) -> None:
    """The book for one table, cut to its own chapter and the front matter: its title page
    names the table, its first chapter states the table's choices, the front matter follows."""
    _the_table_s_book_reads(house_pdf_cut, BOOK_CHAPTERS[:2])


@pytest.mark.campaign
@pytest.mark.long
def test_the_whole_house_rules_book_bears_the_table_s_name_and_rules_first(house_pdf_edition: Path) -> None:
    """The same book whole, as ``napspec rulebook --house-rules`` sets it: the book's chapters
    follow the table's in their order."""
    _the_table_s_book_reads(house_pdf_edition, BOOK_CHAPTERS)


def test_the_table_s_book_is_the_main_book_with_its_rules_first(tmp_path: Path) -> None:
    """The source of a table's book: every page of the main book's, the table's page added,
    and the book's contents the table's rules then the main book's contents, unchanged; cut as
    the campaign cuts it, the front matter (the main book's first toctree) follows them."""
    from napspec.docs.pipeline import house_rules_source, house_toctree

    source = house_rules_source(tmp_path)
    main_pages = {p.relative_to(DOCS) for p in DOCS.rglob("*.md") if "rulebook" not in p.parts}
    assert main_pages <= {p.relative_to(source) for p in source.rglob("*.md")}
    assert (source / "house-rules.md").is_file()
    book = (DOCS / "print" / "index.md").read_text(encoding="utf-8")
    contents = source / "print" / "index.md"
    first = book.index(BOOK_TOCTREE)
    assert contents.read_text(encoding="utf-8") == book[:first] + house_toctree("../house-rules") + book[first:]
    cut_book_contents(contents, HOUSE_BOOK_CUT_TO)
    front_matter = book[first : book.index(BOOK_TOCTREE, first + 1)]
    assert contents.read_text(encoding="utf-8") == book[:first] + house_toctree("../house-rules") + front_matter
