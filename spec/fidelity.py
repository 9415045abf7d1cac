"""The checks that keep what the sources do not say from passing for what they say.

Run by :func:`napspec.spec.check.check_register`:

* a lost text is not a silence (:func:`check_lost_answers`): where a lacuna ``bears-on`` a
  variation point, the source's answer there is shown as lost, and no profile value rests only
  on a reading of its silence;
* an amount names the reading it rests on (:func:`check_value_readings`);
* variants played together are described together by a source, excluded, or labelled
  (:func:`check_combinations`);
* a claim's reading can fail (:func:`check_claim_readings`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from napspec.spec.errors import RegisterError
from napspec.spec.register import Problem, line_of, nearest

if TYPE_CHECKING:
    from napspec.spec.claims import Claim
    from napspec.spec.register import Option, OptionValue, Profile, ProfileChoice, Register


def _where(register: Register, file: str, needle: str) -> int | None:
    return line_of(register.texts.get(file, ""), re.escape(needle))


def _choice_sets(profile: Profile) -> list[tuple[str, Mapping[str, ProfileChoice]]]:
    """The profile's option choices, then each variant bundle's, labelled for messages."""
    return [("options", profile.choices), *profile.variants.items()]


def _profile_line(register: Register, file: str, option_id: str, variant: str | None = None) -> int | None:
    """The line of ``option_id = ...`` in a profile: in ``[options]``, or in ``[variants.NAME]``."""
    text = register.texts.get(file, "")
    start = line_of(text, rf"^\s*\[variants\.{re.escape(variant)}\]") if variant else None
    return line_of(text, rf"^\s*{re.escape(option_id)}\s*=", (start or 1) - 1)


NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "twelve": 12, "twenty": 20, "double": 2,
}  # fmt: skip
"""Numbers as the sources write them in words ("double" the stakes is twice them)."""
_MONEY = re.compile(r"\b(\d+)([sd])\.")


def numbers_stated(quote: str) -> set[int]:
    """The numbers a quotation states: in figures, in words, and as money (a shilling is twelve
    pence; the pence read as stakes one for one, interpretation stakes-in-units).

    >>> sorted(numbers_stated("the 10d. and 5d. are raised to 1s. to win and 6d. to lose"))
    [5, 6, 10, 12]
    >>> sorted(numbers_stated("ranks between the calls of _three_ and _four_, at double stakes"))
    [2, 3, 4]
    """
    text = quote.replace("_", " ")
    found = {int(n) * (12 if unit == "s" else 1) for n, unit in _MONEY.findall(text)}
    found |= {int(n) for n in re.findall(r"(?<![\w.])(\d+)(?![\w])", text)}
    found |= {NUMBER_WORDS[w] for w in re.findall(r"[a-z]+", text.lower()) if w in NUMBER_WORDS}
    return found


def check_value_readings(register: Register) -> list[Problem]:
    """A value names the readings its amounts rest on: each amount it carries is stated by one
    of its quotations, or `read` from a named interpretation; and `read` names amounts or
    constraints the value carries, and known interpretations."""
    problems: list[Problem] = []
    file = register.variations_file
    for option in register.options.values():
        line = _where(register, file, f'"{option.id}"')
        for value in option.values:
            said: list[str] = []
            report = said.append
            stated = set().union(*(numbers_stated(c.quote) for c in value.citations))
            for kind, amount in value.amounts.items():
                if amount not in stated and kind not in value.read:
                    report(
                        f"carries {kind} = {amount}, which none of its quotations states: cite the words that "
                        f'do, or name the reading it rests on (read = {{ {kind} = "interpretation" }})'
                    )
            carried = set(value.amounts) | set(value.requires) | set(value.excludes)
            for key, interpretation_id in value.read.items():
                if key not in carried:
                    report(f"reads {key!r}, neither an amount it carries nor an option it requires or excludes")
                if interpretation_id not in register.interpretations:
                    hint = nearest(interpretation_id, register.interpretations)
                    suggestion = f"; did you mean {hint!r}?" if hint else ""
                    report(f"reads {key} through unknown interpretation {interpretation_id!r}{suggestion}")
            problems += [Problem(file, line, f"option {option.id!r} value {value.value!r}: {m}") for m in said]
    return problems


def _lost_to(register: Register, source: str, option_id: str) -> list[str]:
    """The lacunae of ``source`` whose missing text bears on ``option_id``."""
    found = register.sources.get(source)
    return [lacuna.id for lacuna in found.lacunae if option_id in lacuna.bears_on] if found else []


def check_lost_answers(register: Register) -> list[Problem]:
    """Where a source's text on a variation point is lost (a lacuna that ``bears-on`` it), its
    answer is shown as lost: the option lists the source under ``[option.lacuna]``, not as
    silent, nor cited for it only through a reading of its silence; and no profile of that
    source gives a value there that rests only on such a reading. A profile's plain game is the
    exception: a variant not agreed on is not played (rule variants.agreed-before-play), whatever
    the lost text said of it."""
    problems: list[Problem] = []
    sources_file = register.sources_file
    file = register.variations_file
    for work in register.sources.values():
        for lacuna in work.lacunae:
            for option_id in lacuna.bears_on:
                if option_id not in register.options:
                    hint = nearest(option_id, register.options)
                    suggestion = f"; did you mean {hint!r}?" if hint else ""
                    message = f"lacuna {lacuna.id!r} bears on unknown option {option_id!r}{suggestion}"
                    problems.append(Problem(sources_file, _where(register, sources_file, f'"{lacuna.id}"'), message))
                elif not any(
                    lacuna.id in register.rules[rule].lacunae
                    for rule in register.options[option_id].rules
                    if rule in register.rules
                ):
                    # The rulebook shows a lacuna in the source's column of the rules that name it.
                    message = (
                        f"lacuna {lacuna.id!r} bears on option {option_id!r}, but none of its rules "
                        f"({', '.join(register.options[option_id].rules)}) names it in `lacunae`"
                    )
                    problems.append(Problem(sources_file, _where(register, sources_file, f'"{lacuna.id}"'), message))
    for option in register.options.values():
        line = _where(register, file, f'"{option.id}"')
        for source in register.sources:
            lost = _lost_to(register, source, option.id)
            where = f"{register.sources[source].short}'s text on it is lost (lacuna {', '.join(lost)})"
            if not lost:
                if source in option.lacuna:
                    message = (
                        f"option {option.id!r}: {source!r} is listed under [option.lacuna], but no lacuna of "
                        f"{source!r} in sources.toml bears on it: name the option in that lacuna's bears-on"
                    )
                    problems.append(Problem(file, line, message))
                continue
            if source in option.silent:
                message = f"option {option.id!r}: {source!r} is listed as silent, but {where}"
                message += ": list it under [option.lacuna]"
                problems.append(Problem(file, line, message))
            own = [c for v in option.values for c in v.citations if c.source == source]
            readings = {c.interpretation for c in own}
            if own and all(_kind(register, reading) == "silent" for reading in readings):
                message = (
                    f"option {option.id!r}: {source!r} is cited only through {', '.join(sorted(readings))}, a reading "
                    f"of its silence, but {where}: drop the citation and list it under [option.lacuna]"
                )
                problems.append(Problem(file, line, message))
    for profile in register.profiles.values():
        for bundle, choices in _choice_sets(profile):
            problems += _lost_profile_values(register, profile, bundle, choices)
    return problems


def _kind(register: Register, interpretation_id: str) -> str:
    """The kind of an interpretation (``""`` for none or an unknown one)."""
    found = register.interpretations.get(interpretation_id) if interpretation_id else None
    return found.kind if found else ""


def _lost_profile_values(
    register: Register, profile: Profile, bundle: str, choices: Mapping[str, ProfileChoice]
) -> list[Problem]:
    """A profile's values where its source's text is lost rest on its words or on a reading of
    the lacuna, never only on a reading of silence; a variant bundle gives them outright
    rather than inheriting the plain game's (see :func:`check_lost_answers`)."""
    problems: list[Problem] = []
    file = profile.file
    source = profile.source
    who = register.sources[source].short if source in register.sources else source
    variant = None if bundle == "options" else bundle
    for option_id, choice in choices.items():
        option = register.options.get(option_id)
        lost = _lost_to(register, source, option_id)
        if option is None or not lost or not option.allows(choice.value):
            continue
        if variant is None and option.is_variant and choice.value == option.plain:
            continue  # the plain game: the variant is not agreed on
        value = option.value(choice.value)
        if any(c.source == source and not c.interpretation for c in value.citations):
            continue  # the source's own words, which the copy keeps
        labels = {choice.interpretation or value.interpretation} | {
            c.interpretation for c in value.citations if c.source == source
        }
        kinds = {_kind(register, label) for label in labels if label}
        if kinds and kinds <= {"silent"}:
            problems.append(
                Problem(
                    file,
                    _profile_line(register, file, option_id, variant),
                    f"{profile.id}: {option_id} = {choice.value!r} rests on a reading of {who}'s silence "
                    f"({', '.join(sorted(label for label in labels if label))}), but the text there is lost "
                    f"(lacuna {', '.join(lost)}): name an interpretation of kind lacuna",
                )
            )
    if variant is None:
        return problems
    switched = {o for o, c in choices.items() if o in register.options and c.value != register.options[o].plain}
    for option in register.options.values():
        lost = _lost_to(register, source, option.id)
        # A facet of a variant the bundle plays: an option of the variant's chapter, some value
        # of which needs it (what a failed Nap pays into the pool); another variant that needs
        # it (Peep needs the pool) is a game of its own, rightly not played.
        needs = any(
            register.options[other].chapter == option.chapter
            for v in option.values
            for other in set(v.requires) & switched
        )
        if lost and needs and option.id not in choices:
            message = (
                f"{profile.id}: [variants.{variant}] leaves {option.id} at the plain game's value, but "
                f"{who}'s text on it is lost (lacuna {', '.join(lost)}): give it, labelled with a reading of the lacuna"
            )
            problems.append(Problem(file, _where(register, file, f"[variants.{variant}]"), message))
    return problems


