"""``{napspec-claims}``: the chapter "What the sources claim", written from ``spec/claims.toml``
and the evidence beside it (``spec/claims-evidence.json``): each claim quoted at its place in
the source, its verdict, each reading with its finding, and the evidence laid out (the hands
settled drawn as cards, the odds as exact fractions)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from docutils import nodes

from napspec.spec.claims import Claim, Finding, Reading, verdict
from napspec.spec.register import Register
from napspec.suite.vocabulary import Context

from .book_claims import FRACTION_SHOWN_UP_TO, carded, one_in, printed_finding
from .book_deals import seat_name
from .claims_plots import estimates_figure, one_suit_plot
from .claims_words import (
    RANK_WORDS,
    call_words,
    game_words,
    hand_words,
    lab_names_in_words,
    sample_words,
    seat_order,
    seat_words,
    style_words,
)
from .directives import NapDirective, normal
from .editions import BOOK, edition
from .render import Cell, NodeLike, bullet_list, cards, container, literal, para, section, strong, table, xref

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
        "Judged by play: a hand is played out under the source's own rules, the "
        "soloist making the call or failing it, and the payments it settles are compared with the text's.",
    ),
    (
        "simulation",
        "Play and policy, by simulation",
        "Judged from seeded samples of hands dealt at random and played out under the rules, "
        "every seat an agent stated in full (the plain agent values its hand by playing out random "
        "layouts of the cards it cannot see, and makes the call whose expected gain is highest). "
        "Every figure has its 95% confidence interval and sample size; a reading holds when the "
        "interval lies wholly on the side the text asserts. Each reading states the effect that would "
        "matter (its smallest interesting difference, in its own unit, with the reason) and a cap: its "
        "sample is drawn until every interval its verdict rests on is narrower than that effect. Then an "
        "interval that still straddles the line shows the effect “too small to matter”; a sample that "
        "meets its cap first is “not shown”, with the interval found. Every reading of these claims is "
        "an interpretation: it names the agents it rests on.",
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
    "false under every stated reading": "nap-verdict-false",
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
                "none does; a claim that only interpretations can read (a simulation's, say) is "
                "“false under every stated reading” when none of them holds.",
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
            if kind == "certainty" and self.data.sweeps:
                group += self.sweeps_section(self.data.sweeps)
            for claim in members:
                group += self.claim_section(claim, findings.get(claim.id, {}), verdicts[claim.id])
            out.append(group)
        return out

    def sweeps_section(self, sweeps: Mapping[str, Any]) -> nodes.section:
        """Every number of hands a source's game deals, with what the sweeps of every hand stored
        for it settled, and the sweeps themselves: a size not swept, a number of tricks no sweep
        asked, or hands a sweep left open, are shown as such, never counted."""
        block = section("Every hand, at every table", ids=["claims-sweeps"])
        block += para(
            "The claims below are judged from sweeps: every five-card hand, up to the names of the "
            "suits (134,459 hands standing for the 2,598,960 of the pack), asked by exact search how "
            "many tricks it is sure of, with that many hands dealt. A sweep asks five, then four and "
            "three, and two if it goes that far; a hand that holds an ace is sure of one (led, it is "
            "the top trump). A column counts the hands sure of its number of tricks or more, up to the "
            "suits' names, with the hands of the pack they stand for in brackets, from the sweep that "
            "leaves fewest hands open on that number. A table size no sweep has covered, a number of "
            "tricks no sweep asked there, or hands a search left open, are said to be so: what is not "
            "settled is not counted."
        )
        register = self.data.register
        ordered = sorted(sweeps.items(), key=lambda item: int(item[0]))
        rows: list[list[Cell]] = []
        for size, entry in ordered:
            games: list[NodeLike] = []
            for index, profile in enumerate(entry["games"]):
                title = register.profiles[profile].title if profile in register.profiles else profile
                games += [", "] * bool(index) + [xref("profile", profile, title)]
            rows.append([f"{size} hands", games, *(sweep_cell(entry, count) for count in SWEEP_TRICKS)])
        block += table(
            ["Hands dealt", "Games that deal them", *(f"Sure of {word}" for word in SWEEP_TRICKS.values())],
            rows,
            classes=["nap-claim-evidence", "nap-sweeps"],
        )
        judged = {
            int(size)
            for claim in self.data.claims.values()
            if claim.kind == "certainty"
            for reading in claim.readings
            for size in as_sizes(reading.given.get("hands-dealt", ()))
        }
        beyond = beyond_the_claims(sweeps, judged)
        if beyond:
            block += para(beyond)
        in_book = edition(self.env) == BOOK
        runs: list[list[Cell]] = [
            [f"{size} hands", *([] if in_book else [[literal(run["file"])]]),  # a file: the site's
             tricks_asked(run["floor"], run.get("known_from"), in_book), f"{run['open']:,}",
             sweep_time(run["seconds"], run["search"])]
            for size, entry in ordered
            for run in entry["runs"]
        ]  # fmt: skip
        block += para(
            "The sweeps stored with the project, each with the numbers of tricks it asks "
            "of every hand (a sweep built on another takes that one's answers, and asks the fewer "
            "tricks only of the hands that one found not sure of the fewest it asked), the "
            "hands it left open on a question it asks, and the time "
            "of its search on one core: its first pass, then each pass that asked again, with more "
            "nodes, what the one before left open. Each time names the revisions of the search that "
            "ran it: each revision keeps the shortcuts of those before it and adds its own, and "
            "changes how long a question takes, and so what a budget of nodes leaves open, never an "
            "answer."
        )
        head = ["Hands dealt", *([] if in_book else ["Sweep"]), "Tricks asked", "Left open", "Time, one core"]
        block += table(head, runs, classes=["nap-claim-evidence", "nap-sweeps"])
        # what each revision of the search does, less the name of the function that does it
        meanings = {int(n): re.sub(r" \([a-z]+(?:_[a-z]+)+\)", "", words) for _, entry in ordered
                    for run in entry["runs"] for n, words in run["search"]["meaning"].items()}  # fmt: skip
        block += bullet_list([[f"Search {n}: {meanings[n]}."] for n in sorted(meanings)])
        return block

    def verdict_badge(self, word: str) -> nodes.inline:
        return nodes.inline(text=word, classes=["nap-verdict", VERDICT_CLASSES[word]])

    def claim_section(self, claim: Claim, found: Mapping[str, Finding], word: str) -> nodes.section:
        block = section(claim.title, ids=[])
        self.target(block, "claim", claim.id, claim.title)
        block += para(strong("Verdict: "), self.verdict_badge(word))
        for citation in claim.citations:
            block += self.citation(citation)
        if claim.uncheckable_because:
            block += para(strong("Why no program can judge it: "), *self.linked(normal(claim.uncheckable_because)))
        for reading in claim.readings:
            block += self.reading_block(reading, found.get(reading.id), claim.kind)
        return block

    def reading_block(self, reading: Reading, finding: Finding | None, kind: str) -> nodes.container:
        label = "The plain words" if reading.as_worded else "An interpretation"
        block = container(classes=["nap-reading"])
        # the register may open a reading with its own label: the page's stands for it, and
        # where the label begins a sentence of the register's ("Interpretation of …") reads on
        statement = re.sub(r"^(Interpretation|The plain words)[:,]\s*", "", normal(reading.statement))
        lead = f"{label}: "
        if not reading.as_worded and statement.startswith("Interpretation "):
            lead, statement = f"{label} ", statement.removeprefix("Interpretation ")
        block += para(strong(lead), *self.linked(statement))
        if finding is None:
            block += para("Not yet judged: no evidence is written for this reading.", classes=["nap-note"])
            return block
        # the finding in a reader's words in every edition: no name of the lab's, no card's code
        said = printed_finding(self, self.data.register, reading, finding)
        if finding_words(finding) and isinstance(said[0], str):
            said[0] = said[0][:1].upper() + said[0][1:]
        block += para(strong("Finding: "), finding_words(finding), *said, classes=["nap-finding"])
        block.extend(self.evidence(reading, finding.evidence, kind))
        return block

    def evidence(self, reading: Reading, evidence: Mapping[str, Any], kind: str) -> list[nodes.Node]:
        """The evidence laid out where a table says it better than the sentence."""
        if kind == "simulation":
            return simulated_evidence(self.data.register, reading.check, evidence)
        if reading.check == "hand-payments":
            rows: list[list[Cell]] = []
            for hand in evidence.get("hands", ()):
                holdings = hand.get("holdings", {})
                table_of = Context(dealer="0", players=str(len(hand["payments"])))  # the lab deals from seat 0
                rows.append(
                    [
                        call_words(str(hand["call"])),
                        str(hand["outcome"]),
                        [cards(holdings.get(str(hand["soloist"]), "-"))],
                        ", ".join(
                            f"{seat_name(seat, table_of, article=False)} {amount:+d}"
                            for seat, amount in enumerate(hand["payments"])
                        ),
                    ]
                )
            return [table(["Call", "Outcome", "The soloist held", "Payments"], rows, classes=["nap-claim-evidence"])]
        if reading.check == "cards-in-use":
            rows = [[str(t["players"]), str(t["in-use"]), str(t["unexposed"])] for t in evidence.get("tables", ())]
            return [table(["Players", "Cards dealt", "Cards not dealt"], rows, classes=["nap-claim-evidence"])]
        if reading.check == "odds-against-card-out":
            probability, odds = Fraction(evidence["chance"]), Fraction(evidence["odds-against"])
            row: list[Cell] = [
                chance(probability),
                f"{odds.numerator:,} to {odds.denominator:,}",
                f"{float(odds):.2f} to 1",
            ]
            return [
                table(["Chance of being out", "Odds against", "As odds to one"], [row], classes=["nap-claim-evidence"])
            ]
        if reading.check == "one-suit-nap-chance":
            rows = []
            for item in evidence.get("rows", ()):
                making, best = Fraction(item["chance"]), Fraction(item["best-chance"])
                rows.append(
                    [
                        [cards(item["smallest-hand"])],
                        chance(making),
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
                    [
                        [cards(" ".join(f"{rank}S" for rank in item["high"]) + " AH AD")],
                        f"{float(made):.3f}",
                        chance(four),
                    ]
                )
            head = ["The hand (spades led as trumps)", "Chance of five tricks", "When an opponent holds four trumps"]
            return [table(head, rows, classes=["nap-claim-evidence"])]
        if reading.check == "trump-leads-beaten-only-by":
            rows = [
                [
                    hands,
                    f"{item['layouts']:,}",
                    f"{float(Fraction(item['beaten'])):.3f}",
                    f"{float(Fraction(item['named-with-a-smaller'])):.3f}",
                    f"{item['differing-layouts']:,}",
                ]
                for hands, item in evidence.get("tables", {}).items()
            ]
            head = [
                "Hands dealt",
                "Layouts of the other trumps",
                "Chance a lead is beaten",
                "Chance of the named trump with a smaller one",
                "Layouts where the two differ",
            ]
            return [table(head, rows, classes=["nap-claim-evidence"])]
        if reading.check == "trump-leads-chance":
            rows = [[str(item["hands-dealt"]), chance(Fraction(item["chance"]))] for item in evidence.get("rows", ())]
            return [table(["Hands dealt", "Chance every lead wins"], rows, classes=["nap-claim-evidence"])]
        if reading.check == "purchase-pack":
            rows = [
                [
                    str(item["players"]),
                    str(item["dealt"]),
                    str(item["bought"]),
                    f"{item['dealt'] + item['bought']} of {item['pack']}",
                    "yes" if item["serves"] else "no",
                    ", ".join(map(str, item["engine-bought"])),
                ]
                for item in evidence.get("tables", ())
            ]
            head = [
                "Players",
                "Cards dealt",
                "Bought at most",
                "Cards needed",
                "The pack serves them",
                "Served, buyer by buyer",
            ]
            return [table(head, rows, classes=["nap-claim-evidence"])]
        if reading.check == "one-suit-nap-by-table":
            tables = [str(hands) for hands in evidence["hands-dealt"]]
            rows = [
                [f"{RANK_WORDS[item['highest']]}-high", *(f"{float(Fraction(c)):.3f}" for c in item["chances"])]
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
        if reading.check in CERTAINTY_BY_SIZE and isinstance(evidence.get("tables"), Mapping):
            rows = [
                [
                    f"{size} hands",
                    f"not yet settled at {size} hands" if item["finding"] == NOT_SETTLED else str(item["finding"]),
                    carded(certainty_detail(reading.check, item)),
                ]
                for size, item in evidence["tables"].items()
            ]
            return [table(["Hands dealt", "Finding", "What the search found"], rows, classes=["nap-claim-evidence"])]
        return []


#: The numbers of tricks a sweep asks, as the overview of the sweeps names them.
SWEEP_TRICKS = {"5": "five", "4": "four", "3": "three", "2": "two"}


def tricks_asked(floor: int, known_from: Mapping[str, Any] | None = None, by_what: bool = False) -> str:
    """The numbers of tricks a sweep down to ``floor`` asks of every hand; for a sweep built on
    another (``known_from``: its file and floor), those it asks and those it took from that one,
    named by its file or, ``by_what``, by what it asks (the book names no file).

    >>> tricks_asked(2), tricks_asked(5)
    ('five to two', 'five only')
    >>> tricks_asked(2, {"file": "sweep-7-floor3.json", "floor": 3})
    'two; five to three from sweep-7-floor3.json'
    >>> tricks_asked(3, {"file": "sweep-8-floor5.json", "floor": 5}, by_what=True)
    'four and three; five from the sweep of five only'
    """
    if known_from is None:
        return "five only" if floor >= 5 else f"five to {SWEEP_TRICKS[str(floor)]}"
    above = int(known_from["floor"])
    source = f"the sweep of {tricks_asked(above)}" if by_what else known_from["file"]
    return f"{_tricks_from(above - 1, floor)}; {_tricks_from(5, above)} from {source}"


def as_sizes(given: int | Sequence[int]) -> list[int]:
    """A reading's ``hands-dealt``, one number or a list, as a list.

    >>> as_sizes(4), as_sizes([2, 3])
    ([4], [2, 3])
    """
    return [given] if isinstance(given, int) else list(given)


def beyond_the_claims(sweeps: Mapping[str, Any], judged: set[int]) -> str:
    """What the stored sweeps settle and leave open at the table sizes no certainty claim is
    judged at, where they leave a number of tricks open or unasked, in plain words ("" where
    there is none): the sweeps there are what is known, and no claim needs more.

    >>> sweeps = {"4": {"runs": [{}], "tricks": {n: {"hands": 1, "deals": 4, "open": 0} for n in "5432"}},
    ...           "9": {"runs": [{}], "tricks": {"5": {"hands": 1, "deals": 4, "open": 0},
    ...                                      "3": {"hands": 416, "deals": 5304, "open": 4313}}}}
    >>> print(beyond_the_claims(sweeps, {2, 3, 4, 5}))  # doctest: +NORMALIZE_WHITESPACE
    No claim is judged at 9 hands dealt, and the sweeps stored there are all that is known of it: at 9 hands,
    five is settled (1 hand is sure of five, 4 of the pack); 416 hands are sure of three or more (5,304 of the
    pack) and 4,313 are left open on three; four and two are not asked. What is left open or not asked there is
    not settled, and no claim of the sources turns on it.
    >>> beyond_the_claims(sweeps, {4, 9})
    ''
    """
    sizes = []
    for size, entry in sorted(sweeps.items(), key=lambda item: int(item[0])):
        found = entry["tricks"]
        if int(size) in judged or all(found.get(n, {"open": 1})["open"] == 0 for n in SWEEP_TRICKS):
            continue
        parts = []
        for count, word in SWEEP_TRICKS.items():
            if count not in found:
                continue
            hands, deals, left_open = found[count]["hands"], found[count]["deals"], found[count]["open"]
            sure = (
                f"{hands:,} hand{'s are' if hands != 1 else ' is'} sure of {word}{' or more' if count != '5' else ''}"
            )
            if left_open:
                parts.append(f"{sure} ({deals:,} of the pack) and {left_open:,} are left open on {word}")
            else:
                parts.append(f"{word} is settled ({sure}, {deals:,} of the pack)")
        unasked = [word for count, word in SWEEP_TRICKS.items() if count not in found]
        if unasked:
            parts.append(f"{_words(unasked)} {'is' if len(unasked) == 1 else 'are'} not asked")
        sizes.append((size, f"at {size} hands, " + "; ".join(parts)))
    if not sizes:
        return ""
    return (
        f"No claim is judged at {_words([size for size, _ in sizes])} hands dealt, and the sweeps stored there are "
        f"all that is known of it: {'; '.join(words for _, words in sizes)}. What is left open or not asked there is "
        "not settled, and no claim of the sources turns on it."
    )


def _words(items: Sequence[str]) -> str:
    """``["8", "9", "10"]`` as "8, 9 and 10"."""
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else items[0]


def _tricks_from(most: int, least: int) -> str:
    """Numbers of tricks from ``most`` down to ``least``, in words."""
    words = [SWEEP_TRICKS[str(n)] for n in range(most, least - 1, -1)]
    if len(words) <= 2:
        return " and ".join(words)
    return f"{words[0]} to {words[-1]}"


def sweep_cell(entry: Mapping[str, Any], count: str) -> str:
    """What the sweeps of one table size (an entry of the evidence's ``sweeps``) settled on
    ``count`` tricks: the count, "not asked" when its sweeps did not ask it, "not swept" when
    there is no sweep of the size.

    >>> sweep_cell({"runs": [{}], "tricks": {"5": {"hands": 1, "deals": 4, "open": 0}}}, "5")
    '1 (4)'
    >>> sweep_cell({"runs": [{}], "tricks": {"5": {"hands": 1, "deals": 4, "open": 0}}}, "3")
    'not asked'
    >>> sweep_cell({"runs": [], "tricks": {}}, "5")
    'not swept'
    """
    if count in entry["tricks"]:
        return settled_count(entry["tricks"][count])
    return "not asked" if entry["runs"] else "not swept"


def settled_count(found: Mapping[str, int]) -> str:
    """The hands sure of a number of tricks, up to the suits' names and in the pack, with the
    hands the search left open on it.

    >>> settled_count({"hands": 26, "deals": 208, "open": 0})
    '26 (208)'
    >>> settled_count({"hands": 306, "deals": 3912, "open": 1046})
    '306 (3,912); 1,046 left open'
    """
    shown = f"{found['hands']:,} ({found['deals']:,})"
    return shown + (f"; {found['open']:,} left open" if found.get("open") else "")


def sweep_time(seconds: Mapping[str, Any], search: Mapping[str, Any] | None = None) -> str:
    """A sweep's time on one core: its first pass (with the share of its hands the time covers
    when a run was resumed from work not timed), then each later pass; with ``search``, each
    with the revisions of the search that ran it.

    >>> sweep_time({"first_pass": 411.8, "first_pass_share_timed": 0.965, "later_passes": [321.0, 77.4]})
    '412 s (96% of the hands timed), then 321 s and 77 s'
    >>> sweep_time({"first_pass": 1328.1, "first_pass_share_timed": 1.0, "later_passes": [537.4]},
    ...            {"first_pass": [1], "later_passes": [[1, 2]]})
    '1,328 s (search 1), then 537 s (searches 1 and 2)'
    >>> sweep_time({"first_pass": 411.8, "first_pass_share_timed": 0.965, "later_passes": []}, {"first_pass": [1],
    ...            "later_passes": []})
    '412 s (96% of the hands timed; search 1)'
    >>> sweep_time({"first_pass": None, "first_pass_share_timed": 0.0, "later_passes": []})
    'not recorded'

    A later pass stopped before it had asked every hand it was to ask says so:

    >>> sweep_time({"first_pass": 2772.5, "later_passes": [2179.2], "later_passes_stopped": [True]})
    '2,772 s, then 2,179 s (stopped before the end)'
    """
    first = seconds.get("first_pass")
    timed = [first, *seconds.get("later_passes", [])]
    searched = [search["first_pass"], *search["later_passes"]] if search is not None else [None] * len(timed)
    share = float(seconds.get("first_pass_share_timed", 1.0))
    stopped = [False, *seconds.get("later_passes_stopped", [False] * (len(timed) - 1))]
    shown = []
    for number, (value, revisions) in enumerate(zip(timed, searched)):
        notes = [f"{share:.0%} of the hands timed"] if number == 0 and value is not None and share < 1 else []
        notes += [_searched(revisions)] if revisions is not None else []
        notes += ["stopped before the end"] if stopped[number] else []
        time = f"{value:,.0f} s" if value is not None else "not recorded"
        shown.append(time + (f" ({'; '.join(notes)})" if notes else ""))
    first_shown, *later = shown
    if not later:
        return first_shown
    return first_shown + ", then " + (", ".join(later[:-1]) + " and " if len(later) > 1 else "") + later[-1]


def _searched(revisions: Sequence[int]) -> str:
    names = [str(n) for n in revisions]
    return f"search {names[0]}" if len(names) == 1 else f"searches {', '.join(names[:-1])} and {names[-1]}"


def finding_words(finding: Finding) -> str:
    """What a finding comes to, before its sentence; nothing where the sentence opens with it (a
    simulated finding "not shown" or "too small to matter").

    >>> finding_words(Finding(None, "not shown: the effect looked for is 0.25 stakes a hand", {}, ""))
    ''
    >>> finding_words(Finding(False, "at 4 players ...", {}, ""))
    'it does not hold. '
    """
    if finding.holds is None and finding.summary.startswith(SAMPLE_VERDICTS):
        return ""
    return {True: "it holds. ", False: "it does not hold. ", None: "undetermined. "}[finding.holds]


def chance(value: Fraction) -> str:
    """A chance as a reader reads it: the fraction where it is small enough to read, and its
    decimal.

    >>> chance(Fraction(1, 3)), chance(Fraction(5096879020, 5178066751)), chance(Fraction(0))
    ('1/3 ≈ 0.333', '0.984', '0')
    """
    if value.denominator == 1:  # none, or every one: nothing to round
        return str(value)
    if value.denominator <= FRACTION_SHOWN_UP_TO:
        return f"{value} ≈ {float(value):.3f}"
    return f"{float(value):.3f}"


#: The findings of a simulated reading whose sample could not settle it, as their sentences open.
SAMPLE_VERDICTS = ("not shown", "too small to matter")


def sample_sizing(evidence: Mapping[str, Any]) -> str:
    """How a simulated reading's sample was sized, in words: the effect looked for, the cap, where
    the drawing stopped and why, and the intervals the verdict rests on.

    >>> stopping = {"effect": 0.25, "unit": "stakes a hand", "reason": "why", "cap": 8000, "deals": 8000}
    >>> deciding = {"the gain": {"mean": 0.1, "low": -0.2, "high": 0.4, "n": 8000}}
    >>> words = sample_sizing({"stopping": {**stopping, "stopped": "cap"}, "deciding": deciding})
    >>> words[:52], "so the finding is not shown" in words
    ('The effect looked for: 0.25 stakes a hand (why). The', True)
    >>> words[words.index("The intervals"):]
    'The intervals found: the gain +0.100 (-0.200 to +0.400, n = 8,000).'
    """
    stopping = evidence.get("stopping")
    if not stopping:
        return ""
    effect = f"{stopping['effect']:g} {stopping['unit']} ({stopping['reason']})"
    if stopping["stopped"] == "cap":
        end = (
            f"the cap was met at {stopping['deals']:,} deals with an interval still wider, so the finding is not shown"
        )
    else:
        end = f"every one was narrower after {stopping['deals']:,} deals"
    found = "; ".join(
        f"{lab_names_in_words(name)} {interval(data, True)[:-1]}, n = {data['n']:,})"
        for name, data in evidence.get("deciding", {}).items()
    )
    return (
        f"The effect looked for: {effect}. The sample is drawn until every interval the verdict rests on is narrower "
        f"than that, at most {stopping['cap']:,} deals: {end}. "
        + (f"The intervals found: {found}." if found else "No interval could be formed: every case came out alike.")
    )


#: The certainty checks whose evidence is laid out table size by table size.
CERTAINTY_BY_SIZE = ("sure-of-exactly", "sure-of-only-with", "combination-sure-of", "chance-sure-of")
NOT_SETTLED = "not yet settled"
"""A table size's finding when no complete sweep of every hand exists for it."""


