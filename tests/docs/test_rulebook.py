"""The rulebook builds without a warning, and shows all of the register: every rule with its
quotations side by side, every variation point in the conflicts matrix, every profile's every
choice, the source texts with their places, the scenarios drawn with cards, the glossary, the
bibliography, the index and the conformance status."""

from __future__ import annotations

import pickle
import re
from functools import cache
from pathlib import Path

import pytest
from docutils import nodes

from napspec import spec
from napspec.docs.rulebook.status_pages import target_pages
from napspec.spec.claims import Finding, Reading
from napspec.spec.register import Option, OptionValueType
from napspec.spec.transcriptions import normalise
from napspec.suite.scenarios import Scenario, load_scenarios

from .conftest import DOCS, FAILED_RULE, REPO, Builds, require
from .dom import Element, Page, parse, parse_text
from .shown import DISPUTED, prose, quote, value

REGISTER = spec.load()
SHORTS = [source.short for source in REGISTER.sources.values()]
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def slug(text: str) -> str:
    return "-".join(part for part in re.sub(r"[^a-z0-9]", "-", str(text).lower()).split("-") if part)


def card_text(code: str) -> str:
    return code[0].replace("T", "10") + SUIT[code[1]]


@cache
def page(folder: Path, name: str) -> Page:
    return parse(folder / name)


def html(builds: Builds, name: str) -> Page:
    return page(builds.full.html, name)


def section_table(section: Element, cls: str) -> Element:
    table = section.find("table", cls)
    assert table is not None, f"no table.{cls} in #{section.id}"
    return table


# ---------------------------------------------------------------------- the build


def test_the_build_succeeds_without_warnings(builds: Builds) -> None:
    for build in (builds.full, builds.bare):
        assert "WARNING" not in build.output and "ERROR" not in build.output, build.output[-4000:]
        assert "build succeeded" in build.output


def test_every_chapter_page_is_in_the_order_of_the_game(builds: Builds) -> None:
    index = html(builds, "index.html")
    hrefs = [h for h in index.root.links() if h.startswith("chapters/")]
    chapters = list(dict.fromkeys(h.split("#")[0] for h in hrefs))
    assert chapters == [f"chapters/{c}.html" for c in REGISTER.chapters]


# ---------------------------------------------------------------------- rules


@pytest.mark.parametrize("rule_id", list(REGISTER.rules))
def test_every_rule_has_its_anchor_its_statement_and_its_quotes_side_by_side(builds: Builds, rule_id: str) -> None:
    rule = REGISTER.rules[rule_id]
    chapter = html(builds, f"chapters/{rule.chapter}.html")
    section = chapter.by_id(f"rule-{slug(rule_id)}")
    assert section.tag == "section"
    assert rule_id in chapter.ids, "the raw rule id is an anchor too"
    heading = section.find("h2")
    assert heading is not None
    assert normalise(rule.title) in heading.text()
    for paragraph in re.split(r"\n\s*\n", rule.statement):
        assert prose(paragraph, rule.options) in section.text()

    grid = section_table(section, "nap-sources")
    assert [th.text() for th in grid.find_all("th")] == SHORTS
    cells = grid.rows()[0].cells()
    assert len(cells) == 4
    for source_id, cell in zip(REGISTER.sources, cells):
        own = [c for c in rule.citations if c.source == source_id]
        missing = [i for i in rule.lacunae if REGISTER.lacunae()[i].source == source_id]
        for lacuna_id in missing:  # where the source's words would stand, shown in place
            assert lacuna_id in cell.text() and "Missing text" in cell.text()
        if not own:
            assert cell.text() == "silent" or missing
            continue
        for citation in own:
            assert quote(citation.quote) in cell.text()
            anchor = REGISTER.sources[source_id].anchor(citation.locator)
            assert f"../sources/{source_id}.html#{anchor}" in cell.links()
    for option in rule.options:
        assert f"../conflicts.html#option-{slug(option)}" in section.links()
    for interpretation in rule.interpretations:
        assert f"../conflicts.html#interpretation-{slug(interpretation)}" in section.links()


