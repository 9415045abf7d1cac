"""The calls beyond Nap in the reference engine: Misery, Wellington, Blücher, Sir Garnet and
seven-card Nap, rule by rule (ranking, conditions, stakes, deals, play, irregularities)."""

from __future__ import annotations

from pathlib import Path

import pytest

from napspec.reference.actions import Call, Discard, NamedCall, Pass, Play, TakeExtraHand
from napspec.reference.cards import FULL_PACK, parse_card, parse_cards
from napspec.reference.errors import (
    BadCall,
    BadDiscard,
    CallNotAllowed,
    CallTooLow,
    MustLeadLowestTrump,
    NotYourTurn,
    RulesError,
)
from napspec.reference.events import PlayStopped
from napspec.reference.hand import Hand, cards_accounted_for, expected_pack
from napspec.reference.rules import Rules
from napspec.reference.table import Table
from napspec.spec import load

from .napref_helpers import payments, play, rejected

REGISTER = load()


def names(rules: Rules) -> list[str]:
    return [call.name for call in rules.calls]


def stacked(rules: Rules, hands: dict[int, str], dealer: int = 3, extra: str | None = None) -> Hand:
    return Hand.stacked(
        rules,
        len(hands),
        dealer,
        {seat: parse_cards(text) for seat, text in hands.items()},
        extra_hand=parse_cards(extra) if extra is not None else None,
    )


HOYLE_ALL = Rules.profile("hoyle", ["misery", "wellington", "sir-garnet"])
WIKI_BLUCHER = Rules.profile("wikipedia", ["misery", "blucher"])
SEVEN = Rules.profile("wikipedia", ["seven-card"])

# Four players, dealer seat 3, eldest seat 0.
FOUR = {
    0: "AS KS QS JS TS",
    1: "2C 3C 4C 5C 6C",
    2: "2D 3D 4D 5D 6D",
    3: "2H 3H 4H 5H 6H",
}


# ---------------------------------------------------------------------- rules


def test_the_ranking_of_the_calls_with_every_variant_of_five_cards() -> None:
    assert names(Rules.profile("hoyle")) == ["one", "two", "three", "four", "Nap"]
    assert names(WIKI_BLUCHER) == ["one", "two", "three", "Misery", "four", "Nap", "Wellington", "Blücher"]


def test_the_ranking_at_seven_card_nap_puts_misery_above_nap() -> None:
    assert names(SEVEN) == ["three", "four", "Nap", "Misery", "six", "seven"]
    assert SEVEN.cards_each == REGISTER.options["seven-card"].value("played").amounts["cards-each"]


def test_stakes_are_the_amounts_of_the_values_in_force() -> None:
    nap = REGISTER.options["nap-stakes"].value("win-10-lose-5").amounts
    double = REGISTER.options["wellington"].value("double-nap-stakes").amounts["nap-multiple"]
    assert HOYLE_ALL.win_stake(5, "wellington") == double * nap["nap-win"]
    assert HOYLE_ALL.lose_stake(5, "wellington") == double * nap["nap-lose"]
    assert (HOYLE_ALL.win_stake(0, "misery"), HOYLE_ALL.lose_stake(0, "misery")) == (3, 3)  # as a call of three
    assert (HOYLE_ALL.win_stake(5, "sir-garnet"), HOYLE_ALL.lose_stake(5, "sir-garnet")) == (10, 5)  # as Nap
    wellington = REGISTER.options["wellington"].value("win-10-lose-10").amounts
    blucher = REGISTER.options["blucher"].value("win-10-lose-20").amounts
    assert (WIKI_BLUCHER.win_stake(5, "wellington"), WIKI_BLUCHER.lose_stake(5, "wellington")) == (
        wellington["win"],
        wellington["lose"],
    )
    assert (WIKI_BLUCHER.win_stake(5, "blucher"), WIKI_BLUCHER.lose_stake(5, "blucher")) == (
        blucher["win"],
        blucher["lose"],
    )
    doubled = WIKI_BLUCHER.with_options({"blucher": "double-wellington-stakes"})
    multiple = REGISTER.options["blucher"].value("double-wellington-stakes").amounts["wellington-multiple"]
    assert doubled.win_stake(5, "blucher") == multiple * wellington["win"]
    assert doubled.lose_stake(5, "blucher") == multiple * wellington["lose"]


