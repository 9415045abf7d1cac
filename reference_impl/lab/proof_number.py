"""Proof-number search over the top of the tree, the depth-first search at its leaves.

Why. The depth-first search (:mod:`~napspec.lab.search`) tries the defence's
cards in a fixed order and searches each to the end before the next. To show that a hand is
*not* sure, one defence card at each of the defence's turns is enough, but a wrong first
choice costs a whole proof that the soloist wins after it, every defence card of that subtree
searched. The long-suit hands at seven hands dealt are like this: the defence's strength is
that the soloist does not know where the trumps lie, and the cards that hide them best are
rarely the ones tried first; a million nodes of search leave hundreds of them open.

Proof-number search (Allis, 1994) grows the tree best first instead. Each node of it counts
how many leaves at least must still be shown won for the soloist to win there (its *proof
number*) and how many shown lost for him to lose (its *disproof number*): at a soloist's turn
the proof number is the least of his moves' and the disproof number their sum; at the
defence's, the other way round. The search always expands a leaf on the path that takes, at
each of the soloist's turns, the move of least proof number and, at each of the defence's,
the card of least disproof number: the cheapest way to settle the root either way. A defence
card that looks hard to refute is left for one that looks easy, and taken up again when the
easy ones turn out hard.

Here the tree is grown from the states of the depth-first search itself, in the same
abstract form and with the same shortcuts (:meth:`~napspec.lab.search.Search.moves`
gives the children it would try), and each new leaf is first put to the depth-first search with
a small budget of nodes (``leaf_nodes``): most leaves are settled there, and only those it
cannot settle become nodes of the tree. (Two-level search of this kind is Allis's PN².) Every
answer is the depth-first search's own on a state, or follows from its children's by the rule
of the game (a soloist's turn is won if one move wins, a defence's turn if every card does),
so the answers are exactly the depth-first search's; only how much is searched changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from napspec.lab.search import OutOfBudget, Search, State

INFINITE = 1 << 60
"""A proof or disproof number that cannot be reached: the node is settled the other way."""

LEAF_NODES = 10_000
"""Nodes of depth-first search a new leaf is allowed before it becomes a node of the tree, at
the least."""

LEAF_SHARE = 500
"""With a budget of nodes, a leaf is allowed this share of it when that is more than
:data:`LEAF_NODES`. Measured on 8 of the hands seven hands dealt left open on two: with
5,000,000 nodes, leaves of 10,000 settled 6 of them (in 0.19 to 1.7 million nodes) where leaves
of 500 settled 5; with 30,000,000, leaves of 50,000 showed one of the other two sure of two in
23,980,945 nodes where leaves of 10,000 had not settled it."""

TREE_LIMIT = 400_000
"""Nodes of the tree past which a question counts as out of its budget (its memory bound)."""


@dataclass
class _Node:
    state: State
    soloist: bool  # whose turn: the soloist's (he needs one move) or the defence's (every card)
    proof: int = 1
    disproof: int = 1
    children: list[_Node] | None = None
    parent: _Node | None = field(default=None, repr=False)

    def settle(self, won: bool) -> None:
        self.proof, self.disproof = (0, INFINITE) if won else (INFINITE, 0)

    def update(self) -> None:
        """The numbers from the children's: the rule of the game (see the module's notes)."""
        assert self.children is not None
        proofs = [c.proof for c in self.children]
        disproofs = [c.disproof for c in self.children]
        if self.soloist:
            self.proof, self.disproof = min(proofs, default=INFINITE), min(INFINITE, sum(disproofs))
        else:
            self.proof, self.disproof = min(INFINITE, sum(proofs)), min(disproofs, default=INFINITE)
        if self.proof == 0 or self.disproof == 0:
            self.children = None  # settled: the subtree is no longer needed


class ProofNumberSearch:
    """Proof-number search on a :class:`~napspec.lab.search.Search`, whose
    budget of nodes (``search.budget``) bounds the depth-first search of the leaves, and
    ``tree_limit`` the nodes of the tree. A leaf is allowed ``leaf_nodes`` nodes of depth-first
    search (default: :data:`LEAF_NODES`, or the budget's :data:`LEAF_SHARE` if more).

    >>> from napspec.lab.solver import Solver, Table
    >>> from napspec.reference.cards import parse_cards
    >>> solver = Solver(Table(4))
    >>> solver.proof_numbers = ProofNumberSearch(solver.search, leaf_nodes=1)  # a tree to the end, nearly
    >>> hand = parse_cards("AS KS 2H 3H 2D")
    >>> solver.can_win(hand, 2), solver.can_win(hand, 3), solver.proof_numbers.tree_nodes > 3
    (True, False, True)
    """

    def __init__(self, search: Search, leaf_nodes: int | None = None, tree_limit: int = TREE_LIMIT) -> None:
        self.search = search
        self.leaf_nodes = leaf_nodes
        self.tree_limit = tree_limit
        self.tree_nodes = 0
        """The nodes of the tree of the last question."""
        self.leaf = 0
        """The nodes a leaf of the question is allowed."""

    def wins(self, states: list[State]) -> bool:
        """Does one of ``states`` (the soloist's choices) win for the soloist? Raises
        :class:`~napspec.lab.search.OutOfBudget` past the budget."""
        if not states:
            return False
        self.tree_nodes = 0
        budget = self.search.budget
        self.leaf = self.leaf_nodes or max(LEAF_NODES, (budget or 0) // LEAF_SHARE)
        root = _Node(state=states[0], soloist=True)  # the choice among the states; its own is not asked
        root.children = [self._leaf(state, root) for state in states]
        root.update()
        while root.proof and root.disproof:
            node = root
            while node.children is not None:
                key = (lambda c: c.proof) if node.soloist else (lambda c: c.disproof)
                node = min(node.children, key=key)
            self._expand(node)
            above: _Node | None = node
            while above is not None:
                if above.children is not None:
                    above.update()
                above = above.parent
        return root.proof == 0

    def _leaf(self, state: State, parent: _Node) -> _Node:
        self.tree_nodes += 1
        if self.tree_nodes > self.tree_limit:
            raise OutOfBudget(self.search.nodes)
        node = _Node(state=state, soloist=True, parent=parent)  # whose turn, known once expanded
        search = self.search
        outer = search.budget
        search.budget = search.nodes + self.leaf if outer is None else min(outer, search.nodes + self.leaf)
        try:
            node.settle(search.solve(state))
        except OutOfBudget:
            if outer is not None and search.nodes > outer:
                raise
        finally:
            search.budget = outer
        return node

    def _expand(self, node: _Node) -> None:
        moves = self.search.moves(node.state)
        if isinstance(moves, bool):  # the depth-first search's shortcuts settle it here
            node.settle(moves)
            return
        node.soloist, states = moves
        node.children = []
        for state in states:
            child = self._leaf(state, node)
            node.children.append(child)
            if (child.proof == 0) if node.soloist else (child.disproof == 0):
                break  # one move settles a node whose side it is to choose
