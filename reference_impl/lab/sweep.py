"""Every five-card hand, up to the symmetry of the suits, with the tricks it is sure of.

Trumps are the suit the soloist leads first, so no suit is special before play: the 4! ways
of renaming the suits map a hand onto hands sure of the same tricks. A hand is taken in its
canonical form, its suits' sets of ranks sorted (as bit masks, highest first); the 2,598,960
hands of the full pack make 134,459 such forms, each standing for ``multiplicity`` hands.

The tricks asked are five, three, then four or two: a hand not sure of two is sure of one if
it holds an ace (lead it: it is the top trump), and otherwise it is recorded as "0 or 1"
unless ``exact`` asks the search to tell them apart, the slowest question of all (the defence
must be shown to take every trick, or the soloist to take one against everything). A budget
of nodes per question keeps a sweep's time in hand; what it leaves open is counted apart.

The sweep runs in chunks over the local processes or a Dask cluster
(:mod:`~napspec.lab.executors`); a chunk's values depend on its hands alone, so
the result is the same wherever it runs. With a ``store`` folder each chunk is kept as it is
done (:mod:`~napspec.lab.store`), and a run stopped halfway is resumed where it
was. Progress (hands done, rate, time left) goes to standard error on a terminal. A sweep down
to a low floor may build on a complete stored one down to a higher floor
(:class:`KnownAnswers`), asking only the questions that one did not.

>>> len(canonical_hands())
134459
>>> hand = canonical_hands()[0]
>>> format_cards(cards_of(hand)), multiplicity(hand)
('AS KS QS JS TS', 4)
>>> sweep_value(Solver(Table(4)), cards_of(hand))
5
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future
from functools import cache
from math import factorial
from pathlib import Path
from typing import Any, Protocol, cast

from napspec.lab.executors import executor
from napspec.lab.progress import Progress, wait_reporting
from napspec.lab.proof_number import ProofNumberSearch
from napspec.lab.refute import Refuter
from napspec.lab.search import OutOfBudget, suit_gaps, tops
from napspec.lab.solver import EARLIEST_REVISION, SEARCH_REVISION, Solver, Table
from napspec.lab.store import ChunkStore, StoreError
from napspec.reference.cards import FULL_PACK, format_cards

Canonical = tuple[int, int, int, int]
"""A hand as its four suits' rank masks (bit ``r`` for rank ``r``), sorted highest first."""

ZERO_OR_ONE = -1
"""The value recorded for a hand without an ace that is not sure of two, unless exact."""
BELOW_THREE = -2
"""Not sure of three; whether of two, the budget left open."""
THREE_OR_FOUR = -3
"""Sure of three, not of five; whether of four, the budget left open."""
UNRESOLVED = -4
"""The budget ran out before three or five was decided."""
BELOW_FIVE = -5
"""Not sure of five, the only question asked (``floor`` 5)."""
LABELS = {
    ZERO_OR_ONE: "0 or 1",
    BELOW_THREE: "below 3",
    THREE_OR_FOUR: "3 or 4",
    UNRESOLVED: "unresolved",
    BELOW_FIVE: "below 5",
}

CHUNK = 250


def _masks(size: int) -> list[int]:
    return [m for m in range(1 << 13) if m.bit_count() == size]


@cache
def canonical_hands(size: int = 5) -> tuple[Canonical, ...]:
    """Every hand of ``size`` cards up to renaming the suits, strongest-looking first."""
    by_count = {k: sorted(_masks(k), reverse=True) for k in range(size + 1)}
    result: list[Canonical] = []

    def extend(prefix: list[int], left: int, most: int) -> None:
        if len(prefix) == 3:  # the last suit holds what is left
            result.extend((prefix[0], prefix[1], prefix[2], mask) for mask in by_count[left] if mask <= most)
            return
        for count in range(left + 1):
            for mask in by_count[count]:
                if mask <= most:
                    extend([*prefix, mask], left - count, mask)

    extend([], size, (1 << 13) - 1)
    result.sort(key=lambda h: sorted((cards_of(h)), reverse=True), reverse=True)
    return tuple(result)


def cards_of(hand: Canonical) -> list[int]:
    """The cards of a canonical hand, its first suit spades, then hearts, diamonds, clubs."""
    return sorted(((3 - i) * 13 + r for i, mask in enumerate(hand) for r in range(13) if mask >> r & 1), reverse=True)


def multiplicity(hand: Canonical) -> int:
    """How many hands of the pack the canonical hand stands for."""
    ways = factorial(4)
    for mask in set(hand):
        ways //= factorial(hand.count(mask))
    return ways


