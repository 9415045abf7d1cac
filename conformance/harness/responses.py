"""Judging what an engine sends: a hello or run response is bounded in size and nesting,
then checked against the protocol's schemas and against the case it answers (the state,
the pool, the pack), and becomes either the checked response or the typed
:class:`~napspec.protocol.EngineError` it amounts to. The cases themselves are
checked too, before they are sent: a malformed case is the suite's fault, not the engine's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from itertools import compress
from typing import Any, Final

from napspec.conformance.harness.applicability import away_from_plain, plain_value, same_value
from napspec.protocol import (
    ADDED_BY_PROTOCOL,
    EXCERPT_LIMIT,
    PROTOCOL,
    PROTOCOLS,
    EngineReportedError,
    ProtocolError,
    UnsupportedCase,
    schemas,
    speaks,
    versions,
)
from napspec.spec import Register, load
from napspec.spec.terminal import printable
from napspec.suite.cases import CaseError, pack_in_play, validate_case

#: The most items any array in a response may hold, and the deepest nesting of arrays and
#: objects: checked, in linear time, before the schemas are (some schema checks, such as
#: ``uniqueItems`` over values of mixed types, take time quadratic in an array's length).
MAX_ITEMS: Final = 1024
MAX_HELLO_ITEMS: Final = 256
MAX_DEPTH: Final = 32


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
    # Level by level, and only containers: the children of each are sifted at the C level
    # (most of a response is strings and numbers), and a path is made only for the array
    # found too long.
    level: list[object] = [value] if type(value) in _CONTAINERS else []
    depth = 0
    while level:
        depth += 1
        if depth > max_depth:
            return f"nesting deeper than {max_depth} levels"
        below: list[object] = []
        for item in level:
            children: Sequence[object] | Iterable[object]
            if isinstance(item, list):
                if len(item) > max_items:
                    return f"an array of {len(item)} items at {_path_to(value, item)[:100]} (the limit is {max_items})"
                children = item
            else:
                assert isinstance(item, dict)
                children = list(item.values())
            below.extend(compress(children, map(_CONTAINERS.__contains__, map(type, children))))
        level = below
    return None


#: The types of JSON's containers.
_CONTAINERS: Final[frozenset[type]] = frozenset({dict, list})


def _path_to(root: object, wanted: object, where: str = "$") -> str:
    """Where in ``root`` the container ``wanted`` lies, as a JSON path (depth first)."""
    if root is wanted:
        return where
    pairs = root.items() if isinstance(root, dict) else enumerate(root) if isinstance(root, list) else ()
    for key, child in pairs:
        if isinstance(child, (dict, list)):
            found = _path_to(child, wanted, f"{where}.{key}" if isinstance(root, dict) else f"{where}[{key}]")
            if found:
                return found
    return ""


def check_hello(response: object, *, case_id: str | None = None) -> dict[str, Any]:
    """The hello response, if it is one of a version this harness speaks (one of
    :data:`~napspec.protocol.PROTOCOLS`); :class:`ProtocolError` otherwise (or
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


def newer_than(protocol: str) -> str:
    """The versions newer than ``protocol``, as a message names them.

    >>> newer_than("napspec/1.1"), newer_than("napspec/1")
    ('napspec/1.4, napspec/1.3 and napspec/1.2', 'napspec/1.4, napspec/1.3, napspec/1.2 and napspec/1.1')
    """
    newer = list(reversed(PROTOCOLS[PROTOCOLS.index(protocol) + 1 :]))
    return " and ".join(newer) if len(newer) <= 2 else f"{', '.join(newer[:-1])} and {newer[-1]}"


def is_refusal(response: object) -> bool:
    """Whether a hello was answered with an error response (a version the engine does not
    speak, as engines of an older version answer a newer one)."""
    return isinstance(response, dict) and "error" in response and schemas.is_valid("error-response", response)


def check_result(
    case: Mapping[str, Any],
    response: object,
    protocol: str = PROTOCOL,
    *,
    parsed: bool = False,
    drawing: bool = False,
) -> dict[str, Any]:
    """The run response to ``case`` (as sent to an engine that speaks ``protocol``), if it
    is a valid one; otherwise the typed error it amounts to: :class:`UnsupportedCase` or
    :class:`EngineReportedError` for an error response, :class:`ProtocolError` for anything
    off-schema or not about this case. ``parsed``: the response was just parsed from JSON
    text (as both routes to an engine give it), so is plain JSON by making. ``drawing``: the
    oracle's answer to a case drawing a random deal, checked against the schemas and the
    case's steps alone (the oracle's answers are what the engine's are held to, not what is
    judged)."""
    case_id: str = case["id"]
    # A response the schemas take is within the bounds (every array of them has at most
    # MAX_ITEMS items, and their shapes nest no deeper than MAX_DEPTH): the bounds are
    # checked, in linear time, only before a response is searched for what is wrong with it
    # (jsonschema's search, unlike the compiled verdict, can take quadratic time).
    fits = parsed and schemas.is_valid("run-response", response, parsed=True)
    too_big = None if fits else check_bounds(response)
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
    valid = fits or schemas.is_valid("run-response", response, parsed=parsed)
    problems = [] if valid else schemas.errors("run-response", response)
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
    if drawing:
        if sorted(response["answers"]) != sorted(case["queries"]):
            problems.append("answers to other queries than those asked")
    else:
        problems += _answers_problems(case, response["answers"], _required_state(case, protocol))
    problems += _trace_problems(case, response, protocol)
    if problems:
        raise ProtocolError(
            "run response does not fit the case: " + "; ".join(problems), case_id=case_id, received=_dump(response)
        )
    return response


def _answers_problems(
    case: Mapping[str, Any],
    answers: Mapping[str, Any],
    required: Sequence[tuple[str, Sequence[str], Sequence[str]]],
    where: str = "",
) -> list[str]:
    """What is wrong with one set of answers to ``case``'s queries (``where`` names a trace
    entry): the state's fields its version requires (``required``: :func:`_required_state`),
    the pool's sums, and exactly the queries asked."""
    problems: list[str] = []
    state = answers.get("state")
    if isinstance(state, dict):
        problems += _state_problems(case, state, required)
    problems += _pool_problems(case, answers)
    asked, answered = list(case["queries"]), list(answers)
    if sorted(asked) != sorted(answered):
        missing = [query for query in asked if query not in answered]
        extra = [query for query in answered if query not in asked]
        if missing:
            problems.append(f"no answer to {', '.join(missing)}")
        if extra:
            problems.append(f"answers to queries not asked: {', '.join(extra)}")
    return [f"{where}{problem}" for problem in problems]


def _trace_problems(case: Mapping[str, Any], response: Mapping[str, Any], protocol: str) -> list[str]:
    """What is wrong with a response's trace (napspec/1.4): one comes exactly when the case
    asks for it, with an entry before the first action and one after each, each answering the
    case's queries, the last the same as ``answers``."""
    trace = response.get("trace")
    if not case.get("trace"):
        return [] if trace is None else ["a trace the case did not ask for"]
    if trace is None:
        return ["no trace, though the case asks for one"]
    actions = len(case["actions"])
    if len(trace) != actions + 1:
        return [f"a trace of {len(trace)} entries for {actions} actions (there must be {actions + 1})"]
    problems: list[str] = []
    required = _required_state(case, protocol)
    for index, answers in enumerate(trace):
        problems += _answers_problems(case, answers, required, f"trace[{index}]: ")
        if len(problems) >= _MAX_TRACE_PROBLEMS:
            break
    if not problems and trace[-1] != response["answers"]:
        problems.append(f"trace[{actions}] is not the same as answers (both are the answers after the last action)")
    return problems


#: The most problems of a trace reported: one per entry of a long trace would bury the first.
_MAX_TRACE_PROBLEMS: Final = 3


def _required_state(case: Mapping[str, Any], protocol: str) -> list[tuple[str, Sequence[str], Sequence[str]]]:
    """The fields of the ``state`` answer each version up to ``protocol`` requires of
    ``case`` because it plays an option that version added: (the version, the options it
    plays, the fields)."""
    required: list[tuple[str, Sequence[str], Sequence[str]]] = []
    for version in PROTOCOLS[1 : PROTOCOLS.index(protocol) + 1]:
        playing = away_from_plain(case, added_in=version)
        fields = ADDED_BY_PROTOCOL[version].state_fields
        if playing and fields:
            required.append((version, playing, fields))
    return required


def _state_problems(
    case: Mapping[str, Any], state: Mapping[str, Any], required: Sequence[tuple[str, Sequence[str], Sequence[str]]]
) -> list[str]:
    """What the ``state`` answer lacks of the fields each version requires when the case
    plays an option it added (``required``; the calls beyond Nap: what a call is and where the
    extra hand lies; Peep, Purchase and the pool: the peep card, who peeped, the stock)."""
    problems: list[str] = []
    for version, playing, fields in required:
        lacking = [key for key in fields if key not in state]
        if lacking:
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


def checked_case(case: object) -> dict[str, Any]:
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
        if plain_value(register, option) is not None and not same_value(value, plain_value(register, option))
    ]
