"""Building cases: the complete option map from every profile and from a house-rules file,
overrides checked against the register, structure checked against the table, cards read in
every usual spelling."""

from __future__ import annotations

from pathlib import Path

import pytest

from napspec.protocol.schemas import errors
from napspec.spec import load
from napspec.suite.cards import CardError, canonical_pack, format_card, parse_card, parse_cards, sort_cards
from napspec.suite.cases import (
    CaseError,
    ask,
    call,
    case_options,
    check_options,
    claim,
    cut,
    deal,
    expose,
    make_case,
    normalise_answer,
    pass_,
    play,
    refuse_to_show,
    show,
    validate_case,
)

HANDS = ["2C 3C 4C 5C 6C", "AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"]


@pytest.mark.parametrize("profile", sorted(load().profiles))
def test_a_case_from_each_profile_carries_its_complete_option_map(profile: str) -> None:
    case = make_case(f"any/{profile}", profile=profile, hands=HANDS, actions=[pass_(1)], queries=["state", "result"])
    assert case["options"] == load().profile_values(profile)
    assert set(case["options"]) == set(load().options)
    assert errors("case", case) == []


def test_a_case_from_a_house_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "crown.toml"
    path.write_text('base = "hoyle"\n[options]\nnap-stakes = "win-12-lose-6"\n', encoding="utf-8")
    case = make_case("settle.nap/crown", house_rules=path, overrides={"cut-minimum": 4}, hands=HANDS)
    assert case["options"] == load().profile_values("hoyle") | {"nap-stakes": "win-12-lose-6", "cut-minimum": 4}


