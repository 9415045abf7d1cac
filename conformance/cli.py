"""The harness's commands, added to the register's ``napspec`` group (``napspec.spec.cli``):
``certify``. They name no engine: the user gives one, or gets a usage error."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console

from napspec.conformance.certify import print_summary, run_certification, write_reports
from napspec.spec import PROFILE_IDS
from napspec.spec.cli import main
from napspec.spec.errors import SpecError


@main.command()
@click.option("--engine", "engine_name", help="An engine registered under the napspec.engines entry points.")
@click.option("--engine-command", help="A command starting an engine that speaks napspec/1 on stdin/stdout.")
@click.option(
    "--profile",
    "profiles",
    multiple=True,
    help="Certify against this profile (repeat for several; 'all' for the four).",
)
@click.option("--house-rules", type=click.Path(dir_okay=False, path_type=Path), help="Certify against house rules.")
@click.option("--report-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("build/certify"), show_default=True)
@click.option("--case-timeout", type=float, default=10.0, show_default=True, help="Seconds per case.")
@click.option("--max-restarts", type=int, default=5, show_default=True, help="Restarts of a crashed engine.")
@click.option("-k", "keyword", help="Only scenarios matching this pytest -k expression.")
def certify(
    engine_name: str | None,
    engine_command: str | None,
    profiles: tuple[str, ...],
    house_rules: Path | None,
    report_dir: Path,
    case_timeout: float,
    max_restarts: int,
    keyword: str | None,
) -> None:
    """Run the conformance suite against an engine and report rule by rule.

    Exit status 0 only when every applicable scenario passed under every target.
    """
    if engine_name and engine_command:
        raise click.UsageError("give --engine or --engine-command, not both")
    if not engine_name and not (engine_command and engine_command.strip()):
        raise click.UsageError("certify needs an engine: give --engine NAME or --engine-command CMD")
    if house_rules and len(profiles) > 1:
        raise click.UsageError("--house-rules goes with at most one --profile (its base)")
    names: list[str | None] = list(PROFILE_IDS) if profiles == ("all",) else list(profiles)
    if not names and not house_rules:
        raise click.UsageError("give --profile (or --house-rules)")
    console = Console(highlight=False)
    all_passed = True
    for name in names or [None]:  # house rules alone: their base is the profile
        try:
            result = run_certification(
                engine=engine_name,
                engine_command=engine_command,
                profile=name,
                house_rules=str(house_rules) if house_rules else None,
                case_timeout=case_timeout,
                max_restarts=max_restarts,
                keyword=keyword,
            )
        except (SpecError, ValueError) as error:
            click.echo(f"error: {error}", err=True)
            sys.exit(2)
        print_summary(result, console)
        json_path, junit_path = write_reports(result, report_dir)
        console.print(f"reports: {json_path}, {junit_path}\n")
        all_passed &= result.passed
    sys.exit(0 if all_passed else 1)


__all__ = ["main"]