def test_every_citation_points_at_a_place_that_exists(builds: Builds) -> None:
    for source in REGISTER.sources.values():
        text = html(builds, f"sources/{source.id}.html")
        for division in source.divisions:
            place = text.by_id(division.anchor)
            assert division.locator in place.text()
            first_words = quote(division.text)[:60]
            assert first_words in place.text(), (source.id, division.locator)
        assert normalise(source.reference) in text.root.text()


# ---------------------------------------------------------------------- scenarios


@cache
def home_rule(scenario_id: str) -> str:
    scenario = next(s for s in load_scenarios() if s.id == scenario_id)
    return next(r for r in scenario.rules if r in REGISTER.rules)


@pytest.mark.parametrize("scenario", load_scenarios(), ids=lambda s: s.id)
def test_every_scenario_is_told_with_its_cards_and_examples(builds: Builds, scenario: Scenario) -> None:
    rule = REGISTER.rules[home_rule(scenario.id)]
    chapter = html(builds, f"chapters/{rule.chapter}.html")
    block = chapter.by_id(f"scenario-{slug(scenario.id)}")
    assert f"rule-{slug(rule.id)}" in [a.id for a in block.ancestors()], "shown under its first rule"
    assert scenario.name in block.text()
    assert len(block.find_all("p", "nap-step")) == len(scenario.steps)
    for step in scenario.steps:
        keyword, text = step.keyword, step.text
        for quoted in re.findall(r'"([^"]*)"', text):
            codes = quoted.split()
            if codes and all(re.fullmatch(r"[2-9TJQKA][CDHS]", c) for c in codes):
                assert " ".join(card_text(c) for c in codes) in block.text(), (text, block.text()[:400])
        if keyword == "Then" and text.startswith("seat ") and " may play " in text:
            seat = text.split()[1]
            cards = " ".join(card_text(c) for c in re.findall(r'"([^"]*)"', text)[0].split())
            assert f"Seat {seat} may play only {cards}." in block.text()
    for hands in block.find_all("table", "nap-hands"):
        for row in hands.rows():
            _seat_cell, cards_cell = row.cells()
            for card in cards_cell.find_all("span", "nap-card"):
                assert ("nap-red" in card.classes) == (card.text()[-1] in "♥♦")
    if scenario.examples:
        examples = block.find("table", "nap-examples")
        assert examples is not None
        assert len(examples.rows()) == len(scenario.examples)
        assert [th.text() for th in examples.find_all("th")] == list(scenario.examples_header)


def test_rules_show_their_scenarios_or_say_why_not(builds: Builds) -> None:
    scenarios = load_scenarios()
    for rule in REGISTER.rules.values():
        section = html(builds, f"chapters/{rule.chapter}.html").by_id(f"rule-{slug(rule.id)}")
        testing = [s for s in scenarios if rule.id in s.rules]
        shown = {e.id for e in section.iter()}
        linked = {href.split("#")[-1] for href in section.links()}
        for scenario in testing:
            anchor = f"scenario-{slug(scenario.id)}"
            assert anchor in shown or anchor in linked, (rule.id, scenario.id)
        if not rule.testable:
            assert "Not testable:" in section.text()
            assert prose(rule.untestable_because) in section.text()
        elif not testing:
            assert "No scenario tests this rule yet." in section.text()


# ---------------------------------------------------------------------- conflicts


