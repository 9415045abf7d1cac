"""The rulebook's other editions, as ``napspec rulebook`` builds them: the whole book on one
page, the PDF (set without LaTeX), and the rulebook of one table's house rules; the house-rules
edition's bad input; and each source's provenance and licence as the site states them."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from napspec import spec
from napspec.docs.pipeline import main

from .book import BOOK_CHAPTERS, pdf_chapters, pdf_text, squeezed
from .conftest import Builds, Editions, require
from .shown import quote as shown_quote

REGISTER = spec.load()


def html_text(path: Path) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))))


# ---------------------------------------------------------------------- the single page


def test_the_single_page_holds_every_chapter_and_rule(editions: Editions) -> None:
    text = html_text(editions.single)
    missing = [c.title for c in REGISTER.chapters.values() if c.title not in text]
    missing += [r.title for r in REGISTER.rules.values() if r.title not in text]
    assert not missing, f"not on the single page: {missing[:10]}"
    for source in REGISTER.sources.values():
        assert source.reference.split(".")[0] in text


# ---------------------------------------------------------------------- the PDF: a book


@pytest.mark.campaign
def test_the_pdf_is_a_book_of_a_few_hundred_pages(pdf_edition: Path) -> None:
    from napspec.docs.rulebook.editions import BOOK_PAGES_AT_MOST

    assert pdf_edition.read_bytes()[:5] == b"%PDF-"
    pages, _text = pdf_text(pdf_edition)
    assert 100 < pages <= BOOK_PAGES_AT_MOST, f"{pages} pages"


@pytest.mark.campaign
def test_the_book_s_contents_are_its_chapters_in_order(pdf_edition: Path) -> None:
    titles = [title for title, _page in pdf_chapters(pdf_edition) if title != "Index"]
    assert titles == BOOK_CHAPTERS


@pytest.mark.campaign
def test_the_transcriptions_close_the_book(pdf_edition: Path) -> None:
    """The four texts are the book's appendices: after the glossary, each whole."""
    chapters = dict(pdf_chapters(pdf_edition))
    glossary = chapters["Glossary"]
    _pages, text = pdf_text(pdf_edition)
    whole = squeezed(text)
    for source in REGISTER.sources.values():
        assert chapters[f"{source.short}: {source.title}"] > glossary
        for division in source.divisions[:3]:
            assert squeezed(division.text[:80]) in whole, f"{source.short} {division.locator} not printed"


@pytest.mark.campaign
def test_the_book_prints_no_scenario_and_no_certification(pdf_edition: Path) -> None:
    """A report was in the report folder: the book prints no result, no scenario told step by
    step, only one line per rule saying how many scenarios test it."""
    _pages, text = pdf_text(pdf_edition)
    for machinery in ("Certification", "Scenario outline", "one row per profile", "not applicable"):
        assert machinery not in text, f"the book prints {machinery!r}"
    assert not re.search(r"\b\d+/\d+ passed\b", text), "the book prints a count of passed cases"
    tested = [r for r in REGISTER.rules.values() if r.testable]
    assert text.count("Tested by ") >= len(tested) * 9 // 10
    assert "told in full, with each engine's results, in the web editions" in " ".join(text.split())


@pytest.mark.campaign
def test_the_book_s_links_keep_their_words(pdf_edition: Path) -> None:
    """A link reads as what it names (a profile's title, a rule's), not as "Chapter 17"."""
    _pages, text = pdf_text(pdf_edition)
    flat = " ".join(text.split())
    assert not re.search(r"\b(binds|profile|chapter) (Chapter|Section) \d", flat), re.findall(
        r".{40}\b(?:binds|profile|chapter) (?:Chapter|Section) \d.{20}", flat
    )[:3]
    every = ", ".join(p.title for p in REGISTER.profiles.values())
    assert f"binds {every}" in flat


@pytest.mark.campaign
def test_a_link_in_print_gives_the_number_of_the_section_it_leads_to(pdf_edition: Path) -> None:
    """Paper cannot be clicked: a link in running text to a section is followed by its number,
    "(§ 10.14)", and every number given is a section the book has (its heading starts with it);
    the rule's "binds" line, repeated on every rule, gives none."""
    _pages, text = pdf_text(pdf_edition)
    given = re.findall(r"\(§\s?(\d+(?:\.\d+)*)\)", text)
    assert len(given) > 100, f"{len(given)} section numbers beside links"
    headings = set(re.findall(r"^(\d+(?:\.\d+)*) \S", text, flags=re.MULTILINE))
    unknown = sorted(set(given) - headings)
    assert not unknown, f"section numbers with no such section: {unknown[:10]}"
    assert not re.search(r"binds [^\n]*\(§", text)


