"""The directives that write the rulebook's pages from the register, the scenarios and the
certification reports. Each hand-written page is a title (or not) and one directive."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from docutils import nodes
from sphinx import addnodes
from sphinx.domains.std import make_glossary_term
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from napspec.spec.errors import LocatorError
from napspec.spec.register import (
    INTERPRETATION_KINDS,
    Citation,
    Interpretation,
    Option,
    OptionValueType,
    Profile,
    Rule,
    value_id,
)
from napspec.spec.transcriptions import Division, Lacuna, Source
from napspec.suite.vocabulary import join

from .data import STATUSES, Column, RulebookData, rulebook_data
from .domain import NapDomain, anchor
from .editions import BOOK, edition, shows_certification
from .fold import fold, folded
from .printed import scenarios_paragraph
from .render import (
    Cell,
    NodeLike,
    bullet_list,
    cell_value,
    container,
    inline,
    literal,
    para,
    paragraphs,
    rubric,
    section,
    strong,
    table,
    term_ref,
    text_nodes,
    xref,
)
from .steps import Context, sentence
from .text import (
    ID_WORD,
    Piece,
    disputed,
    pieces,
    plain,
    quote_pieces,
    quote_plain,
    rule_title_in,
    same,
    variant_name,
    who_plays_parts,
)

logger = logging.getLogger(__name__)
T = TypeVar("T")
EXTENSION_FILES = tuple(sorted(Path(__file__).resolve().parent.glob("*.py")))
KIND_TITLES = {
    "silent": "Where a source is silent",
    "ambiguous": "Where a source is ambiguous",
    "contradiction": "Where a source contradicts itself",
    "lacuna": "Where a source's text is missing",
}
KIND_INTROS = {
    "silent": "The source says nothing on the point, and the engine must still do something.",
    "ambiguous": "The source's words bear more than one reading.",
    "contradiction": "Two passages of the same source say different things.",
    "lacuna": (
        "The words that would settle the point are not in the copy: the transcription lacks them, or breaks off "
        "before the part of the work that may hold them. What the source itself says there is unknown."
    ),
}
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
            return [self.value(piece.option, piece.value), " (", *self.plays(piece.option, piece.value), ")"]
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

    def value(self, option_id: str, value: OptionValueType, quoted: bool = True) -> nodes.inline:
        """An option's value in words (its phrase), linked to its meaning."""
        words = self.data.register.options[option_id].phrase(value)
        shown = f"“{words}”" if quoted else words
        return inline(xref("optvalue", f"{option_id}={value}", shown), classes=["nap-value"])

    def plays(self, option_id: str, value: OptionValueType) -> list[NodeLike]:
        """ "played by Peel and Hoyle", each profile linked to its choice (or its variant)."""
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
        """Plain prose with the ids it mentions linked."""
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


# ---------------------------------------------------------------------- chapters and rules


