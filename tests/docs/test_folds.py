"""A fold's line holds no link, in any edition (:mod:`napspec.docs.rulebook.fold`).

A click on a fold's line opens the block where it is: a link there would take the reader off
the page. The pages that fold are built here in every edition, the book's too (whose
typesetting is the campaign's), so that a directive that folds another line in one edition than
in the others is caught by the quick tests: the book's interpretations once folded their
question with its links, which stopped the PDF's build and nothing else.
"""

from __future__ import annotations

import json
import re
import shutil
from io import StringIO
from pathlib import Path

import pytest
from docutils import nodes

from .conftest import DOCS, FAILED_RULE, Builds, Editions, report, require

#: The pages whose directives fold (the variation points and the interpretations, the dispute,
#: a chapter's scenarios, the status's rules and cases).
FOLDING_PAGES = ("conflicts.md", "dispute.md", "chapters/irregularities.md", "status.md")
#: Each edition, and the builder that makes it (the book's set as HTML: what its directives
#: write is the same, and the HTML shows any fold it keeps).
EDITIONS = {"site": "html", "single": "singlehtml", "book": "html"}
#: A fold's line, as HTML writes it.
SUMMARY = re.compile(r"<summary\b[^>]*>(.*?)</summary>", re.DOTALL)


def linked_lines(page: Path) -> list[str]:
    """The lines of a page's folds that hold a link."""
    return [line for line in SUMMARY.findall(page.read_text(encoding="utf-8")) if re.search(r"<a\b", line)]


def build_folding_pages(root: Path, edition: str) -> tuple[Path, str]:
    """The pages that fold, built in ``edition`` (a report in its report folder, so that the
    status folds its cases): the output folder, and the warnings (a link to a page left out)."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    source, reports = root / "source", root / "reports"
    reports.mkdir(parents=True)
    (reports / "certify-hoyle.json").write_text(json.dumps(report("hoyle", FAILED_RULE)), encoding="utf-8")
    for page in FOLDING_PAGES:
        (source / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(DOCS / page, source / page)
    contents = "\n".join(page.removesuffix(".md") for page in FOLDING_PAGES)
    (source / "index.md").write_text(f"# Folds\n\n```{{toctree}}\n{contents}\n```\n", encoding="utf-8")
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "napspec.docs.rulebook"]\n'
        f"napspec_edition = {edition!r}\nnapspec_certify_dir = {str(reports)!r}\n",
        encoding="utf-8",
    )
    warnings = StringIO()
    out = root / "out"
    # in its own docutils namespace, as sphinx-build runs: what a build registers stays its own
    with docutils_namespace():
        app = Sphinx(str(source), str(source), str(out), str(root / "trees"), EDITIONS[edition], warning=warnings)
        app.build(force_all=True)
    return out, warnings.getvalue()


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_no_edition_folds_a_line_with_a_link(tmp_path: Path, edition: str) -> None:
    """Every directive that folds, run as each edition runs it: none builds a fold whose line
    holds a link (:func:`~napspec.docs.rulebook.fold.fold` refuses one, stopping the build)."""
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    out, _warnings = build_folding_pages(tmp_path, edition)
    pages = sorted(out.rglob("*.html"))
    assert pages
    found = {str(page.relative_to(out)): linked_lines(page) for page in pages}
    assert not {page: lines for page, lines in found.items() if lines}
    if edition != "book":  # the book folds nothing it prints: it shows every block whole
        assert sum(len(SUMMARY.findall(page.read_text(encoding="utf-8"))) for page in pages) > 100


def test_a_line_with_a_link_is_refused() -> None:
    """A link in a fold's line is refused, wrapped in words (which the line's type lets through)
    or not."""
    from napspec.docs.rulebook.fold import fold
    from napspec.docs.rulebook.render import inline, xref

    assert fold(["Who ", inline("deals", classes=["nap-term"]), "?"]).astext() == "Who deals?"
    with pytest.raises(ValueError, match="a fold's line holds a link, which a click would follow: 'Who deals"):
        fold(["Who ", inline(xref("rule", "dealing.first-dealer", "deals")), "?"])
    with pytest.raises(ValueError, match="holds a link"):
        fold([inline(nodes.reference("", "the rule", refuri="#rule"))])
    with pytest.raises(ValueError, match="holds a link"):
        fold(["The rule ", xref("rule", "play.follow-suit", "players must follow suit")])  # type: ignore[list-item]


def test_no_built_page_folds_a_line_with_a_link(builds: Builds, editions: Editions) -> None:
    """Every page the quick tests build, the site's, the single page and the house-rules
    edition's: no fold's line holds a link, whatever put it there."""
    pages = [*sorted(builds.full.html.rglob("*.html")), editions.single, editions.house]
    lines = sum(len(SUMMARY.findall(page.read_text(encoding="utf-8"))) for page in pages)
    found = [f"{page.name}: {line[:120]}" for page in pages for line in linked_lines(page)]
    assert lines > 500 and not found, "\n".join(found[:10])
