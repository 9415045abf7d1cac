"""The front door: the tree of the ``napspec`` command (:mod:`napspec.docs.commands`) says
what is there, and it is true. Its docstring lists every command, in the order the tree adds
them and ``napspec --help`` shows them, each with the module that defines it; it names the
stages of the main job in the order ``napspec build`` runs them; and the oracle the tree gives
the commands that compare with one is the engine the main job certifies."""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any

import click
import pytest
from click.testing import CliRunner

from napspec.docs import commands, pipeline
from napspec.docs.commands import main

#: A line of the docstring's table: a command, its module, and what it is (the first of a part).
ROW = re.compile(r"^ {4}([a-z][a-z-]*) +(napspec\.[\w.]+)(?: +(.*))?$", re.MULTILINE)
#: A stage of the main job as the docstrings name it.
STAGE = re.compile(r":func:`~?napspec\.docs\.pipeline\.(\w+)`|:func:`(\w+)`")


def listed() -> list[tuple[str, str, str]]:
    """The docstring's table: each command, its module and what the row says of it."""
    return [(name, module, said or "") for name, module, said in ROW.findall(commands.__doc__ or "")]


def test_the_docstring_lists_every_command_in_the_tree_s_order() -> None:
    assert [name for name, _, _ in listed()] == list(main.commands)
    assert len(main.commands) >= 17


@pytest.mark.parametrize(("name", "module", "said"), listed())
def test_each_command_lives_where_the_docstring_says(name: str, module: str, said: str) -> None:
    command = main.commands[name]
    assert command.callback is not None and command.callback.__module__ == module
    if isinstance(command, click.Group):  # its commands named too
        assert f"(a group: {', '.join(f'{name} {sub}' for sub in command.commands)})" == said


def test_the_help_lists_the_commands_in_the_tree_s_order_and_names_the_main_job() -> None:
    result = CliRunner().invoke(main, ["--help"], prog_name="napspec")
    assert result.exit_code == 0
    shown = re.findall(r"^  ([a-z][a-z-]*)  ", result.output.split("Commands:")[1], re.MULTILINE)
    assert shown == list(main.commands)
    assert "The main job is `napspec build`" in result.output
    assert main.commands["build"].help and main.commands["build"].help.startswith("The main job:")


#: The stages of the main job, as :func:`napspec.docs.pipeline.build` calls them.
STAGES = (
    "check_register",
    "export_register",
    "book_beside",
    "certify_reference",
    "record_replays",
    "build_editions",
)


def named_stages(docstring: str, after: str) -> list[str]:
    """The stages a docstring names from the words ``after`` on, in its order."""
    named = [first or second for first, second in STAGE.findall(docstring[docstring.index(after) :])]
    return [name for name in named if name in STAGES]


def calls_in_order(function: Any) -> list[str]:
    """The names of the functions ``function`` calls, in the order they are written."""
    tree = ast.parse(inspect.getsource(function).lstrip())
    calls = [
        (node.lineno, node.col_offset, node.func.id)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    ]
    return [name for _, _, name in sorted(calls)]


def test_build_runs_the_stages_the_docstrings_name_in_their_order() -> None:
    ran = [name for name in calls_in_order(pipeline.build.callback) if name in STAGES]
    assert ran == list(STAGES)
    assert named_stages(commands.__doc__ or "", "which it runs in this order:") == list(STAGES)
    assert named_stages(pipeline.__doc__ or "", "The main job's stages, in the order") == list(STAGES)
    for stage in STAGES:
        assert callable(getattr(pipeline, stage)), stage


def test_a_stage_out_of_order_is_found() -> None:
    def build() -> None:
        export_register()  # type: ignore[name-defined]  # noqa: F821
        check_register()  # type: ignore[name-defined]  # noqa: F821

    assert [name for name in calls_in_order(build) if name in STAGES] == ["export_register", "check_register"]


@pytest.mark.parametrize("name", ["certify", "bench-certify", "verify", "fuzz"])
def test_the_oracle_by_default_is_the_engine_the_main_job_certifies(name: str) -> None:
    oracle = next(p for p in main.commands[name].params if p.name == "oracle_name")
    assert isinstance(oracle, click.Option) and oracle.help
    assert f"(default: the engine {pipeline.REFERENCE_ENGINE!r})" in oracle.help
