"""Breakers of the rules of the plain game: players and pack, dealing, calling, play,
settlement, irregularities."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from napspec.reference.actions import PLAY, Action, Call, Claim, DealCards, Pass, Play, RefuseToShow, ShowCards
from napspec.reference.calling import Calling
from napspec.reference.claims import Claims, Moment
from napspec.reference.course import Course
from napspec.reference.deal import Deal
from napspec.reference.errors import IllegalAction, NoSuchOffence
from napspec.reference.events import Offence, Result
from napspec.reference.hand import OPEN, VOID, Hand
from napspec.reference.irregularities import Showing
from napspec.reference.play import TrickPlay
from napspec.reference.rules import Rules
from napspec.reference.settlement import Settlement
from napspec.reference.state import CUT_PHASE, DEAL_PHASE
from napspec.reference.table import Getter, Table, _getter
from tests.conformance.breakers import Reach, answer_breaker, case_breaker, hand_breaker

# Where the breakers of rules that act in every hand show in other rules' scenarios.
FIRST_TO_ACT = Reach(
    "the eldest is the first to act in every round of a hand, the calling, the exchanges and the "
    "play: every case that deals, calls or exchanges in turn, and every question of who is to act "
    "or what he may do, sees who is",
    actions=("deal", "call", "pass", "buy", "peep", "take-extra-hand"),
    answers=("legal-actions", "state.to_act"),
)
AUCTION = Reach(
    "every case that holds an auction makes its calls in the order, and of the kinds, that this rule "
    "sets, and every question of what a player may do reads them: where a call is refused or "
    "another player becomes the soloist, all that follows differs",
    actions=("call", "pass"),
    answers=("legal-actions",),
)
TRICKS = Reach(
    "every card played goes through who plays next, what it beats and who wins the trick: every "
    "case that plays a card, and every question of who is to act or what he may play, sees it",
    actions=("play",),
    answers=("legal-actions", "state.to_act"),
)
OUTCOME = Reach(
    "whether the call is made decides the outcome, and so the payments, of every hand played out: "
    "every check of a hand's result sees it",
    answers=("result",),
)
PAYMENTS = Reach(
    "what a call below Nap pays is in the payments of every hand that plays one: every check of the payments sees it",
    answers=("result.payments",),
)
NEXT_DEALER = Reach("every check of who deals next sees it", answers=("result.next_dealer",))
DEALT = Reach("every case that deals the cards deals them by this rule", actions=("deal",))
CLAIMED = Reach(
    "every claimed revoke, and every offence remedied as one, is remedied by this rule: every case "
    "that holds a claim may see it",
    actions=("claim",),
)
POOL_PAID = Reach(
    "what is paid into the pool is in every hand played with one: every check of the pool or of the payments sees it",
    answers=("pool", "result.payments"),
)


def _flipped(option: str, other: Any) -> type[Course]:
    """A hand's course that plays ``other(value)`` of ``option`` where the case asks for ``value``."""

    class Flipped(Course):
        def __init__(self, rules: Rules, players: int, dealer: int, allow_irregular: bool) -> None:
            value = rules.options()[option]
            # Where the other value is not playable with the case's other options, the
            # hand is played straight.
            with contextlib.suppress(ValueError):
                rules = rules.with_options({option: other(value)})
            super().__init__(rules, players, dealer, allow_irregular)

    Flipped.__name__ = f"Flipped_{option.replace('-', '_')}"
    return Flipped


def option_breaker(
    rule: str,
    option: str,
    other: Any,
    how: str,
    *,
    neighbours: Sequence[str] = (),
    why: str = "",
    reach: Reach | None = None,
) -> None:
    """Register the engine that plays another value of ``option`` than the case's."""
    hand_breaker(rule, how, neighbours=neighbours, why=why, reach=reach)(_flipped(option, other))


def other_value(option: str, *, where_played: bool = False) -> Any:
    """The next value of ``option`` in the register after the given one, never its plain
    value in place of a value played (the variant stays on; its rule is what breaks). With
    ``where_played``, the plain value is kept too (the variant stays off): for a rule that
    acts only where the variant is played, such as its stakes, so that the breaker does not
    switch the variant on where the table has not agreed on it (which other rules' scenarios
    would see)."""
    from napspec.spec import load

    spec = load().options[option]
    values = [choice.value for choice in spec.values]

    def other(value: Any) -> Any:
        if where_played and value == spec.plain:
            return value
        start = values.index(value) if value in values else -1
        for step in range(1, len(values)):
            candidate = values[(start + step) % len(values)]
            if spec.plain == "not-played" and value != spec.plain and candidate == spec.plain:
                continue
            return candidate
        return value

    return other


def flip_breaker(
    rule: str,
    option: str,
    how: str,
    *,
    where_played: bool = False,
    neighbours: Sequence[str] = (),
    why: str = "",
    reach: Reach | None = None,
) -> None:
    """Register the engine that plays the next value of ``option`` (:func:`other_value`)."""
    option_breaker(
        rule, option, other_value(option, where_played=where_played), how, neighbours=neighbours, why=why, reach=reach
    )