class ChapterDirective(NapDirective):
    """``{napspec-chapter} <chapter id>``: a chapter's rules, quotes, scenarios and status."""

    required_arguments = 1
    uses_reports = True

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        chapter_id = self.arguments[0]
        chapter = self.named("chapter", register.chapters, chapter_id)
        page = section(chapter.title, [], classes=["nap-chapter"])
        self.target(page, "chapter", chapter.id, chapter.title)
        page += self.index(page["ids"][0], f"{chapter.title} (chapter)")
        page += para(
            f"Chapter {chapter.order} of the rules, in the order of the game. ",
            f"Its rules are stated in spec/{Path(chapter.file).relative_to('spec')}",
            "; the scenarios that test them are in the feature files named under each.",
            classes=["nap-chapter-meta"],
        )
        page.extend(self.prose(chapter.intro, classes=["nap-intro"]))
        page += rubric("Rules of this chapter")
        page += bullet_list(
            [[xref("rule", rule.id, rule.title), " ", literal(rule.id)] for rule in register.rules_of(chapter.id)],
            classes=["nap-rule-list"],
        )
        for rule in register.rules_of(chapter.id):
            page += self.rule_section(rule)
        return [page]

    def rule_section(self, rule: Rule) -> nodes.section:
        data = self.data
        register = data.register
        node = section(rule.title, [], classes=["nap-rule"])
        anchor_id = self.target(node, "rule", rule.id, rule.title, rule.id)
        node += self.index(anchor_id, f"{rule.id} (rule)", f"{rule.title}")

        binds: list[NodeLike] = [
            xref("profile", p, register.profiles[p].title if p in register.profiles else p) for p in rule.applies_to
        ]
        meta: list[NodeLike] = [literal(rule.id), " · binds ", *join(binds, ", ")]
        if not rule.testable:
            meta += [" · not testable"]
        node += para(*meta, classes=["nap-rule-meta"])
        node.extend(self.prose(rule.statement, classes=["nap-statement"], options=rule.options))
        grid = self.sources_grid(rule.citations, lacunae=rule.lacunae)
        self.profiles_rows(grid, rule)
        node += grid

        if rule.options:
            items: list[Sequence[NodeLike]] = []
            for option_id in rule.options:
                option = register.options[option_id]
                items.append([xref("option", option.id, option.title), " — ", self.said(option.question)])
            node += para(strong("Variation points"), " this rule depends on:", classes=["nap-rests"])
            node += bullet_list(items, classes=["nap-rests-list"])
        if rule.interpretations:
            items = []
            for interp_id in rule.interpretations:
                interp = register.interpretations[interp_id]
                items.append(
                    [
                        xref("interp", interp.id, literal(interp.id)),
                        f" ({interp.kind}) — ",
                        *self.linked(normal(interp.reading)),
                    ]
                )
            node += para(strong("Interpretations"), " this rule rests on:", classes=["nap-rests"])
            node += bullet_list(items, classes=["nap-rests-list"])
        if not rule.testable:
            node += para(
                strong("Not testable: "), *self.linked(normal(rule.untestable_because)), classes=["nap-untestable"]
            )

        if data.reports and shows_certification(self.env):
            parts: list[NodeLike] = []
            for column in data.columns():
                words, css = self.counts_text(data.rule_counts(rule.id, column))
                parts.append(inline(f"{self.column_label(column)}: ", *words, classes=[css]))
            lead = self.certified_lead(xref("status", rule.id, "Certification"))
            node += para(*lead, *join(parts, " · "), classes=["nap-rule-status"])

        scenarios = data.scenarios_of(rule.id)
        if edition(self.env) == BOOK:
            if scenarios:
                node.extend(scenarios_paragraph(register, scenarios))
            elif rule.testable:
                node += para("No scenario tests this rule yet.", classes=["nap-untested"])
            return node
        home = [s for s in scenarios if data.home_rule(s) == rule.id]
        elsewhere = [s for s in scenarios if data.home_rule(s) != rule.id]
        if scenarios:
            node += rubric(f"Scenarios testing this rule ({len(scenarios)})", classes=["nap-scenarios-heading"])
        elif rule.testable:
            node += para("No scenario tests this rule yet.", classes=["nap-untested"])
        for scenario in home:
            node += self.scenario_block(scenario)
        if elsewhere:
            node += para("Also tested by these scenarios, shown in full under their first rule:", classes=["nap-also"])
            node += bullet_list(
                [
                    [
                        xref("scenario", s.id, s.name),
                        " (under ",
                        xref("rule", data.home_rule(s) or "", literal(data.home_rule(s) or "")),
                        ")",
                    ]
                    for s in elsewhere
                ],
                classes=["nap-also-list"],
            )
        return node

    def profiles_rows(self, grid: nodes.table, rule: Rule) -> None:
        """Under the sources' words, "What each profile plays": for every variation point the
        rule belongs to, the value each source's profile takes (and the values its variants
        switch on), in words, read from the profiles."""
        register = self.data.register
        if not rule.options:
            return
        body = next(iter(grid.findall(nodes.tbody)))
        heading = nodes.row(classes=["nap-profiles-heading"])
        label = nodes.entry(morecols=len(register.sources) - 1)
        label += para(strong("What each profile plays"), classes=["nap-profiles-title"])
        heading += label
        body += heading
        row = nodes.row(classes=["nap-profiles-row"])
        for sid in register.sources:
            entry = nodes.entry(classes=[f"nap-col-{sid}"])
            profile = next((p for p in register.profiles.values() if p.source == sid), None)
            if profile is None:
                entry += para("no profile", classes=["nap-silent"])
            else:
                entry += para(xref("profile", profile.id, profile.title), classes=["nap-profile-name"])
                for option_id in rule.options:
                    option = register.options[option_id]
                    choice = profile.choices.get(option_id)
                    if choice is None:
                        continue
                    said: list[NodeLike] = [
                        xref("option", option.id, nodes.emphasis(text=option.title)),
                        ": ",
                        xref("choice", f"{profile.id}/{option.id}", option.phrase(choice.value)),
                    ]
                    for variant, bundle in profile.variants.items():
                        if option_id in bundle and bundle[option_id].value != choice.value:
                            said += [
                                "; ",
                                xref(
                                    "variant",
                                    f"{profile.id}/{variant}",
                                    f"with {variant_name(self.data.register, variant)}",
                                ),
                                ": ",
                                option.phrase(bundle[option_id].value),
                            ]
                    entry += para(*said, classes=["nap-profile-plays"])
            row += entry
        body += row

    def scenario_block(self, scenario: Any) -> folded:
        """A scenario, folded under a line that says what it checks (its name) and how long it
        is; opened, its place in the suite, the quotes it rests on and its steps told as sentences."""
        data = self.data
        kind = "Scenario outline" if scenario.examples else "Scenario"
        steps_count = len(data.steps.get(scenario.id, ()))
        size = f"{steps_count} step{'s' if steps_count != 1 else ''}"
        if scenario.examples:
            size += f", {len(scenario.examples)} example{'s' if len(scenario.examples) != 1 else ''}"
        line: list[NodeLike] = [
            inline(kind, classes=["nap-scenario-kind"]),
            " ",
            inline(scenario.name, classes=["nap-scenario-name"]),
            " ",
            inline(f"({size})", classes=["nap-scenario-size"]),
        ]
        block = fold(line, classes=["nap-scenario"])
        self.target(block, "scenario", scenario.id, scenario.name)
        block += para(
            literal(scenario.id),
            f" · features/{scenario.file}, line {scenario.line} · tests ",
            *join([xref("rule", r, literal(r)) for r in scenario.rules], ", "),
            classes=["nap-scenario-meta"],
        )
        if scenario.quotes:
            block += bullet_list(
                [
                    [
                        self.source_label(f"{q.short} {q.locator}"),
                        ": ",
                        inline(*quoted_words(q.words), classes=["nap-quote-inline"]),
                    ]
                    for q in scenario.quotes
                ],
                classes=["nap-scenario-quotes"],
            )
        context = Context()
        steps = container(classes=["nap-steps"])
        group: nodes.container | None = None
        keyword = ""
        for step in data.steps.get(scenario.id, ()):
            if group is None or step.keyword != keyword:
                keyword = step.keyword
                group = container(classes=["nap-step-group", f"nap-{keyword.lower()}"])
                group += para(inline(keyword, classes=["nap-keyword"]), classes=["nap-keyword-line"])
                steps += group
            group.extend(sentence(step, context))
        block += steps
        if scenario.examples:
            header = list(scenario.examples_header)
            rows: list[list[Cell]] = []
            for example in scenario.examples:
                row: list[Any] = []
                for column in header:
                    cell = example.get(column, "")
                    if column == "profile" and cell in data.register.profiles:
                        row.append([xref("profile", cell, cell)])
                    elif column == "source":
                        row.append([self.source_label(cell)])
                    else:
                        row.append([cell_value(cell)])
                rows.append(row)
            block += para(
                strong("Examples"),
                " — one row per profile" if "profile" in header else "",
                "; a word in italics in the steps above stands for the row's value in the column of that name:",
                classes=["nap-examples-title"],
            )
            block += table(header, rows, classes=["nap-examples"])
        if data.reports and shows_certification(self.env):
            parts: list[NodeLike] = []
            for column in data.columns():
                counts = data.scenario_counts(scenario.id, column)
                words, css = self.counts_text(counts)
                parts.append(inline(f"{self.column_label(column)}: ", *words, classes=[css]))
            block += para(*self.certified_lead("Certification"), *join(parts, " · "), classes=["nap-scenario-status"])
        return block


