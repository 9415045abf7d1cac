"""Lines of play in words, from the exact search (:mod:`~napspec.lab.solver`):
for a hand not sure of its tricks, after each opening lead a layout and a defence that hold it
below them; for one that is, the opening leads of a strategy that makes them and a line it takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from napspec.lab.solver import Play, Solver, Table, trick_winner
from napspec.reference.cards import format_card


@dataclass(frozen=True)
class Refutation:
    """A line of play holding the soloist below the tricks asked for, after one opening lead:
    the opponents' hands (seat 1, 2, ... in order of play after the soloist) of a layout that
    fits it, and the tricks."""

    lead: int
    layout: tuple[tuple[int, ...], ...]
    tricks: tuple[tuple[Play, ...], ...]
    soloist_tricks: int

    def describe(self) -> str:
        hands = "; ".join(f"opponent {i + 1}: " + " ".join(format_card(c) for c in sorted(h, reverse=True))
                          for i, h in enumerate(self.layout))  # fmt: skip
        play = _shown(self.tricks)
        return f"lead {format_card(self.lead)}: {hands}; play {play}; the soloist makes {self.soloist_tricks}"


def _shown(tricks: Sequence[Sequence[Play]]) -> str:
    """Tricks as text, each card after its seat (S: the soloist)."""
    return " | ".join(" ".join(("S:" if s == 0 else f"{s}:") + format_card(c) for s, c in t) for t in tricks)


def _split_line(table: Table, line: Sequence[Play]) -> tuple[tuple[tuple[Play, ...], ...], int]:
    seats = table.hands_dealt
    tricks = tuple(tuple(line[i : i + seats]) for i in range(0, len(line), seats))
    trump = line[0][1] // 13
    won = sum(trick_winner(t, trump) == 0 for t in tricks)
    return tricks, won


def refutations(hand: Sequence[int], need: int, table: Table | None = None) -> list[Refutation]:
    """For a hand not sure of ``need`` tricks: for every opening lead, a layout and a defence
    holding the soloist below ``need`` against his most stubborn play (a book's reader can
    replay it; against other play the defence may have chosen another layout, since the
    worst case is over every layout). Empty if the hand is sure of ``need``.

    >>> from napspec.reference.cards import parse_cards
    >>> [r.soloist_tricks for r in refutations(parse_cards("AS JS TS 2H 2D"), 3, Table(hands_dealt=2))]
    [1, 2, 2, 0, 0]
    """
    solver = Solver(table)
    if solver.can_win(hand, need):
        return []
    result = []
    for lead in sorted(hand, reverse=True):
        line = solver.best_line(hand, need, [(0, lead)])
        tricks, won = _split_line(solver.table, line)
        layout = tuple(tuple(c for s, c in line if s == seat) for seat in range(1, solver.table.hands_dealt))
        result.append(Refutation(lead, layout, tricks, won))
    return result


def strategy_leads(hand: Sequence[int], need: int, table: Table | None = None) -> list[int]:
    """The opening leads of a strategy sure of ``need`` tricks (empty if there is none).

    >>> from napspec.reference.cards import format_cards, parse_cards
    >>> format_cards(strategy_leads(parse_cards("AS KS QS 2H 2D"), 3))
    'AS KS QS'
    """
    solver = Solver(table)
    return [c for c in sorted(hand, reverse=True) if solver.can_win(hand, need, [(0, c)])]


def explain(hand: Sequence[int], need: int, table: Table | None = None) -> str:
    """In words: if ``hand`` is sure of ``need`` tricks, the opening leads of a strategy that
    makes them and the line it takes against the defence that holds it lowest; if not, after
    each opening lead, a layout and a defence that hold it below ``need``.

    >>> from napspec.reference.cards import parse_cards
    >>> print(explain(parse_cards("AS KS 2H 3H 2D"), 2, Table(hands_dealt=2)))
    sure of 2: lead AS or KS; e.g. S:AS 1:2C | S:2D 1:3D | 1:3C S:2H | 1:4C S:3H | 1:5C S:KS
    """
    solver = Solver(table)
    leads = strategy_leads(hand, need, solver.table)
    if leads:
        line = solver.best_line(hand, need, [(0, leads[0])])
        tricks, _ = _split_line(solver.table, line)
        return f"sure of {need}: lead " + " or ".join(format_card(c) for c in leads) + f"; e.g. {_shown(tricks)}"
    return "\n".join(f"not sure of {need}: " + r.describe() for r in refutations(hand, need, solver.table))
