"""The book's links, which paper cannot follow: the writer of the book's text (Typst's markup)
follows a link by the number of the place it leads to, the number being the link, once per
target in a paragraph; a link whose words were only an id prints its number alone; no number
beside a source's locator, in the line of the games a rule binds, in a heading, or for a place
in the section the reader is in. Text is escaped, so that nothing is read as markup."""

from __future__ import annotations

from docutils import nodes
from docutils.utils import new_document
from sphinx import addnodes

from napspec.docs.rulebook.book_writer import escaped, typst_text

TRICK = "conflicts#interpretation-trick-winner"


def _link(target: str, text: str, classes: tuple[str, ...] = ()) -> nodes.reference:
    """A resolved cross-reference as Sphinx makes it: the role's classes on the inline it wraps."""
    return nodes.reference("", "", nodes.inline(text, text, classes=list(classes)), refuri=f"%{target}", internal=True)


def _book(*paragraphs: nodes.Node) -> str:
    """The text of a book of two pages: the first holds the paragraphs, the second the section
    they link to."""
    document = new_document("<book>")
    first = addnodes.start_of_file(docname="chapters/play")
    first += nodes.section("", nodes.title("", "Play"), *paragraphs, ids=["play"])
    second = addnodes.start_of_file(docname="conflicts")
    interpretations = nodes.section("", nodes.title("", "Interpretations"), ids=["interpretations"])
    interpretations += nodes.section("", nodes.title("", "Trick winner"), ids=["interpretation-trick-winner"])
    second += interpretations
    document += [first, second]
    return typst_text(document, "print/index")


NUMBER = f'(#ref-number(label("{TRICK}")))'


def test_a_link_is_followed_by_its_number_which_is_the_link() -> None:
    text = _book(nodes.paragraph("", "", nodes.Text("the rule "), _link(TRICK, "Trick winner"), nodes.Text(" says")))
    assert f"#[#[Trick winner]]~{NUMBER} says" in text


def test_a_target_is_numbered_once_in_a_paragraph_and_again_in_the_next() -> None:
    first = nodes.paragraph("", "", _link(TRICK, "one"), nodes.Text(" and "), _link(TRICK, "again"))
    second = nodes.paragraph("", "", _link(TRICK, "once more"))
    text = _book(first, second)
    assert text.count(NUMBER) == 2
    assert "#[#[again]]" + NUMBER not in text and "#[#[again]] " not in text


def test_a_link_with_no_words_is_its_number() -> None:
    text = _book(nodes.paragraph("", "", nodes.Text("interpretation "), _link(TRICK, "")))
    assert f'interpretation #ref-number(label("{TRICK}"))' in text


def test_no_number_where_it_would_only_repeat_or_has_nowhere_to_lead() -> None:
    binds = nodes.paragraph("", "", _link(TRICK, "Peel (1891)"), classes=["nap-rule-meta"])
    locator = nodes.paragraph("", "", _link(TRICK, "Peel p. 4", classes=("xref", "nap-locator-link")))
    elsewhere = nodes.paragraph("", "", _link("status#a-page-the-book-does-not-print", "somewhere"))
    outside = nodes.paragraph("", "", nodes.reference("", "the site", refuri="https://example.org/"))
    text = _book(binds, locator, elsewhere, outside)
    assert "ref-number" not in text


def test_a_link_within_its_own_section_prints_no_number() -> None:
    document = new_document("<book>")
    page = addnodes.start_of_file(docname="conflicts")
    inner = nodes.section("", nodes.title("", "Trick winner"), ids=["interpretation-trick-winner"])
    inner += nodes.paragraph("", "", _link(TRICK, "this reading"))
    page += nodes.section("", nodes.title("", "Interpretations"), inner, ids=["interpretations"])
    document += page
    assert "ref-number" not in typst_text(document, "print/index")


def test_text_is_never_read_as_markup() -> None:
    assert escaped("= a *b* _c_ #d [e] <f> @g $h ~i // j... -- k") == (
        r"\= a \*b\* \_c\_ \#d \[e\] \<f\> \@g \$h \~i \/\/ j\.\.\. \-\- k"
    )