# ---------------------------------------------------------------------- conflicts


class ConflictMatrixDirective(NapDirective):
    """``{napspec-conflict-matrix}``: every variation point against the four sources.

    A row whose profiles play different values is marked in words (not by colour alone); a value
    that a source's words bear on only through a labelled interpretation is shown as inferred,
    apart from the values the source states; every profile's pick is in its source's cell unless
    it is the one value the source states outright."""

    def build(self) -> list[nodes.Node]:
        if edition(self.env) == BOOK:
            return [
                para(
                    "The matrix of every variation point against the four sources is in the web editions; "
                    "in this book, the chapter Settle a dispute answers each point for each profile.",
                    classes=["nap-print-note"],
                )
            ]
        return self.matrix()

    def matrix(self) -> list[nodes.Node]:
        register = self.data.register
        header: list[Any] = [["Variation point"], *[[h] for h in self.source_header()]]
        rows, classes = [], []
        differing = {option.id for option in disputed(register)}
        for option in register.options.values():
            differs = option.id in differing
            first: list[nodes.Node] = [para(xref("option", option.id, option.title), " ", literal(option.id))]
            if differs:
                first.append(para("The profiles differ", classes=["nap-differs-mark"]))
            row: list[Any] = [first]
            mark = ["nap-differs"] if differs else []
            row_classes: list[list[str]] = [["nap-matrix-option", *mark]]
            for sid in register.sources:
                cell, css = self.cell(option, sid)
                row.append(cell)
                row_classes.append([css, f"nap-col-{sid}", *mark])
            rows.append(row)
            classes.append(row_classes)
        legend = para(
            f"The profiles play {len(differing)} of the {len(register.options)} variation points differently ",
            "(in their plain games or in the variants their sources give): ",
            "those rows are marked ",
            inline("The profiles differ", classes=["nap-differs-mark"]),
            ". A value the source states is shown plain; a value marked ",
            inline("inferred", classes=["nap-inferred-mark"]),
            " is not in the source's words, which bear on it only through a labelled interpretation. ",
            "Under the source's words, each cell gives what its profile plays wherever that is not simply "
            "the one value the source states.",
            classes=["nap-matrix-legend"],
        )
        return [legend, table(header, rows, classes=["nap-matrix"], cell_classes=classes)]

    def stated_values(self, option: Option, sid: str, values: Sequence[OptionValueType]) -> list[NodeLike]:
        """The values a source is cited for, each inferred one marked as such."""
        target = f"{option.id}/{sid}"
        out: list[NodeLike] = []
        for value in values:
            own = [c for c in option.value(value).citations if c.source == sid]
            words = option.phrase(value)
            if own and all(c.interpretation for c in own):
                out.append(
                    inline(
                        xref("optsource", target, words),
                        " ",
                        inline("inferred", classes=["nap-inferred-mark"]),
                        classes=["nap-inferred"],
                    )
                )
            else:
                out.append(xref("optsource", target, words))
        return join(out, " or ")

    def cell(self, option: Option, sid: str) -> tuple[list[nodes.Node], str]:
        register = self.data.register
        stance, values = option.stance(sid)
        target = f"{option.id}/{sid}"
        if stance == "cited":
            out: list[nodes.Node] = [para(*self.stated_values(option, sid, values))]
            css = "nap-cited"
        else:
            label, css = {
                "silent": ("silent", "nap-silent"),
                "lacuna": ("missing text", "nap-lacuna"),
            }.get(stance, ("unaccounted", "nap-unaccounted"))
            out = [para(xref("optsource", target, label))]
        own = [c for v in option.values for c in v.citations if c.source == sid]
        if own and all(c.copies for c in own):
            copied = sorted({register.sources[c.copies].short for c in own})
            out.append(para(f"in {', '.join(copied)}'s words: not an independent witness", classes=["nap-matrix-copy"]))
        profile = next((p for p in register.profiles.values() if p.source == sid), None)
        if profile and option.id in profile.choices:
            choice = profile.choices[option.id]
            interp = choice.interpretation or option.value(choice.value).interpretation
            stated_outright = stance == "cited" and len(values) == 1 and same(values[0], choice.value)
            if not stated_outright or interp:
                words: list[NodeLike] = [
                    xref(
                        "choice",
                        f"{profile.id}/{option.id}",
                        f"The {register.sources[profile.source].short} profile plays",
                    ),
                    " ",
                    self.value(option.id, choice.value, quoted=False),
                ]
                if interp:
                    words += [", by interpretation ", xref("interp", interp, literal(interp))]
                out.append(para(*words, classes=["nap-matrix-choice"]))
        if profile:
            for variant, bundle in profile.variants.items():
                if option.id in bundle:
                    out.append(
                        para(
                            "With ",
                            xref("variant", f"{profile.id}/{variant}", variant_name(register, variant)),
                            ": ",
                            self.value(option.id, bundle[option.id].value, quoted=False),
                            classes=["nap-matrix-variant"],
                        )
                    )
        return out, css


