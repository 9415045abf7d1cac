"""The book's builder: Sphinx's ``typst``, which puts the book's pages together (its root page,
:data:`.editions.BOOK_ROOT`, and every page its contents reach, in their order), writes them as
Typst's markup (:mod:`.book_writer`) after the front matter (a title page, its imprint, the
contents) and before the back matter (the subject index, :mod:`.book_index`), and sets the PDF
in the same process with Typst (the ``typst`` package: its compiler, and the fonts it carries).

Typst lays the book out once: the page numbers that the cross-references, the contents and the
index print are found within that one compilation, with no pass of the book's own.

Configuration: ``napspec_book`` (:data:`BOOK_DEFAULTS`): the file's name, the title, subtitle
and author of its title page.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, metadata
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.utils import new_document
from sphinx import addnodes
from sphinx.builders import Builder
from sphinx.errors import NoUri
from sphinx.util import logging
from sphinx.util.nodes import inline_all_toctrees

from .book_index import index_text
from .book_writer import collect_labels, string, typst_text
from .editions import BOOK_ROOT
from .reference_pages import licence_name

logger = logging.getLogger(__name__)

#: The layout the book's text is set in (this package's ``docs/book.typ``).
LAYOUT = Path(__file__).resolve().parents[1] / "book.typ"
#: What ``napspec_book`` holds when the configuration does not say.
BOOK_DEFAULTS = {
    "target": "napspec-rulebook",
    "title": "The annotated rulebook of Napoleon",
    "subtitle": "The cited, executable rules of Nap",
    "author": "napspec contributors",
}
#: How the book's contents name each group of chapters, by the caption of its toctree; a
#: caption not named here is printed as it is.
APPENDICES = "Appendices"


def the_date(moment: datetime) -> str:
    """A date no reader can take for another: the day, the month's name, the year.

    >>> the_date(datetime(2026, 12, 7))
    '7 December 2026'
    """
    return f"{moment.day} {moment:%B %Y}"


def build_moment() -> datetime:
    """When the book is made: ``SOURCE_DATE_EPOCH`` if the environment sets it (a reproducible
    build), else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    return datetime.fromtimestamp(int(epoch), UTC) if epoch.isdigit() else datetime.now(UTC)


def distribution() -> tuple[str, str]:
    """napspec's version and licence, as its installed metadata give them."""
    try:
        data = metadata("napspec")
    except PackageNotFoundError:
        return "unknown", "as the project's LICENSE file states"
    return str(data["Version"]), licence_name((data.get_all("License-Expression") or [""])[0])


