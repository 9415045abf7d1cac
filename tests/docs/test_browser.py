"""The rulebook as a reader sees it, in headless Chromium: cards drawn red and black, the four
sources' quotations side by side, the conflicts matrix laid out as a grid.

Needs the Debian package ``chromium``. Without it the test fails in CI (``CI=true``) and is
skipped elsewhere.
"""

from __future__ import annotations

import base64
import itertools
import unicodedata
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest

from napspec import spec
from napspec.docs.rulebook.domain import slug
from napspec.spec.transcriptions import normalise
from napspec.suite.scenarios import load_scenarios
from tests.machine import needs

from .chromium import Chromium, decode_png, find_chromium
from .conftest import FAILED_RULE, Builds, require
from .shown import quote as shown_quote
from .shown import value

REGISTER = spec.load()
SHORTS = [source.short for source in REGISTER.sources.values()]
RED = "rgb(200, 16, 46)"  # --nap-red in docs/_static/napspec.css
BLACK = "rgb(26, 26, 26)"  # --nap-black


def chromium_binary() -> str:
    """Chromium's program; without it the test fails in CI and is skipped elsewhere."""
    return needs(
        find_chromium(), "chromium is not installed (apt-get install -y chromium): the rulebook's browser test needs it"
    )


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-profile")) as chromium:
        yield chromium


CHAPTER_SCRIPT = """(() => {
  document.querySelectorAll('details.nap-scenario').forEach(d => { d.open = true; });  // the scenarios, opened as a reader would
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, top: r.top + scrollY, width: r.width, height: r.height}; };
  const rule = document.querySelector('section.nap-rule');
  const grid = rule.querySelector('table.nap-sources');
  const red = [...document.querySelectorAll('.nap-card.nap-red')];
  const black = [...document.querySelectorAll('.nap-card.nap-black')];
  const hands = document.querySelector('table.nap-hands');
  return {
    rule: rule.id,
    heads: [...grid.querySelectorAll('thead th')].map(th => th.innerText.trim()),
    cells: [...grid.querySelectorAll('tbody tr:first-child > td')].map(td => ({text: td.innerText, ...box(td)})),
    red: red.length,
    black: black.length,
    redColour: getComputedStyle(red[0]).color,
    blackColour: getComputedStyle(black[0]).color,
    cardDisplay: getComputedStyle(red[0]).display,
    redText: red.map(e => e.innerText),
    hands: {...box(hands), left: hands.getBoundingClientRect().left + scrollX},
  };
})()"""

CONFLICTS_SCRIPT = """(() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, top: r.top + scrollY, width: r.width, height: r.height}; };
  const matrix = document.querySelector('table.nap-matrix');
  const detail = document.querySelector('table.nap-option-sources');
  detail.closest('details').open = true;  // the sources' words on a point are folded: open the first
  return {
    width: box(matrix).width,
    heads: [...matrix.querySelectorAll('thead th')].map(th => th.innerText.trim()),
    rows: [...matrix.querySelectorAll('tbody tr')].map(tr => [...tr.children].map(td => ({
      text: td.innerText.trim(),
      href: (td.querySelector('a') || {href: ''}).href,
      ...box(td),
    }))),
    detailHeads: [...detail.querySelectorAll('thead th')].map(th => th.innerText.trim()),
    detail: [...detail.querySelectorAll('tbody tr:first-child > td')].map(td => ({text: td.innerText, ...box(td)})),
  };
})()"""


BACKGROUND_SCRIPT = """(() => {
  let e = document.elementFromPoint(0, 0);
  while (e && getComputedStyle(e).backgroundColor === 'rgba(0, 0, 0, 0)') e = e.parentElement;
  const colour = e ? getComputedStyle(e).backgroundColor : 'rgb(255, 255, 255)';
  return colour.match(/\\d+/g).slice(0, 3).map(Number);
})()"""


def side_by_side(cells: list[dict[str, Any]]) -> None:
    """Cells of one table row, laid out left to right on one line, none squeezed away."""
    tops = {round(c["top"]) for c in cells}
    assert len(tops) == 1, f"not on one line: {tops}"
    lefts = [c["left"] for c in cells]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts), lefts
    assert all(c["width"] > 100 and c["height"] > 10 for c in cells), cells


