"""Differential fuzzing: random hands played through an engine and an oracle in lockstep.

Each deal starts from a shuffled pack (the pack in play of the target's rules) with the cut
and the deal to come, and grows one action at a time: mostly an action of the oracle's
``legal-actions``, each kind of action as likely as another (so that every seat passing,
or a Wellington over a Nap, comes up); sometimes one it does not list
(:func:`unlisted_actions`: a call too low, a card not held, a claim of no offence...), which
an engine must refuse as the oracle does, since an engine that wrongly allows an action
may still list the same legal actions; and with ``irregular``, a fault the state allows (a
deal before the cut, a card exposed in dealing, a wrong number of cards, a card exposed
after the deal, a card played out of turn, a revoke). One deal in :data:`START_DRAWS` is
instead the draw for the first dealer (and under the pool one more the end of a session:
the pool disposed of). After each action both engines play
the same self-contained case, every action so far and every query, and every answer is
compared. The choices are drawn by hypothesis, so the first divergence is shrunk to a
minimal case (fewest actions, simplest choices) and printed as a scenario the suite's
reader takes (:func:`~napspec.conformance.fuzz_report.scenario_text`), with the rules it
touches (:data:`RULES_TOUCHED`).

The harness names no engine: :func:`fuzz` takes the engine under test and the oracle as
:class:`~napspec.conformance.contract.Engine` objects (wrapped by the harness, so that
every wait has a deadline and every answer is checked against the protocol).

>>> rules_touched([Difference("legal-actions", [], [])], "calling")
('calling.in-rotation', 'calling.must-exceed', 'calling.pass', 'calling.nap-ceiling', 'calling.compulsory-call')
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import Flaky
from hypothesis.internal.conjecture import engine as conjecture_engine

from napspec.conformance.contract import (
    Engine,
    EngineCrashed,
    EngineError,
    EngineTimeout,
    EngineUnavailable,
    ExitStatus,
    UnsupportedCase,
)

# How a divergence is shown is napspec.conformance.fuzz_report's; its names are kept here too.
from napspec.conformance.fuzz_report import _key, gherkin, scenario_text
from napspec.suite.cases import cards_each, pack_in_play
from napspec.suite.targets import Target

#: The queries asked after every action (and ``pool`` when the pool is played).
QUERIES: Final[tuple[str, ...]] = ("state", "legal-actions", "tricks", "table", "result", "offences")
#: The longest hand a deal may grow to: a hand replayed after a revoke starts again, and a
#: deal must end.
MAX_ACTIONS: Final = 80
#: The most stakes a drawn pool holds as the hand begins.
MAX_POOL: Final = 30
#: The most cases whose answers a run remembers (to see one answered twice differently).
MAX_REMEMBERED: Final = 20_000
#: One deal in this many is the draw for the first dealer, and (under the pool) one more the
#: end of a session, instead of a hand.
START_DRAWS: Final = 16

#: Which rules a difference touches: a step by the kind of its action (``step:kind``, see
#: :func:`action_kind`), then any part of the answer by the phase the hand was in before the
#: last action (``part@phase``; the legal actions by the phase after it, as they are the
#: next ones), or by the part alone. Read by :func:`rules_touched`; the first rule of an
#: entry tags the printed scenario.
RULES_TOUCHED: Final[Mapping[str, tuple[str, ...]]] = {
    "step:ask": ("irregularities.right-to-information",),
    "step:claim": ("irregularities.claims",),
    "step:call:wellington": ("variants.wellington-call",),
    "step:call:blucher": ("variants.blucher-call",),
    "step:call:misery": ("variants.ranking", "variants.misery-call"),
    "step:peep": ("exchanges.peep",),
    "step:take-extra-hand": ("variants.sir-garnet-taking",),
    "step:buy": ("exchanges.purchase-final", "exchanges.purchase-stock"),
    "step@cut": ("dealing.cut",),
    "step@deal": ("dealing.deal", "dealing.five-cards"),
    "step@purchase": ("exchanges.purchase", "exchanges.purchase-stock"),
    "step@calling": ("calling.in-rotation", "calling.must-exceed", "calling.pass", "calling.nap-ceiling"),
    "step@peep-exchange": ("exchanges.peep-exchange",),
    "step@play": (
        "play.follow-suit",
        "play.rotation",
        "play.winner-leads",
        "play.soloist-leads",
        "dealing.undealt-cards",
    ),
    "step@show": ("irregularities.show-cards",),
    "step@finished": ("play.stop-when-decided", "play.made-or-defeated"),
    "legal-actions@cut": ("dealing.cut",),
    "legal-actions@deal": ("dealing.deal",),
    "legal-actions@purchase": ("exchanges.purchase", "exchanges.purchase-stock"),
    "legal-actions@calling": (
        "calling.in-rotation",
        "calling.must-exceed",
        "calling.pass",
        "calling.nap-ceiling",
        "calling.compulsory-call",
    ),
    "legal-actions@peep-exchange": ("exchanges.peep-exchange",),
    "legal-actions@play": ("play.follow-suit", "play.void-any-card", "play.rotation", "play.winner-leads"),
    "legal-actions@show": ("irregularities.show-cards",),
    "legal-actions@finished": ("play.stop-when-decided", "play.made-or-defeated"),
    "legal-actions": ("irregularities.claims",),
    "state.phase@calling": ("calling.all-pass", "calling.soloist"),
    "state.phase": ("play.stop-when-decided", "play.made-or-defeated"),
    "state.to_act@calling": ("calling.in-rotation", "calling.eldest-first"),
    "state.to_act": ("play.winner-leads", "play.rotation", "play.soloist-leads"),
    "state.soloist": ("calling.soloist",),
    "state.call": ("calling.soloist", "calling.call-tricks"),
    "state.declaration": ("variants.misery-call", "variants.wellington-call", "variants.blucher-call"),
    "state.extra_hand": ("variants.sir-garnet-hand", "variants.sir-garnet-taking"),
    "state.peep_card": ("exchanges.peep-card", "exchanges.peep-exchange"),
    "state.peeped": ("exchanges.peep",),
    "state.stock": ("exchanges.purchase-stock",),
    "state.trumps": ("play.first-lead-trumps",),
    "state.tricks_won": ("play.trick-winner",),
    "state.holdings@deal": ("dealing.deal", "dealing.five-cards"),
    "state.holdings": ("dealing.deal", "play.trick"),
    "tricks": ("play.trick-winner", "play.trick", "play.rotation"),
    "table": ("play.cards-left",),
    "result": ("settlement.stake-per-trick", "settlement.nap", "settlement.flat-loss", "play.made-or-defeated"),
    "offences": ("irregularities.claims", "irregularities.revoke-definition", "irregularities.out-of-turn"),
    "pool@end-of-session": ("pool.end-of-session",),
    "pool": ("pool.contributions", "pool.taken-by-nap", "pool.failed-nap", "pool.fines"),
    "first-dealer": ("dealing.first-dealer",),
}


@dataclass(frozen=True)
class Difference:
    """One part of an answer on which the engine and the oracle disagree: ``where`` is
    ``step`` (the last action accepted or rejected), a query (``result``) or a field of the
    state (``state.trumps``), or ``error`` (the engine answered with an error)."""

    where: str
    oracle: Any
    engine: Any


@dataclass(frozen=True)
class Divergence:
    """The first case on which the engine and the oracle answered differently (shrunk)."""

    case: dict[str, Any]
    differences: tuple[Difference, ...]
    #: The phase of the hand before the case's last action (as the oracle said).
    phase: str
    #: The oracle's answers and last step, for the scenario's expectations.
    oracle_answers: dict[str, Any]
    oracle_step: dict[str, Any] | None
    #: How many deals were played before the first divergent one was found (it included).
    found_after: int
    #: Whether hypothesis shrank it (an engine that crashed or hung is reported as found).
    shrunk: bool = True
    #: The phase of the hand after the case's last action (as the oracle said).
    phase_after: str = ""
    #: Whether the engine answered this same case differently another time (the
    #: differences are then its two answers, ``oracle`` the first and ``engine`` the second).
    nondeterministic: bool = False

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules the differences touch."""
        actions = self.case.get("actions") or []
        kind = action_kind(actions[-1]) if actions else ""
        return rules_touched(self.differences, self.phase, kind=kind, phase_after=self.phase_after)


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


