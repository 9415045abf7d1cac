"""The checks that judge the sources' claims: the evidence written is what they compute now,
each check fails where the figures are wrong, and the command reports and writes it."""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import combinations, product
from math import comb
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from napspec.lab.certainty import CHECKOUT_RESULTS as RESULTS
from napspec.lab.certainty import stored_sweeps
from napspec.lab.claims import (
    CHECKS,
    UnknownCheck,
    findings,
    holds_with_a_smaller,
    judge,
    one_suit_nap_chance,
    purchase_round,
    settle,
    trump_leads,
    wins_every_lead,
)
from napspec.lab.cli import main
from napspec.reference.actions import Call, Pass, Play
from napspec.reference.cards import parse_cards
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.spec import load
from napspec.spec.claims import Claim, Reading, load_claims, load_evidence, load_sweeps
from napspec.spec.register import SPEC_DIR

#: The checks quick enough to rerun in full in the default run (the solver's are sampled).
QUICK = (
    "cards-in-use",
    "fraction-in-play",
    "odds-against-card-out",
    "stakes",
    "hand-payments",
    "one-suit-nap-chance",
    "trumps-then-aces",
    "sure-of-exactly",
    "sure-of-only-with",
    "chance-sure-of",
    "trump-leads-beaten-only-by",
    "trump-leads-chance",
    "purchase-pack",
)


def _claim(claim_id: str) -> Claim:
    return load_claims(load())[claim_id]


def _with_given(reading: Reading, **changes: Any) -> Reading:
    return dataclasses.replace(reading, given={**reading.given, **changes})


def test_every_reading_names_a_written_check() -> None:
    for claim in load_claims(load()).values():
        for reading in claim.readings:
            assert reading.check in CHECKS, (claim.id, reading.id, reading.check)


@pytest.mark.campaign
def test_the_evidence_written_is_what_every_check_computes_now() -> None:
    """The campaign's rerun of every check (those that go over every hand included) but the
    simulations', whose first chunks the campaign replays (tests/lab/test_simulation.py)."""
    written = load_evidence(SPEC_DIR)
    exact = {claim.id: claim for claim in load_claims(load()).values() if claim.kind != "simulation"}
    for claim_id, readings in findings(exact).items():
        for reading_id, finding in readings.items():
            assert written[claim_id][reading_id] == finding, (claim_id, reading_id)


def test_the_evidence_written_is_what_the_quick_checks_compute_now() -> None:
    written = load_evidence(SPEC_DIR)
    computed = findings(load_claims(load()), QUICK)
    assert computed
    for claim_id, readings in computed.items():
        for reading_id, finding in readings.items():
            assert written[claim_id][reading_id] == finding, (claim_id, reading_id)


def test_the_evidence_gives_every_table_size_with_the_sweeps_stored_now() -> None:
    """The overview of the sweeps the claims chapter shows is the stored sweeps' (one source:
    ``reference_impl/lab/results/``), at every size a source's game deals, a size without
    a complete sweep included (shown as not swept)."""
    from napspec.lab.certainty import game_table_sizes, sweeps_overview

    register = load()
    written = load_sweeps(SPEC_DIR)
    assert written == json.loads(json.dumps(sweeps_overview(register.profile_ids)))
    dealt = {size for profile in register.profile_ids for size in game_table_sizes(profile)}
    assert {int(size) for size in written} == dealt
    assert {2, 3, 4, 5, 6, 7} <= dealt
    for size, entry in written.items():
        assert entry["games"], size
        settled = [entry["tricks"][count]["hands"] for count in ("5", "4", "3", "2") if count in entry["tricks"]]
        assert settled == sorted(settled), size  # a hand sure of more is sure of fewer
        assert {found["file"] for found in entry["tricks"].values()} <= {run["file"] for run in entry["runs"]}
    # Every stored sweep of every hand is counted, at the size it was made for.
    files = sorted(path.name for path in RESULTS.glob("sweep-*.json"))
    assert sorted(run["file"] for entry in written.values() for run in entry["runs"]) == files


