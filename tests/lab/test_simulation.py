"""Simulated play and the claims it judges: the agents see only what their seat sees, a sample
is the same whatever the processes, the hands of a class are of that class, a judgement says
holds, fails or undetermined from the intervals, and the evidence written is what the engine
and agents compute now (the first chunk of every sample; in full under ``-m long``)."""

from __future__ import annotations

import dataclasses
import random
from functools import partial
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from napspec.lab.claims import findings, judge
from napspec.lab.intervals import mean_interval, proportion_interval
from napspec.lab.samples import first_chunks_differ
from napspec.lab.simulate import (
    PLAIN_STYLE,
    Agent,
    BadAgent,
    Experiment,
    SeatView,
    Style,
    choose_card,
    play_deal,
    run,
    trick_chances,
)
from napspec.lab.simulated import (
    JUDGEMENTS,
    PLANS,
    column_sums,
    first_chunk,
    hand_of_class,
    seat_winnings,
)
from napspec.lab.simulated_advice import defence_styles
from napspec.reference.actions import Call, Pass, Play
from napspec.reference.cards import RANKS, parse_cards
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.spec import load
from napspec.spec.claims import Claim, Finding, Reading, Sample, load_claims, load_evidence, verdict
from napspec.spec.register import SPEC_DIR
from tests.lab.extra import lab_extra


def _simulated() -> list[tuple[Claim, Reading]]:
    return [
        (claim, reading)
        for claim in load_claims(load()).values()
        if claim.kind == "simulation"
        for reading in claim.readings
    ]


def _reading(check: str, **given: Any) -> tuple[Claim, Reading]:
    reading = Reading("r", "…", check, given, sample=Sample(0.5, "stakes a hand", "a test's", 40))
    return Claim("c", "c", "simulation", (), (reading,)), reading


# ------------------------------------------------------------------------------ the agents


@settings(max_examples=12, deadline=None)
@for_all(st.randoms(use_true_random=False))
def test_an_agent_decides_the_same_whatever_the_cards_it_cannot_see(rng: random.Random) -> None:
    """The eldest's call, and later his card, are the same when the other hands are dealt
    differently: the agent sees only its own cards and the open table."""
    rules = Rules.profile("hoyle")
    pack = list(range(52))
    rng.shuffle(pack)
    mine = pack[:5]
    first = {1: mine, 2: pack[5:10], 3: pack[10:15], 0: pack[15:20]}
    second = {1: mine, 2: pack[20:25], 3: pack[25:30], 0: pack[30:35]}
    choices = []
    for holdings in (first, second):
        hand = Hand.stacked(rules, 4, 0, holdings)
        choices.append(Agent().act(SeatView(hand, 1), random.Random(0)))
    assert choices[0] == choices[1]


def test_a_seat_view_shows_no_other_holding() -> None:
    public = {name for name in dir(SeatView) if not name.startswith("_")}
    assert not public & {"hand", "holdings", "deck", "stock", "extra_hand"}
    hand = Hand.stacked(
        Rules.profile("peel"), 2, 0, {0: parse_cards("AS KS QS JS TS"), 1: parse_cards("2H 3H 4H 5H 6H")}
    )
    view = SeatView(hand, 0)
    assert view.legal == () and view.peep_card is None
    assert set(view.holding) == set(parse_cards("AS KS QS JS TS"))


def test_a_hand_that_wins_every_trick_is_valued_so_and_a_hopeless_one_not() -> None:
    rules = Rules.profile("peel")
    assert trick_chances(rules, 4, parse_cards("AS KS QS JS TS"), 16) == (1.0,) * 6
    low = trick_chances(rules, 4, parse_cards("2S 3H 4D 2C 3C"), 16)
    assert low[3] < 0.25 and low[5] == 0.0


