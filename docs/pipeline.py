"""The main job (``napspec build``) and the rulebook's editions (``napspec rulebook``).

The main job's stages, in the order :func:`build` runs them: :func:`check_register`,
:func:`export_register`, then :func:`book_beside`, which sets the book while
:func:`certify_reference` certifies the reference engine (named here as the engine the
rulebook reports on, certified by the harness like any engine) and :func:`record_replays`
records its answers to every scenario row, then :func:`build_editions` (the site and the single
page, which show the reports; the site steps through every scenario from the answers recorded).
Each edition is built with Sphinx from this package's pages and :mod:`napspec.docs.rulebook` by
:func:`build_edition`, a process of its own run by :func:`napspec.docs.stages.run_stage`. The
two commands are attached to nothing here: the tree of ``napspec``'s commands is :mod:`napspec.docs.commands`.
"""

from __future__ import annotations

import re
import shlex
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from napspec.conformance.certificate import certify_target
from napspec.conformance.certify import every_target, print_summary, write_reports
from napspec.conformance.harness import open_engine
from napspec.conformance.replays import write_replays
from napspec.spec import load
from napspec.spec.cli import output_console
from napspec.spec.errors import SpecError
from napspec.spec.export import register_json
from napspec.spec.house_rules import load_house_rules

from .stages import (
    MEMORY_LIMIT,
    StageResult,
    publish_file,
    publish_folder,
    report_failure,
    run_stage,
)
from .stages import sphinx_command as stage_sphinx_command

#: The folder of the rulebook's pages (this package's data, in a checkout or installed).
DOCS = Path(__file__).resolve().parent
#: The engine whose certification the rulebook shows: the reference engine, in-process by
#: its entry point and over the protocol by its ``serve`` command. The tree of commands
#: (:mod:`napspec.docs.commands`) makes it the oracle by default of the commands that compare
#: an engine with one.
REFERENCE_ENGINE = "reference"
REFERENCE_SERVE = (sys.executable, "-m", "napspec.reference.cli", "serve")


#: The editions of the rulebook: Sphinx builder → its folder under the output (``""``: the
#: output itself) and the file a reader opens.
EDITIONS: dict[str, tuple[str, str]] = {
    "html": ("", "index.html"),
    "singlehtml": ("single", "index.html"),
    "typst": ("pdf", "napspec-rulebook.pdf"),
}
#: Each edition's name, as the commands print it.
EDITION_NAMES = {"html": "site", "singlehtml": "single page", "typst": "PDF"}
#: Each builder's edition, as the rulebook's extension knows it (``napspec_edition``).
EDITION_OF = {"html": "site", "singlehtml": "single", "typst": "book"}
#: The folder, under an output, of the logs of the editions' builds.
LOGS = "logs"


def edition_path(output: Path, builder: str) -> Path:
    """The file a reader opens of the edition ``builder`` built into ``output``."""
    folder, name = EDITIONS[builder]
    return (output / folder if folder else output) / name


def sphinx_command(
    builder: str, source: Path, out: Path, doctrees: Path, certify_dir: Path, settings: tuple[str, ...] = ()
) -> list[str]:
    """The Sphinx command that builds one edition (``-E -W -n``); what it says goes to the
    stage's log, whose last line is the stage's progress."""
    defines = [item for setting in settings for item in ("-D", setting)]
    return stage_sphinx_command(
        "-E",
        "-W",
        "-n",
        "-N",
        "-b",
        builder,
        "-d",
        str(doctrees),
        "-D",
        f"napspec_certify_dir={certify_dir.resolve()}",
        "-D",
        f"napspec_edition={EDITION_OF[builder]}",
        *defines,
        str(source),
        str(out),
    )


def pdf_pages(path: Path) -> int:
    """The pages of a PDF, as its page tree counts them (the largest ``/Count``)."""
    counts = re.findall(rb"/Count (\d+)", path.read_bytes())
    return max((int(n) for n in counts), default=0)