class BookBuilder(Builder):
    """Sets the book as a PDF with Typst (see the module)."""

    name = "typst"
    format = "typst"
    epilog = "The book is in %(outdir)s."
    supported_image_types: ClassVar[list[str]] = ["image/svg+xml", "image/png", "image/jpeg"]
    supported_remote_images = False

    def init(self) -> None:
        self.book_docnames: set[str] = set()

    def get_outdated_docs(self) -> str:
        return "the whole book"

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        if docname not in self.book_docnames:
            raise NoUri(docname, typ)
        return "%" + docname

    def get_relative_uri(self, from_: str, to: str, typ: str | None = None) -> str:
        return self.get_target_uri(to, typ)

    def prepare_writing(self, docnames: AbstractSet[str]) -> None:
        pass

    def settings(self) -> dict[str, str]:
        return {**BOOK_DEFAULTS, **dict(self.config.napspec_book or {})}

    def write_documents(self, _docnames: AbstractSet[str]) -> None:
        settings = self.settings()
        started = time.monotonic()
        document, groups = self.assemble()
        labels = collect_labels(document, BOOK_ROOT)
        text = typst_text(
            document,
            BOOK_ROOT,
            prologue=self.prologue(settings),
            epilogue=index_text(self.env, labels),
        )
        self.outdir.mkdir(parents=True, exist_ok=True)
        source = self.outdir / f"{settings['target']}.typ"
        source.write_text(text.replace("\n#group(", "\n#group(").replace("@@GROUPS@@", groups), encoding="utf-8")
        shutil.copy2(LAYOUT, self.outdir / LAYOUT.name)
        logger.info("written %s in %.1f s; setting it...", source.name, time.monotonic() - started)
        self.compile(source, self.outdir / f"{settings['target']}.pdf")

    def compile(self, source: Path, pdf: Path) -> None:
        """Set the book with Typst: one compilation; its warnings are the build's."""
        import typst

        started = time.monotonic()
        moment = build_moment()
        try:
            _written, warnings = typst.compile_with_warnings(
                str(source),
                output=str(pdf),
                root=str(source.parent),
                ignore_system_fonts=True,
                font_paths=[],
                timestamp=int(moment.timestamp()),
            )
        except typst.TypstError as error:
            logger.warning("napspec: Typst could not set the book: %s", getattr(error, "diagnostic", "") or error)
            return
        for warning in warnings:
            logger.warning("napspec: Typst: %s", warning.message)
        logger.info("set %s in %.1f s", pdf.name, time.monotonic() - started)

    # ------------------------------------------------------------------ the book's parts

    def captions(self) -> Iterator[tuple[str, list[str]]]:
        """The book's contents: each toctree's caption and its pages, in order."""
        for toctree in self.env.get_doctree(BOOK_ROOT).findall(addnodes.toctree):
            yield str(toctree.get("caption") or ""), [str(page) for page in toctree["includefiles"]]

    def assemble(self) -> tuple[nodes.document, str]:
        """Every page of the book in one document, each group of chapters opened by a mark that
        names it in the contents and sets its numbering; references resolved."""
        root = self.env.get_doctree(BOOK_ROOT)
        self.book_docnames = {BOOK_ROOT}
        tree = new_document(str(root.get("source", BOOK_ROOT)))
        main = False
        for caption, pages in self.captions():
            mark = matter_mark(caption, opens_main=not main)
            main = main or CHAPTERS in mark
            tree += nodes.raw("", mark, format="typst")
            toctree = addnodes.toctree(includefiles=pages, entries=[(None, page) for page in pages])
            tree += toctree
        largetree = inline_all_toctrees(self, self.book_docnames, BOOK_ROOT, tree, str, [BOOK_ROOT])
        largetree["docname"] = BOOK_ROOT
        self.env.resolve_references(largetree, BOOK_ROOT, self)
        for pending in list(largetree.findall(addnodes.pending_xref)):
            pending.replace_self(pending.children or [nodes.Text(pending.astext())])
        return largetree, ""

    def prologue(self, settings: dict[str, str]) -> str:
        """The book's first pages: the title page, the imprint on its verso, the contents."""
        version, licence = distribution()
        moment = build_moment()
        imprint = [
            (
                "Edition",
                "the book of the annotated rulebook, one of its three editions (the site, the single page, the book)",
            ),
            ("Version", f"napspec {version}"),
            ("Date", the_date(moment)),
            ("Licence", f"{licence}; the sources' texts under their own licences, as the Bibliography states"),
            (
                "Provenance",
                "set from the register of rules, the conformance scenarios and the transcriptions of the "
                f"four texts of napspec {version}, with Sphinx and Typst",
            ),
        ]
        pairs = ", ".join(f"({string(name)}, {string(value)})" for name, value in imprint)
        return (
            '#import "book.typ": *\n'
            f"#show: book.with(title: {string(settings['title'])})\n"
            f"#title-page(title: {string(settings['title'])}, subtitle: {string(settings['subtitle'])}, "
            f"author: {string(settings['author'])}, imprint: ({pairs},))\n"
            "#contents()\n"
            "#set heading(numbering: none)\n"
        )

    def finish(self) -> None:
        pass


#: Where the chapters numbered 1, 2… begin: on a right-hand page numbered 1.
MAIN_MATTER = '#pagebreak(to: "odd", weak: true)\n#set page(numbering: "1")\n#counter(page).update(1)\n'
#: The numbering of the chapters of the main matter.
CHAPTERS = '#set heading(numbering: "1.1", supplement: [Chapter])\n'


def matter_mark(caption: str, opens_main: bool = False) -> str:
    """The mark that opens a group of chapters: its name in the contents, and the numbering of
    its chapters (none in the front matter and the reference, letters in the appendices)."""
    mark = f"\n#group({string(caption)})\n"
    if caption.lower().startswith("front"):
        return mark + "#set heading(numbering: none)\n"
    if caption.startswith(APPENDICES):
        return mark + '#counter(heading).update(0)\n#set heading(numbering: "A.1", supplement: [Appendix])\n'
    if caption.lower() == "reference":
        return mark + "#set heading(numbering: none)\n"
    return mark + (MAIN_MATTER if opens_main else "") + CHAPTERS


def setup(app: Any) -> dict[str, Any]:
    """The builder, as Sphinx loads it by its entry point when the book is built (``-b typst``):
    only then is it known, which tells the rulebook the book is the edition being built."""
    app.setup_extension("napspec.docs.rulebook")
    app.add_builder(BookBuilder)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["BOOK_DEFAULTS", "BookBuilder", "build_moment", "setup", "the_date"]
