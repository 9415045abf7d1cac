"""The book's links, which paper cannot follow: a link in running text to a section is followed
by that section's number, once per target in a paragraph, after a closing quotation mark, and
never in a table, a title, the rule's "binds" line, beside a source's locator or a term."""

from __future__ import annotations

from docutils import nodes
from docutils.utils import new_document
from sphinx import addnodes

from napspec.docs.rulebook.editions import SECTION_NUMBER, _numbers_worth_giving


def _link(target: str, text: str, classes: tuple[str, ...] = ()) -> nodes.reference:
    """A resolved cross-reference as Sphinx makes it: the role's classes on the inline it wraps."""
    return nodes.reference("", "", nodes.inline(text, text, classes=list(classes)), refuri=f"%{target}", internal=True)


def _book(*paragraphs: nodes.Node) -> nodes.document:
    """A book of two pages put together as rinohtype's builder puts them: the first holds the
    paragraphs, the second the sections they link to."""
    document = new_document("<book>")
    first = addnodes.start_of_file(docname="chapters/play")
    first += nodes.section("", nodes.title("", "Play"), *paragraphs, ids=["play"])
    second = addnodes.start_of_file(docname="conflicts")
    interpretations = nodes.section("", nodes.title("", "Interpretations"), ids=["interpretations"])
    interpretations += nodes.section("", nodes.title("", "Trick winner"), ids=["interpretation-trick-winner"])
    second += interpretations
    document += [first, second]
    return document


def _shown(paragraph: nodes.Element) -> list[str]:
    """The paragraph's pieces: its text, a link as [words], a section number as (§ target)."""
    out = []
    for node in paragraph.children:
        if isinstance(node, nodes.inline) and SECTION_NUMBER in node["classes"]:
            out.append(f"(§ {node['refuri']})")
        elif isinstance(node, nodes.reference):
            out.append(f"[{node.astext()}]")
        else:
            out.append(node.astext())
    return out


TRICK = "conflicts#interpretation-trick-winner"


def test_a_link_to_a_section_is_followed_by_its_number_after_the_closing_quotation_mark() -> None:
    paragraph = nodes.paragraph("", "", nodes.Text("the rule “"), _link(TRICK, "Trick winner"), nodes.Text("” says"))
    _numbers_worth_giving(_book(paragraph))
    assert _shown(paragraph) == ["the rule “", "[Trick winner]", "”", f"(§ %{TRICK})", " says"]


def test_an_apostrophe_after_a_link_stays_with_it() -> None:
    paragraph = nodes.paragraph("", "", _link(TRICK, "Peel"), nodes.Text("’s words"))
    _numbers_worth_giving(_book(paragraph))
    assert _shown(paragraph) == ["[Peel]", f"(§ %{TRICK})", "’s words"]


def test_a_target_is_numbered_once_in_a_paragraph_and_again_in_the_next() -> None:
    first = nodes.paragraph("", "", _link(TRICK, "one"), nodes.Text(" and "), _link(TRICK, "again"))
    second = nodes.paragraph("", "", _link(TRICK, "once more"))
    _numbers_worth_giving(_book(first, second))
    assert _shown(first) == ["[one]", f"(§ %{TRICK})", " and ", "[again]"]
    assert _shown(second) == ["[once more]", f"(§ %{TRICK})"]


def test_a_link_in_emphasis_is_numbered_after_the_emphasis() -> None:
    paragraph = nodes.paragraph("", "", nodes.emphasis("", "", _link(TRICK, "Trick winner")), nodes.Text("."))
    _numbers_worth_giving(_book(paragraph))
    assert [type(node).__name__ for node in paragraph.children] == ["emphasis", "inline", "Text"]


def test_no_number_where_it_would_only_repeat_or_has_no_section() -> None:
    binds = nodes.paragraph("", "", _link(TRICK, "Peel (1891)"), classes=["nap-rule-meta"])
    locator = nodes.paragraph("", "", _link(TRICK, "Peel p. 4", classes=("xref", "nap-locator-link")))
    term = nodes.paragraph("", "", _link(TRICK, "soloist", classes=("std-term",)))
    no_section = nodes.paragraph("", "", _link("conflicts#a-paragraph-anchor", "somewhere"))
    outside = nodes.paragraph("", "", nodes.reference("", "the site", refuri="https://example.org/"))
    cell = nodes.paragraph("", "", _link(TRICK, "in a table"))
    table = nodes.table("", nodes.tgroup("", nodes.tbody("", nodes.row("", nodes.entry("", cell)))))
    _numbers_worth_giving(_book(binds, locator, term, no_section, outside, table))
    for paragraph in (binds, locator, term, no_section, outside, cell):
        assert not [n for n in paragraph.findall(nodes.inline) if SECTION_NUMBER in n["classes"]], paragraph