def test_a_chapter_page_draws_the_cards_and_sets_the_sources_side_by_side(builds: Builds, browser: Chromium) -> None:
    browser.open((builds.full.html / "chapters" / "play.html").as_uri())
    seen = browser.evaluate(CHAPTER_SCRIPT)

    rule = REGISTER.rules[REGISTER.chapters["play"].rules[0]]
    assert seen["rule"] == "rule-" + rule.id.replace(".", "-")
    assert seen["heads"] == SHORTS
    side_by_side(seen["cells"])
    for source_id, cell in zip(REGISTER.sources, seen["cells"]):
        quotes = [c.quote for c in rule.citations if c.source == source_id]
        for words in quotes:
            assert shown_quote(words) in normalise(cell["text"]), (source_id, cell["text"][:200])
        if not quotes:
            assert cell["text"].strip() == "silent"

    assert seen["red"] > 0 and seen["black"] > 0
    assert seen["redColour"] == RED and seen["blackColour"] == BLACK
    assert seen["cardDisplay"] == "inline-block"
    assert all(text[-1] in "♥♦" for text in seen["redText"])

    hands = seen["hands"]
    png = browser.screenshot(hands["left"], hands["top"], hands["width"], hands["height"])
    width, height, pixels = decode_png(png)
    assert width >= 100 and height >= 50
    red = sum(1 for r, g, b in pixels if r > 150 and g < 90 and b < 110)
    dark = sum(1 for r, g, b in pixels if r < 70 and g < 70 and b < 70)
    assert red >= 40, f"no red card glyphs drawn in the hands table ({red} red pixels)"
    assert dark >= 40, f"no black card glyphs drawn in the hands table ({dark} dark pixels)"


def test_the_conflicts_page_sets_every_variation_point_against_the_four_sources(
    builds: Builds, browser: Chromium
) -> None:
    browser.open((builds.full.html / "conflicts.html").as_uri())
    seen = browser.evaluate(CONFLICTS_SCRIPT)

    assert seen["width"] > 800
    assert seen["heads"] == ["Variation point", *SHORTS]
    assert len(seen["rows"]) == len(REGISTER.options)
    for option, row in zip(REGISTER.options.values(), seen["rows"]):
        side_by_side(row)
        assert option.id in row[0]["text"]
        for source_id, cell in zip(REGISTER.sources, row[1:]):
            stance, values = option.stance(source_id)
            expected = {
                "cited": " or ".join(value(option, v) for v in values),
                "silent": "silent",
                "lacuna": "missing text",
            }[stance]
            assert cell["text"].replace(" inferred", "").startswith(expected), (option.id, source_id, cell["text"])
            assert cell["href"].endswith(f"#option-{option.id}-{source_id}"), cell["href"]

    first = next(iter(REGISTER.options.values()))
    assert seen["detailHeads"] == SHORTS
    side_by_side(seen["detail"])
    for source_id, cell in zip(REGISTER.sources, seen["detail"]):
        for option_value in first.values:
            for citation in option_value.citations:
                if citation.source == source_id:
                    assert shown_quote(citation.quote) in normalise(cell["text"])


def test_the_png_decoder_reads_what_chromium_writes(builds: Builds, browser: Chromium, tmp_path: Path) -> None:
    browser.open((builds.full.html / "index.html").as_uri())
    width, height, pixels = decode_png(browser.screenshot(0, 0, 64, 32))
    assert (width, height) == (64, 32) and len(pixels) == 64 * 32
    # the page's plain margin (the sidebar's background, where the page starts), as the page styles it
    background = browser.evaluate(BACKGROUND_SCRIPT)
    assert pixels[0] == tuple(background), (pixels[0], background)


# ---------------------------------------------------------------------- phones and paper

PHONE = 400  # px: the width of a small phone held upright

OVERFLOW_SCRIPT = """(() => {
  const width = document.documentElement.clientWidth;
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + [...e.classList].map(c => '.' + c).join('');
  const problems = [];
  if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const e of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(e);
    if (!['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX) || e.scrollWidth <= e.clientWidth + 1) continue;
    if (e.closest('.table-wrapper, pre')) continue;
    problems.push(`${name(e)} scrolls or cuts sideways (${e.scrollWidth} px in ${e.clientWidth})`);
  }
  return problems;
})()"""

STACKED_SCRIPT = """(() => {
  const grid = document.querySelector('section.nap-rule table.nap-sources');
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY, width: r.width}; };
  return {
    grid: box(grid),
    cells: [...grid.querySelectorAll('tbody tr:first-child > td')].map(td => ({
      label: getComputedStyle(td, '::before').content, display: getComputedStyle(td, '::before').display, ...box(td),
    })),
  };
})()"""

SCENARIO_SCRIPT = """(() => {
  const scenarios = [...document.querySelectorAll('details.nap-scenario')];
  const first = scenarios[0];
  const closed = first.getBoundingClientRect().height;
  first.open = true;
  const opened = first.getBoundingClientRect().height;
  return {
    count: scenarios.length,
    open: scenarios.filter(d => d.open).length - 1,
    summaries: scenarios.map(d => d.querySelector(':scope > summary').innerText),
    ids: scenarios.map(d => d.id),
    closed, opened,
  };
})()"""