def _plays(play: TrickPlay, cards: list[int]) -> tuple[Action, ...]:
    actor = play.to_act
    assert actor is not None
    return tuple(PLAY[actor][card] for card in cards)


def _goes_on(play: TrickPlay) -> bool:
    """Whether play goes on (a trick to play, not ended: ending clears the order of play)."""
    return bool(play._trick_order)


def _void(settlement: Settlement) -> bool:
    """Whether a fresh deal or redeal voids the hand being settled."""
    penalties = settlement._penalties
    return penalties is not None and penalties.void is not None


# ------------------------------------------------------------------- players and pack

option_breaker(
    "players.dealer-sits-out",
    "dealer-sits-out",
    lambda value: "never" if value != "never" else "six-players",
    "The dealer sits out at no table size where the case's rules have him sit out (and at six where he plays).",
    neighbours=["players.number", "exchanges.purchase", "exchanges.purchase-stock"],
    why="those scenarios deal six at Hoyle, or a sitting-out dealer at Purchase Nap: under the other rule the"
    " dealer Hoyle compels to play would hold no cards, or the dealer dealt none must hold five, and the"
    " engine refuses the case",
)


flip_breaker(
    "players.number",
    "players-max",
    "The largest table is the next value of players-max, not the case's.",
    neighbours=["players.dealer-sits-out", "dealing.five-cards"],
    why="the table of seven that those scenarios deal is refused as too large",
)
flip_breaker(
    "players.short-pack",
    "pack",
    "Where the pack is shortened, it is the other shortened pack (where it can be).",
    where_played=True,
)


@hand_breaker(
    "players.pack",
    "At four or five players the full pack is stripped to the shortened pack before the cut "
    "(Wikipedia's set-up taken for the plain game).",
    neighbours=[
        "dealing.cut",
        "dealing.deal",
        "dealing.five-cards",
        "players.dealer-sits-out",
        "variants.seven-card-deal",
    ],
    why="every deal from a full pack at four or five players is of other cards: "
    "the scenarios that deal at those tables see it",
)
class StripsTheFullPack(Deal):
    def from_pack(self, deck: Sequence[int] | None, seed: int | None, allow_irregular: bool) -> None:
        rules = self._rules
        players = self._table.n
        if rules.pack != "full" or deck is None or players not in (4, 5):
            super().from_pack(deck, seed, allow_irregular)
            return
        short = rules.with_options({"pack": "short-28-36"})
        kept = set(short.pack_cards(players))
        self._rules = short  # the pack is checked against the rules' pack, then dealt whatever they say
        try:
            super().from_pack([card for card in deck if card in kept], seed, allow_irregular)
        finally:
            self._rules = rules


# ------------------------------------------------------------------------------ play


def _rewin(play: TrickPlay, winner_of: Any) -> None:
    """Make the last completed trick won as ``winner_of(trick)`` says (seat), moving the
    trick won and the next lead."""
    if not play.tricks:
        return
    trick = play.tricks[-1]
    seat = winner_of(trick)
    if seat == trick.winner:
        return
    play.won[trick.winner] -= 1
    play.won[seat] += 1
    card = next(card for who, card in trick.cards if who == seat)
    play.tricks[-1] = trick._replace(winner=seat, card=card)
    if _goes_on(play) and not play.trick and not play._short:
        order = play._trick_order = play._table.rot[seat]
        play.to_act = order[0]


