"""The reference pages around the rules: the register at a glance (``{napspec-summary}``),
the glossary (``{napspec-glossary}``) and the bibliography (``{napspec-bibliography}``)."""

from __future__ import annotations

import re
import tomllib
from collections import Counter

from docutils import nodes
from sphinx import addnodes
from sphinx.domains.std import make_glossary_term
from sphinx.util import logging

from napspec.spec.register import INTERPRETATION_KINDS
from napspec.suite.vocabulary import join

from .directives import NapDirective
from .render import Cell, NodeLike, literal, para, strong, table, term_ref, xref
from .sources import SourceDirective, provenance_gaps

logger = logging.getLogger(__name__)


class GlossaryDirective(NapDirective):
    """``{napspec-glossary} <file.toml>``: our definitions, each pointing to the rules using the term."""

    required_arguments = 1

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        relative, path = self.env.relfn2path(self.arguments[0], self.env.current_document.docname)
        self.env.note_dependency(relative)
        with open(path, "rb") as handle:
            terms = tomllib.load(handle).get("term", [])
        texts = {
            rule.id: " ".join([rule.title, rule.statement, *(c.quote for c in rule.citations)])
            for rule in register.rules.values()
        }
        glossary = addnodes.glossary(sorted=False)  # already sorted here
        items = nodes.definition_list(classes=["glossary", "nap-glossary"])
        source, line = self.get_source_info()
        known = {t["term"].lower() for t in terms} | {a.lower() for t in terms for a in t.get("also", [])}
        for entry in sorted(terms, key=lambda t: t["term"].lower()):
            item = nodes.definition_list_item()
            for name in (entry["term"], *entry.get("also", [])):
                item += make_glossary_term(self.env, [nodes.Text(name)], None, source, line, None, self.state.document)
            definition = nodes.definition()
            definition.extend(self.prose(entry["definition"]))
            pattern = re.compile(entry.get("match", r"\b" + re.escape(entry["term"]) + r"\b"), re.IGNORECASE)
            users = [rule_id for rule_id, text in texts.items() if pattern.search(text)]
            if not users:
                logger.warning(
                    "napspec: glossary term %r is used by no rule (pattern %r)",
                    entry["term"],
                    pattern.pattern,
                    location=self.get_location(),
                )
            definition += para(
                strong(f"Rules using it ({len(users)}): "),
                *join([xref("rule", r, literal(r)) for r in users], ", "),
                classes=["nap-term-rules"],
            )
            see = entry.get("see", [])
            for name in see:
                if name.lower() not in known:
                    logger.warning(
                        "napspec: glossary term %r refers to unknown term %r",
                        entry["term"],
                        name,
                        location=self.get_location(),
                    )
            if see:
                definition += para(
                    strong("See also: "), *join([term_ref(name) for name in see], ", "), classes=["nap-term-see"]
                )
            item += definition
            items += item
        glossary += items
        return [glossary]


class BibliographyDirective(NapDirective):
    """``{napspec-bibliography}``: the four works with their full references."""

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        items = nodes.definition_list(classes=["nap-bibliography"])
        for source in register.sources.values():
            item = nodes.definition_list_item(ids=[f"bibliography-{source.id}"])
            term = nodes.term()
            term += xref("source", source.id, source.short)
            item += term
            body = nodes.definition()
            body += para(source.reference, classes=["nap-reference"])
            pages: list[NodeLike] = [" · ", page_words(source.pages)] if source.pages else []
            body += para(strong("Published: "), source.published, *pages)
            body += para(strong("Licence: "), source.licence)
            if provenance_gaps(source):
                body += para(*SourceDirective.provenance_gaps(source, in_book=True), classes=["nap-provenance-gaps"])
            quoted = [c for _f, _o, c in register.citations() if c.source == source.id]
            body += para(
                f"Quoted {len(quoted)} times in the register; the ",
                xref("source", source.id, "transcription"),
                " is published here in full.",
            )
            for copied_id in source.copies:
                copies = [c for c in quoted if c.copies == copied_id]
                copied = register.sources[copied_id]
                if not copies:
                    continue  # a source it copies elsewhere, but in none of the passages quoted
                body += para(
                    strong("Not always an independent witness: "),
                    f"{source.short} repeats some of {copied.short}'s sentences word for word; "
                    f"{len(copies)} of these {len(quoted)} quotations are such copies, "
                    "and each is marked where it is shown. "
                    f"Where {source.short} and {copied.short} agree in the same words, "
                    "they count as one witness, not two.",
                    classes=["nap-copies"],
                )
            item += body
            items += item
        return [items, self.licences()]

    def licences(self) -> nodes.paragraph:
        """The rulebook's own licence (the distribution's) beside the sources' licences."""
        from importlib.metadata import PackageNotFoundError, metadata

        try:
            licence = (metadata("napspec").get_all("License-Expression") or [""])[0]
        except PackageNotFoundError:
            licence = ""
        licence = licence or "as the project's LICENSE file states"
        register = self.data.register
        own = "; ".join(f"{s.short}: {s.licence}" for s in register.sources.values())
        return para(
            strong("Licences. "),
            f"This rulebook and the register it is written from are licensed {licence_name(licence)} "
            "(share-alike, because they quote and carry the Wikipedia article). "
            f"The sources' texts are under their own terms: {own}.",
            classes=["nap-licences"],
        )


