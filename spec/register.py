"""The rule register: rules, variation points, interpretations and profiles, as typed data.

Everything napspec says about the rules of Nap is read from the TOML files beside this
module; this module turns them into frozen objects (the entries of
:mod:`napspec.spec.entries`, read with :mod:`napspec.spec.toml_tables`) and checks that they
hold together (:meth:`Register.problems`).

>>> from napspec.spec import load
>>> register = load()
>>> register.profile_values("wikipedia")["cut-minimum"]
4
>>> register.options["deal-pattern"].value("three-then-two").citations[0].source
'wikipedia'
>>> sorted(register.profiles)
['britannica', 'hoyle', 'peel', 'wikipedia']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from napspec.spec.entries import (
    AMOUNT_KINDS,
    BOUND_KINDS,
    INTERPRETATION_KINDS,
    NUMBER_KINDS,
    OPTION_TYPES,
    PACK_AMOUNT_TABLES,
    PROFILE_IDS,
    SPEC_DIR,
    Chapter,
    Citation,
    Combination,
    Interpretation,
    IntRange,
    Option,
    OptionBound,
    OptionValue,
    OptionValueType,
    Problem,
    Profile,
    ProfileChoice,
    Rule,
    profile_ids,
    value_id,
)
from napspec.spec.errors import LocatorError, RegisterError, UnknownProfile, UnknownVariant
from napspec.spec.toml_tables import line_of, nearest, read_citations, read_profile_choices, read_toml, required_field
from napspec.spec.transcriptions import Lacuna, Source, load_source


class Register:
    """The whole register, loaded from a spec folder.

    Use :func:`napspec.spec.load` for the project's own register (cached); construct one
    directly to check another folder.
    """

    def __init__(self, folder: Path = SPEC_DIR) -> None:
        self.folder = folder
        self.texts: dict[str, str] = {}
        self.profile_ids = profile_ids(folder)
        self.sources_file = self._name(folder / "sources.toml")
        self.variations_file = self._name(folder / "variations.toml")
        self.interpretations_file = self._name(folder / "interpretations.toml")
        self.rules_folder = self._name(folder / "rules")
        self.sources = self._load_sources()
        self.chapters, self.rules = self._load_rules()
        self.options = self._load_options()
        self.combinations = tuple(
            Combination(
                options=tuple(entry.get("options", ())),
                meaning=entry.get("meaning", ""),
                together=tuple(entry.get("together", ())),
                citations=read_citations(entry.get("citation", [])),
                interpretation=entry.get("interpretation", ""),
            )
            for entry in read_toml(folder / "variations.toml").get("combination", [])
        )
        """Variants played together that a source describes, or a labelled reading allows."""
        self.interpretations = self._load_interpretations()
        self.profiles = self._load_profiles()

    # ------------------------------------------------------------------ loading

    def _remember(self, path: Path) -> dict[str, Any]:
        self.texts[self._name(path)] = path.read_text(encoding="utf-8")
        return read_toml(path)

    def _name(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.folder.parent))
        except ValueError:
            return str(path)

    def _load_sources(self) -> dict[str, Source]:
        path = self.folder / "sources.toml"
        data = self._remember(path)
        sources: dict[str, Source] = {}
        for entry in required_field(data, "source", path, "sources.toml"):
            try:
                sources[entry["id"]] = load_source(entry, self.folder / "sources")
            except (KeyError, LocatorError, OSError) as error:
                raise RegisterError(str(path), None, f"source {entry.get('id')!r}: {error}") from error
        return sources

    def _load_rules(self) -> tuple[dict[str, Chapter], dict[str, Rule]]:
        chapters: dict[str, Chapter] = {}
        rules: dict[str, Rule] = {}
        for path in sorted((self.folder / "rules").glob("*.toml")):
            data = self._remember(path)
            head = required_field(data, "chapter", path, "file")
            ids = []
            for entry in data.get("rule", []):
                rule_id = required_field(entry, "id", path, "rule")
                rule = Rule(
                    id=rule_id,
                    chapter=head["id"],
                    title=required_field(entry, "title", path, rule_id),
                    statement=required_field(entry, "statement", path, rule_id).strip(),
                    citations=read_citations(entry.get("citation", [])),
                    options=tuple(entry.get("options", ())),
                    interpretations=tuple(entry.get("interpretations", ())),
                    applies_to=tuple(entry.get("applies-to", self.profile_ids)),
                    testable=bool(entry.get("testable", True)),
                    untestable_because=entry.get("untestable-because", ""),
                    numbers=self._numbers(path, rule_id, entry),
                    lacunae=tuple(entry.get("lacunae", ())),
                    essential=self._flag(path, rule_id, entry, "essential"),
                )
                if rule_id in rules:
                    raise RegisterError(self._name(path), self._line(path, rule_id), f"duplicate rule id {rule_id!r}")
                rules[rule_id] = rule
                ids.append(rule_id)
            chapters[head["id"]] = Chapter(
                id=head["id"],
                order=int(head["order"]),
                title=head["title"],
                rule_prefix=head["rule-prefix"],
                intro=head.get("intro", "").strip(),
                rules=tuple(ids),
                file=self._name(path),
            )
        return dict(sorted(chapters.items(), key=lambda item: item[1].order)), rules

    def _load_options(self) -> dict[str, Option]:
        path = self.folder / "variations.toml"
        data = self._remember(path)
        options: dict[str, Option] = {}
        for entry in data.get("option", []):
            option_id = required_field(entry, "id", path, "option")
            values = tuple(
                OptionValue(
                    value=required_field(v, "value", path, option_id),
                    meaning=required_field(v, "meaning", path, option_id),
                    citations=read_citations(v.get("citation", [])),
                    interpretation=v.get("interpretation", ""),
                    amounts=self._amounts(path, option_id, v),
                    requires=tuple(v.get("requires", ())),
                    excludes=tuple(v.get("excludes", ())),
                    words=v.get("words", ""),
                    read=dict(v.get("read", {})),
                )
                for v in entry.get("value", [])
            )
            options[option_id] = Option(
                id=option_id,
                chapter=required_field(entry, "chapter", path, option_id),
                title=required_field(entry, "title", path, option_id),
                question=entry.get("question", ""),
                type=required_field(entry, "type", path, option_id),
                rules=tuple(entry.get("rules", ())),
                values=values,
                silent=dict(entry.get("silent", {})),
                lacuna=dict(entry.get("lacuna", {})),
                range=self._range(path, option_id, entry),
                plain=entry.get("plain"),
                bound=self._bound(path, option_id, entry),
            )
        return options

    def number(self, kind: str) -> int:
        """The number of ``kind`` (:data:`NUMBER_KINDS`) that a rule states.

        >>> from napspec.spec import load
        >>> load().number("cards-each")
        5
        """
        for rule in self.rules.values():
            if kind in rule.numbers:
                return rule.numbers[kind]
        raise KeyError(f"no rule states a number {kind!r}")

    def _numbers(self, path: Path, rule_id: str, entry: Mapping[str, Any]) -> dict[str, int]:
        """The ``numbers`` table of a rule: number kind → a whole number."""
        raw = entry.get("numbers", {})
        if not isinstance(raw, dict):
            message = f"{rule_id}: numbers must be a table of kind = number, not {raw!r}"
            raise RegisterError(self._name(path), self._line_after(path, rule_id, "numbers"), message)
        for kind, number in raw.items():
            if isinstance(number, bool) or not isinstance(number, int):
                message = f"{rule_id}: number {kind!r} must be a whole number, not {number!r}"
                raise RegisterError(self._name(path), self._line_after(path, rule_id, "numbers"), message)
        return dict(raw)

    def _flag(self, path: Path, rule_id: str, entry: Mapping[str, Any], key: str) -> bool:
        """A yes-or-no field of a rule (``essential = true``): absent is no, anything but a
        TOML boolean is an error of its file and line."""
        raw = entry.get(key, False)
        if not isinstance(raw, bool):
            message = f"{rule_id}: {key} must be true or false, not {raw!r}"
            raise RegisterError(self._name(path), self._line_after(path, rule_id, key), message)
        return raw

    def _amounts(self, path: Path, option_id: str, value: Mapping[str, Any]) -> dict[str, int]:
        """The ``amounts`` table of an option value: amount kind → a whole number."""
        raw = value.get("amounts", {})
        where = f"option {option_id!r} value {value.get('value')!r}"

        def problem(message: str) -> RegisterError:
            # The line is looked for only when there is something to report at it.
            line = self._line_after(path, option_id, "amounts", value.get("value"))
            return RegisterError(self._name(path), line, f"{where}: {message}")

        if not isinstance(raw, dict):
            raise problem(f"amounts must be a table of kind = number, not {raw!r}")
        for kind, amount in raw.items():
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise problem(f"amount {kind!r} must be a whole number, not {amount!r}")
        return dict(raw)

    def _bound(self, path: Path, option_id: str, entry: Mapping[str, Any]) -> OptionBound | None:
        """The ``bound`` of an int option: ``{ kind = "...", option = "...", note = "..." }``."""
        raw = entry.get("bound")
        if raw is None:
            return None
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
            raise RegisterError(
                self._name(path),
                self._line_after(path, option_id, "bound"),
                f"option {option_id!r}: bound must be a table with a kind, not {raw!r}",
            )
        return OptionBound(kind=raw["kind"], option=str(raw.get("option", "")), note=str(raw.get("note", "")))

    def _range(self, path: Path, option_id: str, entry: Mapping[str, Any]) -> IntRange | None:
        """The ``range`` of an option: ``{ min = ..., max = ..., note = "..." }``."""
        raw = entry.get("range")
        if raw is None:
            return None
        line = self._line_after(path, option_id, "range")
        if not isinstance(raw, dict):
            raise RegisterError(self._name(path), line, f"option {option_id!r}: range must be a table, not {raw!r}")
        bounds = []
        for key in ("min", "max"):
            bound = raw.get(key)
            if isinstance(bound, bool) or not isinstance(bound, int):
                raise RegisterError(
                    self._name(path), line, f"option {option_id!r}: range {key} must be a whole number, not {bound!r}"
                )
            bounds.append(bound)
        return IntRange(bounds[0], bounds[1], str(raw.get("note", "")))

    def _line_after(self, path: Path, owner: str, key: str, value: object = None) -> int | None:
        """The line of ``key = ...`` after the id line of ``owner`` (an option or a rule) in
        ``path`` (and after the line of its ``value``, when one is given), or else the id's line."""
        text = self.texts.get(self._name(path), "")
        start = self._line(path, owner)
        if start is None:
            return None
        if value is not None:
            literal = f'"{value}"' if isinstance(value, str) else str(value).lower()
            start = line_of(text, rf"^\s*value\s*=\s*{re.escape(literal)}\s*$", start - 1) or start
        return line_of(text, rf"^\s*{re.escape(key)}\s*=", start - 1) or start

    def _load_interpretations(self) -> dict[str, Interpretation]:
        path = self.folder / "interpretations.toml"
        data = self._remember(path)
        found: dict[str, Interpretation] = {}
        for entry in data.get("interpretation", []):
            interpretation_id = required_field(entry, "id", path, "interpretation")
            if interpretation_id in found:
                raise RegisterError(
                    self._name(path),
                    self._line(path, interpretation_id),
                    f"duplicate interpretation id {interpretation_id!r}",
                )
            found[interpretation_id] = Interpretation(
                id=interpretation_id,
                kind=required_field(entry, "kind", path, interpretation_id),
                sources=tuple(required_field(entry, "sources", path, interpretation_id)),
                question=required_field(entry, "question", path, interpretation_id),
                reading=required_field(entry, "reading", path, interpretation_id),
                reason=required_field(entry, "reason", path, interpretation_id),
            )
        return found

    def _load_profiles(self) -> dict[str, Profile]:
        profiles: dict[str, Profile] = {}
        # in the order of the sources (profile_ids), so that every list of profiles reads so
        for stem in self.profile_ids:
            path = self.folder / "profiles" / f"{stem}.toml"
            data = self._remember(path)
            head = required_field(data, "profile", path, "file")
            choices = read_profile_choices(required_field(data, "options", path, "file"), path)
            variants = {
                name: read_profile_choices(bundle, path) for name, bundle in dict(data.get("variants", {})).items()
            }
            profiles[head["id"]] = Profile(
                id=head["id"],
                source=head["source"],
                title=head["title"],
                summary=head.get("summary", ""),
                choices=choices,
                file=self._name(path),
                variants=variants,
            )
        return profiles

    def _line(self, path: Path | str, needle: str) -> int | None:
        text = self.texts.get(path if isinstance(path, str) else self._name(path), "")
        return line_of(text, re.escape(f'"{needle}"'))

    # ------------------------------------------------------------------ queries

    def profile(self, name: str) -> Profile:
        """The profile called ``name``; :class:`UnknownProfile` names the nearest one."""
        try:
            return self.profiles[name]
        except KeyError:
            hint = nearest(name, self.profiles)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            raise UnknownProfile(
                f"unknown profile {name!r}{suggestion} (profiles: {', '.join(sorted(self.profiles))})"
            ) from None

    def profile_values(self, name: str) -> dict[str, OptionValueType]:
        """Option id → value for a profile."""
        return self.profile(name).values()

    def variant_values(self, name: str, variants: Iterable[str]) -> dict[str, OptionValueType]:
        """Option id → value for a profile with some of the variants its source gives switched
        on (each variant's options, in the order given). :class:`UnknownVariant` names the
        variants the profile gives, or the variant given twice.

        >>> from napspec.spec import load
        >>> values = load().variant_values("hoyle", ["misery"])
        >>> values["misery"], load().profile_values("hoyle")["misery"]
        ('no-trumps', 'not-played')
        >>> load().variant_values("britannica", ["misery"])
        Traceback (most recent call last):
        ...
        napspec.spec.errors.UnknownVariant: the profile 'britannica' gives no variant 'misery' (it gives none)
        """
        profile = self.profile(name)
        values = profile.values()
        seen: set[str] = set()
        for variant in variants:
            bundle = profile.variants.get(variant)
            if bundle is None:
                given = ", ".join(profile.variants) or "none"
                hint = nearest(variant, profile.variants)
                suggestion = f"; did you mean {hint!r}?" if hint else ""
                message = f"the profile {name!r} gives no variant {variant!r} (it gives {given})"
                raise UnknownVariant(message + suggestion)
            if variant in seen:
                raise UnknownVariant(f"the variant {variant!r} is given twice")
            seen.add(variant)
            values.update({option: choice.value for option, choice in bundle.items()})
        return values

    def variant_names(self) -> tuple[str, ...]:
        """Every variant some profile gives, in the order of the register's options: each at
        the place of the last option its bundles switch on (Blücher, which needs Wellington,
        after Wellington), then of the first.

        >>> from napspec.spec import load
        >>> load().variant_names()
        ('misery', 'wellington', 'blucher', 'sir-garnet', 'seven-card', 'peep', 'purchase', 'pool', 'short-pack')
        """
        place = {option_id: index for index, option_id in enumerate(self.options)}
        last: dict[str, int] = {}
        first: dict[str, int] = {}
        for profile in self.profiles.values():
            for name, bundle in profile.variants.items():
                placed = [place[o] for o in bundle if o in place]
                last[name] = max([last.get(name, -1), *placed])
                first[name] = min([first.get(name, len(place)), *placed])
        # variants that end on the same option (Peep, Purchase and the pool all set the pool's
        # end) stand in the order of the first option each switches on
        return tuple(sorted(last, key=lambda name: (last[name], first[name], name)))

    def conflicts(self, values: Mapping[str, object]) -> list[str]:
        """What in an option map cannot be played together: a value whose ``requires`` names an
        option left at its plain value, or whose ``excludes`` names one that is played.

        >>> from napspec.spec import load
        >>> register = load()
        >>> register.conflicts(register.variant_values("wikipedia", ["seven-card"]))
        []
        >>> register.conflicts({**register.profile_values("wikipedia"), "blucher": "win-10-lose-20"})
        ["option 'blucher' = 'win-10-lose-20' needs option 'wellington' played, not 'not-played'"]
        """
        found: list[str] = []
        for option_id, value in values.items():
            option = self.options.get(option_id)
            if option is None or not option.allows(value):
                continue
            entry = option.value(value)  # type: ignore[arg-type]  # allows() checked the type
            for other in entry.requires:
                if other not in self.options:
                    continue  # napspec check reports the unknown name
                plain = self.options[other].plain
                if values.get(other) == plain:
                    found.append(f"option {option_id!r} = {value!r} needs option {other!r} played, not {plain!r}")
            for other in entry.excludes:
                if other not in self.options:
                    continue  # napspec check reports the unknown name
                plain = self.options[other].plain
                if other in values and values[other] != plain:
                    found.append(
                        f"option {option_id!r} = {value!r} excludes option {other!r} = {values[other]!r}"
                        f" (it must be {plain!r})"
                    )
        found += self.bound_problems(values)
        return found

    def bound_problems(self, values: Mapping[str, object]) -> list[str]:
        """What in an option map breaks a ``bound`` of an int option (:data:`BOUND_KINDS`).
        A bound whose options the map does not all give is not judged.

        >>> from napspec.spec import load
        >>> register = load()
        >>> register.bound_problems({**register.profile_values("hoyle"), "players-min": 6, "players-max": 3})
        ["option 'players-min' (6) exceeds option 'players-max' (3)"]
        >>> short = register.variant_values("wikipedia", ["short-pack"])
        >>> print(*register.bound_problems({**short, "cut-minimum": 15}))  # doctest: +ELLIPSIS
        option 'cut-minimum' (15) leaves fewer than 15 cards in the other packet of a pack of 28 (4 players, ...)
        """
        found: list[str] = []
        for option in self.options.values():
            value = values.get(option.id)
            bound = option.bound
            if bound is None or not isinstance(value, int) or isinstance(value, bool):
                continue
            if bound.kind == "option":
                other = values.get(bound.option)
                if isinstance(other, int) and not isinstance(other, bool) and value > other:
                    found.append(f"option {option.id!r} ({value}) exceeds option {bound.option!r} ({other})")
            elif bound.kind == "half-the-pack":
                packs = self.packs_in_play(values)
                if packs:
                    table, cards = min(packs.items(), key=lambda item: (item[1], item[0]))
                    if 2 * value > cards:
                        found.append(
                            f"option {option.id!r} ({value}) leaves fewer than {value} cards in the other packet"
                            f" of a pack of {cards} ({table} players, option 'pack' = {values.get('pack')!r})"
                        )
        return found

    def packs_in_play(self, values: Mapping[str, object]) -> dict[int, int]:
        """The cards of the pack in play at each table an option map allows (``players-min``
        to ``players-max``): the full pack's (rule number ``pack-cards``), or under a value of
        ``pack`` that states packs for some tables (:data:`PACK_AMOUNT_TABLES`), those tables'
        alone. Empty if the map does not give the table sizes and the pack.

        >>> from napspec.spec import load
        >>> register = load()
        >>> register.packs_in_play(register.variant_values("wikipedia", ["short-pack"]))
        {4: 28, 5: 36}
        >>> sorted(set(register.packs_in_play(register.profile_values("peel")).values()))
        [52]
        """
        least, most, pack = values.get("players-min"), values.get("players-max"), values.get("pack")
        option = self.options.get("pack")
        if not (isinstance(least, int) and isinstance(most, int)) or option is None or not option.allows(pack):
            return {}
        amounts = option.value(pack).amounts  # type: ignore[arg-type]  # allows() checked the type
        stated = {table: amounts[kind] for kind, table in PACK_AMOUNT_TABLES.items() if kind in amounts}
        if stated:
            return {table: cards for table, cards in stated.items() if least <= table <= most}
        full = self.number("pack-cards")
        return dict.fromkeys(range(least, most + 1), full)

    def lacunae(self) -> dict[str, Lacuna]:
        """Every lacuna of every source, by id.

        >>> from napspec.spec import load
        >>> load().lacunae()["peel-misery"].source
        'peel'
        """
        return {lacuna.id: lacuna for source in self.sources.values() for lacuna in source.lacunae}

    def rules_of(self, chapter: str) -> list[Rule]:
        return [self.rules[rule_id] for rule_id in self.chapters[chapter].rules]

    def citations(self) -> Iterable[tuple[str, str, Citation]]:
        """Every citation with the file and the owner (rule id or option=value) it belongs to."""
        for chapter in self.chapters.values():
            for rule_id in chapter.rules:
                for citation in self.rules[rule_id].citations:
                    yield chapter.file, rule_id, citation
        for option in self.options.values():
            for value in option.values:
                for citation in value.citations:
                    yield self.variations_file, f"{option.id}={value.value}", citation
        for combination in self.combinations:
            for citation in combination.citations:
                yield self.variations_file, " with ".join(combination.options + combination.together), citation

    # ------------------------------------------------------------------ checking

    def problems(self) -> list[Problem]:
        """Everything in the register that does not hold together (empty when sound)."""
        from napspec.spec.check import check_register

        return check_register(self)


@cache
def load() -> Register:
    """The project's own register, loaded once."""
    return Register(SPEC_DIR)


# What other modules import from here: the register's entries and the helpers of its files,
# kept under this module's name, the one they have always been imported by.
__all__ = [
    "AMOUNT_KINDS",
    "BOUND_KINDS",
    "INTERPRETATION_KINDS",
    "NUMBER_KINDS",
    "OPTION_TYPES",
    "PACK_AMOUNT_TABLES",
    "PROFILE_IDS",
    "SPEC_DIR",
    "Chapter",
    "Citation",
    "Combination",
    "IntRange",
    "Interpretation",
    "Option",
    "OptionBound",
    "OptionValue",
    "OptionValueType",
    "Problem",
    "Profile",
    "ProfileChoice",
    "Register",
    "Rule",
    "line_of",
    "load",
    "nearest",
    "profile_ids",
    "value_id",
]
