"""The solver of how many tricks a hand is sure of (``napspec.lab``): the books'
claims it decides, its agreement with the enumeration of every layout on tiny packs, and its
strategy played through the engine against random layouts and defences."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from napspec.lab.brute import brute_guaranteed
from napspec.lab.certainty import CHECKOUT_RESULTS
from napspec.lab.cli import main
from napspec.lab.lines import refutations, strategy_leads
from napspec.lab.search import suit_gaps, trumps_sure
from napspec.lab.solver import Solver, Table, guaranteed_tricks, position, trick_winner
from napspec.lab.sweep import canonical_hands, cards_of, multiplicity, sweep
from napspec.reference.actions import Call, Pass, Play
from napspec.reference.cards import FULL_PACK, format_cards, parse_cards, short_pack
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules


def sure(text: str, hands_dealt: int = 4) -> int:
    return guaranteed_tricks(parse_cards(text), hands_dealt)


# ---------------------------------------------------------------------- the books' claims


@pytest.mark.parametrize("hands_dealt", [2, 3, 4, 5])
def test_ace_to_ten_of_one_suit_is_the_perfect_nap(hands_dealt: int) -> None:
    """Peel p. 4: "The only safe and perfect Nap is ace, king, queen, knave, and ten of the
    same suit"; with the nine for the ten, one trick is lost to a lone ten and small trump."""
    assert sure("AS KS QS JS TS", hands_dealt) == 5
    assert sure("AS KS QS JS 9S", hands_dealt) == 4


@pytest.mark.parametrize("hands_dealt", [2, 4, 5])
def test_ace_king_queen_are_three_tricks_and_ace_king_two(hands_dealt: int) -> None:
    """Peel p. 6: "ace, king, queen, is the only certain combination with which to secure three
    tricks ... the only certainty [for two tricks] being ace and king"."""
    assert sure("AS KS QS 2H 2D", hands_dealt) == 3
    assert sure("AS KS 2H 3H 2D", hands_dealt) == 2
    assert sure("AS QS JS 2H 2D", hands_dealt) < 3
    assert sure("KS QS JS 2H 2D", hands_dealt) < 3


def test_ace_knave_ten_is_one_trick_for_certain() -> None:
    """Peel: ace, knave and ten of a suit are "generally good for three tricks, as the only
    possibility against such a combination is that one of the other players holds king or
    queen of the same suit, with a smaller trump to throw away when the ace is led". For
    certain they are one: the defence holding king and queen with a small trump keeps both."""
    hand = parse_cards("AS JS TS 2H 2D")
    assert guaranteed_tricks(hand, 4) == 1
    (after_ace,) = [r for r in refutations(hand, 2, Table(4)) if r.lead == parse_cards("AS")[0]]
    assert after_ace.soloist_tricks == 1
    held = {c for h in after_ace.layout for c in h}
    assert {parse_cards("KS")[0], parse_cards("QS")[0]} <= held


def test_three_high_trumps_and_two_aces_fall_to_four_small_trumps() -> None:
    """Peel: three high cards of one suit with two other aces: "if one of the opponents starts
    with four trumps, no matter how small, success is, of course, impossible"."""
    hand = parse_cards("AS KS QS AH AD")
    assert guaranteed_tricks(hand, 4) == 3
    assert not Solver(Table(4)).can_win(hand, 5)


def test_a_refutation_is_a_legal_line_that_holds_the_soloist_below() -> None:
    hand = parse_cards("AS KS QS JS 9S")
    table = Table(4)
    for refutation in refutations(hand, 5, table):
        assert refutation.soloist_tricks < 5
        line = [play for trick in refutation.tricks for play in trick]
        assert sorted(c for _, c in line) == sorted([*hand, *(c for h in refutation.layout for c in h)])
        assert all(len(h) == 5 for h in refutation.layout)
        # each opponent followed suit whenever his hand of the layout let him
        for trick in refutation.tricks:
            led = trick[0][1] // 13
            for seat, card in trick:
                if seat:
                    before = [c for c in refutation.layout[seat - 1] if c not in _played_before(line, seat, card)]
                    assert card // 13 == led or all(c // 13 != led for c in before)
    assert refutations(hand, 4, table) == []


def _played_before(line: list[tuple[int, int]], seat: int, card: int) -> set[int]:
    index = line.index((seat, card))
    return {c for s, c in line[:index] if s == seat}