# ---------------------------------------------------------------------- variants played together


def _played(option: Option) -> list[OptionValue]:
    """The values of a variant that play it (all but the plain one)."""
    return [value for value in option.values if value.value != option.plain]


def _facet_of(register: Register, option: Option) -> str | None:
    """The variant ``option`` is a facet of: one of its own chapter that every value playing it
    requires (what a failed Nap pays into the pool is a facet of the pool), else ``None``."""
    played = _played(option)
    common = set.intersection(*(set(value.requires) for value in played)) if played else set()
    for other in sorted(common):
        if other in register.options and register.options[other].chapter == option.chapter:
            return other
    return None


def undescribed_pairs(register: Register) -> list[tuple[str, str]]:
    """The pairs of variants that may be played together (no value of either excludes the other)
    and that no source describes together: neither needs the other, no combination of
    ``variations.toml`` records them, nor are they facets of one variant or a facet of a
    variant recorded with the other.

    >>> from napspec.spec import load
    >>> undescribed_pairs(load())
    []
    """
    variants = [option for option in register.options.values() if option.is_variant and _played(option)]
    recorded = set().union(*(combination.pairs() for combination in register.combinations))
    facet = {option.id: _facet_of(register, option) for option in variants}
    found: list[tuple[str, str]] = []
    for index, first in enumerate(variants):
        for second in variants[index + 1 :]:
            together = [
                (one, two)
                for one in _played(first)
                for two in _played(second)
                if second.id not in one.excludes and first.id not in two.excludes
            ]
            if not together or any(second.id in one.requires or first.id in two.requires for one, two in together):
                continue
            pair = frozenset((first.id, second.id))
            if pair in recorded or (facet[first.id] and facet[first.id] == facet[second.id]):
                continue
            if any(
                frozenset((other, parent)) in recorded
                for other, parent in ((first.id, facet[second.id]), (second.id, facet[first.id]))
                if parent
            ):
                continue
            found.append((first.id, second.id))
    return found


