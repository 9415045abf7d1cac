"""The register's commands of ``napspec``: read, check and export the rule register.

Commands: ``check`` (is the register sound?), ``rules`` (a rule with its sources side by
side), ``options`` (the variation points against the four sources), ``export`` (JSON for
third parties), ``house-rules check FILE``. They are attached to nothing here: the
``napspec`` group, the whole tree of its commands, is built in :mod:`napspec.docs.commands`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from napspec.spec.errors import SpecError
from napspec.spec.export import register_json
from napspec.spec.house_rules import load_house_rules
from napspec.spec.register import Option, OptionValueType, load, value_id
from napspec.spec.transcriptions import quote_spans


def output_console() -> Console:
    """The console the register's commands print to. Piped, a line of text is never wrapped (one
    line of output is one line of the log); tables, which need a width, are laid out at 160
    columns, wide enough for the four sources side by side."""
    terminal = sys.stdout.isatty()
    return Console(highlight=False, soft_wrap=not terminal, width=None if terminal else 160)


@click.command()
def check() -> None:
    """Check the register: every quote found, every id linked, every source accounted for."""
    register = load()
    problems = register.problems()
    for problem in problems:
        click.echo(str(problem), err=True)
    counts = dict.fromkeys(register.sources, 0)
    copied_only = dict.fromkeys(register.sources, 0)
    for rule in register.rules.values():
        for source in {c.source for c in rule.citations}:
            counts[source] += 1
            if all(c.copies for c in rule.citations if c.source == source):
                copied_only[source] += 1
    quotes = sum(1 for _ in register.citations())
    click.echo(
        f"{len(register.rules)} rules in {len(register.chapters)} chapters, {quotes} quotations, "
        f"{len(register.options)} variation points, {len(register.interpretations)} interpretations, "
        f"{len(register.profiles)} profiles; rules citing "
        + ", ".join(
            f"{source} {count}"
            + (f" ({copied_only[source]} only in words copied from another source)" if copied_only[source] else "")
            for source, count in counts.items()
        )
    )
    if problems:
        click.echo(f"{len(problems)} problem(s)", err=True)
        sys.exit(1)
    click.echo("the register is sound")


@click.command()
@click.argument("rule_ids", nargs=-1)
@click.option("--chapter", help="Only the rules of this chapter.")
def rules(rule_ids: tuple[str, ...], chapter: str | None) -> None:
    """Show rules with the sources' words side by side (all rules if no id is given)."""
    register = load()
    if chapter is not None and chapter not in register.chapters:
        raise click.BadParameter(
            f"no chapter {chapter!r} (chapters: {', '.join(register.chapters)})", param_hint="--chapter"
        )
    wanted = list(rule_ids) or [
        rule_id for c in register.chapters.values() if chapter in (None, c.id) for rule_id in c.rules
    ]
    console = output_console()
    for rule_id in wanted:
        rule = register.rules.get(rule_id)
        if rule is None:
            raise click.BadParameter(f"no rule {rule_id!r}", param_hint="RULE_IDS")
        console.print(Text.assemble((rule.id, "bold"), f" — {rule.title}"))
        console.print(statement_text(rule.statement))
        cells: list[Text] = []
        for source_id in register.sources:
            quotes = [quote_text(c.locator, c.quote) for c in rule.citations if c.source == source_id]
            cells.append(Text("\n").join(quotes) if quotes else Text("(silent)", style="dim"))
        if console.is_terminal:
            table = Table(show_lines=True, expand=True)
            for source in register.sources.values():
                table.add_column(source.short, ratio=1)
            table.add_row(*cells)
            console.print(table)
        else:  # piped: one source after another, each line as long as its words
            for source, cell in zip(register.sources.values(), cells, strict=True):
                console.print(Text.assemble((source.short, "bold"), ": ", cell))
        if rule.options:
            console.print("variation points: " + ", ".join(rule.options))
        if rule.interpretations:
            console.print("interpretations: " + ", ".join(rule.interpretations))
        console.print()


