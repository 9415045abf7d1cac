"""A sweep stopped halfway resumes from its store and ends with the result of a run never
stopped; the store keeps each chunk whole or not at all, keeps runs of other parameters apart,
and a file of it that is not a chunk stops the run with an error naming it. Long runs report
their progress on a terminal only, throttled."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from napspec.lab.cli import main
from napspec.lab.progress import Progress, progress_to_log
from napspec.lab.store import ChunkStore, StoreError
from napspec.lab.sweep import sweep
from tests.conformance.conftest import ignoring_ctrl_c, running

#: A small sweep: 120 hands at two hands dealt, in six chunks of 20.
SMALL = {"hands_dealt": 2, "jobs": 1, "sample": 120, "seed": 4, "chunk": 20}

#: What differs between two runs of the same sweep: how long and how much of it this run did.
RUN_FIELDS = {
    "seconds_this_run",
    "solved_this_run",
    "hands_found_in_store",
    "first_pass_cpu_seconds",
    "hands_per_second",
    "ms_per_hand_per_job",
}


def figures(result: dict[str, object]) -> dict[str, object]:
    return {name: value for name, value in result.items() if name not in RUN_FIELDS}


class Interrupted(Exception):
    """Raised by the progress callback, as Ctrl-C would stop the run."""


def interrupt_after(chunks: int) -> object:
    calls: list[int] = []

    def report(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) > chunks:  # the first call is the baseline, before any chunk
            raise Interrupted

    return report


def chunk_files(store: Path) -> list[Path]:
    return sorted(store.rglob("chunk-*.json"))


@pytest.fixture(scope="module")
def uninterrupted() -> dict[str, object]:
    return sweep(**SMALL)  # type: ignore[arg-type]


@pytest.mark.parametrize("stopped_after", [1, 4])
def test_an_interrupted_sweep_resumes_to_the_uninterrupted_result(
    tmp_path: Path, uninterrupted: dict[str, object], stopped_after: int
) -> None:
    store = tmp_path / "store"
    with pytest.raises(Interrupted):
        sweep(**SMALL, store=store, progress=interrupt_after(stopped_after))  # type: ignore[arg-type]
    assert len(chunk_files(store)) == stopped_after
    resumed = sweep(**SMALL, store=store)  # type: ignore[arg-type]
    assert resumed["hands_found_in_store"] == 20 * stopped_after
    assert resumed["solved_this_run"] == 120 - 20 * stopped_after
    assert figures(resumed) == figures(uninterrupted)
    assert len(chunk_files(store)) == 6


def test_a_sweep_stopped_by_its_time_limit_is_finished_by_a_rerun(
    tmp_path: Path, uninterrupted: dict[str, object]
) -> None:
    store = tmp_path / "store"
    stopped = sweep(**SMALL, store=store, limit_seconds=0.0)  # type: ignore[arg-type]
    assert stopped["stopped_by_time_limit"] and not stopped["complete"]
    assert stopped["solved"] == 20 * len(chunk_files(store)) < 120
    finished = sweep(**SMALL, store=store)  # type: ignore[arg-type]
    assert finished["complete"] and figures(finished) == figures(uninterrupted)


def test_the_chunks_running_when_the_time_limit_passes_are_ended_and_kept(
    tmp_path: Path, uninterrupted: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The time limit starts no more chunks, but the one running is let end and stored: a
    chunk of strong hands can be minutes of work that a rerun would otherwise repeat."""
    import napspec.lab.sweep as sweep_module

    solve_chunk = sweep_module._chunk

    def slow_chunk(job: tuple[Any, ...]) -> sweep_module.ChunkDone:
        time.sleep(0.5)  # still running when the limit (0.05 s) passes
        return solve_chunk(job)

    class OneRunning(ThreadPoolExecutor):
        """One thread; each submit returns once the first chunk is running."""

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            future = super().submit(fn, *args, **kwargs)
            while not (future.running() or future.done()) and self._work_queue.qsize() == 0:
                time.sleep(0.001)
            return future

    @contextmanager
    def one_running(jobs: int, scheduler: str | None) -> Iterator[ThreadPoolExecutor]:
        with OneRunning(max_workers=1) as pool:
            yield pool

    monkeypatch.setattr(sweep_module, "_chunk", slow_chunk)
    monkeypatch.setattr(sweep_module, "executor", one_running)
    store = tmp_path / "store"
    stopped = sweep(**SMALL, store=store, limit_seconds=0.05)  # type: ignore[arg-type]
    assert stopped["stopped_by_time_limit"] and not stopped["complete"]
    assert stopped["solved"] == stopped["solved_this_run"] == 20
    assert len(chunk_files(store)) == 1
    monkeypatch.undo()
    finished = sweep(**SMALL, store=store)  # type: ignore[arg-type]
    assert finished["hands_found_in_store"] == 20
    assert finished["complete"] and figures(finished) == figures(uninterrupted)


