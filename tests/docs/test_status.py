"""The engines' status page opens every count on its cases, names rules by their titles, sets
several engines side by side, and says how its counts (and the home page's) add up.

The reports are the shared build's (:mod:`.conftest`): the reference engine on Peel and Hoyle
(one failed case on Hoyle), another engine on Hoyle in a folder of its own (two failed cases,
with a quotation in its report)."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from napspec import spec
from napspec.docs.rulebook.data import rulebook_data
from napspec.spec.transcriptions import normalise
from napspec.suite.scenarios import load_scenarios

from .conftest import FAILED_RULE, OTHER_ENGINE, OTHER_QUOTE, Builds
from .dom import Element, Page, parse

REGISTER = spec.load()
SCENARIOS = {s.id: s for s in load_scenarios()}
#: the columns of the shared build's reports, in the page's order: (target, engine label, file)
COLUMNS = [
    ("peel", "napspec-reference test", "certify-peel.json"),
    ("hoyle", "napspec-reference test", "certify-hoyle.json"),
    ("hoyle", f"{OTHER_ENGINE} test", "other/certify-hoyle.json"),
]


def slug(text: str) -> str:
    return "-".join(part for part in re.sub(r"[^a-z0-9]", "-", str(text).lower()).split("-") if part)


@cache
def status_page(folder: Path, target: str | None = None) -> Page:
    """The overview, or a target's page (``status/<target>.html``)."""
    return parse(folder / "status.html") if target is None else parse(folder / "status" / f"{target}.html")


def page_columns(target: str) -> list[tuple[str, str, str]]:
    """The columns a target's page shows, in its order."""
    return [column for column in COLUMNS if column[0] == target]


def place(column: tuple[str, str, str]) -> int:
    """A column's place in its target page's rule tables (from 1: the rule comes first)."""
    return page_columns(column[0]).index(column) + 1


