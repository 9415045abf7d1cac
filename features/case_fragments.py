"""What a step adds to the case sent to the engine: the :class:`CaseBuilder` a scenario fills
step by step (the table, the start, the actions, and the checks the engine's answers must
meet), and the function each phrase of :mod:`napspec.suite.vocabulary` applies to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

from napspec.spec import load
from napspec.spec.errors import SpecError
from napspec.suite.cards import SUITS, canonical_pack, parse_cards
from napspec.suite.cases import pack_in_play
from napspec.suite.checks import Check, Operation
from napspec.suite.from_the_rules import CALLS_FROM_THE_LOWEST, LOWEST_CALL, LOWEST_CALL_OPTION
from napspec.suite.scenario_text import CALL_TRICKS, NAMED_CALLS, ScenarioError, option_value

ActionDict = dict[str, Any]


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


def parse_card(text: str) -> str:
    return parse_cards(text)[0]


def given_profile(b: CaseBuilder, a: Args) -> None:
    load().profile(a["name"])  # an unknown profile is a scenario error, named here
    b.profile = a["name"]


def given_option(b: CaseBuilder, a: Args) -> None:
    b.overrides[a["option"]] = option_value(a["option"], a["value"])


def given_variant(b: CaseBuilder, a: Args) -> None:
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


def given_extra_hand(b: CaseBuilder, a: Args) -> None:
    if b.start is None or "hands" not in b.start:
        raise ScenarioError("the extra hand is dealt with the hands: give the hands first (Given the hands:)")
    b.start["extra_hand"] = parse_cards(a["cards"])


def given_irregular(b: CaseBuilder, a: Args) -> None:
    b.irregular = True


def given_players(b: CaseBuilder, a: Args) -> None:
    b.players, b.dealer = a["players"], a["dealer"]


def given_hands(b: CaseBuilder, a: Args) -> None:
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


def given_pack(b: CaseBuilder, a: Args) -> None:
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


def given_peep_card(b: CaseBuilder, a: Args) -> None:
    if b.start is None or "hands" not in b.start:
        raise ScenarioError("the peep card is dealt after the hands: give the hands first (Given the hands:)")
    b.start["peep_card"] = parse_card(a["card"])


def given_stock(b: CaseBuilder, a: Args) -> None:
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


def apply_buy(b: CaseBuilder, a: Args) -> None:
    cards = [] if a["cards"].strip() == "-" else parse_cards(a["cards"])
    if len(cards) != a["count"]:
        raise ScenarioError(f"{a['count']} cards bought, but {len(cards)} thrown away")
    b.act({"type": "buy", "seat": a["seat"], "cards": cards})


def then_may_buy(b: CaseBuilder, a: Args) -> None:
    most = a["count"]
    b.expect(
        f"purchases open to seat {a['seat']}",
        ["legal-actions"],
        [*legal_operations(a["seat"], "buy"), {"count": True}],
        sum(comb(FIVE, size) for size in range(most + 1)),
    )


def given_draw(b: CaseBuilder, a: Args) -> None:
    b.start = {"draw": parse_cards(a["cards"])}


def apply_deal(b: CaseBuilder, a: Args) -> None:
    b.act({"type": "deal", "seat": a["seat"]})


def apply_deal_counts(b: CaseBuilder, a: Args) -> None:
    counts = [int(n) for n in a["counts"].split()]
    b.act({"type": "deal", "seat": a["seat"], "counts": counts})
    b.empty_seats = {s for s, n in enumerate(counts) if n == 0}


def apply_tricks_played(b: CaseBuilder, a: Args) -> None:
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


def apply_claim(b: CaseBuilder, a: Args) -> None:
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


def expect_state(b: CaseBuilder, what: str, key: str, expected: Any) -> None:
    b.expect(what, ["state"], [{"get": [*STATE, key]}], expected)


def legal_operations(seat_number: int, kind: str) -> list[Operation]:
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


def then_may_call(b: CaseBuilder, a: Args) -> None:
    """Exactly these calls: the numbers of tricks, and the named calls (none unless listed)."""
    numbers, named = _calls(a["calls"])
    legal = legal_operations(a["seat"], "call")
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


def apply_lowest_call(b: CaseBuilder, a: Args) -> None:
    """Some call, the least the rules in force allow (read when the row's rules are known)."""
    b.adapts.add(LOWEST_CALL_OPTION)
    b.act({"type": "call", "seat": a["seat"], "tricks": LOWEST_CALL})


def then_may_call_from_the_lowest(b: CaseBuilder, a: Args) -> None:
    """Exactly the calls of tricks from the lowest call to Nap, and no named call."""
    b.adapts.add(LOWEST_CALL_OPTION)
    legal = legal_operations(a["seat"], "call")
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


def then_named_soloist(b: CaseBuilder, a: Args) -> None:
    call = NAMED_CALLS[a["call"]]
    b.expect(
        "soloist, call and declaration",
        ["state"],
        [{"get": list(STATE)}, {"pick": ["soloist", "call", "declaration"]}],
        {"soloist": a["seat"], "call": CALL_TRICKS[call], "declaration": call},
    )


def then_extra_hand(b: CaseBuilder, a: Args) -> None:
    cards = a["cards"].strip()
    b.expect(
        "the extra hand",
        ["state"],
        [{"get": [*STATE, "extra_hand"]}, {"sort": True}],
        [] if cards == "-" else sorted(parse_cards(cards)),
    )


def then_may_take(b: CaseBuilder, a: Args, may: bool) -> None:
    b.expect(
        f"seat {a['seat']} may take the extra hand",
        ["legal-actions"],
        [*legal_operations(a["seat"], "take-extra-hand"), {"nonempty": True}],
        may,
    )


def then_accepted(b: CaseBuilder, a: Args) -> None:
    b.expect(f"action {b.actions[b.last_step()]} accepted", ["state"], [{"get": ["steps", b.last_step(), "ok"]}], True)


def then_rejected(b: CaseBuilder, a: Args) -> None:
    step = b.last_step()
    b.expect(
        f"action {b.actions[step]}",
        ["state"],
        [{"get": ["steps", step]}, {"pick": ["ok", "error"]}],
        {"ok": False, "error": a["code"]},
    )


def then_hands(b: CaseBuilder, a: Args) -> None:
    for row in _rows(a):
        who, cards = int(row["seat"]), row["cards"].strip()
        expected = [] if cards == "-" else sorted(parse_cards(cards))
        b.expect(f"hand of seat {who}", ["state"], [{"get": [*STATE, "holdings", who]}, {"sort": True}], expected)
        if not expected:
            b.empty_seats.add(who)
        else:
            b.empty_seats.discard(who)


def then_holds(b: CaseBuilder, a: Args) -> None:
    b.expect(
        f"hand of seat {a['seat']}",
        ["state"],
        [{"get": [*STATE, "holdings", a["seat"]]}, {"sort": True}],
        sorted(parse_cards(a["cards"])),
    )


def then_trumps(b: CaseBuilder, a: Args) -> None:
    if a["suit"] not in SUITS:
        raise ScenarioError(f"{a['suit']!r} is not a suit letter ({SUITS})")
    expect_state(b, "trumps", "trumps", a["suit"])


COMPLETED: list[Operation] = [{"get": ["answers", "tricks"]}, {"where-set": "winner"}]


def then_trick_won(b: CaseBuilder, a: Args) -> None:
    b.expect(
        f"winner of trick {a['number']}", ["tricks"], [*COMPLETED, {"get": [a["number"] - 1, "winner"]}], a["seat"]
    )


def then_face(b: CaseBuilder, a: Args) -> None:
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


def expect_result(b: CaseBuilder, what: str, key: str, expected: Any) -> None:
    b.expect(what, ["result"], [{"get": ["answers", "result", key]}], expected)


#: The options whose values change what each seat pays (its movements with the pool are in
#: its payments): a scenario that states the payments needs them as written.
POOL_PAYMENTS = ("pool", "pool-contributions", "pool-fines", "pool-failed-nap")


def then_payments(b: CaseBuilder, a: Args) -> None:
    b.needs.update(POOL_PAYMENTS)
    expect_result(b, "payments by seat", "payments", [int(x) for x in a["amounts"].split()])


# ------------------------------------------------------------------------------ the pool

POOL_MOVES: list[Operation] = [{"get": ["answers", "pool", "transfers"]}]


def stake_per_card() -> int:
    """The stakes paid into the pool for each knave or five (pool-contributions knaves-and-fives)."""
    per_card: int = load().options["pool-contributions"].value("knaves-and-fives").amounts["pool-per-card"]
    return per_card


def given_pool(b: CaseBuilder, a: Args) -> None:
    b.pool = a["count"]


def given_first_dealer(b: CaseBuilder, a: Args) -> None:
    b.original_dealer = a["seat"]


def given_end_of_session(b: CaseBuilder, a: Args) -> None:
    b.start = {"end_of_session": {"draw": []}}
    b.pool = a["count"]


def given_pool_draw(b: CaseBuilder, a: Args) -> None:
    if b.start is None or "end_of_session" not in b.start:
        raise ScenarioError("the cards for the pool are dealt when the players stop: give that first")
    b.start["end_of_session"]["draw"] = parse_cards(a["cards"])


def then_pool_moves(b: CaseBuilder, what: str, where: dict[str, Any], expected: list[int]) -> None:
    b.expect(what, ["pool"], [*POOL_MOVES, {"where": where}, {"pluck": "amount"}], expected)


#: How an offence no player committed (a faulty pack) is written: ``faulty-pack@nobody``.
NOBODY = "nobody"


def then_offences(b: CaseBuilder, a: Args) -> None:
    listing = a["listing"].strip()
    stated: list[tuple[str, int | None]] = []
    for item in [] if listing == "none" else listing.split():
        kind, at, who = item.partition("@")
        if not at or not (who.isdigit() or who == NOBODY):
            raise ScenarioError(f"offence {item!r} is not written kind@seat (or kind@{NOBODY}: a faulty pack)")
        stated.append((kind, None if who == NOBODY else int(who)))
    b.offences = stated
    b.claimed = {index for index in b.claimed if index < len(stated)}
    b.expect(
        "offences",
        ["offences"],
        [{"get": ["answers", "offences"]}, {"pick": ["kind", "seat"]}],
        [{"kind": kind, "seat": who} for kind, who in stated],
    )


def then_told(b: CaseBuilder, a: Args) -> None:
    step = b.last_step()
    if b.actions[step] != {"type": "ask", "seat": a["seat"]}:
        raise ScenarioError("the last action must be the seat's question")
    b.expect(
        "answer to the question",
        ["state"],
        [{"get": ["steps", step, "told"]}],
        {"call": a["call"], "tricks_made": a["made"]},
    )