def test_the_conflicts_matrix_has_every_variation_point_against_the_four_sources(builds: Builds) -> None:
    conflicts = html(builds, "conflicts.html")
    matrix = conflicts.root.find("table", "nap-matrix")
    assert matrix is not None
    assert [th.text() for th in matrix.find_all("th")] == ["Variation point", *SHORTS]
    rows = matrix.rows()
    assert len(rows) == len(REGISTER.options)
    for option, row in zip(REGISTER.options.values(), rows):
        first, *cells = row.cells()
        assert option.id in first.text()
        for source_id, cell in zip(REGISTER.sources, cells):
            stance, values = option.stance(source_id)
            expected = {
                "cited": " or ".join(value(option, v) for v in values),
                "silent": "silent",
                "lacuna": "missing text",
            }[stance]
            shown = cell.text().replace(" inferred", "")
            assert shown.startswith(expected), (option.id, source_id, cell.text())
            target = f"option-{slug(option.id)}-{slug(source_id)}"
            assert f"#{target}" in cell.links()
            quotes = conflicts.by_id(target)
            for option_value in option.values:
                for citation in option_value.citations:
                    if citation.source == source_id:
                        assert quote(citation.quote) in quotes.text()
            if stance == "silent":
                assert prose(option.silent[source_id]).split(";")[0] in quotes.text()


def _stated(option: Option, source_id: str, shown: OptionValueType) -> bool:
    """Whether a source states a value outright: one of its citations for it needs no reading."""
    return any(c.source == source_id and not c.interpretation for c in option.value(shown).citations)


def test_the_matrix_marks_disagreement_inferred_values_and_every_profiles_pick(builds: Builds) -> None:
    """A row is marked where the profiles play different values, and only there; a value a
    source's words bear on only through an interpretation is marked inferred, and only such a
    value; every profile's pick is in its source's cell unless the source states that one value
    and nothing else."""
    matrix = html(builds, "conflicts.html").root.find("table", "nap-matrix")
    assert matrix is not None
    marked = 0
    for option, row in zip(REGISTER.options.values(), matrix.rows(), strict=True):
        first, *cells = row.cells()
        differs = option.id in DISPUTED  # their plain games' values, or their variants'
        marked += differs
        assert ("The profiles differ" in first.text()) == differs, option.id
        assert ("nap-differs" in first.classes) == differs, option.id
        for source_id, cell in zip(REGISTER.sources, cells, strict=True):
            stance, values = option.stance(source_id)
            inferred = [e.text().replace(" inferred", "") for e in cell.find_all("span", "nap-inferred")]
            expected = (
                [value(option, v) for v in values if not _stated(option, source_id, v)] if stance == "cited" else []
            )
            assert inferred == expected, (option.id, source_id)
            profile = next(p for p in REGISTER.profiles.values() if p.source == source_id)
            choice = profile.choices[option.id]
            outright = stance == "cited" and list(values) == [choice.value]
            interpreted = choice.interpretation or option.value(choice.value).interpretation
            pick = cell.find("p", "nap-matrix-choice")
            if outright and not interpreted:
                assert pick is None, (option.id, source_id)
            else:
                assert pick is not None, (option.id, source_id)
                short = REGISTER.sources[profile.source].short
                assert pick.text().startswith(f"The {short} profile plays {value(option, choice.value)}"), pick.text()
    assert marked, "the sources' profiles differ somewhere"


def test_every_interpretation_is_listed_under_its_kind(builds: Builds) -> None:
    conflicts = html(builds, "conflicts.html")
    for interpretation in REGISTER.interpretations.values():
        entry = conflicts.by_id(f"interpretation-{slug(interpretation.id)}")
        assert f"kind-{interpretation.kind}" in [a.id for a in entry.ancestors()]
        for part in (interpretation.question, interpretation.reading, interpretation.reason):
            assert prose(part) in entry.text()