def sweep_value(
    solver: Solver, hand: Sequence[int], exact: bool = False, floor: int = 2, known: int | None = None
) -> int:
    """The tricks ``hand`` is sure of, or one of the codes of :data:`LABELS` for what the
    budget of the solver left open. The questions come in the order of their interest (and
    of their cost): five, then three, then four or two.

    A hand not sure of two is sure of one if it holds an ace; without one it is recorded as
    :data:`ZERO_OR_ONE` unless ``exact``. With ``floor`` 3, two is not asked: a hand not sure
    of three is recorded as :data:`BELOW_THREE`; with ``floor`` 5, only five is asked
    (:data:`BELOW_FIVE`).

    ``known`` is what a complete sweep down to a higher floor found of the hand
    (:class:`KnownAnswers`): its value, returned as it is, or :data:`BELOW_FIVE` or
    :data:`BELOW_THREE`, so that the questions it answered are not asked again.

    >>> from napspec.reference.cards import parse_cards
    >>> solver = Solver(Table(6))
    >>> hand = parse_cards("AS KS 2H 3H 2D")
    >>> sweep_value(solver, hand, floor=3), sweep_value(solver, hand, known=BELOW_THREE)
    (-2, 2)
    >>> solver.search.nodes = 0
    >>> sweep_value(solver, parse_cards("AS KS QS JS 9S"), known=4), solver.search.nodes
    (4, 0)
    """
    if known is not None and known >= 0:
        return known
    try:
        try:
            if known not in (BELOW_FIVE, BELOW_THREE) and solver.can_win(hand, 5):
                return 5
            if floor >= 5:
                return BELOW_FIVE
            three = known != BELOW_THREE and solver.can_win(hand, 3)
        except OutOfBudget:
            return UNRESOLVED
        try:
            if three:
                return 4 if solver.can_win(hand, 4) else 3
            if floor > 2:
                return BELOW_THREE
            if solver.can_win(hand, 2):
                return 2
        except OutOfBudget:
            return THREE_OR_FOUR if three else BELOW_THREE
        if max(tops(g) for g in suit_gaps(hand, solver.table.pack)):
            return 1
        if not exact:
            return ZERO_OR_ONE
        try:
            return 1 if solver.can_win(hand, 1) else 0
        except OutOfBudget:
            return ZERO_OR_ONE
    finally:
        solver.trim()


class KnownAnswersError(ValueError):
    """A stored sweep that a sweep cannot be built on; the message names the file and why."""


class KnownAnswers:
    """What a complete stored sweep of every hand down to a higher floor found, for a sweep
    down to a lower one to build on: the hands it lists as sure of three or more with their
    values, and every other hand as not sure of its floor. The new sweep asks only the
    questions below that floor, of the hands not sure of it.

    ``document`` is the stored sweep (its JSON), ``source`` the name it is known by (kept in
    the new sweep's result). It must be of every hand, at ``hands_dealt``, complete, with
    nothing left open, and down to a floor above ``floor``.

    >>> from napspec.lab.certainty import stored_sweeps
    >>> name, document = next(item for item in stored_sweeps(5) if item[0] == "sweep-5-floor3.json")
    >>> known = KnownAnswers(document, name, hands_dealt=5, floor=2)
    >>> known.floor, len(known.values)
    (3, 435)
    >>> [LABELS.get(v, v) for v in known.of(canonical_hands()[:2] + canonical_hands()[-1:])]
    [5, 4, 'below 3']
    >>> KnownAnswers(document, name, hands_dealt=6, floor=2)
    Traceback (most recent call last):
    ...
    napspec.lab.sweep.KnownAnswersError: sweep-5-floor3.json: a sweep at 5 hands dealt, not 6
    """

    def __init__(self, document: Mapping[str, Any], source: str, hands_dealt: int, floor: int) -> None:
        def refuse(why: str) -> KnownAnswersError:
            return KnownAnswersError(f"{source}: {why}")

        try:
            their_floor, dealt = int(document["floor"]), int(document["hands_dealt"])
            listed = {str(hand): str(label) for hand, label in dict(document["sure_of_3_or_more"]).items()}
            complete, sample, hands = document["complete"], document["sample"], int(document["hands"])
            counts = {str(label): int(n) for label, n in dict(document["counts"]).items()}
        except (KeyError, TypeError, ValueError) as error:
            raise refuse(f"not a stored sweep: {type(error).__name__} {error}") from error
        if dealt != hands_dealt:
            raise refuse(f"a sweep at {dealt} hands dealt, not {hands_dealt}")
        if sample is not None or hands != len(canonical_hands()) or complete is not True:
            raise refuse("not a complete sweep of every hand")
        unsettled = open_count(counts, their_floor)
        if unsettled:
            raise refuse(f"it left {unsettled:,} hands open")
        if their_floor <= floor:
            raise refuse(f"it asks down to {their_floor} tricks, so it answers none of the questions above {floor}")
        values = {hand: int(label) for hand, label in listed.items() if label.isdigit()}
        if len(values) != len(listed) or any(v < their_floor for v in values.values()):
            raise refuse("its hands sure of three or more are not all settled")
        if len(values) != sum(counts.get(str(v), 0) for v in range(their_floor, 6)):
            raise refuse(f"it lists {len(values):,} hands sure of {their_floor} or more, and its counts say otherwise")
        self.source = source
        self.floor = their_floor
        self.values = values
        text = json.dumps(sorted(values.items()), separators=(",", ":"))
        self.digest = hashlib.sha256(f"{their_floor}:{text}".encode()).hexdigest()[:20]

    def of(self, hands: Sequence[Canonical]) -> tuple[int, ...]:
        """What the stored sweep found of each of ``hands``: its value, or the code of a hand
        not sure of the stored sweep's floor."""
        below = BELOW_FIVE if self.floor >= 5 else BELOW_THREE
        return tuple(self.values.get(format_cards(cards_of(hand)), below) for hand in hands)

    def key(self) -> dict[str, object]:
        """What a run's store key holds of it: its floor and a digest of what it found."""
        return {"floor": self.floor, "digest": self.digest}

    def summary(self) -> dict[str, object]:
        """What a result says of it."""
        return {"file": self.source, "floor": self.floor, "hands_sure_of_its_floor_or_more": len(self.values),
                "digest": self.digest}  # fmt: skip


