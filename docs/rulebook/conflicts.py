"""Where the sources part: the directives of the page of conflicts, the matrix of every variation
point against the sources, each point with its values and each source's words, the labelled
interpretations by kind, and the lacunae of the copies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from docutils import nodes

from napspec.spec.errors import LocatorError
from napspec.spec.register import INTERPRETATION_KINDS, Interpretation, Option, OptionValueType, value_id
from napspec.spec.transcriptions import Source
from napspec.suite.vocabulary import join

from .directives import NapDirective, normal
from .domain import anchor
from .editions import BOOK, edition
from .fold import fold
from .render import Cell, NodeLike, inline, literal, para, section, strong, table, xref
from .text import disputed, same, variant_name

KIND_TITLES = {
    "silent": "Where a source is silent",
    "ambiguous": "Where a source is ambiguous",
    "contradiction": "Where a source contradicts itself",
    "lacuna": "Where a source's text is missing",
}
KIND_INTROS = {
    "silent": "The source says nothing on the point, and a game must still be played.",
    "ambiguous": "The source's words bear more than one reading.",
    "contradiction": "Two passages of the same source say different things.",
    "lacuna": (
        "The words that would settle the point are not in the copy: the transcription lacks them, or breaks off "
        "before the part of the work that may hold them. What the source itself says there is unknown."
    ),
}


class ConflictMatrixDirective(NapDirective):
    """``{napspec-conflict-matrix}``: every variation point against the four sources.

    A row whose profiles play different values is marked in words (not by colour alone); a value
    that a source's words bear on only through a labelled interpretation is shown as inferred,
    apart from the values the source states; every profile's pick is in its source's cell unless
    it is the one value the source states outright."""

    def build(self) -> list[nodes.Node]:
        if edition(self.env) == BOOK:
            return [self.printed_matrix()]
        return self.matrix()

    def printed_matrix(self) -> nodes.table:
        """The book's matrix: a point a row, a source a column, each cell what the source says
        in a few words (the values it states, or that it is silent or its text missing); the
        point's title leads to its section, where every value and every game's choice stand."""
        register = self.data.register
        rows: list[list[Cell]] = []
        for option in register.options.values():
            row: list[Cell] = [[xref("option", option.id, option.title)]]
            for sid in register.sources:
                stance, values = option.stance(sid)
                if stance == "cited":
                    row.append([" or ".join(option.phrase(value) for value in values)])
                else:
                    row.append([{"silent": "silent", "lacuna": "text missing"}.get(stance, "unaccounted")])
            rows.append(row)
        header: list[Cell] = ["Variation point", *[source.short for source in register.sources.values()]]
        return table(header, rows, classes=["nap-matrix", "nap-printed-matrix"])

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
        in_book = edition(self.env) == BOOK
        return [self.option_section(option, sources=not in_book) for option in self.data.register.options.values()]

    def option_section(self, option: Option, sources: bool = True) -> nodes.section:
        """A variation point: its question, its values and who plays each, and, unless
        ``sources`` is false (the book, which prints the sources' words under the rules), each
        source's words on it."""
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

        if not sources:
            for sid, source in register.sources.items():
                cell_id = anchor("optsource", option.id, sid)
                node["ids"].append(cell_id)
                self.domain.note("optsource", f"{option.id}/{sid}", cell_id, f"{source.short} on {option.title}")
            return node
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

    def question_block(self, interp: Interpretation) -> nodes.Element:
        """An interpretation's block, begun with its question: folded under it, or in the book,
        which folds nothing, the question a paragraph, the ids it names linked (and so numbered)
        as everywhere else (a fold's line holds no link: :mod:`.fold`)."""
        classes = ["nap-interpretation", f"nap-kind-{interp.kind}"]
        if edition(self.env) != BOOK:
            return fold([self.said(interp.question)], classes=classes)
        block = nodes.container(classes=classes)
        block += para(*self.linked(normal(interp.question)), classes=["nap-fold-summary"])
        return block

    def entry(self, interp: Interpretation) -> nodes.Element:
        """One interpretation, folded under its question (a link to it opens it): the page holds
        every one of them, and their reasons in full would bury the questions."""
        register = self.data.register
        block = self.question_block(interp)
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
                    option_title = register.options[choice.option].title
                    users.append(xref("choice", f"{profile.id}/{choice.option}", f"{profile.title}: {option_title}"))
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
