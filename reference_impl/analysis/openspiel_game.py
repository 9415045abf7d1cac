"""The reference engine as an OpenSpiel game: ``python_napspec_nap``, so that OpenSpiel's agents
(random play, MCTS, information-set MCTS) can play a hand of Nap under any profile.

Loading (OpenSpiel is optional: ``pip install 'napspec[bench]'``)::

    from napspec.reference.analysis.openspiel_game import load_game, register
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

The part without OpenSpiel, :class:`NapPlay`, is the state of the game with plain ints:

>>> play = NapPlay(Setting.of("peel", 3))
>>> play.current_player() == CHANCE, len(play.chance_outcomes())
(True, 52)
>>> for card in range(52):
...     play.apply(card)
>>> play.current_player(), play.hand.phase, action_name(play.legal()[0], play.hand)
(2, 'cut', 'seat 2 cuts 1 cards')
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from napspec.reference.actions import (
    Action,
    AskInformation,
    Buy,
    Call,
    Claim,
    Cut,
    DealCards,
    DeclinePeepCard,
    Discard,
    ExposeCard,
    NamedCall,
    Pass,
    Peep,
    Play,
    RefuseToShow,
    ShowCards,
    TakeExtraHand,
    TakePeepCard,
    describe,
)
from napspec.reference.bench import OPENSPIEL_MISSING
from napspec.reference.cards import PACK_SIZE, format_card, format_cards, format_suit
from napspec.reference.contracts import NAMED_CALLS, Contract
from napspec.reference.hand import Hand
from napspec.reference.rules import MAX_HANDS, MOST_CARDS_EACH, REFUSALS_TO_SHOW, Rules

GAME_NAME = "python_napspec_nap"
"""The name the game is registered under."""

PROFILES = ("peel", "hoyle", "britannica", "wikipedia")
"""The profiles the parameter ``profile`` may name."""

DEFAULTS: dict[str, str | int] = {
    "profile": "hoyle",
    "players": 4,
    "variants": "",
    "dealer": 0,
    "refusals": REFUSALS_TO_SHOW,
}
"""The parameters and their defaults."""

CHANCE = -1
"""What :meth:`NapPlay.current_player` returns at a chance node (OpenSpiel's own value)."""
TERMINAL = -4
"""What :meth:`NapPlay.current_player` returns once the hand is settled (OpenSpiel's own)."""

EXTRA_HAND_CARDS = 5
"""The cards of Sir Garnet's extra hand."""

# The ids of the players' actions, in blocks: the first id of each block and its size.
PLAY_BASE = 0  # the card played: 52 ids
CUT_BASE = PLAY_BASE + PACK_SIZE  # the depth of the cut, 0..52: 53 ids
DEAL_ID = CUT_BASE + PACK_SIZE + 1
PASS_ID = DEAL_ID + 1
CALL_BASE = PASS_ID + 1  # tricks called, 0..7: 8 ids
NAMED_BASE = CALL_BASE + MOST_CARDS_EACH + 1  # misery, wellington, blucher
TAKE_EXTRA_ID = NAMED_BASE + len(NAMED_CALLS)
PEEP_ID = TAKE_EXTRA_ID + 1
DECLINE_PEEP_ID = PEEP_ID + 1
SHOW_ID = DECLINE_PEEP_ID + 1
REFUSE_ID = SHOW_ID + 1
TAKE_PEEP_BASE = REFUSE_ID + 1  # the position of the card given up for the peep card: 7 ids
BUY_BASE = TAKE_PEEP_BASE + MOST_CARDS_EACH  # the positions thrown away in a holding of up to 7: 128 ids
DISCARD_BASE: int = BUY_BASE + 2**MOST_CARDS_EACH  # positions discarded of up to 12 cards: 4096 ids
NUM_ACTIONS: int = DISCARD_BASE + 2 ** (MOST_CARDS_EACH + EXTRA_HAND_CARDS)
"""The number of distinct ids of the players' actions."""


class OutsideTheGame(ValueError):
    """An action of the engine that the game leaves out by design (irregular play, claims):
    it has no id in the game, and the game never offers it."""


@dataclass(frozen=True)
class Setting:
    """The parameters of a game, checked, and the rules they make."""

    profile: str
    players: int
    variants: tuple[str, ...]
    dealer: int
    rules: Rules
    refusals: int = REFUSALS_TO_SHOW

    @classmethod
    def of(
        cls,
        profile: str = "hoyle",
        players: int = 4,
        variants: str | Sequence[str] = "",
        dealer: int = 0,
        refusals: int = REFUSALS_TO_SHOW,
    ) -> Setting:
        """The setting of these parameters; :class:`ValueError` (the engine's errors are ones)
        for a profile, a variant or a table the rules do not have.

        >>> Setting.of("wikipedia", 5, "misery, wellington").variants
        ('misery', 'wellington')
        >>> Setting.of("hoyle", 4, "misery+sir-garnet").variants
        ('misery', 'sir-garnet')
        >>> Setting.of("peel", 7)
        Traceback (most recent call last):
        ...
        napspec.reference.errors.RulesError: 7 players: the rules 'peel' allow 2 to 6 (options ...)
        """
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}: one of {', '.join(PROFILES)}")
        names = variants.replace("+", ",").split(",") if isinstance(variants, str) else list(variants)
        chosen = tuple(name.strip() for name in names if name.strip())
        rules = Rules.profile(profile, chosen)
        rules.check_players(players)
        if not 0 <= dealer < players:
            raise ValueError(f"dealer {dealer}: a seat of 0..{players - 1}")
        if not 0 <= refusals <= REFUSALS_TO_SHOW:
            raise ValueError(f"refusals {refusals}: from none to the rules' {REFUSALS_TO_SHOW} (refusals-to-show)")
        return cls(profile, players, chosen, dealer, rules, refusals)

    @classmethod
    def from_params(cls, params: Mapping[str, object]) -> Setting:
        """The setting of OpenSpiel's parameters (absent ones take :data:`DEFAULTS`)."""
        unknown = set(params) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown parameters {sorted(unknown)}: the game takes {', '.join(DEFAULTS)}")
        values = {**DEFAULTS, **params}
        return cls.of(
            str(values["profile"]),
            _int(values["players"]),
            str(values["variants"]),
            _int(values["dealer"]),
            _int(values["refusals"]),
        )

    @property
    def pack(self) -> tuple[int, ...]:
        """The cards of the pack in play, in card order."""
        return self.rules.pack_cards(self.players)

    @property
    def zero_sum(self) -> bool:
        """Whether the payments always sum to zero: no pool takes a part of them."""
        return self.rules.pool != "played"

    @property
    def utility_bound(self) -> float:
        """A bound on any seat's payment in a hand (not the least one): the settlement pays at
        most the largest stake to or from each other seat, and so does each refusal to show (a
        revoke, whose revoker may pay for all); ten stakes a seat more for the fees, the fines
        and the pool.

        >>> Setting.of("peel", 4).utility_bound, Setting.of("peel", 4, refusals=0).utility_bound
        (160.0, 80.0)
        """
        largest = max(max(win, lose) for win, lose in self.rules.stakes.values())
        return float((self.refusals + 1) * self.players * (largest + 10))

    @property
    def max_game_length(self) -> int:
        """A bound on the actions of a hand, chance's included: the pack, the cut and the deal,
        three actions a player in the exchanges and the calling and three more, and the cards
        played and shown once, and once again after each refusal to show (which replays them).

        >>> Setting.of("hoyle", 4).max_game_length
        117
        """
        n = self.players
        return len(self.pack) + 2 + 3 * n + 3 + (self.refusals + 1) * n * (self.rules.cards_each + 1)


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"an integer, not {value!r}")
    return int(value)


