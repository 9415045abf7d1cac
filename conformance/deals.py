"""Random deals, grown one action at a time with an oracle: what ``napspec fuzz`` and the
random part of a certificate (:mod:`napspec.conformance.differential`) play.

A deal starts as the engine under test can play it (:class:`DealScope`: the table sizes it
seats, the starts it takes, the queries it answers, whether it plays irregular cases) and
grows by the oracle's answers: after each action the oracle is asked the case so far, and the
next action is drawn (:func:`next_action`) mostly from its ``legal-actions``, each kind of
action as likely as another (so that every seat passing, or a Wellington over a Nap, comes
up); sometimes from the actions it does not list (:func:`unlisted_actions`: a call too low, a
card not held, a claim of no offence...), which an engine must refuse as the oracle does; and
in an irregular deal from the faults the state allows (:func:`irregular_actions`: a deal
before the cut, a card exposed in dealing, a wrong number of cards, a card exposed after the
deal, a card played out of turn, a revoke), one kind of fault favoured in each deal so that
every kind comes up. One deal in :data:`START_DRAWS` is instead the draw for the first dealer
(and under the pool one more the end of a session: the pool disposed of).

The draws go through a :class:`Chooser`: hypothesis's (``napspec fuzz``, which shrinks what it
finds) or a seeded :class:`random.Random` (a certificate, replayed exactly from its seed).
Nothing here knows the rules: every choice is among what the oracle answers, or what the
protocol lets a player try.

>>> from napspec.suite.targets import Target
>>> scope = DealScope(players=(4,), starts=("hands",), queries=("state", "result"), irregular=False)
>>> case = draw_case(Target.from_options("hoyle", None), scope, RandomChooser(7), irregular=False)
>>> case["players"], list(case["start"]), [len(hand) for hand in case["start"]["hands"]]
(4, ['hands'], [5, 5, 5, 5])
>>> case["queries"]  # the oracle is asked what the draw of the next action needs, too
['state', 'legal-actions', 'tricks', 'result', 'offences']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from napspec.suite.cases import cards_each, pack_in_play
from napspec.suite.table_size import SITTING_OUT
from napspec.suite.targets import Target
from napspec.suite.vocabulary import QUERY_ORDER

#: Every query a random deal may compare, in the order a case asks them (``pool`` only when
#: the pool is played; ``first-dealer`` only of a draw).
QUERIES: Final[tuple[str, ...]] = ("state", "legal-actions", "tricks", "table", "result", "offences")
#: What the oracle is asked after every action, whatever the engine answers: the draw of the
#: next action reads the state, the legal actions, the tricks (a revoke, a card not held) and
#: the offences (a claim).
DRAWING_QUERIES: Final[tuple[str, ...]] = ("state", "legal-actions", "tricks", "offences")
#: The longest hand a deal may grow to: a hand replayed after a revoke starts again, and a
#: deal must end.
MAX_ACTIONS: Final = 80
#: The most stakes a drawn pool holds as the hand begins.
MAX_POOL: Final = 30
#: One deal in this many is the draw for the first dealer, and (under the pool) one more the
#: end of a session, instead of a hand.
START_DRAWS: Final = 16
#: The starts of a hand (the others are the draw for the first dealer and the end of a session).
HAND_STARTS: Final[tuple[str, ...]] = ("deck", "hands")
#: The named calls, by the option that plays each.
NAMED_CALLS: Final[Mapping[str, str]] = {"misery": "misery", "wellington": "wellington", "blucher": "blucher"}

#: The kinds of fault an irregular deal commits, each by the offence the protocol records for
#: it (``docs/implementers.md`` §7), and the option that prices it; a fault of the start (a
#: faulty pack, a wrong number of cards dealt) is drawn with the start.
FAULTS: Final[Mapping[str, str]] = {
    "uncut": "fresh-deal-uncut",
    "exposed-in-dealing": "fresh-deal-exposed-card",
    "misdeal": "fresh-deal-misdeal",
    "faulty-pack": "fresh-deal-faulty-pack",
    "wrong-number": "wrong-number",
    "exposed-after-deal": "exposed-after-deal",
    "out-of-turn": "out-of-turn",
    "revoke": "revoke",
}


class Chooser(Protocol):
    """Where a deal's random choices come from."""

    def integer(self, low: int, high: int, label: str) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        ...

    def permutation(self, items: Sequence[str], label: str) -> list[str]:
        """``items`` in a random order."""
        ...