@click.command()
def options() -> None:
    """The variation points against the four sources (value, silent, or missing text)."""
    register = load()
    console = output_console()
    if not console.is_terminal:  # piped: one option after another, no table padded to a width
        for option in register.options.values():
            console.print(Text.assemble((option.id, "bold"), f" — {option.title}"))
            for source_id, source in register.sources.items():
                stance, values = option.stance(source_id)
                said = "; ".join(_value_in_line(option, v) for v in values) if stance == "cited" else f"({stance})"
                console.print(Text(f"  {source.short}: {said}"))
            if _uncited_numbers(option):
                console.print(Text(f"  house rules: {_uncited_numbers(option)}"))
        return
    table = Table(show_lines=True)
    table.add_column("option")
    for source in register.sources.values():
        table.add_column(source.short)
    for option in register.options.values():
        row = [f"{option.id}\n[dim]{option.title}[/dim]"]
        if _uncited_numbers(option):
            row[0] += f"\n[dim]house rules: {_uncited_numbers(option)}[/dim]"
        for source_id in register.sources:
            stance, values = option.stance(source_id)
            row.append(
                "\n".join(value_and_words(option, v) for v in values) if stance == "cited" else f"[dim]({stance})[/dim]"
            )
        table.add_row(*row)
    console.print(table)


def _uncited_numbers(option: Option) -> str:
    """What house rules may set an int option to beyond the sources' values, marked uncited.

    >>> from napspec.spec import load
    >>> _uncited_numbers(load().options["lowest-call"])
    'also 2, 3 (uncited: no source gives them)'
    >>> _uncited_numbers(load().options["nap-stakes"])
    ''
    """
    if option.range is None:
        return ""
    cited = {entry.value for entry in option.values}
    others = [number for number in range(option.range.minimum, option.range.maximum + 1) if number not in cited]
    if not others:
        return ""
    listed = ", ".join(map(str, others)) if len(others) <= 5 else f"any other number from {others[0]} to {others[-1]}"
    return f"also {listed} (uncited: no source gives them)"


def _value_in_line(option: Option, value: OptionValueType) -> str:
    spelled, words = value_id(value), option.phrase(value)
    return spelled if words == spelled else f"{spelled} ({words})"


def statement_text(statement: str) -> Text:
    """A rule's statement for the terminal: its ids and values (between backticks in the
    register) in bold, without the backticks.

    >>> statement_text("Under `pool` = `played`, a pool").plain
    'Under pool = played, a pool'
    """
    text = Text()
    for index, part in enumerate(" ".join(statement.split()).split("`")):
        text.append(part, style="bold" if index % 2 else "")
    return text


def quote_text(locator: str, quote: str) -> Text:
    """A citation for the terminal: its locator and the source's words, the copy's italics in
    italics and its dashes as dashes (:func:`~napspec.spec.transcriptions.quote_spans`), and
    nothing taken for markup.

    >>> quote_text("p. 9", "a suit--_i.e._ [one] card").plain
    'p. 9: “a suit—i.e. [one] card”'
    """
    text = Text(f"{locator}: “")
    for words, italic in quote_spans(quote):
        text.append(words, style="italic" if italic else "")
    text.append("”")
    return text


def value_and_words(option: Option, value: OptionValueType) -> str:
    """A value as files write it and, dimmed under it, in words (where they differ)."""
    spelled, words = value_id(value), option.phrase(value)
    return escape(spelled) if words == spelled else f"{escape(spelled)}\n[dim]{escape(words)}[/dim]"


@click.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write to a file.")
def export(output: Path | None) -> None:
    """Write the register as JSON (spec/schema/register.schema.json describes it)."""
    text = register_json()
    if output is None:
        click.echo(text, nl=False)
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as error:
            message = f"cannot write {output}: {error.strerror or error}"
            raise click.BadParameter(message, param_hint="--output") from None
        click.echo(f"wrote {output}")


@click.group("house-rules")
def house_rules() -> None:
    """House rules: a base profile plus overrides."""


@house_rules.command("check")
@click.argument("path", type=click.Path(path_type=Path))
def house_rules_check(path: Path) -> None:
    """Validate a house-rules file and show what it changes."""
    try:
        rules_ = load_house_rules(path)
    except SpecError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    click.echo(f"{rules_.path}: valid; base {rules_.base!r}, {len(rules_.overrides)} override(s)")
    for option, value in rules_.overrides.items():
        uncited = "  (uncited: no source gives this value)" if option in rules_.uncited else ""
        click.echo(f"  {option} = {value!r}{uncited}")
