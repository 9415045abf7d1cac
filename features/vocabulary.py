"""The step vocabulary of the scenarios: every phrase once, with how it parses, what it adds
to the case sent to the engine, and the sentence the rulebook tells it as.

Each :class:`Phrase` has

- a *pattern*: words with typed slots, ``seat {seat:int} plays "{card:text}"``; a slot of type
  ``int`` (or ``word``, ``side``, ``range``) in a scenario outline may also hold a
  ``<placeholder>``, which the rulebook shows as written;
- an *apply* function: the case fragment. A ``Given`` step sets up the table (rules, seats,
  how the hand starts), a ``When`` step adds one or more actions, a ``Then`` step adds the
  :class:`~napspec.suite.checks.Check` s the engine's answers must meet;
- a *say* function: the sentence, as plain pieces (:data:`Piece`) that the rulebook draws.

The pytest-bdd step definitions (:mod:`napspec.suite.steps`), ``napspec dump-cases``
(:mod:`napspec.suite.dump`) and the rulebook (``napspec.docs.rulebook``) all read
:data:`VOCABULARY`: a new step is one new entry here.

Seats are numbers 0..n-1, clockwise; cards are rank then suit (``"AS"``, ``"TD"``);
lists of cards or numbers are written space-separated inside double quotes.

>>> phrase, args = match('seat 2 plays "QS"')
>>> phrase.keyword, args
('When', {'seat': 2, 'card': 'QS'})
>>> match("seat <seat> is to act", template=True)[1]
{'seat': '<seat>'}
>>> match("seat 2 juggles") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from math import comb
from typing import Any, Literal, TypeVar

from napspec.spec import load
from napspec.spec.errors import SpecError
from napspec.suite.cards import SUITS, canonical_pack, parse_cards
from napspec.suite.cases import pack_in_play
from napspec.suite.checks import Check, Operation
from napspec.suite.from_the_rules import CALLS_FROM_THE_LOWEST, LOWEST_CALL, LOWEST_CALL_OPTION

Keyword = Literal["Given", "When", "Then"]
ActionDict = dict[str, Any]


class ScenarioError(ValueError):
    """A scenario that the vocabulary cannot turn into cases: a fault of the suite, never
    of the engine under test."""


# ------------------------------------------------------------------------------- wording

#: An outline's placeholder, such as ``<profile>``.
PLACEHOLDER = re.compile(r"^<[^<>]+>$")


@dataclass(frozen=True)
class Value:
    """A number or word of the step, or an outline's placeholder."""

    text: str


@dataclass(frozen=True)
class Cards:
    """A list of cards ("AS KH"), "-" for none, or a placeholder."""

    text: str


@dataclass(frozen=True)
class Suit:
    """A suit letter (C, D, H, S) or a placeholder."""

    text: str


@dataclass(frozen=True)
class Code:
    """A code of the protocol, shown as written."""

    text: str


@dataclass(frozen=True)
class Ref:
    """A reference to the register: a profile, a variation point, or one of its values
    (``target`` is ``option=value``); ``text`` is what readers see of it (its title, its
    words), ``target`` where the step names nothing the register knows."""

    kind: Literal["profile", "option", "optvalue"]
    target: str
    text: str = ""


#: A piece of a sentence: plain words or one of the kinds above.
Piece = str | Value | Cards | Suit | Code | Ref

OFFENCES = {
    "revoke": "a revoke",
    "out-of-turn": "play out of turn",
    "exposed-after-deal": "a card exposed after the deal",
    "exposed-in-dealing": "a card exposed in dealing",
    "misdeal": "a misdeal",
    "wrong-number": "a wrong number of cards",
    "faulty-pack": "a faulty pack",
    "uncut": "a deal from an uncut pack",
}
ERRORS = {
    "not-your-turn": "it is not that player's turn",
    "wrong-phase": "it is not the time for that action",
    "must-follow-suit": "the player can follow suit and must",
    "card-not-held": "the player does not hold that card",
    "call-too-low": "the call does not exceed the last one",
    "cannot-pass": "the player may not pass",
    "bad-cut": "the rules do not allow that cut",
    "not-provided-for": "the rules provide no remedy for it",
    "no-such-offence": "no such offence was committed",
    "irregular-play-not-allowed": "irregular play is not allowed",
    "invalid-action": "the action is not a valid one",
    "call-not-allowed": "the rules in force do not allow that call now",
    "bad-discard": "the discard is not five of the player's ten cards",
    "must-lead-lowest-trump": "a Wellington must be led with the caller's lowest card of the suit",
    "not-enough-stock": "the stock does not hold that many cards",
}
#: The calls that name no number of tricks: as the scenarios write them, and as the protocol
#: names them. A Misery undertakes no trick (its call is 0); the others all five.
NAMED_CALLS = {"Misery": "misery", "Wellington": "wellington", "Blücher": "blucher"}
CALL_TRICKS = {"misery": 0, "wellington": 5, "blucher": 5}
PHASES = {
    "cut": "the pack is to be cut",
    "deal": "the cards are to be dealt",
    "purchase": "the players are buying fresh cards",
    "calling": "the players are calling",
    "peep-exchange": "the soloist may take the peep card",
    "play": "the cards are being played",
    "show": "the cards are to be shown",
    "finished": "the hand is over",
}
OUTCOMES = {
    "made": "the soloist has made his call",
    "defeated": "the soloist is defeated",
    "all-passed": "every player passed",
    "fresh-deal": "there is to be a fresh deal",
    "redeal": "the same dealer deals again",
    "abandoned": "the hand is abandoned",
}

#: The data tables steps take: their columns as written, and their headings as shown.
TABLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "hands": (("seat", "cards"), ("Seat", "Hand")),
    "tricks": (("leader", "cards"), ("", "Led by", "Cards in the order played")),
}


@dataclass
class Context:
    """What a scenario has said so far that later sentences refer to."""

    dealer: str | None = None
    players: str | None = None


def seat(text: str) -> list[Piece]:
    return ["seat ", Value(text)]


_Item = TypeVar("_Item")


def Seat(text: str) -> list[Piece]:
    return ["Seat ", Value(text)]


def join(items: Sequence[_Item], sep: str = ", ", last: str | None = None) -> list[_Item | str]:
    """Items separated by ``sep`` (and ``last`` before the final one): pieces of a sentence
    here, document nodes in the rulebook.

    >>> join(["peel", "hoyle", "britannica"], ", ", " and ")
    ['peel', ', ', 'hoyle', ' and ', 'britannica']
    """
    out: list[_Item | str] = []
    for index, item in enumerate(items):
        if index:
            out.append(last if last is not None and index == len(items) - 1 else sep)
        out.append(item)
    return out


def plural(count: str, one: str, many: str) -> list[Piece]:
    if count == "1":
        return ["1 ", one]
    if count == "0":
        return ["no ", many]
    return [Value(count), " ", many]


def capital(items: list[Piece]) -> list[Piece]:
    if items and isinstance(items[0], str):
        return [items[0][:1].upper() + items[0][1:], *items[1:]]
    return items


def described(code: str, meanings: Mapping[str, str]) -> list[Piece]:
    if PLACEHOLDER.match(code):
        return [Value(code)]
    meaning = meanings.get(code)
    return [meaning, " (", Code(code), ")"] if meaning else [Code(code)]


def hand_owner(seat_text: str, context: Context) -> list[Piece]:
    """The first cell of a row of a hands table: the seat, and whether it deals."""
    who: list[Piece] = ["Seat ", Value(seat_text)]
    if context.dealer is not None and seat_text == context.dealer:
        who.append(" (dealer)")
    return who


