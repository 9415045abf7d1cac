"""What every directive of the rulebook shares: :class:`NapDirective` reads the register, the
scenarios and the certification reports, notes every file it reads as a dependency of the page,
registers the ``nap`` targets it writes, and shows the common blocks (a rule's text with its
links, a quotation with its place, the sources side by side, a line of results).

Each hand-written page is a title (or not) and one directive, written by the module of its
page: :mod:`.chapters`, :mod:`.conflicts`, :mod:`.profiles`, :mod:`.sources` and
:mod:`.reference_pages` (summary, glossary, bibliography), among others registered by
:func:`napspec.docs.rulebook.setup`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from napspec.spec.errors import LocatorError
from napspec.spec.register import Citation, OptionValueType
from napspec.spec.transcriptions import Lacuna

from .data import STATUSES, Column, RulebookData, rulebook_data
from .domain import NapDomain, anchor
from .editions import BOOK, NUMBER_APART, edition
from .render import Cell, NodeLike, container, inline, literal, para, paragraphs, strong, table, xref
from .text import ID_WORD, Piece, pieces, plain, quote_pieces, rule_title_in, who_plays_parts

logger = logging.getLogger(__name__)
T = TypeVar("T")
EXTENSION_FILES = tuple(sorted(Path(__file__).resolve().parent.glob("*.py")))
STATUS_WORDS = {
    "passed": "passed",
    "failed": "failed",
    "skipped-unsupported": "skipped (unsupported)",
    "errored": "errored",
    "timed-out": "timed out",
    "not-run": "not run (the run was stopped)",
    "not-applicable": "not applicable",
}


def normal(text: str) -> str:
    return " ".join(text.split())


def quoted_words(text: str) -> list[NodeLike]:
    """A source's words as shown: ``_x_`` emphasised, ``--`` an em dash (:func:`.text.quote_pieces`);
    every quotation and every page of a transcription is shown through it."""
    return [nodes.emphasis(text=p.text) if p.kind == "emphasis" else p.text for p in quote_pieces(text)]


class NapDirective(SphinxDirective):
    """Base: the data, dependency notes, target registration and common blocks."""

    uses_reports = False

    def run(self) -> list[nodes.Node]:
        self.note_dependencies()
        out = self.build()
        document = self.state.document
        for top in out:
            for node in top.findall(nodes.Element):
                for node_id in node["ids"]:
                    document.ids.setdefault(node_id, node)
        return out

    def build(self) -> list[nodes.Node]:
        """The nodes of the directive; each directive of the rulebook defines its own."""
        raise TypeError(f"{type(self).__name__} does not define build()")

    # ------------------------------------------------------------------ data

    def named(self, kind: str, known: Mapping[str, T], name: str) -> T:
        """The register's ``kind`` (chapter, profile, source) a directive's argument names; an
        unknown name is the directive's error, with the names there are."""
        if name not in known:
            raise self.error(f"no {kind} {name!r} ({kind}s: {', '.join(known)})")
        return known[name]

    @property
    def data(self) -> RulebookData:
        return rulebook_data(self.config.napspec_certify_dir)

    def note_dependencies(self) -> None:
        """Every file the page is made from: the register, the feature files, this extension
        (and the reports, for the pages that show them), so that incremental builds redo it."""
        data = self.data
        for path in (*data.dependencies, *EXTENSION_FILES):
            self.env.note_dependency(str(path))
        if self.uses_reports:
            # a report that changes makes the page outdated; one that appears or goes is
            # caught by the env-get-outdated handler (napspec.docs.rulebook.reports_outdated)
            for report in data.reports:
                self.env.note_dependency(str(report.path))
            report_docs: set[str] = getattr(self.env, "napspec_report_docs", set())
            report_docs.add(self.env.current_document.docname)
            self.env.napspec_report_docs = report_docs  # type: ignore[attr-defined]

    @property
    def domain(self) -> NapDomain:
        return self.env.domains["nap"]  # type: ignore[return-value]

    def target(self, node: nodes.Element, kind: str, name: str, title: str, *extra_ids: str) -> str:
        """Give ``node`` the anchor of a ``nap`` target (plus ``extra_ids``) and register it."""
        anchor_id = anchor(kind, name)
        for node_id in (anchor_id, *extra_ids):
            if node_id not in node["ids"]:
                node["ids"].append(node_id)
        self.domain.note(kind, name, anchor_id, title, location=self.get_location())
        return anchor_id

    def index(self, anchor_id: str, *entries: str) -> addnodes.index:
        node = addnodes.index(entries=[("single", entry, anchor_id, "", None) for entry in entries])
        node.source, node.line = self.get_source_info()
        return node

    # ------------------------------------------------------------------ text

    def linked(self, text: str, options: Sequence[str] = ()) -> list[NodeLike]:
        """Our own prose in words (:func:`.text.pieces`: the variation points and values it
        names between backticks by their titles and in words, with the profiles that play each
        value), and the ids it mentions (rules, interpretations, options, lacunae) linked.
        ``options`` are the variation points the text belongs to (a rule's)."""
        out: list[NodeLike] = []
        for piece in pieces(text, self.data.register, tuple(options)):
            out += self.piece(piece)
        return out

    def piece(self, piece: Piece) -> list[NodeLike]:
        """One piece of shown text as nodes."""
        if piece.kind == "text":
            return self.linked_ids(piece.text)
        if piece.kind == "option":
            return [xref("option", piece.option, nodes.emphasis(text=piece.text), classes=["nap-option-name"])]
        if piece.kind == "value" and piece.value is not None:
            if not piece.plays:  # every profile plays it (:func:`.text.everyone_plays`)
                return [self.value(piece.option, piece.value)]
            plays = self.plays(piece.option, piece.value)
            if edition(self.env) == BOOK:
                # one parenthesis, not two: "“2” (Peel and Hoyle; p. 123)", the number the link
                target = f"{piece.option}={piece.value}"
                value = self.value(piece.option, piece.value, classes=[NUMBER_APART])
                return [value, " (", *plays, "; ", xref("optvalue", target, ""), ")"]
            return [self.value(piece.option, piece.value), " (", *plays, ")"]
        if piece.kind in ("amount", "emphasis"):
            return [nodes.emphasis(text=piece.text)]
        # Between backticks the register names only variation points, their values and the
        # amounts a value carries: anything else would be shown as code, so it is a slip.
        logger.warning(
            "napspec: `%s` names no variation point, value or amount of the register",
            piece.text,
            location=self.get_location(),
        )
        return [literal(piece.text)]

    def value(
        self, option_id: str, value: OptionValueType, quoted: bool = True, classes: Sequence[str] = ()
    ) -> nodes.inline:
        """An option's value in words (its phrase), linked to its meaning (``classes`` on the link)."""
        words = self.data.register.options[option_id].phrase(value)
        shown = f"“{words}”" if quoted else words
        return inline(xref("optvalue", f"{option_id}={value}", shown, classes=classes), classes=["nap-value"])

    def plays(self, option_id: str, value: OptionValueType) -> list[NodeLike]:
        """ "Peel and Hoyle" (:func:`.text.who_plays`), each game linked to its choice (or its
        variant)."""
        out: list[NodeLike] = []
        for part in who_plays_parts(self.data.register, option_id, value):
            if isinstance(part, str):
                out.append(part)
            else:
                profile, variant, words = part
                kind, target = ("variant", f"{profile}/{variant}") if variant else ("choice", f"{profile}/{option_id}")
                out.append(xref(kind, target, words))
        return out

    def linked_ids(self, text: str) -> list[NodeLike]:
        """Plain prose with the ids it mentions linked (a claim's where the word "claim" names it)."""
        register = self.data.register
        lacunae = {lacuna.id for source in register.sources.values() for lacuna in source.lacunae}
        out: list[NodeLike] = []
        position = 0
        for match in ID_WORD.finditer(text):
            if match.start() < position:  # inside a variant named in its own words
                continue
            word = match.group()
            before = text[max(0, match.start() - 16) : match.start()].lower()
            kind = None
            if before.endswith("lacuna ") and word in lacunae:
                kind = "lacuna"
            elif before.endswith("claim ") and word in self.data.claims:
                kind = "claim"
            elif word in register.rules:
                kind = "rule"
            elif word in register.interpretations:
                kind = "interp"
            elif word in register.options:
                kind = "option"
            elif word in lacunae:
                kind = "lacuna"
            if kind is None:
                continue
            end = match.end()
            if kind == "option":
                # Prose may name a variant in its own words ("at seven-card Nap"); any other
                # variation point is named between backticks, to be shown by its title.
                option = register.options[word]
                if not option.titled_at(text, match.start()):
                    logger.warning(
                        "napspec: %r names variation point %r bare; write it `%s`, to be shown by its title",
                        text[max(0, match.start() - 30) : end + 10],
                        word,
                        word,
                        location=self.get_location(),
                    )
                    continue
                end = match.start() + len(option.title)
            out.append(text[position : match.start()])
            if kind == "rule":  # a rule is named by its title, as the reader knows it
                lead, title, trail = rule_title_in(register, word, text[: match.start()], text[end:])
                out.append(lead)
                out.append(xref(kind, word, nodes.emphasis(text=title), classes=["nap-rule-name"]))
                out.append(trail)
            elif kind == "option":
                out.append(xref(kind, word, text[match.start() : end]))
            else:
                out.append(xref(kind, word, literal(word)))
            position = end
        out.append(text[position:])
        return [item for item in out if item != ""]

    def said(self, text: str) -> str:
        """A short text of the register (a question) as plain words: what :meth:`linked` shows,
        without links, for a title or a line of a list."""
        return plain(normal(text), self.data.register)

    def prose(self, text: str, classes: Sequence[str] = (), options: Sequence[str] = ()) -> list[nodes.paragraph]:
        return paragraphs(text, lambda words: self.linked(words, options), classes=classes)

    def source_label(self, text: str) -> NodeLike:
        """``Peel p. 10`` / ``interpretation cut-any-depth`` (an Examples ``source`` cell) as a link."""
        text = text.strip()
        if text.startswith("interpretation "):
            name = text.removeprefix("interpretation ").strip()
            if name in self.data.register.interpretations:
                return inline("interpretation ", xref("interp", name, literal(name)))
        for source in self.data.register.sources.values():
            if text.startswith(source.short + " "):
                locator = text[len(source.short) + 1 :].strip()
                try:
                    return xref("loc", source.anchor(locator), text)
                except LocatorError:
                    break
        return text

    def locator_link(self, source_id: str, locator: str) -> NodeLike:
        source = self.data.register.sources[source_id]
        label = f"{source.short} {locator}"
        try:
            return xref("loc", source.anchor(locator), label, classes=["nap-locator-link"])
        except LocatorError:
            logger.warning("napspec: %s has no place %r", source.short, locator, location=self.get_location())
            return label

    def citation(self, citation: Citation, show_source: bool = False) -> nodes.container:
        """A quotation with its locator (linked to the place in the published text) and note."""
        block = container(classes=["nap-citation", f"nap-from-{citation.source}"])
        block += para(*quoted_words(normal(citation.quote)), classes=["nap-quote"])
        block += para("— ", self.locator_link(citation.source, citation.locator), classes=["nap-locator"])
        block.extend(self.citation_notes(citation))
        return block

    def citation_notes(self, citation: Citation) -> list[nodes.Node]:
        """What goes with a quotation: its note, the interpretation it is read through, and
        whether it repeats another source's words."""
        out: list[nodes.Node] = []
        if citation.note:
            out.append(para(*self.linked(normal(citation.note)), classes=["nap-note"]))
        if citation.interpretation:
            out.append(
                para(
                    "Bears on this only through interpretation ",
                    xref("interp", citation.interpretation, literal(citation.interpretation)),
                    ".",
                    classes=["nap-note", "nap-read-through"],
                )
            )
        if citation.copies:
            out.append(self.copy_note(citation))
        return out

    def copy_note(self, citation: Citation) -> nodes.paragraph:
        """Says that a quotation repeats another source word for word: not a second witness."""
        register = self.data.register
        copied = register.sources[citation.copies]
        places = copied.find(citation.quote)
        where: list[NodeLike] = [self.locator_link(copied.id, places[0])] if places else [copied.short]
        return para(
            strong("Not an independent witness: "),
            f"{register.sources[citation.source].short} repeats ",
            *where,
            " word for word.",
            classes=["nap-note", "nap-copy"],
        )

    def lacuna_block(self, lacuna: Lacuna) -> nodes.container:
        """Where a source's words would stand but are missing from the copy: what is missing,
        linked to the lacuna and to its place in the copy."""
        block = container(classes=["nap-lacuna-block", f"nap-from-{lacuna.source}"])
        block += para(
            strong("Missing text"), " (", xref("lacuna", lacuna.id, literal(lacuna.id)), ")", classes=["nap-lacuna"]
        )
        block += para(*self.linked(normal(lacuna.what)), classes=["nap-note"])
        block += para("— ", self.lacuna_where(lacuna), classes=["nap-locator"])
        return block

    def lacuna_where(self, lacuna: Lacuna) -> NodeLike:
        """A lacuna's place: a link to the place of the copy where its text would stand, or its
        locator as text when the copy does not reach that place."""
        source = self.data.register.sources[lacuna.source]
        place = source.lacuna_place(lacuna)
        if place is not None:
            return xref("loc", place.anchor, f"{source.short} {place.locator}")
        try:
            return xref("loc", source.anchor(lacuna.locator), f"{source.short} {lacuna.locator}")
        except LocatorError:
            return f"{source.short} {lacuna.locator} (not in the copy)"

    def source_header(self) -> list[NodeLike]:
        return [xref("source", sid, source.short) for sid, source in self.data.register.sources.items()]

    def sources_grid(
        self, citations: Sequence[Citation], classes: Sequence[str] = (), lacunae: Sequence[str] = ()
    ) -> nodes.table:
        """The four sources side by side: each one's quotations, then the lacunae where its
        missing words would stand, or "silent"."""
        register = self.data.register
        known = register.lacunae()
        row: list[Cell] = []
        for sid in register.sources:
            own: list[nodes.Node] = [self.citation(c) for c in citations if c.source == sid]
            own += [self.lacuna_block(known[i]) for i in lacunae if i in known and known[i].source == sid]
            row.append(own or [para("silent", classes=["nap-silent"])])
        cell_classes = [[[f"nap-col-{sid}"] for sid in self.data.register.sources]]
        return table(self.source_header(), [row], classes=["nap-sources", *classes], cell_classes=cell_classes)

    # ------------------------------------------------------------------ status

    def column_label(self, column: Column) -> str:
        """A column named where its results are listed: its target, and its engine when the
        reports are of more than one."""
        return f"{column.target}, {column.engine}" if self.data.several_engines() else column.target

    def certified_lead(self, label: NodeLike) -> list[NodeLike]:
        """ "Certification of <engine>: " before a line of results (the engine named there
        when the reports are all of one engine)."""
        engines = self.data.engines()
        return [label, f" of {engines[0]}: " if len(engines) == 1 else ": "]

    def counts_text(self, counts: Counter[str]) -> tuple[list[NodeLike], str]:
        # A case never run (the run was stopped, or the engine gave out) was applicable: it
        # shows as not passed, as a report with such cases is not certified.
        applicable = sum(n for status, n in counts.items() if status != "not-applicable")
        if not counts:
            return ["no case"], "nap-status-none"
        if not applicable:
            return ["not applicable"], "nap-status-na"
        passed = counts.get("passed", 0)
        words = [f"{passed}/{applicable} passed"]
        for status in STATUSES[1:-1]:
            if counts.get(status):
                words.append(f"{counts[status]} {STATUS_WORDS[status]}")
        other = [s for s in counts if s not in STATUSES]
        for status in other:
            words.append(f"{counts[status]} {status}")
        return [", ".join(words)], ("nap-status-ok" if passed == applicable else "nap-status-fail")
