"""How many tricks a hand is sure of, decided exactly.

The game is the plain game as every profile plays it: the soloist leads to the first trick and
the suit of that lead is trumps; play goes round; a player must follow suit if he can and
otherwise may play any card (no duty to trump or to head the trick); a trick is won by the
highest trump in it, else by the highest card of the suit led, and its winner leads to the
next. Each of ``hands_dealt`` hands holds ``hand_size`` cards (five in the game); the rest of
the pack is undealt and unseen. The soloist sees only his own cards and the cards played; the
opponents are a coalition that knows everything.

Definition: the hand is *sure of k tricks* when there is a playing strategy for the soloist
(which may depend on everything he has seen) that wins at least k tricks against every layout
of the unseen cards among the other hands and every legal defence. ``guaranteed(hand)`` is the
largest such k.

How it is decided, and why each step of the search is exact, is told in
:mod:`~napspec.lab.search`. The answers are checked against
:mod:`~napspec.lab.brute`, which enumerates every layout of tiny packs and
evaluates the definition over the soloist's information sets.

A solver may be given a :class:`~napspec.lab.refute.Refuter` (the sweep's later
passes are): each opening lead is first put to layouts played with every card seen, and a lead
one of them holds below the tricks asked is not searched, which is sound because seeing the
cards can only help the soloist. It changes how much is searched, never an answer.

>>> from napspec.reference.cards import parse_cards
>>> guaranteed_tricks(parse_cards("AS KS QS JS TS"))
5
>>> guaranteed_tricks(parse_cards("AS KS QS JS 9S"))
4
>>> guaranteed_tricks(parse_cards("AS KS QS 2H 2D"))
3
>>> guaranteed_tricks(parse_cards("AS KS 2H 3H 2D"))
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from napspec.lab.proof_number import ProofNumberSearch
from napspec.lab.refute import Refuter
from napspec.lab.search import (
    SUIT_COUNT,
    Best,
    Gaps,
    Ghost,
    Search,
    State,
    Suits,
    suit_gaps,
    trumps_sure,
)
from napspec.reference.cards import FULL_PACK

HAND_SIZE = 5
"""Cards in each hand in the game (seven-card Nap aside)."""

SEARCH_REVISIONS = {
    1: "before searching, it counts sure the trumps above every trump out and, with no trump out "
    "and the lead, the cards above every card out of their suits",
    2: "it counts sure as well the trumps that cannot all be beaten: no more of the soloist's trumps "
    "lose than the higher trumps out can be paired with them, one each (trumps_sure)",
    3: "it counts those trumps before the first lead too (leading a suit makes it trumps), and tries "
    "first the opening leads that would make the surest trumps",
    4: "once the soloist has played to a trick, it counts sure the rest of the trick when his lower bound "
    "after it suffices whoever wins it (or his card cannot be beaten and it suffices if he wins), and "
    "tries only the last card that takes it when it suffices if he wins; of two suits alike (the same "
    "gaps, the same opponents void) that are neither trumps, the suit led nor his card's, it plays "
    "only one",
    5: "while the soloist holds a trick he has played to and winning it would be enough, it counts the "
    "rest of the trick sure once no opponent left to play may take it (void in every suit that holds a "
    "card above his), and tries no card after which nobody may",
    6: "it takes out of play the unseen cards of a suit every opponent is void in (they lie in the "
    "stock), so that the soloist's cards of it count as the highest",
    7: "it keeps the answers from inside a trick too, so that the opponents' cards that follow without "
    "taking it are searched once in whatever order they come; an opponent whose partner holds the trick "
    "tries following suit before discarding; an opponent's lead tries the lowest trump first",
    8: "a pass that asks again what a budget left open first puts each opening lead to layouts played double "
    "dummy (the soloist sees every card once he has led): a lead that one of them holds below the tricks asked "
    "is not searched, and a hand whose every lead is so held is not sure of them",
    9: "a pass that asks again what a budget left open searches the opening leads best first (proof-number "
    "search): a tree grown where the answer looks cheapest to settle, each new leaf of it given first to the "
    "depth-first search with a share of the budget",
    10: "between hands it forgets its transposition table (the bounds proved at the starts of tricks, "
    "which alike hands share) and its memo of layouts each once it alone is full, where it forgot both once "
    "together they were: a long proof fills the memo of layouts, and the bounds it leaves settled the next "
    "alike hand at seven hands in a hundredth of the nodes the first took",
}
"""What each revision of the search changed: what it counts sure before it searches, what it
remembers, what it tries first. A sweep keeps with every chunk the revision that solved it: a
revision changes how many nodes a question takes (so a sweep's time, and what a budget leaves
open), never an answer. Chunks kept before revisions were recorded were all solved by
revision 1."""

SEARCH_REVISION = max(SEARCH_REVISIONS)
"""The revision of this search."""

EARLIEST_REVISION = min(SEARCH_REVISIONS)
"""The revision that solved a chunk kept without one (kept before revisions were recorded)."""

TABLE_LIMIT = 400_000
"""The entries of a solver's transposition table, or of its memo of layouts, past which
:meth:`Solver.trim` forgets that table. The tables hold facts about abstract states of play
that do not depend on the hand that reached them, so alike hands share them: neighbouring
hands of a sweep (its order keeps alike hands together) reach the same states after a trick
or two."""

Play = tuple[int, int]
"""A card played: (seat, card). Seat 0 is the soloist; 1, 2, ... the opponents in order of
play after him."""


@dataclass(frozen=True)
class Table:
    """A table for the analysis: ``hands_dealt`` hands of ``hand_size`` cards from ``pack``.

    >>> Table().opponents, len(Table().pack)
    (3, 52)
    """

    hands_dealt: int = 4
    pack: tuple[int, ...] = FULL_PACK
    hand_size: int = HAND_SIZE

    def __post_init__(self) -> None:
        if self.hands_dealt < 2:
            raise ValueError("the soloist needs at least one opponent")
        if self.hands_dealt * self.hand_size > len(self.pack):
            raise ValueError(f"{self.hands_dealt} hands of {self.hand_size} need more than {len(self.pack)} cards")

    @property
    def opponents(self) -> int:
        return self.hands_dealt - 1


@dataclass
class Position:
    """A concrete position of play, and its abstract state."""

    suits: Suits
    voids: tuple[int, ...]
    trump: int  # -1 before the first lead
    leader: int
    tricks: int  # tricks left, counting the one in progress
    led: int
    played: int
    best: Best | None
    ghost: Ghost
    won: int  # tricks the soloist has won so far
    to_play: int  # the seat to play

    def state(self, need: int) -> State:
        """The search's state here, asking ``need`` tricks in all (those won so far counted)."""
        return (self.suits, self.voids, self.trump, self.leader, self.tricks, need - self.won, self.led, self.played,
                self.best, self.ghost)  # fmt: skip


