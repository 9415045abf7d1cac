"""Prose that reads, on every page of every edition and in the terminal: a rule's or a
variation point's title never stands in a sentence as if it were a part of it ("it is disposed
of as *a pool left when play ends* says") nor echoes the words before it ("Cards rank as in
*the cards rank as at whist*"); no outline shows its raw ``<placeholder>``; no page and no
command shows raw markup (``_i.e._``, backticks); and nothing tells a reader about markup he
cannot see ("The underscores mark the copy's italics")."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from napspec import spec
from napspec.docs.commands import main

from . import visible
from .conftest import Builds, Editions
from .proofreading import MACHINE_TOKENS, marked
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
    sources"; a value some play is still followed by the games that play it, named as games."""
    calling = html(builds, "chapters/calling.html").root.text()
    assert "the lowest call being “1” in all four sources" in calling
    assert "“1” (" not in calling
    assert "with “nobody” (Britannica and Wikipedia) every player may pass" in calling
    assert "“the eldest, who may never pass” (in none of the four games)" in calling


def test_no_page_lists_the_players_of_a_value(builds: Builds, editions: Editions) -> None:
    """What a player reads names the games that play a value, not a list of profiles "(played by
    Peel, Hoyle, …)" nor "(played as a variant by …)" after it, on any page of any edition."""
    found = []
    for path, _root in _pages(builds, editions):
        text = " ".join(visible.visible_text(path.read_text(encoding="utf-8")).split())
        found += [f"{path.name}: …{text[max(0, m.start() - 50) : m.end() + 30]}…" for m in PLAYED_BY.finditer(text)]
    assert not found, f"{len(found)} lists of players:\n" + "\n".join(found[:10])


#: A value followed by who plays it, as the register's machinery wrote it.
PLAYED_BY = re.compile(r"\(played (?:by|as a variant by) |\bplayed by no profile\b")


#: An element's id, as a tag of a page carries it.
ID = re.compile(r'<[a-zA-Z][^<>]*?\sid="([^"]*)"')


def test_no_page_repeats_an_id(builds: Builds, editions: Editions) -> None:
    """An id names one element of a page: a link to it, or a figure's reference to one of its
    parts (matplotlib names every figure's parts alike, "figure_1", "patch_1"), must not find
    another. Every page of every edition."""
    from collections import Counter

    repeated = []
    for path, root in _pages(builds, editions):
        counted = Counter(ID.findall(path.read_text(encoding="utf-8")))
        twice = sorted(name for name, count in counted.items() if count > 1)
        if twice:
            repeated.append(f"{path.relative_to(root)}: {len(twice)} ids, {twice[:5]}")
    assert not repeated, "\n".join(repeated)


def test_the_single_page_speaks_only_of_what_it_holds_of_the_status(editions: Editions) -> None:
    """The single page leaves the matrix of every rule on every target and each target's rule
    tables to the site: its status chapter says where they are, and speaks of no table "below"
    and no page "of its own" that it does not hold."""
    from .dom import parse

    for single in (editions.single, editions.house):
        chapter = parse(single).by_id("conformance-status-of-the-engines").text()
        for elsewhere in ("a matrix of every rule", "rule tables below", "a page of its own", "on each target's page,"):
            assert elsewhere not in chapter, (single, elsewhere)
        assert "a link to its page on the site" in chapter and "the site's rule tables" in chapter


def test_every_name_the_claims_give_their_hands_and_plays_has_words() -> None:
    """The claims' simulations name the hands they deal and the ways of play they compare by the
    lab's names (``four-honour-and-AKQ``, ``defence-leads = plain``): each has its words
    (:mod:`napspec.docs.rulebook.claims_words`), which the chapter shows in their place."""
    from napspec.docs.rulebook.claims_words import HANDS, STYLES
    from napspec.spec.claims import load_claims

    hands: set[str] = set()
    styles: set[tuple[str, str]] = set()
    for claim in load_claims(REGISTER).values():
        for reading in claim.readings:
            given = reading.given
            for key in ("above", "below", "hands-of"):  # a list of hands, one hand, or a chance
                named = given.get(key, [])
                hands |= set(named) if isinstance(named, list) else {named} - {"1/2", "1/100"}
            styles |= {item for style in given.get("styles", ()) for item in style.items()}
    assert hands and styles
    assert not hands - set(HANDS), sorted(hands - set(HANDS))
    assert not styles - set(STYLES), sorted(styles - set(STYLES))


#: The site's pages that show the register's and the suite's names on purpose, for whoever
#: checks an engine or cites a rule by its id: the machine index, the interpretations and
#: lacunae by their ids, the engine contract, and the scenarios' tables of the chapters.
REFERENCE_PAGES = ("genindex.html", "conflicts.html", "implementers.html", "chapters/")


def test_no_page_s_prose_holds_a_name_of_code(builds: Builds, editions: Editions) -> None:
    """Outside what is set in code type, no page of any edition shows a snake_case name of code
    (``trumps_sure``)."""
    pattern = MACHINE_TOKENS["an underscore (a name of code, or a copy's mark of italics)"]
    hits: list[str] = []
    for path, root in _pages(builds, editions):
        text = visible.visible_text(path.read_text(encoding="utf-8"), skip=visible.CODE)
        hits += [f"{path.relative_to(root)}: {hit}" for hit in marked(pattern, text)]
    assert not hits, f"{len(hits)} names of code:\n" + "\n".join(hits[:20])


def test_a_player_s_page_names_no_id(builds: Builds) -> None:
    """The pages a player reads (the quick rules, the dispute, the claims, the readings, the
    comparisons, the profiles…) show no id of hyphenated words outside code type and files' names
    (``hoyle-refusal-to-show-once``, ``four-honour-and-AKQ``): the claims' findings and the
    evidence name the lab's hands and ways of play in words."""
    # an id, not a file's name (a sweep's file is named where its figures stand)
    words = MACHINE_TOKENS["an id of hyphenated words"].pattern.removeprefix(r"\b")
    pattern = re.compile(rf"(?<![/\w.-]){words}(?!\.[a-z])")
    site = builds.full.html
    pages = [p for p in sorted(site.rglob("*.html")) if not str(p.relative_to(site)).startswith(REFERENCE_PAGES)]
    assert {"claims.html", "dispute.html", "quick/hoyle.html"} <= {str(p.relative_to(site)) for p in pages}
    hits: list[str] = []
    for path in pages:
        text = visible.visible_text(path.read_text(encoding="utf-8"), skip=visible.CODE)
        hits += [f"{path.relative_to(site)}: {hit}" for hit in marked(pattern, text)]
    assert not hits, f"{len(hits)} ids:\n" + "\n".join(hits[:20])
