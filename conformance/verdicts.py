"""A verdict per rule: from the verdicts of the checks of every scenario row of a run, each
testable rule binding the target is *passed*, *failed* or *not judged* for this engine, and
when it is not judged, why (the table sizes it seats, the starts it plays, an option, a
query or irregular play it does not declare, no scenario written for the target's values).

The certification report opens with this table (``rules`` in the JSON report, the first
table in the terminal, a ``rules`` test suite in JUnit, the rulebook's status page).

>>> record = {"status": "skipped-unsupported", "rules": ["play.trick"], "checks": [],
...           "message": "table size 3 is not seated (seats 4)"}
>>> table = rule_table([record], "hoyle", rules=["play.trick", "play.rotation"])
>>> [(row["rule"], row["verdict"]) for row in table]
[('play.trick', 'not-judged'), ('play.rotation', 'not-judged')]
>>> [row["why"] for row in table]
['table size: table size 3 is not seated (seats 4)', 'no scenario tests it under these rules']
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from napspec.spec import load
from napspec.spec.terminal import printable
from napspec.suite.verdicts import rule_quote

PASSED, FAILED, NOT_JUDGED = "passed", "failed", "not-judged"
RULE_VERDICTS = (PASSED, FAILED, NOT_JUDGED)

#: Why a case was not sent, by the words of the harness's reason: what the engine lacks.
WHY: tuple[tuple[str, str], ...] = (
    ("table size", "table size"),
    ("start ", "start"),
    ("irregular play", "irregular play"),
    ("quer", "query"),
    ("speaks napspec/", "protocol version"),
    ("option", "option"),
    ("is not supported", "option"),
)


def why_unsupported(message: str) -> str:
    """The kind of thing an engine lacks, from a skipped-unsupported case's message.

    >>> why_unsupported("misery=\\"no-trumps\\" is not supported (supported: \\"not-played\\")")
    'option'
    >>> why_unsupported("the engine answered: no Misery here")
    'unsupported'
    >>> why_unsupported('compulsory-call="dealer-if-all-pass" is not supported; start deck is not played')
    'option'
    """
    first = message.split("; ", 1)[0]  # the harness gives the options first, the table and start last
    for words, kind in WHY:
        if words in first:
            return kind
    return "unsupported"


def testable_rules(base: str) -> list[str]:
    """The testable rules binding the profile ``base``, in the register's order."""
    return [rule.id for rule in load().rules.values() if rule.testable and base in rule.applies_to]


