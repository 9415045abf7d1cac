"""The reading edition (each source's rules in the source's own order) and the search's labels,
checked on the built site against the register.

The order is checked independently of :mod:`napspec.docs.rulebook.reading`: each quotation
shown is looked for in the source's whole text as a reader sees it, and the positions must not
go back; every quotation of the source by a rule or a value must be shown exactly once.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from napspec import spec
from napspec.docs.rulebook.domain import SEARCH_PRIORITY, anchor
from napspec.docs.rulebook.text import quote_plain
from napspec.spec.transcriptions import Source, normalise

from .conftest import REPO, Builds
from .dom import Element, parse

REGISTER = spec.load()
SOURCES = list(REGISTER.sources)


def fragment(href: str) -> str:
    return href.partition("#")[2]


def plain_text(source: Source) -> tuple[str, list[int]]:
    """The source's whole text as shown (markup read), and where each division starts in it."""
    parts = [quote_plain(normalise(d.text)) for d in source.divisions]
    starts, position = [], 0
    for part in parts:
        starts.append(position)
        position += len(part) + 1
    return " ".join(parts), starts


def expected_citations(source_id: str) -> Counter[tuple[str, str]]:
    """(the anchor of what quotes, the words shown) for every quotation of the source."""
    found: Counter[tuple[str, str]] = Counter()
    for rule in REGISTER.rules.values():
        for c in rule.citations:
            if c.source == source_id:
                found[anchor("rule", rule.id), quote_plain(normalise(c.quote))] += 1
    for option in REGISTER.options.values():
        for value in option.values:
            for c in value.citations:
                if c.source == source_id:
                    found[anchor("optvalue", option.id, "value", value.value), quote_plain(normalise(c.quote))] += 1
    return found


def citer_anchor(block: Element) -> str:
    """What a rule-or-value block of the reading page names: its rule, or its value's row."""
    line = block.find("p", "nap-reading-title" if "nap-reading-rule" in block.classes else "nap-reading-value-line")
    assert line is not None, block.text()[:200]
    return fragment(line.links()[0])


def reading_page(builds: Builds, source_id: str) -> Element:
    return parse(builds.full.html / "reading" / f"{source_id}.html").by_id(f"reading-{source_id}")


@pytest.mark.parametrize("source_id", SOURCES)
def test_a_reading_page_shows_every_quotation_of_its_source_once_in_the_order_of_the_text(
    builds: Builds, source_id: str
) -> None:
    source = REGISTER.sources[source_id]
    text, starts = plain_text(source)
    page = reading_page(builds, source_id)
    places = page.find_all("section", "nap-reading-place")
    place_ids = [p.id for p in places if p.id != f"reading-{source_id}-beyond"]
    assert place_ids == [f"reading-{d.anchor}" for d in source.divisions], "the divisions, in the source's order"

    shown: Counter[tuple[str, str]] = Counter()
    last = -1
    for number, place in enumerate(places[: len(source.divisions)]):
        for passage in place.find_all("div", "nap-reading-passage"):
            quote = passage.find("p", "nap-quote")
            assert quote is not None
            words = quote.text()
            at = text.find(words)
            assert at >= 0, f"{words!r} is not in {source.short}'s text"
            assert at >= last, f"{words!r} is shown before words that stand ahead of it"
            last = at
            assert max(i for i, s in enumerate(starts) if s <= at) == number, f"{words!r} is under the wrong place"
            for block in passage.find_all("div", "nap-reading-cite"):
                shown[citer_anchor(block), words] += 1
    assert shown == expected_citations(source_id)


@pytest.mark.parametrize("source_id", SOURCES)
def test_a_reading_page_counts_what_quotes_its_source(builds: Builds, source_id: str) -> None:
    expected = expected_citations(source_id)
    rules = {key for key, _words in expected if key.startswith("rule-")}
    values = {key for key, _words in expected if not key.startswith("rule-")}
    options = {
        option.id
        for option in REGISTER.options.values()
        for value in option.values
        if any(c.source == source_id for c in value.citations)
    }
    counts = reading_page(builds, source_id).find("p", "nap-reading-counts")
    assert counts is not None
    said = counts.text()
    source = REGISTER.sources[source_id]
    quoted = sum(
        1
        for place in reading_page(builds, source_id).find_all("section", "nap-reading-place")
        if place.find("div", "nap-reading-passage")
    )
    assert quoted > 0
    assert (
        f"{len(rules)} rules and {len(values)} values of {len(options)} variation points "
        f"({sum(expected.values())} quotations)" in said
    ), said
    unit = "pages" if source.paged else "parts"
    assert f"{quoted} of its {len(source.divisions)} {unit} quoted" in said, said