def _say_calls(text: str) -> list[Piece]:
    if text == "none":
        return ["no call at all"]
    return ["only ", *join([Value(word) for word in text.split()], ", ", " or ")]


def _profile_ref(name: str) -> Piece:
    if PLACEHOLDER.match(name):
        return Value(name)
    profile = load().profiles.get(name)
    return Ref("profile", name, profile.title if profile is not None else name)


def _option_ref(option_id: str) -> Piece:
    if PLACEHOLDER.match(option_id):
        return Value(option_id)
    option = load().options.get(option_id)
    return Ref("option", option_id, option.title if option is not None else option_id)


def _say_setting(option_id: str, text: str) -> list[Piece]:
    """ "Who must play when nobody calls is “the eldest, if all the others pass”": the
    variation point by its title, the value in its words (:meth:`Option.phrase`)."""
    option = load().options.get(option_id)
    value: Piece = Value(text)
    if option is not None and not PLACEHOLDER.match(text):
        typed = _option_value(option_id, text)
        # a number of the range that no source names has no entry to link: it reads as itself
        value = (
            Ref("optvalue", f"{option_id}={typed}", option.phrase(typed))
            if option.allows(typed)
            else Value(option.phrase(typed))
        )
    return [_option_ref(option_id), " is set to “", value, "”."]


def _say_variants(name: str) -> list[Piece]:
    if PLACEHOLDER.match(name):
        return ["The variant ", Value(name), " is played, as the profile gives it."]
    if name in load().options:
        return ["The variant ", _option_ref(name), " is played, as the profile gives it."]
    return ["The variant ", Code(name), " is played, as the profile gives it."]


def _say_payments(text: str) -> list[Piece]:
    if PLACEHOLDER.match(text):
        return ["The payments are ", Value(text), "."]
    parts: list[Piece] = []
    for index, amount in enumerate(text.split()):
        number = int(amount)
        if number > 0:
            parts.append(f"seat {index} receives {number}")
        elif number < 0:
            parts.append(f"seat {index} pays {-number}")
        else:
            parts.append(f"seat {index} neither pays nor receives")
    return ["Settlement, in stakes: ", *join(parts, "; "), "."]


def _say_offences(text: str) -> list[Piece]:
    if text == "none":
        return ["No offence is recorded."]
    items: list[Piece] = []
    for item in text.split():
        kind, _, who = item.partition("@")
        items.append(f"{OFFENCES.get(kind, kind)} by seat {who}")
    return ["The offences recorded, in order: ", *join(items, "; "), "."]


def _say_counts(dealer: str, counts: str) -> list[Piece]:
    parts: list[Piece] = [f"{n} to seat {index}" for index, n in enumerate(counts.split())]
    return [*Seat(dealer), " deals wrong numbers of cards: ", *join(parts, ", "), "."]


def _say_cut_depths(seat_text: str, depths: str) -> list[Piece]:
    low, dash, high = depths.partition("-")
    if dash and low.isdigit() and high.isdigit():
        return [*Seat(seat_text), " may cut from ", low, " to ", high, " cards."]
    return [*Seat(seat_text), " may cut ", Value(depths), " cards."]


def _say_players(args: Mapping[str, str], context: Context) -> list[Piece]:
    context.players, context.dealer = args["players"], args["dealer"]
    return [Value(args["players"]), " players sit at the table; ", *seat(args["dealer"]), " deals."]


# ------------------------------------------------------------------------ case fragments

#: The queries of a hand in play, in the protocol's order (``first-dealer`` goes with a draw).
QUERY_ORDER = ("state", "legal-actions", "tricks", "table", "result", "offences", "first-dealer", "pool")


@dataclass
class CaseBuilder:
    """What a scenario has set up so far, and what it expects.

    ``checks`` pairs each check with the number of actions taken when it was asked: the
    checks asked after the same actions are answered by one case.
    """

    scenario_id: str
    profile: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    players: int | None = None
    dealer: int | None = None
    irregular: bool = False
    start: dict[str, Any] | None = None
    actions: list[ActionDict] = field(default_factory=list)
    #: Options the expectations depend on beyond the rules' variation points.
    needs: set[str] = field(default_factory=set)
    #: Options whose value steps read from the rules the row runs under (the lowest call,
    #: :mod:`~napspec.suite.from_the_rules`): the row is written for any value of them.
    adapts: set[str] = field(default_factory=set)
    checks: list[tuple[int, Check]] = field(default_factory=list)
    #: The offences as the scenario knows them (kind, offender), and those it has claimed.
    offences: list[tuple[str, int | None]] = field(default_factory=list)
    claimed: set[int] = field(default_factory=set)
    #: Seats known to hold no cards (a dealer sitting out).
    empty_seats: set[int] = field(default_factory=set)
    #: The variants played (their option values are among the overrides).
    variants: list[str] = field(default_factory=list)
    #: The pool as the case begins, and the first dealer of the session (option pool played).
    pool: int | None = None
    original_dealer: int | None = None

    def act(self, action: ActionDict) -> None:
        self.actions.append(action)

    def expect(
        self,
        what: str,
        queries: Sequence[str],
        select: Sequence[Operation],
        expected: Any,
        let: Mapping[str, Sequence[Operation]] | None = None,
    ) -> None:
        check = Check(
            what=what,
            queries=tuple(queries),
            select=tuple(select),
            expected=expected,
            let=tuple((name, tuple(ops)) for name, ops in (let or {}).items()),
        )
        self.checks.append((len(self.actions), check))

    def last_step(self) -> int:
        """The index of the last action's step in the run response."""
        if not self.actions:
            raise ScenarioError("no action has been taken")
        return len(self.actions) - 1

    def seats_in_play(self) -> list[int]:
        """The seats that hold cards, as the scenario set them up."""
        if self.players is None:
            raise ScenarioError("no table size (Given <n> players with seat <d> dealing)")
        return [s for s in range(self.players) if s not in self.empty_seats]


Args = dict[str, Any]
Rows = list[dict[str, str]]


def _rows(args: Args) -> Rows:
    rows: Rows = args["rows"]
    return rows


def _option_value(option_id: str, text: str) -> Any:
    option = load().options.get(option_id)
    if option is None:
        raise ScenarioError(f"unknown option {option_id!r}")
    if option.type == "int":
        return int(text)
    if option.type == "bool":
        if text not in ("true", "false"):
            raise ScenarioError(f"{option_id} takes true or false, not {text!r}")
        return text == "true"
    return text


def _card(text: str) -> str:
    return parse_cards(text)[0]


def _given_profile(b: CaseBuilder, a: Args) -> None:
    load().profile(a["name"])  # an unknown profile is a scenario error, named here
    b.profile = a["name"]


def _given_option(b: CaseBuilder, a: Args) -> None:
    b.overrides[a["option"]] = _option_value(a["option"], a["value"])


def _given_variant(b: CaseBuilder, a: Args) -> None:
    """The profile's bundle of the variant, applied through the register; the options it
    changes are recorded as overrides, so that the scenario needs them (applicability)."""
    if b.profile is None:
        raise ScenarioError('a variant is of a profile: give the profile first (Given the profile "...")')
    register = load()
    variants = [*b.variants, a["name"]]
    try:
        values = register.variant_values(b.profile, variants)
    except SpecError as error:
        raise ScenarioError(str(error)) from error
    plain = register.profile_values(b.profile)
    b.variants = variants
    b.overrides.update({option: value for option, value in values.items() if plain.get(option) != value})


