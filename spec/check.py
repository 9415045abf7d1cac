"""The register's consistency checks: quotes found, ids linked, every source accounted for.

``napspec check`` prints what :func:`check_register` finds; the tests require it to find
nothing.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from napspec.spec.errors import LocatorError
from napspec.spec.fidelity import (
    check_claim_readings,
    check_combinations,
    check_lost_answers,
    check_value_readings,
)

if TYPE_CHECKING:
    from napspec.spec.register import Citation, Profile, ProfileChoice, Register

from napspec.spec.register import (
    AMOUNT_KINDS,
    BOUND_KINDS,
    INTERPRETATION_KINDS,
    NUMBER_KINDS,
    OPTION_TYPES,
    Problem,
    line_of,
    nearest,
)


def check_register(register: Register) -> list[Problem]:
    problems: list[Problem] = []
    problems += _check_citations(register)
    problems += _check_rules(register)
    problems += _check_options(register)
    problems += _check_ranges(register)
    problems += _check_amounts(register)
    problems += check_value_readings(register)
    problems += _check_constraints(register)
    problems += _check_interpretations(register)
    problems += _check_profiles(register)
    problems += _check_citation_readings(register)
    problems += _check_copies(register)
    problems += _check_profile_labels(register)
    problems += _check_lacunae(register)
    problems += check_lost_answers(register)
    problems += check_combinations(register)
    problems += _check_claims(register)
    problems += _check_prose(register)
    return problems


def _check_claims(register: Register) -> list[Problem]:
    """The claims' quotes found at their locators, the claims well formed, and their evidence
    present and computed for the readings as they stand."""
    from napspec.spec.claims import CLAIMS_FILE, claim_problems, evidence_problems, load_claims

    claims = load_claims(register)
    file = register._name(register.folder / CLAIMS_FILE)
    problems: list[Problem] = []
    for claim in claims.values():
        for citation in claim.citations:
            problems += _check_citation(register, file, f"claim {claim.id}", citation)
    problems += check_claim_readings(register, claims)
    return problems + claim_problems(register, claims) + evidence_problems(register, claims)


#: The keys whose strings are our own prose, shown to readers (quotations are the sources').
PROSE_KEYS = frozenset(
    {"statement", "intro", "meaning", "question", "reading", "reason", "note", "summary", "what"}
    | {"untestable-because", "uncheckable-because", "title"}
)
#: A hyphenated word standing alone (not part of a dotted rule id or between backticks).
BARE_WORD = re.compile(r"(?<![\w.`-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w`-])")
TICKED_SPAN = re.compile(r"`[^`]*`")


def _prose(data: object, key: str = "") -> Iterator[str]:
    """Every string of our own prose in a parsed file of the register: the values of
    :data:`PROSE_KEYS`, and the notes of a source's silence or lacuna (keyed by the source)."""
    if isinstance(data, dict):
        for name, value in data.items():
            yield from _prose(value, "note" if key in ("silent", "lacuna") and isinstance(value, str) else name)
    elif isinstance(data, list):
        for item in data:
            yield from _prose(item, key)
    elif isinstance(data, str) and key in PROSE_KEYS:
        yield data


def _check_prose(register: Register) -> list[Problem]:
    """Prose names a variation point between backticks, to be shown by its title and its values
    in words; bare, its id would reach readers as it is. A variant named in its own words
    ("at seven-card Nap", its title) is prose, not an id."""
    problems: list[Problem] = []
    for file, text in register.texts.items():
        if not file.endswith(".toml"):
            continue
        for said in _prose(tomllib.loads(text)):
            for match in BARE_WORD.finditer(TICKED_SPAN.sub(lambda m: " " * len(m.group()), said)):
                option = register.options.get(match.group())
                if option is None or option.titled_at(said, match.start()):
                    continue
                context = " ".join(said[max(0, match.start() - 30) : match.end() + 10].split())
                line = _where(register, file, said[max(0, match.start() - 20) : match.end()].split("\n")[-1])
                message = f"{context!r} names variation point {option.id!r} bare: write it `{option.id}`"
                problems.append(Problem(file, line, message + ", to be shown by its title"))
    return problems


