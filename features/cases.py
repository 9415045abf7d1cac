"""Building conformance cases: cards, option maps, actions, and whole cases, checked against
the protocol's schema and the rule register.

Cards are written as :mod:`napspec.suite.cards` reads them (``"AS"``, ``"td"``, ``"10h"``).
A case takes its complete option map from a profile (or a house-rules file), plus overrides:

>>> case = make_case("play.follow-suit/peel", profile="peel", overrides={"cut-minimum": 4},
...                  players=2, hands=["AS KS QS JS TS", "2C 3C 4C 5C 6C"],
...                  actions=[call(1, 2), play(1, "2C")], queries=["state"])
>>> case["options"]["cut-minimum"], case["options"]["first-dealer"], case["actions"][1]
(4, 'first-jack-face-up', {'type': 'play', 'seat': 1, 'card': '2C'})
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from napspec.protocol import schemas
from napspec.spec import Register, load, load_house_rules
from napspec.spec.errors import SpecError
from napspec.suite.cards import PACK, RANKS, SUITS, CardError, format_card, parse_card, parse_cards, sort_cards

OptionValue = str | int | bool

#: The queries of the protocol, in the order the documentation gives them.
QUERIES: tuple[str, ...] = ("state", "legal-actions", "tricks", "table", "result", "offences", "first-dealer", "pool")


class CaseError(ValueError):
    """A case that the protocol or the register does not allow. This is a fault of the
    suite (a badly written scenario), never of the engine under test."""


def _card(written: str) -> str:
    try:
        return format_card(written)
    except CardError as error:
        raise CaseError(str(error)) from error


def _cards(written: str | Sequence[str]) -> list[str]:
    try:
        return parse_cards(written)
    except CardError as error:
        raise CaseError(str(error)) from error


# ---------------------------------------------------------------------------------- options


def _nearest(name: str, choices: Iterable[str]) -> str:
    found = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.4)
    return f"; did you mean {found[0]!r}?" if found else ""


def _describe(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value)


def check_options(options: Mapping[str, object], register: Register | None = None) -> None:
    """Raise :class:`CaseError` unless ``options`` gives every option of the register one
    of its values (compared with its type, so ``1`` is not ``true``; an int option any number
    of its range), names nothing else, and holds values that can be played together
    (:meth:`~napspec.spec.register.Register.conflicts`)."""
    if register is None:
        # The same few option maps come with every case of a run: their verdict is remembered.
        try:
            key = tuple(sorted((name, type(value).__name__, value) for name, value in options.items()))
            hash(key)  # (the suite cannot import the harness's typed_items: the same key, made here)
        except TypeError:
            key = None
        if key is not None:
            problems = _options_verdict(key)
            if problems:
                raise CaseError(problems)
            return
    _check_options(options, register or load())


@cache
def _options_verdict(key: tuple[tuple[str, str, object], ...]) -> str:
    try:
        _check_options({name: value for name, _, value in key}, load())
    except CaseError as error:
        return str(error)
    return ""


def _check_options(options: Mapping[str, object], register: Register) -> None:
    problems: list[str] = []
    for key, value in options.items():
        option = register.options.get(key)
        if option is None:
            problems.append(f"unknown option {key!r}{_nearest(key, register.options)}")
        elif not option.accepts(value):
            problems.append(f"option {key!r} has no value {_describe(value)} ({option.describe_accepted()})")
    missing = [key for key in register.options if key not in options]
    if missing:
        problems.append(f"missing options: {', '.join(missing)}")
    if not problems:
        # Values each valid may still not go together (a variant that needs another, the
        # bounds of int options): no engine can be asked to play them.
        problems += register.conflicts(options)
    if problems:
        raise CaseError("; ".join(problems))


def case_options(
    profile: str | None = None,
    *,
    house_rules: str | Path | None = None,
    overrides: Mapping[str, OptionValue] | None = None,
    register: Register | None = None,
) -> dict[str, OptionValue]:
    """The complete option map of a profile or of a house-rules file (exactly one of them),
    with ``overrides`` applied, every value checked against the register.

    >>> case_options("hoyle", overrides={"nap-stakes": "win-12-lose-6"})["nap-stakes"]
    'win-12-lose-6'
    >>> case_options("hoyle", overrides={"nap-stake": 12})
    Traceback (most recent call last):
    ...
    napspec.suite.cases.CaseError: unknown option 'nap-stake'; did you mean 'nap-stakes'?
    """
    register = register or load()
    if (profile is None) == (house_rules is None):
        raise CaseError("give exactly one of a profile and a house-rules file")
    try:
        if profile is not None:
            values: dict[str, OptionValue] = register.profile_values(profile)
        else:
            assert house_rules is not None
            values = dict(load_house_rules(house_rules, register).values)
    except SpecError as error:
        raise CaseError(str(error)) from error
    for key, value in (overrides or {}).items():
        option = register.options.get(key)
        if option is None:
            raise CaseError(f"unknown option {key!r}{_nearest(key, register.options)}")
        if not option.accepts(value):
            raise CaseError(f"option {key!r} has no value {_describe(value)} ({option.describe_accepted()})")
        values[key] = value
    check_options(values, register)
    return values


# ---------------------------------------------------------------------------------- actions


def cut(seat: int, depth: int) -> dict[str, Any]:
    """``seat`` cuts: lifts ``depth`` cards from the top of the pack and puts them under."""
    return {"type": "cut", "seat": seat, "depth": depth}


def deal(seat: int, *, exposed: str | None = None, counts: Sequence[int] | None = None) -> dict[str, Any]:
    """``seat`` deals; irregularly if a card is ``exposed`` in dealing or the ``counts``
    dealt to each seat are wrong."""
    action: dict[str, Any] = {"type": "deal", "seat": seat}
    if exposed is not None:
        action["exposed"] = _card(exposed)
    if counts is not None:
        action["counts"] = list(counts)
    return action


def call(seat: int, tricks: int) -> dict[str, Any]:
    """``seat`` calls ``tricks`` tricks (5 is Nap)."""
    return {"type": "call", "seat": seat, "tricks": tricks}


def pass_(seat: int) -> dict[str, Any]:
    """``seat`` passes in the calling."""
    return {"type": "pass", "seat": seat}


def play(seat: int, card: str) -> dict[str, Any]:
    """``seat`` plays ``card``."""
    return {"type": "play", "seat": seat, "card": _card(card)}


def expose(seat: int, card: str) -> dict[str, Any]:
    """``seat`` exposes ``card`` after the deal (irregular)."""
    return {"type": "expose", "seat": seat, "card": _card(card)}


def claim(seat: int, offence: int) -> dict[str, Any]:
    """``seat`` claims the offence at index ``offence`` of the "offences" answer."""
    return {"type": "claim", "seat": seat, "offence": offence}


def show(seat: int) -> dict[str, Any]:
    """``seat`` shows his remaining cards."""
    return {"type": "show", "seat": seat}


def refuse_to_show(seat: int) -> dict[str, Any]:
    """``seat`` refuses to show his remaining cards."""
    return {"type": "refuse-to-show", "seat": seat}


def ask(seat: int) -> dict[str, Any]:
    """``seat`` asks the soloist's call and the tricks he has made."""
    return {"type": "ask", "seat": seat}


