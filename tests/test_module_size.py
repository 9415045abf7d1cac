"""A module is read in one sitting: none passes :data:`LIMIT` lines. The modules already
longer are split as they are worked on; until then each may not grow past its length here."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("spec", "features", "conformance", "reference_impl", "docs")
LIMIT = 800

#: Modules longer than the limit, and the most lines each may have until it is split.
LONGER: dict[str, int] = {}


def _lengths() -> dict[str, int]:
    return {
        path.relative_to(REPO).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for package in PACKAGES
        for path in sorted((REPO / package).rglob("*.py"))
    }


def test_no_module_passes_the_limit_or_its_recorded_length() -> None:
    too_long = {name: lines for name, lines in _lengths().items() if lines > max(LIMIT, LONGER.get(name, LIMIT))}
    assert not too_long, f"split these modules (at most {LIMIT} lines): {too_long}"


def test_every_longer_module_listed_still_exists_and_is_longer() -> None:
    # A module split below the limit leaves the list, so that it cannot grow back unnoticed.
    lengths = _lengths()
    assert {name for name in LONGER if lengths.get(name, 0) <= LIMIT} == set()