def test_the_strategy_leads() -> None:
    assert format_cards(strategy_leads(parse_cards("AS KS 2H 3H 2D"), 2)) == "AS KS"
    assert strategy_leads(parse_cards("AS KS 2H 3H 2D"), 3) == []


def test_short_packs_and_hand_sizes() -> None:
    # with the pack down to the sevens, only three spades are out against ace, king, queen,
    # knave and seven: three rounds draw them, so the seven is a winner as the ten would be;
    # in the full pack eight spades are out and an opponent may hold five of them
    pack = short_pack(32)
    assert guaranteed_tricks(parse_cards("AS KS QS JS TS"), 4, pack) == 5
    assert guaranteed_tricks(parse_cards("AS KS QS JS 7S"), 4, pack) == 5
    assert guaranteed_tricks(parse_cards("AS KS QS JS 7S"), 4) == 4
    assert guaranteed_tricks(parse_cards("AS KS"), 2, short_pack(8)) == 2
    with pytest.raises(ValueError, match="different cards"):
        guaranteed_tricks(parse_cards("AS KS QS JS 2S"), 4, pack)


# ---------------------------------------------------------------------- against the enumeration


@st.composite
def tiny_deals(draw: st.DrawFn) -> tuple[list[int], int, list[int]]:
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True))
    ranks = draw(st.lists(st.integers(0, 12), min_size=3, max_size=5, unique=True))
    pack = sorted(s * 13 + r for s in suits for r in ranks)
    size, hands_dealt = draw(st.sampled_from([(1, 2), (2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (2, 4), (1, 5)]))
    if size * hands_dealt > len(pack) or len(pack) - size > 10:
        size, hands_dealt = 2, 2
    hand = draw(st.lists(st.sampled_from(pack), min_size=size, max_size=size, unique=True))
    return hand, hands_dealt, pack


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_deals())
def test_the_solver_agrees_with_every_layout_enumerated(deal: tuple[list[int], int, list[int]]) -> None:
    hand, hands_dealt, pack = deal
    assert guaranteed_tricks(hand, hands_dealt, pack) == brute_guaranteed(hand, hands_dealt, pack)


@pytest.mark.campaign
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_deals())
def test_the_solver_agrees_with_every_layout_enumerated_at_length(deal: tuple[list[int], int, list[int]]) -> None:
    hand, hands_dealt, pack = deal
    assert guaranteed_tricks(hand, hands_dealt, pack) == brute_guaranteed(hand, hands_dealt, pack)


@st.composite
def long_suits(draw: st.DrawFn) -> tuple[list[int], int, list[int]]:
    """Tiny deals in which the soloist holds two or more spades and the top spade is out
    against him: where pairing off the trumps counts tricks the top cards do not."""
    ranks = sorted(draw(st.lists(st.integers(0, 12), min_size=4, max_size=7, unique=True)))
    side = draw(st.lists(st.integers(0, 12), min_size=1, max_size=3, unique=True))
    spades = [39 + r for r in ranks]
    pack = sorted(spades + [26 + r for r in side])
    size, hands_dealt = draw(st.sampled_from([(3, 2), (4, 2), (3, 3), (2, 3), (2, 4)]))
    if size * hands_dealt > len(pack) or len(pack) - size > 10:
        size, hands_dealt = 2, 2
    mine = draw(st.lists(st.sampled_from(spades[:-1]), min_size=2, max_size=min(size, len(spades) - 1), unique=True))
    others = [c for c in pack if c not in mine]
    more = size - len(mine)
    return mine + draw(st.lists(st.sampled_from(others), min_size=more, max_size=more, unique=True)), hands_dealt, pack


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(long_suits())
def test_the_paired_off_trumps_are_sure_against_every_layout(deal: tuple[list[int], int, list[int]]) -> None:
    """The bound the search starts from (:func:`trumps_sure`) never claims more than the
    enumeration finds: leading a suit makes it trumps, so its count is a floor of the value."""
    hand, hands_dealt, pack = deal
    value = brute_guaranteed(hand, hands_dealt, pack)
    assert max(trumps_sure(g) for g in suit_gaps(hand, pack)) <= value
    assert guaranteed_tricks(hand, hands_dealt, pack) == value