# ------------------------------------------------------------------------------------ cases


def make_case(
    case_id: str,
    *,
    profile: str | None = None,
    house_rules: str | Path | None = None,
    overrides: Mapping[str, OptionValue] | None = None,
    options: Mapping[str, OptionValue] | None = None,
    players: int = 4,
    dealer: int = 0,
    irregular: bool = False,
    hands: Sequence[str | Sequence[str]] | None = None,
    extra_hand: str | Sequence[str] | None = None,
    deck: str | Sequence[str] | None = None,
    draw: str | Sequence[str] | None = None,
    actions: Iterable[Mapping[str, Any]] = (),
    queries: Iterable[str] = ("state",),
    register: Register | None = None,
) -> dict[str, Any]:
    """A complete, checked case.

    The options come from ``profile`` or ``house_rules`` (plus ``overrides``), or are given
    whole as ``options``. The hand starts from exactly one of ``hands`` (holdings by seat,
    each a list of cards or a string such as ``"AS KS QS JS TS"``; with Sir Garnet played,
    also the ``extra_hand``), ``deck`` (the pack, top first) or ``draw`` (the cards drawn
    for the first deal). Raises :class:`CaseError`
    for anything the protocol or the register does not allow.
    """
    register = register or load()
    if options is not None:
        if profile is not None or house_rules is not None or overrides:
            raise CaseError("give either a complete option map or a profile/house rules with overrides, not both")
        option_map = dict(options)
    else:
        option_map = case_options(profile, house_rules=house_rules, overrides=overrides, register=register)
    starts = [name for name, given in (("hands", hands), ("deck", deck), ("draw", draw)) if given is not None]
    if len(starts) != 1:
        raise CaseError(f"give exactly one start (hands, deck or draw), not {starts or 'none'}")
    if extra_hand is not None and hands is None:
        raise CaseError("an extra hand goes with stacked hands only")
    if hands is not None:
        start: dict[str, Any] = {"hands": [_cards(hand) for hand in hands]}
        if extra_hand is not None:
            start["extra_hand"] = _cards(extra_hand)
    elif deck is not None:
        start = {"deck": _cards(deck)}
    else:
        assert draw is not None
        start = {"draw": _cards(draw)}
    case: dict[str, Any] = {
        "id": case_id,
        "options": option_map,
        "players": players,
        "dealer": dealer,
        "irregular": irregular,
        "start": start,
        "actions": [dict(action) for action in actions],
        "queries": list(queries),
    }
    case = complete_case(case, register)
    validate_case(case, register)
    return case


