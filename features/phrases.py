"""What a phrase of the vocabulary is: a keyword, a pattern of words with typed slots
(``seat {seat:int} plays "{card:text}"``), the case fragment it applies and the sentence it
says; and how a step's text, as run or as written in an outline, is matched against the
pattern.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Literal

from napspec.suite.case_fragments import Args, CaseBuilder
from napspec.suite.scenario_text import NAMED_CALLS
from napspec.suite.wording import Context, Piece

Keyword = Literal["Given", "When", "Then"]


@dataclass(frozen=True)
class Phrase:
    """One step of the vocabulary."""

    keyword: Keyword
    pattern: str
    apply: Callable[[CaseBuilder, Args], None]
    say: Callable[[Mapping[str, str], Context], list[Piece]]
    #: The data table the step takes ("hands" or "tricks"), if any.
    datatable: str | None = None

    @cached_property
    def slots(self) -> dict[str, str]:
        """Slot name → type, in order."""
        return dict(_SLOT.findall(self.pattern))

    def regex(self, template: bool = False) -> re.Pattern[str]:
        """The pattern as a regular expression: for a step as run (``template=False``), or
        for a step of an outline as written, placeholders and all."""
        return _compile(self.pattern, template)

    def parse(self, text: str, template: bool = False) -> dict[str, Any] | None:
        """The slots' values if ``text`` is this phrase (typed, unless ``template``)."""
        found = self.regex(template).fullmatch(text)
        if found is None:
            return None
        if template:
            return found.groupdict()
        return {name: int(raw) if self.slots[name] == "int" else raw for name, raw in found.groupdict().items()}


_SLOT = re.compile(r"\{(\w+):(\w+)\}")
_ANY = r"<[^<>]+>"
#: Slot types: what a step as run may hold there.
SLOT_TYPES = {
    "int": r"\d+",
    "text": r'[^"]*',
    "word": r"[a-z0-9-]+",
    "side": r"up|down",
    "range": r"\d+-\d+",
    "call": "|".join(NAMED_CALLS),
    # the plural ending of the noun after a number: "cuts 1 card", "cuts 4 cards"
    "plural": r"s?",
}

#: Slots an outline's placeholder never fills as written: ``seat 1 calls <call>`` reads as the
#: call of a number of tricks, whose rows may still name Nap or a named call.
_NO_PLACEHOLDER = ("text", "call", "plural")


@cache
def _compile(pattern: str, template: bool) -> re.Pattern[str]:
    parts: list[str] = []
    position = 0
    for slot in _SLOT.finditer(pattern):
        parts.append(re.escape(pattern[position : slot.start()]))
        name, kind = slot.groups()
        body = SLOT_TYPES[kind]
        if template and kind not in _NO_PLACEHOLDER:
            body = f"{body}|{_ANY}"
        parts.append(f"(?P<{name}>{body})")
        position = slot.end()
    parts.append(re.escape(pattern[position:]))
    return re.compile("".join(parts))


def phrase(
    keyword: Keyword,
    pattern: str,
    apply: Callable[[CaseBuilder, Args], None],
    say: Callable[[Mapping[str, str], Context], list[Piece]],
    datatable: str | None = None,
) -> Phrase:
    """A :class:`Phrase`, its fields given in the order the vocabulary writes them."""
    return Phrase(keyword=keyword, pattern=pattern, apply=apply, say=say, datatable=datatable)