def cases_of(builds: Builds, report: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((builds.full.certify / report).read_text(encoding="utf-8"))["cases"]
    return cases


def rule_rows(page: Page, target: str) -> dict[str, Element]:
    return {rule: page.by_id(f"status-{slug(target)}-{slug(rule)}") for rule in REGISTER.rules}


def drill_down(page: Page, cell: Element) -> Element:
    links = cell.links()
    assert len(links) == 1 and links[0].startswith("#cases-"), links
    return page.by_id(links[0][1:])


def test_the_rule_tables_name_each_rule_by_its_title_with_its_id_beside(builds: Builds) -> None:
    for target in ("peel", "hoyle"):
        page = status_page(builds.full.html, target)
        for rule_id, row in rule_rows(page, target).items():
            first = row.cells()[0]
            assert first.text() == f"{normalise(REGISTER.rules[rule_id].title)} {rule_id}"
            assert [code.text() for code in first.find_all("code")] == [rule_id]


def test_every_count_opens_on_exactly_the_cases_it_counts(builds: Builds) -> None:
    for target in ("peel", "hoyle"):
        page = status_page(builds.full.html, target)
        table = next(a for a in rule_rows(page, target)[FAILED_RULE].ancestors() if a.tag == "table")
        header = [th.text() for th in table.find_all("th")]
        assert header == ["Rule", *[f"{target} {engine}" for target, engine, _ in page_columns(target)]]
    for column in COLUMNS:
        target, _engine, report = column
        page, index = status_page(builds.full.html, target), place(column)
        cases = cases_of(builds, report)
        for rule_id, row in rule_rows(page, target).items():
            cell = row.cells()[index]
            mine = [c for c in cases if rule_id in c["rules"]]
            if not mine:
                assert cell.links() == [], (rule_id, report)
                continue
            block = drill_down(page, cell)
            shown = block.find_all("li") + block.find_all("div", "nap-case")
            assert len(shown) == len(mine), (rule_id, report)
            # the fabricated cases have no row of examples: a case is named by its scenario's title
            names = Counter(e.text() for e in block.find_all("li"))
            names += Counter(p.text().rsplit(" — ", 1)[0] for p in block.find_all("p", "nap-case-name"))
            assert names == Counter(normalise(SCENARIOS[str(c["scenario"])].name) for c in mine), (rule_id, report)
            failed = [c for c in mine if c["status"] == "failed"]
            assert len(block.find_all("div", "nap-case-failed")) == len(failed)


def test_a_case_not_passed_says_what_was_expected_what_the_engine_did_and_the_words_enforced(
    builds: Builds,
) -> None:
    page = status_page(builds.full.html, "hoyle")
    cells = rule_rows(page, "hoyle")[FAILED_RULE].cells()
    hoyle_words = [normalise(c.quote) for c in REGISTER.rules[FAILED_RULE].citations if c.source == "hoyle"]
    assert hoyle_words, "the test needs a rule Hoyle is quoted on"
    for index, quoted in ((1, hoyle_words), (2, [normalise(OTHER_QUOTE.split(": ", 1)[1])])):
        block = drill_down(page, cells[index])
        case = block.find("div", "nap-case-failed")
        assert case is not None
        name = case.find("p", "nap-case-name")
        assert name is not None and "failed" in name.text()
        scenario = next(s for s in SCENARIOS.values() if FAILED_RULE in s.rules)
        assert any(href.endswith(f"#scenario-{slug(scenario.id)}") for href in name.links()), name.links()
        expected = case.find("div", "nap-case-expected")
        outcome = [step for step in scenario.steps if step.keyword == "Then"]
        assert expected is not None and len(expected.find_all("p", "nap-step")) == len(outcome)
        message = case.find("p", "nap-case-message")
        engine = page_columns("hoyle")[index - 1][1].removesuffix(" test")
        assert message is not None and f"made-up failure 1 of {engine}" in message.text()
        enforced = case.find("div", "nap-case-enforced")
        assert enforced is not None
        for words in quoted:
            assert normalise(words) in normalise(enforced.text().replace("“", "").replace("”", ""))


def test_passed_cases_are_folded_and_a_rule_with_a_failure_is_open(builds: Builds) -> None:
    for target, failing in (("peel", set()), ("hoyle", {FAILED_RULE})):
        section = status_page(builds.full.html, target).by_id("status-cases")
        rules = section.find_all("details", "nap-status-rule")
        opened = {code.text() for d in rules if "open" in d.attrs for code in d.find_all("code")[:1]}
        assert opened == failing
        assert rules and all("open" not in d.attrs for d in section.find_all("details", "nap-cases-folded"))
        for block in section.find_all("div", "nap-status-cases"):
            # the cases not passed come first, the folded ones after them
            kinds = [e.tag for e in block.children if isinstance(e, Element) and e.tag in ("div", "details")]
            assert kinds == sorted(kinds, key=lambda tag: tag == "details"), block.id


def test_each_engine_is_a_column_of_its_own(builds: Builds) -> None:
    page = status_page(builds.full.html)
    text = page.root.text()
    assert f"2 engines: napspec-reference test, {OTHER_ENGINE} test." in text
    assert f"No report of {OTHER_ENGINE} test for: peel, britannica, wikipedia" in text
    summary = page.root.find("table", "nap-status-summary")
    assert summary is not None
    assert [(r.cells()[0].text(), r.cells()[1].text()) for r in summary.rows()] == [(t, e) for t, e, _ in COLUMNS]
    failures = status_page(builds.full.html, "hoyle").by_id("status-failures")
    for engine, count in (("napspec-reference", 1), (OTHER_ENGINE, 2)):
        assert sum(1 for r in failures.rows() if r.cells()[0].text().endswith(f"{engine} test")) == count
    assert [h1.text().rstrip("¶") for h1 in page.root.find_all("h1")] == ["Conformance status of the engines"]
    chapter = parse(builds.full.html / "chapters" / f"{REGISTER.rules[FAILED_RULE].chapter}.html")
    line = chapter.by_id(f"rule-{slug(FAILED_RULE)}").find("p", "nap-rule-status")
    assert line is not None and f"hoyle, {OTHER_ENGINE} test:" in line.text()


def test_the_status_page_says_how_often_a_case_is_counted_and_the_columns_add_up(builds: Builds) -> None:
    page = status_page(builds.full.html)
    summary = page.root.find("table", "nap-status-summary")
    assert summary is not None
    assert "counted under every rule it tests" in page.root.text()
    for row, column in zip(summary.rows(), COLUMNS, strict=True):
        report, index = column[2], place(column)
        rows = rule_rows(status_page(builds.full.html, column[0]), column[0])
        shown = int(row.cells()[-1].text())
        wanted = len(
            [
                rule
                for case in cases_of(builds, report)
                if case["status"] != "not-applicable"
                for rule in case["rules"]
                if rule in REGISTER.rules
            ]
        )
        in_tables = 0
        for cell in (r.cells()[index] for r in rows.values()):
            found = re.match(r"(\d+)/(\d+) passed", cell.text())
            in_tables += int(found.group(2)) if found else 0
        assert shown == wanted == in_tables


def test_the_home_page_says_why_its_chapters_count_more_scenarios_than_the_suite_holds(builds: Builds) -> None:
    index = parse(builds.full.html / "index.html")
    table = index.root.find("table", "nap-summary")
    assert table is not None
    rows = table.rows()
    chapters = sum(int(r.cells()[3].text()) for r in rows[:-1])
    assert int(rows[-1].cells()[3].text()) == len(SCENARIOS)
    rules = REGISTER.rules
    spans = [{rules[r].chapter for r in s.rules if r in rules} for s in SCENARIOS.values()]
    assert chapters == sum(len(found) for found in spans)
    several = sum(1 for found in spans if len(found) > 1)
    words = index.root.find("p", "nap-summary-counting")
    assert words is not None
    assert f"{several} of the {len(SCENARIOS)} scenarios test rules of more than one chapter" in words.text()
    assert f"the chapters' counts add up to {chapters}." in words.text()


def test_reports_of_two_engines_on_one_target_stay_apart(tmp_path: Path) -> None:
    """Read straight from the folders: two engines on Hoyle, and one engine's report in two
    folders, are three columns, not one."""
    document = {
        "format": "napspec-certification/2",
        "provenance": {"started": "2026-01-01T00:00:00+00:00", "content_hash": ""},
        "target": {"name": "hoyle", "options": {}},
        "summary": {},
        "cases": [{"id": "x", "scenario": "x", "rules": [FAILED_RULE], "status": "failed", "message": "m"}],
    }
    for folder, engine in (("", "first"), ("a", "second"), ("b", "second")):
        (tmp_path / folder).mkdir(exist_ok=True)
        body = {**document, "engine": {"name": engine, "version": "1"}}
        (tmp_path / folder / "certify-hoyle.json").write_text(json.dumps(body), encoding="utf-8")
    data = rulebook_data(str(tmp_path))
    assert [(c.target, c.engine) for c in data.columns()] == [
        ("hoyle", "first 1"),
        ("hoyle", "second 1 (a)"),
        ("hoyle", "second 1 (b)"),
    ]
    assert all(data.rule_counts(FAILED_RULE, c) == Counter({"failed": 1}) for c in data.columns())


def test_the_summary_gives_each_report_s_cases_by_status_in_words(builds: Builds) -> None:
    """One cell of cases per report, the statuses it has in words ("3 passed · 1 failed"), so
    that the summary fits a screen rather than a column per status, mostly noughts."""
    summary = status_page(builds.full.html).root.find("table", "nap-status-summary")
    assert summary is not None
    heads = [th.text() for th in summary.find_all("th")]
    assert heads[3] == "Cases", heads
    words = {"skipped-unsupported": "skipped (unsupported)", "timed-out": "timed out"}
    for row, (_target, _engine, report) in zip(summary.rows(), COLUMNS, strict=True):
        counts = Counter(case["status"] for case in cases_of(builds, report))
        wanted = " · ".join(f"{n} {words.get(status, status.replace('-', ' '))}" for status, n in counts.items())
        assert sorted(row.cells()[3].text().split(" · ")) == sorted(wanted.split(" · ")), (
            report,
            row.cells()[3].text(),
        )


def test_a_report_s_rule_verdicts_are_read_and_told_in_words(tmp_path: Path) -> None:
    """The rule table of a report (passed, failed, not judged for this engine and why) is read
    with it, and the status page tells each verdict beside the rule's counts."""
    from napspec.docs.rulebook.status import StatusDirective

    document = {
        "format": "napspec-certification/2",
        "provenance": {"started": "2026-01-01T00:00:00+00:00", "content_hash": ""},
        "engine": {"name": "four-handed", "version": "1"},
        "target": {"name": "britannica", "options": {}},
        "summary": {},
        "cases": [],
        "rules": [
            {"rule": FAILED_RULE, "verdict": "failed", "why": "", "checks": {}, "failed_in": ["x"]},
            {"rule": "settlement.sitting-out-dealer", "verdict": "not-judged", "why": "table size: 6 is not seated"},
            {"not": "a rule row"},
        ],
    }
    (tmp_path / "certify-britannica.json").write_text(json.dumps(document), encoding="utf-8")
    (report,) = rulebook_data(str(tmp_path)).reports
    assert set(report.rules) == {FAILED_RULE, "settlement.sitting-out-dealer"}
    words = StatusDirective.verdict_words
    assert words(report.rules[FAILED_RULE]) == "rule failed"
    assert (
        words(report.rules["settlement.sitting-out-dealer"])
        == "not judged for this engine: table size: 6 is not seated"
    )