def structural_problems(case: Mapping[str, Any]) -> list[str]:
    """What is wrong with a schema-valid case beyond its schema: seats that do not fit the
    table, cards held twice in a regular case, a draw start mixed with play."""
    players: int = case["players"]
    problems: list[str] = []
    if case["dealer"] >= players:
        problems.append(f"dealer {case['dealer']} is not a seat of a {players}-player table")
    start = case["start"]
    if "hands" in start:
        if len(start["hands"]) != players:
            problems.append(f"start.hands has {len(start['hands'])} holdings for {players} players")
        held = Counter(card for hand in start["hands"] for card in hand)
        twice = sorted(card for card, count in held.items() if count > 1)
        if twice and not case["irregular"]:
            problems.append(f"cards held twice: {', '.join(twice)}")
    for index, action in enumerate(case["actions"]):
        if action["seat"] >= players:
            problems.append(f"actions[{index}]: seat {action['seat']} is not a seat of a {players}-player table")
        if "counts" in action and len(action["counts"]) != players:
            problems.append(f"actions[{index}]: counts has {len(action['counts'])} entries for {players} players")
    if "draw" in start:
        if case["actions"]:
            problems.append("a draw start takes no actions")
        if list(case["queries"]) != ["first-dealer"]:
            problems.append('a draw start takes exactly the query "first-dealer"')
    elif "end_of_session" in start:
        if case["actions"]:
            problems.append("an end_of_session start takes no actions")
        if list(case["queries"]) != ["pool"]:
            problems.append('an end_of_session start takes exactly the query "pool"')
    elif "first-dealer" in case["queries"]:
        problems.append('the query "first-dealer" needs a draw start')
    return problems


def cards_each(options: Mapping[str, object], register: Register | None = None) -> int:
    """How many cards each playing seat is dealt under ``options``: the ``cards-each``
    amount of an option value in force (seven-card Nap's), else the number the rules state.

    >>> cards_each(load().profile_values("hoyle"))
    5
    """
    register = register or load()
    for key, value in options.items():
        option = register.options.get(key)
        for entry in option.values if option is not None else ():
            if type(entry.value) is type(value) and entry.value == value and "cards-each" in entry.amounts:
                return entry.amounts["cards-each"]
    return register.number("cards-each")


#: The option under which an extra hand is dealt (Sir Garnet).
EXTRA_HAND_OPTION = "sir-garnet"


def deal_problems(case: Mapping[str, Any], register: Register | None = None) -> list[str]:
    """What is wrong with the cards of a schema-valid case under its own rules: in a
    regular case, a playing seat holding other than ``cards-each`` cards; an extra hand
    under rules that deal none, or sharing a card with the hands."""
    register = register or load()
    start = case["start"]
    if "hands" not in start:
        return []
    problems: list[str] = []
    options = case["options"]
    if not case["irregular"]:
        each = cards_each(options, register)
        wrong = [seat for seat, hand in enumerate(start["hands"]) if hand and len(hand) != each]
        if wrong:
            problems.append(f"seats {', '.join(map(str, wrong))} do not hold {each} cards, as these rules deal")
    if "extra_hand" in start:
        option = register.options.get(EXTRA_HAND_OPTION)
        plain = option.plain if option is not None else None
        if plain is None or options.get(EXTRA_HAND_OPTION, plain) == plain:
            problems.append(f"an extra hand is dealt only with {EXTRA_HAND_OPTION} played")
        held = {card for hand in start["hands"] for card in hand}
        shared = sorted(set(start["extra_hand"]) & held)
        if shared and not case["irregular"]:
            problems.append(f"cards both in the extra hand and held: {', '.join(shared)}")
    return problems


