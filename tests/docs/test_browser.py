"""The rulebook as a reader sees it, in headless Chromium: cards drawn red and black, the four
sources' quotations side by side, the conflicts matrix laid out as a grid.

Needs the Debian package ``chromium``. Without it the test fails in CI (``CI=true``) and is
skipped elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from napspec import spec
from napspec.spec.transcriptions import normalise

from .chromium import Chromium, decode_png, find_chromium
from .conftest import Builds, in_ci

REGISTER = spec.load()
SHORTS = [source.short for source in REGISTER.sources.values()]
RED = "rgb(200, 16, 46)"  # --nap-red in docs/_static/napspec.css
BLACK = "rgb(26, 26, 26)"  # --nap-black


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    binary = find_chromium()
    if binary is None:
        message = "chromium is not installed (apt-get install -y chromium): the rulebook's browser test needs it"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    with Chromium(binary, tmp_path_factory.mktemp("chromium-profile")) as chromium:
        yield chromium


CHAPTER_SCRIPT = """(() => {
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
        for quote in quotes:
            assert normalise(quote) in normalise(cell["text"]), (source_id, cell["text"][:200])
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
            expected = {"cited": " or ".join(str(v) for v in values), "silent": "silent", "lacuna": "missing text"}[
                stance
            ]
            assert cell["text"].startswith(expected), (option.id, source_id, cell["text"])
            assert cell["href"].endswith(f"#option-{option.id}-{source_id}"), cell["href"]

    first = next(iter(REGISTER.options.values()))
    assert seen["detailHeads"] == SHORTS
    side_by_side(seen["detail"])
    for source_id, cell in zip(REGISTER.sources, seen["detail"]):
        for value in first.values:
            for citation in value.citations:
                if citation.source == source_id:
                    assert normalise(citation.quote) in normalise(cell["text"])


def test_the_png_decoder_reads_what_chromium_writes(builds: Builds, browser: Chromium, tmp_path: Path) -> None:
    browser.open((builds.full.html / "index.html").as_uri())
    width, height, pixels = decode_png(browser.screenshot(0, 0, 64, 32))
    assert (width, height) == (64, 32) and len(pixels) == 64 * 32
    assert pixels[0] == (255, 255, 255)  # the page's white margin
