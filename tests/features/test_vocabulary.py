"""One step vocabulary: every step of the feature files is a phrase of it, every phrase has its
sentence, no step reads as two phrases, and a new phrase is one entry — the pytest-bdd steps,
the planned cases and the rulebook's sentences all take it up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from napspec.suite.plan import plan_row, plan_scenario
from napspec.suite.scenarios import Scenario, Step, load_scenarios, parse_feature
from napspec.suite.vocabulary import (
    VOCABULARY,
    Args,
    CaseBuilder,
    Context,
    Phrase,
    Piece,
    ScenarioError,
    known,
    match,
)
from tests.conformance.conftest import REPO

SCENARIOS = load_scenarios()
STEPS = [step for scenario in SCENARIOS for step in scenario.steps]


def _words(pieces: list[Piece]) -> str:
    return "".join(
        piece if isinstance(piece, str) else getattr(piece, "text", getattr(piece, "target", "")) for piece in pieces
    )


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_every_step_of_the_features_is_a_phrase_of_the_vocabulary(scenario: Scenario) -> None:
    unknown = [f"line {step.line}: {step.text}" for step in scenario.steps if not known(step.text)]
    assert not unknown, unknown
    for row in plan_scenario(scenario):  # as written and as run, row by row
        assert len(row.steps) == len(scenario.steps)
        assert row.cases, "a scenario checks something"


def test_no_step_reads_as_two_phrases() -> None:
    for step in STEPS:
        readings = [p.pattern for p in VOCABULARY if p.parse(step.text, template=True) is not None]
        assert len(readings) == 1, (step.text, readings)


def _reading(step: Step) -> tuple[Phrase, dict[str, str]]:
    found = match(step.text, template=True)
    assert found is not None, step.text
    return found


@pytest.mark.parametrize("phrase", VOCABULARY, ids=lambda p: f"{p.keyword} {p.pattern}")
def test_every_phrase_is_used_and_has_its_sentence(phrase: Phrase) -> None:
    uses = [step for step in STEPS if _reading(step)[0] is phrase]
    assert uses, "a phrase no scenario uses"
    assert {step.keyword for step in uses} == {phrase.keyword}, "a phrase is used with its own keyword"
    for step in uses:
        words = _words(phrase.say(_reading(step)[1], Context()))
        assert words[:1].isupper() or words[:1] in "<0123456789", (step.text, words)
        assert words.endswith((".", ":")) and len(words.split()) >= 2, (step.text, words)


def test_sentences_differ_between_phrases() -> None:
    told: dict[str, set[str]] = {}
    for step in STEPS:
        phrase, values = _reading(step)
        told.setdefault(_words(phrase.say(values, Context())), set()).add(phrase.pattern)
    assert all(len(patterns) == 1 for patterns in told.values()), [p for p in told.values() if len(p) > 1]


# ----------------------------------------------------------- a new phrase is one entry


def _nobody_has_won(builder: CaseBuilder, args: Args) -> None:
    builder.expect(
        "tricks completed",
        ["tricks"],
        [{"get": ["answers", "tricks"]}, {"where-set": "winner"}, {"count": True}],
        args["count"],
    )


THROWAWAY = Phrase(
    keyword="Then",
    pattern="the table has seen {count:int} tricks won",
    apply=_nobody_has_won,
    say=lambda args, context: [
        "The table has seen ",
        *(["no"] if args["count"] == "0" else [args["count"]]),
        " tricks won.",
    ],
)
WITH_THROWAWAY = (*VOCABULARY, THROWAWAY)

FEATURE = """\
@chapter:calling
Feature: A step that only the extended vocabulary knows

  @rule:calling.in-rotation @id:throwaway-phrase
  Scenario: Nobody has won a trick before the play
    Hoyle p. 94: "x"

    Given the profile "hoyle"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | AS KS QS JS TS |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2D 3D 4D 5D 6D |
    When seat 1 calls 2
    Then the table has seen {count} tricks won
