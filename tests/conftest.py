"""How the tests are shared among pytest-xdist's workers (``--dist loadgroup``, set in
pyproject.toml).

A test file is one unit of work, as with ``--dist loadfile``, so that its module fixtures are
made once; a test may name another unit with ``pytest.mark.xdist_group``: test files sharing
an expensive session fixture (the rulebook's builds) name one group, and a file holding a
long test gives it a group of its own, so that it runs beside the rest of its file.
"""

from __future__ import annotations

import pytest


# First, so that the group is set before pytest-xdist reads it into the test ids.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