def build_edition(
    output: Path,
    certify_dir: Path,
    builder: str = "html",
    source: Path = DOCS,
    settings: tuple[str, ...] = (),
    say: Callable[[str], None] = click.echo,
    memory_limit: int = MEMORY_LIMIT,
    stop: threading.Event | None = None,
) -> StageResult:
    """Build one edition of the rulebook into its place under ``output`` as a stage of its own
    (:func:`napspec.docs.stages.run_stage`): built in a scratch folder beside it and put under
    its final name only when it is whole; its log in ``output/logs/``. Says where the edition
    is, how long it took and its peak memory, or, when it fails, why, and removes what an earlier
    run left under its name (nothing under that name is then older than the run)."""
    output.mkdir(parents=True, exist_ok=True)
    name = EDITION_NAMES[builder]
    final = edition_path(output, builder)
    log = output / LOGS / f"{EDITION_OF[builder]}.log"
    with tempfile.TemporaryDirectory(dir=output, prefix=f".{builder}-") as scratch:
        made, doctrees = Path(scratch) / "out", Path(scratch) / "doctrees"
        command = sphinx_command(builder, source, made, doctrees, certify_dir, settings)
        result = run_stage(name, command, log, say, memory_limit=memory_limit, stop=stop)
        if result.ok and not (made / final.relative_to(output / EDITIONS[builder][0])).is_file():
            result.status, result.why = 1, f"it wrote no {final.name}"
        if not result.ok:
            if builder == "typst":
                final.unlink(missing_ok=True)
            report_failure(result, lambda line: click.echo(line, err=True))
            return result
        if builder == "typst":
            publish_file(made / final.name, final)
        elif builder == "html":
            publish_folder(made, output, keep=(*(folder for folder, _ in EDITIONS.values() if folder), LOGS))
        else:
            publish_folder(made, final.parent)
    said = f"{name}: {final} ({result.measures()}"
    if builder == "typst":
        said += f", {pdf_pages(final)} pages"
    said += ")"
    say(said)
    return result


def build_rulebook(
    output: Path,
    certify_dir: Path,
    builder: str = "html",
    source: Path = DOCS,
    settings: tuple[str, ...] = (),
    say: Callable[[str], None] = click.echo,
) -> int:
    """Build one edition of the annotated rulebook (``builder``: ``html``, the site,
    ``singlehtml``, the whole site on one page, or ``typst``, the book as a PDF) into its folder
    under ``output``, showing the certification reports found in ``certify_dir``; ``settings``
    are more ``name=value`` configuration values. Returns the build's exit status."""
    return build_edition(output, certify_dir, builder, source, settings, say).status


def build_editions(
    output: Path,
    certify_dir: Path,
    builders: tuple[str, ...] = tuple(EDITIONS),
    say: Callable[[str], None] = click.echo,
    source: Path = DOCS,
    settings: tuple[str, ...] = (),
) -> int:
    """Build each edition in ``builders`` into ``output``, each a stage of its own; one that
    fails does not stop the others, nor touch what they made. Returns the first failing status
    (0 when all are built)."""
    first_failure = 0
    for builder in builders:
        status = build_edition(output, certify_dir, builder, source, settings, say).status
        first_failure = first_failure or status
    return first_failure


HOUSE_PAGE = """\
```{napspec-house-rules}
```
"""


def house_toctree(entry: str) -> str:
    """The contents entry that puts the house-rules page first."""
    return f"```{{toctree}}\n:caption: This table's rules\n:maxdepth: 1\n\n{entry}\n```\n\n"


def _first_in_contents(page: Path, entry: str) -> None:
    text = page.read_text(encoding="utf-8")
    first = text.index("```{toctree}")
    page.write_text(text[:first] + house_toctree(entry) + text[first:], encoding="utf-8")


def house_rules_source(folder: Path) -> Path:
    """A copy of the rulebook's pages in ``folder`` with the page of a table's house rules
    first in the contents of the site and of the book (the file is named by
    ``napspec_house_rules`` when it is built)."""
    source = folder / "source"
    shutil.copytree(DOCS, source, ignore=shutil.ignore_patterns("__pycache__", "rulebook", "*.py[co]"))
    (source / "house-rules.md").write_text(HOUSE_PAGE, encoding="utf-8")
    _first_in_contents(source / "index.md", "house-rules")
    _first_in_contents(source / "print" / "index.md", "../house-rules")
    return source


