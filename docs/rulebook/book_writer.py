"""The book's text in Typst's markup: :class:`TypstTranslator` walks the book's doctree (every
page of the book put together, as :mod:`.book_builder` assembles it) and writes the text that
the layout of ``docs/book.typ`` sets.

What a reader of paper needs, the translator gives:

- every cross-reference prints the number of the section it leads to, or its page, and that
  number is the link (the words are black text): once per target in a paragraph, and never in
  a heading, in the line of what a rule binds, or beside a source's locator, which is its own
  number (:meth:`TypstTranslator.wants_number`);
- a source's words are set as quotations, attributed under them; the book's notes on them as
  comment (the classes :mod:`.directives` gives them);
- a node the translator does not know is reported, so that nothing is lost from the book
  unnoticed.

Text is escaped character by character (:func:`escaped`): nothing a source or the register
says is read as markup.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from .editions import NUMBER_APART

logger = logging.getLogger(__name__)

#: The characters Typst's markup would read as markup, escaped with a backslash (a semicolon
#: too: right after an inline element, ``#[…];``, Typst takes it for the end of the element).
_SPECIAL = re.compile(r"([\\*_`#\[\]<>@$~=+\-/.'\"{}:;])")


def escaped(text: str) -> str:
    """Text as Typst's markup shows it literally: every special character escaped, line breaks
    spaces (a paragraph ends where its node does).

    >>> escaped("a *b* -- c_d [e] #f 10/3 ...; g")
    'a \\\\*b\\\\* \\\\-\\\\- c\\\\_d \\\\[e\\\\] \\\\#f 10\\\\/3 \\\\.\\\\.\\\\.\\\\; g'
    """
    return _SPECIAL.sub(r"\\\1", " ".join(text.split("\n")))


def string(text: str) -> str:
    """A Typst string literal.

    >>> string('say "hi" \\\\ 2')
    '"say \\\\"hi\\\\" \\\\\\\\ 2"'
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def label_name(docname: str, node_id: str) -> str:
    """The label of a place in the book: the page's name and the anchor, as the links name it."""
    return f"{docname}#{node_id}"


#: Classes of a paragraph that is the book's comment on what precedes it, with the label it is
#: set under.
NOTE_LABELS = {
    "nap-note": "Note",
    "nap-copy": "Note",
    "nap-read-through": "Note",
    "nap-silent-sources": "Silent",
}
#: Where a link prints no number: a line repeated under every rule (its profiles), a source's
#: locator (its own number), a title.
NO_NUMBER_IN = frozenset({"nap-rule-meta", "nap-locator"})
NO_NUMBER_FOR = frozenset({"nap-locator-link", NUMBER_APART})
#: The classes of a paragraph set by a function of the layout of its own.
WRAPPED_PARAGRAPHS = frozenset(
    {"nap-quote", "nap-locator", "nap-rule-meta", "nap-source-label", "nap-rubric", "nap-example-title"}
)
#: The widths of a table's columns, by its class (where each column's share is not the same).
COLUMN_WIDTHS = {
    "nap-games": "(1.4fr, 1fr, 1fr, 1fr, 1fr)",
    "nap-calls-table": "(auto, 2fr, 1.6fr, auto, auto)",
    "nap-calls-table-plain": "(auto, 2fr, auto, auto)",
}