def test_every_lacuna_is_listed(builds: Builds) -> None:
    conflicts = html(builds, "conflicts.html")
    lacunae = [lacuna for source in REGISTER.sources.values() for lacuna in source.lacunae]
    assert {lacuna.id for lacuna in lacunae} >= {
        "peel-misery",
        "peel-double-header",
        "peel-thirty-two-card-pack",
        "peel-wellington-blucher",
        "wikipedia-allowed-bids",
        "wikipedia-seven-card-bids",
        "hoyle-footnote-31",
    }
    for lacuna in lacunae:
        row = conflicts.by_id(f"lacuna-{slug(lacuna.id)}")
        assert prose(lacuna.what) in row.text()  # the copy's "_MIS" shown as the italics it marks


# ---------------------------------------------------------------------- profiles


@pytest.mark.parametrize("profile_id", list(REGISTER.profiles))
def test_every_profile_page_lists_every_choice_with_what_it_rests_on(builds: Builds, profile_id: str) -> None:
    profile = REGISTER.profiles[profile_id]
    page_ = html(builds, f"profiles/{profile_id}.html")
    table = page_.root.find("table", "nap-profile-choices")
    assert table is not None
    rows = table.rows()
    assert [r.id for r in rows] == [f"profile-{profile_id}-{slug(o)}" for o in REGISTER.options]
    for option, row in zip(REGISTER.options.values(), rows):
        name, value_cell, basis = row.cells()
        choice = profile.choices[option.id]
        assert option.id in name.text()
        assert value_cell.text().startswith(value(option, choice.value))
        own = [c for c in option.value(choice.value).citations if c.source == profile.source]
        for citation in own:
            assert quote(citation.quote) in basis.text()
        for interpretation in (choice.interpretation, option.value(choice.value).interpretation):
            # a value's reading of other sources is not shown where the choice names its own
            covers = interpretation and profile.source in REGISTER.interpretations[interpretation].sources
            if interpretation and (interpretation == choice.interpretation or covers):
                assert interpretation in basis.text()
        assert own or choice.interpretation or option.value(choice.value).interpretation


# ---------------------------------------------------------------------- status


def test_the_status_page_counts_the_reports_rule_by_rule(builds: Builds) -> None:
    testing = [s for s in load_scenarios() if FAILED_RULE in s.rules]
    peel_page = html(builds, "status/peel.html")
    (_rule, peel) = peel_page.by_id(f"status-peel-{slug(FAILED_RULE)}").cells()
    assert peel.text() == f"{len(testing)}/{len(testing)} passed"
    hoyle_page = html(builds, "status/hoyle.html")
    row = hoyle_page.by_id(f"status-hoyle-{slug(FAILED_RULE)}")
    assert row is not None and row.parent is not None and row.parent.parent is not None
    header = [th.text() for th in row.parent.parent.find_all("th")]
    assert header == ["Rule", "hoyle napspec-reference test", "hoyle other-engine test"]
    _rule, hoyle, other = row.cells()
    assert hoyle.text() == f"{len(testing) - 1}/{len(testing)} passed, 1 failed"
    assert other.text() == f"{len(testing) - 2}/{len(testing)} passed, 2 failed"
    assert "made-up failure 1 of napspec-reference" in hoyle_page.by_id("status-failures").text()
    status = html(builds, "status.html")
    assert "No report of napspec-reference test for: britannica, wikipedia" in status.root.text()
    for rule in REGISTER.rules:
        status.by_id(f"status-{slug(rule)}")


def test_without_a_report_the_status_page_says_so_and_how_to_make_one(builds: Builds) -> None:
    builder = parse_text(builds.bare_status_before)
    assert "No certification report is available" in builder
    assert "napspec certify --engine reference --profile all" in builder


def test_a_report_that_appears_rebuilds_only_the_pages_that_show_results(builds: Builds) -> None:
    out = builds.incremental_output
    match = re.search(r"updating environment: (\d+) added, (\d+) changed, (\d+) removed", out)
    assert match, out[-3000:]
    # the chapters, the status overview and each target's status page (and the page of the
    # others), and the rules each engine was found to play
    shown = len(REGISTER.chapters) + 1 + len(target_pages(REGISTER)) + 1 + 1
    assert match.groups() == ("0", str(shown), "0"), out[-3000:]
    status = parse(builds.bare.html / "status.html")
    assert "No certification report is available" not in status.root.text()
    peel = parse(builds.bare.html / "status" / "peel.html")
    assert peel.by_id(f"status-peel-{slug(FAILED_RULE)}").cells()[1].text().endswith("passed")