def test_the_plain_agent_calls_nap_on_a_perfect_hand_and_no_more_than_one_on_a_poor_one() -> None:
    rules = Rules.profile("hoyle")
    hand = Hand.stacked(
        rules,
        4,
        0,
        {
            1: parse_cards("AS KS QS JS TS"),
            2: parse_cards("2H 3H 4H 5H 6H"),
            3: parse_cards("2D 3D 4D 5D 6D"),
            0: parse_cards("2C 3C 4C 5C 6C"),
        },
    )
    perfect = Agent().act(SeatView(hand, 1), random.Random(0))
    assert isinstance(perfect, Call) and perfect.tricks == 5
    hopeless = Hand.stacked(
        rules,
        4,
        0,
        {
            1: parse_cards("2H 3D 4C 5H 6D"),
            2: parse_cards("AS KS QS JS TS"),
            3: parse_cards("AH KH QH JH TH"),
            0: parse_cards("AD KD QD JD TD"),
        },
    )
    poor = Agent().act(SeatView(hopeless, 1), random.Random(0))
    assert poor == Pass(1) or (isinstance(poor, Call) and poor.tricks == 1)


def test_an_opponent_heads_the_soloist_cheaply_and_the_advice_styles_differ_where_they_should() -> None:
    rules = Rules.profile("peel")
    holdings = {
        1: parse_cards("JS 2H 3H 4H 5H"),
        2: parse_cards("AS 3S 6D 7D 8D"),
        3: parse_cards("KS QS 9C TC JC"),
        0: parse_cards("2C 3C 4C 5C 6C"),
    }
    hand = Hand.stacked(rules, 4, 0, holdings)
    hand.apply(hand.legal_actions()[2])  # the eldest calls two
    for seat in (2, 3, 0):
        hand.apply(Pass(seat))
    hand.apply(Play(1, parse_cards("JS")[0]))
    view = SeatView(hand, 2)
    assert choose_card(view, PLAIN_STYLE) == parse_cards("AS")[0]
    assert choose_card(view, Style(first_round="pass")) == parse_cards("3S")[0]
    # The ace and one small card, the knave led: Peel's exception passes it.
    assert choose_card(view, Style(first_round="head-but-ace-small")) == parse_cards("3S")[0]


def test_an_unknown_choice_is_refused_with_its_name() -> None:
    with pytest.raises(BadAgent, match="throws 'highest' is not one of"):
        Style(throws="highest")  # type: ignore[arg-type]
    with pytest.raises(BadAgent, match="peeps 'sometimes'"):
        Agent(peeps="sometimes")  # type: ignore[arg-type]
    with pytest.raises(BadAgent, match="samples must be at least 1"):
        Agent(samples=0)


def test_a_deal_settles_like_the_engine_and_money_only_changes_hands() -> None:
    for players in (2, 3, 4, 5, 6):
        record = play_deal(Rules.profile("peel"), players, (Agent(samples=4),) * players, random.Random(players))
        assert sum(record.payments) == 0
        assert record.soloist is not None and record.call is not None


def test_same_styles_give_the_same_money_on_the_same_deals() -> None:
    rules = Rules.profile("hoyle")
    for index in range(8):
        row = defence_styles(random.Random(index), rules, 4, (Style(), Style()))
        assert row[0] == row[1]


# ------------------------------------------------------------------------------ samples


def test_a_sample_is_the_same_whatever_the_processes() -> None:
    experiment = Experiment(partial(seat_winnings, rules=Rules.profile("peel"), players=3), 6, 5, chunk=2)
    alone = run(experiment, workers=1)
    assert run(experiment, workers=2) == alone
    assert first_chunk(experiment) == alone[:2]


def test_the_statistics() -> None:
    assert proportion_interval(0, 50).low == pytest.approx(0.0, abs=1e-12)
    assert 0 < proportion_interval(0, 50).high < 0.08
    estimate = mean_interval([2.0] * 10)
    assert (estimate.low, estimate.high) == (2.0, 2.0)
    assert estimate.above(1.0) is True and estimate.above(3.0) is False and estimate.above(2.0) is None
    assert column_sums([(1.0, 2.0), (3.0,)]) == [4.0, 2.0, 2]


