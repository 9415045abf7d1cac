"""The engine side by side with OpenSpiel's Oh Hell (``napspec-lab compare``): both rates and
their ratio, and without OpenSpiel a message that says what to install."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from napspec.lab.cli import main
from tests.lab.extra import lab_extra


def test_the_comparison_explains_how_to_install_openspiel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    result = CliRunner().invoke(main, ["compare", "--hands", "5"])
    assert result.exit_code == 1
    assert "pip install 'napspec[lab]'" in result.output


def test_the_comparison_prints_both_rates_and_their_ratio() -> None:
    lab_extra("pyspiel")
    result = CliRunner().invoke(main, ["compare", "--hands", "20", "--profile", "peel"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("napspec reference (peel, 4 players): 20 hands")
    assert lines[1].startswith("OpenSpiel oh_hell(players=4,num_tricks_fixed=5): 20 games, ")
    assert lines[2].startswith("ratio: ") and lines[2].endswith("x OpenSpiel's games/s")


def test_the_comparison_runs_with_variants() -> None:
    lab_extra("pyspiel")
    result = CliRunner().invoke(
        main, ["compare", "--hands", "20", "--profile", "hoyle", "--variants", "misery,wellington,sir-garnet"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("napspec reference (hoyle+misery+wellington+sir-garnet, 4 players): 20 hands")
