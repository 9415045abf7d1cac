"""What every command line of napspec shares (``napspec``, ``napspec-reference``, ``napspec-lab``),
and the reports they write: the exit statuses (:class:`ExitStatus`), Ctrl-C and SIGTERM as an
interrupt (:func:`interrupt_on_signals`), and untrusted text made inert before it is printed or
written (:func:`printable`).
"""

from __future__ import annotations

import enum
import re
import signal
import threading
from types import FrameType
from typing import Final


class ExitStatus(enum.IntEnum):
    """The exit statuses of ``napspec certify`` (and of the other commands that run an
    engine, of ``napspec-reference`` and of ``napspec-lab``), for CI to read. Modelled on pytest's, with 2
    kept for usage errors as click and argparse use it.

    >>> [(status.name, int(status)) for status in ExitStatus]  # doctest: +NORMALIZE_WHITESPACE
    [('CERTIFIED', 0), ('NOT_CERTIFIED', 1), ('USAGE_ERROR', 2), ('INTERRUPTED', 3),
     ('ENGINE_UNAVAILABLE', 4), ('INTERNAL_ERROR', 5)]
    """

    #: Every applicable scenario passed under every target (or, for other commands: success).
    CERTIFIED = 0
    #: The run completed and some applicable scenario did not pass, or ``--max-duration``
    #: stopped it before its end (or the check failed).
    NOT_CERTIFIED = 1
    #: The command line was wrong: a missing or unknown option, an unreadable house-rules
    #: file, a report folder that cannot be written, a selection that matches nothing.
    USAGE_ERROR = 2
    #: Ctrl-C (or SIGINT/SIGTERM): the run stopped; a partial report was written.
    INTERRUPTED = 3
    #: The engine could not be started or failed its handshake; the report says why.
    ENGINE_UNAVAILABLE = 4
    #: A fault of napspec itself (please report it).
    INTERNAL_ERROR = 5


def interrupt_on_signals() -> threading.Event:
    """Ctrl-C and SIGTERM (CI cancels a job with it) end a command's run as an interrupt
    (:attr:`ExitStatus.INTERRUPTED`): each raises :class:`KeyboardInterrupt` and sets the
    event returned, which a long run checks between cases, so that an interrupt whose
    exception was swallowed on its way up is still honoured at the next case. Ctrl-C does so
    even where the process was started with it ignored (a shell's background job): the
    commands promise it. Outside the main thread, where Python takes no handler, nothing is
    changed."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        return stop

    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()
        raise KeyboardInterrupt

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, handler)
    return stop


#: Characters never shown as they are, wherever untrusted text is printed or written: C0
#: and C1 control characters and DEL (a terminal obeys them), the line and paragraph
#: separators (U+2028, U+2029: a new line to some readers), the bidirectional controls
#: (marks, embeddings, overrides and isolates: they reorder what a reader sees), the
#: zero-width characters and the byte-order mark (invisible), lone surrogates and the
#: non-characters XML refuses.
_UNPRINTABLE: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff\ufffe\uffff]"
)
#: The same, newline excepted (for a message of several lines: a traceback, a stderr tail).
_UNPRINTABLE_BUT_NEWLINE: Final = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff\ufffe\uffff]"
)
#: The most characters of untrusted text :func:`printable` keeps (a name, a version, a
#: file name); what goes beyond is cut, and the cut said.
PRINTABLE_LIMIT: Final = 300
#: The most characters of an untrusted message of several lines that is kept.
MESSAGE_LIMIT: Final = 20_000


def printable(text: object, *, limit: int = PRINTABLE_LIMIT, lines: bool = False) -> str:
    r"""``text`` made inert, the one way every command makes untrusted text (an engine's name,
    version or message, a house-rules name, a file name) safe to print or to write into a
    report, markdown or XML: every control character, line or paragraph separator,
    bidirectional control and invisible character is shown as an escape, so that it cannot
    move the cursor, retitle or clear a terminal, start a line of its own, reorder what is
    read or make XML ill-formed; and it is cut to ``limit`` characters (the cut said). With
    ``lines``, newlines are kept (a message of several lines, never a name).

    >>> print(printable("\x1b[31mERROR\x1b[0m done\x07"))
    \x1b[31mERROR\x1b[0m done\x07
    >>> print(printable("tiny\nCERTIFIED: 266/266\u2028\u202eevil"))
    tiny\x0aCERTIFIED: 266/266\u2028\u202eevil
    >>> print(printable("two\nlines\t", lines=True))
    two
    lines\x09
    >>> printable("x" * 1000, limit=10)
    'xxxxxxxxxx... (1000 characters in all)'
    """
    text = str(text)
    note = ""
    if len(text) > limit:
        note = f"... ({len(text)} characters in all)"
        text = text[:limit]
    pattern = _UNPRINTABLE_BUT_NEWLINE if lines else _UNPRINTABLE
    return pattern.sub(_escaped, text) + note


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
