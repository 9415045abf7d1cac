"""The step definitions of the conformance scenarios.

Each scenario builds a *table*: the rules (a profile and overrides), the seats, the dealer,
how the hand starts and the actions taken so far. Every ``Then`` step turns the table into a
self-contained case (``conformance/schema/case.schema.json``), sends it to the engine under
test through the contract, and compares the engine's answer with the expectation. The steps
know nothing of any engine: they speak only the napspec/1 protocol.

The vocabulary is listed in ``docs/implementers.md`` for engine authors and in
``features/README.md`` for scenario writers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from napspec.suite.cards import SUITS, canonical_pack, parse_cards
from napspec.conformance.contract import Engine, UnsupportedCase
from napspec.suite.targets import Target
from napspec.spec import load

ActionDict = dict[str, Any]


@dataclass
class Table:
    """What a scenario has set up so far."""

    scenario_id: str
    target: Target | None = None
    needs: set[str] = field(default_factory=set)
    bound_profiles: set[str] = field(default_factory=set)
    profile: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    players: int | None = None
    dealer: int | None = None
    irregular: bool = False
    start: dict[str, Any] | None = None
    actions: list[ActionDict] = field(default_factory=list)
    runs: int = 0

    def _dealer(self) -> int:
        if self.dealer is None:
            raise AssertionError("scenario error: no dealer (Given <n> players with seat <d> dealing)")
        return self.dealer

    def options(self, players: int) -> dict[str, Any]:
        """The option map the case runs under: the scenario's own, or the target's where the
        scenario applies to it (otherwise the scenario is skipped as not applicable)."""
        if self.profile is None:
            raise AssertionError("scenario error: no profile was given (Given the profile \"...\")")
        values = load().profile_values(self.profile)
        values.update(self.overrides)
        if self.target is None:
            return values
        if self.target.base not in self.bound_profiles:
            pytest.skip(f"not-applicable: the rules tested do not bind {self.target.base}")
        ok, reason = self.target.applies(values, self.needs | set(self.overrides), players)
        if not ok:
            pytest.skip(f"not-applicable: {reason}")
        return dict(self.target.values)

    def case(self, queries: list[str], actions: list[ActionDict] | None = None) -> dict[str, Any]:
        if self.start is None:
            raise AssertionError("scenario error: neither hands, pack nor draw was given")
        if self.players is None:
            raise AssertionError("scenario error: no table size (Given <n> players with seat <d> dealing)")
        players = self.players
        options = self.options(players)
        self.runs += 1
        return {
            "id": f"{self.scenario_id}/{self.profile or 'custom'}#{self.runs}",
            "options": options,
            "players": players,
            "dealer": self._dealer(),
            "irregular": self.irregular,
            "start": self.start,
            "actions": list(self.actions if actions is None else actions),
            "queries": queries,
        }


class Runner:
    """Sends a table's cases to the engine under test; skips cases it does not support.

    Consecutive ``Then`` steps usually ask different questions about the same actions, so
    a case asks every query the engine answers and its answers are kept for the scenario:
    the next question about the same actions is answered without playing them again.
    """

    def __init__(self, engine: Engine, capabilities: dict[str, Any]) -> None:
        self.engine = engine
        self.capabilities = capabilities
        self.answered: dict[str, dict[str, Any]] = {}

    def ask(self, table: Table, *queries: str) -> dict[str, Any]:
        case = table.case(list(queries))
        key = json.dumps([case[k] for k in ("options", "players", "dealer", "irregular", "start", "actions")])
        known = self.answered.get(key)
        if known is not None and all(query in known["answers"] for query in queries):
            return known
        if "draw" not in case["start"]:
            answered = set(self.capabilities.get("queries", ()))
            case["queries"] = list(queries) + [q for q in EVERY_QUERY if q in answered and q not in queries]
        try:
            # The harness decides applicability (and an engine may say "unsupported").
            result: dict[str, Any] = self.engine.run(case)
        except UnsupportedCase as error:
            pytest.skip(f"unsupported: {error.reason}")
        self.answered[key] = result
        return result


#: The queries asked of a hand in play (``first-dealer`` goes only with a draw).
EVERY_QUERY = ("state", "legal-actions", "tricks", "table", "result", "offences")


def _expect(what: str, expected: object, actual: object) -> None:
    if expected != actual:
        raise AssertionError(f"{what}: expected {_json(expected)}, engine answered {_json(actual)}")


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _seat_numbers(text: str) -> list[int]:
    return [int(item) for item in text.split()]


def _calls(text: str) -> list[int]:
    if text.strip() == "none":
        return []
    return [5 if item == "Nap" else int(item) for item in text.split()]


def _option_value(option_id: str, text: str) -> Any:
    option = load().options.get(option_id)
    if option is None:
        raise AssertionError(f"scenario error: unknown option {option_id!r}")
    if option.type == "int":
        return int(text)
    if option.type == "bool":
        if text not in ("true", "false"):
            raise AssertionError(f"scenario error: {option_id} takes true or false, not {text!r}")
        return text == "true"
    return text


def _rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *rows = datatable
    return [dict(zip(header, row)) for row in rows]


# ------------------------------------------------------------------------------- fixtures


@pytest.fixture
def table(request: pytest.FixtureRequest, target: Target | None) -> Table:
    marker = request.node.get_closest_marker("scenario_id")
    scenario_id = marker.args[0] if marker else request.node.name
    register = load()
    needs = {m.args[0] for m in request.node.iter_markers("needs")}
    bound = set(register.profiles)
    for rule_marker in request.node.iter_markers("rule"):
        rule = register.rules.get(rule_marker.args[0])
        if rule is None:
            raise AssertionError(f"scenario error: unknown rule {rule_marker.args[0]!r}")
        needs.update(rule.options)
        bound &= set(rule.applies_to)
    return Table(scenario_id=scenario_id, target=target, needs=needs, bound_profiles=bound)


@pytest.fixture
def runner(engine: Engine, engine_capabilities: dict[str, Any]) -> Runner:
    return Runner(engine, engine_capabilities)


# ---------------------------------------------------------------------------------- Given


@given(parsers.parse('the profile "{name}"'))
def given_profile(table: Table, name: str) -> None:
    load().profile(name)  # an unknown profile is a scenario error, named here
    table.profile = name


@given(parsers.parse('the option "{option_id}" is "{value}"'))
def given_option(table: Table, option_id: str, value: str) -> None:
    table.overrides[option_id] = _option_value(option_id, value)


@given("irregular play is allowed")
def given_irregular(table: Table) -> None:
    table.irregular = True


@given(parsers.parse("{players:d} players with seat {dealer:d} dealing"))
def given_players(table: Table, players: int, dealer: int) -> None:
    table.players, table.dealer = players, dealer


@given("the hands:")
def given_hands(table: Table, datatable: list[list[str]]) -> None:
    rows = _rows(datatable)
    hands: list[list[str]] = [[] for _ in rows]
    for row in rows:
        cards = row["cards"].strip()
        hands[int(row["seat"])] = [] if cards == "-" else parse_cards(cards)
    table.start = {"hands": hands}
    if table.players is None:
        table.players = len(hands)


@given(parsers.parse('the pack from the top is "{cards}"'))
def given_pack(table: Table, cards: str) -> None:
    top = parse_cards(cards)
    table.start = {"deck": top + [card for card in canonical_pack() if card not in top]}
    # Who gets which card of a stacked pack depends on how it is cut and dealt.
    table.needs |= {"deal-pattern", "cut-minimum"}


@given(parsers.parse('the cards turned for the first deal are "{cards}"'))
def given_draw(table: Table, cards: str) -> None:
    table.start = {"draw": parse_cards(cards)}


# ----------------------------------------------------------------------------------- When


def _act(table: Table, action: ActionDict) -> None:
    table.actions.append(action)


@when(parsers.parse("seat {seat:d} cuts {depth:d} cards"))
def when_cut(table: Table, seat: int, depth: int) -> None:
    _act(table, {"type": "cut", "seat": seat, "depth": depth})


@when(parsers.parse('seat {seat:d} deals exposing "{card}"'))
def when_deal_exposing(table: Table, seat: int, card: str) -> None:
    _act(table, {"type": "deal", "seat": seat, "exposed": parse_cards(card)[0]})


@when(parsers.parse('seat {seat:d} deals the counts "{counts}"'))
def when_deal_counts(table: Table, seat: int, counts: str) -> None:
    _act(table, {"type": "deal", "seat": seat, "counts": _seat_numbers(counts)})


@when(parsers.parse("seat {seat:d} deals"))
def when_deal(table: Table, seat: int) -> None:
    _act(table, {"type": "deal", "seat": seat})


@when(parsers.parse("seat {seat:d} calls Nap"))
def when_call_nap(table: Table, seat: int) -> None:
    _act(table, {"type": "call", "seat": seat, "tricks": 5})


@when(parsers.parse("seat {seat:d} calls {tricks:d}"))
def when_call(table: Table, seat: int, tricks: int) -> None:
    _act(table, {"type": "call", "seat": seat, "tricks": tricks})


@when(parsers.parse("seat {seat:d} passes"))
def when_pass(table: Table, seat: int) -> None:
    _act(table, {"type": "pass", "seat": seat})


@when(parsers.parse('seat {seat:d} plays "{card}"'))
def when_play(table: Table, seat: int, card: str) -> None:
    _act(table, {"type": "play", "seat": seat, "card": parse_cards(card)[0]})


@when("the tricks are played:")
def when_tricks(table: Table, runner: Runner, datatable: list[list[str]]) -> None:
    holdings = runner.ask(table, "state")["answers"]["state"]["holdings"]
    seats = [seat for seat, cards in enumerate(holdings) if cards]
    for row in _rows(datatable):
        leader = int(row["leader"])
        if leader not in seats:
            raise AssertionError(f"scenario error: leader {leader} holds no cards")
        order = seats[seats.index(leader) :] + seats[: seats.index(leader)]
        cards = parse_cards(row["cards"])
        if len(cards) > len(order):
            raise AssertionError(f"scenario error: more cards than players in trick {row}")
        for seat, card in zip(order, cards):
            _act(table, {"type": "play", "seat": seat, "card": card})


@when(parsers.parse('seat {seat:d} exposes "{card}"'))
def when_expose(table: Table, seat: int, card: str) -> None:
    _act(table, {"type": "expose", "seat": seat, "card": parse_cards(card)[0]})


def _claim(table: Table, runner: Runner, seat: int, kind: str, offender: int | None) -> None:
    offences = runner.ask(table, "offences")["answers"]["offences"]
    index = next(
        (
            number
            for number, offence in enumerate(offences)
            if offence["kind"] == kind
            and (offender is None or offence["seat"] == offender)
            and not offence["claimed"]
        ),
        len(offences),  # no such offence: the engine must reject the claim
    )
    _act(table, {"type": "claim", "seat": seat, "offence": index})


@when(parsers.parse("seat {seat:d} claims the {kind} by seat {offender:d}"))
def when_claim(table: Table, runner: Runner, seat: int, kind: str, offender: int) -> None:
    _claim(table, runner, seat, kind, offender)


@when(parsers.re(r"seat (?P<seat>\d+) claims the (?P<kind>[a-z-]+)$"))
def when_claim_fault(table: Table, runner: Runner, seat: str, kind: str) -> None:
    """A fault that is nobody's doing, such as a faulty pack."""
    _claim(table, runner, int(seat), kind, None)


