"""The transcriptions are carried with their headers, and locators find the right places."""

from __future__ import annotations

import pytest

from napspec.spec import PROFILE_IDS, LocatorError, load

SOURCES = load().sources


@pytest.mark.parametrize("source_id", PROFILE_IDS)
def test_transcription_keeps_its_provenance_header(source_id: str) -> None:
    header = SOURCES[source_id].header
    for key in ("id:", "title:", "provenance:", "changes:", "license:"):
        assert key in header


def test_peel_text_before_the_first_marker_is_page_three() -> None:
    assert SOURCES["peel"].contains("p. 3", "It is an admirable game for three, four, or five persons")
    assert SOURCES["peel"].contains("p. 4", "that it can be terminated at any moment")


def test_a_quote_across_a_page_break_needs_the_range() -> None:
    quote = "he simply states his intention of so doing"
    assert not SOURCES["peel"].contains("p. 9", "if he elects to pass " + quote)
    assert SOURCES["peel"].contains("pp. 9–10", "if he elects to pass " + quote)


def test_hoyle_pages_run_from_94_to_103() -> None:
    pages = [d.locator for d in SOURCES["hoyle"].divisions]
    assert pages[0] == "p. 94" and pages[-1] == "p. 103"


def test_wikipedia_sections_are_told_apart() -> None:
    wikipedia = SOURCES["wikipedia"]
    assert wikipedia.contains("§ Penalties", "Failure to follow suit to the lead when able is called a revoke.")
    assert not wikipedia.contains("§ Seven-card Nap › Penalties", "is called a revoke")
    assert wikipedia.contains("§ Seven-card Nap › Penalties", "Bidder pays 20 to every player.")


def test_britannica_paragraphs() -> None:
    britannica = SOURCES["britannica"]
    assert britannica.contains("p. 229, Rules of Play", "There is no misdeal")
    assert not britannica.contains("p. 229, description", "There is no misdeal")


@pytest.mark.parametrize(
    ("source_id", "locator"),
    [("peel", "page 9"), ("peel", "p. 99"), ("hoyle", "pp. 97–95"), ("wikipedia", "§ Nowhere")],
)
def test_bad_locators_raise(source_id: str, locator: str) -> None:
    with pytest.raises(LocatorError):
        SOURCES[source_id].text_at(locator)