def _where(register: Register, file: str, needle: str) -> int | None:
    return line_of(register.texts.get(file, ""), re.escape(needle))


def _check_citation(register: Register, file: str, owner: str, citation: Citation) -> list[Problem]:
    line = _where(register, file, citation.quote[:40]) or _where(register, file, f'"{owner}"')
    source = register.sources.get(citation.source)
    if source is None:
        return [Problem(file, line, f"{owner}: unknown source {citation.source!r}")]
    try:
        if source.contains(citation.locator, citation.quote):
            return []
    except LocatorError as error:
        return [Problem(file, line, f"{owner}: {error}")]
    elsewhere = source.find(citation.quote)
    hint = f"; it stands at {', '.join(elsewhere)}" if elsewhere else "; it is not in the transcription"
    return [
        Problem(
            file,
            line,
            f"{owner}: quote not found at {citation.source} {citation.locator}{hint}: {citation.quote[:60]!r}",
        )
    ]


def _check_citations(register: Register) -> list[Problem]:
    problems: list[Problem] = []
    for file, owner, citation in register.citations():
        problems += _check_citation(register, file, owner, citation)
    return problems


def _check_rules(register: Register) -> list[Problem]:
    problems: list[Problem] = []
    for chapter in register.chapters.values():
        file = chapter.file
        for rule_id in chapter.rules:
            rule = register.rules[rule_id]
            line = _where(register, file, f'"{rule_id}"')

            def report(message: str) -> None:
                problems.append(Problem(file, line, f"{rule_id}: {message}"))

            if not rule_id.startswith(chapter.rule_prefix + "."):
                report(f"id does not start with the chapter's prefix {chapter.rule_prefix!r}")
            if not rule.citations:
                report("has no citation")
            if not rule.testable and not rule.untestable_because:
                report("testable = false needs untestable-because")
            for kind, number in rule.numbers.items():
                if kind not in NUMBER_KINDS:
                    hint = nearest(kind, NUMBER_KINDS)
                    suggestion = f"; did you mean {hint!r}?" if hint else ""
                    report(f"unknown number {kind!r}{suggestion} (numbers: {', '.join(NUMBER_KINDS)})")
                elif number < 1:
                    report(f"number {kind!r} must be at least 1, not {number}")
            for option_id in rule.options:
                option = register.options.get(option_id)
                if option is None:
                    report(f"unknown option {option_id!r}")
                elif rule_id not in option.rules:
                    report(f"names option {option_id!r}, whose `rules` do not name it back")
            for interpretation_id in rule.interpretations:
                if interpretation_id not in register.interpretations:
                    report(f"unknown interpretation {interpretation_id!r}")
            cited = {c.source for c in rule.citations}
            for profile_id in rule.applies_to:
                profile = register.profiles.get(profile_id)
                if profile is None:
                    report(f"applies to unknown profile {profile_id!r}")
                    continue
                covered = (
                    profile.source in cited
                    or bool(rule.options)
                    or any(
                        profile.source in register.interpretations[i].sources
                        for i in rule.interpretations
                        if i in register.interpretations
                    )
                )
                if not covered:
                    report(
                        f"applies to {profile_id!r} but cites no {profile.source!r} text, "
                        "depends on no option and names no interpretation covering it"
                    )
    for kind in NUMBER_KINDS:
        # The engine reads each number from the one rule that states it.
        stating = [rule for rule in register.rules.values() if kind in rule.numbers]
        if not stating:
            problems.append(Problem(register.rules_folder, None, f"no rule states the number {kind!r}"))
        for rule in stating[1:]:
            file = register.chapters[rule.chapter].file
            problems.append(
                Problem(
                    file,
                    _where(register, file, f'"{rule.id}"'),
                    f"{rule.id}: number {kind!r} is stated already by {stating[0].id}",
                )
            )
    for option in register.options.values():
        for rule_id in option.rules:
            if rule_id not in register.rules:
                problems.append(
                    Problem(
                        register.variations_file,
                        _where(register, register.variations_file, f'"{rule_id}"'),
                        f"option {option.id!r} names unknown rule {rule_id!r}",
                    )
                )
            elif option.id not in register.rules[rule_id].options:
                problems.append(
                    Problem(
                        register.variations_file,
                        _where(register, register.variations_file, f'"{rule_id}"'),
                        f"option {option.id!r} names rule {rule_id!r}, whose `options` do not name it back",
                    )
                )
    return problems


