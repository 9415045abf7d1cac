"""The single page, as ``napspec rulebook`` builds it with a report on every target: every link
of it to a place in it lands on an element it has, it weighs at most 3 MB, and what it leaves to
the site (each target's results, the pairs of profiles, each source in its own order, the
scenarios told step by step) it links to there. (The browser test clicks its links:
``test_browser_single_page``.)"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from napspec import spec
from napspec.docs.rulebook.domain import slug
from napspec.docs.rulebook.status_pages import target_pages
from napspec.suite.scenarios import load_scenarios

from .conftest import Builds, Editions
from .test_editions import html_text

REGISTER = spec.load()
#: The most the single page may weigh, in bytes (the whole site on one page, with every target's
#: report in the report folder; 9.2 MB when each of its links was written in full, with a tooltip).
SINGLE_PAGE_AT_MOST = 3_000_000

LINK = re.compile(r'<a\b[^>]*?\shref="([^"]*)"')
ID = re.compile(r'\sid="([^"]+)"')


def in_page_links(page: str) -> list[str]:
    """The fragments of the page's links to places in it (``#`` alone is its top)."""
    return [href[1:] for href in LINK.findall(page) if href.startswith("#") and href != "#"]


def dead_links(page: str) -> Counter[str]:
    ids = set(ID.findall(page))
    return Counter(fragment for fragment in in_page_links(page) if fragment not in ids)


@pytest.fixture(params=["single", "house"], ids=["the rulebook", "a house-rules edition"])
def single(request: pytest.FixtureRequest, editions: Editions) -> Path:
    path: Path = getattr(editions, request.param)
    return path


def test_every_link_of_the_single_page_lands_on_it(single: Path) -> None:
    page = single.read_text(encoding="utf-8")
    links = in_page_links(page)
    assert len(links) > 5000, f"only {len(links)} links to places in the page"
    dead = dead_links(page)
    assert not dead, f"{sum(dead.values())} of {len(links)} links name no element of the page: {dead.most_common(5)}"


def test_the_single_page_weighs_at_most_3_mb(editions: Editions) -> None:
    weight = editions.single.stat().st_size
    assert weight <= SINGLE_PAGE_AT_MOST, f"the single page weighs {weight:,} bytes"


def test_no_link_repeats_its_words_in_a_tooltip(builds: Builds, single: Path) -> None:
    """A tooltip says more than the link's words, or there is none (on the site and the one page)."""
    link = re.compile(r'<a\b[^>]*\stitle="([^"]*)"[^>]*>(.*?)</a>', re.S)
    for path in [single, builds.full.html / "chapters" / "calling.html", builds.full.html / "conflicts.html"]:
        for title, words in link.findall(path.read_text(encoding="utf-8")):
            shown = " ".join(re.sub(r"<[^>]+>", "", words).split())
            assert title.casefold().strip("“”") != shown.casefold().strip("“”"), (path.name, title)


def test_what_the_single_page_leaves_to_the_site_it_links_to(editions: Editions) -> None:
    page = editions.single.read_text(encoding="utf-8")
    for source in REGISTER.sources:
        assert f'href="../reading/{source}.html"' in page, source
    assert 'href="../compare/index.html"' in page
    assert "nap-steps" not in page, "no scenario told step by step"
    named = re.findall(r'<p class="nap-scenario-line" id="scenario-([^"]+)"><a [^>]*href="\.\./([^"]+)"', page)
    scenarios = {slug(scenario.id) for scenario in load_scenarios()}
    assert {anchor for anchor, _href in named} <= scenarios and len(named) > 100
    for anchor, href in named:
        assert re.fullmatch(rf"chapters/[a-z-]+\.html#scenario-{re.escape(anchor)}", href), href


def test_the_single_page_carries_no_certification_line(editions: Editions) -> None:
    """Reports were in the report folder: the single page gives no result beside a rule or a
    scenario, and its status chapter counts each report's cases and leaves the rest to each
    target's page on the site, which it links to."""
    page = editions.single.read_text(encoding="utf-8")
    assert "nap-scenario-status" not in page and "nap-rule-status" not in page
    assert "Certification of" not in html_text(editions.single)
    assert 'class="nap-status-cases ' not in page and 'class="nap-status-cases"' not in page
    assert "nap-status-matrix" not in page.replace("nap-status-matrix-elsewhere", "")
    for page_name in target_pages(REGISTER):
        assert f'href="../status/{page_name}.html"' in page, page_name
    assert 'href="../status.html#status-matrix"' in page
