"""The lab's optional packages (the ``lab`` extra: OpenSpiel and Dask) in the tests: a test that
needs one is skipped without it, except under CI (``CI=true``), where ``.ci/run`` installs the
extra and a missing package is a failure, not a skip."""

from __future__ import annotations

import importlib
from typing import Any

from tests.machine import unavailable

#: What each module the tests import comes with.
PACKAGES = {"pyspiel": "OpenSpiel", "distributed": "Dask"}


def lab_extra(module: str) -> Any:
    """The module ``module`` of the lab extra, imported; the test is skipped (failed under CI)
    without it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        unavailable(f"{PACKAGES.get(module, module)} is not installed (the lab extra: pip install -e '.[lab]')")
