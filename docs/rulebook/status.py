"""The engines' status page (``{napspec-status}``): how each certified engine fares on each
target, rule by rule, and every count opened down to its cases.

Engine authors read it to find what their engine gets wrong: each count of the rule tables
links to the cases it counts (:meth:`StatusDirective.cases_section`), where a case that did not
pass is told in full (what the scenario expects, what the engine did, the words of the source
it enforces) and the passed ones are folded under one line, so that they do not bury the
failures. The data (the reports as :class:`.data.Column` s, their cases, what a case expects
and enforces) is read through :mod:`.data`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.util import logging

from napspec.spec.register import PROFILE_IDS, Rule
from napspec.suite.vocabulary import join

from .data import CERTIFY_COMMAND, STATUSES, Case, Column
from .directives import STATUS_WORDS, NapDirective, quoted_words
from .domain import anchor
from .editions import SINGLE, edition
from .fold import LineWords, fold, folded
from .render import (
    Cell,
    NodeLike,
    bullet_list,
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
from .steps import Context, sentence

logger = logging.getLogger(__name__)


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 case", "3 cases"."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def status_words(status: str) -> str:
    return STATUS_WORDS.get(status, status)


class StatusDirective(NapDirective):
    """``{napspec-status}``: every engine's certification on every target, rule by rule, each
    count opened down to its cases."""

    uses_reports = True

    def build(self) -> list[nodes.Node]:
        data = self.data
        out: list[nodes.Node] = []
        for problem in data.report_problems:
            logger.warning("napspec: %s", problem, location=self.get_location())
        try:
            where = data.certify_dir.relative_to(Path.cwd())
        except ValueError:
            where = data.certify_dir
        if not data.reports:
            out.append(
                para(
                    strong("No certification report is available. "),
                    f"The folder {where} holds no certify-*.json report, so this page cannot say how an engine fares. ",
                    "Produce the reference engine's reports with this command, then build the rulebook again:",
                    classes=["nap-no-report"],
                )
            )
            out.append(nodes.literal_block(CERTIFY_COMMAND, CERTIFY_COMMAND, language="sh"))
            out.extend(self.untested())
            return out

        engines = data.engines()
        out.append(
            para(
                f"From the certification reports in {where} and the folders in it, as written by ",
                literal("napspec certify"),
                " (for the reference engine on every profile: ",
                literal(CERTIFY_COMMAND),
                f"). {plural(len(engines), 'engine')}: ",
                *join([strong(e) for e in engines], ", "),
                ".",
                classes=["nap-status-engines"],
            )
        )
        for engine in engines:
            have = {c.target for c in data.columns() if c.engine == engine}
            missing = [p for p in PROFILE_IDS if p not in have]
            if missing:
                label = "No report for: " if len(engines) == 1 else f"No report of {engine} for: "
                out.append(
                    para(
                        strong(label),
                        ", ".join(missing),
                        ". Certify the engine on every profile to fill the table.",
                        classes=["nap-no-report"],
                    )
                )
        out.extend(self.summary())
        out.extend(self.details())
        return out

    def shown_columns(self) -> list[Column]:
        """The reports this page shows (every one; a target's page shows its own)."""
        return self.data.columns()

    def details(self) -> list[nodes.Node]:
        """Below the summary: the rule tables, the cases not passed and every case, rule by
        rule (on a target's page; the overview shows a matrix of the targets instead)."""
        data = self.data
        out: list[nodes.Node] = []
        for chapter in data.register.chapters.values():
            heading = section(chapter.title, [self.chapter_anchor(chapter.id)])
            heading += self.rule_table(data.register.rules_of(chapter.id))
            out.append(heading)
        failures = self.failures()
        if failures is not None:
            out.append(failures)
        out.append(self.cases_section())
        return out

    def chapter_anchor(self, chapter_id: str) -> str:
        return f"status-chapter-{chapter_id}"

    def rule_anchor(self, rule: Rule) -> list[str]:
        """The anchor of a rule's row of the rule tables, registered as the rule's status."""
        status_id = anchor("status", rule.id)
        self.domain.note("status", rule.id, status_id, f"Status of {rule.title}")
        return [status_id]

    # ------------------------------------------------------------------ the tables

    def column_head(self, column: Column) -> list[nodes.paragraph]:
        """A column's head: its target (linked to the profile) above its engine."""
        register = self.data.register
        target: NodeLike = (
            xref("profile", column.target, column.target) if column.target in register.profiles else column.target
        )
        return [para(target, classes=["nap-column-target"]), para(column.engine, classes=["nap-column-engine"])]

    def rule_label(self, rule: Rule) -> list[NodeLike]:
        """A rule as the chapters name it: its title, linked, its id small beside it."""
        return [xref("rule", rule.id, rule.title), " ", literal(rule.id)]

    def summary(self) -> list[nodes.Node]:
        """One row per engine and target: the report's counts, and how many times its cases
        are counted in the rule tables."""
        data = self.data
        rows: list[list[Cell]] = []
        for column in self.shown_columns():
            report = column.report
            fresh = data.fresh(report)
            state = "current" if fresh else ("out of date" if fresh is False else "unknown")
            rows.append(
                [
                    self.column_head(column)[0],
                    column.engine,
                    report.started[:16].replace("T", " "),
                    self.case_counts(report.summary),
                    "yes" if report.summary.get("certified") else "no",
                    state,
                    str(data.counted_under_rules(column)),
                ]
            )
        header = ["Target", "Engine", "Run (UTC)", "Cases", "Certified", "Suite", "Counted under rules"]
        # the single page leaves the rule tables to the site's pages (.status_pages)
        tables = "the site's rule tables" if edition(self.env) == SINGLE else "the rule tables below"
        return [
            table(header, rows, classes=["nap-status-summary"]),
            para(
                "A case is one scenario, or one row of a scenario's examples, run on one target. A case is "
                f"counted under every rule it tests, so {tables} count more than there are cases: "
                "the last column says how many times a report's applicable cases are counted there (its "
                "column of the rule tables adds up to that number of cases, passed or not). The suite is "
                "current when the register and the scenarios are those the report was made with, out of "
                "date when they changed since.",
                classes=["nap-status-counting"],
            ),
        ]

    @staticmethod
    def case_counts(summary: dict[str, Any]) -> str:
        """A report's cases by status, in words, the statuses no case has left out (seven
        columns of mostly noughts would not fit a screen): "160 passed · 12 not applicable"."""
        counts = [f"{summary.get(s, 0)} {status_words(s)}" for s in STATUSES if summary.get(s, 0)]
        return " · ".join(counts) or "no case"

    def rule_table(self, rules: list[Rule]) -> nodes.table:
        """The rules of a chapter, a column for each engine and target; each count links to the
        cases it counts."""
        data = self.data
        columns = self.shown_columns()
        rows: list[list[Any]] = []
        row_ids: list[list[str]] = []
        cell_classes: list[list[list[str]]] = []
        for rule in rules:
            row: list[Any] = [self.rule_label(rule)]
            classes: list[list[str]] = [[]]
            for column in columns:
                counts = data.rule_counts(rule.id, column)
                words, css = self.counts_text(counts)
                if not rule.testable and css == "nap-status-none":
                    words = ["not testable"]
                if counts:
                    words = [xref("cases", f"{rule.id}/{column.key}", *words)]
                verdict = column.report.rules.get(rule.id)
                if verdict is not None:
                    words = [*words, f" ({self.verdict_words(verdict)})"]
                row.append(words)
                classes.append([css])
            rows.append(row)
            cell_classes.append(classes)
            row_ids.append(self.rule_anchor(rule))
        header: list[Cell] = ["Rule", *[self.column_head(c) for c in columns]]
        return table(header, rows, classes=["nap-status"], row_ids=row_ids, cell_classes=cell_classes)

    @staticmethod
    def verdict_words(verdict: dict[str, Any]) -> str:
        """The rule's verdict for the engine, from its report: "rule failed", "not judged for
        this engine: table size ..."."""
        if verdict.get("verdict") == "not-judged":
            return f"not judged for this engine: {verdict.get('why', '')}"
        return f"rule {verdict.get('verdict', '?')}"

    def failures(self) -> nodes.section | None:
        """Every case not passed, of every engine on every target, in one list: each linked to
        its scenario and to where its rules' cases are told in full."""
        data = self.data
        rules = data.register.rules
        failed = [
            (column, case)
            for column in self.shown_columns()
            for case in column.report.cases
            if case.applicable and not case.passed
        ]
        if not failed:
            return None
        node = section(f"Cases not passed ({len(failed)})", ["status-failures"])
        rows: list[list[Cell]] = []
        for column, case in failed:
            details = [xref("cases", f"{rule}/{column.key}", rules[rule].title) for rule in case.rules if rule in rules]
            rows.append(
                [
                    [column.target, " · ", column.engine],
                    self.case_name(case),
                    status_words(case.status),
                    case.message or "—",
                    join(details, ", ") if details else "—",
                ]
            )
        node += table(
            ["Target and engine", "Case", "Status", "What the engine did", "In full, under"],
            rows,
            classes=["nap-failures"],
        )
        return node

    # ------------------------------------------------------------------ the cases

    def cases_section(self) -> nodes.section:
        """Every rule's cases under every engine and target, as the counts of the rule tables
        count them: a rule with a case not passed is shown open, the others folded."""
        data = self.data
        node = section("The cases, rule by rule", ["status-cases"])
        node += para(
            "Each count of the tables above opens here, on the cases it counts. A case not passed is told in "
            "full: what its scenario expects, what the engine did, and the words of the source it enforces. "
            "The passed and the not applicable cases are folded under one line each.",
        )
        for chapter in data.register.chapters.values():
            blocks = [block for rule in data.register.rules_of(chapter.id) if (block := self.rule_cases(rule))]
            if blocks:
                node += rubric(chapter.title, classes=["nap-status-chapter"])
                node.extend(blocks)
        return node

    def rule_cases(self, rule: Rule) -> folded | None:
        data = self.data
        found = [(column, data.rule_cases(rule.id, column)) for column in self.shown_columns()]
        found = [(column, cases) for column, cases in found if cases]
        if not found:
            return None
        applicable = [case for _column, cases in found for case in cases if case.applicable]
        not_passed = sum(1 for case in applicable if not case.passed)
        reports = plural(len(found), "report")
        if not_passed:
            state = f"{plural(not_passed, 'case')} not passed, of {len(applicable)} in {reports}"
        elif len(applicable) == 1:
            state = f"1 case, passed, in {reports}"
        elif applicable:
            state = f"{len(applicable)} cases, all passed, in {reports}"
        else:
            state = f"no applicable case, in {reports}"
        line: list[LineWords] = [
            inline(rule.title, classes=["nap-status-rule-title"]),
            " ",
            literal(rule.id),
            " — ",
            inline(state, classes=["nap-status-fail" if not_passed else "nap-status-ok"]),
        ]
        block = fold(line, classes=["nap-status-rule"], opened=bool(not_passed))
        for column, cases in found:
            block += self.column_cases(rule, column, cases)
        return block

    def column_cases(self, rule: Rule, column: Column, cases: list[Case]) -> nodes.container:
        """One engine's cases of a rule on one target: the cases not passed in full, the others
        folded."""
        box = container(classes=["nap-status-cases"])
        self.target(box, "cases", f"{rule.id}/{column.key}", f"{column.engine} on {column.target}: {rule.title}")
        words, css = self.counts_text(self.data.rule_counts(rule.id, column))
        box += para(
            strong(column.target), " · ", column.engine, ": ", inline(*words, classes=[css]), classes=["nap-cases-head"]
        )
        for case in cases:
            if case.applicable and not case.passed:
                box += self.case_block(case, column)
        for status, label in (("passed", "passed"), ("not-applicable", "not applicable")):
            these = [case for case in cases if case.status == status]
            if these:
                folded_list = fold([f"{plural(len(these), 'case')} {label}"], classes=["nap-cases-folded"])
                folded_list += bullet_list([self.case_name(case) for case in these], classes=["nap-case-list"])
                box += folded_list
        return box

    def case_name(self, case: Case) -> list[NodeLike]:
        """A case named by its scenario's title (linked to the scenario in the rulebook) and
        its row of the examples."""
        data = self.data
        scenario = data.scenario(case.scenario)
        name: list[NodeLike]
        if scenario is not None and data.home_rule(scenario):
            name = [xref("scenario", scenario.id, scenario.name)]
        else:
            name = [scenario.name if scenario else case.id]
        if case.example:
            row = ", ".join(f"{key} {value}" for key, value in case.example.items())
            name += [" ", inline(f"({row})", classes=["nap-case-example"])]
        return name

    def case_block(self, case: Case, column: Column) -> nodes.container:
        """A case not passed: its scenario, its status, what it expects, what the engine did
        and the words it enforces."""
        data = self.data
        block = container(classes=["nap-case", f"nap-case-{case.status}"])
        block += para(
            *self.case_name(case),
            " — ",
            strong(status_words(case.status)),
            classes=["nap-case-name"],
        )
        expected = container(classes=["nap-case-expected"])
        expected += para(strong("Expected:"), classes=["nap-case-label"])
        context = Context()
        scenario = data.scenario(case.scenario)
        steps = [s.rendered(case.example) for s in data.steps.get(case.scenario, ())] if scenario else []
        shown = False
        for step in steps:
            told = sentence(step, context)  # every step, for what later sentences refer to
            if step.keyword == "Then":
                expected.extend(told)
                shown = True
        if not shown:
            expected += para("the scenario states no outcome", classes=["nap-silent"])
        block += expected
        block += para(
            strong("What the engine did: "),
            case.message or "the report gives no message",
            classes=["nap-case-message"],
        )
        quote, citations = data.enforced(case, column)
        enforced = container(classes=["nap-case-enforced"])
        enforced += para(strong("The words it enforces:"), classes=["nap-case-label"])
        if quote:
            enforced += para(*quoted_words(" ".join(quote.split())), classes=["nap-quote"])
        for citation in citations:
            enforced += self.citation(citation)
        if not quote and not citations:
            enforced += para("no quotation of its rules from this target's source", classes=["nap-silent"])
        block += enforced
        return block

    # ------------------------------------------------------------------ no report

    def untested(self) -> list[nodes.Node]:
        register = self.data.register
        rows: list[list[Cell]] = []
        for rule in register.rules.values():
            count = len(self.data.scenarios_of(rule.id))
            rows.append([self.rule_label(rule), str(count) if rule.testable else "not testable"])
        section_node = section("Scenarios per rule", ["status-scenarios-per-rule"])
        section_node += para(
            "Without a report, this is what the suite holds for each rule: the number of scenarios that test it."
        )
        section_node += table(["Rule", "Scenarios"], rows, classes=["nap-status"])
        return [section_node]
