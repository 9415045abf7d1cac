"""How a simulated check draws its samples: as many deals as its question needs.

A simulated check (kind ``simulation`` in ``spec/claims.toml``) is two halves: a *plan*, the
seeded samples (:class:`~napspec.lab.simulate.Experiment` s) a reading needs, and
a *judgement* of their rows, which says which intervals its verdict rests on (its evidence's
``deciding`` figures). Each reading states the effect that would matter (its smallest
interesting difference, in its own unit) and a cap (:class:`~napspec.spec.claims.Sample`).

The stopping rule: the samples are drawn together, and judged at fixed looks (every
:data:`LOOK` deals, and at the cap); the drawing stops at the first look at which every deciding
interval is narrower than the effect, or at the cap. Narrower than the effect, an interval
cannot hold both the line and a difference that would matter: it either lies on one side (the
reading holds or fails) or lies within the effect of the line (no effect that would matter, the
finding "too small to matter"). At the cap with an interval still wider, the finding is "not
shown", with the interval. The rule looks at the intervals' widths, never at their side, so
looking more than once does not lean the verdict either way.

Every deal is seeded by its number, and the looks are fixed deal counts: the same seed gives the
same rows, the same stopping point and the same finding whatever the chunks, the processes or
the cluster (a sample drawn to a look is extended, never redrawn).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import partial
from typing import Any

from napspec.lab.intervals import Estimate
from napspec.lab.simulate import Agent, Experiment, run
from napspec.reference.rules import Rules
from napspec.spec.claims import Claim, Finding, Reading, Sample

Rows = list[tuple[float, ...]]
Plan = Callable[[Claim, Reading], dict[str, Experiment]]
Judgement = Callable[[Claim, Reading, Mapping[str, Rows]], tuple[bool | None, str, dict[str, Any]]]

#: The plan of every simulated check, by the check's name.
PLANS: dict[str, Plan] = {}

#: The judgement of every simulated check, by the check's name.
JUDGEMENTS: dict[str, Judgement] = {}

#: Deals in a chunk of a sample: the unit the tests rerun.
CHUNK = 200

#: Deals between two looks of the stopping rule.
LOOK = 500

PLAIN = Agent()
NO_SKILL = Agent(name="no skill", random_choices=True)

_WORKERS: ContextVar[int | None] = ContextVar("napspec_sample_workers", default=None)


@contextmanager
def using_workers(workers: int | None) -> Iterator[None]:
    """Draw every sample inside on ``workers`` local processes (1: in this process alone;
    ``None``: the cores), unless a cluster is in use."""
    token = _WORKERS.set(workers)
    try:
        yield
    finally:
        _WORKERS.reset(token)


def looks(cap: int, step: int = LOOK) -> list[int]:
    """The deal counts at which a sample of at most ``cap`` deals is judged.

    >>> looks(1200)
    [500, 1000, 1200]
    >>> looks(300)
    [300]
    """
    return [*range(step, cap, step), cap]


@dataclass(frozen=True)
class Drawn:
    """A reading's samples as drawn: the rows of each, the deals drawn (each sample the same),
    why the drawing stopped (``"narrow"``: every deciding interval narrower than the effect;
    ``"cap"``), and the judgement of the rows."""

    results: Mapping[str, Rows]
    deals: int
    stopped: str
    holds: bool | None
    summary: str
    evidence: dict[str, Any]


def widths(evidence: Mapping[str, Any]) -> dict[str, float]:
    """The width of each deciding interval of a judgement's ``evidence``; none where an interval
    has no width over more than one case (every case came out alike: it shows nothing yet).

    >>> widths({"deciding": {"a": {"low": 0.25, "high": 0.5, "n": 9}, "b": {"low": -1, "high": -1, "n": 9}}})
    {'a': 0.25}
    """
    return {
        name: float(found["high"]) - float(found["low"])
        for name, found in evidence.get("deciding", {}).items()
        if found["high"] > found["low"] or found["n"] <= 1
    }


def draw_until_narrow(
    experiments: Mapping[str, Experiment],
    judge: Callable[[Mapping[str, Rows]], tuple[bool | None, str, dict[str, Any]]],
    sample: Sample,
    step: int = LOOK,
) -> Drawn:
    """Draw ``experiments`` together, look by look (every ``step`` deals), until every deciding
    interval of ``judge``'s evidence is narrower than ``sample.effect`` or ``sample.cap`` deals
    are drawn."""
    drawn: dict[str, Rows] = {}
    holds: bool | None = None
    summary, evidence = "", dict[str, Any]()
    for deals in looks(sample.cap, step):
        drawn = {key: draw(experiment, deals) for key, experiment in experiments.items()}
        holds, summary, evidence = judge(drawn)
        found = widths(evidence)
        # A judgement with an interval not formed yet (no case, or every case alike) draws on.
        formed = bool(found) and len(found) == len(evidence["deciding"])
        if formed and all(width < sample.effect for width in found.values()):
            return Drawn(drawn, deals, "narrow", holds, summary, evidence)
    return Drawn(drawn, sample.cap, "cap", holds, summary, evidence)


def stopping_words(sample: Sample, drawn: Drawn) -> tuple[bool | None, str]:
    """The finding and its sentence once the drawing has stopped: the judgement's, when every
    deciding interval is narrower than the effect and one side is shown; "too small to matter"
    when narrower but straddling; "not shown" at the cap.

    >>> rule = Sample(0.1, "stakes a hand", "why", 1000)
    >>> gain = {"gain": {"low": 0.05, "high": 0.3, "n": 1000}}
    >>> holds, words = stopping_words(rule, Drawn({}, 1000, "cap", True, "It gains.", {"deciding": gain}))
    >>> holds, words[:59]
    (None, 'not shown: the effect looked for is 0.1 stakes a hand (why)')
    >>> words[61:]
    'at the cap of 1000 deals the interval of gain is 0.05 to 0.3 (n = 1000), wider than that. It gains.'
    """
    looked_for = f"{_number(sample.effect)} {sample.unit} ({sample.reason})"
    deciding = drawn.evidence.get("deciding", {})
    if drawn.stopped == "cap":
        formed = widths(drawn.evidence)
        wide = {name: found for name, found in deciding.items() if formed.get(name, sample.effect) >= sample.effect}
        intervals = "; ".join(
            f"the interval of {name} is {_number(found['low'])} to {_number(found['high'])} (n = {found['n']})"
            for name, found in wide.items()
            if name in formed
        )
        found = (
            f"{intervals}, wider than that"
            if intervals
            else "no interval could be formed (no case, or every case alike)"
        )
        return (
            None,
            f"not shown: the effect looked for is {looked_for}; at the cap of {drawn.deals} deals {found}. "
            + drawn.summary,
        )
    if drawn.holds is None:
        return (
            None,
            f"too small to matter: every interval the verdict rests on is narrower than the effect looked for, "
            f"{looked_for}, and one at least straddles the line: no such effect there ({drawn.deals} deals). "
            + drawn.summary,
        )
    return (
        drawn.holds,
        f"{drawn.summary}; every interval the verdict rests on is narrower than the effect looked for, {looked_for} "
        f"({drawn.deals} deals)",
    )


def _number(value: float) -> str:
    return f"{value:.4g}"


def simulated(name: str, plan: Plan) -> Callable[[Judgement], Judgement]:
    """Register the decorated judgement, with ``plan``, as the check called ``name``: its
    samples drawn by the stopping rule of the reading's :class:`~napspec.spec.claims.Sample`."""

    def register(judgement: Judgement) -> Judgement:
        PLANS[name] = plan
        JUDGEMENTS[name] = judgement

        def checked(claim: Claim, reading: Reading) -> tuple[bool | None, str, dict[str, Any]]:
            if reading.sample is None:
                raise ValueError(f"claim {claim.id!r}, reading {reading.id!r} states no effect and cap for its sample")
            sample = reading.sample
            experiments = plan(claim, reading)
            drawn = draw_until_narrow(experiments, partial(judgement, claim, reading), sample)
            holds, summary = stopping_words(sample, drawn)
            stopping = {**sample.as_data(), "deals": drawn.deals, "stopped": drawn.stopped}
            samples = {
                key: sample_record(experiment, drawn.results[key], drawn.deals)
                for key, experiment in experiments.items()
            }
            return holds, summary, {**drawn.evidence, "stopping": stopping, "samples": samples}

        from napspec.lab.claims import check  # the checks' registry, which loads this module

        check(name)(checked)
        return judgement

    return register


