"""Progress of a long run on standard error: how much is done, the rate, the time left.

A line is written at most once every ``every`` seconds (the first after ``every`` seconds, so
that a short run says nothing), rewritten in place on a terminal. Nothing at all is written when
the stream is not a terminal (a log, a pipe, a test) unless asked: within
:func:`progress_to_log` (the commands' ``--progress-every``), a run in the background or in a
batch job writes a whole line to its log every so many seconds.

>>> import io
>>> stream = io.StringIO()
>>> clock = iter([0.0, 5.0, 9.0]).__next__
>>> report = Progress("hands", stream=stream, every=2.0, enabled=True, in_place=True, clock=clock)
>>> report(0, 400)
>>> report(100, 400)
>>> report(400, 400)
>>> print(stream.getvalue().replace("\\r", "|"))
|100/400 hands (25%), 20.0/s, 15 s left|400/400 hands (100%), 44.4/s, done in 9 s
<BLANKLINE>

>>> log = io.StringIO()
>>> with progress_to_log(60.0):
...     report = Progress("hands", stream=log, clock=iter([0.0, 30.0, 61.0, 90.0]).__next__)
>>> for done in (0, 100, 200, 400):
...     report(done, 400)
>>> print(log.getvalue(), end="")
200/400 hands (50%), 3.3/s, 61 s left
400/400 hands (100%), 4.4/s, done in 90 s
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ALL_COMPLETED, Future, wait
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TextIO, TypeVar

_LOG_EVERY: ContextVar[float | None] = ContextVar("napspec_progress_log_every", default=None)


@contextmanager
def progress_to_log(every: float | None) -> Iterator[None]:
    """Within it, a :class:`Progress` made without ``enabled`` writes to a stream that is not
    a terminal too (a log file, a batch job's output): a whole line every ``every`` seconds.
    None: on a terminal only, as outside it."""
    token = _LOG_EVERY.set(every)
    try:
        yield
    finally:
        _LOG_EVERY.reset(token)


def _duration(seconds: float) -> str:
    """``seconds`` as a reader says it.

    >>> _duration(42), _duration(600), _duration(7300)
    ('42 s', '10 min', '2 h 02 min')
    """
    if seconds < 120:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 120 else f"{minutes // 60} h {minutes % 60:02d} min"


class Progress:
    """A reporter called as ``report(done, total)`` after each piece of work; its first call
    gives the baseline (work resumed from a store), so that the rate counts this run's work."""

    def __init__(
        self,
        what: str,
        stream: TextIO | None = None,
        every: float | None = None,
        enabled: bool | None = None,
        in_place: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what = what
        self.stream = sys.stderr if stream is None else stream
        on_terminal = self.stream.isatty()
        log_every = _LOG_EVERY.get()
        self.enabled = (on_terminal or log_every is not None) if enabled is None else enabled
        self.in_place = on_terminal if in_place is None else in_place  # a log keeps every line
        self.every = every if every is not None else (2.0 if on_terminal or log_every is None else log_every)
        self.clock = clock
        self._start: float | None = None
        self._baseline = 0
        self._last_written = 0.0
        self._wrote = False
        self._done = self._total = 0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        self._done, self._total = done, total
        now = self.clock()
        if self._start is None:
            self._start, self._baseline, self._last_written = now, done, now
            return
        finished = done >= total
        if not finished and now - self._last_written < self.every:
            return
        self._last_written = now
        elapsed = max(now - self._start, 1e-9)
        rate = (done - self._baseline) / elapsed
        share = f"{100 * done / total:.0f}%" if total else "-"
        if finished:
            tail = f"done in {_duration(elapsed)}"
        elif rate > 0:
            tail = f"{_duration((total - done) / rate)} left"
        else:
            tail = f"time left unknown after {_duration(elapsed)}"
        line = f"{done:,}/{total:,} {self.what} ({share}), {rate:,.1f}/s, {tail}"
        if self.in_place:
            self.stream.write("\r" + line + ("\n" if finished else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
        self._wrote = self.in_place and not finished

    def beat(self) -> None:
        """Write the line again with nothing more done, if ``every`` has passed since the last:
        a run whose pieces each take longer than that still says it runs, and for how long.

        >>> import io
        >>> log = io.StringIO()
        >>> now = [0.0]
        >>> report = Progress("hands", stream=log, every=60.0, enabled=True, clock=lambda: now[0])
        >>> report(0, 400)
        >>> now[0] = 30.0; report.beat()
        >>> now[0] = 600.0; report.beat()
        >>> print(log.getvalue(), end="")
        0/400 hands (0%), 0.0/s, time left unknown after 10 min
        """
        if self._start is not None:
            self(self._done, self._total)

    def close(self) -> None:
        """End a line left open by a run that stopped before the end."""
        if self._wrote:
            self.stream.write("\n")
            self.stream.flush()
            self._wrote = False


_T = TypeVar("_T")


def wait_reporting(
    futures: Iterable[Future[_T]],
    report: Callable[[int, int], None] | None,
    timeout: float | None = None,
    return_when: str = ALL_COMPLETED,
) -> tuple[set[Future[_T]], set[Future[_T]]]:
    """:func:`concurrent.futures.wait`, woken at the interval of ``report`` if it is a
    :class:`Progress` that writes: when nothing has ended by then, :meth:`Progress.beat` says
    the run goes on (a chunk may be hours), and the futures are returned all not done."""
    beat = report if isinstance(report, Progress) and report.enabled else None
    if beat is not None:
        timeout = beat.every if timeout is None else min(timeout, beat.every)
    done, not_done = wait(futures, timeout=timeout, return_when=return_when)
    if beat is not None and not done:
        beat.beat()
    return done, not_done


__all__ = ["Progress", "progress_to_log", "wait_reporting"]