def _check_options(register: Register) -> list[Problem]:
    problems: list[Problem] = []
    file = register.variations_file
    for option in register.options.values():
        line = _where(register, file, f'"{option.id}"')

        def report(message: str) -> None:
            problems.append(Problem(file, line, f"option {option.id!r}: {message}"))

        expected = OPTION_TYPES.get(option.type)
        if expected is None:
            report(f"unknown type {option.type!r} (types: {', '.join(OPTION_TYPES)})")
        seen: list[object] = []
        for value in option.values:
            if expected is not None and type(value.value) is not expected:
                report(f"value {value.value!r} is not of type {option.type}")
            if any(type(s) is type(value.value) and s == value.value for s in seen):
                report(f"value {value.value!r} is listed twice")
            seen.append(value.value)
            if not value.citations and not value.interpretation:
                report(f"value {value.value!r} has neither a citation nor an interpretation")
            if value.interpretation and value.interpretation not in register.interpretations:
                report(f"value {value.value!r}: unknown interpretation {value.interpretation!r}")
            if not isinstance(value.words, str):
                report(f"value {value.value!r}: words must be a string, not {value.words!r}")
            elif isinstance(value.value, str) and not value.words.strip():
                # A named value's id is a key for files; readers are given words.
                report(f'value {value.value!r} has no words: give it words = "…", the few words readers see')
        phrases = [value.phrase for value in option.values if isinstance(value.words, str)]
        for phrase in sorted({p for p in phrases if phrases.count(p) > 1}):
            report(f"two values are put in the same words {phrase!r}")
        if option.chapter not in register.chapters:
            report(f"unknown chapter {option.chapter!r}")
        for source in register.sources:
            stance, _ = option.stance(source)
            if stance == "unaccounted":
                report(f"source {source!r} is neither cited under a value nor listed as silent or lacuna")
            cited = any(c.source == source for v in option.values for c in v.citations)
            if cited and (source in option.silent or source in option.lacuna):
                report(f"source {source!r} is cited and also listed as silent or lacuna")
        for source in list(option.silent) + list(option.lacuna):
            if source not in register.sources:
                report(f"unknown source {source!r} in silent/lacuna")
    return problems


def _check_ranges(register: Register) -> list[Problem]:
    """An int option states the numbers it may take; its cited values lie among them."""
    problems: list[Problem] = []
    file = register.variations_file
    for option in register.options.values():
        line = _where(register, file, f'"{option.id}"')
        limits = option.range
        if option.type != "int":
            if limits is not None:
                message = f"option {option.id!r}: a range is for int options, not {option.type}"
                problems.append(Problem(file, line, message))
            continue
        if limits is None:
            message = f"option {option.id!r}: an int option needs a range = {{ min = ..., max = ... }}"
            problems.append(Problem(file, line, message))
            continue
        problems += _bound_problems(register, option.id, line)
        if limits.minimum > limits.maximum:
            problems.append(
                Problem(file, line, f"option {option.id!r}: range min {limits.minimum} exceeds max {limits.maximum}")
            )
            continue
        for value in option.values:
            if isinstance(value.value, int) and not limits.minimum <= value.value <= limits.maximum:
                problems.append(
                    Problem(
                        file,
                        line,
                        f"option {option.id!r}: value {value.value} lies outside its range "
                        f"{limits.minimum} to {limits.maximum}",
                    )
                )
    return problems


