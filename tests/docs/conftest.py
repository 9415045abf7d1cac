"""Builds the rulebook once per test run (shared by pytest-xdist's workers), the way the README
does, into a temporary folder.

Two builds into one folder:

- ``bare``: ``-E -W -n`` with an empty certification-report folder (the status page must say
  so);
- ``full``: the same folder built again, incrementally, once reports have appeared in the
  report folder (the reference engine on two targets, one failed case; another engine on one
  of them, in a folder of its own, two failed cases; and the rules two engines were found to
  play, saved by ``napspec discover``): only the pages showing results may be read again, and
  they must then show the reports, as a build made afresh with them would.
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest

from napspec.spec import load as load_register
from napspec.suite.scenarios import load_scenarios
from tests.machine import unavailable

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"

FAILED_RULE = "play.follow-suit"
#: A second engine, certified on Hoyle only, failing two cases of FAILED_RULE with this quotation.
OTHER_ENGINE = "other-engine"
OTHER_QUOTE = "Hoyle p. 99: made-up words the other engine's report quotes"


def require(module: str, why: str) -> None:
    if importlib.util.find_spec(module) is None:
        unavailable(f"{module} is not installed ({why}); install the docs extra: pip install -e '.[test,docs]'")


@dataclass
class Build:
    html: Path
    doctrees: Path
    certify: Path
    output: str
    seconds: float


@dataclass
class Builds:
    full: Build
    bare: Build
    bare_status_before: str  # status.html of the bare build before a report appeared
    incremental_output: str
    incremental_seconds: float
    #: the page of the rules found, of the bare build, before any findings appeared
    bare_rules_found_before: str = ""


def sphinx(out: Path, doctrees: Path, certify: Path, fresh: bool = True) -> list[str]:
    return [
        sys.executable,
        "-m",
        "sphinx",
        *(["-E"] if fresh else []),
        "-W",
        "-n",
        "-N",
        "--keep-going",  # -N: no colour codes in the output the tests read
        "-b",
        "html",
        "-d",
        str(doctrees),
        "-D",
        f"napspec_certify_dir={certify}",
        str(DOCS),
        str(out),
    ]


def report(
    target: str,
    failed_rule: str | None,
    engine: str = "napspec-reference",
    failures: int = 1,
    quote: str = "",
) -> dict[str, object]:
    """A certification report of the reference engine's format, made up for the test: the
    first ``failures`` cases of ``failed_rule`` failed (each with the given ``quote``, if any)."""
    cases = []
    failed = 0
    for scenario in load_scenarios():
        status, message = "passed", ""
        if failed_rule in scenario.rules and failed < failures:
            status, message, failed = "failed", f"made-up failure {failed + 1} of {engine}", failed + 1
        cases.append(
            {
                "id": f"{scenario.id}[{target}]",
                "scenario": scenario.id,
                "chapter": scenario.chapter,
                "rules": list(scenario.rules),
                "example": {},
                "status": status,
                "message": message,
                "quote": quote if status == "failed" else "",
            }
        )
    passed = sum(1 for c in cases if c["status"] == "passed")
    return {
        "format": "napspec-certification/2",
        "provenance": {"suite": "napspec", "started": "2026-01-01T00:00:00+00:00", "content_hash": ""},
        "engine": {"name": engine, "version": "test"},
        "target": {"name": target, "options": {}},
        "summary": {
            "applicable": len(cases),
            "passed": passed,
            "failed": len(cases) - passed,
            "certified": passed == len(cases),
        },
        "engine_error": "",
        "cases": cases,
    }


#: The reference engine held to house rules of four players only, nobody bound to play when all
#: pass, every hand played out: rules found with values no source gives (a table of four).
FOUR_HANDED = """\
base = "hoyle"
name = "four-handed"