def check_combinations(register: Register) -> list[Problem]:
    """Variants played together are described together by a source, excluded, or labelled: each
    pair of variants that may be played together is recorded in a ``[[combination]]`` (with the
    sources' words or a labelled reading), unless one needs the other; and each combination
    names known variants, pairs that may be played together, and its grounds."""
    problems: list[Problem] = []
    file = register.variations_file
    for combination in register.combinations:
        named = combination.options + combination.together
        line = _where(register, file, f"options = {_toml_list(combination.options)}") or _where(
            register, file, "[[combination]]"
        )
        label = " with ".join(named) or "a combination"
        said: list[str] = []
        for option_id in named:
            option = register.options.get(option_id)
            if option is None:
                hint = nearest(option_id, register.options)
                said.append(f"unknown option {option_id!r}" + (f"; did you mean {hint!r}?" if hint else ""))
            elif not option.is_variant:
                said.append(f"option {option_id!r} is no variant (it has no plain value)")
        if not combination.pairs():
            said.append("names no two options to be played together")
        if not combination.citations and not combination.interpretation:
            said.append("gives neither the sources' words nor an interpretation")
        if combination.interpretation and combination.interpretation not in register.interpretations:
            said.append(f"unknown interpretation {combination.interpretation!r}")
        if not combination.meaning.strip():
            said.append("says nothing of how they are played together (meaning)")
        for pair in combination.pairs():
            first, second = sorted(pair)
            if first in register.options and second in register.options:
                one, two = register.options[first], register.options[second]
                if all(second in v.excludes for v in _played(one)) or all(first in v.excludes for v in _played(two)):
                    said.append(f"{first} and {second} exclude each other, yet are recorded as played together")
        problems += [Problem(file, line, f"combination {label}: {message}") for message in said]
    for first, second in undescribed_pairs(register):
        message = (
            f"{first} and {second} may be played together, but no source describes them together: "
            f"exclude one from the other (excludes), or record the combination with the sources' words or "
            f"a labelled reading ([[combination]])"
        )
        problems.append(Problem(file, _where(register, file, f'"{first}"'), message))
    return problems