def test_the_paired_off_trumps_count_a_long_suit_without_its_top() -> None:
    # queen, ten, nine, eight, seven against knave, king and ace: three of his may be beaten,
    # two never are, though none of them is above every spade out
    spades = suit_gaps(parse_cards("QS TS 9S 8S 7S"), FULL_PACK)[3]
    assert spades[-1] and trumps_sure(spades) == 2  # the king and ace are out above them
    assert trumps_sure(suit_gaps(parse_cards("AS KS JS"), FULL_PACK)[3]) == 2  # the queen beats the knave


def test_the_enumeration_itself() -> None:
    pack = parse_cards("AS KS QS JS AH KH QH JH")
    # one opponent, all eight cards dealt: he holds exactly what the soloist does not
    assert brute_guaranteed(parse_cards("AS QS"), 2, pack) == 1
    assert brute_guaranteed(parse_cards("AS KS"), 2, pack) == 2
    assert brute_guaranteed(parse_cards("JS JH"), 2, pack) == 0


# ---------------------------------------------------------------------- through the engine


def _play_through(hand: Sequence[int], hands_dealt: int, rng: random.Random) -> tuple[int, int]:
    """Play the solver's strategy for ``hand`` in the engine, seat 0 the soloist, against a
    random layout and random legal defence; (tricks won, tricks it was sure of)."""
    table = Table(hands_dealt)
    solver = Solver(table)
    target = solver.guaranteed(hand)
    rest = [c for c in FULL_PACK if c not in hand]
    rng.shuffle(rest)
    holdings = {0: list(hand), **{seat: rest[5 * (seat - 1) : 5 * seat] for seat in range(1, hands_dealt)}}
    rules = Rules.profile("wikipedia").with_options({"stop-when-decided": False, "show-cards": False, "players-min": 2})
    game = Hand.stacked(rules, hands_dealt, hands_dealt - 1, holdings)
    while game.phase == "calling":
        seat = game.to_act
        assert seat is not None
        game.apply(Call(seat, max(target, 1)) if seat == 0 else Pass(seat))
    history: list[tuple[int, int]] = []
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        if seat == 0:
            card = solver.choose(hand, target, history) if target else min(solver.legal(hand, history))
            game.apply(Play(0, card))
        else:
            action = rng.choice([a for a in game.legal_actions() if isinstance(a, Play)])
            game.apply(action)
            card = action.card
        # the engine's seats play in the order the solver numbers them, seat 0 first
        history.append((seat, card))
        assert position(table, hand, history).to_play == game.to_act or game.phase != "play"
    assert len(history) == 5 * hands_dealt
    won = sum(trick_winner(history[i : i + hands_dealt], history[0][1] // 13) == 0
              for i in range(0, len(history), hands_dealt))  # fmt: skip
    assert won == game.tricks_won(0)
    return won, target


@pytest.mark.parametrize("text", ["AS KS QS 2H 2D", "AS JS TS 2H 2D", "AS KS QS AH AD", "KS QS 7H 5D 3C"])
def test_the_strategy_makes_its_tricks_in_the_engine(text: str) -> None:
    rng = random.Random(text)
    for _ in range(3):
        won, target = _play_through(parse_cards(text), 4, rng)
        assert won >= target


def test_the_strategy_makes_its_tricks_for_random_hands() -> None:
    rng = random.Random(3)
    for _ in range(6):
        hands_dealt = rng.choice([2, 3, 4])
        hand = rng.sample(FULL_PACK, 5)
        won, target = _play_through(hand, hands_dealt, rng)
        assert won >= target


# 60 hands in the campaign; the 300 of the long run include hands whose search takes minutes.
@pytest.mark.campaign
@pytest.mark.parametrize("hands", [60, pytest.param(300, marks=pytest.mark.long)])
def test_the_strategy_makes_its_tricks_for_many_random_hands(hands: int) -> None:
    rng = random.Random(4)
    for _ in range(hands):
        hands_dealt = rng.choice([2, 3, 4, 5])
        hand = rng.sample(FULL_PACK, 5)
        won, target = _play_through(hand, hands_dealt, rng)
        assert won >= target


# ---------------------------------------------------------------------- the sweep and the command


def test_the_canonical_hands_cover_the_pack_once() -> None:
    hands = canonical_hands()
    assert len(hands) == 134459
    assert sum(multiplicity(h) for h in hands) == 2598960
    assert format_cards(cards_of(hands[0])) == "AS KS QS JS TS"


def test_a_sampled_sweep_reports_counts_and_rate() -> None:
    result = sweep(4, jobs=1, sample=40, seed=2)
    assert result["solved"] == 40 and result["complete"]
    counts = result["counts"]
    assert isinstance(counts, dict) and sum(counts.values()) == 40
    assert result["hands_per_second"]


def test_the_sweep_resumes_from_its_store(tmp_path: Path) -> None:
    store = Path(str(tmp_path)) / "sweeps"
    first = sweep(2, jobs=1, sample=300, seed=5, store=store)
    again = sweep(2, jobs=1, sample=300, seed=5, store=store)
    assert again["hands_found_in_store"] == 300 and again["solved_this_run"] == 0
    assert again["counts"] == first["counts"]


def test_the_solve_command() -> None:
    result = CliRunner().invoke(main, ["solve", "AS KS QS 2H 2D", "--hands-dealt", "3"])
    assert result.exit_code == 0, result.output
    assert "sure of 3" in result.output
    assert "lead to make 3: AS KS QS" in result.output
    assert "not sure of 4" in result.output and result.output.count("lead ") == 6


def test_the_sweep_command(tmp_path: Path) -> None:
    out = Path(str(tmp_path)) / "sweep.json"
    result = CliRunner().invoke(main, ["sweep", "--hands-dealt", "3", "--sample", "30", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["solved"] == 30 and data["hands_dealt"] == 3


def test_a_budget_leaves_a_question_open_and_says_so() -> None:
    from napspec.lab.search import OutOfBudget
    from napspec.lab.sweep import BELOW_THREE, sweep_value

    solver = Solver(Table(4))
    solver.limit(1000)
    with pytest.raises(OutOfBudget):
        solver.can_win(parse_cards("AS QS 9S 2S QH"), 2)
    assert sweep_value(solver, parse_cards("AS QS 9S 2S QH")) == BELOW_THREE
    solver.limit(None)
    assert sweep_value(solver, parse_cards("AS QS 9S 2S QH")) == 1


def test_the_aces_at_seven_hands_are_refuted_in_a_few_nodes() -> None:
    """The 18 hands with three or four aces that 3,000,000 nodes each left open on five at
    seven hands (search 2) take under a thousand since search 6: once every opponent has shown
    out of a suit, its unseen cards are out of play, and the soloist's cards of it are tops."""
    solver = Solver(Table(7))
    solver.limit(1000)
    for text in ("AS 2S AH AD AC", "AS KS 2S AH AD", "AS KS AH 2H AD"):
        assert not solver.can_win(parse_cards(text), 5)


def test_an_opponent_follows_suit_before_showing_out() -> None:
    """Three hands at six hands not sure of two, each refuted in under 200,000 nodes since
    search 7 (4.6, 1.8 and 16.2 million with search 6): while a partner holds the trick, an opponent
    who follows with a low card keeps the layout open, and the adversary tries that first."""
    solver = Solver(Table(6))
    solver.limit(200_000)
    for text in ("AS QS 8S 3S 2H", "KS QS TS 2S TH", "AS QS TS 2S 5H"):
        assert not solver.can_win(parse_cards(text), 2)


def test_answers_survive_a_full_table_inside_the_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table of answers from inside a trick is emptied when full: answers are forgotten,
    never changed."""
    from napspec.lab import search

    hands = ["AS KS JS 8S 5S", "AS JS 4S 2S KH", "KS QS 2H 3H 2D", "AS QS 9S 2S QH"]
    expected = [Solver(Table(4)).guaranteed(parse_cards(text)) for text in hands]
    monkeypatch.setattr(search, "INSIDE_LIMIT", 5)
    solver = Solver(Table(4))
    assert [solver.guaranteed(parse_cards(text)) for text in hands] == expected
    assert 0 < len(solver.search.inside) <= 5


def test_the_memo_of_layouts_emptied_when_full_changes_no_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo of Hall's condition is emptied when full: only work is redone, never a node."""
    from napspec.lab import search

    hands = ["AS KS JS 8S 5S", "AS JS 4S 2S KH", "AS QS 9S 2S QH"]

    def asked() -> list[tuple[bool, int]]:
        solver = Solver(Table(4))
        found = [(solver.can_win(parse_cards(text), 2), solver.search.nodes) for text in hands]
        assert len(solver.search.hall) <= search.LAYOUT_LIMIT
        return found

    expected = asked()
    monkeypatch.setattr(search, "LAYOUT_LIMIT", 5)
    assert asked() == expected


@pytest.mark.campaign  # a long proof on purpose: tens of seconds
def test_an_alike_hand_is_settled_from_the_bounds_the_last_one_left() -> None:
    """Between hands the solver forgets its memo of layouts once it is full, and keeps the bounds
    proved at the starts of tricks, which alike hands share (search 10): the second hand takes a
    twentieth of the nodes it takes asked first, with the same answer. Before, both were forgotten
    once together they filled the table."""
    first, second = parse_cards("AS QS 9S 5S 3S"), parse_cards("AS QS 9S 5S 2S")
    alone = Solver(Table(5))
    assert alone.can_win(second, 2)
    solver = Solver(Table(5))
    assert solver.can_win(first, 2)
    layouts, bounds = len(solver.search.hall), len(solver.search.memo)
    assert layouts > 10 * bounds  # a long proof: many layouts, few bounds
    solver.trim(limit=bounds)
    assert not solver.search.hall and len(solver.search.memo) == bounds
    assert solver.can_win(second, 2)
    assert solver.search.nodes * 20 < alone.search.nodes
    solver.trim(limit=bounds - 1)
    assert not solver.search.memo


def hall_over_opponents(unseen: Sequence[int], voids: Sequence[int], held: Sequence[int]) -> bool:
    """Hall's condition as it is stated: every set of opponents needs no more cards than the
    suits open to one of them hold."""
    for subset in range(1, 1 << len(held)):
        members = [i for i in range(len(held)) if subset >> i & 1]
        open_suits = 0
        for i in members:
            open_suits |= ~voids[i]
        if sum(held[i] for i in members) > sum(unseen[s] for s in range(4) if open_suits >> s & 1):
            return False
    return True


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
    st.lists(st.tuples(st.integers(0, 15), st.integers(0, 5)), min_size=1, max_size=9),
)
def test_hall_over_sets_of_suits_is_hall_over_sets_of_opponents(
    unseen: list[int], players: list[tuple[int, int]]
) -> None:
    from napspec.lab.search import Search

    voids = tuple(v for v, _ in players)
    held = tuple(h for _, h in players)
    assume(sum(held) <= sum(unseen))  # the opponents hold no more than is unseen, by construction
    counts = (unseen[0], unseen[1], unseen[2], unseen[3])
    assert Search(len(players)).feasible_counts(counts, voids, held) == hall_over_opponents(counts, voids, held)


def test_a_second_pass_resolves_what_the_budget_left_open() -> None:
    hands = ["AS KS JS 9S 7S", "AS KS JS 9S 5S"]
    from napspec.lab.sweep import UNRESOLVED, sweep_value

    for hand in hands:
        solver = Solver(Table(4))  # its own tables: another hand's would answer it sooner
        solver.limit(2000)
        assert sweep_value(solver, parse_cards(hand), floor=3) == UNRESOLVED
        solver.limit(3_000_000)
        assert sweep_value(solver, parse_cards(hand), floor=3) == 3
    result = sweep(4, sample=10, seed=1, budget=20, resolve_budget=3_000_000, floor=3)
    assert result["resolved_by_second_pass"] and "unresolved" not in result["counts"]  # type: ignore[operator]


def test_the_stored_sweep_at_four_hands() -> None:
    """The sweep's result kept with the solver: every canonical hand counted once, and Peel's
    perfect Nap the only hand sure of five."""
    data = json.loads((CHECKOUT_RESULTS / "sweep-4-floor3.json").read_text(encoding="utf-8"))
    assert data["complete"] and sum(data["counts"].values()) == len(canonical_hands())
    assert sum(data["deals"].values()) == 2598960
    assert [h for h, v in data["sure_of_3_or_more"].items() if v == "5"] == ["AS KS QS JS TS"]
    assert data["counts"]["5"] + data["counts"]["4"] + data["counts"]["3"] == len(data["sure_of_3_or_more"])


@pytest.mark.campaign
def test_at_four_hands_only_ace_to_ten_is_sure_of_five() -> None:
    solver = Solver(Table(4))
    sure_of_five = []
    for hand in canonical_hands():
        if solver.can_win(cards_of(hand), 5):
            sure_of_five.append(format_cards(cards_of(hand)))
        solver.trim()  # the tables hold facts of play, not of a hand: alike hands share them
    assert sure_of_five == ["AS KS QS JS TS"]