def rules_touched(
    differences: Sequence[Difference], phase: str, *, kind: str = "", phase_after: str = ""
) -> tuple[str, ...]:
    """The rules a set of differences touches, by :data:`RULES_TOUCHED`, in order, once:
    ``phase`` and ``phase_after`` are the hand's before and after the last action, ``kind``
    that action's kind.

    >>> rules_touched([Difference("step", {}, {})], "calling", kind="call:wellington")
    ('variants.wellington-call',)
    >>> rules_touched([Difference("legal-actions", [], [])], "deal", phase_after="calling")[:2]
    ('calling.in-rotation', 'calling.must-exceed')
    """
    found: list[str] = []
    for difference in differences:
        # An engine that answered with an error instead broke whatever the action asked.
        where = "step" if difference.where == "error" else difference.where
        at = phase_after if where == "legal-actions" and phase_after else phase
        entry = (
            (RULES_TOUCHED.get(f"step:{kind}") if where == "step" and kind else None)
            or RULES_TOUCHED.get(f"{where}@{at}")
            or RULES_TOUCHED.get(where, ())
        )
        found += [rule for rule in entry if rule not in found]
    return tuple(found)


# --------------------------------------------------------------------------- comparing


def _normal_step(step: Mapping[str, Any]) -> dict[str, Any]:
    # The message is for a human and never compared.
    return {key: value for key, value in step.items() if key != "message"}


