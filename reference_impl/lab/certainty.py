"""The certainty claims: which hands are sure of how many tricks, judged from the stored
sweeps of every hand (:mod:`~napspec.lab.sweep`) and by the exact solver
(:mod:`~napspec.lab.solver`), at each table size a reading names.

The stored sweeps are kept in the repository beside the lab (``reference_impl/lab/results/``),
not in the wheel: they are read from the checkout, or from the folder :func:`using_results`
names (``napspec-lab claims --results DIR``).

A reading's ``hands-dealt`` is one number or a list; each size is judged from its own sweep
(:func:`by_table_size`), and a size with no complete sweep is "not yet settled" there, never
counted as settled.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

from napspec.lab.claims import MissingSweep, _fraction, check, hands_dealt
from napspec.lab.solver import EARLIEST_REVISION, SEARCH_REVISIONS
from napspec.lab.sweep import open_count
from napspec.reference.cards import RANKS, format_cards
from napspec.reference.rules import FULL_PACK_CARDS, Rules
from napspec.spec.claims import Claim, Reading

# ------------------------------------------------------------------------------- certainty

CHECKOUT_RESULTS = Path(__file__).resolve().parent / "results"
"""The stored sweeps in a checkout: the folder beside the lab's modules (not in the wheel)."""

_RESULTS: ContextVar[Path] = ContextVar("napspec_lab_results", default=CHECKOUT_RESULTS)


@contextmanager
def using_results(folder: Path | None) -> Iterator[None]:
    """Read the stored sweeps from ``folder`` inside (``None``: the checkout's)."""
    token = _RESULTS.set(folder if folder is not None else CHECKOUT_RESULTS)
    try:
        yield
    finally:
        _RESULTS.reset(token)


def results_folder() -> Path:
    """The folder the stored sweeps are read from; :class:`MissingSweep` naming it and where
    they are kept when it is no folder (an installed wheel, which leaves them out)."""
    folder = _RESULTS.get()
    if not folder.is_dir():
        raise MissingSweep(
            f"no folder of stored sweeps at {folder}: they are kept in the repository "
            "(reference_impl/lab/results/), not in the wheel; run from a checkout, or give --results DIR"
        )
    return folder


def stored_sweeps(hands_dealt: int) -> list[tuple[str, dict[str, Any]]]:
    """The complete sweeps of every hand stored at ``hands_dealt``, by file name: the one
    down to two (``sweep-N.json``) first, then those down to K (``sweep-N-floorK.json``)."""
    folder = results_folder()
    paths = sorted(folder.glob(f"sweep-{hands_dealt}.json")) + sorted(folder.glob(f"sweep-{hands_dealt}-floor*.json"))
    documents = [(path.name, json.loads(path.read_text(encoding="utf-8"))) for path in paths]
    return [
        (name, document) for name, document in documents if document.get("complete") and document.get("sample") is None
    ]


def sweep_result(hands_dealt: int, floor: int) -> dict[str, Any]:
    """The stored sweep of every hand up to the symmetry of the suits at ``hands_dealt`` that
    asks down to ``floor`` tricks or lower and leaves the fewest hands open on ``floor``
    (``napspec-lab sweep``; ``results/sweep-N.json`` asks down to two,
    ``sweep-N-floorK.json`` down to K)."""
    make = f"napspec-lab sweep --hands-dealt {hands_dealt} --floor {min(floor, 3)}"
    found = [document for _name, document in stored_sweeps(hands_dealt) if int(document["floor"]) <= max(floor, 2)]
    if not found:
        raise MissingSweep(
            f"no complete sweep of every hand at {hands_dealt} hands dealt down to {floor} tricks: run {make}"
        )
    return min(found, key=lambda document: (_open(document, floor), int(document["floor"])))


#: For each label of what a sweep's budget left open, the values the hand may have.
OPEN_LABELS = {
    "unresolved": range(6),
    "3 or 4": range(3, 5),
    "below 3": range(3),
    "0 or 1": range(2),
    "below 5": range(5),
}


def _open(document: Mapping[str, Any], tricks: int) -> int:
    """The canonical hands the sweep left open on whether they are sure of ``tricks``: those
    whose possible values lie both below it and at or above it."""
    return sum(
        int(count)
        for label, count in document["counts"].items()
        if label in OPEN_LABELS and min(OPEN_LABELS[label]) < tricks <= max(OPEN_LABELS[label])
    )


