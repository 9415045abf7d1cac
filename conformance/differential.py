"""The random part of a certificate: what the fixed, public scenarios cannot show.

The scenarios are published with their checks (``napspec dump-cases``), so an engine could
answer them from a table. A certification therefore also plays fresh random deals under the
target (:mod:`napspec.conformance.deals`, drawn from a seed chosen for the run and recorded,
so that anyone can replay them) through an *oracle* and through the engine, every answer
compared (:func:`~napspec.conformance.comparison.compare`), and sends a sample of the cases it
played a second time: an answer that changes is non-determinism. Both are part of
``certified``.

**Scoped to what the engine plays.** The deals are dealt only at the table sizes the engine
seats, from the starts it takes, under the target's rules, and compare only the queries it
answers (:func:`~napspec.conformance.scope.deal_scope`). For an engine that declares irregular
play, half the deals are irregular, each favouring one kind of fault the target's rules price
(a revoke, a card out of turn, an exposed card, a wrong number of cards, a faulty pack, a
misdeal, a deal before the cut), so that the penalties are played off the published cases
too. A case the engine answers ``unsupported`` *narrows* the certificate (counted and named;
the deal ends there, the next one is played) unless the engine answered the published
scenarios with everything that case holds (:func:`case_features`): an engine that plays a thing
in the published cases and refuses it in unpublished ones has *evaded*, and earns no
certificate.

**Families.** Every answer compared counts for the family of rules its action belongs to
(:func:`families_of`): the deal, the calling, the play, the settlement, the calls beyond Nap,
the exchanges, the pool, and each kind of irregularity once it has happened in the hand. Deals
are played until at least :data:`MIN_COMPARED` answers have been compared and every family in
scope has been compared in :data:`FAMILY_FLOOR` deals (at least ``deals`` deals, at most
:data:`MAX_DEALS`); the report gives, family by family, the answers and the deals.

**Cost.** An engine that declares ``trace`` (napspec/1.4) answers each deal in one case, with
the answers after every action; any other is sent one case per action, as before.

The numbers: a table of the suite's answers fails the first deal it has not seen. An engine
wrong, independently, on 1 % of its answers passes :data:`MIN_COMPARED` of them with
probability 0.99^1500 < 3·10⁻⁷. :data:`REPEATS` cases sent twice catch an engine that answers
at random with probability 1 - (1 - p)^REPEATS for a rate p of changed answers (15 %: 1 -
0.85^32 > 0.99).

The oracle is an engine like any other, chosen by configuration; this module names none.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from napspec.conformance.comparison import Difference, Divergence, compare
from napspec.conformance.deals import (
    MAX_ACTIONS,
    Chooser,
    DealScope,
    RandomChooser,
    action_key,
    action_kind,
    draw_case,
    next_action,
    priced_faults,
)
from napspec.conformance.harness import InProcessEngine, ProtocolEngine
from napspec.protocol import Engine, EngineCrashed, EngineError, EngineTimeout, EngineUnavailable, UnsupportedCase
from napspec.spec.terminal import printable
from napspec.suite.targets import Target

#: The fewest random deals of a target.
DEALS: Final = 50
#: The most random deals of a target, whatever is still short of its floor.
MAX_DEALS: Final = 400
#: The fewest of the engine's answers compared with the oracle's.
MIN_COMPARED: Final = 1500
#: The fewest deals in which each family of rules the target and the engine play is compared.
FAMILY_FLOOR: Final = 5
#: The cases of a family the engine answers ``unsupported`` (for one reason) after which the
#: family is no longer sought: the engine does not play it, and its certificate says so.
NARROWED_ENOUGH: Final = 3
#: The cases sent a second time, per target.
REPEATS: Final = 32
#: The most answers kept to draw the repeated cases from.
MAX_KEPT: Final = 4096
#: How the deals are drawn: named in the report, so that a replay knows it draws the same.
GENERATOR: Final = "napspec-deals/2 (Python random, seeded)"

#: The family of rules of each kind of action (:func:`~napspec.conformance.deals.action_kind`).
ACTION_FAMILIES: Final[Mapping[str, str]] = {
    "cut": "dealing",
    "deal": "dealing",
    "call": "calling",
    "pass": "calling",
    "call:misery": "calls beyond Nap",
    "call:wellington": "calls beyond Nap",
    "call:blucher": "calls beyond Nap",
    "take-extra-hand": "calls beyond Nap",
    "discard": "calls beyond Nap",
    "play": "play",
    "peep": "exchanges",
    "buy": "exchanges",
    "take-peep-card": "exchanges",
    "decline-peep-card": "exchanges",
    "expose": "irregularities",
    "claim": "irregularities",
    "ask": "irregularities",
    "show": "irregularities",
    "refuse-to-show": "irregularities",
}
#: The family of the answers before a deal's first action, by its start.
START_FAMILIES: Final[Mapping[str, str]] = {
    "deck": "dealing",
    "hands": "calling",
    "draw": "dealing",
    "end_of_session": "pool",
}
#: The family of the answers after a refusal to show (an offence of its own kind in the hand).
REFUSAL_TO_SHOW: Final = "irregularities: refusal to show"


def new_seed() -> int:
    """A fresh seed for a run's random deals (recorded in the report)."""
    return secrets.randbelow(2**63)