def build_house_rules_edition(
    output: Path,
    certify_dir: Path,
    house_rules: Path,
    builders: tuple[str, ...] = tuple(EDITIONS),
    say: Callable[[str], None] = click.echo,
) -> int:
    """The rulebook of one table: its house-rules page first, then the whole book (the PDF's
    title page bears the table's name); each edition in ``builders`` a stage of its own, as
    :func:`build_editions` builds them. Returns the first failing status, or 0."""
    with tempfile.TemporaryDirectory(prefix="napspec-house-") as scratch:
        source = house_rules_source(Path(scratch))
        return build_editions(output, certify_dir, builders, say, source, house_rules_settings(house_rules))


def house_rules_settings(house_rules: Path) -> tuple[str, ...]:
    """The configuration that makes a build from :func:`house_rules_source` one table's."""
    return (f"napspec_house_rules={house_rules.resolve()}",)


def edition_switches(command: Callable[..., None]) -> Callable[..., None]:
    """``--site/--no-site``, ``--single/--no-single`` and ``--pdf/--no-pdf``: which editions to build."""
    for switch, name in (("pdf", "typst"), ("single", "singlehtml"), ("site", "html")):
        command = click.option(
            f"--{switch}/--no-{switch}",
            default=True,
            show_default=True,
            help=f"Build the {EDITION_NAMES[name]} edition.",
        )(command)
    return command


def chosen_builders(site: bool, single: bool, pdf: bool) -> tuple[str, ...]:
    wanted = {"html": site, "singlehtml": single, "typst": pdf}
    return tuple(builder for builder in EDITIONS if wanted[builder])


@click.command()
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
@edition_switches
def rulebook(output: Path, reports: Path, house_rules: Path | None, site: bool, single: bool, pdf: bool) -> None:
    """Build the annotated rulebook into a folder: the site, the whole site on one page and
    the book as a PDF; with --house-rules, the rulebook of one table, its house rules first."""
    builders = chosen_builders(site, single, pdf)
    if "html" in builders:  # the site's replays (and the single page's links to them)
        record_replays(reports, click.echo)
    if house_rules is None:
        sys.exit(build_editions(output, reports, builders))
    try:
        load_house_rules(house_rules)
    except SpecError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    sys.exit(build_house_rules_edition(output, reports, house_rules, builders))


def check_register(say: Callable[[str], None]) -> bool:
    """The main job's first stage: whether the register is sound (its problems, if any, on
    standard error; the job stops there)."""
    started = time.perf_counter()
    register = load()
    problems = register.problems()
    for problem in problems:
        click.echo(str(problem), err=True)
    if not problems:
        say(
            f"register: sound ({len(register.rules)} rules, {len(register.options)} variation points) "
            f"in {time.perf_counter() - started:.1f} s"
        )
    return not problems


def export_register(output: Path, say: Callable[[str], None]) -> Path:
    """The main job's second stage: the register as JSON, ``register.json`` in ``output``."""
    output.mkdir(parents=True, exist_ok=True)
    path = output / "register.json"
    path.write_text(register_json(), encoding="utf-8")
    say(f"export: {path}")
    return path


def certify_reference(output: Path, say: Callable[[str], None], console: Any) -> bool:
    """Certify the reference engine against every profile and every profile with each variant
    its source gives, in-process and over the protocol; one line per target. Whether all passed."""
    serve_command = shlex.join(REFERENCE_SERVE)
    targets = every_target()
    all_passed = True
    oracle = open_engine(REFERENCE_ENGINE, None)
    for label, engine, command, folder in (
        ("in-process", REFERENCE_ENGINE, None, output / "certify"),
        ("over the protocol", None, serve_command, output / "certify-protocol"),
    ):
        started = time.perf_counter()
        for target in targets:
            result = certify_target(
                target,
                engine,
                command,
                oracle=oracle,
                oracle_label=REFERENCE_ENGINE,
            )
            write_reports(result, folder)
            summary = f"{result.counts()['passed']}/{len(result.applicable)} passed in {result.seconds:.1f} s"
            mark = "[green]certified[/green]" if result.passed else "[red]NOT certified[/red]"
            console.print(f"[bold]certify[/bold] reference {label} against {target.name}: {mark}, {summary}")
            if not result.passed:
                print_summary(result, console)
            all_passed &= result.passed
        say(f"certify {label}: {len(targets)} targets in {time.perf_counter() - started:.1f} s, reports in {folder}")
    return all_passed