@pytest.mark.campaign
def test_the_running_header_is_one_line(pdf_edition: Path) -> None:
    """Every page of the body ends with its running header (the book's title, or the chapter's)
    whole on one line, then its number: no header wraps."""
    require("pypdf", "the PDF's text is read with pypdf")
    from pypdf import PdfReader

    from napspec.docs import conf

    headers = {str(conf.rinoh_documents[0]["title"]), *BOOK_CHAPTERS}
    first_body_page = dict(pdf_chapters(pdf_edition))[BOOK_CHAPTERS[0]]
    wrapped = []
    for number, page in enumerate(PdfReader(pdf_edition).pages, start=1):
        lines = [line.strip() for line in (page.extract_text() or "").strip().splitlines()]
        if number <= first_body_page or len(lines) < 3 or not lines[-1].isdigit():
            continue  # the front matter, and a chapter's first page, which has no header
        if lines[-2] not in headers and any(lines[-2] and h.endswith(lines[-2]) for h in headers):
            wrapped.append((number, lines[-3:-1]))
    assert not wrapped, wrapped[:5]


@pytest.mark.campaign
def test_the_pdf_holds_every_chapter_and_rule(pdf_edition: Path) -> None:
    _pages, text = pdf_text(pdf_edition)
    whole = squeezed(text)
    missing = [c.title for c in REGISTER.chapters.values() if squeezed(c.title) not in whole]
    missing += [r.title for r in REGISTER.rules.values() if squeezed(r.title) not in whole]
    assert not missing, f"not in the PDF: {missing[:10]}"


@pytest.mark.campaign
def test_the_pdf_quotes_every_source(pdf_edition: Path) -> None:
    _pages, text = pdf_text(pdf_edition)
    whole = squeezed(text)
    for source in REGISTER.sources.values():
        quotes = [
            shown_quote(c.quote) for _f, _o, c in REGISTER.citations() if c.source == source.id and len(c.quote) > 30
        ]
        missing = [q for q in quotes if squeezed(q) not in whole]
        assert not missing, f"{source.short}'s words not in the PDF: {missing[:3]}"


@pytest.mark.campaign
def test_the_pdf_says_where_a_plot_stood(pdf_edition: Path) -> None:
    from napspec.docs.rulebook.editions import PLOT_NOTE

    _pages, text = pdf_text(pdf_edition)
    assert squeezed(PLOT_NOTE) in squeezed(text)


# ---------------------------------------------------------------------- house rules


def test_the_house_rules_edition_states_the_table_s_rules_in_words(editions: Editions) -> None:
    text = html_text(editions.house)
    assert "House rules: The Crown, Tuesdays" in text
    assert "Penny Nap at the Crown" in text
    hoyle = REGISTER.profiles["hoyle"]
    assert hoyle.title in text
    stakes = REGISTER.options["nap-stakes"]
    chosen = stakes.value("win-12-lose-6")
    assert " ".join(chosen.meaning.split())[:60] in text
    for citation in chosen.citations:
        assert " ".join(citation.quote.split())[:60] in text
    # what the table sets aside: the profile's value in words, with its own source's words for it
    # and the interpretation it rests on
    words = stakes.phrase("win-10-lose-5")
    assert f"The profile {hoyle.title} plays: {words} (" in text and "win-10-lose-5 in the file)" in text
    for citation in stakes.value("win-10-lose-5").citations:
        if citation.source == "hoyle":
            assert " ".join(citation.quote.split())[:60] in text
    assert hoyle.choices["nap-stakes"].interpretation in text
    cut = REGISTER.options["cut-minimum"]
    assert cut.title in text and "the number 3" in text and "we like a deep cut" in text
    assert "Uncited: no source names this number" in text  # a cut of three: no source gives it
    # the rest of the book follows
    assert all(c.title in text for c in REGISTER.chapters.values())


@pytest.mark.parametrize(
    ("content", "wanted"),
    [
        (None, "cannot be read"),
        ('base = "hoyle"\n[options\n', "is not valid TOML"),
        ('base = "hoyle"\n[options]\nnap-stake = "win-12-lose-6"\n', ":3: unknown option 'nap-stake'"),
    ],
    ids=["missing", "malformed", "unknown-option"],
)
def test_bad_house_rules_stop_before_anything_is_written(tmp_path: Path, content: str | None, wanted: str) -> None:
    house = tmp_path / "house.toml"
    if content is not None:
        house.write_text(content, encoding="utf-8")
    output = tmp_path / "out"
    result = CliRunner().invoke(main, ["rulebook", "-o", str(output), "--house-rules", str(house)])
    assert result.exit_code == 2, result.output
    assert str(house) in result.output and wanted in result.output
    assert not output.exists()


# ---------------------------------------------------------------------- provenance


@pytest.mark.parametrize("source_id", list(REGISTER.sources))
def test_each_source_page_states_its_provenance_licence_and_gaps(builds: Builds, source_id: str) -> None:
    source = REGISTER.sources[source_id]
    text = html_text(builds.full.html / "sources" / f"{source_id}.html")
    assert "Provenance of the transcription" in text
    assert source.licence in text
    provenance = next(line for line in source.header.splitlines() if line.startswith("provenance:"))
    assert provenance.partition(":")[2].strip()[:40] in text
    assert "Not recorded:" in text and "no revision or version of the page copied" in text
    if source.copies:
        assert "Where it repeats another source word for word" in text


def test_the_bibliography_states_every_licence(builds: Builds) -> None:
    text = html_text(builds.full.html / "bibliography.html")
    assert "Licences." in text and "CC BY SA 4.0" in text
    for source in REGISTER.sources.values():
        assert f"{source.short}: {source.licence}" in text