#: A case whose only content is a set of options: what the case schema says of the options alone.
_OPTIONS_ALONE: dict[str, Any] = {
    "id": "options",
    "players": 2,
    "dealer": 0,
    "irregular": True,
    "start": {"hands": [[], []]},
    "actions": [],
    "queries": [],
}

#: An action every case may carry as far as the schema goes: it stands in for the actions
#: while the rest of a case is validated (see :func:`schema_problems`).
_STAND_IN_ACTION: dict[str, Any] = {"type": "pass", "seat": 0}

_CASE_SCHEMA: dict[str, Any] = schemas.load_schema("case")
_ID_LIMIT: int = _CASE_SCHEMA["properties"]["id"]["maxLength"]


def _conditions(schema: dict[str, Any]) -> list[Any]:
    """The parts of the case schema that make one part of a case depend on another."""
    keywords = ("allOf", "anyOf", "oneOf", "if", "then", "else", "not", "dependentSchemas")
    return [schema[keyword] for keyword in keywords if keyword in schema]


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


@cache
def _options_the_conditions_read() -> frozenset[str]:
    """The options the case schema's conditions look at (the pack, the pool...)."""
    names: set[str] = set()
    for node in _walk(_conditions(_CASE_SCHEMA)):
        options = node.get("properties", {}).get("options")
        if isinstance(options, dict):
            names.update(options.get("properties", {}), options.get("required", []))
    return frozenset(names)


@cache
def _conditions_read_only_how_many_actions() -> bool:
    """Whether the case schema's conditions look at the actions only to count them."""
    counting = {"maxItems", "minItems", "description"}
    for node in _walk(_conditions(_CASE_SCHEMA)):
        actions = node.get("properties", {}).get("actions")
        if isinstance(actions, dict) and not set(actions) <= counting:
            return False
    return True


@cache
def _actions_counted_up_to() -> int | None:
    """The most actions the case schema tells apart: beyond the largest ``minItems`` or
    ``maxItems`` it sets on the actions, one number of actions is as good as another (so a
    case's other parts are checked once for every deal it grows into); ``None`` if the
    schema looks at the actions in some other way (every count then counts)."""
    if not _conditions_read_only_how_many_actions():
        return None
    schema_actions = _CASE_SCHEMA.get("properties", {}).get("actions", {})
    bounds = [schema_actions.get(key) for key in ("minItems", "maxItems")]
    for node in _walk(_conditions(_CASE_SCHEMA)):
        actions = node.get("properties", {}).get("actions")
        if isinstance(actions, dict):
            bounds += [actions.get(key) for key in ("minItems", "maxItems")]
    return max((bound for bound in bounds if isinstance(bound, int)), default=0) + 1


@cache
def _options_problems(options: tuple[tuple[str, object], ...]) -> tuple[str, ...]:
    found = schemas.errors("case", {**_OPTIONS_ALONE, "options": dict(options)})
    return tuple(problem for problem in found if problem.startswith("options"))


_ACTION_PROBLEMS: dict[object, tuple[str, ...]] = {}


def _action_problems(action: Mapping[str, Any]) -> tuple[str, ...]:
    """The schema's verdict on one action, remembered by what it is: its fields with their
    types (``1`` is not ``true``); an action with a list in it by its JSON."""
    try:
        key: object = tuple(sorted((name, type(value), value) for name, value in action.items()))
        hash(key)
    except TypeError:  # a list of cards (or anything else unhashable): the JSON says it whole
        key = json.dumps(action, sort_keys=True)
    found = _ACTION_PROBLEMS.get(key)
    if found is None:
        found = _ACTION_PROBLEMS[key] = tuple(schemas.errors("common", json.loads(json.dumps(action)), "action"))
    return found


@cache
def _rest_problems(rest: str) -> tuple[str, ...]:
    return tuple(problem for problem in schemas.errors("case", json.loads(rest)) if not problem.startswith("options"))