class TypstTranslator(nodes.NodeVisitor):
    """Writes a doctree as Typst markup (:attr:`body`); see the module."""

    def __init__(self, document: nodes.document, labels: dict[str, str], sections: dict[str, str]) -> None:
        super().__init__(document)
        #: each label's section: a link within the section it is read in needs no number
        self.sections = sections
        self.current: list[str] = [""]
        #: every id of the book → the one label its place carries (a section's ids all lead to
        #: its heading)
        self.labels = labels
        self.out: list[str] = []
        self.docnames: list[str] = [str(document.get("docname", ""))]
        self.section_level = 0
        self.numbered: list[set[str]] = [set()]
        self.no_number = 0
        self.in_heading = 0
        self.emitted: set[str] = set()
        #: for each link being written, the label whose number follows it ("" for none)
        self.after: list[str] = []
        #: the row whose anchors its first cell is to carry
        self.row_anchors: nodes.Element | None = None

    # ------------------------------------------------------------------ helpers

    @property
    def body(self) -> str:
        return "".join(self.out)

    def write(self, text: str) -> None:
        self.out.append(text)

    def docname(self) -> str:
        return self.docnames[-1]

    def anchors(self, node: nodes.Element) -> None:
        """Label the place of each id of ``node`` that no other place carries yet."""
        for node_id in node["ids"]:
            name = self.labels.get(label_name(self.docname(), str(node_id)))
            if name is not None and name not in self.emitted:
                self.emitted.add(name)
                self.write(f"#anchor({string(name)})")

    def block(self, call: str, node: nodes.Element) -> None:
        """Set ``node``'s children inside ``#call[...]``, then leave the node."""
        self.write(f"\n#{call}[")
        self.anchors(node)
        for child in node.children:
            child.walkabout(self)
        self.write("]\n")
        raise nodes.SkipNode

    def target_label(self, node: nodes.reference) -> str | None:
        uri = str(node.get("refuri", ""))
        if node.get("refid"):
            key = label_name(self.docname(), str(node["refid"]))
        elif uri.startswith("%"):
            page, _, anchor_id = uri[1:].partition("#")
            key = label_name(page, anchor_id) if anchor_id else label_name(page, "")
        else:
            return None
        return self.labels.get(key)

    def wants_number(self, node: nodes.reference, target: str) -> bool:
        """Whether a link prints its target's number: not in a heading, not where the
        paragraph has given it already, not where it would only repeat."""
        if self.in_heading or self.no_number:
            return False
        classes = {name for element in node.findall(nodes.Element) for name in element["classes"]}
        if NO_NUMBER_FOR & classes:
            return False
        if target in self.numbered[-1] or self.sections.get(target) == self.current[-1]:
            return False
        self.numbered[-1].add(target)
        return True

    def classes(self, node: nodes.Element) -> set[str]:
        return set(node.get("classes", []))

    # ------------------------------------------------------------------ structure

    def visit_document(self, node: nodes.document) -> None:
        pass

    def depart_document(self, node: nodes.document) -> None:
        pass

    def visit_start_of_file(self, node: addnodes.start_of_file) -> None:
        self.docnames.append(str(node["docname"]))

    def depart_start_of_file(self, node: addnodes.start_of_file) -> None:
        self.docnames.pop()

    def visit_section(self, node: nodes.section) -> None:
        self.section_level += 1
        ids = [str(i) for i in node["ids"]]
        self.current.append(self.labels.get(label_name(self.docname(), ids[0]), "") if ids else "")

    def depart_section(self, node: nodes.section) -> None:
        if self.section_level == 1:
            self.write("\n#chapter-end()\n")
        self.section_level -= 1
        self.current.pop()

    def visit_title(self, node: nodes.title) -> None:
        parent = node.parent
        if not isinstance(parent, nodes.section):
            self.write("\n#rubric[")
            self.in_heading += 1
            return
        level = max(1, self.section_level)
        self.write(f"\n\n#heading(level: {level})[")
        self.in_heading += 1

    def depart_title(self, node: nodes.title) -> None:
        self.in_heading -= 1
        parent = node.parent
        self.write("]")
        if isinstance(parent, nodes.section):
            ids = [str(i) for i in parent["ids"]]
            names = [self.labels.get(label_name(self.docname(), i)) for i in ids]
            first = next((n for n in names if n is not None), None)
            if first is not None and first not in self.emitted:
                self.emitted.add(first)
                self.write(f" #label({string(first)})")
        self.write("\n\n")

    def visit_rubric(self, node: nodes.rubric) -> None:
        self.write("\n#rubric[")
        self.anchors(node)
        self.in_heading += 1

    def depart_rubric(self, node: nodes.rubric) -> None:
        self.in_heading -= 1
        self.write("]\n")

    def visit_paragraph(self, node: nodes.paragraph) -> None:
        classes = self.classes(node)
        self.numbered.append(set())
        if NO_NUMBER_IN & classes:
            self.no_number += 1
        label = next((NOTE_LABELS[c] for c in classes if c in NOTE_LABELS), None)
        if "nap-quote" in classes:
            self.write("\n#quotation[")
        elif "nap-source-label" in classes:
            self.write("\n#source-label[")
        elif {"nap-rubric", "nap-example-title"} & classes:
            self.write("\n#rubric[")
        elif "nap-locator" in classes:
            self.write("\n#attribution[")
        elif "nap-rule-meta" in classes:
            self.write("\n#meta[")
        elif label is not None:
            self.write(f"\n#note(label: {string(label)})[")
        else:
            self.write("\n")
        self.anchors(node)

    def depart_paragraph(self, node: nodes.paragraph) -> None:
        classes = self.classes(node)
        self.numbered.pop()
        if NO_NUMBER_IN & classes:
            self.no_number -= 1
        if WRAPPED_PARAGRAPHS & classes or any(c in NOTE_LABELS for c in classes):
            self.write("]\n")
        else:
            self.write("\n\n")

    def visit_compact_paragraph(self, node: nodes.Element) -> None:
        self.anchors(node)

    def depart_compact_paragraph(self, node: nodes.Element) -> None:
        self.write("\n")

    def visit_container(self, node: nodes.container) -> None:
        self.write("\n#example[" if "nap-example" in self.classes(node) else "\n")
        self.anchors(node)

    def depart_container(self, node: nodes.container) -> None:
        self.write("]\n" if "nap-example" in self.classes(node) else "\n")

    def visit_compound(self, node: nodes.Element) -> None:
        self.anchors(node)

    def depart_compound(self, node: nodes.Element) -> None:
        pass

    def visit_glossary(self, node: nodes.Element) -> None:
        self.anchors(node)

    def depart_glossary(self, node: nodes.Element) -> None:
        pass

    def visit_block_quote(self, node: nodes.block_quote) -> None:
        self.block("quotation", node)

    def visit_transition(self, node: nodes.transition) -> None:
        self.write("\n#align(center)[\\*#h(1em)\\*#h(1em)\\*]\n")
        raise nodes.SkipNode

    # ------------------------------------------------------------------ lists

    def visit_bullet_list(self, node: nodes.bullet_list) -> None:
        self.write("\n#list(")
        self.anchors(node)

    def depart_bullet_list(self, node: nodes.bullet_list) -> None:
        self.write(")\n")

    def visit_enumerated_list(self, node: nodes.enumerated_list) -> None:
        self.write("\n#enum(")

    def depart_enumerated_list(self, node: nodes.enumerated_list) -> None:
        self.write(")\n")

    def visit_list_item(self, node: nodes.list_item) -> None:
        self.write("[")
        self.anchors(node)

    def depart_list_item(self, node: nodes.list_item) -> None:
        self.write("],")

    def visit_definition_list(self, node: nodes.definition_list) -> None:
        self.write("\n")
        self.anchors(node)

    def depart_definition_list(self, node: nodes.definition_list) -> None:
        self.write("\n")

    def visit_definition_list_item(self, node: nodes.definition_list_item) -> None:
        self.write("\n#block(above: 0.9em, below: 0.5em, sticky: true)[")
        self.anchors(node)

    def depart_definition_list_item(self, node: nodes.definition_list_item) -> None:
        pass

    def visit_term(self, node: nodes.term) -> None:
        self.anchors(node)
        self.write("#strong[")
        self.in_heading += 1

    def depart_term(self, node: nodes.term) -> None:
        self.in_heading -= 1
        self.write("] ")
        following = node.next_node(descend=False, siblings=True)
        if not isinstance(following, nodes.term):
            self.write("]\n")
        else:
            self.write("· ")

    def visit_classifier(self, node: nodes.Element) -> None:
        self.write(" (")

    def depart_classifier(self, node: nodes.Element) -> None:
        self.write(")")

    def visit_definition(self, node: nodes.definition) -> None:
        self.write("#pad(left: 1.2em)[")

    def depart_definition(self, node: nodes.definition) -> None:
        self.write("]\n")

    def visit_field_list(self, node: nodes.field_list) -> None:
        self.write("\n#grid(columns: (auto, 1fr), column-gutter: 1em, row-gutter: 0.6em,")

    def depart_field_list(self, node: nodes.field_list) -> None:
        self.write(")\n")

    def visit_field(self, node: nodes.field) -> None:
        pass

    def depart_field(self, node: nodes.field) -> None:
        pass

    def visit_field_name(self, node: nodes.field_name) -> None:
        self.write("smallcaps[")

    def depart_field_name(self, node: nodes.field_name) -> None:
        self.write("],")

    def visit_field_body(self, node: nodes.field_body) -> None:
        self.write("[")

    def depart_field_body(self, node: nodes.field_body) -> None:
        self.write("],")

    def visit_line_block(self, node: nodes.line_block) -> None:
        self.write("\n#block[")
        self.anchors(node)

    def depart_line_block(self, node: nodes.line_block) -> None:
        self.write("]\n")

    def visit_line(self, node: nodes.line) -> None:
        pass

    def depart_line(self, node: nodes.line) -> None:
        self.write(" \\\n")

    def visit_literal_block(self, node: nodes.literal_block) -> None:
        self.write(f"\n#block(inset: (left: 1.6em))[#raw(block: true, {string(node.astext())})]\n")
        raise nodes.SkipNode

    # ------------------------------------------------------------------ tables

    def visit_table(self, node: nodes.table) -> None:
        self.write("\n")
        self.anchors(node)
        groups = list(node.findall(nodes.tgroup))
        columns = int(groups[0]["cols"]) if groups else 1
        widths = next((COLUMN_WIDTHS[c] for c in self.classes(node) if c in COLUMN_WIDTHS), None)
        widths = widths or "(" + ", ".join(["1fr"] * columns) + ",)"
        self.write(f"\n#table(columns: {widths}, ")

    def depart_table(self, node: nodes.table) -> None:
        self.write(")\n")

    def visit_tgroup(self, node: nodes.tgroup) -> None:
        pass

    def depart_tgroup(self, node: nodes.tgroup) -> None:
        pass

    def visit_colspec(self, node: nodes.colspec) -> None:
        raise nodes.SkipNode

    def visit_thead(self, node: nodes.thead) -> None:
        self.write("table.header(")

    def depart_thead(self, node: nodes.thead) -> None:
        self.write("), ")

    def visit_tbody(self, node: nodes.tbody) -> None:
        pass

    def depart_tbody(self, node: nodes.tbody) -> None:
        pass

    def visit_row(self, node: nodes.row) -> None:
        self.row_anchors = node  # set in its first cell: a table's arguments are code, not text

    def depart_row(self, node: nodes.row) -> None:
        pass

    def visit_entry(self, node: nodes.entry) -> None:
        span = int(node.get("morecols", 0)) + 1
        in_head = isinstance(node.parent.parent, nodes.thead) if node.parent is not None else False
        self.write(f"table.cell(colspan: {span})[" if span > 1 else "[")
        if in_head:
            self.write("#strong[")
        if self.row_anchors is not None:
            self.anchors(self.row_anchors)
            self.row_anchors = None
        self.anchors(node)

    def depart_entry(self, node: nodes.entry) -> None:
        in_head = isinstance(node.parent.parent, nodes.thead) if node.parent is not None else False
        self.write("]], " if in_head else "], ")

    # ------------------------------------------------------------------ inline

    def visit_Text(self, node: nodes.Text) -> None:
        self.write(escaped(node.astext()))

    def depart_Text(self, node: nodes.Text) -> None:
        pass

    def visit_emphasis(self, node: nodes.emphasis) -> None:
        self.write("#emph[")

    def depart_emphasis(self, node: nodes.emphasis) -> None:
        self.write("]")

    def visit_strong(self, node: nodes.strong) -> None:
        self.write("#strong[")

    def depart_strong(self, node: nodes.strong) -> None:
        self.write("]")

    visit_literal_strong = visit_strong
    depart_literal_strong = depart_strong
    visit_literal_emphasis = visit_emphasis
    depart_literal_emphasis = depart_emphasis

    def visit_title_reference(self, node: nodes.Element) -> None:
        self.write("#emph[")

    def depart_title_reference(self, node: nodes.Element) -> None:
        self.write("]")

    def visit_literal(self, node: nodes.literal) -> None:
        self.write("#code[")

    def depart_literal(self, node: nodes.literal) -> None:
        self.write("]")

    def visit_inline(self, node: nodes.inline) -> None:
        classes = self.classes(node)
        self.anchors(node)
        if "nap-card" in classes:
            self.write("#card[")
        else:
            self.write("#[")

    def depart_inline(self, node: nodes.inline) -> None:
        self.write("]")

    def visit_reference(self, node: nodes.reference) -> None:
        target = self.target_label(node)
        bare = not node.astext().strip()
        if target is not None and bare:
            # a link with no words of its own is its number ("interpretation p. 176")
            self.write(f"#ref-number(label({string(target)}))")
            raise nodes.SkipNode
        self.write("#[")
        self.after.append(target if target is not None and self.wants_number(node, target) else "")

    def depart_reference(self, node: nodes.reference) -> None:
        target = self.after.pop()
        self.write("]")
        if target:
            self.write(f"~(#ref-number(label({string(target)})))")

    def visit_target(self, node: nodes.target) -> None:
        self.anchors(node)
        raise nodes.SkipNode

    def visit_index(self, node: nodes.Element) -> None:
        raise nodes.SkipNode

    def visit_comment(self, node: nodes.comment) -> None:
        raise nodes.SkipNode

    def visit_raw(self, node: nodes.raw) -> None:
        if "typst" in str(node.get("format", "")).split():
            self.write(node.astext())
        raise nodes.SkipNode

    def visit_substitution_definition(self, node: nodes.Element) -> None:
        raise nodes.SkipNode

    def visit_problematic(self, node: nodes.Element) -> None:
        self.write(escaped(node.astext()))
        raise nodes.SkipNode

    def visit_system_message(self, node: nodes.Element) -> None:
        raise nodes.SkipNode

    def unknown_visit(self, node: nodes.Node) -> None:
        logger.warning("napspec: the book cannot set a %s; its text is printed plain", type(node).__name__)
        self.write(escaped(node.astext()))
        raise nodes.SkipNode

    def unknown_departure(self, node: nodes.Node) -> None:
        pass