def _bound_problems(register: Register, option_id: str, line: int | None) -> list[Problem]:
    """A bound is of a known kind, on an int option, and names another int option where its
    kind bounds by one."""
    bound = register.options[option_id].bound
    if bound is None:
        return []
    file = register.variations_file
    if bound.kind not in BOUND_KINDS:
        hint = nearest(bound.kind, BOUND_KINDS)
        message = f"option {option_id!r}: unknown bound kind {bound.kind!r}" + (
            f"; did you mean {hint!r}?" if hint else f" (kinds: {', '.join(BOUND_KINDS)})"
        )
        return [Problem(file, line, message)]
    if register.options[option_id].type != "int":
        return [Problem(file, line, f"option {option_id!r}: a bound is for int options")]
    if bound.kind == "option":
        other = register.options.get(bound.option)
        if other is None or other.type != "int" or bound.option == option_id:
            return [Problem(file, line, f"option {option_id!r}: bound names {bound.option!r}, not another int option")]
    elif bound.option:
        return [Problem(file, line, f"option {option_id!r}: a bound of kind {bound.kind!r} names no option")]
    return []


_NAMED_AMOUNT = re.compile(r"\b(win|lose)-(\d+)\b")


def _check_amounts(register: Register) -> list[Problem]:
    """The amounts of option values: known kinds, positive, Nap's win and lose together, and
    the same as the numbers a value's own name states (``win-10-lose-5``)."""
    problems: list[Problem] = []
    file = register.variations_file
    for option in register.options.values():
        line = _where(register, file, f'"{option.id}"')
        for value in option.values:
            amounts = value.amounts

            def report(message: str) -> None:
                problems.append(Problem(file, line, f"option {option.id!r} value {value.value!r}: {message}"))

            for kind, amount in amounts.items():
                if kind not in AMOUNT_KINDS:
                    hint = nearest(kind, AMOUNT_KINDS)
                    suggestion = f"; did you mean {hint!r}?" if hint else ""
                    report(f"unknown amount {kind!r}{suggestion} (amounts: {', '.join(AMOUNT_KINDS)})")
                elif amount < 1:
                    report(f"amount {kind!r} must be at least 1, not {amount}")
            if ("nap-win" in amounts) != ("nap-lose" in amounts):
                report("states nap-win and nap-lose together or neither")
            if isinstance(value.value, str):
                for word, number in _NAMED_AMOUNT.findall(value.value):
                    kind = f"nap-{word}" if f"nap-{word}" in amounts else word
                    stated = amounts.get(kind)
                    if stated != int(number):
                        report(f"its name says {word} {number}, its amounts say {kind} = {stated}")
    return problems


def _check_constraints(register: Register) -> list[Problem]:
    """The ``requires`` and ``excludes`` of option values name other variant options (those with
    a plain value, which is what "played" and "not played" are measured against), each once."""
    problems: list[Problem] = []
    file = register.variations_file
    for option in register.options.values():
        line = _where(register, file, f'"{option.id}"')
        for value in option.values:

            def report(message: str) -> None:
                problems.append(Problem(file, line, f"option {option.id!r} value {value.value!r}: {message}"))

            for key, named in (("requires", value.requires), ("excludes", value.excludes)):
                for other in named:
                    target = register.options.get(other)
                    if other == option.id:
                        report(f"{key} names its own option")
                    elif target is None:
                        hint = nearest(other, register.options)
                        suggestion = f"; did you mean {hint!r}?" if hint else ""
                        report(f"{key} names unknown option {other!r}{suggestion}")
                    elif not target.is_variant:
                        report(f"{key} names option {other!r}, which has no plain value to be played or not")
                if len(set(named)) != len(named):
                    report(f"{key} names an option twice")
            for other in sorted(set(value.requires) & set(value.excludes)):
                report(f"both requires and excludes option {other!r}")
            if option.is_variant and value.value == option.plain and (value.requires or value.excludes):
                report("the plain value requires or excludes nothing: it is the game without the variant")
    return problems


