"""The search behind :mod:`~napspec.lab.solver`: can the soloist still make
so many tricks, from an abstract state of play.

Method. For a fixed strategy of the soloist, his play depends only on what he has seen, which
is the whole history of play; so the defence's worst case over layouts and plays is reached
by an adversary that chooses the opponents' cards one at a time ("lazily"), provided that
after each card some layout is still consistent with everything played. A layout is
consistent when each opponent holds exactly ``hand_size`` cards, the cards he has played
among them, none of a suit he has failed to follow, and the unseen cards left over go to the
stock. Whether the unseen cards can be shared out so is a matching of suits to opponents:
Hall's condition over the sets of opponents (:meth:`Search.feasible`; the stock takes any
card, so the sets that include it always pass). Conversely every sequence of plays the lazy
adversary can make is made by some layout and defence. The search is then a game of perfect
information: the soloist maximises, the adversary minimises.

The search works on abstract states, each step kept exact:

* The cards of one suit that are still in play lie, in order of rank, between the soloist's
  own cards of the suit. Two unseen cards with none of the soloist's cards between them are
  interchangeable (exchanging them maps every layout and every line of play onto another),
  so a suit is the tuple of counts of unseen cards in each gap: below the soloist's lowest
  card, between his cards, above his highest. Two cards of the soloist's with no unseen card
  between them (nor the best card of the trick in play) are interchangeable too, and only one
  of them is tried.
* Inside a trick, two cards of one gap played by two opponents are ordered by the actual
  cards. Which actual card an opponent played matters only to the soloist's choice, so the
  adversary places it in its gap (how many unseen cards of the gap lie above it, how many
  below) only when the soloist is to play after it with an opponent still to come; until
  then a later card of the gap may go above or below it, as the adversary pleases (any
  order of distinct cards of one gap is some choice of the actual cards).
* The layout is never fixed: only the counts per gap, each opponent's voids (only for suits
  with unseen cards left: a void in an exhausted suit constrains nothing) and the cards each
  still holds.
* The non-trump suits are symmetric once the voids are counted with them: the transposition
  table keys a state by its trump suit and the sorted list of the others. It is keyed at the
  start of a trick, holds the known lower and upper bounds of the soloist's tricks from
  there, and a search asks the boolean question "can he still win ``need`` tricks", which
  prunes far better than computing the value.
* Inside a trick, the opponents who follow without taking it reach the same state in any
  order of their cards (two followers' low cards of one suit, exchanged), so a second table
  keeps the answers from the trick's second card on, keyed by the whole state and ``need``
  (:data:`INSIDE_LIMIT` entries at most: it is emptied when full, which forgets, never
  changes, an answer).
* Certain lower bounds: each of the soloist's trumps is played by the last trick and wins
  unless an opponent plays a higher trump to the same trick, so no more of them lose than
  the unseen trumps can be paired off with lower ones of his (:func:`trumps_sure`; it
  settles at once the long suits without their top cards, which took millions of nodes to
  search); when no trump is unseen and he has the lead, he also makes the cards above
  every unseen card of their suits, leading them one after another (nobody can beat them
  and he keeps the lead).
* Move ordering only (it changes no answer): the soloist's opening leads come suit by suit,
  the suits that would make the surest trumps first (before them, a hand whose trumps alone
  are sure of the tricks asked is answered at once); he tries the cards that take the trick
  first; the adversary, while the soloist holds the trick, the cheapest cards that take it
  (following suit before trumping: a high card spent on a trick the soloist has lost anyway is
  not there to beat his next one, and trying it first more than doubled the search of the
  hardest hands), and while a partner holds it, the cheapest cards of the suit led, then the
  cheapest discards (showing out tells the soloist where the rest of the suit is not, and
  trying discards first cost some hands a hundred times the nodes); an opponent's lead, a
  trump, the lowest first (it draws one of the soloist's), then the others' highest cards.
* Once the soloist has played to a trick, the opponents still to play can only take cards
  out of the unseen ones, and no card the fewer lowers his certain lower bound; so the bound
  of the trick as it lies (his card gone) holds for every way the trick can end. When it is
  enough whoever wins the trick, the rest of the trick is not searched. When it is enough if
  he wins it, only an opponent's taking the trick can hold him: an opponent may take it only
  if a card above the soloist's is unseen in a suit he is not void in (a trump, or the suit
  led if the soloist's card is not a trump), so the rest of the trick is not searched once no
  opponent left to play may, and no card is tried after which none may.
* The unseen cards of a suit every opponent is void in lie in the stock: nobody can play them,
  and Hall's condition never counts them, so they are taken out of the state (and the voids in
  that suit with them), and the soloist's cards of the suit are above every card in play.
* Two suits that are neither trumps, nor the suit led, nor the suit of the soloist's card in
  the trick, with the same gaps and the same opponents void in them, are interchangeable: a
  card of one or of the other is the same play, and only one is tried.
* The tables hold facts about abstract states, whatever hand reached them, so one solver may
  answer many hands with them (the sweep keeps them over a chunk of alike hands): only the
  number of nodes a question takes changes, never its answer. With no void known, every
  layout's condition is the total's, true by construction, and Hall's is not looked up.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Concatenate, Literal, ParamSpec, cast

SUIT_COUNT = 4
_ALL_SUITS = (1 << SUIT_COUNT) - 1

INSIDE_LIMIT = 1_000_000
"""The entries of the table of answers from inside a trick past which a search empties it, so
that a long question's memory stays bounded."""

