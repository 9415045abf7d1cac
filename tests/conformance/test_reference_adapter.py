"""The reference engine plugged in through the contract, as a third party would be: found by
its entry point, driven in-process and over the protocol with identical results, its refusals
mapped to the protocol's error codes; and the rule-breaking wrappers around it really do
answer differently."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from napspec.conformance.harness import InProcessEngine, ProtocolEngine
from napspec.protocol import OPTIONS_BY_PROTOCOL, PROTOCOL, EngineReportedError, load_engine
from napspec.protocol.schemas import errors
from napspec.spec import load
from napspec.suite.cards import canonical_pack
from napspec.suite.cases import QUERIES, call, claim, cut, deal, make_case, pass_, play

from .conftest import REPO, engine_command

ALL_QUERIES = [query for query in QUERIES if query not in ("first-dealer", "pool")]
HANDS = ["2C 3C 4C 5C 6C", "AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"]


@pytest.fixture(scope="module")
def reference() -> InProcessEngine:
    return InProcessEngine(load_engine("reference"))


@pytest.fixture(scope="module")
def served() -> Iterator[ProtocolEngine]:
    command = [sys.executable, "-m", "napspec.reference.contract_adapter"]
    with ProtocolEngine(command, timeout=30.0, max_restarts=0, cwd=REPO) as engine:
        yield engine


def random_game(engine: InProcessEngine, profile: str, players: int, seed: int) -> dict[str, Any]:
    """A whole hand played with random legal actions from a shuffled pack; the case that
    replays it, asking every query."""
    rng = random.Random(seed)
    deck = canonical_pack()
    rng.shuffle(deck)
    actions: list[dict[str, Any]] = []
    for step in range(80):
        case = make_case(
            f"random/{profile}/{seed}/{step}",
            profile=profile,
            players=players,
            dealer=seed % players,
            deck=deck,
            actions=actions,
            queries=["legal-actions", "result"],
        )
        answers = engine.run(case)["answers"]
        if answers["result"] is not None or not answers["legal-actions"]:
            break
        actions.append(rng.choice(answers["legal-actions"]))
    return make_case(
        f"random/{profile}/{seed}",
        profile=profile,
        players=players,
        dealer=seed % players,
        deck=deck,
        actions=actions,
        queries=ALL_QUERIES,
    )


def test_the_reference_engine_is_registered_and_handshakes(reference: InProcessEngine) -> None:
    hello = reference.hello()
    assert errors("hello-response", hello) == []
    assert hello["engine"]["name"] == "napspec-reference" and hello["capabilities"]["irregular_play"]
    assert hello["protocol"] == PROTOCOL
    for option in load().options.values():  # every value of the register up to napspec/1.1 is playable
        if option.id in OPTIONS_BY_PROTOCOL["napspec/1.1"]:
            assert all(value.value in hello["capabilities"]["options"][option.id] for value in option.values)


def test_the_reference_engine_plays_every_value_of_the_register(reference: InProcessEngine) -> None:
    options = reference.hello()["capabilities"]["options"]
    for option in load().options.values():
        assert all(value.value in options[option.id] for value in option.values), option.id


@pytest.mark.parametrize(("profile", "players"), [("peel", 6), ("hoyle", 4), ("britannica", 5), ("wikipedia", 3)])
def test_random_hands_are_identical_in_process_and_over_the_protocol(
    reference: InProcessEngine, served: ProtocolEngine, profile: str, players: int
) -> None:
    for seed in range(2):
        case = random_game(reference, profile, players, seed)
        result = reference.run(case)
        assert all(step["ok"] for step in result["steps"])
        assert result["answers"]["result"] is not None
        assert sum(result["answers"]["result"]["payments"]) == 0
        assert served.run(case) == result


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"actions": [call(2, 2)]}, "not-your-turn"),
        ({"actions": [play(1, "AS")]}, "wrong-phase"),
        ({"actions": [call(1, 3), call(2, 2)]}, "call-too-low"),
        ({"actions": [call(1, 2), pass_(2), pass_(3), pass_(0), play(1, "2C")]}, "card-not-held"),
        ({"overrides": {"compulsory-call": "eldest-cannot-pass"}, "actions": [pass_(1)]}, "cannot-pass"),
        ({"deck": None, "actions": [cut(3, 0)]}, "bad-cut"),
        ({"deck": None, "actions": [deal(0)]}, "irregular-play-not-allowed"),
        ({"actions": [claim(1, 0)]}, "no-such-offence"),
        ({"actions": [{"type": "ask", "seat": 2}]}, "not-provided-for"),
        (
            {"irregular": True, "deck": None, "actions": [cut(3, 10), deal(0, counts=[20, 20, 20, 20])]},
            "invalid-action",
        ),
    ],
)
def test_refusals_map_to_the_protocols_error_codes(
    reference: InProcessEngine, changes: dict[str, Any], code: str
) -> None:
    arguments: dict[str, Any] = {"profile": "hoyle", "hands": HANDS, "queries": ["state"]}
    arguments.update(changes)
    if "deck" in arguments:
        arguments.pop("hands")
        arguments["deck"] = canonical_pack()
    result = reference.run(make_case(f"refusal/{code}", **arguments))
    assert result["steps"][-1]["ok"] is False and result["steps"][-1]["error"] == code


def test_must_follow_suit_and_told(reference: InProcessEngine) -> None:
    hands = ["2C 3C 4C 5C 6C", "AS KS QS JS 2H", "3H 4H 5H 6H 7S", "2D 3D 4D 5D 6D"]
    case = make_case(
        "follow/1",
        profile="britannica",
        hands=hands,
        queries=["state"],
        actions=[call(1, 3), pass_(2), pass_(3), pass_(0), play(1, "AS"), play(2, "3H"), {"type": "ask", "seat": 3}],
    )
    steps = reference.run(case)["steps"]
    assert steps[5]["error"] == "must-follow-suit"
    assert steps[6] == {"ok": True, "told": {"call": 3, "tricks_made": 0}}


def test_first_dealer_from_a_draw(reference: InProcessEngine) -> None:
    case = make_case("draw/1", profile="peel", draw="5H 2C JS", players=4, queries=["first-dealer"])
    assert reference.run(case)["answers"] == {"first-dealer": {"seat": 2}}


def test_a_case_the_engine_cannot_set_up_is_an_error_response(reference: InProcessEngine) -> None:
    case = make_case(
        "too-many/1", profile="hoyle", players=7, hands=[*HANDS, "7C 8C 9C TC JC", "7D 8D 9D TD JD", "7H 8H 9H TH JH"]
    )
    with pytest.raises(EngineReportedError, match="7 players") as caught:
        reference.run(case)
    assert caught.value.code == "bad-request"


# --------------------------------------------------------------- rule-breaking engines


NAP_HANDS = ["2C 3C 4C 5C 6C", "AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"]
NAP_ACTIONS = [call(1, 5), pass_(2), pass_(3), pass_(0)] + [
    action
    for lead, follows in (
        ("AS", ("2H", "2D", "2C")),
        ("KS", ("3H", "3D", "3C")),
        ("QS", ("4H", "4D", "4C")),
        ("JS", ("5H", "5D", "5C")),
        ("TS", ("6H", "6D", "6C")),
    )
    for action in [play(1, lead), *(play(seat, card) for seat, card in zip((2, 3, 0), follows))]
]


def breaking(script: str) -> ProtocolEngine:
    return ProtocolEngine(engine_command(script), timeout=30.0, max_restarts=0, cwd=REPO)


def test_the_engine_that_ignores_follow_suit_lists_off_suit_cards(reference: InProcessEngine) -> None:
    hands = ["2C 3C 4C 5C 6C", "AS KS QS JS 2H", "3H 4H 5H 6H 7S", "2D 3D 4D 5D 6D"]
    case = make_case(
        "follow/legal",
        profile="hoyle",
        hands=hands,
        queries=["legal-actions"],
        actions=[call(1, 3), pass_(2), pass_(3), pass_(0), play(1, "AS")],
    )
    honest = reference.run(case)["answers"]["legal-actions"]
    with breaking("ignores_follow_suit.py") as engine:
        broken = engine.run(case)["answers"]["legal-actions"]
    assert honest == [play(2, "7S")]
    assert len(broken) == 5 and play(2, "3H") in broken


def test_the_engine_that_pays_a_nap_five_is_caught(reference: InProcessEngine) -> None:
    case = make_case("nap/made", profile="britannica", hands=NAP_HANDS, actions=NAP_ACTIONS, queries=["result"])
    honest = reference.run(case)["answers"]["result"]
    with breaking("nap_pays_five.py") as engine:
        broken = engine.run(case)["answers"]["result"]
    assert honest["outcome"] == broken["outcome"] == "made"
    assert honest["payments"] == [-10, 30, -10, -10] and broken["payments"] == [-5, 15, -5, -5]


def test_the_engine_that_ignores_trumps_gives_the_trick_to_the_suit_led(reference: InProcessEngine) -> None:
    # Spades are trumps (the soloist's first lead); in the second trick seat 3, void in
    # hearts, trumps the heart lead.
    hands = ["2C 3C 4C 5C 6C", "AS KS QS JS 2H", "3H 4H 5H 6H 7S", "2D 3D 4D 8S 9S"]
    actions = [
        call(1, 3),
        pass_(2),
        pass_(3),
        pass_(0),
        play(1, "AS"),
        play(2, "7S"),
        play(3, "8S"),
        play(0, "2C"),
        play(1, "2H"),
        play(2, "3H"),
        play(3, "9S"),
        play(0, "3C"),
    ]
    case = make_case("trumps/1", profile="britannica", hands=hands, actions=actions, queries=["tricks", "state"])
    honest = reference.run(case)["answers"]
    with breaking("trumps_ignored.py") as engine:
        broken = engine.run(case)["answers"]
    assert [trick["winner"] for trick in honest["tricks"]] == [1, 3]
    assert [trick["winner"] for trick in broken["tricks"]] == [1, 2]
    assert honest["state"]["tricks_won"] == [0, 1, 0, 1] and broken["state"]["tricks_won"] == [0, 1, 1, 0]