# A solver per table size and per thread: a cluster's worker may run chunks in threads side
# by side, and a solver's tables are its own. Each chunk starts from empty tables, so its
# values (what a budget leaves open included) do not depend on what ran before it on the worker.
_SOLVERS = threading.local()


ChunkDone = tuple[int, list[int], float, int]
"""A chunk solved: its index, its values, the processor time it took, and the revision of the
search that solved it (:data:`~napspec.lab.solver.SEARCH_REVISION` of the code
the worker runs, which on a cluster need not be this process's)."""


Job = tuple[int, int, tuple[Canonical, ...], bool, int | None, int, tuple[int | None, ...] | None, bool]
"""A chunk to solve: its index, the hands dealt, its hands, ``exact``, the budget, the floor,
what a sweep built on knows of each hand (:meth:`KnownAnswers.of`) or ``None``, and whether
it is a later pass's, whose hands are the hard ones: each opening lead is then first put to
the refuter (:mod:`~napspec.lab.refute`) and the leads left are searched best
first (:mod:`~napspec.lab.proof_number`)."""


def _chunk(job: Job) -> ChunkDone:
    index, hands_dealt, hands, exact, budget, floor, known, later = job
    solvers: dict[int, Solver] = _SOLVERS.__dict__.setdefault("by_table", {})
    solver = solvers.get(hands_dealt)
    if solver is None:
        solver = solvers[hands_dealt] = Solver(Table(hands_dealt))
    solver.clear()
    solver.limit(budget)
    solver.refuter = Refuter(solver.table) if later else None
    solver.proof_numbers = ProofNumberSearch(solver.search) if later else None
    started = time.process_time()
    values = [sweep_value(solver, cards_of(h), exact, floor, k) for h, k in zip(hands, known or [None] * len(hands))]
    return index, values, time.process_time() - started, SEARCH_REVISION


ChunkFuture = Future[ChunkDone]


class Knows(Protocol):
    """What is known of hands before they are asked (:class:`KnownAnswers`, :class:`OpenAnswers`)."""

    def of(self, hands: Sequence[Canonical]) -> tuple[int | None, ...]:
        """For each hand, its value, a code of what it is not sure of, or None: nothing known."""
        ...


def _known_of(known: Knows | None, hands: Sequence[Canonical]) -> tuple[int | None, ...] | None:
    return None if known is None else known.of(hands)


def _out_of_time(start: float, limit_seconds: float | None) -> bool:
    return limit_seconds is not None and time.monotonic() - start >= limit_seconds


