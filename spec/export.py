"""The machine-readable export of the register, for third parties.

The export is one JSON document described by ``spec/schema/register.schema.json``; the
tests validate every export against it.

>>> document = register_document()
>>> document["format"]
'napspec-register/1'
>>> sorted(document["profiles"])
['britannica', 'hoyle', 'peel', 'wikipedia']
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from napspec.spec.register import SPEC_DIR, Citation, Option, ProfileChoice, Register, load

FORMAT = "napspec-register/1"
SCHEMA_PATH = SPEC_DIR / "schema" / "register.schema.json"


def content_hash(folder: Path = SPEC_DIR) -> str:
    """SHA-256 over every file of the register (TOML and transcriptions), in path order."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in {".toml", ".txt"}:
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _citation(register: Register, citation: Citation) -> dict[str, Any]:
    return {
        "source": citation.source,
        "locator": citation.locator,
        "anchor": register.sources[citation.source].anchor(citation.locator),
        "quote": citation.quote,
        **({"note": citation.note} if citation.note else {}),
        **({"interpretation": citation.interpretation} if citation.interpretation else {}),
        **({"copies": citation.copies} if citation.copies else {}),
    }


def _stance(register: Register, option: Option, source: str) -> dict[str, Any]:
    """What one source says on one option: the values it is cited for, or silence/lacuna (with
    the lacunae of ``sources.toml`` whose missing text bears on the option)."""
    stance, values = option.stance(source)
    entry: dict[str, Any] = {"stance": stance, "values": list(values)}
    if stance != "cited":
        entry["note"] = option.silent.get(source) or option.lacuna.get(source, "")
    if stance == "lacuna":
        entry["lacunae"] = [lacuna.id for lacuna in register.sources[source].lacunae if option.id in lacuna.bears_on]
    return entry


def register_document(register: Register | None = None) -> dict[str, Any]:
    """The whole register as plain JSON-able data."""
    register = register or load()
    return {
        "format": FORMAT,
        "content_hash": content_hash(register.folder),
        "sources": {
            source.id: {
                "short": source.short,
                "author": source.author,
                "title": source.title,
                "chapter": source.chapter,
                "published": source.published,
                "pages": source.pages,
                "reference": source.reference,
                "licence": source.licence,
                "file": f"spec/sources/{source.file}",
                **({"copies": list(source.copies)} if source.copies else {}),
                "divisions": [{"locator": d.locator, "anchor": d.anchor} for d in source.divisions],
                "lacunae": [
                    {
                        "id": lacuna.id,
                        "locator": lacuna.locator,
                        "what": lacuna.what,
                        **({"after": lacuna.after} if lacuna.after else {}),
                        **({"bears-on": list(lacuna.bears_on)} if lacuna.bears_on else {}),
                    }
                    for lacuna in source.lacunae
                ],
            }
            for source in register.sources.values()
        },
        "chapters": [
            {
                "id": chapter.id,
                "order": chapter.order,
                "title": chapter.title,
                "intro": chapter.intro,
                "rules": list(chapter.rules),
            }
            for chapter in register.chapters.values()
        ],
        "rules": {
            rule.id: {
                "chapter": rule.chapter,
                "title": rule.title,
                "statement": rule.statement,
                "applies_to": list(rule.applies_to),
                "options": list(rule.options),
                "interpretations": list(rule.interpretations),
                "testable": rule.testable,
                **({"untestable_because": rule.untestable_because} if not rule.testable else {}),
                **({"numbers": dict(rule.numbers)} if rule.numbers else {}),
                **({"lacunae": list(rule.lacunae)} if rule.lacunae else {}),
                **({"essential": True} if rule.essential else {}),
                "citations": [_citation(register, c) for c in rule.citations],
            }
            for rule in register.rules.values()
        },
        "options": {
            option.id: {
                "chapter": option.chapter,
                "title": option.title,
                "question": option.question,
                "type": option.type,
                **(
                    {"range": {"min": option.range.minimum, "max": option.range.maximum, "note": option.range.note}}
                    if option.range is not None
                    else {}
                ),
                **({"plain": option.plain} if option.plain is not None else {}),
                **(
                    {
                        "bound": {
                            "kind": option.bound.kind,
                            **({"option": option.bound.option} if option.bound.option else {}),
                            "note": option.bound.note,
                        }
                    }
                    if option.bound is not None
                    else {}
                ),
                "rules": list(option.rules),
                "values": [
                    {
                        "value": value.value,
                        "words": value.phrase,
                        "meaning": value.meaning,
                        "citations": [_citation(register, c) for c in value.citations],
                        **({"interpretation": value.interpretation} if value.interpretation else {}),
                        **({"amounts": dict(value.amounts)} if value.amounts else {}),
                        **({"requires": list(value.requires)} if value.requires else {}),
                        **({"excludes": list(value.excludes)} if value.excludes else {}),
                        **({"read": dict(value.read)} if value.read else {}),
                    }
                    for value in option.values
                ],
                "sources": {source: _stance(register, option, source) for source in register.sources},
            }
            for option in register.options.values()
        },
        "combinations": [
            {
                "options": list(combination.options),
                **({"together": list(combination.together)} if combination.together else {}),
                "meaning": combination.meaning,
                "citations": [_citation(register, c) for c in combination.citations],
                **({"interpretation": combination.interpretation} if combination.interpretation else {}),
            }
            for combination in register.combinations
        ],
        "interpretations": {
            item.id: {
                "kind": item.kind,
                "sources": list(item.sources),
                "question": item.question,
                "reading": item.reading,
                "reason": item.reason,
            }
            for item in register.interpretations.values()
        },
        "profiles": {
            profile.id: {
                "source": profile.source,
                "title": profile.title,
                "summary": profile.summary,
                "values": _choices(profile.choices),
                "variants": {name: _choices(bundle) for name, bundle in profile.variants.items()},
            }
            for profile in register.profiles.values()
        },
    }


def _choices(choices: Mapping[str, ProfileChoice]) -> dict[str, Any]:
    return {
        option: {
            "value": choice.value,
            **({"interpretation": choice.interpretation} if choice.interpretation else {}),
            **({"note": choice.note} if choice.note else {}),
        }
        for option, choice in choices.items()
    }


def register_json(register: Register | None = None) -> str:
    """The export as JSON text (stable key order, UTF-8, indented)."""
    return json.dumps(register_document(register), ensure_ascii=False, indent=2) + "\n"


def schema() -> dict[str, Any]:
    """The JSON Schema of the export."""
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded
