"""Differential fuzzing: random deals played through an engine and an oracle in lockstep.

The deals are drawn as :mod:`napspec.conformance.deals` draws them, within what the engine
plays (:func:`~napspec.conformance.scope.deal_scope`: the table sizes it seats, the starts it
takes, the queries it answers), mostly legal actions, sometimes actions the oracle does not
list (which the engine must refuse as it does), faults with ``irregular``, and now and then
the draw for the first dealer or the end of a session. After each action both engines play
the same self-contained case, every action so far and every query the engine answers, and
every answer is compared (:func:`~napspec.conformance.comparison.compare`). The choices are
drawn by hypothesis, so the first divergence is shrunk to a minimal case (fewest actions,
simplest choices) and printed as a scenario the suite's reader takes
(:func:`~napspec.conformance.fuzz_report.scenario_text`), with the rules it touches
(:data:`~napspec.conformance.comparison.RULES_TOUCHED`). A case the engine answers
``unsupported`` is counted (the deal ends there) and the run goes on.

The harness names no engine: :func:`fuzz` takes the engine under test and the oracle as
:class:`~napspec.protocol.Engine` objects (wrapped by the harness, so that
every wait has a deadline and every answer is checked against the protocol).
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import Flaky
from hypothesis.internal.conjecture import engine as conjecture_engine

from napspec.conformance.comparison import RULES_TOUCHED, Difference, Divergence, compare, normal_step, rules_touched
from napspec.conformance.deals import (
    MAX_ACTIONS,
    NAMED_CALLS,
    QUERIES,
    START_DRAWS,
    DealScope,
    action_kind,
    draw_case,
    irregular_actions,
    next_action,
    unlisted_actions,
)

# How a divergence is shown is napspec.conformance.fuzz_report's; its names are kept here too.
from napspec.conformance.fuzz_report import _key, gherkin, scenario_text
from napspec.protocol import Engine, EngineCrashed, EngineError, EngineTimeout, EngineUnavailable, UnsupportedCase
from napspec.spec.terminal import ExitStatus
from napspec.suite.targets import Target

#: The most cases whose answers a run remembers (to see one answered twice differently).
MAX_REMEMBERED: Final = 20_000


class DataChooser:
    """The choices of a deal drawn by hypothesis (so that a divergence is shrunk)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def integer(self, low: int, high: int, label: str) -> int:
        return self.data.draw(st.integers(low, high), label=label)

    def permutation(self, items: Sequence[str], label: str) -> list[str]:
        return list(self.data.draw(st.permutations(list(items)), label=label))


@dataclass
class FuzzResult:
    """What a run of :func:`fuzz` came to."""

    #: Deals started (the count that ``found_after`` and ``deals_per_second`` use).
    deals: int = 0
    #: Of those, deals that ended before the hand did, at the bound hypothesis sets on the
    #: random choices of one deal; every action they reached was compared all the same.
    cut_short: int = 0
    cases: int = 0
    seconds: float = 0.0
    divergence: Divergence | None = None
    #: Why the run stopped early (an engine that would not play the target), if it did.
    stopped: str = ""
    stopped_status: ExitStatus = ExitStatus.CERTIFIED
    events: list[str] = field(default_factory=list)
    #: The cases the engine answered ``unsupported``, by its reason (each ended its deal).
    unsupported: dict[str, int] = field(default_factory=dict)

    @property
    def status(self) -> ExitStatus:
        """The exit status, as ``napspec certify`` gives it: 0 no divergence, 1 divergence."""
        if self.stopped:
            return self.stopped_status
        return ExitStatus.NOT_CERTIFIED if self.divergence else ExitStatus.CERTIFIED

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds else 0.0


class _Diverged(Exception):
    """Raised inside the hypothesis test: this draw made the engines disagree."""

    def __init__(self, divergence: Divergence) -> None:
        self.divergence = divergence
        super().__init__(f"{len(divergence.differences)} differences")


class _Stop(BaseException):
    """Ends the run at once (not a failure to shrink): an engine gone or unwilling."""

    def __init__(self, reason: str, status: ExitStatus, divergence: Divergence | None = None) -> None:
        self.reason = reason
        self.status = status
        self.divergence = divergence
        super().__init__(reason)


class _Enough(BaseException):
    """Ends the run at once, with no divergence: every deal asked for has been played."""


