"""The reference engine as an OpenSpiel game: ``python_napspec_nap``, so that OpenSpiel's agents
(random play, MCTS, information-set MCTS) can play a hand of Nap under any profile.

Loading (OpenSpiel is optional: ``pip install 'napspec[lab]'``)::

    from napspec.lab.openspiel_game import load_game, register
    game = load_game(profile="wikipedia", players=5, variants="misery,wellington")
    # or, once register() has run, by name through pyspiel itself:
    game = pyspiel.load_game("python_napspec_nap(profile=peel,players=3)")

Parameters: ``profile`` (``peel``, ``hoyle``, ``britannica``, ``wikipedia``; default
``hoyle``), ``players`` (default 4; the profile's range holds), ``variants`` (the profile's
variants, separated by commas or by ``+``; default none), ``dealer`` (the dealer's seat,
default 0) and ``refusals`` (the refusals to show a hand allows, by default the register's
number refusals-to-show, one; see below). The
game keeps its variants joined by ``+`` (``variants=misery+wellington``): a comma would end
the parameter in OpenSpiel's name of the game, which serialized states carry.

What is modelled: one deal, from the shuffle to the settlement. Every rule is the engine's: an
OpenSpiel state wraps a :class:`~napspec.reference.hand.Hand`, its legal actions are those of
:meth:`Hand.legal_actions`, each taken through :meth:`Hand.apply`.

* The shuffle is chance: one chance node for each card of the pack in play, top first, every
  card not yet placed equally likely (a uniform shuffle, built a card at a time). The pack
  complete, the hand is made with that pack, and the players act.
* The players' nodes are every regular action the engine lists: the cut (its depth), the deal,
  the calls, passes and named calls, the taking of Sir Garnet's extra hand and the discard, Peep
  Nap's peep and exchange, Purchase Nap's buying, the cards played, the showing of cards (or the
  refusal). Each has a stable id (:func:`action_id`): a card played is the card itself (0..51);
  a choice the table does not see, among a player's own cards (the cards thrown away at a
  purchase, the discard of the extra hand, the card given up for the peep card), is named by
  the positions of those cards in his holding, in card order: the player knows which cards
  they are, the others only that he chose.
* The bound of the rules on refusals to show: a player required to show his cards may refuse,
  and the refusal is held to be a revoke; under Hoyle's remedy the hand is replayed, and Hoyle's
  words do not stop refusals and replays from following one another without end. The register
  bounds them (rule irregularities.show-cards, its number refusals-to-show, one; interpretation
  hoyle-refusal-to-show-once), and the engine holds to it. ``refusals`` may lower the bound
  (0 leaves the refusal out): once that many are made in a hand, a player required to show may
  only show, the one place where the game's legal actions may be fewer than the engine's.
* Terminal when the hand is settled; the returns are the payments of the settlement, in stakes,
  by seat. The sitting-out dealer, where there is one, is a player who never acts: he pays and
  receives like the others (rule of the engine), so his return need not be 0. Where a pool is
  played the payments into the pool leave the table, and the game is general-sum; otherwise it
  is zero-sum.
* Information: the information state of a player (perfect recall) is what he has seen: the cards
  he was dealt, every action as the table sees it (the cut, the deal, the calls, the cards
  played, the cards shown, how many cards a player bought or that he discarded), his own
  actions in full (the cards he threw away or discarded, the peep card he looked at, the extra
  hand he took), and his holding now. The observation (without recall) is the state of the
  table: his holding, the calling, the soloist and his call, the trumps, the cards before each
  seat as they lie (a card turned face down is hidden), the tricks won. Neither shows the order
  of the pack, another player's cards, the stock, the peep card or the extra hand.

What is not: irregular play (cards exposed, out of turn, revokes, wrong deals) and claims, which
the engine accepts only in a hand made with ``allow_irregular`` (a claim the engine listed, as
none did in the hands the tests play, would be refused with :class:`OutsideTheGame`); a
player's question for
the call and the tricks made (it does not move the game on); a session of several deals (the
pool carried over, the rotation of the deal): the game is one deal by the dealer given. There
is no ``seed`` parameter: the shuffle is the chance nodes, drawn by whoever plays the game. No
tensors are given, only strings. OpenSpiel's C++ information-set MCTS (``pyspiel.ISMCTSBot``)
cannot play it (a Python game cannot give OpenSpiel's ``ResampleFromInfostate``); its Python
one can, with :func:`resample`.

The part without OpenSpiel, :class:`NapPlay` (:mod:`.game_state`, the ids of its actions in
:mod:`.action_ids`), is the state of the game with plain ints:

>>> play = NapPlay(Setting.of("peel", 3))
>>> play.current_player() == CHANCE, len(play.chance_outcomes())
(True, 52)
>>> for card in range(52):
...     play.apply(card)
>>> play.current_player(), play.hand.phase, action_name(play.legal()[0], play.hand)
(2, 'cut', 'seat 2 cuts 1 cards')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from napspec.lab.action_ids import (
    NUM_ACTIONS,
    SHOW_ID,
    OutsideTheGame,
    action_id,
    action_name,
    legal_by_id,
)
from napspec.lab.compare import OPENSPIEL_MISSING
from napspec.lab.game_state import CHANCE, DEFAULTS, PROFILES, TERMINAL, NapPlay, Seen, Setting
from napspec.reference.cards import PACK_SIZE, format_card
from napspec.reference.rules import MAX_HANDS, REFUSALS_TO_SHOW

GAME_NAME = "python_napspec_nap"
"""The name the game is registered under."""

_REGISTERED: dict[str, Any] = {}


def _pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise ModuleNotFoundError(OPENSPIEL_MISSING) from None
    return pyspiel


def _game_type(pyspiel: Any, zero_sum: bool) -> Any:
    kind = pyspiel.GameType
    return kind(
        short_name=GAME_NAME,
        long_name="Napoleon (napspec reference engine)",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM if zero_sum else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=MAX_HANDS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=dict(DEFAULTS),
    )


def _classes() -> tuple[Any, Any]:
    """The OpenSpiel game and state classes (made once, when OpenSpiel is first needed)."""
    if _REGISTERED:
        return _REGISTERED["game"], _REGISTERED["state"]
    pyspiel = _pyspiel()
    game_base: Any = pyspiel.Game
    state_base: Any = pyspiel.State

    class NapGame(game_base):  # type: ignore[misc]
        """One deal of Nap, the engine's rules; see the module's docstring."""

        def __init__(self, params: Mapping[str, object] | None = None) -> None:
            setting = Setting.from_params(params or {})
            bound = setting.utility_bound
            info = pyspiel.GameInfo(
                num_distinct_actions=NUM_ACTIONS,
                max_chance_outcomes=PACK_SIZE,
                num_players=setting.players,
                min_utility=-bound,
                max_utility=bound,
                utility_sum=0.0 if setting.zero_sum else None,
                max_game_length=setting.max_game_length,
            )
            values = {**DEFAULTS, **(params or {})}
            super().__init__(_game_type(pyspiel, setting.zero_sum), info, values)
            self.setting = setting

        def new_initial_state(self) -> Any:
            return NapState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NapObserver:
            return NapObserver(pyspiel, iig_obs_type, params)

    class NapState(state_base):  # type: ignore[misc]
        """A state of the game: a :class:`NapPlay` in OpenSpiel's clothes."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.play = NapPlay(game.setting)

        def current_player(self) -> int:
            return self.play.current_player()

        def _legal_actions(self, player: int) -> list[int]:
            return self.play.legal()

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.play.chance_outcomes()

        def _apply_action(self, action: int) -> None:
            self.play.apply(action)

        def _action_to_string(self, player: int, action: int) -> str:
            if player == CHANCE:
                return f"card {len(self.play.deck) + 1} of the pack: {format_card(action)}"
            return action_name(action, self.play.hand, player)

        def is_terminal(self) -> bool:
            return self.play.is_terminal()

        def returns(self) -> list[float]:
            return self.play.returns()

        def __str__(self) -> str:
            return str(self.play)

    _REGISTERED["game"], _REGISTERED["state"] = NapGame, NapState
    return NapGame, NapState


