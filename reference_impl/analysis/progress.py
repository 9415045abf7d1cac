"""Progress of a long run on standard error: how much is done, the rate, the time left.

A line is written at most once every ``every`` seconds (the first after ``every`` seconds, so
that a short run says nothing), rewritten in place on a terminal, and nothing at all is written
when the stream is not a terminal (a log, a pipe, a test), unless asked.

>>> import io
>>> stream = io.StringIO()
>>> clock = iter([0.0, 5.0, 9.0]).__next__
>>> report = Progress("hands", stream=stream, every=2.0, enabled=True, clock=clock)
>>> report(0, 400)
>>> report(100, 400)
>>> report(400, 400)
>>> print(stream.getvalue().replace("\\r", "|"))
|100/400 hands (25%), 20.0/s, 15 s left|400/400 hands (100%), 44.4/s, done in 9 s
<BLANKLINE>
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


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
        every: float = 2.0,
        enabled: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what = what
        self.stream = sys.stderr if stream is None else stream
        self.every = every
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.clock = clock
        self._start: float | None = None
        self._baseline = 0
        self._last_written = 0.0
        self._wrote = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
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
            tail = "time left unknown"
        line = f"\r{done:,}/{total:,} {self.what} ({share}), {rate:,.1f}/s, {tail}"
        self.stream.write(line + ("\n" if finished else ""))
        self.stream.flush()
        self._wrote = not finished

    def close(self) -> None:
        """End a line left open by a run that stopped before the end."""
        if self._wrote:
            self.stream.write("\n")
            self.stream.flush()
            self._wrote = False


__all__ = ["Progress"]