def _normal(response: Mapping[str, Any]) -> str:
    """A run response as compared for determinism: messages (for humans) left out, and the
    lists whose order the protocol leaves free sorted."""

    def answers_of(answers: Mapping[str, Any]) -> dict[str, Any]:
        normal = dict(answers)
        if isinstance(normal.get("legal-actions"), list):
            normal["legal-actions"] = sorted(normal["legal-actions"], key=action_key)
        state = normal.get("state")
        if isinstance(state, dict) and isinstance(state.get("holdings"), list):
            normal["state"] = {
                **state,
                "holdings": [sorted(h) if isinstance(h, list) else h for h in state["holdings"]],
            }
        return normal

    steps = [{k: v for k, v in step.items() if k != "message"} for step in response.get("steps", [])]
    body: dict[str, Any] = {"steps": steps, "answers": answers_of(response.get("answers", {}))}
    if isinstance(response.get("trace"), list):
        body["trace"] = [answers_of(answers) for answers in response["trace"]]
    return json.dumps(body, sort_keys=True)


def case_features(case: Mapping[str, Any], offences: Sequence[Mapping[str, Any]] | None = None) -> frozenset[str]:
    """What a case holds that an engine may play or not: its table size, its start (and a
    fault of it: a faulty pack, a seat dealt a wrong number of cards), whether it is
    irregular, each kind of action (a named call by its name, a deal by its form), and each
    kind of offence of ``offences`` (the offences recorded in it, where known).

    >>> sorted(case_features({"players": 4, "start": {"hands": []}, "irregular": False,
    ...                       "actions": [{"type": "call", "seat": 0, "call": "misery"},
    ...                                   {"type": "deal", "seat": 1, "counts": [5, 6]}]},
    ...                      [{"kind": "misdeal", "seat": 1, "claimed": False}]))
    ['action:call:misery', 'action:deal:counts', 'offence:misdeal', 'players:4', 'start:hands']
    """
    start = case.get("start", {})
    features = {f"players:{case.get('players')}"}
    features |= {f"start:{kind}" for kind in ("deck", "hands", "draw", "end_of_session") if kind in start}
    if case.get("irregular"):
        features.add("irregular")
        deck = start.get("deck")
        if isinstance(deck, list) and len(set(deck)) != len(deck):
            features.add("start:faulty-pack")
        hands = start.get("hands")
        if isinstance(hands, list) and len({len(hand) for hand in hands if hand}) > 1:
            features.add("start:wrong-number")
    for action in case.get("actions", ()):
        kind = action_kind(action)
        forms = [form for form in ("exposed", "counts") if form in action]
        features.add(f"action:{kind}" + "".join(f":{form}" for form in forms))
    features |= {f"offence:{offence.get('kind')}" for offence in offences or () if isinstance(offence, Mapping)}
    return frozenset(features)