LAYOUT_LIMIT = 2_000_000
"""The entries of the memo of Hall's condition past which a search empties it, so that a long
question's memory stays bounded (a proof of 15 million nodes asks about 2 million layouts).
The memo only spares working an answer out again: emptying it changes no node count."""

Gaps = tuple[int, ...]
"""One suit: the counts of unseen cards in the gaps between the soloist's cards, lowest gap
first; ``len(gaps) - 1`` of the soloist's cards are the separators."""

Suits = tuple[Gaps, Gaps, Gaps, Gaps]
Best = tuple[bool, int, int, int, int]
"""The best card of the trick so far: (is a trump, level in its suit, seat, unseen cards of
its gap above it, below it). Levels: gap ``j`` is ``2 * j``, the soloist's ``i``-th lowest card
of the suit ``2 * i + 1``; ``above`` and ``below`` mean something only for an opponent's card."""

Ghost = tuple[int, int] | None
"""The soloist's card played to the current trick (suit, separator index), kept in place as a
separator until the trick is over so that later cards compare with it."""


def tops(gaps: Gaps) -> int:
    """The soloist's cards of a suit above every unseen card of it."""
    separators = len(gaps) - 1
    for j in range(separators, -1, -1):
        if gaps[j]:
            return separators - j
    return separators


def trumps_sure(gaps: Gaps) -> int:
    """The soloist's trumps of ``gaps`` sure to win tricks, however the cards are played.

    Each of his trumps is played to a trick of its own, by the last trick, and wins it unless
    an opponent plays a higher trump to it; an unseen trump can beat only one of his. So no
    more of his trumps lose than the unseen trumps can be paired off, each with one of his
    lower than itself, and pairing them from the top pairs the most.

    >>> trumps_sure((11, 0, 0))  # A K: nothing above them
    2
    >>> trumps_sure((5, 0, 0, 0, 1, 2))  # Q T 9 8 7: the knave, king and ace above
    2
    """
    free = 0
    lost = 0
    for j in range(len(gaps) - 1, 0, -1):
        free += gaps[j]
        if free:
            free -= 1
            lost += 1
    return len(gaps) - 1 - lost