def _cut(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rule_table(
    records: Iterable[Mapping[str, Any]], base: str, rules: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """For each rule (the testable rules binding ``base``, or ``rules``), its verdict from
    ``records`` (the report's cases: ``status``, ``rules``, ``checks``, ``message``): the
    counts of its checks by verdict, the rows that judged it, and why it is not judged."""
    wanted = list(rules) if rules is not None else testable_rules(base)
    checks: dict[str, Counter[str]] = {rule: Counter() for rule in wanted}
    reasons: dict[str, Counter[str]] = {rule: Counter() for rule in wanted}
    failed_in: dict[str, list[str]] = {rule: [] for rule in wanted}
    for record in records:
        status = record.get("status", "")
        verdicts = record.get("checks") or []
        if status in (PASSED, FAILED) and verdicts:
            for verdict in verdicts:
                for rule in verdict.get("rules", ()):
                    if rule in checks:
                        checks[rule][verdict["verdict"]] += 1
                        if verdict["verdict"] == FAILED and record.get("id") not in failed_in[rule]:
                            failed_in[rule].append(str(record.get("id", "")))
                        if verdict["verdict"] == NOT_JUDGED:
                            reasons[rule][_cut(str(verdict.get("message", "")))] += 1
            continue
        if status == PASSED:
            for rule in record.get("rules", ()):
                if rule in checks:
                    checks[rule][PASSED] += 1
            continue
        message = str(record.get("message", ""))
        if status == "skipped-unsupported":
            why = f"{why_unsupported(message)}: {_cut(message)}"
        elif status == "not-applicable":
            why = f"not applicable: {_cut(message)}"
        elif status in ("errored", "timed-out"):
            why = f"{status}: {_cut(message)}"
        else:
            why = _cut(message) or status
        for rule in record.get("rules", ()):
            if rule in reasons:
                reasons[rule][why] += 1
    table: list[dict[str, Any]] = []
    for rule in wanted:
        counts = checks[rule]
        if counts[FAILED]:
            verdict = FAILED
        elif counts[PASSED]:
            verdict = PASSED
        else:
            verdict = NOT_JUDGED
        if verdict == NOT_JUDGED:
            judged_reasons = [why for why, _ in reasons[rule].most_common()]
            # An option the target does not take is not this engine's doing: say first what the engine lacks.
            judged_reasons.sort(key=lambda why: why.startswith("not applicable"))
            why = judged_reasons[0] if judged_reasons else "no scenario tests it under these rules"
        else:
            why = ""
        table.append(
            {
                "rule": rule,
                "verdict": verdict,
                "why": why,
                "checks": {kind: counts[kind] for kind in RULE_VERDICTS},
                "failed_in": failed_in[rule],
            }
        )
    return table


def rule_summary(table: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """How many rules are passed, failed and not judged.

    >>> rule_summary([{"verdict": "passed"}, {"verdict": "not-judged"}])
    {'passed': 1, 'failed': 0, 'not-judged': 1, 'judged': 1}
    """
    counts = Counter(row["verdict"] for row in table)
    summary = {kind: counts[kind] for kind in RULE_VERDICTS}
    summary["judged"] = summary[PASSED] + summary[FAILED]
    return summary


# ------------------------------------------------------------------ the report's parts


def printable_check(check: dict[str, Any]) -> dict[str, Any]:
    """A judged check (as JSON) with what the engine could put in it made inert."""
    return {**check, "what": printable(check["what"]), "message": printable(check["message"])}


def selected_rules(
    selection: Mapping[str, Any] | None, cases: Iterable[Mapping[str, Any]], base: str
) -> list[str] | None:
    """The rules a narrowed run is about (``None``: every rule binding ``base``): those its
    ``--rule`` selectors name or, narrowed by ``--scenario`` alone, those its scenarios test
    in rows that apply to the target. A scenario selected for one rule often tags others too, and rows written
    for other values of the options are not played: neither makes a rule the run is about.

    >>> cases = [{"status": "passed", "rules": ["calling.nap-ceiling", "calling.soloist"]},
    ...          {"status": "not-applicable", "rules": ["calling.nap-ceiling", "dealing.rotation"]}]
    >>> selected_rules({"rules": ["calling.nap-ceiling"], "scenarios": []}, cases, "peel")
    ['calling.nap-ceiling']
    >>> selected_rules({"rules": [], "scenarios": ["some-scenario"]}, cases, "peel")
    ['calling.nap-ceiling', 'calling.soloist']
    >>> selected_rules({"rules": [], "scenarios": [], "exitfirst": True}, cases, "peel") is None
    True
    """
    selectors = [str(rule) for rule in (selection or {}).get("rules") or ()]
    if not selectors and not (selection or {}).get("scenarios"):
        return None
    played = {rule for case in cases if case.get("status") != "not-applicable" for rule in case.get("rules", ())}
    return [
        rule
        for rule in testable_rules(base)
        if any(rule == wanted or rule.startswith(wanted + ".") for wanted in selectors)
        or (not selectors and rule in played)
    ]


def rule_report(document: dict[str, Any], records: Sequence[Any], base: str) -> None:
    """Add to a report ``document`` each case's checks and table, the rule table and its
    summary (new fields: the report's other fields are left as they are)."""
    profile = load().profiles.get(base)
    source = profile.source if profile is not None else None
    for case, record in zip(document["cases"], records, strict=True):
        case["checks"] = list(record.checks)
        if record.table:
            case["table"] = record.table
        # A failure quotes the sources of the rule its failed check enforces, not the scenario's first.
        failed_rules = [rule for check in record.checks if check["verdict"] == FAILED for rule in check["rules"]]
        if case["status"] == FAILED and failed_rules:
            case["quote"] = f"{failed_rules[0]}: {rule_quote(failed_rules[0], source)}"
    table = report_rule_table(document, base)
    # The rule table opens the report: right after the summary of the cases.
    ordered: dict[str, Any] = {}
    for key, value in document.items():
        ordered[key] = value
        if key == "summary":
            ordered["rules_summary"] = rule_summary(table)
            ordered["rules"] = table
    ordered.setdefault("rules_summary", rule_summary(table))
    ordered.setdefault("rules", table)
    document.clear()
    document.update(ordered)


def report_rule_table(
    document: Mapping[str, Any], base: str | None = None, rules: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """The rule table of a report ``document``, rebuilt from its cases (their ``checks``):
    the testable rules binding the target's profile (``base``, else the first part of the
    target's name), those a selection is about (:func:`selected_rules`), or ``rules`` if given. The one
    place the table is made, by ``certify`` and again by ``verify``."""
    cases = document.get("cases") or []
    if base is None:
        base = str(document.get("target", {}).get("name", "")).split("+")[0]
    if base not in load().profiles or not cases:
        return []
    # A run narrowed to some rules or scenarios judges only the rules it is about.
    wanted = list(rules) if rules is not None else selected_rules(document.get("selection"), cases, base)
    return rule_table(cases, base, wanted)


def rule_table_problems(document: Mapping[str, Any], *, same_register: bool, shown: int = 5) -> list[str]:
    """Everything in a saved report's rule table (``rules``, ``rules_summary``) that its own
    cases contradict. With ``same_register`` (the report was made with the register installed
    here) the table is rebuilt whole, so a rule left out or added is found too; otherwise each
    rule the table lists is judged again from the cases (a report of another register keeps
    its own list of rules). A case that passed with a failed check is a contradiction too.
    Empty for a report napspec wrote.

    >>> rule_table_problems({"cases": [{"id": "a", "status": "passed", "rules": ["x"],
    ...     "checks": [{"verdict": "failed", "rules": ["x"]}]}]}, same_register=False)
    ['case a passed, yet a check of it failed']
    """
    problems: list[str] = []
    cases = document.get("cases") or []
    contradicted = [
        str(case.get("id"))
        for case in cases
        if case.get("status") == PASSED and any(check.get("verdict") == FAILED for check in case.get("checks") or ())
    ]
    for case_id in contradicted[:shown]:
        problems.append(f"case {case_id} passed, yet a check of it failed")
    stated = document.get("rules")
    stated_summary = document.get("rules_summary")
    if stated is None and stated_summary is None and not same_register:
        return problems  # a report written before rule tables, by another register
    stated_rules = [str(row.get("rule")) for row in stated or ()]
    rebuilt = report_rule_table(document, rules=None if same_register else stated_rules)
    if stated is None:
        if rebuilt:
            problems.append("it has no rule table (rules), its cases make one")
    elif [row["rule"] for row in rebuilt] != stated_rules:
        missing = [rule for rule in (row["rule"] for row in rebuilt) if rule not in stated_rules]
        extra = [rule for rule in stated_rules if rule not in {row["rule"] for row in rebuilt}]
        what = []
        if missing:
            what.append(f"leaves out {', '.join(missing[:shown])}")
        if extra:
            what.append(f"adds {', '.join(extra[:shown])}")
        problems.append(f"its rule table {' and '.join(what) or 'lists the rules in another order'}")
    else:
        differing = [(row, again) for row, again in zip(stated, rebuilt, strict=True) if dict(row) != again]
        for row, again in differing[:shown]:
            if row.get("verdict") != again["verdict"]:
                problems.append(
                    f"its rule table says {again['rule']} {json.dumps(row.get('verdict'))}, "
                    f"its cases make it {json.dumps(again['verdict'])}"
                )
            else:
                fields = sorted(key for key in again.keys() | row.keys() if row.get(key) != again.get(key))
                problems.append(
                    f"its rule table's {', '.join(fields)} of {again['rule']} are not what its cases make them"
                )
        if len(differing) > shown:
            problems.append(f"and {len(differing) - shown} more rules of its table")
    rebuilt_summary = rule_summary(rebuilt)
    if stated_summary != rebuilt_summary:
        problems.append(
            f"its rules_summary says {json.dumps(stated_summary)}, its cases make it {json.dumps(rebuilt_summary)}"
        )
    return [printable(problem, limit=1000) for problem in problems]


def rules_junit(suites: Any, document: Mapping[str, Any]) -> None:
    """A ``rules`` test suite in the JUnit XML: one test case per rule, failed, passed or
    skipped with why it is not judged for this engine."""
    import xml.etree.ElementTree as ET

    table = document.get("rules") or []
    if not table:
        return
    summary = rule_summary(table)
    suite = ET.Element(
        "testsuite",
        name="rules",
        tests=str(len(table)),
        failures=str(summary[FAILED]),
        errors="0",
        skipped=str(summary[NOT_JUDGED]),
    )
    suites.insert(0, suite)  # the rule table opens the report
    for row in table:
        element = ET.SubElement(suite, "testcase", classname="rules", name=row["rule"], time="0")
        if row["verdict"] == FAILED:
            text = f"failed in {', '.join(row['failed_in'])}"
            ET.SubElement(element, "failure", message=text[:500]).text = text
        elif row["verdict"] == NOT_JUDGED:
            ET.SubElement(
                element, "skipped", type="not-judged", message=f"not judged for this engine: {row['why']}"[:500]
            )


def print_rule_table(document: Mapping[str, Any], console: Any) -> None:
    """The rule table, first thing a run prints: every rule, its verdict, and why it is not
    judged for this engine. Nothing is read as markup."""
    from rich.table import Table
    from rich.text import Text

    table_rows = document.get("rules") or []
    if not table_rows:
        return
    summary = rule_summary(table_rows)
    table = Table(
        title=Text(
            f"rules: {summary[PASSED]} passed, {summary[FAILED]} failed, "
            f"{summary[NOT_JUDGED]} not judged for this engine"
        )
    )
    table.add_column("rule", no_wrap=True)
    table.add_column("verdict")
    table.add_column("why not judged / where failed")
    styles = {PASSED: "green", FAILED: "red", NOT_JUDGED: "yellow"}
    for row in table_rows:
        detail = row["why"] if row["verdict"] == NOT_JUDGED else ", ".join(row["failed_in"][:3])
        table.add_row(Text(row["rule"]), Text(row["verdict"], style=styles[row["verdict"]]), Text(detail))
    console.print(table)


__all__ = [
    "RULE_VERDICTS",
    "print_rule_table",
    "printable_check",
    "report_rule_table",
    "rule_report",
    "rule_summary",
    "rule_table",
    "rule_table_problems",
    "rules_junit",
    "selected_rules",
    "testable_rules",
    "why_unsupported",
]
