"""The rules each engine was found to play, on the status pages: the findings ``napspec
discover --json`` saved in the report folder (here, of the reference engine held to Hoyle and
held to house rules of four players, found by the command itself: :func:`.conftest.save_findings`),
the variation points down and the engines across, each cell the value in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from napspec import spec
from napspec.docs.rulebook.rules_found import NOT_JUDGED, PLAYS_NONE, RULES_FOUND, load_findings

from .conftest import FOUND, Builds
from .dom import parse

REGISTER = spec.load()


def _saved(builds: Builds) -> list[dict[str, Any]]:
    return [json.loads((builds.full.certify / name).read_text(encoding="utf-8")) for name in FOUND]


def _expected(point: dict[str, Any]) -> str:
    """A point's cell, from the saved findings: the value in words, marked if uncited."""
    if point["verdict"] == "not-judged":
        return NOT_JUDGED
    if point["verdict"] == "plays-none":
        return PLAYS_NONE
    option = REGISTER.options[str(point["option"])]
    words = option.phrase(point["chosen"])
    return f"{words} (uncited)" if point["uncited"] else words


def test_the_page_sets_each_engine_against_each_variation_point(builds: Builds) -> None:
    page = parse(builds.full.html / "status" / f"{RULES_FOUND}.html")
    saved = _saved(builds)
    matrix = page.root.find("table", "nap-rules-found")
    assert matrix is not None
    heads = [th.text() for th in matrix.find_all("th")]
    assert heads == ["Variation point", *[str(findings["engine"]) for findings in saved]]
    rows = {row.cells()[0].text(): [cell.text() for cell in row.cells()[1:]] for row in matrix.rows()}
    for column, findings in enumerate(saved):
        for point in findings["options"]:
            title = REGISTER.options[point["option"]].title
            assert rows[title][column] == _expected(point), (title, findings["engine"])
    # what the page is there to show: a value no source gives, marked; points not judged
    four = {point["option"]: point for point in saved[1]["options"]}
    assert four["players-min"]["uncited"] and rows["Fewest players"][1] == "4 (uncited)"
    assert any(NOT_JUDGED in cells for cells in rows.values())
    # each engine's closest profile, and how far from it
    summary = page.root.find("table", "nap-rules-found-summary")
    assert summary is not None
    assert [row.cells()[1].text() for row in summary.rows()] == [str(f["closest"]) for f in saved]
    away = [sum(1 for p in f["options"] if p["chosen"] != p["profile_value"]) for f in saved]
    assert [int(row.cells()[2].text()) for row in summary.rows()] == away
    assert away[0] == 0 and away[1] >= 2


def test_the_overview_links_to_the_rules_found(builds: Builds) -> None:
    overview = parse(builds.full.html / "status.html")
    assert f"status/{RULES_FOUND}.html" in overview.root.links()


def test_without_findings_the_page_says_how_to_save_them(builds: Builds) -> None:
    bare = builds.bare_rules_found_before
    assert "No findings are available." in bare and "discover-*.json" in bare
    assert "--hold-profile hoyle" in bare and "--json" in bare
    assert "nap-rules-found-summary" not in bare


def test_a_file_that_is_not_findings_is_named_and_left_out(tmp_path: Path) -> None:
    (tmp_path / "discover-broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "discover-list.json").write_text("[]", encoding="utf-8")
    (tmp_path / "discover-wrong.json").write_text(
        json.dumps({"engine": "x", "closest": "peel", "options": [{"option": "no-such-point", "verdict": "plays"}]}),
        encoding="utf-8",
    )
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "discover-value.json").write_text(
        json.dumps(
            {
                "engine": "[bold]x[/bold]",
                "closest": "peel",
                "options": [{"option": "players-min", "verdict": "plays", "chosen": [3], "profile_value": 3}],
            }
        ),
        encoding="utf-8",
    )
    found, problems = load_findings(tmp_path, REGISTER)
    assert found == ()
    assert len(problems) == 4
    named = "\n".join(problems)
    for name in ("discover-broken.json", "discover-list.json", "discover-wrong.json", "engine/discover-value.json"):
        assert name in named
    assert "no variation point of the register" in named and "a value of list" in named
