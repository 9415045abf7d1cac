"""Shared pieces of the harness tests: the broken engines and small valid cases."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest

from napspec.suite.cases import make_case

ENGINES = Path(__file__).resolve().parent / "engines"
REPO = Path(__file__).resolve().parents[2]

# The engines are programs run as child processes, not test modules: pytest must not import
# them (their module names would also clash with other tests').
collect_ignore = ["engines"]


def engine_command(script: str, *arguments: str) -> list[str]:
    """The command that runs one of the engines in ``engines/`` with this Python."""
    return [sys.executable, str(ENGINES / script), *arguments]


def toy_module() -> ModuleType:
    """The toy engine's module, imported from its file (it is not a package)."""
    spec = importlib.util.spec_from_file_location("napspec_test_toy_engine", ENGINES / "toy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def small_case(case_id: str, **changes: Any) -> dict[str, Any]:
    """A valid four-player Hoyle case with stacked hands, two actions and two queries."""
    arguments: dict[str, Any] = {
        "profile": "hoyle",
        "players": 4,
        "dealer": 0,
        "hands": ["2C 3C 4C 5C 6C", "AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"],
        "actions": [{"type": "call", "seat": 1, "tricks": 3}, {"type": "pass", "seat": 2}],
        "queries": ["state", "result"],
    }
    arguments.update(changes)
    return make_case(case_id, **arguments)


@pytest.fixture
def case() -> Callable[..., dict[str, Any]]:
    """Build a small valid case: ``case("some-id", players=2, ...)``."""
    return small_case