def test_a_time_limit_of_nothing_reports_what_the_store_holds_and_solves_nothing(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with pytest.raises(Interrupted):
        sweep(**SMALL, store=store, progress=interrupt_after(2))  # type: ignore[arg-type]
    held = sweep(**SMALL, store=store, limit_seconds=0.0)  # type: ignore[arg-type]
    assert held["stopped_by_time_limit"] and held["solved_this_run"] == 0 and held["solved"] == 40
    assert len(chunk_files(store)) == 2
    small = {"hands_dealt": 4, "sample": 10, "seed": 1, "budget": 20, "floor": 3, "chunk": 5, "store": store}
    sweep(**small)  # type: ignore[arg-type]
    later = sweep(**small, resolve_budget=3_000_000, limit_seconds=0.0)  # type: ignore[arg-type]
    second = later["second_pass"]
    assert later["stopped_by_time_limit"] and isinstance(second, dict)
    assert second["asked_again"] == 0 and not second["complete"] and later["left_open"]


def test_a_finished_sweep_is_read_back_whole_and_other_parameters_start_afresh(tmp_path: Path) -> None:
    store = tmp_path / "store"
    first = sweep(**SMALL, store=store)  # type: ignore[arg-type]
    again = sweep(**SMALL, store=store)  # type: ignore[arg-type]
    assert again["solved_this_run"] == 0 and figures(again) == figures(first)
    other = sweep(**{**SMALL, "seed": 5}, store=store)  # type: ignore[arg-type]
    assert other["hands_found_in_store"] == 0 and other["solved_this_run"] == 120
    assert len([folder for folder in store.iterdir() if folder.is_dir()]) == 2
    key = json.loads(next(store.rglob("key.json")).read_text(encoding="utf-8"))
    assert {"hands_dealt", "sample", "seed", "chunk", "budget", "floor", "exact"} <= set(key)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{not json", "cannot be read as JSON"),
        ('{"chunk": 7, "values": [1]}', "is not the number in its name"),
        ('{"chunk": 0, "values": ["2"]}', "list of whole numbers"),
        ('{"chunk": 0, "values": [1, 2]}', "does not fit"),
    ],
)
def test_a_file_of_the_store_that_is_not_a_chunk_is_named_and_kept(tmp_path: Path, text: str, said: str) -> None:
    store = tmp_path / "store"
    with pytest.raises(Interrupted):
        sweep(**SMALL, store=store, progress=interrupt_after(1))  # type: ignore[arg-type]
    [chunk] = chunk_files(store)
    bad = chunk.with_name("chunk-000000.json")
    chunk.rename(bad)
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(StoreError, match=said) as error:
        sweep(**SMALL, store=store)  # type: ignore[arg-type]
    assert "chunk" in str(error.value) and str(store) in str(error.value)
    assert bad.read_text(encoding="utf-8") == text


