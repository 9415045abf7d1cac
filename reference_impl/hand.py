"""One deal of Napoleon, from the cut to the settlement: the engine's state machine.

A :class:`Hand` is driven by :meth:`Hand.apply` with the actions of
:mod:`napspec.reference.actions`; :meth:`Hand.legal_actions` lists the regular actions open now
(and the claims of open offences). A rejected action raises a subclass of
:class:`~napspec.reference.errors.IllegalAction` and leaves the hand exactly as it was
(:meth:`Hand.snapshot` is unchanged): every handler checks everything before it changes
anything.

Phases: ``cut`` → ``deal`` → ``calling`` → ``play`` (→ ``show``) → ``finished``.

Seats are 0..n-1 clockwise: the player on seat *s*'s left is *s + 1 mod n*. The eldest hand
is the dealer's left; the player on the dealer's right cuts. When the dealer sits out
(option ``dealer-sits-out``) he receives no cards, does not call or play, and pays and
receives like the others.

A quick hand under Peel's rules (stacked holdings, four players, seat 3 deals):

>>> from napspec.reference.rules import Rules
>>> from napspec.reference.cards import parse_cards
>>> from napspec.reference.actions import Call, Pass, Play
>>> hand = Hand.stacked(Rules.profile("peel"), 4, 3, {
...     0: parse_cards("AS KS QS JS TS"), 1: parse_cards("2C 3C 4C 5C 6C"),
...     2: parse_cards("2D 3D 4D 5D 6D"), 3: parse_cards("2H 3H 4H 5H 6H")})
>>> hand.phase, hand.to_act
('calling', 0)
>>> hand.apply(Call(0, 5)); hand.legal_actions()  # after a Nap the others can only pass
(Pass(seat=1),)
>>> for seat in (1, 2, 3):
...     hand.apply(Pass(seat))
>>> hand.phase, hand.soloist, hand.call
('play', 0, 5)
>>> for card in parse_cards("AS KS QS JS TS"):
...     hand.apply(Play(0, card))
...     for seat in (1, 2, 3):
...         hand.apply(hand.legal_actions()[0])
>>> hand.result.outcome, hand.result.payments
('made', {0: 30, 1: -10, 2: -10, 3: -10})
>>> hand.next_dealer
0

Design choices that the interpretations of ``spec/interpretations.toml`` leave open are
stated where they are made (look for "Choice:" in the docstrings of this module).
"""

from __future__ import annotations

import random
from bisect import bisect_left as _bisect_left
from operator import countOf as _count_of
from operator import itemgetter
from typing import Any, Callable, Mapping, Sequence

from napspec.reference.actions import (
    CALL,
    CUT,
    DEAL,
    PASS,
    PLAY,
    REFUSE,
    SHOW,
    Action,
    AskInformation,
    Call,
    Claim,
    Cut,
    DealCards,
    ExposeCard,
    Pass,
    Play,
    RefuseToShow,
    ShowCards,
)
from napspec.reference.cards import FULL_PACK, PACK_SIZE, check_card, format_cards, pack_faults, shuffled_pack
from napspec.reference.errors import (
    BadCall,
    BadCut,
    BadDeal,
    CallTooLow,
    CannotPass,
    CardNotHeld,
    IrregularPlayNotAllowed,
    MustFollowSuit,
    NoSuchOffence,
    NoSuchSeat,
    NotAnAction,
    NotProvidedFor,
    NotYourTurn,
    WrongPhase,
)
from napspec.reference.events import (
    AllPassed,
    Called,
    CardPlayed,
    CardsShown,
    ClaimMade,
    Dealt,
    Event,
    FreshDealRequired,
    HandReplayed,
    HandSettled,
    Information,
    Offence,
    OffenceRecorded,
    PackCut,
    Passed,
    PenaltyApplied,
    PlayStopped,
    Result,
    ShowRefused,
    ShowRequired,
    SoloistChosen,
    Transfer,
    Trick,
    TrickWon,
    TrumpsFixed,
)
from napspec.reference.rules import Rules

CUT_PHASE = "cut"
DEAL_PHASE = "deal"
CALLING = "calling"
PLAY_PHASE = "play"
SHOW_PHASE = "show"
FINISHED = "finished"
PHASES = (CUT_PHASE, DEAL_PHASE, CALLING, PLAY_PHASE, SHOW_PHASE, FINISHED)

# States of a recorded offence.
OPEN = "open"
CLAIMED = "claimed"
VOID = "taken back"  # a play offence whose card was taken back by a replay

DEAL_FAULTS = ("uncut", "faulty-pack", "exposed-in-dealing", "misdeal")

NAP = 5
TRICKS_IN_HAND = 5
THREE_TRICK_FINE = 3  # "a fine of the value of three tricks" (Britannica)
REVOKE_FINE = 5  # "the value of five tricks" (Britannica)


# Notes on speed. legal_actions and apply are the engine's hot path (the benchmark,
# ``napspec-reference bench``, takes every action through both), and so, in the code they
# reach:
# * records are made with tuple.__new__ (``_new``), skipping the NamedTuple's Python-level
#   constructor, and the commonest events (a card played, a trick won, a call, a pass) are
#   made once, at import, and shared: records are immutable values;
# * there are no comprehensions on the usual path: under Python 3.11 each is a function made
#   and called anew, and the variables it uses become closure cells of the enclosing
#   function, made at each of its calls (even when the comprehension is not reached). Loops
#   are used instead, or a helper function for the unusual cases;
# * every holding is kept in card order, so the cards of a suit lie together and a
#   bisection (in C) finds them.

_Getter = Callable[[Sequence[int]], tuple[int, ...]]  # an itemgetter of five cards


class _Table:
    """The fixed geometry of a table: who is eldest, who cuts, the order of play from each
    seat, where each seat's cards lie in the cut pack in a regular deal. Shared between
    hands (cached), never changed."""

    __slots__ = ("n", "dealer", "sits_out", "order", "cutter", "rot", "hands", "deals")

    def __init__(self, n: int, dealer: int, sits_out: bool) -> None:
        self.n = n
        self.dealer = dealer
        self.sits_out = sits_out
        seats = [(dealer + i) % n for i in range(1, n + 1)]  # eldest first, dealer last
        if sits_out:
            seats.remove(dealer)
        self.order: tuple[int, ...] = tuple(seats)
        self.hands = len(seats)
        self.cutter = (dealer - 1) % n
        rot: list[tuple[int, ...]] = [() for _ in range(n)]
        for i, seat in enumerate(seats):
            rot[seat] = tuple(seats[i:] + seats[:i])
        self.rot: tuple[tuple[int, ...], ...] = tuple(rot)
        # A regular deal by each pattern: for each seat, the getter of his five cards from the
        # cut pack (None for a dealer who sits out). singly: a card at a time round the
        # table, five times; three-then-two: a round of three at a time, then a round of two.
        hands = self.hands
        singly: list[_Getter | None] = [None] * n
        three_two: list[_Getter | None] = [None] * n
        for i, seat in enumerate(seats):
            singly[seat] = itemgetter(*range(i, 5 * hands, hands))
            three_two[seat] = itemgetter(3 * i, 3 * i + 1, 3 * i + 2, 3 * hands + 2 * i, 3 * hands + 2 * i + 1)
        self.deals: dict[str, tuple[_Getter | None, ...]] = {
            "singly": tuple(singly),
            "three-then-two": tuple(three_two),
        }


_TABLES: dict[tuple[int, int, bool], _Table] = {}


def _table(n: int, dealer: int, sits_out: bool) -> _Table:
    key = (n, dealer, sits_out)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _Table(n, dealer, sits_out)
    return table


# The last rules and table size found playable, and the table for each dealer.
_last_checked: tuple[Rules, int, tuple[_Table, ...]] | None = None


def _checked_tables(rules: Rules, players: int) -> tuple[_Table, ...]:
    """:meth:`Rules.check_players` (which raises), then the table for each dealer's seat.

    Rules are immutable, so the answer for the same Rules object and table size is
    remembered: hand after hand is dealt under one Rules, and the checks need not be redone.
    """
    global _last_checked
    last = _last_checked
    if last is not None and last[0] is rules and type(players) is int and last[1] == players:
        return last[2]
    rules.check_players(players)
    sits_out = rules.dealer_sits_out_at(players)
    tables = tuple(_table(players, dealer, sits_out) for dealer in range(players))
    _last_checked = (rules, players, tables)
    return tables


def _freeze(value: object) -> object:
    """A hashable, comparable copy of a piece of state (lists and sets become tuples)."""
    if isinstance(value, Result):
        return (value.outcome, _freeze(value.payments), value.transfers, value.soloist, value.call)
    if isinstance(value, (list, tuple)):
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            return value  # NamedTuple records are immutable already
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


