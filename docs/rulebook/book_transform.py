"""What the book leaves out of the pages it shares with the site, once they are read: the
register's ids, the lines that only a developer or a browser needs, and the long lists of links
a printed page shows better as numbers (:class:`BookEdition`, a transform of the book only).

- an id of the register (``play.follow-suit``, ``britannica-any-number``) set as code or in
  bold is taken out; a link whose words were only the id then prints its number alone
  ("interpretation p. 176");
- a paragraph of a kind the book does not print goes (:data:`NOT_PRINTED`): the note of a plot
  drawn only on screen, the rules listed under a glossary term, an option's line of ids;
- a list of the places that quote a passage of a source keeps only their numbers
  ("Quoted in § 5.1, § 7.3").
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from .data import rulebook_data
from .editions import BOOK, edition

#: The classes of the paragraphs the book does not print.
NOT_PRINTED = frozenset(
    {
        "nap-plot-note",
        "nap-term-rules",
        "nap-value-id",
        "nap-option-meta",
        "nap-interpretation-title",
        "nap-chapter-meta",
        "nap-untestable",
        "nap-print-note",
    }
)


def register_ids(certify_dir: str) -> frozenset[str]:
    """Every id a reader of the book is not to meet."""
    data = rulebook_data(certify_dir)
    register = data.register
    ids = {*register.rules, *register.options, *register.interpretations, *register.profiles, *data.claims}
    ids |= {lacuna.id for source in register.sources.values() for lacuna in source.lacunae}
    return frozenset(ids)


class BookEdition(SphinxPostTransform):
    """Take out of the book what is not for its reader (see the module)."""

    # after the print edition's own changes (editions.PrintEdition), which unfold and linearise
    default_priority = 910

    def is_supported(self) -> bool:
        return edition(self.env) == BOOK

    def run(self, **kwargs: Any) -> None:
        ids = register_ids(self.config.napspec_certify_dir)
        for element in list(self.document.findall(nodes.Element)):
            if element.parent is None and element is not self.document:
                continue
            classes = {str(name) for name in element["classes"]}
            if isinstance(element, nodes.paragraph) and classes & NOT_PRINTED:
                element.parent.remove(element)
            elif isinstance(element, nodes.paragraph) and "nap-cited-here" in classes:
                self.numbers_only(element)
        for marked in list(self.document.findall(lambda node: isinstance(node, (nodes.literal, nodes.strong)))):
            if marked.astext().strip() in ids and marked.parent is not None:
                marked.parent.remove(marked)

    @staticmethod
    def numbers_only(paragraph: nodes.paragraph) -> None:
        """A list of links as their numbers alone: "Quoted in § 5.1, § 7.3"."""
        links = [link for link in paragraph.findall(nodes.reference) if str(link.get("refuri", "")).startswith("%")]
        paragraph.clear()
        paragraph += nodes.Text("Quoted in ")
        for index, link in enumerate(links):
            if index:
                paragraph += nodes.Text(", ")
            bare = nodes.reference("", "", refuri=link["refuri"], internal=True)
            paragraph += bare
        paragraph += nodes.Text(".")


__all__ = ["NOT_PRINTED", "BookEdition", "register_ids"]
