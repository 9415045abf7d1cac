"""The rules each engine was found to play (``{napspec-rules-found}``): engines across,
variation points down, from the findings ``napspec discover --json FILE`` writes.

The findings are read as the certification reports are (:mod:`.data`): files named
``discover-*.json`` in the report folder or in its folders one level down. They are an
engine's words as much as napspec's (its name, the values it was found to play), so every
field is checked for its type before it is shown, and shown as text; a file that is not
findings of ``napspec discover`` is a warning naming the file, and is left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from docutils import nodes

from napspec.spec.register import OptionValueType, Register

from .directives import NapDirective
from .render import Cell, NodeLike, literal, para, section, strong, table, xref
from .status import plural

#: The page of the rules found, in the status folder.
RULES_FOUND = "rules-found"
#: How the findings are saved beside the certification reports.
FINDINGS_GLOB = "discover-*.json"
#: The command that saves findings of the reference engine held to Hoyle where this page reads them.
DISCOVER_COMMAND = (
    'napspec discover --engine-command "napspec-reference serve --hold-profile hoyle"'
    " -o build/certify/house-rules-hoyle.toml --json build/certify/discover-hoyle.json"
)
#: A point's verdict in words, where the value found is not shown alone.
NOT_JUDGED = "not judged"
PLAYS_NONE = "none of the sources' values"
#: A variant's verdict in words.
VARIANT_WORDS = {"played": "played", "not-played": "not played", "not-judged": NOT_JUDGED}


@dataclass(frozen=True)
class Point:
    """What was found of one variation point: the verdict, the value found, whether a source gives it."""

    verdict: str
    value: OptionValueType
    uncited: bool
    #: whether the value is not the closest profile's
    deviates: bool


@dataclass(frozen=True)
class Findings:
    """One engine's findings, as ``napspec discover`` saved them."""

    path: Path
    engine: str
    closest: str
    points: dict[str, Point]
    variants: dict[str, str]
    rows_run: int
    #: the folder of the file, relative to the report folder ("" for the folder itself)
    folder: str = ""

    @property
    def away(self) -> int:
        """How many points the engine plays otherwise than its closest profile."""
        return sum(1 for point in self.points.values() if point.deviates)


def findings_paths(folder: Path) -> list[Path]:
    """The findings in the report folder and in its folders one level down."""
    if not folder.is_dir():
        return []
    return sorted([*folder.glob(FINDINGS_GLOB), *folder.glob(f"*/{FINDINGS_GLOB}")])


def _value(value: object) -> OptionValueType:
    if isinstance(value, bool | int | str):
        return value
    raise ValueError(f"a value of {type(value).__name__}, not a string, number or yes/no")


def read_findings(path: Path, folder: Path, register: Register) -> Findings:
    """The findings saved in ``path``; :class:`ValueError` saying what is wrong with them.

    >>> import tempfile
    >>> from napspec import spec
    >>> saved = Path(tempfile.mkdtemp()) / "discover-x.json"
    >>> _ = saved.write_text('{"engine": "x", "closest": "peel", "options": 3}')
    >>> read_findings(saved, saved.parent, spec.load())
    Traceback (most recent call last):
    ...
    ValueError: options: a list expected, found int
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"an object expected, found {type(data).__name__}")
    for key, kind in (("engine", str), ("closest", str), ("options", list), ("variants", list)):
        if not isinstance(data.get(key, [] if kind is list else None), kind):
            raise ValueError(
                f"{key}: {'a list' if kind is list else 'text'} expected, found {type(data.get(key)).__name__}"
            )
    if data["closest"] not in register.profiles:
        raise ValueError(f"closest: {data['closest']!r} is no profile of the register")
    points: dict[str, Point] = {}
    for index, item in enumerate(data["options"]):
        where = f"options[{index}]"
        if not isinstance(item, Mapping) or item.get("option") not in register.options:
            raise ValueError(f"{where}: no variation point of the register")
        if item.get("verdict") not in ("plays", "plays-none", "not-judged"):
            raise ValueError(f"{where}: verdict {item.get('verdict')!r} unknown")
        try:
            chosen, profile_value = _value(item.get("chosen")), _value(item.get("profile_value"))
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        points[str(item["option"])] = Point(
            verdict=str(item["verdict"]),
            value=chosen,
            uncited=item.get("uncited") is True,
            deviates=type(chosen) is not type(profile_value) or chosen != profile_value,
        )
    variants: dict[str, str] = {}
    for index, item in enumerate(data.get("variants", [])):
        if not isinstance(item, Mapping) or item.get("variant") not in register.options:
            raise ValueError(f"variants[{index}]: no variation point of the register")
        if item.get("verdict") not in VARIANT_WORDS:
            raise ValueError(f"variants[{index}]: verdict {item.get('verdict')!r} unknown")
        variants[str(item["variant"])] = str(item["verdict"])
    rows_run = data.get("rows_run", 0)
    return Findings(
        path=path,
        engine=data["engine"],
        closest=data["closest"],
        points=points,
        variants=variants,
        rows_run=rows_run if isinstance(rows_run, int) and not isinstance(rows_run, bool) else 0,
        folder="" if path.parent == folder else path.parent.name,
    )


def load_findings(folder: Path, register: Register) -> tuple[tuple[Findings, ...], tuple[str, ...]]:
    """Every engine's findings in ``folder``, and what is wrong with the files left out."""
    found: list[Findings] = []
    problems: list[str] = []
    for path in findings_paths(folder):
        try:
            found.append(read_findings(path, folder, register))
        except (OSError, ValueError) as error:
            problems.append(f"{path}: not findings of napspec discover ({error})")
    return tuple(found), tuple(problems)


