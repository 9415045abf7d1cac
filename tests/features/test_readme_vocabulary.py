"""features/README.md lists the step phrases for scenario writers; the list must be the
vocabulary's, phrase for phrase, so that a new step added to the vocabulary and not to the
guide (or the other way round) is caught."""

from __future__ import annotations

import re
from pathlib import Path

from napspec.suite.vocabulary import VOCABULARY

README = Path(__file__).resolve().parents[2] / "features" / "README.md"


def _skeleton(text: str) -> str:
    """A phrase with every slot (``{seat:int}`` or ``<s>``) written ``<>``."""
    return re.sub(r"\{[^}]*\}|<[^>]*>", "<>", text).strip()


def _listed() -> list[str]:
    """The phrases of the guide: every code span of a phrase on the guide's bullet lines."""
    bullets = [line for line in README.read_text(encoding="utf-8").splitlines() if line.startswith("- `")]
    return [_skeleton(span) for line in bullets for span in re.findall(r"`((?:Given|When|Then) [^`]*)`", line)]


def test_the_guide_lists_every_phrase_of_the_vocabulary() -> None:
    listed = _listed()
    vocabulary = [_skeleton(f"{phrase.keyword} {phrase.pattern}") for phrase in VOCABULARY]
    assert sorted(set(vocabulary) - set(listed)) == [], "phrases missing from features/README.md"
    assert sorted(set(listed) - set(vocabulary)) == [], "phrases in features/README.md that the vocabulary lacks"
