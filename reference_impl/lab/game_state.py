"""One deal of Nap as the game of :mod:`.openspiel_game` plays it, in plain values and without
OpenSpiel: its parameters, checked (:class:`Setting`), and its state (:class:`NapPlay`), the pack
as chance builds it, then the engine's hand, and what the table and each player see of every
action.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from napspec.lab.action_ids import REFUSE_ID, action_name, legal_by_id
from napspec.reference.actions import (
    Action,
    Buy,
    Call,
    Discard,
    NamedCall,
    Pass,
    Peep,
    RefuseToShow,
    ShowCards,
    TakeExtraHand,
    TakePeepCard,
    describe,
)
from napspec.reference.cards import format_card, format_cards, format_suit
from napspec.reference.contracts import NAMED_CALLS, Contract
from napspec.reference.hand import Hand
from napspec.reference.rules import REFUSALS_TO_SHOW, Rules

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
        setting's ``refusals`` are made (see :mod:`.openspiel_game`)."""
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