# ---------------------------------------------------------------------- the ids of the actions


def _positions(cards: Sequence[int], holding: Sequence[int]) -> int:
    """The set of positions of ``cards`` in ``holding`` (card order), as bits."""
    mask = 0
    for card in cards:
        mask |= 1 << holding.index(card)
    return mask


def action_id(action: Action, hand: Hand) -> int:
    """The id of a regular action in ``hand`` now (see the module's docstring).

    >>> from napspec.reference.rules import Rules
    >>> hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=1)
    >>> action_id(Cut(3, 17), hand), action_id(Call(1, 5), hand), action_id(Play(2, 51), hand)
    (69, 112, 51)
    """
    if isinstance(action, Play):
        return PLAY_BASE + action.card
    if isinstance(action, Cut):
        return CUT_BASE + action.depth
    if isinstance(action, DealCards):
        if action.exposed is not None or action.counts is not None:
            raise OutsideTheGame(f"an irregular deal is not part of the game: {action!r}")
        return DEAL_ID
    if isinstance(action, Pass):
        return PASS_ID
    if isinstance(action, Call):
        return CALL_BASE + action.tricks
    if isinstance(action, NamedCall):
        return NAMED_BASE + NAMED_CALLS.index(action.call)
    if isinstance(action, TakeExtraHand):
        return TAKE_EXTRA_ID
    if isinstance(action, Peep):
        return PEEP_ID
    if isinstance(action, DeclinePeepCard):
        return DECLINE_PEEP_ID
    if isinstance(action, ShowCards):
        return SHOW_ID
    if isinstance(action, RefuseToShow):
        return REFUSE_ID
    if isinstance(action, TakePeepCard):
        return TAKE_PEEP_BASE + hand.holding(action.seat).index(action.card)
    if isinstance(action, Buy):
        return BUY_BASE + _positions(action.cards, hand.holding(action.seat))
    if isinstance(action, Discard):
        return DISCARD_BASE + _positions(action.cards, hand.holding(action.seat))
    assert isinstance(action, (Claim, ExposeCard, AskInformation))
    raise OutsideTheGame(f"irregular play and claims are not part of the game: {action!r}")


