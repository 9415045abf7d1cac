"""The sweeps in progress kept in the checkout (``.sweeps/``): each store is named in the
folder's README with the command that continues it, every file of it reads back as a chunk,
and that command, given the store, finds every chunk of it (its key is the command's), so the
next run takes up where the last one stopped instead of starting again."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from napspec.reference.analysis.store import ChunkStore
from napspec.reference.analysis.sweep import LABELS
from napspec.reference.cli import main

ROOT = Path(__file__).resolve().parents[2]
IN_PROGRESS = ROOT / ".sweeps"


def commands() -> dict[str, list[str]]:
    """Each store the README names, with the arguments of the command that continues it."""
    text = (IN_PROGRESS / "README.md").read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for name, command in re.findall(r"^## (\S+)\n\n```\n(napspec-reference sweep [^\n]+)\n```", text, re.MULTILINE):
        found[name] = shlex.split(command)[1:]
    return found


def test_each_store_in_progress_is_named_with_the_command_that_continues_it() -> None:
    stores = {path.name for path in IN_PROGRESS.iterdir() if path.is_dir()}
    assert set(commands()) == stores


def test_each_store_in_progress_reads_back_whole() -> None:
    for name in commands():
        for run in (IN_PROGRESS / name).iterdir():
            key = json.loads((run / "key.json").read_text(encoding="utf-8"))
            done = ChunkStore(run.parent, key).done()  # a file that is not a chunk raises, naming it
            assert done, f"{run}: no chunk kept"
            codes = set(LABELS) | set(range(6))
            assert all(set(values) <= codes for values in done.values()), run


def test_the_command_given_finds_every_chunk_of_its_store(tmp_path: Path) -> None:
    for name, arguments in commands().items():
        store = IN_PROGRESS / name
        assert arguments[arguments.index("--store") + 1] == f".sweeps/{name}"
        kept = sum(len(json.loads(path.read_text(encoding="utf-8"))["values"]) for path in store.glob("*/chunk-*.json"))
        out = tmp_path / f"{name}.json"
        here = {".sweeps/": IN_PROGRESS, "reference_impl/": ROOT / "reference_impl"}
        for place, argument in enumerate(arguments):
            for prefix, folder in here.items():
                if argument.startswith(prefix):
                    arguments[place] = str(folder / argument.removeprefix(prefix))
        arguments[arguments.index("--out") + 1] = str(out)
        asked = CliRunner().invoke(main, [*arguments, "--time-limit", "0"])  # starts nothing: reports the store
        assert asked.exit_code == 0, asked.output
        result = json.loads(out.read_text(encoding="utf-8"))
        assert result["solved_this_run"] == 0
        assert result["hands_found_in_store"] == result["solved"] == kept, name
