"""The numbers implementers.md gives of the random part are the code's and a run's.

The guide states how many random answers a certificate compares, in how many deals, family by
family, and the odds those numbers give. The constants are checked against the code in the
default run; the table of families, measured for the reference engine with seed 1, is made
again in the campaign (four certifications) and must be the one printed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from napspec.conformance import differential
from napspec.conformance.certificate import certify_target
from napspec.conformance.certify import resolve_target
from napspec.conformance.harness import open_engine
from napspec.spec import PROFILE_IDS

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "implementers.md"

#: The guide's words for each family of the report's ``differential.families``, in its order.
ROWS = {
    "the deal": "dealing",
    "the calling": "calling",
    "the play": "play",
    "the settlement": "settlement",
    "irregular actions and claims": "irregularities",
    "after a revoke": "irregularities: revoke",
    "after a card out of turn": "irregularities: out-of-turn",
    "after a card exposed after the deal": "irregularities: exposed-after-deal",
    "after a card exposed in dealing": "irregularities: exposed-in-dealing",
    "after a misdeal": "irregularities: misdeal",
    "after a faulty pack": "irregularities: faulty-pack",
    "after a wrong number of cards": "irregularities: wrong-number",
    "after a deal before the cut": "irregularities: uncut",
    "after a refusal to show": "irregularities: refusal to show",
}


#: What the guide's section on the random part must say, made from the code's constants.
def _stated() -> list[str]:
    least = f"{differential.MIN_COMPARED:,}"
    return [
        f"Deals are played until at least {least}\n  answers have been compared",
        f"in at least {differential.FAMILY_FLOOR} deals",
        f"at least {differential.DEALS} deals and at most {differential.MAX_DEALS}",
        f"passes {least} of them with probability\n  0.99^{differential.MIN_COMPARED} <",
        f"so all {differential.REPEATS} agree",
        f"compare at\nleast {least} random answers",
    ]


def _guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def test_the_guide_gives_the_random_parts_numbers_as_the_code_has_them() -> None:
    text = _guide()
    missing = [phrase for phrase in _stated() if phrase not in text]
    assert missing == [], f"docs/implementers.md no longer says: {missing}"
    odds = re.search(r"0\.99\^(\d+) < (\d+)·10⁻([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", text)
    assert odds is not None, "the guide no longer gives the odds of an engine wrong on 1 % of its answers"
    superscript = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
    exponent, mantissa, power = (int(group.translate(superscript)) for group in odds.groups())
    assert 0.99**exponent < mantissa * 10.0**-power, "the odds the guide gives are not an upper bound"


def families_table(families: dict[str, dict[str, dict[str, int]]], totals: dict[str, tuple[int, int]]) -> str:
    """The guide's table of families: answers, and deals in brackets, per profile."""
    names = {"peel": "Peel", "hoyle": "Hoyle", "britannica": "Britannica", "wikipedia": "Wikipedia"}
    lines = ["| family | " + " | ".join(names[name] for name in PROFILE_IDS) + " |", "|---" * 5 + "|"]
    for words, key in ROWS.items():
        cells = [
            f"{found['answers']:,} ({found['deals']})" if (found := families[name].get(key)) else "—"
            for name in PROFILE_IDS
        ]
        lines.append(f"| {words} | " + " | ".join(cells) + " |")
    lines.append(
        "| **all answers** (deals) | " + " | ".join(f"{totals[n][0]:,} ({totals[n][1]})" for n in PROFILE_IDS) + " |"
    )
    return "\n".join(f"  {line}" for line in lines)


@pytest.mark.campaign
def test_the_guides_table_of_families_is_the_reference_engines_with_seed_1() -> None:
    oracle = open_engine("reference", None)
    try:
        runs = {
            name: certify_target(resolve_target(name, None), "reference", None, oracle=oracle, seed=1)
            for name in PROFILE_IDS
        }
    finally:
        oracle.close()
    differentials = {name: run.differential for name, run in runs.items() if run.differential is not None}
    assert list(differentials) == list(PROFILE_IDS), "a whole run plays the random part"
    families = {name: differential["families"] for name, differential in differentials.items()}
    totals = {name: (differential["cases"], differential["deals"]) for name, differential in differentials.items()}
    unnamed = {key for found in families.values() for key in found} - set(ROWS.values())
    assert unnamed == set(), f"families the guide's table has no row for: {sorted(unnamed)}"
    table = families_table(families, totals)
    assert table in _guide(), f"docs/implementers.md's table of families should now be:\n{table}"