def schema_problems(case: object) -> list[str]:
    """The case schema's verdict on ``case``, as :func:`napspec.protocol.schemas.errors`
    gives it (the same problems; their order may differ).

    The suite validates every case it makes (and the harness again before sending it), and
    most of a case repeats from case to case: the options of a target, the same few actions,
    the same start under every target. So the case is validated by parts, each remembered:
    the options alone; each distinct action alone; and the rest, with stand-ins for the
    actions and only the options the schema's conditions read (found in the schema itself,
    so that a condition added there is followed). Where the schema's conditions look inside
    the actions, or the case is not even shaped like one, the whole schema is used.
    """
    if not (
        isinstance(case, Mapping)
        and isinstance(case.get("options"), Mapping)
        and isinstance(case.get("actions"), list)
        and all(isinstance(action, Mapping) for action in case["actions"])
        and isinstance(case.get("id"), str)
        and 1 <= len(case["id"]) <= _ID_LIMIT
        and _conditions_read_only_how_many_actions()
    ):
        return schemas.errors("case", case)
    try:
        options = tuple(sorted(case["options"].items()))
        hash(options)
    except TypeError:  # a value that is not JSON's scalar: the whole schema says what is wrong
        return schemas.errors("case", case)
    problems = list(_options_problems(options))
    for index, action in enumerate(case["actions"]):
        problems += [
            f"actions[{index}]{'' if problem.startswith(('(root)', '.')) else '.'}{problem.removeprefix('(root)')}"
            for problem in _action_problems(action)
        ]
    read = _options_the_conditions_read()
    rest = {
        **case,
        "id": "case",
        "options": {name: value for name, value in case["options"].items() if name in read},
        "actions": [_STAND_IN_ACTION] * min(len(case["actions"]), _actions_counted_up_to() or len(case["actions"])),
    }
    problems += _rest_problems(json.dumps(rest, sort_keys=True))
    return problems


def protocol_problems(case: object) -> list[str]:
    """Everything that keeps ``case`` from being a case of the protocol (schema and
    structure; not the register)."""
    problems = schema_problems(case)
    if problems:
        return problems
    assert isinstance(case, Mapping)
    return structural_problems(case)


def validate_case(case: object, register: Register | None = None) -> None:
    """Raise :class:`CaseError` unless ``case`` is a case of the protocol whose options are
    complete and valid in the register."""
    problems = protocol_problems(case)
    if not problems:
        assert isinstance(case, Mapping)
        try:
            check_options(case["options"], register)
        except CaseError as error:
            problems.append(str(error))
        else:
            problems += deal_problems(case, register)
    if problems:
        name = case.get("id") if isinstance(case, Mapping) else None
        raise CaseError(f"case {name!r} is not valid: " + "; ".join(problems))


# ------------------------------------------------------------------- napspec/1.2 defaults

#: The amount of a short pack's value that gives its size at a table of that many players.
_PACK_SIZE_AMOUNTS: Mapping[int, str] = {4: "pack-for-four", 5: "pack-for-five"}


def pack_in_play(options: Mapping[str, Any], players: int, register: Register | None = None) -> list[str] | None:
    """The cards of the pack a case's rules play with, in canonical order: the full pack, or
    under a short ``pack`` the highest ranks of every suit, as many as the value's amount
    for the table says (interpretation short-pack-lowest-cards-out); ``None`` for a table
    the short pack has no size for.

    >>> from napspec.spec import load
    >>> options = load().variant_values("wikipedia", ["short-pack"])
    >>> pack = pack_in_play(options, 4)
    >>> len(pack), pack[:3], pack_in_play(options, 3)
    (28, ['8C', '9C', 'TC'], None)
    >>> len(pack_in_play({}, 3))
    52
    """
    register = register or load()
    option = register.options.get("pack")
    value = options.get("pack")
    if option is None or value is None or value == option.plain:
        return list(PACK)
    key = _PACK_SIZE_AMOUNTS.get(players)
    size = option.value(value).amounts.get(key) if key is not None else None
    if size is None:
        return None
    per_suit = size // len(SUITS)
    return [card for card in PACK if RANKS.index(card[0]) >= len(RANKS) - per_suit]