def test_the_overview_takes_each_number_of_tricks_from_the_sweep_leaving_fewest_open(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """At one size a sweep down to three with hands left open and one of five only, complete:
    five is read from the second, three and four from the first with what it left open, and
    two is absent (not asked); a size with no sweep has neither numbers nor runs."""
    from napspec.lab import certainty

    def stored(name: str, floor: int, counts: dict[str, int]) -> None:
        document = {"complete": True, "sample": None, "floor": floor, "counts": counts, "deals": counts, "jobs": 1,
                    "hands": 10, "solved_this_run": 10, "hands_found_in_store": 0, "seconds_this_run": 1.0}  # fmt: skip
        (tmp_path / name).write_text(json.dumps(document), encoding="utf-8")

    stored("sweep-4-floor3.json", 3, {"5": 1, "4": 2, "3 or 4": 3, "3": 4, "unresolved": 5, "below 3": 6})
    stored("sweep-4-floor5.json", 5, {"5": 1, "below 5": 20})
    monkeypatch.setattr(certainty, "game_table_sizes", lambda profile: [4, 7])
    with certainty.using_results(tmp_path):
        overview = certainty.sweeps_overview(["peel"])
    four = overview["4"]["tricks"]
    assert four["5"] == {"hands": 1, "deals": 1, "open": 0, "file": "sweep-4-floor5.json"}
    assert four["4"] == {"hands": 3, "deals": 3, "open": 8, "file": "sweep-4-floor3.json"}
    assert four["3"] == {"hands": 10, "deals": 10, "open": 5, "file": "sweep-4-floor3.json"}
    assert "2" not in four
    assert [run["open"] for run in overview["4"]["runs"]] == [8, 0]
    assert overview["7"] == {"games": ["peel"], "tricks": {}, "runs": []}


def test_the_claims_command_check_finds_a_stale_overview_of_the_sweeps(monkeypatch: pytest.MonkeyPatch) -> None:
    from napspec.lab import certainty

    real = certainty.sweeps_overview

    def one_more(profiles: Any) -> dict[str, Any]:
        overview = real(profiles)
        overview["6"]["sweeps"] = []
        return overview

    monkeypatch.setattr(certainty, "sweeps_overview", one_more)
    result = CliRunner().invoke(main, ["claims", "--check", "--only", "cards-in-use"])
    assert result.exit_code == 1 and "the overview of the sweeps" in result.output


def test_wrong_cards_in_use_are_found_wrong() -> None:
    claim = _claim("peel-cards-in-use")
    reading = _with_given(claim.readings[0], tables=[{"players": 4, "in-use": 20, "unexposed": 31}])
    finding = judge(claim, reading)
    assert not finding.holds and "the text differs: at 4 players 20 in use and 32 not" in finding.summary


def test_wrong_stakes_are_found_wrong() -> None:
    claim = _claim("peel-six-points")
    reading = _with_given(claim.readings[0], differences=[{"from": "4", "to": "nap", "wins": 5}])
    finding = judge(claim, reading)
    assert not finding.holds and "the difference 4 → nap is 6" in finding.summary


def test_wrong_payments_are_found_wrong() -> None:
    claim = _claim("wikipedia-nap-against-four")
    hands = [{"call": "nap", "outcome": "made", "each": 10, "total": 50}]
    finding = judge(claim, _with_given(claim.readings[0], hands=hands))
    assert not finding.holds and "the soloist's total is 40" in finding.summary
    finding = judge(claim, _with_given(claim.readings[0], hands=[{"call": "3", "outcome": "made", "each": 4}]))
    assert not finding.holds and "payments are [-3, 12, -3, -3, -3]" in finding.summary


def test_the_odds_are_exact_fractions_seen_both_ways() -> None:
    claim = _claim("hoyle-three-to-one")
    by_view = {reading.id: judge(claim, reading) for reading in claim.readings}
    assert by_view["pack"].evidence["odds-against"] == "37/15"
    assert by_view["seat"].evidence["odds-against"] == "37/10"
    nearer = _with_given(claim.readings[0], odds="5/2")
    assert judge(claim, nearer).holds  # 37/15 lies between nine tenths of 5/2 and 5/2


@pytest.mark.parametrize(
    ("profile", "variants", "players", "call", "outcome", "soloist_gets"),
    [
        ("peel", (), 4, "nap", "made", 30),
        ("britannica", (), 3, "2", "defeated", -4),
        ("hoyle", ("misery",), 5, "misery", "made", 12),
        ("hoyle", ("wellington",), 4, "wellington", "defeated", -3 * 10),
    ],
)
def test_a_settled_hand_pays_what_the_register_s_stakes_say(
    profile: str, variants: tuple[str, ...], players: int, call: str, outcome: str, soloist_gets: int
) -> None:
    settled = settle(Rules.profile(profile, variants), players, call, outcome)
    assert settled["outcome"] == outcome
    assert settled["payments"][settled["soloist"]] == soloist_gets
    assert sum(settled["payments"]) == 0


def test_an_unknown_check_is_named() -> None:
    claim = _claim("peel-cards-in-use")
    with pytest.raises(UnknownCheck, match=r"'peel-cards-in-use', reading 'as-worded': no check 'cards-in-play'"):
        judge(claim, dataclasses.replace(claim.readings[0], check="cards-in-play"))


def test_the_command_prints_each_verdict_and_finds_the_evidence_current() -> None:
    arguments = ["claims", "--check"] + [f"--only={name}" for name in QUICK]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    # Read from the pack or from a seat, "nearly three to one" fails; no reading is left that
    # only restates the sentence's own arithmetic.
    assert "hoyle-three-to-one: false as worded" in result.output
    assert (
        "seat (as worded): does not hold: of the 47 cards a player does not hold, 10 are in the other hands"
        in result.output
    )
    assert "is what is computed now" in result.output


def test_the_command_judges_the_claims_named_and_names_an_unknown_one() -> None:
    result = CliRunner().invoke(main, ["claims", "--claim", "peel-cards-in-use", "--claim", "hoyle-three-to-one"])
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.output.splitlines() if not line.startswith(" ")] == [
        "peel-cards-in-use",
        "hoyle-three-to-one",
    ]
    result = CliRunner().invoke(main, ["claims", "--claim", "peel-card-in-use"])
    assert result.exit_code != 0 and "no claim 'peel-card-in-use'" in result.output


