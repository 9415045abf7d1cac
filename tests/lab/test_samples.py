"""Samples sized by their question: a simulated reading's sample is drawn, look by look, until
every interval its verdict rests on is narrower than the effect it states, or its cap; the same
seed gives the same stopping point in any chunking, on any number of processes and on a Dask
cluster; the finding says "not shown" at the cap and "too small to matter" when narrow but
straddling; and every simulated finding written is one of these."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from functools import partial
from typing import Any

import pytest

from napspec.lab import samples
from napspec.lab.intervals import mean_interval
from napspec.lab.samples import (
    Drawn,
    draw_until_narrow,
    looks,
    sample_key,
    side,
    stopping_words,
    using_workers,
    widths,
)
from napspec.lab.simulate import Experiment
from napspec.spec import load
from napspec.spec.claims import Sample, load_claims, load_evidence
from napspec.spec.register import SPEC_DIR
from tests.lab.extra import lab_extra
from tests.lab.test_cluster import LOCAL_CLUSTER


def coin(rng: random.Random, chance: float) -> tuple[float, ...]:
    """A toy measure of known effect: 1 with ``chance``, else 0."""
    return (1.0 if rng.random() < chance else 0.0,)


def rare(rng: random.Random) -> tuple[float, ...]:
    """A toy measure that keeps one deal in ten (an empty row for the others)."""
    return (rng.random(),) if rng.random() < 0.1 else ()


def judge_coin(results: Mapping[str, list[tuple[float, ...]]]) -> tuple[bool | None, str, dict[str, Any]]:
    """The coin lands heads more than half the time."""
    rows = [row for row in results["coin"] if row]
    if not rows:
        return None, "no row yet", {}
    heads = mean_interval([row[0] for row in rows])
    return side(heads, 0.5, above=True), f"heads {heads}", {"deciding": {"heads": heads.as_data()}}


@pytest.fixture(autouse=True)
def fresh_draws() -> Iterator[None]:
    """Each test draws its own samples (the drawn rows are kept by what defines a sample)."""
    kept = dict(samples._DRAWN)
    samples._DRAWN.clear()
    yield
    samples._DRAWN.clear()
    samples._DRAWN.update(kept)


def _coin(chance: float, seed: int = 3, chunk: int = 40, cap: int = 4000) -> dict[str, Experiment]:
    return {"coin": Experiment(partial(coin, chance=chance), cap, seed, chunk)}


def test_the_looks_are_fixed_deal_counts_ending_at_the_cap() -> None:
    assert looks(1200) == [500, 1000, 1200]
    assert looks(1000) == [500, 1000]
    assert looks(90, step=40) == [40, 80, 90]


def test_a_known_effect_is_drawn_until_its_interval_is_narrower_than_the_effect() -> None:
    rule = Sample(0.12, "heads", "toy", 4000)
    with using_workers(1):
        drawn = draw_until_narrow(_coin(0.8), judge_coin, rule, step=50)
    assert drawn.stopped == "narrow" and drawn.holds is True
    assert widths(drawn.evidence)["heads"] < 0.12
    # It stopped at the first look narrow enough: one look earlier the interval was still wider.
    earlier = judge_coin({"coin": drawn.results["coin"][: drawn.deals - 50]})
    assert widths(earlier[2])["heads"] >= 0.12
    # A smaller effect needs a larger sample: about four times larger for half the width.
    samples._DRAWN.clear()
    with using_workers(1):
        finer = draw_until_narrow(_coin(0.8), judge_coin, Sample(0.06, "heads", "toy", 4000), step=50)
    assert finer.stopped == "narrow" and 3 * drawn.deals <= finer.deals <= 5 * drawn.deals + 100
    holds, words = stopping_words(rule, drawn)
    assert holds is True and f"narrower than the effect looked for, 0.12 heads (toy) ({drawn.deals} deals)" in words


def test_a_sample_that_meets_its_cap_first_is_not_shown_with_its_interval() -> None:
    rule = Sample(0.01, "heads", "a difference too fine for the cap", 300)
    with using_workers(1):
        drawn = draw_until_narrow(_coin(0.8), judge_coin, rule, step=100)
    assert drawn.stopped == "cap" and drawn.deals == 300 and drawn.holds is True
    holds, words = stopping_words(rule, drawn)
    heads = drawn.evidence["deciding"]["heads"]
    assert holds is None
    assert words.startswith("not shown: the effect looked for is 0.01 heads (a difference too fine for the cap)")
    assert f"at the cap of 300 deals the interval of heads is {heads['low']:.4g} to {heads['high']:.4g}" in words
    assert "(n = 300), wider than that" in words


def test_no_effect_that_matters_is_said_too_small_to_matter() -> None:
    rule = Sample(0.15, "heads", "toy", 4000)
    with using_workers(1):
        drawn = draw_until_narrow(_coin(0.5), judge_coin, rule, step=50)
    assert drawn.stopped == "narrow" and drawn.holds is None
    holds, words = stopping_words(rule, drawn)
    assert holds is None and words.startswith("too small to matter: every interval the verdict rests on is narrower")


def test_an_interval_of_no_width_or_no_case_draws_on_to_the_cap() -> None:
    def alike(results: Mapping[str, list[tuple[float, ...]]]) -> tuple[bool | None, str, dict[str, Any]]:
        same = mean_interval([1.0] * len(results["coin"]))
        return None, "every case alike", {"deciding": {"same": same.as_data()}}

    with using_workers(1):
        drawn = draw_until_narrow(_coin(0.5, cap=120), alike, Sample(0.1, "x", "toy", 120), step=40)
    assert drawn.stopped == "cap" and drawn.deals == 120
    assert "no interval could be formed" in stopping_words(Sample(0.1, "x", "toy", 120), drawn)[1]


@pytest.mark.parametrize("chunk", [7, 50, 333])
def test_the_same_seed_stops_at_the_same_deal_in_any_chunking_and_on_any_processes(chunk: int) -> None:
    rule = Sample(0.12, "heads", "toy", 4000)
    with using_workers(1):
        reference = draw_until_narrow(_coin(0.8, chunk=40), judge_coin, rule, step=50)
    samples._DRAWN.clear()
    with using_workers(2):
        other = draw_until_narrow(_coin(0.8, chunk=chunk), judge_coin, rule, step=50)
    assert (other.deals, other.stopped, other.evidence) == (reference.deals, reference.stopped, reference.evidence)
    assert other.results == reference.results


def test_a_sample_drawn_further_is_extended_not_redrawn() -> None:
    experiment = Experiment(partial(rare), 300, 8, 64)
    with using_workers(1):
        short = samples.draw(experiment, 100)
        longer = samples.draw(experiment, 300)
    assert longer[:100] == short and len(longer) == 300
    whole = [rare(random.Random(f"8:{index}")) for index in range(300)]
    assert longer == whole
    assert sample_key(experiment) == sample_key(Experiment(partial(rare), 9000, 8, 5))


def test_the_stopping_rule_gives_the_same_on_a_dask_cluster() -> None:
    distributed = lab_extra("distributed")
    from napspec.lab.executors import using_scheduler

    rule = Sample(0.2, "heads", "toy", 400)
    with using_workers(1):
        local = draw_until_narrow(_coin(0.8, chunk=10), judge_coin, rule, step=30)
    samples._DRAWN.clear()
    with (
        distributed.LocalCluster(**LOCAL_CLUSTER) as cluster,
        using_scheduler(str(cluster.scheduler_address)),
    ):
        on_cluster = draw_until_narrow(_coin(0.8, chunk=10), judge_coin, rule, step=30)
    assert (on_cluster.deals, on_cluster.stopped, on_cluster.results) == (local.deals, local.stopped, local.results)


def test_every_simulated_finding_written_is_narrower_than_its_effect_or_not_shown() -> None:
    """No simulated verdict without an interval narrower than its stated effect, or an explicit
    "not shown" (the claims chapter prints these findings)."""
    written = load_evidence(SPEC_DIR)
    for claim in load_claims(load()).values():
        if claim.kind != "simulation":
            continue
        for reading in claim.readings:
            assert reading.sample is not None, (claim.id, reading.id)
            finding = written[claim.id][reading.id]
            stopping = finding.evidence["stopping"]
            assert stopping["effect"] == reading.sample.effect and stopping["cap"] == reading.sample.cap
            assert stopping["deals"] <= reading.sample.cap, (claim.id, reading.id)
            found = widths(finding.evidence)
            if stopping["stopped"] == "narrow":
                assert found and all(width < reading.sample.effect for width in found.values()), (claim.id, reading.id)
                if finding.holds is None:
                    assert finding.summary.startswith("too small to matter"), (claim.id, reading.id)
            else:
                assert stopping["stopped"] == "cap" and stopping["deals"] == reading.sample.cap
                assert finding.holds is None and finding.summary.startswith("not shown: the effect looked for is")


def test_the_words_of_a_stopped_sample() -> None:
    rule = Sample(0.25, "stakes a hand", "why", 1000)
    narrow = {"deciding": {"gain": {"mean": 0.4, "low": 0.3, "high": 0.5, "n": 1000}}}
    assert stopping_words(rule, Drawn({}, 1000, "narrow", True, "It gains", narrow)) == (
        True,
        "It gains; every interval the verdict rests on is narrower than the effect looked for, 0.25 stakes a hand "
        "(why) (1000 deals)",
    )


def test_the_claims_command_draws_on_the_workers_it_is_given() -> None:
    from click.testing import CliRunner

    from napspec.lab.cli import main

    done = CliRunner().invoke(main, ["claims", "--claim", "peel-cards-in-use", "--workers", "1"])
    assert done.exit_code == 0 and "peel-cards-in-use: true" in done.output, done.output
    refused = CliRunner().invoke(main, ["claims", "--claim", "peel-cards-in-use", "--workers", "0"])
    assert refused.exit_code == 2 and "--workers" in refused.output
    seen: list[int | None] = []
    with using_workers(1):
        seen.append(samples._WORKERS.get())
    assert seen == [1] and samples._WORKERS.get() is None
