"""The engines' status, a page a target: the overview (``{napspec-status}``) and one page for
each target the main job certifies (``{napspec-status-target} hoyle+misery``).

With every report on one page the page weighed megabytes and its tables were wider than any
screen (a column a target). The reader now chooses: the overview gives every report's counts
and a compact matrix, rules down and targets across, one mark a cell, each linking to the
cases it counts; a target's page gives that target alone, the engines that were certified on
it side by side, rule by rule down to each case. Reports on a target with no page of its own
(house rules, say) are shown on the page ``other``.

The targets with a page are the register's: each profile, and each profile with each variant
its source gives (:func:`target_pages`), as ``napspec certify --variants each`` certifies them.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes
from sphinx import addnodes

from napspec.spec.register import PROFILE_IDS, Register, Rule

from .data import Column
from .domain import anchor, slug
from .editions import SINGLE, edition
from .render import Cell, NodeLike, bullet_list, literal, para, section, strong, table, xref
from .single import site_link
from .status import StatusDirective, plural

#: The folder of the target pages, beside the overview.
FOLDER = "status"
#: The page of the reports on targets that have no page of their own.
OTHER = "other"


def target_pages(register: Register) -> dict[str, str]:
    """The targets with a page of their own: page name → target, in the profiles' order, each
    profile followed by its variants.

    >>> from napspec import spec
    >>> pages = target_pages(spec.load())
    >>> pages["peel"], pages["hoyle-misery"], len(pages)
    ('peel', 'hoyle+misery', 19)
    """
    pages: dict[str, str] = {}
    for profile_id in PROFILE_IDS:
        pages[profile_id] = profile_id
        for variant in register.profiles[profile_id].variants:
            pages[f"{profile_id}-{variant}"] = f"{profile_id}+{variant}"
    return pages


def doc_link(docname: str, *content: NodeLike) -> addnodes.pending_xref:
    """A link to a page of the rulebook (``docname`` from the source folder, without suffix)."""
    node = addnodes.pending_xref(
        "", refdomain="std", reftype="doc", reftarget=f"/{docname}", refexplicit=True, refwarn=True
    )
    body = nodes.inline(classes=["xref", "std", "std-doc"])
    for item in content:
        body += nodes.Text(item) if isinstance(item, str) else item
    node += body
    return node


def page_of(register: Register, target: str) -> str:
    """The page that shows the reports on ``target``."""
    pages = {name: page for page, name in target_pages(register).items()}
    return f"{FOLDER}/{pages.get(target, OTHER)}"


class StatusOverviewDirective(StatusDirective):
    """``{napspec-status}``: every report's counts, and a matrix of the rules against the
    targets; the rest is on each target's page."""

    def details(self) -> list[nodes.Node]:
        out: list[nodes.Node] = [self.pages_list()]
        if edition(self.env) == SINGLE:
            out.append(self.matrix_on_the_site())
            return out
        matrix = section("Every rule on every target", ["status-matrix"])
        matrix += para(
            "One column a report, one mark a cell: ",
            strong("✓"),
            " every case of the rule passed, ",
            strong("✗ n"),
            " n cases did not pass, ",
            strong("·"),
            " no case of the rule applies to the target, ",
            strong("–"),
            " the rule cannot be tested. Each mark opens on the cases it counts, on the target's page.",
            classes=["nap-status-legend"],
        )
        for chapter in self.data.register.chapters.values():
            matrix += para(strong(chapter.title), classes=["nap-status-matrix-chapter"])
            matrix += self.matrix(self.data.register.rules_of(chapter.id))
        out.append(matrix)
        return out

    def pages_list(self) -> nodes.section:
        """A line a target: its page, and how each engine fares there."""
        register = self.data.register
        on_the_site = edition(self.env) == SINGLE  # the targets' pages are the site's
        node = section(
            "Each target's page, on the site" if on_the_site else "Each target on a page of its own", ["status-targets"]
        )
        items: list[nodes.Node] = []
        for target in self.data.targets():
            columns = [c for c in self.shown_columns() if c.target == target]
            fares: list[NodeLike] = []
            for index, column in enumerate(columns):
                summary = column.report.summary
                words = "certified" if summary.get("certified") else "not certified"
                passed = f"{summary.get('passed', 0)}/{summary.get('applicable', 0)} passed"
                scope = column.report.scope
                judged = f", {scope['judged']} of {scope['rules']} rules judged" if "judged" in scope else ""
                fares += ["; " if index else " — ", f"{column.engine}: {words}, {passed}{judged}"]
            items.append(para(doc_link(page_of(register, target), strong(target)), *fares))
        node += bullet_list(items, classes=["nap-status-pages"])
        return node

    def matrix_on_the_site(self) -> nodes.paragraph:
        """The single page leaves the matrix and each target's page, rule by rule, to the site
        (nineteen tables of the same rules would be a quarter of its weight): it links to them."""
        return para(
            "Every rule on every target, one mark a cell, is on the site's ",
            site_link(FOLDER_OVERVIEW, "status-matrix", "status page"),
            "; each target's page there gives its results rule by rule, down to each case.",
            classes=["nap-status-matrix-elsewhere"],
        )

    def matrix(self, rules: Sequence[Rule]) -> nodes.table:
        columns = self.shown_columns()
        several = len(self.data.engines()) > 1
        header: list[Cell] = ["Rule"]
        for column in columns:
            label = f"{column.target} · {column.engine}" if several else column.target
            header.append([doc_link(page_of(self.data.register, column.target), label)])
        rows: list[list[Cell]] = []
        row_ids: list[list[str]] = []
        cell_classes: list[list[list[str]]] = []
        for rule in rules:
            row: list[Cell] = [[xref("rule", rule.id, rule.title)]]
            classes: list[list[str]] = [[]]
            for column in columns:
                mark, css = self.mark(rule, column)
                counts = self.data.rule_counts(rule.id, column)
                row.append([xref("cases", f"{rule.id}/{column.key}", mark)] if counts else mark)
                classes.append([css])
            rows.append(row)
            cell_classes.append(classes)
            row_ids.append(self.rule_anchor(rule))
        return table(header, rows, classes=["nap-status-matrix"], row_ids=row_ids, cell_classes=cell_classes)

    def mark(self, rule: Rule, column: Column) -> tuple[str, str]:
        """A cell of the matrix: its mark, and the class of the rule tables' cell."""
        counts = self.data.rule_counts(rule.id, column)
        _words, css = self.counts_text(counts)
        if css == "nap-status-none":
            return ("–" if not rule.testable else "·"), css
        if css == "nap-status-na":
            return "·", css
        applicable = sum(n for status, n in counts.items() if status != "not-applicable")
        failing = applicable - counts.get("passed", 0)
        return ("✗ " + str(failing) if failing else "✓"), css


