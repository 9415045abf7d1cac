"""The single page and the page that settles disputes, clicked as a reader clicks them, in
headless Chromium: a link of the single page lands on its target, in view; on a phone, a
question of the dispute page is one tap from the top of the page, and a game's line opens where
it is tapped, on the source's words.

Needs the Debian package ``chromium``. Without it the test fails in CI (``CI=true``) and is
skipped elsewhere.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from napspec import spec
from napspec.spec.transcriptions import normalise

from .chromium import Chromium
from .conftest import Builds, Editions
from .shown import quote
from .test_browser import chromium_binary
from .test_rulebook import slug

REGISTER = spec.load()
PHONE = (390, 844)  # CSS pixels: a phone held upright
DESKTOP = (1400, 1000)
#: Links of the single page clicked at random, besides the first of each kind of target: a few
#: in the default run (each click is about half a second of a browser laying out the long page),
#: hundreds in the campaign.
SAMPLE, CAMPAIGN_SAMPLE = 6, 300

#: Number every link of the page's text to a place in it that a reader can click where the page
#: opens (not in a closed fold, not a heading's ¶), and give their targets in that order.
LINKS_SCRIPT = """(() => [...document.querySelectorAll('article a[href^="#"]:not(.headerlink)')]
  .filter(a => !a.closest('details:not([open])') && a.getClientRects().length && a.getAttribute('href').length > 1)
  .map((a, n) => { a.dataset.napClick = n; return a.getAttribute('href').slice(1); }))()"""

#: Scroll a numbered link into the middle of the window and say where to click it (near the
#: start of its first line: a link that wraps is clicked on its first part).
AIM_SCRIPT = """((n) => {
  const link = document.querySelector(`a[data-nap-click="${n}"]`);
  link.scrollIntoView({block: 'center', behavior: 'instant'});
  const box = link.getClientRects()[0];
  const x = box.left + Math.min(box.width / 2, 8), y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {x, y, href: link.getAttribute('href'), hit: hit === link || link.contains(hit)};
})"""

LANDED_SCRIPT = """(() => {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = document.getElementById(id);
  if (!target) return {hash: location.hash, found: false};
  const box = target.getBoundingClientRect();
  // an empty anchor (a page's start, <span id="document-…">) has no size, but has its place
  return {hash: location.hash, found: true, top: box.top, bottom: box.bottom, height: innerHeight,
          shown: !target.closest('details:not([open])')};
})()"""


@pytest.fixture(scope="module")
def desktop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-single"), *DESKTOP) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-phone-dispute"), *PHONE) as chromium:
        yield chromium


def chosen(links: list[str], sample: int) -> list[int]:
    """The links to click: the first to each kind of target (a rule, a variation point, a
    profile's choice, a reading, a place in a source, a term, a chapter…), and a seeded sample."""
    first: dict[str, int] = {}
    for index, fragment in enumerate(links):
        first.setdefault(re.split(r"[-/]", fragment, maxsplit=1)[0], index)
    return sorted({*first.values(), *random.Random(47).sample(range(len(links)), sample)})


def click_link(browser: Chromium, index: int) -> dict[str, Any]:
    aim = browser.evaluate(f"{AIM_SCRIPT}({index})")
    assert aim["hit"], f"link {index} ({aim['href']}) is covered by something else where it is shown"
    browser.click(aim["x"], aim["y"])
    landed: dict[str, Any] = browser.evaluate(LANDED_SCRIPT)
    landed["href"] = aim["href"]
    return landed


@pytest.mark.parametrize("sample", [SAMPLE, pytest.param(CAMPAIGN_SAMPLE, marks=pytest.mark.campaign)])
def test_a_click_on_a_link_of_the_single_page_lands_on_its_target_in_view(
    editions: Editions, desktop: Chromium, sample: int
) -> None:
    desktop.open(editions.single.as_uri())
    # the theme scrolls to a link's target smoothly, over a second or two across the long page:
    # where the click lands is the same without the animation, which the test need not sit through
    desktop.evaluate("document.documentElement.style.scrollBehavior = 'auto'")
    links: list[str] = desktop.evaluate(LINKS_SCRIPT)
    assert len(links) > 3000
    picked = chosen(links, sample)
    assert len(picked) > 20
    missed = []
    for index in picked:
        landed = click_link(desktop, index)
        if landed["hash"] != landed["href"] or not landed["found"] or not landed["shown"]:
            missed.append((landed["href"], "no such element" if not landed["found"] else landed))
        elif not (-2 <= landed["top"] < landed["height"]):
            missed.append((landed["href"], f"not in view: its top at {landed['top']:.0f} px"))
    assert not missed, f"{len(missed)} of {len(picked)} links clicked did not land in view: {missed[:5]}"


QUESTIONS_SCRIPT = """((anchor) => {
  const list = document.querySelector('.nap-dispute-questions');
  const link = list.querySelector(`a[href="#${anchor}"]`);
  const box = link.getClientRects()[0];
  return {listTop: list.getBoundingClientRect().top + scrollY, x: box.left + Math.min(box.width / 2, 8),
          y: box.top + box.height / 2, linkTop: box.top + scrollY, height: innerHeight, scrolled: scrollY};
})"""

LINE_SCRIPT = """((id) => {
  const fold = document.getElementById(id);
  const line = fold.querySelector(':scope > summary');
  const words = line.querySelector('.nap-game-answer').getClientRects()[0];
  return {open: fold.open, top: line.getBoundingClientRect().top, bottom: fold.getBoundingClientRect().bottom,
          x: words.left + Math.min(words.width / 2, 30), y: words.top + words.height / 2, height: innerHeight,
          href: location.href, text: fold.innerText};
})"""


def into_view(browser: Chromium, fold_id: str) -> dict[str, Any]:
    """Scroll a game's line to the middle of the window; where it is."""
    browser.evaluate(f"document.getElementById({fold_id!r}).scrollIntoView({{block: 'center', behavior: 'instant'}})")
    return answers_in_view(browser, fold_id)


def answers_in_view(browser: Chromium, fold_id: str) -> dict[str, Any]:
    seen: dict[str, Any] = browser.evaluate(f"{LINE_SCRIPT}({fold_id!r})")
    return seen


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_question_is_one_tap_from_the_top_and_a_line_opens_where_it_is_tapped(
    builds: Builds, tmp_path_factory: pytest.TempPathFactory, screen: tuple[int, int]
) -> None:
    """From the top of the dispute page, one tap on the revoke's question in the list of
    questions brings its answers into view, Hoyle's among them; a tap on Hoyle's line opens it
    where it is, on Hoyle's words, without leaving the page."""
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-dispute"), *screen) as browser:
        page = (builds.full.html / "dispute.html").as_uri()
        browser.open(page)
        where = browser.evaluate(f"{QUESTIONS_SCRIPT}('dispute-revoke')")
        assert where["scrolled"] == 0 and where["listTop"] < where["height"], "the questions start on the first screen"
        if where["y"] > where["height"]:  # a long list is scrolled to its question, not tapped through
            browser.evaluate(f"window.scrollTo(0, {where['linkTop'] - where['height'] / 2})")
            where = browser.evaluate(f"{QUESTIONS_SCRIPT}('dispute-revoke')")
        browser.click(where["x"], where["y"])
        landed = browser.evaluate(LANDED_SCRIPT)
        assert landed["hash"] == "#dispute-revoke" and 0 <= landed["top"] < 150, landed
        line = answers_in_view(browser, "dispute-revoke-hoyle")
        assert not line["open"] and line["bottom"] < line["height"], "Hoyle's answer in view, folded"
        assert line["text"].startswith("Hoyle: the hand replayed"), line["text"][:80]

        browser.click(line["x"], line["y"])
        opened = answers_in_view(browser, "dispute-revoke-hoyle")
        assert opened["open"], "a tap on the line opens the fold"
        assert opened["href"] == line["href"], "the tap did not leave the page or move to another place"
        assert abs(opened["top"] - line["top"]) < 2, "the fold opened where it was tapped"
        hoyle = REGISTER.options["revoke"].value("replay-hand-revoker-pays-all").citations[0]
        assert quote(hoyle.quote)[:60] in normalise(opened["text"])

        browser.click(opened["x"], opened["y"])
        assert not answers_in_view(browser, "dispute-revoke-hoyle")["open"], "a second tap folds it again"


def test_every_fold_of_the_dispute_page_opens_on_a_tap_on_its_line(builds: Builds, phone: Chromium) -> None:
    """Each game's line under a few questions of the plain game and of the variants, tapped:
    each opens in place, and shows the source's words or says what of them is lost."""
    phone.open((builds.full.html / "dispute.html").as_uri())
    for option_id in ("fresh-deal-faulty-pack", "revoke", "misery", "pool-end"):
        for profile_id in REGISTER.profiles:
            fold_id = f"dispute-{slug(option_id)}-{profile_id}"
            line = into_view(phone, fold_id)
            phone.click(line["x"], line["y"])
            opened = answers_in_view(phone, fold_id)
            assert opened["open"] and abs(opened["top"] - line["top"]) < 2, (fold_id, line["top"], opened["top"])
            assert len(opened["text"]) > len(line["text"]), fold_id


def test_a_fold_of_the_single_page_opens_on_a_tap_on_its_line(editions: Editions, desktop: Chromium) -> None:
    desktop.open(editions.single.as_uri())
    line = into_view(desktop, "dispute-revoke-peel")
    assert line["text"].startswith("Peel: the text is lost here"), line["text"][:80]
    desktop.click(line["x"], line["y"])
    opened = answers_in_view(desktop, "dispute-revoke-peel")
    assert opened["open"] and opened["href"] == line["href"] and abs(opened["top"] - line["top"]) < 2