class Recording:
    """An engine (wrapped by the harness) whose answers are kept, so that a sample of the
    cases it played can be sent again (:func:`repeat_sample`), and what the cases it answered
    held (:func:`case_features`, the published cases' when the scenarios are played through
    it). Behaves as the engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: Each case played and the engine's response (normalised only if it is sent again).
        self.played: list[tuple[dict[str, Any], dict[str, Any]]] = []
        #: Everything the cases the engine answered held (not those it answered unsupported).
        self.answered: set[str] = set()

    def hello(self) -> dict[str, Any]:
        return self.engine.hello()

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        response = self.engine.run(case)
        offences = response.get("answers", {}).get("offences")
        self.answered |= case_features(case, offences if isinstance(offences, list) else None)
        if len(self.played) < MAX_KEPT:
            self.played.append((case, response))
        return response

    def close(self) -> None:
        self.engine.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)


@dataclass
class Repeated:
    """Cases sent twice and those whose answer changed."""

    repeated: int = 0
    changed: list[dict[str, Any]] = field(default_factory=list)


def repeat_sample(
    engine: Engine, played: Sequence[tuple[dict[str, Any], Mapping[str, Any]]], *, seed: int, count: int
) -> Repeated:
    """Send ``count`` of the ``played`` cases (drawn with ``seed``) again; every answer that is
    not the same as the first time is a changed answer. An engine error on the second
    sending counts as a change too."""
    outcome = Repeated()
    chosen = random.Random(seed).sample(list(played), min(count, len(played)))
    for case, response in chosen:
        first = _normal(response)
        try:
            again = _normal(engine.run(case))
        except EngineUnavailable:
            break  # the engine is gone (its restarts used up): nothing more to compare
        except EngineError as error:
            again = f"error: {error}"
        outcome.repeated += 1
        if again != first:
            outcome.changed.append(
                {
                    "case": printable(str(case.get("id", "?"))),
                    "first": printable(first, limit=2000),
                    "then": printable(again, limit=2000),
                }
            )
    return outcome


def oracle_identity(oracle: Engine, label: str) -> dict[str, Any]:
    """The oracle's handshake name and version (or the label it was chosen by)."""
    try:
        hello = oracle.hello()
        return {"name": printable(hello["engine"]["name"]), "version": printable(hello["engine"]["version"])}
    except (EngineError, KeyError, TypeError):
        return {"name": printable(label), "version": ""}


# ------------------------------------------------------------------------------ families


def families_in_scope(values: Mapping[str, Any], scope: DealScope) -> tuple[str, ...]:
    """The families of rules the random deals of ``scope`` under the rules ``values`` must
    each compare :data:`FAMILY_FLOOR` answers of.

    >>> from napspec.spec import load
    >>> scope = DealScope(players=(4,), starts=("hands",), queries=("state", "result"), irregular=False)
    >>> families_in_scope(load().profile_values("britannica"), scope)
    ('calling', 'play', 'settlement')
    """

    def played(option: str) -> bool:
        return bool(values.get(option, "not-played") != "not-played")

    families = []
    if "deck" in scope.starts:
        families.append("dealing")
    families += ["calling", "play"]
    if "result" in scope.queries:
        families.append("settlement")
    if any(played(option) for option in ("misery", "wellington", "blucher", "sir-garnet")):
        families.append("calls beyond Nap")
    if played("peep") or played("purchase"):
        families.append("exchanges")
    if played("pool") and "pool" in scope.queries:
        families.append("pool")
    families += [f"irregularities: {kind}" for kind in priced_faults(values, scope)]
    shows = values.get("show-cards") is True and values.get("stop-when-decided") is True
    if scope.irregular and shows and values.get("revoke", "none") != "none":
        families.append(REFUSAL_TO_SHOW)
    return tuple(families)