def _normal_state(state: Mapping[str, Any]) -> dict[str, Any]:
    normal = dict(state)
    if isinstance(normal.get("holdings"), list):
        normal["holdings"] = [sorted(hand) if isinstance(hand, list) else hand for hand in normal["holdings"]]
    return normal


def compare(oracle: Mapping[str, Any], engine: Mapping[str, Any]) -> list[Difference]:
    """The differences between two run responses to the same case: the last step, then
    each query's answer (the state field by field); legal actions and holdings are compared
    as sets, as the protocol says their order is not significant.

    >>> same = {"steps": [{"ok": True}], "answers": {"legal-actions": [{"type": "pass", "seat": 1}]}}
    >>> compare(same, same)
    []
    >>> other = {"steps": [{"ok": False, "error": "not-your-turn"}], "answers": {"legal-actions": []}}
    >>> [difference.where for difference in compare(same, other)]
    ['step', 'legal-actions']
    """
    differences: list[Difference] = []
    steps, theirs = oracle.get("steps", []), engine.get("steps", [])
    if steps and theirs and _normal_step(steps[-1]) != _normal_step(theirs[-1]):
        differences.append(Difference("step", steps[-1], theirs[-1]))
    answers, got = oracle.get("answers", {}), engine.get("answers", {})
    for query in answers:
        expected, actual = answers[query], got.get(query)
        if query == "legal-actions" and isinstance(actual, list):
            if sorted(map(_key, expected)) != sorted(map(_key, actual)):
                differences.append(Difference(query, expected, actual))
        elif query == "state" and isinstance(actual, dict) and isinstance(expected, dict):
            mine, yours = _normal_state(expected), _normal_state(actual)
            for name in sorted(set(mine) | set(yours)):
                if mine.get(name) != yours.get(name):
                    differences.append(Difference(f"state.{name}", expected.get(name), actual.get(name)))
        elif _key(expected) != _key(actual):
            differences.append(Difference(query, expected, actual))
    return differences


# ------------------------------------------------------------------------ irregularities