def _check_interpretations(register: Register) -> list[Problem]:
    problems: list[Problem] = []
    file = register.interpretations_file
    used: set[str] = set()
    for rule in register.rules.values():
        used.update(rule.interpretations)
    for option in register.options.values():
        used.update(v.interpretation for v in option.values if v.interpretation)
        used.update(c.interpretation for v in option.values for c in v.citations if c.interpretation)
    for profile in register.profiles.values():
        for _, choices in _choice_sets(profile):
            used.update(c.interpretation for c in choices.values() if c.interpretation)
    for combination in register.combinations:
        used.update(i for i in (combination.interpretation, *(c.interpretation for c in combination.citations)) if i)
    for interpretation in register.interpretations.values():
        line = _where(register, file, f'"{interpretation.id}"')
        if interpretation.kind not in INTERPRETATION_KINDS:
            problems.append(Problem(file, line, f"{interpretation.id}: unknown kind {interpretation.kind!r}"))
        for source in interpretation.sources:
            if source not in register.sources:
                problems.append(Problem(file, line, f"{interpretation.id}: unknown source {source!r}"))
        if interpretation.id not in used:
            problems.append(Problem(file, line, f"{interpretation.id}: not named by any rule, option value or profile"))
    return problems


def _check_profiles(register: Register) -> list[Problem]:
    problems: list[Problem] = []
    for profile in register.profiles.values():
        file = profile.file
        stem = file.rsplit("/", 1)[-1].removesuffix(".toml")
        if profile.id != stem:
            # The profiles are the files of the profiles folder: a profile is named by its file.
            message = f"profile id {profile.id!r} is not its file's name {stem!r}"
            problems.append(Problem(file, _where(register, file, f'"{profile.id}"'), message))

        def report(message: str, needle: str) -> None:
            problems.append(Problem(file, _where(register, file, needle), f"{profile.id}: {message}"))

        if profile.source not in register.sources:
            report(f"unknown source {profile.source!r}", "source")
        for option_id in register.options:
            if option_id not in profile.choices:
                report(f"gives no value for option {option_id!r}", "[options]")
        for option_id, choice in profile.choices.items():
            option = register.options.get(option_id)
            if option is not None and option.is_variant and choice.value != option.plain:
                # A profile is its source's plain game; a variant is played only by agreement
                # (interpretation variants-agreed-before-play), so it goes in a bundle.
                report(
                    f"{option_id} = {choice.value!r}: a profile plays the plain value {option.plain!r}; "
                    "give the variant under [variants.<name>]",
                    option_id,
                )
        for name, bundle in profile.variants.items():
            if not any(o in register.options and register.options[o].is_variant for o in bundle):
                report(f"variant {name!r} switches no variant option on", f"[variants.{name}]")
        for label, choices in _choice_sets(profile):
            _check_choices(register, profile, choices, report)
            values = {**profile.values(), **{o: c.value for o, c in choices.items()}}
            where = "[options]" if label == "options" else f"[variants.{label}]"
            for conflict in register.conflicts(values):
                report(f"{label}: {conflict}", where)
    return problems


def _choice_sets(profile: Profile) -> list[tuple[str, Mapping[str, ProfileChoice]]]:
    """The profile's option choices, then each variant bundle's, labelled for messages."""
    return [("options", profile.choices), *profile.variants.items()]