def _given_extra_hand(b: CaseBuilder, a: Args) -> None:
    if b.start is None or "hands" not in b.start:
        raise ScenarioError("the extra hand is dealt with the hands: give the hands first (Given the hands:)")
    b.start["extra_hand"] = parse_cards(a["cards"])


def _given_irregular(b: CaseBuilder, a: Args) -> None:
    b.irregular = True


def _given_players(b: CaseBuilder, a: Args) -> None:
    b.players, b.dealer = a["players"], a["dealer"]


def _given_hands(b: CaseBuilder, a: Args) -> None:
    rows = _rows(a)
    hands: list[list[str]] = [[] for _ in rows]
    for row in rows:
        cards = row["cards"].strip()
        hands[int(row["seat"])] = [] if cards == "-" else parse_cards(cards)
    b.start = {"hands": hands}
    # How many cards a regular hand holds is the rules' (five, or seven at seven-card Nap); at
    # Purchase Nap the players buy before they call.
    b.needs |= {"seven-card", "purchase"}
    b.empty_seats = {s for s, hand in enumerate(hands) if not hand}
    if b.players is None:
        b.players = len(hands)


def _given_pack(b: CaseBuilder, a: Args) -> None:
    top = parse_cards(a["cards"])
    b.start = {"deck": top + [card for card in _pack_in_play(b) if card not in top]}
    # Who gets which card of a stacked pack depends on how it is cut and dealt: how many
    # cards each seat takes, and whether an extra hand is dealt with them; and the pack is
    # the pack in play (rule players.short-pack).
    # At Purchase Nap the players buy before they call.
    b.needs |= {"deal-pattern", "cut-minimum", "seven-card", "sir-garnet", "pack", "purchase"}


def _pack_in_play(b: CaseBuilder) -> list[str]:
    """The cards of the pack the scenario's rules play with, at its table."""
    if b.profile is None:
        return canonical_pack()
    options = {**load().profile_values(b.profile), **b.overrides}
    cards = pack_in_play(options, b.players or 0)
    if cards is None:
        raise ScenarioError(f"no pack is played at a table of {b.players} under pack={options.get('pack')}")
    return cards


def _given_peep_card(b: CaseBuilder, a: Args) -> None:
    if b.start is None or "hands" not in b.start:
        raise ScenarioError("the peep card is dealt after the hands: give the hands first (Given the hands:)")
    b.start["peep_card"] = _card(a["card"])


def _given_stock(b: CaseBuilder, a: Args) -> None:
    """The undealt cards, top first: those written, then the rest of the pack in its fixed order."""
    if b.start is None or "hands" not in b.start:
        raise ScenarioError("the stock is what the deal leaves: give the hands first (Given the hands:)")
    start = b.start
    dealt = {card for hand in start["hands"] for card in hand} | set(start.get("extra_hand", ()))
    if "peep_card" in start:
        dealt.add(start["peep_card"])
    top = parse_cards(a["cards"])
    if set(top) & dealt:
        raise ScenarioError(f"the stock cannot hold dealt cards: {' '.join(sorted(set(top) & dealt))}")
    start["stock"] = top + [card for card in canonical_pack() if card not in dealt and card not in top]


def _buy(b: CaseBuilder, a: Args) -> None:
    cards = [] if a["cards"].strip() == "-" else parse_cards(a["cards"])
    if len(cards) != a["count"]:
        raise ScenarioError(f"{a['count']} cards bought, but {len(cards)} thrown away")
    b.act({"type": "buy", "seat": a["seat"], "cards": cards})


def _then_may_buy(b: CaseBuilder, a: Args) -> None:
    most = a["count"]
    b.expect(
        f"purchases open to seat {a['seat']}",
        ["legal-actions"],
        [*_legal(a["seat"], "buy"), {"count": True}],
        sum(comb(FIVE, size) for size in range(most + 1)),
    )


def _given_draw(b: CaseBuilder, a: Args) -> None:
    b.start = {"draw": parse_cards(a["cards"])}


def _deal(b: CaseBuilder, a: Args) -> None:
    b.act({"type": "deal", "seat": a["seat"]})


def _deal_counts(b: CaseBuilder, a: Args) -> None:
    counts = [int(n) for n in a["counts"].split()]
    b.act({"type": "deal", "seat": a["seat"], "counts": counts})
    b.empty_seats = {s for s, n in enumerate(counts) if n == 0}


def _tricks_played(b: CaseBuilder, a: Args) -> None:
    seats = b.seats_in_play()
    for row in _rows(a):
        leader = int(row["leader"])
        if leader not in seats:
            raise ScenarioError(f"leader {leader} holds no cards")
        order = seats[seats.index(leader) :] + seats[: seats.index(leader)]
        cards = parse_cards(row["cards"])
        if len(cards) > len(order):
            raise ScenarioError(f"more cards than players in trick {row}")
        for who, card in zip(order, cards):
            b.act({"type": "play", "seat": who, "card": card})


def _claim(b: CaseBuilder, a: Args) -> None:
    """A claim names an offence by its index among those recorded: the first unclaimed one of
    that kind (and offender) the scenario has stated, else the next one to be recorded."""
    kind, offender = a["kind"], a.get("offender")
    index = next(
        (
            number
            for number, (known, by) in enumerate(b.offences)
            if known == kind and (offender is None or by == offender) and number not in b.claimed
        ),
        None,
    )
    if index is None:
        index = len(b.offences)
        b.offences.append((kind, offender))
    b.claimed.add(index)
    b.act({"type": "claim", "seat": a["seat"], "offence": index})


STATE: tuple[str, ...] = ("answers", "state")
#: The cards of a hand at Peep and Purchase Nap (neither is played at seven-card Nap).
FIVE = 5
#: The ways of throwing away five of ten cards: C(10, 5).
DISCARDS_OF_FIVE = 252


def _state(b: CaseBuilder, what: str, key: str, expected: Any) -> None:
    b.expect(what, ["state"], [{"get": [*STATE, key]}], expected)


def _legal(seat_number: int, kind: str) -> list[Operation]:
    return [{"get": ["answers", "legal-actions"]}, {"where": {"seat": seat_number, "type": kind}}]


def _calls(text: str) -> tuple[list[int], list[str]]:
    """The calls of a list such as ``"1 2 3 Misery 4 Nap"``: the numbers of tricks (Nap is
    five) and the named calls as the protocol names them, each sorted."""
    if text.strip() == "none":
        return [], []
    numbers: list[int] = []
    named: list[str] = []
    for item in text.split():
        if item in NAMED_CALLS:
            named.append(NAMED_CALLS[item])
        elif item == "Nap":
            numbers.append(5)
        elif item.isdigit():
            numbers.append(int(item))
        else:
            raise ScenarioError(f"{item!r} is no call (a number of tricks, Nap, {', '.join(NAMED_CALLS)})")
    return sorted(numbers), sorted(named)


def _then_may_call(b: CaseBuilder, a: Args) -> None:
    """Exactly these calls: the numbers of tricks, and the named calls (none unless listed)."""
    numbers, named = _calls(a["calls"])
    legal = _legal(a["seat"], "call")
    b.expect(
        f"legal calls of seat {a['seat']}",
        ["legal-actions"],
        [*legal, {"where-set": "tricks"}, {"pluck": "tricks"}, {"sort": True}],
        numbers,
    )
    b.expect(
        f"legal named calls of seat {a['seat']}",
        ["legal-actions"],
        [*legal, {"where-set": "call"}, {"pluck": "call"}, {"sort": True}],
        named,
    )