@pytest.mark.parametrize(
    "name",
    [
        "one-suit-A",
        "one-suit-J-smallest",
        "four-honour-and-AKQ",
        "three-suits-aces-kings",
        "three-suits-lower",
        "four-suits-aces-kings",
        "four-suits-lower",
        "flush-ace-or-king",
        "four-ace-or-king-and-high",
        "three-high-two-high",
    ],
)
def test_a_hand_of_a_class_is_of_that_class(name: str) -> None:
    rng = random.Random(name)
    for _ in range(40):
        hand = hand_of_class(name, rng)
        assert len(set(hand)) == 5
        suits: dict[int, list[int]] = {}
        for card in hand:
            suits.setdefault(card // 13, []).append(card % 13)
        lengths = sorted((len(ranks) for ranks in suits.values()), reverse=True)
        longest = max(suits.values(), key=len)
        sides = [rank for ranks in suits.values() if ranks is not longest for rank in ranks]
        king, queen, knave, ten = (RANKS.index(rank) for rank in "KQJT")
        if name.startswith("one-suit-"):
            assert lengths == [5] and max(longest) == RANKS.index(name.split("-")[2])
            if name.endswith("smallest"):
                assert sorted(longest)[:4] == [0, 1, 2, 3]
        elif name == "four-honour-and-AKQ":
            assert lengths == [4, 1] and max(longest) >= knave and sides[0] >= queen
        elif name.startswith(("three-suits", "four-suits")):
            assert lengths == ([3, 1, 1] if name.startswith("three") else [2, 1, 1, 1])
            assert (min(sides) >= king) == name.endswith("aces-kings")
        elif name == "flush-ace-or-king":
            assert lengths == [5] and max(longest) >= king
        elif name == "four-ace-or-king-and-high":
            assert lengths == [4, 1] and max(longest) >= king and sides[0] >= king
        else:
            assert lengths == [3, 2] and all(rank >= ten for ranks in suits.values() for rank in ranks)


def test_the_search_defence_plays_the_class_hand_the_same_way_from_the_same_seed() -> None:
    lab_extra("pyspiel")
    from napspec.lab.simulated_hands import _eldest_places, nap_against_search

    assert len(_eldest_places("hoyle", 3)) == 5
    first = [nap_against_search(random.Random(index), "hoyle", 3, "four-honour-and-AKQ", 4) for index in range(3)]
    again = [nap_against_search(random.Random(index), "hoyle", 3, "four-honour-and-AKQ", 4) for index in range(3)]
    assert first == again and all(row in ((0.0,), (1.0,)) for row in first)


def test_an_unknown_class_of_hands_is_named() -> None:
    with pytest.raises(ValueError, match="no class of hands 'five-aces'"):
        hand_of_class("five-aces", random.Random(0))


# ------------------------------------------------------------------------------ judgements


def _rows(*rows: tuple[float, ...]) -> list[tuple[float, ...]]:
    return list(rows)


@pytest.mark.parametrize(("dealer", "holds"), [(-1.0, True), (1.0, False), (0.0, None)])
def test_the_dealer_is_judged_by_the_interval(dealer: float, holds: bool | None) -> None:
    claim, reading = _reading("dealer-winnings", profile="peel", players=[3], seed=1)
    noise: list[tuple[float, ...]] = [
        (dealer + spread, -dealer / 2 - spread / 2, -dealer / 2 - spread / 2) for spread in (0.1, -0.1) * 20
    ]
    found, summary, _ = JUDGEMENTS["dealer-winnings"](claim, reading, {"3 players": noise})
    assert found is holds, summary


def test_advice_that_changes_nothing_is_undetermined_and_advice_that_costs_is_false() -> None:
    claim, reading = _reading(
        "defence-advice", players=4, styles=[{"throws": "shortest-weakest"}, {"throws": "lowest"}]
    )
    same = JUDGEMENTS["defence-advice"](claim, reading, {"paired": _rows(*[(3.0, 3.0)] * 20)})
    worse = JUDGEMENTS["defence-advice"](claim, reading, {"paired": _rows(*[(3.0, 1.0), (3.0, 2.0)] * 10)})
    assert same[0] is None and "the money differs in 0 deals" in same[1]
    assert worse[0] is False


def test_a_nap_chance_is_judged_against_the_stakes_break_even() -> None:
    claim, reading = _reading("nap-chance-by-hand", profile="hoyle", players=3, above=["a"], below=["b"], seed=1)
    rows = {"a": _rows(*[(1.0,)] * 150, *[(0.0,)] * 150), "b": _rows(*[(0.0,)] * 300)}
    found, _, evidence = JUDGEMENTS["nap-chance-by-hand"](claim, reading, rows)
    assert found is True and evidence["break-even"] == "1/3"
    rows["b"] = _rows(*[(1.0,)] * 300)
    assert JUDGEMENTS["nap-chance-by-hand"](claim, reading, rows)[0] is False


def test_a_claim_read_only_through_failed_interpretations_is_said_so() -> None:
    claim, reading = _reading("bold-player", profile="peel", players=4, optimism=1, seed=1)
    found = judge(claim, dataclasses.replace(reading, sample=Sample(0.5, "stakes a hand", "a test's", 4)))
    assert found.evidence["samples"]["bold"]["hands"] == 4 and found.evidence["stopping"]["stopped"] == "cap"
    assert found.holds is None and found.summary.startswith("not shown: the effect looked for is 0.5 stakes a hand")
    failed = dataclasses.replace(found, holds=False)
    assert verdict(claim, {"r": failed}) == "false under every stated reading"


# --------------------------------------------------------------------------- the evidence


#: The samples the default run replays the first chunk of: one of each kind of measure that
#: is quick to play (two players; a hand dealt to one seat), and the skill edge at three and four
#: players, whose first chunk once changed unnoticed (a hand's refusals to show were bounded:
#: see the claim hoyle-three-nap-chance in spec/claims.toml).
QUICK_SAMPLES = (
    ("hoyle-single-nap-bluffing", "gains-on-weak-hands"),
    ("hoyle-three-nap-two-suits", "two-suited-tolerable"),
    ("hoyle-three-nap-chance", "skill-counts-less-at-three"),
)


@pytest.mark.parametrize(("claim_id", "reading_id"), QUICK_SAMPLES)
def test_the_first_chunk_of_a_quick_sample_is_what_the_evidence_keeps(claim_id: str, reading_id: str) -> None:
    written = load_evidence(SPEC_DIR)
    claim = load_claims(load())[claim_id]
    reading = next(reading for reading in claim.readings if reading.id == reading_id)
    assert first_chunks_differ(claim, reading, written[claim_id][reading_id]) == []


def test_a_first_chunk_other_than_the_evidence_keeps_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """``claims --check --first-chunks`` plays a simulated reading's first chunks again: one that
    differs from what the evidence keeps fails the check, naming the reading and the sample."""
    import napspec.spec.claims as claims_module
    from napspec.lab.cli import main

    claim_id, reading_id = QUICK_SAMPLES[0]
    arguments = ["claims", "--check", "--first-chunks", "--claim", claim_id]
    assert CliRunner().invoke(main, [*arguments[:2], "--claim", claim_id, "--first-chunks", "--write"]).exit_code == 2
    kept = CliRunner().invoke(main, arguments)
    assert kept.exit_code == 0, kept.output
    assert f"{reading_id} (interpretation): the first chunks as written" in kept.output

    real = claims_module.load_evidence

    def changed(folder: Any) -> dict[str, dict[str, Finding]]:
        evidence = real(folder)
        finding = evidence[claim_id][reading_id]
        samples = {name: {**record, "first-chunk": [0.5, *record["first-chunk"][1:]]}
                   for name, record in finding.evidence["samples"].items()}  # fmt: skip
        evidence[claim_id][reading_id] = dataclasses.replace(finding, evidence={**finding.evidence, "samples": samples})
        return evidence

    monkeypatch.setattr(claims_module, "load_evidence", changed)
    found = CliRunner().invoke(main, arguments)
    assert found.exit_code == 1 and f"{claim_id}/{reading_id}" in found.output and "played now" in found.output


#: The claims whose simulated readings the campaign checks by their first chunks: one claim for
#: each simulated check, the quickest, so that every way a sample is played is reproduced (some
#: seventy seconds of one core, half of them the sample played against OpenSpiel's search; every
#: sample's first chunk, ``claims --check --first-chunks`` alone, takes about twice as long).
CAMPAIGN_SAMPLE = (
    "hoyle-single-nap-bluffing",  # bluff-at-two
    "peel-bold-player",  # bold-player
    "hoyle-six-twos",  # calls-by-table
    "wikipedia-ecarte-expensive",  # cost-per-hand
    "peel-deal-disadvantage",  # dealer-winnings
    "hoyle-misery-discard",  # defence-advice
    "hoyle-three-nap-two-suits",  # nap-chance-by-hand, nap-chance-against-search
    "peel-luck",  # naps-that-fail
    "hoyle-peep-after-nap",  # peep-after-nap
    "hoyle-three-nap-chance",  # skill-edge-by-table
)


def test_the_campaign_sample_plays_every_simulated_check() -> None:
    claims = load_claims(load())
    sampled = {reading.check for claim_id in CAMPAIGN_SAMPLE for reading in claims[claim_id].readings}
    assert sampled == {reading.check for _, reading in _simulated()}


@pytest.mark.campaign
def test_the_evidence_of_a_sample_of_chunks_is_what_claims_check_plays_now() -> None:
    """``napspec-lab claims --check --first-chunks`` over the campaign's sample of claims: the
    first chunk of each of their samples, played again, is what the evidence keeps."""
    from napspec.lab.cli import main

    lab_extra("pyspiel")  # the sample played against OpenSpiel's search
    arguments = ["claims", "--check", "--first-chunks", *(f"--claim={claim_id}" for claim_id in CAMPAIGN_SAMPLE)]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    assert result.output.count("the first chunks as written") >= len(CAMPAIGN_SAMPLE)
    assert "is what is computed now" in result.output


@pytest.mark.campaign
@pytest.mark.long
def test_every_simulated_finding_is_what_the_samples_give_now() -> None:
    """The samples replayed in full, each to where it stopped (some twenty minutes on one core)."""
    written = load_evidence(SPEC_DIR)
    claims = {claim.id: claim for claim, _ in _simulated()}
    for claim_id, readings in findings(claims, tuple(PLANS)).items():
        for reading_id, finding in readings.items():
            assert written[claim_id][reading_id] == finding, (claim_id, reading_id)


def test_every_simulated_claim_is_judged_by_a_simulated_check() -> None:
    for claim, reading in _simulated():
        assert reading.check in PLANS, (claim.id, reading.id)
        assert not reading.as_worded, f"{claim.id}/{reading.id}: a simulation's reading rests on its agents"


def test_the_benchmark_of_the_plain_agent_reports_its_rate() -> None:
    from click.testing import CliRunner

    from napspec.lab.cli import main

    result = CliRunner().invoke(main, ["bench-simulation", "--hands", "12", "--jobs", "1", "--players", "3"])
    assert result.exit_code == 0, result.output
    assert "12 hands played by the plain agent in" in result.output and "hands/s on 1 process(es)" in result.output
    refused = CliRunner().invoke(main, ["bench-simulation", "--hands", "1", "--players", "11"])
    assert refused.exit_code == 2 and "11" in refused.output
