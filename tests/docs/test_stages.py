"""The main job's stages: each timed and its memory measured and bounded, its tool's output kept
in a log shown only when it fails, and nothing under an edition's final name unless it is whole."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from napspec.docs.commands import main
from napspec.docs.pipeline import EDITIONS, build_edition, chosen_builders, edition_path
from napspec.docs.stages import last_activity, publish_folder, run_stage


def python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def test_a_stage_is_timed_and_its_peak_memory_measured(tmp_path: Path) -> None:
    said: list[str] = []
    code = "b = bytearray(150 * 1024 * 1024); print('made', len(b))"
    result = run_stage("allocate", python(code), tmp_path / "log", said.append)
    assert result.ok, result.why
    assert result.peak_bytes >= 150 * 1024 * 1024
    assert result.seconds > 0
    assert "made 157286400" in (tmp_path / "log").read_text()
    assert said == []  # its output went to the log, not to the terminal


def test_a_stage_over_its_memory_bound_is_stopped_and_says_so(tmp_path: Path) -> None:
    code = "import time\nb = bytearray(400 * 1024 * 1024)\nb[::4096] = b'x' * len(b[::4096])\ntime.sleep(30)"
    result = run_stage("greedy", python(code), tmp_path / "log", lambda _line: None, memory_limit=100 * 1024**2)
    assert not result.ok
    assert "more than 100 MB of memory" in result.why
    assert result.seconds < 25


def test_a_long_stage_says_how_far_it_has_come(tmp_path: Path) -> None:
    said: list[str] = []
    code = "import sys, time\nfor n in range(1, 4):\n    print(f'page {n}', end='\\r', flush=True); time.sleep(0.5)"
    result = run_stage("pages", python(code), tmp_path / "log", said.append, heartbeat=0.6)
    assert result.ok
    assert said and all(line.startswith("  pages: ") for line in said)
    assert any("page " in line for line in said), said


def test_last_activity_reads_a_progress_bar_or_the_last_line(tmp_path: Path) -> None:
    log = tmp_path / "log"
    log.write_bytes(b"reading sources... [ 98%] sources/peel\nwriting output... \x1b[31m\n")
    assert last_activity(log) == "writing output... [31m"
    assert last_activity(tmp_path / "missing") == ""


def test_a_failed_edition_names_its_stage_and_leaves_nothing_under_its_name(tmp_path: Path) -> None:
    """A PDF stage that fails (here: a source folder with no configuration) says it failed and
    why, shows the end of its log, leaves no PDF (an earlier run's included) and no scratch folder."""
    output = tmp_path / "out"
    stale = edition_path(output, "typst")
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"")  # what a killed run used to leave
    empty = tmp_path / "no-docs"
    empty.mkdir()
    runner_output: list[str] = []
    result = build_edition(output, tmp_path / "reports", "typst", source=empty, say=runner_output.append)
    assert not result.ok
    assert not stale.exists()
    assert sorted(p.name for p in output.iterdir()) == ["logs", "pdf"]
    assert list((output / "pdf").iterdir()) == []
    assert runner_output == []
    assert (output / "logs" / "book.log").read_text(encoding="utf-8").strip()


def test_the_failure_is_said_on_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "no-docs"
    empty.mkdir()
    build_edition(tmp_path / "out", tmp_path, "singlehtml", source=empty, say=lambda _line: None)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("error: the stage single page failed: it exited with status 2 (after "), lines[:3]
    assert lines[1] == f"the end of its log ({tmp_path / 'out' / 'logs' / 'single.log'}):"
    assert any("conf.py" in line for line in lines[2:]), lines


@pytest.mark.parametrize(
    ("switches", "built"),
    [
        ((True, True, True), tuple(EDITIONS)),
        ((True, True, False), ("html", "singlehtml")),
        ((False, False, True), ("typst",)),
        ((False, False, False), ()),
    ],
)
def test_each_edition_can_be_left_out(switches: tuple[bool, bool, bool], built: tuple[str, ...]) -> None:
    assert chosen_builders(*switches) == built


@pytest.mark.parametrize("command", ["build", "rulebook"])
def test_both_commands_offer_every_edition_switch(command: str) -> None:
    result = CliRunner().invoke(main, [command, "--help"])
    for switch in ("--no-site", "--no-single", "--no-pdf"):
        assert switch in result.output


def test_publishing_a_folder_replaces_only_what_was_made(tmp_path: Path) -> None:
    final = tmp_path / "site"
    (final / "single").mkdir(parents=True)
    (final / "single" / "index.html").write_text("the single page")
    (final / "old.html").write_text("old")
    (final / "_static").mkdir()
    (final / "_static" / "gone.css").write_text("")
    made = tmp_path / "made"
    (made / "_static").mkdir(parents=True)
    (made / "_static" / "napspec.css").write_text("")
    (made / "index.html").write_text("new")
    publish_folder(made, final, keep=("single",))
    assert (final / "index.html").read_text() == "new"
    assert (final / "single" / "index.html").read_text() == "the single page"
    assert sorted(p.name for p in (final / "_static").iterdir()) == ["napspec.css"]
    assert not [p for p in final.iterdir() if p.name.startswith(".")]
