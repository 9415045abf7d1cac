"""What the machine running the tests has: a test whose program or library is missing fails under
CI (``CI=true``: ``.ci/run`` installs Chromium, Node.js and every extra) and is skipped elsewhere."""

from __future__ import annotations

import os
import shutil
from typing import NoReturn

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def unavailable(message: str) -> NoReturn:
    """A test whose library or program is missing fails in CI (which installs it) and is
    skipped elsewhere."""
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


def needs(program: str | None, message: str) -> str:
    """``program``, found on the machine; without it, :func:`unavailable`."""
    if program is None:
        unavailable(message)
    return program


def node_program() -> str | None:
    """Node.js's program (Debian names it ``nodejs`` too), if installed."""
    return shutil.which("node") or shutil.which("nodejs")


__all__ = ["in_ci", "needs", "node_program", "unavailable"]