def _check_choices(
    register: Register,
    profile: Profile,
    choices: Mapping[str, ProfileChoice],
    report: Callable[[str, str], None],
) -> None:
    """Every choice names a known option and one of its values, grounded in the profile's source."""
    for option_id, choice in choices.items():
        option = register.options.get(option_id)
        if option is None:
            report(f"unknown option {option_id!r}", option_id)
            continue
        if not option.allows(choice.value):
            if option.accepts(choice.value):
                # A number of the range that no source gives: house rules may state it, a
                # profile, which stands for its source, may not.
                report(
                    f"{option_id} = {choice.value!r} is a value no source gives (uncited): house rules may "
                    "state it, a profile may not",
                    option_id,
                )
            else:
                report(f"option {option_id!r} has no value {choice.value!r}", option_id)
            continue
        value = option.value(choice.value)
        grounds = {c.source for c in value.citations}
        for interpretation_id in (value.interpretation, choice.interpretation):
            if not interpretation_id:
                continue
            interpretation = register.interpretations.get(interpretation_id)
            if interpretation is None:
                report(f"{option_id}: unknown interpretation {interpretation_id!r}", option_id)
            else:
                grounds.update(interpretation.sources)
        if profile.source not in grounds:
            report(
                f"{option_id} = {choice.value!r} is neither cited from {profile.source!r} "
                "nor grounded in an interpretation covering it",
                option_id,
            )


# ---------------------------------------------------------------------- labels and witnesses

COPY_MIN_WORDS = 8
"""A quotation this long found word for word in a source its own source copies is a copy."""


def _citation_line(register: Register, file: str, citation: Citation) -> int | None:
    """The line of ``citation`` in ``file``: its quote, under a ``source =`` line naming its source."""
    lines = register.texts.get(file, "").split("\n")
    head = citation.quote[:40]
    own = f'source = "{citation.source}"'
    fallback = None
    for number, line in enumerate(lines, start=1):
        if head in line:
            fallback = fallback or number
            if any(own in earlier for earlier in lines[max(0, number - 4) : number - 1]):
                return number
    return fallback


def _check_citation_readings(register: Register) -> list[Problem]:
    """A citation that bears on its claim only through a reading names a reading of its own source."""
    problems: list[Problem] = []
    for file, owner, citation in register.citations():
        if not citation.interpretation:
            continue
        line = _citation_line(register, file, citation)
        interpretation = register.interpretations.get(citation.interpretation)
        if interpretation is None:
            problems.append(Problem(file, line, f"{owner}: unknown interpretation {citation.interpretation!r}"))
        elif citation.source not in interpretation.sources:
            problems.append(
                Problem(
                    file,
                    line,
                    f"{owner}: interpretation {interpretation.id!r} is cited for {citation.source!r}, "
                    f"which it does not list (it lists {', '.join(interpretation.sources)})",
                )
            )
    return problems


def _check_copies(register: Register) -> list[Problem]:
    """Where a source repeats another word for word, its citations say so, and say it truly."""
    problems: list[Problem] = []
    for file, owner, citation in register.citations():
        source = register.sources.get(citation.source)
        if source is None:
            continue  # reported with the citations
        line = _citation_line(register, file, citation)
        if citation.copies:
            copied = register.sources.get(citation.copies)
            if copied is None or citation.copies == citation.source:
                message = f"{owner}: copies names {citation.copies!r}, not another known source"
                problems.append(Problem(file, line, message))
            elif citation.copies not in source.copies:
                problems.append(
                    Problem(
                        file,
                        line,
                        f"{owner}: {citation.source!r} is not recorded in sources.toml as copying "
                        f"{citation.copies!r} (its `copies` list)",
                    )
                )
            elif not copied.find(citation.quote):
                problems.append(
                    Problem(file, line, f"{owner}: the quote does not stand word for word in {citation.copies!r}")
                )
            continue
        if len(citation.quote.split()) < COPY_MIN_WORDS:
            continue
        for other in source.copies:
            places = register.sources[other].find(citation.quote) if other in register.sources else ()
            if places:
                problems.append(
                    Problem(
                        file,
                        line,
                        f"{owner}: the {citation.source!r} quote stands word for word in {other!r} "
                        f"({', '.join(places)}); say copies = {other!r}",
                    )
                )
    return problems


def _profile_line(register: Register, file: str, option_id: str, variant: str | None = None) -> int | None:
    """The line of ``option_id = ...`` in a profile: in ``[options]``, or in ``[variants.NAME]``."""
    text = register.texts.get(file, "")
    start = line_of(text, rf"^\s*\[variants\.{re.escape(variant)}\]") if variant else None
    return line_of(text, rf"^\s*{re.escape(option_id)}\s*=", (start or 1) - 1)