def legal_by_id(hand: Hand) -> dict[int, Action]:
    """The engine's legal actions in ``hand`` by id, ids ascending. Every one is the acting
    seat's (a claim by another seat is not part of the game: :class:`OutsideTheGame`)."""
    actions: dict[int, Action] = {}
    for action in hand.legal_actions():
        if action.seat != hand.to_act:
            raise OutsideTheGame(f"an action out of turn is not part of the game: {action!r}")
        actions[action_id(action, hand)] = action
    return dict(sorted(actions.items()))


def action_name(action: int, hand: Hand | None, seat: int | None = None) -> str:
    """The readable name of the id ``action`` taken by ``seat`` (the seat to act, by default)
    in ``hand`` now: the engine's description of a listed action, else the id's block.

    >>> from napspec.reference.rules import Rules
    >>> hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=1)
    >>> action_name(CALL_BASE + 3, hand, 1), action_name(PLAY_BASE + 49, hand, 2)
    ('seat 1 calls 3', 'seat 2 plays QS')
    """
    if hand is not None and (seat is None or seat == hand.to_act) and hand.result is None:
        listed = legal_by_id(hand).get(action)
        if listed is not None:
            return describe(listed)
    if seat is None:
        seat = hand.to_act if hand is not None and hand.to_act is not None else 0
    named = _named_without_hand(action, seat)
    if named is None:
        return f"seat {seat}: action {action}"
    return describe(named) if not isinstance(named, str) else named


def _named_without_hand(action: int, seat: int) -> Action | str | None:
    """The action an id names when it needs no holding to read; a text for the others."""
    blocks: list[tuple[int, int, Any]] = [
        (PLAY_BASE, PACK_SIZE, lambda i: Play(seat, i)),
        (CUT_BASE, PACK_SIZE + 1, lambda i: Cut(seat, i)),
        (DEAL_ID, 1, lambda i: DealCards(seat)),
        (PASS_ID, 1, lambda i: Pass(seat)),
        (CALL_BASE, MOST_CARDS_EACH + 1, lambda i: Call(seat, i)),
        (NAMED_BASE, len(NAMED_CALLS), lambda i: NamedCall(seat, NAMED_CALLS[i])),
        (TAKE_EXTRA_ID, 1, lambda i: TakeExtraHand(seat)),
        (PEEP_ID, 1, lambda i: Peep(seat)),
        (DECLINE_PEEP_ID, 1, lambda i: DeclinePeepCard(seat)),
        (SHOW_ID, 1, lambda i: ShowCards(seat)),
        (REFUSE_ID, 1, lambda i: RefuseToShow(seat)),
        (TAKE_PEEP_BASE, MOST_CARDS_EACH, lambda i: f"seat {seat} takes the peep card for his card {i + 1}"),
        (BUY_BASE, 2**MOST_CARDS_EACH, lambda i: f"seat {seat} buys, throwing away his cards {_bits(i)}"),
        (DISCARD_BASE, NUM_ACTIONS - DISCARD_BASE, lambda i: f"seat {seat} discards his cards {_bits(i)}"),
    ]
    for base, size, make in blocks:
        if base <= action < base + size:
            named: Action | str = make(action - base)
            return named
    return None