def _sure(hands_dealt: int, tricks: int) -> tuple[dict[str, int], int | None, int]:
    """The canonical hands listed sure of ``tricks`` or more, with the tricks each is sure of
    (the sweeps list those sure of three or more), how many canonical hands are sure of
    ``tricks`` or more in all (``None`` if the sweep did not ask), and how many it left open."""
    try:
        document = sweep_result(hands_dealt, tricks)
    except MissingSweep:
        if tricks >= 3:
            raise
        document = sweep_result(hands_dealt, 3)
    listed = {
        hand: int(value)
        for hand, value in document["sure_of_3_or_more"].items()
        if value.isdigit() and int(value) >= tricks
    }
    asked = int(document["floor"]) <= tricks
    return listed, _sure_of_at_least(document["counts"], tricks) if asked else None, _open(document, tricks)


def _holds_one_of(hand: str, holdings: Sequence[str]) -> bool:
    """Whether ``hand`` ("AS KS QS 2H 2D") holds every rank of one of ``holdings`` ("AKQ") in one suit."""
    by_suit: dict[str, set[str]] = {}
    for code in hand.split():
        by_suit.setdefault(code[1], set()).add(code[0])
    return any(set(holding) <= ranks for holding in holdings for ranks in by_suit.values())


def table_sizes(given: Mapping[str, Any]) -> list[int]:
    """The numbers of hands dealt a certainty reading is judged at: ``hands-dealt``, one
    number or a list.

    >>> table_sizes({"hands-dealt": 4}), table_sizes({"hands-dealt": [2, 3, 4, 5]})
    ([4], [2, 3, 4, 5])
    """
    sizes = given["hands-dealt"]
    return [int(sizes)] if isinstance(sizes, int) else [int(size) for size in sizes]


def game_table_sizes(profile: str) -> list[int]:
    """The numbers of hands a profile's game deals: one for each table size its players allow,
    less the dealer where he sits out.

    >>> game_table_sizes("peel"), game_table_sizes("hoyle"), game_table_sizes("wikipedia")
    ([2, 3, 4, 5], [2, 3, 4, 5, 6], [3, 4, 5, 7])
    """
    rules = Rules.profile(profile)
    return sorted({hands_dealt(rules, players) for players in range(rules.players_min, rules.players_max + 1)})


TRICK_COUNTS = ("5", "4", "3", "2")
"""The numbers of tricks a sweep asks of every hand, in the order it asks them down to its floor."""


def _asks(document: Mapping[str, Any], tricks: int) -> bool:
    """Whether a sweep asked every hand if it is sure of ``tricks`` (floor 5 asks five only; a
    sweep built on another asks none of the questions it took from that one).

    >>> _asks({"floor": 2}, 3), _asks({"floor": 2, "known_from": {"file": "sweep-7-floor3.json", "floor": 3}}, 3)
    (True, False)
    """
    floor = int(document["floor"])
    known = document.get("known_from")
    if isinstance(known, Mapping) and tricks >= int(known["floor"]):
        return False
    return tricks == 5 or (floor <= tricks and floor < 5)


def _sure_of_at_least(table: Mapping[str, int], tricks: int) -> int:
    """Of a sweep's counts (of hands or of deals), those known sure of ``tricks`` or more."""
    known = sum(int(n) for label, n in table.items() if label.isdigit() and int(label) >= tricks)
    return known + (int(table.get("3 or 4", 0)) if tricks <= 3 else 0)