def _collect(
    pending: set[ChunkFuture],
    keep: Callable[[set[ChunkFuture]], None],
    start: float,
    limit_seconds: float | None,
    report: Callable[[int, int], None] | None = None,
) -> bool:
    """Hand each chunk to ``keep`` as it ends, until all have or the time limit has passed
    (counted from ``start``); whether the limit stopped the run. The limit starts no more
    chunks, but those already running are let end and kept: a chunk of strong hands may be
    minutes of work that a rerun would repeat. Whatever is left is cancelled, on an error too.
    While no chunk ends, a :class:`Progress` ``report`` is woken at its interval (a chunk may be hours)."""
    stopped = False
    try:
        while pending and not stopped:
            timeout = None if limit_seconds is None else max(0.0, start + limit_seconds - time.monotonic())
            finished, pending = wait_reporting(pending, report, timeout, FIRST_COMPLETED)
            keep(finished)
            stopped = _out_of_time(start, limit_seconds) and bool(pending)
        if stopped:
            running = {future for future in pending if not future.cancel()}
            pending -= running
            while running:
                finished, running = wait_reporting(running, report)
                keep(finished)
    finally:
        for future in pending:
            future.cancel()
    return stopped


def _label(value: int) -> str:
    return LABELS.get(value, str(value))


ORDER = ["5", "below 5", "4", "3 or 4", "3", "2", "below 3", "1", "0 or 1", "0", "unresolved"]
"""The labels of a sweep's counts, in the order a reader expects them."""


def open_codes(floor: int) -> set[int]:
    """The codes of what a budget left open on a question a sweep of ``floor`` asks (not
    :data:`ZERO_OR_ONE` unless exact, nor what ``floor`` does not ask)."""
    return {UNRESOLVED, THREE_OR_FOUR} | ({BELOW_THREE} if floor == 2 else set())


def open_count(counts: Mapping[str, int], floor: int) -> int:
    """The hands a sweep down to ``floor`` left open on a question it asks, from its counts.

    >>> open_count({"3": 409, "below 3": 130, "3 or 4": 2, "unresolved": 1}, 2), open_count({"below 3": 130}, 3)
    (133, 0)
    """
    return sum(int(counts.get(LABELS[code], 0)) for code in open_codes(floor))


