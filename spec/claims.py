"""What the sources claim (``claims.toml``) and the evidence that judges it
(``claims-evidence.json``).

A :class:`Claim` is a statement of fact in a source, quoted at its locator, with one or more
:class:`Reading` s that state precisely what is checked and name the check; or a claim no
program can judge, with the reason. The evidence is computed elsewhere (``napspec-lab
claims --write``, by the lab beside the reference engine) and written beside the claims; this
module reads both, gives each claim its verdict from its readings' findings, and reports
evidence that is missing or older than the reading it judges (:func:`evidence_problems`, run by
``napspec check``).

>>> from napspec.spec import load
>>> claims = load_claims(load())
>>> claims["peel-cards-in-use"].readings[0].check
'cards-in-use'
>>> claims["hoyle-best-table-four"].kind, bool(claims["hoyle-best-table-four"].uncheckable_because)
('uncheckable', True)
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from napspec.spec.errors import RegisterError
from napspec.spec.register import Citation, Problem, line_of
from napspec.spec.toml_tables import read_citations

if TYPE_CHECKING:
    from napspec.spec.register import Register

CLAIMS_FILE = "claims.toml"
EVIDENCE_FILE = "claims-evidence.json"
EVIDENCE_FORMAT = "napspec-claims-evidence/1"

KINDS = ("certainty", "arithmetic", "payments", "simulation", "uncheckable")
Verdict = Literal[
    "true",
    "false as worded",
    "true under a stated reading",
    "false under every stated reading",
    "undetermined",
    "not checkable",
]


@dataclass(frozen=True)
class Sample:
    """How large a simulated reading's sample is drawn: until every interval its verdict rests on
    is narrower than ``effect`` (the smallest difference that would matter, in ``unit``, for the
    stated ``reason``), or ``cap`` deals have been drawn (then the finding is "not shown").

    >>> Sample.from_data({"effect": 0.25, "unit": "stakes a hand", "reason": "r", "cap": 8000}).cap
    8000
    """

    effect: float
    unit: str
    reason: str
    cap: int

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Sample:
        """The sample rule of a reading's ``sample`` table; :class:`ValueError` naming what is
        missing or wrong (the effect and the cap must be positive, the unit and reason said)."""
        missing = [key for key in ("effect", "unit", "reason", "cap") if key not in data]
        if missing:
            raise ValueError(f"its sample states no {' and no '.join(missing)}")
        effect, cap = data["effect"], data["cap"]
        if isinstance(effect, bool) or not isinstance(effect, int | float) or effect <= 0:
            raise ValueError(f"its sample's effect must be a number above 0, not {effect!r}")
        if isinstance(cap, bool) or not isinstance(cap, int) or cap <= 0:
            raise ValueError(f"its sample's cap must be a whole number of deals above 0, not {cap!r}")
        unknown = sorted(set(data) - {"effect", "unit", "reason", "cap"})
        if unknown:
            raise ValueError(f"its sample has unknown keys {unknown}")
        if not str(data["unit"]).strip() or not str(data["reason"]).strip():
            raise ValueError("its sample's unit and reason must be said")
        return cls(float(effect), str(data["unit"]), " ".join(str(data["reason"]).split()), cap)

    def as_data(self) -> dict[str, Any]:
        return {"effect": self.effect, "unit": self.unit, "reason": self.reason, "cap": self.cap}


@dataclass(frozen=True)
class Reading:
    """One precise reading of a claim: what is checked, by which check, against the figures the
    text asserts (``given``). ``as_worded`` readings take the words at their plain meaning; the
    others are interpretations. A simulated reading states its ``sample``: the effect it looks
    for and the most deals it may draw."""

    id: str
    statement: str
    check: str
    given: Mapping[str, Any]
    as_worded: bool = False
    sample: Sample | None = None

    def inputs(self, claim_id: str) -> str:
        """A digest of what the evidence of this reading depends on in the claims file: its
        check and given figures (not its wording).

        >>> worded = Reading("r", "…", "stakes", {"a": 1})
        >>> worded.inputs("c") == Reading("r", "other words", "stakes", {"a": 1}).inputs("c")
        True
        """
        depends: dict[str, Any] = {"claim": claim_id, "reading": self.id, "check": self.check, "given": self.given}
        if self.sample is not None:  # what the reading looks for and the most it draws
            depends["sample"] = {key: value for key, value in self.sample.as_data().items() if key != "reason"}
        canonical = json.dumps(
            depends,
            sort_keys=True,
            ensure_ascii=False,
        )
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Claim:
    """A claim of a source, quoted, with its readings (or why no program can judge it)."""

    id: str
    title: str
    kind: str
    citations: tuple[Citation, ...]
    readings: tuple[Reading, ...] = ()
    uncheckable_because: str = ""


@dataclass(frozen=True)
class Finding:
    """The evidence on one reading: whether it holds (``None``: undetermined, where an exact
    search left the answer open), in a sentence, and the figures behind it (a refuting hand,
    the computed odds, the payments settled)."""

    holds: bool | None
    summary: str
    evidence: Mapping[str, Any]
    inputs: str

    def to_json(self) -> dict[str, Any]:
        return {"inputs": self.inputs, "holds": self.holds, "summary": self.summary, "evidence": dict(self.evidence)}


def load_claims(register: Register) -> dict[str, Claim]:
    """The claims of the register's folder (none if it has no claims file), in file order;
    :class:`~napspec.spec.errors.RegisterError` at the line of a malformed one."""
    path = register.folder / CLAIMS_FILE
    if not path.exists():
        return {}
    data = register._remember(path)
    name = register._name(path)
    text = register.texts[name]
    claims: dict[str, Claim] = {}
    for entry in data.get("claim", []):
        claim_id = entry.get("id")
        line = line_of(text, re.escape(f'id = "{claim_id}"')) if claim_id else None
        try:
            claim = Claim(
                id=entry["id"],
                title=entry["title"],
                kind=entry["kind"],
                citations=read_citations(entry.get("citation", [])),
                readings=tuple(
                    Reading(
                        id=reading["id"],
                        statement=" ".join(reading["statement"].split()),
                        check=reading["check"],
                        given=reading.get("given", {}),
                        as_worded=bool(reading.get("as-worded", False)),
                        sample=_sample(reading),
                    )
                    for reading in entry.get("reading", [])
                ),
                uncheckable_because=entry.get("uncheckable-because", ""),
            )
        except KeyError as error:
            raise RegisterError(name, line, f"claim {claim_id!r}: missing key {error.args[0]!r}") from None
        except ValueError as error:
            raise RegisterError(name, line, f"claim {claim_id!r}: {error}") from None
        if claim.id in claims:
            raise RegisterError(name, line, f"duplicate claim id {claim.id!r}")
        claims[claim.id] = claim
    return claims


def _sample(reading: Mapping[str, Any]) -> Sample | None:
    data = reading.get("sample")
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise ValueError(f"reading {reading.get('id')!r}: its sample must be a table (effect, unit, reason, cap)")
    try:
        return Sample.from_data(data)
    except ValueError as error:
        raise ValueError(f"reading {reading.get('id')!r}: {error}") from None


def claim_problems(register: Register, claims: Mapping[str, Claim]) -> list[Problem]:
    """What is wrong with the claims as data: an unknown kind, a checkable claim without a
    reading, an uncheckable one without its reason or with readings, a reading id twice, a
    simulated reading that does not state the effect it looks for and the cap of its sample (or
    fixes its size by ``hands`` instead), a sample stated for a reading that draws none."""
    name = register._name(register.folder / CLAIMS_FILE)
    text = register.texts.get(name) or (register.folder / CLAIMS_FILE).read_text(encoding="utf-8")
    problems: list[Problem] = []
    for claim in claims.values():
        line = line_of(text, re.escape(f'id = "{claim.id}"'))
        if claim.kind not in KINDS:
            problems.append(Problem(name, line, f"claim {claim.id!r}: kind {claim.kind!r} is not one of {KINDS}"))
        if not claim.citations:
            problems.append(Problem(name, line, f"claim {claim.id!r}: no citation"))
        if claim.kind == "uncheckable":
            if not claim.uncheckable_because.strip() or claim.readings:
                problems.append(
                    Problem(name, line, f"claim {claim.id!r}: an uncheckable claim says why, and has no reading")
                )
        elif not claim.readings:
            problems.append(Problem(name, line, f"claim {claim.id!r}: no reading to judge it by"))
        for reading in claim.readings:
            where = f"claim {claim.id!r}, reading {reading.id!r}"
            if claim.kind == "simulation" and reading.sample is None:
                problems.append(
                    Problem(
                        name,
                        line,
                        f"{where}: a simulated reading states the effect it looks for and the cap of its sample "
                        "(sample = { effect, unit, reason, cap })",
                    )
                )
            if claim.kind == "simulation" and "hands" in reading.given:
                problems.append(
                    Problem(
                        name,
                        line,
                        f"{where}: the sample is drawn until its interval is narrower than the effect, up to the "
                        "sample's cap; `hands` does not fix its size",
                    )
                )
            if claim.kind != "simulation" and reading.sample is not None:
                problems.append(Problem(name, line, f"{where}: only a simulated reading draws a sample"))
        ids = [reading.id for reading in claim.readings]
        if len(set(ids)) != len(ids):
            problems.append(Problem(name, line, f"claim {claim.id!r}: a reading id twice in {ids}"))
    return problems


def _evidence_file(folder: Path) -> dict[str, Any]:
    """The evidence file beside the claims, checked for its format (empty if not written)."""
    path = folder / EVIDENCE_FILE
    if not path.exists():
        return {}
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if document.get("format") != EVIDENCE_FORMAT:
        raise RegisterError(str(path), None, f"not a {EVIDENCE_FORMAT} document")
    return document


def load_evidence(folder: Path) -> dict[str, dict[str, Finding]]:
    """The findings written beside the claims, by claim and reading (none if not written)."""
    document = _evidence_file(folder)
    return {
        claim_id: {
            reading_id: Finding(
                holds=None if found["holds"] is None else bool(found["holds"]),
                summary=str(found["summary"]),
                evidence=found.get("evidence", {}),
                inputs=str(found["inputs"]),
            )
            for reading_id, found in readings.items()
        }
        for claim_id, readings in document.get("claims", {}).items()
    }


def load_sweeps(folder: Path) -> dict[str, Any]:
    """What the sweeps of every hand settled at each table size a source's game deals, as the
    evidence file keeps it beside the findings (``sweeps``: for each number of hands dealt, the
    games that deal it, the hands sure of each number of tricks with those left open, and the
    sweeps stored; none if not written)."""
    sweeps = _evidence_file(folder).get("sweeps", {})
    return dict(sweeps) if isinstance(sweeps, Mapping) else {}


def evidence_document(findings: Mapping[str, Mapping[str, Finding]], sweeps: Mapping[str, Any] | None = None) -> str:
    """The evidence file's text for ``findings`` and the overview of the ``sweeps`` (stable:
    sorted keys, one trailing newline)."""
    document: dict[str, Any] = {
        "format": EVIDENCE_FORMAT,
        "claims": {
            claim_id: {reading_id: finding.to_json() for reading_id, finding in readings.items()}
            for claim_id, readings in findings.items()
        },
    }
    if sweeps is not None:
        document["sweeps"] = dict(sweeps)
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def evidence_problems(register: Register, claims: Mapping[str, Claim]) -> list[Problem]:
    """Readings without evidence, or whose evidence was computed for other inputs (the check
    or the given figures changed since), and evidence of readings that no longer exist."""
    name = register._name(register.folder / EVIDENCE_FILE)
    try:
        findings = load_evidence(register.folder)
    except (RegisterError, ValueError, KeyError, TypeError) as error:
        return [Problem(name, None, f"the evidence cannot be read: {error}")]
    problems: list[Problem] = []
    run = "run `napspec-lab claims --write`"
    for claim in claims.values():
        for reading in claim.readings:
            found = findings.get(claim.id, {}).get(reading.id)
            if found is None:
                problems.append(Problem(name, None, f"claim {claim.id!r}, reading {reading.id!r}: no evidence; {run}"))
            elif found.inputs != reading.inputs(claim.id):
                problems.append(
                    Problem(
                        name,
                        None,
                        f"claim {claim.id!r}, reading {reading.id!r}: the evidence is stale "
                        f"(the check or its figures changed since it was computed); {run}",
                    )
                )
    for claim_id, readings in findings.items():
        known = {reading.id for reading in claims[claim_id].readings} if claim_id in claims else set()
        for reading_id in readings:
            if reading_id not in known:
                problems.append(Problem(name, None, f"evidence of an unknown reading {claim_id}/{reading_id}; {run}"))
    return problems


def verdict(claim: Claim, findings: Mapping[str, Finding]) -> Verdict:
    """The claim's verdict from its readings' findings: true if a reading of the plain words
    holds; undetermined if none does and one is left open (or a reading has no finding yet);
    "true under a stated reading" if the plain words fail but an interpretation holds; false
    as worded otherwise, or, for a claim read only through interpretations (a simulation's
    agents, say), "false under every stated reading".

    >>> plain = Reading("as-worded", "…", "c", {}, as_worded=True)
    >>> other = Reading("other", "…", "c", {})
    >>> claim = Claim("x", "x", "arithmetic", (), (plain, other))
    >>> verdict(claim, {"as-worded": Finding(False, "", {}, ""), "other": Finding(True, "", {}, "")})
    'true under a stated reading'
    >>> verdict(claim, {"as-worded": Finding(False, "", {}, "")})
    'undetermined'
    >>> verdict(claim, {"as-worded": Finding(None, "", {}, ""), "other": Finding(True, "", {}, "")})
    'undetermined'
    >>> verdict(Claim("y", "y", "simulation", (), (other,)), {"other": Finding(False, "", {}, "")})
    'false under every stated reading'
    """
    if claim.kind == "uncheckable":
        return "not checkable"
    if any(reading.id not in findings for reading in claim.readings):
        return "undetermined"
    plain = [findings[reading.id].holds for reading in claim.readings if reading.as_worded]
    other = [findings[reading.id].holds for reading in claim.readings if not reading.as_worded]
    if any(found is True for found in plain):
        return "true"
    if any(found is None for found in plain):
        return "undetermined"
    if any(found is True for found in other):
        return "true under a stated reading"
    if any(found is None for found in other) and not plain:
        return "undetermined"
    return "false as worded" if plain else "false under every stated reading"


__all__ = [
    "Claim",
    "Finding",
    "Reading",
    "Sample",
    "claim_problems",
    "evidence_document",
    "evidence_problems",
    "load_claims",
    "load_evidence",
    "load_sweeps",
    "verdict",
]