def _lowest_call(b: CaseBuilder, a: Args) -> None:
    """Some call, the least the rules in force allow (read when the row's rules are known)."""
    b.adapts.add(LOWEST_CALL_OPTION)
    b.act({"type": "call", "seat": a["seat"], "tricks": LOWEST_CALL})


def _then_may_call_from_the_lowest(b: CaseBuilder, a: Args) -> None:
    """Exactly the calls of tricks from the lowest call to Nap, and no named call."""
    b.adapts.add(LOWEST_CALL_OPTION)
    legal = _legal(a["seat"], "call")
    b.expect(
        f"legal calls of seat {a['seat']}",
        ["legal-actions"],
        [*legal, {"where-set": "tricks"}, {"pluck": "tricks"}, {"sort": True}],
        CALLS_FROM_THE_LOWEST,
    )
    b.expect(
        f"legal named calls of seat {a['seat']}",
        ["legal-actions"],
        [*legal, {"where-set": "call"}, {"pluck": "call"}, {"sort": True}],
        [],
    )


def _then_named_soloist(b: CaseBuilder, a: Args) -> None:
    call = NAMED_CALLS[a["call"]]
    b.expect(
        "soloist, call and declaration",
        ["state"],
        [{"get": list(STATE)}, {"pick": ["soloist", "call", "declaration"]}],
        {"soloist": a["seat"], "call": CALL_TRICKS[call], "declaration": call},
    )


def _then_extra_hand(b: CaseBuilder, a: Args) -> None:
    cards = a["cards"].strip()
    b.expect(
        "the extra hand",
        ["state"],
        [{"get": [*STATE, "extra_hand"]}, {"sort": True}],
        [] if cards == "-" else sorted(parse_cards(cards)),
    )


def _then_may_take(b: CaseBuilder, a: Args, may: bool) -> None:
    b.expect(
        f"seat {a['seat']} may take the extra hand",
        ["legal-actions"],
        [*_legal(a["seat"], "take-extra-hand"), {"nonempty": True}],
        may,
    )


def _then_accepted(b: CaseBuilder, a: Args) -> None:
    b.expect(f"action {b.actions[b.last_step()]} accepted", ["state"], [{"get": ["steps", b.last_step(), "ok"]}], True)


def _then_rejected(b: CaseBuilder, a: Args) -> None:
    step = b.last_step()
    b.expect(
        f"action {b.actions[step]}",
        ["state"],
        [{"get": ["steps", step]}, {"pick": ["ok", "error"]}],
        {"ok": False, "error": a["code"]},
    )


def _then_hands(b: CaseBuilder, a: Args) -> None:
    for row in _rows(a):
        who, cards = int(row["seat"]), row["cards"].strip()
        expected = [] if cards == "-" else sorted(parse_cards(cards))
        b.expect(f"hand of seat {who}", ["state"], [{"get": [*STATE, "holdings", who]}, {"sort": True}], expected)
        if not expected:
            b.empty_seats.add(who)
        else:
            b.empty_seats.discard(who)


def _then_holds(b: CaseBuilder, a: Args) -> None:
    b.expect(
        f"hand of seat {a['seat']}",
        ["state"],
        [{"get": [*STATE, "holdings", a["seat"]]}, {"sort": True}],
        sorted(parse_cards(a["cards"])),
    )


def _then_trumps(b: CaseBuilder, a: Args) -> None:
    if a["suit"] not in SUITS:
        raise ScenarioError(f"{a['suit']!r} is not a suit letter ({SUITS})")
    _state(b, "trumps", "trumps", a["suit"])


COMPLETED: list[Operation] = [{"get": ["answers", "tricks"]}, {"where-set": "winner"}]


def _then_trick_won(b: CaseBuilder, a: Args) -> None:
    b.expect(
        f"winner of trick {a['number']}", ["tricks"], [*COMPLETED, {"get": [a["number"] - 1, "winner"]}], a["seat"]
    )


def _then_face(b: CaseBuilder, a: Args) -> None:
    trick = a["number"] - 1
    b.expect(
        f"winning card of trick {a['number']} face up",
        ["tricks", "table"],
        [
            {"get": ["answers", "table", {"var": "winner"}]},
            {"where": {"card": {"var": "card"}}},
            {"get": [0, "face_up"]},
        ],
        a["side"] == "up",
        let={
            "winner": [*COMPLETED, {"get": [trick, "winner"]}],
            "card": [
                *COMPLETED,
                {"get": [trick, "plays"]},
                {"where": {"seat": {"var": "winner"}}},
                {"get": [0, "card"]},
            ],
        },
    )


def _result(b: CaseBuilder, what: str, key: str, expected: Any) -> None:
    b.expect(what, ["result"], [{"get": ["answers", "result", key]}], expected)


#: The options whose values change what each seat pays (its movements with the pool are in
#: its payments): a scenario that states the payments needs them as written.
POOL_PAYMENTS = ("pool", "pool-contributions", "pool-fines", "pool-failed-nap")


def _then_payments(b: CaseBuilder, a: Args) -> None:
    b.needs.update(POOL_PAYMENTS)
    _result(b, "payments by seat", "payments", [int(x) for x in a["amounts"].split()])


# ------------------------------------------------------------------------------ the pool

#: Why stakes move into or out of the pool, as the protocol names it, in words.
POOL_REASONS = {
    "peep-fee": "the fee for a peep",
    "purchase-fee": "the fee for fresh cards",
    "dealer-contribution": "the dealer's contribution",
    "player-contribution": "a player's contribution",
    "card-contribution": "a knave or five played",
    "misdeal-fine": "the fine for a misdeal",
    "failed-nap": "a failed Nap doubling the pool",
    "pool-won": "a made Nap taking the pool",
    "pool-divided": "a share of the pool divided",
    "pool-drawn": "the pool, or what is left of it, drawn for",
}
POOL_MOVES: list[Operation] = [{"get": ["answers", "pool", "transfers"]}]


def _per_card() -> int:
    """The stakes paid into the pool for each knave or five (pool-contributions knaves-and-fives)."""
    per_card: int = load().options["pool-contributions"].value("knaves-and-fives").amounts["pool-per-card"]
    return per_card


def _given_pool(b: CaseBuilder, a: Args) -> None:
    b.pool = a["count"]


def _given_first_dealer(b: CaseBuilder, a: Args) -> None:
    b.original_dealer = a["seat"]


def _given_end_of_session(b: CaseBuilder, a: Args) -> None:
    b.start = {"end_of_session": {"draw": []}}
    b.pool = a["count"]


def _given_pool_draw(b: CaseBuilder, a: Args) -> None:
    if b.start is None or "end_of_session" not in b.start:
        raise ScenarioError("the cards for the pool are dealt when the players stop: give that first")
    b.start["end_of_session"]["draw"] = parse_cards(a["cards"])


def _then_pool_moves(b: CaseBuilder, what: str, where: dict[str, Any], expected: list[int]) -> None:
    b.expect(what, ["pool"], [*POOL_MOVES, {"where": where}, {"pluck": "amount"}], expected)


def _say_pool_reason(reason: str) -> list[Piece]:
    return described(reason, POOL_REASONS)


