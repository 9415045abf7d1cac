"""Simulated play, for the sources' claims about calling and play: agents that call and play
a hand of Nap by stated rules, hands dealt from a seeded shuffle and played by the reference
engine, and the seeded samples of deals a claim is judged from (their confidence intervals
are :mod:`~napspec.lab.intervals`').

Every hand is the engine's: an agent chooses among :meth:`Hand.legal_actions` and the engine
applies the choice, deals, judges the tricks and settles. An agent sees a hand only through a
:class:`SeatView` (its own cards, the calls, the cards played, the tricks won, and what its own
peep showed it), so no agent can look at another player's cards.

The agents (:class:`Agent`) are simple and stated in full, so that a verdict says what it
rests on:

* **Calling**: the agent deals the cards it cannot see at random ``samples`` times, plays
  each layout out as soloist (every seat playing by :data:`PLAIN_STYLE`) and counts the
  tricks it takes; it then makes the call whose expected gain (the chance of making it times
  what it wins, less the chance of failing times what it loses) is highest, or passes when
  none gains. A *bold* agent (``optimism=1``) counts on one trick more than the layouts give
  it. The layouts of a hand are drawn from a seed made of the hand itself (up to the order of
  its suits), so an agent values the same cards the same way in every run.
* **Play**, by its :class:`Style`: the soloist leads his longest suit from the top (it becomes
  trumps), then trumps while an opponent may hold one, then his highest card; following, he
  wins as cheaply as he can or throws his lowest. An opponent of the soloist who plays after
  him beats him as cheaply as he can, or throws; one who plays before him plays high when he
  can head the trick, else low; leading, he leads his highest card of a plain suit (or trumps,
  as the style says).

>>> from napspec.reference.rules import Rules
>>> record = play_deal(Rules.profile("hoyle"), 4, (Agent(),) * 4, random.Random(7))
>>> sum(record.payments), record.soloist is not None
(0, True)
"""

from __future__ import annotations

import math
import os
import random
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal, get_args, get_origin, get_type_hints

from napspec.lab.executors import executor, scheduler_in_use
from napspec.lab.progress import Progress, wait_reporting
from napspec.reference.actions import (
    Action,
    Buy,
    Call,
    DeclinePeepCard,
    Pass,
    Peep,
    Play,
    TakePeepCard,
)
from napspec.reference.cards import ACE, JACK, RANKS
from napspec.reference.events import POOL, PeepCardTaken
from napspec.reference.hand import Hand
from napspec.reference.play import NO_TRUMPS, POWER
from napspec.reference.rules import Rules

# ------------------------------------------------------------------------------ the view