def built_pages(html: Path) -> list[Path]:
    """Every page of the built rulebook (not Sphinx's static files)."""
    return sorted(p for p in html.rglob("*.html") if not {"_static", "_sources", "_images"} & set(p.parts))


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    """A browser window as narrow as a phone."""
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-phone"), width=PHONE, height=800) as chromium:
        yield chromium


# the phone in the default run (the narrower, where a page first scrolls); the wide screen too in the campaign
@pytest.mark.parametrize("width", [PHONE, pytest.param(1920, marks=pytest.mark.campaign)], ids=["phone", "wide-screen"])
def test_no_page_scrolls_sideways(builds: Builds, phone: Chromium, width: int) -> None:
    """At 400 px (and on a wide screen) no page is wider than the window and no part of it but
    a table (or code) scrolls or cuts sideways: the text wraps, the sources stack, wide tables
    scroll in their own box."""
    html = builds.full.html
    pages = built_pages(html)
    assert len(pages) > 20
    wide: dict[str, list[str]] = {}
    phone.resize(width, 800)
    try:
        for page in pages:
            phone.open(page.as_uri())
            problems = phone.evaluate(OVERFLOW_SCRIPT)
            if problems:
                wide[str(page.relative_to(html))] = problems[:3]
    finally:
        phone.resize(PHONE, 800)
    assert not wide, f"{len(wide)} pages overflow at {width} px: {wide}"


def test_on_a_phone_the_sources_stack_each_under_its_name(builds: Builds, phone: Chromium) -> None:
    phone.open((builds.full.html / "chapters" / "calling.html").as_uri())
    seen = phone.evaluate(STACKED_SCRIPT)
    cells, grid = seen["cells"], seen["grid"]
    assert len(cells) == len(SHORTS)
    for above, below in itertools.pairwise(cells):
        assert below["top"] >= above["bottom"] - 1, "one below the other"
    for cell, short in zip(cells, SHORTS):
        assert cell["width"] >= 0.9 * grid["width"] and cell["right"] <= PHONE, cell
        assert cell["label"] == f'"{short}"' and cell["display"] != "none", cell


def test_scenarios_are_folded_under_a_line_that_says_what_they_check(builds: Builds, browser: Chromium) -> None:
    chapter = REGISTER.chapters["calling"]
    browser.open((builds.full.html / "chapters" / "calling.html").as_uri())
    seen = browser.evaluate(SCENARIO_SCRIPT)
    rules = set(chapter.rules)
    shown = [s for s in load_scenarios() if next(r for r in s.rules if r in REGISTER.rules) in rules]
    assert seen["count"] == len(shown) > 0
    assert seen["open"] == 0, "every scenario is folded when the page opens"
    summaries = dict(zip(seen["ids"], seen["summaries"]))
    for scenario in shown:
        summary = summaries[f"scenario-{scenario.id.replace('.', '-')}"]
        assert scenario.name in summary and "step" in summary, summary
    assert seen["opened"] > 3 * seen["closed"], "opening a scenario shows its steps"


def test_a_printed_chapter_keeps_every_quotation_of_every_source(builds: Builds, browser: Chromium) -> None:
    """Calling printed to A4 by Chromium: the PDF's text holds every quotation of its rules
    (nothing cut at the right edge) and the summary line of every scenario, and none of the
    page's navigation."""
    require("pypdf", "the printed page's text is read with pypdf")
    import pypdf

    browser.open((builds.full.html / "chapters" / "calling.html").as_uri())
    result = browser.call("Page.printToPDF", session=True, paperWidth=8.27, paperHeight=11.69, printBackground=True)
    reader = pypdf.PdfReader(BytesIO(base64.b64decode(result["data"])))
    # NFKC: the PDF's ligatures (ﬁ) as letters; no whitespace, as lines break where they will
    text = "".join("".join(unicodedata.normalize("NFKC", page.extract_text()).split()) for page in reader.pages)
    missing = []
    quotes = 0
    for rule_id in REGISTER.chapters["calling"].rules:
        for citation in REGISTER.rules[rule_id].citations:
            quotes += 1
            if "".join(unicodedata.normalize("NFKC", shown_quote(citation.quote)).split()) not in text:
                missing.append((rule_id, citation.source, citation.quote[:60]))
    assert quotes > 10
    assert not missing, f"{len(missing)} of {quotes} quotations missing from the printed page: {missing}"
    for words in ("Onthispage", "Skiptocontent"):
        assert words not in text, f"the page's navigation is not printed: {words}"
    # the scenarios, folded, print as their summary lines
    calling = set(REGISTER.chapters["calling"].rules)
    for scenario in load_scenarios():
        if next(r for r in scenario.rules if r in REGISTER.rules) in calling:
            assert "".join(scenario.name.split()) in text, scenario.name