@when(parsers.parse("seat {seat:d} shows his cards"))
def when_show(table: Table, seat: int) -> None:
    _act(table, {"type": "show", "seat": seat})


@when(parsers.parse("seat {seat:d} refuses to show his cards"))
def when_refuse(table: Table, seat: int) -> None:
    _act(table, {"type": "refuse-to-show", "seat": seat})


@when(parsers.parse("seat {seat:d} asks for the call and the tricks made"))
def when_ask(table: Table, seat: int) -> None:
    _act(table, {"type": "ask", "seat": seat})


# ----------------------------------------------------------------------------------- Then


def _last_step(table: Table, runner: Runner) -> dict[str, Any]:
    if not table.actions:
        raise AssertionError("scenario error: no action has been taken")
    steps: list[dict[str, Any]] = runner.ask(table, "state")["steps"]
    return steps[-1]


@then("the action is accepted")
def then_accepted(table: Table, runner: Runner) -> None:
    step = _last_step(table, runner)
    if not step["ok"]:
        raise AssertionError(f"action {table.actions[-1]}: expected it accepted, engine rejected it as {step.get('error')!r}")


@then(parsers.parse('the action is rejected as "{code}"'))
def then_rejected(table: Table, runner: Runner, code: str) -> None:
    step = _last_step(table, runner)
    _expect(f"action {table.actions[-1]}", {"ok": False, "error": code}, {"ok": step["ok"], "error": step.get("error")})


