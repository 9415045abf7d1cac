"""The rulebook's other editions, as ``napspec rulebook`` builds them: the whole book on one
page, the PDF (set without LaTeX), and the rulebook of one table's house rules; the house-rules
edition's bad input; and each source's provenance and licence as the site states them."""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from napspec import spec
from napspec.docs.commands import main
from napspec.docs.rulebook.printed import cleaned_for_print

from .book import BOOK_CHAPTERS, NOT_CHAPTERS, Line, book_pages, pdf_chapters, pdf_headings, pdf_text, squeezed
from .conftest import Builds, Editions
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
    titles = [title for title, _page in pdf_chapters(pdf_edition) if title not in NOT_CHAPTERS]
    assert titles == BOOK_CHAPTERS


@pytest.mark.campaign
def test_the_transcriptions_close_the_book_as_appendices(pdf_edition: Path) -> None:
    """The four texts are the book's appendices, lettered: after the glossary, each whole."""
    chapters = dict(pdf_chapters(pdf_edition))
    glossary = chapters["Glossary"]
    _pages, text = pdf_text(pdf_edition)
    whole = squeezed(text)
    for letter, source in zip("ABCD", REGISTER.sources.values()):
        assert chapters[f"{source.short}: {source.title}"] > glossary
        assert squeezed(f"Appendix {letter}") in whole
        for division in source.divisions[:3]:
            printed = cleaned_for_print(division.text)[:80]
            assert squeezed(printed) in whole, f"{source.short} {division.locator} not printed"
    for furniture in ("Last updated", "Euchre.jpg", "1. 1 2 Parlett"):
        assert furniture not in text, f"the copy's {furniture!r} printed"


@pytest.mark.campaign
def test_the_book_prints_no_scenario_and_no_certification(pdf_edition: Path) -> None:
    """A report was in the report folder: the book prints no result, no scenario told step by
    step, only one line per rule saying in words how many scenarios test it."""
    _pages, text = pdf_text(pdf_edition)
    for machinery in ("Certification", "Scenario outline", "one row per profile", "not applicable"):
        assert machinery not in text, f"the book prints {machinery!r}"
    assert not re.search(r"\b\d+/\d+ passed\b", text), "the book prints a count of passed cases"
    tested = [r for r in REGISTER.rules.values() if r.testable]
    assert text.count("Tested by ") >= len(tested) * 9 // 10
    assert not re.search(r"Tested by \d", text), "a count of scenarios in figures"


#: What a printed book is not to say: the web editions, an engine, a file or a command of the
#: project, the register's machinery, an address.
MACHINERY = re.compile(
    r"\bweb editions?\b|\bengines?\b|\bspec/|\bfeatures/|\.toml\b|\.feature\b|\.py\b|napspec-reference"
    r"|(?-i:\b[Tt]he (?:peel|hoyle|britannica|wikipedia) profile\b)|https?://|\bbinds Peel\b",
    re.IGNORECASE,
)


#: The addresses the sources' own texts carry (the Britannica transcription's header, which its
#: licence asks to be kept with it): the appendices print them as the copy's words, not the book's.
SOURCES_ADDRESSES = frozenset(
    address.rstrip(".,;")
    for source in REGISTER.sources.values()
    for address in re.findall(r"https?://\S+", source.body)
)


@pytest.mark.campaign
def test_the_book_prints_no_web_engine_or_file_material(pdf_edition: Path) -> None:
    _pages, text = pdf_text(pdf_edition)
    flat = " ".join(text.split())
    found = [
        flat[max(0, m.start() - 50) : m.end() + 30]
        for m in MACHINERY.finditer(flat)
        if not any(flat.startswith(address, m.start()) for address in SOURCES_ADDRESSES)
    ]
    assert not found, found[:5]


@pytest.mark.campaign
def test_the_book_prints_no_id_of_the_register(pdf_edition: Path) -> None:
    """No rule, variation point, interpretation or lacuna is named by its id anywhere in print;
    the index least of all."""
    from napspec.docs.rulebook.book_transform import register_ids
    from napspec.spec.entries import AMOUNT_KINDS, NUMBER_KINDS

    _pages, text = pdf_text(pdf_edition)
    # an option's id is often a word of the language ("seven-card Nap"), and so is a value's
    # ("the lowest-trump lead"): the ids no text uses, the values' that read as none
    ids = {i for i in register_ids("") if "." in i or (i not in REGISTER.options and "-" in i)}
    ids |= {*AMOUNT_KINDS, *NUMBER_KINDS}
    ids |= {
        str(value.value)
        for option in REGISTER.options.values()
        for value in option.values
        if re.search(r"\d", str(value.value)) or str(value.value).count("-") > 1
    }
    words = set(re.findall(r"[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+", " ".join(text.split())))
    assert not words & ids, sorted(words & ids)[:10]
    index = dict(pdf_chapters(pdf_edition))["Index"]
    index_text = "\n".join(page.text for page in book_pages(pdf_edition) if page.number >= index)
    assert "revoke" in index_text.lower()
    assert not re.search(r"\b[a-z]+\.[a-z-]+\b", index_text), "a rule's id in the index"


@pytest.mark.campaign
def test_no_heading_ends_a_page(pdf_edition: Path) -> None:
    """Every heading has text after it on its page: a heading is kept with what it heads."""
    pages = book_pages(pdf_edition)
    stranded = []
    for title, number, _level in pdf_headings(pdf_edition):
        body = pages[number - 1].body
        at = _heading_lines(body, title)
        if at is not None and at[-1] == len(body) - 1:
            stranded.append((number, title))
    assert not stranded, stranded[:5]