def _bits(mask: int) -> str:
    """The positions of a set of bits, from 1, in a holding: ``1 3``; ``none``."""
    places = [str(i + 1) for i in range(mask.bit_length()) if mask >> i & 1]
    return " ".join(places) if places else "none"


# ---------------------------------------------------------------------- the state, without OpenSpiel


@dataclass(slots=True)
class Seen:
    """An action as the table sees it (``public``) and as its taker does (``private``)."""

    seat: int
    public: str
    private: str


def _seen(action: Action, hand: Hand) -> Seen:
    """What the table and the taker see of ``action``, taken in ``hand`` (before it is applied)."""
    full = describe(action)
    seat = action.seat
    if isinstance(action, Buy) and action.cards:
        return Seen(seat, f"seat {seat} buys {len(action.cards)} cards", full)
    if isinstance(action, Discard):
        return Seen(seat, f"seat {seat} discards {len(action.cards)} cards", full)
    if isinstance(action, TakePeepCard):
        return Seen(seat, f"seat {seat} takes the peep card", full)
    if isinstance(action, Peep) and hand.peep_card is not None:
        return Seen(seat, full, f"{full}: {format_card(hand.peep_card)}")
    if isinstance(action, TakeExtraHand):
        return Seen(seat, full, f"{full}: {format_cards(hand.extra_hand or ())}")
    if isinstance(action, ShowCards):
        shown = f"{full}: {format_cards(hand.holding(seat))}"
        return Seen(seat, shown, shown)
    return Seen(seat, full, full)