def families_of(
    start: Mapping[str, Any],
    action: Mapping[str, Any] | None,
    answers: Mapping[str, Any],
    compared: Sequence[str],
    refused: bool,
) -> set[str]:
    """The families an answer compared counts for: the answers after ``action`` (``None``:
    before a deal's first action, which starts as ``start``), ``answers`` being the oracle's
    then, ``compared`` the queries compared, ``refused`` whether a refusal to show has been
    made in the hand.

    >>> sorted(families_of({"hands": []}, {"type": "play", "seat": 0, "card": "AS"},
    ...                    {"result": None, "offences": [{"kind": "revoke"}]}, ["result"], False))
    ['irregularities: revoke', 'play']
    """
    if action is None:
        families = {START_FAMILIES.get(next(iter(start), ""), "dealing")}
    else:
        families = {ACTION_FAMILIES.get(action_kind(action), "irregularities")}
    if "result" in compared and answers.get("result") is not None:
        families.add("settlement")
    if "pool" in compared:
        families.add("pool")
    families |= {f"irregularities: {offence['kind']}" for offence in answers.get("offences") or ()}
    if refused:
        families.add(REFUSAL_TO_SHOW)
    return families


# ----------------------------------------------------------------------------- the deals


class _OracleFailed(Exception):
    """The oracle could not answer a case: the random part cannot go on."""


@dataclass
class _Deal:
    """One random deal grown with the oracle: its first case, its actions, and the oracle's
    response to the deal after each number of actions (``responses[k]``: after ``k``)."""

    case: dict[str, Any]
    actions: list[dict[str, Any]]
    responses: list[dict[str, Any]]

    def prefix(self, count: int, queries: Sequence[str], number: int) -> dict[str, Any]:
        """The deal's case after ``count`` actions, as the engine is asked it."""
        return {
            **self.case,
            "id": f"random/{number}/{count}",
            "actions": [dict(action) for action in self.actions[:count]],
            "queries": [query for query in self.case["queries"] if query in queries],
        }


def _grow(oracle: Engine, case: dict[str, Any], chooser: Chooser, focus: str) -> _Deal:
    """A deal drawn action by action from the oracle's answers (on the in-process oracle's
    own thread, where it asks them one after the other with no wait of its own)."""
    if isinstance(oracle, InProcessEngine):
        return oracle.in_turn(lambda: _grown(oracle, case, chooser, focus), calls=MAX_ACTIONS + 1)
    return _grown(oracle, case, chooser, focus)


def _grown(oracle: Engine, case: dict[str, Any], chooser: Chooser, focus: str) -> _Deal:
    actions: list[dict[str, Any]] = []
    responses: list[dict[str, Any]] = []
    hand = any(kind in case["start"] for kind in ("deck", "hands"))
    # The harness's own drivers take a case it drew without checking it again.
    drawing = isinstance(oracle, InProcessEngine | ProtocolEngine)
    while True:
        try:
            grown = {**case, "actions": list(actions)}
            response = oracle.run(grown, drawing=True) if drawing else oracle.run(grown)  # type: ignore[call-arg]
        except EngineError as error:
            raise _OracleFailed(f"the oracle failed: {error}") from None
        responses.append(response)
        if not hand:
            break
        try:
            action = next_action(grown, response["answers"], chooser, focus=focus)
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise _OracleFailed(f"the oracle's answers cannot be read ({type(error).__name__}: {error})") from None
        if action is None:
            break
        actions.append(action)
    return _Deal(case, actions, responses)


@dataclass
class _Outcome:
    """What comparing one deal came to."""

    compared: int = 0
    families: Counter[str] = field(default_factory=Counter)
    divergence: Divergence | None = None
    #: The case the engine answered ``unsupported`` and why, if it did.
    unsupported: tuple[dict[str, Any], str] | None = None
    #: The engine can no longer be asked (it crashed for good, or hung): stop here.
    gone: bool = False


