"""The order the test files are handed to pytest-xdist's workers (``--dist loadfile``).

The rulebook's tests share two builds made once per run (``tests/docs/conftest.py``): the
site (``builds``) and the other editions (``editions``). The first worker to ask for one
builds it while any other that asks waits, idle. So the files that need them go first,
alternately, one build's files to each worker, and a file's tests that need the other
build go after its own: both builds are then made side by side while no worker waits
(the order changes no result: each build is the same whichever worker makes it). The
other files follow, the slowest first, so that no worker is left with a long file at the end
while the other idles: those known to be slow (:data:`SLOW_FILES`), then those of the most
tests first (as pytest-xdist orders them by default, which ``--no-loadscope-reorder`` turns
off so that this order is kept).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import zip_longest

import pytest

#: The fixtures built once per run that a worker would wait for, in the order they are handed out.
SHARED_BUILDS = ("builds", "editions")


#: The files whose few tests take longest, with their seconds (``pytest --durations``, 2 cores):
#: only the order of the run depends on them, never a result.
SLOW_FILES = {
    "tests/conformance/test_integrity.py": 47,
    "tests/conformance/test_certify.py": 18,
    "tests/conformance/test_variants_certify.py": 17,
    "tests/conformance/test_hostile.py": 16,
    "tests/conformance/test_js_engine.py": 13,
    "tests/test_typing.py": 12,
    "tests/conformance/test_foreign_engines.py": 11,
    "tests/features/test_dump.py": 10,
    "tests/conformance/test_fuzz.py": 8,
    "tests/conformance/test_discover.py": 8,
}

#: The same for the campaign (``-m 'campaign and not long'``): the book, set twice by the
#: typesetter, the solver's runs over every hand, and the wheel installed from scratch would
#: each hold up the end of the run if handed out late.
CAMPAIGN_SLOW_FILES = {
    "tests/docs/test_editions.py": 290,
    "tests/lab/test_solver.py": 205,
    "tests/packaging/test_installed.py": 150,
    "tests/lab/test_simulation.py": 80,
    "tests/reference_impl/test_ref_properties.py": 75,
    "tests/features/test_dump_profiles.py": 70,
}


def _slow_files(config: pytest.Config) -> dict[str, int]:
    chosen = str(config.getoption("markexpr", "") or "")
    return CAMPAIGN_SLOW_FILES if "campaign" in chosen and "not campaign" not in chosen else SLOW_FILES


def _needs(item: pytest.Item) -> set[str]:
    return set(getattr(item, "fixturenames", ())) & set(SHARED_BUILDS)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow_files = _slow_files(config)
    by_file: dict[str, list[pytest.Item]] = defaultdict(list)
    for item in items:
        by_file[item.nodeid.split("::", 1)[0]].append(item)
    queues: dict[str, list[str]] = {build: [] for build in SHARED_BUILDS}
    others: list[str] = []
    for name, members in by_file.items():
        needed = set().union(*(_needs(item) for item in members))
        # A file joins the queue of the last build it needs: the editions are needed by few tests
        # but take the longest, so a file needing both starts them, and its tests needing the
        # site run after, by when the other worker has built it.
        own = max(needed, key=SHARED_BUILDS.index, default=None)
        if own is None:
            others.append(name)
            continue
        queues[own].append(name)
        members.sort(key=lambda item: bool(_needs(item) - {own}))  # stable: the rest keep their order
    for queue in queues.values():
        queue.sort(key=lambda name: -len(by_file[name]))
    others.sort(key=lambda name: (-slow_files.get(name, 0), -len(by_file[name])))
    alternate = [name for pair in zip_longest(*queues.values()) for name in pair if name is not None]
    items[:] = [item for name in alternate + others for item in by_file[name]]
