"""A source's page: ``{napspec-source}`` writes a source's provenance and its whole
transcription, every place of it a target that quotations link to."""

from __future__ import annotations

import re

from docutils import nodes

from napspec.spec.errors import LocatorError
from napspec.spec.transcriptions import Division, Source
from napspec.suite.vocabulary import join

from .directives import NapDirective, normal, quoted_words
from .domain import anchor
from .editions import BOOK, edition
from .printed import PRINTED_HEADER_FIELDS, cleaned_for_print
from .render import NodeLike, bullet_list, container, literal, para, rubric, section, strong, text_nodes, xref
from .text import quote_plain

#: The fields of a transcription's header, by the words a reader reads them by (a field not
#: named here is shown by its name, its hyphens as spaces).
HEADER_FIELDS = {
    "id": "Identifier",
    "title": "The copy",
    "pages": "Pages",
    "locators": "How places are marked",
    "provenance": "Provenance",
    "changes": "Changes made",
    "missing": "Missing from the copy",
    "license": "Licence",
    "licence": "Licence",
    "source": "Source",
    "url": "Address",
    "retrieved": "Taken on",
    "revision": "Revision",
}


def field_words(key: str) -> str:
    """A header's field by the words a reader reads it by.

    >>> field_words("license"), field_words("missing"), field_words("edition-id")
    ('Licence', 'Missing from the copy', 'Edition id')
    """
    return HEADER_FIELDS.get(key, key.replace("-", " ").capitalize())


#: The ASCII a header writes for a typographer's sign.
_TYPED_SIGNS = (("->", "→"),)


PROVENANCE_GAPS = (
    ("url|address", "no address the copy was taken from"),
    ("retrieved|date", "no date on which it was taken"),
    ("revision|edition-id", "no revision or version of the page copied"),
)


def _signs(text: str) -> str:
    """A header's ASCII signs as a page prints them: "pa.s.s → pass".

    >>> _signs("pa.s.s -> pass")
    'pa.s.s → pass'
    """
    for typed, sign in _TYPED_SIGNS:
        text = text.replace(typed, sign)
    return text


def provenance_gaps(source: Source) -> list[str]:
    """What the transcription's header does not record of where the copy came from (read from
    the header's fields, so that a header that gains one is believed)."""
    keys = {line.partition(":")[0].strip().lower() for line in source.header.splitlines() if ":" in line}
    return [words for key, words in PROVENANCE_GAPS if not keys & set(key.split("|"))]