def test_every_page_notes_the_files_it_is_made_from(builds: Builds) -> None:
    with (builds.full.doctrees / "environment.pickle").open("rb") as handle:
        env = pickle.load(handle)
    deps = {doc: {Path(p).resolve() for p in paths} for doc, paths in env.dependencies.items()}
    for chapter in REGISTER.chapters.values():
        doc = deps[f"chapters/{chapter.id}"]
        assert REPO / chapter.file in doc
        assert REPO / "spec/variations.toml" in doc
        assert REPO / "spec/interpretations.toml" in doc
        for feature in (REPO / "features").glob(f"*-{chapter.id}.feature"):
            assert feature in doc
        assert builds.full.certify / "certify-hoyle.json" in doc
    for profile in REGISTER.profiles.values():
        assert REPO / profile.file in deps[f"profiles/{profile.id}"]
    for source in REGISTER.sources.values():
        assert REPO / "spec/sources" / source.file in deps[f"sources/{source.id}"]
    assert DOCS / "glossary.toml" in deps["glossary"]


# ---------------------------------------------------------------------- glossary, bibliography, index

TERMS = [
    "stand",
    "pass",
    "eldest hand",
    "senior hand",
    "soloist",
    "stand-hand",
    "head a trick",
    "revoke",
    "renounce",
    "kitty",
    "pool",
    "Nap",
    "misdeal",
    "trumps",
    "trick",
    "lead",
    "follow suit",
]


def test_the_glossary_defines_the_words_and_points_to_the_rules(builds: Builds) -> None:
    glossary = html(builds, "glossary.html")
    terms = {dt.text().rstrip("¶").strip().lower(): dt for dt in glossary.root.find_all("dt")}
    for term in TERMS:
        assert term.lower() in terms, f"{term!r} is not in the glossary"
        item = terms[term.lower()]
        assert item.parent is not None
        definition = item.parent.find("dd")
        assert definition is not None
        assert any("#rule-" in href for href in definition.links()), term


def test_the_bibliography_gives_the_full_references(builds: Builds) -> None:
    bibliography = html(builds, "bibliography.html").root.text()
    for source in REGISTER.sources.values():
        assert normalise(source.reference) in bibliography
        assert source.licence in bibliography


def test_the_index_lists_every_rule_and_term(builds: Builds) -> None:
    index = html(builds, "genindex.html").root.text()
    for rule in REGISTER.rules:
        assert f"{rule} (rule)" in index
    for term in TERMS:
        assert term in index


# ---------------------------------------------------------------------- the pages hold no data of their own


def test_no_rule_text_quote_or_scenario_is_written_in_docs() -> None:
    written = []
    for path in sorted(DOCS.rglob("*")):
        if path.is_file() and path.suffix in (".md", ".toml", ".py", ".css") and path.name != "implementers.md":
            written.append(normalise(path.read_text(encoding="utf-8")))
    text = " ".join(written)
    phrases = [c.quote for _f, _o, c in REGISTER.citations()]
    phrases += [rule.statement for rule in REGISTER.rules.values()]
    phrases += [rule.title for rule in REGISTER.rules.values() if len(rule.title) > 30]
    phrases += [s.name for s in load_scenarios()]
    phrases += [q.words for s in load_scenarios() for q in s.quotes]
    for phrase in phrases:
        words = normalise(phrase)
        if len(words) > 30:
            assert words not in text, f"written out in docs/: {words[:80]!r}"