#: The rows of the samples drawn in this process, by what defines a sample: readings of one claim
#: that judge the same sample share its deals, and a sample drawn further is extended.
_DRAWN: dict[str, Rows] = {}


def draw(experiment: Experiment, deals: int) -> Rows:
    """The rows of the first ``deals`` deals of ``experiment``'s sample, extending what was
    drawn of it before."""
    key = sample_key(experiment)
    rows = _DRAWN.setdefault(key, [])
    if len(rows) < deals:
        more = Experiment(experiment.measure, deals, experiment.seed, experiment.chunk, first=len(rows))
        rows.extend(run(more, workers=_WORKERS.get()))
    return rows[:deals]


def sample_key(experiment: Experiment) -> str:
    """What defines a sample: its measure with its arguments, and its seed (its deals are
    numbered, so a sample drawn further is the same sample).

    >>> from napspec.reference.rules import Rules
    >>> from napspec.lab.simulated import seat_winnings
    >>> reading = Reading("r", "", "c", {"seed": 1}, sample=Sample(0.1, "stakes", "r", 10))
    >>> one = experiment(seat_winnings, reading, rules=Rules.profile("peel"), players=4)
    >>> sample_key(one) == sample_key(experiment(seat_winnings, reading, rules=Rules.profile("peel"), players=4))
    True
    >>> sample_key(one) == sample_key(experiment(seat_winnings, reading, rules=Rules.profile("peel"), players=5))
    False
    """
    measure = experiment.measure
    assert isinstance(measure, partial)
    arguments = sorted((name, repr(value)) for name, value in measure.keywords.items())
    return repr((measure.func.__name__, arguments, experiment.seed))


