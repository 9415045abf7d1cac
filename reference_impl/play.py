"""Play: five tricks (seven at seven-card Nap), the soloist leading to the first, his first
lead fixing trumps (rules ``play.*``); then, when option ``stop-when-decided`` stops play
early, the showing of cards that option ``show-cards`` requires.

A player must follow suit if he can, else play any card; the highest trump wins a trick,
else the highest card of the suit led; the winner leads to the next. A card not following
suit when the player could (a revoke), or played out of turn, is an irregularity: it is
accepted only in a hand with ``allow_irregular`` and recorded as an offence (its remedies are
in :mod:`~napspec.reference.claims`; a claim may have the hand replayed, :meth:`TrickPlay.rewind`).

The calls beyond Nap change the play here. A Misery under option ``misery`` =
``no-trumps`` has no trump suit (:data:`NO_TRUMPS`: the highest card of the suit led wins
every trick); under ``trumps-by-first-lead`` the first lead fixes trumps as usual. The
Misery caller leads (interpretation misery-caller-leads); his Misery is decided at the first
trick he wins (interpretation misery-decided-at-first-trick). Under option
``wellington-lead`` = ``lowest-trump`` a Wellington caller's first lead must be the lowest
card he holds of its suit (interpretation lowest-trump-wellington-only: not a Blücher's).

What the play reads and writes of the hand: the play (:class:`TrickPlay`, the part in force in
phase ``play``) is made when the calling (or the peep exchange) is over, with the soloist and
his contract; it owns the trumps, the tricks and the tricks won. It takes the cards played
out of the holdings of the :class:`~napspec.reference.state.Cards` (and restores them as play
began on a replay), records revokes and cards out of turn in the
:class:`~napspec.reference.state.Offences`, and appends its events. When play is over it says
who must show his cards (:attr:`TrickPlay.showers`).
"""

from __future__ import annotations

from bisect import bisect_left as _bisect_left
from operator import itemgetter

from napspec.reference.actions import PLAY, Action, AskInformation, Play
from napspec.reference.cards import FULL_PACK, PACK_SIZE, format_card
from napspec.reference.contracts import MISERY, WELLINGTON, Contract
from napspec.reference.errors import (
    CardNotHeld,
    MustFollowSuit,
    MustLeadLowestTrump,
    NotProvidedFor,
    NotYourTurn,
    WrongPhase,
)
from napspec.reference.events import (
    CardPlayed,
    Event,
    HandReplayed,
    Information,
    PlayStopped,
    ShowRequired,
    Trick,
    TrickWon,
    TrumpsFixed,
)
from napspec.reference.rules import MOST_CARDS_EACH, Rules
from napspec.reference.state import (
    NOBODY,
    PLAY_PHASE,
    SHOW_PHASE,
    Cards,
    Offences,
    Phase,
    check_seat,
    new_record,
)
from napspec.reference.table import Table

NO_TRUMPS = 4
"""The trump "suit" of a hand without trumps (a Misery under ``misery`` = ``no-trumps``): no
card of it exists, so :data:`POWER` ranks the suit led alone. ``Hand.trumps`` reports it as
``None``."""