class VariationPointsDirective(NapDirective):
    """``{napspec-variation-points}``: each option, its values and each source's words on it."""

    def build(self) -> list[nodes.Node]:
        if edition(self.env) == BOOK:
            return [self.anchors_in_print()]
        return [self.option_section(option) for option in self.data.register.options.values()]

    def anchors_in_print(self) -> nodes.paragraph:
        """The book answers every point for each profile in Settle a dispute and prints the
        sources' words under the rules: here it says so, and keeps every point's anchors (its
        values, each source on it) for the links that lead to them."""
        register = self.data.register
        holder = para(
            "Each variation point is answered for each profile in the chapter Settle a dispute, with "
            "the interpretations it rests on; the sources' words on it are printed under the rules it "
            "governs. Its values one by one, with each source's words beside them, are in the web editions.",
            classes=["nap-print-note"],
        )
        for option in register.options.values():
            self.target(holder, "option", option.id, option.title)
            for value in option.values:
                value_anchor = anchor("optvalue", option.id, "value", value.value)
                holder["ids"].append(value_anchor)
                self.domain.note(
                    "optvalue", f"{option.id}={value.value}", value_anchor, f"{option.title}: {value.phrase}"
                )
            for sid, source in register.sources.items():
                cell_id = anchor("optsource", option.id, sid)
                holder["ids"].append(cell_id)
                self.domain.note("optsource", f"{option.id}/{sid}", cell_id, f"{source.short} on {option.title}")
        return holder

    def option_section(self, option: Option) -> nodes.section:
        register = self.data.register
        node = section(option.title, [], classes=["nap-option"])
        anchor_id = self.target(node, "option", option.id, option.title)
        node += self.index(anchor_id, f"{option.id} (variation point)", f"{option.title} (variation point)")
        node += para(
            literal(option.id),
            f" · {option.type} · chapter ",
            xref("chapter", option.chapter, register.chapters[option.chapter].title),
            " · governs ",
            *join([xref("rule", r, literal(r)) for r in option.rules], ", "),
            classes=["nap-option-meta"],
        )
        node += para(self.said(option.question), classes=["nap-question"])
        if option.plain is not None:
            node += para(
                "A variant: its plain value, the plain game, is ",
                self.value(option.id, option.plain),
                ", which every profile takes unless a variant is switched on.",
                classes=["nap-option-plain"],
            )
        for value in option.values:
            for key, words in (
                ("requires", "it needs, each away from its plain value"),
                ("excludes", "it needs, each at its plain value"),
            ):
                others = getattr(value, key)
                if others:
                    node += para(
                        "Where it is ",
                        self.value(option.id, value.value),
                        f", {words}: ",
                        *join(
                            [xref("option", o, nodes.emphasis(text=register.options[o].title)) for o in others], ", "
                        ),
                        ".",
                        classes=["nap-option-constraint"],
                    )
        rows: list[list[Cell]] = []
        row_ids: list[list[str]] = []
        for value in option.values:
            chosen = [
                p.id
                for p in register.profiles.values()
                if option.id in p.choices and same(p.choices[option.id].value, value.value)
            ]
            basis: list[NodeLike] = list(self.linked(normal(value.meaning)))
            if value.interpretation:
                basis += [
                    " (rests on interpretation ",
                    xref("interp", value.interpretation, literal(value.interpretation)),
                    ")",
                ]
            takers: list[NodeLike] = [xref("choice", f"{p}/{option.id}", register.profiles[p].title) for p in chosen]
            takers += [
                xref("variant", f"{p.id}/{variant}", f"{p.title} with {variant_name(register, variant)}")
                for p in register.profiles.values()
                for variant, bundle in p.variants.items()
                if option.id in bundle and same(bundle[option.id].value, value.value)
            ]
            rows.append(
                [
                    [
                        para(strong(value.phrase)),
                        para(literal(value_id(value.value)), classes=["nap-value-id"]),
                    ],
                    basis,
                    join(takers, ", ") or ["—"],
                ]
            )
            row_ids.append([anchor("optvalue", option.id, "value", value.value)])
            self.domain.note(
                "optvalue", f"{option.id}={value.value}", row_ids[-1][0], f"{option.title}: {value.phrase}"
            )
        node += table(["Value", "Meaning", "Profiles choosing it"], rows, classes=["nap-values"], row_ids=row_ids)

        cells, ids = [], []
        for sid, source in register.sources.items():
            stance, _values = option.stance(sid)
            content: list[nodes.Node] = []
            if stance == "cited":
                for value in option.values:
                    own = [c for c in value.citations if c.source == sid]
                    if own:
                        content.append(
                            para(self.value(option.id, value.value, quoted=False), classes=["nap-stance-value"])
                        )
                        content.extend(self.citation(c) for c in own)
            elif stance == "silent":
                content.append(para("silent", classes=["nap-silent"]))
                content.extend(self.prose(option.silent[sid], classes=["nap-note"]))
            elif stance == "lacuna":
                content.append(para("missing text", classes=["nap-lacuna"]))
                content.extend(self.prose(option.lacuna[sid], classes=["nap-note"]))
            else:
                content.append(para("unaccounted", classes=["nap-unaccounted"]))
            content.extend(self.profile_takes(option, sid))
            cells.append(content)
            cell_id = anchor("optsource", option.id, sid)
            ids.append([cell_id])
            self.domain.note("optsource", f"{option.id}/{sid}", cell_id, f"{source.short} on {option.title}")
        cell_classes = [[[f"nap-col-{sid}"] for sid in register.sources]]
        # Folded: the page holds every point, and the sources' words on all of them would bury the
        # questions (a link to one source's words opens its fold: _static/napspec.js).
        sources_fold = fold([f"What each source says: {self.stances_line(option)}"], classes=["nap-sources-fold"])
        sources_fold += table(
            self.source_header(),
            [cells],
            classes=["nap-sources", "nap-option-sources"],
            cell_ids=[ids],
            cell_classes=cell_classes,
        )
        node += sources_fold
        return node

    def stances_line(self, option: Option) -> str:
        """One line for a folded table of the sources' words: each source's stance, counted."""
        parts = []
        for sid, source in self.data.register.sources.items():
            stance, _values = option.stance(sid)
            if stance == "cited":
                quotes = sum(1 for v in option.values for c in v.citations if c.source == sid)
                parts.append(f"{source.short} {quotes} {'quote' if quotes == 1 else 'quotes'}")
            else:
                parts.append(f"{source.short} {'missing text' if stance == 'lacuna' else stance}")
        return " · ".join(parts)

    def profile_takes(self, option: Option, sid: str) -> list[nodes.Node]:
        """What the profile of a source chooses on an option, and the interpretation it rests on."""
        out: list[nodes.Node] = []
        for profile in self.data.register.profiles.values():
            if profile.source != sid or option.id not in profile.choices:
                continue
            choice = profile.choices[option.id]
            interp = choice.interpretation or option.value(choice.value).interpretation
            words: list[NodeLike] = [
                "The ",
                xref("choice", f"{profile.id}/{option.id}", f"{profile.id} profile"),
                " takes ",
                self.value(option.id, choice.value),
            ]
            if interp:
                words += [", by interpretation ", xref("interp", interp, literal(interp))]
            out.append(para(*words, ".", classes=["nap-profile-takes"]))
        return out