def test_seven_card_losers_of_the_high_calls_pay_half_stakes_rounded_up() -> None:
    assert [SEVEN.win_stake(t) for t in (3, 4, 5, 6, 7)] == [3, 4, 10, 6, 7]
    assert [SEVEN.lose_stake(t) for t in (3, 4, 5, 6, 7)] == [3, 4, 5, 3, 4]
    assert (SEVEN.win_stake(0, "misery"), SEVEN.lose_stake(0, "misery")) == (3, 2)
    assert SEVEN.with_options({"nap-stakes": "win-12-lose-6"}).lose_stake(5) == 6


def test_a_call_the_rules_have_not_got_has_no_stake() -> None:
    with pytest.raises(RulesError, match="no call 'wellington'"):
        Rules.profile("hoyle").win_stake(5, "wellington")
    with pytest.raises(RulesError, match="no call of 2 tricks"):
        SEVEN.win_stake(2)


@pytest.mark.parametrize(
    ("changes", "first", "second"),
    [
        ({"blucher": "win-10-lose-20"}, "blucher", "wellington"),
        ({"seven-card": "played", "sir-garnet": "played"}, "seven-card", "sir-garnet"),
        ({"seven-card": "played", "wellington": "win-10-lose-10"}, "seven-card", "wellington"),
    ],
)
def test_options_that_cannot_be_played_together_are_refused_naming_both(
    changes: dict[str, str], first: str, second: str
) -> None:
    with pytest.raises(RulesError) as raised:
        Rules.profile("wikipedia").with_options(changes)
    assert f"'{first}'" in str(raised.value) and f"'{second}'" in str(raised.value)


def test_a_variant_the_profile_does_not_give_is_refused() -> None:
    with pytest.raises(RulesError, match="gives no variant 'blucher'"):
        Rules.profile("hoyle", ["blucher"])


def test_a_table_the_pack_cannot_serve_is_refused() -> None:
    with pytest.raises(RulesError, match="8 hands of 7"):
        Rules.profile("hoyle", ["misery"]).with_options({"seven-card": "played", "players-max": 8}).check_players(8)
    garnet = Rules.profile("britannica").with_options({"sir-garnet": "played"})
    garnet.check_players(9)  # nine hands and the extra hand: fifty cards
    with pytest.raises(RulesError, match="10 hands and the extra hand of 5"):
        garnet.check_players(10)


# ---------------------------------------------------------------------- deal


def test_seven_cards_dealt_three_then_two_then_two_or_singly() -> None:
    table = Table(4, dealer=3, sits_out=False, cards_each=7)

    def cards(pattern: str, seat: int) -> tuple[int, ...]:
        getter = table.deals[pattern][seat]
        assert getter is not None
        return getter(range(52))

    assert cards("three-then-two", 0) == (0, 1, 2, 12, 13, 20, 21)
    assert cards("three-then-two", 3) == (9, 10, 11, 18, 19, 26, 27)
    assert cards("singly", 1) == (1, 5, 9, 13, 17, 21, 25)


def test_a_seven_card_deal_gives_everyone_seven_and_seven_tricks_are_played() -> None:
    hand = Hand(SEVEN, 5, 0, seed=11)
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    assert [len(hand.holding(s)) for s in range(5)] == [7] * 5
    assert len(hand.stock) == 52 - 35
    hand.apply(Call(1, 7))
    for _ in range(4):
        hand.apply(hand.legal_actions()[0])
    while hand.phase == "play":
        hand.apply(hand.legal_actions()[0])
    assert len(hand.tricks) == 7  # Wikipedia plays it out (stop-when-decided false)
    assert cards_accounted_for(hand) == expected_pack(hand)


def test_the_extra_hand_is_served_last_in_each_round() -> None:
    rules = Rules.profile("hoyle", ["sir-garnet"])
    hand = Hand(rules, 4, 3, deck=list(FULL_PACK))
    hand.apply(hand.legal_actions()[0])  # the shallowest cut
    pack = list(hand.stock)  # before the deal: the pack as cut
    hand.apply(hand.legal_actions()[0])
    pattern = rules.deal_pattern
    served = 5  # four players and the extra hand
    if pattern == "three-then-two":
        expected = pack[3 * 4 : 3 * served] + pack[3 * served + 2 * 4 : 5 * served]
    else:
        expected = [pack[i * served + 4] for i in range(5)]
    assert hand.extra_hand == tuple(sorted(expected))
    assert len(hand.stock) == 52 - 25
    assert cards_accounted_for(hand) == expected_pack(hand)


