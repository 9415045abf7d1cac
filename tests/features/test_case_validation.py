"""The suite validates the cases it makes by parts (the options, each distinct action and the
rest, each remembered), and the lines of its dump likewise (the case, each distinct check and
the rest): its verdict must be the schema's verdict on the whole."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from napspec.protocol import schemas
from napspec.suite import cases, dump
from napspec.suite.cases import call, make_case, play, protocol_problems, schema_problems
from napspec.suite.dump import dump_lines
from napspec.suite.targets import Target

BASE = make_case(
    "validation/peel",
    profile="peel",
    players=2,
    hands=["AS KS QS JS TS", "2C 3C 4C 5C 6C"],
    actions=[call(1, 2), play(1, "2C")],
    queries=["state"],
)

#: Places in a case and values to put there: some valid, most not.
MUTATIONS: list[tuple[tuple[str | int, ...], Any]] = [
    (("options", "cut-minimum"), "x"),
    (("options", "cut-minimum"), 2.5),
    (("options", "Bad Key"), 1),
    (("options", "misery"), None),
    (("actions", 1, "card"), "ZZ"),
    (("actions", 1, "card"), "KS"),
    (("actions", 0, "tricks"), 9),
    (("actions", 0, "seat"), -1),
    (("actions", 0, "extra"), True),
    (("actions", 1), "play"),
    (("start", "hands", 0), ["AS"]),
    (("start", "hands", 0), ["AS", "AS", "AS", "AS", "AS"]),
    (("start",), {"deck": ["AS"]}),
    (("id",), ""),
    (("id",), "x" * 301),
    (("id",), 7),
    (("players",), 11),
    (("irregular",), "no"),
    (("queries",), ["state", "state"]),
    (("queries",), ["weather"]),
    # napspec/1.2: fields that the schema's conditions allow only under some options
    (("options", "pool"), "played"),
    (("options", "peep"), "played"),
    (("options", "purchase"), "played"),
    (("options", "pack"), "short-28-36"),
    (("pool",), 3),
    (("original_dealer",), 1),
    (("start", "peep_card"), "2H"),
    (("start", "stock"), ["2H", "3H"]),
    (("start",), {"end_of_session": {"draw": []}}),
    (("queries",), ["pool"]),
    (("players",), 4),
    (("actions", 0), {"type": "buy", "seat": 0, "cards": []}),
]


def _mutated(changes: list[tuple[tuple[str | int, ...], Any]], base: dict[str, Any] = BASE) -> dict[str, Any]:
    """A copy of ``base`` with each value put at its place; a change inside a part an earlier
    one replaced, or at an index past a list's end, is void."""
    changed = copy.deepcopy(base)
    for path, value in changes:
        node: Any = changed
        for key in path[:-1]:
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                node = None
        key = path[-1]
        if isinstance(node, dict) or (isinstance(node, list) and isinstance(key, int) and key < len(node)):
            node[key] = value  # type: ignore[index]  # a list's keys here are ints
    return changed


def test_the_schema_conditions_read_the_options_of_napspec_1_2_and_only_count_actions() -> None:
    read = cases._options_the_conditions_read()
    assert {"pack", "pool", "peep", "purchase"} <= read
    assert cases._conditions_read_only_how_many_actions()


def test_the_unchanged_case_is_valid_both_ways() -> None:
    assert protocol_problems(BASE) == [] == schemas.errors("case", BASE)


@settings(max_examples=300, derandomize=True, deadline=None)
@for_all(st.lists(st.sampled_from(MUTATIONS), max_size=4))
def test_validating_by_parts_agrees_with_the_whole_schema(changes: list[tuple[tuple[str | int, ...], Any]]) -> None:
    case = _mutated(changes)
    whole = schemas.errors("case", case)
    by_parts = schema_problems(case)
    assert bool(whole) == bool(by_parts), (changes, whole, by_parts)


# ------------------------------------------------------------------- the lines of a dump


@cache
def _dump_line() -> dict[str, Any]:
    """A line of a real dump, with a case and more than one check."""
    target = Target.from_options("hoyle", None)
    assert target is not None
    lines = dump_lines(target)
    return next(line for line in lines if line["case"] and len(line["checks"]) > 1)


#: Places in a dump line and values to put there: some valid, most not.
LINE_MUTATIONS: list[tuple[tuple[str | int, ...], Any]] = [
    (("format",), "napspec-cases/2"),
    (("suite_hash",), "x"),
    (("index",), 0),
    (("of",), -1),
    (("not_applicable",), "not for this target"),
    (("not_applicable",), ""),
    (("extra",), 1),
    (("rules",), []),
    (("case",), None),
    (("case",), "case"),
    (("case", "players"), 11),
    (("case", "actions", 0, "seat"), -1),
    (("case", "options", "pool"), "played"),
    (("case", "queries"), ["weather"]),
    (("checks",), []),
    (("checks",), "none"),
    (("checks", 0, "line"), 0),
    (("checks", 0, "select"), [{"get": ["answers", -1]}]),
    (("checks", 0, "select"), [{"sort": False}]),
    (("checks", 0, "queries"), ["weather"]),
    (("checks", 1, "let"), [{"name": "Bad", "select": []}]),
    (("checks", 1), {}),
    (("checks", 1, "expected"), {"any": ["json"]}),
]


def test_an_unchanged_dump_line_is_valid_both_ways() -> None:
    line = _dump_line()
    assert dump.problems(line) == [] == list(dump._validator().iter_errors(line))


@settings(max_examples=100, derandomize=True, deadline=None)
@for_all(st.lists(st.sampled_from(LINE_MUTATIONS), max_size=3))
def test_a_dump_line_validated_by_parts_as_by_the_whole_schema(
    changes: list[tuple[tuple[str | int, ...], Any]],
) -> None:
    line = _mutated(changes, _dump_line())
    whole = [error.message for error in dump._validator().iter_errors(line)]
    by_parts = dump.problems(line, limit=100)
    assert bool(whole) == bool(by_parts), (changes, whole, by_parts)
    if not any(path[0] == "case" for path, _ in changes):  # outside the case, worded alike
        assert len(whole) == len(by_parts), (changes, whole, by_parts)
