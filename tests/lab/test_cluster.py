"""A sweep and a simulation run on a Dask cluster (started here, in this process) give what
they give on the local process pool, from the same seeds; the commands reach the cluster by
``--scheduler``; a scheduler named without Dask installed is an error that says what to install.

Dask comes with the optional ``lab`` extra: without it these tests are skipped, except under CI
(``CI=true``, where ``.ci/run`` installs the extra), where they fail."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from click.testing import CliRunner

from napspec.lab.certainty import stored_sweeps
from napspec.lab.cli import main
from napspec.lab.executors import SCHEDULER_ENV, ClusterError, executor, using_scheduler
from napspec.lab.simulate import Experiment, run
from napspec.lab.simulated import seat_winnings
from napspec.lab.sweep import KnownAnswers, sweep
from napspec.reference.rules import Rules
from tests.lab.extra import lab_extra

RUN_FIELDS = {"seconds_this_run", "hands_per_second", "ms_per_hand_per_job", "first_pass_cpu_seconds"}
SMALL_SWEEP: dict[str, Any] = {"hands_dealt": 2, "jobs": 2, "sample": 90, "seed": 6, "chunk": 15}


def small_simulation() -> Experiment:
    return Experiment(partial(seat_winnings, rules=Rules.profile("hoyle"), players=4), 24, 11, chunk=4)


LOCAL_CLUSTER: dict[str, Any] = {
    "n_workers": 2,
    "threads_per_worker": 1,
    "processes": False,
    "dashboard_address": None,
    # the scheduler's HTTP server on a free port: clusters of tests run side by side do not collide
    "scheduler_kwargs": {"dashboard_address": ":0"},
}
"""A cluster of two workers of one thread each, in this process, without a dashboard."""


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a cluster of two workers of one thread each, in this process."""
    distributed = lab_extra("distributed")
    with distributed.LocalCluster(**LOCAL_CLUSTER) as cluster:
        yield str(cluster.scheduler_address)


def test_a_sweep_gives_the_same_result_on_the_cluster(scheduler: str) -> None:
    local = sweep(**SMALL_SWEEP)
    on_cluster = sweep(**SMALL_SWEEP, scheduler=scheduler)
    assert on_cluster["solved"] == 90 and on_cluster["complete"]
    assert {k: v for k, v in on_cluster.items() if k not in RUN_FIELDS} == {
        k: v for k, v in local.items() if k not in RUN_FIELDS
    }


def test_a_sweep_built_on_a_stored_one_gives_the_same_result_on_the_cluster(scheduler: str) -> None:
    # the stored sweep at two hands asks down to two; its answers on five to three are a sweep down to three
    name, document = next(item for item in stored_sweeps(2) if item[0] == "sweep-2.json")
    built = {**SMALL_SWEEP, "known": KnownAnswers({**document, "floor": 3}, name, hands_dealt=2, floor=2)}
    local, on_cluster = sweep(**built), sweep(**built, scheduler=scheduler)
    assert on_cluster["known_from"]["file"] == name  # type: ignore[index]
    assert {k: v for k, v in on_cluster.items() if k not in RUN_FIELDS} == {
        k: v for k, v in local.items() if k not in RUN_FIELDS
    }


def test_a_simulation_gives_the_same_rows_on_the_cluster(scheduler: str) -> None:
    experiment = small_simulation()
    local = run(experiment, workers=2)
    assert local == run(experiment, workers=1)
    assert run(experiment, scheduler=scheduler) == local
    with using_scheduler(scheduler):  # as the claims command runs its samples
        assert run(experiment) == local


def test_the_scheduler_is_taken_from_the_environment(scheduler: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SCHEDULER_ENV, scheduler)
    with executor(1) as pool:
        assert type(pool).__module__.startswith("distributed")
    monkeypatch.setenv(SCHEDULER_ENV, "")
    with executor(1) as pool:
        assert type(pool).__name__ == "ProcessPoolExecutor"


def test_the_commands_take_a_scheduler(scheduler: str, tmp_path: Any) -> None:
    result = CliRunner().invoke(main, ["bench-simulation", "--hands", "8", "--seed", "3", "--scheduler", scheduler])
    assert result.exit_code == 0, result.output
    assert f"on the cluster at {scheduler}" in result.output
    out = tmp_path / "sweep.json"
    arguments = ["sweep", "--hands-dealt", "2", "--sample", "20", "--out", str(out)]
    result = CliRunner().invoke(main, [*arguments, "--scheduler", scheduler])
    assert result.exit_code == 0, result.output


def test_a_scheduler_without_dask_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    with pytest.raises(ClusterError, match=r"tcp://10\.0\.0\.5:8786.*pip install 'napspec\[lab\]'"):
        sweep(2, sample=5, scheduler="tcp://10.0.0.5:8786")
    result = CliRunner().invoke(
        main, ["sweep", "--hands-dealt", "2", "--sample", "5"], env={SCHEDULER_ENV: "tcp://x:1"}
    )
    assert result.exit_code == 1
    assert "tcp://x:1" in result.output and "lab extra" in result.output


@pytest.mark.parametrize(
    ("address", "said"),
    [("tcp://127.0.0.1:1", "did not answer within 1 s"), ("hello", "is not a scheduler's address")],
)
def test_a_scheduler_that_cannot_be_reached_is_named(address: str, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lab_extra("distributed")
    monkeypatch.setattr("napspec.lab.executors.CONNECT_SECONDS", 1)
    with pytest.raises(ClusterError, match=said) as error:
        run(small_simulation(), scheduler=address)
    assert repr(address) in str(error.value)