def test_a_stacked_start_with_an_extra_hand_is_checked() -> None:
    rules = Rules.profile("hoyle", ["sir-garnet"])
    hand = stacked(rules, FOUR, extra="7H 8H 9H TH JH")
    assert hand.extra_hand == tuple(parse_cards("7H 8H 9H TH JH"))
    assert cards_accounted_for(hand) == expected_pack(hand)
    assert stacked(rules, FOUR).extra_hand is None  # none given: none lies on the table
    with pytest.raises(ValueError, match="only under Sir Garnet"):
        stacked(Rules.profile("hoyle"), FOUR, extra="7H 8H 9H TH JH")
    with pytest.raises(ValueError, match="of 5 cards, not 4"):
        stacked(rules, FOUR, extra="7H 8H 9H TH")
    with pytest.raises(ValueError, match="given twice"):
        stacked(rules, FOUR, extra="6H 8H 9H TH JH")


# ---------------------------------------------------------------------- calling


def test_misery_ranks_between_three_and_four() -> None:
    hand = stacked(HOYLE_ALL, FOUR)
    hand.apply(Call(0, 3))
    hand.apply(NamedCall(1, "misery"))
    rejected(hand, Call(2, 3), CallTooLow)
    assert NamedCall(2, "misery") not in hand.legal_actions() and Call(2, 4) in hand.legal_actions()
    hand.apply(Pass(2))
    hand.apply(Pass(3))
    assert (hand.soloist, hand.call, hand.declaration) == (1, 0, "misery")
    assert hand.declarations == ((0, 3), (1, "misery"), (2, 0), (3, 0))


def test_wellington_only_over_a_nap_and_blucher_only_over_a_wellington() -> None:
    hand = stacked(WIKI_BLUCHER, FOUR)
    assert NamedCall(0, "wellington") not in hand.legal_actions()
    error = rejected(hand, NamedCall(0, "wellington"), CallNotAllowed)
    assert "only over a Nap" in str(error)
    hand.apply(Call(0, 5))
    assert hand.legal_actions() == (Pass(1), NamedCall(1, "wellington"))
    rejected(hand, NamedCall(1, "blucher"), CallNotAllowed)
    hand.apply(NamedCall(1, "wellington"))
    assert hand.legal_actions() == (Pass(2), NamedCall(2, "blucher"))
    rejected(hand, NamedCall(2, "wellington"), CallNotAllowed)
    hand.apply(NamedCall(2, "blucher"))
    assert hand.legal_actions() == (Pass(3),)  # the highest call closes the calling
    rejected(hand, Call(3, 5), CallTooLow)
    hand.apply(Pass(3))
    assert (hand.soloist, hand.call, hand.declaration) == (2, 5, "blucher")


def test_after_a_wellington_without_blucher_the_others_can_only_pass() -> None:
    hand = stacked(HOYLE_ALL, FOUR)
    hand.apply(Call(0, 5))
    hand.apply(NamedCall(1, "wellington"))
    assert hand.legal_actions() == (Pass(2),)
    rejected(hand, NamedCall(2, "blucher"), CallNotAllowed)


def test_calls_the_rules_have_not_got() -> None:
    plain = stacked(Rules.profile("hoyle"), FOUR)
    rejected(plain, NamedCall(0, "misery"), CallNotAllowed)
    rejected(plain, NamedCall(0, "wellington"), CallNotAllowed)
    rejected(plain, NamedCall(0, "grand"), BadCall)
    rejected(plain, Call(0, 6), BadCall)
    rejected(plain, TakeExtraHand(0), CallNotAllowed)
    seven = Hand(SEVEN, 4, 3, seed=2)
    seven.apply(seven.legal_actions()[0])
    seven.apply(seven.legal_actions()[0])
    rejected(seven, Call(0, 2), BadCall)
    rejected(seven, NamedCall(0, "wellington"), CallNotAllowed)
    assert Call(0, 3) in seven.legal_actions() and Call(0, 7) in seven.legal_actions()
    assert NamedCall(0, "misery") in seven.legal_actions()