class _Comparing:
    """Comparing the engine's answers to one deal with the oracle's."""

    def __init__(self, engine: Engine, deal: _Deal, queries: Sequence[str], number: int, trace: bool) -> None:
        self.engine = engine
        self.deal = deal
        self.queries = [query for query in deal.case["queries"] if query in queries]
        self.number = number
        self.trace = trace
        self.outcome = _Outcome()

    def run(self) -> _Outcome:
        if self.trace:
            self._traced()
        else:
            self._one_by_one()
        return self.outcome

    def _ask(self, count: int, traced: bool) -> dict[str, Any] | None:
        """The engine's response to the deal after ``count`` actions (``None``: it answered
        ``unsupported``, or erred, which the outcome records)."""
        case = self.deal.prefix(count, self.queries, self.number)
        if traced:
            case["trace"] = True
        try:
            return self.engine.run(case)
        except UnsupportedCase as error:
            self.outcome.unsupported = (case, error.reason)
        except (EngineCrashed, EngineTimeout, EngineUnavailable) as error:
            self._diverged(count, [Difference("error", None, f"{type(error).__name__}: {error.message}")])
            self.outcome.gone = True
        except EngineError as error:
            self._diverged(count, [Difference("error", None, f"{type(error).__name__}: {error.message}")])
        return None

    def _traced(self) -> None:
        actions = len(self.deal.actions)
        response = self._ask(actions, traced=True)
        if response is None:
            if self.outcome.unsupported is None:
                return  # an error, recorded as the divergence
            # The engine does not play the whole deal: find the first case of it the engine
            # refuses (an engine refuses what follows a thing it does not play, too), and
            # compare the deal up to there.
            refused, low, high = self.outcome.unsupported, 0, actions
            while low < high:  # the deal after ``high`` actions is refused, before ``low`` answered
                middle = (low + high) // 2
                self.outcome.unsupported = None
                answered = self._ask(middle, traced=True)
                if answered is not None:
                    response, low = answered, middle + 1
                elif self.outcome.unsupported is None:
                    return  # an error, recorded as the divergence
                else:
                    refused, high = self.outcome.unsupported, middle
            self.outcome.unsupported = refused
        if response is not None:
            for count, answers in enumerate(response["trace"]):
                step = response["steps"][count - 1] if count else None
                if not self._compare(count, step, answers):
                    return

    def _one_by_one(self) -> None:
        for count in range(len(self.deal.actions) + 1):
            response = self._ask(count, traced=False)
            if response is None:
                return
            steps = response["steps"]
            if not self._compare(count, steps[-1] if steps else None, response["answers"]):
                return

    def _compare(self, count: int, step: Mapping[str, Any] | None, answers: Mapping[str, Any]) -> bool:
        """Compare the engine's answers after ``count`` actions; whether they agree."""
        expected = self.deal.responses[count]
        engine = {"steps": [step] if step is not None else [], "answers": answers}
        differences = compare(expected, engine, self.deal.case, self.queries)
        if differences:
            self._diverged(count, differences)
            return False
        actions = self.deal.actions
        refused = any(action["type"] == "refuse-to-show" for action in actions[:count])
        action = actions[count - 1] if count else None
        self.outcome.compared += 1
        self.outcome.families.update(
            families_of(self.deal.case["start"], action, expected["answers"], self.queries, refused)
        )
        return True

    def _diverged(self, count: int, differences: list[Difference]) -> None:
        responses = self.deal.responses
        before = responses[count - 1] if count else responses[0]
        expected = responses[count]
        steps = expected.get("steps") or []
        self.outcome.divergence = Divergence(
            case=self.deal.prefix(count, self.queries, self.number),
            differences=tuple(differences),
            phase=str((before["answers"].get("state") or {}).get("phase", "")),
            oracle_answers={
                query: expected["answers"][query] for query in self.queries if query in expected["answers"]
            },
            oracle_step=steps[-1] if steps and count else None,
            found_after=self.number,
            shrunk=False,
            phase_after=str((expected["answers"].get("state") or {}).get("phase", "")),
        )


# ---------------------------------------------------------------------------- the random part