def irregular_actions(case: Mapping[str, Any], state: Mapping[str, Any], tricks: Sequence[Any]) -> list[dict[str, Any]]:
    """The faults a player could commit in ``state``: in the cut, a deal before the cut; in
    the deal, a card exposed in dealing and a wrong number of cards; in the calling and the
    play, a card exposed; in the play, a card played out of turn and a revoke (a card not
    of the suit led by a player who holds that suit).

    >>> state = {"phase": "play", "to_act": 1, "holdings": [["2C"], ["3C", "4D"], ["5D"]]}
    >>> tricks = [{"leader": 0, "plays": [{"seat": 0, "card": "AC"}], "winner": None}]
    >>> [(a["type"], a["seat"], a.get("card")) for a in irregular_actions({"dealer": 0}, state, tricks)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('expose', 0, '2C'), ('expose', 1, '3C'), ('expose', 1, '4D'), ('expose', 2, '5D'),
     ('play', 0, '2C'), ('play', 2, '5D'), ('play', 1, '4D')]
    """
    phase, to_act = state.get("phase"), state.get("to_act")
    dealer = case["dealer"]
    found: list[dict[str, Any]] = []
    if phase == "cut":
        found.append({"type": "deal", "seat": dealer})
    elif phase == "deal":
        deck = case["start"].get("deck", [])
        if deck:
            found.append({"type": "deal", "seat": dealer, "exposed": deck[0]})
        players = case["players"]
        each = cards_each(case["options"])
        counts = [each] * players
        counts[(dealer + 1) % players] += 1
        found.append({"type": "deal", "seat": dealer, "counts": counts})
    if phase in ("calling", "play"):
        for seat, hand in enumerate(state.get("holdings", [])):
            found += [{"type": "expose", "seat": seat, "card": card} for card in hand]
    if phase == "play" and isinstance(to_act, int):
        holdings = state.get("holdings", [])
        for seat, hand in enumerate(holdings):
            if seat != to_act and hand:
                found.append({"type": "play", "seat": seat, "card": hand[0]})
        in_progress = tricks[-1] if tricks and tricks[-1].get("winner") is None else None
        if in_progress and in_progress.get("plays"):
            led = in_progress["plays"][0]["card"][1]
            hand = holdings[to_act] if to_act < len(holdings) else []
            if any(card[1] == led for card in hand):
                found += [{"type": "play", "seat": to_act, "card": card} for card in hand if card[1] != led]
    return found


# ---------------------------------------------------------------------- unlisted actions

#: The named calls, by the option that plays each.
NAMED_CALLS: Final[Mapping[str, str]] = {"misery": "misery", "wellington": "wellington", "blucher": "blucher"}


def unlisted_actions(
    case: Mapping[str, Any], state: Mapping[str, Any], tricks: Sequence[Any], offences: Sequence[Any]
) -> list[dict[str, Any]]:
    """Actions a player may try that the rules may not allow now: in the cut, the deal and
    the calling, every seat's call of every number of tricks and every named call the rules have, a pass, a
    peep and the taking of the extra hand where the rules have them; in the purchase, a buy
    by a seat whose turn it is not and a buy of a whole hand; in the play, a card of the
    undealt cards; in the play and the showing, a question for the call and the tricks
    made; once the deal is done, a claim of an offence never recorded and of one
    claimed already. The oracle's answer to each (refused, or in an irregular case maybe
    taken as a fault) is what the engine must give; the caller leaves out the ones the
    oracle lists as legal.

    >>> state = {"phase": "calling", "to_act": 1, "holdings": [["2C"], ["3C"]]}
    >>> case = {"players": 2, "options": {}, "start": {"deck": ["2C", "3C", "4C"]}}
    >>> actions = unlisted_actions(case, state, [], [])
    >>> [a for a in actions if a["seat"] == 1 and a["type"] == "call"][:2]
    [{'type': 'call', 'seat': 1, 'tricks': 1}, {'type': 'call', 'seat': 1, 'tricks': 2}]
    >>> actions[-1]
    {'type': 'claim', 'seat': 1, 'offence': 0}
    >>> state = {"phase": "play", "to_act": 0, "holdings": [["2C"], ["3C"]]}
    >>> [a for a in unlisted_actions(case, state, [], []) if a["type"] == "play"]
    [{'type': 'play', 'seat': 0, 'card': '4C'}]
    """
    phase, to_act = state.get("phase"), state.get("to_act")
    options = case["options"]
    players = case["players"]
    holdings = state.get("holdings") or [[] for _ in range(players)]
    found: list[dict[str, Any]] = []
    if phase in ("cut", "deal", "calling"):  # before the deal is done too: no call yet
        most = 7 if options.get("seven-card", "not-played") != "not-played" else 5
        named = [name for name, option in NAMED_CALLS.items() if options.get(option, "not-played") != "not-played"]
        for seat in range(players):
            found += [{"type": "call", "seat": seat, "tricks": tricks} for tricks in range(1, most + 1)]
            found += [{"type": "call", "seat": seat, "call": name} for name in named]
            found.append({"type": "pass", "seat": seat})
            if options.get("peep", "not-played") != "not-played":
                found.append({"type": "peep", "seat": seat})
            if options.get("sir-garnet", "not-played") != "not-played":
                found.append({"type": "take-extra-hand", "seat": seat})
    elif phase == "purchase" and isinstance(to_act, int):
        for seat, hand in enumerate(holdings):
            if hand and seat != to_act:
                found.append({"type": "buy", "seat": seat, "cards": [hand[0]]})
        if to_act < len(holdings) and holdings[to_act]:
            found.append({"type": "buy", "seat": to_act, "cards": list(holdings[to_act])})
    elif phase == "play" and isinstance(to_act, int):
        seen = {card for hand in holdings for card in hand}
        seen |= {play["card"] for trick in tricks for play in trick.get("plays", [])}
        deck = case["start"].get("deck", [])
        found += [{"type": "play", "seat": to_act, "card": card} for card in dict.fromkeys(deck) if card not in seen]
    if phase in ("play", "show"):
        # Never listed (it does not move the game on), and answered only where the rules
        # give the right to be told.
        found += [{"type": "ask", "seat": seat} for seat in range(players)]
    if phase not in (None, "cut", "deal"):
        claimed = [index for index, offence in enumerate(offences) if offence.get("claimed")]
        seat = to_act if isinstance(to_act, int) else 0
        found += [{"type": "claim", "seat": seat, "offence": index} for index in [*claimed[:1], len(offences)]]
    return found