def test_a_compulsory_call_at_seven_card_nap_is_the_lowest_call() -> None:
    eldest = SEVEN.with_options({"compulsory-call": "eldest-if-all-pass"})
    hand = Hand(eldest, 4, 3, seed=5)
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    for seat in (0, 1, 2, 3):
        hand.apply(Pass(seat))
    assert (hand.soloist, hand.call, hand.compulsory) == (0, 3, True)
    dealer = SEVEN.with_options({"compulsory-call": "dealer-if-all-pass"})
    bound = Hand(dealer, 4, 3, seed=5)
    bound.apply(bound.legal_actions()[0])
    bound.apply(bound.legal_actions()[0])
    for seat in (0, 1, 2):
        bound.apply(Pass(seat))
    assert Pass(3) not in bound.legal_actions() and bound.legal_actions()[0] == Call(3, 3)


# ---------------------------------------------------------------------- Sir Garnet

GARNET = Rules.profile("hoyle", ["sir-garnet", "wellington"])
EXTRA = "7H 8H 9H TH JH"


def test_sir_garnet_take_discard_and_call_nap() -> None:
    hand = stacked(GARNET, FOUR, extra=EXTRA)
    assert TakeExtraHand(0) in hand.legal_actions()
    hand.apply(Call(0, 2))
    hand.apply(TakeExtraHand(1))
    assert len(hand.holding(1)) == 10 and hand.extra_hand == ()
    legal = hand.legal_actions()
    assert len(legal) == 252 and all(isinstance(a, Discard) and a.seat == 1 for a in legal)
    rejected(hand, Pass(1), CallNotAllowed)
    rejected(hand, Call(1, 5), CallNotAllowed)
    rejected(hand, Discard(1, tuple(sorted(parse_cards("7H 8H 9H TH")))), BadDiscard)
    rejected(hand, Discard(1, tuple(sorted(parse_cards("7H 8H 9H TH AS")))), BadDiscard)
    rejected(hand, Discard(2, tuple(sorted(parse_cards("2D 3D 4D 5D 6D")))), BadDiscard)
    hand.apply(Discard(1, tuple(sorted(parse_cards("2C 3C 4C 5C 6C")))))
    assert hand.holding(1) == tuple(parse_cards(EXTRA))
    assert hand.discards == tuple(parse_cards("2C 3C 4C 5C 6C"))
    assert hand.legal_actions() == (Pass(2), NamedCall(2, "wellington"))  # wellington-over-sir-garnet
    rejected(hand, TakeExtraHand(2), CallNotAllowed)
    hand.apply(Pass(2))
    hand.apply(Pass(3))
    assert (hand.soloist, hand.call, hand.declaration) == (1, 5, "sir-garnet")
    assert hand.declarations == ((0, 2), (1, "sir-garnet"), (2, 0), (3, 0))
    play(hand, "JH 2D 2H TS")
    assert hand.trumps == parse_card("JH") // 13
    assert cards_accounted_for(hand) == expected_pack(hand)


def test_the_extra_hand_is_not_open_once_a_nap_is_called() -> None:
    hand = stacked(GARNET, FOUR, extra=EXTRA)
    hand.apply(Call(0, 5))
    assert TakeExtraHand(1) not in hand.legal_actions()
    error = rejected(hand, TakeExtraHand(1), CallNotAllowed)
    assert "only while a Nap can be called" in str(error)
    rejected(hand, TakeExtraHand(2), NotYourTurn)


def test_an_untaken_extra_hand_stays_out_of_play() -> None:
    hand = stacked(GARNET, FOUR, extra=EXTRA)
    for call in (Call(0, 1), Pass(1), Pass(2), Pass(3)):
        hand.apply(call)
    assert hand.extra_hand == tuple(parse_cards(EXTRA))
    while hand.phase != "finished":
        hand.apply(hand.legal_actions()[0])
    assert hand.extra_hand == tuple(parse_cards(EXTRA))
    assert cards_accounted_for(hand) == expected_pack(hand)


def test_a_sir_garnet_nap_is_paid_as_a_nap() -> None:
    hand = stacked(GARNET, FOUR, extra="AH KH QH JH TH")
    hand.apply(TakeExtraHand(0))
    hand.apply(Discard(0, tuple(sorted(parse_cards("AS KS QS JS TS")))))
    for seat in (1, 2, 3):
        hand.apply(Pass(seat))
    play(hand, "AH 2C 2D 2H  KH 3C 3D 3H  QH 4C 4D 4H  JH 5C 5D 5H  TH 6C 6D 6H")
    assert payments(hand) == {0: 30, 1: -10, 2: -10, 3: -10}


