"""The main job, and the ``napspec`` command that gathers every part's commands.

This is the one module that knows every part of the project: the register's commands
(:mod:`napspec.spec.cli`), the suite's (:mod:`napspec.suite.cli`), the harness's
(:mod:`napspec.conformance.cli`), the reference
engine (named here, and only here, as the engine the rulebook reports on) and the rulebook
(built with Sphinx from this package's pages and :mod:`napspec.docs.rulebook`).
"""

from __future__ import annotations

import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import click

from napspec.conformance import discover_cli as _discover_cli  # noqa: F401  (adds discover to the command)
from napspec.conformance.certificate import certify_target
from napspec.conformance.certify import open_engine, print_summary, variant_targets, write_reports
from napspec.conformance.cli import main, set_default_oracle
from napspec.conformance.fuzz_cli import fuzz_command
from napspec.spec import PROFILE_IDS, load
from napspec.spec.cli import output_console
from napspec.spec.errors import SpecError
from napspec.spec.export import register_json
from napspec.spec.house_rules import load_house_rules
from napspec.suite import cli as _suite_cli  # noqa: F401  (adds dump-cases to the command)

#: The folder of the rulebook's pages (this package's data, in a checkout or installed).
DOCS = Path(__file__).resolve().parent
#: The engine whose certification the rulebook shows: the reference engine, in-process by
#: its entry point and over the protocol by its ``serve`` command.
REFERENCE_ENGINE = "reference"
REFERENCE_SERVE = (sys.executable, "-m", "napspec.reference.cli", "serve")

# ``napspec fuzz``: its logic names no engine; the oracle defaults to the reference engine here.
main.add_command(fuzz_command(default_oracle=REFERENCE_ENGINE), name="fuzz")
# ``napspec certify``'s random deals are compared with the reference engine too, loaded by its
# entry point like any engine (``--oracle``/``--oracle-command`` choose another).
set_default_oracle(REFERENCE_ENGINE)


#: The editions of the rulebook: Sphinx builder → its folder under the output (``""``: the
#: output itself) and the file a reader opens.
EDITIONS: dict[str, tuple[str, str]] = {
    "html": ("", "index.html"),
    "singlehtml": ("single", "index.html"),
    "rinoh": ("pdf", "napspec-rulebook.pdf"),
}
#: Each edition's name, as the commands print it.
EDITION_NAMES = {"html": "rulebook", "singlehtml": "single page", "rinoh": "PDF"}


def edition_path(output: Path, builder: str) -> Path:
    """The file a reader opens of the edition ``builder`` built into ``output``."""
    folder, name = EDITIONS[builder]
    return (output / folder if folder else output) / name


def build_rulebook(
    output: Path,
    certify_dir: Path,
    builder: str = "html",
    source: Path = DOCS,
    settings: tuple[str, ...] = (),
) -> int:
    """Build one edition of the annotated rulebook (``-E -W -n``; ``builder``: ``html``, the
    site, ``singlehtml``, the whole book on one page, or ``rinoh``, the PDF) into its folder
    under ``output``, showing the certification reports found in ``certify_dir``; ``settings``
    are more ``name=value`` configuration values. Returns Sphinx's exit status."""
    from sphinx.cmd.build import build_main

    folder, _name = EDITIONS[builder]
    defines = [item for setting in settings for item in ("-D", setting)]
    status = build_main(
        [
            "-E",
            "-W",
            "-n",
            "-q",
            "-b",
            builder,
            "-D",
            f"napspec_certify_dir={certify_dir.resolve()}",
            *defines,
            str(source),
            str(output / folder if folder else output),
        ]
    )
    # rinohtype's log of the styles it matched, tens of megabytes that no reader needs
    for log in (output / folder).glob("*.stylelog") if folder else ():
        log.unlink()
    return status


def build_editions(
    output: Path,
    certify_dir: Path,
    builders: tuple[str, ...] = tuple(EDITIONS),
    say: Callable[[str], None] = click.echo,
) -> int:
    """Build each edition in ``builders`` into ``output``, saying where each is and how long
    it took; stops at the first that fails and returns its status (0 when all are built)."""
    for builder in builders:
        started = time.perf_counter()
        status = build_rulebook(output, certify_dir, builder)
        if status:
            click.echo(f"error: the {EDITION_NAMES[builder]} edition of the rulebook did not build", err=True)
            return status
        say(f"{EDITION_NAMES[builder]}: {edition_path(output, builder)} ({time.perf_counter() - started:.1f} s)")
    return 0