def test_every_step_of_the_suite_is_told_as_a_sentence() -> None:
    require("sphinx", "the rulebook's extension is a Sphinx extension")
    from napspec.docs.rulebook.steps import known

    unknown = sorted({step.text for s in load_scenarios() for step in s.steps if not known(step.text)})
    assert not unknown, f"steps that are no phrase of napspec.suite.vocabulary: {unknown}"


# ---------------------------------------------------------------------- what the sources claim


def finding_said(reading: Reading, found: Finding) -> str:
    """A finding as the claims chapter says it, in words (its ids as the page shows them)."""
    from napspec.docs.rulebook.book_claims import printed_finding

    class AsWritten:
        def linked_ids(self, text: str) -> list[str | nodes.Node]:
            return [text]

    said = printed_finding(AsWritten(), REGISTER, reading, found)
    return "".join(part if isinstance(part, str) else part.astext() for part in said)


def test_every_claim_is_shown_quoted_with_its_verdict_and_findings(builds: Builds) -> None:
    from napspec.docs.rulebook.claims import finding_words
    from napspec.spec.claims import load_claims, load_evidence, verdict

    claims = load_claims(REGISTER)
    evidence = load_evidence(REGISTER.folder)
    root = html(builds, "claims.html").root
    summary = root.find("table", "nap-claims-summary")
    assert summary is not None and len(summary.find_all("tr")) == len(claims) + 1
    for claim in claims.values():
        block = next((e for e in root.find_all("section") if f"claim-{slug(claim.id)}" in e.attrs.get("id", "")), None)
        assert block is not None, claim.id
        text = block.text()
        assert verdict(claim, evidence.get(claim.id, {})) in text, claim.id
        for citation in claim.citations:
            assert quote(citation.quote) in normalise(text), claim.id
        for reading in claim.readings:
            found = evidence.get(claim.id, {}).get(reading.id)
            assert found is not None, (claim.id, reading.id)
            # in words (the lab's names said, the cards drawn); after the verdict's words ("it
            # holds."), the summary opens a sentence of its own
            words = finding_said(reading, found)
            said = f"{finding_words(found)}{words[:1].upper()}" if finding_words(found) else words[:1]
            assert normalise(said + words[1:]) in normalise(text), (claim.id, reading.id)
        if claim.uncheckable_because:
            assert normalise(claim.uncheckable_because) in normalise(text)
    payments = next(e for e in root.find_all("section") if "claim-peel-nap-double" in e.attrs.get("id", ""))
    evidence_table = payments.find("table", "nap-claim-evidence")
    assert evidence_table is not None and card_text("AS") in evidence_table.text()


def test_every_table_size_shows_what_its_sweeps_settled_and_left_open(builds: Builds) -> None:
    """The chapter's table of sizes is the evidence's overview of the sweeps: a row per size a
    game deals, each settled count with the hands left open beside it, "not asked" where no sweep
    asked, "not swept" where none was made (:func:`sweep_cell`, whose doctests show each); and a
    row per stored sweep."""
    from napspec.docs.rulebook.claims import SWEEP_TRICKS, sweep_cell
    from napspec.spec.claims import load_sweeps

    sweeps = load_sweeps(REGISTER.folder)
    root = html(builds, "claims.html").root
    section = next(e for e in root.find_all("section") if e.attrs.get("id") == "claims-sweeps")
    sizes, runs = section.find_all("table", "nap-sweeps")
    cells = {
        row.find_all("td")[0].text().strip(): [cell.text().strip() for cell in row.find_all("td")[2:]]
        for row in sizes.find_all("tr")[1:]
    }
    assert list(cells) == [f"{size} hands" for size in sorted(sweeps, key=int)]
    for size, entry in sweeps.items():
        for count, cell in zip(SWEEP_TRICKS, cells[f"{size} hands"]):
            assert cell == sweep_cell(entry, count), (size, count)
            assert cell[0].isdigit() == (count in entry["tricks"]), (size, count)  # a count only where settled
    assert len(runs.find_all("tr")) - 1 == sum(len(entry["runs"]) for entry in sweeps.values())