def record_replays(folder: Path, say: Callable[[str], None]) -> Path:
    """Record the reference engine's answers to every scenario row into ``folder``, beside its
    reports: the site steps through each scenario from them (:mod:`napspec.conformance.replays`).
    The engine is opened as every stage opens it, by the harness."""
    started = time.perf_counter()
    engine = open_engine(REFERENCE_ENGINE, None)
    try:
        path = write_replays(engine, folder)
    finally:
        engine.close()
    say(f"replays: {path} ({path.stat().st_size // 1024} KB) in {time.perf_counter() - started:.1f} s")
    return path


@dataclass
class BookStage:
    """The book's stage as the main job runs it beside the others: its status when it is done."""

    status: int = 0


@contextmanager
def book_beside(output: Path, wanted: bool, say: Callable[[str], None]) -> Iterator[BookStage]:
    """Set the book (the PDF) in a thread of its own while the main job certifies the engine:
    it prints no certification, so it waits for none, and its stage, a process of its own,
    takes the second core. Leaving the block waits for it; an interruption stops it first."""
    book = BookStage()
    if not wanted:
        yield book
        return
    stop = threading.Event()

    def set_book() -> None:
        with tempfile.TemporaryDirectory(prefix="napspec-no-reports-") as no_reports:
            book.status = build_edition(output, Path(no_reports), "typst", say=say, stop=stop).status

    thread = threading.Thread(target=set_book, name="the book", daemon=True)
    thread.start()
    try:
        yield book
    except BaseException:
        stop.set()
        raise
    finally:
        thread.join()


@click.command()
@click.option("--output", type=click.Path(file_okay=False, path_type=Path), default=Path("build"), show_default=True)
@click.option("--docs/--no-docs", default=True, show_default=True, help="Build the rulebook too.")
@edition_switches
def build(output: Path, docs: bool, site: bool, single: bool, pdf: bool) -> None:
    """The main job: check the register, export it, certify the reference engine against
    every profile, and every profile with each variant its source gives, in-process and over
    the protocol, and build the annotated rulebook: the site, the single page and the book.
    Each stage says how long it took; one that fails says why and does not stop the others."""
    console = output_console()

    def say(line: str) -> None:
        console.print(line, markup=False, highlight=False)

    job_started = time.perf_counter()
    if not check_register(say):
        sys.exit(1)
    export_register(output, say)
    builders = chosen_builders(site, single, pdf) if docs else ()
    # The book prints no certification: it is set while the engine is certified, on the other
    # core; the site and the single page, which show the reports, follow. Never more than the
    # book and the certification at once, so that the job's memory is the book's and little more.
    with book_beside(output / "docs", "typst" in builders, say) as book:
        all_passed = certify_reference(output, say, console)
        if "html" in builders:  # the site's replays (and the single page's links to them)
            record_replays(output / "certify", say)
    others = tuple(builder for builder in builders if builder != "typst")
    status = build_editions(output / "docs", output / "certify", others, say=say)
    status = book.status or status
    say(f"main job: {time.perf_counter() - job_started:.1f} s in all")
    if status:
        sys.exit(status)
    sys.exit(0 if all_passed else 1)


__all__ = [
    "EDITIONS",
    "REFERENCE_ENGINE",
    "build",
    "build_edition",
    "build_editions",
    "build_house_rules_edition",
    "build_rulebook",
    "certify_reference",
    "check_register",
    "edition_path",
    "export_register",
    "record_replays",
    "rulebook",
]