HOUSE_PAGE = """\
```{napspec-house-rules}
```
"""
HOUSE_TOCTREE = """\
```{toctree}
:caption: This table's rules
:maxdepth: 1

house-rules
```

"""


def house_rules_source(folder: Path) -> Path:
    """A copy of the rulebook's pages in ``folder`` with the page of a table's house rules
    first in the contents (the file is named by ``napspec_house_rules`` when it is built)."""
    source = folder / "source"
    shutil.copytree(DOCS, source, ignore=shutil.ignore_patterns("__pycache__", "rulebook", "*.py[co]"))
    (source / "house-rules.md").write_text(HOUSE_PAGE, encoding="utf-8")
    index = source / "index.md"
    text = index.read_text(encoding="utf-8")
    first = text.index("```{toctree}")
    index.write_text(text[:first] + HOUSE_TOCTREE + text[first:], encoding="utf-8")
    return source


def build_house_rules_edition(
    output: Path,
    certify_dir: Path,
    house_rules: Path,
    builders: tuple[str, ...] = tuple(EDITIONS),
    say: Callable[[str], None] = click.echo,
) -> int:
    """The rulebook of one table: its house-rules page first, then the whole book; every
    edition in ``builders`` is built in a scratch folder and copied into ``output`` only when
    all are built. Returns the first failing status, or 0."""
    with tempfile.TemporaryDirectory(prefix="napspec-house-") as scratch:
        folder = Path(scratch)
        source = house_rules_source(folder)
        built = folder / "out"
        setting = (f"napspec_house_rules={house_rules.resolve()}",)
        for builder in builders:
            started = time.perf_counter()
            status = build_rulebook(built, certify_dir, builder, source, setting)
            if status:
                click.echo(f"error: the {EDITION_NAMES[builder]} edition of the rulebook did not build", err=True)
                return status
            say(f"{EDITION_NAMES[builder]} (house rules): built in {time.perf_counter() - started:.1f} s")
        output.mkdir(parents=True, exist_ok=True)
        shutil.copytree(built, output, dirs_exist_ok=True)
    for builder in builders:
        say(f"{EDITION_NAMES[builder]}: {edition_path(output, builder)}")
    return 0


@main.command()
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="The folder to write the rulebook into (the single page in single/, the PDF in pdf/).",
)
@click.option(
    "--reports",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("build/certify"),
    show_default=True,
    help="The folder of certification reports (and of napspec discover's findings) the status pages show.",
)
@click.option(
    "--house-rules",
    "house_rules",
    type=click.Path(path_type=Path),
    default=None,
    help="A house-rules file: build the rulebook of that table, its rules first.",
)
@click.option("--pdf/--no-pdf", default=True, show_default=True, help="Build the PDF edition too (the slowest).")
def rulebook(output: Path, reports: Path, house_rules: Path | None, pdf: bool) -> None:
    """Build the annotated rulebook into a folder: the site, the whole book on one page and
    the PDF; with --house-rules, the rulebook of one table, its house rules first."""
    builders = tuple(b for b in EDITIONS if pdf or b != "rinoh")
    if house_rules is None:
        sys.exit(build_editions(output, reports, builders))
    try:
        load_house_rules(house_rules)
    except SpecError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    sys.exit(build_house_rules_edition(output, reports, house_rules, builders))


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
    oracle = open_engine(REFERENCE_ENGINE, None)
    for label, engine, command, folder in (
        ("in-process", REFERENCE_ENGINE, None, output / "certify"),
        ("over the protocol", None, serve_command, output / "certify-protocol"),
    ):
        for target in targets:
            result = certify_target(target, engine, command, oracle=oracle, oracle_label=REFERENCE_ENGINE)
            write_reports(result, folder)
            summary = f"{result.counts()['passed']}/{len(result.applicable)} passed in {result.seconds:.1f} s"
            mark = "[green]certified[/green]" if result.passed else "[red]NOT certified[/red]"
            console.print(f"[bold]certify[/bold] reference {label} against {target.name}: {mark}, {summary}")
            if not result.passed:
                print_summary(result, console)
            all_passed &= result.passed
    if docs:
        status = build_editions(output / "docs", output / "certify", say=lambda line: console.print(line, markup=False))
        if status:
            sys.exit(status)
    sys.exit(0 if all_passed else 1)


__all__ = ["EDITIONS", "build_editions", "build_house_rules_edition", "build_rulebook", "edition_path", "main"]


if __name__ == "__main__":
    main()
