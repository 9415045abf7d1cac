"""Play: five tricks (seven at seven-card Nap), the soloist leading to the first, his first
lead fixing trumps (rules ``play.*``); then, when option ``stop-when-decided`` stops play
early, the showing of cards that option ``show-cards`` requires.

A player must follow suit if he can, else play any card; the highest trump wins a trick,
else the highest card of the suit led; the winner leads to the next. A card not following
suit when the player could, or played out of turn, is an irregularity: it is accepted only in
a hand with ``allow_irregular`` and handled by :mod:`~napspec.reference.irregularities`.

The calls beyond Nap change the play here. A Misery under option ``misery`` =
``no-trumps`` has no trump suit (:data:`NO_TRUMPS`: the highest card of the suit led wins
every trick); under ``trumps-by-first-lead`` the first lead fixes trumps as usual. The
Misery caller leads (interpretation misery-caller-leads); his Misery is decided at the first
trick he wins (interpretation misery-decided-at-first-trick). Under option
``wellington-lead`` = ``lowest-trump`` a Wellington caller's first lead must be the lowest
card he holds of its suit (interpretation lowest-trump-wellington-only: not a Blücher's).
"""

from __future__ import annotations

from bisect import bisect_left as _bisect_left
from operator import itemgetter

from napspec.reference.actions import PLAY, Action, AskInformation, Play
from napspec.reference.cards import FULL_PACK, PACK_SIZE, format_card
from napspec.reference.contracts import MISERY, WELLINGTON
from napspec.reference.errors import CardNotHeld, MustLeadLowestTrump, NotProvidedFor, WrongPhase
from napspec.reference.events import CardPlayed, Information, PlayStopped, ShowRequired, Trick, TrickWon, TrumpsFixed
from napspec.reference.rules import MOST_CARDS_EACH
from napspec.reference.state import PLAY_PHASE, SHOW_PHASE, HandState, new_record

NO_TRUMPS = 4
"""The trump "suit" of a hand without trumps (a Misery under ``misery`` = ``no-trumps``): no
card of it exists, so :data:`POWER` ranks the suit led alone. ``Hand.trumps`` reports it as
``None``."""


class TrickPlay(HandState):
    """The tricks, and the end of play."""

    __slots__ = ()

    def _start_play(self) -> None:
        """The calling is over: the soloist leads to the first trick (rule play.soloist-leads;
        a Misery caller too, interpretation misery-caller-leads). His first lead fixes trumps,
        but for a Misery without trumps, which has none."""
        declaration = self._contract.declaration  # type: ignore[union-attr]  # the calling is over
        if declaration is None:  # a call of tricks
            self._trumps = None
            self._lowest_lead = False
        else:
            self._trumps = NO_TRUMPS if declaration == MISERY and self._rules.misery == "no-trumps" else None
            # A Wellington caller's first lead, under wellington-lead = lowest-trump, must be
            # the lowest card he holds of the suit he leads (interpretation
            # lowest-trump-wellington-only: not a Blücher's).
            self._lowest_lead = declaration == WELLINGTON and self._rules.wellington_lead == "lowest-trump"
        # The soloist leads (_start_trick, inlined for the usual case of every player holding
        # his cards).
        soloist: int = self._soloist  # type: ignore[assignment]  # the calling is over
        if self._short:
            self._start_trick(soloist)
        else:
            order = self._trick_order = self._geo.rot[soloist]
            self._to_act = order[0]

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

    def _playable(self) -> tuple[Action, ...]:
        """The cards the player to play may play: a card of the suit led if he holds one,
        else any card (rule ``play.follow-suit``)."""
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
        elif self._lowest_lead and self._trumps is None and actor == self._soloist:  # a Wellington's first lead
            hold = _lowest_of_each_suit(hold)
        # The shared actions of the cards: an itemgetter picks several in one C call (and
        # gives a lone one bare), quicker than a comprehension.
        legal: tuple[Action, ...] = itemgetter(*hold)(row) if len(hold) > 1 else (row[hold[0]],) if hold else ()
        if self._dupes:  # a faulty pack's repeated card is one action
            legal = tuple(dict.fromkeys(legal))
        return legal

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
        elif self._lowest_lead and self._trumps is None:  # a Wellington's first lead
            self._check_first_lead(seat, card)
        # The body of _put, repeated: this is the hottest path of the engine, and a call
        # costs as much as the rest of it. Keep the two alike.
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
        power = POWER[self._trumps][self._led]  # type: ignore[index]  # trumps are fixed in play
        win_seat, win_card = trick[0]
        best = power[win_card]
        for s, c in trick:
            if power[c] > best:
                win_seat, win_card, best = s, c, power[c]
        tricks.append(new_record(Trick, (number, trick[0][0], tuple(trick), win_seat, win_card)))
        self._won[win_seat] += 1
        self._trick = []
        if not quiet:
            self._events.append(_TRICK_WON[number - 1][win_seat][win_card])
        rules = self._rules
        if number == rules.cards_each:
            self._end_play(None)
            return
        if rules.stop_when_decided:
            call: int = self._call  # type: ignore[assignment]  # set in play
            won = self._won[self._soloist]  # type: ignore[index]
            if self._contract.declaration == MISERY:  # type: ignore[union-attr]  # set in play
                # Defeated at the first trick he wins (interpretation misery-decided-at-first-trick);
                # made only when the tricks run out.
                if won:
                    self._end_play("defeated")
                    return
            elif won >= call:
                self._end_play("made")
                return
            elif won + rules.cards_each - number < call:
                self._end_play("defeated")
                return
        # The winner leads to the next trick (_start_trick, inlined for the usual case of
        # every player holding his cards).
        if self._short:
            self._start_trick(win_seat)
        else:
            order = self._trick_order = self._geo.rot[win_seat]
            self._to_act = order[0]

    def _end_play(self, reason: str | None) -> None:
        """Play is over: ``reason`` is ``made``/``defeated`` when stop-when-decided stopped it
        before the last trick, ``None`` when the cards ran out.

        Under show-cards, the players who trumped or discarded (did not follow the suit led)
        in the deciding trick must show their remaining cards (interpretation
        hoyle-show-cards-who), one after the other in the order they played.
        """
        self._trick_order = ()
        if reason is not None:
            number = len(self._tricks)
            self._events.append(new_record(PlayStopped, (reason, number)))
            if self._rules.show_cards:
                last = self._tricks[-1]
                led = last.cards[0][1] // 13
                showers: tuple[int, ...] = ()  # (a loop: see the notes on speed)
                for s, c in last.cards:
                    if c // 13 != led:
                        showers += (s,)
                if showers:
                    self._events.append(new_record(ShowRequired, (showers,)))
                    self._phase = SHOW_PHASE
                    self._pending_show = showers
                    self._to_act = showers[0]
                    return
        self._settle()

    def _do_ask(self, action: AskInformation) -> None:
        """Any player may ask "at any time during the play" (the sitting-out dealer too, as a
        player who pays and receives); choice: the showing of cards at the end of play counts
        as during the play."""
        seat = self._check_seat(action.seat)
        if not self._rules.right_to_information:
            raise NotProvidedFor("these rules give no right to be told the call and the tricks made")
        if self._phase not in (PLAY_PHASE, SHOW_PHASE):
            raise WrongPhase(f"the call and the tricks made are told during the play, not in phase {self._phase!r}")
        assert self._soloist is not None and self._call is not None
        self._events.append(Information(seat, self._call, self._won[self._soloist]))


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