def _toml_list(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


# ---------------------------------------------------------------------- claim readings that cannot fail

GAME_KEYS = ("players", "hands-dealt", "tables", "profile")
"""The figures of a reading's ``given`` that place it in the game: a table, the hands dealt, or
a profile's rules. A reading that names none is settled by the figures it is given alone."""


def _no_spread(evidence: object) -> list[str]:
    """The names of the figures in ``evidence`` measured on a sample (``mean``, ``low``, ``high``
    and ``n``) whose interval has no width over more than one case: every case came out alike."""
    found: list[str] = []
    if isinstance(evidence, Mapping):
        if {"low", "high", "n"} <= set(evidence) and evidence["low"] == evidence["high"] and evidence["n"] > 1:
            return [""]
        for key, value in evidence.items():
            found += [f"{key}.{inner}".rstrip(".") for inner in _no_spread(value)]
    elif isinstance(evidence, list):
        for value in evidence:
            found += _no_spread(value)
    return found


def check_claim_readings(register: Register, claims: Mapping[str, Claim]) -> list[Problem]:
    """A claim's reading can fail: its `given` places it in the game (:data:`GAME_KEYS`), so
    that what it computes is the game's, not an identity of its own figures; and its finding is
    not judged on a sample in which every case came out alike (an interval of no width), which
    cannot show what the reading asks — such a finding is "not shown" (undetermined)."""
    from napspec.spec.claims import CLAIMS_FILE, EVIDENCE_FILE, load_evidence

    name = register._name(register.folder / CLAIMS_FILE)
    text = register.texts.get(name, "")
    problems: list[Problem] = []
    for claim in claims.values():
        for reading in claim.readings:
            if not any(key in reading.given for key in GAME_KEYS):
                line = line_of(text, re.escape(f'id = "{reading.id}"'))
                message = (
                    f"claim {claim.id!r}, reading {reading.id!r}: its figures name no table, hands dealt or profile "
                    f"({', '.join(GAME_KEYS)}), so it is settled by the figures it is given and cannot fail"
                )
                problems.append(Problem(name, line, message))
    try:
        findings = load_evidence(register.folder)
    except (RegisterError, ValueError, KeyError, TypeError):
        return problems  # reported with the evidence
    evidence_name = register._name(register.folder / EVIDENCE_FILE)
    for claim_id, readings in findings.items():
        for reading_id, finding in readings.items():
            flat = _no_spread(finding.evidence)
            if finding.holds is not None and flat:
                message = (
                    f"claim {claim_id!r}, reading {reading_id!r}: judged {'true' if finding.holds else 'false'} on "
                    f"{', '.join(flat)}, whose every case came out alike (an interval of no width): such a sample "
                    f"cannot show what the reading asks; its finding is not shown (undetermined)"
                )
                problems.append(Problem(evidence_name, None, message))
    return problems
