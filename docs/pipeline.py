"""The main job, and the ``napspec`` command that gathers every part's commands.

This is the one module that knows every part of the project: the register's commands
(:mod:`napspec.spec.cli`), the suite's (:mod:`napspec.suite.cli`), the harness's
(:mod:`napspec.conformance.cli`), the reference
engine (named here, and only here, as the engine the rulebook reports on) and the rulebook
(built with Sphinx from this package's pages and :mod:`napspec.docs.rulebook`).
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import click

from napspec.conformance.certify import print_summary, run_certification, variant_targets, write_reports
from napspec.conformance.cli import main
from napspec.conformance.fuzz_cli import fuzz_command
from napspec.spec import PROFILE_IDS, load
from napspec.spec.cli import output_console
from napspec.spec.export import register_json
from napspec.suite import cli as _suite_cli  # noqa: F401  (adds dump-cases to the command)

#: The folder of the rulebook's pages (this package's data, in a checkout or installed).
DOCS = Path(__file__).resolve().parent
#: The engine whose certification the rulebook shows: the reference engine, in-process by
#: its entry point and over the protocol by its ``serve`` command.
REFERENCE_ENGINE = "reference"
REFERENCE_SERVE = (sys.executable, "-m", "napspec.reference.cli", "serve")

# ``napspec fuzz``: its logic names no engine; the oracle defaults to the reference engine here.
main.add_command(fuzz_command(default_oracle=REFERENCE_ENGINE), name="fuzz")


def build_rulebook(output: Path, certify_dir: Path) -> int:
    """Build the annotated rulebook (``-E -W -n``) into ``output``, showing the certification
    reports found in ``certify_dir``. Returns Sphinx's exit status."""
    from sphinx.cmd.build import build_main

    return build_main(
        [
            "-E",
            "-W",
            "-n",
            "-q",
            "-b",
            "html",
            "-D",
            f"napspec_certify_dir={certify_dir.resolve()}",
            str(DOCS),
            str(output),
        ]
    )


@main.command()
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="The folder to write the HTML rulebook into.",
)
@click.option(
    "--reports",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("build/certify"),
    show_default=True,
    help="The folder of certification reports the status pages show.",
)
def rulebook(output: Path, reports: Path) -> None:
    """Build the annotated rulebook into a folder."""
    started = time.perf_counter()
    status = build_rulebook(output, reports)
    if status:
        click.echo("error: the rulebook did not build", err=True)
        sys.exit(status)
    click.echo(f"rulebook: {output / 'index.html'} ({time.perf_counter() - started:.1f} s)")


@main.command()
@click.option("--output", type=click.Path(file_okay=False, path_type=Path), default=Path("build"), show_default=True)
@click.option("--docs/--no-docs", default=True, show_default=True, help="Build the rulebook too.")
def build(output: Path, docs: bool) -> None:
    """The main job: check the register, export it, certify the reference engine against
    every profile, and every profile with each variant its source gives, in-process and over
    the protocol, and build the annotated rulebook."""
    console = output_console()
    register = load()
    problems = register.problems()
    if problems:
        for problem in problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
    console.print(
        f"[bold]register[/bold]: sound ({len(register.rules)} rules, {len(register.options)} variation points)"
    )
    output.mkdir(parents=True, exist_ok=True)
    (output / "register.json").write_text(register_json(), encoding="utf-8")
    console.print(f"[bold]export[/bold]: {output / 'register.json'}")
    serve_command = shlex.join(REFERENCE_SERVE)
    targets = [target for profile in PROFILE_IDS for target in variant_targets(profile, None)]
    all_passed = True
    for label, engine, command, folder in (
        ("in-process", REFERENCE_ENGINE, None, output / "certify"),
        ("over the protocol", None, serve_command, output / "certify-protocol"),
    ):
        for target in targets:
            result = run_certification(engine=engine, engine_command=command, target=target)
            write_reports(result, folder)
            summary = f"{result.counts()['passed']}/{len(result.applicable)} passed in {result.seconds:.1f} s"
            mark = "[green]certified[/green]" if result.passed else "[red]NOT certified[/red]"
            console.print(f"[bold]certify[/bold] reference {label} against {target.name}: {mark}, {summary}")
            if not result.passed:
                print_summary(result, console)
            all_passed &= result.passed
    if docs:
        started = time.perf_counter()
        status = build_rulebook(output / "docs", output / "certify")
        if status:
            click.echo("error: the rulebook did not build", err=True)
            sys.exit(status)
        console.print(
            f"[bold]rulebook[/bold]: {output / 'docs' / 'index.html'} ({time.perf_counter() - started:.1f} s)"
        )
    sys.exit(0 if all_passed else 1)


__all__ = ["build_rulebook", "main"]


if __name__ == "__main__":
    main()