def _check_profile_labels(register: Register) -> list[Problem]:
    """Every profile value is stated by the profile's own source or labelled with a reading of it.

    A value counts as stated when the source is cited for it by a quotation that needs no
    interpretation, and for no other value of the option; otherwise the profile's choice
    names an interpretation (its own or the value's), and that interpretation lists the
    profile's source.
    """
    problems: list[Problem] = []
    for profile in register.profiles.values():
        for bundle, choices in _choice_sets(profile):
            problems += _check_labels(register, profile, bundle, choices)
    return problems


def _check_labels(
    register: Register, profile: Profile, bundle: str, choices: Mapping[str, ProfileChoice]
) -> list[Problem]:
    """The labels of one set of a profile's choices (see :func:`_check_profile_labels`)."""
    problems: list[Problem] = []
    file = profile.file
    source = profile.source
    for option_id, choice in choices.items():
        option = register.options.get(option_id)
        if option is None or not option.allows(choice.value):
            continue  # reported by _check_profiles
        value = option.value(choice.value)
        line = _profile_line(register, file, option_id, None if bundle == "options" else bundle)

        def report(message: str) -> None:
            problems.append(Problem(file, line, f"{profile.id}: {option_id} = {choice.value!r} {message}"))

        label = choice.interpretation or value.interpretation
        if label:
            interpretation = register.interpretations.get(label)
            if interpretation is not None and source not in interpretation.sources:
                report(
                    f"is labelled with interpretation {label!r}, which does not list {source!r} "
                    f"(it lists {', '.join(interpretation.sources)})"
                )
            continue
        own = [c for c in value.citations if c.source == source]
        plain = [c for c in own if not c.interpretation]
        others = [
            v.value
            for v in option.values
            if v is not value
            and any(c.source == source for c in v.citations)
            # In a variant bundle the plain value is what the variant departs from, not a rival reading.
            and not (bundle != "options" and v.value == option.plain)
        ]
        if own and not plain:
            readings = ", ".join(sorted({c.interpretation for c in own}))
            report(f"is cited from {source!r} only through interpretation {readings}; the profile must name it")
        elif plain and others:
            listed = ", ".join(repr(v) for v in [value.value, *others])
            report(
                f"is one of several values {source!r} is cited for ({listed}); "
                "the choice between them must name an interpretation"
            )
    return problems


# ---------------------------------------------------------------------- lacunae


def _check_lacunae(register: Register) -> list[Problem]:
    """Lacunae have one id each; the words after which a missing text would stand are in the
    copy, at the lacuna's place; a rule names only known lacunae."""
    problems: list[Problem] = []
    sources_file = register.sources_file
    seen: set[str] = set()
    for source in register.sources.values():
        for lacuna in source.lacunae:
            line = _where(register, sources_file, f'"{lacuna.id}"')
            if lacuna.id in seen:
                problems.append(Problem(sources_file, line, f"lacuna {lacuna.id!r} is recorded twice"))
            seen.add(lacuna.id)
            if lacuna.after and source.lacuna_place(lacuna) is None:
                try:
                    source.span(lacuna.locator)
                    where = f"at {source.id} {lacuna.locator}"
                except LocatorError:
                    where = f"in the copy of {source.id}"
                message = f"lacuna {lacuna.id!r}: its `after` words are not found {where}: {lacuna.after[:60]!r}"
                problems.append(Problem(sources_file, line, message))
    known = register.lacunae()
    for rule in register.rules.values():
        file = register.chapters[rule.chapter].file
        for lacuna_id in rule.lacunae:
            if lacuna_id not in known:
                hint = nearest(lacuna_id, known)
                suggestion = f"; did you mean {hint!r}?" if hint else ""
                message = f"{rule.id}: unknown lacuna {lacuna_id!r}{suggestion} (lacunae are listed in sources.toml)"
                problems.append(Problem(file, _where(register, file, f'"{rule.id}"'), message))
    return problems