def outside_the_pack(options: Mapping[str, Any], players: int, start: Mapping[str, Any]) -> str:
    """Why a case of ``players`` starting as ``start`` cannot be played with the pack
    of ``options`` (a short pack: another table size, or cards it has not got), or ``""``.

    >>> short = load().variant_values("wikipedia", ["short-pack"])
    >>> outside_the_pack(short, 6, {"hands": []})
    'the pack short-28-36 has no size for 6 players'
    >>> outside_the_pack(short, 4, {"hands": [["2C", "AS"], ["KS"]]})
    'the pack short-28-36 has not got 2C'
    >>> outside_the_pack(short, 4, {"hands": [["AS"], ["KS"]]})
    ''
    """
    pack = pack_in_play(options, players)
    if pack is None:
        return f"the pack {options.get('pack')} has no size for {players} players"
    if len(pack) == len(PACK):
        return ""
    if "deck" in start:
        dealt = list(start["deck"])
    else:
        drawn = start.get("draw", [])
        dealt = [*drawn, *(card for hand in start.get("hands", ()) for card in hand)]
        dealt += list(start.get("extra_hand", ()))
    missing = sort_cards(set(dealt) - set(pack))
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        return f"the pack {options.get('pack')} has not got {', '.join(missing[:5])}{more}"
    if "deck" in start and len(dealt) != len(pack):
        return f"the pack {options.get('pack')} has {len(pack)} cards, not {len(dealt)}"
    return ""


#: The values of the napspec/1.2 options under which a case carries more than its start.
_POOL_PLAYED = ("pool", "played")
_PEEP_PLAYED = ("peep", "played")
_PURCHASE_PLAYED = ("purchase", "played")


def complete_case(case: Mapping[str, Any], register: Register | None = None) -> dict[str, Any]:
    """``case`` with what napspec/1.2 requires under its rules and a scenario that does not
    speak of it leaves unsaid: with the pool played, an empty pool and the dealer as the
    original dealer; with stacked hands under peep played, a peep card (the first card of
    the pack in play, in canonical order, that is not dealt); under purchase played, the
    stock (the undealt cards of the pack in play, in canonical order). What the case gives
    is kept.

    >>> options = load().variant_values("hoyle", ["peep"])
    >>> case = {"options": options, "players": 2, "dealer": 1,
    ...         "start": {"hands": [["2C", "3C", "4C", "5C", "6C"], ["AS", "KS", "QS", "JS", "TS"]]}}
    >>> completed = complete_case(case)
    >>> completed["pool"], completed["original_dealer"], completed["start"]["peep_card"]
    (0, 1, '7C')
    """
    register = register or load()
    options: Mapping[str, Any] = case["options"]
    completed = dict(case)
    if options.get(_POOL_PLAYED[0]) == _POOL_PLAYED[1]:
        completed.setdefault("pool", 0)
        completed.setdefault("original_dealer", case["dealer"])
    start = case["start"]
    peep = options.get(_PEEP_PLAYED[0]) == _PEEP_PLAYED[1]
    purchase = options.get(_PURCHASE_PLAYED[0]) == _PURCHASE_PLAYED[1]
    if "hands" not in start or not (peep or purchase):
        return completed
    pack = pack_in_play(options, case["players"], register) or []
    dealt = {card for hand in start["hands"] for card in hand} | set(start.get("extra_hand", ()))
    undealt = [card for card in pack if card not in dealt]
    start = dict(start)
    if peep and "peep_card" not in start and undealt:
        start["peep_card"] = undealt[0]
    if purchase and "stock" not in start:
        start["stock"] = [card for card in undealt if card != start.get("peep_card")]
    completed["start"] = start
    return completed


# ---------------------------------------------------------------------------- comparisons


def _action_key(action: Mapping[str, Any]) -> tuple[Any, ...]:
    card = action.get("card") or action.get("exposed")
    card_key = (parse_card(card).suit_index, parse_card(card).rank_index) if isinstance(card, str) else (-1, -1)
    return (
        str(action.get("type", "")),
        int(action.get("seat", -1)),
        card_key,
        int(action.get("tricks", -1)),
        int(action.get("offence", -1)),
        int(action.get("depth", -1)),
    )


def normalise_answer(query: str, answer: Any) -> Any:
    """An answer put in canonical form for comparison: where the protocol says order is not
    significant (the legal actions; the cards of each holding in "state") it is sorted;
    everything else is returned as it is.

    >>> normalise_answer("legal-actions", [play(1, "AS"), play(1, "2C"), pass_(1)])
    [{'type': 'pass', 'seat': 1}, {'type': 'play', 'seat': 1, 'card': '2C'}, {'type': 'play', 'seat': 1, 'card': 'AS'}]
    """
    if query == "legal-actions" and isinstance(answer, list):
        return sorted(answer, key=_action_key)
    if query == "state" and isinstance(answer, dict) and isinstance(answer.get("holdings"), list):
        return {**answer, "holdings": [sort_cards(hand) for hand in answer["holdings"]]}
    return answer
