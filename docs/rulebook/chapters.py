"""The chapters of the rules: ``{napspec-chapter}`` writes a chapter's page, each rule with
the sources' words beside it, what each profile plays, and the scenarios that test it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from docutils import nodes

from napspec.spec.register import Rule
from napspec.suite.replay import REPLAYS_FILE
from napspec.suite.vocabulary import join

from .book_rules import PrintedRule
from .directives import normal, quoted_words
from .editions import BOOK, edition, shows_certification
from .fold import LineWords, fold, folded
from .render import (
    Cell,
    NodeLike,
    bullet_list,
    cell_value,
    container,
    inline,
    literal,
    para,
    rubric,
    section,
    strong,
    table,
    xref,
)
from .replay_pages import replay_node
from .steps import Context, sentence
from .text import variant_name


class ChapterDirective(PrintedRule):
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
        if edition(self.env) == BOOK:
            page.extend(self.prose(chapter.intro, classes=["nap-intro"]))
            page.extend(self.printed_rule(rule) for rule in register.rules_of(chapter.id))
            return [page]
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
        line: list[LineWords] = [
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
        record = data.certify_dir / REPLAYS_FILE
        if record.is_file():
            self.env.note_dependency(str(record))
        block += replay_node(scenario.id, block["ids"][0], data.certify_dir)
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
