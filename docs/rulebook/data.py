"""Everything the rulebook shows, read through the project's own APIs.

- the register: :func:`napspec.spec.load` (sources, chapters, rules, options, interpretations,
  profiles);
- the scenarios: :func:`napspec.suite.scenarios.load_scenarios`, each step with its data
  table (hands, tricks), and the suite's hash, :func:`napspec.suite.scenarios.suite_hash`;
- the certification reports: ``certify-*.json`` written by ``napspec certify``, in the report
  folder or in its folders one level down (one per engine, say), read if present (none is
  fine); each engine on each target is a :class:`Column` of the status page.

:func:`rulebook_data` loads it all once per process; :attr:`RulebookData.dependencies` lists
every file read, for ``env.note_dependency``.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from napspec import spec
from napspec.spec.claims import EVIDENCE_FILE, Claim, Finding, load_claims, load_evidence, load_sweeps
from napspec.spec.register import PROFILE_IDS, SPEC_DIR, Citation, Register
from napspec.suite.scenarios import Scenario, Step, feature_files, load_scenarios, suite_hash

REPO = SPEC_DIR.parent
REPORT_FORMAT = "napspec-certification/2"
#: Case statuses of the napspec/1 contract, in the order the status page shows them.
STATUSES = ("passed", "failed", "skipped-unsupported", "errored", "timed-out", "not-run", "not-applicable")
CERTIFY_COMMAND = "napspec certify --engine reference --profile all"
#: The ``engine.name`` of the reference engine's reports (shown first).
REFERENCE_ENGINE = "napspec-reference"


@dataclass(frozen=True)
class Case:
    """One case of a report: one scenario (one row of its Examples) run on one target."""

    id: str
    scenario: str
    rules: tuple[str, ...]
    example: dict[str, str]
    status: str
    message: str
    quote: str

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    @property
    def applicable(self) -> bool:
        """Counted among the cases the target must pass: a case never run (the run was
        stopped, or the engine gave out) was applicable too."""
        return self.status != "not-applicable"

    @staticmethod
    def read(data: dict[str, Any]) -> Case:
        """A case as the report writes it; what a report leaves out reads as empty."""
        example = data.get("example") or {}
        return Case(
            id=str(data.get("id", "")),
            scenario=str(data.get("scenario", "")),
            rules=tuple(str(r) for r in data.get("rules", ())),
            example={str(k): str(v) for k, v in example.items()} if isinstance(example, dict) else {},
            status=str(data.get("status", "")),
            message=str(data.get("message", "") or ""),
            quote=str(data.get("quote", "") or ""),
        )


@dataclass(frozen=True)
class Report:
    """One certification report: one engine on one target (a profile or house rules)."""

    path: Path
    target: str
    engine: str
    started: str
    summary: dict[str, Any]
    content_hash: str
    engine_error: str
    cases: tuple[Case, ...]
    #: the engine's name without its version (``engine.name``)
    engine_name: str = ""
    #: the folder of the report, relative to the report folder ("" for the folder itself)
    folder: str = ""
    #: each rule's verdict for this engine (the report's ``rules``: passed, failed, or not
    #: judged and why), by rule id; empty for a report written before it had them
    rules: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: what the certificate covers (the report's ``scope``: its ``statement`` in words)
    scope: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Column:
    """One engine on one target: a column of the status tables. Reports of different engines
    (or of one engine in two folders) on the same target are different columns."""

    engine: str
    target: str
    report: Report

    @property
    def key(self) -> str:
        """What names the column in anchors and targets: ``<target>/<engine>``."""
        return f"{self.target}/{self.engine}"


@dataclass
class RulebookData:
    register: Register
    scenarios: tuple[Scenario, ...]
    steps: dict[str, tuple[Step, ...]]
    reports: tuple[Report, ...]
    report_problems: tuple[str, ...]
    certify_dir: Path
    dependencies: tuple[Path, ...]
    suite_hash: str | None
    by_rule: dict[str, list[Scenario]] = field(default_factory=dict)
    #: What the sources claim, and the findings on their readings (``spec/claims*``).
    claims: dict[str, Claim] = field(default_factory=dict)
    evidence: dict[str, dict[str, Finding]] = field(default_factory=dict)
    #: What the sweeps of every hand settled at each table size the games deal (beside the evidence).
    sweeps: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        by_rule: dict[str, list[Scenario]] = defaultdict(list)
        for scenario in self.scenarios:
            for rule in scenario.rules:
                by_rule[rule].append(scenario)
        self.by_rule = dict(by_rule)

    # ------------------------------------------------------------------ scenarios

    def home_rule(self, scenario: Scenario) -> str | None:
        """The rule under which a scenario is shown in full: its first rule in the register."""
        for rule in scenario.rules:
            if rule in self.register.rules:
                return rule
        return None

    def scenarios_of(self, rule_id: str) -> list[Scenario]:
        return self.by_rule.get(rule_id, [])

    # ------------------------------------------------------------------ reports

    def targets(self) -> list[str]:
        """Report targets: the four profiles in their order, then any house rules."""
        names = {r.target for r in self.reports}
        return sorted(names, key=lambda n: (PROFILE_IDS.index(n) if n in PROFILE_IDS else len(PROFILE_IDS), n))

    def engines(self) -> list[str]:
        """The engines the reports certify, by their labels (:meth:`columns`), the reference
        engine first."""
        return list(dict.fromkeys(column.engine for column in self.columns()))

    def columns(self) -> list[Column]:
        """Every report as a column: target by target (in :meth:`targets` order), the engines
        side by side under each, the reference engine first. An engine is named by its name
        and version; two reports of the same engine on the same target (two folders) are told
        apart by their folders."""
        seen = Counter((r.engine, r.target) for r in self.reports)
        columns = [
            Column(
                engine=f"{r.engine} ({r.folder or 'top folder'})" if seen[(r.engine, r.target)] > 1 else r.engine,
                target=r.target,
                report=r,
            )
            for r in self.reports
        ]
        order = self.targets()
        return sorted(
            columns,
            key=lambda c: (order.index(c.target), c.report.engine_name != REFERENCE_ENGINE, c.engine),
        )

    def several_engines(self) -> bool:
        return len(self.engines()) > 1

    def rule_cases(self, rule_id: str, column: Column) -> list[Case]:
        """The cases of one column that test a rule."""
        return [case for case in column.report.cases if rule_id in case.rules]

    def rule_counts(self, rule_id: str, column: Column) -> Counter[str]:
        """Case statuses of one rule under one engine and target."""
        return Counter(case.status for case in self.rule_cases(rule_id, column))

    def scenario_counts(self, scenario_id: str, column: Column) -> Counter[str]:
        return Counter(case.status for case in column.report.cases if case.scenario == scenario_id)

    def counted_under_rules(self, column: Column) -> int:
        """How many times the column's applicable cases are counted in the rule rows of the
        status tables: once under every rule of the register each tests."""
        rules = self.register.rules
        return sum(1 for case in column.report.cases if case.applicable for rule in case.rules if rule in rules)

    def scenario(self, scenario_id: str) -> Scenario | None:
        return next((s for s in self.scenarios if s.id == scenario_id), None)

    def expected(self, case: Case) -> tuple[Step, ...]:
        """What a case expects: its scenario's outcome steps (``Then``), with the case's row of
        the Examples put in."""
        return tuple(
            step.rendered(case.example) for step in self.steps.get(case.scenario, ()) if step.keyword == "Then"
        )

    def enforced(self, case: Case, column: Column) -> tuple[str, tuple[Citation, ...]]:
        """The words a case enforces: the report's quotation if it gives one, else the
        citations of the case's rules from the target's source (every source's, for a target
        that is no profile)."""
        if case.quote:
            return case.quote, ()
        profile = self.register.profiles.get(column.target)
        citations = [
            citation
            for rule_id in case.rules
            if rule_id in self.register.rules
            for citation in self.register.rules[rule_id].citations
            if profile is None or citation.source == profile.source
        ]
        return "", tuple(citations)

    def scenario_chapters(self, scenario: Scenario) -> list[str]:
        """The chapters whose rules a scenario tests (each once, in the register's order)."""
        rules = self.register.rules
        mine = {rules[r].chapter for r in scenario.rules if r in rules}
        return [c for c in self.register.chapters if c in mine]

    def fresh(self, report: Report) -> bool | None:
        """Whether a report was certified against the register and scenarios as they are now."""
        if self.suite_hash is None or not report.content_hash:
            return None
        return report.content_hash == self.suite_hash


def report_paths(folder: Path) -> list[Path]:
    """The reports in the report folder and in its folders one level down (one folder per
    engine, say)."""
    if not folder.is_dir():
        return []
    return sorted([*folder.glob("certify-*.json"), *folder.glob("*/certify-*.json")])


def _reports(folder: Path) -> tuple[tuple[Report, ...], tuple[str, ...]]:
    reports: list[Report] = []
    problems: list[str] = []
    for path in report_paths(folder):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            problems.append(f"{path}: not a readable certification report ({error})")
            continue
        if data.get("format") != REPORT_FORMAT:
            problems.append(f"{path}: format {data.get('format')!r}, expected {REPORT_FORMAT!r}")
            continue
        engine = data.get("engine", {})
        provenance = data.get("provenance", {})
        reports.append(
            Report(
                path=path,
                target=data.get("target", {}).get("name", path.stem.removeprefix("certify-")),
                engine=f"{engine.get('name', '?')} {engine.get('version', '')}".strip(),
                started=provenance.get("started", ""),
                summary=data.get("summary", {}),
                content_hash=provenance.get("content_hash", ""),
                engine_error=data.get("engine_error", ""),
                cases=tuple(Case.read(case) for case in data.get("cases", ()) if isinstance(case, dict)),
                engine_name=str(engine.get("name", "?")),
                folder="" if path.parent == folder else path.parent.name,
                rules={
                    str(row["rule"]): row
                    for row in data.get("rules", ())
                    if isinstance(row, dict) and isinstance(row.get("rule"), str)
                },
                scope=data["scope"] if isinstance(data.get("scope"), dict) else {},
            )
        )
    return tuple(reports), tuple(problems)


def resolve_certify_dir(setting: str) -> Path:
    path = Path(setting) if setting else Path("build/certify")
    return path if path.is_absolute() else Path.cwd() / path


@cache
def rulebook_data(certify_dir: str = "") -> RulebookData:
    """Everything the rulebook shows (cached for the process)."""
    register = spec.load()
    claims = load_claims(register)  # before the dependencies: it adds claims.toml to the texts read
    scenarios = load_scenarios()
    steps = {s.id: s.steps for s in scenarios}
    folder = resolve_certify_dir(certify_dir)
    reports, problems = _reports(folder)
    dependencies = [REPO / name for name in register.texts]
    dependencies += [SPEC_DIR / "sources" / source.file for source in register.sources.values()]
    dependencies += feature_files()
    dependencies.append(register.folder / EVIDENCE_FILE)
    return RulebookData(
        register=register,
        scenarios=scenarios,
        steps=steps,
        reports=reports,
        report_problems=problems,
        certify_dir=folder,
        dependencies=tuple(dependencies),
        suite_hash=suite_hash() if reports else None,
        by_rule={},
        claims=claims,
        evidence=load_evidence(register.folder),
        sweeps=load_sweeps(register.folder),
    )
