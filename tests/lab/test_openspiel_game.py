"""The engine as an OpenSpiel game (``python_napspec_nap``) agrees with the engine itself, move
for move: the player to act, the legal actions, their names and the payments; OpenSpiel's own
checks pass on it, its agents play it, and a player's information shows no card he has not seen.

The tests that drive OpenSpiel are skipped where it is not installed (it is the ``bench``
extra); those of the game's state without OpenSpiel run everywhere.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from napspec.lab.openspiel_game import (
    CHANCE,
    GAME_NAME,
    SHOW_ID,
    TERMINAL,
    NapPlay,
    Setting,
    action_id,
    load_game,
    register,
    resample,
)
from napspec.reference.actions import Action, RefuseToShow, describe
from napspec.reference.cards import format_card
from napspec.reference.errors import RulesError
from napspec.reference.hand import Hand
from tests.lab.extra import lab_extra

CASES: list[tuple[str, int, str] | tuple[str, int, str, int]] = [
    ("peel", 4, ""),
    ("peel", 6, ""),  # the dealer sits out
    ("peel", 3, "pool"),
    ("hoyle", 4, ""),
    ("hoyle", 2, ""),
    ("hoyle", 3, "misery,wellington,sir-garnet"),
    ("hoyle", 4, "peep"),
    ("hoyle", 4, "purchase"),
    ("britannica", 4, ""),
    ("britannica", 6, ""),  # the dealer sits out
    ("britannica", 10, ""),
    ("wikipedia", 5, ""),
    ("wikipedia", 4, "misery,wellington,blucher"),
    ("wikipedia", 4, "seven-card"),
    ("wikipedia", 4, "short-pack"),
    ("wikipedia", 6, "sir-garnet"),
    ("wikipedia", 7, "purchase"),
    ("wikipedia", 5, "peep,short-pack"),
    ("hoyle", 6, "pool,misery,wellington"),
    ("hoyle", 4, "", 0),  # no refusal to show
    ("hoyle", 5, "purchase"),  # a refusal and its replay, and then the showing the rules require
]
"""The profiles, tables, variants (and refusals to show allowed, if not one) played through:
every profile, the dealer sitting out, and every kind of regular action the engine lists."""

GAMES = 25
"""Random play-throughs of each case in the default run (the campaign plays 100 of each)."""
GAMES_AT_LENGTH = 100


@pytest.fixture
def pyspiel() -> Any:
    return lab_extra("pyspiel")


def _id_of(action: Action, hand: Hand) -> int:
    return action_id(action, hand)


def _play_through(game: Any, setting: Setting, rng: random.Random) -> int:
    """Play ``game`` with random actions and the same actions on a reference hand made directly,
    checking at every step that the two agree; return the actions taken."""
    state = game.new_initial_state()
    deck: list[int] = []
    reference: Hand | None = None
    steps = refused = 0
    while not state.is_terminal():
        if reference is None:
            assert state.current_player() == CHANCE
            outcomes = state.chance_outcomes()
            left = [card for card in setting.pack if card not in deck]
            assert [card for card, _ in outcomes] == left
            assert all(probability == pytest.approx(1 / len(left)) for _, probability in outcomes)
            card = outcomes[rng.randrange(len(outcomes))][0]
            state.apply_action(card)
            deck.append(card)
            if len(deck) == len(setting.pack):
                reference = Hand(setting.rules, setting.players, setting.dealer, deck=deck)
            steps += 1
            continue
        assert reference.result is None
        listed = {_id_of(action, reference): action for action in reference.legal_actions()}
        if refused >= setting.refusals:  # the game's bound: no more refusals to show
            listed = {i: action for i, action in listed.items() if not isinstance(action, RefuseToShow)}
        assert state.current_player() == reference.to_act
        legal = state.legal_actions()
        assert legal == sorted(listed), (reference.phase, legal, sorted(listed))
        chosen = legal[rng.randrange(len(legal))]
        assert state.action_to_string(chosen) == describe(listed[chosen])
        state.apply_action(chosen)
        reference.apply(listed[chosen])
        refused += isinstance(listed[chosen], RefuseToShow)
        steps += 1
    assert reference is not None and reference.result is not None
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    payments = reference.result.payments
    assert state.returns() == [payments.get(seat, 0) for seat in range(setting.players)]
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    if setting.zero_sum:
        assert sum(state.returns()) == 0
    return steps


def _play_throughs(case: tuple[str, int, str] | tuple[str, int, str, int], games: int) -> None:
    profile, players, variants, *rest = case
    setting = Setting.of(profile, players, variants, refusals=rest[0] if rest else 1)
    game = load_game(profile=profile, players=players, variants=variants, refusals=setting.refusals)
    assert game.num_players() == players
    rng = random.Random(f"{profile}/{players}/{variants}")
    steps = [_play_through(game, setting, rng) for _ in range(games)]
    assert max(steps) <= game.max_game_length()


@pytest.mark.parametrize("case", CASES, ids=lambda case: "-".join(map(str, case)))
def test_random_play_throughs_agree_with_the_reference_move_for_move(
    pyspiel: Any, case: tuple[str, int, str] | tuple[str, int, str, int]
) -> None:
    _play_throughs(case, GAMES)


@pytest.mark.campaign
@pytest.mark.parametrize("case", CASES, ids=lambda case: "-".join(map(str, case)))
def test_random_play_throughs_agree_with_the_reference_move_for_move_at_length(
    pyspiel: Any, case: tuple[str, int, str] | tuple[str, int, str, int]
) -> None:
    _play_throughs(case, GAMES_AT_LENGTH)


def test_the_game_is_found_by_name_with_its_parameters(pyspiel: Any) -> None:
    register()
    register()  # again: harmless
    assert GAME_NAME in pyspiel.registered_names()
    game = pyspiel.load_game(f"{GAME_NAME}(profile=peel,players=6)")
    assert game.num_players() == 6
    assert game.get_parameters() == {"profile": "peel", "players": 6, "variants": "", "dealer": 0, "refusals": 1}
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pool = load_game(profile="hoyle", players=4, variants="pool")
    assert pool.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    variants = pyspiel.load_game(f"{GAME_NAME}(profile=wikipedia,variants=misery+blucher)")
    assert variants.get_parameters()["variants"] == "misery+blucher"
    assert load_game(profile="wikipedia", variants="misery,blucher") == variants
    default = pyspiel.load_game(GAME_NAME)
    assert default.num_players() == 4 and default.get_parameters()["profile"] == "hoyle"


def test_parameters_the_rules_refuse_are_refused() -> None:
    with pytest.raises(RulesError, match="allow 2 to 6"):
        Setting.of("peel", 7)
    with pytest.raises(ValueError, match="unknown profile 'parlett'"):
        Setting.of("parlett", 4)
    with pytest.raises(RulesError, match="misery"):
        Setting.of("peel", 4, "misery")
    with pytest.raises(ValueError, match="unknown parameters"):
        Setting.from_params({"seed": 3})
    with pytest.raises(ValueError, match="refusals -1"):
        Setting.of("hoyle", 4, refusals=-1)
    # The rules allow one refusal to show a hand (interpretation hoyle-refusal-to-show-once).
    with pytest.raises(ValueError, match="refusals 2: from none to the rules' 1"):
        Setting.of("hoyle", 4, refusals=2)


@pytest.mark.parametrize(
    ("profile", "players", "variants"),
    [("hoyle", 4, ""), ("peel", 6, ""), ("wikipedia", 4, "misery,sir-garnet"), ("hoyle", 3, "purchase")],
)
def test_openspiel_consistency_checks_pass(pyspiel: Any, profile: str, players: int, variants: str) -> None:
    """OpenSpiel's random simulation test: legal actions, clones, serialization, the bounds of
    the returns and of the game's length."""
    game = load_game(profile=profile, players=players, variants=variants)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_a_clone_goes_its_own_way(pyspiel: Any) -> None:
    game = load_game(profile="hoyle", players=4, variants="sir-garnet")
    rng = random.Random(2)
    state = game.new_initial_state()
    while len(state.history()) < 60:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    twin = state.clone()
    before = str(state), state.information_state_string(1), state.legal_actions()
    while not twin.is_terminal():
        legal = twin.legal_actions()
        twin.apply_action(legal[rng.randrange(len(legal))])
    assert (str(state), state.information_state_string(1), state.legal_actions()) == before
    assert twin.play.setting.rules is state.play.setting.rules  # the rules are shared, never copied


