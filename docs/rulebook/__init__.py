"""Sphinx extension: the annotated rulebook of napspec, written from the project's data.

Thin hand-written pages call the directives of the modules of their pages (``{napspec-chapter} play``
of :mod:`.chapters` and the like, all built on :class:`.directives.NapDirective`); the
directives read the register (:func:`napspec.spec.load`), the conformance
scenarios (:func:`napspec.suite.scenarios.load_scenarios` and the feature files' data tables)
and the certification reports, note every file they read as a dependency of the page, and
register every rule, variation point, interpretation, profile, place in a source and scenario
as a target of the ``nap`` domain (:mod:`.domain`), so that every link between pages is
checked. When the whole project has been read, :func:`check_complete` warns about anything of
the register that no page shows (with ``-W``, the build fails).

Configuration: ``napspec_certify_dir`` — the folder of the ``certify-*.json`` reports and of
the ``discover-*.json`` findings (default ``build/certify``, relative to the repository); ``napspec_house_rules`` — the
house-rules file a house-rules edition's page ``{napspec-house-rules}`` shows (none by default);
``napspec_edition`` — ``site``, ``single`` or ``book`` (:mod:`.editions`; by default the builder's).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from napspec.spec.house_rules import load_house_rules
from napspec.suite.replay import REPLAYS_FILE

from .book_builder import BOOK_DEFAULTS
from .book_transform import BookEdition
from .calls import CallsDirective
from .chapters import ChapterDirective
from .claims import ClaimsDirective
from .conflicts import ConflictMatrixDirective, InterpretationsDirective, LacunaeDirective, VariationPointsDirective
from .data import report_paths, resolve_certify_dir, rulebook_data
from .dispute import DisputeDirective
from .domain import NapDomain
from .editions import BOOK, PrintEdition, choose_edition, edition, prepare_edition
from .fold import setup as setup_fold
from .house import HouseRulesDirective
from .play_page import setup as setup_play
from .players import PLAYERS_DIRECTIVES
from .profiles import ProfileDirective
from .reading import ReadingDirective
from .reference_pages import BibliographyDirective, GlossaryDirective, SummaryDirective
from .replay_pages import setup as setup_replays
from .rules_found import RulesFoundDirective, findings_paths
from .search import whole_anchors
from .single import setup as setup_single
from .sources import SourceDirective
from .status_pages import STATUS_DIRECTIVES

logger = logging.getLogger(__name__)

#: The directives of the pages written from the register, by name.
DIRECTIVES = {
    "napspec-chapter": ChapterDirective,
    "napspec-conflict-matrix": ConflictMatrixDirective,
    "napspec-variation-points": VariationPointsDirective,
    "napspec-interpretations": InterpretationsDirective,
    "napspec-lacunae": LacunaeDirective,
    "napspec-profile": ProfileDirective,
    "napspec-source": SourceDirective,
    "napspec-glossary": GlossaryDirective,
    "napspec-bibliography": BibliographyDirective,
    "napspec-summary": SummaryDirective,
    "napspec-calls": CallsDirective,
}


def expected_targets(certify_dir: str) -> list[tuple[str, str]]:
    """Every ``nap`` target the rulebook must contain, from the data."""
    data = rulebook_data(certify_dir)
    register = data.register
    wanted: list[tuple[str, str]] = []
    wanted += [("chapter", c) for c in register.chapters]
    wanted += [("rule", r) for r in register.rules]
    wanted += [("option", o) for o in register.options]
    wanted += [("optsource", f"{o}/{s}") for o in register.options for s in register.sources]
    wanted += [("interp", i) for i in register.interpretations]
    wanted += [("lacuna", lac.id) for s in register.sources.values() for lac in s.lacunae]
    wanted += [("profile", p) for p in register.profiles]
    wanted += [("choice", f"{p}/{o}") for p in register.profiles for o in register.options]
    wanted += [("variant", f"{p.id}/{v}") for p in register.profiles.values() for v in p.variants]
    wanted += [("source", s) for s in register.sources]
    wanted += [("loc", d.anchor) for s in register.sources.values() for d in s.divisions]
    wanted += [("scenario", s.id) for s in data.scenarios if data.home_rule(s)]
    wanted += [("claim", c) for c in data.claims]
    return wanted


#: What the book leaves to the site: the scenarios told in full (it counts them under each rule).
NOT_IN_BOOK = frozenset({"scenario"})


def check_complete(app: Sphinx, env: BuildEnvironment) -> None:
    domain: NapDomain = env.domains["nap"]  # type: ignore[assignment]
    left_out = NOT_IN_BOOK if edition(env) == BOOK else frozenset()
    missing = [
        f"{kind} {name}"
        for kind, name in expected_targets(app.config.napspec_certify_dir)
        if kind not in left_out and not domain.lookup(kind, name)
    ]
    for item in missing:
        logger.warning("napspec: the rulebook does not show %s (is a page or directive missing?)", item)


def report_names(app: Sphinx) -> tuple[str, ...]:
    folder = resolve_certify_dir(app.config.napspec_certify_dir)
    # the record of the replays too: the scenarios' pages replay from it
    record = [folder / REPLAYS_FILE] if (folder / REPLAYS_FILE).is_file() else []
    return tuple(str(p.relative_to(folder)) for p in (*report_paths(folder), *findings_paths(folder), *record))


def reports_outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """The pages showing certification results are outdated when a report appears or goes
    (a changed report is a noted dependency of those pages)."""
    now = report_names(app)
    before = getattr(env, "napspec_reports", None)
    env.napspec_reports = now  # type: ignore[attr-defined]
    if before is None or before == now:
        return []
    return sorted(getattr(env, "napspec_report_docs", set()) - removed)


def purge_doc(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    getattr(env, "napspec_report_docs", set()).discard(docname)


def merge_info(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    mine: set[str] = getattr(env, "napspec_report_docs", set())
    mine |= getattr(other, "napspec_report_docs", set()) & set(docnames)
    env.napspec_report_docs = mine  # type: ignore[attr-defined]


#: The builders that write the general index page (``genindex``) that the contents link to.
INDEX_BUILDERS = ("html", "dirhtml")


def edition_warnings(app: Sphinx) -> None:
    """The one-page and PDF editions make no general index page, to which the contents link;
    the site, built from the same pages with ``-W``, still holds the contents to account for
    every other page."""
    if app.builder.name not in INDEX_BUILDERS and "toc.not_readable" not in app.config.suppress_warnings:
        app.config.suppress_warnings = [*app.config.suppress_warnings, "toc.not_readable"]


def house_rules_title(app: Sphinx, config: Config) -> None:
    """The book of one table's house rules bears the table's name on its title page."""
    if not config.napspec_house_rules:
        return
    house = load_house_rules(config.napspec_house_rules)
    book = {**BOOK_DEFAULTS, **dict(config.napspec_book or {})}
    config.napspec_book = {
        **book,
        "title": f"House rules: {house.name}",
        "subtitle": f"{book['title']}, as this table plays it",
    }


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("napspec_certify_dir", "", "env", types=frozenset({str}))
    app.add_config_value("napspec_book", {}, "env", types=frozenset({dict}))
    app.add_domain(NapDomain)
    setup_fold(app)
    setup_single(app)
    setup_play(app)
    setup_replays(app)
    for name, directive in DIRECTIVES.items():
        app.add_directive(name, directive)
    app.add_directive("napspec-claims", ClaimsDirective)
    app.add_directive("napspec-dispute", DisputeDirective)
    app.add_directive("napspec-rules-found", RulesFoundDirective)
    for name, status_directive in STATUS_DIRECTIVES.items():
        app.add_directive(name, status_directive)
    app.add_post_transform(PrintEdition)
    app.add_post_transform(BookEdition)
    app.add_config_value("napspec_house_rules", "", "env", types=frozenset({str}))
    app.add_directive("napspec-house-rules", HouseRulesDirective)
    app.add_directive("napspec-reading", ReadingDirective)
    for name, players_directive in PLAYERS_DIRECTIVES.items():
        app.add_directive(name, players_directive)
    app.add_config_value("napspec_edition", "", "env", types=frozenset({str}))
    app.connect("config-inited", house_rules_title)
    app.connect("config-inited", choose_edition)
    app.connect("builder-inited", prepare_edition)
    app.connect("builder-inited", edition_warnings)
    app.connect("html-collect-pages", whole_anchors)
    app.connect("env-check-consistency", check_complete)
    app.connect("env-get-outdated", reports_outdated)
    app.connect("env-purge-doc", purge_doc)
    app.connect("env-merge-info", merge_info)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