def licence_name(expression: str) -> str:
    """A licence as a reader knows it, from its SPDX identifier.

    >>> licence_name("CC-BY-SA-4.0"), licence_name("CC-BY-4.0"), licence_name("MIT")
    ('CC BY-SA 4.0', 'CC BY 4.0', 'MIT')
    """
    found = re.fullmatch(r"CC-([A-Z-]+)-(\d+\.\d+)", expression.strip())
    return f"CC {found.group(1)} {found.group(2)}" if found else expression.strip()


def page_words(pages: str) -> str:
    """A work's pages as a reference gives them: "p. 229", "pp. 3–12".

    >>> page_words("229"), page_words("3–12")
    ('p. 229', 'pp. 3–12')
    """
    return f"pp. {pages}" if re.search(r"[–-]", pages) else f"p. {pages}"


class SummaryDirective(NapDirective):
    """``{napspec-summary}``: the register at a glance, chapter by chapter."""

    def build(self) -> list[nodes.Node]:
        data = self.data
        register = data.register
        rows: list[list[Cell]] = []
        for chapter in register.chapters.values():
            rules = register.rules_of(chapter.id)
            scenarios = {s.id for r in rules for s in data.scenarios_of(r.id)}
            options = [o for o in register.options.values() if o.chapter == chapter.id]
            rows.append(
                [
                    [xref("chapter", chapter.id, chapter.title)],
                    str(len(rules)),
                    str(len(options)),
                    str(len(scenarios)),
                ]
            )
        rows.append(
            [
                [strong("All")],
                str(len(register.rules)),
                str(len(register.options)),
                str(len(data.scenarios)),
            ]
        )
        kinds = Counter(i.kind for i in register.interpretations.values())
        return [
            table(["Chapter", "Rules", "Variation points", "Scenarios"], rows, classes=["nap-summary"]),
            self.scenarios_counted(),
            para(
                f"{len(register.interpretations)} labelled interpretations (",
                ", ".join(f"{kinds[k]} {k}" for k in INTERPRETATION_KINDS if kinds[k]),
                f"), {len(register.profiles)} profiles, {len(register.sources)} sources, ",
                f"{sum(len(s.lacunae) for s in register.sources.values())} lacunae.",
            ),
        ]

    def scenarios_counted(self) -> nodes.paragraph:
        """Why the chapters' scenarios add up to more than the suite holds: a scenario is
        counted under every chapter whose rules it tests. The numbers are the table's."""
        data = self.data
        chapters = {s.id: data.scenario_chapters(s) for s in data.scenarios}
        counted = sum(len(found) for found in chapters.values())
        several = sum(1 for found in chapters.values() if len(found) > 1)
        words = (
            f"A scenario is counted under every chapter whose rules it tests: {several} of the "
            f"{len(data.scenarios)} scenarios test rules of more than one chapter, so the chapters' "
            f"counts add up to {counted}."
        )
        if several == 0:
            words = "Each scenario tests the rules of one chapter only, so the chapters' counts add up to the whole."
        untested = sum(1 for found in chapters.values() if not found)
        if untested:
            words += f" {untested} scenarios test no rule of the register and are counted under no chapter."
        return para(words, classes=["nap-summary-counting"])