def certainty_detail(check: str, item: Mapping[str, Any]) -> str:
    """One table size's evidence of a certainty reading, in a few words.

    >>> certainty_detail("chance-sure-of", {"finding": "holds", "deals": 4, "chance": "1/649740", "open": 0})
    '4 of the 2,598,960 hands sure of them (one in 649,740)'
    >>> certainty_detail("sure-of-only-with", {"finding": "not yet settled", "why": "no sweep"})
    'no complete sweep of every hand at this size yet'
    """
    if item["finding"] == NOT_SETTLED:
        return "no complete sweep of every hand at this size yet"
    left_open = int(item.get("open") or 0)
    tail = f"; {left_open:,} hands left open by the search" if left_open else ""
    if check == "sure-of-exactly":
        return "sure of them: " + (", ".join(item["sure"]) or "none") + tail
    if check == "sure-of-only-with":
        sure = item.get("sure")
        counted = (
            f"{sure:,} hands (up to the suits' names) sure of them"
            if sure is not None
            else "the hands sure of them not counted (the sweep at this size asks down to three tricks)"
        )
        if sure is None:
            tail = f"; {left_open:,} hands below three not asked of fewer" if left_open else ""
        return f"{counted}; {item['lacking']:,} of those listed lack the holding" + tail
    if check == "combination-sure-of":
        return "sure whatever the other cards: " + (", ".join(item["certain"]) or "none")
    return f"{item['deals']:,} of the 2,598,960 hands sure of them ({one_in(Fraction(item['chance']))})" + tail


