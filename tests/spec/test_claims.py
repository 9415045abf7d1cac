"""What the sources claim, as data: every claim quoted at its locator, judged by readings that
name their checks, its evidence present and computed for the readings as they stand. Each
fault is made in a copy of the register and must be reported where it is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from napspec.spec import Register, load
from napspec.spec.claims import EVIDENCE_FILE, load_claims, load_evidence, verdict
from napspec.spec.errors import RegisterError
from napspec.spec.register import SPEC_DIR
from tests.spec.register_copies import copy_register, edit, reported


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    return copy_register(tmp_path)


def test_every_claim_is_quoted_judged_or_said_to_be_uncheckable() -> None:
    claims = load_claims(load())
    assert len(claims) >= 15
    assert {claim.kind for claim in claims.values()} >= {"certainty", "arithmetic", "payments", "uncheckable"}
    assert not [str(problem) for problem in load().problems() if "claims" in problem.file]


def test_every_reading_has_evidence_and_a_verdict() -> None:
    claims = load_claims(load())
    evidence = load_evidence(SPEC_DIR)
    for claim in claims.values():
        found = evidence.get(claim.id, {})
        # undetermined only where an exact search left a reading open, never for want of evidence
        left_open = any(finding.holds is None for finding in found.values())
        assert verdict(claim, found) != "undetermined" or left_open, claim.id
        for reading in claim.readings:
            assert found[reading.id].inputs == reading.inputs(claim.id), (claim.id, reading.id)
            assert found[reading.id].summary.strip(), (claim.id, reading.id)


def test_a_misquoted_claim_is_reported_at_its_line(spec_copy: Path) -> None:
    edit(
        spec_copy / "claims.toml",
        'quote = "Only fifteen cards, or practically',
        'quote = "Only fifteen cards, or nearly',
    )
    problems = reported(spec_copy)
    assert any("claims.toml:" in p and "claim hoyle-quarter-in-play" in p and "quote not found" in p for p in problems)


def test_changed_figures_make_the_evidence_stale(spec_copy: Path) -> None:
    edit(
        spec_copy / "claims.toml",
        "{ players = 3, in-use = 15, unexposed = 37 }",
        "{ players = 3, in-use = 15, unexposed = 36 }",
    )
    problems = reported(spec_copy)
    assert any(
        EVIDENCE_FILE in p and "'peel-cards-in-use', reading 'as-worded': the evidence is stale" in p for p in problems
    ), problems


def test_a_reading_without_evidence_is_reported(spec_copy: Path) -> None:
    path = spec_copy / EVIDENCE_FILE
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["claims"]["hoyle-three-to-one"]["seat"]
    document["claims"]["hoyle-three-to-one"]["gone"] = document["claims"]["hoyle-three-to-one"]["pack"]
    path.write_text(json.dumps(document), encoding="utf-8")
    problems = reported(spec_copy)
    assert any("'hoyle-three-to-one', reading 'seat': no evidence" in p for p in problems), problems
    assert any("unknown reading hoyle-three-to-one/gone" in p for p in problems), problems


def test_an_uncheckable_claim_says_why(spec_copy: Path) -> None:
    edit(spec_copy / "claims.toml", 'uncheckable-because = "a question of history, not of the rules"\n', "")
    problems = reported(spec_copy)
    assert any("claims.toml:" in p and "'wikipedia-first-named': an uncheckable claim says why" in p for p in problems)


def test_an_unknown_kind_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "claims.toml", 'kind = "arithmetic"', 'kind = "arithmetics"')
    assert any("kind 'arithmetics' is not one of" in p for p in reported(spec_copy))


def test_a_claim_missing_a_key_is_refused_at_its_line(spec_copy: Path) -> None:
    edit(spec_copy / "claims.toml", 'title = "No great skill is essential"\n', "")
    with pytest.raises(RegisterError) as raised:
        load_claims(Register(spec_copy))
    assert raised.value.path.endswith("claims.toml") and raised.value.line is not None
    assert "'peel-no-great-skill': missing key 'title'" in str(raised.value)


def test_evidence_in_another_format_is_reported(spec_copy: Path) -> None:
    (spec_copy / EVIDENCE_FILE).write_text('{"format": "something-else/9"}', encoding="utf-8")
    assert any(
        "the evidence cannot be read" in p and "not a napspec-claims-evidence/1 document" in p
        for p in reported(spec_copy)
    )


def test_a_simulated_reading_without_its_effect_and_cap_is_refused(spec_copy: Path) -> None:
    text = (spec_copy / "claims.toml").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("  sample = ") and "cap = 4000" in line)
    edit(spec_copy / "claims.toml", line + "\n", "")
    edit(spec_copy / "claims.toml", "seed = 103 }", "seed = 103, hands = 4000 }")
    problems = reported(spec_copy)
    assert any(
        "claims.toml:" in p and "a simulated reading states the effect it looks for and the cap of its sample" in p
        for p in problems
    ), problems
    assert any("`hands` does not fix its size" in p for p in problems), problems


@pytest.mark.parametrize(
    ("sample", "said"),
    [
        ('{ effect = 0.25, unit = "stakes a hand", reason = "r" }', "its sample states no cap"),
        ('{ effect = 0, unit = "stakes a hand", reason = "r", cap = 10 }', "effect must be a number above 0"),
        ('{ effect = 0.25, unit = "stakes a hand", reason = "r", cap = 2.5 }', "cap must be a whole number"),
        ('{ effect = 0.25, unit = " ", reason = "r", cap = 10 }', "unit and reason must be said"),
        ('{ effect = 0.25, unit = "u", reason = "r", cap = 10, hands = 3 }', "unknown keys ['hands']"),
    ],
)
def test_a_malformed_sample_is_refused_at_its_claim(spec_copy: Path, sample: str, said: str) -> None:
    text = (spec_copy / "claims.toml").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("  sample = "))
    edit(spec_copy / "claims.toml", line, f"  sample = {sample}")
    with pytest.raises(RegisterError) as raised:
        load_claims(Register(spec_copy))
    assert "claims.toml" in str(raised.value) and "peel-deal-disadvantage" in str(raised.value)
    assert said in str(raised.value)


def test_a_sample_on_a_reading_that_draws_none_is_refused(spec_copy: Path) -> None:
    edit(
        spec_copy / "claims.toml",
        'candidates = ["1/5", "1/4", "1/3", "1/2"] }',
        'candidates = ["1/5", "1/4", "1/3", "1/2"] }\n  sample = { effect = 1, unit = "u", reason = "r", cap = 9 }',
    )
    assert any("only a simulated reading draws a sample" in p for p in reported(spec_copy))
