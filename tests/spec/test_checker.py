"""The checks of the register catch what they are meant to catch: each test breaks a copy of
the register in one way and expects exactly that fault to be reported."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from napspec.spec import Register
from napspec.spec.register import SPEC_DIR


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _problems(folder: Path) -> list[str]:
    return [str(p) for p in Register(folder).problems()]


def test_the_copy_is_as_sound_as_the_original(spec_copy: Path) -> None:
    assert _problems(spec_copy) == [str(p) for p in Register(SPEC_DIR).problems()]


def test_a_misquotation_is_reported_with_file_and_line(spec_copy: Path) -> None:
    _edit(spec_copy / "variations.toml", "going from left to might", "going from left to right")
    problems = _problems(spec_copy)
    assert any(
        "variations.toml:" in p and "deal-pattern=singly" in p and "not in the transcription" in p
        for p in problems
    ), problems


def test_a_wrong_page_is_reported_with_the_right_one(spec_copy: Path) -> None:
    _edit(
        spec_copy / "variations.toml",
        'locator = "p. 9"\n    quote = "The deal is decided',
        'locator = "p. 8"\n    quote = "The deal is decided',
    )
    problems = _problems(spec_copy)
    assert any("first-dealer=first-jack-face-up" in p and "it stands at p. 9" in p for p in problems), problems


def test_a_malformed_locator_is_reported(spec_copy: Path) -> None:
    _edit(spec_copy / "variations.toml", 'locator = "§ Deal"', 'locator = "§ Dealing"')
    assert any("no such place '§ Dealing'" in p for p in _problems(spec_copy))


def test_a_source_left_unaccounted_on_an_option_is_reported(spec_copy: Path) -> None:
    _edit(spec_copy / "variations.toml", '  britannica = "Britannica has no such rule."\n', "")
    assert any(
        "option 'show-cards': source 'britannica' is neither cited" in p for p in _problems(spec_copy)
    )


def test_an_uncited_profile_choice_is_reported(spec_copy: Path) -> None:
    _edit(spec_copy / "profiles" / "peel.toml", 'deal-pattern = "singly"', 'deal-pattern = "three-then-two"')
    assert any(
        "peel: deal-pattern = 'three-then-two' is neither cited from 'peel'" in p for p in _problems(spec_copy)
    )


def test_an_unknown_value_in_a_profile_is_reported(spec_copy: Path) -> None:
    _edit(spec_copy / "profiles" / "hoyle.toml", 'deal-pattern = "singly"', 'deal-pattern = "in-threes"')
    assert any("hoyle: option 'deal-pattern' has no value 'in-threes'" in p for p in _problems(spec_copy))


def test_an_unused_interpretation_is_reported(spec_copy: Path) -> None:
    with (spec_copy / "interpretations.toml").open("a", encoding="utf-8") as handle:
        handle.write(
            '\n[[interpretation]]\nid = "orphan"\nkind = "silent"\nsources = ["peel"]\n'
            'question = "q"\nreading = "r"\nreason = "why"\n'
        )
    assert any("orphan: not named by any rule" in p for p in _problems(spec_copy))


def test_an_option_naming_an_unknown_rule_is_reported(spec_copy: Path) -> None:
    _edit(spec_copy / "variations.toml", 'rules = ["dealing.deal"]', 'rules = ["dealing.deal", "dealing.nowhere"]')
    assert any("names unknown rule 'dealing.nowhere'" in p for p in _problems(spec_copy))