class InterpretationsDirective(NapDirective):
    """``{napspec-interpretations}``: every labelled interpretation, grouped by kind."""

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        out: list[nodes.Node] = []
        kinds = list(INTERPRETATION_KINDS) + sorted(
            {i.kind for i in register.interpretations.values()} - set(INTERPRETATION_KINDS)
        )
        for kind in kinds:
            members = [i for i in register.interpretations.values() if i.kind == kind]
            if not members:
                continue
            node = section(f"{KIND_TITLES.get(kind, kind)} ({len(members)})", [], classes=["nap-kind"])
            self.target(node, "kind", kind, KIND_TITLES.get(kind, kind))
            if kind in KIND_INTROS:
                node += para(KIND_INTROS[kind], classes=["nap-intro"])
            for interp in members:
                node += self.entry(interp)
            out.append(node)
        return out

    def entry(self, interp: Interpretation) -> nodes.Element:
        """One interpretation, folded under its question (a link to it opens it): the page holds
        every one of them, and their reasons in full would bury the questions."""
        register = self.data.register
        block = fold([self.said(interp.question)], classes=["nap-interpretation", f"nap-kind-{interp.kind}"])
        anchor_id = self.target(block, "interp", interp.id, self.said(interp.question))
        block += self.index(anchor_id, f"{interp.id} (interpretation)")
        block += para(
            strong(interp.id),
            f" · {interp.kind} · ",
            *join([xref("source", s, register.sources[s].short) for s in interp.sources], ", "),
            classes=["nap-interpretation-title"],
        )
        block += para(strong("Reading. "), *self.linked(normal(interp.reading)))
        block += para(strong("Reason. "), *self.linked(normal(interp.reason)))
        users: list[NodeLike] = []
        users += [xref("rule", r.id, literal(r.id)) for r in register.rules.values() if interp.id in r.interpretations]
        for option in register.options.values():
            for value in option.values:
                if value.interpretation == interp.id:
                    users.append(xref("optvalue", f"{option.id}={value.value}", f"{option.title}: {value.phrase}"))
        for profile in register.profiles.values():
            for choice in profile.choices.values():
                if choice.interpretation == interp.id:
                    users.append(xref("choice", f"{profile.id}/{choice.option}", f"{profile.id}: {choice.option}"))
        if users:
            block += para(strong("Rested on by: "), *join(users, ", "), classes=["nap-users"])
        return block