[options]
players-min = 4
players-max = 4
compulsory-call = "none"
stop-when-decided = false
"""
#: The engines whose rules are found for the status page: the file (in the report folder) and the hold.
FOUND = {
    "discover-hoyle.json": ("--hold-profile", "hoyle"),
    "other/discover-four.json": ("--hold-house-rules", "four-handed.toml"),
}


def save_findings(reports: Path) -> None:
    """What ``napspec discover`` finds of the reference engine held to Hoyle and held to house
    rules of four players, narrowed to the calling, saved where the rulebook reads them."""
    (reports.parent / "four-handed.toml").write_text(FOUR_HANDED, encoding="utf-8")
    for name, (hold, rules) in FOUND.items():
        held = str(reports.parent / rules) if rules.endswith(".toml") else rules
        serve = shlex.join([sys.executable, "-m", "napspec.reference.cli", "serve", hold, held])
        saved = reports / name
        saved.parent.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "napspec.docs.commands", "discover", "--engine-command", serve]
        command += ["--rule", "calling", "-o", str(saved.with_suffix(".toml")), "--json", str(saved)]
        found = run(command)
        assert found.returncode == 0, (found.stdout + found.stderr)[-3000:]


def run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="session")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    """The builds, made once per run: under pytest-xdist the first worker to ask builds them
    into the run's own temporary folder (shared by its workers) while the others wait."""
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return _build(tmp_path_factory.mktemp("rulebook"))
    # A worker's base folder is <run>/popen-gwN: <run> is this run's alone.
    shared = tmp_path_factory.getbasetemp().parent
    with open(shared / "rulebook.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        saved = shared / "rulebook.json"
        if saved.exists():
            return _load(saved)
        shutil.rmtree(shared / "rulebook", ignore_errors=True)  # what a failed build left
        built = _build(shared / "rulebook")
        saved.write_text(json.dumps(asdict(built), default=str), encoding="utf-8")
        return built


def _load(saved: Path) -> Builds:
    """The builds another worker made, as it saved them."""
    data = json.loads(saved.read_text(encoding="utf-8"))
    full, bare = (
        Build(Path(d["html"]), Path(d["doctrees"]), Path(d["certify"]), d["output"], d["seconds"])
        for d in (data["full"], data["bare"])
    )
    return Builds(
        full,
        bare,
        data["bare_status_before"],
        data["incremental_output"],
        data["incremental_seconds"],
        data["bare_rules_found_before"],
    )


def _build(root: Path) -> Builds:
    root.mkdir(parents=True, exist_ok=True)
    reports = root / "reports"
    reports.mkdir()
    html, doctrees = root / "html", root / "doctrees"
    # the reference engine's answers to every scenario row, which the site replays, recorded
    # as the main job records them beside its reports (no certification report: the status
    # page of the bare build has none to show)
    from napspec.docs.pipeline import record_replays

    record_replays(reports, lambda _line: None)

    started = time.monotonic()
    fresh = run(sphinx(html, doctrees, reports))
    fresh_seconds = time.monotonic() - started
    assert fresh.returncode == 0, f"the build failed:\n{(fresh.stdout + fresh.stderr)[-6000:]}"
    bare_status = (html / "status.html").read_text(encoding="utf-8")
    bare_found = (html / "status" / "rules-found.html").read_text(encoding="utf-8")

    (reports / "certify-peel.json").write_text(json.dumps(report("peel", None)), encoding="utf-8")
    (reports / "certify-hoyle.json").write_text(json.dumps(report("hoyle", FAILED_RULE)), encoding="utf-8")
    # a second engine, its report in a folder of its own: a column of its own beside the reference's
    (reports / "other").mkdir()
    other = report("hoyle", FAILED_RULE, engine=OTHER_ENGINE, failures=2, quote=OTHER_QUOTE)
    (reports / "other" / "certify-hoyle.json").write_text(json.dumps(other), encoding="utf-8")
    save_findings(reports)
    started = time.monotonic()
    again = run(sphinx(html, doctrees, reports, fresh=False))
    incremental = time.monotonic() - started
    assert again.returncode == 0, f"the incremental build failed:\n{(again.stdout + again.stderr)[-6000:]}"

    return Builds(
        full=Build(html, doctrees, reports, again.stdout + again.stderr, fresh_seconds + incremental),
        bare=Build(html, doctrees, reports, fresh.stdout + fresh.stderr, fresh_seconds),
        bare_status_before=bare_status,
        incremental_output=again.stdout + again.stderr,
        incremental_seconds=incremental,
        bare_rules_found_before=bare_found,
    )


# ---------------------------------------------------------------------- the other editions

#: The house rules the house-rules edition is built for in the tests.
HOUSE_RULES = """\
base = "hoyle"
name = "The Crown, Tuesdays"
description = "Penny Nap at the Crown, paid at the shilling."

[options]
nap-stakes = "win-12-lose-6"
cut-minimum = { value = 3, note = "we like a deep cut" }
"""


T = TypeVar("T")


@dataclass
class Editions:
    single: Path  # the single page's index.html
    house: Path  # the house-rules edition's single page
    house_rules: Path  # its house-rules file
    seconds: dict[str, float]


def _build_editions(root: Path) -> Editions:
    """The single page and a house-rules edition (its single page), each built as ``napspec
    rulebook`` builds it, with ``-W``, timed."""
    from napspec.docs.pipeline import build_house_rules_edition, build_rulebook, edition_path

    root.mkdir(parents=True, exist_ok=True)
    reports = root / "reports"
    reports.mkdir(exist_ok=True)
    # a report on every target, as the main job certifies them, which the single page must not
    # repeat rule by rule or scenario by scenario (each target's page on the site has them)
    from napspec.docs.rulebook.status_pages import target_pages

    for page, target in target_pages(load_register()).items():
        made_up = report(target, FAILED_RULE if target == "hoyle" else None)
        (reports / f"certify-{page}.json").write_text(json.dumps(made_up), encoding="utf-8")
    # the replays the single page links to on the site, recorded as for the site
    from napspec.docs.pipeline import record_replays

    record_replays(reports, lambda _line: None)
    seconds: dict[str, float] = {}
    started = time.monotonic()
    assert build_rulebook(root / "book", reports, "singlehtml") == 0, "the single page did not build"
    seconds["singlehtml"] = time.monotonic() - started
    house_rules = root / "crown.toml"
    house_rules.write_text(HOUSE_RULES, encoding="utf-8")
    started = time.monotonic()
    status = build_house_rules_edition(root / "house", reports, house_rules, ("singlehtml",), say=lambda _line: None)
    seconds["house-rules singlehtml"] = time.monotonic() - started
    assert status == 0, "the house-rules edition did not build"
    return Editions(
        single=edition_path(root / "book", "singlehtml"),
        house=edition_path(root / "house", "singlehtml"),
        house_rules=house_rules,
        seconds=seconds,
    )


def _build_pdf(root: Path) -> Path:
    """The PDF edition, built as ``napspec rulebook`` builds it, with ``-W``, with a report in
    the report folder (which the book must not print)."""
    from napspec.docs.pipeline import build_rulebook, edition_path

    root.mkdir(parents=True, exist_ok=True)
    reports = root / "reports"
    reports.mkdir(exist_ok=True)
    (reports / "certify-hoyle.json").write_text(json.dumps(report("hoyle", FAILED_RULE)), encoding="utf-8")
    assert build_rulebook(root / "book", reports, "typst", say=lambda _line: None) == 0, "the PDF did not build"
    return edition_path(root / "book", "typst")


#: A toctree of the book's contents page: its options, then a page a line.
BOOK_TOCTREE_BODY = re.compile(r"^```\{toctree\}\n(.*?)^```", re.MULTILINE | re.DOTALL)


def book_page_names() -> list[str]:
    """The pages the book prints, its root first, in the order of its contents."""
    from napspec.docs.rulebook.editions import BOOK_ROOT

    contents = (DOCS / f"{BOOK_ROOT}.md").read_text(encoding="utf-8")
    folder = BOOK_ROOT.rpartition("/")[0]
    entries = [
        line.strip()
        for body in BOOK_TOCTREE_BODY.findall(contents)
        for line in body.splitlines()
        if line.strip() and not line.strip().startswith(":")
    ]
    return [BOOK_ROOT, *(e.removeprefix("../") if e.startswith("../") else f"{folder}/{e}" for e in entries)]


def _build_book_text(root: Path) -> Path:
    """The book's pages, read as the book's build reads them (its edition, a report in the
    report folder) and written as plain text by Sphinx's ``text`` builder, not set by the
    typesetter: the book's words in seconds, where the PDF takes minutes (the campaign's)."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    from napspec.docs.rulebook.editions import BOOK, BOOK_ROOT

    source, reports, out = root / "source", root / "reports", root / "text"
    reports.mkdir(parents=True)
    (reports / "certify-hoyle.json").write_text(json.dumps(report("hoyle", FAILED_RULE)), encoding="utf-8")
    for page in book_page_names():
        (source / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(DOCS / f"{page}.md", source / f"{page}.md")
    for name in ("conf.py", "glossary.toml"):
        shutil.copy(DOCS / name, source / name)
    settings = {"root_doc": BOOK_ROOT, "napspec_edition": BOOK, "napspec_certify_dir": str(reports)}
    # in its own docutils namespace, as sphinx-build runs: what a build registers stays its own
    with docutils_namespace():
        app = Sphinx(str(source), str(source), str(out), str(root / "trees"), "text", settings, status=None)
        app.build(force_all=True)
    return out


@pytest.fixture(scope="session")
def book_text(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The book's text without the typesetter (a folder of one text file a page), made once per
    run."""
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    return _once_per_run(tmp_path_factory, "book-text", _build_book_text)


#: The toctrees a house-rules book is cut to for the campaign's quick book: the table's rules
#: and the front matter (the whole book, 248 pages, is minutes of one core: the long run's).
HOUSE_BOOK_CUT_TO = 2

BOOK_TOCTREE = "```{toctree}"


def cut_book_contents(contents: Path, toctrees: int) -> None:
    """Keep the first ``toctrees`` toctrees of the book's contents page, in their order."""
    text = contents.read_text(encoding="utf-8")
    starts = [found.start() for found in re.finditer(re.escape(BOOK_TOCTREE), text)]
    if len(starts) > toctrees:
        contents.write_text(text[: starts[toctrees]], encoding="utf-8")


def _build_house_pdf(root: Path, cut_to: int | None = None) -> Path:
    """The house-rules edition's book (the PDF), built as ``napspec rulebook --house-rules``
    builds it; with ``cut_to``, from the same source cut to its first toctrees (the table's
    rules and the front matter), so that the typesetter sets what is the table's own in seconds."""
    from napspec.docs.pipeline import (
        build_editions,
        build_house_rules_edition,
        edition_path,
        house_rules_settings,
        house_rules_source,
    )

    root.mkdir(parents=True, exist_ok=True)
    reports = root / "reports"
    reports.mkdir(exist_ok=True)
    house_rules = root / "crown.toml"
    house_rules.write_text(HOUSE_RULES, encoding="utf-8")
    if cut_to is None:
        status = build_house_rules_edition(root / "house", reports, house_rules, ("typst",), say=lambda _line: None)
    else:
        source = house_rules_source(root / "scratch")
        cut_book_contents(source / "print" / "index.md", cut_to)
        settings = house_rules_settings(house_rules)
        status = build_editions(root / "house", reports, ("typst",), lambda _line: None, source, settings)
    assert status == 0, "the house-rules book did not build"
    return edition_path(root / "house", "typst")


def _once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], T]) -> T:
    """``make(folder)`` run once per test run, its result shared by pytest-xdist's workers
    (saved as JSON beside the lock that orders them)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return make(tmp_path_factory.mktemp(name))
    shared = tmp_path_factory.getbasetemp().parent
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        saved = shared / f"{name}.json"
        if saved.exists():
            return cast(T, _revive(json.loads(saved.read_text(encoding="utf-8"))))
        shutil.rmtree(shared / name, ignore_errors=True)
        built = make(shared / name)
        saved.write_text(json.dumps(_saved(built), default=str), encoding="utf-8")
        return built


def _saved(value: object) -> object:
    if isinstance(value, Editions):
        return {"editions": {key: str(item) if isinstance(item, Path) else item for key, item in asdict(value).items()}}
    return {"path": str(value)}


def _revive(data: dict[str, Any]) -> object:
    if "editions" in data:
        fields = data["editions"]
        return Editions(Path(fields["single"]), Path(fields["house"]), Path(fields["house_rules"]), fields["seconds"])
    return Path(data["path"])


@pytest.fixture(scope="session")
def editions(tmp_path_factory: pytest.TempPathFactory) -> Editions:
    """The single page and the house-rules edition, made once per run."""
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    return _once_per_run(tmp_path_factory, "editions", _build_editions)


@pytest.fixture(scope="session")
def pdf_edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The PDF edition, made once per run (minutes on two cores, see the README: its tests are the
    campaign's)."""
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    require("typst", "the PDF edition is set by Typst")
    return _once_per_run(tmp_path_factory, "pdf-edition", _build_pdf)


@pytest.fixture(scope="session")
def house_pdf_edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The house-rules edition's whole book, made once per run (the long run's: the campaign
    sets the main book, and the house-rules book cut to what is its own)."""
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    require("typst", "the PDF edition is set by Typst")
    return _once_per_run(tmp_path_factory, "house-pdf-edition", _build_house_pdf)


@pytest.fixture(scope="session")
def house_pdf_cut(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The house-rules edition's book cut to the table's rules and the front matter, made once
    per run (the campaign's)."""
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    require("typst", "the PDF edition is set by Typst")
    return _once_per_run(tmp_path_factory, "house-pdf-cut", partial(_build_house_pdf, cut_to=HOUSE_BOOK_CUT_TO))
