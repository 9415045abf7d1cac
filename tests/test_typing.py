"""The packages are typed: ``mypy --strict`` finds nothing (pyproject.toml names them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_mypy_strict_is_clean() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