def test_a_chunk_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ChunkStore(tmp_path, {"run": 1})
    store.put(0, [1, 2, 3])

    def fail(source: object, target: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        store.put(1, [4, 5, 6])
    monkeypatch.undo()
    assert ChunkStore(tmp_path, {"run": 1}).done() == {0: [1, 2, 3]}
    assert sorted(path.name for path in store.folder.iterdir()) == ["chunk-000000.json", "key.json"]


def test_the_sweep_command_resumes_from_its_store(tmp_path: Path) -> None:
    store = tmp_path / "store"
    arguments = ["sweep", "--hands-dealt", "2", "--sample", "40", "--store", str(store)]
    first = CliRunner().invoke(main, [*arguments, "--out", str(tmp_path / "a.json")])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(main, [*arguments, "--out", str(tmp_path / "b.json")])
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["hands_found_in_store"] == 40
    a, b = (json.loads((tmp_path / name).read_text(encoding="utf-8")) for name in ("a.json", "b.json"))
    assert figures(a) == figures(b)


def test_the_sweep_command_names_a_bad_store(tmp_path: Path) -> None:
    store = tmp_path / "store"
    key = {"hands_dealt": 2, "sample": 10, "seed": 0, "exact": False, "budget": None, "floor": 2}
    key |= {"chunk": 250, "hands": 10}
    kept = ChunkStore(store, key)
    kept.put(0, [1] * 10)
    (kept.folder / "chunk-000000.json").write_text("[]", encoding="utf-8")
    result = CliRunner().invoke(main, ["sweep", "--hands-dealt", "2", "--sample", "10", "--store", str(store)])
    assert result.exit_code == 1
    assert "chunk-000000.json: not a chunk" in result.output


# ------------------------------------------------------------------------------ progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_says_done_rate_and_time_left_on_a_terminal_only() -> None:
    ticks = iter([0.0, 10.0, 20.0])
    terminal = Terminal()
    report = Progress("hands", stream=terminal, every=1.0, clock=lambda: next(ticks))
    report(100, 1100)
    report(600, 1100)
    report(1100, 1100)
    assert terminal.getvalue() == (
        "\r600/1,100 hands (55%), 50.0/s, 10 s left\r1,100/1,100 hands (100%), 50.0/s, done in 20 s\n"
    )
    pipe = io.StringIO()
    quiet = Progress("hands", stream=pipe, every=0.0)
    for done in range(11):
        quiet(done, 10)
    assert pipe.getvalue() == ""


def test_progress_is_throttled() -> None:
    now = [0.0]
    terminal = Terminal()
    report = Progress("deals", stream=terminal, every=2.0, clock=lambda: now[0])
    report(0, 10_000)
    for done in range(1, 10_000):
        now[0] = done / 1000  # ten seconds in all
        report(done, 10_000)
    assert terminal.getvalue().count("\r") == 4  # at two, four, six and eight seconds
    report.close()
    assert terminal.getvalue().endswith("\n")


def test_a_log_gets_a_whole_line_every_so_often_when_asked() -> None:
    """Standard error that is not a terminal (a log file, a batch job's output) is written to
    only within progress_to_log: then a whole line each time, no carriage return, at its
    interval; and the setting ends with the block."""
    now = [0.0]
    log = io.StringIO()
    with progress_to_log(60.0):
        report = Progress("hands", stream=log, clock=lambda: now[0])
    report(0, 6000)
    for done in range(1, 6000):
        now[0] = done / 10  # ten minutes in all
        report(done, 6000)
    report(6000, 6000)
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and len(lines) == 10  # each minute, and the last
    assert lines[0].startswith("600/6,000 hands (10%), 10.0/s, ") and lines[-1].endswith("done in 10 min")
    assert not Progress("hands", stream=io.StringIO()).enabled


def test_the_long_commands_write_their_progress_to_a_log_when_asked(tmp_path: Path) -> None:
    args = ["sweep", "--hands-dealt", "3", "--sample", "30", "--out", str(tmp_path / "sweep.json")]
    # a line each 0.1 s while the one chunk runs, then the last
    line = re.compile(r"(0/30 hands \(0%\), 0\.0/s, time left unknown after \d+ s\n)*"
                      r"30/30 hands \(100%\), [\d,.]+/s, done in \d+ s\n")  # fmt: skip
    asked = CliRunner().invoke(main, [*args, "--progress-every", "0.1"])
    assert asked.exit_code == 0, asked.output
    assert line.fullmatch(asked.stderr)
    by_environment = CliRunner().invoke(main, args, env={"NAPSPEC_PROGRESS_EVERY": "0.1"})
    assert line.fullmatch(by_environment.stderr)
    assert CliRunner().invoke(main, args).stderr == ""
    wrong = CliRunner().invoke(main, [*args, "--progress-every", "0"])
    assert wrong.exit_code == 2 and "--progress-every" in wrong.output
    for command in ("claims", "bench-simulation"):
        assert "--progress-every" in CliRunner().invoke(main, [command, "--help"]).output


def test_every_long_run_reports_its_progress() -> None:
    from functools import partial

    from napspec.lab.simulate import Experiment, run
    from napspec.lab.simulated import seat_winnings
    from napspec.reference.rules import Rules

    calls: list[tuple[int, int]] = []
    sweep(2, sample=30, seed=1, chunk=10, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 30), (10, 30), (20, 30), (30, 30)]
    calls.clear()
    measure = partial(seat_winnings, rules=Rules.profile("peel"), players=4)
    run(Experiment(measure, 6, 1, chunk=2), workers=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 6), (2, 6), (4, 6), (6, 6)]