def sweep_run(document: Mapping[str, Any], name: str) -> dict[str, Any]:
    """One stored sweep as a run: its file, how far down it asks, how many hands it left open
    on a question it asks, the time its passes took on one core (the first pass's with the
    share of its hands that time covers, then each later pass's, and whether it was stopped;
    ``None`` where the file did not record it), the revisions of the search that ran each pass,
    with their meaning, and the sweep it was built on (``known_from``), if any.

    >>> name, document = next(item for item in stored_sweeps(5) if item[0] == "sweep-5-floor3.json")
    >>> run = sweep_run(document, name)
    >>> run["floor"], run["open"], run["seconds"]["later_passes"], run["search"]["later_passes"]
    (3, 0, [321.0, 77.4], [[1], [1]])

    A later pass stopped before it had finished a chunk asked nothing, and is not a pass of it:

    >>> stopped = {"budget_nodes": 3000000, "asked_again": 0, "decided": 0, "cpu_seconds": 0, "complete": False}
    >>> sweep_run(dict(document, second_pass=[*document["second_pass"], stopped]), name)["seconds"]["later_passes"]
    [321.0, 77.4]

    One stopped after it had asked some is a pass, and said to have stopped:

    >>> partly = dict(stopped, asked_again=194, decided=38, cpu_seconds=2179.2)
    >>> seconds = sweep_run(dict(document, second_pass=[*document["second_pass"], partly]), name)["seconds"]
    >>> seconds["later_passes"], seconds["later_passes_stopped"]
    ([321.0, 77.4, 2179.2], [False, False, True])
    """
    floor = int(document["floor"])
    first = document.get("first_pass_cpu_seconds")
    later = document.get("second_pass")
    passes = later if isinstance(later, list) else [later] if isinstance(later, dict) else []
    # a pass stopped before it had finished a chunk asked nothing: no time, no search to show
    passes = [item for item in passes if item.get("asked_again", 1)]
    first_seconds: float | None = None
    share = 0.0
    if isinstance(first, Mapping):
        first_seconds, share = float(first["seconds"]), int(first["chunks_timed"]) / int(first["chunks"])
    else:
        # Files made before the processor time was kept give the run's wall-clock time, of the
        # hands the run solved itself (one process); a run that read its first pass back from
        # the store gives it under "first_pass".
        run = document["first_pass"] if isinstance(document.get("first_pass"), Mapping) else document
        if "seconds_this_run" in run and document.get("jobs") == 1:
            solved = int(document.get("solved_this_run") or 0) if run is document else int(document["hands"])
            first_seconds, share = float(run["seconds_this_run"]), solved / int(document["hands"])
    revisions = [_revisions(part) for part in [first, *passes]]
    known = document.get("known_from")
    return {
        "file": name,
        "floor": floor,
        # a sweep built on another took the answers of that one's questions from it
        "known_from": {"file": str(known["file"]), "floor": int(known["floor"])}
        if isinstance(known, Mapping)
        else None,
        "open": open_count(document["counts"], floor),
        "seconds": {
            "first_pass": first_seconds,
            "first_pass_share_timed": round(share, 3),
            # older files call a later pass's time "seconds"
            "later_passes": [_seconds(item.get("cpu_seconds", item.get("seconds"))) for item in passes],
            # a pass stopped before it had asked every hand it was to (older files: all finished)
            "later_passes_stopped": [item.get("complete") is False for item in passes],
        },
        # the revisions of the search each pass ran (files made before they were kept: the first)
        "search": {
            "first_pass": revisions[0],
            "later_passes": revisions[1:],
            "meaning": {str(n): SEARCH_REVISIONS[n] for n in sorted({n for used in revisions for n in used})},
        },
    }


def _revisions(part: object) -> list[int]:
    found = part.get("search") if isinstance(part, Mapping) else None
    return [int(n) for n in found] if isinstance(found, list) and found else [EARLIEST_REVISION]


def _seconds(value: Any) -> float | None:
    return None if value is None else float(value)


def sweeps_overview(profiles: Sequence[str]) -> dict[str, Any]:
    """Every table size a game of ``profiles`` deals: the games that deal it, the stored sweeps
    of every hand made there (``runs``), and for each number of tricks the hands sure of it or
    more (up to the suits' names, and of the pack) from the sweep that leaves fewest open on it,
    with how many it leaves open (``tricks``; a number no complete sweep asked is absent). A size
    without a sweep has none of either: a gap, shown as one.

    >>> overview = sweeps_overview(["peel"])
    >>> sorted(overview), overview["4"]["tricks"]["3"]
    (['2', '3', '4', '5'], {'hands': 435, 'deals': 5380, 'open': 0, 'file': 'sweep-4.json'})
    """
    games = {profile: game_table_sizes(profile) for profile in profiles}
    sizes: dict[str, Any] = {}
    for size in sorted({size for dealt in games.values() for size in dealt}):
        stored = stored_sweeps(size)
        tricks: dict[str, Any] = {}
        for count in TRICK_COUNTS:
            asking = [(name, doc) for name, doc in stored if _asks(doc, int(count))]
            if not asking:
                continue
            name, best = min(asking, key=lambda item: (_open(item[1], int(count)), int(item[1]["floor"])))
            tricks[count] = {
                "hands": _sure_of_at_least(best["counts"], int(count)),
                "deals": _sure_of_at_least(best["deals"], int(count)),
                "open": _open(best, int(count)),
                "file": name,
            }
        sizes[str(size)] = {
            "games": [p for p in profiles if size in games[p]],
            "tricks": tricks,
            "runs": [sweep_run(document, name) for name, document in stored],
        }
    return sizes


