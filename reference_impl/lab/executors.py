"""Where the sweeps and the simulations run: the local cores, or a Dask cluster the user names.

Both give a :class:`concurrent.futures.Executor`, so the sweep and the simulations are written
once against ``submit`` and :func:`concurrent.futures.as_completed`:

* by default a :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes;
* with a scheduler's address (``tcp://host:8786``), given as an argument, by
  :func:`using_scheduler` around a whole command, or in the environment variable
  :data:`SCHEDULER_ENV`, the executor of a ``distributed.Client`` connected to it
  (``Client.get_executor()``).

Why Dask's distributed scheduler rather than Ray: it installs from pure-Python wheels (with
the ``lab`` extra, ``pip install 'napspec[lab]'``), pulling in no compiled runtime of its
own; its client offers the very interface of :mod:`concurrent.futures` (``submit``, ``map``,
futures that :func:`~concurrent.futures.as_completed` accepts), so one code path serves the
process pool and the cluster; and ``distributed.LocalCluster`` starts a cluster inside a test
in a second. A cluster's workers must have napspec installed (the same version): the work sent
them is a function of this package and its arguments, pickled.

The work is cut in chunks whose results depend on the chunk alone (a sweep's hands are solved
afresh, a simulation's deals are seeded by their number), never on the worker that runs them:
the same seeds give the same figures on one core, on many, or on a cluster.

>>> with executor(1) as pool:
...     pool.submit(pow, 2, 10).result()
1024
>>> resolve_scheduler(None, environ={}) is None
True
>>> resolve_scheduler(None, environ={SCHEDULER_ENV: "tcp://10.0.0.5:8786"})
'tcp://10.0.0.5:8786'
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

SCHEDULER_ENV = "NAPSPEC_SCHEDULER"
"""The environment variable naming a Dask scheduler (``tcp://host:8786``) for every run."""

CONNECT_SECONDS = 30
"""How long a client waits for the scheduler to answer before the run stops with an error."""

INSTALL_HINT = "install the lab extra: pip install 'napspec[lab]'"


class ClusterError(RuntimeError):
    """A scheduler was named but cannot be used: Dask is not installed, or the scheduler did
    not answer in time. The message names the address."""


_IN_USE: ContextVar[Executor | None] = ContextVar("napspec_cluster_executor", default=None)


def resolve_scheduler(scheduler: str | None, environ: Mapping[str, str] | None = None) -> str | None:
    """The scheduler's address to use: the one given, else :data:`SCHEDULER_ENV`'s (an empty
    value counts as none), else ``None`` (the local cores)."""
    if scheduler:
        return scheduler
    value = (os.environ if environ is None else environ).get(SCHEDULER_ENV, "").strip()
    return value or None


@contextmanager
def _client_executor(address: str) -> Iterator[Executor]:
    try:
        import distributed
    except ImportError as error:
        raise ClusterError(f"the scheduler {address!r} was named but Dask is not installed; {INSTALL_HINT}") from error
    connect: Any = distributed.Client  # Dask's client is not typed: what it gives is checked by the tests
    try:
        client: Any = connect(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except ValueError as error:
        raise ClusterError(f"{address!r} is not a scheduler's address (tcp://host:8786): {error}") from error
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"the scheduler {address!r} did not answer within {CONNECT_SECONDS} s: {error}") from error
    try:
        pool: Executor = client.get_executor()
        try:
            yield pool
        finally:
            pool.shutdown(wait=False)  # what is still queued is cancelled on the cluster
    finally:
        client.close()


@contextmanager
def using_scheduler(scheduler: str | None) -> Iterator[None]:
    """Run every sweep and simulation started inside on the cluster at ``scheduler`` (or
    :data:`SCHEDULER_ENV`'s), through one client; with neither, change nothing."""
    address = resolve_scheduler(scheduler)
    if address is None:
        yield
        return
    with _client_executor(address) as pool:
        token = _IN_USE.set(pool)
        try:
            yield
        finally:
            _IN_USE.reset(token)


def scheduler_in_use() -> bool:
    """Whether the runs started now go to a cluster (:func:`using_scheduler` or the environment)."""
    return _IN_USE.get() is not None or resolve_scheduler(None) is not None


def _end_with_parent(parent: int) -> None:
    """In a worker of the local pool: be ended when the run's process ends, however it ends
    (killed, it cannot end its workers itself; they would otherwise live on, orphaned).
    Linux only; elsewhere a killed run may leave its workers to finish their chunk."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    PR_SET_PDEATHSIG = 1
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # it ended before the request was made
        os._exit(1)


@contextmanager
def executor(workers: int | None = None, scheduler: str | None = None) -> Iterator[Executor]:
    """An executor for one run: the cluster at ``scheduler`` if given, else the one of
    :func:`using_scheduler` in force, else :data:`SCHEDULER_ENV`'s, else ``workers`` local
    processes (default: the cores). Leaving it cancels the work not started; a local process
    pool first lets its running chunks end, so that no process outlives the run, unless an
    interrupt (Ctrl-C, SIGTERM) ends the run: its processes are then ended at once (a chunk of
    strong hands may be minutes of work, which a rerun does again)."""
    shared = _IN_USE.get()
    if scheduler is None and shared is not None:
        yield shared
        return
    address = resolve_scheduler(scheduler)
    if address is not None:
        with _client_executor(address) as pool:
            yield pool
        return
    others = set(multiprocessing.active_children())
    local = ProcessPoolExecutor(
        max_workers=workers or os.cpu_count() or 1, initializer=_end_with_parent, initargs=(os.getpid(),)
    )
    try:
        yield local
    except KeyboardInterrupt:
        # killed, not asked to end: a forked worker has the run's own handlers, by which
        # SIGTERM would only stop its chunk, and it would go on to the next
        for process in set(multiprocessing.active_children()) - others:
            process.kill()
        raise
    finally:
        local.shutdown(wait=True, cancel_futures=True)


__all__ = [
    "SCHEDULER_ENV",
    "ClusterError",
    "executor",
    "resolve_scheduler",
    "scheduler_in_use",
    "using_scheduler",
]