class LacunaeDirective(NapDirective):
    """``{napspec-lacunae}``: what the copies of the sources lack."""

    @staticmethod
    def has_place(source: Source, locator: str) -> bool:
        try:
            source.span(locator)
        except LocatorError:
            return False
        return True

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        rows: list[list[Cell]] = []
        row_ids: list[list[str]] = []
        for source in register.sources.values():
            for lacuna in source.lacunae:
                place: list[NodeLike] = [self.lacuna_where(lacuna)]
                if source.lacuna_place(lacuna) is None and not self.has_place(source, lacuna.locator):
                    place += [" — see the ", xref("source", source.id, "transcription")]
                related = [xref("rule", r.id, literal(r.id)) for r in register.rules.values() if lacuna.id in r.lacunae]
                related += [
                    xref("interp", i.id, literal(i.id))
                    for i in register.interpretations.values()
                    if lacuna.id in f"{i.question} {i.reading} {i.reason}" or (i.id == lacuna.id)
                ]
                rows.append(
                    [
                        [strong(lacuna.id)],
                        place,
                        self.linked(normal(lacuna.what)),
                        join(related, ", ") or ["—"],
                    ]
                )
                anchor_id = anchor("lacuna", lacuna.id)
                row_ids.append([anchor_id])
                self.domain.note("lacuna", lacuna.id, anchor_id, f"{source.short}: {lacuna.locator}")
        return [
            table(
                ["Lacuna", "Where", "What the copy lacks", "Rules and interpretations"],
                rows,
                classes=["nap-lacunae"],
                row_ids=row_ids,
            )
        ]


# ---------------------------------------------------------------------- profiles and sources