class TrickPlay(Phase):
    """The tricks, and the end of play: the part in force in phase ``play``. :meth:`begin`
    gives the soloist the lead."""

    __slots__ = (
        "_call",
        "_card_played",
        "_cards",
        "_contract",
        "_dupes",
        "_events",
        "_holdings",
        "_irregular",
        "_led",
        "_lowest_lead",
        "_offences",
        "_rules",
        "_short",
        "_soloist",
        "_table",
        "_trick_order",
        "forced",
        "showers",
        "trick",
        "tricks",
        "trumps",
        "won",
    )

    TAKES = ((Play, "do_play", "no card can be played in phase {phase!r}"),)

    def __init__(
        self,
        rules: Rules,
        table: Table,
        cards: Cards,
        offences: Offences,
        events: list[Event],
        soloist: int,
        contract: Contract,
        irregular: bool,
    ) -> None:
        self._rules = rules
        self._table = table
        self._cards = cards
        # Read on every card: taken once (a replay, which restores the holdings, takes them again).
        self._holdings = cards.holdings
        self._short = cards.short
        self._dupes = cards.dupes
        self._offences = offences
        self._events = events
        self._irregular = irregular
        self._soloist = soloist
        self._contract = contract
        self._call = contract.tricks
        #: The trump suit (0..3; :data:`NO_TRUMPS` in a Misery without trumps), fixed by the
        #: soloist's first lead: ``None`` before.
        self.trumps: int | None = None
        self._led = -1  # the suit led to the trick in progress
        # The soloist's first lead must be his lowest card of its suit (Wellington).
        self._lowest_lead = False
        #: The trick in progress, (seat, card) in order; the completed tricks; each seat's
        #: tricks won.
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[Trick] = []
        self.won = [0] * table.n
        self._trick_order: tuple[int, ...] = ()  # who plays to the trick in progress, in order
        self._card_played = _CARD_PLAYED[0]  # the events of a card played to the trick in progress
        #: The revokers who must follow suit from now on (after a replay, interpretation
        #: britannica-replay-from-revoke).
        self.forced = NOBODY
        #: Once play is over: who must show his cards, in order (none: the hand is settled).
        self.showers: tuple[int, ...] = ()
        self.phase = PLAY_PHASE
        self.to_act = None
        self.over = False

    def begin(self) -> None:
        """The soloist leads to the first trick (rule play.soloist-leads; a Misery caller too,
        interpretation misery-caller-leads). His first lead fixes trumps, but for a Misery
        without trumps, which has none."""
        declaration = self._contract.declaration
        if declaration is None:  # a call of tricks
            self.trumps = None
            self._lowest_lead = False
        else:
            self.trumps = NO_TRUMPS if declaration == MISERY and self._rules.misery == "no-trumps" else None
            # A Wellington caller's first lead, under wellington-lead = lowest-trump, must be
            # the lowest card he holds of the suit he leads (interpretation
            # lowest-trump-wellington-only: not a Blücher's).
            self._lowest_lead = declaration == WELLINGTON and self._rules.wellington_lead == "lowest-trump"
        self._card_played = _CARD_PLAYED[0]
        # The soloist leads (start_trick, inlined for the usual case of every player holding
        # his cards).
        soloist = self._soloist
        if self._short:
            self.start_trick(soloist)
        else:
            order = self._trick_order = self._table.rot[soloist]
            self.to_act = order[0]

    def start_trick(self, leader: int) -> None:
        """Choice: with a wrong number of cards, a player who has none left takes no part
        (interpretation wrong-number-found-by-claim), and a leader with none passes the lead
        to the next player on his left who has a card; when nobody has a card, play ends."""
        if self._short:
            order: tuple[int, ...] = ()  # (a loop: see the notes on speed)
            for s in self._table.rot[leader]:
                if self._holdings[s]:
                    order += (s,)
            if not order:
                self.end(None)
                return
        else:
            order = self._table.rot[leader]
        self._trick_order = order
        self.to_act = order[0]

    def legal_actions(self) -> tuple[Action, ...]:
        """The cards the player to play may play: a card of the suit led if he holds one,
        else any card (rule ``play.follow-suit``)."""
        actor: int = self.to_act  # type: ignore[assignment]  # never None in play
        row = PLAY[actor]
        hold = self._holdings[actor]
        if self.trick:
            # A holding is kept in card order, so the cards of the suit led lie together:
            # two bisections (in C) find them; without any, every card may be played.
            low = self._led * 13
            first = _bisect_left(hold, low)
            end = _bisect_left(hold, low + 13, first)
            if first < end:
                hold = hold[first:end]
        elif self._lowest_lead and self.trumps is None and actor == self._soloist:  # a Wellington's first lead
            hold = _lowest_of_each_suit(hold)
        # The shared actions of the cards: an itemgetter picks several in one C call (and
        # gives a lone one bare), quicker than a comprehension.
        legal: tuple[Action, ...] = itemgetter(*hold)(row) if len(hold) > 1 else (row[hold[0]],) if hold else ()
        if self._dupes:  # a faulty pack's repeated card is one action
            legal = tuple(dict.fromkeys(legal))
        return legal

    def do_play(self, action: Play) -> None:
        seat = action.seat
        card = action.card
        if seat != self.to_act:
            self.out_of_turn(seat, card)
            return
        hold = self._holdings[seat]
        if type(card) is not int or card not in hold:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        trick = self.trick
        if trick:
            led = self._led
            if card // 13 != led:
                # Does he hold a card of the suit led? The holding is in card order, so the
                # first card from the suit's lowest up tells (one bisection, in C).
                low = led * 13
                first = _bisect_left(hold, low)
                if first < len(hold) and hold[first] < low + 13:
                    self.revoke(seat, card, led)
                    return
        elif self._lowest_lead and self.trumps is None:  # a Wellington's first lead
            self._check_first_lead(seat, card)
        # The body of put, repeated: this is the hottest path of the engine, and a call
        # costs as much as the rest of it. Keep the two alike.
        hold.remove(card)
        if not trick:
            led = self._led = card // 13
            if self.trumps is None:  # the first card led fixes trumps for the hand
                self.trumps = led
                self._events.append(_TRUMPS_FIXED[led])
        trick.append(_SEAT_CARD[seat][card])
        self._events.append(self._card_played[seat][card])
        order = self._trick_order
        played = len(trick)
        if played < len(order):
            self.to_act = order[played]
        else:
            self.complete_trick(False)

    def _check_first_lead(self, seat: int, card: int) -> None:
        """The soloist's first lead, when it must be the lowest card of its suit (``_lowest_lead``)."""
        if seat == self._soloist:
            hold = self._holdings[seat]
            lowest = hold[_bisect_left(hold, card // 13 * 13)]  # the holding is in card order
            if card != lowest:
                raise MustLeadLowestTrump(
                    f"a Wellington is opened with the lowest card of the suit led: {format_card(lowest)}, "
                    f"not {format_card(card)} (option 'wellington-lead')"
                )

    def put(self, seat: int, card: int, quiet: bool) -> None:
        """Play ``card`` for ``seat`` (already checked), complete the trick if it is full.

        ``quiet`` re-plays a card when a replay rebuilds the cards that stand: no events.
        (:meth:`do_play` repeats this body for speed; keep the two alike.) The events are
        the shared records (see the notes on speed).
        """
        self._holdings[seat].remove(card)
        trick = self.trick
        if not trick:
            led = self._led = card // 13
            if self.trumps is None:  # the first card led fixes trumps for the hand
                self.trumps = led
                if not quiet:
                    self._events.append(_TRUMPS_FIXED[led])
        trick.append(_SEAT_CARD[seat][card])
        if not quiet:
            self._events.append(self._card_played[seat][card])
        order = self._trick_order
        played = len(trick)
        if played < len(order):
            self.to_act = order[played]
        else:
            self.complete_trick(quiet)

    def complete_trick(self, quiet: bool) -> None:
        """The trick is full: the highest trump wins it, else the highest card of the suit
        led; then play stops, ends or goes on with the winner's lead."""
        trick = self.trick
        tricks = self.tricks
        number = len(tricks) + 1
        # The card of highest power wins; of equal cards (only a faulty pack's repeated card
        # makes them) the first. A plain loop: max(key=...) and zip cost more for four cards.
        power = POWER[self.trumps][self._led]  # type: ignore[index]  # trumps are fixed in play
        win_seat, win_card = trick[0]
        best = power[win_card]
        for s, c in trick:
            if power[c] > best:
                win_seat, win_card, best = s, c, power[c]
        tricks.append(new_record(Trick, (number, trick[0][0], tuple(trick), win_seat, win_card)))
        self.won[win_seat] += 1
        self.trick = []
        if not quiet:
            self._events.append(_TRICK_WON[number - 1][win_seat][win_card])
        rules = self._rules
        if number == rules.cards_each:
            self.end(None)
            return
        if rules.stop_when_decided:
            call = self._call
            won = self.won[self._soloist]
            if self._contract.declaration == MISERY:
                # Defeated at the first trick he wins (interpretation misery-decided-at-first-trick);
                # made only when the tricks run out.
                if won:
                    self.end("defeated")
                    return
            elif won >= call:
                self.end("made")
                return
            elif won + rules.cards_each - number < call:
                self.end("defeated")
                return
        # The winner leads to the next trick (start_trick, inlined for the usual case of
        # every player holding his cards).
        self._card_played = _CARD_PLAYED[number]
        if self._short:
            self.start_trick(win_seat)
        else:
            order = self._trick_order = self._table.rot[win_seat]
            self.to_act = order[0]

    def end(self, reason: str | None) -> None:
        """Play is over: ``reason`` is ``made``/``defeated`` when stop-when-decided stopped it
        before the last trick, ``None`` when the cards ran out.

        Under show-cards, the players who trumped or discarded (did not follow the suit led)
        in the deciding trick must show their remaining cards (interpretation
        hoyle-show-cards-who), one after the other in the order they played.
        """
        self._trick_order = ()
        if reason is not None:
            number = len(self.tricks)
            self._events.append(new_record(PlayStopped, (reason, number)))
            if self._rules.show_cards:
                last = self.tricks[-1]
                led = last.cards[0][1] // 13
                showers: tuple[int, ...] = ()  # (a loop: see the notes on speed)
                for s, c in last.cards:
                    if c // 13 != led:
                        showers += (s,)
                if showers:
                    self._events.append(new_record(ShowRequired, (showers,)))
                    self.showers = showers
        self.over = True

    # ------------------------------------------------------------------ irregular cards

    def revoke(self, seat: int, card: int, led: int) -> None:
        """A card not of the suit led, played by a player who holds one: recorded, and played."""
        if not self._irregular:
            raise MustFollowSuit(f"seat {seat} holds a card of the suit led and must play it")
        if seat in self.forced:
            raise MustFollowSuit(f"seat {seat} revoked before and must now follow suit")
        self._record_card("revoke", seat, card, "did not follow suit", led)
        self.put(seat, card, False)

    def out_of_turn(self, seat: int, card: int) -> None:
        """A card played out of turn is taken back into its player's hand and the offence is
        recorded (interpretation out-of-turn-card-taken-back). Choice: any card played by a
        player who is not to play, during the play, is out of turn (also by one who has
        already played to the trick); it is placed, for a replay from it, at the position of
        the card that was due."""
        if not self._irregular:
            raise NotYourTurn(f"seat {self.to_act} plays next")
        check_seat(seat, self._table.n)
        if type(card) is not int or card not in self._holdings[seat]:
            raise CardNotHeld(f"seat {seat} does not hold {card!r}")
        detail = f"played out of turn (seat {self.to_act} was to play); the card is taken back"
        self._record_card("out-of-turn", seat, card, detail)

    def _record_card(self, kind: str, seat: int, card: int, detail: str, suit: int | None = None) -> None:
        """Record an offence of ``kind`` by ``seat`` playing ``card``, placed at the next card
        of the play (where a replay from it starts)."""
        trick, position = len(self.tricks) + 1, self.cards_played()
        self._offences.record(kind, seat, card=card, trick=trick, position=position, suit=suit, detail=detail)

    # ------------------------------------------------------------------ the cards played, a replay

    def played(self) -> list[tuple[int, int]]:
        """Every card played, (seat, card) in order: the completed tricks', then the trick in
        progress. (Not kept as a list of its own, which every card played would add to: it
        is wanted only for a replay and to place an offence.)"""
        played: list[tuple[int, int]] = []
        for trick in self.tricks:
            played.extend(trick.cards)
        played.extend(self.trick)
        return played

    def cards_played(self) -> int:
        """How many cards have been played (the position of the next in :meth:`played`)."""
        count = len(self.trick)
        for trick in self.tricks:
            count += len(trick.cards)
        return count

    def rewind(self, position: int, offence_id: int, revoker: int) -> None:
        """Take back the card at ``position`` and every later card, and go on from there, for
        offence ``offence_id``: ``revoker`` must follow suit from now on.

        Position 0 is Hoyle's replay: every holding is restored as dealt (as play began, after
        a Sir Garnet discard or an exchange), the calls stand (interpretation
        hoyle-replay-keeps-calls) and play restarts with the soloist's lead. Otherwise
        Britannica's replay from the revoke (interpretation britannica-replay-from-revoke).
        Choice: the revoker must follow suit from now on, even in a hand with
        ``allow_irregular``.
        """
        kept = self.played()[:position] if position else []
        cards = self._cards
        self._holdings = cards.holdings = list(map(list, cards.before_play or cards.dealt))
        self.forced |= {revoker}
        self.trick = []
        self.tricks = []
        self.won = [0] * self._table.n
        self._led = -1
        self.showers = ()
        self.over = False
        self.begin()
        for seat, card in kept:
            self.put(seat, card, True)
        self._events.append(new_record(HandReplayed, (len(self.tricks) + 1, len(self.trick), offence_id)))

    def tell(self, seat: int) -> None:
        """Tell ``seat``, who asks, the call and the tricks the soloist has made."""
        self._events.append(Information(seat, self._call, self.won[self._soloist]))


def tell_the_call(action: AskInformation, rules: Rules, phase: str, players: int, play: TrickPlay | None) -> None:
    """A player asks the call and the tricks made (a question the hand takes in any phase).

    Any player may ask "at any time during the play" (the sitting-out dealer too, as a player
    who pays and receives); choice: the showing of cards at the end of play counts as during
    the play."""
    seat = check_seat(action.seat, players)
    if not rules.right_to_information:
        raise NotProvidedFor("these rules give no right to be told the call and the tricks made")
    if phase not in (PLAY_PHASE, SHOW_PHASE):
        raise WrongPhase(f"the call and the tricks made are told during the play, not in phase {phase!r}")
    assert play is not None  # in play, or showing after it
    play.tell(seat)


def _lowest_of_each_suit(hold: list[int]) -> list[int]:
    """The lowest card of each suit in ``hold`` (in card order).

    >>> _lowest_of_each_suit([0, 3, 14, 40, 41])
    [0, 14, 40]
    """
    return [card for index, card in enumerate(hold) if index == 0 or hold[index - 1] // 13 != card // 13]


# POWER[trumps][led][card]: how a card ranks in a trick, for finding who wins it. A trump
# beats any card of another suit, a card of the suit led any card of the other plain suits;
# within a suit the higher card wins, and a card of neither suit never wins. (Cards are
# suit * 13 + rank, so card + 52 puts every trump above every card of the suit led.)
# POWER[NO_TRUMPS]: no card is a trump.
POWER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(c + PACK_SIZE if c // 13 == trumps else c if c // 13 == led else -1 for c in FULL_PACK)
        for led in range(4)
    )
    for trumps in range(NO_TRUMPS + 1)
)

# The commonest events, made once: records are immutable values, so a hand can append the
# shared one instead of making its own (as legal_actions hands out the cached actions).
# Every seat, card and trick number (1 to 7, at index 0 to 6) is covered.
_SEATS = range(len(PLAY))
_CARD_PLAYED: tuple[tuple[tuple[CardPlayed, ...], ...], ...] = tuple(
    tuple(tuple(CardPlayed(seat, card, trick) for card in FULL_PACK) for seat in _SEATS)
    for trick in range(1, MOST_CARDS_EACH + 1)
)
_TRICK_WON: tuple[tuple[tuple[TrickWon, ...], ...], ...] = tuple(
    tuple(tuple(TrickWon(trick, seat, card) for card in FULL_PACK) for seat in _SEATS)
    for trick in range(1, MOST_CARDS_EACH + 1)
)
_TRUMPS_FIXED: tuple[TrumpsFixed, ...] = tuple(TrumpsFixed(suit) for suit in range(4))
# The (seat, card) of every card played, made once too.
_SEAT_CARD: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((seat, card) for card in FULL_PACK) for seat in _SEATS
)
