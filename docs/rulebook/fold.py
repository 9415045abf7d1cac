"""Folded blocks: a block shown as one summary line that the reader opens (HTML's
``<details>`` and ``<summary>``).

Only the HTML builders fold; every other builder shows the block whole, its summary line first.

A fold's line holds no link, in any edition: a click on it opens the block where it is, and a
link there would take the reader off the page instead. The line is made of words
(:data:`LineWords`), which a type checker holds to, and :func:`fold` refuses a line that still
holds a link (a link wrapped in words). A directive may write its pages otherwise for one
edition (the book folds nothing): the quick tests read every edition's pages, the book's
without its typesetter, so that a line one edition alone folds with a link is found before the
book is set.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

from .render import text_nodes

#: What a fold's line is made of: words, and words set apart by a class (:func:`.render.inline`,
#: :func:`.render.literal`); never a link (:func:`.render.xref`) or a paragraph's prose with its
#: links (:meth:`.directives.NapDirective.linked`).
LineWords = str | nodes.inline | nodes.literal


class folded(nodes.General, nodes.Element):  # docutils names its node classes in lower case
    """A block shown folded under its summary line (its first child, a :class:`fold_summary`)."""


class fold_summary(nodes.paragraph):
    """The one line that stands for a folded block: what it holds (elsewhere than in HTML, a
    paragraph)."""


def fold(summary: Sequence[LineWords], classes: Sequence[str] = (), opened: bool = False) -> folded:
    """A folded block whose summary line is ``summary``; append its body to it. An ``opened``
    one is shown open at first (what the reader must not miss), and folds like the others. The
    line opens the block where it is clicked, so it holds no link (a :class:`ValueError`): the
    links go in the body."""
    node = folded(classes=list(classes), opened=opened)
    line = fold_summary(classes=["nap-fold-summary"])
    line.extend(text_nodes(summary))
    if holds_link(line):
        # a click on the line must open the block where it is, not follow a link off the page
        raise ValueError(f"a fold's line holds a link, which a click would follow: {line.astext()!r}")
    node += line
    return node


def holds_link(node: nodes.Element) -> bool:
    """Whether a node holds a link, resolved or not yet.

    >>> from .render import inline, xref
    >>> words, linked = inline("the revoke"), inline("the ", xref("rule", "play.revoke", "revoke"))
    >>> holds_link(nodes.paragraph("", "", words)), holds_link(nodes.paragraph("", "", linked))
    (False, True)
    """
    return any(node.findall(addnodes.pending_xref)) or any(node.findall(nodes.reference))


def visit_folded_html(translator: HTML5Translator, node: folded) -> None:
    if node.get("opened"):
        translator.body.append(translator.starttag(node, "details", open="open"))
    else:
        translator.body.append(translator.starttag(node, "details"))


def depart_folded_html(translator: HTML5Translator, node: folded) -> None:
    translator.body.append("</details>\n")


def visit_summary_html(translator: HTML5Translator, node: fold_summary) -> None:
    translator.body.append(translator.starttag(node, "summary", suffix=""))


def depart_summary_html(translator: HTML5Translator, node: fold_summary) -> None:
    translator.body.append("</summary>\n")


def visit_whole(translator: nodes.NodeVisitor, node: nodes.Element) -> None:
    """Other builders: the block's children, as they are."""


def depart_whole(translator: nodes.NodeVisitor, node: nodes.Element) -> None:
    """Nothing to close."""


def visit_summary_paragraph(translator: nodes.NodeVisitor, node: nodes.paragraph) -> None:
    """Other builders: the summary line as a paragraph of its own."""
    translator.visit_paragraph(node)


def depart_summary_paragraph(translator: nodes.NodeVisitor, node: nodes.paragraph) -> None:
    """Close the paragraph."""
    translator.depart_paragraph(node)


def setup(app: Sphinx) -> None:
    """Register the nodes with the HTML writers and, shown whole, with the others."""
    whole = (visit_whole, depart_whole)
    line = (visit_summary_paragraph, depart_summary_paragraph)
    app.add_node(
        folded, html=(visit_folded_html, depart_folded_html), latex=whole, text=whole, man=whole, texinfo=whole
    )
    app.add_node(
        fold_summary, html=(visit_summary_html, depart_summary_html), latex=line, text=line, man=line, texinfo=line
    )
