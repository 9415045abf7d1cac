"""A capabilities block ready to paste into an engine's ``hello`` (``napspec capabilities``).

An engine declares every value it plays of every option (section 10 of the implementers'
guide); one that plays one target's game declares that target's value of each option the
protocol carries, the variants the target switches on, and the queries its cases ask. The
block is made from the register and the suite, so it makes every case of the target that
the engine plays (the regular ones, or all with ``irregular``) applicable, and nothing
else:

>>> from napspec.suite.targets import Target
>>> block = capabilities_for(Target.from_options("hoyle", None, ["misery"]))
>>> block["profiles"], block["variants"], block["irregular_play"]
(['hoyle'], ['misery'], False)
>>> block["options"]["misery"], block["options"]["players-max"]
(['no-trumps'], [6])
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

import click

from napspec.conformance.certify import parse_variants, resolve_target
from napspec.protocol import OPTIONS_BY_PROTOCOL, PROTOCOL
from napspec.protocol.schemas import load_schema
from napspec.spec import PROFILE_IDS
from napspec.spec.errors import SpecError
from napspec.spec.terminal import ExitStatus
from napspec.suite.dump import dump_lines
from napspec.suite.targets import Target


@cache
def query_order() -> tuple[str, ...]:
    """Every query of the protocol, in the order its schema lists them."""
    return tuple(load_schema("common")["$defs"]["query"]["enum"])


def capabilities_for(target: Target, *, irregular: bool = False) -> dict[str, Any]:
    """The ``capabilities`` of an engine that plays ``target`` (with ``irregular``, its
    irregular cases too): the target's value of every option the protocol carries, the
    target's variants, and every query a case of the target that such an engine is sent
    asks."""
    carried = OPTIONS_BY_PROTOCOL[PROTOCOL]
    asked: set[str] = set()
    for line in dump_lines(target):
        case = line["case"]
        if case is not None and (irregular or not case["irregular"]):
            asked.update(case["queries"])
    return {
        "profiles": [target.base],
        "options": {option: [target.values[option]] for option in carried if option in target.values},
        "variants": list(target.variants),
        "queries": [query for query in query_order() if query in asked],
        "irregular_play": irregular,
    }


def dumps(value: Any, indent: str = "") -> str:
    """``value`` as JSON, an object's members one to a line and everything else on one line,
    so that each option of a block reads on a line of its own.

    >>> print(dumps({"options": {"pack": [52]}, "queries": ["state"]}))
    {
      "options": {
        "pack": [52]
      },
      "queries": ["state"]
    }
    """
    if not isinstance(value, dict) or not value:
        return json.dumps(value)
    inner = indent + "  "
    members = [f"{inner}{json.dumps(key)}: {dumps(item, inner)}" for key, item in value.items()]
    return "{\n" + ",\n".join(members) + "\n" + indent + "}"


def capabilities_command() -> click.Command:
    """``napspec capabilities``, to be added to the ``napspec`` group."""

    @click.command(name="capabilities")
    @click.option("--profile", type=click.Choice(PROFILE_IDS), help="The profile played (or the house rules' base).")
    @click.option("--variants", metavar="NAMES", help="With --profile: the profile's bundles of these variants.")
    @click.option("--house-rules", type=click.Path(dir_okay=False, path_type=Path), help="House rules played.")
    @click.option("--irregular", is_flag=True, help="The engine plays irregular cases too (offences, misdeals).")
    @click.option(
        "--hello", is_flag=True, help="Print a whole hello response (with a name and version to change), not the block."
    )
    def capabilities(
        profile: str | None, variants: str | None, house_rules: Path | None, irregular: bool, hello: bool
    ) -> None:
        """Print the capabilities block of an engine that plays one target, as JSON ready to
        paste into its hello response: the target's value of every option, its variants,
        and the queries its cases ask. Exit status: 0, or 2 for a usage error."""
        try:
            names = parse_variants(variants)
            if names is None:
                raise ValueError("--variants each names several targets: give the variants of one")
            if not profile and not house_rules:
                raise ValueError("give --profile P (and --variants a,b) or --house-rules FILE")
            target = resolve_target(profile, str(house_rules) if house_rules else None, names)
        except (ValueError, SpecError, OSError) as error:
            click.echo(f"error: {error}", err=True)
            sys.exit(int(ExitStatus.USAGE_ERROR))
        block = capabilities_for(target, irregular=irregular)
        if hello:
            engine = {"name": "my-nap", "version": "1.0", "language": "Python"}
            click.echo(dumps({"protocol": PROTOCOL, "engine": engine, "capabilities": block}))
        else:
            click.echo(dumps(block))

    return capabilities


__all__ = ["capabilities_command", "capabilities_for", "dumps", "query_order"]