class NapPlay:
    """The state of the game in plain values: the pack as chance has built it so far, then the
    hand made with it, and what was seen of each action.

    ``current_player()`` is a seat, :data:`CHANCE` or :data:`TERMINAL`; ``legal()`` the ids of
    the legal actions, ascending (at a chance node, the cards not yet placed); ``apply(id)``
    takes one.
    """

    __slots__ = ("deck", "hand", "refused", "seen", "setting")

    def __init__(self, setting: Setting) -> None:
        self.setting = setting
        self.deck: list[int] = []
        self.hand: Hand | None = None
        self.seen: list[Seen] = []
        self.refused = 0
        """The refusals to show made in the hand so far."""

    def __deepcopy__(self, memo: dict[int, object]) -> NapPlay:
        """A copy sharing what never changes (the setting and its rules)."""
        twin = NapPlay.__new__(NapPlay)
        twin.setting = self.setting
        twin.deck = list(self.deck)
        twin.seen = list(self.seen)  # each Seen is never changed once made
        twin.refused = self.refused
        rules = self.setting.rules
        twin.hand = None if self.hand is None else copy.deepcopy(self.hand, {id(rules): rules})
        return twin

    def current_player(self) -> int:
        if self.hand is None:
            return CHANCE
        to_act = self.hand.to_act
        if self.hand.result is not None or to_act is None:
            return TERMINAL
        return to_act

    def is_terminal(self) -> bool:
        return self.hand is not None and self.hand.result is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may lie next in the pack, each equally likely."""
        placed = set(self.deck)
        left = [card for card in self.setting.pack if card not in placed]
        return [(card, 1.0 / len(left)) for card in left]

    def listed(self) -> dict[int, Action]:
        """The engine's legal actions by id (:func:`legal_by_id`), but a refusal to show once the
        setting's ``refusals`` are made (see the module's docstring)."""
        assert self.hand is not None
        listed = legal_by_id(self.hand)
        if REFUSE_ID in listed and self.refused >= self.setting.refusals:
            del listed[REFUSE_ID]
        return listed

    def legal(self) -> list[int]:
        if self.hand is None:
            return [card for card, _ in self.chance_outcomes()]
        if self.hand.result is not None:
            return []
        return list(self.listed())

    def apply(self, action: int) -> None:
        """Take the action of id ``action``: at a chance node, place a card in the pack; else the
        engine's listed action of that id (:class:`ValueError` if none is)."""
        if self.hand is None:
            if action in self.deck or action not in self.setting.pack:
                raise ValueError(f"card {action} cannot lie next in the pack")
            self.deck.append(action)
            if len(self.deck) == len(self.setting.pack):
                setting = self.setting
                self.hand = Hand(setting.rules, setting.players, setting.dealer, deck=self.deck)
            return
        chosen = self.listed().get(action)
        if chosen is None:
            raise ValueError(f"action {action} is not legal now ({action_name(action, self.hand)})")
        seen = _seen(chosen, self.hand)
        self.hand.apply(chosen)
        self.seen.append(seen)
        self.refused += isinstance(chosen, RefuseToShow)

    def returns(self) -> list[float]:
        """The payments of the settlement by seat (zeros until the hand is settled)."""
        if self.hand is None or self.hand.result is None:
            return [0.0] * self.setting.players
        payments = self.hand.result.payments
        return [float(payments.get(seat, 0)) for seat in range(self.setting.players)]

    # -------------------------------------------------------------- what a player sees

    def _header(self, player: int) -> list[str]:
        setting = self.setting
        variants = f" ({', '.join(setting.variants)})" if setting.variants else ""
        return [f"{setting.profile}{variants}, {setting.players} players, dealer {setting.dealer}; seat {player}"]

    def information_state(self, player: int, private: str = "single") -> str:
        """What ``player`` has seen, in order (perfect recall). ``private``: ``single`` (his own
        cards and actions), ``all`` (every player's), ``none`` (the public part only)."""
        lines = self._header(player)
        hand = self.hand
        if hand is None:
            lines.append(f"shuffling: {len(self.deck)} cards placed")
            return "\n".join(lines)
        dealt_seen = False
        for seen in self.seen:
            mine = private == "all" or (private == "single" and seen.seat == player)
            lines.append(seen.private if mine else seen.public)
            if not dealt_seen and hand.dealt(player) and seen.public.endswith(" deals"):
                dealt_seen = True
                lines.extend(self._holdings(player, private, hand.dealt, "dealt"))
        lines.extend(self._holdings(player, private, hand.holding, "holds"))
        return "\n".join(lines)

    def _holdings(self, player: int, private: str, cards: Any, verb: str) -> list[str]:
        """The cards of the seats ``private`` shows (none for a seat without cards)."""
        seats = range(self.setting.players) if private == "all" else [player] if private == "single" else []
        return [f"seat {seat} {verb} {format_cards(cards(seat))}" for seat in seats if cards(seat)]

    def observation(self, player: int, private: str = "single") -> str:
        """The table as ``player`` sees it now (no recall); ``private`` as for
        :meth:`information_state`."""
        lines = self._header(player)
        hand = self.hand
        if hand is None:
            lines.append(f"shuffling: {len(self.deck)} cards placed")
            return "\n".join(lines)
        lines.append(f"phase {hand.phase}, seat {hand.to_act} to act" if hand.to_act is not None else "settled")
        lines.extend(self._holdings(player, private, hand.holding, "holds"))
        calls = [describe(Pass(seat)) if key == 0 else _call_text(seat, key) for seat, key in hand.declarations]
        if calls:
            lines.append("calling: " + "; ".join(calls))
        if hand.contract is not None and hand.soloist is not None:
            lines.append(f"seat {hand.soloist} plays for {hand.contract.name}")
        if hand.trumps is not None:
            lines.append(f"trumps {format_suit(hand.trumps)}")
        for seat, cards in enumerate(hand.table()):
            if cards:
                shown = " ".join(format_card(card) if face_up else "XX" for card, face_up in cards)
                lines.append(f"before seat {seat}: {shown}")
        if hand.tricks:
            lines.append("tricks won: " + " ".join(str(hand.tricks_won(seat)) for seat in range(self.setting.players)))
        if hand.result is not None:
            lines.append(f"{hand.result.outcome}: " + " ".join(f"{p:+g}" for p in self.returns()))
        return "\n".join(lines)

    def __str__(self) -> str:
        """The whole state, every card shown (for debugging)."""
        if self.hand is None:
            return f"pack so far: {format_cards(self.deck)}"
        lines = [repr(self.hand)]
        lines.extend(f"seat {seat} holds {format_cards(self.hand.holding(seat))}" for seat in range(self.hand.players))
        lines.extend(f"{i}. {seen.private}" for i, seen in enumerate(self.seen, 1))
        return "\n".join(lines)


def _call_text(seat: int, key: int | str) -> str:
    if isinstance(key, int):
        return describe(Call(seat, key))
    if key in NAMED_CALLS:
        return describe(NamedCall(seat, key))
    return f"seat {seat} calls {Contract(5, key).name}"


# ---------------------------------------------------------------------- OpenSpiel


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