def sample_record(experiment: Experiment, rows: Rows, deals: int) -> dict[str, Any]:
    """What the evidence keeps of a sample: the deals drawn, its seed, and the column sums of
    its first chunk (for the tests' rerun)."""
    return {
        "hands": deals,
        "seed": experiment.seed,
        "chunk": experiment.chunk,
        "first-chunk": column_sums(rows[: experiment.chunk]),
    }


def column_sums(rows: Rows) -> list[float]:
    """The sum of each column of ``rows`` (rounded, so that the record is stable), and the
    number of rows last."""
    width = max((len(row) for row in rows), default=0)
    sums = [round(sum(row[i] for row in rows if len(row) > i), 6) for i in range(width)]
    return [*sums, len(rows)]


def first_chunk(experiment: Experiment) -> Rows:
    """The rows of the first chunk of ``experiment``, computed in this process."""
    size = min(experiment.chunk, experiment.hands)
    return [experiment.measure(random.Random(f"{experiment.seed}:{index}")) for index in range(size)]


def first_chunks_differ(claim: Claim, reading: Reading, written: Finding | None) -> list[str]:
    """What of a simulated reading's written evidence the first chunk of each of its samples,
    played again now, does not give: its figures (the reading's inputs), the samples it plans,
    and each sample's record (its deals, seed, chunk and the column sums of its first chunk).
    Empty when all agree: the sample as drawn now begins as the evidence says it began, the
    check of ``napspec-lab claims --check --first-chunks`` (a chunk of each sample, in seconds,
    where drawing the samples in full takes some forty minutes)."""
    if written is None:
        return ["no evidence written"]
    if written.inputs != reading.inputs(claim.id):
        return ["written for other figures than the reading's"]
    experiments = PLANS[reading.check](claim, reading)
    kept = written.evidence.get("samples", {})
    if set(kept) != set(experiments):
        return [f"samples {sorted(kept)} written, {sorted(experiments)} planned"]
    deals = int(written.evidence["stopping"]["deals"])
    return [
        f"sample {name!r}: {kept[name]} written, {record} played now"
        for name, experiment in experiments.items()
        if kept[name] != (record := sample_record(experiment, first_chunk(experiment), deals))
        or deals > experiment.hands
    ]