def suit_gaps(cards: Iterable[int], pack: Iterable[int], seen: Iterable[int] = ()) -> Suits:
    """The abstract suits of a soloist holding ``cards`` when ``pack`` is in play and the cards
    ``seen`` are gone (played).

    >>> from napspec.reference.cards import FULL_PACK, parse_cards
    >>> suit_gaps(parse_cards("AS JS TS 2H"), FULL_PACK)[3]
    (8, 0, 2, 0)
    """
    mine = set(cards)
    gone = set(seen) - mine
    suits: list[list[int]] = [[0] for _ in range(SUIT_COUNT)]
    for card in sorted(set(pack)):
        if card in gone:
            continue
        gaps = suits[card // 13]
        if card in mine:
            gaps.append(0)
        else:
            gaps[-1] += 1
    return (tuple(suits[0]), tuple(suits[1]), tuple(suits[2]), tuple(suits[3]))


State = tuple[Suits, tuple[int, ...], int, int, int, int, int, int, Best | None, Ghost]
"""A state of the search, as :meth:`Search.play` takes it: (suits, voids, trumps, leader,
tricks left, tricks needed, suit led or -1, cards played to the trick, its best card, the
soloist's card in it). With no card played it is the start of a trick, which
:meth:`Search.win` answers."""

_P = ParamSpec("_P")


def _remembered_inside_a_trick(
    play: Callable[Concatenate[Search, _P], bool],
) -> Callable[Concatenate[Search, _P], bool]:
    """:meth:`Search.play` with its answers from the trick's second card on kept in the
    search's table ``inside``, keyed by the whole state (see the module's notes); the table is
    emptied when it holds :data:`INSIDE_LIMIT` answers. The state is passed by position."""
    at_played = list(inspect.signature(play).parameters).index("played") - 1  # its place in the state

    def remembered(search: Search, /, *state: _P.args, **named: _P.kwargs) -> bool:
        played = cast(int, state[at_played])
        if named or not 2 <= played < search.seats:
            return play(search, *state, **named)
        known = search.inside.get(state)
        if known is None:
            known = play(search, *state, **named)
            if len(search.inside) >= INSIDE_LIMIT:
                search.inside.clear()
            search.inside[state] = known
        return known

    remembered.__doc__ = play.__doc__
    return remembered


class OutOfBudget(Exception):
    """The search was stopped at its budget of nodes (:meth:`Solver.limit`); nothing is
    concluded (the transposition table keeps only what was proved)."""


class Search:
    """The search for one table: ``opponents`` hands against the soloist's, and its
    transposition table."""

    def __init__(self, opponents: int) -> None:
        self.m = opponents
        self.seats = opponents + 1
        self.memo: dict[object, list[int]] = {}
        self.hall: dict[object, bool] = {}
        self.inside: dict[object, bool] = {}  # answers from inside a trick (see the module's notes)
        self.nodes = 0
        self.budget: int | None = None  # nodes allowed before OutOfBudget (None: no limit)

    # ------------------------------------------------------------------ consistency

    def feasible(self, suits: Suits, voids: tuple[int, ...], held: tuple[int, ...]) -> bool:
        """Can the unseen cards be shared out so that opponent ``i`` holds ``held[i]`` of them,
        none of a suit in his ``voids[i]``, and the stock the rest? Hall's condition over sets
        of opponents: every set needs no more cards than the suits open to one of them have.
        (A set including the stock always passes: the stock takes any suit, and the total is
        right by construction.)"""
        return self.feasible_counts((sum(suits[0]), sum(suits[1]), sum(suits[2]), sum(suits[3])), voids, held)

    def feasible_counts(self, unseen: tuple[int, int, int, int], voids: tuple[int, ...], held: tuple[int, ...]) -> bool:
        """:meth:`feasible` from the counts of unseen cards of each suit. With no void known
        every set of opponents has every suit open to it, so the condition is the total's,
        true by construction, and nothing is looked up.

        Hall's condition is checked over the sets of suits rather than of opponents (16 sets
        at most, whatever the table): the set of opponents that needs the most from the suits of
        a set ``T`` is every opponent whose open suits all lie in ``T``, so it is enough that
        they need no more than ``T`` holds. Only the unions of the opponents' open sets need
        asking, since any other ``T`` holds at least as much as the union of those inside it
        and they need the same; with one void known, that is one set and the whole.

        >>> Search(2).feasible_counts((1, 0, 0, 3), (0b1110, 0b1110), (1, 1))  # two want the one spade
        False
        >>> Search(2).feasible_counts((1, 0, 0, 3), (0b1110, 0b0110), (1, 1))
        True
        """
        if not any(voids):
            return True
        key = (unseen, voids, held)
        known = self.hall.get(key)
        if known is not None:
            return known
        holds = _subset_sums(unseen)
        needs: dict[int, int] = {}  # by the set of suits open to them: what the opponents barred from some need
        total = 0
        for void, count in zip(voids, held):
            total += count
            open_to = ~void & _ALL_SUITS
            if count and open_to != _ALL_SUITS:
                needs[open_to] = needs.get(open_to, 0) + count
        result = total <= holds[_ALL_SUITS]
        if result and needs:
            # The sets of suits that bind are the unions of the opponents' open sets: any other
            # set holds at least as much as the union of the open sets inside it.
            unions = {0}
            for open_to in needs:
                unions |= {union | open_to for union in unions}
            result = all(
                sum(count for open_to, count in needs.items() if not open_to & ~union) <= holds[union]
                for union in unions
            )
        if len(self.hall) >= LAYOUT_LIMIT:
            self.hall.clear()
        self.hall[key] = result
        return result

    # ------------------------------------------------------------------ bounds

    @staticmethod
    def lower_bound(suits: Suits, trump: int, leader: int) -> int:
        """Tricks the soloist is certain of from the start of a trick (see the module's notes)."""
        trumps = suits[trump]
        bound = trumps_sure(trumps)
        if leader == 0 and not any(trumps):
            bound += sum(tops(suits[s]) for s in range(SUIT_COUNT) if s != trump)
        return bound

    def key(self, suits: Suits, voids: tuple[int, ...], trump: int, leader: int, tricks: int) -> object:
        """The transposition key of a trick's start: non-trump suits sorted with their voids."""
        columns = _void_columns(voids)
        others = sorted((suits[s], columns[s]) for s in range(SUIT_COUNT) if s != trump)
        return (leader, tricks, suits[trump], columns[trump], tuple(others))

    # ------------------------------------------------------------------ the search

    def win(self, suits: Suits, voids: tuple[int, ...], trump: int, leader: int, tricks: int, need: int) -> bool:
        """At the start of a trick with ``tricks`` left: can the soloist make ``need`` more?"""
        opening = self.opening(suits, voids, trump, leader, tricks, need)
        if isinstance(opening, bool):
            return opening
        suits, voids, bounds = opening
        result = self.play(suits, voids, trump, leader, tricks, need, -1, 0, None, None)
        self.learn(bounds, need, result)
        return result

    def opening(
        self, suits: Suits, voids: tuple[int, ...], trump: int, leader: int, tricks: int, need: int
    ) -> bool | tuple[Suits, tuple[int, ...], list[int]]:
        """At the start of a trick, what is known without searching: the answer, or the state
        with the suits out of reach taken out and its bounds in the transposition table."""
        if need <= 0:
            return True
        if need > tricks:
            return False
        suits, voids = _out_of_reach(suits, voids)
        lower = self.lower_bound(suits, trump, leader)
        if lower >= need:
            return True
        key = self.key(suits, voids, trump, leader, tricks)
        bounds = self.memo.get(key)
        if bounds is None:
            bounds = self.memo[key] = [lower, tricks]
        elif bounds[0] >= need:
            return True
        elif bounds[1] < need:
            return False
        return suits, voids, bounds

    @staticmethod
    def learn(bounds: list[int], need: int, won: bool) -> None:
        """Keep in a trick start's bounds whether the soloist makes ``need`` tricks from it."""
        if won:
            bounds[0] = max(bounds[0], need)
        else:
            bounds[1] = min(bounds[1], need - 1)

    # ------------------------------------------------------------------ one state at a time

    def solve(self, state: State) -> bool:
        """Can the soloist make the tricks ``state`` asks (:data:`State`)?"""
        if state[7] == 0:
            return self.win(*state[:6])
        return self.play(*state)

    def moves(self, state: State) -> bool | tuple[bool, list[State]]:
        """What one step of the search does at ``state``: its answer if that is known without
        trying a card, else whose turn it is (True: the soloist's, who needs one state that
        wins; False: the defence's, who needs one that does not) and the states after each card
        worth trying, in the order the search tries them. For a search that grows its own tree
        (:mod:`~napspec.lab.proof_number`).

        The decisions are the depth-first search's own (:meth:`opening`, :meth:`placements`,
        :meth:`soloist_moves`, :meth:`before_defence`, :meth:`defence_moves`); only the states
        after them are built here as :meth:`play` builds them inline. Building them once for
        both, as generators, made the depth-first search a quarter slower (the same nodes, 1.17 s
        against 0.93 s on 150 questions), so the two are held together by a test instead: the
        answers of these steps alone, down to the end of play, are :meth:`solve`'s."""
        suits, voids, trump, leader, tricks, need, led, played, best, ghost = state
        seats = self.seats
        if played == 0:
            opening = self.opening(suits, voids, trump, leader, tricks, need)
            if isinstance(opening, bool):
                return opening
            suits, voids, _ = opening
        if played == seats:
            assert best is not None
            winner = best[2]
            if ghost is not None:
                suits = _played_out(suits, ghost)
            return True, [(suits, voids, trump, winner, tricks - 1, need - (winner == 0), -1, 0, None, None)]
        seat = (leader + played) % seats
        if seat == 0:
            placed = self.placements(suits, trump, led, played, best)
            if placed is not None:
                return False, [
                    (suits, voids, trump, leader, tricks, need, led, played, fixed, ghost) for fixed in placed
                ]
            return True, [
                (suits, voids, trump, leader, tricks, need, suit if led < 0 else led, played + 1, new_best, (suit, i))
                for suit, i, new_best in self.soloist_moves(suits, voids, trump, led, best)
            ]
        before = self.before_defence(suits, voids, trump, leader, need, led, played, best, ghost, seat)
        if before is True:
            return True
        return False, [
            (new_suits, new_voids, trump, leader, tricks, need, new_led, played + 1, new_best, ghost)
            for new_suits, new_voids, new_led, new_best in self.defence_moves(
                suits, voids, trump, leader, tricks, led, played, best, seat, ghost, *before
            )
        ]

    @_remembered_inside_a_trick
    def play(
        self,
        suits: Suits,
        voids: tuple[int, ...],
        trump: int,
        leader: int,
        tricks: int,
        need: int,
        led: int,
        played: int,
        best: Best | None,
        ghost: Ghost,
    ) -> bool:
        """Inside a trick: ``played`` cards are on the table, ``best`` the winning one so far."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget(self.nodes)
        seats = self.seats
        if played == seats:
            assert best is not None
            winner = best[2]
            if ghost is not None:
                suits = _played_out(suits, ghost)
            return self.win(suits, voids, trump, winner, tricks - 1, need - (winner == 0))
        seat = (leader + played) % seats
        if seat == 0:
            placed = self.placements(suits, trump, led, played, best)
            if placed is not None:
                return all(
                    self.soloist_turn(suits, voids, trump, leader, tricks, need, led, played, fixed) for fixed in placed
                )
            return self.soloist_turn(suits, voids, trump, leader, tricks, need, led, played, best)
        before = self.before_defence(suits, voids, trump, leader, need, led, played, best, ghost, seat)
        if before is True:
            return True
        for new_suits, new_voids, new_led, new_best in self.defence_moves(
            suits, voids, trump, leader, tricks, led, played, best, seat, ghost, *before
        ):
            if not self.play(new_suits, new_voids, trump, leader, tricks, need, new_led, played + 1, new_best, ghost):
                return False
        return True

    def before_defence(
        self,
        suits: Suits,
        voids: tuple[int, ...],
        trump: int,
        leader: int,
        need: int,
        led: int,
        played: int,
        best: Best | None,
        ghost: Ghost,
        seat: int,
    ) -> Literal[True] | tuple[bool, tuple[int, ...]]:
        """Before an opponent's card: True if the soloist is sure of ``need`` however the trick
        ends; else (whether only the cards that take the trick matter, the opponents after this
        one who may still take it), for :meth:`defence_moves`."""
        seats = self.seats
        taking_only = False
        takers_after: tuple[int, ...] = ()  # while only a card that takes the trick matters: who may
        if ghost is not None and best is not None and (best[2] == 0 or seat == 1 or played == seats - 1):
            # The soloist has played: what the rest of the trick can still change is whether
            # he wins it (checked while he holds it, and as he has played, and at its last card).
            if_lost, if_won = self.sure_after_trick(suits, voids, trump, need, ghost)
            if if_lost:
                return True
            if if_won and best[2] == 0:
                # Only an opponent's taking the trick can hold him: nobody left who may take
                # it, and he has it; only this opponent left who may, and only his taking
                # cards matter; else any card of his after which somebody may still take it.
                after_him = [(leader + p) % seats for p in range(played + 1, seats)]
                takers_after = tuple(s for s in after_him if _may_take(suits, voids[s - 1], trump, led, best))
                if not takers_after and not _may_take(suits, voids[seat - 1], trump, led, best):
                    return True
                taking_only = not takers_after
        return taking_only, takers_after

    def placements(self, suits: Suits, trump: int, led: int, played: int, best: Best | None) -> list[Best] | None:
        """Before the soloist's card, when he sees an opponent's best card whose place in its
        gap is not yet fixed and an opponent plays after him: the places the adversary may
        give it (how many unseen cards of its gap lie above it); None when there is nothing to
        place."""
        if best is None or not best[2] or best[3] != FREE or played >= self.seats - 1:
            return None
        later = self.seats - 1 - played
        left = suits[led if not best[0] else trump][best[1] // 2]
        return [(best[0], best[1], best[2], above, below) for above, below in _splits(left, left, later)]

    @staticmethod
    def sure_after_trick(
        suits: Suits, voids: tuple[int, ...], trump: int, need: int, ghost: tuple[int, int]
    ) -> tuple[bool, bool]:
        """Once the soloist has played to a trick: is he sure of ``need`` tricks from here if
        he loses it, and if he wins it, whatever the opponents still to play put on it? Their
        cards only leave fewer cards unseen, and their voids only grow, and neither lowers his
        certain lower bound, so the bound of the trick as it lies (his card gone) holds for
        every ending of it."""
        after, _ = _out_of_reach(_played_out(suits, ghost), voids)
        if_lost = trumps_sure(after[trump]) >= need
        return if_lost, if_lost or 1 + Search.lower_bound(after, trump, 0) >= need

    def soloist_turn(
        self,
        suits: Suits,
        voids: tuple[int, ...],
        trump: int,
        leader: int,
        tricks: int,
        need: int,
        led: int,
        played: int,
        best: Best | None,
    ) -> bool:
        for suit, i, new_best in self.soloist_moves(suits, voids, trump, led, best):
            if self.play(
                suits, voids, trump, leader, tricks, need, suit if led < 0 else led, played + 1, new_best, (suit, i)
            ):
                return True
        return False

    @staticmethod
    def soloist_moves(
        suits: Suits, voids: tuple[int, ...], trump: int, led: int, best: Best | None
    ) -> list[tuple[int, int, Best]]:
        """The soloist's distinct cards to play (suit, separator, new best), likeliest first."""
        if led >= 0 and len(suits[led]) > 1:
            allowed: Sequence[int] = (led,)
        else:
            allowed = _distinct_suits(range(SUIT_COUNT), suits, voids, (trump, led))
        winning: list[tuple[int, int, int, Best]] = []
        losing: list[tuple[int, int, int, Best]] = []
        for suit in allowed:
            gaps = suits[suit]
            is_trump = suit == trump
            # the best card on the table, if of this suit, lies in gap ``split`` of it
            split = best[1] // 2 if best is not None and best[2] and suit == (trump if best[0] else led) else -1
            for i in range(len(gaps) - 1):
                if i and not gaps[i] and i != split:
                    continue  # the same as the card below it: no card to beat lies between them
                level = 2 * i + 1
                if best is None:
                    # a lead: top cards and trumps first
                    order = -(level + 100 * (i >= len(gaps) - 1 - tops(gaps)) + 50 * is_trump)
                    winning.append((order, suit, i, (is_trump, level, 0, 0, 0)))
                elif (is_trump and not best[0]) or (is_trump == best[0] and suit in (trump, led) and level > best[1]):
                    winning.append((level, suit, i, (is_trump, level, 0, 0, 0)))
                else:
                    losing.append((level + 100 * is_trump, suit, i, best))
        winning.sort()
        losing.sort()
        return [(s, i, b) for _, s, i, b in winning + losing]

    def defence_moves(
        self,
        suits: Suits,
        voids: tuple[int, ...],
        trump: int,
        leader: int,
        tricks: int,
        led: int,
        played: int,
        best: Best | None,
        seat: int,
        ghost: Ghost = None,
        taking_only: bool = False,
        takers_after: tuple[int, ...] = (),
    ) -> Iterator[tuple[Suits, tuple[int, ...], int, Best]]:
        """The opponent at ``seat``'s distinct plays, each keeping a layout possible: while
        the soloist holds the trick, the plays that take it first, the cheapest first; a lead,
        the lowest trump first, then the highest of the other suits; while an opponent holds
        it, the cheapest cards of the suit led first, then the cheapest of the others. Made
        lazily, since one play that holds the soloist is enough. With ``taking_only``, only the
        plays that take the trick; with ``takers_after`` (the opponents after this one who may
        take it, :meth:`before_defence`), not those that leave it to the soloist with none of
        them able to take it any more."""
        m = self.m
        seats = self.seats
        me = seat - 1
        mask = voids[me]
        options: list[tuple[int, int]] = []  # (suit, the opponent's voids after playing it)
        if led < 0:
            options = [(t, mask) for t in range(SUIT_COUNT) if any(suits[t]) and not mask >> t & 1]
        elif any(suits[led]) and not mask >> led & 1:
            options.append((led, mask))
            shown = mask | 1 << led
            options += [(t, shown) for t in range(SUIT_COUNT) if t != led and any(suits[t]) and not shown >> t & 1]
        else:
            options = [(t, mask) for t in range(SUIT_COUNT) if t != led and any(suits[t]) and not mask >> t & 1]
        distinct = _distinct_suits([t for t, _ in options], suits, voids, (trump, led, ghost[0] if ghost else -1))
        options = [(t, new_mask) for t, new_mask in options if t in distinct]
        # cards each opponent holds once this one has played
        held = tuple(tricks - (((i + 1 - leader) % seats) <= played) for i in range(m))
        # the moves, without their states: (order, taking, suit, gap, new voids, new best)
        taking: list[tuple[int, int, int, int, Best]] = []
        others: list[tuple[int, int, int, int, Best]] = []
        for suit, new_mask in options:
            gaps = suits[suit]
            is_trump = suit == trump
            follows = FOLLOWING if suit == led else 0  # the head start of following suit
            for j, count in enumerate(gaps):
                if not count:
                    continue
                level = 2 * j
                if best is None:
                    # a lead: a trump, the lowest first (it draws one of his), then the highest
                    order = level - 100 if is_trump else -level
                    taking.append((order, suit, j, new_mask, (is_trump, level, seat, FREE, FREE)))
                elif is_trump and not best[0]:
                    taking.append((level + 100, suit, j, new_mask, (is_trump, level, seat, FREE, FREE)))
                elif is_trump == best[0] and suit in (trump, led):
                    if level > best[1]:
                        taking.append((level, suit, j, new_mask, (is_trump, level, seat, FREE, FREE)))
                    elif level == best[1]:
                        # the same gap as the best card, an opponent's: above it or below it
                        _, _, owner, above, below = best
                        if above:
                            new_above = FREE if above == FREE else above - 1
                            taking.append((level, suit, j, new_mask, (is_trump, level, seat, new_above, FREE)))
                        if below:
                            new_below = FREE if below == FREE else below - 1
                            below_it = (is_trump, level, owner, above, new_below)
                            others.append((level - follows, suit, j, new_mask, below_it))
                    else:
                        others.append((level - follows, suit, j, new_mask, best))
                else:
                    others.append((level + 100 * is_trump - follows, suit, j, new_mask, best))
        if taking_only:
            others = []
        taking.sort(key=_first)
        others.sort(key=_first)
        ordered = others + taking if best is not None and best[2] != 0 else taking + others
        unseen = [sum(suits[0]), sum(suits[1]), sum(suits[2]), sum(suits[3])]
        nonempty = sum(1 << t for t in range(SUIT_COUNT) if unseen[t])
        for _, suit, j, new_mask, new_best in ordered:
            gaps = suits[suit]
            new_suits = _replace(suits, suit, (*gaps[:j], gaps[j] - 1, *gaps[j + 1 :]))
            left = list(unseen)
            left[suit] -= 1
            if new_mask == mask and left[suit]:
                new_voids = voids  # nothing shown, no suit gone: the voids are as they were
            else:
                # a void in a suit with no unseen card left constrains nothing, and is dropped
                still = nonempty if left[suit] else nonempty & ~(1 << suit)
                new_voids = tuple((new_mask if i == me else v) & still for i, v in enumerate(voids))
            if (
                takers_after
                and new_best[2] == 0
                and not any(_may_take(new_suits, new_voids[s - 1], trump, led, new_best) for s in takers_after)
            ):
                continue  # he leaves the trick to the soloist, and nobody after him can take it
            if self.feasible_counts((left[0], left[1], left[2], left[3]), new_voids, held):
                yield new_suits, new_voids, (suit if led < 0 else led), new_best


FREE = 99
"""An opponent's best card whose place in its gap nobody has seen: it is fixed only when the
soloist, who sees it, is to play with an opponent after him; until then the adversary may
place any later card of the gap above or below it (any order of distinct cards is some
choice of the actual cards)."""

FOLLOWING = 1000
"""The head start in the adversary's order of a card that follows the suit led over one that
does not (an order of trial only)."""


def _distinct_suits(
    candidates: Sequence[int], suits: Suits, voids: tuple[int, ...], special: Sequence[int]
) -> list[int]:
    """The suits of ``candidates`` to try, one of each kind: two suits, neither of them
    ``special`` (trumps, the suit led, the suit of the soloist's card in the trick), with the
    same gaps and the same opponents void in them are interchangeable (exchanging their names
    maps every layout and line of play onto another), so only the first is kept.

    >>> _distinct_suits(range(4), ((13,), (3, 10), (13,), (13,)), (0b0100, 0), (1, -1))
    [0, 1, 2]
    """
    if sum(suit not in special for suit in candidates) < 2:
        return list(candidates)  # nothing to tell apart
    kept: list[int] = []
    kinds: set[tuple[Gaps, int]] = set()
    columns = _void_columns(voids)
    for suit in candidates:
        if suit not in special:
            kind = (suits[suit], columns[suit])
            if kind in kinds:
                continue
            kinds.add(kind)
        kept.append(suit)
    return kept


def _subset_sums(unseen: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The unseen cards of each set of suits (bit ``s`` for suit ``s``), by set.

    >>> _subset_sums((1, 2, 4, 8)) == tuple(range(16))
    True
    """
    a, b, c, d = unseen
    ab = a + b
    return (0, a, b, ab, c, a + c, b + c, ab + c, d, a + d, b + d, ab + d, c + d, a + c + d, b + c + d, ab + c + d)


_COLUMNS: dict[tuple[int, ...], tuple[int, ...]] = {}
_COLUMNS_LIMIT = 100_000
"""The entries of the memo of :func:`_void_columns` past which it is emptied: it is asked at
every trick's start and every choice among discards, and keeps one entry for each distinct
set of voids met."""


def _void_columns(voids: tuple[int, ...]) -> tuple[int, ...]:
    """For each suit, the opponents void in it (bit ``i`` for opponent ``i``).

    >>> _void_columns((0b0100, 0b0101))
    (2, 0, 3, 0)
    """
    known = _COLUMNS.get(voids)
    if known is None:
        columns = [0] * SUIT_COUNT
        for i, void in enumerate(voids):
            if void:
                for suit in range(SUIT_COUNT):
                    if void >> suit & 1:
                        columns[suit] |= 1 << i
        if len(_COLUMNS) >= _COLUMNS_LIMIT:
            _COLUMNS.clear()
        known = _COLUMNS[voids] = tuple(columns)
    return known


def _may_take(suits: Suits, void: int, trump: int, led: int, best: Best) -> bool:
    """May an opponent void in the suits of ``void`` (a mask) still take a trick whose best card
    is ``best``: is a card above it unseen in a suit he may hold (a trump, or a higher card of
    the suit led if the best card is not a trump)? It may say yes where no layout lets him;
    never no where one does.

    >>> spades = (2, 0, 1)  # the soloist's two spades, one spade unseen above them
    >>> suits, his_top = ((13,), (13,), (13,), spades), (True, 3, 0, 0, 0)
    >>> _may_take(suits, 0b0000, 3, 3, his_top), _may_take(suits, 0b1000, 3, 3, his_top)
    (True, False)
    """
    level = best[1] // 2 + 1 if best[0] else 0
    if not void >> trump & 1 and any(suits[trump][level:]):
        return True
    return not best[0] and not void >> led & 1 and any(suits[led][best[1] // 2 + 1 :])


def _first(move: tuple[int, int, int, int, Best]) -> int:
    return move[0]


def _splits(most_above: int, left: int, later: int) -> list[tuple[int, int]]:
    """The (above, below) shares of the ``left`` unseen cards of a gap around a card just
    played, with at most ``most_above`` above it. Only ``later`` more opponents play to this
    trick, so counts beyond ``later`` are all alike (none of those cards can run out), and with
    nobody after it one split stands for all."""
    if later == 0:
        return [(0, left)]
    seen: set[tuple[int, int]] = set()
    result: list[tuple[int, int]] = []
    for above in range(most_above + 1):
        below = left - above
        form = (min(above, later), min(below, later))
        if form not in seen:
            seen.add(form)
            result.append((above, below))
    return result


def _out_of_reach(suits: Suits, voids: tuple[int, ...]) -> tuple[Suits, tuple[int, ...]]:
    """The state with the unseen cards of each suit every opponent is void in taken out: they
    lie in the stock, nobody can play them, and Hall's condition never counts them (no
    opponent may hold them). So the states are the same, and the voids in those suits, which
    then constrain nothing, are dropped.

    >>> _out_of_reach(((3, 0, 2), (13,), (13,), (10,)), (0b0001, 0b1001))
    (((0, 0, 0), (13,), (13,), (10,)), (0, 8))
    """
    everyone = voids[0]
    for void in voids[1:]:
        everyone &= void
    if not everyone:
        return suits, voids
    for suit in range(SUIT_COUNT):
        if everyone >> suit & 1:
            suits = _replace(suits, suit, (0,) * len(suits[suit]))
    return suits, tuple(void & ~everyone for void in voids)


def _played_out(suits: Suits, ghost: tuple[int, int]) -> Suits:
    """The suits once the soloist's card of the trick (``ghost``) is gone: the two gaps it
    separated are one."""
    suit, i = ghost
    gaps = suits[suit]
    return _replace(suits, suit, (*gaps[:i], gaps[i] + gaps[i + 1], *gaps[i + 2 :]))


def _replace(suits: Suits, suit: int, gaps: Gaps) -> Suits:
    if suit == 0:
        return (gaps, suits[1], suits[2], suits[3])
    if suit == 1:
        return (suits[0], gaps, suits[2], suits[3])
    if suit == 2:
        return (suits[0], suits[1], gaps, suits[3])
    return (suits[0], suits[1], suits[2], gaps)
