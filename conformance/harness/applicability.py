"""Which cases an engine plays, and in what form: applicability (the options, queries,
table sizes and starts an engine declares) and negotiation with an engine of an older
protocol version (what :func:`for_protocol` sends it, or why the case cannot be sent).

>>> applicable({"options": {"revoke": "none"}, "queries": ["state"], "irregular": True},
...            {"options": {"revoke": ["none"]}, "queries": ["state"], "irregular_play": False})
(False, 'irregular play is not supported')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from napspec.protocol import ADDED_BY_PROTOCOL, OPTIONS_BY_PROTOCOL, PROTOCOL, PROTOCOLS, UnsupportedCase, most_tricks
from napspec.spec import Register, load

#: extra hand, a peep card and a stock).
START_KINDS: Final = ("hands", "deck", "draw", "end_of_session")


def same_value(value: object, other: object) -> bool:
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
        elif not any(same_value(value, known) for known in values):
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


def plain_value(register: Register, option: str) -> object:
    entry = register.options.get(option)
    return entry.plain if entry is not None else None


def sourced_value(register: Register, option: str) -> object:
    """The value an engine of an older version plays of ``option``, an option of the plain
    game a later version added (:attr:`~napspec.protocol.Additions.sourced_options`):
    the one value every profile gives it; ``None`` for any other option.

    >>> from napspec.spec import load
    >>> sourced_value(load(), "lowest-call"), sourced_value(load(), "nap-stakes")
    (1, None)
    """
    if not any(option in ADDED_BY_PROTOCOL[version].sourced_options for version in ADDED_BY_PROTOCOL):
        return None
    values = [profile.values().get(option) for profile in register.profiles.values()]
    if not values or any(not same_value(value, values[0]) for value in values):
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
    options: Mapping[str, Any] = case.get("options", {})
    if register is None:
        try:  # the same few option maps come with every case of a run
            return list(_away_from_plain(typed_items(options), added_in))
        except TypeError:  # a value that is not a scalar
            pass
    return _options_away_from_plain(options, register or load(), added_in)


def typed_items(options: Mapping[str, Any]) -> tuple[tuple[str, str, Any], ...]:
    """An option map as a value that can be hashed, each value with its type (JSON's
    ``true`` is not ``1``, though Python's ``True == 1``); :class:`TypeError` for a value
    that is not a scalar.

    >>> typed_items({"b": True, "a": 1})
    (('a', 'int', 1), ('b', 'bool', True))
    """
    items = tuple(sorted((name, type(value).__name__, value) for name, value in options.items()))
    hash(items)
    return items


@cache
def _away_from_plain(options: tuple[tuple[str, str, Any], ...], added_in: str | None) -> tuple[str, ...]:
    return tuple(_options_away_from_plain({name: value for name, _, value in options}, load(), added_in))


def _options_away_from_plain(options: Mapping[str, Any], register: Register, added_in: str | None) -> list[str]:
    added = options_added_in(added_in) if added_in is not None else options_added_since(PROTOCOLS[0])
    return [
        option
        for option in added
        if option in options
        and plain_value(register, option) is not None
        and not same_value(options[option], plain_value(register, option))
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
    :data:`~napspec.protocol.ADDED_BY_PROTOCOL`, such as an action, a named
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
        plain = plain_value(register, option)
        if plain is None:
            plain = sourced_value(register, option)
        if option not in added or option in declared:
            options[option] = value
        elif plain is not None and not same_value(value, plain):
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
