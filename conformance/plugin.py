"""The pytest plugin that runs the suite (``napspec.suite``) against one engine: the engine
under test, the tags, the target. ``napspec certify`` loads it with ``-p
napspec.conformance.plugin``; so does the project's own pytest configuration.

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

import shlex
from collections.abc import Iterator
from typing import Any

import pytest

from napspec.conformance.certify import Collector
from napspec.conformance.harness import InProcessEngine, ProtocolEngine
from napspec.protocol import PROTOCOL, Engine, load_engine
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


def _certify_run(config: pytest.Config) -> Collector | None:
    """The collector of a ``napspec certify`` run, which holds the engine it started and
    the target it resolved (so that neither is done twice), if this is one."""
    for plugin in config.pluginmanager.get_plugins():
        if isinstance(plugin, Collector):
            return plugin
    return None


@pytest.fixture(scope="session")
def engine(pytestconfig: pytest.Config) -> Iterator[Engine]:
    run = _certify_run(pytestconfig)
    if run is not None and run.engine is not None:
        yield run.engine  # certify closes it
        return
    command = pytestconfig.getoption("--engine-command")
    name = pytestconfig.getoption("--engine")
    if bool(command) == bool(name):
        raise pytest.UsageError("the suite needs exactly one of --engine NAME or --engine-command CMD")
    if command:
        wrapped: Engine = ProtocolEngine(
            shlex.split(command),
            timeout=pytestconfig.getoption("--case-timeout"),
            max_restarts=pytestconfig.getoption("--max-restarts"),
        )
    else:
        wrapped = InProcessEngine(load_engine(name), timeout=pytestconfig.getoption("--case-timeout"))
    try:
        yield wrapped
    finally:
        wrapped.close()


@pytest.fixture(scope="session")
def engine_capabilities(engine: Engine, pytestconfig: pytest.Config) -> dict[str, Any]:
    hello = engine.hello()
    run = _certify_run(pytestconfig)
    if run is not None:  # certify records who was certified
        run.hello = hello
    capabilities: dict[str, Any] = hello["capabilities"]
    return capabilities


@pytest.fixture(scope="session")
def target(pytestconfig: pytest.Config) -> Target | None:
    run = _certify_run(pytestconfig)
    if run is not None and run.target is not None:
        return run.target
    return _target_of(pytestconfig)
