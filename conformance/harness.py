"""Driving engines: over the JSON-lines protocol (:class:`ProtocolEngine`) or in-process
(:class:`InProcessEngine`), with every response checked against the same schemas, so that
both routes give the same results.

Every way an engine can fail becomes a typed :class:`~napspec.conformance.contract.EngineError`
naming the case; :func:`~napspec.conformance.contract.status_for` turns it into a status. Nothing an
engine sends is executed or evaluated: responses are parsed as JSON and checked, nothing
more.

>>> applicable({"options": {"revoke": "none"}, "queries": ["state"], "irregular": True},
...            {"options": {"revoke": ["none"]}, "queries": ["state"], "irregular_play": False})
(False, 'irregular play is not supported')
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final, Self

from napspec.conformance import schemas
from napspec.conformance.contract import (
    ADDED_BY_PROTOCOL,
    EXCERPT_LIMIT,
    OPTIONS_BY_PROTOCOL,
    PROTOCOL,
    PROTOCOLS,
    Engine,
    EngineCrashed,
    EngineError,
    EngineReportedError,
    EngineTimeout,
    EngineUnavailable,
    JSONLimitError,
    ProtocolError,
    UnsupportedCase,
    excerpt,
    most_tricks,
    parse_json,
    printable,
    speaks,
    versions,
)
from napspec.spec import Register, load
from napspec.suite.cases import CaseError, pack_in_play, validate_case

#: The longest response line accepted (bytes); a longer one is a protocol error. A case's
#: answers run to a few kilobytes, so this only stops an engine that never ends its line.
MAX_LINE: Final = 4 * 1024 * 1024

#: The longest hello response accepted (bytes). A handshake declares a few dozen options
#: with a few values each (the reference engine's is under 2 KB).
MAX_HELLO: Final = 64 * 1024

#: The most items any array in a response may hold, and the deepest nesting of arrays and
#: objects: checked, in linear time, before the schemas are (some schema checks, such as
#: ``uniqueItems`` over values of mixed types, take time quadratic in an array's length).
MAX_ITEMS: Final = 1024
MAX_HELLO_ITEMS: Final = 256
MAX_DEPTH: Final = 32

#: How many response lines may wait unread; an engine that writes faster than the harness
#: asks is held back by its own pipe, not buffered without bound.
MAX_PENDING_LINES: Final = 64

#: How much of an engine's stderr is kept for error messages (bytes, and lines shown).
STDERR_KEEP: Final = 16 * 1024
STDERR_LINES: Final = 20

#: How long ``close()`` waits for an engine to answer ``bye`` and exit before killing it.
CLOSE_GRACE: Final = 2.0

#: The seconds an engine may take per case, and the restarts of a crashed engine in one run,
#: unless the runner says otherwise (``--case-timeout``, ``--max-restarts``): one default for
#: the harness, the commands and the guide (a test compares them).
CASE_TIMEOUT: Final = 10.0
MAX_RESTARTS: Final = 5


# ---------------------------------------------------------------------------- applicability

#: The kinds of start of a case, by their key in ``start`` (a hands start may also carry an
#: extra hand, a peep card and a stock).
START_KINDS: Final = ("hands", "deck", "draw", "end_of_session")


def _same(value: object, other: object) -> bool:
    # JSON's true is not 1: option values compare with their types.
    return type(value) is type(other) and value == other


def applicable(case: Mapping[str, Any], capabilities: Mapping[str, Any]) -> tuple[bool, str]:
    """Whether ``case`` applies to an engine with ``capabilities``, and if not, why.

    A case applies iff every (option, value) of its option map is among the values the
    engine declares for that option, every query it asks is one the engine answers,
    if the case is irregular, the engine plays irregular cases, and, where the engine
    declares them, it seats the case's table size and plays its start. All reasons are
    given, joined with "; ".

    >>> applicable({"options": {}, "queries": [], "players": 3, "start": {"deck": []}},
    ...            {"options": {}, "queries": [], "players": [4], "starts": ["hands"]})
    (False, 'table size 3 is not seated (seats 4); start deck is not played (plays hands)')
    """
    reasons: list[str] = []
    supported: Mapping[str, Sequence[object]] = capabilities.get("options", {})
    for option, value in case.get("options", {}).items():
        values = supported.get(option)
        if values is None:
            reasons.append(f"option {option} is not supported")
        elif not any(_same(value, known) for known in values):
            reasons.append(f"{option}={_shown(value)} is not supported ({_declared(values)})")
    answered = set(capabilities.get("queries", ()))
    missing = [query for query in case.get("queries", ()) if query not in answered]
    if missing:
        reasons.append(f"quer{'y' if len(missing) == 1 else 'ies'} not answered: {', '.join(missing)}")
    if case.get("irregular") and not capabilities.get("irregular_play"):
        reasons.append("irregular play is not supported")
    seats = capabilities.get("players")
    if seats is not None and case.get("players") not in seats:
        reasons.append(f"table size {case.get('players')} is not seated (seats {', '.join(map(str, sorted(seats)))})")
    starts = capabilities.get("starts")
    given = case.get("start") or {}
    start = next((kind for kind in START_KINDS if kind in given), None)
    if starts is not None and start not in starts:
        reasons.append(f"start {start} is not played (plays {', '.join(starts)})")
    return (not reasons, "; ".join(reasons))


def _shown(value: object, limit: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _declared(values: Sequence[object], shown: int = 5) -> str:
    """What the engine declares for an option, summarised: a message never copies a long
    list back (it would be repeated for every case it skips).

    >>> _declared(["a", "b"])
    'supported: "a", "b"'
    >>> _declared(list(range(100)))
    'supported: 0, 1, 2, 3, 4 and 95 more'
    """
    listed = ", ".join(_shown(value) for value in values[:shown])
    more = f" and {len(values) - shown} more" if len(values) > shown else ""
    return f"supported: {listed}{more}" if values else "no value supported"


# ----------------------------------------------------------------------------- negotiation


def options_added_since(protocol: str) -> tuple[str, ...]:
    """The options this harness's protocol carries that ``protocol`` (an older version)
    lacks.

    >>> options_added_since("napspec/1.1")  # doctest: +NORMALIZE_WHITESPACE
    ('peep', 'purchase', 'pool', 'pool-contributions', 'pool-fines', 'pool-failed-nap', 'pool-end',
     'pack', 'double-header', 'lowest-call')
    >>> options_added_since(PROTOCOL)
    ()
    """
    older = set(OPTIONS_BY_PROTOCOL[protocol])
    return tuple(option for option in OPTIONS_BY_PROTOCOL[PROTOCOL] if option not in older)


def options_added_in(protocol: str) -> tuple[str, ...]:
    """The options ``protocol`` added to the version before it (every option, for the
    first version).

    >>> options_added_in("napspec/1.1")
    ('misery', 'wellington', 'wellington-lead', 'blucher', 'sir-garnet', 'seven-card')
    """
    index = PROTOCOLS.index(protocol)
    older = set(OPTIONS_BY_PROTOCOL[PROTOCOLS[index - 1]]) if index else set()
    return tuple(option for option in OPTIONS_BY_PROTOCOL[protocol] if option not in older)


def _plain(register: Register, option: str) -> object:
    entry = register.options.get(option)
    return entry.plain if entry is not None else None


def sourced_value(register: Register, option: str) -> object:
    """The value an engine of an older version plays of ``option``, an option of the plain
    game a later version added (:attr:`~napspec.conformance.contract.Additions.sourced_options`):
    the one value every profile gives it; ``None`` for any other option.

    >>> from napspec.spec import load
    >>> sourced_value(load(), "lowest-call"), sourced_value(load(), "nap-stakes")
    (1, None)
    """
    if not any(option in ADDED_BY_PROTOCOL[version].sourced_options for version in ADDED_BY_PROTOCOL):
        return None
    values = [profile.values().get(option) for profile in register.profiles.values()]
    if not values or any(not _same(value, values[0]) for value in values):
        raise ValueError(f"the profiles do not play {option!r} at one value: {values}")
    return values[0]


def away_from_plain(
    case: Mapping[str, Any], register: Register | None = None, *, added_in: str | None = None
) -> list[str]:
    """The options added since napspec/1 (or, with ``added_in``, by that version) that
    ``case`` sets away from their plain values (the variants it plays), in protocol order.
    An added option with no plain value (a detail of a call, such as ``wellington-lead``)
    plays nothing by itself.

    >>> away_from_plain({"options": {"misery": "no-trumps", "wellington": "not-played", "pool": "played"}})
    ['misery', 'pool']
    >>> away_from_plain({"options": {"misery": "no-trumps", "pool": "played"}}, added_in="napspec/1.2")
    ['pool']
    """
    register = register or load()
    options: Mapping[str, Any] = case.get("options", {})
    added = options_added_in(added_in) if added_in is not None else options_added_since(PROTOCOLS[0])
    return [
        option
        for option in added
        if option in options
        and _plain(register, option) is not None
        and not _same(options[option], _plain(register, option))
    ]


#: How a reason names a field of an action that a version lacks.
_ACTION_FIELD_WORDS: Final[Mapping[str, str]] = {"call": "named call"}


def _lacking(case: Mapping[str, Any], protocol: str) -> list[str]:
    """What ``case`` needs, beyond options, that ``protocol`` has not got (as reasons)."""
    newer = [ADDED_BY_PROTOCOL[version] for version in PROTOCOLS[PROTOCOLS.index(protocol) + 1 :]]
    most = most_tricks(protocol)
    reasons: list[str] = []
    for field in (field for added in newer for field in added.case_fields):
        if field in case:
            reasons.append(f"which has no field {field!r} (the case has {field}={_shown(case[field])})")
    start: Mapping[str, Any] = case["start"]
    for kind in (kind for added in newer for kind in added.start_kinds):
        if kind in start:
            reasons.append(f"which has no start {kind!r} (start.{kind})")
    for field in (field for added in newer for field in added.start_fields):
        if field in start:
            reasons.append(f"which has no {field.replace('_', ' ')} (start.{field})")
    actions = frozenset(action for added in newer for action in added.actions)
    fields = [field for added in newer for field in sorted(added.action_fields)]
    for index, action in enumerate(case["actions"]):
        if action.get("type") in actions:
            reasons.append(f"which has no action {action['type']!r} (actions[{index}])")
            continue
        found = next((field for field in fields if field in action), None)
        if found is not None:
            word = _ACTION_FIELD_WORDS.get(found, f"field {found!r} in an action")
            reasons.append(f"which has no {word} (actions[{index}] {found}s {_shown(action[found])})")
        elif isinstance(action.get("tricks"), int) and action["tricks"] > most:
            reasons.append(f"which has no call of {action['tricks']} tricks (actions[{index}])")
    queries = frozenset(query for added in newer for query in added.queries)
    for query in case["queries"]:
        if query in queries:
            reasons.append(f"which has no query {query!r}")
    return reasons


def for_protocol(
    case: dict[str, Any],
    protocol: str,
    capabilities: Mapping[str, Any] | None = None,
    register: Register | None = None,
) -> dict[str, Any]:
    """``case`` as an engine that speaks ``protocol`` receives it: for an engine of an older
    version, the options that version lacks are left out, which is sound only where each is
    at its plain value (the game that version plays); a case that needs anything the
    version lacks (such an option away from its plain value, or what a later version added:
    :data:`~napspec.conformance.contract.ADDED_BY_PROTOCOL`, such as an action, a named
    call, a call of more than five tricks, an extra hand, a peep card, a pool, a query)
    raises :class:`UnsupportedCase` naming it, and is never sent. Optional fields a later
    version added (the stock) are left out. A case for the newest version is returned
    unchanged.

    An option the engine declares in its ``capabilities`` is kept and left to
    applicability, as napspec/1 itself says of options added to the register after it
    (``docs/implementers.md``, section 13): such an engine knows the option.

    >>> case = {"id": "x", "options": {"misery": "no-trumps", "revoke": "none"}, "start": {"hands": []},
    ...         "actions": [{"type": "call", "seat": 1, "call": "misery"}], "queries": []}
    >>> try:
    ...     for_protocol(case, "napspec/1")
    ... except UnsupportedCase as error:
    ...     print(error.reason.replace("; ", "\\n"))
    the engine speaks napspec/1, which has no option 'misery' (the case has misery="no-trumps")
    the engine speaks napspec/1, which has no named call (actions[0] calls "misery")
    """
    if protocol == PROTOCOL:
        return case
    added = options_added_since(protocol)
    register = register or load()
    declared: Mapping[str, Any] = (capabilities or {}).get("options", {})
    reasons: list[str] = []
    options: dict[str, Any] = {}
    for option, value in case["options"].items():
        plain = _plain(register, option)
        if plain is None:
            plain = sourced_value(register, option)
        if option not in added or option in declared:
            options[option] = value
        elif plain is not None and not _same(value, plain):
            reasons.append(f"which has no option {option!r} (the case has {option}={_shown(value)})")
        # An added option without a plain value (wellington-lead) is a detail of a call
        # beyond Nap: whatever its value, the game such a case plays is the plain one.
    reasons += _lacking(case, protocol)
    if reasons:
        raise UnsupportedCase(
            "; ".join(f"the engine speaks {protocol}, {reason}" for reason in reasons), case_id=case.get("id")
        )
    dropped = {
        field
        for version in PROTOCOLS[PROTOCOLS.index(protocol) + 1 :]
        for field in ADDED_BY_PROTOCOL[version].dropped_start_fields
    }
    start = {key: value for key, value in case["start"].items() if key not in dropped}
    return {**case, "options": options, "start": start}


# --------------------------------------------------------------------------- checking output


def check_bounds(value: object, *, max_items: int = MAX_ITEMS, max_depth: int = MAX_DEPTH) -> str | None:
    """Why ``value`` (parsed JSON) is too big to check, or ``None``: an array longer than
    ``max_items`` or nesting deeper than ``max_depth``. Linear in the size of ``value``.

    >>> check_bounds({"a": [1, 2, 3]}, max_items=2)
    'an array of 3 items at $.a (the limit is 2)'
    >>> check_bounds([[[[]]]], max_depth=3)
    'nesting deeper than 3 levels'
    >>> check_bounds({"a": [1, {"b": 2}]}) is None
    True
    """
    stack: list[tuple[object, str, int]] = [(value, "$", 1)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, (dict, list)) and depth > max_depth:
            return f"nesting deeper than {max_depth} levels"
        if isinstance(item, dict):
            stack.extend((child, f"{where}.{key}", depth + 1) for key, child in item.items())
        elif isinstance(item, list):
            if len(item) > max_items:
                return f"an array of {len(item)} items at {where[:100]} (the limit is {max_items})"
            stack.extend((child, f"{where}[{index}]", depth + 1) for index, child in enumerate(item))
    return None


def check_hello(response: object, *, case_id: str | None = None) -> dict[str, Any]:
    """The hello response, if it is one of a version this harness speaks (one of
    :data:`~napspec.conformance.contract.PROTOCOLS`); :class:`ProtocolError` otherwise (or
    :class:`EngineReportedError` if the engine answered the handshake with an error)."""
    too_big = check_bounds(response, max_items=MAX_HELLO_ITEMS)
    if too_big:
        raise ProtocolError(f"hello response too large to check: {too_big}", case_id=case_id)
    received = _dump(response)
    if isinstance(response, dict) and "error" in response and schemas.is_valid("error-response", response):
        raise EngineReportedError(
            f"engine refused the handshake: {response['error']['message']}",
            case_id=case_id,
            code=response["error"].get("code"),
        )
    if isinstance(response, dict) and isinstance(response.get("protocol"), str) and not speaks(response["protocol"]):
        raise ProtocolError(
            f"engine speaks {printable(response['protocol'])[:100]}, the harness speaks {versions()}",
            case_id=case_id,
            received=received,
        )
    problems = schemas.errors("hello-response", response)
    if problems:
        raise ProtocolError("invalid hello response: " + "; ".join(problems), case_id=case_id, received=received)
    assert isinstance(response, dict)
    return response


def _newer_than(protocol: str) -> str:
    """The versions newer than ``protocol``, as a message names them.

    >>> _newer_than("napspec/1.1"), _newer_than("napspec/1")
    ('napspec/1.3 and napspec/1.2', 'napspec/1.3, napspec/1.2 and napspec/1.1')
    """
    newer = list(reversed(PROTOCOLS[PROTOCOLS.index(protocol) + 1 :]))
    return " and ".join(newer) if len(newer) <= 2 else f"{', '.join(newer[:-1])} and {newer[-1]}"


def _refused(response: object) -> bool:
    """Whether a hello was answered with an error response (a version the engine does not
    speak, as engines of an older version answer a newer one)."""
    return isinstance(response, dict) and "error" in response and schemas.is_valid("error-response", response)


def check_result(case: Mapping[str, Any], response: object, protocol: str = PROTOCOL) -> dict[str, Any]:
    """The run response to ``case`` (as sent to an engine that speaks ``protocol``), if it
    is a valid one; otherwise the typed error it amounts to: :class:`UnsupportedCase` or
    :class:`EngineReportedError` for an error response, :class:`ProtocolError` for anything
    off-schema or not about this case."""
    case_id: str = case["id"]
    too_big = check_bounds(response)
    if too_big:
        raise ProtocolError(f"run response too large to check: {too_big}", case_id=case_id)
    if isinstance(response, dict) and "error" in response:
        if not schemas.is_valid("error-response", response):
            raise ProtocolError(
                "invalid error response: " + "; ".join(schemas.errors("error-response", response)),
                case_id=case_id,
                received=_dump(response),
            )
        error = response["error"]
        if error.get("code") == "unsupported":
            raise UnsupportedCase(f"engine does not support this case: {error['message']}", case_id=case_id)
        raise EngineReportedError(
            f"engine answered with an error ({error.get('code', 'internal')}): {error['message']}",
            case_id=case_id,
            code=error.get("code"),
        )
    problems = [] if schemas.is_valid("run-response", response) else schemas.errors("run-response", response)
    if problems:
        raise ProtocolError("invalid run response: " + "; ".join(problems), case_id=case_id, received=_dump(response))
    assert isinstance(response, dict)
    if response["case"] != case_id:
        problems.append(f"response is for case {response['case']!r}")
    actions, steps = case["actions"], response["steps"]
    if len(steps) != len(actions):
        problems.append(f"{len(steps)} steps for {len(actions)} actions")
    for index, (action, step) in enumerate(zip(actions, steps)):
        if "told" in step and action["type"] != "ask":
            problems.append(f"steps[{index}] carries 'told' but action {index} is a {action['type']}, not an ask")
    state = response["answers"].get("state")
    if isinstance(state, dict):
        problems += _state_problems(case, state, protocol)
    problems += _pool_problems(case, response["answers"])
    asked, answered = list(case["queries"]), list(response["answers"])
    if sorted(asked) != sorted(answered):
        missing = [query for query in asked if query not in answered]
        extra = [query for query in answered if query not in asked]
        if missing:
            problems.append(f"no answer to {', '.join(missing)}")
        if extra:
            problems.append(f"answers to queries not asked: {', '.join(extra)}")
    if problems:
        raise ProtocolError(
            "run response does not fit the case: " + "; ".join(problems), case_id=case_id, received=_dump(response)
        )
    return response


def _state_problems(case: Mapping[str, Any], state: Mapping[str, Any], protocol: str) -> list[str]:
    """What the ``state`` answer lacks of the fields each version up to ``protocol`` requires
    when the case plays an option it added (the calls beyond Nap: what a call is and where
    the extra hand lies; Peep, Purchase and the pool: the peep card, who peeped, the stock)."""
    problems: list[str] = []
    for version in PROTOCOLS[1 : PROTOCOLS.index(protocol) + 1]:
        playing = away_from_plain(case, added_in=version)
        lacking = [key for key in ADDED_BY_PROTOCOL[version].state_fields if key not in state]
        if playing and lacking:
            problems.append(
                f"the state lacks {_listed(lacking)}, which {version} requires when the case plays {', '.join(playing)}"
            )
    away = [seat for seat in state.get("peeped") or () if isinstance(seat, int) and seat >= case["players"]]
    if away:
        problems.append(f"state.peeped names seat {away[0]}, which is not a seat of a {case['players']}-player table")
    return problems


def _listed(names: Sequence[str]) -> str:
    """``names`` as a sentence lists them.

    >>> _listed(["a"]), _listed(["a", "b"]), _listed(["a", "b", "c"])
    ('a', 'a and b', 'a, b and c')
    """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _pool_problems(case: Mapping[str, Any], answers: Mapping[str, Any]) -> list[str]:
    """Where the ``pool`` answer does not add up (schema-valid answers only): every seat it
    names must be at the table; the pool now must be the pool the case began with, plus what
    was paid in, less what was taken out, never below nothing on the way; and a finished
    hand's payments, which include each seat's movements with the pool, must sum to what the
    pool lost."""
    pool = answers.get("pool")
    if not isinstance(pool, dict) or not isinstance(case.get("pool"), int):
        return []
    problems: list[str] = []
    players: int = case["players"]
    held: int = case["pool"]
    for index, transfer in enumerate(pool["transfers"]):
        for end in ("from", "to"):
            seat = transfer[end]
            if isinstance(seat, int) and seat >= players:
                problems.append(f"pool.transfers[{index}].{end}: seat {seat} is not a seat of a {players}-player table")
        held += transfer["amount"] if transfer["to"] == "pool" else -transfer["amount"]
        if held < 0:
            problems.append(f"pool.transfers[{index}] takes {transfer['amount']} out of a pool that held less")
            break
    else:
        if held != pool["pool"]:
            problems.append(
                f"pool.pool is {pool['pool']}, but the case began with {case['pool']} in the pool and its "
                f"transfers leave {held}"
            )
    result = answers.get("result")
    if isinstance(result, dict) and not problems:
        gained = pool["pool"] - case["pool"]
        if sum(result["payments"]) + gained != 0:
            problems.append(
                f"result.payments sum to {sum(result['payments'])}, but the pool gained {gained} in the case "
                "(the payments include each seat's movements with the pool: they sum to what the pool lost)"
            )
    return problems


def _dump(value: object, limit: int = 4 * EXCERPT_LIMIT) -> str:
    # Only an excerpt of it is ever quoted, so only the start is serialised.
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + f" ... ({len(text)} characters in all)"


def _check_case(case: object) -> dict[str, Any]:
    """The case, if it is one of the protocol with options valid in the register and cards
    that fit its pack; a malformed case is a fault of the suite, so it raises
    :class:`~napspec.suite.cases.CaseError` rather than blaming the engine."""
    validate_case(case)
    assert isinstance(case, dict)
    problems = pack_problems(case)
    if problems:
        raise CaseError(f"case {case['id']!r} is not valid: " + "; ".join(problems))
    return case


def pack_problems(case: Mapping[str, Any], register: Register | None = None) -> list[str]:
    """What is wrong with the cards of a valid case under napspec/1.2's pack, peep card and
    stock: in a regular case, a card outside the pack in play, a deck that is not exactly
    that pack, a peep card held, a stock that shares a card with the hands (under purchase
    played: a stock that is not exactly the cards nobody holds); in any case, an original
    dealer who is not at the table.

    >>> from napspec.suite.cases import make_case
    >>> case = make_case("x", profile="hoyle", players=2, hands=["2C 3C 4C 5C 6C", "AS KS QS JS TS"])
    >>> pack_problems({**case, "start": {**case["start"], "stock": ["AS", "9D"]}})
    ['start.stock holds cards also held or dealt elsewhere: AS']
    """
    problems: list[str] = []
    players: int = case["players"]
    if case.get("original_dealer", 0) >= players:
        problems.append(f"original_dealer {case['original_dealer']} is not a seat of a {players}-player table")
    if case["irregular"]:
        return problems
    register = register or load()
    options: Mapping[str, Any] = case["options"]
    pack = pack_in_play(options, players, register)
    if pack is None:
        return [*problems, f"the pack {options.get('pack')} has no size for {players} players"]
    start: Mapping[str, Any] = case["start"]
    cards = set(pack)
    if "deck" in start and sorted(start["deck"]) != sorted(pack):
        problems.append(f"start.deck is not the pack in play ({len(pack)} cards: {pack[0]} and up in each suit)")
    if "hands" not in start:
        drawn = start.get("draw", start.get("end_of_session", {}).get("draw", []))
        outside = sorted(set(drawn) - cards)
        if outside:
            problems.append(f"cards drawn that are not in the pack in play: {', '.join(outside)}")
        return problems
    dealt = [card for hand in start["hands"] for card in hand] + list(start.get("extra_hand", ()))
    if "peep_card" in start:
        if start["peep_card"] in dealt:
            problems.append(f"start.peep_card {start['peep_card']} is also held or in the extra hand")
        dealt.append(start["peep_card"])
    outside = sorted(set(dealt) - cards)
    if outside:
        problems.append(f"cards dealt that are not in the pack in play: {', '.join(outside)}")
    if "stock" in start:
        shared = sorted(set(start["stock"]) & set(dealt))
        if shared:
            problems.append(f"start.stock holds cards also held or dealt elsewhere: {', '.join(shared)}")
        elif "purchase" in _played(options, register):
            missing = [card for card in pack if card not in set(dealt) | set(start["stock"])]
            extra = sorted(set(start["stock"]) - cards)
            if missing or extra:
                problems.append(
                    "under purchase played start.stock must be exactly the undealt cards of the pack in play"
                    + (f" (it lacks {', '.join(missing)})" if missing else "")
                    + (f" (it holds cards not in the pack: {', '.join(extra)})" if extra else "")
                )
    return problems


def _played(options: Mapping[str, Any], register: Register) -> list[str]:
    """The options of ``options`` away from their plain values."""
    return [
        option
        for option, value in options.items()
        if _plain(register, option) is not None and not _same(value, _plain(register, option))
    ]


# ------------------------------------------------------------------------- protocol engines


#: Seconds to wait for the last lines of an engine that has exited while something it
#: started holds its output open.
EXITED_GRACE: Final = 0.3

#: The pids of the engine processes running now (so that orphan collection spares them).
_RUNNING: set[int] = set()
#: Whether :func:`adopt_orphans` took effect in this process.
_ADOPTING: list[bool] = [False]


def adopt_orphans() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux), so that an engine's
    child that leaves the engine's process group (``setsid``) and outlives the engine can
    still be found and ended: it becomes a child of this process. Meant for a command whose
    only children are engines (``napspec certify``); True if it took effect.
    """
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    PR_SET_CHILD_SUBREAPER = 36
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        _ADOPTING[0] = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        _ADOPTING[0] = False
    return _ADOPTING[0]


