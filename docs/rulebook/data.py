"""Everything the rulebook shows, read through the project's own APIs.

- the register: :func:`napspec.spec.load` (sources, chapters, rules, options, interpretations,
  profiles);
- the scenarios: :func:`napspec.suite.scenarios.load_scenarios`, each step with its data
  table (hands, tricks), and the suite's hash, :func:`napspec.suite.scenarios.suite_hash`;
- the certification reports: ``certify-*.json`` written by ``napspec certify`` (read if
  present; none is fine).

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
from napspec.spec.claims import EVIDENCE_FILE, Claim, Finding, load_claims, load_evidence
from napspec.spec.register import PROFILE_IDS, SPEC_DIR, Register
from napspec.suite.scenarios import Scenario, Step, feature_files, load_scenarios, suite_hash

REPO = SPEC_DIR.parent
REPORT_FORMAT = "napspec-certification/1"
#: Case statuses of the napspec/1 contract, in the order the status page shows them.
STATUSES = ("passed", "failed", "skipped-unsupported", "errored", "timed-out", "not-run", "not-applicable")
CERTIFY_COMMAND = "napspec certify --engine reference --profile all"


@dataclass(frozen=True)
class Report:
    """One certification report (one target: a profile or house rules)."""

    path: Path
    target: str
    engine: str
    started: str
    summary: dict[str, Any]
    content_hash: str
    engine_error: str
    cases: tuple[dict[str, Any], ...]


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
        names = [r.target for r in self.reports]
        return sorted(names, key=lambda n: (PROFILE_IDS.index(n) if n in PROFILE_IDS else len(PROFILE_IDS), n))

    def report(self, target: str) -> Report:
        return next(r for r in self.reports if r.target == target)

    def rule_counts(self, rule_id: str, target: str) -> Counter[str]:
        """Case statuses of one rule under one target."""
        return Counter(case["status"] for case in self.report(target).cases if rule_id in case.get("rules", ()))

    def scenario_counts(self, scenario_id: str, target: str) -> Counter[str]:
        return Counter(case["status"] for case in self.report(target).cases if case.get("scenario") == scenario_id)

    def fresh(self, report: Report) -> bool | None:
        """Whether a report was certified against the register and scenarios as they are now."""
        if self.suite_hash is None or not report.content_hash:
            return None
        return report.content_hash == self.suite_hash


def _reports(folder: Path) -> tuple[tuple[Report, ...], tuple[str, ...]]:
    reports: list[Report] = []
    problems: list[str] = []
    if not folder.is_dir():
        return (), ()
    for path in sorted(folder.glob("certify-*.json")):
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
                cases=tuple(data.get("cases", ())),
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
    )
