"""The reports of a certification run (:mod:`napspec.conformance.certify`): the JSON report
with its provenance, digest and rule table, the JUnit XML, the console summary, and the
files they are written to (only once the engine is gone; :class:`ReportFolder`).

Everything an engine or a house-rules file supplies is untrusted text: it is made inert
(:func:`~napspec.spec.terminal.printable`) where it enters a report, printed without
markup, and never used unchanged in a file name.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from napspec.conformance.integrity import COUNTED, ReportFolder, Written, differential_passed, platform_of, summarise
from napspec.conformance.scope import certificate_scope
from napspec.conformance.verdicts import print_rule_table, rule_report, rules_junit
from napspec.spec import load
from napspec.spec.register import value_id
from napspec.spec.terminal import MESSAGE_LIMIT, printable
from napspec.suite.scenarios import suite_hash

if TYPE_CHECKING:
    from napspec.conformance.certify import CaseRecord, Certification

REPORT_FORMAT = "napspec-certification/2"

#: The longest target name used in a report's file name (the name itself is kept whole
#: in the report).
MAX_STEM = 80


def suite_version() -> str:
    try:
        return version("napspec")
    except PackageNotFoundError:
        return "unknown"


def _quote_for(record: CaseRecord, source: str | None) -> str:
    """The quotation a scenario enforces: its description line for the row's source, or the
    first citation of its rules from that source."""
    lines = [line.strip() for line in record.description.splitlines() if line.strip()]
    if source:
        short = load().sources[source].short if source in load().sources else source
        for line in lines:
            if line.startswith(short + " "):
                return line
    if lines:
        return lines[0]
    for rule_id in record.rules:
        rule = load().rules.get(rule_id)
        if rule and rule.citations:
            citation = next((c for c in rule.citations if c.source == source), rule.citations[0])
            return f'{load().sources[citation.source].short} {citation.locator}: "{citation.quote}"'
    return ""


def report_digest(document: Mapping[str, Any]) -> str:
    """SHA-256 over the report (spec and suite hash, target, engine and every result) in
    canonical JSON, without its own ``digest`` field: a checksum anyone can recompute."""
    body = {key: value for key, value in document.items() if key != "digest"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def uncited_options(values: Mapping[str, Any]) -> list[str]:
    """The options ``values`` sets to a value no source gives (house rules may: a lowest call
    of two), in the register's order.

    >>> uncited_options({"lowest-call": 2, "nap-stakes": "win-10-lose-5"})
    ['lowest-call']
    """
    register = load()
    return [
        option
        for option in register.options
        if option in values and not register.options[option].allows(values[option])
    ]


def report_document(result: Certification) -> dict[str, Any]:
    """The JSON report: provenance, target, per-scenario statuses, the score and a digest
    (valid against ``schema/certification-report.schema.json``)."""
    profile_source = load().profiles.get(result.target.split("+")[0])
    source = profile_source.source if profile_source else None
    document: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "provenance": {
            "suite": "napspec",
            "suite_version": suite_version(),
            "content_hash": suite_hash(),
            "started": result.started,
            "seconds": round(result.seconds, 3),
            "python": sys.version.split()[0],
            "platform": platform_of(),
        },
        "engine": result.engine,
        "program": result.program,
        "target": {
            "name": printable(result.target),
            "options": result.target_values,
            "variants": list(result.target_variants),
            "uncited": uncited_options(result.target_values),
        },
        "outcome": result.outcome,
        "selection": result.selection,
        "summary": {},
        "engine_error": result.engine_error,
        "differential": result.differential,
        "cases": [
            {
                "id": record.label or record.scenario_id,
                "scenario": record.scenario_id,
                "chapter": record.chapter,
                "rules": record.rules,
                "example": record.example,
                "status": record.status,
                "message": record.message,
                "quote": _quote_for(record, source) if record.status in ("failed", "errored", "timed-out") else "",
                "seconds": round(record.duration, 4),
            }
            for record in result.records
        ],
    }
    rule_report(document, result.records, result.target.split("+")[0])
    scope = certificate_scope(document)
    document["summary"] = summarise(
        document["cases"],
        outcome=result.outcome,
        engine_error=result.engine_error,
        selection=result.selection,
        differential=result.differential,
        too_narrow=scope["too_narrow"],
    )
    # What the certificate covers follows its summary.
    ordered: dict[str, Any] = {}
    for key, value in document.items():
        ordered[key] = value
        if key == "summary":
            ordered["scope"] = scope
    ordered["digest"] = report_digest(ordered)
    return ordered


def junit_xml(result: Certification, document: Mapping[str, Any] | None = None) -> str:
    """JUnit XML: one testsuite per chapter, one testcase per scenario row; cases not
    applicable or not run are skipped, with the reason. Always well-formed: every text in
    it has been made printable."""
    document = document or report_document(result)
    suites = ET.Element("testsuites", name=f"napspec certify {document['target']['name']}")
    by_chapter: dict[str, list[dict[str, Any]]] = {}
    for case in document["cases"]:
        by_chapter.setdefault(case["chapter"] or "scenarios", []).append(case)
    if result.engine_error:
        suites.set("error", result.engine_error[:2000])
    rules_junit(suites, document)
    for chapter, cases in by_chapter.items():
        counts = Counter(c["status"] for c in cases)
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=chapter,
            tests=str(len(cases)),
            failures=str(counts["failed"]),
            errors=str(counts["errored"] + counts["timed-out"]),
            skipped=str(counts["skipped-unsupported"] + counts["not-applicable"] + counts["not-run"]),
        )
        for case in cases:
            element = ET.SubElement(
                suite, "testcase", classname=chapter, name=case["id"], time=f"{case['seconds']:.4f}"
            )
            message = case["message"]
            if case["status"] == "failed":
                ET.SubElement(element, "failure", message=message[:500]).text = message
            elif case["status"] in ("errored", "timed-out"):
                ET.SubElement(element, "error", type=case["status"], message=message[:500]).text = message
            elif case["status"] in ("skipped-unsupported", "not-applicable", "not-run"):
                ET.SubElement(element, "skipped", type=case["status"], message=message[:500])
    return ET.tostring(suites, encoding="unicode", xml_declaration=True)


def print_summary(result: Certification, console: Console) -> None:
    """By chapter and rule, then every case that did not pass (its example row and the
    message, as JSON) and the verdict. Nothing from the engine is read as markup."""
    register = load()
    document = report_document(result)
    print_rule_table(document, console)
    engine = printable(f"{result.engine.get('name', '?')} {result.engine.get('version', '')}")
    uncited = uncited_options(result.target_values)
    if uncited:
        said = ", ".join(f"{option} = {value_id(result.target_values[option])}" for option in uncited)
        console.print(Text(f"{printable(result.target)} (uncited: {said}, no source gives this value)"))
    title = Text(f"{engine} against {printable(result.target)}")
    table = RichTable(title=title)
    rows: dict[tuple[str, str], Counter[str]] = {}
    for record in result.applicable:
        for rule in record.rules or ["(no rule)"]:
            rows.setdefault((record.chapter, rule), Counter())[record.status] += 1
    # A rule id is never cut: on a narrow terminal the status headings wrap instead.
    widest = max((len(rule) + 2 for _, rule in rows), default=10)
    table.add_column("chapter / rule", no_wrap=True, min_width=widest)
    for status in COUNTED:
        table.add_column(status, justify="right")
    order = {chapter: index for index, chapter in enumerate(register.chapters)}
    current = None
    for (chapter, rule), counts in sorted(rows.items(), key=lambda item: (order.get(item[0][0], 99), item[0][1])):
        if chapter != current:
            heading = register.chapters[chapter].title if chapter in register.chapters else chapter
            table.add_row(Text(heading, style="bold"), *[""] * len(COUNTED))
            current = chapter
        table.add_row(
            Text(f"  {rule}"),
            *[Text(str(counts[s] or ""), style="red" if counts[s] and s != "passed" else "") for s in COUNTED],
        )
    if rows:
        console.print(table)
    for case in document["cases"]:
        if case["status"] in ("failed", "errored", "timed-out"):
            console.print(Text(case["status"], style="bold red") + Text(f" {case['id']} ({', '.join(case['rules'])})"))
            shown = {"example": case["example"], "message": case["message"]}
            if case["quote"]:
                shown["enforces"] = case["quote"]
            console.print(Text(json.dumps(shown, indent=2, ensure_ascii=False)), soft_wrap=True)
    _print_not_played(document["cases"], console)
    summary = document["summary"]
    _print_differential(result.differential, console)
    if result.differential is None and not result.partial and result.outcome == "complete" and not result.engine_error:
        console.print(
            Text("no random deals were played (--differential-deals 0): every certificate needs them", style="red"),
            soft_wrap=True,
        )
    scope = document["scope"]
    console.print(
        Text("the certificate covers: ", style="bold") + Text(printable(scope["statement"], limit=4000)), soft_wrap=True
    )
    if scope["too_narrow"]:
        console.print(
            Text(f"too narrow to be a certificate: {printable(scope['too_narrow'], limit=2000)}", style="red"),
            soft_wrap=True,
        )
    if summary["certified"]:
        verdict = Text("CERTIFIED", style="green")
    elif summary["partial"] and result.passed:
        verdict = Text("PARTIAL RUN, NOT CERTIFIED (the selected scenarios passed; a selection is never a certificate)")
        verdict.stylize("yellow")
    elif summary["partial"]:
        verdict = Text("PARTIAL RUN, NOT CERTIFIED", style="red")
    else:
        verdict = Text("NOT CERTIFIED", style="red")
    console.print(
        verdict
        + Text(
            f": {summary['passed']}/{summary['applicable']} applicable scenarios passed "
            f"(failed {summary['failed']}, skipped-unsupported {summary['skipped-unsupported']}, "
            f"errored {summary['errored']}, timed out {summary['timed-out']}; "
            f"{summary['not-applicable']} not applicable, {summary['not-run']} not run) against "
            f"{printable(result.target)} in {result.seconds:.1f} s"
        ),
        soft_wrap=True,
    )
    if result.outcome == "interrupted":
        console.print(Text("interrupted: the report is partial", style="yellow"), soft_wrap=True)
    if result.engine_error:
        error = printable(result.engine_error, limit=MESSAGE_LIMIT, lines=True)
        console.print(Text(error, style="red"), soft_wrap=True)


#: The reasons printed for the cases an engine does not play (the report keeps every case's).
_REASONS_SHOWN: Final = 8


def _print_not_played(cases: list[dict[str, Any]], console: Console) -> None:
    """The cases the engine does not play, by reason, most frequent first: they narrow the
    certificate (a failure is printed case by case; these would bury it)."""
    reasons = Counter(
        printable(case["message"], limit=300) for case in cases if case["status"] == "skipped-unsupported"
    )
    if not reasons:
        return
    total = sum(reasons.values())
    console.print(
        Text(f"{total} cases the engine does not play (they narrow the certificate), by reason:", style="yellow"),
        soft_wrap=True,
    )
    for reason, count in reasons.most_common(_REASONS_SHOWN):
        console.print(Text(f"  {count} × {reason}"), soft_wrap=True)
    if len(reasons) > _REASONS_SHOWN:
        left = sum(count for _, count in reasons.most_common()[_REASONS_SHOWN:])
        console.print(Text(f"  {left} more, for {len(reasons) - _REASONS_SHOWN} other reasons (in the report)"))


def _print_differential(differential: Mapping[str, Any] | None, console: Console) -> None:
    """One line for the differential part (or why there was none), then what it found."""
    if differential is None:
        return
    oracle = printable(f"{differential['oracle']['name']} {differential['oracle']['version']}")
    if differential.get("out_of_scope"):
        console.print(
            Text(f"random deals: none ({printable(differential['out_of_scope'], limit=2000)})", style="red"),
            soft_wrap=True,
        )
        return
    how = "each deal in one case (trace)" if differential.get("trace") else "one case per action"
    line = (
        f"random deals: {differential['deals']} (seed {differential['seed']}), {differential['cases']} answers "
        f"compared with {oracle}, {how}, in {differential['seconds']:.1f} s; {differential['repeated']} cases "
        "sent twice"
    )
    good = differential_passed(differential)
    console.print(Text(line + (": no difference" if good else ""), style="" if good else "red"), soft_wrap=True)
    families = differential.get("families") or {}
    if families:
        listed = ", ".join(
            f"{name} {counts['answers']} in {counts['deals']}" for name, counts in sorted(families.items())
        )
        console.print(Text(f"  answers (in deals) by family: {listed}"), soft_wrap=True)
    for narrowed in differential.get("narrowed") or ():
        console.print(
            Text(f"  narrowed: {narrowed['cases']} random case{'s' if narrowed['cases'] != 1 else ''} answered ")
            + Text(f"unsupported ({printable(narrowed['reason'], limit=300)}; first {printable(narrowed['first'])})"),
            soft_wrap=True,
        )
    if differential.get("evaded"):
        evaded = differential["evaded"]
        console.print(
            Text("  EVADED: ", style="red")
            + Text(
                f"in deal {evaded['deal']} the engine answered unsupported a case holding nothing it had not "
                f"answered in the published cases ({printable(evaded['reason'], limit=300)})"
            ),
            soft_wrap=True,
        )
    if differential.get("stopped"):
        console.print(Text(f"  stopped: {printable(differential['stopped'])}", style="red"), soft_wrap=True)
    if differential.get("divergence"):
        found = differential["divergence"]
        console.print(
            Text(f"  DIVERGENCE in deal {found['deal']} after {found['actions']} actions", style="red")
            + Text(f" (rules: {', '.join(found['rules']) or 'none known'})"),
            soft_wrap=True,
        )
        for difference in found["differences"]:
            console.print(Text(f"  {printable(difference, limit=2000)}"), soft_wrap=True)
    for changed in differential.get("nondeterministic", []):
        console.print(
            Text("  NON-DETERMINISM: ", style="red")
            + Text(f"case {printable(changed['case'])} answered differently when sent again"),
            soft_wrap=True,
        )


def report_stem(target: str) -> str:
    """The file name stem of a target's reports: safe on every file system, never a path.

    >>> report_stem("hoyle+Crown/Tuesdays"), report_stem("hoyle+x/../../escaped")
    ('certify-hoyle-Crown-Tuesdays-f8b60a', 'certify-hoyle-x-..-..-escaped-424d34')
    >>> report_stem("peel")
    'certify-peel'
    """
    plain = target.replace("+", "-").replace(" ", "_")
    safe = re.sub(r"[^A-Za-z0-9._-]", "-", plain)[:MAX_STEM].lstrip(".")
    if safe != plain:
        # Two names that differ only in replaced characters must not share a file.
        safe = f"{safe}-{hashlib.sha256(target.encode()).hexdigest()[:6]}"
    return f"certify-{safe}"


def report_names(target: str) -> tuple[str, str]:
    """The file names of a target's JSON report and JUnit XML."""
    stem = report_stem(target)
    return f"{stem}.json", f"{stem}.junit.xml"


def check_report_dir(folder: Path, targets: Sequence[str] = ()) -> ReportFolder:
    """Make sure reports can be written into ``folder`` (creating it) and that no report's
    name there is taken by a folder or a link, before any run: :class:`ValueError` naming
    the folder or the name otherwise."""
    return ReportFolder.prepare(folder, [name for target in targets for name in report_names(target)])


def write_reports(result: Certification, folder: Path | ReportFolder) -> Written:
    """Write ``certify-<target>.json`` and ``certify-<target>.junit.xml`` into ``folder``
    (only once every engine of the run has ended: see :class:`ReportFolder`)."""
    if isinstance(folder, Path):
        folder = ReportFolder.prepare(folder)
    json_name, junit_name = report_names(result.target)
    document = report_document(result)
    return folder.write(
        {
            json_name: json.dumps(document, indent=2, ensure_ascii=False) + "\n",
            junit_name: junit_xml(result, document),
        }
    )