def sweep(
    hands_dealt: int = 4,
    jobs: int = 1,
    sample: int | None = None,
    seed: int = 0,
    exact: bool = False,
    store: Path | None = None,
    limit_seconds: float | None = None,
    budget: int | None = None,
    floor: int = 2,
    resolve_budget: int | Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    scheduler: str | None = None,
    chunk: int = CHUNK,
    known: KnownAnswers | None = None,
) -> dict[str, object]:
    """Solve every canonical hand (or a random ``sample`` of them) with ``hands_dealt``
    hands dealt from the full pack; the result as a JSON-ready summary. With ``store`` (a
    folder) each chunk of ``chunk`` hands is kept as it is done, and a later run of the same
    parameters skips the chunks kept; with ``limit_seconds`` the run starts no chunk after that
    long (the chunks then running end and are kept) and reports how far it got; with
    ``budget`` each question gets that many nodes of search, and what it leaves open is
    counted apart (:data:`LABELS`) and listed (``left_open``); with ``floor`` 3 only five,
    four and three are asked. With ``resolve_budget``, once every chunk is done, the hands the
    budget left open are asked again, chunk by chunk over the same processes or cluster, with
    that many nodes (:func:`_second_pass`, kept in the store too); given several budgets, each
    pass asks again what the one before it left open. With ``known`` (a complete stored sweep
    down to a higher floor) the questions it answered are not asked again: its values are
    taken, and only the questions below its floor are asked, of the hands not sure of it. The
    chunks run on ``jobs`` local processes, or on the Dask cluster at ``scheduler``
    (:func:`~napspec.lab.executors.executor`); ``progress`` is called with the
    hands done and the hands in all, first with those taken from the store (default: a
    :class:`~napspec.lab.progress.Progress` on standard error).

    Of the run's own figures, ``hands_found_in_store`` counts the hands of the chunks a store
    already held when the run began (done by earlier runs, not solved again), and
    ``first_pass_cpu_seconds`` the processor time the store's chunks took, summed over every
    run that made them (one core's time: what ran beside it on the machine does not count)."""
    hands = list(canonical_hands())
    if sample is not None:
        # the hands drawn, in the sweep's order (a draw of positions draws the same hands as a
        # draw of the hands themselves, without looking each one up again to order them)
        drawn = random.Random(seed).sample(range(len(hands)), min(sample, len(hands)))
        hands = [hands[i] for i in sorted(drawn)]
    chunks = [tuple(hands[i : i + chunk]) for i in range(0, len(hands), chunk)]
    key: dict[str, object] = {
        "hands_dealt": hands_dealt,
        "sample": sample,
        "seed": seed,
        "exact": exact,
        "budget": budget,
        "floor": floor,
        "chunk": chunk,
        "hands": len(hands),
    }
    if known is not None:
        # only a sweep built on something has this item: the keys of earlier stores stay as they were
        key["known"] = known.key()
    kept = ChunkStore(store, key) if store is not None else None
    done: dict[int, list[int]] = kept.done() if kept is not None else {}
    for index, values in done.items():
        if index >= len(chunks) or len(values) != len(chunks[index]):
            raise StoreError(f"{kept and kept.folder}: chunk {index} does not fit this sweep's {len(chunks)} chunks")
    found_in_store = sum(len(v) for v in done.values())
    todo: list[Job] = [(i, hands_dealt, chunks[i], exact, budget, floor, _known_of(known, chunks[i]), False)
                       for i in range(len(chunks)) if i not in done]  # fmt: skip
    report = progress if progress is not None else Progress("hands")
    report(found_in_store, len(hands))
    start = time.monotonic()
    solved = 0
    cpu_this_run = 0.0
    searched: set[int] = set()
    # A limit already passed starts nothing: --time-limit 0 reports what the store holds.
    stopped = _out_of_time(start, limit_seconds) and bool(todo)
    with executor(jobs, scheduler) as pool:
        pending: set[ChunkFuture] = set() if stopped else {pool.submit(_chunk, job) for job in todo}

        def keep(finished: set[ChunkFuture]) -> None:
            nonlocal solved, cpu_this_run
            for future in finished:
                index, values, took, revision = future.result()
                done[index] = values
                solved += len(values)
                cpu_this_run += took
                searched.add(revision)
                if kept is not None:
                    kept.put(index, values, took, revision)
                report(found_in_store + solved, len(hands))

        try:
            stopped = _collect(pending, keep, start, limit_seconds, report) or stopped
        finally:
            if isinstance(report, Progress):
                report.close()
    seconds = time.monotonic() - start
    first_counts = _tally(chunks, done, floor)[0]
    budgets = [resolve_budget] if isinstance(resolve_budget, int) else list(resolve_budget or ())
    passes: list[dict[str, object]] = []
    for number, nodes in enumerate(budgets):
        if stopped or len(done) != len(chunks):
            break
        # the first later pass keeps the key it always had; each further one names the passes before it
        pass_key = {**key, "resolve_budget": nodes} | ({"after": budgets[:number]} if number else {})
        # The default progress on a terminal goes on through the later passes, each its own line.
        shown = Progress(f"hands asked again with {nodes:,} nodes") if progress is None else None
        summary, stopped, _ = _second_pass(chunks, done, hands_dealt, exact, floor, nodes, pass_key, store, start,
                                           limit_seconds, jobs, scheduler, shown, known)  # fmt: skip
        passes.append(summary)
        seconds = time.monotonic() - start
    counts, deals, listed, left_open = _tally(chunks, done, floor)
    result: dict[str, object] = {
        "hands_dealt": hands_dealt,
        "pack": len(FULL_PACK),
        "hands": len(hands),
        "of_canonical_hands": len(canonical_hands()),
        "sample": sample,
        "seed": seed if sample is not None else None,
        "exact": exact,
        "budget_nodes": budget,
        "floor": floor,
        **({"known_from": known.summary()} if known is not None else {}),
        "solved": sum(len(v) for v in done.values()),
        "complete": len(done) == len(chunks),
        "stopped_by_time_limit": stopped,
        "jobs": jobs,
        "chunk": chunk,
        "seconds_this_run": round(seconds, 1),
        "solved_this_run": solved,
        "hands_found_in_store": found_in_store,
        "first_pass_cpu_seconds": _first_pass_seconds(kept, len(chunks), cpu_this_run, searched),
        "resolve_budget_nodes": _one_or_many(budgets),
        "resolved_by_second_pass": sum(cast(int, summary["decided"]) for summary in passes),
        "hands_per_second": round(solved / seconds, 1) if seconds and solved else None,
        "ms_per_hand_per_job": round(1000 * seconds * jobs / solved, 2) if solved else None,
        "counts": {label: counts[label] for label in ORDER if label in counts},
        "deals": {label: deals[label] for label in ORDER if label in deals},
    }
    if passes:
        result["first_pass"] = {"counts": {label: first_counts[label] for label in ORDER if label in first_counts}}
        result["second_pass"] = _one_or_many(passes)
    result["left_open"] = _by_value(left_open)
    result["sure_of_3_or_more"] = _by_value(listed)
    return result


def _one_or_many(items: Sequence[Any]) -> Any:
    """A result's form of a list that is usually of one item (the later passes, their budgets):
    None for none, the item for one, else the list; :func:`_many` reads it back.

    >>> _one_or_many([]), _one_or_many([7]), _one_or_many([7, 8]), _many(_one_or_many([7]))
    (None, 7, [7, 8], [7])
    """
    return None if not items else items[0] if len(items) == 1 else list(items)