# ---------------------------------------------------------------------- play

MISERY_HANDS = {
    0: "2S 3S 4S 2C 3C",
    1: "AC KC QC JC TC",
    2: "AD KD QD JD TD",
    3: "AH KH QH JH TH",
}


def test_misery_without_trumps_is_won_by_the_highest_card_of_the_suit_led() -> None:
    hand = stacked(Rules.profile("hoyle", ["misery"]), MISERY_HANDS)
    hand.apply(NamedCall(0, "misery"))
    for seat in (1, 2, 3):
        hand.apply(Pass(seat))
    assert hand.to_act == 0  # the Misery caller leads (misery-caller-leads)
    play(hand, "2S AC AD AH")  # nobody follows: the two of spades wins
    assert hand.trumps is None and hand.tricks[0].winner == 0
    # Hoyle stops when decided: the Misery is lost at his first trick.
    assert hand.phase in ("show", "finished")
    assert [e for e in hand.events if isinstance(e, PlayStopped)] == [PlayStopped("defeated", 1)]


def test_misery_with_trumps_by_first_lead() -> None:
    rules = Rules.profile("hoyle", ["misery"]).with_options({"misery": "trumps-by-first-lead"})
    hand = stacked(rules, MISERY_HANDS)
    hand.apply(NamedCall(0, "misery"))
    for seat in (1, 2, 3):
        hand.apply(Pass(seat))
    play(hand, "2C AC AD AH")
    assert hand.trumps == parse_card("2C") // 13 and hand.tricks[0].winner == 1


def test_a_made_misery_is_paid_as_three() -> None:
    hands = {0: "2S 3S 4S 5S 6S", 1: "AS KS QS JS TS", 2: "AD KD QD JD TD", 3: "AH KH QH JH TH"}
    hand = stacked(Rules.profile("hoyle", ["misery"]), hands)
    hand.apply(NamedCall(0, "misery"))
    for seat in (1, 2, 3):
        hand.apply(Pass(seat))
    while hand.phase == "play":
        hand.apply(hand.legal_actions()[0])
    assert hand.tricks_won(0) == 0 and len(hand.tricks) == 5
    assert payments(hand) == {0: 9, 1: -3, 2: -3, 3: -3}


def test_a_wellington_caller_must_lead_his_lowest_trump() -> None:
    rules = Rules.profile("wikipedia", ["wellington"]).with_options({"wellington-lead": "lowest-trump"})
    hand = stacked(rules, {0: "AS KS 4S AH 7C", 1: FOUR[1], 2: FOUR[2], 3: "2H 3H 4H 5H 6H"})
    hand.apply(Call(0, 5))
    hand.apply(Pass(1))
    hand.apply(Pass(2))
    hand.apply(Pass(3))
    plain_nap = hand.legal_actions()
    assert Play(0, parse_card("AS")) in plain_nap  # a Nap leads freely
    welly = stacked(rules, {0: "2C 3C 4C 5C 6C", 1: "AS KS 4S AH 7D", 2: FOUR[2], 3: "2H 3H 4H 5H 6H"})
    welly.apply(Call(0, 5))
    welly.apply(NamedCall(1, "wellington"))
    welly.apply(Pass(2))
    welly.apply(Pass(3))
    assert welly.legal_actions() == (Play(1, parse_card("7D")), Play(1, parse_card("AH")), Play(1, parse_card("4S")))
    error = rejected(welly, Play(1, parse_card("AS")), MustLeadLowestTrump)
    assert "4S" in str(error)
    welly.apply(Play(1, parse_card("4S")))
    assert welly.trumps == parse_card("4S") // 13


def test_a_blucher_caller_leads_freely() -> None:
    rules = Rules.profile("wikipedia", ["blucher"]).with_options({"wellington-lead": "lowest-trump"})
    hand = stacked(rules, {0: "2C 3C 4C 5C 6C", 1: "7C 8C 9C TC JC", 2: "AS KS 4S AH 2D", 3: "2H 3H 4H 5H 6H"})
    hand.apply(Call(0, 5))
    hand.apply(NamedCall(1, "wellington"))
    hand.apply(NamedCall(2, "blucher"))
    hand.apply(Pass(3))
    hand.apply(Play(2, parse_card("AS")))  # lowest-trump-wellington-only


# ---------------------------------------------------------------------- stakes of the call in force