@dataclass
class _Run:
    engine: Engine
    oracle: Engine
    target: Target
    scope: DealScope
    irregular: bool
    max_actions: int
    result: FuzzResult
    on_deal: Callable[[int], None] | None = None
    first_found: int | None = None
    #: The engine's answer to every case played so far (bounded), to see a case answered
    #: twice differently: hypothesis plays a case again when it replays or shrinks a deal.
    answered: dict[str, str] = field(default_factory=dict)
    #: The last divergence raised, for a replay that did not diverge again.
    last_divergence: Divergence | None = None
    #: When the run must stop (``time.monotonic()``), if ever.
    deadline: float | None = None
    #: Set by an interrupt: checked before every case, so that the run ends there even if the
    #: exception the interrupt raised was lost on its way up (hypothesis runs code of its own
    #: in the garbage collector's callbacks, where an exception is printed and dropped).
    stop: threading.Event | None = None
    #: The most deals to play (hypothesis calls the test more often than its number of
    #: examples: a deal it cut short is not one of them).
    most: int | None = None

    def play(self, case: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None, list[Difference]]:
        """Both engines' answers to ``case`` (the oracle asked what drawing the next action
        needs besides), and how they differ on what the engine answers; the engine's answer
        is ``None`` when it answered ``unsupported`` (counted: the deal ends there)."""
        self.result.cases += 2
        try:
            expected = self.oracle.run(case)
        except EngineError as error:
            raise _Stop(f"the oracle failed: {error}", ExitStatus.ENGINE_UNAVAILABLE) from None
        asked = {**case, "queries": [query for query in case["queries"] if query in self.scope.queries]}
        try:
            actual = self.engine.run(asked)
        except UnsupportedCase as error:
            self.result.unsupported[error.reason] = self.result.unsupported.get(error.reason, 0) + 1
            return expected, None, []
        except (EngineCrashed, EngineTimeout, EngineUnavailable) as error:
            # Shrinking would restart (or wait for) the engine again and again: the case it
            # failed on is reported as it is.
            difference = Difference("error", None, f"{type(error).__name__}: {error.message}")
            divergence = self._divergence(case, expected, [difference], shrunk=False)
            raise _Stop(str(error), ExitStatus.NOT_CERTIFIED, divergence) from None
        except EngineError as error:
            return expected, None, [Difference("error", None, f"{type(error).__name__}: {error.message}")]
        self._same_as_before(asked, expected, actual)
        return expected, actual, compare(expected, actual, case, asked["queries"])

    def _same_as_before(self, case: dict[str, Any], expected: dict[str, Any], actual: dict[str, Any]) -> None:
        """Stop the run, reporting non-determinism, if the engine answered this very case
        differently before (messages aside)."""
        key = _key(case)
        answer = _key({"steps": [normal_step(s) for s in actual.get("steps", [])], "answers": actual.get("answers")})
        before = self.answered.get(key)
        if before is None:
            if len(self.answered) < MAX_REMEMBERED:
                self.answered[key] = answer
            return
        if before != answer:
            difference = Difference("nondeterministic", json.loads(before), json.loads(answer))
            divergence = self._divergence(case, expected, [difference], shrunk=False)
            divergence = dataclasses.replace(divergence, nondeterministic=True)
            raise _Stop("the engine answered the same case differently", ExitStatus.NOT_CERTIFIED, divergence)

    def _divergence(
        self, case: dict[str, Any], expected: dict[str, Any], differences: list[Difference], shrunk: bool = True
    ) -> Divergence:
        if self.first_found is None:
            self.first_found = self.result.deals
        steps = expected.get("steps") or []
        self.last_divergence = Divergence(
            case=case,
            differences=tuple(differences),
            phase=self.phase_before,
            oracle_answers=expected.get("answers", {}),
            oracle_step=steps[-1] if steps else None,
            found_after=self.first_found,
            shrunk=shrunk,
            phase_after=str((expected.get("answers", {}).get("state") or {}).get("phase", "")),
        )
        return self.last_divergence

    phase_before: str = ""

    def deal(self, data: st.DataObject) -> None:
        """One deal: draw the table and the pack, then grow the hand action by action."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Stop("the run reached its --max-duration", ExitStatus.NOT_CERTIFIED)
        if self.first_found is not None:
            self._deal(data)  # shrinking: the divergent deal again, smaller, not a deal more
            return
        if self.most is not None and self.result.deals >= self.most:
            raise _Enough  # hypothesis would go on: a deal it cut short is not one of its examples
        self.result.deals += 1
        if self.on_deal:
            self.on_deal(self.result.deals)
        ended = False
        try:
            self._deal(data)
            ended = True
        except (_Diverged, _Stop):
            ended = True
            raise
        finally:
            self.result.cut_short += not ended

    def _deal(self, data: st.DataObject) -> None:
        chooser = DataChooser(data)
        case = draw_case(self.target, self.scope, chooser, irregular=self.irregular, case_id="fuzz")
        if case is None:
            raise _Stop("no deal can be drawn within what the engine plays", ExitStatus.ENGINE_UNAVAILABLE)
        start = next(iter(case["start"]))
        self.phase_before = {"deck": "cut", "hands": "calling", "draw": "draw"}.get(start, "end-of-session")
        actions: list[dict[str, Any]] = []
        while True:
            if self.stop is not None and self.stop.is_set():
                raise KeyboardInterrupt
            grown = {**case, "actions": list(actions)}
            expected, actual, differences = self.play(grown)
            if differences:
                raise _Diverged(self._divergence(grown, expected, differences))
            if actual is None or start not in ("deck", "hands"):
                return
            answers = expected["answers"]
            action = next_action(grown, answers, chooser)
            if action is None or len(actions) >= self.max_actions:
                return
            self.phase_before = str(answers["state"]["phase"])
            actions.append(action)


def fuzz(
    engine: Engine,
    oracle: Engine,
    target: Target,
    *,
    deals: int = 100,
    irregular: bool = False,
    seed: int = 0,
    max_actions: int = MAX_ACTIONS,
    shrink: bool = True,
    shrink_seconds: float = 120.0,
    on_deal: Callable[[int], None] | None = None,
    deadline: float | None = None,
    stop: threading.Event | None = None,
    scope: DealScope | None = None,
) -> FuzzResult:
    """Play up to ``deals`` random deals under ``target`` through ``engine`` and ``oracle``
    in lockstep, comparing every answer after every action; the first divergence is shrunk
    (unless ``shrink`` is false; for at most about ``shrink_seconds``, after which the
    smallest case found so far is kept) and returned in the result. Deterministic for a
    given ``seed`` (and deterministic engines) while shrinking stays within its time.
    ``on_deal`` is told the number of each deal as it starts; no deal starts after
    ``deadline`` (``time.monotonic()``), and none is played on once ``stop`` is set (an
    interrupt: :class:`KeyboardInterrupt`). Engines are closed by the caller.
    """
    result = FuzzResult()
    if scope is None:
        from napspec.conformance.scope import deal_scope

        scope, why = deal_scope(target, engine.hello(), oracle.hello())
        if scope is None:
            result.stopped = f"the engine does not play this target: {why}"
            result.stopped_status = ExitStatus.ENGINE_UNAVAILABLE
            return result
    if irregular and not scope.irregular:
        result.stopped = "the engine does not play irregular cases (its handshake says irregular_play: false)"
        result.stopped_status = ExitStatus.ENGINE_UNAVAILABLE
        return result
    run = _Run(
        engine=engine,
        oracle=oracle,
        target=target,
        scope=scope,
        irregular=irregular,
        max_actions=max_actions,
        result=result,
    )
    run.on_deal = on_deal
    run.deadline = deadline
    run.stop = stop
    run.most = deals
    phases = [Phase.generate, Phase.shrink] if shrink else [Phase.generate]

    @hypothesis_seed(seed)
    @settings(
        max_examples=deals,
        database=None,
        deadline=None,
        phases=phases,
        verbosity=Verbosity.quiet,
        report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )
    @given(st.data())
    def one_deal(data: st.DataObject) -> None:
        run.deal(data)

    started = time.perf_counter()
    # Hypothesis bounds shrinking by time only through this module constant (five minutes
    # by default); a run of the command needs a bound of its own. Restored below.
    shrinking_seconds = conjecture_engine.MAX_SHRINKING_SECONDS
    conjecture_engine.MAX_SHRINKING_SECONDS = shrink_seconds  # type: ignore[assignment]
    try:
        try:
            one_deal()
        except Flaky as flaky:
            # Hypothesis records the run an engine ended, and may find it inconsistent with
            # the runs before: the stop is what happened.
            if isinstance(flaky.__context__, (_Stop, _Enough)):
                raise flaky.__context__ from None
            # A deal that diverged once and not when hypothesis played it again: the
            # engine answers the same case differently from one time to the next.
            if run.last_divergence is None:
                raise
            raise _Stop(
                "the engine answered the same case differently",
                ExitStatus.NOT_CERTIFIED,
                dataclasses.replace(run.last_divergence, nondeterministic=True, shrunk=False),
            ) from None
    except _Enough:
        pass
    except _Diverged as found:
        result.divergence = found.divergence
    except _Stop as stopped:
        if stopped.divergence is not None:
            result.divergence = stopped.divergence
        else:
            result.stopped, result.stopped_status = stopped.reason, stopped.status
    finally:
        conjecture_engine.MAX_SHRINKING_SECONDS = shrinking_seconds
        result.seconds = time.perf_counter() - started
    return result


__all__ = [
    "MAX_ACTIONS",
    "NAMED_CALLS",
    "QUERIES",
    "RULES_TOUCHED",
    "START_DRAWS",
    "Difference",
    "Divergence",
    "FuzzResult",
    "action_kind",
    "compare",
    "fuzz",
    "gherkin",
    "irregular_actions",
    "rules_touched",
    "scenario_text",
    "unlisted_actions",
]