class SeatView:
    """What ``seat`` sees of ``hand``: its own cards and everything played in the open.

    >>> from napspec.reference.rules import Rules
    >>> from napspec.reference.cards import parse_cards, format_cards
    >>> hand = Hand.stacked(Rules.profile("peel"), 2, 0, {0: parse_cards("AS KS QS JS TS"),
    ...                                                  1: parse_cards("AH KH QH JH TH")})
    >>> view = SeatView(hand, 1)
    >>> format_cards(view.holding), view.phase, view.to_act
    ('TH JH QH KH AH', 'calling', True)
    """

    __slots__ = ("_hand", "seat")

    def __init__(self, hand: Hand, seat: int) -> None:
        self._hand = hand
        self.seat = seat

    @property
    def rules(self) -> Rules:
        return self._hand.rules

    @property
    def players(self) -> int:
        return self._hand.players

    @property
    def hands_dealt(self) -> int:
        return len(self._hand.active_seats)

    @property
    def dealer(self) -> int:
        return self._hand.dealer

    @property
    def phase(self) -> str:
        return self._hand.phase

    @property
    def to_act(self) -> bool:
        return self._hand.to_act == self.seat

    @property
    def legal(self) -> Sequence[Action]:
        """The actions open to the seat (none when it is not its turn)."""
        return self._hand.legal_actions() if self.to_act else ()

    @property
    def holding(self) -> tuple[int, ...]:
        return self._hand.holding(self.seat)

    @property
    def thrown_away(self) -> tuple[int, ...]:
        """The cards this seat threw away at a purchase (it knows them; nobody else does)."""
        own = set(self._hand.dealt(self.seat)) - set(self.holding)
        return tuple(card for card in self._hand.thrown_away if card in own)

    @property
    def pack(self) -> tuple[int, ...]:
        return self.rules.pack_cards(self.players)

    @property
    def highest_call(self) -> int:
        """The most tricks called so far (0 before any call)."""
        return max((key for _, key in self._hand.declarations if isinstance(key, int)), default=0)

    @property
    def soloist(self) -> int | None:
        return self._hand.soloist

    @property
    def call(self) -> int | None:
        return self._hand.call

    @property
    def declaration(self) -> str | None:
        """The named call played (``misery``...), or ``None`` for a call of tricks."""
        return self._hand.declaration

    @property
    def trumps(self) -> int | None:
        return self._hand.trumps

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The cards played to the trick in progress, (seat, card), in order."""
        return self._hand.current_trick

    @property
    def played(self) -> tuple[int, ...]:
        """Every card played so far in the hand."""
        return tuple(card for _, card in self._hand.plays)

    def tricks_won(self, seat: int) -> int:
        return self._hand.tricks_won(seat)

    @property
    def peep_card(self) -> int | None:
        """The peep card, if this seat has peeped at it."""
        return self._hand.peep_card if self.seat in self._hand.peeped else None

    @property
    def soloist_took_peep_card(self) -> bool:
        """Whether the soloist took the peep card into his hand (the table sees it taken)."""
        return any(isinstance(event, PeepCardTaken) for event in self._hand.events)


# ------------------------------------------------------------------------------ the agents


@dataclass(frozen=True)
class Style:
    """How an agent plays its cards; each field other than the plain one is a piece of the
    sources' advice, so that two styles can be compared on the same deals.

    ``defence_leads``: what an opponent of the soloist leads: ``"plain"`` his highest card of
    a plain suit (trumps only when he has nothing else), ``"trumps"`` a trump when he holds one,
    ``"trumps-when-one-short"`` a trump when the soloist needs only one more trick, plain
    otherwise (Hoyle pp. 102-103).

    ``throws``: the card thrown when a player cannot follow and does not trump (or need not):
    ``"lowest"`` his lowest card, ``"shortest-weakest"`` the lowest of his shortest plain suit,
    the weaker of two as short (Hoyle p. 103), ``"save-peeped-suit"`` as ``lowest`` but keeping
    a card that can beat the peep card the soloist took (Hoyle p. 97).

    ``first_round``: how an opponent plays when the soloist's first lead comes to him and he can
    head it: ``"head"`` with his lowest card that heads it, ``"pass"`` with his lowest card,
    ``"head-but-ace-small"`` heads it except when he holds the ace and one small card of the suit
    and the card led is the knave or lower, when he passes it (Peel p. 10).

    A Misery caller (the plain agent never calls one, but a script may) leads ``misery_leads``:
    ``"lowest"`` his lowest card, ``"single-suit"`` the card of a suit he holds only one of, if
    any (Hoyle p. 96); follows with his highest card that still loses; and, unable to follow,
    throws ``misery_throws``: ``"highest"`` his highest card, or ``"highest-of-shortest"`` the
    highest of his shortest suit, a single card for preference unless it is a two or a three
    (Hoyle p. 103). His opponents lead their lowest card, play under him when he is winning and
    low before him, and throw their highest card.
    """

    defence_leads: Literal["plain", "trumps", "trumps-when-one-short"] = "plain"
    throws: Literal["lowest", "shortest-weakest", "save-peeped-suit"] = "lowest"
    first_round: Literal["head", "pass", "head-but-ace-small"] = "head"
    misery_leads: Literal["lowest", "single-suit"] = "lowest"
    misery_throws: Literal["highest", "highest-of-shortest"] = "highest"

    def __post_init__(self) -> None:
        _check_choices(self)


class BadAgent(ValueError):
    """An agent or a style given a choice it does not know."""


def _check_choices(value: object) -> None:
    """Raise :class:`BadAgent` for a field of ``value`` whose choice is not one its type lists.

    >>> try:
    ...     Style(throws="highest")
    ... except BadAgent as error:
    ...     print(error)
    Style: throws 'highest' is not one of ('lowest', 'shortest-weakest', 'save-peeped-suit')
    """
    hints = get_type_hints(type(value))
    for name, hint in hints.items():
        if get_origin(hint) is Literal and getattr(value, name) not in get_args(hint):
            raise BadAgent(f"{type(value).__name__}: {name} {getattr(value, name)!r} is not one of {get_args(hint)}")


THREE = RANKS.index("3")
"""The rank of the three (a single two or three the Misery caller keeps)."""

PLAIN_STYLE = Style()
"""The style every agent values its hand with, whatever style it plays."""


@dataclass(frozen=True)
class Agent:
    """An agent: how it calls (from ``samples`` layouts of the cards it cannot see, counting
    on ``optimism`` tricks more than they give), how it plays (``style``), whether it peeps
    (``peeps``: ``"never"``, ``"always"``, or ``"not-after-nap"``: always, unless Nap has been
    called before its turn), and what it buys at Purchase Nap (``buys``: ``"none"``, or
    ``"weak"``: every card that is neither of its longest suit nor an ace).
    ``random_choices``: it chooses every action at random among the legal ones (a player with
    no skill at all). A call the agent would not make is given to it by the deal's script
    (:func:`play_deal`)."""

    name: str = "plain"
    samples: int = 24
    optimism: int = 0
    style: Style = PLAIN_STYLE
    peeps: Literal["never", "always", "not-after-nap"] = "never"
    buys: Literal["none", "weak"] = "none"
    random_choices: bool = False

    def __post_init__(self) -> None:
        _check_choices(self)
        if self.samples < 1 or self.optimism < 0:
            raise BadAgent(f"agent {self.name!r}: samples must be at least 1, optimism not negative")

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """The agent's choice among ``view.legal``."""
        legal = view.legal
        if self.random_choices:
            return legal[rng.randrange(len(legal))]
        phase = view.phase
        if phase == "play":
            return Play(view.seat, choose_card(view, self.style))
        if phase == "calling":
            return self._call(view)
        if phase == "purchase":
            return self._buy(view)
        if phase == "peep-exchange":
            return _peep_exchange(view)
        return legal[0]

    def _call(self, view: SeatView) -> Action:
        legal = view.legal
        seat = view.seat
        if any(type(action) is Peep for action in legal) and (
            self.peeps == "always" or (self.peeps == "not-after-nap" and view.highest_call < view.rules.cards_each)
        ):
            return Peep(seat)
        chances = trick_chances(view.rules, view.players, view.holding, self.samples, view.thrown_away)
        rules = view.rules
        best: Action | None = None
        can_pass = any(type(action) is Pass for action in legal)
        best_value = 0.0 if can_pass else -math.inf
        for action in legal:
            if type(action) is not Call:
                continue
            tricks = action.tricks
            chance = chances[min(len(chances) - 1, max(0, tricks - self.optimism))]
            value = chance * rules.win_stake(tricks) - (1 - chance) * rules.lose_stake(tricks)
            if value > best_value:
                best, best_value = action, value
        return Pass(seat) if best is None else best

    def _buy(self, view: SeatView) -> Action:
        legal = [action for action in view.legal if type(action) is Buy]
        if self.buys == "none":
            return next(action for action in legal if not action.cards)
        suit = longest_suit(view.holding)
        throw = tuple(card for card in view.holding if card // 13 != suit and card % 13 != ACE)
        for action in legal:
            if action.cards == throw:
                return action
        return max(  # the stock is short: the most of those it can
            (action for action in legal if set(action.cards) <= set(throw)),
            key=lambda action: len(action.cards),
        )


def _peep_exchange(view: SeatView) -> Action:
    """The soloist takes the peep card when it is of his longest suit or an ace, for his lowest
    card of another suit (or his lowest card)."""
    card = view.peep_card
    holding = view.holding
    suit = longest_suit(holding)
    if card is None or not (card // 13 == suit or card % 13 == ACE):
        return DeclinePeepCard(view.seat)
    others = [c for c in holding if c // 13 != suit] or list(holding)
    return TakePeepCard(view.seat, min(others, key=lambda c: c % 13))


def longest_suit(cards: Iterable[int]) -> int:
    """The suit with most cards; of two as long, the one with the higher top card.

    >>> from napspec.reference.cards import parse_cards
    >>> longest_suit(parse_cards("2S 3S AH KH 4D"))
    2
    """
    best: dict[int, tuple[int, int]] = {}
    for card in cards:
        count, top = best.get(card // 13, (0, -1))
        best[card // 13] = (count + 1, max(top, card % 13))
    return max(best, key=lambda suit: best[suit])


# ---------------------------------------------------------------------------- card play


def _winning(trick: Sequence[tuple[int, int]], trumps: int) -> tuple[int, int]:
    """The (seat, card) winning ``trick`` so far: the engine's order of power in a trick."""
    power = POWER[trumps][trick[0][1] // 13]
    return max(trick, key=lambda played: power[played[1]])


def _heads(card: int, best: int, led: int, trumps: int) -> bool:
    power = POWER[trumps][led]
    return power[card] > power[best]


def choose_card(view: SeatView, style: Style) -> int:
    """The card ``style`` plays from the legal ones."""
    cards = [action.card for action in view.legal if type(action) is Play]
    if view.declaration == "misery":
        return _misery_card(view, cards, style)
    seat, soloist = view.seat, view.soloist
    trick = view.trick
    trumps = view.trumps
    if not trick:
        return _lead(view, cards, style)
    assert trumps is not None  # the first lead fixed them
    led = trick[0][1] // 13
    winner, best = _winning(trick, trumps)
    heading = sorted((c for c in cards if _heads(c, best, led, trumps)), key=lambda c: POWER[trumps][led][c])
    following = cards[0] // 13 == led
    if seat == soloist:  # the style is how the agent defends: as soloist it plays plainly
        return heading[0] if heading else _throw(view, cards, PLAIN_STYLE, following)
    if any(s == soloist for s, _ in trick):
        if winner != soloist or not heading:
            return _throw(view, cards, style, following)
        if len(view.played) == len(trick) and trick[0][0] == soloist and _passes_first_round(style, cards, trick):
            return min(cards)
        return heading[0]
    # The soloist plays after this seat: head the trick as high as it can, or throw.
    if heading and following:
        return heading[-1]
    return _throw(view, cards, style, following)


def _misery_card(view: SeatView, cards: list[int], style: Style) -> int:
    """The card played in a Misery (see :class:`Style`)."""
    trick = view.trick
    caller = view.seat == view.soloist
    if not trick:
        if caller and style.misery_leads == "single-suit":
            singles = [c for c in cards if sum(1 for d in cards if d // 13 == c // 13) == 1]
            if singles:
                return min(singles, key=lambda c: c % 13)
        return min(cards, key=lambda c: c % 13)
    trumps = view.trumps if view.trumps is not None else NO_TRUMPS
    led = trick[0][1] // 13
    power = POWER[trumps][led]
    winner, best = _winning(trick, trumps)
    losing = [c for c in cards if power[c] <= power[best]]
    following = cards[0] // 13 == led
    if caller:
        if not losing:  # every card wins: the Misery is lost whatever he plays
            return max(cards, key=lambda c: power[c])
        if following:
            return max(losing, key=lambda c: power[c])
        return _misery_throw(losing, style)
    if following:
        if winner == view.soloist and losing:  # keep him winning
            return max(losing, key=lambda c: c % 13)
        return min(cards, key=lambda c: c % 13)
    return max(cards, key=lambda c: c % 13)


def _misery_throw(cards: list[int], style: Style) -> int:
    """The Misery caller's discard.

    >>> from napspec.reference.cards import parse_cards, format_card
    >>> hand = list(parse_cards("2S 9H 3H KD 5C 6C"))
    >>> format_card(_misery_throw(hand, Style(misery_throws="highest-of-shortest")))
    'KD'
    >>> format_card(_misery_throw(hand, Style()))
    'KD'
    >>> format_card(_misery_throw(list(parse_cards("2S 9H 3H 5C 6C")), Style(misery_throws="highest-of-shortest")))
    '9H'
    """
    if style.misery_throws == "highest":
        return max(cards, key=lambda c: c % 13)
    suits: dict[int, list[int]] = {}
    for card in cards:
        suits.setdefault(card // 13, []).append(card)
    # A single two or three is kept (it can always lose); else the shortest suit, singles first.
    kept = [s for s in suits if not (len(suits[s]) == 1 and suits[s][0] % 13 <= THREE)] or list(suits)
    shortest = min(kept, key=lambda s: (len(suits[s]), -(max(suits[s]) % 13)))
    return max(suits[shortest])


def _passes_first_round(style: Style, cards: list[int], trick: Sequence[tuple[int, int]]) -> bool:
    """Whether an opponent able to head the soloist's first lead lets it pass (Peel p. 10)."""
    if style.first_round == "head-but-ace-small":
        return len(cards) == 2 and max(cards) % 13 == ACE and trick[0][1] % 13 <= JACK
    return style.first_round == "pass"


def _throw(view: SeatView, cards: list[int], style: Style, following: bool) -> int:
    """A card that does not try to win: the lowest of the suit led, or a discard."""
    if following or style.throws == "lowest":
        return min(cards, key=lambda c: c % 13)
    trumps = view.trumps
    if style.throws == "save-peeped-suit":
        peep = view.peep_card
        if peep is not None and view.soloist_took_peep_card and peep not in view.played:
            keep = [c for c in cards if c // 13 == peep // 13 and c > peep]
            rest = [c for c in cards if c not in keep] or cards
            return min(rest, key=lambda c: c % 13)
        return min(cards, key=lambda c: c % 13)
    suits: dict[int, list[int]] = {}
    for card in cards:
        if card // 13 != trumps:
            suits.setdefault(card // 13, []).append(card)
    if not suits:
        return min(cards, key=lambda c: c % 13)
    shortest = min(suits, key=lambda s: (len(suits[s]), max(suits[s]) % 13))
    return min(suits[shortest])


def _lead(view: SeatView, cards: list[int], style: Style) -> int:
    trumps = view.trumps
    if view.seat == view.soloist:
        if trumps is None:  # the first lead names trumps: the longest suit, from the top
            suit = longest_suit(cards)
            return max(c for c in cards if c // 13 == suit)
        mine = [c for c in cards if c // 13 == trumps]
        unseen = set(view.pack) - set(view.holding) - set(view.played) - set(view.thrown_away)
        if mine and any(c // 13 == trumps for c in unseen):
            return max(mine)
        return max(cards, key=lambda c: (c % 13, c // 13 == trumps))
    plain = [c for c in cards if c // 13 != trumps]
    trump_cards = [c for c in cards if c // 13 == trumps]
    wants_trumps = style.defence_leads == "trumps" or (
        style.defence_leads == "trumps-when-one-short"
        and view.soloist is not None
        and view.call is not None
        and view.call - view.tricks_won(view.soloist) == 1
    )
    if trump_cards and (wants_trumps or not plain):
        return max(trump_cards)
    return max(plain, key=lambda c: c % 13)


# ------------------------------------------------------------------------- valuing a hand


def _shape(holding: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The hand up to the order of its suits: each suit's ranks, the suits sorted."""
    suits: list[list[int]] = [[], [], [], []]
    for card in holding:
        suits[card // 13].append(card % 13)
    return tuple(sorted((tuple(sorted(ranks)) for ranks in suits), reverse=True))


def trick_chances(
    rules: Rules, players: int, holding: Sequence[int], samples: int, known_out: Sequence[int] = ()
) -> tuple[float, ...]:
    """The chances that ``holding``, played as soloist, takes at least 0, 1, ... tricks: over
    ``samples`` random layouts of the cards it cannot see (less ``known_out``, cards it knows
    are not in play), every seat playing :data:`PLAIN_STYLE` to the last trick. The layouts
    are drawn from a seed made of the hand's shape, so the same cards are always valued alike.

    >>> from napspec.reference.cards import parse_cards
    >>> trick_chances(Rules.profile("peel"), 4, parse_cards("AS KS QS JS TS"), 8)
    (1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    """
    plain = _valuing_rules(rules)
    moved = _canonical(holding)
    return _trick_chances(plain, players, moved, samples, tuple(sorted(_remap(holding, known_out))))


def _canonical(holding: Sequence[int]) -> tuple[int, ...]:
    """The holding with its suits renumbered in the order of :func:`_shape`."""
    return tuple(sorted(_remap(holding, holding)))


def _remap(holding: Sequence[int], cards: Sequence[int]) -> list[int]:
    suits: list[list[int]] = [[], [], [], []]
    for card in holding:
        suits[card // 13].append(card % 13)
    order = sorted(range(4), key=lambda s: (len(suits[s]), sorted(suits[s])), reverse=True)
    new_suit = {old: new for new, old in enumerate(order)}
    return [new_suit[card // 13] * 13 + card % 13 for card in cards]


@cache
def _valuing_rules(rules: Rules) -> Rules:
    """The rules an agent values a hand under: the same game, played to the last trick, with
    no exchanges (the pool, if any, does not change the tricks)."""
    overrides: dict[str, object] = {"stop-when-decided": False}
    for option in ("peep", "purchase"):
        if rules.options()[option] != "not-played":
            overrides[option] = "not-played"
    return rules.with_options(overrides)


@lru_cache(maxsize=200_000)
def _trick_chances(
    rules: Rules, players: int, holding: tuple[int, ...], samples: int, known_out: tuple[int, ...]
) -> tuple[float, ...]:
    rng = random.Random(zlib.crc32(repr((rules.name, players, holding, samples, known_out)).encode()))
    seats = [seat for seat in range(players) if not (rules.dealer_sits_out_at(players) and seat == 0)]
    me = seats[0] if seats[0] != 0 else seats[1 % len(seats)]
    unseen = [card for card in rules.pack_cards(players) if card not in holding and card not in known_out]
    each = rules.cards_each
    counts = [0] * (each + 1)
    for _ in range(samples):
        rng.shuffle(unseen)
        holdings: dict[int, Sequence[int]] = {}
        rest = iter(unseen)
        for seat in seats:
            holdings[seat] = holding if seat == me else [next(rest) for _ in range(each)]
        hand = Hand.stacked(rules, players, 0, holdings)
        while hand.phase == "calling":
            caller = hand.to_act
            assert caller is not None
            if caller == me:
                hand.apply(min((a for a in hand.legal_actions() if type(a) is Call), key=lambda a: a.tricks))
            else:
                hand.apply(Pass(caller))
        views = {seat: SeatView(hand, seat) for seat in seats}
        while hand.phase == "play":
            player = hand.to_act
            assert player is not None
            hand.apply(Play(player, choose_card(views[player], PLAIN_STYLE)))
        counts[hand.tricks_won(me)] += 1
    at_least = []
    running = 0
    for tricks in range(each, -1, -1):
        running += counts[tricks]
        at_least.append(running / samples)
    return tuple(reversed(at_least))


# --------------------------------------------------------------------------- playing deals


@dataclass(frozen=True)
class DealRecord:
    """One hand played: who called what, what came of it, and each seat's money.

    ``payments`` is each seat's net gain between players and the pool (a payment into the pool
    counted against the payer, a payment out of it for the payee); ``paid`` what each seat
    paid out in all (to players and to the pool)."""

    soloist: int | None
    call: int | None
    outcome: str
    tricks: int | None
    payments: tuple[int, ...]
    paid: tuple[int, ...]


def deal_holdings(rules: Rules, players: int, rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
    """A shuffled deal, dealer seat 0: the holdings of the seats dealt to, and the stock."""
    pack = list(rules.pack_cards(players))
    rng.shuffle(pack)
    seats = [seat for seat in range(1, players + 1) if not (rules.dealer_sits_out_at(players) and seat % players == 0)]
    holdings: dict[int, list[int]] = {}
    each = rules.cards_each
    for index, seat in enumerate(seats):
        holdings[seat % players] = pack[index * each : (index + 1) * each]
    return holdings, pack[len(seats) * each :]


def play_deal(
    rules: Rules,
    players: int,
    agents: Sequence[Agent],
    rng: random.Random,
    holdings: Mapping[int, Sequence[int]] | None = None,
    script: Mapping[int, Action] | None = None,
) -> DealRecord:
    """Deal a hand from ``rng`` (or the ``holdings`` given; dealer seat 0) and play it out,
    seat ``s`` choosing by ``agents[s]``; a seat in ``script`` makes that call in its turn to
    call, whatever its agent would. Return the record of the hand."""
    dealt, stock = deal_holdings(rules, players, rng)
    if holdings is not None:
        taken = {card for cards in holdings.values() for card in cards}
        rest = [card for card in rules.pack_cards(players) if card not in taken]
        rng.shuffle(rest)
        dealt = {seat: list(cards) for seat, cards in holdings.items()}
        stock = rest
    peep_card = None
    if rules.peep == "played":
        peep_card, stock = stock[0], stock[1:]
    hand = Hand.stacked(
        rules, players, 0, dealt, stock=stock if rules.purchase == "played" else None, peep_card=peep_card
    )
    views = [SeatView(hand, seat) for seat in range(players)]
    scripted = dict(script or {})
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        if hand.phase == "calling" and seat in scripted:
            action = scripted.pop(seat)
        else:
            action = agents[seat].act(views[seat], rng)
        hand.apply(action)
    result = hand.result
    paid = [0] * players
    for transfer in result.transfers:  # between players and, after them, with the pool
        if transfer.payer != POOL:
            paid[transfer.payer] += transfer.amount
    net = [result.payments.get(seat, 0) for seat in range(players)]
    return DealRecord(result.soloist, result.call, result.outcome, result.tricks_made, tuple(net), tuple(paid))


# ------------------------------------------------------------------------------- samples


@dataclass(frozen=True)
class Experiment:
    """A seeded sample: deals ``first`` to ``hands`` (less one), each played by ``measure`` (a module-level
    function taking the deal's own random generator, seeded from (``seed``, deal number), and returning a
    tuple of numbers), in chunks of ``chunk`` deals: the figures do not depend on the processes."""

    measure: Callable[[random.Random], tuple[float, ...]]
    hands: int
    seed: int
    chunk: int = 500
    first: int = 0

    def chunks(self) -> list[tuple[int, int]]:
        return [(start, min(self.chunk, self.hands - start)) for start in range(self.first, self.hands, self.chunk)]


def _run_chunk(args: tuple[Callable[[random.Random], tuple[float, ...]], int, int, int]) -> list[tuple[float, ...]]:
    measure, seed, start, size = args
    rows = []
    for index in range(start, start + size):
        rows.append(measure(random.Random(f"{seed}:{index}")))
    return rows


def run(
    experiment: Experiment,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[tuple[float, ...]]:
    """Every deal's measures, in deal order; ``workers`` local processes (default: the cores),
    or the Dask cluster at ``scheduler`` or in use
    (:func:`~napspec.lab.executors.executor`): each chunk's deals are seeded by
    their numbers, so the rows are the same wherever the chunks run. ``progress`` is called
    with the deals done and the deals in all (default: a
    :class:`~napspec.lab.progress.Progress` on standard error)."""
    jobs = [(experiment.measure, experiment.seed, start, size) for start, size in experiment.chunks()]
    report, total = progress if progress is not None else Progress("deals"), experiment.hands - experiment.first
    report(0, total)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    on_cluster = scheduler is not None or scheduler_in_use()
    if not on_cluster and (workers <= 1 or len(jobs) == 1):
        rows: list[list[tuple[float, ...]]] = []
        try:
            for job in jobs:
                rows.append(_run_chunk(job))
                report(sum(map(len, rows)), total)
        finally:
            if isinstance(report, Progress):
                report.close()
        return [row for chunk in rows for row in chunk]
    by_chunk: dict[int, list[tuple[float, ...]]] = {}
    with executor(workers, scheduler) as pool:
        pending: dict[Future[list[tuple[float, ...]]], int] = {
            pool.submit(_run_chunk, job): number for number, job in enumerate(jobs)
        }
        try:
            while pending:
                finished, _ = wait_reporting(pending, report, return_when=FIRST_COMPLETED)
                for future in finished:
                    by_chunk[pending.pop(future)] = future.result()
                if finished:
                    report(sum(map(len, by_chunk.values())), total)
        finally:
            for future in pending:
                future.cancel()
            if isinstance(report, Progress):
                report.close()
    return [row for number in range(len(jobs)) for row in by_chunk[number]]


__all__ = [
    "PLAIN_STYLE",
    "Agent",
    "BadAgent",
    "DealRecord",
    "Experiment",
    "SeatView",
    "Style",
    "choose_card",
    "deal_holdings",
    "longest_suit",
    "play_deal",
    "run",
    "trick_chances",
]
