"""What the README says the tests and the main job build is what they build: the editions a
plain ``pytest`` makes (the PDF only in the campaign), the book's bound on pages, and the
switches of each edition."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from napspec.docs.commands import main
from napspec.docs.pipeline import EDITIONS
from napspec.docs.rulebook.editions import BOOK_PAGES_AT_MOST

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
FLAT = " ".join(README.split())


def fixture_users(fixture: str) -> dict[str, bool]:
    """Each test of tests/docs that asks for ``fixture``, and whether it is marked ``campaign``."""
    users: dict[str, bool] = {}
    for path in sorted((REPO / "tests" / "docs").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.FunctionDef)
                and node.name.startswith("test_")
                and fixture in [argument.arg for argument in node.args.args]
            ):
                marks = [ast.unparse(d) for d in node.decorator_list]
                users[f"{path.name}::{node.name}"] = "pytest.mark.campaign" in marks
    return users


def test_the_readme_says_which_editions_a_plain_pytest_builds() -> None:
    """The README names the editions the default run builds and says the PDF is the campaign's;
    the PDF's tests are all marked ``campaign``, and the other editions are tested in the default run."""
    said = re.search(r"A plain `pytest` builds ([^.]+)\.", FLAT)
    assert said, "the README does not say what a plain `pytest` builds"
    assert "the site" in said.group(1) and "the single page" in said.group(1)
    assert "not the PDF" in said.group(1), said.group(1)
    assert "`.venv/bin/pytest -m campaign` builds the PDF" in FLAT
    pdf_tests = {**fixture_users("pdf_edition"), **fixture_users("house_pdf_edition")}
    assert pdf_tests and all(pdf_tests.values()), pdf_tests
    # The site and the single page are the default run's: each fixture has tests there (a
    # campaign test may also step through all of a built site that the default run samples).
    for fixture in ("editions", "builds"):
        users = fixture_users(fixture)
        assert users and not all(users.values()), f"no test of the default run uses {fixture}"


def test_the_readme_states_the_book_s_bound_on_pages() -> None:
    assert f"at most {BOOK_PAGES_AT_MOST} pages" in FLAT


def test_the_readme_names_every_edition_s_switch() -> None:
    from click.testing import CliRunner

    help_text = CliRunner().invoke(main, ["build", "--help"]).output
    for switch in ("--no-site", "--no-single", "--no-pdf"):
        assert switch in help_text
        assert f"`{switch}`" in FLAT, f"the README does not name {switch}"
    assert len(EDITIONS) == 3