def experiment(
    measure: Callable[..., tuple[float, ...]], reading: Reading, key: str = "", **arguments: Any
) -> Experiment:
    """The sample of ``measure`` (with ``arguments``) for ``reading``: its seed the reading's
    (offset by ``key``, one sample of a reading from another), at most its cap of deals."""
    given = reading.given
    seed = int(given["seed"]) + zlib.crc32(key.encode()) % 1_000_000
    cap = reading.sample.cap if reading.sample is not None else 0
    return Experiment(partial(measure, **arguments), cap, seed, int(given.get("chunk", CHUNK)))


def rules_of(claim: Claim, reading: Reading) -> Rules:
    """The rules a reading is played under: its profile, variants and options."""
    from napspec.lab.claims import _profile

    rules = Rules.profile(_profile(claim, reading), reading.given.get("variants", ()))
    options = reading.given.get("options", {})
    return rules.with_options(options) if options else rules


def column(rows: Rows, index: int) -> list[float]:
    return [row[index] for row in rows if len(row) > index]


def side(estimate: Estimate, line: float, above: bool) -> bool | None:
    """Whether ``estimate`` lies wholly on the side of ``line`` the text asserts (``above`` or
    below), wholly on the other (False), or straddles it (None)."""
    found = estimate.above(line)
    return found if found is None or above else not found


def difference(first: Mapping[str, Any], second: Mapping[str, Any]) -> Estimate:
    """The second of two independent estimates less the first, with the 95% interval of the
    difference (the half-widths added in quadrature).

    >>> first = {"mean": 0.2, "low": 0.1, "high": 0.3, "n": 100}
    >>> second = {"mean": 0.5, "low": 0.4, "high": 0.6, "n": 80}
    >>> print(difference(first, second))
    0.300 (95% CI 0.159 to 0.441, n = 180)
    """
    half = ((first["high"] - first["low"]) ** 2 + (second["high"] - second["low"]) ** 2) ** 0.5 / 2
    mean = second["mean"] - first["mean"]
    return Estimate(mean, mean - half, mean + half, int(first["n"]) + int(second["n"]))


def said(data: Mapping[str, Any], signed: bool = True) -> str:
    sign = "+" if signed else ""
    return f"{data['mean']:{sign}.3f} (95% CI {data['low']:{sign}.3f} to {data['high']:{sign}.3f}, n = {data['n']})"


def agents_described(agents: Sequence[Agent]) -> list[dict[str, Any]]:
    return [
        {
            "name": agent.name,
            "samples": agent.samples,
            "optimism": agent.optimism,
            "style": vars(agent.style),
            "random-choices": agent.random_choices,
        }
        for agent in agents
    ]


__all__ = [
    "CHUNK",
    "JUDGEMENTS",
    "LOOK",
    "NO_SKILL",
    "PLAIN",
    "PLANS",
    "Drawn",
    "column",
    "column_sums",
    "draw",
    "draw_until_narrow",
    "experiment",
    "first_chunk",
    "first_chunks_differ",
    "looks",
    "rules_of",
    "sample_key",
    "sample_record",
    "simulated",
    "stopping_words",
    "using_workers",
    "widths",
]