class RandomChooser:
    """Choices from a :class:`random.Random` seeded with ``seed``: the same seed gives the
    same deals on every machine and with every version of the libraries.

    >>> chooser = RandomChooser(1)
    >>> chooser.integer(0, 9, "x"), chooser.permutation(["a", "b", "c"], "y")
    (2, ['b', 'a', 'c'])
    """

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def integer(self, low: int, high: int, label: str) -> int:
        return self.random.randint(low, high)

    def permutation(self, items: Sequence[str], label: str) -> list[str]:
        shuffled = list(items)
        self.random.shuffle(shuffled)
        return shuffled


@dataclass(frozen=True)
class DealScope:
    """What the random deals played through one engine may hold: the table sizes, the starts
    (by the key of a case's ``start``), the queries compared, and whether deals may be
    irregular. A deal holds nothing outside it, so that a certificate is judged on what the
    engine plays (:mod:`napspec.conformance.scope`)."""

    players: tuple[int, ...]
    starts: tuple[str, ...]
    queries: tuple[str, ...]
    irregular: bool

    @property
    def hand_starts(self) -> tuple[str, ...]:
        """The starts of a hand the deals may take."""
        return tuple(start for start in HAND_STARTS if start in self.starts)


def action_key(action: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """An action as a value that can be hashed and ordered: its fields in order, a list of
    cards as a tuple (the protocol's order of them is kept).

    >>> action_key({"type": "buy", "seat": 1, "cards": ["2C", "AS"]})
    (('cards', ('2C', 'AS')), ('seat', 1), ('type', 'buy'))
    """
    key = tuple(sorted(action.items()))  # (the names differ, so the values are never compared)
    try:
        hash(key)
    except TypeError:  # a list of cards, or of counts
        return tuple(
            sorted((name, tuple(value) if isinstance(value, list) else value) for name, value in action.items())
        )
    return key


def _pooled(values: Mapping[str, Any]) -> bool:
    return _played(values, "pool")


def _played(values: Mapping[str, Any], option: str) -> bool:
    return bool(values.get(option, "not-played") != "not-played")


def oracle_queries(case_queries: Sequence[str]) -> list[str]:
    """The queries the oracle is asked: the case's and what drawing the next action reads,
    in the order a case asks them.

    >>> oracle_queries(["result"])
    ['state', 'legal-actions', 'tricks', 'result', 'offences']
    """
    wanted = {*case_queries, *DRAWING_QUERIES}
    return [query for query in QUERY_ORDER if query in wanted]


def draw_case(
    target: Target, scope: DealScope, chooser: Chooser, *, irregular: bool, focus: str = "", case_id: str = "random"
) -> dict[str, Any] | None:
    """A deal's first case (no actions yet), as the oracle is asked it: a table size, a
    dealer and a start of ``scope``, under ``target``'s rules; ``None`` when the scope holds
    no start that can be drawn (an engine that plays no hand, say). An irregular deal whose
    ``focus`` is a fault of the start (a faulty pack, a wrong number of cards) is likelier
    to begin with it."""
    values = target.values
    sizes = [players for players in scope.players if pack_in_play(values, players) is not None]
    pooled = _pooled(values)
    others = []
    if "draw" in scope.starts and "first-dealer" in scope.queries:
        others.append("draw")
    if pooled and "end_of_session" in scope.starts and "pool" in scope.queries:
        others.append("end_of_session")
    if not sizes or not (scope.hand_starts or others):
        return None
    players = sizes[chooser.integer(0, len(sizes) - 1, "players")]
    pack = pack_in_play(values, players) or []
    dealer = chooser.integer(0, players - 1, "dealer")
    deck = chooser.permutation(pack, "pack")
    case: dict[str, Any] = {"id": case_id, "options": dict(values), "players": players, "dealer": dealer}
    # Now and then the case is not a hand but one of the other starts a case may have.
    start = chooser.integer(0, START_DRAWS - 1, "start")
    other = others[START_DRAWS - 1 - start] if start >= START_DRAWS - len(others) else None
    if other is None and not scope.hand_starts:
        other = others[start % len(others)]
    if other is not None:
        case |= {"irregular": False, "actions": []}
        if other == "draw":
            case |= {"start": {"draw": deck}, "queries": ["first-dealer"]}
        else:
            case |= {"start": {"end_of_session": {"draw": deck}}, "queries": ["pool"]}
        if pooled:
            case["pool"] = chooser.integer(0, MAX_POOL, "pool")
            case["original_dealer"] = chooser.integer(0, players - 1, "original dealer")
        return case
    kind = scope.hand_starts[chooser.integer(0, len(scope.hand_starts) - 1, "start kind")]
    case["irregular"] = irregular
    if kind == "deck":
        if irregular and chooser.integer(0, 1 if focus == "faulty-pack" else 9, "faulty pack") == 1:
            deck[-1] = deck[0]  # a faulty pack: a card twice, another missing
        case["start"] = {"deck": deck}
    else:
        case["start"] = _dealt(values, players, dealer, deck, chooser, irregular, focus)
    if pooled:
        case["pool"] = chooser.integer(0, MAX_POOL, "pool")
        case["original_dealer"] = chooser.integer(0, players - 1, "original dealer")
    queries = [query for query in scope.queries if query in QUERIES or (query == "pool" and pooled)]
    case["actions"] = []
    case["queries"] = oracle_queries(queries)
    return case


def _dealt(
    values: Mapping[str, Any], players: int, dealer: int, deck: list[str], chooser: Chooser, irregular: bool, focus: str
) -> dict[str, Any]:
    """A start of dealt hands from the shuffled ``deck``: each seat that plays its cards (a
    dealer who sits out none), then the extra hand, the peep card and the stock as the rules
    in force have them; in an irregular deal now and then a seat dealt one card too many or
    too few (a wrong number of cards)."""
    each = cards_each(values)
    sits_out = players in SITTING_OUT.get(str(values.get("dealer-sits-out")), frozenset())
    counts = [0 if seat == dealer and sits_out else each for seat in range(players)]
    if irregular and chooser.integer(0, 1 if focus == "wrong-number" else 4, "wrong number") == 1:
        seat = chooser.integer(0, players - 1, "wrong number seat")
        if counts[seat]:
            counts[seat] += 1 if chooser.integer(0, 1, "one more") else -1
    cards = iter(deck)
    start: dict[str, Any] = {"hands": [[next(cards) for _ in range(count)] for count in counts]}
    if _played(values, "sir-garnet"):
        start["extra_hand"] = [next(cards) for _ in range(5)]
    if _played(values, "peep"):
        start["peep_card"] = next(cards)
    if _played(values, "purchase"):
        start["stock"] = list(cards)
    return start


# ------------------------------------------------------------------------ the next action


def fault_kind(action: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    """The offence a fault of :func:`irregular_actions` commits.

    >>> fault_kind({"type": "deal", "seat": 0, "counts": [6, 5]}, {"phase": "deal"})
    'misdeal'
    >>> fault_kind({"type": "play", "seat": 2, "card": "5D"}, {"phase": "play", "to_act": 1})
    'out-of-turn'
    """
    kind = action["type"]
    if kind == "deal":
        if state.get("phase") == "cut":
            return "uncut"
        return "exposed-in-dealing" if "exposed" in action else "misdeal"
    if kind == "expose":
        return "exposed-after-deal"
    return "revoke" if action["seat"] == state.get("to_act") else "out-of-turn"


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
    >>> plays = [a for a in unlisted_actions(case, state, [], []) if a["type"] == "play"]
    >>> plays[0], len(plays)  # every card of the pack that nobody holds and nobody has played
    ({'type': 'play', 'seat': 0, 'card': '4C'}, 50)
    """
    phase, to_act = state.get("phase"), state.get("to_act")
    options = case["options"]
    players = case["players"]
    holdings = state.get("holdings") or [[] for _ in range(players)]
    found: list[dict[str, Any]] = []
    if phase in ("cut", "deal", "calling"):  # before the deal is done too: no call yet
        most = 7 if _played(options, "seven-card") else 5
        named = [name for name, option in NAMED_CALLS.items() if _played(options, option)]
        for seat in range(players):
            found += [{"type": "call", "seat": seat, "tricks": tricks} for tricks in range(1, most + 1)]
            found += [{"type": "call", "seat": seat, "call": name} for name in named]
            found.append({"type": "pass", "seat": seat})
            if _played(options, "peep"):
                found.append({"type": "peep", "seat": seat})
            if _played(options, "sir-garnet"):
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
        pack = [*case["start"].get("deck", ()), *(pack_in_play(options, players) or ())]
        found += [{"type": "play", "seat": to_act, "card": card} for card in dict.fromkeys(pack) if card not in seen]
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


def _draw_one(chooser: Chooser, actions: Sequence[dict[str, Any]], label: str, to_act: Any) -> dict[str, Any]:
    """One of ``actions``: a kind drawn first, each kind as likely (the kind of the seat to
    act apart from the others' same kind), then one of that kind."""
    kinds: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    for action in actions:
        kinds.setdefault((action_kind(action), action["seat"] != to_act), []).append(action)
    # In a canonical order, so that the same seed draws the same deal whatever order the
    # oracle lists the actions in.
    groups = [kinds[kind] for kind in sorted(kinds)]
    group = groups[chooser.integer(0, len(groups) - 1, f"{label} kind")] if len(groups) > 1 else groups[0]
    group = sorted(group, key=action_key) if len(group) > 1 else group
    return group[chooser.integer(0, len(group) - 1, label)]


def _not_listed(actions: Sequence[dict[str, Any]], legal: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The ``actions`` that are not among the ``legal`` ones (an action of a type none of
    them has is not, and is not compared field by field: most faults are of such a type)."""
    types = {action["type"] for action in legal}
    listed: set[tuple[tuple[str, Any], ...]] | None = None
    found = []
    for action in actions:
        if action["type"] in types:
            if listed is None:
                listed = {action_key(action) for action in legal}
            if action_key(action) in listed:
                continue
        found.append(action)
    return found


def next_action(
    case: Mapping[str, Any], answers: Mapping[str, Any], chooser: Chooser, *, focus: str = ""
) -> dict[str, Any] | None:
    """The next action of a deal, drawn from the oracle's ``answers`` to ``case`` (the deal so
    far); ``None`` when the deal is over (nothing is legal and no fault can be committed, or
    the deal has reached :data:`MAX_ACTIONS`). In an irregular case with a ``focus`` (a kind
    of fault, :data:`FAULTS`) the faults drawn are of that kind only, until one has been
    committed; without one, of every kind."""
    actions = case["actions"]
    if len(actions) >= MAX_ACTIONS:
        return None
    state = answers["state"]
    legal = answers["legal-actions"]
    faults: list[dict[str, Any]] = []
    if case["irregular"]:
        faults = _not_listed(irregular_actions(case, state, answers["tricks"]), legal)
        if focus:
            committed = any(offence.get("kind") == focus for offence in answers["offences"])
            faults = [] if committed else [action for action in faults if fault_kind(action, state) == focus]
            if faults and chooser.integer(0, 1, "focus"):
                return _draw_one(chooser, faults, "fault", state.get("to_act"))
    if not legal and not faults:
        return None
    # Mostly a legal action, so that hands reach their end; sometimes an action the oracle
    # does not list (which it refuses), and in an irregular case a fault.
    source = chooser.integer(0, 9, "source")
    choices = legal
    if source >= 7 and faults and source < 9:
        choices = faults
    elif source >= 7:
        unlisted = _not_listed(unlisted_actions(case, state, answers["tricks"], answers["offences"]), legal)
        choices = unlisted or faults or legal
    if not choices:
        choices = faults
    return _draw_one(chooser, choices, "action", state.get("to_act"))


def priced_faults(values: Mapping[str, Any], scope: DealScope) -> tuple[str, ...]:
    """The kinds of fault the rules ``values`` price (their option is not ``none``) that a
    deal of ``scope`` can commit (the faults of the deal need a stacked pack), in the order of
    :data:`FAULTS`.

    >>> from napspec.spec import load
    >>> scope = DealScope(players=(4,), starts=("hands",), queries=(), irregular=True)
    >>> priced_faults(load().profile_values("hoyle"), scope)
    ('wrong-number', 'out-of-turn', 'revoke')
    """
    if not scope.irregular:
        return ()
    of_the_deal = {"uncut", "exposed-in-dealing", "misdeal", "faulty-pack"}
    kinds = []
    for kind, option in FAULTS.items():
        if values.get(option, "none") == "none":
            continue
        if kind in of_the_deal and "deck" not in scope.starts:
            continue
        if kind == "wrong-number" and not scope.hand_starts:
            continue
        kinds.append(kind)
    return tuple(kinds)


__all__ = [
    "DRAWING_QUERIES",
    "FAULTS",
    "MAX_ACTIONS",
    "MAX_POOL",
    "NAMED_CALLS",
    "QUERIES",
    "START_DRAWS",
    "Chooser",
    "DealScope",
    "RandomChooser",
    "action_key",
    "action_kind",
    "draw_case",
    "fault_kind",
    "irregular_actions",
    "next_action",
    "oracle_queries",
    "priced_faults",
    "unlisted_actions",
]