def _dealt(setting: Setting, seed: int) -> NapPlay:
    play = NapPlay(setting)
    pack = list(setting.pack)
    random.Random(seed).shuffle(pack)
    for card in pack:
        play.apply(card)
    return play


@pytest.mark.parametrize(("profile", "players"), [("hoyle", 4), ("britannica", 6), ("wikipedia", 5)])
def test_a_player_sees_no_card_he_has_not_seen(profile: str, players: int) -> None:
    """At every step of random hands, neither the information state nor the observation of a
    player names a card another seat holds, nor one left in the stock; but for the cards all
    have seen played or shown (a replay after a revoke gives them back to their holders)."""
    setting = Setting.of(profile, players)
    rng = random.Random(7)
    checked = 0
    for seed in range(20):
        play = _dealt(setting, seed)
        played: set[str] = set()
        while not play.is_terminal():
            hand = play.hand
            assert hand is not None
            if hand.phase in ("cut", "deal", "calling", "play", "show"):
                for player in range(players):
                    hidden = {format_card(c) for seat in range(players) if seat != player for c in hand.holding(seat)}
                    if hand.phase not in ("cut", "deal"):
                        hidden |= {format_card(c) for c in hand.stock}
                    hidden -= played
                    for text in (play.information_state(player), play.observation(player)):
                        assert not hidden & set(text.split()), (player, text)
                    checked += 1
            legal = play.legal()
            chosen = legal[rng.randrange(len(legal))]
            if hand.phase == "play":
                played.add(format_card(chosen))  # the id of a card played is the card
            elif chosen == SHOW_ID and hand.to_act is not None:
                played |= {format_card(c) for c in hand.holding(hand.to_act)}
            play.apply(chosen)
    assert checked > 1000