def _state(table: Table, runner: Runner) -> dict[str, Any]:
    state: dict[str, Any] = runner.ask(table, "state")["answers"]["state"]
    return state


@then(parsers.parse('the phase is "{phase}"'))
def then_phase(table: Table, runner: Runner, phase: str) -> None:
    _expect("phase", phase, _state(table, runner)["phase"])


@then(parsers.parse("seat {seat:d} is to act"))
def then_to_act(table: Table, runner: Runner, seat: int) -> None:
    _expect("player to act", seat, _state(table, runner)["to_act"])


@then("nobody is to act")
def then_nobody(table: Table, runner: Runner) -> None:
    _expect("player to act", None, _state(table, runner)["to_act"])


def _legal(table: Table, runner: Runner, seat: int) -> list[ActionDict]:
    """The legal actions of one seat: none unless it is his turn (or he can claim)."""
    legal: list[ActionDict] = runner.ask(table, "legal-actions")["answers"]["legal-actions"]
    return [action for action in legal if action["seat"] == seat]


@then(parsers.parse('seat {seat:d} may play "{cards}"'))
def then_may_play(table: Table, runner: Runner, seat: int, cards: str) -> None:
    plays = sorted(a["card"] for a in _legal(table, runner, seat) if a["type"] == "play")
    _expect(f"legal plays of seat {seat}", sorted(parse_cards(cards)), plays)


