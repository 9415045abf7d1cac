"""What an engine's answers to a random case are compared on, and what a difference means.

The answers of the engine under test and of the oracle to the same case are compared query
by query (:func:`compare`): the last step, every answer asked of the engine, the state field
by field. Each is compared by what the protocol says it means, not by how it is spelt: the
order of legal actions and of the cards of a holding is not significant, and a field of the
state that the contract lets an engine leave out (``docs/implementers.md`` §9: a field a
later version added, where the case plays nothing of that version) is compared only where
both give it, ``null`` and ``[]`` meaning what leaving it out means. A difference touches the
rules :data:`RULES_TOUCHED` says (:func:`rules_touched`), which name the printed scenario.

>>> rules_touched([Difference("legal-actions", [], [])], "calling")
('calling.in-rotation', 'calling.must-exceed', 'calling.pass', 'calling.nap-ceiling', 'calling.compulsory-call')
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from napspec.conformance.deals import action_key, action_kind
from napspec.conformance.harness.applicability import away_from_plain, typed_items
from napspec.protocol import ADDED_BY_PROTOCOL, PROTOCOLS


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


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

#: The fields of the ``state`` answer that an engine may leave out of a case that plays
#: nothing of the version that added them, by version.
OPTIONAL_STATE_FIELDS: Final[Mapping[str, tuple[str, ...]]] = {
    version: ADDED_BY_PROTOCOL[version].state_fields
    for version in PROTOCOLS[1:]
    if ADDED_BY_PROTOCOL[version].state_fields
}


def optional_state_fields(case: Mapping[str, Any] | None) -> frozenset[str]:
    """The fields of the ``state`` answer ``case`` lets an engine leave out: those of each
    version whose options the case leaves at their plain values.

    >>> sorted(optional_state_fields({"options": {"misery": "not-played", "peep": "not-played"}}))
    ['declaration', 'extra_hand', 'peep_card', 'peeped', 'stock']
    >>> sorted(optional_state_fields({"options": {"misery": "no-trumps", "peep": "not-played"}}))
    ['peep_card', 'peeped', 'stock']
    """
    if case is None:
        return frozenset()
    try:
        return _optional_under(typed_items(case.get("options", {})))
    except TypeError:  # not a case's options: nothing is left out
        return frozenset()


@cache
def _optional_under(options: tuple[tuple[str, str, Any], ...]) -> frozenset[str]:
    case = {"options": {name: value for name, _, value in options}}
    return frozenset(
        field
        for version, fields in OPTIONAL_STATE_FIELDS.items()
        if not away_from_plain(case, added_in=version)
        for field in fields
    )


_ABSENT: Final = object()


def _meaning(value: Any) -> Any:
    """An optional field's value as what it means: left out, ``null`` and ``[]`` all say
    there is none (no declaration, no extra hand, no peep card, nobody peeped)."""
    return None if value is _ABSENT or value == [] else value


def _same_actions(expected: Sequence[Any], actual: Sequence[Any]) -> bool:
    """Whether two lists of actions hold the same actions, in any order (an engine's are
    checked against the schema: every action an object of scalars and lists of cards)."""
    try:
        return Counter(map(action_key, expected)) == Counter(map(action_key, actual))
    except (TypeError, AttributeError):  # not actions after all: compared as JSON
        return sorted(map(_key, expected)) == sorted(map(_key, actual))


def normal_step(step: Mapping[str, Any]) -> dict[str, Any]:
    # The message is for a human and never compared.
    return {key: value for key, value in step.items() if key != "message"}


def _normal_state(state: Mapping[str, Any]) -> dict[str, Any]:
    normal = dict(state)
    if isinstance(normal.get("holdings"), list):
        normal["holdings"] = [sorted(hand) if isinstance(hand, list) else hand for hand in normal["holdings"]]
    return normal


def compare(
    oracle: Mapping[str, Any],
    engine: Mapping[str, Any],
    case: Mapping[str, Any] | None = None,
    queries: Sequence[str] | None = None,
) -> list[Difference]:
    """The differences between two run responses to the same case: the last step, then the
    answer to each query (those of ``queries`` only, when given: the ones asked of the engine),
    the state field by field; legal actions and holdings are compared as sets, as the protocol
    says their order is not significant, and a field of the state that ``case`` lets an
    engine leave out by what it means (:func:`optional_state_fields`).

    >>> same = {"steps": [{"ok": True}], "answers": {"legal-actions": [{"type": "pass", "seat": 1}]}}
    >>> compare(same, same)
    []
    >>> other = {"steps": [{"ok": False, "error": "not-your-turn"}], "answers": {"legal-actions": []}}
    >>> [difference.where for difference in compare(same, other)]
    ['step', 'legal-actions']
    >>> plain = {"options": {"peep": "not-played"}}
    >>> oracle = {"steps": [], "answers": {"state": {"phase": "cut"}}}
    >>> engine = {"steps": [], "answers": {"state": {"phase": "cut", "peeped": [], "stock": 52}}}
    >>> compare(oracle, engine, plain), [d.where for d in compare(oracle, engine)]
    ([], ['state.peeped', 'state.stock'])
    """
    steps, theirs = oracle.get("steps", []), engine.get("steps", [])
    answers, got = oracle.get("answers", {}), engine.get("answers", {})
    if answers == got and (not steps or not theirs or normal_step(steps[-1]) == normal_step(theirs[-1])):
        # The same answers, spelt the same (the common case of an engine that agrees): no
        # difference of meaning either. (Both have passed the schemas, which give every place
        # in an answer one type, so Python's ``True == 1`` is not at stake.)
        return []
    differences: list[Difference] = []
    if steps and theirs and normal_step(steps[-1]) != normal_step(theirs[-1]):
        differences.append(Difference("step", steps[-1], theirs[-1]))
    optional = optional_state_fields(case)
    for query in answers:
        if queries is not None and query not in queries:
            continue
        expected, actual = answers[query], got.get(query)
        if query == "legal-actions" and isinstance(actual, list):
            if not _same_actions(expected, actual):
                differences.append(Difference(query, expected, actual))
        elif query == "state" and isinstance(actual, dict) and isinstance(expected, dict):
            mine, yours = _normal_state(expected), _normal_state(actual)
            for name in sorted(set(mine) | set(yours)):
                if name in optional:
                    ours, theirs_ = mine.get(name, _ABSENT), yours.get(name, _ABSENT)
                    if _ABSENT in (ours, theirs_) and name == "stock":
                        continue  # a count the case does not ask of an engine: only compared when both give it
                    if _meaning(ours) == _meaning(theirs_):
                        continue
                if mine.get(name) != yours.get(name):
                    differences.append(Difference(f"state.{name}", expected.get(name), actual.get(name)))
        elif expected != actual:
            # (Python's ``True == 1`` is not JSON's, but both answers have passed the schemas,
            # which give every place in an answer one type.)
            differences.append(Difference(query, expected, actual))
    return differences


__all__ = [
    "OPTIONAL_STATE_FIELDS",
    "RULES_TOUCHED",
    "Difference",
    "Divergence",
    "compare",
    "normal_step",
    "optional_state_fields",
    "rules_touched",
]