def differential(
    engine: Engine,
    oracle: Engine,
    target: Target,
    scope: DealScope | None = None,
    *,
    seed: int,
    deals: int = DEALS,
    repeats: int = REPEATS,
    recording: Recording | None = None,
    oracle_label: str = "oracle",
    deadline: float | None = None,
    trace: bool | None = None,
) -> dict[str, Any]:
    """The random part of a report: deals drawn with ``seed`` within ``scope`` played
    through ``oracle`` and ``engine`` and compared, until :data:`MIN_COMPARED` answers have
    been and every family in scope has its floor (at least ``deals`` deals, at most
    :data:`MAX_DEALS`), then ``repeats`` cases sent twice (drawn from what ``recording`` kept:
    the scenarios' cases and the deals'). ``recording`` (the engine, recorded since the
    scenarios) says what the published cases held, against which an ``unsupported`` answer
    is judged; ``trace``: the engine answers each deal in one case. ``scope`` and ``trace``
    are read from the handshakes when not given (:func:`~napspec.conformance.scope.deal_scope`,
    :func:`~napspec.conformance.scope.traces`). Engines are closed by the caller."""
    from napspec.conformance.scope import deal_scope, traces

    if scope is None:
        scope, why = deal_scope(target, engine.hello(), oracle.hello())
        if scope is None:
            return out_of_scope(oracle, why, seed=seed, deals=deals, oracle_label=oracle_label)
    if trace is None:
        trace = traces(engine.hello())
    started = time.perf_counter()
    recording = recording or Recording(engine)
    # What the published cases held: the random cases the engine answers are recorded too.
    published = frozenset(recording.answered)
    chooser = RandomChooser(seed)
    floors = dict.fromkeys(families_in_scope(target.values, scope), FAMILY_FLOOR)
    families: Counter[str] = Counter()
    family_deals: Counter[str] = Counter()
    faults = [family.removeprefix("irregularities: ") for family in floors if family.startswith("irregularities: ")]
    faults = [fault for fault in faults if f"irregularities: {fault}" != REFUSAL_TO_SHOW]
    compared = dealt = 0
    narrowed: Counter[str] = Counter()
    narrowed_example: dict[str, str] = {}
    #: The families whose deals the engine narrows, by the reasons it gives: not sought further.
    narrowed_families: dict[str, set[str]] = {}
    given_up: set[str] = set()
    evaded: dict[str, Any] | None = None
    divergence: dict[str, Any] | None = None
    stopped = ""
    while dealt < MAX_DEALS:
        short = [family for family, floor in floors.items() if family_deals[family] < floor and family not in given_up]
        if dealt >= deals and compared >= MIN_COMPARED and not short:
            break
        if deadline is not None and time.monotonic() > deadline:
            stopped = "the run reached its --max-duration"
            break
        # Every other deal is irregular, and every deal once only irregular families lack deals.
        lacking = [family for family in short if family.startswith("irregularities")]
        irregular = scope.irregular and (dealt % 2 == 1 or len(lacking) == len(short) > 0)
        wanted = [fault for fault in faults if f"irregularities: {fault}" in short] or faults
        focus = wanted[(dealt // 2) % len(wanted)] if irregular and wanted else ""
        case = draw_case(target, scope, chooser, irregular=irregular, focus=focus, case_id=f"random/{dealt + 1}")
        if case is None:
            stopped = "no deal can be drawn within what the engine plays"
            break
        dealt += 1
        try:
            deal = _grow(oracle, case, chooser, focus)
        except _OracleFailed as error:
            stopped = str(error)
            break
        except EngineError as error:  # the in-process oracle hung
            stopped = f"the oracle failed: {error}"
            break
        outcome = _Comparing(recording, deal, scope.queries, dealt, trace).run()
        compared += outcome.compared
        families.update(outcome.families)
        family_deals.update(set(outcome.families))
        if outcome.divergence is not None:
            divergence = _divergence_report(outcome.divergence, target)
            break
        if outcome.unsupported is not None:
            unsupported, reason = outcome.unsupported
            recorded = deal.responses[len(unsupported["actions"])]["answers"].get("offences")
            features = case_features(unsupported, recorded)
            if features <= published:
                evaded = {
                    "case": printable(json.dumps(unsupported, ensure_ascii=False), limit=20_000),
                    "reason": printable(reason, limit=2000),
                    "deal": dealt,
                }
                break
            shown = printable(reason, limit=300)
            narrowed[shown] += 1
            narrowed_example.setdefault(shown, printable(str(unsupported["id"])))
            # The family of what the engine refused (its last action, or its start): not
            # sought in more deals once refused a few times.
            last = unsupported["actions"][-1] if unsupported["actions"] else None
            if last is None:
                own = START_FAMILIES.get(next(iter(case["start"]), ""), "dealing")
            elif last["type"] == "refuse-to-show":
                own = REFUSAL_TO_SHOW
            else:
                own = ACTION_FAMILIES.get(action_kind(last), "irregularities")
            touched = {own} & set(floors)
            narrowed_families.setdefault(shown, set()).update(touched)
            given_up |= {family for family in touched if narrowed[shown] >= NARROWED_ENOUGH}
        if outcome.gone:
            break
    repeated = repeat_sample(recording, recording.played, seed=seed, count=repeats)
    return {
        "oracle": oracle_identity(oracle, oracle_label),
        "seed": seed,
        "generator": GENERATOR,
        "planned": deals,
        "deals": dealt,
        "cases": compared,
        "trace": trace,
        "out_of_scope": "",
        "scope": {
            "players": list(scope.players),
            "starts": list(scope.starts),
            "queries": list(scope.queries),
            "irregular": scope.irregular,
        },
        "families": {
            family: {"answers": families[family], "deals": family_deals[family]} for family in sorted(families)
        },
        "floors": floors,
        "narrowed": [
            {
                "reason": reason,
                "cases": count,
                "first": narrowed_example[reason],
                "families": sorted(narrowed_families.get(reason, ())),
            }
            for reason, count in narrowed.most_common()
        ],
        "evaded": evaded,
        "seconds": round(time.perf_counter() - started, 3),
        "divergence": divergence,
        "stopped": printable(stopped, limit=2000),
        "planned_repeats": min(repeats, len(recording.played)) if recording.played else repeats,
        "repeated": repeated.repeated,
        "nondeterministic": repeated.changed,
    }


def out_of_scope(oracle: Engine, why: str, *, seed: int, deals: int, oracle_label: str = "oracle") -> dict[str, Any]:
    """The random part of a target the engine plays nothing of (:func:`~napspec.conformance.scope.deal_scope`
    says why): no deal is drawn, so the certificate is too narrow to be one."""
    return {
        "oracle": oracle_identity(oracle, oracle_label),
        "seed": seed,
        "generator": GENERATOR,
        "planned": deals,
        "deals": 0,
        "cases": 0,
        "trace": False,
        "scope": None,
        "out_of_scope": printable(why, limit=2000),
        "families": {},
        "floors": {},
        "narrowed": [],
        "evaded": None,
        "seconds": 0.0,
        "divergence": None,
        "stopped": "",
        "planned_repeats": 0,
        "repeated": 0,
        "nondeterministic": [],
    }


def _divergence_report(found: Divergence, target: Target) -> dict[str, Any]:
    from napspec.conformance.fuzz_report import scenario_text

    return {
        "deal": found.found_after,
        "actions": len(found.case.get("actions") or []),
        "rules": list(found.rules),
        "differences": [
            printable(f"{d.where}: oracle {json.dumps(d.oracle)}, engine {json.dumps(d.engine)}", limit=2000)
            for d in found.differences[:10]
        ],
        "scenario": printable(scenario_text(found, target, "the engine"), limit=20_000, lines=True),
    }


__all__ = [
    "DEALS",
    "FAMILY_FLOOR",
    "GENERATOR",
    "MAX_DEALS",
    "MIN_COMPARED",
    "REPEATS",
    "Recording",
    "case_features",
    "differential",
    "families_in_scope",
    "new_seed",
    "oracle_identity",
    "out_of_scope",
    "repeat_sample",
]
