"""The engine contract (``docs/implementers.md``) says one thing in every place: the bounds it
states are the harness's, and a table size is ``bad-request`` only when the case is
malformed (an engine that does not seat a size the rules allow declares it, or answers
``unsupported``)."""

from __future__ import annotations

import re

from napspec.conformance.harness import MAX_HELLO, MAX_LINE
from tests.conformance.conftest import REPO

TEXT = (REPO / "docs" / "implementers.md").read_text(encoding="utf-8")
UNITS = {"KiB": 1024, "MiB": 1024 * 1024}


def _sizes(pattern: str) -> set[int]:
    return {int(n) * UNITS[unit] for n, unit in re.findall(pattern, TEXT)}


def test_every_bound_of_a_response_line_stated_is_the_harness_s() -> None:
    run_lines = _sizes(r"response line may\s+be up to (\d+) (KiB|MiB)") | _sizes(
        r"\| one `run` response line \| (\d+) (KiB|MiB) \|"
    )
    assert run_lines == {MAX_LINE}
    assert _sizes(r"\| the `hello` response line \| (\d+) (KiB|MiB) \|") == {MAX_HELLO}


def test_a_table_size_is_bad_request_only_when_the_case_is_malformed() -> None:
    paragraphs = [p for p in re.split(r"\n\s*\n", TEXT) if re.search(r"table size|players` is 4 or 5", p)]
    assert paragraphs
    for paragraph in paragraphs:
        if "bad-request" in paragraph:
            assert "malformed" in paragraph, paragraph
    section_6 = TEXT[TEXT.index("## 6 The case") : TEXT.index("## 7 Actions")]
    assert "does not seat" in section_6 and '`"unsupported"`' in section_6