@then(parsers.parse("seat {seat:d} may pass"))
def then_may_pass(table: Table, runner: Runner, seat: int) -> None:
    _expect(f"seat {seat} may pass", True, any(a["type"] == "pass" for a in _legal(table, runner, seat)))


@then(parsers.parse("seat {seat:d} may not pass"))
def then_may_not_pass(table: Table, runner: Runner, seat: int) -> None:
    _expect(f"seat {seat} may pass", False, any(a["type"] == "pass" for a in _legal(table, runner, seat)))


@then(parsers.parse('seat {seat:d} may call "{calls}"'))
def then_may_call(table: Table, runner: Runner, seat: int, calls: str) -> None:
    offered = sorted(a["tricks"] for a in _legal(table, runner, seat) if a["type"] == "call")
    _expect(f"legal calls of seat {seat}", sorted(_calls(calls)), offered)


@then(parsers.parse('seat {seat:d} may cut "{low:d}-{high:d}"'))
def then_may_cut(table: Table, runner: Runner, seat: int, low: int, high: int) -> None:
    depths = sorted(a["depth"] for a in _legal(table, runner, seat) if a["type"] == "cut")
    _expect(f"legal cut depths of seat {seat}", list(range(low, high + 1)), depths)


def _holdings(table: Table, runner: Runner) -> list[list[str]]:
    holdings: list[list[str]] = _state(table, runner)["holdings"]
    return [sorted(cards) for cards in holdings]


@then("the hands are:")
def then_hands(table: Table, runner: Runner, datatable: list[list[str]]) -> None:
    holdings = _holdings(table, runner)
    for row in _rows(datatable):
        seat, cards = int(row["seat"]), row["cards"].strip()
        expected = [] if cards == "-" else sorted(parse_cards(cards))
        _expect(f"hand of seat {seat}", expected, holdings[seat])


@then(parsers.parse('seat {seat:d} holds "{cards}"'))
def then_holds(table: Table, runner: Runner, seat: int, cards: str) -> None:
    _expect(f"hand of seat {seat}", sorted(parse_cards(cards)), _holdings(table, runner)[seat])


@then(parsers.parse("the soloist is seat {seat:d} with a call of Nap"))
def then_soloist_nap(table: Table, runner: Runner, seat: int) -> None:
    state = _state(table, runner)
    _expect("soloist and call", (seat, 5), (state["soloist"], state["call"]))


@then(parsers.parse("the soloist is seat {seat:d} with a call of {tricks:d}"))
def then_soloist(table: Table, runner: Runner, seat: int, tricks: int) -> None:
    state = _state(table, runner)
    _expect("soloist and call", (seat, tricks), (state["soloist"], state["call"]))


@then("there is no soloist")
def then_no_soloist(table: Table, runner: Runner) -> None:
    _expect("soloist", None, _state(table, runner)["soloist"])


@then(parsers.parse('trumps are "{suit}"'))
def then_trumps(table: Table, runner: Runner, suit: str) -> None:
    if suit not in SUITS:
        raise AssertionError(f"scenario error: {suit!r} is not a suit letter ({SUITS})")
    _expect("trumps", suit, _state(table, runner)["trumps"])