def test_a_revoke_against_a_misery_is_paid_at_misery_stakes() -> None:
    """Wikipedia: the revoker pays the soloist what all would have paid (a Misery's three each)."""
    hands = {0: "2S 3S 4S 2C 3C", 1: "AS KC QC JC TC", 2: "AD KD QD JD TD", 3: "AH KH QH JH TH"}
    rules = Rules.profile("wikipedia", ["misery"])
    hand = Hand.stacked(rules, 4, 3, {s: parse_cards(t) for s, t in hands.items()}, allow_irregular=True)
    hand.apply(NamedCall(0, "misery"))
    for seat in (1, 2, 3):
        hand.apply(Pass(seat))
    play(hand, "2S KC")  # seat 1 holds the ace of spades: a revoke
    hand.apply(hand.legal_actions()[-1])  # a claim of it
    assert hand.result is not None and hand.result.outcome == "abandoned"
    assert payments(hand) == {0: 9, 1: -9, 2: 0, 3: 0}


def test_a_revoking_wellington_caller_loses_at_wellington_stakes() -> None:
    """Hoyle: a revoking soloist loses his call at once (Wellington: twice a Nap's loss)."""
    hands = {0: "2C 3C 4C 5C 6C", 1: "AS KS QS 2H 3H", 2: "2D 3D 4D 5D 6D", 3: "4H 5H 6H 7H 8H"}
    rules = Rules.profile("hoyle", ["wellington"]).with_options({"stop-when-decided": False})
    hand = Hand.stacked(rules, 4, 3, {s: parse_cards(t) for s, t in hands.items()}, allow_irregular=True)
    hand.apply(Call(0, 5))
    hand.apply(NamedCall(1, "wellington"))
    hand.apply(Pass(2))
    hand.apply(Pass(3))
    play(hand, "2H 2D 4H 2C")  # hearts are trumps; seat 3 wins
    play(hand, "5H 3C AS")  # seat 1 holds the three of hearts: a revoke
    hand.apply(hand.legal_actions()[-1])  # a claim of it
    assert hand.result is not None and (hand.result.outcome, hand.result.declaration) == ("defeated", "wellington")
    lose = rules.lose_stake(5, "wellington")
    assert lose == 2 * rules.lose_stake(5)
    assert payments(hand) == {0: lose, 1: -3 * lose, 2: lose, 3: lose}


def test_a_lost_seven_card_nap_pays_half_stakes() -> None:
    hand = Hand(SEVEN, 4, 3, seed=3)
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    hand.apply(Call(0, 5))
    for seat in (1, 2, 3):
        hand.apply(Pass(seat))
    while hand.phase != "finished":
        hand.apply(hand.legal_actions()[0])
    assert hand.result is not None
    if hand.result.outcome == "defeated":
        assert payments(hand)[0] == -3 * 5
    else:
        assert payments(hand)[0] == 3 * 10


# ---------------------------------------------------------------------- the command


def test_the_benchmark_and_the_session_play_with_variants() -> None:
    from click.testing import CliRunner

    from napspec.reference.cli import main

    runner = CliRunner()
    bench = runner.invoke(main, ["bench", "--hands", "30", "--profile", "wikipedia", "--variants", "misery,blucher"])
    assert bench.exit_code == 0, bench.output
    assert "rules 'wikipedia+misery+blucher'" in bench.output
    session = runner.invoke(
        main,
        ["play", "--profile", "hoyle", "--variants", "misery,wellington,sir-garnet", "--hands", "4", "--seed", "3"],
    )
    assert session.exit_code == 0, session.output
    assert "Totals" in session.output
    unknown = runner.invoke(main, ["bench", "--hands", "3", "--profile", "peel", "--variants", "misery"])
    assert unknown.exit_code == 2 and "gives no variant 'misery'" in unknown.output


def test_a_house_rules_file_names_its_variants(tmp_path: Path) -> None:
    path = tmp_path / "crown.toml"
    path.write_text(
        'base = "wikipedia"\nname = "Crown"\nvariants = ["misery", "blucher"]\n'
        '[options]\nwellington-lead = "lowest-trump"\n',
        encoding="utf-8",
    )
    rules = Rules.house_rules(path)
    assert (rules.name, rules.misery, rules.blucher, rules.wellington_lead) == (
        "Crown",
        "no-trumps",
        "win-10-lose-20",
        "lowest-trump",
    )
    assert names(rules)[-2:] == ["Wellington", "Blücher"]