class ProfileDirective(NapDirective):
    """``{napspec-profile} <id>``: every choice a profile makes and what it rests on."""

    required_arguments = 1

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        profile = self.named("profile", register.profiles, self.arguments[0])
        source = register.sources[profile.source]
        page = section(f"Profile: {profile.title}", [], classes=["nap-profile"])
        anchor_id = self.target(page, "profile", profile.id, profile.title)
        page += self.index(anchor_id, f"{profile.id} (profile)")
        page += para(*self.linked(normal(profile.summary)), classes=["nap-intro"])
        page += para(
            "Profile ",
            literal(profile.id),
            " (",
            profile.file,
            ") · the game of ",
            xref("source", source.id, f"{source.short}, {source.title}"),
            f" · {len(profile.choices)} choices, one for each variation point.",
            classes=["nap-profile-meta"],
        )
        rows, row_ids = [], []
        for option in register.options.values():
            choice = profile.choices.get(option.id)
            cells: list[Any] = [[xref("option", option.id, option.title), " ", literal(option.id)]]
            if choice is None:
                logger.warning(
                    "napspec: profile %s makes no choice for %s", profile.id, option.id, location=self.get_location()
                )
                continue
            value = option.value(choice.value)
            cells.append(
                [
                    para(self.value(option.id, choice.value, quoted=False)),
                    *self.prose(value.meaning, classes=["nap-meaning"]),
                ]
            )
            cells.append(self.basis(profile.source, option, choice))
            rows.append(cells)
            choice_id = anchor("choice", profile.id, option.id)
            row_ids.append([choice_id])
            self.domain.note("choice", f"{profile.id}/{option.id}", choice_id, f"{profile.title}: {option.title}")
        page += table(
            ["Variation point", "Choice", "What it rests on"], rows, classes=["nap-profile-choices"], row_ids=row_ids
        )
        page += self.variants_section(profile)
        own = [r for r in register.rules.values() if tuple(r.applies_to) == (profile.id,)]
        if own:
            page += rubric(f"Rules that bind this profile alone ({len(own)})")
            page += bullet_list([[xref("rule", r.id, r.title), " ", literal(r.id)] for r in own])
        skipped = [r for r in register.rules.values() if profile.id not in r.applies_to]
        if skipped:
            page += rubric(f"Rules that do not bind this profile ({len(skipped)})")
            page += bullet_list([[xref("rule", r.id, r.title), " ", literal(r.id)] for r in skipped])
        return [page]

    def variants_section(self, profile: Profile) -> nodes.section:
        """ "Variants this source gives": each bundle of option values that switches a variant
        on as the profile's source plays it, with what each value rests on; where the source
        gives none, what it says on each variant."""
        register = self.data.register
        source = register.sources[profile.source]
        node = section("Variants this source gives", [f"profile-{profile.id}-variants"], classes=["nap-variants"])
        variant_options = [o for o in register.options.values() if o.plain is not None]
        if not profile.variants:
            node += para(
                f"{source.short} gives no variant this profile can play: every variant option stays at its plain "
                "value. What the source says on each:",
                classes=["nap-intro"],
            )
            items: list[Sequence[NodeLike]] = []
            for option in variant_options:
                stance, values = option.stance(source.id)
                notes = [option.silent.get(source.id) or option.lacuna.get(source.id, "")]
                notes += [c.note for v in option.values for c in v.citations if c.source == source.id]
                words = {"silent": "silent", "lacuna": "missing text"}.get(
                    stance, "cited for " + " or ".join(option.phrase(v) for v in values)
                )
                said: list[NodeLike] = [item for note in notes if note for item in (" ", *self.linked(normal(note)))]
                entry: list[NodeLike] = [
                    xref("option", option.id, option.title),
                    ": ",
                    xref("optsource", f"{option.id}/{source.id}", words),
                ]
                if said:
                    entry += [" —", *said]
                items.append(entry)
            node += bullet_list(items, classes=["nap-no-variants"])
            missing = [
                (lacuna_id, rule.id)
                for rule in register.rules.values()
                if any(register.options[o].plain is not None for o in rule.options)
                for lacuna_id in rule.lacunae
                if register.lacunae()[lacuna_id].source == source.id
            ]
            if missing:
                node += para(
                    f"Where {source.short}'s words on the variants would stand, the copy lacks them: ",
                    *join(
                        [
                            inline(xref("lacuna", i, literal(i)), " (", xref("rule", r, literal(r)), ")")
                            for i, r in missing
                        ],
                        ", ",
                    ),
                    ".",
                    classes=["nap-variant-lacunae"],
                )
            return node
        node += para(
            "Each variant is switched on by the option values below, applied over the profile's own choices ",
            "(for instance with ",
            literal(f"napspec certify --profile {profile.id} --variants {next(iter(profile.variants))}"),
            ").",
            classes=["nap-intro"],
        )
        for variant, bundle in profile.variants.items():
            block = section(f"Variant: {variant}", [], classes=["nap-variant"])
            anchor_id = self.target(block, "variant", f"{profile.id}/{variant}", f"{profile.title}: {variant}")
            block += self.index(anchor_id, f"{variant} (variant of {profile.id})")
            rows: list[list[Cell]] = []
            for option_id, choice in bundle.items():
                option = register.options[option_id]
                value = option.value(choice.value)
                rows.append(
                    [
                        [xref("option", option.id, option.title), " ", literal(option.id)],
                        [
                            para(self.value(option.id, choice.value, quoted=False)),
                            *self.prose(value.meaning, classes=["nap-meaning"]),
                        ],
                        self.basis(profile.source, option, choice),
                    ]
                )
            block += table(["Variation point", "Value", "What it rests on"], rows, classes=["nap-variant-choices"])
            node += block
        return node

    def basis(self, source_id: str, option: Option, choice: Any) -> list[nodes.Node]:
        register = self.data.register
        value = option.value(choice.value)
        out: list[nodes.Node] = []
        own = [c for c in value.citations if c.source == source_id]
        out.extend(self.citation(c) for c in own)
        for interp_id in dict.fromkeys(i for i in (choice.interpretation, value.interpretation) if i):
            interp = register.interpretations[interp_id]
            if interp_id != choice.interpretation and choice.interpretation and source_id not in interp.sources:
                continue  # the value's reading of other sources; the choice names its own
            out.append(
                para(
                    strong("Interpretation "),
                    xref("interp", interp.id, literal(interp.id)),
                    f" ({interp.kind}): ",
                    *self.linked(normal(interp.reading)),
                    classes=["nap-basis-interpretation"],
                )
            )
        if choice.note:
            out.extend(self.prose(choice.note, classes=["nap-note"]))
        if not own:
            stance, _values = option.stance(source_id)
            short = register.sources[source_id].short
            if stance == "silent":
                out.append(
                    para(
                        f"{short} is ",
                        xref("optsource", f"{option.id}/{source_id}", "silent"),
                        " on this point.",
                        classes=["nap-note"],
                    )
                )
            elif stance == "lacuna":
                out.append(
                    para(
                        f"{short}'s ",
                        xref("optsource", f"{option.id}/{source_id}", "text is missing"),
                        " on this point.",
                        classes=["nap-note"],
                    )
                )
            else:
                out.append(
                    para(
                        f"{short} ",
                        xref("optsource", f"{option.id}/{source_id}", "says otherwise"),
                        "; the profile departs from it by the interpretation above.",
                        classes=["nap-note"],
                    )
                )
        if not own and not choice.interpretation and not value.interpretation:
            logger.warning(
                "napspec: profile choice %s=%r rests on neither a quotation of %s nor an interpretation",
                option.id,
                choice.value,
                source_id,
                location=self.get_location(),
            )
        return out