class Hand:
    """One deal: cut, deal, calling, play, settlement.

    ``Hand(rules, players, dealer, deck=None, seed=None, allow_irregular=False)`` starts in
    phase ``cut``. ``deck`` is a stacked pack, top card first (52 distinct cards; with
    ``allow_irregular`` a faulty pack, with cards missing or repeated, is accepted and
    recorded as a ``faulty-pack`` offence); without it the pack is shuffled by a
    :class:`random.Random` seeded with ``seed`` (never the global random state).

    Bad constructor arguments raise :class:`ValueError` (a table size the rules do not allow
    raises :class:`~napspec.reference.errors.RulesError`, which is one).

    >>> from napspec.reference.rules import Rules
    >>> hand = Hand(Rules.profile("hoyle"), 4, dealer=0, seed=1)
    >>> hand.phase, hand.to_act, len(hand.legal_actions())
    ('cut', 3, 51)
    >>> hand.apply(hand.legal_actions()[0]); hand.phase, hand.to_act
    ('deal', 0)
    >>> hand.apply(hand.legal_actions()[0]); hand.phase, hand.to_act, len(hand.holding(1))
    ('calling', 1, 5)
    """

    __slots__ = (
        "_rules",
        "_n",
        "_dealer",
        "_geo",
        "_irregular",
        "_deck",
        "_pack",
        "_cut",
        "_stock",
        "_dupes",
        "_holdings",
        "_dealt",
        "_has_dealt",
        "_short",
        "_phase",
        "_to_act",
        "_decls",
        "_high",
        "_bound",
        "_high_seat",
        "_soloist",
        "_call",
        "_compulsory",
        "_trumps",
        "_led",
        "_trick",
        "_trick_order",
        "_tricks",
        "_won",
        "_events",
        "_offences",
        "_ostate",
        "_forced",
        "_pending_show",
        "_void",
        "_abandon",
        "_soloist_revoked",
        "_hoyle_revokers",
        "_fines",
        "_no_receive",
        "_wn_adjust",
        "_wn_soloist_wrong",
        "_brit_soloist_wrong",
        "_penalised",
        "_result",
        "_closed",
    )

    _rules: Rules
    _n: int
    _dealer: int
    _geo: _Table
    _irregular: bool
    _deck: tuple[int, ...] | None
    _pack: tuple[int, ...]
    _cut: int | None
    _stock: Sequence[int]
    _dupes: bool
    _holdings: list[list[int]]
    _dealt: tuple[tuple[int, ...], ...]
    _has_dealt: bool
    _short: bool
    _phase: str
    _to_act: int | None
    _decls: list[tuple[int, int]]
    _high: int
    _bound: int | None
    _high_seat: int | None
    _soloist: int | None
    _call: int | None
    _compulsory: bool
    _trumps: int | None
    _led: int
    _trick: list[tuple[int, int]]
    _trick_order: tuple[int, ...]
    _tricks: list[Trick]
    _won: list[int]
    _events: list[Event]
    _offences: list[Offence]
    _ostate: list[str]
    # The penalty state below is immutable (tuples, frozensets), replaced when it changes:
    # most hands never change it, and then share the empty values instead of making a list
    # or a set of their own.
    _forced: frozenset[int]
    _pending_show: tuple[int, ...]
    _void: str | None
    _abandon: int | None
    _soloist_revoked: bool
    _hoyle_revokers: tuple[int, ...]
    _fines: tuple[tuple[int, int, int], ...]
    _no_receive: frozenset[int]
    _wn_adjust: bool
    _wn_soloist_wrong: bool
    _brit_soloist_wrong: bool
    _penalised: bool
    _result: Result | None
    _closed: bool

    def __init__(
        self,
        rules: Rules,
        players: int,
        dealer: int,
        deck: Sequence[int] | None = None,
        seed: int | None = None,
        allow_irregular: bool = False,
    ) -> None:
        self._setup(rules, players, dealer, allow_irregular)
        faults: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        if deck is None:
            pack = tuple(shuffled_pack(random.Random(seed)))
        else:
            pack = tuple(deck)
            # The set test alone would let 1.0 or True pass for the card 1: every card must
            # also be an exact int (counted in C by countOf).
            if len(pack) != PACK_SIZE or _count_of(map(type, pack), int) != PACK_SIZE or set(pack) != _FULL_SET:
                for c in pack:
                    check_card(c)
                faults = pack_faults(pack)
                if len(pack) != PACK_SIZE or faults != ((), ()):
                    if not allow_irregular:
                        raise ValueError(
                            f"not a sound pack ({len(pack)} cards; missing: {format_cards(faults[0]) or 'none'};"
                            f" repeated: {format_cards(faults[1]) or 'none'}); a faulty pack needs allow_irregular=True"
                        )
                else:
                    faults = None
            minimum = self._rules.cut_minimum
            if len(pack) < self._geo.hands * 5 or len(pack) < 2 * minimum:
                raise ValueError(f"a pack of {len(pack)} cards cannot be cut and dealt to {self._geo.hands} hands")
        self._deck = self._pack = pack  # an immutable tuple: the cut makes a new one
        self._dupes = faults is not None and faults[1] != ()
        self._phase = CUT_PHASE
        self._to_act = self._geo.cutter
        if faults is not None:
            missing, repeated = faults
            self._record(
                "faulty-pack",
                dealer,  # a fault of the deal is the dealer's, like the others
                detail=f"{len(pack)} cards; missing: {format_cards(missing) or 'none'}; "
                f"repeated: {format_cards(repeated) or 'none'}",
            )

    @classmethod
    def stacked(
        cls,
        rules: Rules,
        players: int,
        dealer: int,
        hands: Mapping[int, Sequence[int]],
        allow_irregular: bool = False,
    ) -> Hand:
        """A hand that starts at the calling with the given holdings (seat → cards).

        Every playing seat should hold five cards; a wrong number is accepted only with
        ``allow_irregular`` and recorded as a ``wrong-number`` offence. A seat left out of
        ``hands`` holds nothing. The undealt cards are the stock. The sitting-out dealer may
        not be given cards.

        >>> from napspec.reference.rules import Rules
        >>> from napspec.reference.cards import parse_cards
        >>> hand = Hand.stacked(Rules.profile("peel"), 2, 0, {0: parse_cards("AS KS QS JS TS"),
        ...                                                  1: parse_cards("AH KH QH JH")},
        ...                     allow_irregular=True)
        >>> [(o.kind, o.seat, o.held) for o in hand.offences]
        [('wrong-number', 1, 4)]
        """
        self = cls.__new__(cls)
        self._setup(rules, players, dealer, allow_irregular)
        geo = self._geo
        holdings: list[list[int]] = [[] for _ in range(players)]
        seen: set[int] = set()
        for seat, cards in hands.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"{seat!r} is not a seat at a table of {players}")
            if geo.sits_out and seat == geo.dealer and len(cards) > 0:
                raise ValueError(f"the dealer (seat {seat}) sits out and holds no cards")
            for c in cards:
                check_card(c)
                if c in seen:
                    raise ValueError(f"card {format_cards([c])} is given twice")
                seen.add(c)
            holdings[seat] = sorted(cards)
        wrong = [s for s in geo.order if len(holdings[s]) != 5]
        if wrong and not allow_irregular:
            raise ValueError(
                "every player must hold five cards; "
                + ", ".join(f"seat {s} holds {len(holdings[s])}" for s in wrong)
                + " (a wrong number needs allow_irregular=True)"
            )
        self._deck = None
        self._pack = ()
        self._stock = sorted(_FULL_SET - seen)
        self._install_holdings(holdings, "stacked", False)
        for s in wrong:
            self._record("wrong-number", s, held=len(holdings[s]), detail=f"holds {len(holdings[s])} cards")
        return self

    def _setup(self, rules: Rules, players: int, dealer: int, allow_irregular: bool) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        tables = _checked_tables(rules, players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"the dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        self._rules = rules
        self._n = players
        self._dealer = dealer
        self._geo = tables[dealer]
        self._irregular = bool(allow_irregular)
        self._cut = None
        self._stock = ()
        self._dupes = False
        self._holdings = []  # nobody holds a card before the deal (see holding())
        self._dealt = _NO_HOLDINGS[players]
        self._has_dealt = False
        self._short = False
        self._decls = []
        self._high = 0
        rule = rules.compulsory_call
        order = self._geo.order
        self._bound = order[0] if rule == "eldest-cannot-pass" else order[-1] if rule == "dealer-if-all-pass" else None
        self._high_seat = None
        self._soloist = None
        self._call = None
        self._compulsory = False
        self._trumps = None
        self._led = -1
        self._trick = []
        self._trick_order = ()
        self._tricks = []
        self._won = [0] * players
        self._events = []
        self._offences = []
        self._ostate = []
        self._forced = _NOBODY
        self._pending_show = ()
        self._void = None
        self._abandon = None
        self._soloist_revoked = False
        self._hoyle_revokers = ()
        self._fines = ()
        self._no_receive = _NOBODY
        self._wn_adjust = False
        self._wn_soloist_wrong = False
        self._brit_soloist_wrong = False
        self._penalised = False
        self._result = None
        self._closed = False

    # ------------------------------------------------------------------ queries

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._rules

    @property
    def players(self) -> int:
        """The number of players at the table (the sitting-out dealer included)."""
        return self._n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def eldest(self) -> int:
        """The eldest hand: the dealer's left, who calls first."""
        return self._geo.order[0]

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats that receive cards, call and play, eldest first."""
        return self._geo.order

    @property
    def sitting_out(self) -> int | None:
        """The dealer's seat if he deals himself no hand, else ``None``."""
        return self._dealer if self._geo.sits_out else None

    @property
    def phase(self) -> str:
        """``cut``, ``deal``, ``calling``, ``play``, ``show`` or ``finished``."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is finished."""
        return self._to_act

    @property
    def closed(self) -> bool:
        """Whether the hand is closed (the next deal has begun): no more claims."""
        return self._closed

    @property
    def deck(self) -> tuple[int, ...] | None:
        """The pack as given or shuffled, top first, before the cut (``None`` if stacked)."""
        return self._deck

    @property
    def cut_depth(self) -> int | None:
        """How many cards the cut put under, or ``None`` before the cut (or if uncut)."""
        return self._cut

    def holding(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds now, in card order."""
        if not self._has_dealt:  # the holdings are made by the deal; until then, as dealt: none
            return self._dealt[seat]
        return tuple(self._holdings[seat])

    def dealt(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` was dealt, in card order."""
        return self._dealt[seat]

    @property
    def stock(self) -> tuple[int, ...]:
        """The cards not dealt (before the deal: the whole pack in its present order)."""
        if not self._has_dealt:
            return self._pack
        return tuple(self._stock)

    @property
    def declarations(self) -> tuple[tuple[int, int], ...]:
        """The calling so far: (seat, tricks) in order, tricks 0 for a pass."""
        return tuple(self._decls)

    @property
    def soloist(self) -> int | None:
        """The player who plays alone against the others, once the calling is over."""
        return self._soloist

    @property
    def call(self) -> int | None:
        """The number of tricks the soloist plays for (5 = Nap)."""
        return self._call

    @property
    def compulsory(self) -> bool:
        """Whether the soloist was made to play for one trick because all passed."""
        return self._compulsory

    @property
    def trumps(self) -> int | None:
        """The trump suit (0..3), fixed by the first card the soloist leads."""
        return self._trumps

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return list(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[int, int], ...]:
        """The cards played to the trick in progress: (seat, card) in order."""
        return tuple(self._trick)

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """Every card played in this hand, (seat, card) in order (after any replay)."""
        return tuple(self._played())

    def _played(self) -> list[tuple[int, int]]:
        """Every card played, (seat, card) in order: the completed tricks', then the trick in
        progress. (Not kept as a list of its own, which every card played would add to: it
        is wanted only for a replay and to place an offence.)"""
        played: list[tuple[int, int]] = []
        for trick in self._tricks:
            played.extend(trick.cards)
        played.extend(self._trick)
        return played

    def tricks_won(self, seat: int) -> int:
        """The number of tricks ``seat`` has won."""
        return self._won[seat]

    @property
    def offences(self) -> tuple[Offence, ...]:
        """Every irregularity recorded, in order (ids from 1)."""
        return tuple(self._offences)

    def offence_status(self, offence_id: int) -> str:
        """``open``, ``claimed`` or ``taken back``."""
        return self._ostate[offence_id - 1]

    def open_offences(self) -> tuple[Offence, ...]:
        """The recorded offences not yet claimed (claimable or not)."""
        return tuple(o for o, state in zip(self._offences, self._ostate) if state == OPEN)

    @property
    def events(self) -> list[Event]:
        """What has happened, in order. Treat it as read-only."""
        return self._events

    @property
    def result(self) -> Result | None:
        """How the hand ended and who pays whom; ``None`` until it is finished."""
        return self._result

    @property
    def next_dealer(self) -> int | None:
        """Who deals next: the same dealer after a fresh deal or redeal, else the player on
        his left; ``None`` until the hand is finished."""
        if self._result is None:
            return None
        if self._result.outcome in ("fresh-deal", "redeal"):
            return self._dealer
        return (self._dealer + 1) % self._n

    def table(self) -> tuple[tuple[tuple[int, bool], ...], ...]:
        """The played cards before each seat: per seat, ``(card, face_up)`` in order of play.

        Under ``cards-left = face-up-winner-turned-down`` the card that won a completed trick
        is turned face down; under ``face-up`` every card stays face up.
        """
        turn_down = self._rules.cards_left == "face-up-winner-turned-down"
        table: list[list[tuple[int, bool]]] = [[] for _ in range(self._n)]
        for trick in self._tricks:
            for seat, card in trick.cards:
                table[seat].append((card, not (turn_down and seat == trick.winner)))
        for seat, card in self._trick:
            table[seat].append((card, True))
        return tuple(tuple(cards) for cards in table)

    def snapshot(self) -> object:
        """The whole state as a hashable, comparable value (computed on demand).

        Two snapshots are equal exactly when the hands are in the same state; tests use it to
        check that a rejected action changed nothing.
        """
        return tuple(_freeze(getattr(self, name)) for name in Hand.__slots__)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """The regular actions open now, and a claim by each seat of every offence whose
        claim the rules would accept now.

        Irregular actions (a card out of turn or not following suit, an exposed card, an
        irregular deal) are accepted by :meth:`apply` in a hand with ``allow_irregular`` but
        never listed. Choice: :class:`AskInformation` is not listed either: it is a question
        any player may put at any time the rules give the right, and it does not move the
        game on (listing it would let a random player ask for ever).
        """
        legal: tuple[Action, ...] | None
        phase = self._phase
        if phase == PLAY_PHASE:  # the hot path: no closed check needed, a closed hand is finished
            actor: int = self._to_act  # type: ignore[assignment]  # never None in play
            row = PLAY[actor]
            hold = self._holdings[actor]
            if self._trick:
                # A holding is kept in card order, so the cards of the suit led lie together:
                # two bisections (in C) find them; without any, every card may be played.
                low = self._led * 13
                first = _bisect_left(hold, low)
                end = _bisect_left(hold, low + 13, first)
                if first < end:
                    hold = hold[first:end]
            # The cached actions of the cards: an itemgetter picks several in one C call (and
            # gives a lone one bare), quicker than a comprehension.
            legal = itemgetter(*hold)(row) if len(hold) > 1 else (row[hold[0]],) if hold else ()
            if self._dupes:
                legal = tuple(dict.fromkeys(legal))
            # Only an open offence can be claimed: after a claim (Hoyle's replay after a refusal
            # to show, say) the rest of the hand need not look at the remedies again.
            if self._offences and OPEN in self._ostate:
                legal = legal + self._open_claims()
            return legal
        if self._closed:
            legal = ()
        elif phase == CALLING:
            seat = self._to_act
            assert seat is not None
            # self._may_pass(seat), inlined; every (seat, highest call, may pass) is tabled
            legal = _CALLING[seat][self._high][seat != self._bound]
        elif phase == CUT_PHASE:
            key_cut = (self._geo.cutter, self._rules.cut_minimum, len(self._pack))
            legal = _CUT_CACHE.get(key_cut)
            if legal is None:
                legal = _CUT_CACHE[key_cut] = _cut_actions(*key_cut)
        elif phase == DEAL_PHASE:
            legal = (DEAL[self._dealer],)
        elif phase == SHOW_PHASE:
            seat = self._to_act
            assert seat is not None
            legal = (SHOW[seat], REFUSE[seat])
        else:
            legal = ()
        if self._offences and not self._closed and OPEN in self._ostate:
            legal = legal + self._open_claims()
        return legal

    def _open_claims(self) -> tuple[Action, ...]:
        claims: list[Action] = []
        for offence, state in zip(self._offences, self._ostate):
            if state != OPEN:
                continue
            try:
                self._remedy(offence)
            except NotProvidedFor:
                continue
            claims.extend(Claim(seat, offence.id) for seat in range(self._n))
        return tuple(claims)

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> None:
        """Take ``action``; raise an :class:`~napspec.reference.errors.IllegalAction` (and
        change nothing) if it is not allowed."""
        try:
            handler = _HANDLERS[type(action)]  # a subscript, quicker than calling .get
        except KeyError:
            raise NotAnAction(f"{action!r} is not an action") from None
        if self._closed:
            raise WrongPhase("the hand is closed: the next deal has begun")
        handler(self, action)

    # ------------------------------------------------------------------ cut and deal

    def _do_cut(self, action: Cut) -> None:
        if self._phase != CUT_PHASE:
            raise WrongPhase(f"no cut in phase {self._phase!r}")
        if action.seat != self._to_act:
            raise NotYourTurn(f"the pack is cut by the player on the dealer's right (seat {self._to_act})")
        depth = action.depth
        minimum = self._rules.cut_minimum
        size = len(self._pack)
        # An exact int (the usual case) passes the type test at once; a bool never does.
        if (type(depth) is not int and (isinstance(depth, bool) or not isinstance(depth, int))) or not (
            minimum <= depth <= size - minimum
        ):
            raise BadCut(
                f"a cut of {depth!r} cards: each packet must keep at least {minimum} "
                f"(cut from {minimum} to {size - minimum}; option 'cut-minimum')"
            )
        self._pack = self._pack[depth:] + self._pack[:depth]
        self._cut = depth
        self._events.append(_new(PackCut, (action.seat, depth)))
        self._phase = DEAL_PHASE
        self._to_act = self._dealer

    def _do_deal(self, action: DealCards) -> None:
        phase = self._phase
        if phase != DEAL_PHASE and phase != CUT_PHASE:
            raise WrongPhase(f"no deal in phase {phase!r}")
        if action.seat != self._dealer:
            raise NotYourTurn(f"seat {self._dealer} deals")
        irregular = phase == CUT_PHASE or action.exposed is not None or action.counts is not None
        if irregular and not self._irregular:
            if phase == CUT_PHASE:
                raise IrregularPlayNotAllowed("the pack must be cut before the deal")
            raise IrregularPlayNotAllowed("an irregular deal needs a hand with allow_irregular=True")
        pack = self._pack
        geo = self._geo
        exposed = action.exposed
        if exposed is not None and (isinstance(exposed, bool) or not isinstance(exposed, int) or exposed not in pack):
            raise BadDeal(f"{exposed!r} is not a card of the pack")
        counts = action.counts
        regular = counts is None or self._check_counts(counts, len(pack))
        # Everything is checked: from here on the hand changes.
        if phase == CUT_PHASE:
            self._record("uncut", self._dealer, detail="dealt without being cut")
        order = geo.order
        holdings: list[list[int]]
        if regular:  # each seat's five cards, by the table's getters, sorted into card order
            holdings = []
            for take in geo.deals[self._rules.deal_pattern]:  # (a loop: see the notes on speed)
                holdings.append(sorted(take(pack)) if take is not None else [])
            dealt = 5 * geo.hands
        else:
            assert counts is not None
            holdings = [[] for _ in range(self._n)]
            sequence = _irregular_schedule(self._rules.deal_pattern, order, counts)
            for i, seat in enumerate(sequence):
                holdings[seat].append(pack[i])
            for cards in holdings:
                cards.sort()
            dealt = len(sequence)
        self._stock = pack[dealt:]
        self._install_holdings(holdings, self._rules.deal_pattern if regular else "irregular", regular)
        if exposed is not None:
            self._record("exposed-in-dealing", self._dealer, card=exposed, detail="card exposed in dealing")
        if not regular:
            assert counts is not None
            self._record("misdeal", self._dealer, detail="cards wrongly dealt: " + ", ".join(map(str, counts)))
            for seat in order:
                if counts[seat] != 5:
                    self._record("wrong-number", seat, held=counts[seat], detail=f"holds {counts[seat]} cards")

    def _check_counts(self, counts: tuple[int, ...], size: int) -> bool:
        """Check the ``counts`` of an irregular deal from a pack of ``size`` cards (raises
        :class:`BadDeal`); whether they are regular after all (five cards each). (Apart from
        :meth:`_do_deal`: see the notes on speed.)"""
        if not isinstance(counts, tuple) or len(counts) != self._n:
            raise BadDeal(f"counts must be a tuple with one number of cards per seat ({self._n})")
        for c in counts:
            if isinstance(c, bool) or not isinstance(c, int) or c < 0:
                raise BadDeal(f"{c!r} is not a number of cards")
        if self._geo.sits_out and counts[self._dealer]:
            raise BadDeal(f"the dealer (seat {self._dealer}) sits out and deals himself no cards")
        if sum(counts) > size:
            raise BadDeal(f"{sum(counts)} cards cannot be dealt from a pack of {size}")
        return all(counts[s] == 5 for s in self._geo.order)

    def _someone_short(self) -> bool:
        """Whether a player holds fewer than five cards (after an irregular or stacked deal).
        (Apart from :meth:`_install_holdings`: see the notes on speed.)"""
        holdings = self._holdings
        return any(len(holdings[s]) < 5 for s in self._geo.order)

    def _install_holdings(self, holdings: list[list[int]], pattern: str, regular: bool) -> None:
        """Give out the holdings. A regular deal gives everyone five; only an irregular or
        stacked one can leave someone short (``_short`` switches on the slower trick order
        that skips players without cards). Repeated cards come only from a faulty pack,
        which has set ``_dupes`` already (a stacked hand may not repeat a card).

        Every holding is in card order, and stays so: cards are only ever taken out (or the
        holdings restored as dealt), and :meth:`legal_actions` relies on it."""
        self._holdings = holdings
        self._has_dealt = True
        self._dealt = tuple(map(tuple, holdings))
        if not regular:
            self._short = self._someone_short()
        self._events.append(_new(Dealt, (self._dealer, self._dealt, pattern)))
        self._phase = CALLING
        self._to_act = self._geo.order[0]

    # ------------------------------------------------------------------ calling

    def _may_pass(self, seat: int) -> bool:
        """Whether ``seat``, to call now, may pass (option ``compulsory-call``).

        ``eldest-cannot-pass``: the eldest hand may not. ``dealer-if-all-pass``: the dealer may
        not when all before him have passed; he must call, one trick at least. (Under
        ``eldest-if-all-pass`` the eldest may pass and is bound only when all the others pass
        after him: see :meth:`_end_calling`.)

        ``_bound`` is the seat that may not pass if his turn comes, set from the option when
        the hand begins: the eldest, or the dealer; nobody once a call has been made (the
        eldest calls first, and the dealer is bound only if all before him passed). So the
        test is one comparison, which :meth:`legal_actions` makes itself.
        """
        return seat != self._bound

    def _do_pass(self, action: Pass) -> None:
        if self._phase != CALLING:
            raise WrongPhase(f"no calling in phase {self._phase!r}")
        seat = action.seat
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} calls next")
        if not self._may_pass(seat):
            if self._rules.compulsory_call == "eldest-cannot-pass":
                raise CannotPass("the eldest hand must call at least one trick (option 'compulsory-call')")
            raise CannotPass("all before him have passed: the dealer must call at least one trick (option 'compulsory-call')")
        self._decls.append((seat, 0))
        self._events.append(_PASSED[seat])
        self._next_caller()

    def _do_call(self, action: Call) -> None:
        if self._phase != CALLING:
            raise WrongPhase(f"no calling in phase {self._phase!r}")
        seat = action.seat
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} calls next")
        tricks = action.tricks
        # An exact int (the usual case) passes the type test at once; a bool never does.
        if (type(tricks) is not int and (isinstance(tricks, bool) or not isinstance(tricks, int))) or not (
            1 <= tricks <= NAP
        ):
            raise BadCall(f"a call is of one to five tricks (five is Nap), not {tricks!r}")
        if tricks <= self._high:
            if self._high == NAP:
                raise CallTooLow("Nap has been called: no one can call after it, only pass")
            raise CallTooLow(f"a call must exceed the highest so far ({self._high})")
        self._decls.append((seat, tricks))
        self._bound = None  # after a call, nobody is bound to call (see _may_pass)
        self._high = tricks
        self._high_seat = seat
        self._events.append(_CALLED[seat][tricks])
        self._next_caller()

    def _next_caller(self) -> None:
        """The calling goes once round, every player declaring in turn. After a Nap nobody can
        call (a call must exceed the last), so the remaining players can only pass
        (rule calling.nap-ceiling: "the remaining players can only pass, and the calling is
        over")."""
        order = self._geo.order
        done = len(self._decls)
        if done == len(order):
            self._end_calling()
        else:
            self._to_act = order[done]

    def _end_calling(self) -> None:
        """Who plays, or (compulsory-call ``none``) nobody.

        The highest caller plays. Under ``eldest-if-all-pass``, when all pass, the eldest
        plays for one trick. Choice: ``compulsory`` records that the soloist was bound by
        compulsory-call: the eldest so made to play, or a dealer who had to call because all
        before him passed (whatever he called). (A dealer who sits out cannot be bound: such rules are refused
        before the deal, interpretation dealer-out-cannot-be-compelled.)
        """
        order = self._geo.order
        rule = self._rules.compulsory_call
        if self._high:
            assert self._high_seat is not None
            soloist, call = self._high_seat, self._high
            compulsory = (
                rule == "dealer-if-all-pass"
                and soloist == order[-1]
                and all(tricks == 0 for _, tricks in self._decls[:-1])
            )
        elif rule == "eldest-if-all-pass":
            soloist, call, compulsory = order[0], 1, True
        else:  # none (nobody is bound), the only value under which all can pass
            self._events.append(AllPassed(self._dealer))
            self._settle()
            return
        self._soloist = soloist
        self._call = call
        self._compulsory = compulsory
        self._events.append(_new(SoloistChosen, (soloist, call, compulsory)))
        self._phase = PLAY_PHASE
        self._start_trick(soloist)

    # ------------------------------------------------------------------ play

    def _start_trick(self, leader: int) -> None:
        """Choice: with a wrong number of cards, a player who has none left takes no part
        (interpretation wrong-number-found-by-claim), and a leader with none passes the lead
        to the next player on his left who has a card; when nobody has a card, play ends."""
        if self._short:
            order: tuple[int, ...] = ()  # (a loop: see the notes on speed)
            for s in self._geo.rot[leader]:
                if self._holdings[s]:
                    order += (s,)
            if not order:
                self._end_play(None)
                return
        else:
            order = self._geo.rot[leader]
        self._trick_order = order
        self._to_act = order[0]

    def _do_play(self, action: Play) -> None:
        seat = action.seat
        card = action.card
        if seat != self._to_act or self._phase != PLAY_PHASE:
            if self._phase != PLAY_PHASE:
                raise WrongPhase(f"no card can be played in phase {self._phase!r}")
            self._play_out_of_turn(seat, card)
            return
        hold = self._holdings[seat]
        if type(card) is not int or card not in hold:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        trick = self._trick
        if trick:
            led = self._led
            if card // 13 != led:
                # Does he hold a card of the suit led? The holding is in card order, so the
                # first card from the suit's lowest up tells (one bisection, in C).
                low = led * 13
                first = _bisect_left(hold, low)
                if first < len(hold) and hold[first] < low + 13:
                    self._revoke(seat, card, led)
                    return
        # The body of _put, inlined: this is the hottest path of the engine.
        hold.remove(card)
        if not trick:
            led = self._led = card // 13
            if self._trumps is None:  # the first card led fixes trumps for the hand
                self._trumps = led
                self._events.append(_TRUMPS_FIXED[led])
        trick.append((seat, card))
        self._events.append(_CARD_PLAYED[len(self._tricks)][seat][card])
        order = self._trick_order
        played = len(trick)
        if played < len(order):
            self._to_act = order[played]
        else:
            self._complete_trick(False)

    def _revoke(self, seat: int, card: int, led: int) -> None:
        if not self._irregular:
            raise MustFollowSuit(f"seat {seat} holds a card of the suit led and must play it")
        if seat in self._forced:
            raise MustFollowSuit(f"seat {seat} revoked before and must now follow suit")
        self._record(
            "revoke",
            seat,
            card=card,
            trick=len(self._tricks) + 1,
            position=len(self._played()),
            suit=led,
            detail="did not follow suit",
        )
        self._put(seat, card, False)

    def _play_out_of_turn(self, seat: int, card: int) -> None:
        """A card played out of turn is taken back into its player's hand and the offence is
        recorded (interpretation out-of-turn-card-taken-back). Choice: any card played by a
        player who is not to play, during the play, is out of turn (also by one who has
        already played to the trick); it is placed, for a replay from it, at the position of
        the card that was due."""
        if not self._irregular:
            raise NotYourTurn(f"seat {self._to_act} plays next")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise NoSuchSeat(f"{seat!r} is not a seat at this table")
        if type(card) is not int or card not in self._holdings[seat]:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        self._record(
            "out-of-turn",
            seat,
            card=card,
            trick=len(self._tricks) + 1,
            position=len(self._played()),
            detail=f"played out of turn (seat {self._to_act} was to play); the card is taken back",
        )

    def _put(self, seat: int, card: int, quiet: bool) -> None:
        """Play ``card`` for ``seat`` (already checked), complete the trick if it is full.

        ``quiet`` re-plays a card when a replay rebuilds the cards that stand: no events.
        (:meth:`_do_play` repeats this body for speed; keep the two alike.) The events are
        the shared records (see the notes on speed).
        """
        self._holdings[seat].remove(card)
        trick = self._trick
        if not trick:
            led = self._led = card // 13
            if self._trumps is None:  # the first card led fixes trumps for the hand
                self._trumps = led
                if not quiet:
                    self._events.append(_TRUMPS_FIXED[led])
        trick.append((seat, card))
        if not quiet:
            self._events.append(_CARD_PLAYED[len(self._tricks)][seat][card])
        order = self._trick_order
        played = len(trick)
        if played < len(order):
            self._to_act = order[played]
        else:
            self._complete_trick(quiet)

    def _complete_trick(self, quiet: bool) -> None:
        """The trick is full: the highest trump wins it, else the highest card of the suit
        led; then play stops, ends or goes on with the winner's lead."""
        trick = self._trick
        tricks = self._tricks
        number = len(tricks) + 1
        # The card of highest power wins; of equal cards (only a faulty pack's repeated card
        # makes them) the first. A plain loop: max(key=...) and zip cost more for four cards.
        power = _POWER[self._trumps][self._led]  # type: ignore[index]  # trumps are fixed in play
        win_seat, win_card = trick[0]
        best = power[win_card]
        for s, c in trick:
            if power[c] > best:
                win_seat, win_card, best = s, c, power[c]
        tricks.append(_new(Trick, (number, trick[0][0], tuple(trick), win_seat, win_card)))
        self._won[win_seat] += 1
        self._trick = []
        if not quiet:
            self._events.append(_TRICK_WON[number - 1][win_seat][win_card])
        if number == TRICKS_IN_HAND:
            self._end_play(None)
            return
        if self._rules.stop_when_decided:
            call: int = self._call  # type: ignore[assignment]  # set in play
            won = self._won[self._soloist]  # type: ignore[index]
            if won >= call:
                self._end_play("made")
                return
            if won + TRICKS_IN_HAND - number < call:
                self._end_play("defeated")
                return
        if self._short:
            self._start_trick(win_seat)
        else:  # _start_trick inlined for the usual case of five cards each
            order = self._trick_order = self._geo.rot[win_seat]
            self._to_act = order[0]

    def _end_play(self, reason: str | None) -> None:
        """Play is over: ``reason`` is ``made``/``defeated`` when stop-when-decided stopped it
        before the fifth trick, ``None`` when the cards ran out.

        Under show-cards, the players who trumped or discarded (did not follow the suit led)
        in the deciding trick must show their remaining cards (interpretation
        hoyle-show-cards-who), one after the other in the order they played.
        """
        self._trick_order = ()
        if reason is not None:
            number = len(self._tricks)
            self._events.append(_new(PlayStopped, (reason, number)))
            if self._rules.show_cards:
                last = self._tricks[-1]
                led = last.cards[0][1] // 13
                showers: tuple[int, ...] = ()  # (a loop: see the notes on speed)
                for s, c in last.cards:
                    if c // 13 != led:
                        showers += (s,)
                if showers:
                    self._events.append(_new(ShowRequired, (showers,)))
                    self._phase = SHOW_PHASE
                    self._pending_show = showers
                    self._to_act = showers[0]
                    return
        self._settle()

    # ------------------------------------------------------------------ showing cards

    def _do_show(self, action: ShowCards) -> None:
        """Show the remaining cards. Choice: they reveal a revoke when they hold a card of a
        suit the player failed to follow in an unclaimed revoke of this hand (play stops right
        after the deciding trick, so a revoke in it is always revealed); the earliest such
        revoke is then penalised as if claimed (its status becomes ``claimed``; no
        :class:`ClaimMade` event, as nobody claimed it)."""
        seat = self._check_shower(action.seat)
        holding = tuple(self._holdings[seat])
        revealed = None
        remedy = None
        if OPEN in self._ostate:  # only an unclaimed revoke can be revealed
            suits = {c // 13 for c in holding}
            for offence, state in zip(self._offences, self._ostate):
                if state == OPEN and offence.kind == "revoke" and offence.seat == seat and offence.suit in suits:
                    revealed = offence
                    remedy = self._penalty_for_revealed(offence.seat)
                    break
        self._events.append(_new(CardsShown, (seat, holding)))
        self._pending_show = self._pending_show[1:]
        if revealed is not None and remedy is not None:
            self._ostate[revealed.id - 1] = CLAIMED
            self._apply_remedy(revealed, remedy)
        else:
            self._next_shower()

    def _do_refuse(self, action: RefuseToShow) -> None:
        """A refusal is held to be a revoke: it is recorded as one and its penalty applies at
        once (no claim is needed). Choice: the revoke is placed at the refuser's card in the
        deciding trick (where a replay from the revoke starts)."""
        seat = self._check_shower(action.seat)
        last = self._tricks[-1]
        index = [s for s, _ in last.cards].index(seat)
        position = len(self._played()) - len(last.cards) + index
        remedy = self._penalty_for_revealed(seat)
        self._events.append(_new(ShowRefused, (seat,)))
        self._pending_show = self._pending_show[1:]
        offence = self._record(
            "revoke",
            seat,
            card=last.cards[index][1],
            trick=last.number,
            position=position,
            suit=last.cards[0][1] // 13,
            detail="refused to show his cards",
        )
        if remedy is not None:
            self._ostate[offence.id - 1] = CLAIMED
            self._apply_remedy(offence, remedy)
        else:
            self._next_shower()

    def _penalty_for_revealed(self, seat: int) -> str | None:
        """The remedy for a revoke by ``seat`` made known by showing, or ``None`` (revoke
        ``none``). Computed before anything changes, so that the action stays all-or-nothing."""
        try:
            return self._revoke_remedy(seat)
        except NotProvidedFor:
            return None

    def _check_shower(self, seat: int) -> int:
        if self._phase != SHOW_PHASE:
            raise WrongPhase(f"nobody is required to show his cards in phase {self._phase!r}")
        if seat != self._to_act:
            raise NotYourTurn(f"seat {self._to_act} is to show his cards")
        return seat

    def _next_shower(self) -> None:
        if self._pending_show:
            self._to_act = self._pending_show[0]
        else:
            self._settle()

    # ------------------------------------------------------------------ irregular and other

    def _do_expose(self, action: ExposeCard) -> None:
        """Choice: "after the deal is completed" runs from the calling to the end of play
        (the showing of cards included); the card stays in its holder's hand."""
        if not self._irregular:
            raise IrregularPlayNotAllowed("exposing a card needs a hand with allow_irregular=True")
        if self._phase not in (CALLING, PLAY_PHASE, SHOW_PHASE):
            raise WrongPhase(f"a card can be exposed after the deal, not in phase {self._phase!r}")
        seat = self._check_seat(action.seat)
        card = action.card
        if type(card) is not int or card not in self._holdings[seat]:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        self._record(
            "exposed-after-deal",
            seat,
            card=card,
            trick=len(self._tricks) + 1 if self._phase != CALLING else None,
            detail="exposed a card after the deal",
        )

    def _do_ask(self, action: AskInformation) -> None:
        """Any player may ask "at any time during the play" (the sitting-out dealer too, as a
        player who pays and receives); choice: the showing of cards at the end of play counts
        as during the play."""
        seat = self._check_seat(action.seat)
        if not self._rules.right_to_information:
            raise NotProvidedFor("these rules give no right to be told the call and the tricks made")
        if self._phase != PLAY_PHASE and self._phase != SHOW_PHASE:
            raise WrongPhase(f"the call and the tricks made are told during the play, not in phase {self._phase!r}")
        assert self._soloist is not None and self._call is not None
        self._events.append(Information(seat, self._call, self._won[self._soloist]))

    def _check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise NoSuchSeat(f"{seat!r} is not a seat at this table")
        return seat

    def _record(
        self,
        kind: str,
        seat: int,
        card: int | None = None,
        trick: int | None = None,
        position: int | None = None,
        suit: int | None = None,
        held: int | None = None,
        detail: str = "",
    ) -> Offence:
        offence = _new(Offence, (len(self._offences) + 1, kind, seat, card, trick, position, suit, held, detail))
        self._offences.append(offence)
        self._ostate.append(OPEN)
        self._events.append(_new(OffenceRecorded, (offence,)))
        return offence

    # ------------------------------------------------------------------ claims

    def _do_claim(self, action: Claim) -> None:
        """Claim a recorded offence. Choice: any player may claim any offence, the offender
        and a sitting-out dealer included (the sources' "Any player can demand"); the claim
        is refused (and changes nothing) if it names no open offence or the rules give no
        remedy now."""
        seat = self._check_seat(action.seat)
        offence_id = action.offence
        if isinstance(offence_id, bool) or not isinstance(offence_id, int) or not 1 <= offence_id <= len(self._offences):
            raise NoSuchOffence(f"no offence {offence_id!r} has been recorded in this hand")
        state = self._ostate[offence_id - 1]
        if state != OPEN:
            raise NoSuchOffence(f"offence {offence_id} has been {state}")
        offence = self._offences[offence_id - 1]
        remedy = self._remedy(offence)  # raises NotProvidedFor; nothing changed yet
        self._ostate[offence_id - 1] = CLAIMED
        self._events.append(ClaimMade(seat, offence_id, offence.kind))
        self._apply_remedy(offence, remedy)

    def _remedy(self, offence: Offence) -> str:
        """The remedy a claim of ``offence`` gets now, or :class:`NotProvidedFor`.

        Timing choices (interpretation claims-until-next-deal sets the outer limit):

        * ``before-calling``: until the first call (interpretations peel-fresh-deal-timing and
          hands-looked-at-means-first-call). Choice: a pass counts as a call here: it is a
          declaration, and a player must look at his hand to make it.
        * ``before-settlement``: until the hand is settled.
        * A fine payable to the stand-hand (three or five tricks) can be claimed only once
          there is one, i.e. after the calling; the stand-hand himself is never fined.
        * Choice: a hand made void by a fresh deal or redeal, or after which nobody played
          (all passed), takes no further claims; a hand already settled at once by a revoke
          takes no further revoke claim (fines can still be added).
        """
        if self._void is not None:
            raise NotProvidedFor(f"the hand is void ({self._void}): there is nothing to penalise")
        rules = self._rules
        kind = offence.kind
        soloist = self._soloist
        if kind in DEAL_FAULTS:
            timing = _DEAL_FAULT_OPTION[kind](rules)
            if timing == "none":
                raise NotProvidedFor(f"these rules give no remedy for {kind} (option {_DEAL_FAULT_ID[kind]!r})")
            if timing == "before-calling" and (self._decls or self._phase not in (CUT_PHASE, DEAL_PHASE, CALLING)):
                raise NotProvidedFor(f"a fresh deal for {kind} must be claimed before the first call")
            if self._phase == FINISHED:
                raise NotProvidedFor(f"a fresh deal for {kind} must be claimed before the settlement")
            return "fresh-deal"
        if kind == "wrong-number":
            value = rules.wrong_number
            if value == "none":
                raise NotProvidedFor("these rules give no remedy for a wrong number of cards (option 'wrong-number')")
            if value == "redeal-before-calls-else-adjust":
                if self._phase == CALLING and self._high < NAP:
                    return "redeal"
                if soloist is None and self._high < NAP:
                    raise NotProvidedFor("nobody played: there is nothing to adjust")
                return "wrong-number-adjustment"
            if soloist is None:
                raise NotProvidedFor("the fine is paid to the stand-hand: claim it after the calling")
            return "soloist-wrong-number" if offence.seat == soloist else "fine"
        if kind == "exposed-after-deal":
            if rules.exposed_after_deal == "none":
                raise NotProvidedFor("these rules give no penalty for an exposed card (option 'exposed-after-deal')")
            if soloist is None:
                raise NotProvidedFor("the fine is paid to the stand-hand: claim it after the calling")
            if offence.seat == soloist:
                raise NotProvidedFor("the stand-hand is not fined for exposing a card")
            return "fine"
        if kind == "out-of-turn":
            value_ot = rules.out_of_turn
            if value_ot == "none":
                raise NotProvidedFor("these rules give no penalty for playing out of turn (option 'out-of-turn')")
            if value_ot == "fine-three-tricks":
                if offence.seat == soloist:
                    raise NotProvidedFor("the stand-hand is not fined for playing out of turn")
                return "fine"
            return self._revoke_remedy(offence.seat)
        return self._revoke_remedy(offence.seat)

    def _revoke_remedy(self, seat: int) -> str:
        """The remedy for a revoke (or what the rules treat as one) by ``seat``."""
        value = self._rules.revoke
        if value == "none":
            raise NotProvidedFor("these rules give no penalty for a revoke (option 'revoke')")
        if self._abandon is not None or self._soloist_revoked:
            raise NotProvidedFor("the hand has already been settled at once for a revoke")
        if value == "abandon-revoker-pays-soloist":
            return "abandon"
        if seat == self._soloist:
            return "soloist-loses"
        if value == "replay-hand-revoker-pays-all":
            return "replay-hand"
        return "replay-from-revoke"

    def _apply_remedy(self, offence: Offence, remedy: str) -> None:
        seat = offence.seat
        events = self._events
        self._penalised = True  # the settlement must look at the penalties
        if remedy == "fresh-deal" or remedy == "redeal":
            self._void = remedy
            events.append(PenaltyApplied(offence.id, offence.kind, remedy, seat, 0))
            events.append(FreshDealRequired(remedy, offence.id))
            self._pending_show = ()
            self._settle()
            return
        if remedy == "wrong-number-adjustment":
            self._wn_adjust = True
            # During the calling after a Nap the Nap caller is the soloist-to-be.
            if seat == (self._soloist if self._soloist is not None else self._high_seat):
                self._wn_soloist_wrong = True
        elif remedy == "soloist-wrong-number":
            self._brit_soloist_wrong = True
        elif remedy == "fine":
            self._fines += ((seat, THREE_TRICK_FINE, offence.id),)
            self._no_receive |= {seat}
        elif remedy == "abandon":
            self._abandon = seat
        elif remedy == "soloist-loses":
            self._soloist_revoked = True
        elif remedy == "replay-hand":
            self._hoyle_revokers += (seat,)
            self._forced |= {seat}
        else:  # replay-from-revoke
            self._fines += ((seat, REVOKE_FINE, offence.id),)
            self._no_receive |= {seat}
            self._forced |= {seat}
        amount = THREE_TRICK_FINE if remedy == "fine" else REVOKE_FINE if remedy == "replay-from-revoke" else 0
        events.append(_new(PenaltyApplied, (offence.id, offence.kind, remedy, seat, amount)))
        if remedy == "replay-hand":
            self._rewind(0, offence.id)
        elif remedy == "replay-from-revoke":
            assert offence.position is not None
            self._rewind(offence.position, offence.id)
        elif remedy in ("abandon", "soloist-loses"):
            if self._phase in (PLAY_PHASE, SHOW_PHASE):
                events.append(PlayStopped("revoke", len(self._tricks)))
            self._pending_show = ()
            self._settle()
        elif self._phase == FINISHED:
            self._settle()  # a later claim changes the settlement already made

    def _rewind(self, position: int, offence_id: int) -> None:
        """Take back the card at ``position`` and every later card, and go on from there.

        Position 0 is Hoyle's replay: every holding is restored as dealt, the calls stand
        (interpretation hoyle-replay-keeps-calls) and play restarts with the soloist's lead.
        Otherwise Britannica's replay from the revoke (interpretation
        britannica-replay-from-revoke). Choice: the revoker must follow suit from now on, even in a
        hand with ``allow_irregular``. Unclaimed play offences whose cards are taken back
        are void (choice: they happened in play that no longer stands).
        """
        kept = self._played()[:position] if position else []
        for i, offence in enumerate(self._offences):
            if self._ostate[i] != OPEN or offence.position is None:
                continue
            if (offence.kind == "revoke" and offence.position >= position) or (
                offence.kind == "out-of-turn" and offence.position > position
            ):
                self._ostate[i] = VOID
        self._holdings = list(map(list, self._dealt))
        self._trick = []
        self._tricks = []
        self._won = [0] * self._n
        self._trumps = None
        self._led = -1
        self._pending_show = ()
        self._result = None
        self._phase = PLAY_PHASE
        assert self._soloist is not None
        self._start_trick(self._soloist)
        for seat, card in kept:
            self._put(seat, card, True)
        self._events.append(_new(HandReplayed, (len(self._tricks) + 1, len(self._trick), offence_id)))

    # ------------------------------------------------------------------ settlement

    def _settle(self) -> None:
        result = self._compute_result()
        self._result = result
        self._phase = FINISHED
        self._to_act = None
        self._trick_order = ()
        # The payments are dict(enumerate(...)) of the seats in order: its values are by seat.
        self._events.append(_new(HandSettled, (result.outcome, tuple(result.payments.values()), result.transfers)))

    def _compute_result(self) -> Result:
        """Who pays whom, in stakes.

        Precedence when several penalties were claimed (choices): an abandonment (Wikipedia)
        or a revoking soloist's immediate loss settles the hand by itself, other claimed
        fines being added; otherwise Hoyle's revoker settlement replaces the ordinary one, and
        the wrong-number adjustment applies only where no revoker settlement does. Fines go
        to the soloist in every case. Two revokers claimed under Hoyle's replay each pay in
        full. A fresh deal or redeal voids every payment.
        """
        n = self._n
        soloist = self._soloist
        call = self._call
        if not self._penalised and soloist is not None and call is not None:
            # The usual hand, without penalties: the same as the general case below, quicker.
            won = self._won[soloist]
            success = won >= call
            if success:
                stake = gain = self._rules.win_stake(call)  # each other player pays him
                reason = "call-made"
            else:
                stake = self._rules.lose_stake(call)  # he pays each other player
                gain = -stake
                reason = "call-failed"
            payments: dict[int, int] = {}  # seat by seat, like the general case's dict(enumerate(pay))
            moves: list[Transfer] = []
            for p in range(n):
                if p == soloist:
                    payments[p] = gain * (n - 1)
                else:
                    payments[p] = -gain
                    payer, payee = (p, soloist) if success else (soloist, p)
                    moves.append(_new(Transfer, (payer, payee, stake, reason)))
            return _new(Result, ("made" if success else "defeated", payments, tuple(moves), soloist, call, won))
        return self._compute_penalised_result()

    def _compute_penalised_result(self) -> Result:
        """The general case of :meth:`_compute_result` (a method of its own, so that the usual
        case does not pay for the closure cells of ``move``: see the notes on speed)."""
        n = self._n
        soloist = self._soloist
        call = self._call
        pay = [0] * n
        transfers: list[Transfer] = []

        def move(payer: int, payee: int, amount: int, reason: str) -> None:
            if amount:
                transfers.append(Transfer(payer, payee, amount, reason))
                pay[payer] -= amount
                pay[payee] += amount

        made_tricks = self._won[soloist] if soloist is not None else None
        if self._void is not None:
            outcome = self._void
        elif soloist is None or call is None or made_tricks is None:
            outcome = "all-passed"
        else:
            rules = self._rules
            win = rules.win_stake(call)
            lose = rules.lose_stake(call)
            others = [s for s in range(n) if s != soloist]
            no_receive = self._no_receive
            made = made_tricks >= call
            if self._abandon is not None:
                outcome = "abandoned"
                revoker = self._abandon
                if revoker == soloist:
                    for p in others:
                        if p not in no_receive:
                            move(soloist, p, lose, "revoke")
                else:
                    move(revoker, soloist, win * len(others), "revoke")
            elif self._soloist_revoked:
                outcome = "defeated"
                for p in others:
                    if p not in no_receive:
                        move(soloist, p, lose, "revoke")
            elif made and self._brit_soloist_wrong:
                # "If the stand-hand plays with the wrong number of cards, and wins, he
                # receives nothing, and there is a fresh deal."
                outcome = "fresh-deal"
            else:
                outcome = "made" if made else "defeated"
                if self._hoyle_revokers:
                    for revoker in self._hoyle_revokers:
                        if made:
                            move(revoker, soloist, win * len(others), "revoke")
                        else:
                            for p in others:
                                if p != revoker and p not in no_receive:
                                    move(revoker, p, lose, "revoke")
                elif self._wn_adjust:
                    if made and not self._wn_soloist_wrong:
                        for p in others:
                            move(p, soloist, win, "call-made")
                    elif not made and self._wn_soloist_wrong:
                        for p in others:
                            if p not in no_receive:
                                move(soloist, p, lose, "call-failed")
                elif made:
                    for p in others:
                        move(p, soloist, win, "call-made")
                else:
                    for p in others:
                        if p not in no_receive:
                            move(soloist, p, lose, "call-failed")
            if outcome != "fresh-deal":
                for offender, amount, _ in self._fines:
                    move(offender, soloist, amount, "fine")
        return Result(outcome, dict(enumerate(pay)), tuple(transfers), soloist, call, made_tricks)

    # ------------------------------------------------------------------ closing

    def close(self) -> None:
        """Close a finished hand when the next deal begins: no more claims
        (interpretation claims-until-next-deal)."""
        if self._phase != FINISHED:
            raise WrongPhase(f"the hand is not finished (phase {self._phase!r})")
        self._closed = True

    def __repr__(self) -> str:
        return (
            f"<Hand {self._rules.name} players={self._n} dealer={self._dealer} phase={self._phase}"
            f" to_act={self._to_act}>"
        )


_FULL_SET = frozenset(FULL_PACK)

# _POWER[trumps][led][card]: how a card ranks in a trick, for finding who wins it. A trump
# beats any card of another suit, a card of the suit led any card of the other plain suits;
# within a suit the higher card wins, and a card of neither suit never wins. (Cards are
# suit * 13 + rank, so card + 52 puts every trump above every card of the suit led.)
_POWER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(c + PACK_SIZE if c // 13 == trumps else c if c // 13 == led else -1 for c in FULL_PACK)
        for led in range(4)
    )
    for trumps in range(4)
)