def _many(value: Any) -> list[Any]:
    """The list a result's :func:`_one_or_many` stands for."""
    return list(value) if isinstance(value, list) else [] if value is None else [value]


def _by_value(listing: Mapping[str, str]) -> dict[str, str]:
    """A result's listing of hands, the highest value first, then the hands in reverse order."""
    return dict(sorted(listing.items(), key=lambda kv: (kv[1], kv[0]), reverse=True))


def _tally(
    chunks: Sequence[tuple[Canonical, ...]], done: dict[int, list[int]], floor: int
) -> tuple[Counter[str], Counter[str], dict[str, str], dict[str, str]]:
    """The canonical hands and the deals of each value, the hands sure of three or more, and
    the hands a question the sweep asks was left open on (with what is known of them)."""
    counts: Counter[str] = Counter()
    deals: Counter[str] = Counter()
    listed: dict[str, str] = {}
    left_open: dict[str, str] = {}
    unsettled = open_codes(floor)
    for index, values in done.items():
        for hand, value in zip(chunks[index], values):
            counts[_label(value)] += 1
            deals[_label(value)] += multiplicity(hand)
            if value >= 3 or value == THREE_OR_FOUR:
                listed[format_cards(cards_of(hand))] = _label(value)
            if value in unsettled:
                left_open[format_cards(cards_of(hand))] = _label(value)
    return counts, deals, listed, left_open


def _first_pass_seconds(
    kept: ChunkStore | None, chunks: int, this_run: float, searched: set[int]
) -> dict[str, float | int | list[int]]:
    """The processor time of the first pass's chunks: with a store, summed over every run that
    made them (``chunks_timed`` says how many chunks recorded theirs), else this run's; with
    the revisions of the search that solved them (``search``)."""
    if kept is None:
        return {"seconds": round(this_run, 1), "chunks_timed": chunks, "chunks": chunks, "search": sorted(searched)}
    seconds = kept.seconds()
    return {"seconds": round(sum(seconds.values()), 1), "chunks_timed": len(seconds), "chunks": chunks,
            "search": sorted(kept.searches(EARLIEST_REVISION))}  # fmt: skip


def _second_pass(
    chunks: Sequence[tuple[Canonical, ...]],
    done: dict[int, list[int]],
    hands_dealt: int,
    exact: bool,
    floor: int,
    resolve_budget: int,
    key: dict[str, object],
    store: Path | None,
    start: float,
    limit_seconds: float | None,
    jobs: int = 1,
    scheduler: str | None = None,
    report: Progress | None = None,
    known: Knows | None = None,
    skip: frozenset[Canonical] = frozenset(),
) -> tuple[dict[str, object], bool, set[Canonical]]:
    """Ask again, with ``resolve_budget`` nodes a question, the hands the pass before left open,
    a chunk's at a time, the chunks spread over ``jobs`` local processes or the cluster at
    ``scheduler`` as the first pass's are. A chunk's hands asked again are solved afresh, in
    their order, so the values do not depend on where they ran. With a store each chunk asked
    again is kept apart (under ``key``, the sweep's with this pass's budget added), so that a
    pass stopped halfway resumes too; the time limit starts no chunk after it passes, and the
    chunks then running end and are kept. ``done`` is updated in place; returns the pass's
    summary, whether the time limit stopped it and the hands it asked (those the store held
    too). ``report`` is told the hands asked again so far (those the store held first) and how
    many the pass asks in all. What ``known`` answers is not asked again here either, nor the
    hands of ``skip``."""
    unsettled = open_codes(floor)
    kept = ChunkStore(store, key) if store is not None else None
    again = kept.done() if kept is not None else {}
    seconds = sum(kept.seconds().values()) if kept is not None else 0.0
    places_of = {
        index: places
        for index, values in done.items()
        if (places := [p for p, value in enumerate(values) if value in unsettled and chunks[index][p] not in skip])
    }
    for index, resolved in again.items():
        if index not in places_of or len(resolved) != len(done[index]):
            raise StoreError(f"{kept and kept.folder}: chunk {index} of the second pass does not fit the first")
    todo = [index for index in sorted(places_of) if index not in again]
    total = sum(len(places) for places in places_of.values())
    asked_so_far = total - sum(len(places_of[index]) for index in todo)
    if report is not None:
        report(asked_so_far, total)
    stopped = _out_of_time(start, limit_seconds) and bool(todo)
    searched: set[int] = set()
    if todo and not stopped:
        with executor(jobs, scheduler) as pool:
            open_hands = {index: tuple(chunks[index][p] for p in places_of[index]) for index in todo}
            pending: set[ChunkFuture] = {
                pool.submit(_chunk, (index, hands_dealt, open_hands[index], exact, resolve_budget, floor,
                                     _known_of(known, open_hands[index]), True))
                for index in todo
            }  # fmt: skip

            def keep(finished: set[ChunkFuture]) -> None:
                nonlocal seconds, asked_so_far
                for future in finished:
                    index, values, took, revision = future.result()
                    searched.add(revision)
                    resolved = list(done[index])
                    for place, value in zip(places_of[index], values):
                        resolved[place] = value
                    again[index] = resolved
                    seconds += took
                    if kept is not None:
                        kept.put(index, resolved, took, revision)
                    asked_so_far += len(places_of[index])
                    if report is not None:
                        report(asked_so_far, total)

            try:
                stopped = _collect(pending, keep, start, limit_seconds, report) or stopped
            finally:
                if report is not None:
                    report.close()
    asked: set[Canonical] = set()
    decided = 0
    for index, places in places_of.items():
        if index not in again:
            continue
        asked.update(chunks[index][place] for place in places)
        decided += sum(again[index][place] not in unsettled for place in places)
        done[index] = again[index]
    summary: dict[str, object] = {
        "budget_nodes": resolve_budget,
        "asked_again": len(asked),
        "decided": decided,
        "cpu_seconds": round(seconds, 1),
        "complete": not stopped,
        "search": sorted(kept.searches(EARLIEST_REVISION) if kept is not None else searched),
    }
    return summary, stopped, asked


