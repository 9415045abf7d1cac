"""The suite's command of ``napspec``: ``dump-cases``, the suite as data for runners in any
language (attached to nothing here: the tree is :mod:`napspec.docs.commands`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO

import click

from napspec.spec.errors import SpecError
from napspec.suite.dump import SCHEMA_PATH, dump_lines, problems
from napspec.suite.targets import Target
from napspec.suite.vocabulary import ScenarioError


def _write(target: Target, out: IO[str], seats: tuple[int, ...] = ()) -> tuple[int, int, int]:
    """Write the dump; (cases, scenario rows, rows not applicable)."""
    cases = rows = not_applicable = 0
    for line in dump_lines(target, seats=seats or None):
        found = problems(line)
        if found:
            raise ScenarioError(f"{line['label']}: the dump line breaks its schema: {'; '.join(found)}")
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
        if line["not_applicable"]:
            rows += 1
            not_applicable += 1
        else:
            cases += 1
            rows += line["index"] == 1
    return cases, rows, not_applicable


@click.command("dump-cases")
@click.option("--profile", help="Resolve the cases for this profile.")
@click.option(
    "--variants",
    metavar="NAMES",
    help="With --profile: apply the profile's bundles of these variants (comma-separated, e.g. misery,wellington).",
)
@click.option(
    "--house-rules", type=click.Path(dir_okay=False, path_type=Path), help="Resolve them for these house rules."
)
@click.option(
    "--players",
    "seats",
    multiple=True,
    type=click.IntRange(min=2),
    metavar="N",
    help="A table size the engine seats (repeatable): a row written for another is set at the smallest of these it"
    " can be, as napspec certify sets it for an engine that declares these sizes.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the JSON lines into this file (default: standard output).",
)
def dump_cases(
    profile: str | None, house_rules: Path | None, variants: str | None, seats: tuple[int, ...], output: Path | None
) -> None:
    """Write every case of the suite for one target, with the checks of its answers, as JSON
    lines (one case per line; schema: features/schema/dump-case.schema.json)."""
    if not profile and not house_rules:
        raise click.UsageError("give --profile (or --house-rules)")
    names = [name.strip() for name in variants.split(",")] if variants is not None else []
    if variants is not None and (not profile or house_rules):
        raise click.UsageError("--variants goes with --profile (house rules name their variants in the file)")
    if not all(names):
        raise click.UsageError(f"--variants {variants!r}: give variant names separated by commas")
    try:
        target = Target.from_options(profile, str(house_rules) if house_rules else None, names)
    except (SpecError, ValueError) as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    assert target is not None
    try:
        if output is None:
            cases, rows, not_applicable = _write(target, sys.stdout, seats)
        else:
            output.parent.mkdir(parents=True, exist_ok=True)
            with output.open("w", encoding="utf-8") as out:
                cases, rows, not_applicable = _write(target, out, seats)
    except ScenarioError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    click.echo(
        f"{cases} cases of {rows - not_applicable} scenario rows for {target.name} "
        f"({not_applicable} rows not applicable); schema: {SCHEMA_PATH.name}"
        + (f"; written to {output}" if output else ""),
        err=True,
    )


__all__ = ["dump_cases"]