def _tricks(table: Table, runner: Runner) -> list[dict[str, Any]]:
    tricks: list[dict[str, Any]] = runner.ask(table, "tricks")["answers"]["tricks"]
    return [t for t in tricks if t["winner"] is not None]


@then(parsers.parse("trick {number:d} is won by seat {seat:d}"))
def then_trick_won(table: Table, runner: Runner, number: int, seat: int) -> None:
    tricks = _tricks(table, runner)
    if len(tricks) < number:
        raise AssertionError(f"trick {number}: only {len(tricks)} trick(s) completed")
    _expect(f"winner of trick {number}", seat, tricks[number - 1]["winner"])


@then(parsers.parse("{count:d} tricks have been played"))
def then_tricks_played(table: Table, runner: Runner, count: int) -> None:
    _expect("tricks completed", count, len(_tricks(table, runner)))


@then(parsers.parse("seat {seat:d} has won {count:d} tricks"))
def then_tricks_won(table: Table, runner: Runner, seat: int, count: int) -> None:
    _expect(f"tricks won by seat {seat}", count, _state(table, runner)["tricks_won"][seat])


def _winning_card_face(table: Table, runner: Runner, number: int) -> bool:
    answers = runner.ask(table, "tricks", "table")["answers"]
    tricks = [t for t in answers["tricks"] if t["winner"] is not None]
    if len(tricks) < number:
        raise AssertionError(f"trick {number}: only {len(tricks)} trick(s) completed")
    trick = tricks[number - 1]
    card = next(p["card"] for p in trick["plays"] if p["seat"] == trick["winner"])
    for entry in answers["table"][trick["winner"]]:
        if entry["card"] == card:
            return bool(entry["face_up"])
    raise AssertionError(f"the winning card {card} of trick {number} is not on the table")


@then(parsers.parse("the winning card of trick {number:d} is face down"))
def then_face_down(table: Table, runner: Runner, number: int) -> None:
    _expect(f"winning card of trick {number} face up", False, _winning_card_face(table, runner, number))


@then(parsers.parse("the winning card of trick {number:d} is face up"))
def then_face_up(table: Table, runner: Runner, number: int) -> None:
    _expect(f"winning card of trick {number} face up", True, _winning_card_face(table, runner, number))


@then("every card played is face up")
def then_all_face_up(table: Table, runner: Runner) -> None:
    placed = runner.ask(table, "table")["answers"]["table"]
    down = [entry["card"] for cards in placed for entry in cards if not entry["face_up"]]
    _expect("cards turned face down", [], down)


def _result(table: Table, runner: Runner) -> dict[str, Any]:
    result: dict[str, Any] | None = runner.ask(table, "result")["answers"]["result"]
    if result is None:
        raise AssertionError("the engine reports the hand unfinished (no result)")
    return result


@then(parsers.parse('the outcome is "{outcome}"'))
def then_outcome(table: Table, runner: Runner, outcome: str) -> None:
    _expect("outcome", outcome, _result(table, runner)["outcome"])


@then(parsers.parse('the payments are "{amounts}"'))
def then_payments(table: Table, runner: Runner, amounts: str) -> None:
    _expect("payments by seat", [int(a) for a in amounts.split()], _result(table, runner)["payments"])


@then(parsers.parse("the next dealer is seat {seat:d}"))
def then_next_dealer(table: Table, runner: Runner, seat: int) -> None:
    _expect("next dealer", seat, _result(table, runner)["next_dealer"])


@then(parsers.parse("the first dealer is seat {seat:d}"))
def then_first_dealer(table: Table, runner: Runner, seat: int) -> None:
    _expect("first dealer", seat, runner.ask(table, "first-dealer")["answers"]["first-dealer"]["seat"])


@then(parsers.parse('the offences are "{listing}"'))
def then_offences(table: Table, runner: Runner, listing: str) -> None:
    expected = [] if listing.strip() == "none" else listing.split()
    offences = runner.ask(table, "offences")["answers"]["offences"]
    _expect("offences", expected, [f"{o['kind']}@{o['seat']}" for o in offences])


@then(parsers.parse("seat {seat:d} is told the call {call:d} and {made:d} tricks made"))
def then_told(table: Table, runner: Runner, seat: int, call: int, made: int) -> None:
    step = _last_step(table, runner)
    if table.actions[-1] != {"type": "ask", "seat": seat}:
        raise AssertionError("scenario error: the last action must be seat's question")
    _expect("answer to the question", {"call": call, "tricks_made": made}, step.get("told") if step["ok"] else step)
