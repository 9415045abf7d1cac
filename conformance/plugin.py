"""The pytest plugin that runs the suite (``napspec.suite``) under pytest-bdd against one
engine: the engine under test, the tags, the target. The project's own pytest configuration
loads it (``-p napspec.conformance.plugin``): the developers' view of the rows ``napspec
certify`` plays in a plain loop, by the same row player (:mod:`napspec.suite.rows`).

Options (exactly one of the first two is required):

- ``--engine NAME``: an engine registered under the ``napspec.engines`` entry points, run
  in-process;
- ``--engine-command CMD``: an engine in any language, run over the JSON-lines protocol;
- ``--target-profile P`` / ``--house-rules FILE``: certify against these rules: each scenario
  runs under them, if the options it needs have the values it was written for, and is
  ``not applicable`` otherwise;
- ``--target-variants a,b``: with ``--target-profile``, apply that profile's bundles of these
  variants (the calls beyond Nap) too;
- ``--case-timeout S`` and ``--max-restarts N`` for engines over the protocol.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from napspec.conformance.harness import open_engine
from napspec.protocol import PROTOCOL, Engine
from napspec.suite.steps import *  # noqa: F403  (the step definitions are fixtures)
from napspec.suite.targets import Target

TAG_MARKERS = {"rule": "rule", "id": "scenario_id", "chapter": "chapter", "needs": "needs"}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("napspec", "napspec conformance")
    group.addoption("--engine", default=None, help="registered engine name (napspec.engines entry point)")
    group.addoption(
        "--engine-command",
        default=None,
        help=f"command starting an engine that speaks {PROTOCOL} (or an older napspec/1.x)",
    )
    group.addoption("--target-profile", default=None, help="certify against this profile")
    group.addoption(
        "--target-variants",
        default=None,
        help="with --target-profile: apply the profile's bundles of these variants (comma-separated)",
    )
    group.addoption("--house-rules", default=None, help="certify against this house-rules file")
    group.addoption("--case-timeout", type=float, default=10.0, help="seconds an engine may take per case")
    group.addoption("--max-restarts", type=int, default=5, help="restarts of a crashed engine before giving up")


def pytest_configure(config: pytest.Config) -> None:
    for marker in TAG_MARKERS.values():
        config.addinivalue_line("markers", f"{marker}(value): napspec scenario tag @{marker}:<value>")
    if config.getoption("--target-variants", None):
        _target_of(config)  # a wrong variant is a usage error before anything runs


def _target_of(config: pytest.Config) -> Target | None:
    """The target the command line names (``--target-profile``, ``--house-rules``,
    ``--target-variants``); :class:`pytest.UsageError` for a wrong one."""
    text = config.getoption("--target-variants")
    variants = [name.strip() for name in text.split(",")] if text else []
    try:
        return Target.from_options(config.getoption("--target-profile"), config.getoption("--house-rules"), variants)
    except ValueError as error:
        raise pytest.UsageError(f"--target-variants: {error}") from None


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, which would take every tag
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool | None:
    """Map ``@rule:x``, ``@id:x``, ``@chapter:x`` and ``@needs:x`` to markers (``:`` is not
    allowed in marker names, so they cannot be markers as written)."""
    name, sep, value = tag.partition(":")
    if not sep or name not in TAG_MARKERS:
        return None
    getattr(pytest.mark, TAG_MARKERS[name])(value)(function)
    return True


@pytest.fixture(scope="session")
def engine(pytestconfig: pytest.Config) -> Iterator[Engine]:
    try:
        wrapped = open_engine(
            pytestconfig.getoption("--engine"),
            pytestconfig.getoption("--engine-command"),
            case_timeout=pytestconfig.getoption("--case-timeout"),
            max_restarts=pytestconfig.getoption("--max-restarts"),
        )
    except ValueError as error:
        raise pytest.UsageError(f"the suite's engine: {error}") from None
    try:
        yield wrapped
    finally:
        wrapped.close()


@pytest.fixture(scope="session")
def target(pytestconfig: pytest.Config) -> Target | None:
    return _target_of(pytestconfig)