def _then_offences(b: CaseBuilder, a: Args) -> None:
    listing = a["listing"].strip()
    stated: list[tuple[str, int | None]] = []
    for item in [] if listing == "none" else listing.split():
        kind, at, who = item.partition("@")
        if not at or not who.isdigit():
            raise ScenarioError(f"offence {item!r} is not written kind@seat")
        stated.append((kind, int(who)))
    b.offences = stated
    b.claimed = {index for index in b.claimed if index < len(stated)}
    b.expect(
        "offences",
        ["offences"],
        [{"get": ["answers", "offences"]}, {"pick": ["kind", "seat"]}],
        [{"kind": kind, "seat": who} for kind, who in stated],
    )


def _then_told(b: CaseBuilder, a: Args) -> None:
    step = b.last_step()
    if b.actions[step] != {"type": "ask", "seat": a["seat"]}:
        raise ScenarioError("the last action must be the seat's question")
    b.expect(
        "answer to the question",
        ["state"],
        [{"get": ["steps", step, "told"]}],
        {"call": a["call"], "tricks_made": a["made"]},
    )


# ------------------------------------------------------------------------------- phrases


@dataclass(frozen=True)
class Phrase:
    """One step of the vocabulary."""

    keyword: Keyword
    pattern: str
    apply: Callable[[CaseBuilder, Args], None]
    say: Callable[[Mapping[str, str], Context], list[Piece]]
    #: The data table the step takes ("hands" or "tricks"), if any.
    datatable: str | None = None

    @cached_property
    def slots(self) -> dict[str, str]:
        """Slot name → type, in order."""
        return dict(_SLOT.findall(self.pattern))

    def regex(self, template: bool = False) -> re.Pattern[str]:
        """The pattern as a regular expression: for a step as run (``template=False``), or
        for a step of an outline as written, placeholders and all."""
        return _compile(self.pattern, template)

    def parse(self, text: str, template: bool = False) -> dict[str, Any] | None:
        """The slots' values if ``text`` is this phrase (typed, unless ``template``)."""
        found = self.regex(template).fullmatch(text)
        if found is None:
            return None
        if template:
            return found.groupdict()
        return {name: int(raw) if self.slots[name] == "int" else raw for name, raw in found.groupdict().items()}


_SLOT = re.compile(r"\{(\w+):(\w+)\}")
_ANY = r"<[^<>]+>"
#: Slot types: what a step as run may hold there.
SLOT_TYPES = {
    "int": r"\d+",
    "text": r'[^"]*',
    "word": r"[a-z0-9-]+",
    "side": r"up|down",
    "range": r"\d+-\d+",
    "call": "|".join(NAMED_CALLS),
    # the plural ending of the noun after a number: "cuts 1 card", "cuts 4 cards"
    "plural": r"s?",
}

#: Slots an outline's placeholder never fills as written: ``seat 1 calls <call>`` reads as the
#: call of a number of tricks, whose rows may still name Nap or a named call.
_NO_PLACEHOLDER = ("text", "call", "plural")


@cache
def _compile(pattern: str, template: bool) -> re.Pattern[str]:
    parts: list[str] = []
    position = 0
    for slot in _SLOT.finditer(pattern):
        parts.append(re.escape(pattern[position : slot.start()]))
        name, kind = slot.groups()
        body = SLOT_TYPES[kind]
        if template and kind not in _NO_PLACEHOLDER:
            body = f"{body}|{_ANY}"
        parts.append(f"(?P<{name}>{body})")
        position = slot.end()
    parts.append(re.escape(pattern[position:]))
    return re.compile("".join(parts))


def _noun(number: object, noun: str) -> str:
    """``noun`` as it goes after ``number`` (a placeholder of an outline takes the plural).

    >>> _noun(1, "card"), _noun(4, "card"), _noun("<depth>", "card")
    ('card', 'cards', 'cards')
    """
    return noun if str(number) == "1" else noun + "s"


def _p(
    keyword: Keyword,
    pattern: str,
    apply: Callable[[CaseBuilder, Args], None],
    say: Callable[[Mapping[str, str], Context], list[Piece]],
    datatable: str | None = None,
) -> Phrase:
    return Phrase(keyword=keyword, pattern=pattern, apply=apply, say=say, datatable=datatable)