class SourceDirective(NapDirective):
    """``{napspec-source} <id>``: a source's provenance and its whole text, a target per place."""

    required_arguments = 1

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        source = self.named("source", register.sources, self.arguments[0])
        page = section(f"{source.short}: {source.title}", [], classes=["nap-source"])
        anchor_id = self.target(page, "source", source.id, source.short)
        page += self.index(anchor_id, f"{source.short} (source)", f"{source.title} ({source.short})")
        page += para(strong("Reference. "), source.reference, classes=["nap-reference"])
        pages: list[NodeLike] = [" · ", strong("Pages. "), source.pages] if source.pages else []
        page += para(
            strong("Author. "),
            source.author,
            " · ",
            strong("Published. "),
            source.published,
            *pages,
            classes=["nap-reference"],
        )
        page += para(
            strong("Licence. "),
            source.licence,
            " · ",
            strong("Chapter or section. "),
            source.chapter,
            classes=["nap-reference"],
        )
        in_book = edition(self.env) == BOOK
        page += para(
            "How it is cited: ",
            "by printed page, e.g. " if source.paged else "by named part, e.g. ",
            literal(source.divisions[0].locator),
            "." if in_book else f"; the transcription is spec/sources/{source.file}.",
        )
        page += rubric("Provenance of the transcription")
        page += self.header_fields(source.header, PRINTED_HEADER_FIELDS if in_book else None)
        page += para(*self.provenance_gaps(source, in_book), classes=["nap-provenance-gaps"])
        if source.lacunae:
            page += rubric("What the copy lacks")
            page += bullet_list(
                [
                    [xref("lacuna", lac.id, strong(lac.locator)), ": ", *self.linked(normal(lac.what))]
                    for lac in source.lacunae
                ],
                classes=["nap-lacuna-list"],
            )
        copied = self.copied_passages(source)
        if copied:
            page += rubric("Where it repeats another source word for word")
            page += para(
                "In these passages the source is not an independent witness: its words are another's.",
                classes=["nap-note"],
            )
            page += bullet_list(copied, classes=["nap-copy-list"])
        text = section("The text", [f"{source.id}-text"], classes=["nap-source-text"])
        preamble = cleaned_for_print(self.preamble(source)) if in_book else self.preamble(source)
        if preamble:
            text += para("Before the article, the transcription keeps its publisher's header:", classes=["nap-note"])
            text += nodes.literal_block(preamble, preamble, language="text", classes=["nap-preamble"])
        cited = self.cited_at(source)
        for division in source.divisions:
            block = container(classes=["nap-division"])
            for node_id in (division.anchor,):
                block["ids"].append(node_id)
            self.domain.note("loc", division.anchor, division.anchor, f"{source.short} {division.locator}")
            mark = nodes.reference("", "", refid=division.anchor, classes=["nap-place"])
            mark += nodes.Text(division.locator)
            block += para(mark, classes=["nap-place-line"])
            words = cleaned_for_print(division.text) if in_book else division.text
            block.extend(self.with_lacunae(source, division, self.blocks(words)))
            users = cited.get(division.anchor, [])
            if users:
                block += para("Cited here by: ", *join(users, ", "), classes=["nap-cited-here"])
            text += block
        page += text
        return [page]

    def copied_passages(self, source: Source) -> list[list[NodeLike]]:
        """Each distinct passage the register marks as copied, with both places."""
        register = self.data.register
        seen: dict[tuple[str, str, str], list[NodeLike]] = {}
        for _file, _owner, citation in register.citations():
            if citation.source != source.id or not citation.copies:
                continue
            key = (citation.locator, citation.copies, normal(citation.quote))
            if key in seen:
                continue
            places = register.sources[citation.copies].find(citation.quote)
            copied = register.sources[citation.copies]
            original: NodeLike = self.locator_link(copied.id, places[0]) if places else copied.short
            seen[key] = [
                self.locator_link(source.id, citation.locator),
                ": “",
                *quoted_words(normal(citation.quote)),
                "” — as ",
                original,
            ]
        return list(seen.values())

    @staticmethod
    def provenance_gaps(source: Source, in_book: bool = False) -> list[NodeLike]:
        """What the transcription's header does not record of where the copy came from, said
        plainly (read from the header's fields, so that a header that gains one is believed);
        the book names no file."""
        gaps = provenance_gaps(source)
        if not gaps:
            return ["The header records where the copy was taken from, when, and which revision."]
        return [
            strong("Not recorded: "),
            "the copy's header gives " if in_book else f"the header of spec/sources/{source.file} gives ",
            "; ".join(gaps),
            ". The copy cannot be traced further than its header says.",
        ]

    def header_fields(self, header: str, keep: frozenset[str] | None = None) -> nodes.field_list:
        """The transcription's header as fields; only those of ``keep``, where it is given."""
        fields = nodes.field_list(classes=["nap-provenance"])
        kept = True
        for line in header.splitlines():
            key, sep, value = line.partition(":")
            if sep and key.strip() and " " not in key.strip():
                kept = keep is None or key.strip() in keep
                if not kept:
                    continue
                field = nodes.field()
                field += nodes.field_name(text=field_words(key.strip()))
                body = nodes.field_body()
                body += para(_signs(value.strip()))
                field += body
                fields += field
            elif line.strip() and len(fields) and kept:
                last_body = fields.children[-1].children[1]  # the field's body, holding one paragraph
                assert isinstance(last_body, nodes.Element) and isinstance(last_body[0], nodes.Element)
                last_body[0] += nodes.Text(" " + _signs(line.strip()))
        return fields

    @staticmethod
    def preamble(source: Source) -> str:
        if source.paged or not source.divisions:
            return ""
        start = source.body.find(source.divisions[0].text)
        return source.body[:start].strip("\n") if start > 0 else ""

    def with_lacunae(self, source: Source, division: Division, blocks: list[nodes.Node]) -> list[nodes.Node]:
        """The blocks of a division's text with each lacuna of the copy shown where its missing
        text would stand: after the block holding its ``after`` words."""
        out = list(blocks)
        for lacuna in reversed(source.lacunae):
            place = source.lacuna_place(lacuna)
            if place is None or place.anchor != division.anchor:
                continue
            wanted = quote_plain(normal(lacuna.after))
            at = next((i for i, b in enumerate(out) if wanted in normal(b.astext())), len(out) - 1)
            mark = container(ids=[anchor("lacuna-place", lacuna.id)], classes=["nap-lacuna-in-place"])
            mark += para(
                strong("Missing from the copy here: "),
                *self.linked(normal(lacuna.what)),
                " (",
                xref("lacuna", lacuna.id, literal(lacuna.id)),
                ")",
                classes=["nap-lacuna"],
            )
            out.insert(at + 1, mark)
        return out

    @staticmethod
    def blocks(text: str) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for block in re.split(r"\n\s*\n", text):
            lines = [line.strip() for line in block.strip("\n").split("\n") if line.strip()]
            if not lines:
                continue
            if len(lines) == 1:
                out.append(para(*quoted_words(lines[0]), classes=["nap-source-para"]))
            else:
                lb = nodes.line_block(classes=["nap-source-lines"])
                for line in lines:
                    row = nodes.line(line)
                    row.extend(text_nodes(quoted_words(line)))
                    lb += row
                out.append(lb)
        return out

    def cited_at(self, source: Source) -> dict[str, list[NodeLike]]:
        """Division anchor → links to the rules and variation points quoting it."""
        register = self.data.register
        found: dict[str, dict[str, tuple[str, str, str]]] = {}

        def note(locator: str, key: str, link: tuple[str, str, str]) -> None:
            try:
                span = source.span(locator)
            except LocatorError:
                return
            for division in span:
                found.setdefault(division.anchor, {}).setdefault(key, link)

        for rule in register.rules.values():
            for c in rule.citations:
                if c.source == source.id:
                    note(c.locator, f"rule:{rule.id}", ("rule", rule.id, rule.title))
        for option in register.options.values():
            for value in option.values:
                for c in value.citations:
                    if c.source == source.id:
                        note(c.locator, f"option:{option.id}", ("optsource", f"{option.id}/{source.id}", option.title))
        return {
            place: [xref(kind, target, text) for kind, target, text in links.values()] for place, links in found.items()
        }