@pytest.mark.parametrize("source_id", SOURCES)
def test_what_no_rule_quotes_is_shown_and_the_lacunae_stand_where_they_fall(builds: Builds, source_id: str) -> None:
    source = REGISTER.sources[source_id]
    page = reading_page(builds, source_id)
    places = {p.id: p for p in page.find_all("section", "nap-reading-place")}
    for division in source.divisions:
        place = places[f"reading-{division.anchor}"]
        if place.find("div", "nap-reading-passage") is None:
            meta = place.find("p", "nap-reading-place-meta")
            assert meta is not None and "quoted by no rule or value" in meta.text()
            first = place.find("p", "nap-reading-unquoted")
            assert first is not None, f"{division.locator}: nothing quotes it, and the page does not say so"
            opening = first.text().partition(": ")[2].rstrip("…").split()[:3]
            assert quote_plain(normalise(division.text)).split()[:3] == opening
    for lacuna in source.lacunae:
        blocks = [
            block
            for block in page.find_all("div", "nap-lacuna-block")
            if any(fragment(h) == anchor("lacuna", lacuna.id) for h in block.links())
        ]
        assert len(blocks) == 1, f"lacuna {lacuna.id} shown {len(blocks)} times"
        where = source.lacuna_place(lacuna)
        holder = next(a for a in blocks[0].ancestors() if "nap-reading-place" in a.classes)
        expected = f"reading-{where.anchor}" if where else f"reading-{source_id}-beyond"
        assert holder.id == expected


def search_index(builds: Builds) -> dict[str, Any]:
    """The site's search index: ``Search.setIndex({...})`` read as JSON."""
    script = (builds.full.html / "searchindex.js").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(script[script.index("(") + 1 : script.rindex(")")])
    return data


def search_entries(builds: Builds) -> dict[tuple[str, str], tuple[str, int]]:
    """(kind, anchor) → (the label a result shows, its priority), for the ``nap`` objects. The
    label is the entry's name with the part before its last dot, as searchtools.js joins them."""
    index = search_index(builds)
    kinds = {int(number): name for number, name in index["objtypes"].items()}
    out: dict[tuple[str, str], tuple[str, int]] = {}
    for prefix, entries in index["objects"].items():
        for _doc, kind, priority, short_anchor, name in entries:
            domain, _, kind_name = kinds[kind].partition(":")
            if domain != "nap":
                continue
            label = f"{prefix}.{name}" if prefix else name
            out[kind_name, short_anchor] = (label, priority)
    return out


def typographic(title: str) -> str:
    return title.replace("'", "\u2019")


def test_search_results_show_every_rule_and_variation_point_by_its_title(builds: Builds) -> None:
    entries = search_entries(builds)
    for rule in REGISTER.rules.values():
        label, priority = entries["rule", anchor("rule", rule.id)]
        assert label == f"{typographic(rule.title)} ({rule.id})"
        assert priority == SEARCH_PRIORITY["rule"] == 0
    for option in REGISTER.options.values():
        label, priority = entries["option", anchor("option", option.id)]
        assert label == f"{typographic(option.title)} ({option.id})"
        assert priority == 0
    for interp in REGISTER.interpretations.values():
        label, _priority = entries["interp", anchor("interp", interp.id)]
        assert label.endswith(f" ({interp.id})") and len(label) > len(interp.id) + 3


def test_search_ranks_rules_above_places_and_shows_no_entities(builds: Builds) -> None:
    entries = search_entries(builds)
    worst = {kind: max(p for (k, _a), (_l, p) in entries.items() if k == kind) for kind, _a in entries}
    best = {kind: min(p for (k, _a), (_l, p) in entries.items() if k == kind) for kind, _a in entries}
    for low in ("loc", "optsource", "choice", "optvalue", "lacuna"):
        assert best[low] > worst["rule"] and best[low] > worst["option"], low
    # the search page escapes a label itself: one the index escaped would show its entities
    for label, _priority in entries.values():
        assert not set(label) & set("&<>'\""), label


def test_every_search_result_links_to_its_target(builds: Builds) -> None:
    """Each ``nap`` entry's link, made as searchtools.js makes it, names an element of its page."""
    index = search_index(builds)
    kinds = {int(number): name for number, name in index["objtypes"].items()}
    pages: dict[int, set[str]] = {}
    checked = 0
    for prefix, entries in index["objects"].items():
        for doc, kind, _priority, short_anchor, name in entries:
            if not kinds[kind].startswith("nap:"):
                continue
            label = f"{prefix}.{name}" if prefix else name
            link = {"": label, "-": f"{kinds[kind].partition(':')[2]}-{label}"}.get(short_anchor, short_anchor)
            if doc not in pages:
                page = parse(builds.full.html / f"{index['docnames'][doc]}.html")
                pages[doc] = set(page.ids)
            assert link in pages[doc], f"{label}: #{link} is not on {index['docnames'][doc]}"
            checked += 1
    assert checked > len(REGISTER.rules)


def test_a_reading_page_is_made_again_when_its_source_or_the_register_changes(builds: Builds) -> None:
    with (builds.full.doctrees / "environment.pickle").open("rb") as handle:
        env = pickle.load(handle)
    for source in REGISTER.sources.values():
        noted = {Path(p).resolve() for p in env.dependencies[f"reading/{source.id}"]}
        assert REPO / "spec/sources" / source.file in noted
        assert REPO / "spec/variations.toml" in noted
        assert {REPO / chapter.file for chapter in REGISTER.chapters.values()} <= noted


def test_the_reading_pages_are_in_the_contents(builds: Builds) -> None:
    index = (builds.full.html / "index.html").read_text(encoding="utf-8")
    assert "Each source in its own order" in index
    for source_id in SOURCES:
        assert Path(builds.full.html / "reading" / f"{source_id}.html").is_file()
        assert f'href="reading/{source_id}.html"' in index