class NapObserver:
    """OpenSpiel's observer of the game (strings only): the information state under perfect
    recall, else the observation; the private cards of the player observing, of all or of none,
    as the observation type asks."""

    def __init__(self, pyspiel: Any, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters: {params}")
        self.tensor = None
        self.dict: dict[str, Any] = {}
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        kinds = pyspiel.PrivateInfoType
        kind = kinds.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        self.private = {kinds.SINGLE_PLAYER: "single", kinds.ALL_PLAYERS: "all", kinds.NONE: "none"}[kind]

    def set_from(self, state: Any, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: Any, player: int) -> str:
        play: NapPlay = state.play
        if self.perfect_recall:
            return play.information_state(player, self.private)
        return play.observation(player, self.private)


def register() -> None:
    """Register ``python_napspec_nap`` with OpenSpiel (once; again is harmless).
    :class:`ModuleNotFoundError` says how to install OpenSpiel when it is absent."""
    pyspiel = _pyspiel()
    game_class, _ = _classes()
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(pyspiel, zero_sum=True), game_class)


def load_game(
    profile: str = "hoyle",
    players: int = 4,
    variants: str | Sequence[str] = "",
    dealer: int = 0,
    refusals: int = REFUSALS_TO_SHOW,
) -> Any:
    """The game under ``profile`` at a table of ``players``, with ``variants`` (separated by
    commas or ``+``, or a sequence), ``dealer`` and ``refusals``, loaded through OpenSpiel
    (registering it first)."""
    setting = Setting.of(profile, players, variants, dealer, refusals)  # the parameters' errors first
    register()
    pyspiel = _pyspiel()
    return pyspiel.load_game(
        GAME_NAME,
        {
            "profile": profile,
            "players": players,
            "variants": "+".join(setting.variants),
            "dealer": dealer,
            "refusals": refusals,
        },
    )