SIDEBAR_SCRIPT = """(async () => {
  const toc = document.querySelector('.toc-drawer .toc-tree');
  const links = [...toc.querySelectorAll('a')].map(a => a.getAttribute('href'));
  window.scrollTo({top: document.documentElement.scrollHeight / 2, behavior: 'instant'});
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const box = toc.getBoundingClientRect();
  return {links, scrolled: scrollY, top: box.top, bottom: box.bottom, height: innerHeight, visible: getComputedStyle(toc).visibility};
})()"""


def test_the_sidebar_lists_the_chapters_rules_and_stays_in_view(builds: Builds, browser: Chromium) -> None:
    browser.open((builds.full.html / "chapters" / "irregularities.html").as_uri())
    seen = browser.evaluate(SIDEBAR_SCRIPT)
    rules = REGISTER.rules_of("irregularities")
    assert rules
    assert {f"#rule-{rule.id.replace('.', '-')}" for rule in rules} <= set(seen["links"]), seen["links"]
    assert seen["scrolled"] > 5000, "the page was scrolled half way down"
    assert 0 <= seen["top"] < seen["height"] and seen["visible"] == "visible", seen


def test_a_link_to_a_scenario_unfolds_it(builds: Builds, browser: Chromium) -> None:
    calling = set(REGISTER.chapters["calling"].rules)
    scenario = next(s for s in load_scenarios() if next(r for r in s.rules if r in REGISTER.rules) in calling)
    anchor = f"scenario-{scenario.id.replace('.', '-')}"
    browser.open((builds.full.html / "chapters" / "calling.html").as_uri() + "#" + anchor)
    opened = browser.evaluate(
        "[...document.querySelectorAll('details.nap-scenario')].filter(d => d.open).map(d => d.id)"
    )
    assert opened == [anchor]


@pytest.mark.parametrize(
    "target",
    ["option-players-max-britannica", "interpretation-britannica-any-number"],
    ids=["a source's words on a point", "an interpretation"],
)
def test_a_link_into_a_fold_opens_it_and_every_fold_around_it(builds: Builds, browser: Chromium, target: str) -> None:
    """The conflicts page folds the sources' words on each point and each interpretation's
    reasons; a link to one lands on it open, and leaves the others folded."""
    browser.open((builds.full.html / "conflicts.html").as_uri() + "#" + target)
    seen = browser.evaluate(
        f"""(() => {{
          const target = document.getElementById({target!r});
          const around = [];
          for (let node = target; node; node = node.parentElement) if (node.tagName === 'DETAILS') around.push(node.open);
          const open = [...document.querySelectorAll('details')].filter(d => d.open).length;
          return {{around, open}};
        }})()"""
    )
    assert seen["around"] and all(seen["around"]), seen
    assert seen["open"] == len(seen["around"]), seen


def test_a_count_of_the_status_page_opens_its_folded_cases(builds: Builds, browser: Chromium) -> None:
    """A count's link lands on its cases, unfolded, though the rule's block is folded (all passed)."""
    status = builds.full.html / "status" / "peel.html"
    rule = next(r for r in REGISTER.rules if r != FAILED_RULE and f"cases-{slug(r)}-peel-" in status.read_text())
    target = f"cases-{slug(rule)}-peel-napspec-reference-test"
    browser.open(status.as_uri() + "#" + target)
    seen = browser.evaluate(
        f"""(() => {{ const t = document.getElementById('{target}'); const d = t.closest('details');
        return {{open: d.open, top: t.getBoundingClientRect().top, height: innerHeight}}; }})()"""
    )
    assert seen["open"] and 0 <= seen["top"] < seen["height"], seen


PAPER = 718  # px: the width an A4 page leaves for the text inside Chromium's default margins (1 cm)

PRINT_EDGE_SCRIPT = """(() => {
  const width = document.documentElement.clientWidth;
  return [...document.body.querySelectorAll('*')].filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > width + 1; })
    .slice(0, 3).map(e => e.tagName.toLowerCase() + [...e.classList].map(c => '.' + c).join('') + ` ends at ${Math.round(e.getBoundingClientRect().right)} px`);
})()"""


def test_no_printed_page_runs_off_the_paper(builds: Builds, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Laid out for print on A4, no element of any page ends beyond the paper's right edge."""
    html = builds.full.html
    off: dict[str, list[str]] = {}
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-print"), width=PAPER, height=1000) as paper:
        paper.call("Emulation.setEmulatedMedia", session=True, media="print")
        for page in built_pages(html):
            paper.open(page.as_uri())
            problems = paper.evaluate(PRINT_EDGE_SCRIPT)
            if problems:
                off[str(page.relative_to(html))] = problems
    assert not off, f"{len(off)} pages run off the paper in print: {off}"