class StatusTargetDirective(StatusDirective):
    """``{napspec-status-target} <target>``: the reports on one target (``other``: on every
    target without a page of its own), rule by rule, down to each case."""

    required_arguments = 1

    @property
    def page(self) -> str:
        return str(self.arguments[0])

    def shown_columns(self) -> list[Column]:
        own = target_pages(self.data.register).values()
        if self.page == OTHER:
            return [c for c in self.data.columns() if c.target not in own]
        return [c for c in self.data.columns() if c.target == self.page]

    def rule_anchor(self, rule: Rule) -> list[str]:
        # the rule's status (the link from its chapter) is its row of the overview's matrix
        return [anchor("status", self.page, rule.id)]

    def chapter_anchor(self, chapter_id: str) -> str:
        return f"status-{slug(self.page)}-chapter-{chapter_id}"

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        own = target_pages(register)
        if self.page != OTHER and self.page not in own.values():
            raise self.error(f"no target {self.page!r} has a page (targets: {', '.join(own.values())}, {OTHER})")
        title = "Other targets" if self.page == OTHER else f"Status on {self.page}"
        page = section(title, [f"status-target-{slug(self.page)}"], classes=["nap-status-target"])
        columns = self.shown_columns()
        if self.page == OTHER:
            page += para(
                "The reports on targets that have no page of their own (house rules, or a profile with "
                "several variants at once), each target in turn.",
                classes=["nap-intro"],
            )
        elif self.page in PROFILE_IDS:
            page += para(
                "The profile ",
                xref("profile", self.page, self.page),
                " as its source plays it, no variant added.",
                classes=["nap-intro"],
            )
        else:
            profile_id, variant = self.page.split("+", 1)
            page += para(
                "The profile ",
                xref("profile", profile_id, profile_id),
                " with the variant ",
                xref("variant", f"{profile_id}/{variant}", variant),
                " its source gives.",
                classes=["nap-intro"],
            )
        page += para(doc_link(FOLDER_OVERVIEW, "Every target"), " (the overview and the matrix of every report).")
        if not columns:
            page += para(
                strong("No report on this target. "),
                "Certify an engine on it (",
                literal("napspec certify --profile all --variants each"),
                " certifies every target of every profile) and build the rulebook again.",
                classes=["nap-no-report"],
            )
            return [page]
        page += para(
            f"{plural(len(columns), 'report')}: ",
            *[item for index, c in enumerate(columns) for item in ((", " if index else ""), strong(c.engine))],
            ".",
            classes=["nap-status-engines"],
        )
        for column in columns:
            scope = column.report.scope
            if scope.get("statement"):
                narrow = f" Too narrow to be a certificate: {scope['too_narrow']}." if scope.get("too_narrow") else ""
                page += para(
                    strong(column.engine),
                    f" — what its certificate covers: {scope['statement']}.{narrow}",
                    classes=["nap-status-scope"],
                )
        page.extend(self.summary())
        page.extend(self.details())
        return [page]


#: The overview's page.
FOLDER_OVERVIEW = "status"

STATUS_DIRECTIVES = {"napspec-status": StatusOverviewDirective, "napspec-status-target": StatusTargetDirective}

__all__ = ["STATUS_DIRECTIVES", "StatusOverviewDirective", "StatusTargetDirective", "page_of", "target_pages"]