def resample(state: Any, player: int, rng: random.Random, tries: int = 1000) -> Any:
    """A state of the same game that ``player`` cannot tell from ``state`` (his information
    state is the same), drawn by dealing anew the cards he has not seen: the cards of the pack
    no line of his information state names are shuffled among their places in the pack, the
    actions are taken again, and a draw is kept only if every action is legal again and the
    player sees the same. For information-set MCTS (OpenSpiel's Python ``ISMCTSBot`` takes it
    through ``set_resampler``). After ``tries`` draws without one, :class:`RuntimeError`.
    """
    play: NapPlay = state.play
    if play.hand is None:
        raise ValueError("nothing is dealt yet: a chance node")
    seen = play.information_state(player)
    names = {format_card(card): card for card in play.setting.pack}
    known = {names[word] for word in seen.split() if word in names}
    deck = play.deck
    places = [i for i, card in enumerate(deck) if card not in known]
    unseen = [deck[i] for i in places]
    actions = list(state.history())[len(deck) :]
    for _ in range(tries):
        rng.shuffle(unseen)
        drawn = list(deck)
        for place, card in zip(places, unseen):
            drawn[place] = card
        twin = NapPlay(play.setting)
        try:
            for action in drawn + actions:
                twin.apply(action)
        except ValueError:  # an action the new deal does not allow: a void shown, say
            continue
        if twin.information_state(player) != seen:
            continue
        new = state.get_game().new_initial_state()
        for action in drawn + actions:
            new.apply_action(action)
        return new
    raise RuntimeError(f"no deal consistent with seat {player}'s information in {tries} draws")


def random_play(game: Any, rng: random.Random) -> list[int]:
    """Play a game of OpenSpiel ``game`` to the end with random actions from ``rng`` (a chance
    node's outcome drawn by its probabilities, here all equal); return the history."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return list(state.history())


__all__ = [
    "CHANCE",
    "DEFAULTS",
    "GAME_NAME",
    "NUM_ACTIONS",
    "PROFILES",
    "SHOW_ID",
    "TERMINAL",
    "NapObserver",
    "NapPlay",
    "OutsideTheGame",
    "Seen",
    "Setting",
    "action_id",
    "action_name",
    "legal_by_id",
    "load_game",
    "random_play",
    "register",
    "resample",
]