def trick_winner(trick: Sequence[Play], trump: int) -> int:
    """The seat that wins a full trick."""
    seat, best = trick[0]
    for s, c in trick[1:]:
        if (c // 13 == best // 13 and c > best) or (c // 13 == trump and best // 13 != trump):
            seat, best = s, c
    return seat


def position(table: Table, hand: Sequence[int], history: Sequence[Play]) -> Position:
    """The abstract state after the plays of ``history`` (seat, card) in order, for a
    soloist dealt ``hand`` at ``table``."""
    seats = table.hands_dealt
    trump = history[0][1] // 13 if history else -1
    leader = 0
    won = 0
    voids = [0] * table.opponents
    done = len(history) // seats
    for t in range(done + 1):
        trick = history[t * seats : (t + 1) * seats]
        if not trick:
            break
        led = trick[0][1] // 13
        for s, c in trick:
            if s and c // 13 != led:
                voids[s - 1] |= 1 << led
        if len(trick) == seats:
            leader = trick_winner(trick, trump)
            won += leader == 0
    current = history[done * seats :]
    ghost_card = next((c for s, c in current if s == 0), None)
    seen = [c for _, c in history if c != ghost_card]
    remaining = [c for c in hand if c not in seen]
    suits = suit_gaps(remaining, table.pack, seen)
    nonempty = sum(1 << s for s in range(SUIT_COUNT) if any(suits[s]))
    void_masks = tuple(v & nonempty for v in voids)
    ghost: Ghost = None
    best: Best | None = None
    led = current[0][1] // 13 if current else -1
    mine = sorted(remaining)
    if ghost_card is not None:
        suit = ghost_card // 13
        ghost = (suit, sum(1 for c in mine if c // 13 == suit and c < ghost_card))
    if current:
        seat, card = current[0]
        for s, c in current[1:]:
            if (c // 13 == card // 13 and c > card) or (c // 13 == trump and card // 13 != trump):
                seat, card = s, c
        suit = card // 13
        below_mine = sum(1 for c in mine if c // 13 == suit and c < card)
        if seat == 0:
            best = (suit == trump, 2 * below_mine + 1, 0, 0, 0)
        else:
            upper = min((c for c in mine if c // 13 == suit and c > card), default=100)
            gone = {c for _, c in history}
            above = sum(
                1 for c in table.pack if c // 13 == suit and card < c < upper and c not in gone and c not in mine
            )
            best = (suit == trump, 2 * below_mine, seat, above, suits[suit][below_mine] - above)
    return Position(
        suits, void_masks, trump, leader, table.hand_size - done, led, len(current), best, ghost, won,
        (leader + len(current)) % seats,
    )  # fmt: skip


class Solver:
    """Exact answers for one table, with a transposition table shared by the questions.

    >>> from napspec.reference.cards import parse_cards
    >>> solver = Solver(Table(hands_dealt=2))
    >>> solver.guaranteed(parse_cards("AS KS 2H 3H 2D"))
    2
    """

    def __init__(self, table: Table | None = None) -> None:
        self.table = table or Table()
        self.search = Search(self.table.opponents)
        self.refuter: Refuter | None = None
        """When set, each opening lead is first put to it (:mod:`~napspec.lab.refute`),
        and a lead it refutes is not searched: quicker where it refutes, never another answer."""
        self.proof_numbers: ProofNumberSearch | None = None
        """When set, the opening leads are searched best first by it
        (:mod:`~napspec.lab.proof_number`) rather than one after another: quicker
        where the depth-first order goes wrong, never another answer."""

    def clear(self) -> None:
        """Forget the tables (they grow with every hand asked about)."""
        self.search.memo.clear()
        self.search.hall.clear()
        self.search.inside.clear()

    def trim(self, limit: int = TABLE_LIMIT) -> None:
        """Between hands: forget the transposition table once it holds more than ``limit``
        entries (:data:`TABLE_LIMIT`), and the memo of layouts once it does, each on its own.
        A long proof leaves millions of layouts, quickly found again, and some tens of
        thousands of bounds, which the hands alike are settled from: forgetting both at once,
        as revisions before 10 did, threw the bounds away with the layouts. (The table of
        answers inside a trick keeps itself to
        :data:`~napspec.lab.search.INSIDE_LIMIT`.)"""
        if len(self.search.memo) > limit:
            self.search.memo.clear()
        if len(self.search.hall) > limit:
            self.search.hall.clear()

    def limit(self, nodes: int | None) -> None:
        """Allow each question from now on ``nodes`` nodes of search (None: no limit); past
        them it raises :class:`~napspec.lab.search.OutOfBudget`."""
        self.search.budget = nodes

    def can_win(self, hand: Sequence[int], need: int, history: Sequence[Play] = ()) -> bool:
        """Is the soloist, dealt ``hand``, sure of ``need`` tricks in all (those of
        ``history``, the plays so far, counted)?"""
        self.search.nodes = 0
        return self._can_win(hand, need, history)

    def _check(self, hand: Sequence[int]) -> None:
        if len(set(hand)) != self.table.hand_size or not set(hand) <= set(self.table.pack):
            raise ValueError(f"a hand is {self.table.hand_size} different cards of the pack in play")

    def _can_win(self, hand: Sequence[int], need: int, history: Sequence[Play] = ()) -> bool:
        self._check(hand)
        p = position(self.table, hand, history)
        if p.trump < 0:
            if need <= max(trumps_sure(gaps) for gaps in p.suits):  # leading a suit makes it trumps
                return True
            leads = [card for card in self._leads(hand) if not self._refuted(hand, need, card)]
            if self.proof_numbers is not None:
                return bool(leads) and self.proof_numbers.wins([self._state(hand, need, [(0, card)]) for card in leads])
            return any(self._can_win(hand, need, [(0, card)]) for card in leads)
        return self.search.solve(p.state(need))

    def _state(self, hand: Sequence[int], need: int, history: Sequence[Play]) -> State:
        """The search's state after ``history`` (the plays so far), asking ``need`` tricks in all."""
        return position(self.table, hand, history).state(need)

    def _refuted(self, hand: Sequence[int], need: int, lead: int) -> bool:
        return self.refuter is not None and self.refuter.refutes(hand, need, lead)

    def _leads(self, hand: Sequence[int]) -> list[int]:
        """The distinct opening leads: one card for each abstract card, suits of the same
        shape counted once (trumps are the suit led, so the suits are symmetric). Likeliest
        first (the order changes no answer): the suits that would make the surest trumps, then
        the longest, each from its highest card.

        >>> from napspec.reference.cards import format_cards, parse_cards
        >>> format_cards(Solver()._leads(parse_cards("2H 4H AS QS 2D")))
        'AS QS 4H 2H 2D'
        >>> format_cards(Solver()._leads(parse_cards("2H 3H AS KS 2D")))  # alike cards once, the lower
        'KS 2H 2D'
        """
        suits = suit_gaps(hand, self.table.pack)
        leads: list[int] = []
        shapes: set[Gaps] = set()
        for suit in sorted(range(SUIT_COUNT), key=lambda s: (-trumps_sure(suits[s]), -len(suits[s]), s)):
            if suits[suit] in shapes or len(suits[suit]) == 1:
                continue
            shapes.add(suits[suit])
            mine = sorted(c for c in hand if c // 13 == suit)
            for i in range(len(mine) - 1, -1, -1):
                if i and not suits[suit][i]:
                    continue  # the same as the card below it
                leads.append(mine[i])
        return leads

    def guaranteed(self, hand: Sequence[int]) -> int:
        """The most tricks ``hand`` is sure of."""
        value = 0  # the tricks the trumps alone are sure of are answered without a search
        while value < self.table.hand_size and self.can_win(hand, value + 1):
            value += 1
        return value

    # ------------------------------------------------------------------ lines of play

    def legal(self, hand: Sequence[int], history: Sequence[Play]) -> list[int]:
        """The cards the player to play may play, given what has been played: for the
        soloist, his legal cards; for an opponent, every unseen card some consistent layout
        lets him play."""
        p = position(self.table, hand, history)
        seen = {c for _, c in history}
        seats = self.table.hands_dealt
        current = history[(len(history) // seats) * seats :]
        led = current[0][1] // 13 if current else -1
        if p.to_play == 0:
            mine = [c for c in hand if c not in seen]
            follow = [c for c in mine if c // 13 == led]
            return sorted(follow or mine)
        result = []
        for card in self.table.pack:
            if card in seen or card in hand:
                continue
            after = position(self.table, hand, [*history, (p.to_play, card)])
            held = tuple(
                after.tricks - (after.played > ((i + 1 - after.leader) % seats)) for i in range(self.table.opponents)
            )
            # an opponent known to be void in the card's suit cannot hold it; otherwise any
            # card some layout still allows (showing out records the void in ``after``)
            if not p.voids[p.to_play - 1] >> (card // 13) & 1 and self.search.feasible(after.suits, after.voids, held):
                result.append(card)
        return result

    def best_line(self, hand: Sequence[int], need: int, history: Sequence[Play] = ()) -> list[Play]:
        """A whole line of play from ``history``: if the soloist is sure of ``need`` tricks, his
        winning strategy against the defence that holds him lowest; if not, the defence that
        holds him below ``need`` against his most stubborn play."""
        line = list(history)
        seats = self.table.hands_dealt
        total = self.table.hand_size * seats
        while len(line) < total:
            p = position(self.table, hand, line)
            options = self.legal(hand, line)
            if p.to_play == 0:
                chosen = max(options, key=lambda c: self._value(hand, [*line, (0, c)]))
            else:
                chosen = min(options, key=lambda c: self._value(hand, [*line, (p.to_play, c)]))
            line.append((p.to_play, chosen))
        return line

    def _value(self, hand: Sequence[int], history: Sequence[Play]) -> int:
        """The tricks the soloist is sure of from this point, those won counted."""
        value = position(self.table, hand, history).won
        while value < self.table.hand_size and self.can_win(hand, value + 1, history):
            value += 1
        return value

    def choose(self, hand: Sequence[int], need: int, history: Sequence[Play]) -> int:
        """The soloist's card in a winning strategy for ``need`` tricks (the plays so far in
        ``history``); :class:`ValueError` if he is no longer sure of them."""
        for card in self.legal(hand, history):
            if self.can_win(hand, need, [*history, (0, card)]):
                return card
        raise ValueError("the soloist is not sure of that many tricks from here")


def guaranteed_tricks(hand: Sequence[int], hands_dealt: int = 4, pack: Sequence[int] | None = None,
                      hand_size: int | None = None) -> int:  # fmt: skip
    """The most tricks ``hand`` is sure of with ``hands_dealt`` hands dealt from ``pack`` (the
    cards in play, the full pack by default)."""
    table = Table(hands_dealt, tuple(sorted(pack)) if pack is not None else FULL_PACK, hand_size or len(hand))
    return Solver(table).guaranteed(hand)