def test_a_check_whose_extra_is_missing_says_which_and_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulated reading played against OpenSpiel's search needs the lab extra: without it
    the command names the check, the library and the extra, with no traceback."""
    # Importing it now fails, installed or not, and imported or not by an earlier test of the same
    # worker: an import of a submodule already in sys.modules would not look at its parent.
    for name in [name for name in sys.modules if name == "open_spiel" or name.startswith("open_spiel.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "open_spiel", None)
    result = CliRunner().invoke(main, ["claims", "--check", "--only", "nap-chance-against-search", "--workers", "1"])
    assert result.exit_code == 1, result.output
    assert "'nap-chance-against-search' plays against OpenSpiel, which is not installed" in result.output
    assert "pip install 'napspec[lab]'" in result.output and "Traceback" not in result.output


Chooser = Callable[[Hand, list[Play]], Play]


def _play_a_nap(rules: Rules, players: int, holdings: Mapping[int, Sequence[int]], choose: Chooser) -> str:
    """The eldest (seat 1) calls Nap, the others pass, and every card is chosen by
    ``choose`` from the cards the engine lists; a player who must show his cards shows them.
    The hand's outcome."""
    hand = Hand.stacked(rules, players, 0, holdings)
    hand.apply(Call(1, 5))
    while hand.phase == "calling" and hand.to_act is not None:
        hand.apply(Pass(hand.to_act))
    while hand.result is None:
        legal = [action for action in hand.legal_actions() if isinstance(action, Play)]
        hand.apply(choose(hand, legal) if legal else hand.legal_actions()[0])
    return hand.result.outcome