def test_each_simulated_reading_says_the_effect_it_looked_for_the_interval_and_n(builds: Builds) -> None:
    """A simulated finding is narrower than its stated effect or says "not shown": the page gives the
    effect looked for (with its unit and reason), the intervals found and the deals drawn."""
    from napspec.docs.rulebook.claims import sample_sizing
    from napspec.spec.claims import load_claims, load_evidence

    evidence = load_evidence(REGISTER.folder)
    root = html(builds, "claims.html").root
    for claim in load_claims(REGISTER).values():
        if claim.kind != "simulation":
            continue
        block = next(e for e in root.find_all("section") if f"claim-{slug(claim.id)}" in e.attrs.get("id", ""))
        text = normalise(block.text())
        for reading in claim.readings:
            found = evidence[claim.id][reading.id]
            assert reading.sample is not None
            sizing = sample_sizing(found.evidence)
            assert normalise(sizing) in text, (claim.id, reading.id)
            assert f"{reading.sample.effect:g} {reading.sample.unit}" in sizing and reading.sample.reason in sizing
            deals = found.evidence["stopping"]["deals"]
            if found.evidence["stopping"]["stopped"] == "cap":
                assert f"the cap was met at {deals:,} deals" in sizing and "the finding is not shown" in sizing
                said = finding_said(reading, found)
                assert normalise(f"Finding: {said}") in text and found.summary.startswith("not shown")
            else:
                assert f"every one was narrower after {deals:,} deals" in sizing, (claim.id, reading.id)


def test_each_certainty_reading_is_shown_table_size_by_table_size(builds: Builds) -> None:
    """A certainty reading's evidence is a row for each number of hands dealt it is judged at,
    with its finding there; a size with no complete sweep would read "not yet settled"."""
    from napspec.spec.claims import load_claims, load_evidence

    evidence = load_evidence(REGISTER.folder)
    root = html(builds, "claims.html").root
    shown = 0
    for claim in load_claims(REGISTER).values():
        if claim.kind != "certainty":
            continue
        block = next(e for e in root.find_all("section") if f"claim-{slug(claim.id)}" in e.attrs.get("id", ""))
        tables = [t for t in block.find_all("table", "nap-claim-evidence") if "Hands dealt" in t.text()]
        for reading in claim.readings:
            sizes = evidence[claim.id][reading.id].evidence.get("tables")
            if not isinstance(sizes, dict):
                continue
            rows = [normalise(row.text()) for table in tables for row in table.find_all("tr")]
            for size, item in sizes.items():
                said = f"not yet settled at {size} hands" if item["finding"] == "not yet settled" else item["finding"]
                assert any(row.startswith(f"{size} hands") and said in row for row in rows), (claim.id, size)
                shown += 1
    assert shown >= 20


def test_the_claims_page_notes_the_claims_and_their_evidence(builds: Builds) -> None:
    with (builds.full.doctrees / "environment.pickle").open("rb") as handle:
        env = pickle.load(handle)
    deps = {Path(p).resolve() for p in env.dependencies["claims"]}
    assert {REPO / "spec/claims.toml", REPO / "spec/claims-evidence.json"} <= deps


def test_the_claims_plot_is_drawn_the_same_at_every_build(builds: Builds) -> None:
    from napspec.docs.rulebook.claims_plots import one_suit_plot
    from napspec.spec.claims import load_evidence

    evidence = load_evidence(REGISTER.folder)["peel-more-cards-harder"]["one-suited-nap"].evidence
    drawn = one_suit_plot(evidence)
    assert drawn == one_suit_plot(evidence) and drawn.startswith("<svg") and "<dc:date>" not in drawn
    plot = html(builds, "claims.html").root.find("div", "nap-plot")
    assert plot is not None and plot.find("svg") is not None