def collect_labels(document: nodes.document, root: str) -> dict[str, str]:
    """Every id of the book (``page#id``) → the label its place is given: a section's ids lead to
    its heading; another element's ids to its first id's place. The first place to claim an id
    keeps it."""
    return places(document, root)[0]


def places(document: nodes.document, root: str) -> tuple[dict[str, str], dict[str, str]]:
    """:func:`collect_labels`, and each label's section (the label of the innermost section
    holding it)."""
    labels: dict[str, str] = {}
    sections: dict[str, str] = {}

    def walk(node: nodes.Node, docname: str, section: str) -> None:
        if isinstance(node, addnodes.start_of_file):
            docname = str(node["docname"])
        if isinstance(node, nodes.Element):
            ids = [str(i) for i in node["ids"]]
            if ids:
                first = label_name(docname, ids[0])
                for node_id in ids:
                    labels.setdefault(label_name(docname, node_id), labels.get(first, first))
                if isinstance(node, nodes.section):
                    section = labels[first]
                sections.setdefault(labels[first], section)
            for child in node.children:
                walk(child, docname, section)

    walk(document, root, "")
    return labels, sections


def typst_text(document: nodes.document, root: str, prologue: str = "", epilogue: str = "") -> str:
    """The book's doctree as Typst's markup, between ``prologue`` and ``epilogue``."""
    translator = TypstTranslator(document, *places(document, root))
    document.walkabout(translator)
    return prologue + translator.body + epilogue


__all__: list[str] = ["TypstTranslator", "collect_labels", "escaped", "label_name", "string", "typst_text"]
