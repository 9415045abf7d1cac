"""The rulebook reads the register, the suite and saved reports, never the harness: building
its data imports neither the certification runner nor pytest, and the freshness of a report
is judged with the suite's own hash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from napspec.suite.scenarios import suite_hash
from tests.docs.conftest import require

PROBE = """
import json, sys
from napspec.docs.rulebook import data, directives, steps
found = data.rulebook_data(sys.argv[1])
print(json.dumps({
    "fresh": [found.fresh(report) for report in found.reports],
    "modules": sorted(m for m in sys.modules if m.split(".")[0] in ("pytest", "_pytest", "pytest_bdd")
                      or m.startswith(("napspec.conformance.certify", "napspec.conformance.harness"))),
}))
"""


def _report(folder: Path, content_hash: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    document = {
        "format": "napspec-certification/2",
        "provenance": {"content_hash": content_hash, "started": "2026-01-01T00:00:00+00:00"},
        "engine": {"name": "e", "version": "1"},
        "target": {"name": "hoyle", "options": {}},
        "summary": {},
        "cases": [],
    }
    (folder / "certify-hoyle.json").write_text(json.dumps(document), encoding="utf-8")


def test_the_rulebook_data_imports_no_harness_and_no_pytest(tmp_path: Path) -> None:
    require("sphinx", "the rulebook's extension is a Sphinx extension")
    _report(tmp_path / "fresh", suite_hash())
    _report(tmp_path / "stale", "0" * 64)
    for folder, fresh in (("fresh", True), ("stale", False)):
        completed = subprocess.run(
            [sys.executable, "-c", PROBE, str(tmp_path / folder)], capture_output=True, text=True, timeout=120
        )
        assert completed.returncode == 0, completed.stderr
        found = json.loads(completed.stdout)
        assert found["modules"] == [], found["modules"]
        assert found["fresh"] == [fresh]
