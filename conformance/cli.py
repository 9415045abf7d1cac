"""The ``napspec`` command: the register's commands (``spec.cli``) plus ``certify``."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import click
from rich.console import Console

from conformance.certify import REPO, print_summary, run_certification, write_reports
from spec import PROFILE_IDS, load
from spec.cli import main
from spec.errors import SpecError

DOCS = REPO / "docs"


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


@main.command()
@click.option("--output", type=click.Path(file_okay=False, path_type=Path), default=Path("build"), show_default=True)
@click.option("--docs/--no-docs", default=True, show_default=True, help="Build the rulebook too.")
def build(output: Path, docs: bool) -> None:
    """The main job: check the register, export it, certify the reference engine against
    every profile in-process and over the protocol, and build the annotated rulebook."""
    from spec.export import register_json

    console = Console(highlight=False)
    register = load()
    problems = register.problems()
    if problems:
        for problem in problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
    console.print(f"[bold]register[/bold]: sound ({len(register.rules)} rules, {len(register.options)} variation points)")
    output.mkdir(parents=True, exist_ok=True)
    (output / "register.json").write_text(register_json(), encoding="utf-8")
    console.print(f"[bold]export[/bold]: {output / 'register.json'}")
    serve_command = f"{shlex.quote(sys.executable)} -m reference_impl.cli serve"
    all_passed = True
    for label, engine, command, folder in (
        ("in-process", "reference", None, output / "certify"),
        ("over the protocol", None, serve_command, output / "certify-protocol"),
    ):
        for profile in PROFILE_IDS:
            result = run_certification(engine=engine, engine_command=command, profile=profile, house_rules=None)
            write_reports(result, folder)
            summary = f"{result.counts()['passed']}/{len(result.applicable)} passed in {result.seconds:.1f} s"
            mark = "[green]certified[/green]" if result.passed else "[red]NOT certified[/red]"
            console.print(f"[bold]certify[/bold] reference {label} against {profile}: {mark}, {summary}")
            if not result.passed:
                print_summary(result, console)
            all_passed &= result.passed
    if docs:
        from sphinx.cmd.build import build_main

        started = time.perf_counter()
        status = build_main(["-E", "-W", "-n", "-q", "-b", "html", str(DOCS), str(output / "docs")])
        if status:
            click.echo("error: the rulebook did not build", err=True)
            sys.exit(status)
        console.print(
            f"[bold]rulebook[/bold]: {output / 'docs' / 'index.html'} ({time.perf_counter() - started:.1f} s)"
        )
    sys.exit(0 if all_passed else 1)


__all__ = ["main"]
