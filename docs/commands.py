"""The ``napspec`` command: the whole tree of its commands, built here and nowhere else.

Each part of the project defines its commands and attaches them to nothing; this module adds
every one to the ``napspec`` group by name, in the order a reader meets the parts, which is
also the order ``napspec --help`` lists them in. The commands, and the module each is
defined in::

    check          napspec.spec.cli                  the register
    rules          napspec.spec.cli
    options        napspec.spec.cli
    export         napspec.spec.cli
    house-rules    napspec.spec.cli                  (a group: house-rules check)
    dump-cases     napspec.suite.cli                 the suite, as data
    capabilities   napspec.conformance.capabilities  an engine's certification
    smoke          napspec.conformance.cli
    certify        napspec.conformance.cli
    bench-certify  napspec.conformance.cli
    summary        napspec.conformance.reports_cli   the saved reports
    badge          napspec.conformance.reports_cli
    verify         napspec.conformance.reports_cli
    discover       napspec.conformance.discover_cli  the rules an engine plays
    fuzz           napspec.conformance.fuzz_cli      an engine against an oracle
    rulebook       napspec.docs.pipeline             the annotated rulebook
    build          napspec.docs.pipeline             the main job

The main job is ``napspec build`` (:func:`napspec.docs.pipeline.build`). Its stages are
functions of :mod:`napspec.docs.pipeline`, which it runs in this order:

1. :func:`~napspec.docs.pipeline.check_register`: the register is sound, or the job stops;
2. :func:`~napspec.docs.pipeline.export_register`: the register as JSON;
3. :func:`~napspec.docs.pipeline.book_beside`: the book (the PDF) set in a thread of its own,
   on the other core, while
4. :func:`~napspec.docs.pipeline.certify_reference` certifies the reference engine against
   every profile and variant, in-process and over the protocol, and
   :func:`~napspec.docs.pipeline.record_replays` records its answers to every scenario row;
5. :func:`~napspec.docs.pipeline.build_editions`: the site and the single page, which show the
   reports (the site steps through every scenario from the recorded answers).

Each edition of the rulebook is a stage of its own (:func:`~napspec.docs.pipeline.build_edition`):
a process run by :func:`napspec.docs.stages.run_stage`, timed, its memory bounded, its log kept.

The commands that compare an engine with an oracle (``certify``, ``bench-certify``, ``verify
--rerun``, ``fuzz``) are made here by their factories, given the oracle they use when none is
named: the reference engine (:data:`napspec.docs.pipeline.REFERENCE_ENGINE`, the engine the main
job certifies). It is named at the top and only there, as the harness names no engine; nothing
is added to the tree, nor any default set, when a part's module is imported
(``tests/test_architecture.py`` holds both).
"""

from __future__ import annotations

import click

from napspec.conformance.capabilities import capabilities_command
from napspec.conformance.cli import bench_certify_command, certify_command, smoke
from napspec.conformance.discover_cli import discover_command
from napspec.conformance.fuzz_cli import fuzz_command
from napspec.conformance.reports_cli import badge, summary, verify_command
from napspec.docs.pipeline import REFERENCE_ENGINE, build, rulebook
from napspec.spec.cli import check, export, house_rules, options, rules
from napspec.suite.cli import dump_cases


class InOrder(click.Group):
    """A group that lists its commands in the order they were added, not A to Z."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)


@click.group(cls=InOrder, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="napspec")
def main() -> None:
    """napspec: the cited, executable rules of Napoleon (Nap).

    The main job is `napspec build`: check the register, export it, certify the reference
    engine and build the annotated rulebook. The commands below come part by part: the
    register's, the suite's, an engine's certification and its saved reports, the rules an
    engine plays, fuzzing, the rulebook and the main job.
    """


# The register (napspec.spec): read it, check it, export it, and check a table's house rules.
main.add_command(check, "check")
main.add_command(rules, "rules")
main.add_command(options, "options")
main.add_command(export, "export")
main.add_command(house_rules, "house-rules")
# The suite (napspec.suite): every case of a target, as data for runners in any language.
main.add_command(dump_cases, "dump-cases")
# An engine's certification (napspec.conformance): what to declare, whether it starts, the
# certificate itself and what it costs.
main.add_command(capabilities_command(), "capabilities")
main.add_command(smoke, "smoke")
main.add_command(certify_command(default_oracle=REFERENCE_ENGINE), "certify")
main.add_command(bench_certify_command(default_oracle=REFERENCE_ENGINE), "bench-certify")
# The saved reports: side by side, as a badge, checked (or made again).
main.add_command(summary, "summary")
main.add_command(badge, "badge")
main.add_command(verify_command(default_oracle=REFERENCE_ENGINE), "verify")
# The rules an engine plays, found from its play; and random deals against an oracle.
main.add_command(discover_command, "discover")
main.add_command(fuzz_command(default_oracle=REFERENCE_ENGINE), "fuzz")
# The rulebook, and the main job (napspec.docs.pipeline).
main.add_command(rulebook, "rulebook")
main.add_command(build, "build")

__all__ = ["main"]


if __name__ == "__main__":
    main()