@pytest.mark.campaign
def test_no_heading_is_hyphenated(pdf_edition: Path) -> None:
    """A heading that takes two lines breaks between words (or at a hyphen of its own), never
    within a word."""
    pages = book_pages(pdf_edition)
    broken = []
    found = 0
    for title, number, _level in pdf_headings(pdf_edition):
        body = pages[number - 1].body
        at = _heading_lines(body, title)
        if at is None:
            continue
        found += 1
        lines = [body[i].text for i in at]
        for line, following in itertools.pairwise(lines):
            word = re.search(r"(\w+)[-‐­]$", line)
            if word and f"{word.group(1)}-{following.split()[0]}" not in title:
                broken.append((number, title))
    assert found > len(REGISTER.rules), f"{found} headings found on their pages"
    assert not broken, broken[:5]


def _heading_lines(body: list[Line], title: str) -> list[int] | None:
    """The lines of a page's body that a heading is set on, or None where it is not found."""
    wanted = squeezed(title)
    for start in range(len(body)):
        joined = ""
        for end in range(start, min(start + 4, len(body))):
            joined += squeezed(body[end].text)
            stripped = re.sub(r"^(?:Chapter|Appendix)?(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)*)?", "", joined)
            if wanted in (stripped, joined):
                return list(range(start, end + 1))
            if not wanted.startswith((stripped, joined)):
                break
    return None


@pytest.mark.campaign
def test_every_link_in_the_book_is_a_number(pdf_edition: Path) -> None:
    """Paper cannot be clicked: a cross-reference prints the number of the section it leads to
    or its page, and that number is the link; no link is set on words alone."""
    links = [(page.number, text) for page in book_pages(pdf_edition) for text in page.links]
    assert len(links) > 500, f"{len(links)} links"
    number = re.compile(r"(?:§\s?(?:\d+|[A-D])(?:\.\d+)*|Appendix [A-D]|p\.\s?[\divxlc]+|[\divxlc]+)")
    wordy = [(page, text) for page, text in links if not number.fullmatch(text)]
    assert not wordy, wordy[:10]


@pytest.mark.campaign
def test_a_section_number_in_print_is_a_section_the_book_has(pdf_edition: Path) -> None:
    """Every "§ n" a cross-reference gives is the number of a heading of the book."""
    _pages, text = pdf_text(pdf_edition)
    given = re.findall(r"§\s?(\d+(?:\.\d+)*)", text)
    assert len(given) > 100, f"{len(given)} section numbers beside links"
    headings = set(re.findall(r"^(\d+(?:\.\d+)*) \S", text, flags=re.MULTILINE))
    headings |= {str(n) for n in range(1, 40)}  # a chapter's number stands alone over its title
    unknown = sorted(set(given) - headings)
    assert not unknown, f"section numbers with no such section: {unknown[:10]}"


@pytest.mark.campaign
def test_running_heads_and_folios_but_not_on_a_blank_page_or_a_chapter_s_first(pdf_edition: Path) -> None:
    """A page of text carries its running head on one line with its folio; a chapter's first
    page its folio alone, at its foot; a page left blank before a chapter carries nothing."""
    chapters = {page for _title, page in pdf_chapters(pdf_edition)}
    first_body = min(chapters)
    pages = book_pages(pdf_edition)
    wrong = []
    for page in pages[first_body - 1 :]:
        if not page.body:
            if page.head or page.foot:
                wrong.append((page.number, "a blank page with a head or folio"))
        elif page.number in chapters:
            if page.head or len(page.foot) != 1:
                wrong.append((page.number, "a chapter's first page"))
        elif len(page.head) != 1 or not re.search(r"^[\divxlc]+\b|\b[\divxlc]+$", page.head[0].text):
            wrong.append((page.number, f"head {[line.text for line in page.head]}"))
    assert not wrong, wrong[:5]


@pytest.mark.campaign
def test_the_imprint_gives_edition_version_date_and_licence(pdf_edition: Path) -> None:
    imprint = " ".join(book_pages(pdf_edition)[1].text.split())
    for field in ("Edition", "Version", "Date", "Licence", "Provenance"):
        assert field in imprint, imprint
    assert re.search(
        r"Date\. \d{1,2} (January|February|March|April|May|June|July|August|September|October"
        r"|November|December) \d{4}",
        imprint,
    ), imprint
    assert "CC BY-SA 4.0" in imprint


@pytest.mark.campaign
def test_each_game_has_one_table_of_its_calls(pdf_edition: Path) -> None:
    _pages, text = pdf_text(pdf_edition)
    chapter = text[text.index("Calls and payments, game by game") :]
    for profile in REGISTER.profiles.values():
        assert profile.title in chapter
    # a Nap made wins ten from each player and a lost one pays five (Peel's table, the first);
    # a Nap on Sir Garnet's extra hand ranks with the Nap it is (Hoyle's)
    assert re.search(r"^5 Nap 10 5$", chapter, flags=re.MULTILINE), chapter[:600]
    assert re.search(r"^(\d+) Nap 10 5\n\1 Nap, on the extra hand Sir Garnet 10 5$", chapter, flags=re.MULTILINE)


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
    assert "Licences." in text and "CC BY-SA 4.0" in text
    for source in REGISTER.sources.values():
        assert f"{source.short}: {source.licence}" in text
