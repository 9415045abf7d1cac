"""The whole tree passes ruff with the rule set chosen in pyproject.toml, and is formatted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _ruff(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *arguments], cwd=REPO, capture_output=True, text=True, timeout=300
    )


def test_ruff_finds_nothing() -> None:
    completed = _ruff("check", "--no-cache", "--output-format", "concise", ".")
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_the_tree_is_formatted() -> None:
    completed = _ruff("format", "--no-cache", "--check", ".")
    assert completed.returncode == 0, completed.stdout + completed.stderr