def interval(estimate: Mapping[str, Any], signed: bool = False) -> str:
    """An estimate as "mean (low to high)", its 95% interval.

    >>> interval({"mean": 0.25, "low": 0.2, "high": 0.3, "n": 10})
    '0.250 (0.200 to 0.300)'
    """
    sign = "+" if signed else ""
    return f"{estimate['mean']:{sign}.3f} ({estimate['low']:{sign}.3f} to {estimate['high']:{sign}.3f})"


def simulated_evidence(register: Register, check: str, evidence: Mapping[str, Any]) -> list[nodes.Node]:
    """A simulated reading's figures as a table (with a plot where one says it better), and
    the samples they come from."""
    out: list[nodes.Node] = []
    evidence_table = ["nap-claim-evidence"]
    if check == "dealer-winnings":
        tables = evidence["tables"]
        positions = seat_order(list(tables[-1]["seats"]))
        rows: list[list[Cell]] = [
            [
                str(item["players"]),
                *(interval(item["seats"][name], True) if name in item["seats"] else "" for name in positions),
            ]
            for item in tables
        ]
        out.append(
            estimates_figure(
                [
                    (f"{item['players']} players, {seat_words(name)}", item["seats"][name])
                    for item in tables
                    for name in seat_order(list(item["seats"]))
                ],
                0.0,
                "winnings per hand, in stakes",
                "Each seat's winnings per hand, by table, with 95% intervals; the line is what an even game gives.",
            )
        )
        head = ["Players", *(seat_words(name).capitalize() for name in positions)]
        out.append(table(head, rows, classes=evidence_table))
    elif check == "calls-by-table":
        tables = evidence["tables"]
        calls = sorted({call for item in tables for call in item["calls"]}, key=int)
        rows = [
            [
                str(item["players"]),
                *(interval(item["calls"][call]) if call in item["calls"] else "" for call in calls),
                interval(item["failed"]),
                interval(item["mean-call"]),
            ]
            for item in tables
        ]
        head = ["Players", *(f"Won by a call of {call}" for call in calls), "Calls that fail", "Mean winning call"]
        out.append(table(head, rows, classes=evidence_table))
    elif check in ("nap-chance-by-hand", "nap-chance-against-search"):
        line = float(Fraction(evidence["break-even"]))
        out.append(
            estimates_figure(
                [(hand_words(item["class"]), item["made"]) for item in evidence["rows"]],
                line,
                "chance of making Nap",
                f"The chance of making Nap with each kind of hand, with 95% intervals; the line is the break-even "
                f"({evidence['break-even']}).",
            )
        )
        rows = [
            [hand_words(item["class"]), interval(item["made"]), f"{item['judged']} {evidence['break-even']}"]
            for item in evidence["rows"]
        ]
        out.append(table(["Hands", "Nap made", "Judged"], rows, classes=evidence_table))
    elif check == "defence-advice":
        rows = [
            [style_words(item["against"]), interval(item["soloist-gains"], True), f"{item['deals-changed']:,}"]
            for item in evidence["comparisons"]
        ]
        head = [f"Instead of {style_words(evidence['advised'])}", "The soloist wins more per hand", "Deals changed"]
        out.append(table(head, rows, classes=evidence_table))
    elif check == "bluff-at-two":
        rows = [["as the agent would", interval(evidence["as-valued"], True), ""]]
        rows += [
            [f"call {item['call']}", interval(item["mean"], True), interval(item["gain"], True)]
            for item in evidence["calls"]
        ]
        out.append(table(["The eldest", "Wins per hand", "More than as the agent would"], rows, classes=evidence_table))
    elif check == "cost-per-hand":
        rows = [[game_words(register, item["game"]), interval(item)] for item in evidence["costs"]]
        rows.append(["difference", interval(evidence["difference"], True)])
        out.append(table(["Game", "Paid out per player per hand"], rows, classes=evidence_table))
    elif check == "skill-edge-by-table":
        rows = [
            [
                str(item["players"]),
                interval(item["edge"], True),
                f"{item['spread']:.3f}",
                interval(item["scaled"], True),
            ]
            for item in evidence["tables"]
        ]
        head = ["Players", "Edge per hand, in stakes", "Standard deviation", "Edge in standard deviations"]
        out.append(table(head, rows, classes=evidence_table))
    elif check == "bold-player":
        out.append(
            table(["The bold player wins per hand"], [[interval(evidence["bold"], True)]], classes=evidence_table)
        )
    elif check == "peep-after-nap" and "gain-per-player" in evidence:
        rows = [[f"{evidence['nap-deals']:,}", interval(evidence["gain-per-player"], True)]]
        out.append(
            table(["Deals with a Nap and a later player", "Peeping wins more per player"], rows, classes=evidence_table)
        )
    elif check == "naps-that-fail" and "failed" in evidence:
        out.append(table(["Naps that fail"], [[interval(evidence["failed"])]], classes=evidence_table))
    samples = evidence.get("samples", {})
    if samples:
        said = "; ".join(
            f"{sample_words(name)}: " * bool(sample_words(name)) + f"{sample['hands']:,} deals, seed {sample['seed']}"
            for name, sample in samples.items()
        )
        out.append(para(strong("Samples: "), said, classes=["nap-note"]))
    sizing = sample_sizing(evidence)
    if sizing:
        out.append(para(strong("Sized by its question: "), sizing, classes=["nap-note", "nap-sample-size"]))
    return out


__all__ = ["ClaimsDirective"]