#: What a finding at one table size is called in the evidence (and on the rulebook's page).
SIZE_FINDINGS = {True: "holds", False: "does not hold", None: "left open"}
NOT_SETTLED = "not yet settled"

SizeCheck = Callable[[int], tuple[bool | None, str, dict[str, Any]]]


def by_table_size(sizes: Sequence[int], judge_at: SizeCheck) -> tuple[bool | None, str, dict[str, Any]]:
    """A certainty reading judged at each table size of ``sizes`` by ``judge_at`` (its finding,
    sentence and evidence there). It fails if it fails at one size; it holds only if it holds
    at every size; a size with no complete sweep is "not yet settled" there, and the reading is
    then undetermined unless it fails elsewhere. The evidence keeps each size's apart, under
    ``tables``, with its ``finding``."""
    tables: dict[str, Any] = {}
    parts: list[str] = []
    results: list[bool | None] = []
    for size in sizes:
        try:
            holds, sentence, evidence = judge_at(size)
        except MissingSweep as missing:
            results.append(None)
            tables[str(size)] = {"finding": NOT_SETTLED, "why": str(missing)}
            parts.append(f"{NOT_SETTLED} at {size} hands dealt (no complete sweep of every hand)")
            continue
        results.append(holds)
        tables[str(size)] = {"finding": SIZE_FINDINGS[holds], **evidence}
        parts.append(sentence)
    overall: bool | None = False if False in results else (True if all(r is True for r in results) else None)
    return overall, "; ".join(parts), {"tables": tables}


@check("sure-of-exactly")
def _sure_of_exactly(claim: Claim, reading: Reading) -> tuple[bool | None, str, dict[str, Any]]:
    given = reading.given
    tricks = int(given["tricks"])

    def at(hands_dealt: int) -> tuple[bool | None, str, dict[str, Any]]:
        sure, _total, left_open = _sure(hands_dealt, max(tricks, 3))
        matching = sorted(hand for hand in sure if _holds_one_of(hand, given["holdings"]))
        others = sorted(hand for hand in sure if hand not in matching)
        holds: bool | None = False if others or not matching else (None if left_open else True)
        sentence = f"at {hands_dealt} hands dealt, {', '.join(sorted(sure)) or 'none'}" + (
            f" ({left_open} hands left open by the search)" if left_open else ""
        )
        return holds, sentence, {"sure": sorted(sure), "others": others, "open": left_open}

    holds, summary, evidence = by_table_size(table_sizes(given), at)
    return holds, f"the hands, up to the suits' names, sure of {tricks} tricks: " + summary, evidence


@check("sure-of-only-with")
def _sure_of_only_with(claim: Claim, reading: Reading) -> tuple[bool | None, str, dict[str, Any]]:
    given = reading.given
    tricks = int(given["tricks"])

    def at(hands_dealt: int) -> tuple[bool | None, str, dict[str, Any]]:
        listed, total, left_open = _sure(hands_dealt, tricks)
        lacking = {hand: value for hand, value in listed.items() if not _holds_one_of(hand, given["holdings"])}
        complete = tricks >= 3 and total is not None
        holds: bool | None = False if lacking else (None if left_open or not complete else True)
        shown = sorted(lacking, key=lambda hand: (-lacking[hand], hand))[:12]
        counted = (
            f"{total:,} hands, up to the suits' names, are sure of {tricks} tricks or more" if total is not None else ""
        )
        among = (
            f"{len(listed)} are sure of {tricks} or more"
            if tricks >= 3
            else f"of the {len(listed)} sure of three or more (so of {tricks})"
        )
        sentence = (
            f"with {hands_dealt} hands dealt, {counted + '; ' if counted and tricks < 3 else ''}"
            f"{among if tricks < 3 else counted}, "
            f"{len(lacking)} hold none of {', '.join(given['holdings'])} in one suit"
            + (f", such as {', '.join(f'{hand} (sure of {lacking[hand]})' for hand in shown[:4])}" if lacking else "")
            + (
                f" ({left_open:,} hands left open by the search)"
                if left_open and total is not None
                else f" ({left_open:,} hands below three not asked of {tricks}: the sweep asks down to three)"
                if left_open
                else ""
            )
        )
        evidence = {"sure": total, "listed": len(listed), "lacking": len(lacking), "open": left_open}
        return holds, sentence, {**evidence, "examples": {hand: lacking[hand] for hand in shown}}

    return by_table_size(table_sizes(given), at)