def test_a_one_suited_nap_is_made_as_the_exact_count_says_when_the_engine_plays_it() -> None:
    """The model behind the reading of Hoyle p. 102, against the reference engine: at three
    players, five cards of one suit led from the top, the opponents keeping their highest
    cards of the suit and beating a lead when they can; over random layouts the engine makes
    the Nap exactly when the count's model says it is made."""
    rules = Rules.profile("hoyle")
    soloist_cards = parse_cards("JS 5S 4S 3S 2S")
    rng = random.Random(102)
    seen = {True: 0, False: 0}
    for _ in range(300):
        rest = [card for card in range(52) if card not in soloist_cards]
        rng.shuffle(rest)
        holdings = {1: soloist_cards, 2: rest[:5], 0: rest[5:10]}
        spades = [[card % 13 for card in holdings[seat] if card // 13 == 3] for seat in (2, 0)]
        expected = wins_every_lead([9, 3, 2, 1, 0], spades)

        def from_the_top(hand: Hand, legal: list[Play]) -> Play:
            if hand.to_act == 1:
                return max(legal, key=lambda play: play.card)
            led = hand.current_trick[0][1] if hand.current_trick else -1
            beating = [play for play in legal if play.card // 13 == 3 and play.card > led]
            following = sorted((play for play in legal if play.card // 13 == 3), key=lambda play: play.card)
            return beating[0] if beating else following[0] if following else rng.choice(legal)

        assert (_play_a_nap(rules, 3, holdings, from_the_top) == "made") is expected
        seen[expected] += 1
    assert seen[True] and seen[False]


def _one_suit_nap_chance_naming_every_opponent(ranks: list[int], opponents: int) -> Fraction:
    """The count of :func:`one_suit_nap_chance` made the long way: each other card of the suit
    given to each opponent by name, or to the stock, one layout at a time."""
    others = [rank for rank in range(13) if rank not in ranks]
    made = 0
    for places in product(range(opponents + 1), repeat=len(others)):
        held: list[list[int]] = [[rank for rank, place in zip(others, places) if place == i] for i in range(opponents)]
        if any(len(cards) > 5 for cards in held):
            continue
        ways, left = 1, 47 - len(others)
        for cards in held:
            ways *= comb(left, 5 - len(cards))
            left -= 5 - len(cards)
        if wins_every_lead(sorted(ranks, reverse=True), held):
            made += ways
    total = 1
    for index in range(opponents):
        total *= comb(47 - 5 * index, 5)
    return Fraction(made, total)


@pytest.mark.parametrize("opponents", [1, 2, 3])
@pytest.mark.parametrize("ranks", [[12, 3, 2, 1, 0], [9, 3, 2, 1, 0], [12, 11, 5, 1, 0], [8, 7, 6, 5, 4]])
def test_the_one_suited_count_of_unnamed_opponents_is_the_count_naming_each(ranks: list[int], opponents: int) -> None:
    assert one_suit_nap_chance(ranks, opponents) == _one_suit_nap_chance_naming_every_opponent(ranks, opponents)


def test_the_smallest_cards_under_an_honour_make_the_worst_one_suited_nap() -> None:
    worst = one_suit_nap_chance([9, 3, 2, 1, 0], 2)
    for others in combinations(range(9), 4):
        assert one_suit_nap_chance([9, *others], 2) >= worst, others


def _layouts_around(soloist_cards: Sequence[int], seed: int, count: int) -> Iterator[dict[int, Sequence[int]]]:
    """``count`` random deals at four players (dealer seat 0) in which the eldest holds
    ``soloist_cards``."""
    rng = random.Random(seed)
    for _ in range(count):
        rest = [card for card in range(52) if card not in soloist_cards]
        rng.shuffle(rest)
        yield {1: soloist_cards, 2: rest[:5], 3: rest[5:10], 0: rest[10:15]}


def test_peel_s_plan_with_three_high_trumps_and_two_aces_is_made_as_the_count_says() -> None:
    """The model behind Peel pp. 5–6 against the reference engine: at four players, AS KS QS
    AH AD led trumps first, then the aces; the defence beats a trump lead when it can, keeps
    its higher trumps, and trumps an ace whose suit it lacks. The engine makes the Nap exactly
    when the trumps lead and no opponent is left with a trump and a void in hearts or
    diamonds; never when an opponent holds four trumps."""
    rules = Rules.profile("peel")
    soloist_cards = parse_cards("AS KS QS AH AD")
    seen = {True: 0, False: 0}
    for holdings in _layouts_around(soloist_cards, seed=56, count=300):
        opponents = [holdings[seat] for seat in (2, 3, 0)]
        spades = [[card % 13 for card in cards if card // 13 == 3] for cards in opponents]
        left = [sorted(ranks)[3:] for ranks in spades]  # what survives three trump leads
        expected = all(len(ranks) <= 3 for ranks in spades) and not any(
            left[i] and not ({card // 13 for card in opponents[i]} >= {1, 2}) for i in range(3)
        )

        def as_peel_says(hand: Hand, legal: list[Play]) -> Play:
            if hand.to_act == 1:
                return next(play for card in soloist_cards for play in legal if play.card == card)
            led = hand.current_trick[0][1]
            suited = sorted((play for play in legal if play.card // 13 == led // 13), key=lambda play: play.card)
            trumps = sorted((play for play in legal if play.card // 13 == 3), key=lambda play: play.card)
            if suited:
                winning = [play for play in suited if play.card > led]
                return winning[0] if winning else suited[0]
            return trumps[0] if trumps else legal[0]

        outcome = _play_a_nap(rules, 4, holdings, as_peel_says)
        assert (outcome == "made") is expected
        if any(len(ranks) >= 4 for ranks in spades):
            assert outcome == "defeated"
        seen[expected] += 1
    assert seen[True] and seen[False]


def test_the_sweep_that_leaves_the_fewest_hands_open_on_the_question_is_read(tmp_path: Path) -> None:
    from napspec.lab import certainty
    from napspec.lab.certainty import sweep_result

    assert sweep_result(4, 2)["floor"] == 2
    # a sweep down to three that left hands open on five, and a sweep of five alone that did not;
    # at nine hands, two sweeps that leave nothing open, the one that asks more read first
    for name, floor, counts in (("sweep-8-floor3.json", 3, {"below 3": 9, "unresolved": 5}),
                                ("sweep-8-floor5.json", 5, {"5": 1, "below 5": 13}),
                                ("sweep-9-floor3.json", 3, {"5": 1, "below 3": 13}),
                                ("sweep-9-floor5.json", 5, {"5": 1, "below 5": 13})):  # fmt: skip
        document = {"complete": True, "sample": None, "floor": floor, "counts": counts}
        (tmp_path / name).write_text(json.dumps(document), encoding="utf-8")
    with certainty.using_results(tmp_path):
        assert sweep_result(8, 5)["floor"] == 5
        assert sweep_result(8, 3)["floor"] == 3
        assert sweep_result(9, 5)["floor"] == 3


def test_a_sweep_of_five_alone_asks_nothing_else() -> None:
    from napspec.lab.sweep import sweep

    result = sweep(5, sample=30, seed=3, floor=5)
    counts = result["counts"]
    assert isinstance(counts, dict) and set(counts) <= {"5", "below 5"} and result["complete"]


# ------------------------------------------------------------------ Peel p. 6: ace, knave and ten


def test_ace_knave_and_ten_are_beaten_only_by_king_or_queen_with_a_smaller_trump() -> None:
    claim = _claim("peel-ace-knave-ten")
    finding = judge(claim, claim.readings[0])
    assert finding.holds
    assert set(finding.evidence["tables"]) == {"3", "4", "5"}
    for table in finding.evidence["tables"].values():
        assert table["differing"] == "0" and table["differing-layouts"] == 0 and table["refuting"] is None
    assert finding.evidence["tables"]["3"]["layouts"] == 50_007  # 3 ** 10 less those giving an opponent six


def test_every_layout_of_the_other_trumps_one_by_one_agrees_with_the_count() -> None:
    """At three hands dealt, each of the 3 ** 10 ways to place the ten other trumps (with
    either opponent or undealt) taken one by one: the leads of ace, knave, ten are beaten
    exactly when an opponent holds the king or queen with a smaller trump; and the chance
    counted by interchangeable trumps is the chance counted card by card."""
    others = [rank for rank in range(13) if rank not in (12, 9, 8)]
    seen = {True: 0, False: 0}
    for places in product(range(3), repeat=len(others)):
        held = [[rank for rank, place in zip(others, places) if place == seat] for seat in (0, 1)]
        if max(len(cards) for cards in held) > 5:
            continue
        beaten = not wins_every_lead([12, 9, 8], held)
        assert beaten is holds_with_a_smaller(held, [11, 10]), held
        seen[beaten] += 1
    assert sum(seen.values()) == 50_007 and seen[True] and seen[False]
    assert trump_leads([12, 9, 8], [11, 10], 2).chance == one_suit_nap_chance([12, 9, 8], 2)


def test_ace_knave_and_ten_win_three_leads_more_often_than_not_at_four() -> None:
    claim = _claim("peel-ace-knave-ten")
    finding = judge(claim, claim.readings[1])
    assert finding.holds
    chances = {row["hands-dealt"]: Fraction(row["chance"]) for row in finding.evidence["rows"]}
    assert list(chances) == [2, 3, 4, 5]
    assert chances[4] == Fraction(3459403196, 5178066751) and chances[4] > Fraction(1, 2)
    assert chances[2] > chances[3] > chances[4] > chances[5]


def test_a_wrong_only_possibility_is_found_wrong_with_a_layout_that_refutes_it() -> None:
    claim = _claim("peel-ace-knave-ten")
    finding = judge(claim, _with_given(claim.readings[0], named=["K"]))
    assert not finding.holds and "differ" in finding.summary
    refuting = finding.evidence["tables"]["3"]["refuting"]
    assert refuting is not None and any(cards.startswith("QS ") for cards in refuting["opponents"])
    assert "KS" in refuting["undealt"] or any("KS" in cards for cards in refuting["opponents"])
    stricter = judge(claim, _with_given(claim.readings[1], above="7/10"))
    assert not stricter.holds and "not above 7/10" in stricter.summary


def test_ace_knave_and_ten_led_by_the_engine_win_as_the_count_says() -> None:
    """The model behind the reading of Peel p. 6 against the reference engine: at four
    players, AS JS TS and two hearts led trumps first from the top, the defence beating a
    lead when it can and otherwise giving up its lowest trump; over random layouts the
    soloist wins the first three tricks exactly when no opponent holds the king or queen with
    a smaller trump."""
    rules = Rules.profile("peel")
    soloist_cards = parse_cards("AS JS TS 2H 3H")
    seen = {True: 0, False: 0}
    for holdings in _layouts_around(soloist_cards, seed=6, count=200):
        spades = [[card % 13 for card in holdings[seat] if card // 13 == 3] for seat in (2, 3, 0)]
        expected = not holds_with_a_smaller(spades, [11, 10])
        hand = Hand.stacked(rules, 4, 0, holdings)
        hand.apply(Call(1, 3))
        while hand.phase == "calling" and hand.to_act is not None:
            hand.apply(Pass(hand.to_act))
        while len(hand.tricks) < 3 and hand.tricks_won(1) == len(hand.tricks) and hand.result is None:
            legal = [action for action in hand.legal_actions() if isinstance(action, Play)]
            if hand.to_act == 1:
                choice = next(play for card in parse_cards("AS JS TS") for play in legal if play.card == card)
            else:
                led = hand.current_trick[0][1]
                trumps = sorted((play for play in legal if play.card // 13 == 3), key=lambda play: play.card)
                beating = [play for play in trumps if play.card > led]
                choice = beating[0] if beating else trumps[0] if trumps else legal[0]
            hand.apply(choice)
        assert (hand.tricks_won(1) == 3) is expected
        seen[expected] += 1
    assert seen[True] and seen[False]


# ------------------------------------------------------------- Hoyle p. 98: Purchase Nap's table


def test_the_pack_serves_every_purchase_up_to_five_players_not_four() -> None:
    claim = _claim("hoyle-purchase-four-players")
    finding = judge(claim, claim.readings[0])
    assert not finding.holds
    tables = {table["players"]: table for table in finding.evidence["tables"]}
    assert [tables[players]["serves"] for players in range(2, 7)] == [True, True, True, True, False]
    assert tables[5]["dealt"] + tables[5]["bought"] == 50 and tables[6]["dealt"] + tables[6]["bought"] == 60
    assert tables[6]["engine-bought"] == [5, 5, 5, 5, 2, 0] and "cannot buy 5" in tables[6]["engine-refuses"]
    assert "up to 5 players and runs short at 6, not up to 4 as read" in finding.summary


def test_the_pack_read_as_serving_up_to_five_is_found_right() -> None:
    claim = _claim("hoyle-purchase-four-players")
    assert judge(claim, _with_given(claim.readings[0], **{"serves-every-purchase-up-to": 5})).holds
    assert not judge(claim, _with_given(claim.readings[0], **{"serves-every-purchase-up-to": 6})).holds


def test_the_engine_serves_a_purchase_while_the_pack_lasts() -> None:
    played = purchase_round(Rules.profile("wikipedia", ["purchase"]), 6)  # the dealer sits out at six
    assert played["bought"] == [5, 5, 5, 5, 5] and played["stock-left"] == 2 and played["refused"] is None


# ------------------------------------------------------------------ certainty, table by table size

CERTAINTY_CHECKS = ("sure-of-exactly", "sure-of-only-with", "combination-sure-of", "chance-sure-of")


def test_every_certainty_reading_is_judged_at_every_table_size_of_its_source_s_game() -> None:
    """A certainty reading names the hands dealt it is judged at; they are every size its
    source's game deals (the profile's players, less the dealer where he sits out), so that
    no table size is left out of a reading unnoticed."""
    from napspec.lab.certainty import game_table_sizes, table_sizes

    judged = 0
    for claim in load_claims(load()).values():
        for reading in claim.readings:
            if reading.check in CERTAINTY_CHECKS:
                assert table_sizes(reading.given) == game_table_sizes(claim.citations[0].source), (claim.id, reading.id)
                judged += 1
    assert judged >= 6


def test_a_table_size_without_a_complete_sweep_is_not_yet_settled_never_settled() -> None:
    from napspec.lab.certainty import NOT_SETTLED, MissingSweep, by_table_size

    def at(size: int) -> tuple[bool | None, str, dict[str, Any]]:
        if size == 6:
            raise MissingSweep("no complete sweep of every hand at 6 hands dealt")
        return size != 3, f"at {size}", {"open": 0}

    holds, summary, evidence = by_table_size([2, 4, 6], at)
    assert holds is None and evidence["tables"]["6"]["finding"] == NOT_SETTLED
    assert "not yet settled at 6 hands dealt" in summary and evidence["tables"]["2"]["finding"] == "holds"
    assert by_table_size([3, 6], at)[0] is False  # a size that fails decides, whatever is not settled
    assert by_table_size([2, 4], at)[0] is True


def test_a_certainty_reading_is_judged_from_each_table_size_s_own_sweep() -> None:
    claim = _claim("peel-not-once-in-a-hundred")
    finding = judge(claim, _with_given(claim.readings[0], **{"hands-dealt": [2, 5]}))
    tables = finding.evidence["tables"]
    assert set(tables) == {"2", "5"} and all(item["deals"] == 4 for item in tables.values())
    three = _claim("peel-three-certain")
    # the biggest table whose stored sweeps ask five only: three is not asked there
    size = max(n for n in range(2, 11) if not any(int(doc["floor"]) <= 3 for _name, doc in stored_sweeps(n)))
    missing = judge(three, _with_given(three.readings[0], **{"hands-dealt": [size]}))
    assert missing.holds is None and missing.evidence["tables"][str(size)]["finding"] == "not yet settled"
    failing = judge(three, _with_given(three.readings[0], **{"hands-dealt": [4, size]}))  # four's counterexamples
    assert failing.holds is False and failing.evidence["tables"][str(size)]["finding"] == "not yet settled"