VOCABULARY: tuple[Phrase, ...] = (
    # ------------------------------------------------------------------ Given
    _p(
        "Given",
        'the profile "{name:word}"',
        _given_profile,
        lambda a, c: ["The rules are those of the profile ", _profile_ref(a["name"]), "."],
    ),
    _p(
        "Given",
        'the option "{option:word}" is "{value:text}"',
        _given_option,
        lambda a, c: _say_setting(a["option"], a["value"]),
    ),
    _p(
        "Given",
        "irregular play is allowed",
        _given_irregular,
        lambda a, c: ["Irregular play is allowed, so that faults can be committed and claimed."],
    ),
    _p(
        "Given",
        'the variant "{name:word}"',
        _given_variant,
        lambda a, c: _say_variants(a["name"]),
    ),
    _p("Given", "{players:int} players with seat {dealer:int} dealing", _given_players, _say_players),
    _p(
        "Given",
        "the hands:",
        _given_hands,
        lambda a, c: ["The cards have been cut and dealt. The hands:"],
        datatable="hands",
    ),
    _p(
        "Given",
        'the extra hand on the table is "{cards:text}"',
        _given_extra_hand,
        lambda a, c: ["The extra hand, dealt with them, lies face down on the table: ", Cards(a["cards"]), "."],
    ),
    _p(
        "Given",
        'the peep card on the table is "{card:text}"',
        _given_peep_card,
        lambda a, c: ["The peep card, dealt after the hands, lies face down on the table: ", Cards(a["card"]), "."],
    ),
    _p(
        "Given",
        'the stock from the top is "{cards:text}"',
        _given_stock,
        lambda a, c: [
            "The undealt cards, from the top: ",
            Cards(a["cards"]),
            "; the rest of the pack lies below in a fixed order.",
        ],
    ),
    _p(
        "Given",
        'the pack from the top is "{cards:text}"',
        _given_pack,
        lambda a, c: [
            "The pack is stacked. From the top: ",
            Cards(a["cards"]),
            "; the rest of the pack lies below in a fixed order.",
        ],
    ),
    _p(
        "Given",
        'the cards turned for the first deal are "{cards:text}"',
        _given_draw,
        lambda a, c: ["The cards turned for the first deal are, in the order drawn: ", Cards(a["cards"]), "."],
    ),
    # the pool
    _p(
        "Given",
        "the pool holds {count:int} stakes as the hand begins",
        _given_pool,
        lambda a, c: ["The pool holds ", *plural(a["count"], "stake", "stakes"), " as the hand begins."],
    ),
    _p(
        "Given",
        "seat {seat:int} was the first dealer of the session",
        _given_first_dealer,
        lambda a, c: [*Seat(a["seat"]), " dealt the first hand of the session."],
    ),
    _p(
        "Given",
        "the players stop with {count:int} in the pool",
        _given_end_of_session,
        lambda a, c: ["The players stop with ", *plural(a["count"], "stake", "stakes"), " in the pool."],
    ),
    _p(
        "Given",
        'the cards dealt for the pool are "{cards:text}"',
        _given_pool_draw,
        lambda a, c: [
            "The cards dealt for the pool, from the dealer's left round to the dealer and again for those tied: ",
            Cards(a["cards"]),
            ".",
        ],
    ),
    # ------------------------------------------------------------------- When
    _p(
        "When",
        "seat {seat:int} cuts {depth:int} card{s:plural}",
        lambda b, a: b.act({"type": "cut", "seat": a["seat"], "depth": a["depth"]}),
        lambda a, c: [*Seat(a["seat"]), " cuts ", Value(a["depth"]), f" {_noun(a['depth'], 'card')}."],
    ),
    _p(
        "When",
        'seat {seat:int} deals exposing "{card:text}"',
        lambda b, a: b.act({"type": "deal", "seat": a["seat"], "exposed": _card(a["card"])}),
        lambda a, c: [*Seat(a["seat"]), " deals and exposes ", Cards(a["card"]), " in dealing."],
    ),
    _p(
        "When",
        'seat {seat:int} deals the counts "{counts:text}"',
        _deal_counts,
        lambda a, c: _say_counts(a["seat"], a["counts"]),
    ),
    _p("When", "seat {seat:int} deals", _deal, lambda a, c: [*Seat(a["seat"]), " deals."]),
    _p(
        "When",
        "seat {seat:int} calls Nap",
        lambda b, a: b.act({"type": "call", "seat": a["seat"], "tricks": 5}),
        lambda a, c: [*Seat(a["seat"]), " calls Nap."],
    ),
    _p(
        "When",
        "seat {seat:int} makes the lowest call",
        _lowest_call,
        lambda a, c: [*Seat(a["seat"]), " makes the lowest call the rules allow."],
    ),
    _p(
        "When",
        "seat {seat:int} calls {tricks:int}",
        lambda b, a: b.act({"type": "call", "seat": a["seat"], "tricks": a["tricks"]}),
        lambda a, c: [*Seat(a["seat"]), " calls ", Value(a["tricks"]), "."],
    ),
    _p(
        "When",
        "seat {seat:int} calls {call:call}",
        lambda b, a: b.act({"type": "call", "seat": a["seat"], "call": NAMED_CALLS[a["call"]]}),
        lambda a, c: [*Seat(a["seat"]), " calls ", Value(a["call"]), "."],
    ),
    _p(
        "When",
        "seat {seat:int} takes the extra hand",
        lambda b, a: b.act({"type": "take-extra-hand", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " takes up the extra hand."],
    ),
    _p(
        "When",
        'seat {seat:int} discards "{cards:text}"',
        lambda b, a: b.act({"type": "discard", "seat": a["seat"], "cards": parse_cards(a["cards"])}),
        lambda a, c: [*Seat(a["seat"]), " throws away ", Cards(a["cards"]), " face down."],
    ),
    _p(
        "When",
        'seat {seat:int} buys {count:int} card{s:plural} throwing away "{cards:text}"',
        _buy,
        lambda a, c: [
            *Seat(a["seat"]),
            " throws away ",
            Cards(a["cards"]),
            " face down and buys ",
            Value(a["count"]),
            f" fresh {_noun(a['count'], 'card')}.",
        ],
    ),
    _p(
        "When",
        "seat {seat:int} refuses to buy",
        lambda b, a: b.act({"type": "buy", "seat": a["seat"], "cards": []}),
        lambda a, c: [*Seat(a["seat"]), " refuses to buy."],
    ),
    _p(
        "When",
        "seat {seat:int} peeps",
        lambda b, a: b.act({"type": "peep", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " pays to peep at the peep card."],
    ),
    _p(
        "When",
        'seat {seat:int} takes the peep card for "{card:text}"',
        lambda b, a: b.act({"type": "take-peep-card", "seat": a["seat"], "card": _card(a["card"])}),
        lambda a, c: [*Seat(a["seat"]), " gives up ", Cards(a["card"]), " face down and takes the peep card."],
    ),
    _p(
        "When",
        "seat {seat:int} leaves the peep card",
        lambda b, a: b.act({"type": "decline-peep-card", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " leaves the peep card."],
    ),
    _p(
        "When",
        "seat {seat:int} passes",
        lambda b, a: b.act({"type": "pass", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " passes."],
    ),
    _p(
        "When",
        'seat {seat:int} plays "{card:text}"',
        lambda b, a: b.act({"type": "play", "seat": a["seat"], "card": _card(a["card"])}),
        lambda a, c: [*Seat(a["seat"]), " plays ", Cards(a["card"]), "."],
    ),
    _p("When", "the tricks are played:", _tricks_played, lambda a, c: ["The tricks are played:"], datatable="tricks"),
    _p(
        "When",
        'seat {seat:int} exposes "{card:text}"',
        lambda b, a: b.act({"type": "expose", "seat": a["seat"], "card": _card(a["card"])}),
        lambda a, c: [*Seat(a["seat"]), " exposes ", Cards(a["card"]), "."],
    ),
    _p(
        "When",
        "seat {seat:int} claims the {kind:word} by seat {offender:int}",
        _claim,
        lambda a, c: [
            *Seat(a["seat"]),
            " claims ",
            OFFENCES.get(a["kind"], a["kind"]),
            " against ",
            *seat(a["offender"]),
            ".",
        ],
    ),
    _p(
        "When",
        "seat {seat:int} claims the {kind:word}",
        _claim,
        lambda a, c: [*Seat(a["seat"]), " claims ", OFFENCES.get(a["kind"], a["kind"]), "."],
    ),
    _p(
        "When",
        "seat {seat:int} shows his cards",
        lambda b, a: b.act({"type": "show", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " shows his cards."],
    ),
    _p(
        "When",
        "seat {seat:int} refuses to show his cards",
        lambda b, a: b.act({"type": "refuse-to-show", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " refuses to show his cards."],
    ),
    _p(
        "When",
        "seat {seat:int} asks for the call and the tricks made",
        lambda b, a: b.act({"type": "ask", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " asks what the call is and how many tricks have been made."],
    ),
    # ------------------------------------------------------------------- Then
    _p("Then", "the action is accepted", _then_accepted, lambda a, c: ["The action is accepted."]),
    _p(
        "Then",
        'the action is rejected as "{code:text}"',
        _then_rejected,
        lambda a, c: ["The action is rejected: ", *described(a["code"], ERRORS), "."],
    ),
    _p(
        "Then",
        'the phase is "{phase:text}"',
        lambda b, a: _state(b, "phase", "phase", a["phase"]),
        lambda a, c: ["Now ", *described(a["phase"], PHASES), "."],
    ),
    _p(
        "Then",
        "seat {seat:int} is to act",
        lambda b, a: _state(b, "player to act", "to_act", a["seat"]),
        lambda a, c: [*Seat(a["seat"]), " is to act."],
    ),
    _p(
        "Then",
        "nobody is to act",
        lambda b, a: _state(b, "player to act", "to_act", None),
        lambda a, c: ["Nobody is to act."],
    ),
    _p(
        "Then",
        'seat {seat:int} may play "{cards:text}"',
        lambda b, a: b.expect(
            f"legal plays of seat {a['seat']}",
            ["legal-actions"],
            [*_legal(a["seat"], "play"), {"pluck": "card"}, {"sort": True}],
            sorted(parse_cards(a["cards"])),
        ),
        lambda a, c: [*Seat(a["seat"]), " may play only ", Cards(a["cards"]), "."],
    ),
    _p(
        "Then",
        "seat {seat:int} may not pass",
        lambda b, a: b.expect(
            f"seat {a['seat']} may pass", ["legal-actions"], [*_legal(a["seat"], "pass"), {"nonempty": True}], False
        ),
        lambda a, c: [*Seat(a["seat"]), " may not pass."],
    ),
    _p(
        "Then",
        "seat {seat:int} may pass",
        lambda b, a: b.expect(
            f"seat {a['seat']} may pass", ["legal-actions"], [*_legal(a["seat"], "pass"), {"nonempty": True}], True
        ),
        lambda a, c: [*Seat(a["seat"]), " may pass."],
    ),
    _p(
        "Then",
        "seat {seat:int} may make any call from the lowest to Nap",
        _then_may_call_from_the_lowest,
        lambda a, c: [*Seat(a["seat"]), " may call any number of tricks from the lowest call the rules allow to Nap."],
    ),
    _p(
        "Then",
        'seat {seat:int} may call "{calls:text}"',
        _then_may_call,
        lambda a, c: [*Seat(a["seat"]), " may call ", *_say_calls(a["calls"]), "."],
    ),
    _p(
        "Then",
        "seat {seat:int} may take the extra hand",
        lambda b, a: _then_may_take(b, a, True),
        lambda a, c: [*Seat(a["seat"]), " may take up the extra hand."],
    ),
    _p(
        "Then",
        "seat {seat:int} may not take the extra hand",
        lambda b, a: _then_may_take(b, a, False),
        lambda a, c: [*Seat(a["seat"]), " may not take up the extra hand."],
    ),
    _p(
        "Then",
        "seat {seat:int} may discard any five of his ten cards",
        lambda b, a: b.expect(
            f"discards open to seat {a['seat']}",
            ["legal-actions"],
            [*_legal(a["seat"], "discard"), {"count": True}],
            DISCARDS_OF_FIVE,
        ),
        lambda a, c: [*Seat(a["seat"]), " may throw away any five of his ten cards."],
    ),
    _p(
        "Then",
        'seat {seat:int} may cut "{depths:range}"',
        lambda b, a: b.expect(
            f"legal cut depths of seat {a['seat']}",
            ["legal-actions"],
            [*_legal(a["seat"], "cut"), {"pluck": "depth"}, {"sort": True}],
            list(range(int(a["depths"].split("-")[0]), int(a["depths"].split("-")[1]) + 1)),
        ),
        lambda a, c: _say_cut_depths(a["seat"], a["depths"]),
    ),
    _p("Then", "the hands are:", _then_hands, lambda a, c: ["The hands are now:"], datatable="hands"),
    _p(
        "Then",
        'seat {seat:int} holds "{cards:text}"',
        _then_holds,
        lambda a, c: [*Seat(a["seat"]), " holds ", Cards(a["cards"]), "."],
    ),
    _p(
        "Then",
        "the soloist is seat {seat:int} with a call of Nap",
        lambda b, a: b.expect(
            "soloist and call",
            ["state"],
            [{"get": list(STATE)}, {"pick": ["soloist", "call"]}],
            {"soloist": a["seat"], "call": 5},
        ),
        lambda a, c: [*Seat(a["seat"]), " is the soloist, with a call of Nap."],
    ),
    _p(
        "Then",
        "the soloist is seat {seat:int} with a call of {tricks:int}",
        lambda b, a: b.expect(
            "soloist and call",
            ["state"],
            [{"get": list(STATE)}, {"pick": ["soloist", "call"]}],
            {"soloist": a["seat"], "call": a["tricks"]},
        ),
        lambda a, c: [*Seat(a["seat"]), " is the soloist, with a call of ", Value(a["tricks"]), "."],
    ),
    _p(
        "Then",
        "the soloist is seat {seat:int} with a call of {call:call}",
        _then_named_soloist,
        lambda a, c: [*Seat(a["seat"]), " is the soloist, with a call of ", Value(a["call"]), "."],
    ),
    _p(
        "Then",
        "the soloist is seat {seat:int} with a Nap on the extra hand",
        lambda b, a: b.expect(
            "soloist, call and declaration",
            ["state"],
            [{"get": list(STATE)}, {"pick": ["soloist", "call", "declaration"]}],
            {"soloist": a["seat"], "call": 5, "declaration": "sir-garnet"},
        ),
        lambda a, c: [*Seat(a["seat"]), " is the soloist, bound to a Nap by taking the extra hand."],
    ),
    _p(
        "Then",
        'the extra hand is "{cards:text}"',
        _then_extra_hand,
        lambda a, c: (
            ["The extra hand has been taken up."]
            if a["cards"].strip() == "-"
            else ["The extra hand lies untaken, face down: ", Cards(a["cards"]), "."]
        ),
    ),
    _p(
        "Then",
        "there are no trumps",
        lambda b, a: _state(b, "trumps", "trumps", None),
        lambda a, c: ["There is no trump suit."],
    ),
    _p(
        "Then",
        "there is no soloist",
        lambda b, a: _state(b, "soloist", "soloist", None),
        lambda a, c: ["There is no soloist."],
    ),
    _p("Then", 'trumps are "{suit:text}"', _then_trumps, lambda a, c: ["Trumps are ", Suit(a["suit"]), "."]),
    _p(
        "Then",
        "trick {number:int} is won by seat {seat:int}",
        _then_trick_won,
        lambda a, c: ["Trick ", Value(a["number"]), " is won by ", *seat(a["seat"]), "."],
    ),
    _p(
        "Then",
        "{count:int} tricks have been played",
        lambda b, a: b.expect("tricks completed", ["tricks"], [*COMPLETED, {"count": True}], a["count"]),
        lambda a, c: [*capital(plural(a["count"], "trick has", "tricks have")), " been played."],
    ),
    _p(
        "Then",
        "seat {seat:int} has won {count:int} tricks",
        lambda b, a: b.expect(
            f"tricks won by seat {a['seat']}", ["state"], [{"get": [*STATE, "tricks_won", a["seat"]]}], a["count"]
        ),
        lambda a, c: [*Seat(a["seat"]), " has won ", *plural(a["count"], "trick", "tricks"), "."],
    ),
    _p(
        "Then",
        "the winning card of trick {number:int} is face {side:side}",
        _then_face,
        lambda a, c: ["The winning card of trick ", Value(a["number"]), " lies face ", Value(a["side"]), "."],
    ),
    _p(
        "Then",
        "every card played is face up",
        lambda b, a: b.expect(
            "cards turned face down",
            ["table"],
            [{"get": ["answers", "table"]}, {"flatten": True}, {"where": {"face_up": False}}, {"pluck": "card"}],
            [],
        ),
        lambda a, c: ["Every card played lies face up."],
    ),
    _p(
        "Then",
        'the outcome is "{outcome:text}"',
        lambda b, a: _result(b, "outcome", "outcome", a["outcome"]),
        lambda a, c: ["Outcome: ", *described(a["outcome"], OUTCOMES), "."],
    ),
    _p("Then", 'the payments are "{amounts:text}"', _then_payments, lambda a, c: _say_payments(a["amounts"])),
    _p(
        "Then",
        "the next dealer is seat {seat:int}",
        lambda b, a: _result(b, "next dealer", "next_dealer", a["seat"]),
        lambda a, c: ["The next dealer is ", *seat(a["seat"]), "."],
    ),
    _p(
        "Then",
        "the first dealer is seat {seat:int}",
        lambda b, a: b.expect(
            "first dealer", ["first-dealer"], [{"get": ["answers", "first-dealer", "seat"]}], a["seat"]
        ),
        lambda a, c: ["The first dealer is ", *seat(a["seat"]), "."],
    ),
    _p("Then", 'the offences are "{listing:text}"', _then_offences, lambda a, c: _say_offences(a["listing"])),
    _p(
        "Then",
        'the peep card is "{card:text}"',
        lambda b, a: _state(b, "the peep card", "peep_card", _card(a["card"])),
        lambda a, c: ["The peep card lies face down on the table: ", Cards(a["card"]), "."],
    ),
    _p(
        "Then",
        "no peep card lies on the table",
        lambda b, a: _state(b, "the peep card", "peep_card", None),
        lambda a, c: ["No peep card lies on the table."],
    ),
    _p(
        "Then",
        'the seats that peeped are "{seats:text}"',
        lambda b, a: _state(b, "the seats that peeped", "peeped", [int(x) for x in a["seats"].split()]),
        lambda a, c: ["The seats that have peeped, in order: ", Value(a["seats"]), "."],
    ),
    _p(
        "Then",
        "nobody has peeped",
        lambda b, a: _state(b, "the seats that peeped", "peeped", []),
        lambda a, c: ["Nobody has peeped."],
    ),
    _p(
        "Then",
        "the stock holds {count:int} cards",
        lambda b, a: _state(b, "cards in the stock", "stock", a["count"]),
        lambda a, c: ["The stock holds ", *plural(a["count"], "card", "cards"), "."],
    ),
    _p(
        "Then",
        "seat {seat:int} may peep",
        lambda b, a: b.expect(
            f"seat {a['seat']} may peep", ["legal-actions"], [*_legal(a["seat"], "peep"), {"nonempty": True}], True
        ),
        lambda a, c: [*Seat(a["seat"]), " may peep."],
    ),
    _p(
        "Then",
        "seat {seat:int} may not peep",
        lambda b, a: b.expect(
            f"seat {a['seat']} may peep", ["legal-actions"], [*_legal(a["seat"], "peep"), {"nonempty": True}], False
        ),
        lambda a, c: [*Seat(a["seat"]), " may not peep."],
    ),
    _p(
        "Then",
        "seat {seat:int} may buy from none to {count:int} of his cards",
        _then_may_buy,
        lambda a, c: [*Seat(a["seat"]), " may throw away and buy from none to ", Value(a["count"]), " of his cards."],
    ),
    _p(
        "Then",
        "seat {seat:int} may take the peep card for any of his cards or leave it",
        lambda b, a: b.expect(
            f"peep exchanges open to seat {a['seat']}",
            ["legal-actions"],
            [{"get": ["answers", "legal-actions"]}, {"where": {"seat": a["seat"]}}, {"pluck": "type"}, {"sort": True}],
            ["decline-peep-card"] + ["take-peep-card"] * FIVE,
        ),
        lambda a, c: [*Seat(a["seat"]), " may give up any of his cards for the peep card, or leave it."],
    ),
    _p(
        "Then",
        "seat {seat:int} is told the call {call:int} and {made:int} tricks made",
        _then_told,
        lambda a, c: [
            *Seat(a["seat"]),
            " is told that the call is ",
            Value(a["call"]),
            " and that ",
            *plural(a["made"], "trick has", "tricks have"),
            " been made.",
        ],
    ),
    # the pool
    _p(
        "Then",
        "the pool holds {count:int}",
        lambda b, a: b.expect("the pool", ["pool"], [{"get": ["answers", "pool", "pool"]}], a["count"]),
        lambda a, c: ["The pool holds ", *plural(a["count"], "stake", "stakes"), "."],
    ),
    _p(
        "Then",
        "nothing is paid into or taken from the pool",
        lambda b, a: b.expect("the movements of the pool", ["pool"], POOL_MOVES, []),
        lambda a, c: ["Nothing is paid into the pool or taken from it."],
    ),
    _p(
        "Then",
        'seat {seat:int} pays {count:int} into the pool for "{reason:text}"',
        lambda b, a: _then_pool_moves(
            b, f"seat {a['seat']} paying in for {a['reason']}", {"from": a["seat"], "reason": a["reason"]}, [a["count"]]
        ),
        lambda a, c: [
            *Seat(a["seat"]),
            " pays ",
            *plural(a["count"], "stake", "stakes"),
            " into the pool: ",
            *_say_pool_reason(a["reason"]),
            ".",
        ],
    ),
    _p(
        "Then",
        "seat {seat:int} pays nothing into the pool",
        lambda b, a: _then_pool_moves(b, f"seat {a['seat']} paying in", {"from": a["seat"]}, []),
        lambda a, c: [*Seat(a["seat"]), " pays nothing into the pool."],
    ),
    _p(
        "Then",
        "seat {seat:int} pays into the pool for {count:int} knaves and fives",
        # The amounts, however the engine records them (one transfer a card, or one in all).
        lambda b, a: b.expect(
            f"stakes paid into the pool by seat {a['seat']} for knaves and fives",
            ["pool"],
            [
                *POOL_MOVES,
                {"where": {"from": a["seat"], "reason": "card-contribution"}},
                {"pluck": "amount"},
                {"sum": True},
            ],
            a["count"] * _per_card(),
        ),
        lambda a, c: [
            *Seat(a["seat"]),
            " pays into the pool for ",
            *plural(a["count"], "knave or five", "knaves and fives"),
            " not of trumps that he played.",
        ],
    ),
    _p(
        "Then",
        'seat {seat:int} takes {count:int} from the pool for "{reason:text}"',
        lambda b, a: _then_pool_moves(
            b, f"seat {a['seat']} taking for {a['reason']}", {"to": a["seat"], "reason": a["reason"]}, [a["count"]]
        ),
        lambda a, c: [
            *Seat(a["seat"]),
            " takes ",
            *plural(a["count"], "stake", "stakes"),
            " from the pool: ",
            *_say_pool_reason(a["reason"]),
            ".",
        ],
    ),
    _p(
        "Then",
        "seat {seat:int} takes {count:int} from the pool",
        lambda b, a: _then_pool_moves(b, f"seat {a['seat']} taking from the pool", {"to": a["seat"]}, [a["count"]]),
        lambda a, c: [*Seat(a["seat"]), " takes ", *plural(a["count"], "stake", "stakes"), " from the pool."],
    ),
    _p(
        "Then",
        "seat {seat:int} takes nothing from the pool",
        lambda b, a: _then_pool_moves(b, f"seat {a['seat']} taking from the pool", {"to": a["seat"]}, []),
        lambda a, c: [*Seat(a["seat"]), " takes nothing from the pool."],
    ),
)


def match(
    text: str, template: bool = False, vocabulary: Sequence[Phrase] = VOCABULARY
) -> tuple[Phrase, dict[str, Any]] | None:
    """The phrase ``text`` is, with its slots' values; ``None`` if it is none of them.

    With ``template``, ``text`` may be a step of an outline as written (with placeholders),
    and the values are left as written.
    """
    for phrase in vocabulary:
        found = phrase.parse(text, template)
        if found is not None:
            return phrase, found
    return None


def known(text: str, vocabulary: Sequence[Phrase] = VOCABULARY) -> bool:
    """Whether a step's text, as written in a feature file, is a phrase of the vocabulary."""
    return match(text, template=True, vocabulary=vocabulary) is not None


__all__ = [
    "NAMED_CALLS",
    "OFFENCES",
    "PLACEHOLDER",
    "TABLES",
    "VOCABULARY",
    "Cards",
    "CaseBuilder",
    "Code",
    "Context",
    "Phrase",
    "Piece",
    "Ref",
    "ScenarioError",
    "Suit",
    "Value",
    "hand_owner",
    "known",
    "match",
]