#: What a transcription's header may record of the copy's origin: header keys (``|``: either)
#: and, when none of them is there, what is missing in words.
PROVENANCE_GAPS = (
    ("url|address", "no address the copy was taken from"),
    ("retrieved|date", "no date on which it was taken"),
    ("revision|edition-id", "no revision or version of the page copied"),
)


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
        page += para(
            "How it is cited: ",
            "by printed page, e.g. " if source.paged else "by named part, e.g. ",
            literal(source.divisions[0].locator),
            f"; the transcription is spec/sources/{source.file}.",
        )
        page += rubric("Provenance of the transcription")
        page += self.header_fields(source.header)
        page += para(*self.provenance_gaps(source), classes=["nap-provenance-gaps"])
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
        preamble = self.preamble(source)
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
            block.extend(self.with_lacunae(source, division, self.blocks(division.text)))
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
    def provenance_gaps(source: Source) -> list[NodeLike]:
        """What the transcription's header does not record of where the copy came from, said
        plainly (read from the header's fields, so that a header that gains one is believed)."""
        keys = {line.partition(":")[0].strip().lower() for line in source.header.splitlines() if ":" in line}
        gaps = [words for key, words in PROVENANCE_GAPS if not keys & set(key.split("|"))]
        if not gaps:
            return ["The header records where the copy was taken from, when, and which revision."]
        return [
            strong("Not recorded: "),
            f"the header of spec/sources/{source.file} gives ",
            "; ".join(gaps),
            ". The copy cannot be traced further than its header says.",
        ]

    def header_fields(self, header: str) -> nodes.field_list:
        fields = nodes.field_list(classes=["nap-provenance"])
        for line in header.splitlines():
            key, sep, value = line.partition(":")
            if sep and key.strip() and " " not in key.strip():
                field = nodes.field()
                field += nodes.field_name(text=key.strip())
                body = nodes.field_body()
                body += para(value.strip())
                field += body
                fields += field
            elif line.strip() and len(fields):
                last_body = fields.children[-1].children[1]  # the field's body, holding one paragraph
                assert isinstance(last_body, nodes.Element) and isinstance(last_body[0], nodes.Element)
                last_body[0] += nodes.Text(" " + line.strip())
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


# ---------------------------------------------------------------------- status, glossary, bibliography


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
            pages: list[NodeLike] = [" · ", strong("pages "), source.pages] if source.pages else []
            body += para(strong("Published: "), source.published, *pages)
            body += para(strong("Licence: "), source.licence)
            quoted = [c for _f, _o, c in register.citations() if c.source == source.id]
            body += para(
                f"Quoted {len(quoted)} times in the register; the ",
                xref("source", source.id, "transcription"),
                " is published here in full.",
            )
            for copied_id in source.copies:
                copies = [c for c in quoted if c.copies == copied_id]
                copied = register.sources[copied_id]
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
            f"This rulebook and the register it is written from are licensed {licence.replace('-', ' ')} "
            "(share-alike, because they quote and carry the Wikipedia article). "
            f"The sources' texts are under their own terms: {own}.",
            classes=["nap-licences"],
        )


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


DIRECTIVES = {
    "napspec-chapter": ChapterDirective,
    "napspec-conflict-matrix": ConflictMatrixDirective,
    "napspec-variation-points": VariationPointsDirective,
    "napspec-interpretations": InterpretationsDirective,
    "napspec-lacunae": LacunaeDirective,
    "napspec-profile": ProfileDirective,
    "napspec-source": SourceDirective,
    "napspec-glossary": GlossaryDirective,
    "napspec-bibliography": BibliographyDirective,
    "napspec-summary": SummaryDirective,
}