def end_orphans() -> None:
    """Kill and reap what engines left behind, if this process adopts orphans
    (:func:`adopt_orphans`): called once an engine is closed, before anything is written."""
    if _ADOPTING[0]:
        _end_orphans()


def _end_orphans() -> None:
    """Kill and reap every child of this process that is not a running engine: with
    :func:`adopt_orphans`, these are what engines left behind."""
    for _ in range(10):  # an orphan's own children are adopted in turn when it dies
        me = str(os.getpid())
        found = []
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit() or int(entry.name) in _RUNNING:
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[1].decode() == me:
                found.append(int(entry.name))
        if not found:
            return
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError, PermissionError):
                pass


class _Process:
    """One running engine process and the threads that read its output, so that no read
    ever blocks the harness: responses arrive on a bounded queue that is waited on with a
    deadline, and closing never waits on a pipe (an engine's children may hold it open)."""

    _EOF: Final = b""

    def __init__(self, command: Sequence[str], cwd: str | Path | None, env: Mapping[str, str] | None) -> None:
        self.popen = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=dict(env) if env is not None else None,
            # A session (and process group) of its own, so that killing the group kills
            # whatever the engine started too, and Ctrl-C at the terminal reaches the
            # harness only (which then ends the engine itself).
            start_new_session=os.name == "posix",
        )
        _RUNNING.add(self.popen.pid)
        self.lines: queue.Queue[bytes] = queue.Queue(maxsize=MAX_PENDING_LINES)
        #: A last line the engine left unfinished when its output ended, if any.
        self.unfinished = b""
        self.stderr: deque[bytes] = deque()
        self._stderr_size = 0
        self._stderr_lock = threading.Lock()
        self._stopped = threading.Event()
        assert self.popen.stdin is not None
        self._stdin_fd = self.popen.stdin.fileno()
        # Writes never block the harness (an engine may stop reading its input).
        os.set_blocking(self._stdin_fd, False)
        self._write_lock = threading.Lock()
        self._pending: deque[bytes] = deque()
        self._readers = [
            threading.Thread(target=self._read_stdout, name="napspec-engine-stdout", daemon=True),
            threading.Thread(target=self._read_stderr, name="napspec-engine-stderr", daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _put(self, line: bytes) -> bool:
        """Queue ``line``, waiting while the queue is full; False once the harness has
        stopped listening."""
        while not self._stopped.is_set():
            try:
                self.lines.put(line, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _read_stdout(self) -> None:
        stream = self.popen.stdout
        assert stream is not None
        try:
            while not self._stopped.is_set():
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if not line.endswith(b"\n") and len(line) <= MAX_LINE:
                    # Output that ends without a newline was cut off by the engine's death
                    # (a response is a whole line): keep it for the crash report.
                    self.unfinished = line
                    break
                if not line.strip():
                    continue  # blank lines carry nothing, and are never queued
                if not self._put(line):
                    break
        except (OSError, ValueError):
            pass  # the pipe was closed under us by a kill: that is the end of output
        finally:
            _close_quietly(stream)
        self._put(self._EOF)

    def _read_stderr(self) -> None:
        stream = self.popen.stderr
        assert stream is not None
        try:
            while True:
                chunk = stream.read1(4096) if hasattr(stream, "read1") else stream.read(4096)
                if not chunk:
                    break
                with self._stderr_lock:
                    self.stderr.append(chunk)
                    self._stderr_size += len(chunk)
                    while self._stderr_size - len(self.stderr[0]) >= STDERR_KEEP and len(self.stderr) > 1:
                        self._stderr_size -= len(self.stderr.popleft())
        except (OSError, ValueError):
            pass
        finally:
            _close_quietly(stream)

    def stderr_tail(self, wait: float = 0.0) -> str:
        """The last lines the engine wrote on stderr (waiting up to ``wait`` seconds for
        the reader to reach the end, so a dying engine's traceback is included)."""
        if wait:
            self._readers[1].join(wait)
        with self._stderr_lock:
            text = b"".join(self.stderr).decode("utf-8", errors="replace")
        return "\n".join(text.rstrip().splitlines()[-STDERR_LINES:])

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one request line without ever blocking: what the pipe does not take at
        once is written by a thread as the engine reads. A write that fails because the
        engine is gone is not reported here: the missing response will be (as a crash)."""
        # Pure ASCII (non-ASCII characters escaped), so that an engine reading its stdin in
        # any text encoding reads the request correctly.
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode("ascii")
        with self._write_lock:
            if self._pending:
                self._pending.append(data)  # behind what a writer thread is still writing
                return
            written = self._write_some(data)
            if written is not None and written < len(data):
                self._pending.append(data[written:])
                threading.Thread(target=self._write_pending, name="napspec-engine-stdin", daemon=True).start()

    def _write_some(self, data: bytes) -> int | None:
        """How much of ``data`` the pipe took at once (``None`` if the engine is gone)."""
        try:
            return os.write(self._stdin_fd, data)
        except BlockingIOError:
            return 0
        except (OSError, ValueError):
            return None

    def _write_pending(self) -> None:
        while not self._stopped.is_set():
            with self._write_lock:
                if not self._pending:
                    return
                chunk = self._pending[0]
                written = self._write_some(chunk)
                if written is None:
                    self._pending.clear()
                    return
                if written == len(chunk):
                    self._pending.popleft()
                    continue
                self._pending[0] = chunk[written:]
            select.select([], [self._stdin_fd], [], 0.1)

    def receive(self, deadline: float) -> bytes | None:
        """The next line, :attr:`_EOF` (b"") at end of output, or ``None`` if the deadline
        passes first. An engine that has exited has nothing more to say even if a process it
        started still holds its output open: that is the end of its output too (after
        :data:`EXITED_GRACE` seconds for lines still in the pipe), not a hang."""
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            remaining = deadline - now
            if remaining <= 0:
                return None
            try:
                return self.lines.get(timeout=min(remaining, 0.05))
            except queue.Empty:
                pass
            if self.popen.poll() is not None:
                exited_at = exited_at if exited_at is not None else now
                if now - exited_at >= EXITED_GRACE:
                    return self._EOF

    def drain(self) -> list[bytes]:
        """Lines the engine sent that nobody asked for (read and discarded)."""
        stray: list[bytes] = []
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return stray
            if line == self._EOF:
                self.lines.put(line)  # keep the end-of-output marker for the next read
                return stray
            stray.append(line)

    def returncode(self, wait: float = 0.0) -> int | None:
        try:
            return self.popen.wait(wait) if wait else self.popen.poll()
        except subprocess.TimeoutExpired:
            return None

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self) -> None:
        """Kill the engine's whole process group (on POSIX), even if the engine itself has
        already exited and left children behind, and reap the engine. Never waits on the
        pipes: the reader threads close them when they end."""
        self._stopped.set()
        if os.name == "posix":
            # The group outlives its leader while any member lives; its id is not reused
            # until then, so this cannot reach anyone else's processes.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.popen.pid, signal.SIGKILL)
        if self.popen.poll() is None:
            with contextlib.suppress(OSError):
                self.popen.kill()
        # An unkillable engine (a zombie held by the OS) is left: nothing more can be done.
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(5)
        _RUNNING.discard(self.popen.pid)
        if _ADOPTING[0]:
            _end_orphans()
        with self._write_lock:
            self._pending.clear()
            if self.popen.stdin is not None:
                _close_quietly(self.popen.stdin)  # written with os.write: nothing to flush


def _close_quietly(stream: IO[bytes]) -> None:
    with contextlib.suppress(OSError, ValueError):
        stream.close()


class ProtocolEngine:
    """An engine in another process, spoken to over napspec/1.2 JSON lines (or an older version,
    if that is what the engine's handshake says it speaks: see :func:`for_protocol`).

    ``command`` is the argument vector (split with :func:`shlex.split` by the caller; no
    shell is involved). The engine is started on first use and handshakes; each case is
    sent as one line and must be answered with one line within ``timeout`` seconds
    (``startup_timeout``, default ``max(timeout, 10)``, for the handshake). An engine that
    crashes, hangs or garbles its output is killed, the case raises the matching
    :class:`EngineError`, and the next case restarts it — at most ``max_restarts`` times,
    after which every case raises :class:`EngineUnavailable`. An engine whose handshake is
    invalid is not restarted: every case raises the same :class:`ProtocolError`.

    Also usable as a context manager (``close()`` on exit).
    """

    def __init__(
        self,
        command: Sequence[str],
        timeout: float = CASE_TIMEOUT,
        max_restarts: int = MAX_RESTARTS,
        cwd: str | Path | None = None,
        *,
        startup_timeout: float | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        if not command:
            raise ValueError("an engine command needs at least a program")
        self.command = list(command)
        self.timeout = timeout
        self.max_restarts = max_restarts
        self.cwd = cwd
        self.startup_timeout = startup_timeout if startup_timeout is not None else max(timeout, 10.0)
        self.env = env
        #: How many times the engine has been restarted.
        self.restarts = 0
        #: Lines the engine sent that answered no request (bounded excerpts), for diagnosis.
        self.stray_output: list[str] = []
        self._process: _Process | None = None
        self._starts = 0
        self._hello: dict[str, Any] | None = None
        self._broken: ProtocolError | EngineReportedError | None = None
        self._closed = False

    # ----------------------------------------------------------------- public interface

    def hello(self) -> dict[str, Any]:
        """The engine's hello response (starting it if need be)."""
        return self._ensure_started(None)

    @property
    def capabilities(self) -> dict[str, Any]:
        """The capabilities the engine declared."""
        capabilities: dict[str, Any] = self.hello()["capabilities"]
        return capabilities

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        """Play ``case``; its checked run response, or the :class:`EngineError` it came to.

        A case that does not apply to the engine's capabilities is not sent: it raises
        :class:`UnsupportedCase`. A malformed case raises :class:`~napspec.suite.cases.CaseError`.
        """
        case = _check_case(case)
        case_id: str = case["id"]
        hello = self._ensure_started(case_id)
        case = for_protocol(case, hello["protocol"], hello["capabilities"])
        fits, reason = applicable(case, hello["capabilities"])
        if not fits:
            raise UnsupportedCase(reason, case_id=case_id)
        response = self._exchange({"cmd": "run", "case": case}, case_id, self.timeout)
        return check_result(case, response, hello["protocol"])

    def close(self) -> None:
        """Say bye, give the engine a moment to exit, then kill it if it has not."""
        self._closed = True
        process, self._process = self._process, None
        if process is None:
            return
        if process.alive():
            try:
                process.drain()
                process.send({"cmd": "bye"})
                deadline = time.monotonic() + min(self.timeout, CLOSE_GRACE)
                process.receive(deadline)  # the {"bye": true}; its content no longer matters
                process.returncode(max(0.0, deadline - time.monotonic()) or 0.01)
            finally:
                process.kill()
        else:
            process.kill()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def name(self) -> str:
        """The engine's name from its handshake, or its command line before it."""
        if self._hello is not None:
            return f"{self._hello['engine']['name']} {self._hello['engine']['version']}"
        return " ".join(self.command)

    # ------------------------------------------------------------------------ internals

    def _ensure_started(self, case_id: str | None) -> dict[str, Any]:
        if self._closed:
            raise EngineUnavailable("the engine has been closed", case_id=case_id)
        if self._broken is not None:
            # A handshake that was wrong once will be wrong again: do not restart, repeat.
            error = copy.copy(self._broken)
            error.case_id = case_id
            raise error
        if self._process is not None and self._process.alive() and self._hello is not None:
            return self._hello
        if self._process is not None:
            self._process.kill()  # died between cases: reap it before starting anew
            self._process = None
        if self._starts > 0:
            if self.restarts >= self.max_restarts:
                raise EngineUnavailable(
                    f"engine {' '.join(self.command)!r} has been restarted {self.restarts} time"
                    f"{'s' if self.restarts != 1 else ''} (the limit); no more cases are sent to it",
                    case_id=case_id,
                )
            self.restarts += 1
        self._starts += 1
        try:
            self._process = _Process(self.command, self.cwd, self.env)
        except OSError as error:
            raise EngineCrashed(
                f"engine {' '.join(self.command)!r} could not be started: {error.strerror or error}", case_id=case_id
            ) from error
        try:
            response = self._ask_hello(case_id)
            self._hello = check_hello(response, case_id=case_id)
        except (ProtocolError, EngineReportedError) as error:
            self._broken = error
            self._kill()
            raise
        return self._hello

    def _ask_hello(self, case_id: str | None) -> object:
        """The engine's answer to a hello of the newest version it accepts: the harness asks
        for the newest version, and an engine that refuses it (as an engine written for an
        older version answers any other) is asked again in each older version in turn. An
        engine that accepts a version must answer with that version or an older one."""
        response: object = None
        for asked in reversed(PROTOCOLS):
            response = self._exchange({"cmd": "hello", "protocol": asked}, case_id, self.startup_timeout, "hello")
            if _refused(response):
                continue
            if asked != PROTOCOL:
                hello = check_hello(response, case_id=case_id)
                if PROTOCOLS.index(hello["protocol"]) > PROTOCOLS.index(asked):
                    raise ProtocolError(
                        f"engine refused a hello of {_newer_than(asked)}, then answered one of {asked} "
                        f"with {hello['protocol']}",
                        case_id=case_id,
                    )
            return response
        return response

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process = None

    def _exchange(self, request: Mapping[str, Any], case_id: str | None, timeout: float, what: str = "run") -> object:
        """Send ``request`` and return the parsed response line, or raise."""
        process = self._process
        assert process is not None
        for stray in process.drain():
            self.stray_output.append(excerpt(stray))
        process.send(request)
        deadline = time.monotonic() + timeout
        line = process.receive(deadline)
        if line is None:
            tail = process.stderr_tail()
            self._kill()
            raise EngineTimeout(
                f"no response to {what} within {timeout:g}s; the engine was killed",
                case_id=case_id,
                timeout=timeout,
                stderr_tail=tail,
            )
        if line == _Process._EOF:
            # A moment for the exit status and the last of stderr, within the deadline.
            grace = min(1.0, max(0.05, deadline - time.monotonic()))
            code = process.returncode(wait=grace)
            self._kill()
            tail = process.stderr_tail(wait=0.2)
            status = f"exit status {code}" if code is not None else "its output closed"
            if process.unfinished:
                status += f", leaving an unfinished line: {excerpt(process.unfinished)}"
            raise EngineCrashed(
                f"engine stopped without answering {what} ({status})",
                case_id=case_id,
                returncode=code,
                stderr_tail=tail,
            )
        limit = MAX_HELLO if what == "hello" else MAX_LINE
        if len(line) > limit:
            self._kill()
            raise ProtocolError(f"{what} response longer than {limit} bytes", case_id=case_id, received=line[:1000])
        try:
            return parse_json(line)
        except (ValueError, UnicodeDecodeError) as error:
            # After a line that is not JSON the stream cannot be trusted to be in step
            # (was it half a response? one of several?), so the engine is restarted.
            self._kill()
            kind = "JSON beyond the protocol's limits" if isinstance(error, JSONLimitError) else "not JSON"
            raise ProtocolError(f"response to {what} is {kind} ({error})", case_id=case_id, received=line) from None


# ------------------------------------------------------------------------ in-process engines


class InProcessEngine:
    """A Python :class:`~napspec.conformance.contract.Engine` called directly, its output checked
    exactly as a :class:`ProtocolEngine`'s is (it goes through a JSON round trip first, as
    it would on the wire), so both routes give identical results.

    An exception raised inside the engine errors the case (:class:`EngineCrashed`, with the
    traceback) instead of crashing the harness; an :class:`UnsupportedCase` it raises
    skips the case. With ``timeout``, each call runs on a worker thread and a call that
    overruns raises :class:`EngineTimeout`; since a thread cannot be killed, every later
    case then raises :class:`EngineUnavailable`.
    """

    def __init__(self, engine: Engine, timeout: float | None = None) -> None:
        self.engine = engine
        self.timeout = timeout
        self._hello: dict[str, Any] | None = None
        self._hung: EngineTimeout | None = None

    def hello(self) -> dict[str, Any]:
        """The engine's hello response, checked (asked once)."""
        return self._handshake(None)

    @property
    def capabilities(self) -> dict[str, Any]:
        """The capabilities the engine declared."""
        capabilities: dict[str, Any] = self.hello()["capabilities"]
        return capabilities

    @property
    def name(self) -> str:
        """The engine's name and version from its handshake."""
        hello = self.hello()
        return f"{hello['engine']['name']} {hello['engine']['version']}"

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        """Play ``case``; its checked run response, or the :class:`EngineError` it came to."""
        case = _check_case(case)
        case_id: str = case["id"]
        hello = self._handshake(case_id)
        case = for_protocol(case, hello["protocol"], hello["capabilities"])
        fits, reason = applicable(case, hello["capabilities"])
        if not fits:
            raise UnsupportedCase(reason, case_id=case_id)
        # The engine gets its own copy: whatever it does to it cannot change the case.
        response = self._call(lambda: self.engine.run(copy.deepcopy(case)), case_id, "run")
        return check_result(case, self._as_json(response, case_id, "run"), hello["protocol"])

    def close(self) -> None:
        """Close the engine (an exception from its close() is not the harness's problem)."""
        try:
            self.engine.close()
        except Exception:
            traceback.print_exc(file=sys.stderr)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _handshake(self, case_id: str | None) -> dict[str, Any]:
        if self._hello is None:
            response = self._call(self.engine.hello, case_id, "hello")
            self._hello = check_hello(self._as_json(response, case_id, "hello"), case_id=case_id)
        return self._hello

    def _call(self, function: Any, case_id: str | None, what: str) -> object:
        if self._hung is not None:
            raise EngineUnavailable(
                f"the in-process engine hung earlier ({self._hung.message}) and cannot be stopped", case_id=case_id
            )
        if self.timeout is None:
            return self._guarded(function, case_id, what)
        outcome: list[object] = []
        failure: list[BaseException] = []

        def target() -> None:
            try:
                outcome.append(self._guarded(function, case_id, what))
            except BaseException as error:
                failure.append(error)

        worker = threading.Thread(target=target, name="napspec-in-process-engine", daemon=True)
        worker.start()
        worker.join(self.timeout)
        if worker.is_alive():
            self._hung = EngineTimeout(
                f"no response to {what} within {self.timeout:g}s", case_id=case_id, timeout=self.timeout
            )
            raise self._hung
        if failure:
            raise failure[0]
        return outcome[0]

    @staticmethod
    def _guarded(function: Any, case_id: str | None, what: str) -> object:
        try:
            result: object = function()
        except UnsupportedCase as error:
            error.case_id = case_id
            raise
        except EngineError:
            raise
        except Exception as error:
            raise EngineCrashed(
                f"engine raised {type(error).__name__} during {what}: {error}",
                case_id=case_id,
                stderr_tail="".join(traceback.format_exception(error)).rstrip(),
            ) from error
        return result

    @staticmethod
    def _as_json(response: object, case_id: str | None, what: str) -> object:
        """``response`` as it would arrive over the wire: serialised and parsed again, so
        tuples become lists and anything JSON cannot carry is a protocol error."""
        try:
            text = json.dumps(response, allow_nan=False, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError) as error:
            raise ProtocolError(
                f"{what} response is not JSON-serialisable ({error})", case_id=case_id, received=repr(response)
            ) from None
        return parse_json(text)


def open_engine(
    *,
    name: str | None = None,
    command: Sequence[str] | None = None,
    timeout: float = CASE_TIMEOUT,
    max_restarts: int = MAX_RESTARTS,
    cwd: str | Path | None = None,
) -> ProtocolEngine | InProcessEngine:
    """An engine to run cases against: the installed engine registered as ``name`` (run
    in-process) or the program ``command`` (spoken to over the protocol); exactly one."""
    from napspec.conformance.contract import load_engine

    if (name is None) == (command is None):
        raise ValueError("give exactly one of an engine name and a command")
    if name is not None:
        return InProcessEngine(load_engine(name), timeout=timeout)
    assert command is not None
    return ProtocolEngine(command, timeout=timeout, max_restarts=max_restarts, cwd=cwd)