ASKED_WITH = "left_open_asked_with"
"""The field of a reopened sweep that names each hand it left open after asking it again, with
the most nodes it was asked with: reopened again, the file does not ask a hand again with as
many nodes or fewer, so that a pass stopped partway goes on from the file it wrote."""

REOPENED_CHUNK = 8
"""The hands of a chunk of a reopened sweep: they are the hard ones (a minute each, or more),
so a chunk is small enough for a time limit and a store to stop and resume it often."""


class OpenAnswers:
    """What a stored sweep knows of the hands it left open: a hand left "below 3" is not sure of
    three (:data:`BELOW_THREE`), so only two is asked of it again; of the others nothing is
    taken.

    >>> hand = canonical_hands()[-1]
    >>> OpenAnswers({hand: BELOW_THREE}).of([hand, canonical_hands()[0]])
    (-2, None)
    """

    def __init__(self, codes: Mapping[Canonical, int]) -> None:
        self.codes = codes

    def of(self, hands: Sequence[Canonical]) -> tuple[int | None, ...]:
        return tuple(BELOW_THREE if self.codes.get(hand) == BELOW_THREE else None for hand in hands)


def reopen(
    document: Mapping[str, Any],
    source: str,
    resolve_budget: Sequence[int],
    jobs: int = 1,
    store: Path | None = None,
    limit_seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    scheduler: str | None = None,
    chunk: int = REOPENED_CHUNK,
) -> dict[str, object]:
    """Ask again, with each budget of ``resolve_budget`` in turn, the hands a complete stored
    sweep (``document``, known as ``source``) left open, and return it with what they found:
    its counts and deals moved from each hand's old label to its new one, its ``left_open``
    and ``sure_of_3_or_more`` redone, each pass added to its ``second_pass``, and the file it
    was reopened from under ``reopened``. The passes are a sweep's later passes
    (:func:`_second_pass`): over ``jobs`` processes or the cluster at ``scheduler``, kept in
    ``store`` and resumed from it, stopped by ``limit_seconds``. What the stored sweep did not
    leave open is taken as it is, so a sweep whose store is gone need not run its first pass
    again. A hand the file names in :data:`ASKED_WITH` is not asked again with as many nodes as
    it was asked with there, or fewer; each hand asked and left open is named there with the
    most nodes it was asked with, so a pass stopped partway goes on from the file it wrote.
    Raises :class:`KnownAnswersError` (naming ``source``) for a document that is not a complete
    stored sweep of every hand."""

    def refuse(why: str) -> KnownAnswersError:
        return KnownAnswersError(f"{source}: {why}")

    try:
        hands_dealt, floor, exact = int(document["hands_dealt"]), int(document["floor"]), bool(document["exact"])
        counts = Counter({str(label): int(n) for label, n in dict(document["counts"]).items()})
        deals = Counter({str(label): int(n) for label, n in dict(document["deals"]).items()})
        left = {str(hand): str(label) for hand, label in dict(document["left_open"]).items()}
        listed = {str(hand): str(label) for hand, label in dict(document["sure_of_3_or_more"]).items()}
        complete, sample, total = document["complete"], document["sample"], int(document["hands"])
        earlier = document.get("second_pass")
        budgets = document.get("resolve_budget_nodes")
        asked_with = {str(hand): int(nodes) for hand, nodes in dict(document.get(ASKED_WITH) or {}).items()}
    except (KeyError, TypeError, ValueError) as error:
        raise refuse(f"not a stored sweep: {type(error).__name__} {error}") from error
    if sample is not None or total != len(canonical_hands()) or complete is not True:
        raise refuse("not a complete sweep of every hand")
    if not resolve_budget:
        raise refuse("no budget to ask its open hands again with")
    codes = {label: code for code, label in LABELS.items()}
    unsettled = open_codes(floor)
    by_name = {format_cards(cards_of(hand)): hand for hand in canonical_hands()}
    open_hands: dict[Canonical, int] = {}
    for name, label in left.items():
        if name not in by_name or codes.get(label) not in unsettled:
            raise refuse(f"its open hand {name!r} ({label!r}) is not a hand left open on a question it asks")
        open_hands[by_name[name]] = codes[label]
    if len(open_hands) != open_count(counts, floor):
        raise refuse(f"it lists {len(open_hands):,} hands open, and its counts say {open_count(counts, floor):,}")
    for name, nodes in asked_with.items():
        if name not in left or nodes < 1:
            raise refuse(f"its {ASKED_WITH} names {name!r} ({nodes}), not a hand it left open with a budget")
    names = {hand: name for name, hand in by_name.items() if hand in open_hands}
    ordered = [hand for hand in canonical_hands() if hand in open_hands]
    chunks = [tuple(ordered[i : i + chunk]) for i in range(0, len(ordered), chunk)]
    done = {index: [open_hands[hand] for hand in hands] for index, hands in enumerate(chunks)}
    text = json.dumps(sorted(left.items()), separators=(",", ":"))
    if asked_with:  # what is skipped is part of what is asked (a file without it keeps its digest)
        text += json.dumps(sorted(asked_with.items()), separators=(",", ":"))
    digest = hashlib.sha256(f"{hands_dealt}:{floor}:{text}".encode()).hexdigest()[:20]
    key: dict[str, object] = {"reopen": digest, "hands_dealt": hands_dealt, "floor": floor, "exact": exact,
                              "chunk": chunk}  # fmt: skip
    start = time.monotonic()
    passes: list[dict[str, object]] = []
    stopped = False
    for number, nodes in enumerate(resolve_budget):
        if stopped:
            break
        pass_key = {**key, "resolve_budget": nodes, "after": list(resolve_budget[:number])}
        shown = Progress(f"hands asked again with {nodes:,} nodes") if progress is None else None
        skip = frozenset(by_name[name] for name, asked in asked_with.items() if asked >= nodes)
        summary, stopped, asked_now = _second_pass(chunks, done, hands_dealt, exact, floor, nodes, pass_key, store,
                                                   start, limit_seconds, jobs, scheduler, shown,
                                                   OpenAnswers(open_hands), skip)  # fmt: skip
        passes.append(summary | ({"skipped": len(skip)} if skip else {}))
        for hand in asked_now:
            asked_with[names[hand]] = max(asked_with.get(names[hand], 0), nodes)
    for index, hands in enumerate(chunks):
        for hand, value in zip(hands, done[index]):
            old, new = _label(open_hands[hand]), _label(value)
            counts[old] -= 1
            counts[new] += 1
            deals[old] -= multiplicity(hand)
            deals[new] += multiplicity(hand)
            name = names[hand]
            left.pop(name)
            listed.pop(name, None)
            if value in unsettled:
                left[name] = new
            else:
                asked_with.pop(name, None)
            if value >= 3 or value == THREE_OR_FOUR:
                listed[name] = new
    all_budgets = [*_many(budgets), *resolve_budget]
    all_passes = [*_many(earlier), *passes]
    result = dict(document)
    result.update({
        "resolve_budget_nodes": _one_or_many(all_budgets),
        "resolved_by_second_pass": sum(int(p["decided"]) for p in all_passes),
        "counts": {label: counts[label] for label in ORDER if counts[label]},
        "deals": {label: deals[label] for label in ORDER if deals[label]},
        "second_pass": _one_or_many(all_passes),
        "stopped_by_time_limit": stopped,
        "reopened": [*list(document.get("reopened") or []), {"file": source, "hands": len(ordered), "digest": digest,
                     "chunk": chunk, "seconds_this_run": round(time.monotonic() - start, 1)}],
        "left_open": _by_value(left),
        "sure_of_3_or_more": _by_value(listed),
        ASKED_WITH: dict(sorted(asked_with.items(), key=lambda kv: (-kv[1], kv[0]))),
    })  # fmt: skip
    if "first_pass" not in result:
        result["first_pass"] = {"counts": dict(document["counts"])}
    return result