def _up_to_other_suits(rest: Sequence[int], count: int) -> Iterator[tuple[int, ...]]:
    """Every ``count`` cards of ``rest``, once for each way of renaming clubs, diamonds and
    hearts (the suits other than the combination's spades, which are interchangeable)."""
    seen: set[tuple[Any, ...]] = set()
    for others in combinations(rest, count):
        spades = tuple(sorted(card % 13 for card in others if card // 13 == 3))
        plain = tuple(sorted(tuple(sorted(card % 13 for card in others if card // 13 == suit)) for suit in range(3)))
        if (spades, plain) not in seen:
            seen.add((spades, plain))
            yield others


@check("combination-sure-of")
def _combination_sure_of(claim: Claim, reading: Reading) -> tuple[bool | None, str, dict[str, Any]]:
    """Each set of ``size`` cards of one suit tried with its weakest other cards first (the
    lowest of the other suits), which refutes all but the strongest at once; a set that
    survives is tried with every other cards the pack can give, each asked of the solver."""
    from napspec.lab.solver import Solver, Table

    given = reading.given
    tricks, size = int(given["tricks"]), int(given["size"])
    spades = 3 * 13

    def at(hands_dealt: int) -> tuple[bool | None, str, dict[str, Any]]:
        solver = Solver(Table(hands_dealt))

        def sure(cards: Sequence[int]) -> bool:
            try:
                return solver.can_win(cards, tricks)
            finally:
                solver.trim()  # the hands of one set share many states

        weakest = [0, 13, 26, 1, 14, 27][: 5 - size]  # twos, then threes, of the other suits
        certain: list[str] = []
        refuted: dict[str, str] = {}
        for combo in combinations(range(12, -1, -1), size):
            name = "".join(RANKS[rank] for rank in combo)
            cards = [spades + rank for rank in combo]
            if not sure(cards + weakest):
                refuted[name] = format_cards(cards + weakest)
                continue
            rest = [card for card in range(FULL_PACK_CARDS) if card not in cards]
            beaten = next(
                (others for others in _up_to_other_suits(rest, 5 - size) if not sure(cards + list(others))), None
            )
            if beaten is None:
                certain.append(name)
            else:
                refuted[name] = format_cards(cards + list(beaten))
        holds = sorted(certain) == sorted(given["holdings"])
        sentence = (
            f"with {hands_dealt} hands dealt, of the {len(certain) + len(refuted)} sets of {size} cards of one suit, "
            + (
                f"{', '.join(certain)} {'is' if len(certain) == 1 else 'are'} sure of {tricks} tricks "
                f"whatever the other {5 - size} cards; every other set falls short with some other cards"
                if certain
                else f"none is sure of {tricks} tricks whatever the other cards"
            )
        )
        return holds, sentence, {"certain": certain, "refuted-by": dict(list(refuted.items())[:6])}

    return by_table_size(table_sizes(given), at)


@check("chance-sure-of")
def _chance_sure_of(claim: Claim, reading: Reading) -> tuple[bool | None, str, dict[str, Any]]:
    given = reading.given
    tricks = int(given["tricks"])
    below = _fraction(given["below"])

    def at(hands_dealt: int) -> tuple[bool | None, str, dict[str, Any]]:
        document = sweep_result(hands_dealt, max(tricks, 3))
        left_open = _open(document, tricks)
        deals = _sure_of_at_least(document["deals"], tricks)
        chance = Fraction(deals, comb(FULL_PACK_CARDS, 5))
        sentence = (
            f"with {hands_dealt} hands dealt, {deals} of the {comb(FULL_PACK_CARDS, 5):,} hands of five cards are sure "
            f"of {tricks} tricks: a chance of {chance} (about one in {round(1 / chance):,}), "
            f"{'below' if chance < below else 'not below'} {below}"
            + (f" ({left_open:,} hands left open by the search)" if left_open else "")
        )
        holds: bool | None = chance < below if not left_open else None
        return holds, sentence, {"deals": deals, "chance": str(chance), "open": left_open}

    return by_table_size(table_sizes(given), at)


__all__ = [
    "CHECKOUT_RESULTS",
    "OPEN_LABELS",
    "MissingSweep",
    "by_table_size",
    "results_folder",
    "stored_sweeps",
    "sweep_result",
    "sweep_run",
    "sweeps_overview",
    "table_sizes",
    "using_results",
]