def test_a_bad_house_rules_file_is_a_case_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('base = "hoyl"\n', encoding="utf-8")
    with pytest.raises(CaseError, match=r"bad.toml:1: unknown base profile 'hoyl'; did you mean 'hoyle'\?"):
        case_options(house_rules=path)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"nap-stake": "win-12-lose-6"}, "unknown option 'nap-stake'; did you mean 'nap-stakes'?"),
        (
            {"cut-minimum": 27},
            "option 'cut-minimum' has no value 27 (a whole number from 1 to 26; cited values: 1, 4)",
        ),
        ({"show-cards": 1}, "option 'show-cards' has no value 1 (values: true, false)"),
        ({"players-min": True}, "option 'players-min' has no value true"),
    ],
)
def test_overrides_are_checked_against_the_register(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(CaseError) as caught:
        case_options("hoyle", overrides=overrides)  # type: ignore[arg-type]
    assert message in str(caught.value)


def test_an_int_option_takes_any_number_of_its_range() -> None:
    assert case_options("hoyle", overrides={"cut-minimum": 3})["cut-minimum"] == 3


def test_options_need_exactly_one_source() -> None:
    with pytest.raises(CaseError, match="exactly one of a profile and a house-rules file"):
        case_options()
    with pytest.raises(CaseError, match="unknown profile 'hoylee'; did you mean 'hoyle'"):
        case_options("hoylee")


def test_a_complete_option_map_may_be_given_whole() -> None:
    options = load().profile_values("peel")
    assert make_case("whole/1", options=options, hands=HANDS)["options"] == options
    del options["revoke"]
    with pytest.raises(CaseError, match="missing options: revoke"):
        make_case("whole/2", options=options, hands=HANDS)
    with pytest.raises(CaseError, match="not both"):
        make_case("whole/3", options=load().profile_values("peel"), profile="peel", hands=HANDS)


def test_check_options_lists_every_problem() -> None:
    options: dict[str, object] = dict(load().profile_values("wikipedia"))
    options["revok"] = "none"
    options["deal-pattern"] = "in-threes"
    del options["revoke"]
    with pytest.raises(CaseError) as caught:
        check_options(options)
    message = str(caught.value)
    assert (
        "unknown option 'revok'" in message
        and "no value 'in-threes'" in message
        and "missing options: revoke" in message
    )


def test_every_start_and_every_action_builder() -> None:
    deck = canonical_pack()
    case = make_case(
        "everything/1",
        profile="britannica",
        irregular=True,
        deck=deck,
        actions=[
            cut(3, 10),
            deal(0, exposed="as", counts=[5, 6, 5, 4]),
            call(1, 5),
            pass_(2),
            play(1, "10h"),
            expose(2, "KH"),
            claim(0, 0),
            show(2),
            refuse_to_show(3),
            ask(2),
        ],
        queries=["state", "legal-actions", "tricks", "table", "result", "offences"],
    )
    assert case["start"] == {"deck": deck}
    assert case["actions"][1] == {"type": "deal", "seat": 0, "exposed": "AS", "counts": [5, 6, 5, 4]}
    assert case["actions"][4]["card"] == "TH"
    draw = make_case("first-dealer/1", profile="peel", draw="5H 2C JS", queries=["first-dealer"])
    assert draw["start"] == {"draw": ["5H", "2C", "JS"]} and draw["actions"] == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({}, "give exactly one start"),
        ({"hands": HANDS, "deck": canonical_pack()}, "give exactly one start"),
        ({"hands": HANDS, "dealer": 4}, "dealer 4 is not a seat of a 4-player table"),
        ({"hands": HANDS[:3]}, "start.hands has 3 holdings for 4 players"),
        ({"hands": HANDS, "actions": [pass_(7)]}, "actions[0]: seat 7 is not a seat"),
        ({"hands": ["AS KS QS JS TS", "AS 3C 4C 5C 6C", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"]}, "cards held twice: AS"),
        ({"hands": ["AS KS QS JS", "2C 3C 4C 5C 6C", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"]}, "start.hands[0]"),
        ({"deck": canonical_pack()[:51]}, "start.deck"),
        ({"hands": HANDS, "actions": [call(1, 8)]}, "actions[0].tricks: 8 is greater than the maximum of 7"),
        ({"hands": HANDS, "queries": ["state", "state"]}, "queries: ['state', 'state'] has non-unique elements"),
        ({"hands": HANDS, "queries": ["weather"]}, "queries[0]: 'weather' is not one of"),
        ({"draw": "5H 2C", "actions": [pass_(1)], "queries": ["first-dealer"]}, "a draw start takes no actions"),
        ({"draw": "5H 2C", "queries": ["state"]}, 'a draw start takes exactly the query "first-dealer"'),
        ({"hands": HANDS, "queries": ["first-dealer"]}, 'the query "first-dealer" needs a draw start'),
        ({"hands": ["AS KS QS JS 1S", "2C 3C 4C 5C 6C", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"]}, "not a card: '1S'"),
        ({"players": 11, "hands": HANDS}, "players: 11 is greater than the maximum of 10"),
    ],
)
def test_what_a_case_may_not_be(changes: dict[str, object], message: str) -> None:
    with pytest.raises(CaseError) as caught:
        make_case("bad/1", profile="hoyle", **changes)  # type: ignore[arg-type]
    assert message in str(caught.value)


def test_irregular_cases_may_hold_faults() -> None:
    faulty = [*canonical_pack()[1:], "AS"]  # no two of clubs, two aces of spades
    case = make_case("faulty/1", profile="hoyle", irregular=True, deck=faulty)
    assert len(case["start"]["deck"]) == 52
    short = make_case("short/1", profile="hoyle", irregular=True, hands=["AS KS QS JS", *HANDS[1:]])
    assert len(short["start"]["hands"][0]) == 4


def test_validate_case_names_the_case() -> None:
    with pytest.raises(CaseError, match=r"case 'x' is not valid: .*'options' is a required property"):
        validate_case({"id": "x"})


def test_cards_in_every_spelling() -> None:
    assert parse_cards("as, Td 10h 2C") == ["AS", "TD", "TH", "2C"]
    assert format_card(parse_card("qs")) == "QS" and str(parse_card("10c")) == "TC"
    assert parse_card("AS") > parse_card("KS") > parse_card("AH")
    assert sort_cards(["AS", "2C", "TD", "2D"]) == ["2C", "2D", "TD", "AS"]
    assert len(set(canonical_pack())) == 52
    for bad in ("", "A", "ASX", "1S", "AX", "11S"):
        with pytest.raises(CardError):
            parse_card(bad)


def test_answers_are_normalised_where_order_does_not_count() -> None:
    legal = [play(1, "AS"), pass_(1), play(1, "2C"), claim(2, 0), call(1, 3)]
    assert [action["type"] for action in normalise_answer("legal-actions", legal)] == [
        "call",
        "claim",
        "pass",
        "play",
        "play",
    ]
    assert normalise_answer("legal-actions", legal)[3]["card"] == "2C"
    state = {"phase": "play", "holdings": [["AS", "2C"], []]}
    assert normalise_answer("state", state)["holdings"] == [["2C", "AS"], []]
    assert normalise_answer("tricks", [1, 2]) == [1, 2]