def action_kind(action: Mapping[str, Any]) -> str:
    """What kind of action ``action`` is, for the draw: its type, and a named call's name (so
    that a pass, a peep or a Wellington is drawn as often as a call of some tricks).

    >>> action_kind({"type": "call", "seat": 0, "call": "misery"}), action_kind({"type": "pass", "seat": 0})
    ('call:misery', 'pass')
    """
    kind = str(action["type"])
    return f"{kind}:{action['call']}" if kind == "call" and "call" in action else kind


def _draw_one(data: st.DataObject, actions: Sequence[dict[str, Any]], label: str, to_act: Any) -> dict[str, Any]:
    """One of ``actions``: a kind drawn first, each kind as likely (the kind of the seat to
    act apart from the others' same kind), then one of that kind."""
    kinds: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    for action in actions:
        kinds.setdefault((action_kind(action), action["seat"] == to_act), []).append(action)
    groups = list(kinds.values())
    group = groups[data.draw(st.integers(0, len(groups) - 1), label=f"{label} kind")] if len(groups) > 1 else groups[0]
    return group[data.draw(st.integers(0, len(group) - 1), label=label)]


# ------------------------------------------------------------------------------- playing


@dataclass
class _Run:
    engine: Engine
    oracle: Engine
    target: Target
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
        """Both engines' answers to ``case``, and how they differ."""
        self.result.cases += 2
        try:
            expected = self.oracle.run(case)
        except EngineError as error:
            raise _Stop(f"the oracle failed: {error}", ExitStatus.ENGINE_UNAVAILABLE) from None
        try:
            actual = self.engine.run(case)
        except UnsupportedCase as error:
            raise _Stop(
                f"the engine does not play this target: {error.reason}", ExitStatus.ENGINE_UNAVAILABLE
            ) from None
        except (EngineCrashed, EngineTimeout, EngineUnavailable) as error:
            # Shrinking would restart (or wait for) the engine again and again: the case it
            # failed on is reported as it is.
            difference = Difference("error", None, f"{type(error).__name__}: {error.message}")
            divergence = self._divergence(case, expected, [difference], shrunk=False)
            raise _Stop(str(error), ExitStatus.NOT_CERTIFIED, divergence) from None
        except EngineError as error:
            return expected, None, [Difference("error", None, f"{type(error).__name__}: {error.message}")]
        self._same_as_before(case, expected, actual)
        return expected, actual, compare(expected, actual)

    def _same_as_before(self, case: dict[str, Any], expected: dict[str, Any], actual: dict[str, Any]) -> None:
        """Stop the run, reporting non-determinism, if the engine answered this very case
        differently before (messages aside)."""
        key = _key(case)
        answer = _key({"steps": [_normal_step(s) for s in actual.get("steps", [])], "answers": actual.get("answers")})
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
        values = self.target.values
        players = data.draw(st.integers(values["players-min"], values["players-max"]), label="players")
        pack = pack_in_play(values, players)
        if pack is None:
            return  # the short pack has no size for this table: not a table of these rules
        dealer = data.draw(st.integers(0, players - 1), label="dealer")
        deck = list(data.draw(st.permutations(pack), label="pack"))
        pooled = values.get("pool", "not-played") != "not-played"
        # Now and then the case is not a hand but one of the other starts a case may have.
        start = data.draw(st.integers(0, START_DRAWS - 1), label="start")
        if start == START_DRAWS - 1 or (start == START_DRAWS - 2 and pooled):
            self._other_start(data, players, dealer, deck, draw=start == START_DRAWS - 1)
            return
        if self.irregular and data.draw(st.integers(0, 9), label="faulty pack") == 9:
            deck[-1] = deck[0]  # a faulty pack: a card twice, another missing
        base: dict[str, Any] = {
            "id": "fuzz",
            "options": dict(values),
            "players": players,
            "dealer": dealer,
            "irregular": self.irregular,
            "start": {"deck": deck},
            "actions": [],
            "queries": list(QUERIES),
        }
        if pooled:
            base["pool"] = data.draw(st.integers(0, MAX_POOL), label="pool")
            base["original_dealer"] = data.draw(st.integers(0, players - 1), label="original dealer")
            base["queries"].append("pool")
        actions: list[dict[str, Any]] = []
        self.phase_before = "cut"
        while True:
            if self.stop is not None and self.stop.is_set():
                raise KeyboardInterrupt
            case = {**base, "actions": list(actions)}
            expected, _actual, differences = self.play(case)
            if differences:
                raise _Diverged(self._divergence(case, expected, differences))
            answers = expected["answers"]
            state = answers["state"]
            legal = sorted(answers["legal-actions"], key=_key)
            listed = {_key(action) for action in legal}
            faults = []
            if self.irregular:
                faults = [
                    action for action in irregular_actions(base, state, answers["tricks"]) if _key(action) not in listed
                ]
            if (not legal and not faults) or len(actions) >= self.max_actions:
                return
            unlisted = [
                action
                for action in unlisted_actions(base, state, answers["tricks"], answers["offences"])
                if _key(action) not in listed
            ]
            # Mostly a legal action, so that hands reach their end; sometimes an action the
            # oracle does not list (which it refuses), and in irregular play a fault.
            source = data.draw(st.integers(0, 9), label="source")
            choices = legal
            if source >= 7 and faults and self.irregular and (source < 9 or not unlisted):
                choices = faults
            elif source == 9 and unlisted:
                choices = unlisted
            if not choices:
                choices = faults
            self.phase_before = str(state["phase"])
            actions.append(_draw_one(data, choices, "action", state.get("to_act")))

    def _other_start(self, data: st.DataObject, players: int, dealer: int, deck: list[str], *, draw: bool) -> None:
        """A case of the draw for the first dealer (the pack as the cards drawn), or of the
        end of a session with the pool (the pack as the cards of the draw for the pool)."""
        values = self.target.values
        case: dict[str, Any] = {
            "id": "fuzz",
            "options": dict(values),
            "players": players,
            "dealer": dealer,
            "irregular": False,
            "actions": [],
        }
        if draw:
            case |= {"start": {"draw": deck}, "queries": ["first-dealer"]}
        else:
            case |= {"start": {"end_of_session": {"draw": deck}}, "queries": ["pool"]}
        if values.get("pool", "not-played") != "not-played":
            case["pool"] = data.draw(st.integers(0, MAX_POOL), label="pool")
            case["original_dealer"] = data.draw(st.integers(0, players - 1), label="original dealer")
        self.phase_before = "draw" if draw else "end-of-session"
        expected, _actual, differences = self.play(case)
        if differences:
            raise _Diverged(self._divergence(case, expected, differences))


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
    run = _Run(engine=engine, oracle=oracle, target=target, irregular=irregular, max_actions=max_actions, result=result)
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
