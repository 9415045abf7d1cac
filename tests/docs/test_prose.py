"""Prose that reads, on every page of every edition and in the terminal: a rule's or a
variation point's title never stands in a sentence as if it were a part of it ("it is disposed
of as *a pool left when play ends* says") nor echoes the words before it ("Cards rank as in
*the cards rank as at whist*"); no outline shows its raw ``<placeholder>``; no page and no
command shows raw markup (``_i.e._``, backticks); and nothing tells a reader about markup he
cannot see ("The underscores mark the copy's italics")."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from napspec import spec
from napspec.docs.commands import main

from . import visible
from .conftest import Builds, Editions
from .test_rulebook import html

REGISTER = spec.load()


def _pages(builds: Builds, editions: Editions) -> list[tuple[Path, Path]]:
    """Every page of the site, and the single page of the book and of a house-rules edition,
    each with the folder it is named from."""
    site = builds.full.html
    pages = [(path, site) for path in sorted(site.rglob("*.html"))]
    for single in (editions.single, editions.house):
        pages.append((single, single.parents[2]))
    return pages


def test_no_title_stands_as_a_part_of_a_sentence_or_echoes_it(builds: Builds, editions: Editions) -> None:
    pages = _pages(builds, editions)
    findings = [finding for path, root in pages for finding in visible.title_findings(path, root)]
    assert not findings, f"{len(findings)} titles read as parts of sentences:\n" + "\n".join(findings[:40])


def test_no_page_of_the_other_editions_shows_raw_markup(editions: Editions) -> None:
    findings = [
        finding
        for single in (editions.single, editions.house)
        for finding in visible.page_findings(single, single.parents[2])
    ]
    assert not findings, "\n".join(findings[:40])


def test_no_page_speaks_of_markup_a_reader_cannot_see(builds: Builds, editions: Editions) -> None:
    for path, _root in _pages(builds, editions):
        text = visible.visible_text(path.read_text(encoding="utf-8")).lower()
        assert "underscores mark" not in text, path


def test_an_outline_shows_the_columns_name_not_its_placeholder(builds: Builds) -> None:
    page = html(builds, "chapters/dealing.html")
    shown = [span.text() for span in page.root.find_all("span", "nap-var")]
    assert "profile" in shown and not [text for text in shown if "<" in text or ">" in text]
    titles = [p.text() for p in page.root.find_all("p", "nap-examples-title")]
    assert titles and all("a word in italics in the steps above stands for" in title for title in titles)


def test_a_cited_title_reads_as_a_citation(builds: Builds) -> None:
    pool = html(builds, "chapters/pool.html").root.text()
    assert "it is disposed of as the rule “A pool left when play ends” says" in pool
    play = html(builds, "chapters/play.html").root.text()
    assert "Which card is the higher is given in the rule “The cards rank as at whist, ace high”" in play
    assert "Cards rank as in" not in play


def test_the_scanner_finds_each_kind_of_finding() -> None:
    assert visible.title_problem("Cards rank as in ", "the cards rank as at whist, ace high", ".") == "echo"
    assert visible.title_problem("disposed of as ", "a pool left when play ends", " says") is not None
    assert visible.title_problem("A Blücher is paid as ", "Blücher", " says") is not None
    assert visible.title_problem("both Wellington and ", "Blücher", " are") is None
    assert visible.title_problem("the same dealer (", "a fresh deal is made by the same dealer", ")") is None
    assert visible.raw_markup("those of the profile <profile>.") == [("placeholder", "<profile>")]


def test_the_terminal_shows_no_raw_markup() -> None:
    for command in (["rules"], ["options"]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 0, result.output
        found = visible.raw_markup(result.output)
        assert not found, f"napspec {' '.join(command)}: {found[:10]}"


def test_a_value_every_profile_plays_is_named_without_a_list_of_them(builds: Builds) -> None:
    """Named in a rule's prose, a value that all four profiles play, and no variant changes,
    reads as itself: not "“1” (played by Peel, Hoyle, Britannica and Wikipedia) in all four
    sources"; a value some play is still followed by who plays it."""
    calling = html(builds, "chapters/calling.html").root.text()
    assert "the lowest call being “1” in all four sources" in calling
    assert "“1” (played by" not in calling
    assert "“nobody” (played by Britannica and Wikipedia)" in calling