class RulesFoundDirective(NapDirective):
    """``{napspec-rules-found}``: for each engine whose findings were saved, the value it was
    found to play at each variation point, the engines side by side."""

    uses_reports = True

    def note_dependencies(self) -> None:
        super().note_dependencies()
        for path in findings_paths(self.data.certify_dir):
            self.env.note_dependency(str(path))

    def build(self) -> list[nodes.Node]:
        from sphinx.util import logging

        data = self.data
        register = data.register
        found, problems = load_findings(data.certify_dir, register)
        for problem in problems:
            logging.getLogger(__name__).warning("napspec: %s", problem, location=self.get_location())
        page = section("The rules each engine plays", [f"status-{RULES_FOUND}"], classes=["nap-rules-found"])
        page += para(
            "What ",
            literal("napspec discover"),
            " found each engine to play, variation point by variation point: each point's scenarios run "
            "under each of its values, the value whose rows all pass is the one the engine plays. A value "
            "that no source gives is marked ",
            strong("uncited"),
            "; a point none of whose rows the engine could play is ",
            strong(NOT_JUDGED),
            "; a point at which it plays none of the values tried says so. A value other than its closest "
            "profile's is in bold.",
            classes=["nap-intro"],
        )
        if not found:
            page += para(
                strong("No findings are available. "),
                f"The report folder holds no {FINDINGS_GLOB} file. Save an engine's findings there with ",
                literal("--json"),
                ", for instance the reference engine held to Hoyle's rules, then build the rulebook again:",
                classes=["nap-no-report"],
            )
            page += nodes.literal_block(DISCOVER_COMMAND, DISCOVER_COMMAND, language="sh")
            return [page]
        labels = self.labels(found)
        page += para(
            f"{plural(len(found), 'engine')}: ",
            *[item for index, label in enumerate(labels) for item in ((", " if index else ""), strong(label))],
            ".",
            classes=["nap-status-engines"],
        )
        page += table(
            ["Engine", "Closest profile", "Points away from it", "Rows run"],
            [
                [label, xref("profile", f.closest, f.closest), str(f.away), str(f.rows_run)]
                for label, f in zip(labels, found, strict=True)
            ],
            classes=["nap-rules-found-summary"],
        )
        page += self.matrix(found, labels)
        return [page]

    @staticmethod
    def labels(found: tuple[Findings, ...]) -> list[str]:
        """Each engine as the columns name it: by its name, and its folder when two share one."""
        names = [f.engine for f in found]
        return [f"{f.engine} ({f.folder or 'top folder'})" if names.count(f.engine) > 1 else f.engine for f in found]

    def matrix(self, found: tuple[Findings, ...], labels: list[str]) -> nodes.table:
        """The variation points down, the engines across, the value each plays in a cell."""
        register = self.data.register
        rows: list[list[Cell]] = []
        cell_classes: list[list[list[str]]] = []
        for option_id, option in register.options.items():
            cells: list[Cell] = [[xref("option", option_id, option.title)]]
            classes: list[list[str]] = [[]]
            for findings in found:
                words, css = self.cell(register, option_id, findings)
                cells.append(words)
                classes.append([css])
            if all(css == "nap-found-none" for css in (c[0] for c in classes[1:])):
                continue  # no engine's findings speak of the point
            rows.append(cells)
            cell_classes.append(classes)
        header: list[Cell] = ["Variation point", *labels]
        return table(header, rows, classes=["nap-rules-found"], cell_classes=cell_classes)

    @staticmethod
    def cell(register: Register, option_id: str, findings: Findings) -> tuple[list[NodeLike], str]:
        """What one engine was found to play at one point, in words, and the cell's class."""
        point = findings.points.get(option_id)
        if point is None:
            variant = findings.variants.get(option_id)
            if variant is None:
                return ["—"], "nap-found-none"
            return [f"{VARIANT_WORDS[variant]} (as {findings.closest})"], f"nap-found-variant-{variant}"
        if point.verdict == "not-judged":
            return [NOT_JUDGED], "nap-found-not-judged"
        if point.verdict == "plays-none":
            return [PLAYS_NONE], "nap-found-plays-none"
        words = register.options[option_id].phrase(point.value)
        value: list[NodeLike] = [strong(words) if point.deviates else words]
        if point.uncited:
            value += [" (", strong("uncited"), ")"]
        return value, "nap-found-deviates" if point.deviates else "nap-found-plays"


__all__ = ["FINDINGS_GLOB", "RULES_FOUND", "Findings", "RulesFoundDirective", "findings_paths", "load_findings"]
