"""The rulebook's printed edition: what the PDF builder is given in place of what only a
browser shows.

Every page is written once, for the web; before a builder that does not write HTML (the PDF's
``rinoh``) lays a page out, :class:`PrintEdition` changes the few things a printed page cannot
show:

- a plot drawn as inline SVG (raw HTML, which other builders skip) becomes a sentence saying so,
  since every plot of the rulebook stands above a table of the same figures;
- a table with a row too long to be set on one page (the four sources' words side by side) is
  set row by row, each cell under its column's heading, so that the page breaks within it.

A raw HTML node anywhere else is reported, so that nothing the reader needs is lost unnoticed.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from .fold import fold_summary, folded
from .render import para, strong

logger = logging.getLogger(__name__)

#: A table row with more characters than this is set cell by cell in print (a table row cannot
#: break across pages there, and a row taller than a page cannot be set at all).
LONG_ROW = 300

PLOT_NOTE = "The plot is drawn in the web editions; the table below gives the same figures."


def is_html(format_name: str) -> bool:
    """Whether a builder's output format shows raw HTML (``html``, ``singlehtml`` and the like)."""
    return format_name == "html"


def row_texts(row: nodes.row) -> list[str]:
    return [entry.astext() for entry in row.findall(nodes.entry) if entry.parent is row]


def linear(table: nodes.table) -> nodes.container:
    """The table's rows one after another, each cell under its column's heading."""
    heads: list[str] = []
    for thead in table.findall(nodes.thead):
        for row in thead.findall(nodes.row):
            heads = [" ".join(text.split()) for text in row_texts(row)]
            break
        break
    block = nodes.container(classes=[*table["classes"], "nap-linear-table"], ids=list(table["ids"]))
    for tbody in table.findall(nodes.tbody):
        for row in tbody.findall(nodes.row):
            if row.parent is not tbody:
                continue
            item = nodes.container(classes=["nap-linear-row"], ids=list(row["ids"]))
            entries = [entry for entry in row.children if isinstance(entry, nodes.entry)]
            for column, entry in enumerate(entries):
                if not entry.astext().strip():
                    continue
                if column < len(heads) and heads[column]:
                    item += para(strong(heads[column]), classes=["nap-linear-head"])
                cell = nodes.container(classes=list(entry["classes"]), ids=list(entry["ids"]))
                cell.extend(child.deepcopy() for child in entry.children)
                item += cell
            block += item
    return block


class PrintEdition(SphinxPostTransform):
    """Make the pages fit for a builder that does not write HTML (see the module)."""

    default_priority = 900

    def is_supported(self) -> bool:
        return not is_html(self.env._builder_cls.format)  # as Sphinx's own is_supported reads it

    def run(self, **kwargs: Any) -> None:
        # A folded block is shown whole, its summary line a paragraph: writers that know only
        # docutils' own nodes (rinohtype's) then set them as they set any other.
        for summary in list(self.document.findall(fold_summary)):
            line = nodes.paragraph(classes=summary["classes"])
            line.extend(summary.children)
            summary.replace_self(line)
        for block in list(self.document.findall(folded)):
            whole = nodes.container(classes=block["classes"])
            whole.extend(block.children)
            block.replace_self(whole)
        for raw in list(self.document.findall(nodes.raw)):
            if "html" not in raw.get("format", "").split():
                continue
            parent = raw.parent
            if isinstance(parent, nodes.Element) and "nap-plot" in parent["classes"]:
                raw.replace_self(para(PLOT_NOTE, classes=["nap-plot-note"]))
            else:
                logger.warning("napspec: raw HTML with no printed form", location=raw)
        # innermost first, so that a table inside a cell is dealt with before its cell is copied
        for table in reversed(list(self.document.findall(nodes.table))):
            rows = list(table.findall(nodes.row))
            if any(sum(len(text) for text in row_texts(row)) > LONG_ROW for row in rows):
                table.replace_self(linear(table))


__all__ = ["LONG_ROW", "PLOT_NOTE", "PrintEdition", "is_html"]
