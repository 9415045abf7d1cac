"""The reference engine behind the napspec engine contract (the newest version, :data:`PROTOCOL`).

The conformance suite knows no engine: it speaks the protocol of ``docs/implementers.md``.
This module plugs the reference engine in exactly as a third party would: it translates a
case (JSON) into calls of :class:`~napspec.reference.hand.Hand` and
:class:`~napspec.reference.session.Session`, and their state back into the protocol's answers.
It is registered under the entry point ``napspec.engines`` as ``reference``; run as a
program (``python -m napspec.reference.contract_adapter``) it serves the protocol on
stdin/stdout.

It speaks napspec/1.4 (the trace: answers after every action), napspec/1.3 (the lowest
call), napspec/1.2 (Peep and Purchase: the peep card, the stock, buying, peeping and the peep
exchange; the pool: a case's ``pool`` and ``original_dealer``, the ``end_of_session`` start
and the ``pool`` query; shortened packs),
napspec/1.1 (the calls beyond Nap: named calls, the extra hand, the discard) and plays a case
of an older version too: the options it has not got are then at their plain values.

>>> engine = ReferenceEngine()
>>> engine.hello()["capabilities"]["irregular_play"]
True
>>> from napspec.spec import load
>>> case = {"id": "doc/1", "options": load().profile_values("peel"), "players": 2, "dealer": 1,
...         "irregular": False,
...         "start": {"hands": [["AS", "KS", "QS", "JS", "TS"], ["2C", "3C", "4C", "5C", "6C"]]},
...         "actions": [{"type": "call", "seat": 0, "tricks": 5}, {"type": "call", "seat": 1, "tricks": 2},
...                     {"type": "pass", "seat": 1}, {"type": "play", "seat": 0, "card": "AS"}],
...         "queries": ["state", "legal-actions"]}
>>> result = engine.run(case)
>>> [step["ok"] for step in result["steps"]], result["steps"][1]["error"]
([True, False, True, True], 'call-too-low')
>>> result["answers"]["state"]["trumps"], result["answers"]["legal-actions"][0]
('S', {'type': 'play', 'seat': 1, 'card': '2C'})
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Mapping, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from napspec.protocol import ADDED_BY_PROTOCOL, OPTIONS_BY_PROTOCOL, PROTOCOL
from napspec.reference.actions import (
    Action,
    AskInformation,
    Buy,
    Call,
    Claim,
    Cut,
    DealCards,
    DeclinePeepCard,
    Discard,
    ExposeCard,
    NamedCall,
    Pass,
    Peep,
    Play,
    RefuseToShow,
    ShowCards,
    TakeExtraHand,
    TakePeepCard,
)
from napspec.reference.cards import CARD_TEXT, SUITS, format_card, parse_card
from napspec.reference.errors import (
    BadCut,
    BadDiscard,
    CallNotAllowed,
    CallTooLow,
    CannotPass,
    CardNotHeld,
    IllegalAction,
    IrregularPlayNotAllowed,
    MustFollowSuit,
    MustLeadLowestTrump,
    NoSuchOffence,
    NotEnoughStock,
    NotProvidedFor,
    NotYourTurn,
    WrongPhase,
)
from napspec.reference.events import POOL, Information, Transfer
from napspec.reference.hand import CLAIMED, Hand
from napspec.reference.pool import cards_of, dispose_of_pool
from napspec.reference.rules import OPTIONS, Rules
from napspec.reference.session import Session
from napspec.spec import load as load_register

_REGISTER = load_register()
_PLAIN: dict[str, Any] = {option.id: option.plain for option in _REGISTER.options.values() if option.plain is not None}
"""The options that switch the calls beyond Nap on, at the value that is the plain game."""
_SOURCED: dict[str, Any] = {
    option: _REGISTER.profile_values(next(iter(_REGISTER.profiles)))[option]
    for addition in ADDED_BY_PROTOCOL.values()
    for option in addition.sourced_options
}
"""The options of the plain game a later version added, at the value every source gives
them (the lowest call, one trick): what a case of an older version plays."""

QUERIES = ("state", "legal-actions", "tricks", "table", "result", "offences", "first-dealer", "pool")

#: Why the engine refused an action → the protocol's error code. The most specific class
#: of the error raised is looked up along its method resolution order; every other
#: :class:`IllegalAction` (a seat not at the table or taking no part, an impossible deal or
#: call, something that is not an action) is ``invalid-action``.
ERROR_CODES: dict[type[IllegalAction], str] = {
    WrongPhase: "wrong-phase",
    NotYourTurn: "not-your-turn",
    MustFollowSuit: "must-follow-suit",
    CardNotHeld: "card-not-held",
    CallTooLow: "call-too-low",
    CannotPass: "cannot-pass",
    BadCut: "bad-cut",
    NotProvidedFor: "not-provided-for",
    NoSuchOffence: "no-such-offence",
    IrregularPlayNotAllowed: "irregular-play-not-allowed",
    CallNotAllowed: "call-not-allowed",
    BadDiscard: "bad-discard",
    MustLeadLowestTrump: "must-lead-lowest-trump",
    NotEnoughStock: "not-enough-stock",
}


def error_code(error: IllegalAction) -> str:
    """The protocol's code for an action the engine refused.

    >>> error_code(CallTooLow("3 is not above 3")), error_code(IllegalAction("?"))
    ('call-too-low', 'invalid-action')
    """
    for cls in type(error).__mro__:
        code = ERROR_CODES.get(cls)
        if code is not None:
            return code
    return "invalid-action"


def _engine_version() -> str:
    try:
        return version("napspec")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def _capabilities() -> dict[str, Any]:
    """What the reference engine plays: every value its :class:`Rules` accepts (read from
    the engine's own option table, not from the register, as any engine would declare)."""
    options: dict[str, list[Any]] = {}
    for spec in OPTIONS:
        if spec.kind == "int":
            options[spec.id] = list(range(spec.minimum, spec.maximum + 1))
        elif spec.kind == "bool":
            options[spec.id] = [True, False]
        else:
            options[spec.id] = list(spec.values)
    return {
        "profiles": sorted(_REGISTER.profile_ids),  # Rules.profile plays every profile there is
        "options": options,
        "variants": list(_REGISTER.variant_names()),  # Rules.profile plays every variant there is
        "queries": list(QUERIES),
        "irregular_play": True,
        "trace": True,
    }


class UnplayableCase(Exception):
    """A case the engine cannot set up (rules it refuses, a table too large, a draw that
    runs out): answered with an error response of code ``bad-request``."""


# ---------------------------------------------------------------------- case → engine


def _cards(written: Sequence[str]) -> list[int]:
    return [parse_card(text) for text in written]


def _action(data: Mapping[str, Any]) -> Action:
    """The engine's action for a protocol action (already schema-checked by the sender;
    anything else is refused by the engine as ``invalid-action``)."""
    kind, seat = data["type"], data["seat"]
    if kind == "cut":
        return Cut(seat, data["depth"])
    if kind == "deal":
        exposed = parse_card(data["exposed"]) if "exposed" in data else None
        counts = tuple(data["counts"]) if "counts" in data else None
        return DealCards(seat, exposed, counts)
    if kind == "call":
        if "call" in data:
            return NamedCall(seat, data["call"])
        return Call(seat, data["tricks"])
    if kind == "take-extra-hand":
        return TakeExtraHand(seat)
    if kind == "discard":
        return Discard(seat, tuple(sorted(_cards(data["cards"]))))  # the protocol's order is not significant
    if kind == "pass":
        return Pass(seat)
    if kind == "play":
        return Play(seat, parse_card(data["card"]))
    if kind == "expose":
        return ExposeCard(seat, parse_card(data["card"]))
    if kind == "claim":
        # The protocol names an offence by its index in the "offences" answer; the engine
        # numbers its offences from 1 in the same order.
        return Claim(seat, data["offence"] + 1)
    if kind == "show":
        return ShowCards(seat)
    if kind == "refuse-to-show":
        return RefuseToShow(seat)
    if kind == "ask":
        return AskInformation(seat)
    if kind == "buy":
        return Buy(seat, tuple(_cards(data["cards"])))
    if kind == "peep":
        return Peep(seat)
    if kind == "take-peep-card":
        return TakePeepCard(seat, parse_card(data["card"]))
    if kind == "decline-peep-card":
        return DeclinePeepCard(seat)
    raise UnplayableCase(f"unknown action type {kind!r}")


def _step(hand: Hand, data: Mapping[str, Any]) -> dict[str, Any]:
    """Apply one action; the protocol's step for it."""
    action = _action(data)
    seen = len(hand.events)
    try:
        hand.apply(action)
    except IllegalAction as error:
        return {"ok": False, "error": error_code(error), "message": str(error)}
    told = [event for event in hand.events[seen:] if isinstance(event, Information)]
    if told:
        return {"ok": True, "told": {"call": told[-1].call, "tricks_made": told[-1].tricks_made}}
    return {"ok": True}


# ---------------------------------------------------------------------- engine → answers


def _action_json(action: Action) -> dict[str, Any]:
    """The protocol's form of one of the engine's (regular) actions."""
    if isinstance(action, Cut):
        return {"type": "cut", "seat": action.seat, "depth": action.depth}
    if isinstance(action, DealCards):
        result: dict[str, Any] = {"type": "deal", "seat": action.seat}
        if action.exposed is not None:
            result["exposed"] = format_card(action.exposed)
        if action.counts is not None:
            result["counts"] = list(action.counts)
        return result
    if isinstance(action, Call):
        return {"type": "call", "seat": action.seat, "tricks": action.tricks}
    if isinstance(action, NamedCall):
        return {"type": "call", "seat": action.seat, "call": action.call}
    if isinstance(action, TakeExtraHand):
        return {"type": "take-extra-hand", "seat": action.seat}
    if isinstance(action, Discard):
        return {"type": "discard", "seat": action.seat, "cards": [format_card(card) for card in action.cards]}
    if isinstance(action, Pass):
        return {"type": "pass", "seat": action.seat}
    if isinstance(action, Play):
        return {"type": "play", "seat": action.seat, "card": format_card(action.card)}
    if isinstance(action, ExposeCard):
        return {"type": "expose", "seat": action.seat, "card": format_card(action.card)}
    if isinstance(action, Claim):
        return {"type": "claim", "seat": action.seat, "offence": action.offence - 1}
    if isinstance(action, ShowCards):
        return {"type": "show", "seat": action.seat}
    if isinstance(action, RefuseToShow):
        return {"type": "refuse-to-show", "seat": action.seat}
    if isinstance(action, Buy):
        return {"type": "buy", "seat": action.seat, "cards": [format_card(card) for card in action.cards]}
    if isinstance(action, Peep):
        return {"type": "peep", "seat": action.seat}
    if isinstance(action, TakePeepCard):
        return {"type": "take-peep-card", "seat": action.seat, "card": format_card(action.card)}
    if isinstance(action, DeclinePeepCard):
        return {"type": "decline-peep-card", "seat": action.seat}
    return {"type": "ask", "seat": action.seat}


def _plays_variants(rules: Rules) -> bool:
    """Whether any option of napspec/1.1 or 1.2 is away from its plain value (the answers
    then carry ``declaration`` and ``extra_hand``)."""
    return _fields_of(rules)[0]


_OPTIONS_1_2 = frozenset(OPTIONS_BY_PROTOCOL["napspec/1.2"]) - frozenset(OPTIONS_BY_PROTOCOL["napspec/1.1"])


def _plays_1_2(rules: Rules) -> bool:
    """Whether any option napspec/1.2 added is away from its plain value (the state then
    carries ``peep_card``, ``peeped`` and ``stock``)."""
    return _fields_of(rules)[1]


#: What :func:`_fields_of` found, by the rules it was asked of (a hand's rules are asked after
#: every action; the rules kept with the answer, so that an id is not taken by other rules).
_FIELDS: dict[int, tuple[Rules, tuple[bool, bool]]] = {}


def _fields_of(rules: Rules) -> tuple[bool, bool]:
    """Whether the rules play a variant of napspec/1.1 or 1.2, and one of napspec/1.2."""
    known = _FIELDS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    values = rules.options()
    found = (
        any(values[option] != plain for option, plain in _PLAIN.items()),
        any(values[option] != _PLAIN[option] for option in _OPTIONS_1_2),
    )
    if len(_FIELDS) > 256:
        _FIELDS.clear()
    _FIELDS[id(rules)] = (rules, found)
    return found


#: The rules of the options of recent cases (a random deal's cases all have the same options).
_RULES: dict[tuple[tuple[str, Any], ...], Rules] = {}


def _rules_of(options: Mapping[str, Any]) -> Rules:
    """The rules a case's ``options`` give (:class:`RulesError` if they give none)."""
    try:
        key = tuple(sorted(options.items()))
        known = _RULES.get(key)
    except TypeError:  # a value that is not hashed (a list): checked, and refused, below
        return Rules.from_options(options, name="the case's")
    if known is None:
        known = Rules.from_options(options, name="the case's")
        if len(_RULES) >= 64:
            _RULES.clear()
        _RULES[key] = known
    return known


def _pool_answer(pool: int, transfers: Sequence[Transfer]) -> dict[str, Any]:
    """The ``pool`` answer: the stakes in the pool and its movements (:data:`POOL` is
    ``"pool"``)."""
    return {
        "pool": pool,
        "transfers": [
            {
                "from": "pool" if move.payer == POOL else move.payer,
                "to": "pool" if move.payee == POOL else move.payee,
                "amount": move.amount,
                "reason": move.reason,
            }
            for move in transfers
        ],
    }


def _answer(hand: Hand, query: str) -> Any:
    """The answer to ``query`` about ``hand`` as it stands."""
    seats = range(hand.players)
    if query == "state":
        state: dict[str, Any] = {
            "phase": hand.phase,
            "to_act": hand.to_act,
            "soloist": hand.soloist,
            "call": hand.call,
            "trumps": SUITS[hand.trumps] if hand.trumps is not None else None,
            "tricks_won": [hand.tricks_won(seat) for seat in seats],
            "holdings": [[CARD_TEXT[card] for card in hand.holding(seat)] for seat in seats],
        }
        if _plays_variants(hand.rules):
            extra = hand.extra_hand
            state["declaration"] = hand.declaration
            state["extra_hand"] = [CARD_TEXT[card] for card in extra] if extra is not None else None
        if _plays_1_2(hand.rules):
            peep_card = hand.peep_card
            state["peep_card"] = CARD_TEXT[peep_card] if peep_card is not None else None
            state["peeped"] = list(hand.peeped)
            state["stock"] = len(hand.stock)
        return state
    if query == "legal-actions":
        return [_action_json(action) for action in hand.legal_actions()]
    if query == "tricks":
        tricks: list[dict[str, Any]] = [
            {
                "leader": trick.leader,
                "plays": [{"seat": seat, "card": CARD_TEXT[card]} for seat, card in trick.cards],
                "winner": trick.winner,
            }
            for trick in hand.tricks
        ]
        current = hand.current_trick
        if current:
            tricks.append(
                {
                    "leader": current[0][0],
                    "plays": [{"seat": seat, "card": CARD_TEXT[card]} for seat, card in current],
                    "winner": None,
                }
            )
        return tricks
    if query == "table":
        return [[{"card": CARD_TEXT[card], "face_up": up} for card, up in cards] for cards in hand.table()]
    if query == "result":
        result = hand.result
        if result is None:
            return None
        return {
            "outcome": result.outcome,
            "payments": [result.payments.get(seat, 0) for seat in seats],
            "next_dealer": hand.next_dealer,
        }
    if query == "offences":
        return [
            {
                "kind": offence.kind,
                # The engine charges a fault of the deal to the dealer; the contract says no
                # player committed a faulty pack (docs/implementers.md §9, offences).
                "seat": None if offence.kind == "faulty-pack" else offence.seat,
                "claimed": hand.offence_status(offence.id) == CLAIMED,
            }
            for offence in hand.offences
        ]
    if query == "pool":
        return _pool_answer(hand.pool, hand.pool_transfers)
    raise UnplayableCase(f"the query {query!r} needs a draw start")


def _answers(hand: Hand, queries: Sequence[str]) -> dict[str, Any]:
    """The answers to ``queries`` about ``hand`` as it stands."""
    return {query: _answer(hand, query) for query in queries}


# ------------------------------------------------------------------------------- engine


class ReferenceEngine:
    """The reference engine as a :class:`napspec.protocol.Engine`: ``hello()``,
    ``run(case)``, ``close()``. It keeps no state between cases.

    The classes it plays with are attributes, so that a variant of the engine (a test engine
    that breaks one rule) can put a subclass in their place."""

    #: The hand played from a case's pack or stacked holdings.
    hand_class: type[Hand] = Hand
    #: The session that draws for the first dealer.
    session_class: type[Session] = Session

    def __init__(self) -> None:
        #: The hand of the last case played (its setting, its actions and their steps): a
        #: case that goes on from it (the same start, more actions) goes on from that hand,
        #: not from the deal. Only answers depend on it: what a random deal asks, one case
        #: per action, is played once, not once per case.
        self._last: tuple[dict[str, Any], list[Any], list[dict[str, Any]], Hand] | None = None
        self._hello: dict[str, Any] = {
            "protocol": PROTOCOL,
            "engine": {"name": "napspec-reference", "version": _engine_version(), "language": "Python"},
            "capabilities": _capabilities(),
        }

    def hello(self) -> dict[str, Any]:
        """The handshake (a fresh copy: the caller may keep or change it)."""
        return copy.deepcopy(self._hello)

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        """Play one case: set the hand up as the case starts it, apply every action, answer
        every query. A case the engine cannot set up is answered with an error response."""
        case_id = str(case["id"])
        try:
            response = self._run(case, case_id)
        except UnplayableCase as error:
            return {"error": {"message": str(error), "code": "bad-request", "case": case_id}}
        if case.get("trace") and "trace" not in response:
            response["trace"] = [response["answers"]]  # a start with no actions: the answers are all there is
        return response

    def close(self) -> None:
        """Nothing to release."""

    def _run(self, case: dict[str, Any], case_id: str) -> dict[str, Any]:
        setting = {key: value for key, value in case.items() if key not in ("id", "actions", "queries", "trace")}
        actions: list[Any] = case["actions"]
        last, self._last = self._last, None
        if last is not None and not case.get("trace") and last[0] == setting and actions[: len(last[1])] == last[1]:
            _, done, steps, hand = last
            steps = [*steps, *(_step(hand, action) for action in actions[len(done) :])]
            self._last = (setting, list(actions), steps, hand)
            return {"case": case_id, "steps": steps, "answers": _answers(hand, list(case["queries"]))}
        start: dict[str, Any] = case["start"]
        queries: list[str] = list(case["queries"])
        players: int = case["players"]
        irregular = bool(case["irregular"])
        # A case of an older version has not got the options added since: they are at their
        # plain values, or the sources' one value.
        options = {**_PLAIN, **_SOURCED, **case["options"]}
        # napspec/1.2: the pool as the case begins, and the session's first dealer.
        pool: dict[str, Any] = {}
        if "pool" in case:
            pool["pool"] = case["pool"]
        if "original_dealer" in case:
            pool["original_dealer"] = case["original_dealer"]
        try:
            rules = _rules_of(options)
            if "end_of_session" in start:
                return self._end_of_session(case, case_id, rules)
            if "draw" in start:
                if case["actions"] or queries != ["first-dealer"]:
                    raise UnplayableCase('a draw start takes no actions and only the query "first-dealer"')
                session = self.session_class(rules, players, decks=[_cards(start["draw"])], allow_irregular=irregular)
                return {"case": case_id, "steps": [], "answers": {"first-dealer": {"seat": session.first_dealer}}}
            if "hands" in start:
                holdings = {seat: _cards(cards) for seat, cards in enumerate(start["hands"])}
                extra = _cards(start["extra_hand"]) if "extra_hand" in start else None
                peep_card = parse_card(start["peep_card"]) if "peep_card" in start else None
                stock = _cards(start["stock"]) if "stock" in start else None
                hand = self.hand_class.stacked(
                    rules,
                    players,
                    case["dealer"],
                    holdings,
                    allow_irregular=irregular,
                    extra_hand=extra,
                    peep_card=peep_card,
                    stock=stock,
                    **pool,
                )
            else:
                hand = self.hand_class(
                    rules, players, case["dealer"], deck=_cards(start["deck"]), allow_irregular=irregular, **pool
                )
        except ValueError as error:  # RulesError and CardError are ValueErrors too
            raise UnplayableCase(f"{type(error).__name__}: {error}") from error
        if not case.get("trace"):
            steps = [_step(hand, action) for action in case["actions"]]
            self._last = (setting, list(actions), steps, hand)
            return {"case": case_id, "steps": steps, "answers": _answers(hand, queries)}
        # napspec/1.4: the answers before the first action and after each.
        trace = [_answers(hand, queries)]
        steps = []
        for action in case["actions"]:
            steps.append(_step(hand, action))
            trace.append(_answers(hand, queries))
        return {"case": case_id, "steps": steps, "answers": trace[-1], "trace": trace}

    @staticmethod
    def _end_of_session(case: dict[str, Any], case_id: str, rules: Rules) -> dict[str, Any]:
        """The players stop with the case's pool in the pool: it is disposed of
        (:func:`~napspec.reference.pool.dispose_of_pool`), the case's dealer dealing the draw."""
        if case["actions"] or list(case["queries"]) != ["pool"]:
            raise UnplayableCase('an end_of_session start takes no actions and only the query "pool"')
        players: int = case["players"]
        rules.check_players(players)
        dealer = case["dealer"]
        if not 0 <= dealer < players:
            raise UnplayableCase(f"the dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        draw = _cards(case["start"]["end_of_session"]["draw"])
        pack = set(rules.pack_cards(players))
        outside = [card for card in draw if card not in pack]
        if outside:
            raise UnplayableCase(f"cards of the draw not in the pack in play: {', '.join(map(format_card, outside))}")
        pool: int = case.get("pool", 0)
        moves, _ = dispose_of_pool(rules, players, dealer, pool, cards_of(iter(draw)))
        left = pool - sum(move.amount for move in moves)
        return {"case": case_id, "steps": [], "answers": {"pool": _pool_answer(left, moves)}}


def main() -> None:
    """Serve the protocol on stdin/stdout with the reference engine."""
    from napspec.protocol import serve

    serve(ReferenceEngine(), sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