def test_a_run_whose_chunks_are_long_still_says_it_runs_and_for_how_long(monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress is written as chunks end; a chunk of a later pass may be an hour's work, so
    while none ends the line is written again at its interval, with how long the run has gone
    on, the chunks running when a time limit passes included; the sweep and the simulation
    alike."""
    from functools import partial

    import napspec.lab.simulate as simulate_module
    import napspec.lab.sweep as sweep_module
    from napspec.lab.simulate import Experiment
    from napspec.lab.simulated import seat_winnings
    from napspec.reference.rules import Rules

    solve_chunk, run_chunk = sweep_module._chunk, simulate_module._run_chunk

    def slow_chunk(job: tuple[Any, ...]) -> sweep_module.ChunkDone:
        time.sleep(0.4)
        return solve_chunk(job)

    def slow_run(job: Any) -> list[tuple[float, ...]]:
        time.sleep(0.4)
        return run_chunk(job)

    @contextmanager
    def threads(jobs: int | None, scheduler: str | None) -> Iterator[ThreadPoolExecutor]:
        with ThreadPoolExecutor(max_workers=2) as pool:
            yield pool

    def beats(log: io.StringIO) -> list[str]:
        return [line for line in log.getvalue().splitlines() if "time left unknown after" in line]

    monkeypatch.setattr(sweep_module, "_chunk", slow_chunk)
    monkeypatch.setattr(sweep_module, "executor", threads)
    log = io.StringIO()
    sweep(2, sample=40, seed=1, chunk=20, jobs=2, progress=Progress("hands", stream=log, every=0.05, enabled=True))
    assert beats(log) and all(line.startswith("0/40 hands (0%), 0.0/s, ") for line in beats(log))
    assert log.getvalue().splitlines()[-1].startswith("40/40 hands (100%)")
    log = io.StringIO()
    sweep(2, sample=40, seed=1, chunk=20, jobs=2, limit_seconds=0.01,
          progress=Progress("hands", stream=log, every=0.05, enabled=True))  # fmt: skip
    assert beats(log), log.getvalue()  # the chunks let end after the limit
    monkeypatch.setattr(simulate_module, "_run_chunk", slow_run)
    monkeypatch.setattr(simulate_module, "executor", threads)
    log = io.StringIO()
    measure = partial(seat_winnings, rules=Rules.profile("peel"), players=4)
    simulate_module.run(Experiment(measure, 4, 1, chunk=2), workers=2,
                        progress=Progress("deals", stream=log, every=0.05, enabled=True))  # fmt: skip
    assert beats(log) and beats(log)[0].startswith("0/4 deals (0%), 0.0/s, ")
    quiet = io.StringIO()
    sweep(2, sample=40, seed=1, chunk=20, jobs=2, progress=Progress("hands", stream=quiet, every=0.05))
    assert quiet.getvalue() == ""  # not a terminal, and no log asked


def test_the_second_pass_is_kept_in_the_store_and_resumed(tmp_path: Path) -> None:
    """The hands a small budget left open are asked again with a larger one; each chunk asked
    again is kept apart in the store, so that a second pass stopped halfway (a chunk of it
    missing) resumes with the same result, and the hands left open are listed by name."""
    store = tmp_path / "store"
    small = {"hands_dealt": 4, "sample": 10, "seed": 1, "budget": 20, "floor": 3, "chunk": 5, "store": store}
    first_only = sweep(**small)  # type: ignore[arg-type]
    left_open = first_only["left_open"]
    assert isinstance(left_open, dict) and left_open and set(left_open.values()) <= {"unresolved", "3 or 4"}
    whole = sweep(**small, resolve_budget=3_000_000)  # type: ignore[arg-type]
    second = whole["second_pass"]
    assert isinstance(second, dict) and second["asked_again"] == second["decided"] > 0 and second["complete"]
    assert whole["left_open"] == {} and whole["first_pass"] == {"counts": first_only["counts"]}
    kept_again = [path for path in chunk_files(store) if json.loads((path.parent / "key.json").read_text())
                  .get("resolve_budget")]  # fmt: skip
    assert kept_again
    kept_again[0].unlink()
    resumed = sweep(**small, resolve_budget=3_000_000)  # type: ignore[arg-type]
    assert resumed["counts"] == whole["counts"] and resumed["resolved_by_second_pass"] == second["decided"]
    assert resumed["hands_found_in_store"] == 10 and resumed["solved_this_run"] == 0


def test_each_chunk_keeps_the_revision_of_the_search_that_solved_it(tmp_path: Path) -> None:
    """A revision of the search changes a sweep's time, never its values: each chunk kept says
    which solved it, each pass lists the revisions of its chunks, and a chunk kept before the
    revisions were recorded counts as solved by the first."""
    from napspec.lab.solver import EARLIEST_REVISION, SEARCH_REVISION

    store = tmp_path / "store"
    small = {"hands_dealt": 4, "sample": 10, "seed": 1, "budget": 20, "floor": 3, "chunk": 5, "store": store,
             "resolve_budget": 3_000_000}  # fmt: skip
    whole = sweep(**small)  # type: ignore[arg-type]
    first, second = whole["first_pass_cpu_seconds"], whole["second_pass"]
    assert isinstance(first, dict) and isinstance(second, dict)
    assert first["search"] == second["search"] == [SEARCH_REVISION]
    assert {json.loads(path.read_text())["search"] for path in chunk_files(store)} == {SEARCH_REVISION}
    older = chunk_files(store)[0]
    record = json.loads(older.read_text())
    del record["search"]
    older.write_text(json.dumps(record), encoding="utf-8")
    again = sweep(**small)  # type: ignore[arg-type]
    assert again["counts"] == whole["counts"] and again["solved_this_run"] == 0
    first, second = again["first_pass_cpu_seconds"], again["second_pass"]
    assert isinstance(first, dict) and isinstance(second, dict)
    assert set(first["search"]) | set(second["search"]) == {EARLIEST_REVISION, SEARCH_REVISION}


@pytest.fixture
def search_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The later passes' refuter draws no layout, so that the budgets alone say what each pass
    leaves open: with it, 100 nodes settle every hand of these samples (none is sure of three),
    and no pass would leave anything to the next."""
    import napspec.lab.sweep as sweep_module
    from napspec.lab.refute import Refuter

    monkeypatch.setattr(sweep_module, "Refuter", lambda table: Refuter(table, tries=0))


@pytest.mark.usefixtures("search_alone")
def test_the_later_passes_spread_over_processes_give_what_one_process_gives() -> None:
    small = {"hands_dealt": 4, "sample": 10, "seed": 1, "budget": 20, "floor": 3, "chunk": 3}
    one = sweep(**small, resolve_budget=(100, 3_000_000), jobs=1)  # type: ignore[arg-type]
    two = sweep(**small, resolve_budget=(100, 3_000_000), jobs=2)  # type: ignore[arg-type]
    passes = one["second_pass"]
    assert isinstance(passes, list) and passes[0]["asked_again"] > passes[0]["decided"] > 0
    assert figures(two) | {"jobs": 1} == figures(one) | {"second_pass": two["second_pass"]}
    spread = two["second_pass"]
    assert isinstance(spread, list) and [p["decided"] for p in spread] == [p["decided"] for p in passes]


def test_the_later_passes_show_their_progress_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 4 of the sweeps' promise: every long run shows how far it is, the passes that ask
    again what a budget left open (minutes to hours of search) included."""
    import napspec.lab.sweep as sweep_module

    shown: dict[str, list[tuple[int, int]]] = {}

    class Recorded:
        enabled = False  # nothing to write while no chunk ends

        def __init__(self, what: str) -> None:
            self.calls = shown.setdefault(what, [])

        def __call__(self, done: int, total: int) -> None:
            self.calls.append((done, total))

        def close(self) -> None:
            pass

    monkeypatch.setattr(sweep_module, "Progress", Recorded)
    small = {"hands_dealt": 4, "sample": 10, "seed": 1, "budget": 20, "floor": 3, "chunk": 3}
    result = sweep(**small, resolve_budget=3_000_000)  # type: ignore[arg-type]
    second = result["second_pass"]
    assert isinstance(second, dict)
    calls = shown["hands asked again with 3,000,000 nodes"]
    asked = second["asked_again"]
    assert calls[0] == (0, asked) and calls[-1] == (asked, asked) and len(calls) > 2
    assert shown["hands"][-1] == (10, 10)


@pytest.mark.usefixtures("search_alone")
def test_each_later_pass_asks_what_the_pass_before_left_open(tmp_path: Path) -> None:
    small = {"hands_dealt": 4, "sample": 10, "seed": 1, "budget": 20, "floor": 3, "chunk": 5}
    one = sweep(**small, resolve_budget=3_000_000)  # type: ignore[arg-type]
    both = sweep(**small, resolve_budget=(100, 3_000_000), store=tmp_path / "store")  # type: ignore[arg-type]
    passes = both["second_pass"]
    assert isinstance(passes, list) and len(passes) == 2
    assert passes[1]["asked_again"] == passes[0]["asked_again"] - passes[0]["decided"] > 0
    assert both["counts"] == one["counts"] and both["left_open"] == {}
    again = sweep(**small, resolve_budget=(100, 3_000_000), store=tmp_path / "store")  # type: ignore[arg-type]
    assert again["second_pass"] == [{**p, "cpu_seconds": again["second_pass"][i]["cpu_seconds"]}  # type: ignore[index]
                                    for i, p in enumerate(passes)]  # fmt: skip


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a process's children are read from /proc")
@pytest.mark.parametrize(
    ("signum", "ignored"),
    [(signal.SIGINT, True), (signal.SIGTERM, False)],
    ids=["ctrl-c-started-ignored", "sigterm"],
)
def test_a_sweep_run_in_the_background_stops_on_a_signal_keeping_its_store(
    tmp_path: Path, signum: int, ignored: bool
) -> None:
    """Ctrl-C sent to a sweep started with it ignored (a shell's background job), or SIGTERM
    (CI cancelling a job), stops it as Ctrl-C at a terminal does: exit status 3, the chunks
    done kept for a rerun, no result written."""
    store, out = tmp_path / "store", tmp_path / "sweep.json"
    command = _sweep_of_minutes(store, out)
    process = subprocess.Popen(ignoring_ctrl_c(command) if ignored else command, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)  # fmt: skip
    try:
        _wait_for_a_chunk(store)
        workers = _children(process.pid)
        process.send_signal(signum)
        printed, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 3, printed
    assert "interrupted" in printed
    assert list(store.glob("*/chunk-*.json")) and not out.exists()
    assert workers and not _still_running(workers), "its workers outlived it"


def _sweep_of_minutes(store: Path, out: Path, *more: str) -> list[str]:
    """A sweep of every hand at three hands dealt: minutes in all, under a second a chunk."""
    return [sys.executable, "-m", "napspec.lab.cli", "sweep", "--hands-dealt", "3", "--budget", "20000",
            "--store", str(store), "--out", str(out), *more]  # fmt: skip


def _wait_for_a_chunk(store: Path, within: float = 60) -> None:
    """Until the sweep has kept a chunk: its workers are at work."""
    deadline = time.monotonic() + within
    while not list(store.glob("*/chunk-*.json")) and time.monotonic() < deadline:
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux: read from /proc; none elsewhere)."""
    tasks = Path(f"/proc/{pid}/task")
    if not tasks.is_dir():
        return []
    return [int(child) for task in tasks.iterdir() for child in (task / "children").read_text().split()]


def _still_running(pids: list[int], wait: float = 10) -> list[int]:
    """Those of ``pids`` still running after up to ``wait`` seconds."""
    deadline = time.monotonic() + wait
    while any(running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in pids if running(pid)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a process's children are read from /proc")
def test_the_processes_of_a_killed_sweep_end_with_it(tmp_path: Path) -> None:
    """A sweep killed outright (SIGKILL: it can end nothing itself) leaves no worker behind."""
    store = tmp_path / "store"
    command = _sweep_of_minutes(store, tmp_path / "sweep.json", "--jobs", "2")
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        _wait_for_a_chunk(store)
        workers = _children(process.pid)
        assert workers, "the sweep started no worker"
        process.kill()
        process.wait(timeout=10)
        left = _still_running(workers)
    finally:
        if process.poll() is None:
            process.kill()
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    assert not left, f"workers left running: {left}"


def test_no_sweep_store_is_kept_in_the_checkout() -> None:
    """A store is a run's working folder, never the repository's: what a sweep settles is kept as
    its result (``reference_impl/lab/results/``), and a store in progress stays with whoever runs
    it (the sweeps of eight to ten hands, which no claim needs, are retired where their files
    leave them)."""
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    chunks = [name for name in tracked if re.search(r"(^|/)chunk-\d+\.json$", name)]
    assert not chunks, f"a sweep's store is kept in the checkout: {chunks[:3]}"
