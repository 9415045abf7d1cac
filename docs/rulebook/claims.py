"""``{napspec-claims}``: the chapter "What the sources claim", written from ``spec/claims.toml``
and the evidence beside it (``spec/claims-evidence.json``): each claim quoted at its place in
the source, its verdict, each reading with its finding, and the evidence laid out (the hands
settled drawn as cards, the odds as exact fractions)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from docutils import nodes

from napspec.spec.claims import Claim, Finding, Reading, verdict

from .directives import NapDirective
from .render import Cell, cards, container, para, section, strong, table, xref

#: The groups of claims, in the chapter's order, with what each group's method is.
KIND_SECTIONS = (
    (
        "certainty",
        "Which hands are certain",
        "Judged by exact search: a hand is sure of a number of tricks when some way of playing it "
        "wins them against every layout of the cards the soloist cannot see and every defence.",
    ),
    (
        "arithmetic",
        "Cards, chances and stakes",
        "Judged by exact arithmetic, in fractions, from the register's numbers (the pack, the cards "
        "each player is dealt, the stakes of each call).",
    ),
    (
        "payments",
        "What the worked examples pay",
        "Judged by the reference engine: a hand is played out under the source's own profile, the "
        "soloist making the call or failing it, and the payments it settles are compared with the text's.",
    ),
    (
        "uncheckable",
        "What no program can judge",
        "Listed with the reason: these are judgements of taste, history or time, not of the rules.",
    ),
)
VERDICT_CLASSES = {
    "true": "nap-verdict-true",
    "false as worded": "nap-verdict-false",
    "true under a stated reading": "nap-verdict-reading",
    "undetermined": "nap-verdict-undetermined",
    "not checkable": "nap-verdict-uncheckable",
}


class ClaimsDirective(NapDirective):
    """``{napspec-claims}``: every claim of the register, grouped by how it is judged."""

    def build(self) -> list[nodes.Node]:
        data = self.data
        claims = data.claims
        findings = data.evidence
        verdicts = {claim.id: verdict(claim, findings.get(claim.id, {})) for claim in claims.values()}
        counts: Counter[str] = Counter(verdicts.values())
        out: list[nodes.Node] = [
            para(
                f"{len(claims)} claims of the four sources, judged: ",
                ", ".join(f"{counts[word]} {word}" for word in VERDICT_CLASSES if counts[word]),
                ". A verdict is “true” when a reading of the plain words holds, “true under a stated "
                "reading” when only an interpretation (labelled as such) holds, “false as worded” when "
                "none does.",
            ),
            table(
                ["Claim", "Source", "Verdict"],
                [
                    [
                        [xref("claim", claim.id, claim.title)],
                        [self.locator_link(claim.citations[0].source, claim.citations[0].locator)],
                        [self.verdict_badge(verdicts[claim.id])],
                    ]
                    for claim in claims.values()
                ],
                classes=["nap-claims-summary"],
            ),
        ]
        for kind, title, method in KIND_SECTIONS:
            members = [claim for claim in claims.values() if claim.kind == kind]
            if not members:
                continue
            group = section(title, ids=[f"claims-{kind}"])
            group += para(method, classes=["nap-method"])
            for claim in members:
                group += self.claim_section(claim, findings.get(claim.id, {}), verdicts[claim.id])
            out.append(group)
        return out

    def verdict_badge(self, word: str) -> nodes.inline:
        return nodes.inline(text=word, classes=["nap-verdict", VERDICT_CLASSES[word]])

    def claim_section(self, claim: Claim, found: Mapping[str, Finding], word: str) -> nodes.section:
        block = section(claim.title, ids=[])
        self.target(block, "claim", claim.id, claim.title)
        block += para(strong("Verdict: "), self.verdict_badge(word))
        for citation in claim.citations:
            block += self.citation(citation)
        if claim.uncheckable_because:
            block += para(strong("Why no program can judge it: "), claim.uncheckable_because)
        for reading in claim.readings:
            block += self.reading_block(reading, found.get(reading.id))
        return block

    def reading_block(self, reading: Reading, finding: Finding | None) -> nodes.container:
        label = "The plain words" if reading.as_worded else "An interpretation"
        block = container(classes=["nap-reading"])
        block += para(strong(f"{label}: "), reading.statement)
        if finding is None:
            block += para("Not yet judged: no evidence is written for this reading.", classes=["nap-note"])
            return block
        block += para(
            strong("Finding: "),
            {True: "holds. ", False: "does not hold. ", None: "undetermined. "}[finding.holds],
            finding.summary,
            classes=["nap-finding"],
        )
        block.extend(self.evidence(reading, finding.evidence))
        return block

    def evidence(self, reading: Reading, evidence: Mapping[str, Any]) -> list[nodes.Node]:
        """The evidence laid out where a table says it better than the sentence."""
        if reading.check == "hand-payments":
            rows: list[list[Cell]] = []
            for hand in evidence.get("hands", ()):
                holdings = hand.get("holdings", {})
                rows.append(
                    [
                        str(hand["call"]),
                        str(hand["outcome"]),
                        [cards(holdings.get(str(hand["soloist"]), "-"))],
                        ", ".join(f"seat {seat}: {amount:+d}" for seat, amount in enumerate(hand["payments"])),
                    ]
                )
            return [table(["Call", "Outcome", "The soloist held", "Payments"], rows, classes=["nap-claim-evidence"])]
        if reading.check == "cards-in-use":
            rows = [[str(t["players"]), str(t["in-use"]), str(t["unexposed"])] for t in evidence.get("tables", ())]
            return [table(["Players", "Cards dealt", "Cards not dealt"], rows, classes=["nap-claim-evidence"])]
        if reading.check == "odds-against-card-out":
            chance, odds = Fraction(evidence["chance"]), Fraction(evidence["odds-against"])
            row: list[Cell] = [
                f"{chance} ≈ {float(chance):.3f}",
                f"{odds.numerator} to {odds.denominator}",
                f"{float(odds):.2f} to 1",
            ]
            return [
                table(["Chance of being out", "Odds against", "As odds to one"], [row], classes=["nap-claim-evidence"])
            ]
        if reading.check == "one-suit-nap-chance":
            rows = []
            for item in evidence.get("rows", ()):
                chance, best = Fraction(item["chance"]), Fraction(item["best-chance"])
                rows.append(
                    [
                        [cards(item["smallest-hand"])],
                        f"{chance} ≈ {float(chance):.3f}",
                        f"{float(best):.3f}",
                        "yes" if item["pays"] else "no",
                    ]
                )
            head = [
                "The smallest hand under its highest card",
                "Chance of making Nap",
                "With the five highest cards from it",
                f"Above {evidence['break-even']}",
            ]
            return [table(head, rows, classes=["nap-claim-evidence"])]
        if reading.check == "trumps-then-aces":
            rows = []
            for item in evidence.get("rows", ()):
                made, four = Fraction(item["made"]), Fraction(item["against-four-trumps"])
                rows.append(
                    [[cards(" ".join(f"{rank}S" for rank in item["high"]) + " AH AD")], f"{float(made):.3f}", str(four)]
                )
            head = ["The hand (spades led as trumps)", "Chance of five tricks", "When an opponent holds four trumps"]
            return [table(head, rows, classes=["nap-claim-evidence"])]
        if reading.check == "one-suit-nap-by-table":
            tables = [str(hands) for hands in evidence["hands-dealt"]]
            rows = [
                [f"{item['highest']}-high", *(f"{float(Fraction(chance)):.3f}" for chance in item["chances"])]
                for item in evidence.get("rows", ())
            ]
            plot = nodes.raw("", one_suit_plot(evidence), format="html")
            caption = para(
                "The chance of making Nap on five cards of one suit, by its highest card, as more hands are dealt; "
                "the dashed line is the break-even of a Nap paid ten and lost at five (one third).",
                classes=["nap-plot-caption"],
            )
            return [
                container(plot, caption, classes=["nap-plot"]),
                table(
                    ["Highest card", *(f"{hands} hands dealt" for hands in tables)],
                    rows,
                    classes=["nap-claim-evidence"],
                ),
            ]
        return []


def one_suit_plot(evidence: Mapping[str, Any]) -> str:
    """An SVG line plot of the chances in ``evidence`` (one line per highest card against the
    hands dealt), drawn by matplotlib the same way at every build (no date, fixed ids)."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    with matplotlib.rc_context({"svg.hashsalt": "napspec", "svg.fonttype": "none", "font.size": 10}):
        figure, axes = pyplot.subplots(figsize=(6, 3.4))
        tables = list(evidence["hands-dealt"])
        for item in evidence["rows"]:
            chances = [float(Fraction(chance)) for chance in item["chances"]]
            axes.plot(tables, chances, marker="o", label=f"{item['highest'].replace('T', '10')} high")
        axes.axhline(1 / 3, linestyle="--", color="grey", linewidth=1)
        axes.set_xticks(tables)
        axes.set_xlabel("hands dealt")
        axes.set_ylabel("chance of making Nap")
        axes.set_ylim(0, 1)
        axes.legend(frameon=False, ncol=2)
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
        pyplot.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


__all__ = ["ClaimsDirective"]