@hand_breaker(
    "players.ranking",
    "The ace ranks lowest of its suit in the play (a trick is judged with the ace below the deuce).",
    reach=TRICKS,
)
class AceLow(TrickPlay):
    def complete_trick(self, quiet: bool) -> None:
        super().complete_trick(quiet)
        trumps = self.trumps

        def winner(trick: Any) -> int:
            led = trick.cards[0][1] // 13

            def power(card: int) -> int:
                rank = (card % 13 + 1) % 13  # the ace (12) becomes 0
                return rank + (100 if card // 13 == trumps else 50 if card // 13 == led else -100)

            return max(trick.cards, key=lambda play: power(play[1]))[0]  # type: ignore[no-any-return]

        _rewin(self, winner)


@hand_breaker(
    "play.one-against-all",
    "The soloist's left-hand neighbour plays on his side: the tricks he wins count for the soloist.",
    reach=OUTCOME,
)
class SoloistHasAPartner(Settlement):
    def settle(self) -> Result:
        soloist = self._soloist
        if soloist is None or _void(self) or self._contract is None:
            return super().settle()
        rot = self._table.rot
        partner = rot[soloist][1] if len(rot[soloist]) > 1 else soloist
        saved = list(self._won)
        self._won[soloist] += self._won[partner] if partner != soloist else 0
        try:
            return super().settle()
        finally:
            self._won[:] = saved


@hand_breaker(
    "play.trick", "A hand has one trick fewer than the cards each: play ends after the fourth trick.", reach=TRICKS
)
class OneTrickShort(TrickPlay):
    def complete_trick(self, quiet: bool) -> None:
        super().complete_trick(quiet)
        if _goes_on(self) and len(self.tricks) == self._rules.cards_each - 1 and not self.trick:
            self.end(None)


@hand_breaker(
    "play.follow-suit",
    "Every card may be played to a trick: holding the suit led is no duty to follow.",
    neighbours=[
        "play.no-obligation-to-head",
        "irregularities.claims",
        "irregularities.revoke-definition",
        "irregularities.revoke-penalty",
        "irregularities.soloist-revoke",
        "irregularities.show-cards",
        "settlement.before-next-deal",
        "variants.penalties-at-call-stakes",
        "variants.seven-card-stakes",
    ],
    why="a card off the suit led is no revoke any more: the revokes those scenarios claim, or shown cards "
    "prove, are never made; and the cards a follower may play are all he holds",
)
class IgnoresFollowSuit(TrickPlay):
    def legal_actions(self) -> tuple[Action, ...]:
        if self.trick and self.to_act is not None:
            return _plays(self, list(self._holdings[self.to_act]))
        return super().legal_actions()

    def revoke(self, seat: int, card: int, led: int) -> None:
        self.put(seat, card, False)


@hand_breaker(
    "play.trick-winner",
    "A trick is won by the highest card of the suit led: a trump does not beat it.",
    reach=TRICKS,
)
class TrumpsDoNotWin(TrickPlay):
    def complete_trick(self, quiet: bool) -> None:
        trumps = self.trumps
        self.trumps = 4  # no trumps while the trick is judged
        try:
            super().complete_trick(quiet)
        finally:
            self.trumps = trumps


@hand_breaker(
    "play.first-lead-trumps",
    "Trumps are the suit after the suit of the soloist's first lead (clubs after spades, and so on).",
    reach=TRICKS,
)
class NextSuitTrumps(TrickPlay):
    def put(self, seat: int, card: int, quiet: bool) -> None:
        super().put(seat, card, quiet)
        self._next_suit_trumps()

    def do_play(self, action: Play) -> None:
        super().do_play(action)
        self._next_suit_trumps()

    def _next_suit_trumps(self) -> None:
        contract = self._contract
        if not self.tricks and len(self.trick) == 1 and contract is not None and contract.declaration is None:
            self.trumps = (self.trick[0][1] // 13 + 1) % 4


@hand_breaker("play.soloist-leads", "The eldest hand leads to the first trick, not the soloist.", reach=TRICKS)
class EldestLeads(TrickPlay):
    def begin(self) -> None:
        super().begin()
        if _goes_on(self) and not self._short:
            order = self._trick_order = self._table.rot[self._table.order[0]]
            self.to_act = order[0]


@hand_breaker("play.winner-leads", "The leader of a trick leads to the next one too, whoever won it.", reach=TRICKS)
class LeaderKeepsTheLead(TrickPlay):
    def complete_trick(self, quiet: bool) -> None:
        super().complete_trick(quiet)
        if _goes_on(self) and not self.trick and not self._short:
            order = self._trick_order = self._table.rot[self.tricks[-1].leader]
            self.to_act = order[0]


@hand_breaker(
    "play.rotation", "After the lead the others play to the right (anticlockwise) of the leader.", reach=TRICKS
)
class PlaysToTheRight(TrickPlay):
    def begin(self) -> None:
        super().begin()
        self._reverse()

    def complete_trick(self, quiet: bool) -> None:
        super().complete_trick(quiet)
        self._reverse()

    def _reverse(self) -> None:
        if _goes_on(self) and not self.trick:
            order = self._trick_order
            self._trick_order = (order[0], *reversed(order[1:]))


@hand_breaker(
    "play.free-lead",
    "A leader must lead a card of his longest suit (of one of them, if several are as long).",
    reach=TRICKS,
)
class LeadsFromTheLongestSuit(TrickPlay):
    def legal_actions(self) -> tuple[Action, ...]:
        legal = super().legal_actions()
        if self.trick or self.to_act is None:
            return legal
        hold = self._holdings[self.to_act]
        lengths = [sum(1 for card in hold if card // 13 == suit) for suit in range(4)]
        longest = max(lengths)
        return tuple(a for a in legal if isinstance(a, Play) and lengths[a.card // 13] == longest)

    def do_play(self, action: Play) -> None:
        if (
            action.seat == self.to_act
            and not self.trick
            and action.card in self._holdings[action.seat]
            and action not in self.legal_actions()
        ):
            raise IllegalAction("the lead is from the longest suit")
        super().do_play(action)


def _void_breaker(rule: str, how: str, trump_wanted: bool, neighbours: Sequence[str], why: str) -> None:
    class VoidPlay(TrickPlay):
        def legal_actions(self) -> tuple[Action, ...]:
            legal = super().legal_actions()
            trumps = self.trumps
            if not self.trick or trumps is None or trumps > 3 or self.to_act is None:
                return legal
            hold = self._holdings[self.to_act]
            if any(card // 13 == self._led for card in hold):
                return legal
            chosen = [card for card in hold if (card // 13 == trumps) == trump_wanted]
            return _plays(self, chosen) if chosen else legal

        def do_play(self, action: Play) -> None:
            hold = self._holdings[action.seat] if 0 <= action.seat < len(self._holdings) else []
            if (
                action.seat == self.to_act
                and self.trick
                and action.card in hold
                and action not in self.legal_actions()
                and not any(card // 13 == self._led for card in hold)
            ):
                raise IllegalAction("that card may not be played to this trick")
            super().do_play(action)

    hand_breaker(rule, how, neighbours=neighbours, why=why)(VoidPlay)


_void_breaker(
    "play.void-any-card",
    "A player who cannot follow suit must discard a card of a plain suit if he has one: he may not trump.",
    trump_wanted=False,
    neighbours=["play.first-lead-trumps", "play.trick-winner", "play.winner-leads"],
    why="the trump those scenarios play on a suit their player is void of is refused: the trick they judge is not"
    " played",
)
_void_breaker(
    "play.no-obligation-to-trump",
    "A player who cannot follow suit must trump if he holds a trump.",
    trump_wanted=True,
    neighbours=["play.trick-winner", "play.winner-leads", "irregularities.show-cards", "irregularities.revoke-penalty"],
    why="the discard those scenarios make when void is refused for a trump: the trick they judge (or the one"
    " after which a player must show his cards) is not played",
)


@hand_breaker(
    "play.no-obligation-to-head",
    "A player who follows suit must play a card higher than any of that suit in the trick if he holds one.",
    neighbours=["play.trick-winner", "play.winner-leads", "irregularities.wrong-number"],
    why="a player made to head the trick wins it: who wins it, who leads next and the tricks counted change",
)
class MustHead(TrickPlay):
    def legal_actions(self) -> tuple[Action, ...]:
        legal = super().legal_actions()
        if not self.trick or self.to_act is None:
            return legal
        best = max(card for _, card in self.trick if card // 13 == self._led)
        higher = [a for a in legal if isinstance(a, Play) and a.card // 13 == self._led and a.card > best]
        return tuple(higher) if higher else legal

    def do_play(self, action: Play) -> None:
        if (
            action.seat == self.to_act
            and self.trick
            and action.card in self._holdings[action.seat]
            and action not in self.legal_actions()
            and action.card // 13 == self._led
        ):
            raise IllegalAction("a card higher than the trick's must be played")
        super().do_play(action)


@hand_breaker(
    "play.made-or-defeated",
    "A soloist who wins one trick fewer than he called is held to have made his call.",
    reach=OUTCOME,
)
class OneShortIsMade(Settlement):
    def settle(self) -> Result:
        soloist, contract = self._soloist, self._contract
        if (
            soloist is not None
            and contract is not None
            and self._won[soloist] == contract.tricks - 1
            and not _void(self)
        ):
            self._won[soloist] += 1
            try:
                return super().settle()
            finally:
                self._won[soloist] -= 1
        return super().settle()


option_breaker(
    "play.stop-when-decided",
    "stop-when-decided",
    lambda value: not value,
    "Play stops when the call is decided where the case's rules play all five tricks, and the other way round.",
    reach=TRICKS,
)
flip_breaker("play.cards-left", "cards-left", "The played cards lie as the other value of cards-left says.")


# --------------------------------------------------------------------------- calling


@hand_breaker(
    "calling.must-exceed",
    "A call that does not exceed the highest so far is accepted.",
    neighbours=["variants.ranking", "variants.misery-call"],
    why="where Misery ranks is seen by a call below it being refused as too low",
)
class CallNeedNotExceed(Calling):
    def call_too_low(self) -> None:
        return


option_breaker(
    "calling.compulsory-call",
    "compulsory-call",
    lambda value: "none" if value != "none" else "eldest-cannot-pass",
    "Nobody is bound to call where the case's rules bind someone, and the eldest is bound where nobody is.",
    reach=AUCTION,
)


@hand_breaker("calling.no-alteration", "The highest caller may raise his own call, out of his turn.")
class RaisesHisCall(Calling):
    def do_call(self, action: Call) -> None:
        seat, tricks = action.seat, action.tricks
        if seat == self.high_seat and seat != self.to_act and type(tricks) is int:
            rank = self._rules.rank.get(tricks)
            if rank is not None and rank > self.high:
                contract = self._rules.calls[rank - 1]
                self.decls = [(s, contract if s == seat and c is not None else c) for s, c in self.decls]
                self.high, self.high_call = rank, contract
                return
        super().do_call(action)


@hand_breaker(
    "calling.nap-ceiling",
    "After a Nap the calling goes on: a later player may call Nap again and take it over.",
    neighbours=["variants.agreed-before-play"],
    why="the call over a Nap is offered where no call beyond Nap is agreed, which that scenario refuses",
)
class NapCanBeMatched(Calling):
    def do_call(self, action: Call) -> None:
        high_call = self.high_call
        matched = (
            self.high == len(self._rules.calls)
            and high_call is not None
            and high_call.declaration is None
            and action.tricks == high_call.tricks
        )
        if matched:
            self.high -= 1  # the same call again counts as the higher one
        try:
            super().do_call(action)
        except IllegalAction:
            if matched:
                self.high += 1
            raise

    def legal_actions(self) -> Any:
        legal = super().legal_actions()
        high_call = self.high_call
        if high_call is not None and self.high == len(self._rules.calls) and high_call.declaration is None:
            seat = self.to_act
            assert seat is not None
            return (*legal, Call(seat, high_call.tricks))
        return legal


@hand_breaker(
    "calling.once-each",
    "The calling goes round twice: a player who passed may call in the second round.",
    reach=AUCTION,
)
class TwoRounds(Calling):
    def next_caller(self) -> None:
        order = self._table.order
        done = len(self.decls)
        if done >= 2 * len(order) or (done >= len(order) and self.high == len(self._rules.calls)):
            self.end()
        else:
            self.to_act = order[done % len(order)]


@hand_breaker(
    "calling.dealer-last",
    "The calling ends with the player before the dealer: the dealer has no call.",
    reach=AUCTION,
)
class DealerHasNoCall(Calling):
    def next_caller(self) -> None:
        order = self._table.order
        if len(self.decls) == len(order) - 1 and (self.high_call is not None or self._rules.compulsory_call == "none"):
            self.end()
        else:
            super().next_caller()


@hand_breaker("calling.soloist", "The first player to call becomes the soloist, not the highest caller.", reach=AUCTION)
class FirstCallerPlays(Calling):
    def end(self) -> None:
        first = next((seat for seat, call in self.decls if call is not None), None)
        if first is not None:
            self.high_seat = first
        super().end()


@hand_breaker(
    "calling.eldest-first", "The player after the eldest calls first (the eldest calls last).", reach=FIRST_TO_ACT
)
class SecondCallsFirst(Calling):
    def begin(self) -> None:
        super().begin()
        order = self._table.order
        if len(order) > 1:
            self.to_act = order[1]

    def next_caller(self) -> None:
        order = self._table.order
        done = len(self.decls)
        if done == len(order):
            self.end()
        else:
            self.to_act = order[(done + 1) % len(order)]


@hand_breaker("calling.in-rotation", "After the eldest the players call to the right (anticlockwise).", reach=AUCTION)
class CallsToTheRight(Calling):
    def next_caller(self) -> None:
        order = self._table.order
        done = len(self.decls)
        if done == len(order):
            self.end()
        else:
            self.to_act = order[-done]


@hand_breaker("calling.all-pass", "When all pass under compulsory-call none, the eldest plays for the lowest call.")
class AllPassEldestPlays(Calling):
    def end(self) -> None:
        if self.high_call is None and self._rules.compulsory_call == "none":
            self.high_call = self._rules.calls[0]
            self.high_seat = self._table.order[0]
        super().end()


@hand_breaker("calling.pass", "A player may not pass once a call has been made before him.", reach=AUCTION)
class NoPassAfterACall(Calling):
    def may_pass(self, seat: int) -> bool:
        return super().may_pass(seat) and self.high_call is None

    def legal_actions(self) -> Any:
        legal = super().legal_actions()
        if self.high_call is not None and self.high < len(self._rules.calls):
            return tuple(a for a in legal if not isinstance(a, Pass))
        return legal

    def do_pass(self, action: Pass) -> None:
        if action.seat == self.to_act and self.high_call is not None and self.high < len(self._rules.calls):
            raise IllegalAction("a call has been made: call higher")
        super().do_pass(action)


class EarlyCallCourse(Course):
    """The eldest's call made before the deal, made again as the calling begins."""

    early: Call | None = None

    def begin_calling(self) -> None:
        super().begin_calling()
        early, self.early = self.early, None
        if early is not None:
            assert self.calling is not None
            self.calling.do_call(early)


@hand_breaker(
    "calling.look-at-cards",
    "The eldest hand may call before the deal is complete; his call stands once the cards are dealt.",
)
class CallsBeforeTheDeal(Hand):
    course_class = EarlyCallCourse

    def apply(self, action: Action) -> None:
        course = self._course
        assert isinstance(course, EarlyCallCourse)
        if (
            type(action) is Call
            and self.phase in (CUT_PHASE, DEAL_PHASE)
            and course.early is None
            and action.seat == self.eldest
            and type(action.tricks) is int
            and action.tricks in self.rules.rank
        ):
            course.early = action
            return
        super().apply(action)


@hand_breaker("calling.call-tricks", "A call of one trick is refused: the calls run from two to five.", reach=AUCTION)
class NoCallOfOne(Calling):
    def legal_actions(self) -> Any:
        return tuple(a for a in super().legal_actions() if not (isinstance(a, Call) and a.tricks == 1))

    def do_call(self, action: Call) -> None:
        if action.tricks == 1:
            raise IllegalAction("there is no call of one trick")
        super().do_call(action)


# -------------------------------------------------------------------------- dealing


def dealing_table(geo: Table, rounds: Callable[[str], tuple[int, ...]], *, extra_first: bool = False) -> Table:
    """The table ``geo`` dealing ``rounds(pattern)`` cards a hand in each round, and, with
    ``extra_first``, Sir Garnet's extra hand served first in each round instead of last.

    (A new :class:`Table`: the reference engine shares its tables between hands.)
    """
    extra = geo.extra_deals["singly"] is not None
    changed = Table(geo.n, geo.dealer, geo.sits_out, geo.cards_each, extra)
    served = changed.hands + (1 if extra else 0)
    first = 1 if extra and extra_first else 0
    sizes = set()
    for pattern in ("singly", "three-then-two"):
        each = rounds(pattern)
        sizes.add(sum(each))
        getters: list[Getter | None] = [None] * geo.n
        for place, seat in enumerate(changed.order):
            getters[seat] = _getter(each, served, place + first)
        changed.deals[pattern] = tuple(getters)
        changed.extra_deals[pattern] = _getter(each, served, 0 if first else served - 1) if extra else None
    (cards_each,) = sizes  # both patterns deal a hand as many cards
    changed.dealt = cards_each * served
    return changed


class FourCardsDealt(Deal):
    def install_holdings(self, holdings: list[list[int]], pattern: str, regular: bool) -> None:
        super().install_holdings(holdings, pattern, regular)
        # Play then ends when nobody has a card left, as after a wrong deal.
        self._cards.short = self._cards.short or self.someone_short()


@hand_breaker(
    "dealing.five-cards",
    "The deal stops a card short: four cards to each player (the last round of the pattern one "
    "card fewer), and so four tricks.",
    neighbours=[
        "exchanges.peep-card",
        "irregularities.exposed-in-dealing",
        "irregularities.fresh-deal",
        "players.dealer-sits-out",
        "players.number",
        "players.short-pack",
        "variants.sir-garnet-hand",
    ],
    why="every deal from a pack gives four cards a hand: the scenarios that deal and look at the hands see it",
)
class FourCardsEach(Course):
    deal_part = FourCardsDealt

    def __init__(self, rules: Rules, players: int, dealer: int, allow_irregular: bool) -> None:
        super().__init__(rules, players, dealer, allow_irregular)
        if rules.seven_card != "played":
            self.table = dealing_table(self.table, lambda pattern: (1, 1, 1, 1) if pattern == "singly" else (3, 1))


@case_breaker(
    "dealing.first-dealer",
    "The first dealer is drawn by another rule of first-dealer than the case's.",
    neighbours=["players.short-pack"],
    why="the draw for the first deal from a shortened pack is drawn by the other rule too",
)
def other_draw(case: dict[str, Any]) -> dict[str, Any]:
    if "draw" in case["start"] and "first-dealer" in case["options"]:
        case["options"]["first-dealer"] = other_value("first-dealer")(case["options"]["first-dealer"])
    return case


@hand_breaker("dealing.undealt-cards", "A card of the undealt stock may be played as if it were held.")
class PlaysFromTheStock(TrickPlay):
    def do_play(self, action: Play) -> None:
        seat = action.seat
        cards = self._cards
        if seat == self.to_act and action.card in cards.stock and action.card not in self._holdings[seat]:
            self._holdings[seat].append(action.card)
            self._holdings[seat].sort()
            cards.stock = tuple(card for card in cards.stock if card != action.card)
        super().do_play(action)


flip_breaker("dealing.cut", "cut-minimum", "The cut is bounded by the other value of cut-minimum than the case's.")
flip_breaker(
    "dealing.deal",
    "deal-pattern",
    "The cards are dealt in the other pattern than the case's deal-pattern.",
    reach=DEALT,
)


# -------------------------------------------------------------------- irregularities

for _rule, _option in (
    ("irregularities.misdeal", "fresh-deal-misdeal"),
    ("irregularities.exposed-in-dealing", "fresh-deal-exposed-card"),
    ("irregularities.faulty-pack", "fresh-deal-faulty-pack"),
    ("irregularities.uncut-deal", "fresh-deal-uncut"),
    ("irregularities.wrong-number", "wrong-number"),
    ("irregularities.out-of-turn", "out-of-turn"),
    ("irregularities.exposed-after-deal", "exposed-after-deal"),
    ("irregularities.show-cards", "show-cards"),
    ("irregularities.right-to-information", "right-to-information"),
):
    flip_breaker(_rule, _option, f"The remedy is the one another value of {_option} gives, not the case's.")
flip_breaker(
    "irregularities.revoke-penalty",
    "revoke",
    "The remedy is the one another value of revoke gives, not the case's.",
    reach=CLAIMED,
)


@hand_breaker(
    "irregularities.revoke-definition",
    "Trumping while holding the suit led is no revoke (only a discard of another plain suit is).",
    neighbours=["irregularities.soloist-revoke", "variants.penalties-at-call-stakes", "variants.seven-card-stakes"],
    why="the soloist's revoke those scenarios penalise is a trump played while holding the suit led: no revoke"
    " is recorded",
)
class TrumpingIsNoRevoke(TrickPlay):
    def revoke(self, seat: int, card: int, led: int) -> None:
        if self.trumps is not None and card // 13 == self.trumps:
            self.put(seat, card, False)
        else:
            super().revoke(seat, card, led)


@hand_breaker(
    "irregularities.soloist-revoke",
    "A revoke by the soloist is remedied as an opponent's is, not by the loss of his call.",
)
class SoloistRevokesLikeAnOpponent(Claims):
    def revoke_remedy(self, seat: int, moment: Moment) -> str:
        remedy = super().revoke_remedy(seat, moment)
        if remedy == "soloist-loses":
            return "replay-hand" if self._rules.revoke == "replay-hand-revoker-pays-all" else "replay-from-revoke"
        return remedy


@hand_breaker(
    "irregularities.revoke-penalty",
    "A hand replayed from the start keeps the trumps of the play taken back, whatever the soloist leads.",
    further="replay-keeps-old-trumps",
)
class ReplayKeepsOldTrumps(TrickPlay):
    def rewind(self, position: int, offence_id: int, revoker: int) -> None:
        trumps = self.trumps
        super().rewind(position, offence_id, revoker)
        if position == 0 and trumps is not None:
            self.trumps = trumps


@hand_breaker(
    "irregularities.show-cards",
    "Shown cards reveal nothing: a revoke made earlier in the hand goes unpenalised unless claimed.",
    further="shown-cards-prove-nothing",
)
class ShownCardsProveNothing(Showing):
    def do_show(self, action: ShowCards) -> None:
        # The cards are shown as if no offence were open (so none is revealed), then the
        # offences are as they were.
        offences = self._offences
        saved = list(offences.states)
        offences.states = [VOID if state == OPEN else state for state in saved]
        try:
            super().do_show(action)
        finally:
            offences.states = saved + offences.states[len(saved) :]


@hand_breaker(
    "irregularities.show-cards",
    "A refusal to show is recorded as a revoke but penalised only if someone claims it.",
    further="refusal-waits-for-a-claim",
)
class RefusalWaitsForAClaim(Showing):
    _refusing = False

    def do_refuse(self, action: RefuseToShow) -> None:
        self._refusing = True
        try:
            super().do_refuse(action)
        finally:
            self._refusing = False

    def penalty_for_revealed(self, seat: int) -> str | None:
        # While refusing, no penalty follows: the revoke stays open for a claim.
        return None if self._refusing else super().penalty_for_revealed(seat)


@hand_breaker(
    "irregularities.fresh-deal",
    "After a fresh deal the deal passes to the left instead of staying with the dealer.",
    neighbours=["irregularities.wrong-number"],
    why="Britannica's remedy for a wrong number found before play is a fresh deal, after which that scenario"
    " expects the same dealer",
)
class FreshDealPasses(Hand):
    @property
    def next_dealer(self) -> int | None:
        following = super().next_dealer
        if following is not None and self.result is not None and self.result.outcome == "fresh-deal":
            return (self.dealer + 1) % self.players
        return following


@answer_breaker(
    "irregularities.no-misdeal-penalty",
    "A dealer whose fault brings a fresh deal pays each other player one stake.",
    neighbours=[
        "irregularities.exposed-in-dealing",
        "irregularities.fresh-deal",
        "irregularities.wrong-number",
        "irregularities.faulty-pack",
        "irregularities.uncut-deal",
    ],
    why="those offences bring a fresh deal or a redeal, whose payments this rule settles",
)
def misdeal_penalty(case: dict[str, Any], answers: dict[str, Any]) -> None:
    result = answers.get("result")
    if result and result["outcome"] == "fresh-deal":
        players = len(result["payments"])
        dealer = case["dealer"]
        payments = [1] * players
        payments[dealer] = -(players - 1)
        result["payments"] = payments


@hand_breaker(
    "irregularities.claims", "A claim of an offence that was never recorded is accepted, and changes nothing."
)
class AcceptsEveryClaim(Claims):
    def do_claim(self, action: Claim, moment: Moment) -> tuple[Offence, str] | None:
        try:
            return super().do_claim(action, moment)
        except NoSuchOffence:
            return None


@hand_breaker(
    "dealing.face-down",
    "A card turned face up in dealing is dealt as if face down: the deal is regular.",
    neighbours=["irregularities.exposed-in-dealing", "irregularities.fresh-deal", "irregularities.no-misdeal-penalty"],
    why="an exposed card never recorded is never remedied: the fresh deal those scenarios claim does not come",
)
class ExposedCardIgnored(Deal):
    def do_deal(self, action: DealCards) -> None:
        super().do_deal(DealCards(action.seat, None, action.counts))


# ------------------------------------------------------------------------ settlement


def _payments(case: dict[str, Any], answers: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    result, state = answers.get("result"), answers.get("state")
    if not result or not state or state.get("soloist") is None or state.get("call") is None:
        return None
    if state.get("declaration") not in (None,):
        return None
    return result, state


def _pay_each(answers: dict[str, Any], soloist: int, per_player: int) -> None:
    """The soloist receives ``per_player`` (pays, if negative) from each other paying seat,
    instead of what the reference settled between them; each seat's movements with the pool
    (part of its payments, napspec/1.2) are kept."""
    result = answers["result"]
    with_pool = [0] * len(result["payments"])
    for move in (answers.get("pool") or {}).get("transfers", ()):
        if move["from"] == "pool":
            with_pool[move["to"]] += move["amount"]
        else:
            with_pool[move["from"]] -= move["amount"]
    stakes = [amount - pool for amount, pool in zip(result["payments"], with_pool)]
    payers = [seat for seat, amount in enumerate(stakes) if amount != 0 and seat != soloist]
    payments = list(with_pool)
    for seat in payers:
        payments[seat] -= per_player
    payments[soloist] += per_player * len(payers)
    result["payments"] = payments


@answer_breaker(
    "settlement.stake-per-trick", "A made call below Nap is paid one stake more than the tricks called.", reach=PAYMENTS
)
def stake_per_trick(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "made" and found[1]["call"] < 5:
        _pay_each(answers, found[1]["soloist"], found[1]["call"] + 1)


@answer_breaker(
    "settlement.level-money", "A failed call below Nap costs one stake less than the tricks called.", reach=PAYMENTS
)
def level_money(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "defeated" and found[1]["call"] < 5:
        _pay_each(answers, found[1]["soloist"], -(found[1]["call"] - 1))


@answer_breaker(
    "settlement.no-overtricks",
    "A made call below Nap is paid for every trick won, not the tricks called.",
    reach=PAYMENTS,
)
def overtricks(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "made" and found[1]["call"] < 5:
        won = found[1]["tricks_won"][found[1]["soloist"]]
        _pay_each(answers, found[1]["soloist"], max(won, found[1]["call"]))


@answer_breaker(
    "settlement.flat-loss", "A failed call below Nap costs one stake per trick short of the call.", reach=PAYMENTS
)
def flat_loss(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "defeated" and found[1]["call"] < 5:
        short = found[1]["call"] - found[1]["tricks_won"][found[1]["soloist"]]
        _pay_each(answers, found[1]["soloist"], -max(short, 1))


@answer_breaker(
    "settlement.nap",
    "A made Nap is paid five stakes by each player instead of ten (or twelve).",
    neighbours=["variants.seven-card-stakes", "variants.seven-card-deal"],
    why="a Nap at seven-card Nap wins what nap-stakes says: its scenarios pay a made Nap too",
)
def nap_pays_five(case: dict[str, Any], answers: dict[str, Any]) -> None:
    found = _payments(case, answers)
    if found and found[0]["outcome"] == "made" and found[1]["call"] == 5:
        _pay_each(answers, found[1]["soloist"], 5)


@answer_breaker(
    "settlement.before-next-deal",
    "A hand abandoned before its end is not settled: nobody pays until a later hand.",
    neighbours=[
        "irregularities.claims",
        "irregularities.revoke-definition",
        "irregularities.soloist-revoke",
        "variants.penalties-at-call-stakes",
        "variants.seven-card-stakes",
    ],
    why=(
        "under Wikipedia a revoke abandons the hand, which this rule settles: the scenarios of "
        "revokes claimed there check its payments"
    ),
)
def abandoned_unpaid(case: dict[str, Any], answers: dict[str, Any]) -> None:
    result = answers.get("result")
    if result and result["outcome"] == "abandoned":
        result["payments"] = [0] * len(result["payments"])


@hand_breaker("settlement.sitting-out-dealer", "A dealer who sits out neither pays nor receives.")
class SittingOutDealerIsLeftOut(Settlement):
    def settle(self) -> Result:
        result = super().settle()
        out = self._table.dealer if self._table.sits_out else None
        if out is None or result.soloist is None:
            return result
        amount = result.payments.get(out, 0)
        payments = dict(result.payments)
        payments[out] = 0
        payments[result.soloist] += amount
        self.result = result._replace(payments=payments)
        return self.result


@hand_breaker(
    "dealing.rotation", "After a hand the deal passes to the dealer's right, not his left.", reach=NEXT_DEALER
)
class DealPassesRight(Hand):
    @property
    def next_dealer(self) -> int | None:
        following = super().next_dealer
        if following is None or following == self.dealer:
            return following
        return (self.dealer - 1) % self.players
