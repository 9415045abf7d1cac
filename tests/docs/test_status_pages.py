"""The engines' status fits a screen: an overview (every report's counts, and a matrix of every
rule on every target, a mark a cell) and a page a target, down to each case; no page of the
site weighs more than :data:`PAGE_WEIGHT`, and at 1280 px no status table is wider than the
text column.

The default run reads the shared build (three reports, :mod:`.conftest`); the campaign builds
the site with a report on every target the main job certifies (and a second engine on one),
the scale at which one page once weighed 6.4 MB with tables 2,593 px wide."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from napspec import spec
from napspec.docs.rulebook.domain import slug
from napspec.docs.rulebook.rules_found import RULES_FOUND
from napspec.docs.rulebook.status_pages import OTHER, target_pages

from .chromium import Chromium
from .conftest import DOCS, FAILED_RULE, OTHER_ENGINE, Builds, report, require, run, sphinx
from .dom import parse
from .test_browser import chromium_binary

REGISTER = spec.load()
PAGES = target_pages(REGISTER)
#: The most a page of the site may weigh, in bytes (status.html weighed 6.4 MB in one page).
PAGE_WEIGHT = 1_000_000
#: The window the widths are measured in.
SCREEN = 1280

WIDTH_SCRIPT = """(() => [...document.querySelectorAll('table')].map(t => {
  const column = document.querySelector('div.body') || document.body;
  return {table: t.className.split(' ')[0], width: Math.ceil(t.getBoundingClientRect().width),
          scroll: t.scrollWidth, column: Math.floor(column.getBoundingClientRect().width)};
}))()"""


def test_every_target_the_main_job_certifies_has_a_page() -> None:
    """The pages are the register's targets (each profile, and each with each variant its
    source gives), plus one for the others; each calls the directive with its target."""
    folder = DOCS / "status"
    assert {path.stem for path in folder.glob("*.md")} == {*PAGES, OTHER, RULES_FOUND}
    for page, target in [*PAGES.items(), (OTHER, OTHER)]:
        text = (folder / f"{page}.md").read_text(encoding="utf-8")
        assert text.strip() == f"```{{napspec-status-target}} {target}\n```"
    toctree = (DOCS / "status.md").read_text(encoding="utf-8")
    assert [line for line in toctree.splitlines() if line.startswith("status/")] == [
        f"status/{page}" for page in [*PAGES, OTHER, RULES_FOUND]
    ]


def test_the_overview_sets_every_rule_against_every_report_a_mark_a_cell(builds: Builds) -> None:
    page = parse(builds.full.html / "status.html")
    tables = page.root.find_all("table", "nap-status-matrix")
    assert len(tables) == len(REGISTER.chapters)
    heads = [th.text() for th in tables[0].find_all("th")]
    engine = "napspec-reference test"
    assert heads == ["Rule", f"peel · {engine}", f"hoyle · {engine}", f"hoyle · {OTHER_ENGINE} test"]
    row = page.by_id(f"status-{slug(FAILED_RULE)}")
    marks = [cell.text() for cell in row.cells()[1:]]
    assert marks == ["✓", "✗ 1", "✗ 2"], marks
    links = row.links()
    assert any(link.startswith("status/peel.html#cases-") for link in links), links
    assert sum(link.startswith("status/hoyle.html#cases-") for link in links) == 2, links
    # every rule has its row, which its chapter's status line links to
    for rule_id in REGISTER.rules:
        page.by_id(f"status-{slug(rule_id)}")
    assert not page.root.find_all("div", "nap-status-cases"), "the cases are on the targets' pages"


def test_each_target_page_shows_that_target_alone(builds: Builds) -> None:
    overview = parse(builds.full.html / "status.html")
    listed = [link for link in overview.by_id("status-targets").links() if not link.startswith("#")]
    assert listed == ["status/peel.html", "status/hoyle.html"], listed
    for target, engines in (("peel", 1), ("hoyle", 2)):
        page = parse(builds.full.html / "status" / f"{target}.html")
        summary = page.root.find("table", "nap-status-summary")
        assert summary is not None and {row.cells()[0].text() for row in summary.rows()} == {target}
        assert len(summary.rows()) == engines
        assert page.root.find_all("h1")[0].text().rstrip("¶") == f"Status on {target}"
    empty = parse(builds.full.html / "status" / "britannica.html").root.text()
    assert "No report on this target." in empty


def test_no_page_weighs_more_than_the_bound(builds: Builds) -> None:
    heavy = {
        str(path.relative_to(builds.full.html)): path.stat().st_size
        for path in builds.full.html.rglob("*.html")
        if path.stat().st_size > PAGE_WEIGHT
    }
    assert not heavy, heavy


@pytest.fixture(scope="module")
def screen(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-screen"), width=SCREEN, height=900) as chromium:
        yield chromium


def too_wide(screen: Chromium, root: Path, pages: list[str]) -> dict[str, list[dict[str, object]]]:
    found: dict[str, list[dict[str, object]]] = {}
    for name in pages:
        screen.open((root / name).as_uri())
        tables = screen.evaluate(WIDTH_SCRIPT)
        assert tables, name
        wide = [
            t
            for t in tables
            if t["table"].startswith(("nap-status", "nap-rules-found")) and max(t["width"], t["scroll"]) > t["column"]
        ]
        if wide:
            found[name] = wide[:3]
    return found


def test_at_1280_px_the_status_tables_fit_the_text_column(builds: Builds, screen: Chromium) -> None:
    pages = ["status.html", "status/peel.html", "status/hoyle.html", f"status/{RULES_FOUND}.html"]
    found = too_wide(screen, builds.full.html, pages)
    assert not found, found


# ------------------------------------------------------------------ at the main job's scale


@pytest.fixture(scope="module")
def every_target(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built with a report of the reference engine on every target of the main job
    (one failed case on each) and a second engine on Hoyle."""
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    root = tmp_path_factory.mktemp("every-target")
    reports = root / "reports"
    (reports / "other").mkdir(parents=True)
    for target in PAGES.values():
        name = re.sub(r"[^a-z0-9-]", "-", target)
        (reports / f"certify-{name}.json").write_text(json.dumps(report(target, FAILED_RULE)), encoding="utf-8")
    other = report("hoyle", FAILED_RULE, engine=OTHER_ENGINE, failures=2)
    (reports / "other" / "certify-hoyle.json").write_text(json.dumps(other), encoding="utf-8")
    built: subprocess.CompletedProcess[str] = run(sphinx(root / "html", root / "doctrees", reports))
    assert built.returncode == 0, (built.stdout + built.stderr)[-4000:]
    return root / "html"


@pytest.mark.campaign
def test_at_the_main_jobs_scale_no_page_is_too_heavy_or_too_wide(every_target: Path, screen: Chromium) -> None:
    weights = {str(p.relative_to(every_target)): p.stat().st_size for p in every_target.rglob("*.html")}
    heavy = {name: size for name, size in weights.items() if size > PAGE_WEIGHT}
    assert not heavy, heavy
    # a page per target, the page of other reports, and the page of the rules found
    assert len([name for name in weights if name.startswith("status/")]) == len(PAGES) + 2
    found = too_wide(screen, every_target, ["status.html", "status/hoyle.html", "status/wikipedia-peep.html"])
    assert not found, found