def test_information_is_the_same_whatever_the_cards_unseen() -> None:
    """Two packs that deal seat 1 the same cards give him the same information state after the
    deal, whatever the others hold."""
    setting = Setting.of("hoyle", 4)
    first = _dealt(setting, 1)
    for play in (first,):
        play.apply(play.legal()[10])  # the cut
        play.apply(play.legal()[0])  # the deal
    assert first.hand is not None
    mine = set(first.hand.holding(1))
    others = [i for i, card in enumerate(first.deck) if card not in mine]
    unseen = [first.deck[i] for i in others]
    random.Random(3).shuffle(unseen)
    deck = list(first.deck)
    for place, card in zip(others, unseen):
        deck[place] = card
    second = NapPlay(setting)
    for card in deck:
        second.apply(card)
    second.apply(second.legal()[10])
    second.apply(second.legal()[0])
    assert second.hand is not None and second.hand.holding(1) == first.hand.holding(1)
    assert second.hand.holding(2) != first.hand.holding(2)
    assert second.information_state(1) == first.information_state(1)
    assert second.observation(1) == first.observation(1)
    assert second.information_state(2) != first.information_state(2)


def test_a_resampled_state_is_one_the_player_cannot_tell_apart(pyspiel: Any) -> None:
    game = load_game(profile="hoyle", players=4, variants="peep")
    rng = random.Random(5)
    differs = 0
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                player = state.current_player()
                twin = resample(state, player, rng)
                assert twin.information_state_string(player) == state.information_state_string(player)
                assert twin.legal_actions() == state.legal_actions()
                differs += twin.history() != state.history()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert differs > 50


def _play_with_bots(game: Any, bots: dict[int, Any], rng: random.Random) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        elif state.current_player() in bots:
            state.apply_action(bots[state.current_player()].step(state))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    returns: list[float] = state.returns()
    return returns


def test_mcts_plays_hands(pyspiel: Any) -> None:
    """OpenSpiel's MCTS, random rollouts: it searches the true state (every card), as MCTS does."""
    import numpy as np  # type: ignore[import-not-found,unused-ignore]
    from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped,import-not-found,unused-ignore]

    game = load_game(profile="peel", players=3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=np.random.RandomState(2))
    rng = random.Random(3)
    for _ in range(4):
        returns = _play_with_bots(game, {0: bot}, rng)
        assert sum(returns) == 0


def test_information_set_mcts_plays_hands(pyspiel: Any) -> None:
    """OpenSpiel's Python IS-MCTS searches deals drawn anew from what its player has seen."""
    import numpy as np  # type: ignore[import-not-found,unused-ignore]
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped,import-not-found,unused-ignore]

    game = load_game(profile="hoyle", players=4, variants="misery")
    rng = random.Random(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(2))
    draws: list[int] = []

    def draw(state: Any, player: int) -> Any:
        draws.append(player)
        return resample(state, player, rng)

    bot.set_resampler(draw)
    for _ in range(3):
        returns = _play_with_bots(game, {1: bot}, rng)
        assert sum(returns) == 0
    assert draws and set(draws) == {1}  # it searched deals drawn from seat 1's information only


def test_without_openspiel_register_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'napspec\[lab\]'"):
        register()
    with pytest.raises(ModuleNotFoundError, match="OpenSpiel is not installed"):
        load_game(profile="peel", players=4)


def test_an_action_the_game_leaves_out_is_refused_by_name() -> None:
    """Claims and irregular play have no id in the game: asking for one names the action."""
    from napspec.lab.openspiel_game import OutsideTheGame, action_id
    from napspec.reference.actions import Claim
    from napspec.reference.hand import Hand
    from napspec.reference.rules import Rules

    hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=1)
    with pytest.raises(OutsideTheGame, match="claims are not part of the game: Claim"):
        action_id(Claim(1, 0), hand)