"""


def _feature(folder: Path, count: int) -> Scenario:
    path = folder / "throwaway.feature"
    path.write_text(FEATURE.format(count=count), encoding="utf-8")
    (scenario,) = parse_feature(path)
    return scenario


def test_a_new_phrase_is_taken_up_by_the_plan_and_the_rulebook(tmp_path: Path) -> None:
    scenario = _feature(tmp_path, 0)
    step = scenario.steps[-1]
    assert not known(step.text) and known(step.text, WITH_THROWAWAY)
    with pytest.raises(ScenarioError, match="no phrase of the vocabulary"):
        plan_row(scenario, {})
    row = plan_row(scenario, {}, vocabulary=WITH_THROWAWAY)
    (case,) = row.cases
    assert case.message["queries"] == ["tricks"] and case.checks[0].expected == 0
    pytest.importorskip("docutils")
    from napspec.docs.rulebook.steps import sentence

    drawn = sentence(step, Context(), WITH_THROWAWAY)[0].astext()
    assert drawn == "The table has seen no tricks won."
    assert sentence(step, Context())[0].astext() == "The table has seen 0 tricks won.", "unknown: shown as written"


TEST_MODULE = """\
from pathlib import Path

import pytest
from pytest_bdd import scenarios

from napspec.suite.scenarios import load_scenarios
from napspec.suite.steps import define_steps
from tests.features.test_vocabulary import WITH_THROWAWAY

define_steps(WITH_THROWAWAY)


@pytest.fixture
def vocabulary():
    return WITH_THROWAWAY


@pytest.fixture
def suite_scenarios():
    return load_scenarios(Path(__file__).parent)


pytestmark = pytest.mark.usefixtures("engine")
scenarios("throwaway.feature")
"""


@pytest.mark.parametrize(("count", "passes"), [(0, True), (1, False)])
def test_a_new_phrase_is_a_pytest_bdd_step(tmp_path: Path, count: int, passes: bool) -> None:
    _feature(tmp_path, count)
    (tmp_path / "test_throwaway.py").write_text(TEST_MODULE, encoding="utf-8")
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-c",
            "/dev/null",
            f"--rootdir={tmp_path}",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "-p",
            "napspec.conformance.plugin",
            "--engine",
            "reference",
            str(tmp_path / "test_throwaway.py"),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = completed.stdout + completed.stderr
    if passes:
        assert completed.returncode == 0 and "1 passed" in output, output
    else:
        assert completed.returncode == 1 and "tricks completed: expected 1, engine answered 0" in output, output


def test_the_rulebook_lists_no_phrases_of_its_own() -> None:
    text = (REPO / "docs" / "rulebook" / "steps.py").read_text(encoding="utf-8")
    for phrase in VOCABULARY:
        literal_words = phrase.pattern.split("{")[0].strip()
        if len(literal_words) > 12:
            assert literal_words not in text, phrase.pattern


def test_and_and_but_steps_take_their_predecessors_keyword(tmp_path: Path) -> None:
    scenario = _feature(tmp_path, 0)
    assert [step.keyword for step in scenario.steps] == ["Given", "Given", "Given", "When", "Then"]
    assert scenario.steps[2].table[0] == ("seat", "cards") and len(scenario.steps[2].table) == 5


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('Given the profile "hoyle"\n', ""), r"throwaway.feature:\d+ \(throwaway-phrase\): no profile was given"),
        (
            ("When seat 1 calls 2", "When seat 1 calls two"),
            r"throwaway.feature:16 \(throwaway-phrase\): no phrase of the vocabulary reads 'seat 1 calls two'",
        ),
        (
            ("| 1    | AS KS QS JS TS |", "| 1    | AS KS QS JS XS |"),
            r"throwaway.feature:10 \(throwaway-phrase\): not a card: .XS",
        ),
        (
            (
                "When seat 1 calls 2",
                'When seat 1 calls 2\n    Then the action is rejected as "call-too-low"\n'
                "    And seat 4 is told the call 2 and 0 tricks made",
            ),
            r"throwaway.feature:18 \(throwaway-phrase\): the last action must be the seat's question",
        ),
    ],
    ids=["no-profile", "unknown-phrase", "bad-card", "told-without-question"],
)
def test_a_badly_written_scenario_is_named_with_its_file_and_line(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = tmp_path / "throwaway.feature"
    text = FEATURE.format(count=0)
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1]), encoding="utf-8")
    (scenario,) = parse_feature(path)
    with pytest.raises(ScenarioError, match=message):
        plan_row(scenario, {}, vocabulary=WITH_THROWAWAY)