_NOBODY: frozenset[int] = frozenset()

_NO_HOLDINGS = tuple(tuple(() for _ in range(n)) for n in range(PACK_SIZE // 5 + 2))

_new = tuple.__new__  # makes a NamedTuple record without its Python-level __new__

# The commonest events, made once: records are immutable values, so a hand can append the
# shared one instead of making its own (as legal_actions hands out the cached actions).
# Every seat, card and trick number (1 to 5, at index 0 to 4) is covered.
_SEATS = range(len(PLAY))
_CARD_PLAYED: tuple[tuple[tuple[CardPlayed, ...], ...], ...] = tuple(
    tuple(tuple(CardPlayed(seat, card, trick) for card in FULL_PACK) for seat in _SEATS)
    for trick in range(1, TRICKS_IN_HAND + 1)
)
_TRICK_WON: tuple[tuple[tuple[TrickWon, ...], ...], ...] = tuple(
    tuple(tuple(TrickWon(trick, seat, card) for card in FULL_PACK) for seat in _SEATS)
    for trick in range(1, TRICKS_IN_HAND + 1)
)
_TRUMPS_FIXED: tuple[TrumpsFixed, ...] = tuple(TrumpsFixed(suit) for suit in range(4))
_PASSED: tuple[Passed, ...] = tuple(Passed(seat) for seat in _SEATS)
_CALLED: tuple[tuple[Called, ...], ...] = tuple(tuple(Called(seat, t) for t in range(NAP + 1)) for seat in _SEATS)

_CUT_CACHE: dict[tuple[int, int, int], tuple[Action, ...]] = {}

# The builder of the cache above is a function of its own (see the notes on speed).


def _cut_actions(cutter: int, minimum: int, size: int) -> tuple[Action, ...]:
    """The cuts of a pack of ``size`` cards that leave ``minimum`` cards in each packet."""
    return tuple(
        CUT[cutter][depth] if depth <= PACK_SIZE else Cut(cutter, depth) for depth in range(minimum, size - minimum + 1)
    )


def _calling_actions(seat: int, high: int, may_pass: bool) -> tuple[Action, ...]:
    """A pass (if allowed) and every call above ``high``, for ``seat``."""
    calls: tuple[Action, ...] = tuple(CALL[seat][t] for t in range(high + 1, NAP + 1))
    return ((PASS[seat],) if may_pass else ()) + calls


# _CALLING[seat][high][may_pass]: the legal calling actions, for every seat, highest call so
# far (0 to Nap) and whether the seat may pass. A table, not a cache: no key to build.
_CALLING: tuple[tuple[tuple[tuple[Action, ...], tuple[Action, ...]], ...], ...] = tuple(
    tuple((_calling_actions(seat, high, False), _calling_actions(seat, high, True)) for high in range(NAP + 1))
    for seat in range(len(PASS))
)

_DEAL_FAULT_OPTION: dict[str, Callable[[Rules], str]] = {
    "uncut": lambda r: r.fresh_deal_uncut,
    "faulty-pack": lambda r: r.fresh_deal_faulty_pack,
    "exposed-in-dealing": lambda r: r.fresh_deal_exposed_card,
    "misdeal": lambda r: r.fresh_deal_misdeal,
}
_DEAL_FAULT_ID = {
    "uncut": "fresh-deal-uncut",
    "faulty-pack": "fresh-deal-faulty-pack",
    "exposed-in-dealing": "fresh-deal-exposed-card",
    "misdeal": "fresh-deal-misdeal",
}

_HANDLERS: dict[type, Callable[[Hand, Any], None]] = {
    Play: Hand._do_play,
    Call: Hand._do_call,
    Pass: Hand._do_pass,
    Cut: Hand._do_cut,
    DealCards: Hand._do_deal,
    ShowCards: Hand._do_show,
    RefuseToShow: Hand._do_refuse,
    Claim: Hand._do_claim,
    ExposeCard: Hand._do_expose,
    AskInformation: Hand._do_ask,
}


def _irregular_schedule(pattern: str, order: Sequence[int], counts: Sequence[int]) -> list[int]:
    """The seat each card goes to in a wrong deal that gives seat *s* ``counts[s]`` cards.

    Choice: the regular rounds of the pattern are followed, a seat dropping out of them once
    it has its count; seats still short then receive one card a round, in order.

    >>> _irregular_schedule("singly", (1, 2, 0), (0, 7, 1))
    [1, 2, 1, 1, 1, 1, 1, 1]
    >>> _irregular_schedule("three-then-two", (1, 2, 0), (4, 2, 5))
    [1, 1, 2, 2, 2, 0, 0, 0, 2, 2, 0]
    """
    if pattern == "singly":
        regular = [s for _ in range(5) for s in order]
    else:
        regular = [s for s in order for _ in range(3)] + [s for s in order for _ in range(2)]
    got = dict.fromkeys(order, 0)
    sequence: list[int] = []
    for seat in regular:
        if got[seat] < counts[seat]:
            sequence.append(seat)
            got[seat] += 1
    while any(got[s] < counts[s] for s in order):
        for seat in order:
            if got[seat] < counts[seat]:
                sequence.append(seat)
                got[seat] += 1
    return sequence


def random_playout(hand: Hand, rng: random.Random, limit: int = 10_000) -> int:
    """Play ``hand`` to the end with random legal actions drawn from ``rng``; return the
    number of actions taken. (Used by the benchmark and the tests.)

    >>> from napspec.reference.rules import Rules
    >>> hand = Hand(Rules.profile("britannica"), 5, 0, seed=3)
    >>> steps = random_playout(hand, random.Random(3))
    >>> hand.phase, sum(hand.result.payments.values())
    ('finished', 0)
    """
    if hand._result is not None:
        return 0
    draw = rng.random
    legal_actions = hand.legal_actions
    apply = hand.apply
    for steps in range(1, limit + 1):  # the loop counts the actions
        legal = legal_actions()
        apply(legal[int(draw() * len(legal))])
        if hand._result is not None:
            return steps
    raise RuntimeError(f"no end after {limit} actions")


def cards_accounted_for(hand: Hand) -> list[int]:
    """Every card of the hand's pack, wherever it is now (holdings, table, stock), sorted.

    Equal to the sorted pack (``hand.deck``, or the full pack for a stacked hand) at all
    times: no card is lost or made.
    """
    cards: list[int] = []
    for holding in hand._holdings:
        cards.extend(holding)
    for seat_cards in hand.table():
        cards.extend(card for card, _ in seat_cards)
    cards.extend(hand.stock)
    return sorted(cards)


def expected_pack(hand: Hand) -> list[int]:
    """The sorted cards :func:`cards_accounted_for` must return."""
    return sorted(hand.deck) if hand.deck is not None else list(FULL_PACK)


__all__ = [
    "CALLING",
    "CLAIMED",
    "OPEN",
    "VOID",
    "CUT_PHASE",
    "DEAL_PHASE",
    "FINISHED",
    "Hand",
    "PHASES",
    "PLAY_PHASE",
    "SHOW_PHASE",
    "cards_accounted_for",
    "expected_pack",
    "random_playout",
]
